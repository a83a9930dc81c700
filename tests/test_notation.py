"""Text notation: cards and actions, read and written, with and without a position.

- ``Card.parse`` / ``str(card)`` refusals (the 78 round trips are in ``test_cards.py``) and
  ``parse_action`` / ``str(action)`` for every kind of action, in any case and spacing;
- hostile input (issue 14 of the outside review): ``parse_action`` refuses a text too long
  (or with too many words) to be an action before reading it, in linear time, and quotes
  only its start; notation is ASCII only (``Card.parse`` once read ``K`` and a long s as the
  King of Spades, and stripped any Unicode white space); ``DeclareHandful`` reads at most one
  card more than a handful can hold and refuses a card given twice; whatever they are
  given, the readers answer with a value or a :class:`TarotError` of at most 300 characters;
- notation that knows the position (issue 15, "Text from clients"): ``parse_action(text,
  state)`` reads a card alone as the card action of the phase (a call at the call, a discard
  in the écart, a play otherwise), French words as well as English, and a word that needs a
  card says what is missing, naming the choices of the seat to act; ``action.notation(state)``
  is its inverse, the way python-chess has ``san`` and ``parse_san``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import (
    DECK,
    FIVE_PLAYER,
    FOUR_PLAYER,
    THREE_PLAYER,
    Action,
    AnnounceSlam,
    Bid,
    Call,
    Card,
    Contract,
    DeclareHandful,
    Discard,
    NotationError,
    Observation,
    Pass,
    Phase,
    Play,
    Rule,
    Rules,
    State,
    TarotError,
    TarotTypeError,
    apply,
    legal_actions,
    observe,
    parse_action,
)
from tests.builders import deal, play_out
from tests.strategies import TABLES, actions, walk, walks

MESSAGE_LIMIT = 300
"""The bound on every notation error's message, whatever the text."""


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


# =============================================================================================
# Hostile input: long texts, ASCII only, bounded handfuls, fuzz.
# =============================================================================================


TRUMPS_AND_EXCUSE = [f"T{rank}" for rank in range(1, 22)] + ["EX"]
FULL_HANDFUL = "handful " + " ".join(TRUMPS_AND_EXCUSE)


def refusal(read: Callable[..., object], value: object) -> TarotError:
    """The error ``read(value)`` raises; fail if it returns."""
    with pytest.raises(TarotError) as info:
        read(value)
    return info.value


def check_value_error(error: TarotError, text: str) -> None:
    assert isinstance(error, NotationError)
    assert isinstance(error, ValueError)
    assert not isinstance(error, TypeError)
    assert error.text == text
    assert len(str(error)) <= MESSAGE_LIMIT


def long_handful(length: int) -> str:
    """``handful`` and then trumps and the Excuse, over and over, ``length`` characters."""
    words = ["handful"]
    size = len(words[0])
    for card in itertools.cycle(TRUMPS_AND_EXCUSE):
        if size + 1 + len(card) > length:
            break
        words.append(card)
        size += 1 + len(card)
    return " ".join(words).ljust(length)


# ---------------------------------------------------------------------------------------------
# 1. Long text: refused early, before it is read, with a short message.


@pytest.mark.parametrize("length", [30_000, 1_000_000])
def test_a_long_handful_is_refused_for_its_length_before_it_is_read(length: int) -> None:
    # Every word is a card, so a reader that checks each card against all the others
    # spent about ten seconds on the 30 kB text and hours on the megabyte: the text is
    # refused for its length alone, before any word is read (no timing here: speed is
    # measured by benchmarks/).
    text = long_handful(length)
    assert len(text) == length
    error = refusal(parse_action, text)
    check_value_error(error, text)
    assert f"{length} characters, too long for any action (at most 400)" in str(error)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(long_handful(1_000_000), id="handful"),
        pytest.param("x" * 1_000_000, id="one-word"),
        pytest.param("KH " * 333_333, id="many-cards"),
        pytest.param("\U000e0001" * 1_000_000, id="unprintable"),
        pytest.param("\\" * 1_000_000, id="backslashes"),
    ],
)
def test_a_megabyte_action_text_gets_a_short_message_and_keeps_its_text(text: str) -> None:
    error = refusal(parse_action, text)
    check_value_error(error, text)
    # The refused text is kept as it was given (the same object, not a copy).
    assert isinstance(error, NotationError)
    assert error.text is text
    assert "..." in str(error)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("Q" * 1_000_000, id="letters"),
        pytest.param(" " * 500_000 + "KH" + "x" * 500_000, id="padded"),
        pytest.param("\x0b" * 1_000_000, id="vertical-tabs"),
        pytest.param("\U000e0001" * 1_000_000, id="unprintable"),
    ],
)
def test_a_megabyte_card_text_gets_a_short_message(text: str) -> None:
    error = refusal(Card.parse, text)
    check_value_error(error, text)


def test_the_message_quotes_the_first_40_characters() -> None:
    text = "handful " + "T1 " * 200
    message = str(refusal(parse_action, text))
    assert repr(text[:40]) + "..." in message
    assert repr(text[:41]) not in message


