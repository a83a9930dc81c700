"""What a state says of its past: the hands as dealt and who took each action."""

from __future__ import annotations

from hypothesis import given

import frenchtarot as ft
from frenchtarot import FIVE_PLAYER, Card, Pass, Play, State
from tests.builders import deal, play_out
from tests.strategies import states


def replayed(state: State) -> State:
    """The deal dealt again from ``state.dealt`` and its history applied, seat by seat."""
    start = ft.deal_from(state.dealt, state.dog, dealer=state.dealer, rules=state.rules)
    for seat, action in state.moves:
        start = ft.act(start, action, seat)
    return start


@given(states())
def test_the_hands_as_dealt_and_the_moves_replay_the_deal(state: State) -> None:
    # act refuses an action from any seat but the one to act: every seat in moves is right.
    assert replayed(state) == state
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
