"""Tests for the pack: :class:`frenchtarot.Card`, :class:`frenchtarot.Suit`, :data:`DECK`.

The expectations here are built independently of ``frenchtarot.cards`` (from the rules: the
order of the pack, the card values, the Unicode names), never read back from the module.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
import unicodedata
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from frenchtarot import DECK, Card, InvalidCardError, Suit, TarotError, TarotTypeError

# ---------------------------------------------------------------------------------------------
# An independent description of the pack, in the documented canonical order.

SUIT_LETTERS = "SHDC"
SUIT_ENUMS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
RANK_SYMBOLS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K")
TRUMP_NOTATIONS = tuple(f"T{n}" for n in range(1, 22))
SUIT_NOTATIONS = tuple(rank + suit for suit in SUIT_LETTERS for rank in RANK_SYMBOLS)
ORDER = (*TRUMP_NOTATIONS, "EX", *SUIT_NOTATIONS)

# The card values of the rules, class by class; every other card is worth half a point.
POINT_CLASSES: tuple[tuple[str, tuple[str, ...], float], ...] = (
    ("bouts", ("T1", "T21", "EX"), 4.5),
    ("kings", ("KS", "KH", "KD", "KC"), 4.5),
    ("queens", ("QS", "QH", "QD", "QC"), 3.5),
    ("knights", ("CS", "CH", "CD", "CC"), 2.5),
    ("jacks", ("JS", "JH", "JD", "JC"), 1.5),
)
EXPECTED_POINTS = {
    notation: points for _, notations, points in POINT_CLASSES for notation in notations
}


def expected_points(notation: str) -> float:
    return EXPECTED_POINTS.get(notation, 0.5)


# Unicode's names for the ranks of a suit row of the Playing Cards block.
UNICODE_RANKS = (
    "ACE",
    "TWO",
    "THREE",
    "FOUR",
    "FIVE",
    "SIX",
    "SEVEN",
    "EIGHT",
    "NINE",
    "TEN",
    "JACK",
    "KNIGHT",
    "QUEEN",
    "KING",
)
UNICODE_SUITS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")


def expected_unicode_name(notation: str) -> str:
    if notation == "EX":
        return "PLAYING CARD FOOL"
    if notation.startswith("T"):
        return f"PLAYING CARD TRUMP-{notation[1:]}"
    rank = UNICODE_RANKS[RANK_SYMBOLS.index(notation[:-1])]
    suit = UNICODE_SUITS[SUIT_LETTERS.index(notation[-1])]
    return f"PLAYING CARD {rank} OF {suit}"


ALL = list(enumerate(ORDER))
ALL_IDS = list(ORDER)


# ---------------------------------------------------------------------------------------------
# The pack as a whole.


def test_deck_has_78_distinct_cards_in_the_documented_order() -> None:
    assert len(DECK) == 78
    assert len(set(DECK)) == 78
    assert tuple(str(card) for card in DECK) == ORDER


def test_deck_composition() -> None:
    assert sum(card.is_trump for card in DECK) == 21
    assert sum(card.is_excuse for card in DECK) == 1
    assert sum(card.is_bout for card in DECK) == 3
    assert sum(card.is_king for card in DECK) == 4
    assert sum(card.is_honour for card in DECK) == 16
    for suit in Suit:
        assert sum(card.suit is suit for card in DECK) == 14


def test_total_points_is_91() -> None:
    assert sum(card.points for card in DECK) == 91
    assert sum(card.half_points for card in DECK) == 182


@pytest.mark.parametrize(
    ("name", "notations", "points"), POINT_CLASSES, ids=[row[0] for row in POINT_CLASSES]
)
def test_point_classes(name: str, notations: tuple[str, ...], points: float) -> None:
    cards = [Card.parse(notation) for notation in notations]
    assert [card.points for card in cards] == [points] * len(cards)


def test_point_classes_are_disjoint_and_the_rest_are_half_points() -> None:
    classified = [n for _, notations, _ in POINT_CLASSES for n in notations]
    assert len(classified) == len(set(classified)) == 19
    rest = [card for card in DECK if str(card) not in classified]
    assert len(rest) == 59
    assert {card.points for card in rest} == {0.5}


@pytest.mark.parametrize(("index", "notation"), ALL, ids=ALL_IDS)
def test_points_and_half_points_of_each_card(index: int, notation: str) -> None:
    card = DECK[index]
    assert card.points == expected_points(notation)
    assert isinstance(card.half_points, int)
    assert card.half_points == int(expected_points(notation) * 2)
    assert card.half_points in (1, 3, 5, 7, 9)


# ---------------------------------------------------------------------------------------------
# Notation (the action notation is in test_notation.py).


@pytest.mark.parametrize(("index", "notation"), ALL, ids=ALL_IDS)
def test_parse_and_format_round_trip(index: int, notation: str) -> None:
    card = Card.parse(notation)
    assert card is DECK[index]
    assert str(card) == notation
    assert card.notation == notation
    assert Card.parse(str(card)) is card


@pytest.mark.parametrize(("index", "notation"), ALL, ids=ALL_IDS)
def test_parse_ignores_case_and_surrounding_white_space(index: int, notation: str) -> None:
    variants = [
        notation.lower(),
        notation.upper(),
        notation[0].lower() + notation[1:],
        f"  {notation}  ",
        f"\t{notation.lower()}\n",
        f" \r\n{notation} ",
    ]
    for text in variants:
        assert Card.parse(text) is DECK[index], text


@pytest.mark.parametrize(("index", "notation"), ALL, ids=ALL_IDS)
def test_repr_evaluates_back_to_the_card(index: int, notation: str) -> None:
    card = DECK[index]
    assert repr(card) == f"Card.parse('{notation}')"
    assert eval(repr(card), {"Card": Card}) is card


# ---------------------------------------------------------------------------------------------
# Construction and interning.


def _suit_and_rank(notation: str) -> tuple[Suit | None, int]:
    if notation == "EX":
        return None, 0
    if notation.startswith("T"):
        return None, int(notation[1:])
    return SUIT_ENUMS[SUIT_LETTERS.index(notation[-1])], RANK_SYMBOLS.index(notation[:-1]) + 1


@pytest.mark.parametrize(("index", "notation"), ALL, ids=ALL_IDS)
def test_constructor_returns_the_interned_card(index: int, notation: str) -> None:
    suit, rank = _suit_and_rank(notation)
    card = Card(suit, rank)
    assert card is DECK[index]
    assert Card(suit, rank) is card
    assert Card.parse(notation) is card
    assert Card.from_index(index) is card
    assert (card.suit, card.rank) == (suit, rank)


@pytest.mark.parametrize(
    ("suit", "rank"),
    [
        (None, -1),
        (None, 22),
        (None, 100),
        (Suit.SPADES, 0),
        (Suit.HEARTS, 15),
        (Suit.DIAMONDS, -3),
        (Suit.CLUBS, 21),
    ],
)
def test_constructor_rejects_ranks_that_name_no_card(suit: Suit | None, rank: int) -> None:
    with pytest.raises(InvalidCardError) as info:
        Card(suit, rank)
    assert str(rank) in str(info.value)


@pytest.mark.parametrize(
    ("suit", "rank"),
    [
        ("S", 1),
        ("SPADES", 14),
        (1, 1),
        (Suit.SPADES, 1.0),
        (Suit.SPADES, "1"),
        (Suit.SPADES, True),
        (None, False),
        (None, None),
    ],
)
def test_constructor_rejects_wrong_types(suit: object, rank: object) -> None:
    with pytest.raises(TarotTypeError):
        Card(suit, rank)  # type: ignore[arg-type]


@pytest.mark.parametrize("index", [0, 1, 21, 22, 49, 77])
def test_from_index_in_range(index: int) -> None:
    assert Card.from_index(index) is DECK[index]
    assert Card.from_index(index).index == index


@pytest.mark.parametrize("index", [-1, -78, 78, 79, 1000])
def test_from_index_out_of_range(index: int) -> None:
    with pytest.raises(InvalidCardError) as info:
        Card.from_index(index)
    assert str(index) in str(info.value)


@pytest.mark.parametrize("index", ["3", 3.0, None])
def test_from_index_refuses_non_integers(index: object) -> None:
    with pytest.raises((InvalidCardError, TarotTypeError)):
        Card.from_index(index)  # type: ignore[arg-type]


@pytest.mark.parametrize("index", [True, False])
def test_from_index_refuses_booleans_like_the_constructor(index: bool) -> None:
    # Card(None, True) is refused; a bool is no more a card index than it is a rank.
    with pytest.raises((InvalidCardError, TarotTypeError)):
        Card.from_index(index)


# ---------------------------------------------------------------------------------------------
# Order, equality, hashing.


def test_order_is_deck_order_and_index_order() -> None:
    shuffled = list(DECK)
    random.Random(2024).shuffle(shuffled)
    assert tuple(sorted(shuffled)) == DECK
    assert [card.index for card in DECK] == list(range(78))
    for a, b in itertools.product(DECK, repeat=2):
        assert (a < b) == (a.index < b.index)
        assert (a <= b) == (a.index <= b.index)
        assert (a > b) == (a.index > b.index)
        assert (a >= b) == (a.index >= b.index)
        assert (a == b) == (a is b) == (a.index == b.index)
        assert (a != b) == (a.index != b.index)


@pytest.mark.parametrize("other", [0, "T1", None, 1.0, (None, 1)])
def test_comparison_with_other_types(other: object) -> None:
    card = DECK[0]
    assert card != other
    assert not card == other  # noqa: SIM201
    with pytest.raises(TypeError):
        _ = card < other  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = card >= other  # type: ignore[operator]


def test_hash_and_equality() -> None:
    assert len({hash(card) for card in DECK}) == 78
    for card in DECK:
        assert hash(card) == hash(Card.parse(str(card)))
        assert card == Card.from_index(card.index)
    lookup = {card: str(card) for card in DECK}
    assert all(lookup[Card.parse(notation)] == notation for notation in ORDER)


def test_equality_is_identity_and_defers_to_other_types() -> None:
    """Two cards are equal exactly when they are the same card; other values are asked."""
    for card, other in itertools.product(DECK, repeat=2):
        assert (card == other) is (card is other)
        assert (card != other) is (card is not other)
    king = Card.parse("KH")
    for value in ("KH", 49, None, 49.0, (None, 14)):
        assert king != value
        assert value != king
    # A value that claims equality with everything is asked back (Card returns
    # NotImplemented for what is not a card), as with any well-behaved __eq__.
    assert king == mock.ANY
    assert mock.ANY == king  # noqa: SIM300 (the other operand first, on purpose)
    assert king in (Card.parse("QH"), Card.parse("KH"))
    assert king not in (Card.parse("QH"), "KH")


# ---------------------------------------------------------------------------------------------
# Immutability, pickling, copying.


@pytest.mark.parametrize("name", ["_index", "suit", "rank", "points", "colour"])
def test_cards_are_immutable(name: str) -> None:
    card = Card.parse("KH")
    with pytest.raises(AttributeError):
        setattr(card, name, 3)
    with pytest.raises(AttributeError):
        delattr(card, name)
    assert card.index == 49
    assert str(card) == "KH"
    assert Card.parse("KH") is card


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle_preserves_identity(protocol: int) -> None:
    restored = pickle.loads(pickle.dumps(DECK, protocol=protocol))
    assert len(restored) == 78
    assert all(a is b for a, b in zip(restored, DECK, strict=True))


def test_copy_and_deepcopy_preserve_identity() -> None:
    for card in DECK:
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card
    nested = {"hand": [DECK[3], DECK[40]], "dog": (DECK[77],)}
    clone = copy.deepcopy(nested)
    assert clone["hand"][0] is DECK[3]
    assert clone["hand"][1] is DECK[40]
    assert clone["dog"][0] is DECK[77]


# ---------------------------------------------------------------------------------------------
# Properties.


@pytest.mark.parametrize(("index", "notation"), ALL, ids=ALL_IDS)
def test_card_properties(index: int, notation: str) -> None:
    card = DECK[index]
    suit, rank = _suit_and_rank(notation)
    is_trump = notation.startswith("T")
    is_excuse = notation == "EX"
    assert card.suit is suit
    assert card.rank == rank
    assert card.index == index
    assert card.is_trump is is_trump
    assert card.is_excuse is is_excuse
    assert card.is_bout is (notation in ("T1", "T21", "EX"))
    assert card.is_king is (suit is not None and notation[:-1] == "K")
    assert card.is_honour is (suit is not None and notation[:-1] in ("J", "C", "Q", "K"))
    if is_trump or is_excuse:
        assert card.suit is None


@pytest.mark.parametrize(
    ("suit", "letter", "french"),
    [
        (Suit.SPADES, "S", "pique"),
        (Suit.HEARTS, "H", "cœur"),
        (Suit.DIAMONDS, "D", "carreau"),
        (Suit.CLUBS, "C", "trèfle"),
    ],
)
def test_suits(suit: Suit, letter: str, french: str) -> None:
    assert suit.letter == letter
    assert suit.french == french
    assert Suit(letter) is suit
    assert repr(suit) == f"Suit.{suit.name}"


def test_suits_are_exactly_four_in_pack_order() -> None:
    assert tuple(Suit) == SUIT_ENUMS
    assert [DECK[22 + 14 * i].suit for i in range(4)] == list(SUIT_ENUMS)


# ---------------------------------------------------------------------------------------------
# Names and glyphs.


@pytest.mark.parametrize(
    ("notation", "english", "french"),
    [
        ("T1", "Trump 1 (the Petit)", "Atout 1 (le Petit)"),
        ("T2", "Trump 2", "Atout 2"),
        ("T21", "Trump 21", "Atout 21"),
        ("EX", "the Excuse", "l'Excuse"),
        ("1S", "Ace of Spades", "As de pique"),
        ("10H", "10 of Hearts", "10 de cœur"),
        ("JD", "Jack of Diamonds", "Valet de carreau"),
        ("CC", "Knight of Clubs", "Cavalier de trèfle"),
        ("QH", "Queen of Hearts", "Dame de cœur"),
        ("KS", "King of Spades", "Roi de pique"),
    ],
)
def test_names_examples(notation: str, english: str, french: str) -> None:
    card = Card.parse(notation)
    assert card.name_en == english
    assert card.name_fr == french


def test_names_are_distinct() -> None:
    english = [card.name_en for card in DECK]
    french = [card.name_fr for card in DECK]
    assert len(set(english)) == 78
    assert len(set(french)) == 78
    assert all(name.strip() == name and name for name in english + french)


def test_glyphs_are_distinct_and_in_the_playing_cards_block() -> None:
    glyphs = [card.glyph for card in DECK]
    assert len(set(glyphs)) == 78
    for glyph in glyphs:
        assert len(glyph) == 1
        assert 0x1F0A0 <= ord(glyph) <= 0x1F0FF


@pytest.mark.parametrize(("index", "notation"), ALL, ids=ALL_IDS)
def test_glyph_unicode_name(index: int, notation: str) -> None:
    assert unicodedata.name(DECK[index].glyph) == expected_unicode_name(notation)


@pytest.mark.parametrize(
    ("notation", "fragment"),
    [
        ("KS", "KING OF SPADES"),
        ("CH", "KNIGHT OF HEARTS"),
        ("QD", "QUEEN OF DIAMONDS"),
        ("1C", "ACE OF CLUBS"),
        ("T1", "TRUMP-1"),
        ("T15", "TRUMP-15"),
        ("T21", "TRUMP-21"),
        ("EX", "FOOL"),
    ],
)
def test_glyph_name_examples(notation: str, fragment: str) -> None:
    assert fragment in unicodedata.name(Card.parse(notation).glyph)


# ---------------------------------------------------------------------------------------------
# Properties over arbitrary inputs.


@given(st.text(max_size=8))
def test_parse_accepts_exactly_the_notations(text: str) -> None:
    # Only ASCII white space is stripped and only ASCII text has its case folded: str.upper
    # turns U+017F into "S", str.strip removes U+00A0 (issue 14).
    key = text.strip(" \t\n\r\x0b\x0c")
    expected = key.upper() if key.isascii() else None
    try:
        card = Card.parse(text)
    except TarotError as error:
        assert not isinstance(error, TarotTypeError)
        assert expected not in ORDER
    else:
        assert str(card) == expected


@given(
    st.sampled_from(ORDER),
    st.lists(st.booleans(), min_size=3, max_size=3),
    st.sampled_from(["", " ", "\t", "\n ", "   "]),
    st.sampled_from(["", " ", "\r\n", "  \t"]),
)
def test_parse_any_case_any_padding(
    notation: str, lower: list[bool], before: str, after: str
) -> None:
    flips = lower[: len(notation)]
    mangled = "".join(
        char.lower() if flip else char for char, flip in zip(notation, flips, strict=True)
    )
    assert Card.parse(before + mangled + after) is Card.parse(notation)


@given(st.lists(st.sampled_from(DECK), unique=True))
def test_sorting_any_subset_follows_index(cards: list[Card]) -> None:
    assert [card.index for card in sorted(cards)] == sorted(card.index for card in cards)
