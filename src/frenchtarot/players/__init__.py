"""Built-in players: a seeded random player, a simple rule-aware one, a searching one.

A player is any callable that takes the :class:`~frenchtarot.Observation` of the seat to
act and returns one of its :attr:`~frenchtarot.Observation.legal_actions`. Players see
exactly what their seat may know, so a bot written against this protocol cannot cheat.

>>> import frenchtarot as ft
>>> from frenchtarot.players import RandomPlayer, SimplePlayer, play_deal
>>> final = play_deal(ft.new_deal(seed=3), [SimplePlayer(), RandomPlayer(1), RandomPlayer(2),
...                                         RandomPlayer(3)])
>>> final.is_terminal
True
"""

from __future__ import annotations

from frenchtarot.errors import InvalidSettingsError
from frenchtarot.players._base import Player
from frenchtarot.players._levels import level
from frenchtarot.players._montecarlo import MonteCarloPlayer
from frenchtarot.players._play import play_deal
from frenchtarot.players._random import RandomPlayer
from frenchtarot.players._search import SearchPlayer
from frenchtarot.players._simple import SimplePlayer

__all__ = [
    "InvalidSettingsError",
    "MonteCarloPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "SimplePlayer",
    "level",
    "play_deal",
]
