"""Golden deals: complete recorded deals replayed through the engine and scored.

Each file in ``tests/data/golden/`` is one JSON object describing a whole deal:

``name`` (str)
    The file's stem.
``description`` (str)
    What the deal shows, in a sentence.
``features`` (list of str, sorted)
    The scoring features the deal exercises, as :func:`features` names them. The test
    recomputes them from the replayed deal, so the list cannot drift from the data.
``dealer`` (int)
    The dealing seat.
``hands`` (4 lists of 18 card notations)
    What :func:`frenchtarot.deal_from` deals to seats 0 to 3.
``dog`` (list of 6 card notations)
    The dog.
``actions`` (list of str)
    Every action of the deal in order, each in the notation :func:`frenchtarot.parse_action`
    reads (``"garde"``, ``"discard 3S"``, ``"slam"``, ``"handful T1 T2 ..."``, ``"KH"``).
``expected`` (object)
    Every field of :class:`frenchtarot.Score`, by its attribute name:

    - ``annulment``: ``null`` or ``{"reason": <AnnulReason name>, "seat": <int or null>}``;
    - ``taker``: int or ``null``; ``contract``: a :class:`~frenchtarot.Contract` name or
      ``null``;
    - ``taker_points``, ``defence_points``: numbers; ``bouts``, ``target``, ``margin``,
      ``unit``: ints; ``made``: bool;
    - ``petit_au_bout``: ``null`` or ``{"camp": "ATTACK" | "DEFENCE", "value": int}``;
    - ``handfuls``: a list of ``{"seat": int, "size": int, "value": int}`` in the order shown;
    - ``slam``: ``{"announced": bool, "made_by": "ATTACK" | "DEFENCE" | null, "value": int}``;
    - ``deltas``: one int per seat, seat 0 first;
    - ``called``: the called card's notation or ``null``; ``partner``: int or ``null``.

The number of hands sets the table size (3, 4 or 5 seats).

Replaying a file must apply every action legally, end in a terminal state, and score exactly
the expected breakdown, field by field.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

import frenchtarot as ft
from frenchtarot import Card, Contract, Score, State
from frenchtarot.scoring import HandfulBonus, PetitAuBout, SlamResult

GOLDEN_DIR = Path(__file__).parent / "data" / "golden"
GOLDEN_FILES = sorted(GOLDEN_DIR.glob("*.json"))

EXCUSE = Card.parse("EX")

#: Every scoring feature the golden deals together must exercise.
REQUIRED_FEATURES = frozenset(
    {
        "contract-petite",
        "contract-garde",
        "contract-garde_sans",
        "contract-garde_contre",
        "made",
        "lost",
        "exact-target",
        "one-point-short",
        "bouts-0",
        "bouts-1",
        "bouts-2",
        "bouts-3",
        "bout-in-dog",
        "petit-au-bout-attack",
        "petit-au-bout-defence",
        "handful-taker",
        "handful-defence",
        "handful-10",
        "handful-13",
        "handful-15",
        "slam-announced-made",
        "slam-announced-missed",
        "slam-unannounced-made",
        "slam-defence",
        "excuse-kept-by-taker",
        "excuse-kept-by-defence",
        "excuse-lost-in-last-trick",
        "excuse-wins-last-trick",
        "annulled-petit_sec",
        "annulled-all_passed",
    }
)


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def replay(data: dict[str, Any]) -> State:
    """Deal the recorded hands and apply every recorded action, checking each is legal."""
    state = ft.deal_from(data["hands"], data["dog"], dealer=data["dealer"])
    for number, text in enumerate(data["actions"]):
        action = ft.parse_action(text)
        assert str(action) == text, f"action {number}: {text!r} is not in canonical notation"
        assert not state.is_terminal, f"action {number} ({text}) comes after the end"
        state = ft.apply(state, action)
    assert state.is_terminal, "the recorded actions stop before the end of the deal"
    return state


def expected_score(expected: dict[str, Any]) -> Score:
    """The :class:`Score` a golden file's ``expected`` object describes."""
    annulment = expected["annulment"]
    pab = expected["petit_au_bout"]
    slam = expected["slam"]
    return Score(
        annulment=None
        if annulment is None
        else ft.Annulment(ft.AnnulReason[annulment["reason"]], annulment["seat"]),
        taker=expected["taker"],
        contract=None if expected["contract"] is None else Contract[expected["contract"]],
        taker_points=expected["taker_points"],
        defence_points=expected["defence_points"],
        bouts=expected["bouts"],
        target=expected["target"],
        made=expected["made"],
        margin=expected["margin"],
        petit_au_bout=None if pab is None else PetitAuBout(ft.Camp[pab["camp"]], pab["value"]),
        handfuls=tuple(
            HandfulBonus(h["seat"], h["size"], h["value"]) for h in expected["handfuls"]
        ),
        slam=SlamResult(
            slam["announced"],
            None if slam["made_by"] is None else ft.Camp[slam["made_by"]],
            slam["value"],
        ),
        unit=expected["unit"],
        deltas=tuple(expected["deltas"]),
        called=None if expected["called"] is None else ft.Card.parse(expected["called"]),
        partner=expected["partner"],
        multiplier=expected["multiplier"],
    )


