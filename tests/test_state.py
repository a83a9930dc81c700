"""The State value: immutable, hashable, copied and pickled equal, its text, its seats, and
what it says of its past (the hands as dealt, and who took each action)."""

from __future__ import annotations

import copy
import pickle

import pytest
from attrs.exceptions import FrozenInstanceError
from hypothesis import given

import frenchtarot as ft
from frenchtarot import FIVE_PLAYER, Card, Contract, InvalidSeatError, Pass, Play, State
from tests.builders import deal, play_out
from tests.strategies import states


def test_a_state_cannot_be_changed_or_subclassed() -> None:
    state = ft.new_deal(seed=1)
    with pytest.raises(FrozenInstanceError):
        state.current = 2
    with pytest.raises(FrozenInstanceError):
        state.dealer = 2  # type: ignore[misc]  # a property: still refused by the class
    with pytest.raises(AttributeError):
        del state.phase
    with pytest.raises(AttributeError):
        state.extra = 1
    with pytest.raises(TypeError):
        type("SubState", (State,), {})
    assert ft.legal_actions(state) == ft.legal_actions(ft.new_deal(seed=1))


@given(states())
def test_copies_and_pickles_of_a_state_are_equal(state: State) -> None:
    """Every pickle protocol, ``copy`` and ``deepcopy`` give an equal state with the same hash,
    the same hands and the same legal actions (``check_conformance`` pickles with the
    default protocol only)."""
    twins = [copy.copy(state), copy.deepcopy(state)]
    twins += [
        pickle.loads(pickle.dumps(state, protocol=protocol))
        for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1)
    ]
    for twin in twins:
        assert twin == state
        assert hash(twin) == hash(state)
        assert twin.hands == state.hands
        assert ft.legal_actions(twin) == ft.legal_actions(state)


@pytest.mark.parametrize("seat", [-1, -4, 4, 10])
def test_a_seat_outside_the_table_raises_invalid_seat_error(seat: int) -> None:
    # hand(-1) must not quietly answer with seat 3's cards.
    with pytest.raises(InvalidSeatError) as info:
        ft.new_deal(seed=1).hand(seat)
    assert str(seat) in str(info.value)


def test_state_repr_tells_the_phase_contract_and_turn() -> None:
    state = ft.new_deal(seed=1)
    assert repr(state) == "<State four-player, bidding, dealer 0, seat 1 to act>"
    state = ft.apply(state, ft.Bid(Contract.GARDE_SANS))
    assert repr(state) == (
        "<State four-player, bidding, dealer 0, highest bid 1 (garde_sans), seat 2 to act>"
    )
    for _ in range(3):
        state = ft.apply(state, ft.Pass())
    state = ft.apply(state, ft.AnnounceSlam())
    assert repr(state) == (
        "<State four-player, play, dealer 0, taker 1 (garde_sans), slam announced, trick 1, "
        "seat 1 to act>"
    )
    assert str(state) == repr(state)
    annulled = ft.new_deal(seed=232)
    assert repr(annulled) == "<State four-player, annulled, dealer 0, petit_sec>"


# --- The past: the hands as dealt and the moves --------------------------------------------


def replayed(state: State) -> State:
    """The deal dealt again from ``state.dealt`` and its history applied, seat by seat."""
    start = ft.deal_from(state.dealt, state.dog, dealer=state.dealer, rules=state.rules)
    for seat, action in state.moves:
        start = ft.act(start, action, seat)
    return start


@given(states())
def test_the_hands_as_dealt_and_the_moves_replay_the_deal(state: State) -> None:
    # act refuses an action from any seat but the one to act: every seat in moves is right.
    again = replayed(state)
    assert again == state
    assert hash(again) == hash(state)
    assert [action for _seat, action in state.moves] == list(state.history)


@given(states())
def test_the_hands_as_dealt_hold_every_card_once(state: State) -> None:
    cards = [card for hand in state.dealt for card in hand] + list(state.dog)
    assert sorted(cards) == sorted(ft.DECK)
    assert {len(hand) for hand in state.dealt} == {state.rules.hand_size}


def test_the_taker_s_hand_as_dealt_has_neither_dog_nor_ecart_moved() -> None:
    # Seat 1 takes a Garde, takes the dog, puts six cards aside and plays a card.
    start = ft.new_deal(seed=1)
    state = play_out(start, "garde pass pass pass")
    assert state.hand(1) != start.hand(1)  # the dog is in the taker's hand now
    while state.phase is ft.Phase.DISCARD:
        state = ft.apply(state, ft.legal_actions(state)[-1])
    state = ft.apply(state, Pass())  # no slam
    state = ft.apply(state, next(a for a in ft.legal_actions(state) if isinstance(a, Play)))
    assert state.dealt == start.hands
    assert state.discard and not set(state.discard) <= set(start.hand(1))


def test_five_players_the_call_and_the_ecart_are_the_taker_s() -> None:
    state = play_out(deal({1: "KS KH QS"}, rules=FIVE_PLAYER), "petite pass pass pass pass")
    state = ft.apply(state, ft.Call(Card.parse("KD")))
    assert state.moves[-1] == (1, ft.Call(Card.parse("KD")))
    state = ft.apply(state, ft.legal_actions(state)[0])
    assert state.moves[-1][0] == 1
    assert [seat for seat, _action in state.moves[:5]] == [1, 2, 3, 4, 0]
