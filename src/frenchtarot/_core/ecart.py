"""The écart: which cards the taker may put aside after taking the dog."""

from __future__ import annotations

from typing import Final

from frenchtarot._core import masks as _masks
from frenchtarot.errors import Rule

_NEVER: Final[int] = _masks.KINGS | _masks.BOUTS
ORDINARY: Final[int] = _masks.PLAIN & ~_masks.KINGS
"""The ordinary cards: suit cards other than Kings, which the taker puts aside first."""


def discard_mask(hand: int, remaining: int) -> int:
    """The cards the taker may put aside next, with ``remaining`` cards still to put aside.

    Never a King or a bout; a trump only when fewer ordinary cards (suit cards other than
    Kings) are left than cards still to put aside.
    """
    ordinary = hand & ORDINARY
    if ordinary.bit_count() >= remaining:
        return ordinary
    return hand & ~_NEVER


def refusal(hand: int, index: int) -> Rule:
    """The rule broken by putting card ``index`` aside, given it is not allowed."""
    if not hand >> index & 1:
        return Rule.CARD_NOT_IN_HAND
    if 1 << index & _NEVER:
        return Rule.FORBIDDEN_DISCARD
    return Rule.TRUMP_DISCARD_AVOIDABLE
