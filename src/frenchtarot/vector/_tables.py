"""The batch's constant tables: cards as bits of two words, each table's rules as arrays.

A set of cards is two ``uint64`` words: ``lo`` holds cards 0 to 63 (the trumps, the Excuse
and the first three suits), ``hi`` cards 64 to 77 (the fourth suit) in its bits 0 to 13.
The action ids of a deal are three words, ids 0 to 191 (:func:`unpack` makes the masks).
"""

from __future__ import annotations

import functools
import sys
from typing import Final

import numpy as np
from numpy.typing import NDArray

from frenchtarot.actions import Contract
from frenchtarot.cards import EXCUSE_INDEX, HALF_POINTS
from frenchtarot.encoding import information_state_fields, observation_fields
from frenchtarot.encoding._layout import CALLABLE
from frenchtarot.rules import Rules

U64 = np.uint64
I64 = np.int64

WORD: Final = (1 << 64) - 1
NO_CARD: Final = 78
"""The index that stands for no card in the tables below (its bits are zero)."""

BIDDING, CALL, DISCARD, SLAM, PLAY, DONE, ANNULLED = range(7)
"""The phases by their place in :class:`~frenchtarot.Phase` (the tensor's one-hot)."""

PETITE, GARDE, GARDE_SANS, GARDE_CONTRE = range(4)
"""The contracts by their place in :class:`~frenchtarot.Contract` (id ``1 + code``)."""

PASS_ID: Final = 0
SLAM_ID: Final = 5
HANDFUL_ID: Final = 6
DISCARD_ID: Final = 9
PLAY_ID: Final = 87
CALL_ID: Final = 165

TRUMPS: Final = (1 << 21) - 1
EXCUSE: Final = 1 << EXCUSE_INDEX


def split(mask: int) -> tuple[int, int]:
    """A mask of the pack as its two words."""
    return mask & WORD, mask >> 64


def _words(masks: list[int]) -> tuple[NDArray[np.uint64], NDArray[np.uint64]]:
    return (
        np.array([split(mask)[0] for mask in masks], U64),
        np.array([split(mask)[1] for mask in masks], U64),
    )


_SUIT_MASKS: Final = [((1 << 14) - 1) << (22 + 14 * suit) for suit in range(4)]
KINGS: Final = sum(1 << (35 + 14 * suit) for suit in range(4))
_BOUTS: Final = 1 | 1 << 20 | EXCUSE
_ORDINARY: Final = sum(_SUIT_MASKS) & ~KINGS

BIT_LO, BIT_HI = _words([1 << card for card in range(78)] + [0])
"""Each card's bit (``NO_CARD``: none)."""
SUIT_LO, SUIT_HI = _words([0, *_SUIT_MASKS, 0])
"""``SUIT_*[led + 1]``: the cards a seat must follow when ``led`` is the trick's suit code
(-1 nothing led yet, 0 to 3 a suit, 4 trumps: no suit card to follow, the trumps rule)."""
ORDINARY_LO, ORDINARY_HI = (U64(word) for word in split(_ORDINARY))
"""The suit cards other than Kings: the écart's first choice."""
KEEP_LO, KEEP_HI = (U64(word) for word in split(((1 << 78) - 1) & ~(KINGS | _BOUTS)))
"""The cards an écart may hold at all: neither a King nor a bout."""
TRUMPS_LO: Final = U64(TRUMPS)
EXCUSE_LO: Final = U64(EXCUSE)

SUIT_CODE: Final = np.array([4] * 21 + [-1] + [suit for suit in range(4) for _ in range(14)], I64)
"""Each card's suit code: 4 for a trump, -1 for the Excuse (which sets no suit), else 0-3."""
STRENGTH: Final = np.zeros((78, 6), I64)
"""``STRENGTH[card, led + 1]``: how well ``card`` does in a trick whose suit code is ``led``
(the best one wins): a trump 100 and up, a card of the suit led 1 to 14, another 0, the
Excuse -1."""
for _card in range(78):
    for _led in range(-1, 5):
        if _card < EXCUSE_INDEX:
            STRENGTH[_card, _led + 1] = 100 + _card
        elif _card == EXCUSE_INDEX:
            STRENGTH[_card, _led + 1] = -1
        elif SUIT_CODE[_card] == _led:
            STRENGTH[_card, _led + 1] = (_card - 22) % 14 + 1
