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
    DECK,
    Card,
    IllegalActionError,
    InvalidCardError,
    InvalidDealError,
    InvalidRulesError,
    InvalidSeatError,
    Pass,
    Rule,
    State,
    TarotError,
    TarotTypeError,
)
from frenchtarot.errors import InvalidDealTypeError
from frenchtarot.testing import check_conformance
from tests.builders import deal, play_out


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


@pytest.mark.parametrize("seed", [-1, -7, -(2**70)])
def test_negative_seeds_are_refused(seed: int) -> None:
    with pytest.raises(InvalidDealError, match="0 or more"):
        ft.new_deal(seed=seed)


def test_seeds_name_distinct_deals() -> None:
    assert ft.new_deal(seed=7) != ft.new_deal(seed=8)
    assert ft.new_deal(seed=0).hands != ft.new_deal(seed=2**64).hands


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


@pytest.mark.parametrize(
    "changes",
    [
        {"seats": 0},
        {"hand_size": -5},
        {"dog_size": 0, "hand_size": 19, "seats": 4},
        {"packet": 0},
        {"handfuls": ((10, 0), (13, 30), (15, 40))},
    ],
    ids=["no-seats", "negative-hand", "no-dog", "no-packet", "zero-bonus"],
)
def test_rules_refuse_impossible_tables(changes: dict[str, object]) -> None:
    fields = {
        "name": "custom",
        "seats": 4,
        "hand_size": 18,
        "dog_size": 6,
        "packet": 3,
        "handfuls": ft.FOUR_PLAYER.handfuls,
        **changes,
    }
    with pytest.raises(InvalidRulesError):
        ft.Rules(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(("seat", "error"), [(1.5, TarotTypeError), (4, InvalidSeatError)])
def test_next_seat_refuses_what_is_not_a_seat(seat: object, error: type[TarotError]) -> None:
    with pytest.raises(error):
        ft.FOUR_PLAYER.next_seat(seat)  # type: ignore[arg-type]


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


def test_deal_from_refuses_an_endless_hand() -> None:
    hands = [itertools.repeat("KH"), [], [], []]
    with pytest.raises(InvalidDealError, match="seat 0 must have 18 cards, got more than 18"):
        ft.deal_from(hands, [])


def test_deal_from_refuses_an_endless_dog() -> None:
    pack = [str(card) for card in DECK]
    hands = [pack[0:18], pack[18:36], pack[36:54], pack[54:72]]
    with pytest.raises(InvalidDealError, match="the dog must have 6 cards"):
        ft.deal_from(hands, itertools.cycle(pack[72:]))


# --- what a refusal carries ----------------------------------------------------------------


def test_a_second_handful_is_refused_with_the_seat_to_act() -> None:
    state = play_out(
        deal({1: "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13"}, ""),
        "garde_sans pass pass pass pass",
    )
    shown = ft.legal_actions(state)[0]
    assert isinstance(shown, ft.DeclareHandful)
    state = ft.apply(state, shown)
    with pytest.raises(IllegalActionError) as caught:
        ft.apply(state, shown)
    assert caught.value.rule is Rule.HANDFUL_NOT_NOW
    assert caught.value.seat == state.current == 1


def test_an_invalid_handful_is_refused_with_the_seat_to_act() -> None:
    state = play_out(
        deal({1: "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13"}, ""),
        "garde_sans pass pass pass pass",
    )
    with pytest.raises(IllegalActionError) as caught:
        ft.apply(state, ft.DeclareHandful(["T1", "T2", "T3"]))
    assert caught.value.rule is Rule.INVALID_HANDFUL
    assert caught.value.seat == state.current == 1
    assert caught.value.detail.startswith("a handful has exactly 10, 13 or 15 cards")


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


def test_only_the_taker_may_count_the_trumps_put_in_the_ecart() -> None:
    # Seat 1 takes with the four Kings, nine trumps and two small cards, and the dog holds
    # three trumps: one trump must go to the écart. Seat 2 holds seven trumps: with that
    # écart trump it would have eight, a handful.
    taker = "KS KH KD KC T1 T2 T3 T4 T5 T6 T7 T8 T9 1S 2S"
    rules = ft.FIVE_PLAYER
    state = deal({1: taker, 2: "T11 T12 T13 T14 T15 T16 T17"}, "T18 T19 T20", rules=rules)
    state = play_out(state, "petite pass pass pass pass call KS discard 1S discard 2S discard T9")
    assert [card for card in state.discard if card.is_trump] == [Card.parse("T9")]
    state = play_out(state, "pass")
    while state.current != 2:
        state = ft.apply(state, ft.legal_actions(state)[-1])
    assert not any(isinstance(a, ft.DeclareHandful) for a in ft.legal_actions(state))
    eight = ft.DeclareHandful(["T9", "T11", "T12", "T13", "T14", "T15", "T16", "T17"])
    with pytest.raises(IllegalActionError) as caught:
        ft.apply(state, eight)
    assert caught.value.rule is Rule.INVALID_HANDFUL
    assert "does not hold T9" in caught.value.detail
