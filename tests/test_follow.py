"""Tests for the tensors that follow a deal (``frenchtarot.encoding._follow``).

The learning adapters keep the public part of the tensors up to date action by action;
every seat's tensor must still equal :mod:`frenchtarot.encoding`'s, at every moment.
"""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import numpy.typing as npt
import pytest

import frenchtarot as ft
from frenchtarot import encoding
from frenchtarot.encoding._follow import Follower
from frenchtarot.rules import LUDICASH, RULES_BY_SEATS, Rules
from tests.builders import HOUSE_RULES, choose

TABLES = [*RULES_BY_SEATS.values(), LUDICASH, *HOUSE_RULES.values()]


def _zeros(size: int) -> list[float]:
    return [0.0] * size


def _check(follower: Follower[list[float]], state: ft.State, seat: int) -> None:
    seen = ft.observe(state, seat)
    if follower.recall:
        full = [0.5] * encoding.information_state_tensor_size(state.rules)  # overwritten
        follower.write(state, seat, full)
        assert full == encoding.information_state_tensor(seen), (seat, state)
    short = [0.5] * encoding.observation_tensor_size(state.rules)
    follower.write(state, seat, short)
    assert short == encoding.observation_tensor(seen), (seat, state)


def _arrays(size: int) -> npt.NDArray[np.float32]:
    return np.zeros(size, np.float32)


@pytest.mark.parametrize("recall", [True, False], ids=["recall", "observation"])
@pytest.mark.parametrize("rules", TABLES, ids=[rules.name for rules in TABLES])
def test_the_followed_tensors_are_the_encodings_at_every_step(rules: Rules, recall: bool) -> None:
    rng = random.Random(rules.seats)
    follower = Follower(rules, _zeros, recall)
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


@pytest.mark.parametrize("recall", [True, False], ids=["recall", "observation"])
def test_numpy_buffers_follow_as_lists_do(recall: bool) -> None:
    """The adapters' buffers: NumPy arrays, written with ``put`` and ``fill``."""
    rng = random.Random(5)
    rules = ft.FIVE_PLAYER
    follower = Follower(rules, _arrays, recall)
    size = (
        encoding.information_state_tensor_size(rules)
        if recall
        else encoding.observation_tensor_size(rules)
    )
    for number in range(8):
        state = ft.new_deal(seed=number, rules=rules)
        follower.start(state)
        while not state.is_terminal:
            after = ft.apply(state, choose(state, rng))
            follower.follow(state, after.history[-1], after)
            state = after
            seat = rng.randrange(rules.seats)
            seen = ft.observe(state, seat)
            want = (
                encoding.information_state_tensor(seen)
                if recall
                else encoding.observation_tensor(seen)
            )
            out = np.full(size, 0.5, np.float32)
            follower.write(state, seat, out)
            assert out.tolist() == want, (seat, state)


def test_a_copy_follows_on_its_own() -> None:
    """OpenSpiel clones a state by deep copy: the twin's buffers are its own."""
    rng = random.Random(8)
    state = ft.new_deal(seed=8)
    follower = Follower(state.rules, _arrays)
    follower.start(state)
    for _ in range(30):
        after = ft.apply(state, choose(state, rng))
        follower.follow(state, after.history[-1], after)
        state = after
    twin = copy.deepcopy(follower)
    assert twin.rows[0] is not follower.rows[0]
    before = np.array(follower.row(state, 0))
    after = ft.apply(state, choose(state, rng))
    twin.follow(state, after.history[-1], after)
    assert np.array_equal(follower.row(state, 0), before)  # the original did not move
    out = [0.0] * encoding.information_state_tensor_size(state.rules)
    twin.write(after, after.current or 0, out)
    assert out == encoding.information_state_tensor(ft.observe(after, after.current or 0))


def test_a_pickled_follower_writes_its_own_buffers() -> None:
    """The rows of NumPy arrays are written through memoryviews, made again on unpickling."""
    rng = random.Random(9)
    state = ft.new_deal(seed=9)
    follower = Follower(state.rules, _arrays)
    follower.start(state)
    for _ in range(30):
        after = ft.apply(state, choose(state, rng))
        follower.follow(state, after.history[-1], after)
        state = after
    twin = pickle.loads(pickle.dumps(follower))
    before = np.array(follower.row(state, 0))
    after = ft.apply(state, choose(state, rng))
    twin.follow(twin.state, after.history[-1], after)
    assert np.array_equal(follower.row(state, 0), before)  # the original did not move
    for seat in range(state.rules.seats):
        out = [0.0] * encoding.information_state_tensor_size(state.rules)
        twin.write(after, seat, out)
        assert out == encoding.information_state_tensor(ft.observe(after, seat))


def test_the_follower_keeps_its_attributes_in_the_instance() -> None:
    """At most 30 attributes: the most CPython 3.11 keeps in an instance's own values.

    One more, and every read of an attribute on the hot path goes through a dict (about
    1.3 % of a PettingZoo step's instructions).
    """
    follower = Follower(ft.FIVE_PLAYER, _arrays, recall=True)
    state = ft.new_deal(seed=3, rules=ft.FIVE_PLAYER)
    follower.start(state)
    rng = random.Random(3)
    while not state.is_terminal:
        follower.row(state, state.current)  # type: ignore[arg-type]
        after = ft.apply(state, choose(state, rng))
        follower.follow(state, after.history[-1], after)
        state = after
    assert len(vars(follower)) <= 30