HALF: Final = np.array(HALF_POINTS[:78], I64)
"""Each card's points, in half points."""
SPECIAL: Final = np.zeros(79, np.bool_)
"""The cards whose play the score remembers: the Petit, the 21 and the Excuse."""
SPECIAL[[0, 20, EXCUSE_INDEX]] = True
CALL_CARDS: Final = np.array([card.index for card in CALLABLE], I64)
"""The card of each call id, from ``CALL_ID``."""

_LEVELS: Final = [KINGS >> level for level in range(4)]  # Kings, Queens, Knights, Jacks
LEVEL_LO, LEVEL_HI = _words(_LEVELS)
CALL_BITS: Final = np.zeros(5, U64)
"""``CALL_BITS[levels]``: the call ids (as bits of the third action word, from bit 37) of
the first ``levels`` ranks from the Kings down."""
for _count in range(1, 5):
    CALL_BITS[_count] = sum(
        1 << (CALL_ID - 128 + offset)
        for offset, card in enumerate(CALLABLE)
        if any(1 << card.index & _LEVELS[level] for level in range(_count))
    )


def unpack(words: NDArray[np.uint64]) -> NDArray[np.uint8]:
    """Each row's words as its bits, 0 or 1, bit 0 of the first word first."""
    if sys.byteorder != "little":  # pragma: no cover - the machines NumPy runs on are
        words = words.astype("<u8")
    return np.unpackbits(words.view(np.uint8), axis=1, bitorder="little")


@functools.cache
def layout(rules: Rules, recall: bool) -> dict[str, int]:
    """The offset of each field of a table's tensor, and ``"size"`` the length.

    ``recall``: the information-state tensor's, else the observation tensor's.
    """
    fields = information_state_fields(rules) if recall else observation_fields(rules)
    offsets = {field.name: field.offset for field in fields}
    offsets["size"] = fields[-1].end
    return offsets


class Table:
    """What the batch reads of one :class:`~frenchtarot.Rules`, as numbers and arrays.

    ``recall``: the tensors are the information-state tensors (perfect recall).
    """

    def __init__(self, rules: Rules, recall: bool) -> None:
        self.rules = rules
        self.recall = recall
        self.seats = rules.seats
        self.hand_size = rules.hand_size
        self.dog_size = rules.dog_size
        self.calls = rules.calls_partner
        self.actions = CALL_ID + (len(CALLABLE) if rules.calls_partner else 0)
        self.next_seat = np.array([(seat + 1) % rules.seats for seat in range(rules.seats)], I64)
        contracts = tuple(Contract)
        # The bidding words open after each highest bid so far (index: contract code + 1).
        offered = [contracts.index(contract) for contract in rules.offered]
        self.bid_words = np.array(
            [1 + sum(2 << code for code in offered if code > high) for high in range(-1, 4)],
            U64,
        )
        self.multiplier = np.array(
            [rules.multiplier(c) if rules.offers(c) else 0 for c in contracts], I64
        )
        self.handful_sizes = np.array([size for size, _bonus in rules.handfuls], I64)
        self.handful_bonus = np.array([bonus for _size, bonus in rules.handfuls], I64)
        self.one_hot = np.vstack([np.eye(rules.seats), np.zeros((1, rules.seats))]).astype(
            np.float32
        )
        """``one_hot[seat]``: the one-hot row of a seat; ``one_hot[seats]``: zeros."""
        self.offsets = layout(rules, recall)
        self.size = self.offsets["size"]


@functools.cache
def table(rules: Rules, recall: bool) -> Table:
    """The :class:`Table` of ``rules`` (made once per rules value and kind of tensor)."""
    return Table(rules, recall)
