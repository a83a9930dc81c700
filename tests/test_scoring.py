"""The score of a deal (:func:`frenchtarot.score`), checked through complete deals.

Three kinds of checks:

- an independent reference scorer (:func:`reference_score`), written from the rulebook and
  the project's DECISIONS and sharing no code with the library: it recomputes every
  trick winner, the cards each camp ends with (écart, dog, the Excuse exchange), the bouts,
  target, margin and bonuses, and must agree field by field with :func:`frenchtarot.score`
  on the golden deals and on thousands of random deals;
- targeted rules, each on a recorded golden deal (``tests/data/golden/``), with the numbers
  the rule predicts written out by hand;
- the behaviour around the score: annulled deals, unfinished deals, :func:`returns`,
  ``str(score)``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import Camp, Card, Contract, Phase, Score, State
from frenchtarot._core.tally import settle_half_point
from frenchtarot.scoring import HandfulBonus, PetitAuBout, SlamResult
from tests.test_golden import GOLDEN_DIR, GOLDEN_FILES, load, replay

EXCUSE = Card.parse("EX")
PETIT = Card.parse("T1")
TWENTY_ONE = Card.parse("T21")

TARGET_BY_BOUTS = {0: 56, 1: 51, 2: 41, 3: 36}
MULTIPLIER = {
    Contract.PETITE: 1,
    Contract.GARDE: 2,
    Contract.GARDE_SANS: 4,
    Contract.GARDE_CONTRE: 6,
}
HANDFUL_BONUS = {10: 20, 13: 30, 15: 40}


# --- The reference scorer --------------------------------------------------------------------


def trick_winner(leader: int, cards: tuple[Card, ...]) -> int:
    """The seat whose card wins a trick by the card-ranking rule (the Excuse never wins)."""
    seats = [(leader + position) % 4 for position in range(len(cards))]
    trumps = [(card.rank, seat) for card, seat in zip(cards, seats, strict=True) if card.is_trump]
    if trumps:
        return max(trumps)[1]
    led = next(card.suit for card in cards if not card.is_excuse)
    return max(
        (card.rank, seat) for card, seat in zip(cards, seats, strict=True) if card.suit == led
    )[1]


def winners(state: State) -> list[int]:
    """Every trick's winner, recomputed, with the slam exception for the Excuse."""
    taker = state.taker
    assert taker is not None
    leader = taker if state.slam else (state.dealer + 1) % 4
    found: list[int] = []
    for number, trick in enumerate(state.tricks):
        assert trick.leader == leader, f"trick {number} led by the wrong seat"
        winner = trick_winner(trick.leader, trick.cards)
        if number == 17 and EXCUSE in trick.cards:
            owner = trick.seat_of(EXCUSE)
            if all((earlier == taker) == (owner == taker) for earlier in found):
                winner = owner
        found.append(winner)
        leader = winner
    return found


