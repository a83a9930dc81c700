"""The difficulty levels: :func:`level`, a player per level from 1 (random) to 5 (searcher)."""

from __future__ import annotations

from typing import Final

from frenchtarot._checks import describe_value
from frenchtarot.errors import InvalidSettingsError, TarotTypeError
from frenchtarot.players._base import Player
from frenchtarot.players._montecarlo import MonteCarloPlayer
from frenchtarot.players._random import RandomPlayer
from frenchtarot.players._search import SearchPlayer
from frenchtarot.players._simple import SimplePlayer

__all__ = ["LEVELS", "level"]

LEVELS: Final = (1, 2, 3, 4, 5)
"""The difficulty levels, weakest first."""

SMALL_BUDGET: Final = 0.05
"""The seconds a decision of level 4 (the searcher at a small budget)."""
SMALL_ROLLOUTS: Final = 2
"""Level 4's random rollouts per card and world (more would leave it few worlds)."""
SMALL_MARGIN: Final = 2.0
"""Level 4's margin: with few worlds a decision, a wider one (see ``SearchPlayer``)."""


def level(n: int, seed: int | None = None) -> Player:
    """A player of difficulty ``n``, from 1 (the weakest) to 5 (the strongest).

    ====== ============================================ ============================
    Level  Player                                       Time a decision
    ====== ============================================ ============================
    1      ``RandomPlayer(seed)``                       microseconds
    2      ``SimplePlayer()``                           well under a millisecond
    3      ``MonteCarloPlayer(20, 2, rng=seed)``        about 15 ms
    4      ``SearchPlayer(seconds=0.05, rollouts=2,``   0.05 s at most (+20%)
           ``margin=2, rng=seed)``
    5      ``SearchPlayer(rng=seed)`` (0.25 s)          0.25 s at most (+20%)
    ====== ============================================ ============================

    Each level is measured against three of the level below in the duplicate arena
    (``benchmarks/search.py``, four players, compiled): each beats the level below, the
    95% interval above zero (level 3 by +6.1 a deal over 400 deals, level 4 by +3.7 and
    level 5 by +6.0 over 800); level 5 beats level 3 by +11.5 a deal.
    The figures are in the "Writing bots" page. A new player is made at each call,
    so that each seat of a table gets its own (their generators are their own).

    Args:
        n: The level, 1 to 5.
        seed: The seed of the player's random generator (``None`` for OS entropy); level
            2 draws nothing at random and ignores it.

    Returns:
        A new player.

    Raises:
        InvalidSettingsError: ``n`` is not from 1 to 5.
        TarotTypeError: ``n`` is not an int, or ``seed`` neither an int nor ``None``.

    >>> from frenchtarot.players import level
    >>> level(2)
    SimplePlayer()
    >>> level(5, seed=1)
    SearchPlayer(seconds=0.25)
    >>> level(6)
    Traceback (most recent call last):
    ...
    frenchtarot.errors.InvalidSettingsError: the level must be from 1 to 5, not 6
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TarotTypeError(f"the level must be an int, not {describe_value(n)}")
    if n not in LEVELS:
        raise InvalidSettingsError(f"the level must be from 1 to 5, not {n}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TarotTypeError(f"seed must be an int or None, not {describe_value(seed)}")
    if n == 1:
        return RandomPlayer(seed)
    if n == 2:
        return SimplePlayer()
    if n == 3:
        return MonteCarloPlayer(samples=20, rollouts=2, rng=seed)
    if n == 4:
        return SearchPlayer(
            seconds=SMALL_BUDGET, rollouts=SMALL_ROLLOUTS, margin=SMALL_MARGIN, rng=seed
        )
    return SearchPlayer(rng=seed)