def features(state: State, score: Score) -> set[str]:
    """The scoring features a finished deal exercises (see :data:`REQUIRED_FEATURES`)."""
    if score.annulment is not None:
        return {f"annulled-{score.annulment.reason.name.lower()}"}
    assert score.contract is not None and score.taker is not None
    taker = score.taker
    found = {
        f"contract-{score.contract.name.lower()}",
        "made" if score.made else "lost",
        f"bouts-{score.bouts}",
    }
    if score.made and score.margin == 0:
        found.add("exact-target")
    if not score.made and score.margin == 1:
        found.add("one-point-short")
    if score.contract in (Contract.GARDE_SANS, Contract.GARDE_CONTRE) and any(
        card.is_bout for card in state.dog
    ):
        found.add("bout-in-dog")
    if score.petit_au_bout is not None:
        found.add(f"petit-au-bout-{score.petit_au_bout.camp.value}")
    for handful in score.handfuls:
        found.add("handful-taker" if handful.seat == taker else "handful-defence")
        found.add(f"handful-{handful.size}")
    slam = score.slam
    if slam.made_by is ft.Camp.ATTACK:
        found.add("slam-announced-made" if slam.announced else "slam-unannounced-made")
    elif slam.announced:
        found.add("slam-announced-missed")
    if slam.made_by is ft.Camp.DEFENCE:
        found.add("slam-defence")
    last = len(state.tricks) - 1
    for number, trick in enumerate(state.tricks):
        if EXCUSE in trick.cards:
            owner = trick.seat_of(EXCUSE)
            owner_camp = "taker" if owner == taker else "defence"
            if (owner == taker) == (trick.winner == taker):
                if number == last and trick.winner == owner:
                    found.add("excuse-wins-last-trick")
            elif number == last:
                found.add("excuse-lost-in-last-trick")
            else:
                found.add(f"excuse-kept-by-{owner_camp}")
    return found


def test_there_are_golden_deals() -> None:
    assert len(GOLDEN_FILES) >= 10


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=[path.stem for path in GOLDEN_FILES])
def test_golden_deal_scores_as_recorded(path: Path) -> None:
    data = load(path)
    assert data["name"] == path.stem
    expected = data["expected"]
    field_names = [field.name for field in attrs.fields(Score)]
    assert sorted(expected) == sorted(field_names), "the expected block must list every field"
    state = replay(data)
    got = ft.score(state)
    want = expected_score(expected)
    for name in field_names:
        assert getattr(got, name) == getattr(want, name), f"{path.stem}: field {name}"
    assert got == want
    assert ft.returns(state) == (want.deltas if state.phase is ft.Phase.DONE else (0, 0, 0, 0))


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=[path.stem for path in GOLDEN_FILES])
def test_golden_deal_lists_its_features(path: Path) -> None:
    data = load(path)
    state = replay(data)
    assert data["features"] == sorted(features(state, ft.score(state)))


def test_golden_deals_cover_every_scoring_feature() -> None:
    covered: set[str] = set()
    for path in GOLDEN_FILES:
        state = replay(load(path))
        covered |= features(state, ft.score(state))
    assert sorted(REQUIRED_FEATURES - covered) == []


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=[path.stem for path in GOLDEN_FILES])
def test_golden_expected_block_is_self_consistent(path: Path) -> None:
    """The recorded numbers obey the scoring rule among themselves (a check on the data)."""
    want = expected_score(load(path)["expected"])
    assert sum(want.deltas) == 0
    if want.annulment is not None:
        assert want.deltas == (0, 0, 0, 0) and want.unit == 0
        return
    assert want.contract is not None and want.taker is not None
    assert want.taker_points + want.defence_points == 91
    assert want.target == {0: 56, 1: 51, 2: 41, 3: 36}[want.bouts]
    assert want.made == (want.taker_points >= want.target)
    assert want.margin == abs(want.taker_points - want.target)
    sign = 1 if want.made else -1
    multiplier = {"PETITE": 1, "GARDE": 2, "GARDE_SANS": 4, "GARDE_CONTRE": 6}[want.contract.name]
    bonus = {10: 20, 13: 30, 15: 40}
    assert all(h.value == sign * bonus[h.size] for h in want.handfuls)
    pab = 0 if want.petit_au_bout is None else want.petit_au_bout.value
    assert pab in (0, 10 * multiplier, -10 * multiplier)
    assert want.unit == (
        sign * (25 + want.margin) * multiplier
        + pab
        + sum(h.value for h in want.handfuls)
        + want.slam.value
    )
    assert want.deltas == tuple(
        3 * want.unit if seat == want.taker else -want.unit for seat in range(4)
    )
