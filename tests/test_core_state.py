"""The State value of the rules core (``frenchtarot._core.state``): its text, equality, hash
and class, beyond what the rules' tests see."""

from __future__ import annotations

import random

import pytest

import frenchtarot as ft
from frenchtarot import Contract, State


def called_five_player_deal(seed: int) -> State:
    """Seat 1 takes a Garde sans at five players and calls the King of spades."""
    state = ft.apply(ft.new_deal(seed=seed, rules=ft.FIVE_PLAYER), ft.Bid(Contract.GARDE_SANS))
    for _ in range(4):
        state = ft.apply(state, ft.Pass())
    return ft.apply(state, ft.Call("KS"))


@pytest.mark.parametrize(("seed", "camp"), [(1, "called KS, partner 4"), (4, "called KS, alone")])
def test_the_repr_of_a_five_player_deal_tells_the_call(seed: int, camp: str) -> None:
    assert repr(called_five_player_deal(seed)) == (
        f"<State five-player, slam, dealer 0, taker 1 (garde_sans), {camp}, seat 1 to act>"
    )


def states_of_a_deal(seed: int) -> list[State]:
    state, rng = ft.new_deal(seed=seed), random.Random(seed)
    states = [state]
    while not state.is_terminal:
        state = ft.apply(state, rng.choice(ft.legal_actions(state)))
        states.append(state)
    return states


def test_equal_states_are_not_unequal_and_different_ones_are() -> None:
    first, second = states_of_a_deal(3), states_of_a_deal(3)
    for one, same, after in zip(first, second, first[1:], strict=False):
        assert not one != same  # noqa: SIM202 (the != operator itself is under test)
        assert one != after
        assert one != "a state"


def test_the_hash_follows_the_fields() -> None:
    states = states_of_a_deal(5)
    assert len({hash(state) for state in states}) == len(states)
    assert [hash(state) for state in states] == [hash(state) for state in states_of_a_deal(5)]


def test_state_cannot_be_subclassed() -> None:
    with pytest.raises(TypeError) as refused:
        type("Mine", (State,), {})
    if not ft.compiled:  # compiled, the native class refuses a Python subclass by itself
        assert str(refused.value) == "State cannot be subclassed"
