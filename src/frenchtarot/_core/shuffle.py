"""The physical deal (shuffle, cut, packets) and the first state of a deal.

Behind :func:`frenchtarot.new_deal` and :func:`frenchtarot.deal_from`, which check their
arguments; compiled by mypyc in the compiled build.
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Sequence
from math import floor
from typing import Any, Final, TypeVar

from frenchtarot._core import flow as _flow
from frenchtarot._core import masks as _masks
from frenchtarot._core.record import DealRecord
from frenchtarot._core.state import State, next_state
from frenchtarot._deal_values import Annulment, AnnulReason
from frenchtarot.actions import Phase
from frenchtarot.rules import Rules

__all__ = ["BITS", "INDICES", "is_petit_sec", "petit_sec_seat", "shuffle_and_deal", "start"]


T = TypeVar("T")

INDICES: Final = tuple(range(78))
"""The pack in card order, as card indices."""
BITS: Final = tuple(1 << index for index in range(78))
"""The pack in card order, as each card's bit: a hand of these sums to its mask."""


_SHUFFLE_STEPS: Final = tuple((i, float(i + 1)) for i in range(77, 0, -1))
"""The steps of the shuffle: the position to fill, from the last, and how many cards are
left to draw it from (a float: the draw multiplies a float)."""


def shuffle_and_deal(
    rng: random.Random, rules: Rules, dealer: int, cards: Sequence[T]
) -> tuple[tuple[tuple[T, ...], ...], list[T]]:
    """Shuffle, cut and deal a pack, returning each seat's cards and the dog's.

    ``cards`` stands for the pack in card order: the card indices (:data:`INDICES`); the deal
    itself passes each card's bit (:data:`BITS`), whose sum is the mask of a hand.

    Every choice is drawn from ``rng.random()`` alone, whose sequence Python keeps stable
    for a given seed across versions (unlike ``shuffle`` or ``randrange``): a choice among
    ``n`` is ``floor(rng.random() * n)``, always below ``n`` (the largest ``random()``,
    ``1 - 2**-53``, times any ``n`` under ``2**53`` rounds to less than ``n``).
    """
    draw = rng.random
    pack = list(cards)
    for i, size in _SHUFFLE_STEPS:  # Fisher-Yates
        j = floor(draw() * size)
        pack[i], pack[j] = pack[j], pack[i]
    sides = 78 - 2 * rules.min_cut + 1
    cut = rules.min_cut + floor(draw() * sides)
    pack = pack[cut:] + pack[:cut]
    packet = rules.packet
    packets = rules.seats * rules.hand_size // packet
    # The dog's cards go between packets, one at a time, never before the first packet
    # nor after the last: pick dog_size of the packets - 1 gaps.
    gaps = list(range(packets - 1))
    left = len(gaps)
    for i in range(rules.dog_size):
        j = i + floor(draw() * (left - i))
        gaps[i], gaps[j] = gaps[j], gaps[i]
    # The k-th dog card (k from 0) follows the packet numbered n: its place in the pack is
    # (n + 1) * packet + k. Take the dog out; the rest is dealt in turn.
    places = [(n + 1) * packet + k for k, n in enumerate(sorted(gaps[: rules.dog_size]))]
    dog = [pack[place] for place in places]
    for place in reversed(places):
        del pack[place]
    takers = _hand_takers(rules.seats, rules.hand_size, packet, dealer)
    return tuple([take(pack) for take in takers]), dog


@functools.cache
def _hand_takers(
    seats: int, hand_size: int, packet: int, dealer: int
) -> tuple[operator.itemgetter[Any], ...]:
    """For each seat, what takes its cards, in the order received, from the dealt pack.

    The dealt pack is the pack without the dog. Packets of ``packet`` cards go to each seat
    in turn from the dealer's next seat: card ``k`` goes to seat
    ``(dealer + 1 + k // packet) % seats``. Valid rules give every seat eight cards or
    more, so each taker returns a tuple.
    """
    places: tuple[list[int], ...] = tuple([] for _ in range(seats))
    for place in range(seats * hand_size):
        places[(dealer + 1 + place // packet) % seats].append(place)
    return tuple(operator.itemgetter(*seat_places) for seat_places in places)


def is_petit_sec(hand: int) -> bool:
    """Whether ``hand`` holds the Petit as its only trump, without the Excuse."""
    return hand & (_masks.TRUMPS | _masks.EXCUSE) == _masks.PETIT


def petit_sec_seat(hands: tuple[int, ...]) -> int | None:
    """The seat whose only trump is the Petit, without the Excuse, or ``None``."""
    for seat, hand in enumerate(hands):
        if is_petit_sec(hand):
            return seat
    return None


def start(rules: Rules, dealer: int, hands: tuple[int, ...], dog: int) -> State:
    """The state at the start of the bidding, or annulled by a petit sec."""
    sec = petit_sec_seat(hands)
    annulled = sec is not None
    first = _flow.first_bidder(rules, dealer)
    return next_state(
        deal=DealRecord(
            rules=rules,
            dealer=dealer,
            dog=dog,
            discard=0,
            taker=None,
            contract=None,
            called=None,
            partner=None,
            slam=False,
            handfuls=(),
            annulment=Annulment(AnnulReason.PETIT_SEC, sec) if annulled else None,
        ),
        phase=Phase.ANNULLED if annulled else Phase.BIDDING,
        current=None if annulled else first,
        hands=hands,
        tricks=(),
        trick=(),
        leader=first,
        chain=((),),
    )
