"""Inputs that once slipped past the argument checks (issue 14 of the project's tracker).

Each test pins one finding of an outside review: the call that misbehaved then and the
typed refusal it gets now. The notation findings are in ``test_notation_hardening.py``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest
from attrs.exceptions import FrozenInstanceError

import frenchtarot as ft
from frenchtarot import (
    Card,
    IllegalActionError,
    InvalidCardError,
    InvalidDealError,
    InvalidSeatError,
    Pass,
    Rule,
    State,
    TarotError,
    TarotTypeError,
)
from frenchtarot.errors import InvalidDealTypeError
from frenchtarot.testing import check_conformance


def finished() -> State:
    return ft.rollout(ft.new_deal(seed=3), random.Random(3))


# --- rollout checks its arguments ----------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: ft.rollout("x", random.Random(1)),  # type: ignore[arg-type]
        lambda: ft.rollout(None, random.Random(1)),  # type: ignore[arg-type]
        lambda: ft.rollout(ft.new_deal(seed=1), None),
        lambda: ft.rollout(ft.new_deal(seed=1), 7),  # type: ignore[arg-type]
        lambda: ft.rollout(ft.new_deal(seed=1), random.Random(1), 5),  # type: ignore[arg-type]
        lambda: ft.rollout(finished(), None),
    ],
    ids=["state-str", "state-none", "rng-none", "rng-int", "policy-int", "finished-rng-none"],
)
def test_rollout_refuses_wrong_types(call: Callable[[], object]) -> None:
    with pytest.raises(TarotTypeError):
        call()


def test_rollout_with_a_policy_needs_no_generator() -> None:
    end = ft.rollout(ft.new_deal(seed=2), None, lambda state, actions: actions[0])
    assert end.is_terminal


# --- the seat is checked on a finished deal too --------------------------------------------


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


# --- seeds ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "error"),
    [
        (1.5, InvalidDealTypeError),
        ("a", InvalidDealTypeError),
        (True, InvalidDealTypeError),
        (None, InvalidDealTypeError),
        (-1, InvalidDealError),
    ],
)
def test_check_conformance_refuses_bad_seeds(seed: object, error: type[TarotError]) -> None:
    with pytest.raises(error):
        check_conformance(deals=1, seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("field", ["deals", "probes"])
@pytest.mark.parametrize("value", [1.5, "2", True])
def test_check_conformance_refuses_counts_of_the_wrong_type(field: str, value: object) -> None:
    with pytest.raises(InvalidDealTypeError):
        check_conformance(**{field: value})  # type: ignore[arg-type]


def test_check_conformance_refuses_rules_of_the_wrong_type() -> None:
    with pytest.raises(InvalidDealTypeError):
        check_conformance(deals=1, rules="four")  # type: ignore[arg-type]


# --- Rules ---------------------------------------------------------------------------------


# --- Trick and Handful hold only what they say ----------------------------------------------

CARDS = (Card.parse("KH"), Card.parse("1H"), Card.parse("2H"), Card.parse("3H"))


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((0, [list(CARDS)], 0), TarotTypeError),
        ((0, "KH 1H 2H 3H", 0), TarotTypeError),
        ((0, [*CARDS[:3], CARDS[0]], 0), InvalidCardError),
        ((0, CARDS[:2], 0), InvalidCardError),
        ((0, itertools.cycle(CARDS), 0), InvalidCardError),
        (("0", CARDS, 0), TarotTypeError),
        ((0, CARDS, 4), InvalidSeatError),
        ((-1, CARDS, 0), InvalidSeatError),
    ],
    ids=["nested-list", "text", "repeat", "two-cards", "endless", "str-seat", "winner", "leader"],
)
def test_a_trick_refuses_bad_values(args: tuple[object, object, object], error: type) -> None:
    with pytest.raises(error):
        ft.Trick(*args)  # type: ignore[arg-type]


def test_a_trick_made_from_a_list_is_a_hashable_tuple() -> None:
    trick = ft.Trick(1, list(CARDS), 1)
    assert trick.cards == CARDS
    assert hash(trick) == hash(ft.Trick(1, CARDS, 1))
    assert not hasattr(trick.cards, "append")


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((0, [[Card.parse("T1")]]), TarotTypeError),
        ((0, itertools.repeat(Card.parse("T1"))), InvalidCardError),
        ((0, [Card.parse("T1"), Card.parse("T1")]), InvalidCardError),
        ((5, [Card.parse("T1")]), InvalidSeatError),
        ((None, [Card.parse("T1")]), TarotTypeError),
    ],
    ids=["nested-list", "endless", "repeat", "seat-5", "seat-none"],
)
def test_a_handful_refuses_bad_values(args: tuple[object, object], error: type) -> None:
    with pytest.raises(error):
        ft.Handful(*args)  # type: ignore[arg-type]


def test_a_handful_made_from_a_list_is_sorted_and_hashable() -> None:
    handful = ft.Handful(2, [Card.parse("T3"), Card.parse("T1")])
    assert handful.cards == (Card.parse("T1"), Card.parse("T3"))
    assert hash(handful) == hash(ft.Handful(2, (Card.parse("T1"), Card.parse("T3"))))


# --- deal_from reads no endless iterable ----------------------------------------------------


# --- what a refusal carries ----------------------------------------------------------------


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


# --- only the taker counts the écart's trumps in a handful (reachable with five players) ----
