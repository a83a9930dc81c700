"""Tests for the tensors that follow a deal (``frenchtarot.encoding._follow``).

The learning adapters keep the public part of the tensors up to date action by action;
every seat's tensor must still equal :mod:`frenchtarot.encoding`'s, at every moment.
"""

from __future__ import annotations

import random

import pytest

import frenchtarot as ft
from frenchtarot import encoding
from frenchtarot.encoding._follow import Follower
from frenchtarot.rules import LUDICASH, RULES_BY_SEATS, Rules
from tests.builders import HOUSE_RULES, choose

TABLES = [*RULES_BY_SEATS.values(), LUDICASH, *HOUSE_RULES.values()]


def _zeros(size: int) -> list[float]:
    return [0.0] * size


def _check(follower: Follower, state: ft.State, seat: int) -> None:
    seen = ft.observe(state, seat)
    full = [0.5] * encoding.information_state_tensor_size(state.rules)  # overwritten
    follower.write(state, seat, full)
    assert full == encoding.information_state_tensor(seen), (seat, state)
    short = [0.5] * encoding.observation_tensor_size(state.rules)
    follower.write(state, seat, short)
    assert short == encoding.observation_tensor(seen), (seat, state)


@pytest.mark.parametrize("rules", TABLES, ids=[rules.name for rules in TABLES])
def test_the_followed_tensors_are_the_encodings_at_every_step(rules: Rules) -> None:
    rng = random.Random(rules.seats)
    follower = Follower(rules, _zeros)
    for number in range(25):
        state = ft.new_deal(seed=number, dealer=number % rules.seats, rules=rules)
        follower.start(state)
        _check(follower, state, number % rules.seats)
        while not state.is_terminal:
            action = choose(state, rng)
            after = ft.apply(state, action)
            follower.follow(state, action, after)
            state = after
            _check(follower, state, rng.randrange(rules.seats))
            if state.current is not None:
                _check(follower, state, state.current)


def test_a_state_it_did_not_follow_is_written_from_its_observation() -> None:
    rng = random.Random(3)
    state = ft.new_deal(seed=3, rules=ft.FIVE_PLAYER)
    follower = Follower(ft.FIVE_PLAYER, _zeros)
    for _ in range(40):
        state = ft.apply(state, choose(state, rng))
    for seat in range(5):
        _check(follower, state, seat)  # started from the state, then followed
    other = ft.apply(state, choose(state, rng))
    follower.follow(ft.new_deal(seed=4, rules=ft.FIVE_PLAYER), ft.Pass(), other)
    _check(follower, other, 0)
