"""A run of the arena: the deals handed out a window at a time, their outcomes gathered.

The seeds are drawn as the deals are handed out, and no more than ``window`` deals are in
the executor's hands at a time, so a run holds the outcomes of its finished deals and
little else, whatever the number of deals. Each outcome is kept (and written to the journal)
as soon as it comes back; a run that stops early (a failure when told to raise, an
executor shut down or broken, a ``progress`` callback that raised, Ctrl-C) ends with what
finished, the deals still queued cancelled.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import random
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Final, Literal

import attrs

from frenchtarot.arena._journal import Journal
from frenchtarot.arena._play import DealOutcome, describe_error, play_here, play_task
from frenchtarot.arena._result import DealFailure, DuplicateResult
from frenchtarot.errors import InvalidSettingsError
from frenchtarot.players import Player
from frenchtarot.rules import Rules

if TYPE_CHECKING:
    from frenchtarot.arena import Executor

__all__ = ["Run", "Stop", "Task"]

#: How long the wait for a deal lasts before it looks again (a Ctrl-C is seen at once on
#: POSIX; on Windows, at the next look).
_POLL: Final = 0.25

Task = tuple[Sequence[Player], Rules, int, int, int, Sequence[str], float | None]
"""The arguments of :func:`~frenchtarot.arena._play.play_task` for one deal."""


@attrs.frozen
class Stop:
    """Why a run stopped before the end.

    Attributes:
        message: What happened, for the error's message.
        cause: The exception behind it, if any.
        failure: The failed deal, when the run stopped on a failure.
    """

    message: str
    cause: BaseException | None = None
    failure: DealFailure | None = None


class Run:
    """The deals of one call of :func:`duplicate`: what to play, and what finished.

    Attributes:
        outcomes: The finished deals by number, those read back from the journal first.
        stop: Why the run stopped early, or ``None``.
    """

    def __init__(
        self,
        *,
        players: Sequence[Player],
        rules: Rules,
        seed: int,
        names: tuple[str, ...],
        deals: int,
        on_error: Literal["raise", "record"],
        progress: Callable[[int, int], object] | None,
        decision_time: float | None,
        journal: Journal | None,
    ) -> None:
        self._players = list(players)
        self._rules = rules
        self._seed = seed
        self._names = names
        self._deals = deals
        self._on_error = on_error
        self._progress = progress
        self._decision_time = decision_time
        self._journal = journal
        self.outcomes: dict[int, DealOutcome] = {}
        self.stop: Stop | None = None
        if journal is not None:
            self.outcomes.update(journal.finished)
            self._check_seeds(journal)
        self._resumed = frozenset(self.outcomes)

    def _check_seeds(self, journal: Journal) -> None:
        """Check that the journal's deals have the seeds this run draws for them."""
        if not self.outcomes:
            return
        generator = random.Random(self._seed)
        seeds = [generator.getrandbits(63) for _ in range(max(self.outcomes) + 1)]
        for deal, outcome in sorted(self.outcomes.items()):
            if outcome.seed != seeds[deal]:
                raise InvalidSettingsError(
                    f"the journal {str(journal.path)!r} gives deal {deal} the seed "
                    f"{outcome.seed}, but seed {self._seed} deals it with seed {seeds[deal]}: "
                    "the journal is of another run"
                )

    def tasks(self) -> Iterator[Task]:
        """The deals to play, in order, their seeds drawn as they come (those done skipped)."""
        generator = random.Random(self._seed)
        seats = self._rules.seats
        for deal in range(self._deals):
            seed = generator.getrandbits(63)
            if deal not in self._resumed:
                yield (
                    self._players,
                    self._rules,
                    deal,
                    seed,
                    deal % seats,
                    self._names,
                    self._decision_time,
                )

    def record(self, outcome: DealOutcome) -> Stop | None:
        """Keep a finished deal, and write it to the journal."""
        self.outcomes[outcome.deal] = outcome
        if self._journal is not None:
            try:
                self._journal.write(outcome)
            except OSError as error:
                path = str(self._journal.path)
                return Stop(f"cannot write the journal {path!r}: {error}", error)
        return None

    def accept(self, outcome: DealOutcome, error: BaseException | None) -> Stop | None:
        """Keep a finished deal, then stop on its failure if told to, or report progress."""
        stop = self.record(outcome)
        if stop is not None:
            return stop
        failure = outcome.failure
        if failure is not None and self._on_error == "raise":
            return Stop(str(failure), error, failure)
        if self._progress is not None:
            try:
                self._progress(len(self.outcomes), self._deals)
            except Exception as raised:  # KeyboardInterrupt goes through: Ctrl-C
                message, where = describe_error(raised)
                at = f" (at {where})" if where else ""
                return Stop(f"the progress callback raised {message}{at}", raised)
        return None

    def result(self) -> DuplicateResult:
        """The finished deals, in deal order."""
        ordered = [self.outcomes[deal] for deal in sorted(self.outcomes)]
        return DuplicateResult(
            self._rules,
            self._seed,
            self._names,
            tuple(o.totals for o in ordered if o.totals is not None),
            tuple(o.deal for o in ordered if o.totals is not None),
            tuple(o.failure for o in ordered if o.failure is not None),
            tuple(fault for o in ordered for fault in o.faults),
            self._deals,
        )

    def play_in_process(self) -> None:
        """Play the deals here, one after the other."""
        for task in self.tasks():
            outcome, error = play_here(*task)
            self.stop = self.accept(outcome, error)
            if self.stop is not None:
                return

    def play_on(self, executor: Executor, window: int) -> None:
        """Hand the deals to ``executor``, at most ``window`` at a time, and gather them.

        Each finished future is put on a queue by its done callback, which runs for a
        cancelled future too (a waiter of :func:`concurrent.futures.wait` is not told of a
        future cancelled by ``shutdown(cancel_futures=True)``, and would wait forever).
        On leaving, the deals still queued are cancelled, and those already finished kept.
        """
        finished: queue.SimpleQueue[concurrent.futures.Future[DealOutcome]] = queue.SimpleQueue()
        in_flight: dict[concurrent.futures.Future[DealOutcome], tuple[int, int]] = {}
        tasks = self.tasks()
        more = True
        try:
            while True:
                while more and len(in_flight) < window:
                    task = next(tasks, None)
                    if task is None:
                        more = False
                        break
                    deal, seed = task[2], task[3]
                    try:
                        future = executor.submit(play_task, *task)
                    except Exception as error:
                        message, _ = describe_error(error)
                        self.stop = Stop(
                            f"the executor refused deal {deal} (seed {seed}): {message} (was it "
                            "shut down, or broken?)",
                            error,
                        )
                        return
                    in_flight[future] = (deal, seed)
                    future.add_done_callback(finished.put)
                if not in_flight:
                    return
                try:
                    future = finished.get(timeout=_POLL)
                except queue.Empty:
                    continue
                deal, seed = in_flight.pop(future)
                self.stop = self._settle(future, deal, seed)
                if self.stop is not None:
                    return
        finally:
            for future in in_flight:
                future.cancel()
            for future in in_flight:
                if future.done() and not future.cancelled() and future.exception() is None:
                    self.record(future.result())

    def _settle(
        self, future: concurrent.futures.Future[DealOutcome], deal: int, seed: int
    ) -> Stop | None:
        """Take in a finished future: a deal's outcome, a lost deal, or the executor's end."""
        where = f"deal {deal} (seed {seed})"
        if future.cancelled():
            return Stop(
                f"the executor cancelled {where} (was it shut down with its work cancelled?)"
            )
        error = future.exception()
        if error is None:
            return self.accept(future.result(), None)
        if isinstance(error, KeyboardInterrupt):  # a worker's Ctrl-C: the run's
            raise KeyboardInterrupt
        message, at = describe_error(error)
        if isinstance(
            error,
            (
                concurrent.futures.BrokenExecutor,
                concurrent.futures.CancelledError,
                asyncio.CancelledError,
            ),
        ):
            return Stop(f"the executor broke or cancelled {where}: {message}", error)
        failure = DealFailure(deal, seed, "lost", message, where=at)
        return self.accept(DealOutcome(deal, seed, None, failure), error)
