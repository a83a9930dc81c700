"""A process pool for the arena that leaves Ctrl-C to the program and stops at once after it."""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from multiprocessing.context import BaseContext
from types import TracebackType
from typing import TypeVar

from typing_extensions import ParamSpec

from frenchtarot._checks import describe_value
from frenchtarot.errors import InvalidSettingsError, TarotTypeError

__all__ = ["ArenaPool", "process_pool", "worker_initializer"]

_T = TypeVar("_T")
_P = ParamSpec("_P")


def worker_initializer() -> None:
    """Make this worker process ignore Ctrl-C: the program that started it handles it.

    A terminal's Ctrl-C reaches every process of the job, the pool's workers included:
    each would stop with a ``KeyboardInterrupt``, an idle one printing a traceback. Give
    this function as a process pool's ``initializer`` (``ProcessPoolExecutor(...,
    initializer=worker_initializer)``); :func:`process_pool` does.

    It sets the disposition of ``SIGINT`` to "ignore" (and unblocks it, where
    :class:`ArenaPool` started the worker with it blocked), so it must run in the main
    thread of a process of its own: a process pool's worker, not a thread pool's.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class ArenaPool(ProcessPoolExecutor):
    """A :class:`~concurrent.futures.ProcessPoolExecutor` made by :func:`process_pool`.

    Its workers ignore Ctrl-C, and leaving its ``with`` block on an exception (Ctrl-C's
    :class:`~frenchtarot.errors.ArenaInterrupted` above all) stops them at once.

    Its ``submit`` blocks ``SIGINT`` in the calling thread while it runs (on POSIX), so
    that a worker it starts inherits the signal blocked until its initializer ignores it: a
    Ctrl-C while a worker starts prints nothing there. Here, such a Ctrl-C is delayed until
    ``submit`` returns, not lost.
    """

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
        """Schedule ``fn(*args, **kwargs)``; a worker started meanwhile ignores Ctrl-C.

        The pool starts its workers as tasks are submitted. Where the platform allows it
        (POSIX), ``SIGINT`` is blocked in this thread while this method runs, so that a
        worker starts with it blocked (the signal mask is inherited) until its initializer
        ignores it: a Ctrl-C while the worker starts prints nothing there. Here, a Ctrl-C
        meanwhile is delayed, not lost: it arrives as the method returns.
        """
        if not hasattr(signal, "pthread_sigmask"):
            return super().submit(fn, *args, **kwargs)
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            return super().submit(fn, *args, **kwargs)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)

    def terminate(self) -> None:
        """Cancel the tasks not started and stop the workers now, their tasks unfinished.

        The pool is shut down: it takes no more tasks. The futures of the tasks that were
        running fail (``BrokenProcessPool``), or stay pending.
        """
        terminate_workers = getattr(ProcessPoolExecutor, "terminate_workers", None)  # 3.14
        if terminate_workers is not None:
            terminate_workers(self)
            return
        # Before Python 3.14: the workers, taken before shutdown() forgets them.
        processes = list((getattr(self, "_processes", None) or {}).values())
        self.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(timeout=5)

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc_val: BaseException | None,
        exc_tb: TracebackType | None,
    ) -> bool | None:
        """Wait for the tasks; after an exception (Ctrl-C...), stop them instead."""
        if exc_type is None:
            return super().__exit__(exc_type, exc_val, exc_tb)
        self.terminate()
        return None


def process_pool(workers: int, *, context: BaseContext | None = None) -> ArenaPool:
    """A pool of ``workers`` processes for :func:`duplicate`, that Ctrl-C stops cleanly.

    Use it as a context manager. Its workers ignore Ctrl-C (see
    :func:`worker_initializer`), so the interrupt reaches only this process, where
    :func:`duplicate` cancels the deals not started and raises
    :class:`~frenchtarot.errors.ArenaInterrupted`; leaving the ``with`` block on it stops
    the workers at once, instead of waiting for the deals they were playing::

        with process_pool(4) as pool:
            result = duplicate(players, deals=10_000, executor=pool)

    Args:
        workers: How many worker processes, 1 or more.
        context: The :mod:`multiprocessing` context; by default ``"spawn"``, on every
            platform (forking a process that runs threads may hang).

    Returns:
        The pool, a :class:`~concurrent.futures.ProcessPoolExecutor`.

    Raises:
        InvalidSettingsError: ``workers`` is below 1.
        TarotTypeError: ``workers`` is not an int, or ``context`` not a context.
    """
    if isinstance(workers, bool) or not isinstance(workers, int):
        raise TarotTypeError(f"workers must be a positive int, not {describe_value(workers)}")
    if workers < 1:
        raise InvalidSettingsError(f"workers must be 1 or more, not {workers}")
    if context is None:
        context = multiprocessing.get_context("spawn")
    elif not isinstance(context, BaseContext):
        raise TarotTypeError(
            f"context must be a multiprocessing context, not {describe_value(context)}"
        )
    return ArenaPool(max_workers=workers, mp_context=context, initializer=worker_initializer)