def test_a_short_text_is_still_quoted_whole() -> None:
    for text in ["discard XX", "KH QH", "\t\x0bgarbage\x0c"]:
        assert repr(text) in str(refusal(parse_action, text))
    assert repr("\x0bKX ") in str(refusal(Card.parse, "\x0bKX "))


def test_an_action_may_be_up_to_400_characters_long() -> None:
    # Generous spacing is still read, up to a bound far above any action's notation.
    padded = "  ".join(FULL_HANDFUL.split()).center(400)
    assert len(padded) == 400
    action = parse_action(padded)
    assert isinstance(action, DeclareHandful)
    assert len(action.cards) == 22
    too_long = padded + " "
    error = refusal(parse_action, too_long)
    check_value_error(error, too_long)
    assert "401 characters" in str(error)


def test_a_handful_of_22_cards_is_read_and_more_words_are_refused() -> None:
    action = parse_action(FULL_HANDFUL)
    assert isinstance(action, DeclareHandful)
    assert action.cards == frozenset(Card.parse(card) for card in TRUMPS_AND_EXCUSE)
    # 24 words, all cards and none repeated: no handful is that big.
    text = FULL_HANDFUL + " KH"
    error = refusal(parse_action, text)
    check_value_error(error, text)
    assert "24 words" in str(error)
    # The bound is on words, whichever they are.
    check_value_error(refusal(parse_action, "pass " * 24), "pass " * 24)


def test_repeated_cards_name_the_lowest_one() -> None:
    error = refusal(parse_action, "handful T5 T2 T5 T2 T2")
    assert "T2 shown twice" in str(error)


# ---------------------------------------------------------------------------------------------
# 2. ASCII only.

# Characters that Unicode case mapping turns into ASCII letters.
FOLDING_TEXTS = [
    pytest.param("K\u017f", id="long-s-upper-is-S"),
    pytest.param("10\u017f", id="ten-long-s"),
    pytest.param("j\u017f", id="jack-long-s"),
    pytest.param("\u212ah", id="kelvin-sign-lower-is-k"),
    pytest.param("T\u0131", id="dotless-i"),
    pytest.param("\uff2b\uff28", id="full-width"),
]
# White space that is not ASCII, and ASCII separators that str.split takes for white space.
FOREIGN_SPACES = ["\x85", "\xa0", "\u1680", "\u2003", "\u2028", "\u3000", "\x1c", "\x1f"]


@pytest.mark.parametrize("text", FOLDING_TEXTS)
def test_card_parse_does_not_fold_other_characters_to_ascii(text: str) -> None:
    check_value_error(refusal(Card.parse, text), text)


@pytest.mark.parametrize("space", FOREIGN_SPACES, ids=lambda c: f"U+{ord(c):04X}")
def test_only_ascii_white_space_is_ignored_around_a_card(space: str) -> None:
    for text in [space + "KH", "KH" + space, f" {space}KH\t"]:
        error = refusal(Card.parse, text)
        check_value_error(error, text)
        assert f"U+{ord(space):04X}" in str(error)


@pytest.mark.parametrize("space", FOREIGN_SPACES, ids=lambda c: f"U+{ord(c):04X}")
def test_only_ascii_white_space_separates_action_words(space: str) -> None:
    for text in [f"discard{space}KH", f"pass{space}", f"{space}handful T1 T2"]:
        check_value_error(refusal(parse_action, text), text)


@pytest.mark.parametrize(
    "text", ["discard K\u017f", "K\u017f", "call K\u017f", "handful T1 T2 \u212a", "pa\u017fs"]
)
def test_parse_action_refuses_non_ascii(text: str) -> None:
    error = refusal(parse_action, text)
    check_value_error(error, text)
    assert "non-ASCII" in str(error)


def test_every_ascii_white_space_still_works() -> None:
    assert Card.parse("\x0b\x0c\t\r\n kh \r\n\t\x0c\x0b") is Card.parse("KH")
    assert parse_action("\x0cdiscard\x0b10s\r\n") == Discard("10S")
    assert parse_action("\tPASS\x0b") == Pass()


@given(st.sampled_from(DECK), st.text(min_size=1), st.integers(0, 3))
@example(Card.parse("KH"), "\xa0", 0)
@example(Card.parse("10S"), "\u2003", 3)
def test_a_card_with_any_non_ascii_character_is_refused(card: Card, extra: str, at: int) -> None:
    notation = card.notation.lower()
    at = min(at, len(notation))
    assume(not extra.isascii())
    text = notation[:at] + extra + notation[at:]
    with pytest.raises(NotationError):
        Card.parse(text)
    with pytest.raises(NotationError):
        parse_action(text)
    with pytest.raises(NotationError):
        parse_action(f"discard {text}")


@given(st.text())
@example("K\u017f")
@example("discard\u3000KH")
def test_only_ascii_text_is_ever_accepted(text: str) -> None:
    for read in (Card.parse, parse_action):
        try:
            read(text)
        except NotationError:
            pass
        else:
            assert text.isascii()


# ---------------------------------------------------------------------------------------------
# 3. DeclareHandful reads a bounded number of cards and refuses repeats.


