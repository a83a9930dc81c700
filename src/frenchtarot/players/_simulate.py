"""The searching players' tools: the budget, the random rollouts, the decisions by simulation.

A card is valued by :func:`rollout_totals`: played in a sampled world and the deal finished
by random legal play, the same random numbers for every card (the Monte Carlo player's
and the searching player's card play).

A decision before the card play (a bid, the call, the écart, the slam, a handful) is made
by playing the deal out: the player draws worlds consistent with its observation
(:func:`frenchtarot.sampling.sample_state`), applies each candidate (a sequence of its own
actions) to each world, plays the rest of the deal with :class:`SimplePlayer` at every
seat and takes the candidate with the best mean score for its seat. Every candidate is
tried on the same worlds, so they are compared on equal terms.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from time import perf_counter
from typing import Final

from frenchtarot._core.state import State
from frenchtarot._engine import apply, legal_actions
from frenchtarot._rollout import rollout
from frenchtarot.actions import Action, Discard, Play
from frenchtarot.cards import DECK
from frenchtarot.errors import IllegalActionError
from frenchtarot.observation import Observation
from frenchtarot.players import _hand
from frenchtarot.players._simple import SimplePlayer, state_action
from frenchtarot.players._worlds import draw_world
from frenchtarot.scoring import returns

__all__ = ["Budget", "best_candidate", "ecart_candidates", "playout", "rollout_totals"]

MAX_WORLDS: Final = 100
"""The most worlds one decision draws, whatever the budget left (more adds little)."""
SOLVE_SHARE: Final = 0.125
"""The most of a decision's budget one solver call (one world of the endgame) may take."""
MARGIN: Final = 1.0
"""How many standard errors a candidate's mean gain must exceed to replace the default.

The searching player's default (its ``margin``): with many worlds a no-better candidate
seldom clears it by much. With few (a small budget), the standard errors are themselves
noisy and the best of four alternatives to a bid clears one of them about half of the
time: :func:`frenchtarot.players.level` gives level 4 a margin of two.
"""


class Budget:
    """What one decision may spend: seconds on the clock, or nodes (deterministic).

    In nodes mode a solver node costs one, and so does each action of a simulated playout;
    the clock decides nothing, so the same seed gives the same decisions on any machine.
    In seconds mode the budget is spent when the time left is shorter than the mean time of
    the playouts (or solved worlds) so far: the next one would likely end past the
    deadline, so it is not started (this keeps a decision within a few percent of its
    budget on a loaded host).
    """

    __slots__ = ("_count", "_took", "deadline", "nodes", "nodes_left", "seconds")

    def __init__(self, seconds: float | None, nodes: int | None) -> None:
        self.seconds = seconds
        self.nodes = nodes
        self.deadline = None if seconds is None else perf_counter() + seconds
        self.nodes_left = nodes
        self._count = 0
        self._took = 0.0

    def spent(self) -> bool:
        """Whether the budget is used up (or too little of it is left for a playout)."""
        if self.nodes_left is not None:
            return self.nodes_left <= 0
        if self.deadline is None:  # pragma: no cover - one of the two is always set
            return False
        step = self._took / self._count if self._count else 0.0
        return perf_counter() + step >= self.deadline

    def charge(self, nodes: int, started: float | None = None) -> None:
        """Count ``nodes`` spent, and the time of a playout begun at ``started``."""
        if self.nodes_left is not None:
            self.nodes_left -= nodes
        elif started is not None:
            self._count += 1
            self._took += perf_counter() - started

    def solver_limits(self, cap: int) -> tuple[int, float | None]:
        """The node and time limits of one solver call of at most ``cap`` nodes.

        A call gets at most :data:`SOLVE_SHARE` of the decision's whole budget, so that a
        decision solves several worlds rather than one or two.
        """
        if self.nodes is not None and self.nodes_left is not None:
            share = max(1, int(self.nodes * SOLVE_SHARE))
            return max(1, min(cap, share, self.nodes_left)), None
        assert self.deadline is not None and self.seconds is not None
        left = self.deadline - perf_counter()
        return cap, max(1e-4, min(left, self.seconds * SOLVE_SHARE))


def playout(state: State, policy: SimplePlayer) -> tuple[State, int]:
    """``state`` played to its end by ``policy`` at every seat, and the actions it took.

    Each action is ``policy(observe(state, seat))``, made by :func:`state_action`, which
    skips building the observation in the card play.
    """
    steps = 0
    while state.current is not None:
        state = apply(state, state_action(policy, state))
        steps += 1
    return state, steps


