"""The searching player: Perfect Information Monte Carlo with the solver at the end of the deal."""

from __future__ import annotations

import math
import random
from time import perf_counter
from typing import Final

import attrs

from frenchtarot._checks import describe_value
from frenchtarot._core.state import State
from frenchtarot.actions import (
    Action,
    AnnounceSlam,
    Bid,
    Call,
    DeclareHandful,
    Discard,
    Pass,
    Phase,
    Play,
)
from frenchtarot.errors import InvalidSettingsError, TarotTypeError
from frenchtarot.observation import Observation
from frenchtarot.players._base import legal, player_rng
from frenchtarot.players._simple import SimplePlayer
from frenchtarot.players._simulate import (
    MARGIN,
    MAX_WORLDS,
    Budget,
    best_candidate,
    ecart_candidates,
    rollout_totals,
)
from frenchtarot.players._worlds import draw_world
from frenchtarot.solver import Objective, Solver

__all__ = ["SearchPlayer"]

WORLD_NODES: Final = 30_000
"""The most solver nodes one world gets for one decision (a simple playout past it)."""
ROLLOUTS: Final = 8
"""The random rollouts per card and world of the card play, by default."""
ECART_VARIANTS: Final = 3
"""How many variations of the simple player's écart the search compares with it."""


class SearchPlayer:
    """Searches every decision by sampled worlds: the solver at the end, simulation before.

    Perfect Information Monte Carlo, as GIB plays bridge. For each decision the player
    draws worlds consistent with its observation (:func:`frenchtarot.sampling.sample_state`:
    it sees nothing its seat may not know) until its budget is spent, and values each
    choice in each world. It reads the other seats' bids as the simple player's: of up to
    20 worlds drawn in turn, it keeps the first where each of them would have said what it
    said with the hand the world gives it (a seat that passed holds a hand below the
    contracts then open to it, the taker one worth its contract); when none does, the
    last. The worlds then weigh the deals as a table of simple or Monte Carlo players
    (who bid alike) makes them likely:

    * **The card play.** Each legal card is played in each world and the deal finished
      ``rollouts`` times with random legal play (:func:`frenchtarot.rollout`, the rules
      core's fast playout), the same random numbers for every card of a world (common
      random numbers), as :class:`MonteCarloPlayer` does, but with as many worlds as the
      budget holds (up to 100). With ``endgame`` tricks or fewer left, the
      :class:`~frenchtarot.solver.Solver` values every legal card of each world exactly
      instead (``Objective.SCORE``), within at most 30,000 nodes and an eighth of the
      decision's budget a world: a world it does not solve whole within them is rolled
      out instead, every card alike. A card's value is the taker's score, counted for the
      seat's camp (an attacker takes the highest, a defender the lowest); the card with
      the best mean over the worlds is played (the first in canonical order on a tie).
    * **Before the play** (the bids, the five-player call, the écart, the slam) and the
      handfuls: each candidate (passing and each open contract; each card it may call;
      the simple player's écart and three variations of it; announcing or not; showing
      its largest handful or not) is applied in each world and the deal played out by
      :class:`SimplePlayer` at every seat, the taker's own cards included. The simple
      player's own choice is the default; another replaces it when its mean gain over the
      worlds exceeds ``margin`` standard errors of that gain (the best of several noisy
      means is biased upwards). That values a contract as the simple player would play it, an
      honest estimate rather than the optimistic one of a solver that sees every hand.

    The budget is per decision: ``seconds`` on the clock (checked between worlds and
    between playouts, and given to the solver, so that a decision overruns it by one
    playout or one world of random rollouts at most), or ``nodes``, a deterministic count
    (a solver node, an action of a simple player's playout and a trick of a random
    rollout each cost one; a random rollout is some thirty times cheaper than a simple
    player's playout of the same length): with ``nodes`` and a seeded ``rng``, the same
    deal gets the same decisions on any machine. A decision draws at most 100 worlds; a
    world the budget cuts short is left out, and when not one world was done, the simple
    player's choice is taken.

    Args:
        seconds: The time budget of a decision, above 0 (0.25 by default). Ignored when
            ``nodes`` is given.
        nodes: A node budget per decision instead of the clock, 1 or more.
        rng: The player's random generator, or a seed for one (``None`` for OS entropy).
        endgame: From how many tricks left the solver values the cards (5 by default; 0
            never uses it).
        rollouts: How many random rollouts per card and world the solver does not value,
            1 or more (8 by default; level 4, with a fifth of the budget, uses 2).
        margin: How many standard errors of its mean gain over the worlds a candidate
            before the play must clear to replace the simple player's choice, 0 or more
            (1 by default; a small budget, with few worlds a decision, wants more:
            level 4 uses 2).

    Raises:
        InvalidSettingsError: ``seconds`` not above 0 or not finite, ``nodes`` or
            ``rollouts`` below 1, ``endgame`` outside 0 to 24, or ``margin`` below 0 or
            not finite.
        TarotTypeError: An argument of the wrong type.

    >>> import frenchtarot as ft
    >>> from frenchtarot.players import SearchPlayer, SimplePlayer, play_deal
    >>> searcher = SearchPlayer(nodes=300, rng=7)
    >>> final = play_deal(ft.new_deal(seed=3), [searcher] + [SimplePlayer()] * 3)
    >>> final.phase
    Phase.DONE
    >>> SearchPlayer(seconds=0.1)
    SearchPlayer(seconds=0.1)
    """

    def __init__(
        self,
        *,
        seconds: float = 0.25,
        nodes: int | None = None,
        rng: random.Random | int | None = None,
        endgame: int = 5,
        rollouts: int = ROLLOUTS,
        margin: float = MARGIN,
    ) -> None:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
            raise TarotTypeError(f"seconds must be a number, not {describe_value(seconds)}")
        if not seconds > 0 or math.isinf(seconds):
            raise InvalidSettingsError(f"seconds must be above 0 and finite, not {seconds}")
        if nodes is not None:
            if isinstance(nodes, bool) or not isinstance(nodes, int):
                raise TarotTypeError(f"nodes must be an int or None, not {describe_value(nodes)}")
            if nodes < 1:
                raise InvalidSettingsError(f"nodes must be 1 or more, not {nodes}")
        if isinstance(endgame, bool) or not isinstance(endgame, int):
            raise TarotTypeError(f"endgame must be an int, not {describe_value(endgame)}")
        if not 0 <= endgame <= 24:
            raise InvalidSettingsError(f"endgame must be from 0 to 24, not {endgame}")
        if isinstance(rollouts, bool) or not isinstance(rollouts, int):
            raise TarotTypeError(f"rollouts must be an int, not {describe_value(rollouts)}")
        if rollouts < 1:
            raise InvalidSettingsError(f"rollouts must be 1 or more, not {rollouts}")
        if isinstance(margin, bool) or not isinstance(margin, (int, float)):
            raise TarotTypeError(f"margin must be a number, not {describe_value(margin)}")
        if not 0 <= margin < math.inf:
            raise InvalidSettingsError(f"margin must be 0 or more and finite, not {margin}")
        self.margin = float(margin)
        self.seconds = float(seconds)
        self.rollouts = rollouts
        self.nodes = nodes
        self.endgame = endgame
        self._rng = player_rng(rng)
        self._policy = SimplePlayer()
        self._plan: tuple[int, tuple[Discard, ...]] | None = None

    def _budget(self) -> Budget:
        return Budget(None if self.nodes is not None else self.seconds, self.nodes)

    def __call__(self, observation: Observation) -> Action:
        """Choose an action for the seat to act.

        Args:
            observation: The view of the seat to act.

        Returns:
            One of ``observation.legal_actions``.

        Raises:
            DealOverError: It is not this seat's turn, or the deal is over.
            TarotTypeError: ``observation`` is not an :class:`~frenchtarot.Observation`.
        """
        actions = legal(observation)
        if len(actions) == 1:
            return actions[0]
        phase = observation.phase
        if phase is Phase.PLAY:
            handfuls = [a for a in actions if isinstance(a, DeclareHandful)]
            plays = [a for a in actions if isinstance(a, Play)]
            if handfuls:
                return self._handful(observation, handfuls, plays)
            return self._card(observation, plays)
        if phase is Phase.DISCARD:
            return self._discard(observation)
        # The simple player's choice first: it is kept on a tie, or when the budget runs
        # out before one world is done.
        simple = self._policy(observation)
        kinds: tuple[type[Action], ...]
        if phase is Phase.BIDDING:
            kinds = (Pass, Bid)
        elif phase is Phase.CALL:
            kinds = (Call,)
        elif phase is Phase.SLAM:
            kinds = (Pass, AnnounceSlam)
        else:  # pragma: no cover - every phase with a choice is handled above
            return simple
        candidates: list[tuple[Action, ...]] = [(simple,)]
        candidates += [(a,) for a in actions if isinstance(a, kinds) and a != simple]
        if len(candidates) < 2:
            return simple
        best = self._best(observation, candidates)
        return candidates[best][0]

    def _best(self, observation: Observation, candidates: list[tuple[Action, ...]]) -> int:
        """The number of the best candidate by simulation (:func:`best_candidate`)."""
        budget = self._budget()
        return best_candidate(
            observation, candidates, self._policy, self._rng, budget, self.margin
        )

    def _handful(
        self, observation: Observation, handfuls: list[DeclareHandful], plays: list[Play]
    ) -> Action:
        """Show the largest handful, or play on without showing: by simulation."""
        largest = max(handfuls, key=lambda a: len(a.cards))
        quiet = self._policy(attrs.evolve(observation, legal_actions=tuple(plays)))
        candidates: list[tuple[Action, ...]] = [(largest,), (quiet,)]
        best = self._best(observation, candidates)
        return largest if best == 0 else self._card(observation, plays)

    def _discard(self, observation: Observation) -> Action:
        """The next card of the écart: the plan of the first decision, chosen by simulation."""
        done = len(observation.discard or ())
        allowed = {a for a in observation.legal_actions if isinstance(a, Discard)}
        if self._plan is not None and done:
            # The next card of the plan made at this écart's first decision, if the cards
            # put aside since are the plan's (the same player may sit at two tables).
            start, planned = self._plan
            made = tuple((observation.discard or ())[start:])
            if 0 <= start < done < start + len(planned) and made == tuple(
                a.card for a in planned[: done - start]
            ):
                following = planned[done - start]
                if following in allowed:
                    return following
        candidates = ecart_candidates(observation, ECART_VARIANTS)
        best = 0
        if len(candidates) > 1:
            best = self._best(observation, candidates)
        chosen = candidates[best]
        self._plan = (done, tuple(a for a in chosen if isinstance(a, Discard)))
        return chosen[0]

    def _card(self, observation: Observation, plays: list[Play]) -> Action:
        """The card with the best mean value over the sampled worlds."""
        if len(plays) == 1:
            return plays[0]
        taker = observation.taker
        assert taker is not None  # the card play has a taker
        seat = observation.seat
        sign = 1 if seat == taker or seat == observation.partner else -1
        tricks = len(observation.hand)
        solver = Solver() if tricks <= self.endgame else None
        budget = self._budget()
        totals = [0.0] * len(plays)
        worlds = 0
        while worlds < MAX_WORLDS and not budget.spent():
            started = perf_counter()
            world = draw_world(observation, self._rng)
            values = None if solver is None else self._solved(solver, world, plays, budget)
            if values is None:
                rolled = rollout_totals(world, plays, taker, self._rng, self.rollouts)
                budget.charge(len(plays) * self.rollouts * tricks)
                values = [total / self.rollouts for total in rolled]
            budget.charge(0, started)  # the time of a world
            for number, value in enumerate(values):
                totals[number] += sign * value
            worlds += 1
        if not worlds:  # the budget ran out before one world was done
            return self._policy(attrs.evolve(observation, legal_actions=tuple(plays)))
        best = max(range(len(plays)), key=lambda n: (totals[n], -n))
        return plays[best]

    def _solved(
        self, solver: Solver, world: State, plays: list[Play], budget: Budget
    ) -> list[float] | None:
        """Each card's exact value for the attack in ``world`` (the taker's score), if found.

        ``None`` when the solver leaves a card unsolved within the world's nodes (its
        bounds are then nearly the whole range of scores, useless): the world is rolled out
        instead, every card alike, so that the cards of one world are valued the same way.
        """
        nodes, seconds = budget.solver_limits(WORLD_NODES)
        before = solver.nodes
        values = solver.card_values(world, Objective.SCORE, nodes=nodes, seconds=seconds)
        budget.charge(solver.nodes - before)
        found = {value.card.index: value.value for value in values if value.exact}
        if len(found) < len(plays):
            return None
        return [float(found[play.card.index]) for play in plays]

    def __repr__(self) -> str:
        settings = ""
        if self.rollouts != ROLLOUTS:
            settings += f", rollouts={self.rollouts}"
        if self.margin != MARGIN:
            settings += f", margin={self.margin:g}"
        if self.nodes is not None:
            return f"SearchPlayer(nodes={self.nodes}{settings})"
        return f"SearchPlayer(seconds={self.seconds}{settings})"
