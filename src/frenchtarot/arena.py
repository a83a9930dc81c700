"""Comparing players fairly: the duplicate arena, on any executor.

Luck of the cards decides much of a deal's score. In a *duplicate* tournament, as the FFT
runs them, every deal is played once per seat rotation, so that each player holds each
hand in turn and the luck cancels out: :func:`duplicate` does that for any players (see
:mod:`frenchtarot.players`) and reports each one's mean score per deal with a 95%
confidence interval.

Deals are independent, so the arena hands them to any ``concurrent.futures`` executor: a
``ProcessPoolExecutor`` on one machine, or a cluster's executor (Dask's
``Client.get_executor()``, Ray's ``RayExecutor``). The results depend on the seed
only, never on the executor or on the number of workers.
"""

from __future__ import annotations

import concurrent.futures
import copy
import math
import random
from collections.abc import Callable, Sequence
from typing import Final, Protocol, TypeVar

import attrs

from frenchtarot._checks import describe_value
from frenchtarot._dealing import new_deal
from frenchtarot.errors import TarotTypeError
from frenchtarot.players import InvalidSettingsError, Player, play_deal
from frenchtarot.rules import RULES_BY_SEATS, Rules
from frenchtarot.scoring import returns

__all__ = ["DuplicateResult", "Executor", "duplicate", "play_rotations"]

_T = TypeVar("_T")

#: The normal quantile of a two-sided 95% interval.
_Z95: Final = 1.959963984540054


class Executor(Protocol):
    """What :func:`duplicate` needs of an executor: a ``submit`` method.

    ``submit(fn, *args)`` schedules ``fn(*args)`` and returns a ``concurrent.futures``
    future of its result; :func:`duplicate` passes positional arguments only. The
    ``concurrent.futures`` executors have it (thread and process pools), and so do
    Dask's ``Client.get_executor()`` and Ray's ``RayExecutor``.
    """

    def submit(self, fn: Callable[..., _T], /, *args: object) -> concurrent.futures.Future[_T]:
        """Schedule ``fn(*args)`` and return its future."""
        ...


@attrs.frozen
class DuplicateResult:
    """The outcome of :func:`duplicate`: every deal's scores, and their summary.

    Attributes:
        rules: The table played: its size and house rules.
        seed: The seed the deals were drawn from.
        names: A label per player, in the order the players were given.
        totals: Per deal, per player: the sum of the player's scores over the deal's seat
            rotations (one play per seat; the sum over the players is 0).
    """

    rules: Rules
    seed: int
    names: tuple[str, ...]
    totals: tuple[tuple[int, ...], ...]

    @property
    def deals(self) -> int:
        """How many deals were played (each once per seat rotation)."""
        return len(self.totals)

    def _per_deal(self, player: int) -> list[float]:
        seats = self.rules.seats
        return [totals[player] / seats for totals in self.totals]

    @property
    def means(self) -> tuple[float, ...]:
        """Each player's mean score per deal."""
        return tuple(_mean(self._per_deal(p)) for p in range(len(self.names)))

    @property
    def intervals(self) -> tuple[tuple[float, float], ...]:
        """Each player's 95% confidence interval of the mean score per deal.

        A normal interval over the deals (each deal's score being the player's mean over
        its rotations): ``mean ± 1.96 * standard deviation / sqrt(deals)``. Infinite with fewer
        than two deals.
        """
        return tuple(_interval(self._per_deal(p)) for p in range(len(self.names)))

    def difference(self, first: int, second: int) -> tuple[float, float, float]:
        """How much player ``first`` scores more than player ``second`` per deal.

        Args:
            first: A player's position in :attr:`names`.
            second: Another player's position.

        Returns:
            The mean difference per deal and its 95% interval, ``(mean, low, high)``, the
            deals being paired (both players held the same hands).

        Raises:
            InvalidSettingsError: A position is not one of the players'.
            TarotTypeError: A position is not an int.
        """
        for position in (first, second):
            if isinstance(position, bool) or not isinstance(position, int):
                raise TarotTypeError(
                    f"a player's position is an int, not {describe_value(position)}"
                )
            if not 0 <= position < len(self.names):
                raise InvalidSettingsError(
                    f"players are numbered 0 to {len(self.names) - 1}, not {position}"
                )
        a, b = self._per_deal(first), self._per_deal(second)
        gaps = [x - y for x, y in zip(a, b, strict=True)]
        low, high = _interval(gaps)
        return _mean(gaps), low, high

    def __str__(self) -> str:
        width = max(len("player"), *map(len, self.names))
        header = f"{self.deals} deals x {self.rules.seats} rotations, seed {self.seed}"
        if self.rules != RULES_BY_SEATS[self.rules.seats]:
            header += f", {self.rules.name} rules"
        lines = [
            header,
            f"{'player':<{width}}  {'mean':>8}  95% interval",
        ]
        for name, mean, (low, high) in zip(self.names, self.means, self.intervals, strict=True):
            lines.append(f"{name:<{width}}  {mean:>8.2f}  [{low:.2f}, {high:.2f}]")
        return "\n".join(lines)


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values) if values else math.nan


