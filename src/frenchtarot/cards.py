"""The 78-card French Tarot pack: :class:`Suit`, :class:`Card` and :data:`DECK`.

Cards are interned: there is exactly one :class:`Card` object per card, so ``is`` and ``==``
agree. Behind each card is a small integer, its :attr:`Card.index` in the canonical order of
:data:`DECK`: the trumps 1 to 21 (indices 0 to 20), the Excuse (21), then the suits
spades, hearts, diamonds and clubs, each from the Ace to the King.

>>> from frenchtarot import Card, DECK
>>> Card.parse("KH")
Card.parse('KH')
>>> Card.parse("kh") is DECK[49]
True
>>> sum(card.points for card in DECK)
91.0
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterator
from typing import Final, final

from frenchtarot._checks import describe_value, quote, whole_number
from frenchtarot.errors import InvalidCardError, NotationError, TarotTypeError

__all__ = ["DECK", "Card", "Suit"]


class Suit(enum.Enum):
    """The four plain suits. Trumps and the Excuse have no suit (``None``)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def letter(self) -> str:
        """The one-letter notation of the suit: ``S``, ``H``, ``D`` or ``C``."""
        return self.value

    @property
    def french(self) -> str:
        """The French name of the suit (``pique``, ``cœur``, ``carreau``, ``trèfle``)."""
        return _SUIT_FRENCH[self]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_FRENCH: Final = {
    Suit.SPADES: "pique",
    Suit.HEARTS: "cœur",
    Suit.DIAMONDS: "carreau",
    Suit.CLUBS: "trèfle",
}
_SUIT_ENGLISH: Final = {
    Suit.SPADES: "Spades",
    Suit.HEARTS: "Hearts",
    Suit.DIAMONDS: "Diamonds",
    Suit.CLUBS: "Clubs",
}
_SUIT_GLYPH_BASE: Final = {
    Suit.SPADES: 0x1F0A0,
    Suit.HEARTS: 0x1F0B0,
    Suit.DIAMONDS: 0x1F0C0,
    Suit.CLUBS: 0x1F0D0,
}
_RANK_LETTERS: Final = {11: "J", 12: "C", 13: "Q", 14: "K"}
_RANK_FRENCH: Final = {1: "As", 11: "Valet", 12: "Cavalier", 13: "Dame", 14: "Roi"}
_RANK_ENGLISH: Final = {1: "Ace", 11: "Jack", 12: "Knight", 13: "Queen", 14: "King"}
_HONOUR_HALF_POINTS: Final = {11: 3, 12: 5, 13: 7, 14: 9}

EXCUSE_INDEX: Final = 21
"""The index of the Excuse in :data:`DECK` (after the 21 trumps): its one definition."""
PETIT_INDEX: Final = 0
"""The index of the Petit (the 1 of trumps) in :data:`DECK`."""
_SUIT_BASE: Final = 22

WHITESPACE: Final = " \t\n\r\x0b\x0c"
"""ASCII white space: the only white space notation may have around (or between) its words."""
_FOREIGN: Final = re.compile(r"[^\x20-\x7e\t\n\r\x0b\x0c]")


def foreign_character(text: str) -> str | None:
    """Name the first character of ``text`` that no notation has, or ``None``.

    Notation has printable ASCII characters and ASCII white space (:data:`WHITESPACE`) only:
    other ASCII control characters and every non-ASCII character are foreign. The name is at
    most 35 characters long.
    """
    match = _FOREIGN.search(text)
    if match is None:
        return None
    char = match.group()
    kind = "control character" if char.isascii() else "non-ASCII character"
    shown = f"{char!r} " if char.isprintable() else ""
    return f"{kind} {shown}(U+{ord(char):04X})"


