"""Playing a deal out with one player per seat: :func:`play_deal`."""

from __future__ import annotations

from collections.abc import Sequence

from frenchtarot._checks import describe_value
from frenchtarot._core.state import State, check_state
from frenchtarot._engine import apply
from frenchtarot.errors import TarotTypeError
from frenchtarot.observation import observe
from frenchtarot.players._base import Player

__all__ = ["play_deal"]


def play_deal(state: State, players: Sequence[Player]) -> State:
    """Play ``state`` to the end, asking ``players[seat]`` for each seat's actions.

    Each player is given :func:`~frenchtarot.observe` of its own seat.

    An exception a player raises reaches the caller unchanged, with the player's own
    traceback: ``play_deal`` adds no wrapper of its own, so that a bot's bug reads as the
    bot's, and ``KeyboardInterrupt`` stays what it is. The arena, which plays many deals
    and must say which failed, wraps it in :class:`~frenchtarot.errors.DealFailedError`.

    Args:
        state: Where to start.
        players: One player per seat, seat 0 first.

    Returns:
        The terminal state.

    Raises:
        IllegalActionError: A player returned an illegal action.
        Exception: Whatever a player raised, unchanged.
        TarotTypeError: ``state`` is not a :class:`~frenchtarot.State`, or ``players`` is not
            a sequence of one callable per seat.
    """
    check_state(state)
    if (
        isinstance(players, (str, bytes))
        or not isinstance(players, Sequence)
        or len(players) != state.rules.seats
        or not all(callable(player) for player in players)
    ):
        raise TarotTypeError(
            f"players must be a sequence of {state.rules.seats} callables, "
            f"not {describe_value(players)}"
        )
    while state.current is not None:
        state = apply(state, players[state.current](observe(state, state.current)))
    return state
