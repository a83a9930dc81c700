"""Fuzzing every public entry point: whatever it is given, only a ``TarotError`` comes out.

Hypothesis calls each public function and constructor with values of every type (and with
valid values now and then, so that the checks past the first one are reached too). Each
call must return or raise a :class:`~frenchtarot.TarotError` subclass, with an error message
of a few hundred characters at most. A refused action leaves the state equal, with the same
hash. The main suite draws a few calls of each; the soak step draws many.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import Card, State, TarotError, records
from frenchtarot.arena import DuplicateResult, duplicate
from frenchtarot.match import (
    DealerDraw,
    dealer_from_draw,
    draw_for_dealer,
    new_match,
    play_match,
    team_standings,
)
from frenchtarot.players import MonteCarloPlayer, RandomPlayer, SimplePlayer, play_deal
from frenchtarot.records._decode import RULES_FIELDS
from frenchtarot.rules import LUDICASH
from frenchtarot.sampling import constraints, sample_state
from frenchtarot.testing import check_conformance
from tests.builders import HOUSE_RULES
from tests.strategies import actions, anything, matches, states

#: No error message may be longer, whatever the input.
MESSAGE_BOUND = 400


#: A match at any table size, a few actions into its first deal.
MATCHES = matches(deals=0, moves=12)


def states_or_anything() -> st.SearchStrategy[object]:
    return st.one_of(anything(), states(20))


def actions_or_anything() -> st.SearchStrategy[object]:
    return st.one_of(anything(), actions())


def observations_or_anything() -> st.SearchStrategy[object]:
    return st.one_of(anything(), states(20).map(lambda state: ft.observe(state, 0)))


def rngs_or_anything() -> st.SearchStrategy[object]:
    return st.one_of(anything(), st.builds(random.Random, st.integers()))


def players_or_anything() -> st.SearchStrategy[object]:
    """Anything but a sequence holding a callable (a player is user code: what it raises is
    its own business), or a valid field of players."""
    return st.one_of(
        anything().filter(
            lambda value: not (isinstance(value, (list, tuple)) and any(map(callable, value)))
        ),
        st.sampled_from([[SimplePlayer()] * 3, [RandomPlayer(1)] * 4]),
    )


def small(count: Any, most: int = 2) -> Any:
    """``count`` unchanged, unless it is an int above ``most`` (a small budget is enough)."""
    if type(count) is int and count > most:
        return most
    return count


#: A deal just dealt under house rules: Ludicash (written by name) or a custom table
#: (written in full, as a rules object).
HOUSE_DEALS = st.builds(
    lambda rules, seed: ft.new_deal(seed=seed, rules=rules),
    st.sampled_from([LUDICASH, *HOUSE_RULES.values()]),
    st.integers(0, 2**32),
)


def record_objects() -> st.SearchStrategy[Any]:
    """Valid records as JSON objects, some with one field replaced by anything, or one field
    of their rules object."""
    valid = st.one_of(
        st.one_of(states(20), MATCHES, HOUSE_DEALS).map(records.encode),
        st.builds(
            lambda state, seat: records.encode(ft.observe(state, seat % state.rules.seats)),
            states(20),
            st.integers(0, 4),
        ),
    )
    spelled = st.sampled_from(list(HOUSE_RULES.values())).map(
        lambda rules: records.encode(ft.new_deal(seed=1, rules=rules))
    )
    return st.one_of(
        valid,
        st.builds(
            lambda record, key, value: {**record, key: value},
            valid,
            st.sampled_from(
                [
                    "format",
                    "kind",
                    "rules",
                    "dealer",
                    "hands",
                    "moves",
                    "names",
                    "hand",
                    "phase",
                    "tricks",
                    "legal_actions",
                    "score",
                ]
            ),
            anything(),
        ),
        st.builds(
            lambda record, key, value: {**record, "rules": {**record["rules"], key: value}},
            spelled,
            st.sampled_from(RULES_FIELDS),
            anything(),
        ),
    )


def record_texts() -> st.SearchStrategy[str]:
    return record_objects().map(lambda record: json.dumps(record, default=repr))


def call_safely(function: Callable[..., object], *args: object, **kwargs: object) -> object:
    """Call ``function``: it must return or raise a ``TarotError`` with a short message."""
    try:
        return function(*args, **kwargs)
    except TarotError as error:
        assert len(str(error)) <= MESSAGE_BOUND, str(error)[:500]
        return error


def at_most_one(deals: Any) -> Any:
    """``deals`` unchanged, unless it is a count above 1 (one checked deal is enough here)."""
    if type(deals) is int and deals > 1:
        return 1
    return deals


CALLS: dict[str, tuple[Callable[..., object], tuple[st.SearchStrategy[Any], ...]]] = {
    "new_deal": (
        lambda dealer, seed, rules: ft.new_deal(dealer=dealer, seed=seed, rules=rules),
        (anything(), anything(), anything()),
    ),
    "deal_from": (
        lambda hands, dog, dealer, rules: ft.deal_from(hands, dog, dealer=dealer, rules=rules),
        (anything(), anything(), anything(), anything()),
    ),
    "legal_actions": (ft.legal_actions, (states_or_anything(),)),
    "act": (ft.act, (states_or_anything(), actions_or_anything(), anything())),
    "score": (ft.score, (states_or_anything(),)),
    "returns": (ft.returns, (states_or_anything(),)),
    "observe": (ft.observe, (states_or_anything(), anything())),
    "information_state_key": (ft.information_state_key, (states_or_anything(), anything())),
    # A callable policy is user code: what it raises is its own business, so the policies
    # drawn are non-callables, None, or one that returns something (legal or not).
    "rollout": (
        ft.rollout,
        (
            states_or_anything(),
            st.one_of(anything(), st.builds(random.Random, st.integers())),
            st.one_of(
                anything().filter(lambda value: not callable(value)),
                anything().map(lambda value: lambda state, legal: value),
            ),
        ),
    ),
    "parse_action": (ft.parse_action, (anything(),)),
    "parse_action in a position": (
        lambda text, state: ft.parse_action(text, state),
        (anything(), states_or_anything()),
    ),
    "Action.notation": (
        lambda action, state: action.notation(state),
        (actions(), states_or_anything()),
    ),
    "Card.parse": (Card.parse, (anything(),)),
    "Card": (Card, (anything(), anything())),
    "Card.from_index": (Card.from_index, (anything(),)),
    "Bid": (ft.Bid, (anything(),)),
    "Call": (ft.Call, (anything(),)),
    "Discard": (ft.Discard, (anything(),)),
    "Play": (ft.Play, (anything(),)),
    "DeclareHandful": (ft.DeclareHandful, (anything(),)),
    "Trick": (ft.Trick, (anything(), anything(), anything())),
    "Handful": (ft.Handful, (anything(), anything())),
    "Rules": (
        lambda *fields: ft.Rules(*fields),
        (anything(), anything(), anything(), anything(), anything(), anything()),
    ),
    "Rules.check_seat": (ft.FIVE_PLAYER.check_seat, (anything(),)),
    "Rules.next_seat": (ft.THREE_PLAYER.next_seat, (anything(),)),
    "State.hand": (lambda state, seat: ft.new_deal(seed=1).hand(seat), (anything(), anything())),
    "check_conformance": (
        lambda deals, seed, probes, rules: check_conformance(
            deals=at_most_one(deals), seed=seed, probes=probes, rules=rules
        ),
        (anything(), anything(), anything(), anything()),
    ),
    "RandomPlayer": (lambda seed, obs: RandomPlayer(0)(obs), (anything(), anything())),
    "SimplePlayer": (lambda obs, _unused: SimplePlayer()(obs), (anything(), anything())),
    "play_deal": (
        lambda state, players: play_deal(state, players) if isinstance(state, State) else None,
        (states_or_anything(), anything()),
    ),
    "new_match": (
        lambda players, names, deals, seed, dead, dealer: new_match(
            players, names=names, deals=deals, seed=seed, dead_player=dead, dealer=dealer
        ),
        (
            st.one_of(anything(), st.sampled_from([3, 4, 5])),
            st.one_of(st.none(), anything()),
            anything(),
            st.one_of(st.none(), anything()),
            st.one_of(st.booleans(), anything()),
            st.one_of(st.none(), anything()),
        ),
    ),
    "draw_for_dealer": (
        draw_for_dealer,
        (st.one_of(anything(), st.builds(random.Random, st.integers())), anything()),
    ),
    "dealer_from_draw": (dealer_from_draw, (anything(),)),
    "DealerDraw": (DealerDraw, (anything(),)),
    "play_match": (
        lambda match, players, deals: play_match(match, players, deals=at_most_one(deals)),
        (st.one_of(anything(), MATCHES), anything(), anything()),
    ),
    "team_standings": (
        team_standings,
        (
            st.one_of(anything(), st.lists(MATCHES.map(lambda m: m.sheet), max_size=3)),
            anything(),
        ),
    ),
    "Match.apply": (
        lambda match, action: match.apply(action),
        (MATCHES, actions_or_anything()),
    ),
    "Match.act": (
        lambda match, player, action: match.act(action, player),
        (MATCHES, anything(), actions_or_anything()),
    ),
    "Match.update": (
        lambda match, state: match.update(state),
        (MATCHES, states_or_anything()),
    ),
    "Match.players_of": (
        lambda match, number: match.players_of(number),
        (MATCHES, anything()),
    ),
    "sample_state": (sample_state, (observations_or_anything(), rngs_or_anything())),
    "constraints": (constraints, (observations_or_anything(),)),
    "MonteCarloPlayer": (
        lambda samples, rollouts, rng, observation: MonteCarloPlayer(
            small(samples), small(rollouts), rng
        )(observation),
        (anything(), anything(), st.one_of(st.none(), anything()), observations_or_anything()),
    ),
    "duplicate": (
        lambda players, deals, seed, names: duplicate(
            players, deals=small(deals, 1), seed=seed, names=names
        ),
        (players_or_anything(), anything(), anything(), st.one_of(st.none(), anything())),
    ),
    "DuplicateResult.difference": (
        lambda first, second: DuplicateResult(
            ft.THREE_PLAYER, 0, ("a", "b", "c"), ((3, -3, 0), (6, 0, -6))
        ).difference(first, second),
        (anything(), anything()),
    ),
    "records.loads": (records.loads, (st.one_of(anything(), record_texts()),)),
    "records.decode": (records.decode, (st.one_of(anything(), record_objects()),)),
    "records.dumps": (
        lambda record, indent: records.dumps(record, indent=indent),
        (
            st.one_of(
                observations_or_anything(),
                actions_or_anything(),
                st.lists(actions(), max_size=3),
                states(20),
                MATCHES,
                HOUSE_DEALS,
            ),
            st.one_of(st.none(), anything()),
        ),
    ),
    **{
        f"records.{loader.__name__}": (loader, (st.one_of(anything(), record_texts()),))
        for loader in (
            records.load_state,
            records.load_match,
            records.load_observation,
            records.load_action,
            records.load_actions,
            records.load_score,
        )
    },
    "records.iter_load": (
        lambda lines: list(records.iter_load(lines)),
        (st.one_of(anything(), st.lists(record_texts(), max_size=3)),),
    ),
}


def call_drawn(name: str, data: st.DataObject) -> None:
    """Call the function ``name`` of :data:`CALLS` with arguments drawn from its strategies."""
    function, strategies = CALLS[name]
    args = [data.draw(strategy, label=f"argument {n}") for n, strategy in enumerate(strategies)]
    call_safely(function, *args)


#: The examples of each callable in the main suite (at most): the volume is the soak step's.
MAIN_EXAMPLES = 25


@pytest.mark.parametrize("name", sorted(CALLS))
@settings(max_examples=min(settings().max_examples, MAIN_EXAMPLES))
@given(data=st.data())
def test_only_tarot_errors_come_out(name: str, data: st.DataObject) -> None:
    call_drawn(name, data)


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(CALLS))
def test_soak_only_tarot_errors_come_out(name: str, soak_deals: int) -> None:
    """Each callable with ``FRENCHTAROT_SOAK_DEALS // 50`` drawn calls (200 by default)."""

    @settings(max_examples=max(1, soak_deals // 50))
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        call_drawn(name, data)

    fuzz()


@given(state=states(), action=actions_or_anything(), seat=anything())
def test_a_refused_action_leaves_the_state_equal(
    state: State, action: object, seat: object
) -> None:
    before = pickle.loads(pickle.dumps(state))
    digest = hash(state)
    for function in (ft.apply, ft.is_legal):
        call_safely(function, state, action, seat=seat)
        call_safely(function, state, action)
    assert state == before
    assert hash(state) == digest


@given(state=states(), seat=anything())
def test_observe_takes_only_seats(state: State, seat: object) -> None:
    result = call_safely(ft.observe, state, seat)
    if isinstance(result, ft.Observation):
        assert result.seat == seat
        assert 0 <= result.seat < state.rules.seats


def test_the_table_covers_every_public_callable() -> None:
    """Every public function and class of the package is fuzzed here (or is an error,
    an enum, a constant, or a value type that takes no arguments)."""
    fuzzed = {name.split(".")[0] for name in CALLS} | {"apply", "is_legal"}
    exempt = {
        "DECK",
        "FIVE_PLAYER",
        "FOUR_PLAYER",
        "LUDICASH",
        "THREE_PLAYER",
        "RULES_BY_SEATS",
        "Action",
        "AnnounceSlam",
        "Pass",
        "AnnulReason",
        "Annulment",
        "Camp",
        "Contract",
        "ExcuseExchange",
        "HandfulBonus",
        "Observation",
        "PetitAuBout",
        "Phase",
        "Policy",
        "Rule",
        "Score",
        "ScoreSheet",
        "SheetRow",
        "Standing",
        "SlamResult",
        "State",
        "Suit",
        "__version__",
        "compiled",
    }
    errors = {name for name in ft.__all__ if name.endswith("Error")}
    assert set(ft.__all__) - errors - exempt <= fuzzed, set(ft.__all__) - errors - exempt - fuzzed


def test_random_generators_of_any_kind_are_refused_or_used() -> None:
    state = ft.new_deal(seed=5)
    assert call_safely(ft.rollout, state, random.SystemRandom()) is not None
