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

import functools
import random
from collections.abc import Sequence
from typing import Final

from frenchtarot._core import flow as _flow
from frenchtarot._core import masks as _masks
from frenchtarot._core.state import State
from frenchtarot._core.transitions import bidding_words
from frenchtarot.actions import Bid, Contract
from frenchtarot.observation import Observation
from frenchtarot.players import _hand
from frenchtarot.rules import Rules
from frenchtarot.sampling import sample_state_where

__all__ = ["TRIES", "Checks", "bid_checks", "bids_fit", "draw_world", "fits"]

TRIES: Final = 20
"""The most worlds :func:`draw_world` draws for one whose bids fit."""


Checks = tuple[tuple[int, tuple[Contract, ...], Contract | None], ...]
"""Each word to check: the seat that spoke, the contracts open to it then, what it said."""


def bid_checks(rules: Rules, dealer: int, history: Sequence[object], seat: int) -> Checks:
    """The bidding words of ``history`` that :func:`fits` checks: every seat's but ``seat``'s.

    They depend on the public history only, so one decision computes them once for all its
    worlds.
    """
    checks = []
    high = None
    for speaker, contract in _flow.bids_in(rules, dealer, history):
        if speaker != seat:
            words = bidding_words(rules, high)
            open_contracts = tuple(word.contract for word in words if isinstance(word, Bid))
            checks.append((speaker, open_contracts, contract))
        if contract is not None:
            high = contract
    return tuple(checks)


def fits(checks: Checks, hands: Sequence[int], seats: int, boldness: int = 0) -> bool:
    """Whether each word of ``checks`` is the simple player's with ``hands`` as dealt.

    Its word must be :func:`_hand.bid_for` of the hand (a mask) among the contracts then
    still open, with ``boldness`` (the simple player's).
    """
    for speaker, open_contracts, contract in checks:
        if _hand.bid_for(hands[speaker], seats, open_contracts, boldness) != contract:
            return False
    return True


def bids_fit(world: State, seat: int, boldness: int = 0) -> bool:
    """Whether every seat but ``seat`` bid in ``world`` as the simple player would have.

    Each seat's hand when it spoke is its hand as dealt (:attr:`State.dealt
    <frenchtarot.State.dealt>`); its word must be the simple player's (:func:`fits`) with
    ``boldness``.
    """
    rules = world.rules
    checks = bid_checks(rules, world.dealer, world.history, seat)
    hands = [_masks.mask_of(cards) for cards in world.dealt]
    return fits(checks, hands, rules.seats, boldness)


def draw_world(observation: Observation, rng: random.Random) -> State:
    """A world consistent with ``observation`` whose bids the simple player would make.

    Up to :data:`TRIES` deals drawn (:func:`frenchtarot.sampling.sample_state_where`,
    judged before their state is built): the first whose bids :func:`fits`, else the last.
    """
    checks = _checks(observation)
    seats = observation.rules.seats
    return sample_state_where(observation, rng, lambda hands: fits(checks, hands, seats), TRIES)


@functools.lru_cache(maxsize=32)
def _checks(observation: Observation) -> Checks:
    return bid_checks(observation.rules, observation.dealer, observation.history, observation.seat)
