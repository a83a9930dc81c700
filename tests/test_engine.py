"""The checked entry points: ``apply``, ``act``, ``is_legal``, ``legal_actions``, ``score``,
``returns`` and ``observe``: the seat they take (``act``'s, for a server; ``apply``'s, for
local code), the values they refuse, and what a wrong type is called in the message.

(What a refusal of an action says is in ``test_errors.py``; the promises the entry points
keep at every step of a deal are checked by ``check_conformance``, ``test_properties.py``.)
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import (
    Action,
    Card,
    Contract,
    IllegalActionError,
    InvalidSeatError,
    Pass,
    Play,
    Rule,
    State,
    TarotError,
    TarotTypeError,
    apply,
    is_legal,
    legal_actions,
    new_deal,
    score,
)
from frenchtarot.errors import InvalidDealerError
from tests.builders import play_out, snapshot
from tests.strategies import actions, states


def seed_1(script: str = "") -> State:
    return play_out(ft.new_deal(seed=1), script)


def finished() -> State:
    return ft.rollout(ft.new_deal(seed=3), random.Random(3))


# --- act: the action of the seat that sends it -------------------------------------------


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


# --- the seat claimed, and the values refused ----------------------------------------------


@pytest.mark.parametrize(
    ("seat", "error"),
    [(-1, InvalidSeatError), (4, InvalidSeatError), (True, TarotTypeError), ("1", TarotTypeError)],
)
def test_apply_checks_the_claimed_seat(seat: object, error: type[TarotError]) -> None:
    state = new_deal(seed=1)
    with pytest.raises(error) as info:
        apply(state, Pass(), seat=seat)  # type: ignore[arg-type]
    assert repr(seat) in str(info.value) or str(seat) in str(info.value)
    with pytest.raises(error):
        is_legal(state, Pass(), seat=seat)  # type: ignore[arg-type]
    assert apply(state, Pass(), seat=1).current == 2


@pytest.mark.parametrize("not_a_state", [None, "state", 3, new_deal(seed=1).hands])
def test_functions_taking_a_state_refuse_anything_else(not_a_state: object) -> None:
    calls: list[Callable[[], object]] = [
        lambda: apply(not_a_state, Pass()),  # type: ignore[arg-type]
        lambda: legal_actions(not_a_state),  # type: ignore[arg-type]
        lambda: is_legal(not_a_state, Pass()),  # type: ignore[arg-type]
        lambda: score(not_a_state),  # type: ignore[arg-type]
        lambda: ft.returns(not_a_state),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(TarotTypeError, match="expected a State"):
            call()


@pytest.mark.parametrize("value", ["pass", None, 3, Card.parse("KH"), Contract.GARDE])
def test_apply_of_a_non_action_raises_tarot_type_error(value: object) -> None:
    state = new_deal(seed=1)
    with pytest.raises(TarotTypeError) as info:
        apply(state, value)  # type: ignore[arg-type]
    assert isinstance(info.value, TypeError)
    assert state == new_deal(seed=1)


@pytest.mark.parametrize(
    ("seat", "error"),
    [("x", TarotTypeError), (1.5, TarotTypeError), (True, TarotTypeError), (99, InvalidSeatError)],
)
def test_a_bad_seat_is_refused_on_a_finished_deal(seat: object, error: type[TarotError]) -> None:
    end = finished()
    with pytest.raises(error):
        ft.is_legal(end, Pass(), seat=seat)  # type: ignore[arg-type]
    with pytest.raises(error):
        ft.apply(end, Pass(), seat=seat)  # type: ignore[arg-type]


def test_a_good_seat_on_a_finished_deal_meets_game_over() -> None:
    with pytest.raises(IllegalActionError) as caught:
        ft.apply(finished(), Pass(), seat=2)
    assert caught.value.rule is Rule.GAME_OVER


WRONG_TYPES: list[tuple[str, Callable[[], object], str]] = [
    ("legal_actions", lambda: ft.legal_actions("x"), "expected a State, not str"),  # type: ignore[arg-type]
    ("apply", lambda: ft.apply(["x"], Pass()), "expected a State, not list"),  # type: ignore[arg-type]
    ("is_legal", lambda: ft.is_legal(3, Pass()), "expected a State, not int"),  # type: ignore[arg-type]
    ("score", lambda: ft.score("x"), "expected a State, not str"),  # type: ignore[arg-type]
    ("act", lambda: ft.act("x", Pass(), 1), "expected a State, not str"),  # type: ignore[arg-type]
    (
        "apply-a-string",
        lambda: ft.apply(ft.new_deal(seed=1), "pass"),  # type: ignore[arg-type]
        "expected an action (Bid, Pass, Play, ...), not 'pass'",
    ),
    (
        "apply-a-card",
        lambda: ft.apply(ft.new_deal(seed=1), Card.parse("KH")),  # type: ignore[arg-type]
        "expected an action (Bid, Pass, Play, ...), not Card",
    ),
    (
        "apply-a-number-after-the-deal",
        lambda: ft.apply(ft.new_deal(seed=232), 7),  # type: ignore[arg-type]
        "expected an action (Bid, Pass, Play, ...), not 7",
    ),
    (
        "apply-a-string-out-of-turn",
        lambda: ft.apply(ft.new_deal(seed=1), "pass", seat=2),  # type: ignore[arg-type]
        "expected an action (Bid, Pass, Play, ...), not 'pass'",
    ),
]


@pytest.mark.parametrize(
    ("call", "message"), [row[1:] for row in WRONG_TYPES], ids=[row[0] for row in WRONG_TYPES]
)
def test_a_value_of_the_wrong_type_is_named_in_the_refusal(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(TarotTypeError) as caught:
        call()
    assert str(caught.value) == message


def test_an_instance_of_a_subclass_of_play_is_played() -> None:
    class MarkedPlay(Play):
        """A program's own kind of Play (for example, carrying a timestamp)."""

    state = seed_1("garde_sans pass pass pass pass")
    card = next(a.card for a in ft.legal_actions(state) if isinstance(a, Play))
    played = ft.apply(state, MarkedPlay(card))
    assert played.current_trick == (card,)
    assert played.hands == ft.apply(state, Play(card)).hands


@given(states(), actions(), st.integers(min_value=0, max_value=4), st.data())
def test_an_action_is_taken_only_from_the_seat_to_act(
    state: State, drawn: Action, claim: int, data: st.DataObject
) -> None:
    """``apply(..., seat=s)`` and ``is_legal(..., seat=s)`` take an action only when ``s`` is
    to act and the action is legal; another seat is refused for ``NOT_YOUR_TURN`` (after
    the deal, ``GAME_OVER``), and the refusal names the seat to act. (``check_conformance``
    checks apply and is_legal without a seat.)"""
    legal = legal_actions(state)
    action: Action = drawn
    from_legal: bool = data.draw(st.booleans(), label="from the legal actions")
    if legal and from_legal:
        action = data.draw(st.sampled_from(legal), label="legal action")
    seat = claim % state.rules.seats
    before = snapshot(state)
    alone = is_legal(state, action)
    try:
        after = apply(state, action, seat=seat)
    except IllegalActionError as error:
        assert error.action == action
        assert error.seat == state.current
        if state.is_terminal:
            assert error.rule is Rule.GAME_OVER
        elif seat != state.current:
            assert error.rule is Rule.NOT_YOUR_TURN
        else:
            assert not alone
        assert not is_legal(state, action, seat=seat)
    else:
        assert seat == state.current and alone
        assert is_legal(state, action, seat=seat)
        assert after == apply(state, action)
    assert state == before and hash(state) == hash(before)
