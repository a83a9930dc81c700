"""The searching player: Perfect Information Monte Carlo over the card play."""

from __future__ import annotations

import random

from frenchtarot._checks import describe_value
from frenchtarot.actions import Action, Phase, Play
from frenchtarot.errors import InvalidSettingsError, TarotTypeError
from frenchtarot.observation import Observation
from frenchtarot.players._base import Player, legal, player_rng
from frenchtarot.players._simple import SimplePlayer
from frenchtarot.players._simulate import rollout_totals
from frenchtarot.sampling import sample_state

__all__ = ["MonteCarloPlayer"]


def _count(value: object, name: str) -> int:
    """``value`` if it is a positive int; refuse anything else."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TarotTypeError(f"{name} must be a positive int, not {describe_value(value)}")
    if value < 1:
        raise InvalidSettingsError(f"{name} must be 1 or more, not {value}")
    return value


class MonteCarloPlayer:
    """Searches its card play: samples worlds, plays each card in each, rolls them out.

    For each decision of the play, the player draws ``samples`` deals consistent with its
    observation (:func:`frenchtarot.sampling.sample_state`), plays each legal card in each
    of them and finishes the deal ``rollouts`` times with random legal play
    (:func:`frenchtarot.rollout`), then plays the card with the best total score for its
    seat (the first in canonical order on a tie). This is Perfect Information Monte Carlo
    search: it sees nothing its seat may not know, since the worlds come from the
    observation alone. The rollouts of one world start from the same random numbers for
    every card (common random numbers), so that the cards are compared on equal terms. The
    worlds and the rollouts follow the observation's :class:`~frenchtarot.Rules`, so the
    search scores each card under the table's house rules.

    The other decisions (bidding, call, écart, slam, handfuls) and a play with a single
    legal card are left to ``fallback``, a :class:`SimplePlayer` by default.

    Args:
        samples: How many worlds to draw per decision, 1 or more.
        rollouts: How many random playouts per card and world, 1 or more.
        rng: The player's random generator, or a seed for one (``None`` for OS entropy).
            With a seed, the player's choices are reproducible.
        fallback: The player for every decision but the card play.

    Raises:
        InvalidSettingsError: ``samples`` or ``rollouts`` is below 1.
        TarotTypeError: ``samples`` or ``rollouts`` is not an int, ``rng`` neither a
            :class:`random.Random`, an int nor ``None``, or ``fallback`` not callable.

    >>> import frenchtarot as ft
    >>> from frenchtarot.players import MonteCarloPlayer, SimplePlayer, play_deal
    >>> searcher = MonteCarloPlayer(samples=4, rollouts=1, rng=7)
    >>> final = play_deal(ft.new_deal(seed=3), [searcher] + [SimplePlayer()] * 3)
    >>> final.phase
    Phase.DONE
    """

    def __init__(
        self,
        samples: int = 20,
        rollouts: int = 2,
        rng: random.Random | int | None = None,
        *,
        fallback: Player | None = None,
    ) -> None:
        self.samples = _count(samples, "samples")
        self.rollouts = _count(rollouts, "rollouts")
        self._rng = player_rng(rng)
        if fallback is not None and not callable(fallback):
            raise TarotTypeError(f"fallback must be a player, not {describe_value(fallback)}")
        self.fallback: Player = SimplePlayer() if fallback is None else fallback

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
        plays = [action for action in actions if isinstance(action, Play)]
        if observation.phase is not Phase.PLAY or len(plays) != len(actions):
            return self.fallback(observation)
        if len(plays) == 1:
            return plays[0]
        seat = observation.seat
        rng = self._rng
        totals = [0] * len(plays)
        for _ in range(self.samples):
            world = sample_state(observation, rng)
            for number, total in enumerate(rollout_totals(world, plays, seat, rng, self.rollouts)):
                totals[number] += total
        best = max(range(len(plays)), key=lambda n: (totals[n], -n))
        return plays[best]

    def __repr__(self) -> str:
        return f"MonteCarloPlayer(samples={self.samples}, rollouts={self.rollouts})"
