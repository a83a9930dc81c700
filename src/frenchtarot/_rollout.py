"""Playing a deal out to the end quickly, for simulations: :func:`rollout`.

Without a policy, :func:`rollout` plays uniformly random legal actions on the bit masks
behind :class:`~frenchtarot.State` and builds a state only at the end. It offers the same
actions in the same canonical order as :func:`~frenchtarot.legal_actions`, so it draws the
same random numbers and reaches the same terminal state as applying
``rng.choice(legal_actions(state))`` one step at a time, several times faster (see
``benchmarks/``).

The random playout itself is in ``_core.simulate``, on the rule functions the engine uses. The
tests compare the two on many deals of every table size, from every phase.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from frenchtarot._checks import describe_value, random_generator
from frenchtarot._core.simulate import draws_like_random, random_rollout
from frenchtarot._core.state import State, check_state
from frenchtarot._engine import apply, legal_actions
from frenchtarot.actions import Action
from frenchtarot.errors import TarotTypeError
from frenchtarot.observation import observe

if TYPE_CHECKING:
    from frenchtarot.players import Player

__all__ = ["Policy", "rollout"]


class Policy(Protocol):
    """Chooses an action: any callable ``policy(state, actions) -> action``.

    ``actions`` is :func:`~frenchtarot.legal_actions` of ``state``, never empty; the
    policy returns one of them (or any other action :func:`~frenchtarot.apply` accepts).
    """

    def __call__(self, state: State, actions: tuple[Action, ...], /) -> Action:
        """The action to take in ``state``, chosen from ``actions``.

        Args:
            state: The state to act in.
            actions: Its legal actions (:func:`~frenchtarot.legal_actions`), never empty.

        Returns:
            One of ``actions``.
        """
        ...


def rollout(
    state: State,
    rng: random.Random | None = None,
    policy: Policy | None = None,
    *,
    players: Player | Sequence[Player] | None = None,
) -> State:
    """Play ``state`` out to the end and return the terminal state.

    Without a ``policy``, each action is ``rng.choice(legal_actions(s))``: the result is
    equal to the one of the loop below, for the same ``rng`` state, but computed without
    building the intermediate states, which makes it the fast way to run random
    simulations::

        while not s.is_terminal:
            s = apply(s, rng.choice(legal_actions(s)))

    With a ``policy``, each action is ``policy(s, legal_actions(s))``. With ``players``
    (the :data:`~frenchtarot.players.Player` type of the rest of the library: a callable
    taking the :class:`~frenchtarot.Observation` of the seat to act), each action is
    ``player(observe(s, s.current))``, so a bot that plays from its observation needs no
    wrapper. In both cases ``rng`` is not needed and not used by :func:`rollout` itself.

    Args:
        state: Where to start, in any phase. It is not changed.
        rng: The random number generator the uniform choices are drawn from (needed only
            without a policy and players).
        policy: Chooses the actions from the state; ``None`` for uniformly random legal
            actions (or ``players``).
        players: One player for every seat, or a sequence of one player per seat, seat 0
            first; given only without ``policy``.

    Returns:
        The terminal state (phase ``DONE`` or ``ANNULLED``); ``state`` itself when it is
        already terminal.

    Raises:
        IllegalActionError: The policy chose an action the rules forbid.
        TarotTypeError: ``state`` is not a :class:`~frenchtarot.State`, ``rng`` is not a
            :class:`random.Random` (when neither a policy nor players are given),
            ``policy`` is not callable, ``players`` is neither a callable nor a sequence of
            one callable per seat, or both ``policy`` and ``players`` are given.

    >>> import random
    >>> import frenchtarot as ft
    >>> end = ft.rollout(ft.new_deal(seed=3), random.Random(3))
    >>> end.phase, len(end.tricks)
    (Phase.DONE, 18)
    >>> state, rng = ft.new_deal(seed=3), random.Random(3)
    >>> while not state.is_terminal:
    ...     state = ft.apply(state, rng.choice(ft.legal_actions(state)))
    >>> state == end
    True
    """
    if state.__class__ is not State:
        check_state(state)
    if policy is not None and not callable(policy):
        raise TarotTypeError(f"policy must be callable or None, not {type(policy).__name__}")
    seated = _seat_players(players, state.rules.seats)
    if seated is not None and policy is not None:
        raise TarotTypeError("give rollout a policy or players, not both")
    if policy is None and seated is None:
        random_generator(rng)
    if state.current is None:
        return state
    if seated is not None:
        while state.current is not None:
            seat = state.current
            state = apply(state, seated[seat](observe(state, seat)))
        return state
    if policy is None:
        assert rng is not None
        if draws_like_random(rng):
            return random_rollout(state, rng)
        policy = _choose_with(rng)  # a generator of its own kind: draw step by step
    while not state.is_terminal:
        state = apply(state, policy(state, legal_actions(state)))
    return state


def _seat_players(
    players: Player | Sequence[Player] | None, seats: int
) -> Sequence[Player] | None:
    """``players`` as one player per seat, or ``None``; refuse anything else."""
    if players is None:
        return None
    if callable(players):
        return [players] * seats
    if (
        isinstance(players, (str, bytes))
        or not isinstance(players, Sequence)
        or len(players) != seats
        or not all(callable(player) for player in players)
    ):
        raise TarotTypeError(
            f"players must be a player or a sequence of {seats} players, "
            f"not {describe_value(players)}"
        )
    return players


def _choose_with(rng: random.Random) -> Policy:
    """The policy ``rng.choice(actions)``."""

    def choose(state: State, actions: tuple[Action, ...], /) -> Action:
        return rng.choice(actions)

    return choose
