"""The searching player's worlds: sampled deals whose bids the simple player would have made."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import frenchtarot as ft
from frenchtarot.players import SimplePlayer
from frenchtarot.players._hand import bid_for
from frenchtarot.players._worlds import TRIES, bids_fit, draw_world
from frenchtarot.rules import LUDICASH
from frenchtarot.sampling import sample_state, sample_state_where
from tests.builders import twin_for

TABLES = (ft.THREE_PLAYER, ft.FOUR_PLAYER, ft.FIVE_PLAYER, LUDICASH)


def simple_deal_states(rules: ft.Rules, seeds: range) -> list[ft.State]:
    """Every state of deals that simple players bid and play."""
    player = SimplePlayer()
    found = []
    for seed in seeds:
        state = ft.new_deal(seed=seed, rules=rules, dealer=seed % rules.seats)
        while state.current is not None:
            found.append(state)
            state = ft.apply(state, player(ft.observe(state, state.current)))
        found.append(state)
    return found


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_the_deal_simple_players_bid_fits_from_every_seat_at_every_moment(
    rules: ft.Rules,
) -> None:
    """Every bid of a table of simple players is the model's, whoever looks and whenever:
    during the bidding, after the dog was taken and put aside, to the end of the deal."""
    states = simple_deal_states(rules, range(15))
    assert any(state.taker is not None and state.phase is ft.Phase.DONE for state in states)
    for state in states:
        for seat in range(rules.seats):
            assert bids_fit(state, seat), (seat, str(state))


def strong_pass() -> ft.State:
    """A four-player deal whose first seat to speak passes a hand the model would bid."""
    for seed in range(500):
        state = ft.new_deal(seed=seed)
        seat = state.current
        assert seat is not None
        hand = sum(1 << card.index for card in state.hand(seat))
        if bid_for(hand, 4, ft.FOUR_PLAYER.offered) is not None:
            return ft.apply(state, ft.Pass())
    raise AssertionError("no deal opens with a hand worth a bid")


def test_a_bid_unlike_the_models_does_not_fit_except_for_the_seat_that_looks() -> None:
    state = strong_pass()
    passer = state.history[0]
    assert passer == ft.Pass()
    first = (state.dealer + 1) % 4
    assert not bids_fit(state, (first + 1) % 4)  # another seat: that pass is not the model's
    assert bids_fit(state, first)  # its own word is never questioned
    # A bolder model would bid even more hands: the pass fits none of them.
    assert not bids_fit(state, (first + 2) % 4, boldness=10)


def test_draw_world_keeps_to_the_observation_and_prefers_worlds_that_fit() -> None:
    """A seat after a Garde and a pass: the sampler's worlds often give the taker a hand
    too weak for a Garde or the passer one worth a bid; the player's worlds fit whenever a
    fitting one comes within its draws, and always show the seat its own cards."""
    state = ft.new_deal(seed=4)
    state = ft.apply(state, ft.Bid(ft.Contract.GARDE))
    state = ft.apply(state, ft.Pass())
    seat = state.current
    assert seat is not None
    view = ft.observe(state, seat)
    rng = random.Random(1)
    uniform = [bids_fit(sample_state(view, rng), seat) for _ in range(200)]
    drawn = [draw_world(view, rng) for _ in range(200)]
    assert all(world.hand(seat) == view.hand and world.history == view.history for world in drawn)
    fitting = [bids_fit(world, seat) for world in drawn]
    assert sum(uniform) < 0.8 * len(uniform)  # the sampler alone often does not fit
    miss = 1 - sum(uniform) / len(uniform)
    # A drawn world fails to fit only when every one of its draws failed.
    assert sum(fitting) >= len(drawn) * (1 - 2 * miss**TRIES) - 3


def test_draw_world_takes_the_last_draw_when_no_world_fits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A Garde contre from the first seat: hardly any hand the sampler deals it is worth one,
    # so no draw fits, and the player takes the last of its TRIES draws.
    state = ft.apply(ft.new_deal(seed=2), ft.Bid(ft.Contract.GARDE_CONTRE))
    seat = state.current
    assert seat is not None
    view = ft.observe(state, seat)
    judged: list[bool] = []

    def counting(
        observation: ft.Observation,
        rng: random.Random,
        accept: Callable[[tuple[int, ...]], bool],
        tries: int,
    ) -> ft.State:
        def judge(hands: tuple[int, ...]) -> bool:
            judged.append(accept(hands))
            return judged[-1]

        return sample_state_where(observation, rng, judge, tries)

    monkeypatch.setattr("frenchtarot.players._worlds.sample_state_where", counting)
    world = draw_world(view, random.Random(2))
    assert judged == [False] * (TRIES - 1)  # the last draw is taken unjudged
    assert not bids_fit(world, seat)
    assert world.hand(seat) == view.hand


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_twin_deals_give_a_seat_the_same_worlds(rules: ft.Rules) -> None:
    """Two deals that differ only in cards a seat never saw: with the same generator, its
    worlds are the same (the worlds come from its observation alone)."""
    rng = random.Random(7)
    compared = 0
    for state in simple_deal_states(rules, range(3))[::9]:
        seat = state.current
        if seat is None:
            continue
        other = twin_for(state, seat, rng)
        if other is None:
            continue
        mine = draw_world(ft.observe(state, seat), random.Random(5))
        theirs = draw_world(ft.observe(other, seat), random.Random(5))
        assert mine == theirs
        compared += 1
    assert compared >= 5