def reference_score(state: State) -> Score:
    """The score of a finished deal, computed from the rules alone."""
    if state.phase is Phase.ANNULLED:
        return Score(
            annulment=state.annulment,
            taker=None,
            contract=None,
            taker_points=0.0,
            defence_points=0.0,
            bouts=0,
            target=0,
            made=False,
            margin=0,
            petit_au_bout=None,
            handfuls=(),
            slam=SlamResult(announced=False, made_by=None, value=0),
            unit=0,
            deltas=(0, 0, 0, 0),
        )
    taker, contract = state.taker, state.contract
    assert taker is not None and contract is not None
    assert len(state.tricks) == 18
    won = winners(state)
    taker_cards: list[Card] = list(state.discard)
    if contract is Contract.GARDE_SANS:
        taker_cards += state.dog
    adjustment = 0.0  # the half point the Excuse exchange moves
    for number, trick in enumerate(state.tricks):
        taker_won = won[number] == taker
        for card in trick.cards:
            if card is EXCUSE and number < 17:
                owner_is_taker = trick.seat_of(EXCUSE) == taker
                if owner_is_taker:
                    taker_cards.append(card)
                if owner_is_taker and not taker_won:
                    adjustment = -0.5  # the taker hands a half-point card to the defence
                elif taker_won and not owner_is_taker:
                    adjustment = 0.5  # the defence hands a half-point card to the taker
            elif taker_won:
                taker_cards.append(card)
    points = sum(card.points for card in taker_cards) + adjustment
    bouts = sum(card.is_bout for card in taker_cards)
    target = TARGET_BY_BOUTS[bouts]
    made = points >= target
    sign = 1 if made else -1
    margin = abs(points - target)
    assert margin == int(margin), "four-player points are whole"
    multiplier = MULTIPLIER[contract]

    # The Petit au bout: in the last trick, or in the one before when the slam camp's
    # Excuse took the last trick without the Petit in it.
    petit_au_bout = None
    number = 17
    last = state.tricks[17]
    if EXCUSE in last.cards and won[17] == last.seat_of(EXCUSE) and PETIT not in last.cards:
        number = 16
    if PETIT in state.tricks[number].cards:
        if won[number] == taker:
            petit_au_bout = PetitAuBout(Camp.ATTACK, 10 * multiplier)
        else:
            petit_au_bout = PetitAuBout(Camp.DEFENCE, -10 * multiplier)

    handfuls = tuple(
        HandfulBonus(h.seat, len(h.cards), sign * HANDFUL_BONUS[len(h.cards)])
        for h in state.handfuls
    )

    taker_won_all = all(winner == taker for winner in won)
    defence_won_all = all(winner != taker for winner in won)
    if taker_won_all:
        slam = SlamResult(state.slam, Camp.ATTACK, 400 if state.slam else 200)
    elif defence_won_all:
        slam = SlamResult(state.slam, Camp.DEFENCE, -200 - (200 if state.slam else 0))
    else:
        slam = SlamResult(state.slam, None, -200 if state.slam else 0)

    unit = (
        sign * (25 + int(margin)) * multiplier
        + (petit_au_bout.value if petit_au_bout else 0)
        + sum(h.value for h in handfuls)
        + slam.value
    )
    return Score(
        annulment=None,
        taker=taker,
        contract=contract,
        taker_points=points,
        defence_points=91 - points,
        bouts=bouts,
        target=target,
        made=made,
        margin=int(margin),
        petit_au_bout=petit_au_bout,
        handfuls=handfuls,
        slam=slam,
        unit=unit,
        deltas=tuple(3 * unit if seat == taker else -unit for seat in range(4)),
    )


def random_finished_deal(seed: int) -> State:
    """A deal from ``seed`` played to the end by uniformly random legal actions."""
    rng = random.Random(seed)
    state = ft.new_deal(dealer=seed % 4, seed=seed)
    while not state.is_terminal:
        actions = ft.legal_actions(state)
        state = ft.apply(state, actions[int(rng.random() * len(actions))])
    return state


def golden(name: str) -> State:
    return replay(load(GOLDEN_DIR / f"{name}.json"))


def check_invariants(state: State, score: Score) -> None:
    if score.annulment is not None:
        assert score.deltas == (0, 0, 0, 0)
        return
    assert score.taker_points + score.defence_points == 91
    assert score.taker_points == int(score.taker_points)
    assert sum(score.deltas) == 0
    taker = score.taker
    assert taker is not None and taker == state.taker
    for seat in range(4):
        if seat != taker:
            assert score.deltas[taker] == -3 * score.deltas[seat]
    assert score.target == TARGET_BY_BOUTS[score.bouts]
    assert score.made == (score.taker_points >= score.target)


# --- The reference agrees with the library ---------------------------------------------------


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=[path.stem for path in GOLDEN_FILES])
def test_reference_agrees_on_golden_deals(path: Path) -> None:
    state = replay(load(path))
    assert ft.score(state) == reference_score(state)


@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_deals_score_like_the_reference(seed: int) -> None:
    state = random_finished_deal(seed)
    score = ft.score(state)
    check_invariants(state, score)
    assert score == reference_score(state)


def test_thousands_of_random_deals() -> None:
    contracts: set[Contract | None] = set()
    outcomes: set[bool] = set()
    for seed in range(3000):
        state = random_finished_deal(seed)
        score = ft.score(state)
        check_invariants(state, score)
        assert score == reference_score(state), f"seed {seed}"
        contracts.add(score.contract)
        outcomes.add(score.made)
    # The sample reaches every contract, annulled deals, and both outcomes.
    assert contracts == {None, *Contract}
    assert outcomes == {True, False}


