"""Players and executors that misbehave, for the arena's tests.

They live in a module of their own (not a test module, not inside a function) so that a
process pool's workers can unpickle them.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from typing_extensions import ParamSpec

import frenchtarot as ft
from frenchtarot.players import RandomPlayer

_T = TypeVar("_T")
_P = ParamSpec("_P")

#: A hand makes :class:`Crashy` raise when the sum of its cards' indices is a multiple of this.
CRASH_MODULUS = 26


def doomed(hand: tuple[ft.Card, ...], residue: int = 0) -> bool:
    """Whether :class:`Crashy` raises when asked to bid with ``hand``.

    About one hand in 26; a four-player deal shows the crashing player all four hands (one
    per rotation), so about one deal in seven fails (1 - (25/26)^4). Another ``residue``
    (:class:`Faulty` uses 13) dooms other hands.
    """
    return sum(card.index for card in hand) % CRASH_MODULUS == residue


class Crashy(RandomPlayer):
    """A random player that raises when asked to bid with a doomed hand (see :func:`doomed`).

    Otherwise it plays exactly as ``RandomPlayer(seed)``: the deals it does not crash score
    as they would with the random player in its place.
    """

    def __call__(self, observation: ft.Observation) -> ft.Action:
        if observation.phase is ft.Phase.BIDDING and doomed(observation.hand):
            raise RuntimeError(f"crashed holding {len(observation.hand)} cards")
        return super().__call__(observation)

    def __repr__(self) -> str:
        return "Crashy()"


class Illegal(RandomPlayer):
    """A random player that plays a card it does not hold on a doomed hand, when it leads."""

    def __call__(self, observation: ft.Observation) -> ft.Action:
        if observation.phase is ft.Phase.BIDDING and doomed(observation.hand):
            missing = next(card for card in ft.DECK if card not in observation.hand)
            return ft.Play(missing)
        return super().__call__(observation)


#: The hands :class:`Faulty` logs a fault on: ``doomed(hand, FAULTY)``.
FAULTY = 13


class Faulty(RandomPlayer):
    """A random player that logs a fault, and plays on, when it bids with a hand doomed to it.

    Its ``faults`` list is what an external program's player would keep: the decisions it
    recovered from. It may hold entries already, which the arena must not report. Its
    hands are ``doomed(hand, FAULTY)``, not those that :class:`Crashy` crashes on.
    """

    def __init__(self, seed: int | None = None, old_faults: int = 0) -> None:
        super().__init__(seed)
        self.faults: list[str] = [f"old fault {n}" for n in range(old_faults)]

    def __call__(self, observation: ft.Observation) -> ft.Action:
        if observation.phase is ft.Phase.BIDDING and doomed(observation.hand, FAULTY):
            self.faults.append(f"no answer at seat {observation.seat}: played at random")
        return super().__call__(observation)


class Sleepy(RandomPlayer):
    """A random player that sleeps ``pause`` seconds when it bids with a doomed hand."""

    def __init__(self, seed: int | None = None, pause: float = 0.3) -> None:
        super().__init__(seed)
        self.pause = pause

    def __call__(self, observation: ft.Observation) -> ft.Action:
        if observation.phase is ft.Phase.BIDDING and doomed(observation.hand):
            time.sleep(self.pause)
        return super().__call__(observation)


class Slow(RandomPlayer):
    """A random player that sleeps ``pause`` seconds before every bid: deals that take time."""

    def __init__(self, seed: int | None = None, pause: float = 0.01) -> None:
        super().__init__(seed)
        self.pause = pause

    def __call__(self, observation: ft.Observation) -> ft.Action:
        if observation.phase is ft.Phase.BIDDING:
            time.sleep(self.pause)
        return super().__call__(observation)


class Locked(RandomPlayer):
    """A random player holding a lock: it cannot be copied (nor pickled)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.lock = threading.Lock()


class FlakyExecutor:
    """A thread pool whose every ``every``-th future fails with a ``ConnectionError``.

    As a cluster's executor does when it loses the worker that held the task.
    """

    def __init__(self, workers: int = 2, every: int = 3) -> None:
        self.pool = ThreadPoolExecutor(max_workers=workers)
        self.every = every
        self.submitted = 0
        self.failed: list[int] = []

    def submit(self, fn: Callable[..., _T], /, *args: object) -> Future[_T]:
        self.submitted += 1
        if self.submitted % self.every:
            return self.pool.submit(fn, *args)
        future: Future[_T] = Future()
        self.failed.append(self.submitted - 1)
        self.pool.submit(future.set_exception, ConnectionError("lost the worker"))
        return future

    def shutdown(self) -> None:
        self.pool.shutdown()


class Exiter(RandomPlayer):
    """A random player that ends its process at once on a doomed hand: a worker lost."""

    def __call__(self, observation: ft.Observation) -> ft.Action:
        if observation.phase is ft.Phase.BIDDING and doomed(observation.hand):
            os._exit(3)
        return super().__call__(observation)


class CountingPool(ThreadPoolExecutor):
    """A thread pool that counts the most tasks it held at a time (submitted, not finished)."""

    def __init__(self, max_workers: int) -> None:
        super().__init__(max_workers=max_workers)
        self._count = threading.Lock()
        self.held = 0
        self.most = 0
        self.submitted = 0

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
        with self._count:
            self.held += 1
            self.submitted += 1
            self.most = max(self.most, self.held)
        future = super().submit(fn, *args, **kwargs)
        future.add_done_callback(self._release)
        return future

    def _release(self, future: Future[Any]) -> None:
        with self._count:
            self.held -= 1


class FailingFutures:
    """An executor whose futures all fail with ``error`` (set from another thread)."""

    def __init__(self, error: BaseException) -> None:
        self.error = error
        self.pool = ThreadPoolExecutor(max_workers=1)

    def submit(self, fn: Callable[..., _T], /, *args: object) -> Future[_T]:
        future: Future[_T] = Future()
        self.pool.submit(future.set_exception, self.error)
        return future
