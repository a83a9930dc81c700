"""The State value of the rules core (``frenchtarot._core.state``): its text, equality, hash
and class, beyond what the rules' tests see."""

from __future__ import annotations

import pickle
import random

import pytest

import frenchtarot as ft
from frenchtarot import Contract, State, svg
from frenchtarot._core.play import legal_cards, play_card


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
        assert not one != one  # noqa: SIM202 (a state is not unequal to itself)
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


def test_the_jupyter_picture_is_the_deal_drawn() -> None:
    for state in (ft.new_deal(seed=2), called_five_player_deal(1)):
        assert state._repr_svg_() == svg.state(state)


class Reshaped:
    """Pickles as ``state`` would, with ``change`` fields more (or fewer): another layout's."""

    def __init__(self, state: State, change: int) -> None:
        self.state, self.change = state, change

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        rebuild, fields = self.state.__reduce__()
        if self.change < 0:
            return rebuild, fields[: self.change]
        return rebuild, fields + ("a field of another layout",) * self.change


def test_a_state_survives_the_pickle_round_trip() -> None:
    for state in states_of_a_deal(6)[::9]:
        assert pickle.loads(pickle.dumps(Reshaped(state, 0))) == state


@pytest.mark.parametrize("change", [1, -1], ids=["one field more", "one field fewer"])
def test_a_pickle_of_another_layout_is_refused(change: int) -> None:
    data = pickle.dumps(Reshaped(ft.new_deal(seed=2), change))
    with pytest.raises(ValueError, match="zip"):  # no state read from misplaced fields
        pickle.loads(data)


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_legal_cards_are_the_cards_of_the_legal_plays(seats: int) -> None:
    """The mask an adapter reads instead of the actions, the first trick's included."""
    rules = ft.RULES_BY_SEATS[seats]
    rng = random.Random(seats)
    for seed in range(30):
        state = ft.new_deal(seed=seed, rules=rules)
        while not state.is_terminal:
            if state.phase is ft.Phase.PLAY:
                plays = [a for a in ft.legal_actions(state) if isinstance(a, ft.Play)]
                assert legal_cards(state) == sum(1 << play.card.index for play in plays)
                # play_card uses the mask legal_cards remembered for this state
                played = rng.choice(plays)
                state = play_card(state, played, state.current)  # type: ignore[arg-type]
                continue
            state = ft.apply(state, rng.choice(ft.legal_actions(state)))
