"""What every built-in player shares: the :data:`Player` type and the observation check."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeAlias

from frenchtarot._checks import describe_value
from frenchtarot.actions import Action
from frenchtarot.errors import DealOverError, TarotTypeError
from frenchtarot.observation import Observation

__all__ = ["Player", "legal", "player_rng"]

Player: TypeAlias = Callable[[Observation], Action]
"""A function from the observation of the seat to act to its action."""


def legal(observation: Observation) -> tuple[Action, ...]:
    """The legal actions of ``observation``; refuse anything but a view of the seat to act.

    Raises:
        DealOverError: It is not this seat's turn, or the deal is over.
        TarotTypeError: ``observation`` is not an :class:`~frenchtarot.Observation`.
    """
    if not isinstance(observation, Observation):
        raise TarotTypeError(f"a player takes an Observation, not {describe_value(observation)}")
    if not observation.legal_actions:
        raise DealOverError(
            f"seat {observation.seat} has nothing to do: "
            + ("the deal is over" if observation.current is None else "it is not its turn")
        )
    return observation.legal_actions


def player_rng(rng: object) -> random.Random:
    """A player's random generator: ``rng`` itself, or a new one seeded by an int or None.

    Raises:
        TarotTypeError: ``rng`` is none of those.
    """
    if isinstance(rng, random.Random):
        return rng
    if rng is None or (isinstance(rng, int) and not isinstance(rng, bool)):
        return random.Random(rng)
    raise TarotTypeError(
        f"rng must be a random.Random, an int seed or None, not {describe_value(rng)}"
    )
