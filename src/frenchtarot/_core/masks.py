"""Bit tables: a set of cards is an int whose bit ``i`` stands for ``DECK[i]``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeVar

from frenchtarot.cards import DECK, EXCUSE_INDEX, HALF_POINTS, PETIT_INDEX, Card

T = TypeVar("T")

FULL: Final[int] = (1 << 78) - 1
TRUMPS: Final[int] = (1 << 21) - 1
EXCUSE: Final[int] = 1 << EXCUSE_INDEX
PETIT: Final[int] = 1 << PETIT_INDEX
TWENTY_ONE: Final[int] = 1 << 20
BOUTS: Final[int] = PETIT | TWENTY_ONE | EXCUSE
SUITS: Final[tuple[int, ...]] = tuple(((1 << 14) - 1) << (22 + 14 * s) for s in range(4))
KINGS: Final[int] = sum(1 << (22 + 14 * s + 13) for s in range(4))
PLAIN: Final[int] = FULL & ~TRUMPS & ~EXCUSE
SUIT_OF_INDEX: Final[tuple[int, ...]] = tuple(-1 if i < 22 else (i - 22) // 14 for i in range(78))

_BYTE_INDICES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(bit for bit in range(8) if byte >> bit & 1) for byte in range(256)
)


def indices(mask: int) -> list[int]:
    """The card indices in ``mask``, ascending."""
    out: list[int] = []
    base = 0
    while mask:
        byte = mask & 0xFF
        if byte:
            out.extend(base + bit for bit in _BYTE_INDICES[byte])
        mask >>= 8
        base += 8
    return out


def make_table(items: Iterable[T]) -> tuple[tuple[tuple[T, ...], ...], ...]:
    """Per-byte lookup tables: ``table[k][byte]`` is the items of the set bits of byte ``k``."""
    row = tuple(items)
    return tuple(
        tuple(
            tuple(row[8 * k + bit] for bit in _BYTE_INDICES[byte] if 8 * k + bit < len(row))
            for byte in range(256)
        )
        for k in range(10)
    )


def select(table: tuple[tuple[tuple[T, ...], ...], ...], mask: int) -> tuple[T, ...]:
    """The items of ``table`` (see :func:`make_table`) for the bits of ``mask``, ascending."""
    out: tuple[T, ...] = ()
    k = 0
    # One C call cuts the mask into its bytes, up to the highest set bit (cheaper than
    # shifting a 78-bit number byte by byte).
    for byte in mask.to_bytes((mask.bit_length() + 7) >> 3, "little"):
        if byte:
            out += table[k][byte]
        k += 1  # noqa: SIM113 (enumerate is slower here, on the hottest path)
    return out


CARD_TABLE: Final = make_table(DECK)


def cards(mask: int) -> tuple[Card, ...]:
    """The cards in ``mask`` in canonical order."""
    return select(CARD_TABLE, mask)


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card._index
    return mask


_HALF_POINT_SUMS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        sum(HALF_POINTS[8 * k + bit] for bit in _BYTE_INDICES[byte] if 8 * k + bit < 78)
        for byte in range(256)
    )
    for k in range(10)
)


def half_points(mask: int) -> int:
    """The card points of ``mask``, in half points."""
    total = 0
    for sums in _HALF_POINT_SUMS:
        total += sums[mask & 0xFF]
        mask >>= 8
    return total


TOTAL_HALF_POINTS: Final[int] = half_points(FULL)


def count(mask: int) -> int:
    """The number of cards in ``mask``."""
    return mask.bit_count()


def replaced(hands: tuple[int, ...], seat: int, hand: int) -> tuple[int, ...]:
    """``hands`` with the hand of ``seat`` replaced by ``hand``."""
    changed = list(hands)
    changed[seat] = hand
    return tuple(changed)
