"""The simple player's hand evaluation and its decisions before the card play.

Everything works on card indices and bit masks (bit ``i`` for ``DECK[i]``, as in the rules
core): trumps 0 to 20 (the Petit is 0, the 21 is 20), the Excuse 21, then the four plain
suits of 14 cards from the Ace to the King.

The evaluation is a person's point count: the bouts, the trumps (more for the high ones and
for a long trump suit), the Kings and the honours they guard, the long suits, the voids and
singletons once there are trumps to cut with. Which count bids which contract is a table
per table size, :data:`BID_THRESHOLDS`, found by simulation (``benchmarks/tune_simple.py``
plays each hand at every contract and keeps the thresholds that score best).
"""

from __future__ import annotations

from typing import Final

from frenchtarot._core import masks as _masks
from frenchtarot.actions import Contract
from frenchtarot.cards import HALF_POINTS

__all__ = [
    "BID_THRESHOLDS",
    "bid_for",
    "call_choice",
    "discard_choice",
    "hand_value",
    "wants_slam",
]

_SUITS: Final = _masks.SUITS
_TRUMPS: Final = _masks.TRUMPS
_EXCUSE: Final = _masks.EXCUSE
_PETIT: Final = _masks.PETIT
_TWENTY_ONE: Final = _masks.TWENTY_ONE
_KINGS: Final = _masks.KINGS
_HIGH_TRUMPS: Final = _TRUMPS & ~((1 << 15) - 1)  # the 16 to the 21
"""The trumps that win most trump tricks: the 16 and above."""

_HONOURLESS: Final = sum(((1 << 10) - 1) << (22 + 14 * s) for s in range(4))
"""The plain cards from the Ace to the 10."""

_LONG_TRUMPS: Final = {3: 9, 4: 7, 5: 6}
"""From how many trumps a trump suit is long at each table size (a fair share and a half)."""

_SUIT_LENGTH: Final = (0, 0, 0, 0, 2, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23)
"""What the length of a plain suit adds, by the number of its cards held."""

BID_THRESHOLDS: Final[dict[int, tuple[tuple[Contract, int], ...]]] = {
    3: (
        (Contract.GARDE_CONTRE, 104),
        (Contract.GARDE_SANS, 90),
        (Contract.GARDE, 68),
        (Contract.PETITE, 56),
    ),
    4: (
        (Contract.GARDE_CONTRE, 64),
        (Contract.GARDE_SANS, 64),
        (Contract.GARDE, 45),
        (Contract.PETITE, 42),
    ),
    5: (
        (Contract.GARDE_CONTRE, 84),
        (Contract.GARDE_SANS, 70),
        (Contract.GARDE, 54),
        (Contract.PETITE, 40),
    ),
}
"""The least hand value (:func:`hand_value`) for each contract, by table size, highest first.

Tuned by ``benchmarks/tune_simple.py`` (see ``benchmarks/README.md``): each threshold is the
one that maximised the taker's mean score over simulated deals in which the first speaker
took at every contract in turn, the cards played by this player at every seat.
"""


def hand_value(hand: int, seats: int) -> int:
    """A person's point count of ``hand`` for bidding at a table of ``seats`` players.

    Args:
        hand: The hand as a mask of card indices.
        seats: The table size, 3, 4 or 5.

    Returns:
        The count: about 40 for a hand worth a Petite at four players, 60 for a Garde.
    """
    trumps = (hand & _TRUMPS).bit_count()
    long_trumps = _LONG_TRUMPS[seats]
    value = 2 * trumps + (hand & _HIGH_TRUMPS).bit_count()
    if hand & _TWENTY_ONE:
        value += 9
    if hand & _EXCUSE:
        value += 7
    if hand & _PETIT:
        # The Petit counts for what it brings home: little when it must hide among few trumps.
        value += 8 if trumps >= long_trumps else 5 if trumps >= long_trumps - 2 else 1
    if trumps > long_trumps:
        value += 3 * (trumps - long_trumps)
    for suit in _SUITS:
        cards = hand & suit
        count = cards.bit_count()
        top = suit & ~(suit >> 1)  # the King of the suit
        king, queen, knight, jack = (
            cards & top,
            cards & top >> 1,
            cards & top >> 2,
            cards & top >> 3,
        )
        if king:
            value += 6 + (4 if queen else 0) + (1 if knight and queen else 0)
        elif queen:
            value += 2 if count >= 3 else 1
        if knight and count >= 4:
            value += 1
        if jack and count >= 5:
            value += 1
        value += _SUIT_LENGTH[count]
        if trumps >= 4:
            if count == 0:
                value += 6
            elif count == 1 and not king:
                value += 3
    return value