@final
class Card:
    """One card of the pack. Immutable, hashable, totally ordered by :attr:`index`.

    ``Card(suit, rank)`` returns the one shared instance of that card. Suit cards have ranks
    1 (Ace) to 10, 11 (Jack, *valet*), 12 (Knight, *cavalier*), 13 (Queen) and 14 (King);
    trumps have ``suit=None`` and ranks 1 to 21; the Excuse has ``suit=None`` and rank 0.

    Args:
        suit: The suit, or ``None`` for a trump or the Excuse.
        rank: The rank, as above.

    Raises:
        InvalidCardError: The suit and rank name no card.
        TarotTypeError: ``suit`` is not a :class:`Suit` or ``None``, or ``rank`` not an int.

    >>> Card(Suit.CLUBS, 12)
    Card.parse('CC')
    >>> Card(None, 1).is_bout, Card(None, 0).is_excuse
    (True, True)
    """

    __slots__ = ("_index",)
    _index: int

    def __new__(cls, suit: Suit | None, rank: int) -> Card:  # noqa: D102 - see the class
        if suit is not None and not isinstance(suit, Suit):
            raise TarotTypeError(f"suit must be a Suit or None, not {describe_value(suit)}")
        rank = whole_number(rank, "rank")
        if suit is None:
            if rank == 0:
                return DECK[EXCUSE_INDEX]
            if 1 <= rank <= 21:
                return DECK[rank - 1]
            raise InvalidCardError(f"no trump of rank {rank}: trumps are 1 to 21, the Excuse 0")
        if 1 <= rank <= 14:
            return DECK[_SUIT_BASE + _SUITS.index(suit) * 14 + rank - 1]
        raise InvalidCardError(f"no {suit.name.lower()} card of rank {rank}: expected 1 to 14")

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at ``index`` (0 to 77) in the canonical order of :data:`DECK`.

        Args:
            index: The card's position in :data:`DECK`.

        Returns:
            The card (the one shared instance).

        Raises:
            InvalidCardError: ``index`` is outside 0 to 77.
            TarotTypeError: ``index`` is not an int.
        """
        index = whole_number(index, "card index")
        if not 0 <= index < 78:
            raise InvalidCardError(f"card index must be from 0 to 77, not {index}")
        return DECK[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its notation, ignoring case and surrounding white space.

        Suit cards are a rank then a suit letter: ranks ``1`` to ``10``, ``J`` (Jack,
        *valet*), ``C`` (Knight, *cavalier*), ``Q``, ``K``; suits ``S H D C``. Trumps are
        ``T1`` to ``T21`` and the Excuse is ``EX``.

        Notation is ASCII: only ASCII letters are read in either case, and only ASCII white
        space (space, tab, line feed, carriage return, vertical tab, form feed) is ignored
        around the card. Any other character is refused, even one that Unicode would fold to
        an ASCII letter (``K`` then the long s, U+017F, is not the King of Spades).

        Args:
            text: The notation, e.g. ``"KH"``, ``"10s"``, ``"T21"``, ``"EX"``.

        Returns:
            The card (the one shared instance).

        Raises:
            NotationError: ``text`` is not the notation of a card, for instance because it
                holds a character that is not ASCII. The message quotes at most the first 40
                characters of ``text``; the error's ``text`` attribute is ``text`` itself.
            TarotTypeError: ``text`` is not a string.

        >>> Card.parse(" 10s "), Card.parse("t21"), Card.parse("EX")
        (Card.parse('10S'), Card.parse('T21'), Card.parse('EX'))
        """
        if not isinstance(text, str):
            raise TarotTypeError(f"card notation must be a str, not {type(text).__name__}")
        key = text.strip(WHITESPACE)
        # Fold the case only of short ASCII text: str.upper maps some other characters to
        # ASCII letters (the long s U+017F to S, the ligature U+FB00 to FF), and no notation
        # is longer than 3 characters.
        if len(key) <= 3 and key.isascii():
            card = _BY_NOTATION.get(key.upper())
            if card is not None:
                return card
        foreign = foreign_character(key)
        if foreign is not None:
            # The message is short, so it has room for a longer quote of escaped characters.
            raise NotationError(
                f"invalid card notation {quote(text, width=180)}: {foreign}; card notation is "
                "ASCII",
                text,
            )
        raise NotationError(
            f"invalid card notation {quote(text)}: expected a rank 1-10, J, C, Q or K and a suit "
            "S, H, D or C (e.g. 'KH', '10S'), a trump T1-T21, or EX for the Excuse",
            text,
        )

    @property
    def index(self) -> int:
        """The position of the card in :data:`DECK` (0 to 77)."""
        return self._index

    @property
    def suit(self) -> Suit | None:
        """The suit, or ``None`` for the trumps and the Excuse."""
        return _SUIT_OF[self._index]

    @property
    def rank(self) -> int:
        """The rank: 1 to 14 in a suit, 1 to 21 for a trump, 0 for the Excuse."""
        return _RANK_OF[self._index]

    @property
    def is_trump(self) -> bool:
        """Whether the card is one of the 21 trumps (the Excuse is not a trump)."""
        return self._index < EXCUSE_INDEX

    @property
    def is_excuse(self) -> bool:
        """Whether the card is the Excuse."""
        return self._index == EXCUSE_INDEX

    @property
    def is_bout(self) -> bool:
        """Whether the card is a bout (*oudler*): the Petit (trump 1), the 21 or the Excuse."""
        return self._index in (0, 20, EXCUSE_INDEX)

    @property
    def is_king(self) -> bool:
        """Whether the card is a King."""
        return self._index >= _SUIT_BASE and _RANK_OF[self._index] == 14

    @property
    def is_honour(self) -> bool:
        """Whether the card is a King, Queen, Knight or Jack."""
        return self._index >= _SUIT_BASE and _RANK_OF[self._index] > 10

    @property
    def points(self) -> float:
        """The card's value when tricks are counted: 4.5, 3.5, 2.5, 1.5 or 0.5."""
        return HALF_POINTS[self._index] / 2

    @property
    def half_points(self) -> int:
        """:attr:`points` times two, an exact integer (9, 7, 5, 3 or 1)."""
        return HALF_POINTS[self._index]

    @property
    def notation(self) -> str:
        """The short notation read by :meth:`parse`, also given by ``str(card)``."""
        return _NOTATION[self._index]

    @property
    def name_en(self) -> str:
        """The English name, e.g. ``"Knight of Clubs"``, ``"Trump 21"``, ``"the Excuse"``."""
        return _NAME_EN[self._index]

    @property
    def name_fr(self) -> str:
        """The French name, e.g. ``"Cavalier de trèfle"``, ``"Atout 21"``, ``"l'Excuse"``."""
        return _NAME_FR[self._index]

    @property
    def glyph(self) -> str:
        """The card's character in Unicode's Playing Cards block (all 78 are there)."""
        return _GLYPH[self._index]

    def __str__(self) -> str:
        return _NOTATION[self._index]

    def __repr__(self) -> str:
        return f"Card.parse('{_NOTATION[self._index]}')"

    def __eq__(self, other: object) -> bool:
        # Equality is identity: one instance per card. Written out because the ordering
        # methods below make Python route == through a slower path that tries object's
        # own __eq__ from both sides (``card in trick.cards`` costs twice as much).
        if other.__class__ is Card:
            return self is other
        return NotImplemented

    def __hash__(self) -> int:
        # The hash is the index so that sets and dicts of cards behave the same in every
        # process.
        return self._index

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index < other._index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index <= other._index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index > other._index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index >= other._index

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Card is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Card is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self._index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


