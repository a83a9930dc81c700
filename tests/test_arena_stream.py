"""The arena streams: a window of deals at a time, and it ends cleanly however it is stopped.

Executors that lose deals, are shut down, cancel their work or break; Ctrl-C in this thread,
in a worker, and at a terminal (the whole process group); a billion deals in small memory.
The results never depend on the executor. The soak tests play 1,000 deals on each executor,
one player crashing on about one deal in seven.
"""

from __future__ import annotations

import _thread
import concurrent.futures
import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
import tracemalloc
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from frenchtarot.arena import (
    ArenaInterrupted,
    ArenaStoppedError,
    DealFailedError,
    DuplicateResult,
    Executor,
    duplicate,
    process_pool,
    worker_initializer,
)
from frenchtarot.errors import InvalidSettingsError, TarotTypeError
from frenchtarot.players import Player, RandomPlayer
from tests.arena_players import (
    CountingPool,
    Exiter,
    FailingFutures,
    FlakyExecutor,
    Slow,
)
from tests.test_arena_failures import calm_field, check_against_calm_run, crashy_field

ROOT = Path(__file__).resolve().parent.parent


def test_an_executor_that_loses_deals_fails_those_deals_only() -> None:
    executor = FlakyExecutor(workers=2, every=3)
    try:
        result = duplicate(calm_field(), deals=12, seed=4, executor=executor, on_error="record")
    finally:
        executor.shutdown()
    assert [f.deal for f in result.failures] == executor.failed == [2, 5, 8, 11]
    whole = duplicate(calm_field(), deals=12, seed=4)
    assert result.totals == tuple(whole.totals[d] for d in result.played)
    failure = result.failures[0]
    assert (failure.kind, failure.rotation, failure.seat, failure.player) == (
        "lost",
        None,
        None,
        None,
    )
    assert failure.message == "ConnectionError: lost the worker"
    assert str(failure).endswith("the deal was lost: ConnectionError: lost the worker")
    assert result.failure_counts == (0, 0, 0, 0)
    assert "; 4 failed" in str(result).splitlines()[0]
    # Told to raise: the first lost deal stops the run.
    executor = FlakyExecutor(workers=1, every=3)
    try:
        with pytest.raises(DealFailedError) as info:
            duplicate(calm_field(), deals=12, seed=4, executor=executor, window=1)
    finally:
        executor.shutdown()
    assert info.value.failure.deal == 2 and info.value.failure.kind == "lost"
    assert isinstance(info.value.__cause__, ConnectionError)
    assert info.value.result.played == (0, 1)


def test_lost_deals_are_not_journaled_and_are_played_again(tmp_path: Path) -> None:
    journal = tmp_path / "run.jsonl"
    executor = FlakyExecutor(workers=2, every=3)
    try:
        lossy = duplicate(
            calm_field(), deals=9, seed=4, executor=executor, on_error="record", journal=journal
        )
    finally:
        executor.shutdown()
    assert len(lossy.failures) == 3
    assert len(journal.read_text(encoding="utf-8").splitlines()) == 1 + 6
    assert duplicate(calm_field(), deals=9, seed=4, journal=journal) == duplicate(
        calm_field(), deals=9, seed=4
    )


def test_a_pool_shut_down_mid_run_ends_the_call_with_the_deals_so_far() -> None:
    # The pool is shut down with its queued work cancelled, from another thread, while the
    # arena waits: it used to wait forever.
    pool = ThreadPoolExecutor(max_workers=2)
    three = threading.Event()
    shut: list[float] = []

    def shut_down() -> None:
        three.wait(timeout=60)
        shut.append(time.monotonic())
        pool.shutdown(wait=False, cancel_futures=True)

    def progress(done: int, total: int) -> None:
        if done >= 3:
            three.set()

    stopper = threading.Thread(target=shut_down)
    stopper.start()
    players: list[Player] = [Slow(1, 0.005), RandomPlayer(2), RandomPlayer(3)]
    try:
        with pytest.raises(ArenaStoppedError) as info:
            duplicate(players, deals=1000, seed=2, executor=pool, window=8, progress=progress)
        ended = time.monotonic()
    finally:
        three.set()
        stopper.join()
        pool.shutdown()
    assert ended - shut[0] < 1  # measured: at once (under a millisecond)
    error = info.value
    assert type(error) is ArenaStoppedError
    message = str(error)
    assert "the executor cancelled deal" in message or "the executor refused deal" in message
    assert "(seed " in message and "the arena stopped after" in message
    result = error.result
    assert 3 <= result.finished < 1000 and not result.complete
    whole = duplicate(players, deals=result.played[-1] + 1, seed=2)
    assert result.totals == tuple(whole.totals[d] for d in result.played)


