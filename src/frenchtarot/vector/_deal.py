"""Dealing many deals at once, each the very deal :func:`frenchtarot.new_deal` deals for its seed.

The library's deal (``frenchtarot._core.shuffle.shuffle_and_deal``) draws every choice from
``random.Random(seed).random()``: a Fisher-Yates shuffle, a cut, the places of the dog's
cards between the packets, then the packets in turn from the dealer's next seat. Here the
draws are made deal by deal (the seeding is Python's), then each step of the deal is one
NumPy operation over all the deals: the same floats give the same choices, and so the same
cards.
"""

from __future__ import annotations

import functools
import random
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from frenchtarot.rules import Rules
from frenchtarot.vector import _tables as T
from frenchtarot.vector._tables import I64, U64

__all__ = ["Dealt", "library_deals", "numpy_deals"]

_SIZES = np.arange(78, 1, -1, dtype=np.float64)
"""The shuffle's steps fill positions 77 down to 1, drawing among 78 down to 2 cards."""


class Dealt(NamedTuple):
    """Deals as arrays: each seat's hand and the dog (two words each), numbers and dealers."""

    hands_lo: NDArray[np.uint64]
    hands_hi: NDArray[np.uint64]
    dog_lo: NDArray[np.uint64]
    dog_hi: NDArray[np.uint64]
    number: NDArray[np.int64]
    dealer: NDArray[np.int64]

    def part(self, start: int, stop: int | None = None) -> Dealt:
        """The deals from ``start`` to ``stop``."""
        cut = slice(start, stop)
        return Dealt(
            self.hands_lo[cut],
            self.hands_hi[cut],
            self.dog_lo[cut],
            self.dog_hi[cut],
            self.number[cut],
            self.dealer[cut],
        )

    def then(self, other: Dealt) -> Dealt:
        """These deals, then ``other``'s."""
        return Dealt(
            np.concatenate([self.hands_lo, other.hands_lo]),
            np.concatenate([self.hands_hi, other.hands_hi]),
            np.concatenate([self.dog_lo, other.dog_lo]),
            np.concatenate([self.dog_hi, other.dog_hi]),
            np.concatenate([self.number, other.number]),
            np.concatenate([self.dealer, other.dealer]),
        )


@functools.cache
def _places(seats: int, hand: int, packet: int) -> NDArray[np.int64]:
    """``_places(...)[dealer, seat]``: where the cards of ``seat`` lie in the dealt pack.

    Packets of ``packet`` cards go to each seat in turn from the dealer's next: card ``k``
    goes to seat ``(dealer + 1 + k // packet) % seats``.
    """
    owner = (np.arange(seats)[:, None] + 1 + np.arange(seats * hand) // packet) % seats
    return np.stack(
        [
            [np.flatnonzero(owner[dealer] == seat) for seat in range(seats)]
            for dealer in range(seats)
        ]
    ).astype(I64)


def _hands(
    rules: Rules, pack: NDArray[np.int64], dealer: NDArray[np.int64], number: NDArray[np.int64]
) -> Dealt:
    """The deals of ``pack`` (the pack dealt in turn, the dog's cards last), but petit secs."""
    seats, hand = rules.seats, rules.hand_size
    rows = np.arange(len(pack))[:, None, None]
    cards = pack[rows, _places(seats, hand, rules.packet)[dealer]]  # (deals, seats, hand)
    lo = np.bitwise_or.reduce(T.BIT_LO[cards], axis=2)
    hi = np.bitwise_or.reduce(T.BIT_HI[cards], axis=2)
    dog = pack[:, seats * hand :]
    kept = ((lo & U64(T.TRUMPS | T.EXCUSE)) != U64(1)).all(axis=1)  # no petit sec
    return Dealt(
        lo[kept],
        hi[kept],
        np.bitwise_or.reduce(T.BIT_LO[dog[kept]], axis=1),
        np.bitwise_or.reduce(T.BIT_HI[dog[kept]], axis=1),
        number[kept],
        dealer[kept],
    )


def library_deals(rules: Rules, seeds: NDArray[np.int64], number: NDArray[np.int64]) -> Dealt:
    """The deals ``new_deal(seed=seeds[i], dealer=number[i] % seats)``, but the petit secs."""
    count = len(seeds)
    dog_size = rules.dog_size
    packets = rules.seats * rules.hand_size // rules.packet
    draws = 77 + 1 + dog_size
    # random() makes a float of two 32-bit outputs of the generator; getrandbits gives the
    # outputs in order, the first in the lowest bits: one call a deal, then the same
    # arithmetic as CPython's random() (exact: both terms fit in 53 bits).
    generator = random.Random()
    size = 8 * draws
    chunks = []
    for seed in seeds.tolist():
        generator.seed(seed)
        chunks.append(generator.getrandbits(8 * size).to_bytes(size, "little"))
    words = np.frombuffer(b"".join(chunks), "<u4").reshape(count, 2 * draws).astype(U64)
    high, low = words[:, 0::2] >> U64(5), words[:, 1::2] >> U64(6)
    floats = (high * 67108864.0 + low) * (1.0 / 9007199254740992.0)
    rows = np.arange(count)
    pack = np.broadcast_to(np.arange(78, dtype=I64), (count, 78)).copy()
    flat = pack.reshape(-1)  # one index per card of every deal: cheaper than two
    starts = rows * 78
    picks = np.floor(floats[:, :77] * _SIZES).astype(I64) + starts[:, None]
    for step in range(77):  # Fisher-Yates, from the last position down
        here = starts + (77 - step)
        there = picks[:, step]
        card = flat[here]
        flat[here] = flat[there]
        flat[there] = card
    sides = 78 - 2 * rules.min_cut + 1
    cut = rules.min_cut + np.floor(floats[:, 77] * sides).astype(I64)
    pack = pack[rows[:, None], (np.arange(78) + cut[:, None]) % 78]
    # The dog's cards go between packets: dog_size of the packets - 1 gaps, drawn in turn.
    gaps = np.broadcast_to(np.arange(packets - 1, dtype=I64), (count, packets - 1)).copy()
    for i in range(dog_size):
        j = i + np.floor(floats[:, 78 + i] * (packets - 1 - i)).astype(I64)
        kept = gaps[:, i].copy()
        gaps[:, i] = gaps[rows, j]
        gaps[rows, j] = kept
    places = (np.sort(gaps[:, :dog_size], axis=1) + 1) * rules.packet + np.arange(dog_size)
    aside = np.zeros((count, 78), np.bool_)
    aside[rows[:, None], places] = True
    order = np.argsort(aside, axis=1, kind="stable")  # the dealt cards first, the dog last
    return _hands(rules, pack[rows[:, None], order], number % rules.seats, number)


def numpy_deals(rules: Rules, rng: np.random.Generator, number: NDArray[np.int64]) -> Dealt:
    """Uniformly shuffled deals from ``rng`` (dealer ``number % seats``), but the petit secs."""
    ordered = np.broadcast_to(np.arange(78, dtype=I64), (len(number), 78))
    return _hands(rules, rng.permuted(ordered, axis=1), number % rules.seats, number)