def guarded(items: Iterator[object], pulled: list[object], limit: int = 1000) -> Iterator[object]:
    """Yield ``items``, recording each in ``pulled``; fail loudly past ``limit`` items."""
    for item in items:
        if len(pulled) >= limit:
            raise AssertionError(f"more than {limit} items were read")
        pulled.append(item)
        yield item


@pytest.mark.parametrize(
    "items",
    [
        pytest.param(lambda: itertools.repeat("T1"), id="same-card"),
        pytest.param(lambda: itertools.cycle(DECK), id="whole-deck"),
        pytest.param(lambda: itertools.cycle(TRUMPS_AND_EXCUSE), id="trumps"),
    ],
)
def test_declare_handful_reads_at_most_23_items(items: Callable[[], Iterator[object]]) -> None:
    pulled: list[object] = []
    with pytest.raises(NotationError) as info:
        DeclareHandful(guarded(items(), pulled))  # type: ignore[arg-type]
    assert len(pulled) == 23
    assert isinstance(info.value, ValueError)
    assert len(str(info.value)) <= MESSAGE_LIMIT


def test_declare_handful_of_an_endless_iterable_returns() -> None:
    # The reproducer from the issue: this call never returned.
    with pytest.raises(NotationError):
        DeclareHandful(itertools.repeat("T1"))
    with pytest.raises(TarotTypeError):
        DeclareHandful(itertools.count())  # type: ignore[arg-type]


def test_declare_handful_of_a_million_cards_is_refused() -> None:
    error = refusal(DeclareHandful, itertools.islice(itertools.repeat("T1"), 1_000_000))
    assert isinstance(error, NotationError)
    assert isinstance(error, ValueError)
    assert "at most 22 cards" in str(error)
    # The text names the cards actually read: the 23 that prove the handful too big.
    assert error.text == "handful" + " T1" * 23


def test_declare_handful_takes_up_to_22_cards() -> None:
    assert len(DeclareHandful(TRUMPS_AND_EXCUSE).cards) == 22
    assert len(DeclareHandful(DECK[-22:]).cards) == 22  # not trumps, but refused only by apply
    with pytest.raises(NotationError, match="at most 22"):
        DeclareHandful([*TRUMPS_AND_EXCUSE, "KH"])
    with pytest.raises(NotationError, match="at most 22"):
        DeclareHandful(DECK[:23])


def test_declare_handful_does_not_read_past_the_23rd_item() -> None:
    # The 24th item is never looked at, so its type does not matter.
    with pytest.raises(NotationError):
        DeclareHandful([*DECK[:23], None])  # type: ignore[list-item]
    # A wrong type among the first 23 is still a type error.
    with pytest.raises(TarotTypeError):
        DeclareHandful([*DECK[:22], None])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("cards", "repeated"),
    [
        (["T1", "T1", "T2"], "T1"),
        (["T2", "t2"], "T2"),
        ([DECK[5], DECK[5]], "T6"),
        (["EX", DECK[21]], "EX"),
        (["T9", "T3", "T9", "T3"], "T3"),
    ],
)
def test_declare_handful_refuses_a_card_given_twice(
    cards: list[Card | str], repeated: str
) -> None:
    # Decision: a repeat is refused, as parse_action refuses "handful T1 T1 T2", instead of
    # being merged into a smaller handful than the caller meant to show.
    with pytest.raises(NotationError) as info:
        DeclareHandful(cards)
    assert f"{repeated} is shown twice" in str(info.value)
    assert isinstance(info.value, ValueError)
    assert not isinstance(info.value, TypeError)
    assert info.value.text == " ".join(["handful", *(str(Card.parse(str(c))) for c in cards)])


@pytest.mark.parametrize(
    ("make", "value"),
    [
        (Play, 10**5000),
        (Discard, [0] * 100_000),
        (lambda value: DeclareHandful([value]), 10**5000),
        (DeclareHandful, "T1 " * 100_000),
        (DeclareHandful, b"T1" * 100_000),
        (lambda value: DeclareHandful(["T1", value]), "x" * 1_000_000),
    ],
    ids=["play-huge-int", "discard-long-list", "handful-huge-int", "handful-str", "bytes", "str"],
)
def test_constructor_messages_are_short(make: Callable[..., object], value: object) -> None:
    # The repr of a huge int raises ValueError (Python limits int to str conversions), and
    # the repr of a long value is long: the messages name the type or quote the start.
    error = refusal(make, value)
    assert len(str(error)) <= MESSAGE_LIMIT


# ---------------------------------------------------------------------------------------------
# Fuzz: only values or TarotErrors with short messages come out.

NOT_TEXT = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.just(10**5000),
    st.floats(),
    st.complex_numbers(),
    st.binary(),
    st.lists(st.integers()),
    st.lists(st.text(), max_size=5),
    st.tuples(st.text()),
    st.dictionaries(st.text(), st.integers(), max_size=3),
    st.sampled_from(DECK),
    st.just(Pass()),
    st.builds(object),
    st.sampled_from([Card, str, print, NotationError("bad", "bad"), ...]),
)
TEXT = st.one_of(
    st.text(),
    st.text(alphabet=st.characters(codec="ascii")),
    # Long texts, with many escapes when repeated characters are not printable.
    st.builds(lambda text, times: text * times, st.text(min_size=1), st.integers(1, 5000)),
    st.lists(st.sampled_from(["handful", "discard", "call", *TRUMPS_AND_EXCUSE]), max_size=40).map(
        " ".join
    ),
)


