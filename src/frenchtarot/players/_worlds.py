"""The searching player's worlds: sampled deals whose bids the simple player would have made.

:func:`frenchtarot.sampling.sample_state` draws every deal consistent with an observation
with the same chance: it reads nothing into the other players' bids. The searching player
reads them with a model of how people bid, the simple player's rules
(:func:`_hand.bid_for`): :func:`draw_world` redraws a world whose other seats would not
have said what they said with the hands it gives them, up to :data:`TRIES` draws. A seat
that passed then holds a hand below the lowest contract still open to it, and the taker a
hand worth its contract, as at a table of simple players (and of Monte Carlo players, who
bid as they do). When no draw fits (a bid the model would not make), the last one is
used: the worlds then know no more than the sampler's.
"""

from __future__ import annotations

import random
from typing import Final

from frenchtarot._core import flow as _flow
from frenchtarot._core import tricks as _tricks
from frenchtarot._core.state import State, masks_of, record_of
from frenchtarot._core.transitions import bidding_words
from frenchtarot.actions import Bid
from frenchtarot.observation import Observation
from frenchtarot.players import _hand
from frenchtarot.sampling import sample_state

__all__ = ["TRIES", "bids_fit", "draw_world"]

TRIES: Final = 20
"""The most worlds :func:`draw_world` draws for one whose bids fit."""


def bids_fit(world: State, seat: int, boldness: int = 0) -> bool:
    """Whether every seat but ``seat`` bid in ``world`` as the simple player would have.

    Each seat's hand when it spoke is its hand in ``world`` with the cards it has played
    (the taker's, with the écart back and the dog out, once it took the dog); its word must
    be :func:`_hand.bid_for` of that hand among the contracts then still open, with
    ``boldness`` (the simple player's).
    """
    rules = world.rules
    record = record_of(world)
    hands, trick, leader, dog, ecart = masks_of(world)
    plays = [(done.leader, done.cards) for done in world.tricks]
    if trick:
        plays.append((leader, world.current_trick))
    played = _tricks.played_by_seat(rules.seats, plays)
    took_dog = _flow.dog_is_public(world.phase, record.contract)
    high = None
    for speaker, contract in _flow.bids_in(rules, record.dealer, world.history):
        if speaker != seat:
            start = hands[speaker] | played[speaker]
            if took_dog and speaker == record.taker:
                start = (start | ecart) & ~dog
            words = bidding_words(rules, high)
            open_contracts = tuple(word.contract for word in words if isinstance(word, Bid))
            if _hand.bid_for(start, rules.seats, open_contracts, boldness) != contract:
                return False
        if contract is not None:
            high = contract
    return True


def draw_world(observation: Observation, rng: random.Random) -> State:
    """A world consistent with ``observation`` whose bids the simple player would make.

    Up to :data:`TRIES` draws of :func:`frenchtarot.sampling.sample_state`; the first that
    :func:`bids_fit`, else the last.
    """
    world = sample_state(observation, rng)
    for _ in range(TRIES - 1):
        if bids_fit(world, observation.seat):
            break
        world = sample_state(observation, rng)
    return world
