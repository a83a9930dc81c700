"""The order of play has one owner, ``frenchtarot._core.flow``: its tables agree with the
rules' seats, and the rollout and :attr:`State.moves` both take the order from it (breaking
the flow's helpers breaks both)."""

from __future__ import annotations

import random

import pytest

import frenchtarot as ft
from frenchtarot import Rules
from frenchtarot._core import flow

TABLES = [ft.THREE_PLAYER, ft.FOUR_PLAYER, ft.FIVE_PLAYER]
# The compiled build calls the flow's helpers directly, so patching them changes nothing.
needs_pure = pytest.mark.skipif(ft.compiled, reason="patches the pure flow module")


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_the_next_seat_is_the_rules_next_seat(rules: Rules) -> None:
    for seat in range(rules.seats):
        assert flow.NEXT_SEAT[rules.seats][seat] == rules.next_seat(seat)


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_a_trick_goes_round_the_table_from_its_leader(rules: Rules) -> None:
    seats = rules.seats
    for leader in range(seats):
        order = flow.TRICK_ORDER[seats][leader]
        assert order[0] == leader
        assert sorted(order) == list(range(seats))
        for position in range(1, seats):
            assert order[position] == flow.NEXT_SEAT[seats][order[position - 1]]
            assert flow.seat_at(seats, leader, position) == order[position]


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_the_bidding_starts_after_the_dealer_and_the_play_too_without_a_slam(
    rules: Rules,
) -> None:
    for dealer in range(rules.seats):
        first = flow.first_bidder(rules, dealer)
        assert first == (dealer + 1) % rules.seats
        assert flow.first_leader(rules, dealer, taker=dealer, slam=False) == first
        assert flow.first_leader(rules, dealer, taker=dealer, slam=True) == dealer
        # The bidding's words are counted from the first bidder to the dealer, who speaks last.
        assert flow.words_spoken(rules, dealer, first) == 1
        assert flow.words_spoken(rules, dealer, dealer) == rules.seats


def played_out(seed: int, rules: Rules) -> ft.State:
    """A deal played out by random legal actions, one step at a time."""
    state, rng = ft.new_deal(seed=seed, rules=rules), random.Random(seed)
    while not state.is_terminal:
        state = ft.apply(state, rng.choice(ft.legal_actions(state)))
    return state


def seeds_played_out(rules: Rules, count: int) -> list[int]:
    return [seed for seed in range(100) if played_out(seed, rules).tricks][:count]


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_moves_name_the_seat_the_engine_asked(rules: Rules) -> None:
    for seed in seeds_played_out(rules, 3):
        state, rng = ft.new_deal(seed=seed, rules=rules), random.Random(seed)
        asked = []
        while not state.is_terminal:
            asked.append(state.current)
            state = ft.apply(state, rng.choice(ft.legal_actions(state)))
        assert [seat for seat, _ in state.moves] == asked


def reversed_table() -> tuple[tuple[int, ...], ...]:
    """The next seat the wrong way round (the player on the left instead of the right)."""
    return tuple(tuple((seat - 1) % seats for seat in range(seats)) for seats in range(6))


@needs_pure
@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_a_broken_next_seat_breaks_the_rollout_and_the_moves(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeds = seeds_played_out(rules, 3)
    ends = {seed: played_out(seed, rules) for seed in seeds}
    moves = {seed: ends[seed].moves for seed in seeds}
    rolled = {
        seed: ft.rollout(ft.new_deal(seed=seed, rules=rules), random.Random(seed))
        for seed in seeds
    }
    assert rolled == ends  # before the break, the rollout plays the deals the engine plays
    monkeypatch.setattr(flow, "NEXT_SEAT", reversed_table())
    assert any(ends[seed].moves != moves[seed] for seed in seeds)
    assert all(
        ft.rollout(ft.new_deal(seed=seed, rules=rules), random.Random(seed)) != ends[seed]
        for seed in seeds
    )


@needs_pure
@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_a_broken_first_leader_breaks_the_rollout_and_the_moves(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeds = seeds_played_out(rules, 5)
    ends = {seed: played_out(seed, rules) for seed in seeds}
    moves = {seed: ends[seed].moves for seed in seeds}

    def the_taker_leads(rules: Rules, dealer: int, taker: int, slam: bool) -> int:
        return taker

    monkeypatch.setattr(flow, "first_leader", the_taker_leads)
    # A deal whose first trick the taker would not have led now reads differently.
    changed = [seed for seed in seeds if ends[seed].tricks[0].leader != ends[seed].taker]
    assert changed
    for seed in changed:
        assert ends[seed].moves != moves[seed]
        assert ft.rollout(ft.new_deal(seed=seed, rules=rules), random.Random(seed)) != ends[seed]
