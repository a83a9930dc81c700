"""The server's entry point :func:`frenchtarot.act` and refusals that say where they happened."""

from __future__ import annotations

import pickle

import pytest

import frenchtarot as ft
from frenchtarot import IllegalActionError, InvalidSeatError, Pass, Rule, TarotTypeError
from frenchtarot.errors import InvalidDealerError
from tests.builders import deal, play_out


class Index:
    """An integer type other than int (like NumPy's), for the seat checks."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_act_applies_the_action_of_the_seat_to_act() -> None:
    state = ft.new_deal(seed=1)
    assert ft.act(state, Pass(), 1) == ft.apply(state, Pass())
    assert ft.act(state, Pass(), Index(1)) == ft.apply(state, Pass())  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [None, "1", 1.0, True])
def test_act_refuses_a_missing_or_wrong_type_of_seat(seat: object) -> None:
    state = ft.new_deal(seed=1)
    with pytest.raises(TarotTypeError):
        ft.act(state, Pass(), seat)  # type: ignore[arg-type]


def test_act_refuses_a_seat_out_of_the_table() -> None:
    with pytest.raises(InvalidSeatError):
        ft.act(ft.new_deal(seed=1, rules=ft.THREE_PLAYER), Pass(), 3)


@pytest.mark.parametrize("seat", [0, 2, 3])
def test_act_refuses_another_seat(seat: int) -> None:
    state = ft.new_deal(seed=1)
    with pytest.raises(IllegalActionError) as caught:
        ft.act(state, Pass(), seat)
    assert caught.value.rule is Rule.NOT_YOUR_TURN
    assert caught.value.seat == 1


def test_apply_with_a_null_seat_still_acts_for_the_seat_to_act() -> None:
    # apply(seat=None) is the trusted, local form; a server uses act instead.
    assert ft.apply(ft.new_deal(seed=1), Pass(), seat=None).history == (Pass(),)


def test_observe_takes_the_same_integer_types_as_apply() -> None:
    state = ft.new_deal(seed=1)
    assert ft.observe(state, Index(2)) == ft.observe(state, 2)  # type: ignore[arg-type]
    with pytest.raises(InvalidSeatError):
        ft.observe(state, 4)
    with pytest.raises(InvalidSeatError):
        ft.new_deal(seed=1).hand(4)
    for bad_dealer in (lambda: ft.new_deal(dealer=4), lambda: ft.THREE_PLAYER.next_seat(3)):
        with pytest.raises(InvalidSeatError):
            bad_dealer()
    with pytest.raises(InvalidDealerError) as caught:
        ft.new_deal(dealer=4)
    assert isinstance(caught.value, ft.InvalidDealError)


HANDFUL = "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13"


@pytest.mark.parametrize(
    ("script", "action", "where"),
    [
        ("petite", "petite", "seat 2 to act, the bidding"),
        ("garde pass pass pass", "discard KS", "seat 1 to act, the écart"),
        ("garde_sans pass pass pass", "KS", "seat 1 to act, the slam announcement"),
        ("garde_sans pass pass pass pass", "discard 2S", "seat 1 to act, trick 1"),
    ],
)
def test_a_refusal_says_where_in_the_deal(script: str, action: str, where: str) -> None:
    state = play_out(deal({1: HANDFUL}, "KS"), script)
    with pytest.raises(IllegalActionError) as caught:
        ft.apply(state, ft.parse_action(action))
    error = caught.value
    assert error.where == where
    assert f"({where})" in str(error)
    assert error.rule.value in str(error)
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.where, again.rule) == (str(error), where, error.rule)


def test_a_refusal_in_a_later_trick_names_the_trick() -> None:
    state = play_out(deal({1: HANDFUL}, ""), "garde_sans pass pass pass pass")
    while len(state.tricks) < 4:
        state = ft.apply(state, ft.legal_actions(state)[-1])
    with pytest.raises(IllegalActionError) as caught:
        ft.apply(state, ft.Play("KS") if "KS" not in map(str, ft.legal_actions(state)) else Pass())
    assert caught.value.where == f"seat {state.current} to act, trick 5"


def test_a_refusal_after_the_end_and_at_the_call() -> None:
    end = ft.rollout(ft.new_deal(seed=3), __import__("random").Random(3))
    with pytest.raises(IllegalActionError) as caught:
        ft.apply(end, Pass())
    assert caught.value.where == "the deal is over"
    five = play_out(deal({1: "KS KH KD KC"}, rules=ft.FIVE_PLAYER), "pass garde pass pass pass")
    with pytest.raises(IllegalActionError) as caught:
        ft.apply(five, ft.Call("T1"))
    assert caught.value.where == "seat 2 to act, the call"
