"""Hostile input to the notation readers (issue 14 of the outside review).

Three findings, each pinned here:

1. ``parse_action`` took quadratic time on a long handful and quoted the whole input in its
   error message. It now refuses a text too long (or with too many words) to be an action
   before reading it, and its messages quote only the start of the text.
2. ``Card.parse`` read ``K`` and a long s (U+017F) as the King of Spades (``str.upper``
   folds the long s to ``S``) and stripped any Unicode white space. Notation is now ASCII
   only, in both readers.
3. ``DeclareHandful`` read its whole argument, so an endless iterable never returned. It now
   reads at most one card more than a handful can hold, and refuses a card given twice.

Last, a fuzz test: whatever they are given, the readers answer with a value or a
:class:`TarotError`, and never with a message longer than 300 characters.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from frenchtarot import (
    DECK,
    Card,
    DeclareHandful,
    Discard,
    NotationError,
    Pass,
    Play,
    TarotError,
    TarotTypeError,
    parse_action,
)

MESSAGE_LIMIT = 300
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
# 1. Long text: refused early, in linear time, with a short message.


@pytest.mark.parametrize("length", [30_000, 1_000_000])
def test_a_long_handful_is_refused_within_a_second(length: int) -> None:
    # Every word is a card, so a reader that checks each card against all the others
    # spent about ten seconds on the 30 kB text and hours on the megabyte.
    text = long_handful(length)
    assert len(text) == length
    start = time.perf_counter()
    error = refusal(parse_action, text)
    assert time.perf_counter() - start < 1.0
    check_value_error(error, text)


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
    start = time.perf_counter()
    error = refusal(Card.parse, text)
    assert time.perf_counter() - start < 1.0
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
