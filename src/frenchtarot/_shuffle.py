"""The physical deal (shuffle, cut, packets) and the first state of a deal.

Behind :func:`frenchtarot.new_deal` and :func:`frenchtarot.deal_from`, which check their
arguments; compiled by mypyc in the compiled build.
"""

from __future__ import annotations

import random
from typing import Final

from frenchtarot import _masks
from frenchtarot.rules import Rules
from frenchtarot.state import Annulment, AnnulReason, Phase, State, make_state

__all__ = ["is_petit_sec", "mask_of_indices", "petit_sec_seat", "shuffle_and_deal", "start"]


def shuffle_and_deal(
    rng: random.Random, rules: Rules, dealer: int
) -> tuple[tuple[list[int], ...], list[int]]:
    """Shuffle, cut and deal a pack, returning each seat's card indices and the dog's.

    Every choice is drawn from ``rng.random()`` alone, whose sequence Python keeps stable
    for a given seed across versions (unlike ``shuffle`` or ``randrange``).
    """
    draw = rng.random
    pack = list(range(78))
    for i in range(77, 0, -1):  # Fisher-Yates
        j = int(draw() * (i + 1))
        j = i if j > i else j  # random() * n can round up to n
        pack[i], pack[j] = pack[j], pack[i]
    sides = 78 - 2 * rules.min_cut + 1
    cut = rules.min_cut + min(int(draw() * sides), sides - 1)
    pack = pack[cut:] + pack[:cut]
    packet = rules.packet
    packets = rules.seats * rules.hand_size // packet
    # The dog's cards go between packets, one at a time, never before the first packet
    # nor after the last: pick dog_size of the packets - 1 gaps.
    gaps = list(range(packets - 1))
    for i in range(rules.dog_size):
        j = i + min(int(draw() * (len(gaps) - i)), len(gaps) - i - 1)
        gaps[i], gaps[j] = gaps[j], gaps[i]
    dog_after = set(gaps[: rules.dog_size])
    hands: tuple[list[int], ...] = tuple([] for _ in range(rules.seats))
    dog: list[int] = []
    position = 0
    seats = rules.seats
    for number in range(packets):
        hands[(dealer + 1 + number) % seats].extend(pack[position : position + packet])
        position += packet
        if number in dog_after:
            dog.append(pack[position])
            position += 1
    return hands, dog


_BIT: Final = tuple(1 << index for index in range(78))


def mask_of_indices(indices: list[int]) -> int:
    """The mask of the cards ``indices``."""
    mask = 0
    for index in indices:  # faster than sum(map(...)): no call per card
        mask |= _BIT[index]
    return mask


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
    leader = rules.next_seat(dealer)
    return make_state(
        rules,
        dealer,
        Phase.ANNULLED if annulled else Phase.BIDDING,
        None if annulled else leader,
        hands,
        dog,
        0,
        None,
        None,
        None,
        None,
        False,
        (),
        (),
        (),
        leader,
        (),
        Annulment(AnnulReason.PETIT_SEC, sec) if annulled else None,
    )