def answer(read: Callable[..., object], value: object) -> None:
    try:
        read(value)
    except TarotError as error:
        assert len(str(error)) <= MESSAGE_LIMIT, str(error)
        if isinstance(value, str):
            assert isinstance(error, NotationError)
            assert error.text is value
        else:
            assert isinstance(error, TarotTypeError)


@given(TEXT)
def test_fuzz_text(text: str) -> None:
    answer(Card.parse, text)
    answer(parse_action, text)


@given(NOT_TEXT)
def test_fuzz_not_text(value: object) -> None:
    answer(Card.parse, value)
    answer(parse_action, value)


# =============================================================================================
# Notation in a position: parse_action(text, state) and action.notation(state).
# =============================================================================================


# Seat 1 speaks first (seat 0 deals), takes a Garde and so leads the first trick: with ten
# trumps and the Excuse (and the dog's trumps after the écart) it may show a handful there.
HAND = "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 EX KS 2S 3S"
TAKER = 1


def reach(rules: Rules, phase: Phase) -> State:
    """A state of ``phase`` in the same deal: seat 1 takes a Garde (and calls KH at five).

    From the écart on, the taker puts aside the first cards offered, declines the slam, and
    every seat plays its first legal card (never showing a handful) until ``phase``.
    """
    state = deal({TAKER: HAND}, rules=rules)
    if phase is Phase.BIDDING:
        return state
    state = play_out(state, ["garde", *["pass"] * (rules.seats - 1)])
    if phase is Phase.CALL:
        return state
    if rules.calls_partner:
        state = play_out(state, "call KH")
    while state.phase is not phase:
        state = apply(state, next(a for a in legal_actions(state) if _plain(a)))
    return state


def _plain(action: Action) -> bool:
    return not isinstance(action, (AnnounceSlam, DeclareHandful))


def refused_text(text: str, state: State | Observation | None = None) -> str:
    """The message of the NotationError ``parse_action(text, state)`` raises."""
    with pytest.raises(NotationError) as info:
        parse_action(text, state)
    assert info.value.text is text
    if len(text) <= 40 and len(repr(text)) <= 80:  # longer texts are quoted in part
        assert repr(text) in str(info.value)
    assert len(str(info.value)) <= MESSAGE_LIMIT
    return str(info.value)


# ---------------------------------------------------------------------------------------------
# A card alone, in each phase, at four and five players (and three).

CARD_ALONE = [
    (FOUR_PLAYER, Phase.BIDDING, Play),
    (FOUR_PLAYER, Phase.DISCARD, Discard),
    (FOUR_PLAYER, Phase.SLAM, Play),
    (FOUR_PLAYER, Phase.PLAY, Play),
    (FOUR_PLAYER, Phase.DONE, Play),
    (FIVE_PLAYER, Phase.BIDDING, Play),
    (FIVE_PLAYER, Phase.CALL, Call),
    (FIVE_PLAYER, Phase.DISCARD, Discard),
    (FIVE_PLAYER, Phase.SLAM, Play),
    (FIVE_PLAYER, Phase.PLAY, Play),
    (FIVE_PLAYER, Phase.DONE, Play),
    (THREE_PLAYER, Phase.DISCARD, Discard),
    (THREE_PLAYER, Phase.PLAY, Play),
]


@pytest.mark.parametrize(
    ("rules", "phase", "kind"),
    CARD_ALONE,
    ids=[f"{rules.seats}p-{phase.value}" for rules, phase, _ in CARD_ALONE],
)
@pytest.mark.parametrize("text", ["KH", "2s", " t21 ", "Ex", "10D"])
def test_a_card_alone_is_the_card_action_of_the_phase(
    rules: Rules, phase: Phase, kind: type[Play | Discard | Call], text: str
) -> None:
    state = reach(rules, phase)
    assert state.phase is phase
    card = Card.parse(text)
    assert parse_action(text, state) == kind(card)
    # An observation is a position too, from any seat.
    for seat in range(rules.seats):
        assert parse_action(text, observe(state, seat)) == kind(card)
    # Without a position a card alone is a play, as it always was.
    assert parse_action(text) == Play(card)


@pytest.mark.parametrize(
    ("rules", "phase", "script"),
    [
        (FOUR_PLAYER, Phase.DISCARD, "2S 3S 3H 4H 5H 6H"),
        (THREE_PLAYER, Phase.DISCARD, "2S 3S 9H 10H JH CH"),
        (FIVE_PLAYER, Phase.CALL, "KH"),
        (FIVE_PLAYER, Phase.DISCARD, "2S 3S 10S"),
    ],
)
def test_bare_cards_are_applied_in_the_call_and_the_ecart(
    rules: Rules, phase: Phase, script: str
) -> None:
    state = reach(rules, phase)
    expected = Discard if phase is Phase.DISCARD else Call
    for text in script.split():
        action = parse_action(text, state)
        assert action == expected(text)
        state = apply(state, action)
    assert state.phase is (Phase.DISCARD if phase is Phase.CALL else Phase.SLAM)


