"""The seeded random player."""

from __future__ import annotations

import random

from frenchtarot.actions import Action
from frenchtarot.observation import Observation
from frenchtarot.players._base import legal

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Chooses uniformly among the legal actions, from its own seeded generator.

    Args:
        seed: The seed of the player's :class:`random.Random`; ``None`` for OS entropy.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def __call__(self, observation: Observation) -> Action:
        """Pick a legal action at random.

        Args:
            observation: The view of the seat to act.

        Returns:
            One of ``observation.legal_actions``, uniformly.

        Raises:
            DealOverError: It is not this seat's turn, or the deal is over.
            TarotTypeError: ``observation`` is not an :class:`~frenchtarot.Observation`.
        """
        return self._rng.choice(legal(observation))

    def __repr__(self) -> str:
        return "RandomPlayer()"