def _build() -> tuple[Card, ...]:
    cards = []
    for index in range(78):
        card = object.__new__(Card)
        object.__setattr__(card, "_index", index)
        cards.append(card)
    return tuple(cards)


def _describe() -> Iterator[tuple[Suit | None, int, str, str, str, str, int]]:
    """Yield (suit, rank, notation, English name, French name, glyph, half points)."""
    for rank in range(1, 22):
        name = " (the Petit)" if rank == 1 else ""
        fr = " (le Petit)" if rank == 1 else ""
        yield (
            None,
            rank,
            f"T{rank}",
            f"Trump {rank}{name}",
            f"Atout {rank}{fr}",
            chr(0x1F0E0 + rank),
            9 if rank in (1, 21) else 1,
        )
    yield None, 0, "EX", "the Excuse", "l'Excuse", chr(0x1F0E0), 9
    for suit in _SUITS:
        for rank in range(1, 15):
            # The block's suit rows run Ace, 2..10, Jack, Knight, Queen, King.
            glyph = chr(_SUIT_GLYPH_BASE[suit] + rank)
            yield (
                suit,
                rank,
                f"{_RANK_LETTERS.get(rank, str(rank))}{suit.letter}",
                f"{_RANK_ENGLISH.get(rank, str(rank))} of {_SUIT_ENGLISH[suit]}",
                f"{_RANK_FRENCH.get(rank, str(rank))} de {_SUIT_FRENCH[suit]}",
                glyph,
                _HONOUR_HALF_POINTS.get(rank, 1),
            )


DECK: Final[tuple[Card, ...]] = _build()
"""All 78 cards in canonical order: trumps 1..21, the Excuse, then S, H, D, C from Ace to King."""

_ROWS: Final = tuple(_describe())
_SUIT_OF: Final[tuple[Suit | None, ...]] = tuple(row[0] for row in _ROWS)
_RANK_OF: Final[tuple[int, ...]] = tuple(row[1] for row in _ROWS)
_NOTATION: Final[tuple[str, ...]] = tuple(row[2] for row in _ROWS)
_NAME_EN: Final[tuple[str, ...]] = tuple(row[3] for row in _ROWS)
_NAME_FR: Final[tuple[str, ...]] = tuple(row[4] for row in _ROWS)
_GLYPH: Final[tuple[str, ...]] = tuple(row[5] for row in _ROWS)
HALF_POINTS: Final[tuple[int, ...]] = tuple(row[6] for row in _ROWS)
_BY_NOTATION: Final[dict[str, Card]] = {row[2]: DECK[i] for i, row in enumerate(_ROWS)}