def _interval(values: Sequence[float]) -> tuple[float, float]:
    if len(values) < 2:
        return -math.inf, math.inf
    mean = _mean(values)
    variance = math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1)
    half = _Z95 * math.sqrt(variance / len(values))
    return mean - half, mean + half


def play_rotations(
    players: Sequence[Player], rules: Rules, seed: int, dealer: int
) -> tuple[int, ...]:
    """Play one deal once per seat rotation; each player's total score over them.

    In rotation ``r`` seat ``s`` is held by player ``(s + r) % seats``, so that every player
    holds every hand once. The players are copied first (the originals are left as they
    were), so the result depends on the arguments only.

    Args:
        players: One player per seat.
        rules: The table: its size and house rules.
        seed: The seed of the deal.
        dealer: The dealing seat.

    Returns:
        Each player's total score over the rotations, in the order of ``players``.
    """
    seats = rules.seats
    players = copy.deepcopy(list(players))
    totals = [0] * seats
    for rotation in range(seats):
        seated = [players[(seat + rotation) % seats] for seat in range(seats)]
        final = play_deal(new_deal(seed=seed, dealer=dealer, rules=rules), seated)
        for seat, points in enumerate(returns(final)):
            totals[(seat + rotation) % seats] += points
    return tuple(totals)


