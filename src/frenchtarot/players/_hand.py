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
    "FEATURES",
    "WEIGHTS",
    "bid_for",
    "call_choice",
    "discard_choice",
    "features",
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

FEATURES: Final = (
    "one",
    "21",
    "excuse",
    "petit",
    "petit guarded",
    "trumps",
    "high trumps",
    "long trumps",
    "kings",
    "queens guarded",
    "queens",
    "knights",
    "long suits",
    "voids",
    "singletons",
)
"""The names of the hand's features (:func:`features`), in order."""

WEIGHTS: Final[dict[int, tuple[float, ...]]] = {
    3: (-39.9, 10.6, 10.3, 9.3, -0.4, 2.1, 1.2, 1.2, 3.9, 3.7, 2.0, 1.7, 0.3, -0.2, 0.4),
    4: (-42.0, 10.0, 10.9, 6.8, 1.6, 3.1, 1.2, 0.5, 3.9, 1.9, 1.9, 0.6, 1.0, 1.3, 0.8),
    5: (-24.8, 9.2, 9.5, 3.9, 2.9, 2.5, 1.4, 2.1, 4.1, 1.1, 1.5, 1.8, 0.8, 1.0, 1.0),
}
"""The weight of each feature by table size, fitted by ``benchmarks/tune_simple.py``.

A least-squares fit of the taker's margin (its card points above the target, at a Garde) on
the features of its hand, over simulated deals: the hand's value is the margin it expects.
"""

BID_THRESHOLDS: Final[dict[int, tuple[tuple[Contract, int], ...]]] = {
    3: (
        (Contract.GARDE_CONTRE, 28),
        (Contract.GARDE_SANS, 18),
        (Contract.GARDE, 3),
        (Contract.PETITE, 0),
    ),
    4: (
        (Contract.GARDE_CONTRE, 26),
        (Contract.GARDE_SANS, 22),
        (Contract.GARDE, 4),
        (Contract.PETITE, 1),
    ),
    5: (
        (Contract.GARDE_CONTRE, 22),
        (Contract.GARDE_SANS, 20),
        (Contract.GARDE, 7),
        (Contract.PETITE, 1),
    ),
}
"""The least hand value (:func:`hand_value`) for each contract, by table size, highest first.

Tuned by ``benchmarks/tune_simple.py`` (see ``benchmarks/README.md``): the thresholds that
maximised the taker's total utility over simulated deals in which the first speaker took at
every contract in turn, the cards played by this player at every seat, with a moderate
aversion to risk (a risk tolerance of 600 points) that gives the Petite the hands the player
is unsure of and costs the first speaker about one point a deal against the plain mean.
"""


def features(hand: int, seats: int) -> tuple[int, ...]:
    """The features of ``hand`` that its value weighs, named by :data:`FEATURES`.

    Args:
        hand: The hand as a mask of card indices.
        seats: The table size, 3, 4 or 5.

    Returns:
        One count per feature: 1 (the constant), the 21, the Excuse, the Petit, the Petit
        among a long trump suit, the trumps, the trumps 16 to 21, the trumps beyond a long
        suit, the Kings, the Queens with their King, the Queens without, the Knights in a
        suit of four cards or more, the cards beyond the fourth in each plain suit, and
        (with four trumps or more) the voids and the singletons other than a King.
    """
    trumps = (hand & _TRUMPS).bit_count()
    long_trumps = _LONG_TRUMPS[seats]
    kings = queens_guarded = queens = knights = long_suits = voids = singletons = 0
    for suit in _SUITS:
        cards = hand & suit
        count = cards.bit_count()
        top = suit & ~(suit >> 1)  # the King of the suit
        if cards & top:
            kings += 1
            if cards & top >> 1:
                queens_guarded += 1
        elif cards & top >> 1:
            queens += 1
        if cards & top >> 2 and count >= 4:
            knights += 1
        if count > 4:
            long_suits += count - 4
        if trumps >= 4:
            if count == 0:
                voids += 1
            elif count == 1 and not cards & top:
                singletons += 1
    petit = 1 if hand & _PETIT else 0
    return (
        1,
        1 if hand & _TWENTY_ONE else 0,
        1 if hand & _EXCUSE else 0,
        petit,
        petit if trumps >= long_trumps else 0,
        trumps,
        (hand & _HIGH_TRUMPS).bit_count(),
        max(0, trumps - long_trumps),
        kings,
        queens_guarded,
        queens,
        knights,
        long_suits,
        voids,
        singletons,
    )


def hand_value(hand: int, seats: int) -> int:
    """What ``hand`` is worth for bidding at a table of ``seats`` players.

    The card points above the target that a taker holding it can expect at a Garde, as
    :data:`WEIGHTS` estimate it from the hand's :func:`features`, rounded.

    Args:
        hand: The hand as a mask of card indices.
        seats: The table size, 3, 4 or 5.

    Returns:
        The expected margin in points: below 0 for most hands, above 0 for a hand that
        should make its contract.
    """
    weighted = sum(w * f for w, f in zip(WEIGHTS[seats], features(hand, seats), strict=True))
    return round(weighted)


def bid_for(
    hand: int, seats: int, open_contracts: tuple[Contract, ...], bonus: int = 0
) -> Contract | None:
    """The highest open contract ``hand`` is worth, or ``None`` to pass.

    Args:
        hand: The hand as a mask.
        seats: The table size.
        open_contracts: The contracts still open to the seat: offered by the table and
            above the highest bid so far.
        bonus: Added to the hand's value (the player's boldness).

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
    return trumps.bit_count() >= missing + 2 or (seats == 3 and trumps.bit_count() > missing)