def test_the_full_forms_are_read_in_any_phase_and_apply_decides() -> None:
    # The position guides the reading of a card alone only: "discard 2S" is a Discard in
    # the play, and apply refuses it there.
    play = reach(FOUR_PLAYER, Phase.PLAY)
    ecart = reach(FOUR_PLAYER, Phase.DISCARD)
    assert parse_action("discard 2S", play) == Discard("2S")
    assert parse_action("call KS", play) == Call("KS")
    assert parse_action("play 2S", ecart) == Play("2S")
    assert parse_action("joue 2s", ecart) == Play("2S")
    assert parse_action("handful T1 T2", ecart) == DeclareHandful(["T1", "T2"])
    assert parse_action("garde", play) == Bid(Contract.GARDE)
    for state, text in [(play, "discard 2S"), (ecart, "play 2S"), (play, "garde")]:
        with pytest.raises(ft.IllegalActionError) as info:
            apply(state, parse_action(text, state))
        assert info.value.rule is Rule.WRONG_PHASE


def test_pass_and_slam_are_the_same_in_every_phase() -> None:
    for rules in TABLES:
        for phase in (Phase.BIDDING, Phase.SLAM, Phase.PLAY):
            state = reach(rules, phase)
            for text in ("pass", "PASS", "passe"):
                assert parse_action(text, state) == Pass()
            for text in ("slam", "chelem", "Chelem"):
                assert parse_action(text, state) == AnnounceSlam()


# ---------------------------------------------------------------------------------------------
# French words.

FRENCH = [
    ("passe", Pass()),
    ("PASSE", Pass()),
    ("prise", Bid(Contract.PETITE)),
    ("Prise", Bid(Contract.PETITE)),
    ("petite", Bid(Contract.PETITE)),
    ("garde", Bid(Contract.GARDE)),
    ("garde sans", Bid(Contract.GARDE_SANS)),
    ("Garde  Sans", Bid(Contract.GARDE_SANS)),
    ("garde_sans", Bid(Contract.GARDE_SANS)),
    ("gardesans", Bid(Contract.GARDE_SANS)),
    ("garde sans le chien", Bid(Contract.GARDE_SANS)),
    ("GARDE SANS LE CHIEN", Bid(Contract.GARDE_SANS)),
    ("garde_sans_le_chien", Bid(Contract.GARDE_SANS)),
    ("garde contre", Bid(Contract.GARDE_CONTRE)),
    ("garde_contre", Bid(Contract.GARDE_CONTRE)),
    ("gardecontre", Bid(Contract.GARDE_CONTRE)),
    ("garde contre le chien", Bid(Contract.GARDE_CONTRE)),
    ("\tgarde\ncontre  le chien ", Bid(Contract.GARDE_CONTRE)),
    ("chelem", AnnounceSlam()),
    ("poignee T1 T2 T3", DeclareHandful(["T1", "T2", "T3"])),
    ("Poignee t3 ex t1", DeclareHandful(["T1", "T3", "EX"])),
    ("appel KS", Call("KS")),
    ("appelle qh", Call("QH")),
    ("ecart 2S", Discard("2S")),
    ("ECARTE 10d", Discard("10D")),
    ("joue KH", Play("KH")),
    ("play KH", Play("KH")),
]


@pytest.mark.parametrize(("text", "action"), FRENCH, ids=[text for text, _ in FRENCH])
def test_french_words(text: str, action: Action) -> None:
    # The same in every position: these words say everything, the position adds nothing.
    assert parse_action(text) == action
    for rules in TABLES:
        for phase in (Phase.BIDDING, Phase.DISCARD, Phase.PLAY):
            assert parse_action(text, reach(rules, phase)) == action
    # What str() writes is the English notation.
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    "text",
    [
        "garde-sans",
        "garde sans chien",
        "garde le chien",
        "sans",
        "contre",
        "garde garde",
        "garde sans sans",
        "gardesans le chien",
        "prise garde",
        "passe passe",
        "chelem now",
        "le chien",
        "appel",
        "appel KS QS",
        "ecart ZZ",
        "joue",
        "joue KH QH",
        "poignee T1 T1",
        "poignee ZZ",
        "prendre",
    ],
)
def test_french_misspellings_are_refused(text: str) -> None:
    refused_text(text)
    refused_text(text, reach(FOUR_PLAYER, Phase.PLAY))


@pytest.mark.parametrize(
    "text", ["poignée T1", "écart 2S", "écarte 2S", "passé", "garde sans le chien\u00a0"]
)
def test_accented_words_are_refused_as_non_ascii(text: str) -> None:
    # Notation is ASCII only (the hardening of issue 14): write the words without accents.
    for state in (None, reach(FOUR_PLAYER, Phase.DISCARD)):
        assert "non-ASCII" in refused_text(text, state)


# ---------------------------------------------------------------------------------------------
# A word without its card: the message says what is missing.