def rollout_totals(
    world: State, plays: Sequence[Play], seat: int, rng: random.Random, rollouts: int
) -> list[int]:
    """Each card's total score for ``seat`` over ``rollouts`` random playouts of ``world``.

    Each card is played in ``world`` and the deal finished ``rollouts`` times with random
    legal play (:func:`frenchtarot.rollout`). The seeds of the playouts are drawn from
    ``rng`` first and are the same for every card (common random numbers), so that the
    cards are compared on equal terms.
    """
    seeds = [rng.getrandbits(64) for _ in range(rollouts)]
    totals: list[int] = []
    for play in plays:
        after = apply(world, play)
        totals.append(sum(returns(rollout(after, random.Random(seed)))[seat] for seed in seeds))
    return totals


def _applied(world: State, actions: Sequence[Action]) -> State | None:
    """``world`` after ``actions`` of the seat to act, or ``None`` if one is illegal."""
    for action in actions:
        if action not in legal_actions(world):
            return None
        try:
            world = apply(world, action)
        except IllegalActionError:  # pragma: no cover - checked just above
            return None
    return world


def best_candidate(
    observation: Observation,
    candidates: Sequence[Sequence[Action]],
    policy: SimplePlayer,
    rng: random.Random,
    budget: Budget,
    margin: float = MARGIN,
) -> int:
    """The number of the candidate with the best mean score for the seat, by simulation.

    Worlds are drawn (:func:`draw_world`: their bids are the simple player's) until the
    budget is spent (:data:`MAX_WORLDS` at most); in each, every
    candidate is applied and the deal played out by ``policy``; a world the budget cuts
    short is left out. A candidate illegal in a world (an écart the first world refuses) is
    dropped. The first candidate is the default (list the simple player's choice first):
    another is taken only when its mean gain over the default, world by world, exceeds
    ``margin`` standard errors of that gain. With a dozen worlds a mean is a noisy
    estimate, and the best of several noisy means is biased upwards (the winner's curse):
    without the margin the player would bid on hands whose simulated Garde merely got
    lucky. With fewer than two worlds done, the default is kept.
    """
    seat = observation.seat
    gains: list[list[int]] = [[] for _ in candidates]
    alive = [True] * len(candidates)
    worlds = 0
    while worlds < MAX_WORLDS and not budget.spent():
        world = draw_world(observation, rng)
        results: list[int | None] = []
        for number, actions in enumerate(candidates):
            if not alive[number]:
                results.append(None)
                continue
            if budget.spent():
                break
            start = _applied(world, actions)
            if start is None:
                alive[number] = False
                results.append(None)
                continue
            started = perf_counter()
            final, steps = playout(start, policy)
            budget.charge(steps, started)
            results.append(returns(final)[seat])
        else:
            default = results[0]
            assert default is not None  # the default is legal in every world
            for number, result in enumerate(results):
                if result is not None:
                    gains[number].append(result - default)
            worlds += 1
            continue
        break  # the budget ran out within a world: it is left out
    best, best_gain = 0, 0.0
    for number in range(1, len(candidates)):
        found = gains[number]
        if not alive[number] or len(found) < 2:
            continue
        mean = statistics.fmean(found)
        error = statistics.stdev(found) / math.sqrt(len(found))
        if mean > margin * error and mean > best_gain:
            best, best_gain = number, mean
    return best


def ecart_candidates(observation: Observation, variants: int) -> list[tuple[Action, ...]]:
    """The écarts to compare: the simple player's, then up to ``variants`` variations.

    The variations each keep one card of the simple player's écart in hand and let its
    rules pick another in its place. Each is the rest of the écart, the cards still to put
    aside, in order.
    """
    hand = 0
    for card in observation.hand:
        hand |= 1 << card.index
    allowed = 0
    for action in observation.legal_actions:
        if isinstance(action, Discard):
            allowed |= 1 << action.card.index
    remaining = observation.rules.dog_size - len(observation.discard or ())

    def plan(allowed_now: int) -> tuple[int, ...] | None:
        chosen: list[int] = []
        held, free = hand, allowed_now
        for _ in range(remaining):
            if not free:
                return None
            card = _hand.discard_choice(held, free, remaining - len(chosen))
            chosen.append(card)
            held &= ~(1 << card)
            free &= ~(1 << card)
        return tuple(sorted(chosen))

    base = plan(allowed)
    assert base is not None  # there are always enough cards allowed for the écart
    found = [base]
    for kept in base:
        if len(found) > variants:
            break
        other = plan(allowed & ~(1 << kept))
        if other is not None and other not in found:
            found.append(other)
    return [tuple(Discard(DECK[card]) for card in cards) for cards in found]