def test_a_process_pool_shut_down_mid_run_ends_the_call() -> None:
    players: list[Player] = [Slow(1, 0.005), RandomPlayer(2), RandomPlayer(3)]
    three = threading.Event()

    def progress(done: int, total: int) -> None:
        if done >= 3:
            three.set()

    with process_pool(2) as pool:

        def shut_down() -> None:
            three.wait(timeout=60)
            pool.shutdown(wait=False, cancel_futures=True)

        stopper = threading.Thread(target=shut_down)
        stopper.start()
        try:
            with pytest.raises(ArenaStoppedError) as info:
                duplicate(players, deals=1000, seed=2, executor=pool, progress=progress)
        finally:
            three.set()
            stopper.join()
    assert 3 <= info.value.result.finished < 1000


def test_a_pool_shut_down_before_the_call_refuses_the_first_deal() -> None:
    pool = ThreadPoolExecutor(max_workers=1)
    pool.shutdown()
    with pytest.raises(ArenaStoppedError, match=r"the executor refused deal 0 \(seed \d+\): "):
        duplicate(calm_field(), deals=3, executor=pool)


def test_a_broken_pool_ends_the_call_with_the_deals_so_far() -> None:
    # A player that ends its worker process: the pool breaks.
    players: list[Player] = [Exiter(1), RandomPlayer(2), RandomPlayer(3), RandomPlayer(4)]
    with (
        ProcessPoolExecutor(
            max_workers=1,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=worker_initializer,
        ) as pool,
        pytest.raises(ArenaStoppedError) as info,
    ):
        duplicate(players, deals=24, seed=3, executor=pool, window=1)
    assert "broke or cancelled deal" in str(info.value) or "refused deal" in str(info.value)
    assert isinstance(info.value.__cause__, BrokenProcessPool)
    first = min(
        f.deal for f in duplicate(crashy_field(), deals=24, seed=3, on_error="record").failures
    )
    assert info.value.result.played == tuple(range(first))


@pytest.mark.parametrize(
    "error",
    [
        concurrent.futures.CancelledError(),
        BrokenProcessPool("gone"),
    ],
    ids=["cancelled", "broken"],
)
def test_futures_cancelled_or_broken_stop_the_run(error: BaseException) -> None:
    with pytest.raises(ArenaStoppedError, match="the executor broke or cancelled deal 0"):
        duplicate(calm_field(), deals=3, executor=FailingFutures(error))


def test_a_worker_interrupted_interrupts_the_run() -> None:
    # A worker process that gets the terminal's Ctrl-C (no initializer) fails its future
    # with KeyboardInterrupt: the run is interrupted, not one deal failed.
    with pytest.raises(ArenaInterrupted, match="interrupted after 0 of 3 deals"):
        duplicate(calm_field(), deals=3, executor=FailingFutures(KeyboardInterrupt()))


def test_other_base_exceptions_of_a_future_lose_the_deal() -> None:
    result = duplicate(
        calm_field(), deals=2, executor=FailingFutures(SystemExit(2)), on_error="record"
    )
    assert [f.message for f in result.failures] == ["SystemExit: 2"] * 2


def test_at_most_a_window_of_deals_is_handed_out() -> None:
    with CountingPool(max_workers=2) as pool:
        result = duplicate(calm_field(), deals=30, seed=1, executor=pool, window=3)
    assert pool.submitted == 30 and 1 <= pool.most <= 3
    assert result == duplicate(calm_field(), deals=30, seed=1)
    with CountingPool(max_workers=3) as pool:  # by default, twice the pool's workers
        duplicate(calm_field(), deals=30, seed=1, executor=pool)
    assert 1 <= pool.most <= 6