@pytest.mark.parametrize(
    ("text", "example"),
    [
        ("discard", "'discard 2S'"),
        ("DISCARD", "'discard 2S'"),
        ("ecart", "'ecart 2S'"),
        ("ecarte", "'ecarte 2S'"),
        ("call", "'call KS'"),
        ("appel", "'appel KS'"),
        ("appelle", "'appelle KS'"),
        ("play", "'play KH'"),
        ("joue", "'joue KH'"),
    ],
)
def test_a_word_without_its_card_says_a_card_must_follow(text: str, example: str) -> None:
    message = refused_text(text)
    assert "is not a card" not in message
    assert f"a card must follow {text.lower()!r}, e.g. {example}" in message


def test_discard_alone_lists_what_the_taker_may_put_aside() -> None:
    for rules in TABLES:
        state = reach(rules, Phase.DISCARD)
        allowed = " ".join(str(a.card) for a in legal_actions(state) if isinstance(a, Discard))
        for text in ("discard", "ecart", " Ecarte "):
            message = refused_text(text, state)
            assert f"discard what? seat {TAKER}, the taker, may put aside {allowed}" in message
            assert "the card alone will do" in message
    assert "may put aside 2S 3S 3H 4H 5H 6H (" in refused_text(
        "discard", reach(FOUR_PLAYER, Phase.DISCARD)
    )


def test_call_alone_lists_the_callable_cards() -> None:
    state = reach(FIVE_PLAYER, Phase.CALL)
    for text in ("call", "appel", "APPELLE"):
        message = refused_text(text, state)
        assert f"call what? seat {TAKER}, the taker, may call KS KH KD KC" in message


def test_play_alone_lists_the_legal_cards_and_the_trick() -> None:
    state = play_out(reach(FOUR_PLAYER, Phase.PLAY), "T1")
    legal = " ".join(str(a.card) for a in legal_actions(state) if isinstance(a, Play))
    for text in ("play", "joue"):
        message = refused_text(text, state)
        assert f"play what? seat {state.current} may play {legal} in trick 1" in message


def test_handful_alone_lists_the_sizes_and_the_offered_displays() -> None:
    for rules, sizes in [(FOUR_PLAYER, "10, 13 or 15"), (FIVE_PLAYER, "8, 10 or 13")]:
        state = reach(rules, Phase.PLAY)
        offered = [str(a) for a in legal_actions(state) if isinstance(a, DeclareHandful)]
        assert offered
        for text in ("handful", "poignee"):
            message = refused_text(text, state)
            assert f"handful of what? a handful is {sizes} trumps" in message
            assert f"seat {TAKER} may show e.g. {offered[0]}" in message
    # Without a position, "handful" alone is still the empty handful (apply refuses it).
    assert parse_action("handful") == DeclareHandful(())
    assert parse_action("poignee") == DeclareHandful(())


@pytest.mark.parametrize(
    ("rules", "phase", "text", "said"),
    [
        (
            FOUR_PLAYER,
            Phase.BIDDING,
            "discard",
            "nothing is put aside now: the deal is in the bidding phase",
        ),
        (
            FOUR_PLAYER,
            Phase.PLAY,
            "ecart",
            "nothing is put aside now: the deal is in the play phase",
        ),
        (
            FOUR_PLAYER,
            Phase.DISCARD,
            "call",
            "no card is called now: the deal is in the discard phase (only five players call a",
        ),
        (
            FIVE_PLAYER,
            Phase.DISCARD,
            "call",
            "no card is called now: the deal is in the discard phase",
        ),
        (
            FIVE_PLAYER,
            Phase.CALL,
            "discard",
            "nothing is put aside now: the deal is in the call phase",
        ),
        (FOUR_PLAYER, Phase.SLAM, "play", "no card is played now: the deal is in the slam phase"),
        (
            FIVE_PLAYER,
            Phase.CALL,
            "handful",
            "no handful is shown now: the deal is in the call phase",
        ),
        (
            THREE_PLAYER,
            Phase.BIDDING,
            "poignee",
            "no handful is shown now: the deal is in the bidding phase",
        ),
        (FOUR_PLAYER, Phase.DONE, "discard", "discard what? the deal is over (done)"),
        (FOUR_PLAYER, Phase.DONE, "handful", "handful of what? the deal is over (done)"),
        (FOUR_PLAYER, Phase.DONE, "joue", "play what? the deal is over (done)"),
    ],
)
def test_a_word_out_of_its_phase_names_the_phase(
    rules: Rules, phase: Phase, text: str, said: str
) -> None:
    assert said in refused_text(text, reach(rules, phase))


def test_handful_alone_says_why_no_handful_can_be_shown() -> None:
    start = reach(FOUR_PLAYER, Phase.PLAY)
    shown = play_out(start, [legal_actions(start)[0]])
    assert f"seat {TAKER} may show no handful: seat {TAKER} has shown one already" in refused_text(
        "handful", shown
    )
    later = play_out(start, "T1 7H JD T17")
    assert "may show no handful: the first trick is over" in refused_text("handful", later)
    # Seat 2, second to play, holds no trump here.
    second = play_out(start, "T1")
    assert "seat 2 holds too few trumps (a handful is 10, 13 or 15)" in refused_text(
        "handful", second
    )
    # An observation from another seat does not know that seat's trumps.
    message = refused_text("handful", observe(second, 0))
    assert "a handful is 10, 13 or 15 trumps, shown before one's first card" in message


