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

import random
from collections.abc import Callable, Sequence
from typing import Final, TypeAlias

from frenchtarot._checks import describe_value
from frenchtarot._core import tricks as _tricks
from frenchtarot._core.state import State, check_state
from frenchtarot._engine import apply
from frenchtarot._rollout import rollout
from frenchtarot.actions import (
    Action,
    Bid,
    Call,
    Contract,
    DeclareHandful,
    Discard,
    Phase,
    Play,
)
from frenchtarot.cards import Card
from frenchtarot.errors import DealOverError, InvalidSettingsError, TarotTypeError
from frenchtarot.observation import Observation, observe
from frenchtarot.sampling import sample_state
from frenchtarot.scoring import returns

__all__ = [
    "InvalidSettingsError",
    "MonteCarloPlayer",
    "Player",
    "RandomPlayer",
    "SimplePlayer",
    "play_deal",
]

Player: TypeAlias = Callable[[Observation], Action]
"""A function from the observation of the seat to act to its action."""


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
        return self._rng.choice(_legal(observation))

    def __repr__(self) -> str:
        return "RandomPlayer()"


# Bidding thresholds of the simple player's hand evaluation, highest contract first. A
# hand bids the highest contract whose threshold it reaches among those still open to it:
# offered by the table and above the highest bid so far.
_BID_THRESHOLDS: Final = (
    (Contract.GARDE_CONTRE, 66),
    (Contract.GARDE_SANS, 58),
    (Contract.GARDE, 47),
    (Contract.PETITE, 38),
)


def _hand_strength(hand: Sequence[Card]) -> int:
    """A rough count of a hand's worth for bidding, scaled to a four-player hand."""
    strength = 0
    trumps = 0
    for card in hand:
        if card.is_bout:
            strength += 9
        if card.is_trump:
            trumps += 1
            strength += 2 + (card.rank >= 16)
        elif card.is_honour:
            strength += card.half_points // 2 + 1
    strength += max(0, trumps * 18 // max(len(hand), 1) - 8) * 3
    return strength * 18 // max(len(hand), 1)  # as if dealt 18 cards


class SimplePlayer:
    """A modest but rule-aware player, good enough to make deals look like real ones.

    It bids on a rough hand evaluation, calls (five players) the first King it does not
    hold, or else the first callable card it does not hold, puts its cheapest cards in the
    écart, always shows the largest handful it can, never announces a slam, and in the play
    wins a trick as cheaply as it can when the other camp holds it, gives points to its own
    camp when its camp holds it, and otherwise plays its cheapest card.

    The evaluation sets a threshold for each contract (the same at every table). The player
    bids the highest contract it reaches that is still open: one the table offers
    (:attr:`Rules.contracts <frenchtarot.Rules.contracts>`) and above the highest bid so
    far; when there is none, it passes. So under house rules it never bids a contract left
    out, and never bids above its hand: under :data:`~frenchtarot.rules.LUDICASH`, which
    has no Petite, a hand worth only a Petite passes rather than risk a Garde, which costs
    twice as much when lost.
    """

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
        actions = _legal(observation)
        seat = observation.seat
        phase = observation.phase
        if phase is Phase.BIDDING:
            strength = _hand_strength(observation.hand)
            for contract, threshold in _BID_THRESHOLDS:
                if strength >= threshold and Bid(contract) in actions:
                    return Bid(contract)
            return actions[0]
        if phase is Phase.DISCARD:
            return min(
                (a for a in actions if isinstance(a, Discard)),
                key=lambda a: (a.card.half_points, a.card.is_trump, a.card.index),
            )
        if phase is Phase.SLAM:
            return actions[0]
        if phase is Phase.CALL:
            calls = [a for a in actions if isinstance(a, Call)]
            held = set(observation.hand)
            return next((a for a in calls if a.card not in held), calls[0])
        handfuls = [a for a in actions if isinstance(a, DeclareHandful)]
        if handfuls:
            return handfuls[-1]
        return self._play(observation, seat, [a for a in actions if isinstance(a, Play)])

    @staticmethod
    def _play(view: Observation, seat: int, plays: list[Play]) -> Play:
        trick = tuple(card.index for card in view.current_trick)
        attack = {view.taker, view.partner} - {None}

        def cheap(play: Play) -> tuple[int, bool, int]:
            return (play.card.half_points, play.card.is_trump, play.card.index)

        if not trick:
            return min(plays, key=cheap)
        leader = view.leader if view.leader is not None else seat
        holder = (leader + _tricks.winning_position(trick)) % view.rules.seats
        if (holder in attack) == (seat in attack):
            return max(plays, key=lambda p: (not p.card.is_trump, p.card.half_points))
        winning = [
            p for p in plays if _tricks.winning_position((*trick, p.card.index)) == len(trick)
        ]
        return min(winning or plays, key=cheap)

    def __repr__(self) -> str:
        return "SimplePlayer()"


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
        if isinstance(rng, random.Random):
            self._rng = rng
        elif rng is None or (isinstance(rng, int) and not isinstance(rng, bool)):
            self._rng = random.Random(rng)
        else:
            raise TarotTypeError(
                f"rng must be a random.Random, an int seed or None, not {describe_value(rng)}"
            )
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
        actions = _legal(observation)
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
            seeds = [rng.getrandbits(64) for _ in range(self.rollouts)]
            for number, play in enumerate(plays):
                after = apply(world, play)
                for seed in seeds:
                    totals[number] += returns(rollout(after, random.Random(seed)))[seat]
        best = max(range(len(plays)), key=lambda n: (totals[n], -n))
        return plays[best]

    def __repr__(self) -> str:
        return f"MonteCarloPlayer(samples={self.samples}, rollouts={self.rollouts})"


def _legal(observation: Observation) -> tuple[Action, ...]:
    if not isinstance(observation, Observation):
        raise TarotTypeError(f"a player takes an Observation, not {describe_value(observation)}")
    if not observation.legal_actions:
        raise DealOverError(
            f"seat {observation.seat} has nothing to do: "
            + ("the deal is over" if observation.current is None else "it is not its turn")
        )
    return observation.legal_actions


def play_deal(state: State, players: Sequence[Player]) -> State:
    """Play ``state`` to the end, asking ``players[seat]`` for each seat's actions.

    Each player is given :func:`~frenchtarot.observe` of its own seat.

    Args:
        state: Where to start.
        players: One player per seat, seat 0 first.

    Returns:
        The terminal state.

    Raises:
        IllegalActionError: A player returned an illegal action.
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
