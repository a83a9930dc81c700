"""The simple player's fast path in simulations: the same choices from the state as from
the observation, and the same knowledge of the cards for every seat."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot.players import SimplePlayer, play_deal
from frenchtarot.players._simple import _Table, state_action
from frenchtarot.players._simulate import playout
from frenchtarot.rules import LUDICASH
from tests.builders import HOUSE_RULES
from tests.strategies import DealSpec, choices, deals, house_deals, scarce_ecart_deals, walk

TABLES: tuple[ft.Rules, ...] = (
    ft.THREE_PLAYER,
    ft.FOUR_PLAYER,
    ft.FIVE_PLAYER,
    LUDICASH,
    *HOUSE_RULES.values(),
)
PLAYERS = (SimplePlayer(), SimplePlayer(boldness=12), SimplePlayer(boldness=-6))


def mixed_play(rules: ft.Rules, seeds: range, share: float) -> Iterator[ft.State]:
    """Every state of deals where a bold simple player acts, and a random legal action
    replaces its choice ``share`` of the time (every contract, call and card comes up)."""
    bold = SimplePlayer(boldness=15)
    for seed in seeds:
        rng = random.Random(seed)
        state = ft.new_deal(seed=seed, rules=rules, dealer=seed % rules.seats)
        while state.current is not None:
            yield state
            if rng.random() < share:
                action = rng.choice(ft.legal_actions(state))
            else:
                action = bold(ft.observe(state, state.current))
            state = ft.apply(state, action)


def table_fields(table: _Table) -> tuple[object, ...]:
    return tuple(
        getattr(table, name)
        for name in [
            "seats",
            "seat",
            "hand",
            "others",
            "taker",
            "partner",
            "alone",
            "called",
            "slam",
            "tricks",
            "leader",
            "trick",
            "attack",
            "friends",
        ]
    ) + (table.proof(),)


def assert_same_choices(state: ft.State) -> None:
    assert state.current is not None
    view = ft.observe(state, state.current)
    for player in PLAYERS:
        assert state_action(player, state) == player(view), (player, str(state))


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
@pytest.mark.parametrize("share", [0.0, 0.3])
def test_the_simple_player_chooses_alike_from_the_state_and_from_the_observation(
    rules: ft.Rules, share: float
) -> None:
    played = 0
    for state in mixed_play(rules, range(12), share):
        assert_same_choices(state)
        played += state.phase is ft.Phase.PLAY
    assert played > 12 * rules.hand_size  # the card play was reached and compared


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_every_seat_knows_the_same_of_the_cards_from_the_state_as_from_its_view(
    rules: ft.Rules,
) -> None:
    """Not only the seat to play: the hand, the cards it cannot see, what it knows of the
    camps and what the play proved, for every seat of every state of the card play."""
    compared = 0
    for state in mixed_play(rules, range(8), 0.3):
        if state.phase is not ft.Phase.PLAY:
            continue
        for seat in range(rules.seats):
            from_view = _Table.of_view(ft.observe(state, seat))
            assert table_fields(_Table.of_state(state, seat)) == table_fields(from_view)
            compared += 1
    assert compared > 8 * rules.hand_size * rules.seats


@settings(max_examples=40, deadline=None)
@given(scarce_ecart_deals(None), choices())
def test_every_seat_knows_the_same_of_an_ecart_with_trumps(
    spec: DealSpec, picks: tuple[int, ...]
) -> None:
    """The first seat to speak takes the dog with the lowest contract that shows it and
    the simple player makes its écart (trumps in it when it must): the defenders see
    those trumps, the taker the whole écart, from the state as from their views."""
    state = spec.deal()
    if state.current is None:
        return  # a petit sec
    shown = next(c for c in state.rules.offered if c.dog_is_shown)
    state = ft.apply(state, ft.Bid(shown))
    player = SimplePlayer()
    while state.phase is not ft.Phase.PLAY and state.current is not None:
        view = ft.observe(state, state.current)
        state = ft.apply(state, ft.Pass() if state.phase is ft.Phase.BIDDING else player(view))
    for current, _action in walk(state, picks):
        if current.phase is not ft.Phase.PLAY:
            break
        for seat in range(current.rules.seats):
            from_view = _Table.of_view(ft.observe(current, seat))
            assert table_fields(_Table.of_state(current, seat)) == table_fields(from_view)


@settings(max_examples=70, deadline=None)
@given(st.one_of(deals(None), house_deals()), choices())
def test_the_simple_players_two_paths_agree_along_any_legal_walk_under_any_rules(
    start: ft.State, picks: tuple[int, ...]
) -> None:
    for state, _action in walk(start, picks):
        if state.current is None:
            break
        assert_same_choices(state)


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_a_playout_is_the_deal_simple_players_play(rules: ft.Rules) -> None:
    player = SimplePlayer()
    for seed in range(10):
        start = ft.new_deal(seed=seed, rules=rules)
        final, steps = playout(start, player)
        assert final == play_deal(start, [player] * rules.seats)
        assert steps == len(final.history) - len(start.history)
        assert final.current is None
