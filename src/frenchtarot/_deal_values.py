"""The records a deal state holds: :class:`Trick`, :class:`Handful`, :class:`Annulment`.

They are attrs classes, checked when made by hand; the engine makes them with values it
knows are right. Re-exported by :mod:`frenchtarot.state` (and the package), where users
find them.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable
from typing import Final

import attrs

from frenchtarot._checks import describe_value, whole_number
from frenchtarot.cards import Card
from frenchtarot.errors import InvalidCardError, InvalidSeatError, TarotTypeError

__all__ = ["AnnulReason", "Annulment", "Handful", "Trick"]

_new = object.__new__
_set = object.__setattr__


class AnnulReason(enum.Enum):
    """Why a deal was annulled."""

    PETIT_SEC = "a player held the Petit as their only trump, without the Excuse"
    ALL_PASSED = "every player passed"

    def __repr__(self) -> str:
        return f"AnnulReason.{self.name}"


@attrs.frozen
class Annulment:
    """Why a deal was annulled, and by whom.

    Attributes:
        reason: The cause.
        seat: The seat holding the petit sec, or ``None`` when everyone passed.
    """

    reason: AnnulReason
    seat: int | None = None


_MOST_SEATS: Final = 5
_MOST_SHOWN: Final = 22  # the 21 trumps and the Excuse


def _read_cards(value: object, what: str, most: int) -> tuple[Card, ...]:
    """``value`` as a tuple of distinct cards, reading at most ``most + 1`` items."""
    if isinstance(value, (str, bytes, Card)) or not isinstance(value, Iterable):
        raise TarotTypeError(f"{what} must be an iterable of cards, not {describe_value(value)}")
    cards = tuple(itertools.islice(value, most + 1))
    for card in cards:
        if not isinstance(card, Card):
            raise TarotTypeError(f"{what} must hold cards, not {describe_value(card)}")
    if len(cards) > most:
        raise InvalidCardError(f"{what} holds more than {most} cards")
    if len(set(cards)) != len(cards):
        raise InvalidCardError(f"{what} holds a card twice")
    return cards


def _trick_cards(value: object) -> tuple[Card, ...]:
    cards = _read_cards(value, "a trick", _MOST_SEATS)
    if len(cards) < 3:
        raise InvalidCardError(f"a trick has 3 to 5 cards, one per seat, not {len(cards)}")
    return cards


def _check_seat(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    seat = whole_number(value, attribute.name)
    if not 0 <= seat < _MOST_SEATS:
        raise InvalidSeatError(f"{attribute.name} must be a seat from 0 to 4, not {seat}")


def _check_trick_seats(instance: Trick, attribute: attrs.Attribute[int], value: int) -> None:
    _check_seat(instance, attribute, value)
    if value >= len(instance.cards):
        raise InvalidSeatError(
            f"{attribute.name} {value} is not a seat of a trick of {len(instance.cards)} cards"
        )


@attrs.frozen
class Trick:
    """A completed trick.

    The engine makes these; making one by hand (for a test or a puzzle) checks the values.

    Attributes:
        leader: The seat that played the first card.
        cards: The cards in the order they were played, from the leader on (one per seat).
        winner: The seat that won the trick.

    Raises:
        TarotTypeError: A seat is not an int, or ``cards`` is not an iterable of cards.
        InvalidSeatError: A seat is not a seat of a table of ``len(cards)`` seats.
        InvalidCardError: ``cards`` has fewer than 3 or more than 5 cards, or a card twice.
    """

    leader: int = attrs.field(validator=_check_trick_seats)
    cards: tuple[Card, ...] = attrs.field(converter=_trick_cards)
    winner: int = attrs.field(validator=_check_trick_seats)

    @classmethod
    def _trusted(cls, leader: int, cards: tuple[Card, ...], winner: int) -> Trick:
        """A trick made by the engine from values it knows are right: nothing is checked."""
        trick = _new(cls)
        _set(trick, "leader", leader)
        _set(trick, "cards", cards)
        _set(trick, "winner", winner)
        return trick

    def seat_of(self, card: Card) -> int:
        """The seat that played ``card`` to this trick.

        Args:
            card: A card of the trick.

        Returns:
            The seat.

        Raises:
            ValueError: ``card`` is not in the trick.
        """
        return (self.leader + self.cards.index(card)) % len(self.cards)

    def __str__(self) -> str:
        return f"{' '.join(map(str, self.cards))} (led by {self.leader}, won by {self.winner})"


def _handful_cards(value: object) -> tuple[Card, ...]:
    return tuple(sorted(_read_cards(value, "a handful", _MOST_SHOWN)))


@attrs.frozen
class Handful:
    """A handful (*poignée*) shown by a player.

    The engine makes these; making one by hand checks the values.

    Attributes:
        seat: Who showed it.
        cards: The cards shown, in canonical order.

    Raises:
        TarotTypeError: ``seat`` is not an int, or ``cards`` is not an iterable of cards.
        InvalidSeatError: ``seat`` is not from 0 to 4.
        InvalidCardError: ``cards`` has more than 22 cards, or a card twice.
    """

    seat: int = attrs.field(validator=_check_seat)
    cards: tuple[Card, ...] = attrs.field(converter=_handful_cards)

    @property
    def size(self) -> int:
        """The number of cards shown (a size of :attr:`frenchtarot.Rules.handfuls`)."""
        return len(self.cards)