def test_an_observation_lists_choices_only_for_its_own_turn() -> None:
    state = reach(FOUR_PLAYER, Phase.DISCARD)
    mine = refused_text("discard", observe(state, TAKER))
    assert mine == refused_text("discard", state)
    other = refused_text("discard", observe(state, 0))
    assert "seat 1, the taker, is putting cards aside: one must follow" in other
    assert "2S" not in other


@pytest.mark.parametrize(
    ("rules", "phase", "said"),
    [
        (
            FOUR_PLAYER,
            Phase.BIDDING,
            "seat 1 is to bid: pass, petite, garde, garde_sans or garde_contre",
        ),
        (FIVE_PLAYER, Phase.CALL, "seat 1, the taker, is to call a card: KS KH KD KC"),
        (
            FOUR_PLAYER,
            Phase.DISCARD,
            "seat 1, the taker, is to put a card aside: 2S 3S 3H 4H 5H 6H",
        ),
        (FOUR_PLAYER, Phase.SLAM, "seat 1, the taker, is to say slam or pass"),
        (FOUR_PLAYER, Phase.PLAY, "seat 1 is to play a card in trick 1: T1 T2 "),
        (FOUR_PLAYER, Phase.DONE, "the deal is over (done): no action is taken"),
    ],
)
def test_an_unknown_text_is_answered_with_the_choices_of_the_position(
    rules: Rules, phase: Phase, said: str
) -> None:
    state = reach(rules, phase)
    message = refused_text("bid garde", state)
    assert said in message
    assert "'xyz' is not a card; " + said in refused_text("xyz", state)


def test_the_handful_is_mentioned_when_one_is_offered() -> None:
    assert refused_text("xyz", reach(FOUR_PLAYER, Phase.PLAY)).endswith(
        "; or 'handful <cards...>'"
    )


def test_without_a_position_the_messages_are_unchanged() -> None:
    assert refused_text("take it") == (
        "invalid action notation 'take it': expected pass, petite, garde, garde_sans, "
        "garde_contre, slam, a card (e.g. 'KH'), 'call <card>', 'discard <card>' or "
        "'handful <cards...>'"
    )
    assert "'XX' is not a card" in refused_text("discard XX")


# ---------------------------------------------------------------------------------------------
# Bounds: the hardening holds with a position, and messages stay short.


def every_position() -> Iterator[State]:
    for rules in TABLES:
        for phase in Phase:
            if phase is Phase.ANNULLED or (phase is Phase.CALL and not rules.calls_partner):
                continue
            yield reach(rules, phase)


POSITIONS = list(every_position())


def test_the_bounds_hold_with_a_position() -> None:
    padded = "  ".join(("handful " + " ".join(f"T{n}" for n in range(1, 22)) + " EX").split())
    for state in POSITIONS:
        assert isinstance(parse_action(padded.center(400), state), DeclareHandful)
        assert "401 characters" in refused_text(padded.center(401), state)
        assert "24 words" in refused_text(padded + " KH", state)
        assert "non-ASCII" in refused_text("K\u017f", state)
        assert "T2 shown twice" in refused_text("handful T2 T1 T2", state)


@pytest.mark.parametrize("word", ["discard", "call", "play", "handful", "xyz", "ecarte", "T0"])
def test_messages_stay_short_with_a_position_and_a_long_text(word: str) -> None:
    for state in POSITIONS:
        for text in (word, word.center(400), "\x0b" * 390 + word, word + " ?" * 20):
            for position in (state, observe(state, TAKER)):
                refused_text(text, position)


@given(st.data())
def test_messages_stay_short_in_random_positions(data: st.DataObject) -> None:
    start, picks = data.draw(walks())
    path = [state for state, _action in walk(start, picks)]
    state = data.draw(st.sampled_from(path))
    word = data.draw(
        st.sampled_from(["discard", "call", "play", "handful", "poignee", "appel", "xyz", "KX"])
    )
    pad = data.draw(st.sampled_from(["", " " * 180, "\t" * 390]))
    text = (pad + word + pad)[:400]
    refused_text(text, state)
    seat = data.draw(st.integers(0, state.rules.seats - 1))
    refused_text(text, observe(state, seat))


@pytest.mark.parametrize(
    "position",
    [5, "state", Pass(), FOUR_PLAYER, [], 10**5000],
    ids=["int", "str", "action", "rules", "list", "huge-int"],
)
def test_a_position_must_be_a_state_or_an_observation(position: object) -> None:
    with pytest.raises(TarotTypeError) as info:
        parse_action("pass", position)  # type: ignore[arg-type]
    assert "must be a State or an Observation" in str(info.value)
    assert len(str(info.value)) <= MESSAGE_LIMIT
    for action in (Pass(), Play("KH"), DeclareHandful(["T1"])):
        with pytest.raises(TarotTypeError):
            action.notation(position)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# The inverse: action.notation(state).