# --- Targets and margins ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "contract", "bouts", "points"),
    [
        ("exact-target-no-bout", Contract.PETITE, 0, 56),
        ("exact-target-one-bout", Contract.GARDE, 1, 51),
        ("exact-target-two-bouts", Contract.PETITE, 2, 41),
        ("exact-target-three-bouts", Contract.GARDE, 3, 36),
    ],
)
def test_exact_target_is_made_by_zero(
    name: str, contract: Contract, bouts: int, points: int
) -> None:
    score = ft.score(golden(name))
    assert (score.contract, score.bouts, score.taker_points) == (contract, bouts, points)
    assert score.target == points
    assert score.made and score.margin == 0
    # No other bonus in these deals: the unit is the bare contract, 25 x multiplier.
    assert score.petit_au_bout is None and score.handfuls == () and score.slam.value == 0
    assert score.unit == 25 * MULTIPLIER[contract]
    assert score.taker is not None
    assert score.deltas[score.taker] == 3 * 25 * MULTIPLIER[contract]


@pytest.mark.parametrize(
    ("name", "contract", "bouts", "points", "target"),
    [
        ("one-point-short", Contract.PETITE, 2, 40, 41),
        ("one-point-short-no-bout", Contract.GARDE, 0, 55, 56),
        ("ecart-points", Contract.GARDE, 1, 50, 51),
    ],
)
def test_one_point_short_is_lost_by_one(
    name: str, contract: Contract, bouts: int, points: int, target: int
) -> None:
    score = ft.score(golden(name))
    assert (score.contract, score.bouts, score.taker_points) == (contract, bouts, points)
    assert score.target == target
    assert not score.made and score.margin == 1
    assert score.petit_au_bout is None and score.handfuls == () and score.slam.value == 0
    assert score.unit == -(25 + 1) * MULTIPLIER[contract]


@pytest.mark.parametrize("bouts", [0, 1, 2, 3])
def test_each_bout_count_has_its_target(bouts: int) -> None:
    seen = False
    for path in GOLDEN_FILES:
        score = ft.score(replay(load(path)))
        if score.annulment is None and score.bouts == bouts:
            seen = True
            assert score.target == (56, 51, 41, 36)[bouts]
    assert seen


# --- Who owns the dog and the écart ----------------------------------------------------------


def points_in_tricks(state: State, taker_camp: bool) -> float:
    """The card points a camp won in tricks, after the Excuse exchange (4 / 0.5)."""
    taker = state.taker
    won = winners(state)
    total = 0.0
    for number, trick in enumerate(state.tricks):
        camp_won = (won[number] == taker) == taker_camp
        for card in trick.cards:
            if card is EXCUSE and number < 17:
                owner_in_camp = (trick.seat_of(card) == taker) == taker_camp
                if owner_in_camp:
                    total += 4.5 if camp_won else 4
                elif camp_won:
                    total += 0.5
            elif camp_won:
                total += card.points
    return total


def bouts_in_tricks(state: State, taker_camp: bool) -> int:
    """The bouts a camp took in tricks, the Excuse counted where the exchange leaves it."""
    taker = state.taker
    won = winners(state)
    count = 0
    for number, trick in enumerate(state.tricks):
        for card in trick.cards:
            if not card.is_bout:
                continue
            if card is EXCUSE and number < 17:
                holder_is_taker = trick.seat_of(card) == taker
            else:
                holder_is_taker = won[number] == taker
            count += holder_is_taker == taker_camp
    return count


def test_garde_sans_dog_counts_for_the_taker_with_its_bout() -> None:
    state = golden("garde-sans-bout-in-dog")
    score = ft.score(state)
    assert TWENTY_ONE in state.dog and state.discard == ()
    dog_points = sum(card.points for card in state.dog)
    assert dog_points == 4.5 + 4.5 + 3.5 + 3 * 0.5  # T21, KD, QC and three low spades
    assert score.taker_points == points_in_tricks(state, taker_camp=True) + dog_points
    assert bouts_in_tricks(state, taker_camp=True) == 1
    assert score.bouts == 2 and score.target == 41
    assert score.unit == (25 + score.taker_points - 41) * 4 > 0