def bid_for(
    hand: int, seats: int, open_contracts: tuple[Contract, ...], bonus: int = 0
) -> Contract | None:
    """The highest open contract ``hand`` is worth, or ``None`` to pass.

    Args:
        hand: The hand as a mask.
        seats: The table size.
        open_contracts: The contracts still open to the seat: offered by the table and
            above the highest bid so far.
        bonus: Added to the hand's value (the tuning script shifts thresholds with it).

    Returns:
        A contract of ``open_contracts``, or ``None``.
    """
    value = hand_value(hand, seats) + bonus
    for contract, threshold in BID_THRESHOLDS[seats]:
        if value >= threshold and contract in open_contracts:
            return contract
    return None


def call_choice(hand: int, callable_cards: list[int]) -> int:
    """The card a five-player taker calls, among ``callable_cards`` (indices, not empty).

    A card it does not hold, in the suit where it holds the most (and then the most
    points), so that it can lead the suit to its partner; when it holds them all, the
    first (it plays alone).
    """
    best = callable_cards[0]
    best_key = (-1, -1, -1)
    for index in callable_cards:
        if hand >> index & 1:
            continue
        suit = _SUITS[(index - 22) // 14]
        held = hand & suit
        key = (1, held.bit_count(), _masks.half_points(held))
        if key > best_key:
            best, best_key = index, key
    return best


def discard_choice(hand: int, allowed: int, remaining: int) -> int:
    """The next card of the écart, from ``allowed`` (a mask, not empty).

    The player makes voids first: a plain suit without its King, short enough to be put
    aside whole with the ``remaining`` cards, the shortest such suit first and its most
    valuable card first (the points in the écart count for the taker). Otherwise the
    honours unguarded by their King (a Queen or a Knight that the defence would capture),
    then the lowest cards of the shortest suit. Trumps only when the rules force them, the
    lowest first (a trump in the écart is shown to the table).
    """
    plain = allowed & _masks.PLAIN
    if plain:
        best_suit = -1
        best_count = 99
        for number, suit in enumerate(_SUITS):
            cards = hand & suit
            count = cards.bit_count()
            if (
                count
                and count <= remaining
                and count < best_count
                and not cards & _KINGS
                and cards & allowed == cards
            ):
                best_suit, best_count = number, count
        if best_suit >= 0:
            return _most_valuable(hand & _SUITS[best_suit])
        unguarded = 0
        for suit in _SUITS:
            cards = plain & suit
            if cards and not hand & suit & _KINGS:
                unguarded |= cards & ~_HONOURLESS
        if unguarded:
            return _most_valuable(unguarded)
        shortest = min(
            (suit for suit in _SUITS if plain & suit), key=lambda suit: (hand & suit).bit_count()
        )
        return _lowest(plain & shortest)
    return _lowest(allowed)



def _most_valuable(mask: int) -> int:
    """The index in ``mask`` worth the most points (the highest on a tie)."""
    return max(_masks.indices(mask), key=lambda index: (HALF_POINTS[index], index))


def _lowest(mask: int) -> int:
    """The lowest index in ``mask``."""
    return (mask & -mask).bit_length() - 1


def wants_slam(hand: int, seats: int) -> bool:
    """Whether a taker holding ``hand`` (with its écart made) announces a slam.

    Only a hand that should lose no trick: the 21 and trumps enough to draw every other
    one (three quarters of the hand at least), and in each plain suit either nothing or
    Kings and Queens only, guarded by the King.
    """
    trumps = hand & _TRUMPS
    size = hand.bit_count()
    if not hand & _TWENTY_ONE or 4 * (trumps.bit_count() + (hand & _EXCUSE != 0)) < 3 * size:
        return False
    for suit in _SUITS:
        cards = hand & suit
        top = suit & ~(suit >> 1)
        if cards and (not cards & top or cards & ~(top | top >> 1)):
            return False
    # The trumps left outside must fall under the ones held: count the highest run.
    missing = (_TRUMPS & ~trumps).bit_count()
    return trumps.bit_count() >= missing + 2 or seats == 3 and trumps.bit_count() > missing