@pytest.mark.parametrize(
    ("action", "phase", "text"),
    [
        (Play("KH"), Phase.PLAY, "KH"),
        (Play("KH"), Phase.BIDDING, "KH"),
        (Play("KH"), Phase.SLAM, "KH"),
        (Play("KH"), Phase.DISCARD, "play KH"),
        (Play("KH"), Phase.CALL, "play KH"),
        (Discard("2S"), Phase.DISCARD, "2S"),
        (Discard("2S"), Phase.PLAY, "discard 2S"),
        (Discard("2S"), Phase.CALL, "discard 2S"),
        (Call("KS"), Phase.CALL, "KS"),
        (Call("KS"), Phase.DISCARD, "call KS"),
        (Call("KS"), Phase.PLAY, "call KS"),
        (Pass(), Phase.SLAM, "pass"),
        (Bid(Contract.GARDE_SANS), Phase.BIDDING, "garde_sans"),
        (AnnounceSlam(), Phase.SLAM, "slam"),
        (DeclareHandful(["T2", "T1"]), Phase.PLAY, "handful T1 T2"),
    ],
    ids=lambda value: str(value).replace(" ", "_"),
)
def test_notation_in_a_phase(action: Action, phase: Phase, text: str) -> None:
    state = reach(FIVE_PLAYER, phase)
    assert action.notation(state) == text
    assert action.notation(observe(state, 3)) == text
    assert parse_action(text, state) == action


@given(actions())
def test_notation_without_a_position_is_str(action: Action) -> None:
    assert action.notation() == str(action)
    assert action.notation(None) == str(action)
    assert parse_action(action.notation()) == action


@given(actions(), st.sampled_from(POSITIONS))
def test_notation_reads_back_in_any_position_for_any_action(action: Action, state: State) -> None:
    # Not only the offered actions: every action has a text read back as itself, save the
    # empty handful, which "handful" alone stands for only without a position.
    text = action.notation(state)
    assert len(text) <= len(str(action)) or text == f"play {action}"
    if action == DeclareHandful(()):
        refused_text(text, state)
        return
    assert parse_action(text, state) == action
    assert parse_action(text, observe(state, 0)) == action


def check_offered(state: State) -> None:
    """The round trips for every action offered in ``state``."""
    observation = observe(state, state.current) if state.current is not None else None
    for action in legal_actions(state):
        text = action.notation(state)
        assert parse_action(text, state) == action, (text, state.phase)
        assert parse_action(str(action)) == action
        assert action.notation(observation) == text
        assert parse_action(text, observation) == action
        if isinstance(action, (Discard, Call)) or (
            isinstance(action, Play) and state.phase is Phase.PLAY
        ):
            assert text == str(action.card)  # the card alone, in its phase
        else:
            assert text == str(action)


@given(walks())
def test_every_offered_action_round_trips_along_random_deals(
    path: tuple[State, tuple[int, ...]],
) -> None:
    for state, _action in walk(*path):
        check_offered(state)


def choose(state: State, rng: random.Random) -> Action:
    """A random legal action; in the bidding, mostly one bid and passes, so that every
    contract is played and the call, the écart and the play come up."""
    offered = legal_actions(state)
    if state.phase is Phase.BIDDING and len(offered) > 1:
        if state.contract is None:
            return rng.choice(offered[1:]) if rng.random() < 0.6 else offered[0]
        return rng.choice(offered[1:]) if rng.random() < 0.1 else offered[0]
    return rng.choice(offered)


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: f"{rules.seats}p")
def test_every_offered_action_round_trips_in_seeded_deals(rules: Rules) -> None:
    phases: set[Phase] = set()
    for seed in range(40):
        state = ft.new_deal(seed=seed, rules=rules)
        rng = random.Random(seed)
        while not state.is_terminal:
            check_offered(state)
            phases.add(state.phase)
            choice = choose(state, rng)
            # Take the step through its notation: the text is all a client would send.
            state = apply(state, parse_action(choice.notation(state), state))
        check_offered(state)
    expected = {Phase.BIDDING, Phase.DISCARD, Phase.SLAM, Phase.PLAY}
    assert phases >= (expected | {Phase.CALL} if rules.calls_partner else expected)


def test_a_whole_deal_is_played_from_bare_cards() -> None:
    # The record of a deal in the position's notation reads back, step by step, to the
    # same deal: "3S" in the écart, "KS" at the call and "KH" in the play.
    for rules in TABLES:
        state = ft.new_deal(seed=11, rules=rules)
        rng = random.Random(11)
        record: list[str] = []
        while not state.is_terminal:
            action = Bid(Contract.GARDE) if not state.history else choose(state, rng)
            record.append(action.notation(state))
            state = apply(state, action)
        replay = ft.new_deal(seed=11, rules=rules)
        for text in record:
            replay = apply(replay, parse_action(text, replay))
        assert replay == state
        assert not any(text.startswith(("discard", "call", "play")) for text in record)


def test_str_is_still_the_full_form() -> None:
    assert [str(a) for a in (Call("KS"), Discard("2S"), Play("KH"))] == [
        "call KS",
        "discard 2S",
        "KH",
    ]
    assert all(Discard(card).notation() == f"discard {card}" for card in DECK)