def test_garde_sans_excuse_in_dog_is_a_bout_of_the_taker() -> None:
    state = golden("garde-sans-excuse-in-dog")
    score = ft.score(state)
    assert EXCUSE in state.dog
    assert all(EXCUSE not in trick.cards for trick in state.tricks)
    assert score.bouts == bouts_in_tricks(state, taker_camp=True) + 1 == 2
    assert score.taker_points == points_in_tricks(state, taker_camp=True) + sum(
        card.points for card in state.dog
    )


def test_garde_contre_dog_counts_for_the_defence() -> None:
    state = golden("garde-contre-bout-in-dog")
    score = ft.score(state)
    assert TWENTY_ONE in state.dog and state.discard == ()
    dog_points = sum(card.points for card in state.dog)
    assert dog_points == 4.5 + 4.5 + 4 * 0.5  # T21, KC and four low hearts
    assert score.taker_points == points_in_tricks(state, taker_camp=True)
    assert score.defence_points == points_in_tricks(state, taker_camp=False) + dog_points
    # The taker kept the Petit and the Excuse; the 21 in the dog is the defence's.
    assert score.bouts == bouts_in_tricks(state, taker_camp=True) == 2
    assert score.unit == (25 + score.taker_points - 41) * 6


@pytest.mark.parametrize(
    "name", ["ecart-points", "exact-target-two-bouts", "petit-au-bout-garde-taker-lost"]
)
def test_ecart_counts_for_the_taker(name: str) -> None:
    state = golden(name)
    score = ft.score(state)
    assert state.contract in (Contract.PETITE, Contract.GARDE)
    assert len(state.discard) == 6
    ecart = sum(card.points for card in state.discard)
    assert score.taker_points == points_in_tricks(state, taker_camp=True) + ecart


def test_ecart_of_queens_and_knights() -> None:
    state = golden("ecart-points")
    assert sum(card.points for card in state.discard) >= 14
    assert {"QS", "QH", "CS", "CH"} <= {str(card) for card in state.discard}


def test_defence_slam_leaves_the_taker_the_ecart_only() -> None:
    state = golden("defence-slam")
    score = ft.score(state)
    assert all(trick.winner != state.taker for trick in state.tricks)
    assert score.taker_points == sum(card.points for card in state.discard) == 5
    assert score.bouts == 0 and not score.made and score.margin == 51


# --- Petit au bout ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "contract", "camp", "made"),
    [
        ("petit-au-bout-petite-taker-made", Contract.PETITE, Camp.ATTACK, True),
        ("petit-au-bout-petite-defence-lost", Contract.PETITE, Camp.DEFENCE, False),
        ("petit-au-bout-garde-taker-lost", Contract.GARDE, Camp.ATTACK, False),
        ("petit-au-bout-garde-defence-made", Contract.GARDE, Camp.DEFENCE, True),
        ("petit-au-bout-garde-sans-taker-made", Contract.GARDE_SANS, Camp.ATTACK, True),
        ("petit-au-bout-garde-sans-defence-lost", Contract.GARDE_SANS, Camp.DEFENCE, False),
        ("petit-au-bout-garde-contre-taker-lost", Contract.GARDE_CONTRE, Camp.ATTACK, False),
        ("petit-au-bout-garde-contre-defence-made", Contract.GARDE_CONTRE, Camp.DEFENCE, True),
    ],
)
def test_petit_au_bout_is_signed_for_its_camp_whatever_the_outcome(
    name: str, contract: Contract, camp: Camp, made: bool
) -> None:
    state = golden(name)
    score = ft.score(state)
    last = state.tricks[-1]
    assert PETIT in last.cards
    assert (last.winner == state.taker) == (camp is Camp.ATTACK)
    assert score.contract is contract and score.made is made
    multiplier = MULTIPLIER[contract]
    bonus = 10 * multiplier if camp is Camp.ATTACK else -10 * multiplier
    assert score.petit_au_bout == PetitAuBout(camp, bonus)
    sign = 1 if made else -1
    assert score.handfuls == () and score.slam.value == 0
    assert score.unit == sign * (25 + score.margin) * multiplier + bonus


