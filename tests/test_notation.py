"""Tests for the text notation of cards and actions, and for every way it can be refused.

Cards: ``Card.parse`` / ``str(card)`` (the 78 round trips are in ``test_cards.py``; this file
covers the refusals). Actions: ``parse_action`` / ``str(action)`` for all six kinds.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from frenchtarot import (
    DECK,
    Action,
    AnnounceSlam,
    Bid,
    Card,
    Contract,
    DeclareHandful,
    Discard,
    NotationError,
    Pass,
    Play,
    TarotError,
    TarotTypeError,
    parse_action,
)


def check_notation_error(error: NotationError, text: str) -> None:
    """A refusal must name the bad text, both in its message and in ``.text``."""
    assert isinstance(error, TarotError)
    assert isinstance(error, ValueError)
    assert not isinstance(error, TypeError)
    assert error.text == text
    assert repr(text) in str(error)


# ---------------------------------------------------------------------------------------------
# Card notation refusals.

BAD_CARD_TEXTS = [
    pytest.param("", id="empty"),
    pytest.param("   ", id="blank"),
    pytest.param("\t\n", id="white-space"),
    pytest.param("garbage", id="garbage"),
    pytest.param("0S", id="rank-0-in-a-suit"),
    pytest.param("15S", id="rank-15-in-a-suit"),
    pytest.param("11H", id="rank-11-instead-of-J"),
    pytest.param("-1D", id="negative-rank"),
    pytest.param("T0", id="trump-0"),
    pytest.param("T22", id="trump-22"),
    pytest.param("T", id="trump-without-number"),
    pytest.param("T-1", id="trump-negative"),
    pytest.param("KX", id="bad-suit-letter"),
    pytest.param("1Z", id="bad-suit-letter-number"),
    pytest.param("10T", id="T-is-no-suit"),
    pytest.param("K", id="rank-only"),
    pytest.param("S", id="suit-only"),
    pytest.param("HK", id="suit-before-rank"),
    pytest.param("K H", id="inner-space"),
    pytest.param("KHS", id="extra-letter"),
    pytest.param("KH KH", id="two-cards"),
    pytest.param("E", id="half-excuse"),
    pytest.param("EXX", id="excuse-extra"),
    pytest.param("Excuse", id="excuse-word"),
    pytest.param("\uff2b\uff28", id="full-width"),
]


@pytest.mark.parametrize("text", BAD_CARD_TEXTS)
def test_card_notation_errors(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Card.parse(text)
    check_notation_error(info.value, text)


@pytest.mark.parametrize("value", [None, 5, 1.5, b"KH", ["KH"], DECK[0]])
def test_card_parse_of_a_non_string(value: object) -> None:
    with pytest.raises(TarotTypeError) as info:
        Card.parse(value)  # type: ignore[arg-type]
    assert isinstance(info.value, TypeError)
    assert not isinstance(info.value, NotationError)


# ---------------------------------------------------------------------------------------------
# Action notation: every kind round trips.

FIXED_ACTIONS: list[tuple[Action, str]] = [
    (Pass(), "pass"),
    (Bid(Contract.PETITE), "petite"),
    (Bid(Contract.GARDE), "garde"),
    (Bid(Contract.GARDE_SANS), "garde_sans"),
    (Bid(Contract.GARDE_CONTRE), "garde_contre"),
    (AnnounceSlam(), "slam"),
    (
        DeclareHandful(Card.parse(f"T{n}") for n in range(1, 11)),
        "handful T1 T2 T3 T4 T5 T6 T7 T8 T9 T10",
    ),
    (
        DeclareHandful(["T21", "EX", "t3", "T20", "T4", "T5", "T6", "T7", "T8", "T9", "T10"]),
        "handful T3 T4 T5 T6 T7 T8 T9 T10 T20 T21 EX",
    ),
    (
        DeclareHandful(f"T{n}" for n in range(7, 22)),
        "handful " + " ".join(f"T{n}" for n in range(7, 22)),
    ),
    (DeclareHandful(["KH"]), "handful KH"),
]
CARD_ACTIONS: list[tuple[Action, str]] = [
    *((Play(card), str(card)) for card in DECK),
    *((Discard(card), f"discard {card}") for card in DECK),
]


@pytest.mark.parametrize(
    ("action", "text"),
    FIXED_ACTIONS + CARD_ACTIONS,
    ids=[text.replace(" ", "_") for _, text in FIXED_ACTIONS + CARD_ACTIONS],
)
def test_action_round_trip(action: Action, text: str) -> None:
    assert str(action) == text
    parsed = parse_action(text)
    assert parsed == action
    assert type(parsed) is type(action)
    assert str(parsed) == text


def test_every_kind_of_action_is_in_the_round_trip_table() -> None:
    kinds = {type(action) for action, _ in FIXED_ACTIONS + CARD_ACTIONS}
    assert kinds == {Pass, Bid, Discard, AnnounceSlam, DeclareHandful, Play}
    assert {a.contract for a, _ in FIXED_ACTIONS if isinstance(a, Bid)} == set(Contract)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("PASS", Pass()),
        ("  Pass\t", Pass()),
        ("Petite", Bid(Contract.PETITE)),
        ("GARDE", Bid(Contract.GARDE)),
        (" garde_SANS ", Bid(Contract.GARDE_SANS)),
        ("Garde_Contre\n", Bid(Contract.GARDE_CONTRE)),
        ("SLAM", AnnounceSlam()),
        ("kh", Play(Card.parse("KH"))),
        (" 10s ", Play(Card.parse("10S"))),
        ("t21", Play(Card.parse("T21"))),
        ("ex", Play(Card.parse("EX"))),
        ("DISCARD 10s", Discard(Card.parse("10S"))),
        ("discard   qd", Discard(Card.parse("QD"))),
        ("Discard\tcc", Discard(Card.parse("CC"))),
        ("  HANDFUL t3 T1\n  t2  ", DeclareHandful(["T1", "T2", "T3"])),
    ],
)
def test_parse_action_ignores_case_and_spacing(text: str, action: Action) -> None:
    assert parse_action(text) == action


def test_handful_notation_is_canonical_whatever_the_input_order() -> None:
    cards = ["EX", "T9", "T1", "T12", "T5"]
    forwards = DeclareHandful(cards)
    backwards = DeclareHandful(reversed(cards))
    assert forwards == backwards
    assert str(forwards) == str(backwards) == "handful T1 T5 T9 T12 EX"


def test_empty_handful_round_trips() -> None:
    # An empty display can be made (apply refuses it as an invalid handful), so its
    # notation must read back like any other action's.
    action = DeclareHandful(())
    assert str(action) == "handful"
    assert parse_action(str(action)) == action
    assert parse_action(" Handful ") == action


# ---------------------------------------------------------------------------------------------
# Action notation refusals.

BAD_ACTION_TEXTS = [
    pytest.param("handful T1 T1 T2", id="handful-repeated-card"),
    pytest.param("", id="empty"),
    pytest.param("   ", id="blank"),
    pytest.param("garbage", id="garbage"),
    pytest.param("bid", id="bid-word"),
    pytest.param("take", id="english-take"),
    pytest.param("garde-sans", id="contract-with-dash"),
    pytest.param("pass pass", id="two-passes"),
    pytest.param("slam now", id="slam-extra-word"),
    pytest.param("KH QH", id="two-cards"),
    pytest.param("T22", id="trump-22"),
    pytest.param("T0", id="trump-0"),
    pytest.param("0H", id="rank-0"),
    pytest.param("15H", id="rank-15"),
    pytest.param("KX", id="bad-suit"),
    pytest.param("discard", id="discard-without-card"),
    pytest.param("discard KH QH", id="discard-two-cards"),
    pytest.param("discard ZZ", id="discard-unknown-card"),
    pytest.param("discard T22", id="discard-trump-22"),
    pytest.param("discard pass", id="discard-a-word"),
    pytest.param("handful ZZ", id="handful-unknown-card"),
    pytest.param("handful T1 T2 T22", id="handful-trump-22"),
    pytest.param("handful T1 15S", id="handful-rank-15"),
    pytest.param("handful pass", id="handful-a-word"),
    pytest.param("KH discard", id="discard-after-card"),
]


@pytest.mark.parametrize("text", BAD_ACTION_TEXTS)
def test_action_notation_errors(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_action(text)
    check_notation_error(info.value, text)


@pytest.mark.parametrize("value", [None, 3, b"pass", Pass(), ["pass"], DECK[5]])
def test_parse_action_of_a_non_string(value: object) -> None:
    with pytest.raises(TarotTypeError) as info:
        parse_action(value)  # type: ignore[arg-type]
    assert isinstance(info.value, TypeError)


# ---------------------------------------------------------------------------------------------
# Action constructors given notation.


def test_card_actions_accept_a_card_or_its_notation() -> None:
    for card in DECK:
        assert Play(str(card).lower()) == Play(card)
        assert Discard(f" {card} ") == Discard(card)
        assert Play(card).card is card
        assert Discard(str(card)).card is card
    assert DeclareHandful(["T1", DECK[1]]).cards == frozenset(DECK[:2])


@pytest.mark.parametrize(
    ("make", "text"),
    [
        (Play, "ZZ"),
        (Play, "T22"),
        (Discard, "15S"),
        (Discard, ""),
        (lambda text: DeclareHandful(["T1", text]), "T0"),
        (lambda text: DeclareHandful([text]), "KX"),
    ],
    ids=["play-ZZ", "play-T22", "discard-15S", "discard-empty", "handful-T0", "handful-KX"],
)
def test_constructors_refuse_bad_notation(make: object, text: str) -> None:
    assert callable(make)
    with pytest.raises(NotationError) as info:
        make(text)
    check_notation_error(info.value, text)


@pytest.mark.parametrize(
    ("make", "value"),
    [
        (Play, 5),
        (Play, None),
        (Discard, b"KH"),
        (Discard, 3.5),
        (Bid, "garde"),
        (Bid, 2),
        (Bid, None),
        (DeclareHandful, "T1 T2 T3"),
        (DeclareHandful, DECK[0]),
        (DeclareHandful, [5]),
        (DeclareHandful, ["T1", None]),
        (DeclareHandful, 5),
        (DeclareHandful, None),
    ],
    ids=lambda x: x.__name__ if isinstance(x, type) else repr(x),
)
def test_constructors_refuse_wrong_types(make: object, value: object) -> None:
    assert callable(make)
    with pytest.raises(TarotTypeError):
        make(value)


# ---------------------------------------------------------------------------------------------
# Properties.

ACTIONS: st.SearchStrategy[Action] = st.one_of(
    st.just(Pass()),
    st.sampled_from([Bid(contract) for contract in Contract]),
    st.just(AnnounceSlam()),
    st.builds(Play, st.sampled_from(DECK)),
    st.builds(Discard, st.sampled_from(DECK)),
    st.builds(DeclareHandful, st.sets(st.sampled_from(DECK), min_size=1, max_size=22)),
)


@given(ACTIONS)
def test_any_action_round_trips(action: Action) -> None:
    text = str(action)
    assert parse_action(text) == action
    assert str(parse_action(text)) == text


@given(ACTIONS, st.data())
def test_any_action_round_trips_in_any_case_and_spacing(
    action: Action, data: st.DataObject
) -> None:
    words = str(action).split(" ")
    mangled = [
        "".join(char.lower() if data.draw(st.booleans()) else char.upper() for char in word)
        for word in words
    ]
    gaps = st.sampled_from([" ", "  ", "\t", " \n "])
    text = data.draw(st.sampled_from(["", " ", "\t"]))
    for i, word in enumerate(mangled):
        text += (data.draw(gaps) if i else "") + word
    text += data.draw(st.sampled_from(["", " ", "\n"]))
    assert parse_action(text) == action


WORDS = st.sampled_from(["pass", "garde", "slam", "discard", "handful", "KH", "t1", "ex", "10s"])
TEXTS = st.lists(st.one_of(WORDS, st.text(max_size=4)), max_size=4).map(" ".join)


@given(TEXTS)
def test_parse_action_on_any_text_returns_an_action_or_a_notation_error(text: str) -> None:
    try:
        action = parse_action(text)
    except NotationError as error:
        assert error.text == text
        assert repr(text) in str(error)
    else:
        # What was read writes back, in its canonical form, to the same action. (Synonyms
        # such as "garde sans" or "play KH" are read too, so the words may differ.)
        assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("discard XX", "'XX' is not a card"),
        ("handful T1 T2 Q9", "'Q9' is not a card"),
        ("handful T1 T1 T2", "T1 shown twice"),
        ("T0", "'T0' is not a card"),
    ],
)
def test_action_notation_errors_name_the_bad_part(text: str, named: str) -> None:
    with pytest.raises(NotationError, match=named):
        parse_action(text)