def test_a_billion_deals_hold_little_memory_and_stop_at_once() -> None:
    def interrupt(done: int, total: int) -> None:
        if done == 5:
            raise KeyboardInterrupt

    for executor in (None, ThreadPoolExecutor(max_workers=2)):
        start = time.monotonic()
        tracemalloc.start()
        try:
            with pytest.raises(ArenaInterrupted) as info:
                duplicate(calm_field(), deals=10**9, seed=1, progress=interrupt, executor=executor)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
            if executor is not None:
                executor.shutdown(wait=True, cancel_futures=True)
        assert time.monotonic() - start < 5
        assert peak < 8 * 2**20, f"{peak / 2**20:.1f} MiB"
        result = info.value.result
        assert result.planned == 10**9 and result.finished >= 5
        assert "stopped after" in str(result).splitlines()[0]
        assert (
            str(info.value)
            == f"the arena was interrupted after {result.finished} of 1000000000 deals"
        )


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="sends SIGINT to a process group (POSIX)")
def test_ctrl_c_at_a_terminal_stops_a_process_pool_run_cleanly(tmp_path: Path) -> None:
    # Ctrl-C at a terminal reaches every process of the job: the workers (ignoring it) stay
    # silent, the arena raises ArenaInterrupted with the deals so far, and leaving the
    # pool's block stops the workers without waiting for their deals (which take seconds:
    # a second per bid). One worker is idle (a window of one deal): with a plain
    # ProcessPoolExecutor, it prints a traceback.
    script = tmp_path / "run.py"
    script.write_text(
        textwrap.dedent(
            """
            import sys
            import threading

            from frenchtarot.arena import ArenaInterrupted, duplicate, process_pool
            from frenchtarot.players import RandomPlayer
            from tests.arena_players import Slow


            def playing() -> None:
                print("playing", flush=True)


            if __name__ == "__main__":
                players = [Slow(1, 1.0), RandomPlayer(2), RandomPlayer(3)]
                try:
                    with process_pool(2) as pool:
                        assert list(pool.map(abs, [-1, -2, -3, -4])) == [1, 2, 3, 4]
                        threading.Timer(0.5, playing).start()
                        duplicate(players, deals=10**6, executor=pool, window=1)
                except ArenaInterrupted as stop:
                    print(f"interrupted: {stop.result.finished} finished", flush=True)
                    sys.exit(130)
            """
        ),
        encoding="utf-8",
    )
    path = os.pathsep.join([str(ROOT), *sys.path])
    process = subprocess.Popen(
        [sys.executable, str(script)],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": path},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    watchdog = threading.Timer(120, process.kill)
    watchdog.start()
    try:
        assert process.stdout is not None
        assert process.stdout.readline() == "playing\n"
        os.killpg(process.pid, signal.SIGINT)
        sent = time.monotonic()
        out, err = process.communicate(timeout=60)
        ended = time.monotonic()
    finally:
        watchdog.cancel()
        process.kill()
    assert process.returncode == 130, err
    assert out.startswith("interrupted: ") and out.endswith(" finished\n")
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert ended - sent < 5


def test_process_pool_is_checked() -> None:
    with pytest.raises(InvalidSettingsError):
        process_pool(0)
    with pytest.raises(TarotTypeError):
        process_pool(2.0)  # type: ignore[arg-type]
    with pytest.raises(TarotTypeError):
        process_pool(1, context="spawn")  # type: ignore[arg-type]


def test_process_pool_submits_from_other_threads_too() -> None:
    with process_pool(1) as pool, ThreadPoolExecutor(max_workers=1) as threads:
        assert threads.submit(lambda: pool.submit(pow, 2, 5).result()).result() == 32
        executor: Executor = pool
        assert executor.submit(pow, 3, 2).result() == 9


# A crashing player over many deals, on every executor (a few here, 1,000 in the soak step).


def dask_cluster(processes: bool):  # type: ignore[no-untyped-def]
    distributed = pytest.importorskip("distributed")
    return distributed.LocalCluster(
        n_workers=2, processes=processes, threads_per_worker=1, dashboard_address=None
    )


def crashy_run(executor: Executor | None, deals: int) -> DuplicateResult:
    return duplicate(crashy_field(), deals=deals, seed=11, executor=executor, on_error="record")


def test_a_crashing_player_on_a_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    with dask_cluster(processes=False) as cluster, distributed.Client(cluster) as client:
        result = crashy_run(client.get_executor(), 24)
    check_against_calm_run(result, 11, 24)


@pytest.mark.soak
@pytest.mark.parametrize("where", ["in-process", "threads", "processes", "flaky"])
def test_soak_a_thousand_deals_one_crashing_player(where: str) -> None:
    deals = 1000
    if where == "in-process":
        check_against_calm_run(crashy_run(None, deals), 11, deals)
    elif where == "threads":
        with ThreadPoolExecutor(max_workers=4) as threads:
            check_against_calm_run(crashy_run(threads, deals), 11, deals)
    elif where == "processes":
        with process_pool(2) as processes:
            check_against_calm_run(crashy_run(processes, deals), 11, deals)
    else:
        executor = FlakyExecutor(workers=2, every=3)
        try:
            result = crashy_run(executor, deals)
        finally:
            executor.shutdown()
        lost = {f.deal for f in result.failures if f.kind == "lost"}
        assert lost == set(executor.failed) and len(lost) == deals // 3
        crashed = {f.deal for f in result.failures if f.kind == "raised"}
        expected = crashy_run(None, deals)
        assert crashed == {f.deal for f in expected.failures} - lost
        assert result.totals == tuple(
            totals
            for deal, totals in zip(expected.played, expected.totals, strict=True)
            if deal not in lost
        )


@pytest.mark.soak
@pytest.mark.parametrize("processes", [False, True], ids=["threads", "processes"])
def test_soak_a_thousand_deals_one_crashing_player_on_dask(processes: bool) -> None:
    distributed = pytest.importorskip("distributed")
    with dask_cluster(processes) as cluster, distributed.Client(cluster) as client:
        result = crashy_run(client.get_executor(), 1000)
    check_against_calm_run(result, 11, 1000)


@pytest.mark.soak
def test_soak_a_thousand_deals_resumed_from_the_journal(tmp_path: Path) -> None:
    journal = tmp_path / "run.jsonl"
    whole = crashy_run(None, 1000)
    for stop_at in (100, 450, 800):

        def interrupt(done: int, total: int, stop_at: int = stop_at) -> None:
            if done == stop_at:
                raise KeyboardInterrupt

        with ThreadPoolExecutor(max_workers=2) as pool, pytest.raises(ArenaInterrupted):
            duplicate(
                crashy_field(),
                deals=1000,
                seed=11,
                executor=pool,
                on_error="record",
                journal=journal,
                progress=interrupt,
            )
    resumed = duplicate(crashy_field(), deals=1000, seed=11, on_error="record", journal=journal)
    assert resumed == whole and str(resumed) == str(whole)


def test_leaving_a_process_pool_on_an_error_stops_its_workers_at_once() -> None:
    # Each deal takes seconds (a second per bid): leaving the block on Ctrl-C (here, from a
    # timer) does not wait for the deals the workers are playing.
    players: list[Player] = [Slow(1, 1.0), RandomPlayer(2), RandomPlayer(3)]
    pool = process_pool(2, context=multiprocessing.get_context("spawn"))
    with pytest.raises(ArenaInterrupted) as info, pool:
        assert list(pool.map(abs, [-1, -2])) == [1, 2]  # the workers are up
        ctrl_c = threading.Timer(0.5, _thread.interrupt_main)
        ctrl_c.start()
        started = time.monotonic()
        duplicate(players, deals=10, executor=pool, window=4)
    assert time.monotonic() - started < 5
    ctrl_c.join()
    assert info.value.result.finished == 0 and info.value.result.planned == 10
    with pytest.raises(RuntimeError):  # shut down
        pool.submit(abs, -1)


def test_the_worker_initializer_ignores_ctrl_c() -> None:
    before = signal.getsignal(signal.SIGINT)
    try:
        worker_initializer()
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


def test_process_pool_without_signal_masks(monkeypatch: pytest.MonkeyPatch) -> None:
    # Windows has no pthread_sigmask: the pool submits as a plain one.
    monkeypatch.delattr(signal, "pthread_sigmask", raising=False)
    with process_pool(1) as pool:
        assert pool.submit(pow, 2, 4).result() == 16