# --- Handfuls --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "shown", "made"),
    [
        ("defence-handful-taker-wins", [(2, 10)], True),
        ("defence-handful-taker-loses", [(1, 10)], False),
        ("both-handfuls", [(2, 10), (0, 10)], True),
        ("both-handfuls-taker-loses", [(3, 10), (1, 10)], False),
    ],
)
def test_handful_bonus_goes_to_the_winning_camp_whoever_showed_it(
    name: str, shown: list[tuple[int, int]], made: bool
) -> None:
    state = golden(name)
    score = ft.score(state)
    assert [(h.seat, h.size) for h in score.handfuls] == shown
    assert [(h.seat, len(h.cards)) for h in state.handfuls] == shown
    assert any(h.seat != state.taker for h in score.handfuls)  # a defender showed one
    assert score.made is made
    sign = 1 if made else -1
    assert [h.value for h in score.handfuls] == [sign * 20] * len(shown)
    multiplier = MULTIPLIER[score.contract] if score.contract else 0
    pab = score.petit_au_bout.value if score.petit_au_bout else 0
    assert score.unit == sign * (25 + score.margin) * multiplier + pab + sign * 20 * len(shown)


@pytest.mark.parametrize(
    ("name", "size", "bonus"),
    [
        ("both-handfuls", 10, 20),
        ("slam-announced-made-excuse-last", 13, 30),
        ("slam-announced-made-defence-keeps-excuse", 15, 40),
    ],
)
def test_handful_sizes_and_bonuses(name: str, size: int, bonus: int) -> None:
    score = ft.score(golden(name))
    taker_handful = [h for h in score.handfuls if h.seat == score.taker]
    assert [(h.size, h.value) for h in taker_handful] == [(size, bonus)]


def test_double_handful_may_show_the_excuse_with_every_trump() -> None:
    state = golden("slam-announced-made-excuse-last")
    (handful,) = state.handfuls
    assert EXCUSE in handful.cards and len(handful.cards) == 13
    assert sum(card.is_trump for card in handful.cards) == 12


# --- Slams -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "slam"),
    [
        ("slam-announced-made-excuse-last", SlamResult(True, Camp.ATTACK, 400)),
        ("slam-announced-made-defence-keeps-excuse", SlamResult(True, Camp.ATTACK, 400)),
        ("slam-announced-missed", SlamResult(True, None, -200)),
        ("slam-announced-missed-lost", SlamResult(True, None, -200)),
        ("slam-unannounced-made", SlamResult(False, Camp.ATTACK, 200)),
        ("slam-unannounced-excuse-last", SlamResult(False, Camp.ATTACK, 200)),
        ("defence-slam", SlamResult(False, Camp.DEFENCE, -200)),
        ("defence-slam-taker-keeps-excuse", SlamResult(False, Camp.DEFENCE, -200)),
        ("defence-slam-excuse-last", SlamResult(False, Camp.DEFENCE, -200)),
        ("defence-slam-after-announcement", SlamResult(True, Camp.DEFENCE, -400)),
    ],
)
def test_slam_bonus(name: str, slam: SlamResult) -> None:
    state = golden(name)
    score = ft.score(state)
    taker_tricks = sum(trick.winner == state.taker for trick in state.tricks)
    if slam.made_by is Camp.ATTACK:
        assert taker_tricks == 18
    elif slam.made_by is Camp.DEFENCE:
        assert taker_tricks == 0
    else:
        assert 0 < taker_tricks < 18
    assert state.slam is slam.announced
    assert score.slam == slam
    assert score.contract is not None
    sign = 1 if score.made else -1
    base = sign * (25 + score.margin) * MULTIPLIER[score.contract]
    pab = score.petit_au_bout.value if score.petit_au_bout else 0
    assert score.unit == base + pab + sum(h.value for h in score.handfuls) + slam.value


def test_announced_slam_gives_the_taker_the_lead() -> None:
    for name in ("slam-announced-missed", "defence-slam-after-announcement"):
        state = golden(name)
        assert state.dealer + 1 != state.taker  # the lead would otherwise be someone else's
        assert state.tricks[0].leader == state.taker


def test_missed_announced_slam_can_outweigh_a_made_contract() -> None:
    score = ft.score(golden("slam-announced-missed"))
    assert score.made and score.margin == 53 and score.contract is Contract.GARDE
    assert score.unit == (25 + 53) * 2 - 200 == -44


def test_kept_excuse_in_a_slam_is_worth_four_to_the_defence() -> None:
    """The rulebook's 87: the defence keeps its Excuse, the taker gets a half-point card."""
    state = golden("slam-announced-made-defence-keeps-excuse")
    score = ft.score(state)
    excuse_trick = next(t for t in state.tricks if EXCUSE in t.cards)
    assert excuse_trick.seat_of(EXCUSE) != state.taker
    assert excuse_trick.winner == state.taker
    assert excuse_trick is not state.tricks[-1]
    assert score.taker_points == 87 and score.defence_points == 4
    assert score.bouts == 2


