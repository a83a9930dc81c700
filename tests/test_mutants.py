"""Rules the other tests left unchecked, found by mutation testing (``docs/development.md``).

Each test pins what a player or a program sees: who a refusal names and why, the words of a
score, the winner of a trick in progress. They are written for the rule, not for a mutant;
the mutants they kill are listed in the development page.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import frenchtarot as ft
from frenchtarot import (
    FIVE_PLAYER,
    Bid,
    Call,
    Card,
    Contract,
    DeclareHandful,
    Discard,
    Pass,
    Play,
    Rule,
    State,
    TarotTypeError,
)
from tests.builders import assert_refused, deal, play_out

# --- a refusal names the seat to act, the moment and the reason ----------------------------

# new_deal(seed=1): dealer 0, seat 1 speaks first (its hand is in test_dealing.py).
TRUMPS = "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 EX"


def seed_1(script: str = "") -> State:
    return play_out(ft.new_deal(seed=1), script)


def handful_deal() -> State:
    """Seat 1 leads the first trick (Garde sans) holding T1 to T13, the Excuse, QH and KH."""
    return play_out(deal({1: TRUMPS + " KH QH"}, ""), "garde_sans pass pass pass pass")


def handful(text: str) -> DeclareHandful:
    return DeclareHandful(text.split())


def after_the_first_trick() -> State:
    state = ft.apply(handful_deal(), handful("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10"))
    while not state.tricks:
        state = ft.apply(state, next(a for a in ft.legal_actions(state) if isinstance(a, Play)))
    return state


def five_player_call() -> State:
    return play_out(deal({1: "KS KH QS"}, rules=FIVE_PLAYER), "petite pass pass pass pass")


REFUSALS: list[tuple[str, Callable[[], State], ft.Action, int | None, Rule, int, str, str]] = [
    # (id, state, action, seat claiming to act, rule, seat named, detail, where)
    (
        "not-your-turn",
        seed_1,
        Pass(),
        3,
        Rule.NOT_YOUR_TURN,
        1,
        "it is seat 1's turn, not 3's",
        "seat 1 to act, the bidding",
    ),
    (
        "play-in-the-bidding",
        seed_1,
        Play(Card.parse("KS")),
        None,
        Rule.WRONG_PHASE,
        1,
        "the deal is in the bidding phase",
        "seat 1 to act, the bidding",
    ),
    (
        "bid-too-low",
        lambda: seed_1("garde"),
        Bid(Contract.PETITE),
        None,
        Rule.BID_TOO_LOW,
        2,
        "the highest bid is garde",
        "seat 2 to act, the bidding",
    ),
    (
        "bid-too-low-after-garde-sans",
        lambda: seed_1("pass garde_sans"),
        Bid(Contract.GARDE),
        None,
        Rule.BID_TOO_LOW,
        3,
        "the highest bid is garde_sans",
        "seat 3 to act, the bidding",
    ),
    (
        "pass-in-the-ecart",
        lambda: seed_1("garde pass pass pass"),
        Pass(),
        None,
        Rule.WRONG_PHASE,
        1,
        "the deal is in the discard phase",
        "seat 1 to act, the écart",
    ),
    (
        "discard-a-king",
        lambda: seed_1("garde pass pass pass"),
        Discard(Card.parse("KS")),
        None,
        Rule.FORBIDDEN_DISCARD,
        1,
        "allowed: 1S 4S 7S CS QS 6H 2D 3D 5D 7D 9D 6C 7C 8C JC",
        "seat 1 to act, the écart",
    ),
    (
        "bid-at-the-slam-announcement",
        lambda: seed_1("garde_sans pass pass pass"),
        Bid(Contract.GARDE),
        None,
        Rule.WRONG_PHASE,
        1,
        "the deal is in the slam phase",
        "seat 1 to act, the slam announcement",
    ),
    (
        "pass-in-the-play",
        lambda: seed_1("garde_sans pass pass pass pass"),
        Pass(),
        None,
        Rule.WRONG_PHASE,
        1,
        "the deal is in the play phase",
        "seat 1 to act, trick 1",
    ),
    (
        "call-a-queen-without-the-four-kings",
        five_player_call,
        Call(Card.parse("QS")),
        None,
        Rule.CARD_NOT_CALLABLE,
        1,
        "allowed: KS KH KD KC",
        "seat 1 to act, the call",
    ),
    (
        "pass-at-the-call",
        five_player_call,
        Pass(),
        None,
        Rule.WRONG_PHASE,
        1,
        "the deal is in the call phase",
        "seat 1 to act, the call",
    ),
    (
        "handful-of-the-wrong-size",
        handful_deal,
        handful("T1 T2 T3"),
        None,
        Rule.INVALID_HANDFUL,
        1,
        "a handful has exactly 10, 13 or 15 cards, not 3",
        "seat 1 to act, trick 1",
    ),
    (
        "handful-with-suit-cards",
        handful_deal,
        handful("T1 T2 T3 T4 T5 T6 T7 T8 KH QH"),
        None,
        Rule.INVALID_HANDFUL,
        1,
        "a handful shows only trumps and the Excuse, not QH KH",
        "seat 1 to act, trick 1",
    ),
    (
        "handful-with-trumps-not-held",
        handful_deal,
        handful("T1 T2 T3 T4 T5 T6 T7 T8 T20 T21"),
        None,
        Rule.INVALID_HANDFUL,
        1,
        "the player does not hold T20 T21",
        "seat 1 to act, trick 1",
    ),
    (
        "handful-with-the-excuse-and-trumps-hidden",
        handful_deal,
        handful("EX T1 T2 T3 T4 T5 T6 T7 T8 T9"),
        None,
        Rule.INVALID_HANDFUL,
        1,
        "the Excuse may be shown only with every trump held, and T10 T11 T12 T13 is hidden",
        "seat 1 to act, trick 1",
    ),
    (
        "second-handful",
        lambda: ft.apply(handful_deal(), handful("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10")),
        handful("T4 T5 T6 T7 T8 T9 T10 T11 T12 T13"),
        None,
        Rule.HANDFUL_NOT_NOW,
        1,
        "seat 1 has already shown a handful",
        "seat 1 to act, trick 1",
    ),
    (
        "handful-after-the-first-trick",
        after_the_first_trick,
        handful("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10"),
        None,
        Rule.HANDFUL_NOT_NOW,
        0,
        "the first trick is over",
        "seat 0 to act, trick 2",
    ),
]


@pytest.mark.parametrize(
    ("make", "action", "claim", "rule", "seat", "detail", "where"),
    [row[1:] for row in REFUSALS],
    ids=[row[0] for row in REFUSALS],
)
def test_a_refusal_names_the_seat_to_act_the_moment_and_the_reason(
    make: Callable[[], State],
    action: ft.Action,
    claim: int | None,
    rule: Rule,
    seat: int,
    detail: str,
    where: str,
) -> None:
    state = make()
    error = assert_refused(state, action, rule, seat=claim)
    assert (error.seat, error.detail, error.where) == (seat, detail, where)
    assert str(error) == f"illegal action {action} ({where}): {rule.value} ({detail})"


def test_a_refusal_after_the_deal_names_no_seat() -> None:
    state = ft.new_deal(seed=232)  # a petit sec: annulled as dealt
    error = assert_refused(state, Pass(), Rule.GAME_OVER)
    assert (error.seat, error.detail, error.where) == (None, "", "the deal is over")


# --- a value of the wrong type is named in the message -------------------------------------

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


# --- the words of a score --------------------------------------------------------------------


# --- who holds a trick in progress (what SimplePlayer asks) ---------------------------------


# --- an action is recognised by its type, subclasses included -------------------------------


def test_an_instance_of_a_subclass_of_play_is_played() -> None:
    class MarkedPlay(Play):
        """A program's own kind of Play (for example, carrying a timestamp)."""

    state = seed_1("garde_sans pass pass pass pass")
    card = next(a.card for a in ft.legal_actions(state) if isinstance(a, Play))
    played = ft.apply(state, MarkedPlay(card))
    assert played.current_trick == (card,)
    assert played.hands == ft.apply(state, Play(card)).hands
