"""Comparing players fairly: the duplicate arena, on any executor.

Luck of the cards decides much of a deal's score. In a *duplicate* tournament, as the FFT
runs them, every deal is played once per seat rotation, so that each player holds each
hand in turn and the luck cancels out: :func:`duplicate` does that for any players (see
:mod:`frenchtarot.players`) and reports each one's mean score per deal with a 95%
confidence interval.

Deals are independent, so the arena hands them to any ``concurrent.futures`` executor: a
``ProcessPoolExecutor`` on one machine (:func:`process_pool` makes one that Ctrl-C stops
cleanly), or a cluster's executor (Dask's ``Client.get_executor()``, Ray's
``RayExecutor``). The results depend on the seed only, never on the executor or on the
number of workers.

A long run loses nothing it finished. A deal whose player raises, returns an illegal action
or takes too long to decide is recorded as a :class:`DealFailure` that names the deal, the
rotation, the seat and the player (or, when told to, stops the run with a
:class:`~frenchtarot.errors.DealFailedError`); the other deals count. The deals are handed
out a few at a time, so memory stays small however many there are; each finished deal can
be written to a journal at once, and a run resumed from it. Ctrl-C, an executor shut down
or broken, or a ``progress`` callback that raises ends the run with an error that carries
the deals finished (its ``result``).
"""

from __future__ import annotations

import concurrent.futures
import copy
import math
import os
import pickle
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Literal, Protocol, TypeVar

from frenchtarot._checks import describe_value
from frenchtarot.arena._journal import Journal
from frenchtarot.arena._play import play_here
from frenchtarot.arena._pool import ArenaPool, process_pool, worker_initializer
from frenchtarot.arena._result import (
    FAILURE_KINDS,
    DealFailure,
    DuplicateResult,
    FailureKind,
    PlayerFault,
)
from frenchtarot.arena._run import Run
from frenchtarot.errors import (
    ArenaInterrupted,
    ArenaStoppedError,
    DealFailedError,
    TarotTypeError,
)
from frenchtarot.players import InvalidSettingsError, Player
from frenchtarot.rules import RULES_BY_SEATS, Rules

__all__ = [
    "FAILURE_KINDS",
    "ArenaInterrupted",
    "ArenaPool",
    "ArenaStoppedError",
    "DealFailedError",
    "DealFailure",
    "DuplicateResult",
    "Executor",
    "FailureKind",
    "PlayerFault",
    "duplicate",
    "play_rotations",
    "process_pool",
    "worker_initializer",
]

_T = TypeVar("_T")


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