def test_taker_keeps_its_excuse_without_winning_a_trick() -> None:
    state = golden("defence-slam-taker-keeps-excuse")
    score = ft.score(state)
    ecart = sum(card.points for card in state.discard)
    assert score.taker_points == ecart + 4
    assert score.bouts == 1


@pytest.mark.parametrize(
    ("name", "camp"),
    [
        ("slam-announced-made-excuse-last", Camp.ATTACK),
        ("slam-unannounced-excuse-last", Camp.ATTACK),
        ("defence-slam-excuse-last", Camp.DEFENCE),
    ],
)
def test_excuse_wins_the_last_trick_for_the_slam_camp_and_the_petit_before_is_au_bout(
    name: str, camp: Camp
) -> None:
    state = golden(name)
    score = ft.score(state)
    last, before = state.tricks[-1], state.tricks[-2]
    owner = last.seat_of(EXCUSE)
    assert last.winner == owner
    assert trick_winner(last.leader, last.cards) != owner  # it wins only by the exception
    assert PETIT in before.cards and PETIT not in last.cards
    assert score.contract is not None
    value = 10 * MULTIPLIER[score.contract]
    assert score.petit_au_bout == PetitAuBout(camp, value if camp is Camp.ATTACK else -value)
    if camp is Camp.ATTACK:
        assert score.taker_points == 91 and score.bouts == 3
    else:
        assert score.taker_points == 0 and score.bouts == 0


# --- The Excuse in the last trick, without a slam ----------------------------------------------


def test_taker_excuse_in_the_last_trick_goes_to_the_defence() -> None:
    state = golden("excuse-last-trick-taker-loses-it")
    score = ft.score(state)
    last = state.tricks[-1]
    assert last.seat_of(EXCUSE) == state.taker != last.winner
    # The taker won the 21 but lost the Excuse, so one bout and a target of 51.
    assert bouts_in_tricks(state, taker_camp=True) == score.bouts == 1
    assert any(TWENTY_ONE in t.cards and t.winner == state.taker for t in state.tricks)
    assert score.taker_points == points_in_tricks(state, taker_camp=True) + sum(
        card.points for card in state.discard
    )
    assert score.target == 51


def test_defender_excuse_in_the_last_trick_goes_to_the_taker() -> None:
    state = golden("excuse-last-trick-taker-gains-it")
    score = ft.score(state)
    last = state.tricks[-1]
    assert last.winner == state.taker != last.seat_of(EXCUSE)
    assert score.bouts == bouts_in_tricks(state, taker_camp=True) == 2
    assert score.target == 41


def test_excuse_kept_by_the_taker_counts_four_and_a_bout() -> None:
    state = golden("excuse-kept-by-taker")
    score = ft.score(state)
    trick = next(t for t in state.tricks if EXCUSE in t.cards)
    assert trick.seat_of(EXCUSE) == state.taker != trick.winner
    assert trick is not state.tricks[-1]
    assert score.bouts == 3


# --- Annulled and unfinished deals ------------------------------------------------------------


def all_pass(dealer: int, seed: int) -> State:
    state = ft.new_deal(dealer=dealer, seed=seed)
    for _ in range(4):
        state = ft.apply(state, ft.Pass())
    return state