def duplicate(
    players: Sequence[Player],
    *,
    deals: int = 100,
    seed: int = 0,
    executor: Executor | None = None,
    progress: Callable[[int, int], object] | None = None,
    names: Sequence[str] | None = None,
    rules: Rules | None = None,
) -> DuplicateResult:
    """Play ``deals`` deals in duplicate between ``players`` and summarise their scores.

    Every deal is played once per seat rotation, each player holding each hand once (see
    :func:`play_rotations`). The deals are drawn from ``seed``; deal ``d`` is dealt by
    seat ``d % seats``. Each deal is one task for ``executor``; the results are gathered
    in deal order, so they are the same whatever the executor and its number of workers.

    The players go to the executor's workers, so with processes (or a cluster) they must
    pickle: the built-in players do. Each deal starts from a copy of the players as given;
    a player that draws random numbers should be given a seed to be reproducible.

    Args:
        players: One player per seat: 3, 4 or 5, which sets the table size.
        deals: How many deals, 1 or more.
        seed: The seed of the deals (any int).
        executor: Where to play the deals; ``None`` plays them here, one after another.
        progress: Called as ``progress(done, deals)`` after each deal (in this thread).
        names: A label per player; by default each player's position and ``repr``.
        rules: The table to play, house rules included (e.g.
            :data:`~frenchtarot.rules.LUDICASH`); it must seat as many players as given.
            ``None`` plays the FFT rules of that many players.

    Returns:
        The :class:`DuplicateResult`.

    Raises:
        InvalidSettingsError: ``players`` is not 3 to 5 players, or not as many as
            ``rules`` seats, ``deals`` is below 1, or ``names`` has not one name per player.
        TarotTypeError: An argument has the wrong type (a player that is not callable, an
            executor without ``submit``, a ``progress`` that is not callable, ``rules``
            that is not a :class:`~frenchtarot.Rules`).

    >>> from frenchtarot.arena import duplicate
    >>> from frenchtarot.players import RandomPlayer, SimplePlayer
    >>> result = duplicate([SimplePlayer(), RandomPlayer(1), RandomPlayer(2)], deals=3, seed=1)
    >>> result.deals, len(result.means), round(sum(result.means), 9)
    (3, 3, 0.0)
    >>> from frenchtarot.rules import LUDICASH
    >>> field = [SimplePlayer(), RandomPlayer(1), SimplePlayer(), RandomPlayer(2)]
    >>> ludicash = duplicate(field, deals=2, rules=LUDICASH)
    >>> str(ludicash).splitlines()[0]
    '2 deals x 4 rotations, seed 0, ludicash rules'
    """
    if (
        isinstance(players, (str, bytes))
        or not isinstance(players, Sequence)
        or not all(callable(player) for player in players)
    ):
        raise TarotTypeError(
            f"players must be a sequence of players (callables), not {describe_value(players)}"
        )
    if len(players) not in RULES_BY_SEATS:
        raise InvalidSettingsError(f"the arena takes 3, 4 or 5 players, not {len(players)}")
    if rules is None:
        rules = RULES_BY_SEATS[len(players)]
    elif not isinstance(rules, Rules):
        raise TarotTypeError(f"rules must be a Rules value or None, not {describe_value(rules)}")
    elif rules.seats != len(players):
        raise InvalidSettingsError(
            f"the {rules.name} rules seat {rules.seats} players, but {len(players)} were given"
        )
    if isinstance(deals, bool) or not isinstance(deals, int):
        raise TarotTypeError(f"deals must be a positive int, not {describe_value(deals)}")
    if deals < 1:
        raise InvalidSettingsError(f"deals must be 1 or more, not {deals}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TarotTypeError(f"seed must be an int, not {describe_value(seed)}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TarotTypeError(f"executor must have a submit method, not {describe_value(executor)}")
    if progress is not None and not callable(progress):
        raise TarotTypeError(f"progress must be callable or None, not {describe_value(progress)}")
    labels = _names(players, names)
    generator = random.Random(seed)
    seeds = [generator.getrandbits(63) for _ in range(deals)]
    tasks = [
        (list(players), rules, deal_seed, d % rules.seats) for d, deal_seed in enumerate(seeds)
    ]
    totals: list[tuple[int, ...]] = []
    if executor is None:
        for task in tasks:
            totals.append(play_rotations(*task))
            if progress is not None:
                progress(len(totals), deals)
    else:
        futures = [executor.submit(play_rotations, *task) for task in tasks]
        for done, _future in enumerate(concurrent.futures.as_completed(futures), 1):
            if progress is not None:
                progress(done, deals)
        totals = [future.result() for future in futures]
    return DuplicateResult(rules, seed, labels, tuple(totals))


def _names(players: Sequence[Player], names: Sequence[str] | None) -> tuple[str, ...]:
    if names is None:
        return tuple(f"{n}: {player!r}" for n, player in enumerate(players))
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise TarotTypeError(f"names must be a sequence of strings, not {describe_value(names)}")
    if not all(isinstance(name, str) for name in names):
        raise TarotTypeError(f"names must be strings, not {describe_value(names)}")
    if len(names) != len(players):
        raise InvalidSettingsError(
            f"expected {len(players)} names, one per player, not {len(names)}"
        )
    return tuple(names)