def play_rotations(
    players: Sequence[Player],
    rules: Rules,
    seed: int,
    dealer: int,
    *,
    decision_time: float | None = None,
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
        decision_time: The most seconds a decision may take (see :func:`duplicate`), or
            ``None`` for no limit.

    Returns:
        Each player's total score over the rotations, in the order of ``players``.

    Raises:
        DealFailedError: A player raised, returned an illegal action or was too slow; its
            ``failure`` says which (deal 0, the deal's ``seed``), rotation, seat and player,
            and the player's exception is the ``__cause__``.
        InvalidSettingsError: ``decision_time`` is not above 0.
        TarotTypeError: ``players`` is not one callable per seat of ``rules``, or a player
            cannot be copied.
    """
    if not isinstance(rules, Rules):
        raise TarotTypeError(f"rules must be a Rules value, not {describe_value(rules)}")
    _check_players(players)
    if len(players) != rules.seats:
        raise TarotTypeError(
            f"players must be {rules.seats} players, one per seat, not {len(players)}"
        )
    names = _names(players, None)
    _check_copies(players, names, None)
    _check_decision_time(decision_time)
    outcome, error = play_here(players, rules, 0, seed, dealer, names, decision_time)
    if outcome.failure is not None:
        result = DuplicateResult(
            rules, seed, names, (), (), (outcome.failure,), outcome.faults, planned=1
        )
        raise DealFailedError(str(outcome.failure), result, outcome.failure) from error
    assert outcome.totals is not None
    return outcome.totals


def duplicate(
    players: Sequence[Player],
    *,
    deals: int = 100,
    seed: int = 0,
    executor: Executor | None = None,
    progress: Callable[[int, int], object] | None = None,
    names: Sequence[str] | None = None,
    rules: Rules | None = None,
    on_error: Literal["raise", "record"] = "raise",
    decision_time: float | None = None,
    journal: str | os.PathLike[str] | None = None,
    window: int | None = None,
) -> DuplicateResult:
    """Play ``deals`` deals in duplicate between ``players`` and summarise their scores.

    Every deal is played once per seat rotation, each player holding each hand once (see
    :func:`play_rotations`). The deals are drawn from ``seed``; deal ``d`` is dealt by
    seat ``d % seats``. Each deal is one task for ``executor``; the results are put in
    deal order, so they are the same whatever the executor and its number of workers.

    The players go to the executor's workers, so with processes (or a cluster) they must
    pickle: the built-in players do. Each deal starts from a copy of the players as given;
    a player that draws random numbers should be given a seed to be reproducible.

    **Failures.** A deal fails when a player raises an exception, returns an action the
    rules refuse, or takes more than ``decision_time`` seconds over a decision; or when
    the executor fails the deal's task (a lost worker). A failed deal counts for no player
    (every player's score stays paired over the same deals). With ``on_error="raise"``
    (the default) the first failure stops the run with a :class:`DealFailedError` that
    says which deal, rotation, seat and player, and carries the deals finished so far;
    with ``"record"``, the run plays on and the failures are in
    :attr:`DuplicateResult.failures`, and in the result's text.

    **Faults.** A player may keep a list of the decisions it recovered from (an external
    program that crashed, answered late or wrongly, and a default move played instead)
    in an attribute named ``faults``: the entries the players' copies add during a deal
    are collected into :attr:`DuplicateResult.faults` (see :class:`PlayerFault`), and
    counted per player in the result's text. The deal counts.

    **The time limit** is measured around each call of a player, where the deal is played
    (in this process, a thread or a worker). A player is never stopped mid-decision (a
    thread cannot be killed): one that never answers holds its deal, and its worker,
    forever. A deal that fails on time depends on the machine, not on the seed alone.

    **The journal.** With ``journal=path``, each finished deal is written to the file (a
    line of JSON) as soon as it is known, and a run given a journal that holds deals
    plays only the others: run the same call again after a crash or a Ctrl-C, and the
    result is the one an uninterrupted run gives. Deals read back from the journal are not
    played again, failures included (``on_error`` applies to the deals played by this
    call); a lost deal is not written, so it is played again. The journal must be of the
    same seed, rules and ``names`` (checked), and of the same players (not checked); it
    may hold more deals than asked for (they are left out) or fewer (the run goes on).

    **Streaming.** The seeds are drawn as the deals are handed out, and at most ``window``
    deals are in the executor's hands at a time, so memory holds the finished deals'
    scores and little else, for any number of deals. Ctrl-C (a ``KeyboardInterrupt`` in
    this thread, from ``progress`` too) cancels the deals not started and raises
    :class:`ArenaInterrupted`, a ``KeyboardInterrupt`` that carries the deals finished;
    so does a worker's ``KeyboardInterrupt``. The deals a pool's workers are playing
    still run to their end there, unless the pool is stopped (:func:`process_pool`'s
    pool stops its workers when its ``with`` block ends on the interrupt). An executor
    that is shut down, cancels the deals or breaks, a journal that cannot be written and
    a ``progress`` that raises end the run with an :class:`ArenaStoppedError` carrying
    the deals finished (the exception that stopped it is its ``__cause__``).

    Args:
        players: One player per seat: 3, 4 or 5, which sets the table size.
        deals: How many deals, 1 or more.
        seed: The seed of the deals (any int).
        executor: Where to play the deals; ``None`` plays them here, one after another.
        progress: Called as ``progress(done, deals)`` after each deal (in this thread);
            ``done`` counts the deals finished, failed ones and those read back from the
            journal included.
        names: A label per player; by default each player's position and ``repr``.
        rules: The table to play, house rules included (e.g.
            :data:`~frenchtarot.rules.LUDICASH`); it must seat as many players as given.
            ``None`` plays the FFT rules of that many players.
        on_error: ``"raise"`` to stop at the first failed deal, ``"record"`` to play on.
        decision_time: The most seconds a player may take over one decision, above 0;
            ``None`` (the default) sets no limit.
        journal: A file to write each finished deal to, and to resume from; ``None``
            writes none.
        window: The most deals in the executor's hands at a time, 1 or more. By default
            twice the pool's workers for the standard pools (``max_workers``), else twice
            this machine's processors: give more for a cluster larger than this machine.
            Without an executor, the deals are played one at a time.

    Returns:
        The :class:`DuplicateResult`.

    Raises:
        ArenaInterrupted: Ctrl-C; its ``result`` holds the deals finished.
        DealFailedError: A deal failed and ``on_error`` is ``"raise"``.
        ArenaStoppedError: The executor was shut down or broke, the journal could not be
            written, or ``progress`` raised.
        InvalidSettingsError: ``players`` is not 3 to 5 players, or not as many as
            ``rules`` seats, ``deals`` or ``window`` is below 1, ``decision_time`` is not
            above 0, ``on_error`` is another word, ``names`` has not one name per
            player, or ``journal`` cannot be read or written, or is of another run.
        TarotTypeError: An argument has the wrong type (a player that is not callable, an
            executor without ``submit``, a ``progress`` that is not callable, ``rules``
            that is not a :class:`~frenchtarot.Rules`), or a player cannot be copied
            (or, for a ``ProcessPoolExecutor``, pickled).

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

    A player that fails on some deals, the run told to play on past them:

    >>> from frenchtarot import Card
    >>> def fussy(observation):
    ...     if {Card.parse("T21"), Card.parse("EX")} <= set(observation.hand):
    ...         raise ValueError("the 21 and the Excuse: too good to be true")
    ...     return SimplePlayer()(observation)
    >>> field = [fussy, SimplePlayer(), RandomPlayer(1)]
    >>> names = ["fussy", "simple", "random"]
    >>> result = duplicate(field, deals=6, seed=2, names=names, on_error="record")
    >>> print(result)  # doctest: +ELLIPSIS
    5 deals x 3 rotations, seed 2; 1 failed
    player      mean  95% interval        failed  faults
    fussy     174.33  [74.86, 273.81]          1       0
    simple    230.73  [147.13, 314.33]         0       0
    random   -405.07  [-580.96, -229.17]       0       0
    Failed deals:
      deal 5 (seed 7461357922965555064), rotation 0, seat 0: player 'fussy' raised ValueError...
    >>> failure = result.failures[0]
    >>> failure.deal, failure.rotation, failure.seat, failure.player, failure.message
    (5, 0, 0, 0, 'ValueError: the 21 and the Excuse: too good to be true')
    """
    _check_players(players)
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
    if on_error not in ("raise", "record"):
        raise InvalidSettingsError(
            f'on_error must be "raise" or "record", not {describe_value(on_error)}'
        )
    _check_decision_time(decision_time)
    window = _window(window, executor)
    if journal is not None and not isinstance(journal, (str, os.PathLike)):
        raise TarotTypeError(f"journal must be a path or None, not {describe_value(journal)}")
    labels = _names(players, names)
    _check_copies(players, labels, executor)
    book = None
    if journal is not None:
        book = Journal(Path(journal), seed=seed, rules=rules, names=labels, deals=deals)
    try:
        run = Run(
            players=players,
            rules=rules,
            seed=seed,
            names=labels,
            deals=deals,
            on_error=on_error,
            progress=progress,
            decision_time=decision_time,
            journal=book,
        )
        try:
            if executor is None:
                run.play_in_process()
            else:
                run.play_on(executor, window)
        except KeyboardInterrupt:
            result = run.result()
            raise ArenaInterrupted(
                f"the arena was interrupted after {result.finished} of {deals} deals", result
            ) from None
    finally:
        if book is not None:
            book.close()
    result = run.result()
    stop = run.stop
    if stop is None:
        return result
    stopped = f"the arena stopped after {result.finished} of {deals} deals"
    if stop.failure is not None:
        raise DealFailedError(
            f"{stop.failure}; {stopped} (on_error='record' plays on past failed deals)",
            result,
            stop.failure,
        ) from stop.cause
    raise ArenaStoppedError(f"{stop.message}; {stopped}", result) from stop.cause


def _check_players(players: object) -> None:
    if (
        isinstance(players, (str, bytes))
        or not isinstance(players, Sequence)
        or not all(callable(player) for player in players)
    ):
        raise TarotTypeError(
            f"players must be a sequence of players (callables), not {describe_value(players)}"
        )


def _check_decision_time(decision_time: object) -> None:
    if decision_time is None:
        return
    if isinstance(decision_time, bool) or not isinstance(decision_time, (int, float)):
        raise TarotTypeError(
            "decision_time must be a number of seconds or None, not "
            + describe_value(decision_time)
        )
    if not (decision_time > 0 and math.isfinite(decision_time)):
        raise InvalidSettingsError(
            f"decision_time must be a number of seconds above 0, not {decision_time}"
        )


def _window(window: object, executor: Executor | None) -> int:
    """The window asked for, checked; by default twice the executor's workers."""
    if window is None:
        workers = getattr(executor, "_max_workers", None)  # the standard pools'
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            workers = os.cpu_count() or 1
        return 2 * workers
    if isinstance(window, bool) or not isinstance(window, int):
        raise TarotTypeError(
            f"window must be a positive int or None, not {describe_value(window)}"
        )
    if window < 1:
        raise InvalidSettingsError(f"window must be 1 or more, not {window}")
    return window


def _check_copies(
    players: Sequence[Player], names: Sequence[str], executor: Executor | None
) -> None:
    """Check that the players can be copied (and pickled, for a process pool), here and now."""
    try:
        copy.deepcopy(list(players))
    except Exception as error:
        culprit = next((n for n, p in enumerate(players) if not _copies(p)), None)
        message = f"{type(error).__name__}: {error}"
        if culprit is None:
            raise TarotTypeError(f"the players cannot be copied together ({message})") from error
        raise TarotTypeError(
            f"player {culprit} ({names[culprit]!r}) cannot be copied ({message}): the arena "
            "plays each deal from a fresh copy of the players (copy.deepcopy), so that the "
            "results depend on the seed only; a player that holds a lock, a generator, a "
            "file or a process should create it on its first call, or define __deepcopy__"
        ) from error
    if isinstance(executor, concurrent.futures.ProcessPoolExecutor):
        for n, player in enumerate(players):
            try:
                pickle.dumps(player)
            except Exception as error:
                raise TarotTypeError(
                    f"player {n} ({names[n]!r}) cannot be sent to the pool's worker processes "
                    f"({type(error).__name__}: {error}): a player for a process pool must "
                    "pickle (a class or function defined at the top of a module, not inside "
                    "a function); or play on a thread pool"
                ) from error


def _copies(player: Player) -> bool:
    try:
        copy.deepcopy(player)
    except Exception:
        return False
    return True


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
