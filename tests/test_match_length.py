"""Matches linear in their length (issue 30): the dealers carried forward, and honest records.

A :class:`~frenchtarot.match.Match` carries its dealers and its count of scored deals from
deal to deal (:class:`~frenchtarot.match.Progress`) instead of working them out again from
every earlier deal. These tests check that what it carries is what the rules say, against a
computation of their own (the dealer moves on after every deal, or with a dead player only
after a scored one), over annulled deals, petit secs, dead-player tables and long matches;
that it stays out of the match's value; and that a match record whose hands are not the
ones its seed deals is refused. Speed is shown by ``benchmarks/records.py``, never here.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import records
from frenchtarot.actions import Bid, Contract, Pass
from frenchtarot.errors import RecordError
from frenchtarot.match import Match, Progress, deal_seed, iter_dealers, new_match

TABLES = [(3, False), (4, False), (5, False), (5, True)]
"""Every kind of table: three, four and five players, and five with a dead player."""

REASON = (
    "the hands and the dog are not the ones the match's seed deals for this deal (its seed is "
    "derived from $.seed and the deal's number, annulled deals counted)"
)


def expected_dealers(match: Match) -> tuple[int, ...]:
    """The dealers of ``match`` by counting: deal ``k`` is dealt by the first dealer moved on
    ``k`` places, or with a dead player by as many places as deals scored before it."""
    deals = len(match.deals) + (match.current is not None)
    dealers = []
    scored_before = 0
    for number in range(deals):
        moves = scored_before if match.dead_player else number
        dealers.append((match.first_dealer + moves) % match.players)
        if number < len(match.deals):
            scored_before += match.deals[number].annulment is None
    return tuple(dealers)


def scored(match: Match) -> Match:
    """The match after the current deal is played out: the first speaker takes a Petite."""
    assert match.current is not None
    state = ft.apply(match.current, Bid(Contract.PETITE))
    while state.current is not None:
        state = ft.apply(state, ft.legal_actions(state)[-1])
    return match.update(state)


def passed(match: Match) -> Match:
    """The match after everyone passes in the current deal (an annulled deal)."""
    assert match.current is not None
    for _ in range(match.rules.seats):
        match = match.apply(Pass())
    return match


def acted(match: Match, step: str) -> Match:
    """The match after one step of a script: ``S`` a scored deal, ``A`` an annulled one."""
    return scored(match) if step == "S" else passed(match)


def check_dealers(match: Match) -> None:
    """Everything that says who deals agrees with counting, deal by deal."""
    dealers = expected_dealers(match)
    assert match.dealers() == dealers
    annulled = [deal.annulment is not None for deal in match.deals]
    old = tuple(iter_dealers(match.first_dealer, match.players, annulled, match.dead_player))
    assert match.dealers() == (old if match.current is not None else old[:-1])
    for number, dealer in enumerate(dealers):
        seats = match.players_of(number)
        if match.dead_player:
            assert seats == tuple((dealer + 1 + seat) % 5 for seat in range(4))
            assert dealer not in seats
        else:
            assert seats == tuple(range(match.players))
        state = match.deals[number] if number < len(match.deals) else match.current
        assert state is not None
        assert state.dealer == (3 if match.dead_player else dealer)
    with pytest.raises(ft.InvalidSeatError):
        match.players_of(len(dealers))
    if match.current is None:
        assert match.dealer is None
    else:
        assert match.dealer == dealers[-1]
    sheet_dealers = [row.dealer for row in match.sheet.rows]
    assert sheet_dealers == [
        dealer
        for dealer, deal in zip(dealers, match.deals, strict=False)
        if deal.annulment is None
    ]
    assert len(match.scored) == len(match.sheet.rows)
    assert f"{len(match.scored)} deals scored" in repr(match)


@pytest.mark.parametrize(
    ("players", "dead", "first", "script"),
    [
        (3, False, 0, "S A A S A"),
        (3, False, 2, "A A A A A A S"),
        (4, False, 1, "S S A S A A S"),
        (4, False, 3, "A S A S"),
        (5, False, 4, "A S S A S A"),
        (5, True, 0, "S S S S S S"),
        (5, True, 1, "A A A S A S"),
        (5, True, 4, "S A S A A S A S"),
        (5, True, 2, "A A A A A A"),
    ],
)
def test_the_dealers_follow_the_rules_across_annulled_deals(
    players: int, dead: bool, first: int, script: str
) -> None:
    match = new_match(
        players, seed=7 * players + first, dealer=first, deals=None, dead_player=dead
    )
    check_dealers(match)
    for step in script.split():
        match = acted(match, step)
        check_dealers(match)
    assert len(match.deals) >= len(script.split())  # petit secs are dealt again too


@pytest.mark.parametrize(("players", "dead"), TABLES)
def test_a_match_that_ends_keeps_its_dealers(players: int, dead: bool) -> None:
    match = new_match(players, seed=players, dealer=1, deals=3, dead_player=dead)
    for step in "ASASS":
        match = acted(match, step)
    assert match.is_over and len(match.scored) == 3
    check_dealers(match)
    assert len(match.dealers()) == len(match.deals)


@pytest.mark.parametrize(("players", "dead"), [(4, False), (5, True)])
def test_a_long_match_deals_as_the_old_computation_said(players: int, dead: bool) -> None:
    """2,000 deals, almost all passed out (a deal in 97 scored): the dealers carried from
    deal to deal are those worked out from the start, at every hundredth deal and the end."""
    match = new_match(players, seed=2000, deals=None, dead_player=dead)
    while len(match.deals) < 2000:
        match = scored(match) if len(match.deals) % 97 == 96 else passed(match)
        if len(match.deals) % 100 == 0:
            annulled = [deal.annulment is not None for deal in match.deals]
            old = tuple(iter_dealers(match.first_dealer, players, annulled, dead))
            assert match.dealers() == old
    check_dealers(match)
    assert 10 <= len(match.scored) <= 30
    loaded = records.loads(records.dumps(match))
    assert loaded == match and isinstance(loaded, Match)
    assert loaded.dealers() == match.dealers() and loaded.sheet == match.sheet


def test_what_a_match_carries_is_derived_and_not_part_of_its_value() -> None:
    match = new_match(5, seed=3, dealer=2, deals=None, dead_player=True)
    for step in "ASAAS":
        match = acted(match, step)
    bare = attrs.evolve(match, _progress=None)
    assert bare == match and hash(bare) == hash(match)
    assert bare.dealers() == match.dealers() and repr(bare) == repr(match)
    assert passed(bare) == passed(match)
    for twin in (
        pickle.loads(pickle.dumps(match)),
        copy.copy(match),
        copy.deepcopy(match),
        records.loads(records.dumps(match)),
    ):
        assert isinstance(twin, Match)
        assert twin == match and hash(twin) == hash(match)
        assert twin.dealers() == match.dealers()
        assert acted(twin, "A") == acted(match, "A")
    # A match made from another one's fields does not trust what that one carried.
    shorter = attrs.evolve(match, deals=match.deals[:2])
    annulled = [deal.annulment is not None for deal in shorter.deals]
    assert shorter.dealers() == tuple(iter_dealers(2, 5, annulled, True))
    stale = Progress.of(2, 5, True, ())
    odd = attrs.evolve(match, _progress=stale)
    assert odd == match and odd.dealers() == match.dealers()


@given(
    table=st.sampled_from(TABLES),
    first=st.integers(min_value=0, max_value=4),
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    steps=st.lists(st.booleans(), max_size=8),
)
def test_the_dealers_of_any_script_are_counted_right(
    table: tuple[int, bool], first: int, seed: int, steps: list[bool]
) -> None:
    players, dead = table
    match = new_match(players, seed=seed, dealer=first % players, deals=None, dead_player=dead)
    for score in steps:
        match = scored(match) if score else passed(match)
    check_dealers(match)
    loaded = records.loads(records.dumps(match))
    assert loaded == match and isinstance(loaded, Match) and loaded.dealers() == match.dealers()


# Records whose hands do not come from their seed ---------------------------------------------


def match_record(players: int, dead: bool) -> dict[str, Any]:
    """A match record of three passed-out deals, a scored one and a deal in progress."""
    match = new_match(players, seed=11, dealer=0, deals=None, dead_player=dead)
    for step in "AASA":
        match = acted(match, step)
    match = match.apply(Pass())
    return records.encode(match)


def dealt_by(seed: int, dealer: int, rules: ft.Rules) -> dict[str, Any]:
    """The hands and the dog (as a record writes them) of the deal ``seed`` deals."""
    state = ft.new_deal(dealer=dealer, seed=seed, rules=rules)
    return {
        "hands": [[str(card) for card in hand] for hand in state.dealt],
        "dog": [str(card) for card in state.dog],
    }


def refused_at(record: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as caught:
        records.decode(record)
    assert caught.value.reason == REASON
    return caught.value.path


@pytest.mark.parametrize(("players", "dead"), TABLES)
def test_a_deal_dealt_from_another_seed_is_refused_with_its_path(players: int, dead: bool) -> None:
    record = match_record(players, dead)
    assert isinstance(records.decode(record), Match)
    rules = ft.FOUR_PLAYER if dead else ft.RULES_BY_SEATS[players]
    for number, deal in enumerate(record["deals"]):
        lying = copy.deepcopy(record)
        lying["deals"][number].update(dealt_by(12345 + number, deal["dealer"], rules))
        assert refused_at(lying) == f"$.deals[{number}].hands"
    lying = copy.deepcopy(record)
    lying["current"].update(dealt_by(999, record["current"]["dealer"], rules))
    assert refused_at(lying) == "$.current.hands"


@pytest.mark.parametrize(("players", "dead"), TABLES)
def test_two_deals_swapped_are_refused(players: int, dead: bool) -> None:
    """Two passed-out deals each dealt by the same seat (the dealer of a dead-player deal is
    always seat 3), their hands swapped: every action is still legal, the seed says no."""
    record = match_record(players, dead)
    deals = record["deals"]
    first, second = (0, 1) if dead else (0, players)
    if not dead:  # deal the same seat twice: ``players`` passed-out deals apart
        match = new_match(players, seed=11, dealer=0, deals=None)
        for _ in range(players + 1):
            match = passed(match)
        record = records.encode(match)
        deals = record["deals"]
    assert deals[first]["dealer"] == deals[second]["dealer"]
    assert all(len(deals[n]["moves"]) in (0, len(deals[n]["hands"])) for n in (first, second))
    lying = copy.deepcopy(record)
    for field in ("hands", "dog", "moves"):
        lying["deals"][first][field] = deals[second][field]
        lying["deals"][second][field] = deals[first][field]
    assert refused_at(lying) == f"$.deals[{first}].hands"


def test_the_seed_of_a_match_deals_its_hands() -> None:
    """The check is the match's own derivation: deal ``k`` from ``deal_seed(seed, k)``, and
    a record saying another seed is refused even where its hands are a valid deal."""
    record = match_record(4, False)
    loaded = records.decode(record)
    assert isinstance(loaded, Match)
    for number, deal in enumerate((*loaded.deals, loaded.current)):
        assert deal is not None
        fresh = ft.new_deal(dealer=deal.dealer, seed=deal_seed(11, number), rules=deal.rules)
        assert (deal.dealt, deal.dog) == (fresh.dealt, fresh.dog)
    other_seed = dict(record, seed=12)
    assert refused_at(other_seed) == "$.deals[0].hands"
    # A deal record has no seed: any deal loads, as before.
    alone: dict[str, Any] = {"format": records.FORMAT, "kind": "deal", "rules": "four-player"}
    alone |= dict(record["deals"][0], **dealt_by(4321, 0, ft.FOUR_PLAYER))
    assert isinstance(records.decode(alone), ft.State)


def test_the_error_shows_nothing_but_the_record() -> None:
    """The reason is the same words for every lie: no card of the hands the seed deals."""
    rng = random.Random(30)
    record = match_record(5, True)
    reasons = set()
    for _ in range(5):
        lying = copy.deepcopy(record)
        number = rng.randrange(len(record["deals"]))
        lying["deals"][number].update(
            dealt_by(rng.randrange(2**32), record["deals"][number]["dealer"], ft.FOUR_PLAYER)
        )
        with pytest.raises(RecordError) as caught:
            records.decode(lying)
        reasons.add(str(caught.value).split(": ", 1)[1])
    assert reasons == {REASON}
