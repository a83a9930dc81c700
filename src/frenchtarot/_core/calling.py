"""The five-player call: the cards the taker may call, the partner, the opening lead.

Which cards the taker may call, who the partner is, and the restriction on the opening
lead in the called card's suit.
"""

from __future__ import annotations

from typing import Final

from frenchtarot._core import masks as _masks

KINGS: Final[int] = _masks.KINGS
QUEENS: Final[int] = KINGS >> 1
KNIGHTS: Final[int] = KINGS >> 2
JACKS: Final[int] = KINGS >> 3
LEVELS: Final = (KINGS, QUEENS, KNIGHTS, JACKS)
"""The ranks a taker may call, in order: each only when holding every card of the ones before."""


def callable_mask(hand: int) -> int:
    """The cards a taker holding ``hand`` may call.

    Any King; a Queen only when holding the four Kings; a Knight only when holding every
    King and Queen; a Jack only when holding every King, Queen and Knight.
    """
    allowed = 0
    for level in LEVELS:
        allowed |= level
        if hand & level != level:
            break
    return allowed


def partner_of(hands: tuple[int, ...], taker: int, index: int) -> int | None:
    """The seat dealt card ``index``, or ``None`` when the taker holds it or it is in the dog."""
    bit = 1 << index
    for seat, hand in enumerate(hands):
        if hand & bit:
            return None if seat == taker else seat
    return None


def opening_lead_mask(hand: int, index: int) -> int:
    """The cards of ``hand`` that may open the deal when card ``index`` was called.

    Not the called card's suit, except the called card itself, unless the leader holds
    nothing outside that suit.
    """
    suit = _masks.SUITS[_masks.SUIT_OF_INDEX[index]]
    others = hand & ~suit
    if not others:
        return hand
    return others | (hand & 1 << index)


def camp_mask(taker: int, partner: int | None) -> int:
    """The taker's camp as a mask of seats: bit ``s`` is set for each attacker ``s``."""
    return 1 << taker if partner is None else 1 << taker | 1 << partner