ZERO_SCORE: dict[str, Any] = {
    "taker": None,
    "contract": None,
    "taker_points": 0,
    "defence_points": 0,
    "bouts": 0,
    "target": 0,
    "made": False,
    "margin": 0,
    "petit_au_bout": None,
    "handfuls": (),
    "slam": SlamResult(False, None, 0),
    "unit": 0,
    "deltas": (0, 0, 0, 0),
}


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_four_passes_score_zero_and_carry_the_annulment(dealer: int) -> None:
    state = all_pass(dealer, seed=11 + dealer)
    assert state.phase is Phase.ANNULLED
    score = ft.score(state)
    assert score.annulment == ft.Annulment(ft.AnnulReason.ALL_PASSED, None)
    for field, value in ZERO_SCORE.items():
        assert getattr(score, field) == value, field
    assert ft.returns(state) == (0, 0, 0, 0)
    assert "annulled" in str(score)


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_petit_sec_scores_zero_and_carries_the_annulment(seat: int) -> None:
    deck = [str(card) for card in ft.DECK]
    suits = deck[22:]
    others = [*deck[1:21], "EX", *suits[17:]]  # every trump but the Petit, the Excuse, the rest
    hands: list[list[str]] = [[], [], [], []]
    hands[seat] = ["T1", *suits[:17]]
    rest = iter(others)
    for other in range(4):
        if other != seat:
            hands[other] = [next(rest) for _ in range(18)]
    dog = list(rest)
    state = ft.deal_from(hands, dog, dealer=(seat + 2) % 4)
    score = ft.score(state)
    assert score.annulment == ft.Annulment(ft.AnnulReason.PETIT_SEC, seat)
    for field, value in ZERO_SCORE.items():
        assert getattr(score, field) == value, field
    assert ft.returns(state) == (0, 0, 0, 0)


def states_along(seed: int) -> list[State]:
    """Every state of a deal from ``seed``: the first seat bids Garde, the others pass, and
    the rest is played by random legal actions (so the deal goes through every phase)."""
    rng = random.Random(seed)
    state = ft.new_deal(seed=seed)
    if state.is_terminal:
        return [state]
    states = [state]
    for action in (ft.Bid(Contract.GARDE), ft.Pass(), ft.Pass(), ft.Pass()):
        state = ft.apply(state, action)
        states.append(state)
    while not state.is_terminal:
        actions = ft.legal_actions(state)
        state = ft.apply(state, actions[int(rng.random() * len(actions))])
        states.append(state)
    return states


def test_unfinished_deals_cannot_be_scored_and_return_zeros() -> None:
    states = states_along(3)
    assert states[-1].phase is Phase.DONE
    phases = set()
    for state in states[:-1]:
        phases.add(state.phase)
        with pytest.raises(ft.NotTerminalError):
            ft.score(state)
        assert ft.returns(state) == (0, 0, 0, 0)
    assert phases == {Phase.BIDDING, Phase.DISCARD, Phase.SLAM, Phase.PLAY}
    final = ft.score(states[-1])
    assert ft.returns(states[-1]) == final.deltas != (0, 0, 0, 0)


@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_returns_are_zero_until_the_end_then_the_deltas(seed: int) -> None:
    states = states_along(seed)
    for state in states[:-1]:
        assert ft.returns(state) == (0, 0, 0, 0)
    assert ft.returns(states[-1]) == ft.score(states[-1]).deltas


def test_not_terminal_error_is_a_tarot_error_and_a_value_error() -> None:
    with pytest.raises(ft.TarotError):
        ft.score(ft.new_deal(seed=5))
    with pytest.raises(ValueError):
        ft.score(ft.new_deal(seed=5))


# --- str(score) --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("exact-target-no-bout", ["seat 1", "petite", "made by 0", "0:-25 1:+75 2:-25 3:-25"]),
        ("one-point-short-no-bout", ["seat 0", "garde", "lost by 1", "0:-156 1:+52"]),
        ("garde-sans-bout-in-dog", ["seat 1", "garde_sans", "made", "1:+660"]),
        ("petit-au-bout-garde-contre-taker-lost", ["seat 2", "garde_contre", "lost", "2:-342"]),
    ],
)
def test_str_mentions_taker_contract_and_deltas(name: str, words: list[str]) -> None:
    text = str(ft.score(golden(name)))
    for word in words:
        assert word in text


@pytest.mark.parametrize(
    ("taker_half", "target", "made", "points"),
    [
        (81, 41, False, 40),  # 40.5 with two bouts: the half goes to the defence, lost by 1
        (83, 41, True, 42),  # 41.5 with two bouts: the half goes to the taker, made by 1
        (82, 41, True, 41),  # exactly the target: made by 0
        (80, 41, False, 40),
        (111, 56, False, 55),  # 55.5 without a bout
        (113, 56, True, 57),
        (71, 36, False, 35),
        (73, 36, True, 37),
    ],
)
def test_half_point_goes_to_the_winning_camp(
    taker_half: int, target: int, made: bool, points: int
) -> None:
    assert settle_half_point(taker_half, target) == (made, points)
