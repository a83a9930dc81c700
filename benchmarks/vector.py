"""Steps per second of the batched environment, beside the adapters and OpenSpiel's ``tarok``.

Usage (from any directory, with NumPy; the OpenSpiel and PettingZoo rows need the
``openspiel`` and ``pettingzoo`` extras and are skipped without them)::

    python benchmarks/vector.py           # about four minutes
    python benchmarks/vector.py --quick   # half a minute, rougher numbers

A *step* is one player decision, four players unless said otherwise. The rows:

* ``vector n=...``: :class:`frenchtarot.vector.VectorEnv` stepping ``n`` deals at once
  (``information-state tensors``: with ``perfect_recall=True``; ``float16``: with
  ``dtype=numpy.float16``), each step returning the seat to act, the legal-action mask and
  the observation tensor of every deal (deals that end start again at once); the deals are
  dealt by the library's own shuffle (``dealing="library"``) unless the row says
  ``numpy``. The actions are random legal ids, drawn outside the timed part (the
  ``+ policy`` column times them too);
* ``openspiel tarok (C++)``: OpenSpiel's Slovenian tarok, ``legal_actions`` and
  ``apply_action`` (it has no tensors), then with ``information_state_string``;
* ``openspiel french_tarot``: the Python game through ``pyspiel``, without tensors, then
  with the acting player's information-state tensor at each step;
* ``pettingzoo AEC``: the AEC environment, ``last()`` and ``step``, the legal ids read
  from the mask by a Python comprehension over its entries (the issue's loop), then by
  ``numpy.flatnonzero``.

The adapters and ``tarok`` are timed in turns (one run of each, then again), so that a
change of the machine's load touches them alike. Each row shows its ratio to ``tarok``
in this run (``x tarok``) and that ratio times ``tarok``'s 427,655 steps/s on the issue's
reference machine (``at ref.``): the number to compare with the issue's goals, which were
set on that machine, whatever the speed of this one.

Then the memory a deal takes in the batch: its state's arrays, and its observation tensor
(float32, or float16 with ``dtype=numpy.float16``).

Timings are CPU time (``time.process_time``) of this process, the best of several
repeats; the load average of the machine is printed before and after, as other work on a
shared machine still slows a run down. Nothing here is a test: no number is asserted.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

import numpy as np  # noqa: E402

import frenchtarot as ft  # noqa: E402
from frenchtarot.vector import VectorEnv  # noqa: E402

TAROK_REFERENCE = 427_655
"""OpenSpiel's C++ ``tarok`` on the issue's reference machine (steps/s): the yardstick."""
GOALS = {
    "vector": 1_000_000,  # steps/s at n = 4096, on the reference machine
    "openspiel": 10 * 4_164,  # the information-state tensor row of the issue, times 10
    "pettingzoo": 5 * 9_980,  # the PettingZoo row of the issue, times 5
    "memory": 4096,  # bytes per deal
}


def _vector(
    n: int, steps: int, repeats: int, dealing: str, recall: bool = False, dtype: Any = np.float32
) -> tuple[float, float]:
    """The best steps/s of ``VectorEnv(n)``, without and with the random policy's time."""
    env = VectorEnv(n, seed=1, dealing=dealing, perfect_recall=recall, dtype=dtype)
    step = env.reset()
    rng = np.random.default_rng(1)

    def run(count: int) -> tuple[float, float]:
        nonlocal step
        env_time = 0.0
        start = time.process_time()
        for _ in range(count):
            choice = (rng.random(step.mask.shape, dtype=np.float32) * step.mask).argmax(axis=1)
            before = time.process_time()
            step = env.step(choice)
            env_time += time.process_time() - before
        return env_time, time.process_time() - start

    run(max(steps // 2, 100))  # warm up, and let the deals drift apart (they end at once)
    best, best_total = 0.0, 0.0
    for _ in range(repeats):
        env_time, total = run(steps)
        best = max(best, n * steps / env_time)
        best_total = max(best_total, n * steps / total)
    return best, best_total


def _best(run: Callable[[int, int], int], deals: int, repeats: int) -> float:
    best = 0.0
    for repeat in range(repeats):
        start = time.process_time()
        steps = run(deals, 1000 * repeat)
        best = max(best, steps / (time.process_time() - start))
    return best


def _load() -> str:
    return "load average " + " ".join(f"{value:.2f}" for value in os.getloadavg())


def _adapter_rows(quick: bool) -> list[tuple[str, str, Callable[[int, int], int], int]]:
    """The adapters' rows and OpenSpiel's ``tarok``: (name, goal key, run, deals a run)."""
    deals = 10 if quick else 40
    rows: list[tuple[str, str, Callable[[int, int], int], int]] = []
    try:
        import pyspiel
        from adapters import _openspiel

        import frenchtarot.openspiel as adapter
    except ImportError as error:
        print(f"OpenSpiel rows skipped: {error}")
        return rows
    ours = adapter.load_game(4)
    tarok = pyspiel.load_game("tarok", {"players": 4})

    def tensor(state: Any, player: int) -> None:
        state.information_state_tensor(player)

    def string(state: Any, player: int) -> None:
        state.information_state_string(player)

    def nothing(state: Any, player: int) -> None:
        return None

    rows += [
        ("openspiel tarok (C++)", "", lambda d, s: _openspiel(tarok, d, s, nothing), 5 * deals),
        (
            "openspiel tarok (C++) + information_state_string",
            "",
            lambda d, s: _openspiel(tarok, d, s, string),
            5 * deals,
        ),
        (
            "openspiel french_tarot (no tensor)",
            "",
            lambda d, s: _openspiel(ours, d, s, nothing),
            deals,
        ),
        (
            "openspiel french_tarot + information_state_tensor",
            "openspiel",
            lambda d, s: _openspiel(ours, d, s, tensor),
            deals,
        ),
    ]
    try:
        import pettingzoo  # noqa: F401
        from adapters import _pettingzoo
    except ImportError as error:
        print(f"PettingZoo rows skipped: {error}")
        return rows
    rows += [
        ("pettingzoo AEC (last + step), the issue's loop", "pettingzoo", _pettingzoo, deals),
        (
            "pettingzoo AEC, mask read by numpy.flatnonzero",
            "pettingzoo",
            lambda d, s: _pettingzoo(d, s, numpy_policy=True),
            deals,
        ),
    ]
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer steps and repeats")
    args = parser.parse_args(argv)
    repeats = 2 if args.quick else 4
    scale = 0.1 if args.quick else 1.0
    print(
        f"{platform.python_implementation()} {platform.python_version()}, NumPy "
        f"{np.__version__}, {platform.machine()}, {os.cpu_count()} cores; {_load()}"
    )
    # The adapters and tarok first, in turns (best of the repeats each), so that a change of
    # the machine's load touches them alike: their ratios to tarok are the numbers to read.
    adapters = _adapter_rows(args.quick)
    rates = dict.fromkeys([name for name, *_rest in adapters], 0.0)
    for repeat in range(repeats):
        for name, _goal, run, deals in adapters:
            start = time.process_time()
            steps = run(deals, 1000 * repeat)
            rates[name] = max(rates[name], steps / (time.process_time() - start))
    tarok = rates.get("openspiel tarok (C++)", 0.0)

    rows: list[tuple[str, float, str, str]] = []
    for n, dealing, recall, dtype in (
        (1, "library", False, np.float32),
        (64, "library", False, np.float32),
        (1024, "library", False, np.float32),
        (4096, "library", False, np.float32),
        (4096, "numpy", False, np.float32),
        (4096, "library", False, np.float16),
        (4096, "library", True, np.float32),
    ):
        steps = int(scale * {1: 20_000, 64: 2_000, 1024: 600, 4096: 400}[n])
        rate, with_policy = _vector(n, max(steps, 50), repeats, dealing, recall, dtype)
        name = f"vector n={n}" + (" (numpy dealing)" if dealing == "numpy" else "")
        name += " float16" if dtype is np.float16 else ""
        name += " information-state tensors" if recall else ""
        rows.append((name, rate, f"{with_policy:,.0f}", "vector" if n == 4096 else ""))
    tarok_after = _best(adapters[0][2], adapters[0][3], repeats) if adapters else 0.0
    for name, goal, _run, _deals in adapters:
        rows.append((name, rates[name], "", goal))

    print(
        f"\n{'four players, one core, CPU time, best of ' + str(repeats):52} "
        f"{'steps/s':>10} {'+ policy':>10} {'x tarok':>8} {'at ref.':>10} {'goal':>10}"
    )
    for name, rate, extra, goal in rows:
        ratio = rate / tarok if tarok else 0.0
        at_reference = ratio * TAROK_REFERENCE
        target = f"{GOALS[goal]:,}" if goal else ""
        print(
            f"{name:52} {rate:10,.0f} {extra:>10} {ratio:8.3f} {at_reference:10,.0f} {target:>10}"
        )
    print(
        f"\n'x tarok': the row's steps/s over OpenSpiel's C++ tarok in this run ({tarok:,.0f} "
        f"steps/s, timed in turns with the adapters; {tarok_after:,.0f} again after the batch "
        f"rows); 'at ref.': that ratio times tarok's {TAROK_REFERENCE:,} steps/s on the "
        "issue's reference machine, the number to hold against the goal"
    )

    state, tensor32 = VectorEnv(1, seed=0).memory()
    _state, tensor16 = VectorEnv(1, seed=0, dtype=np.float16).memory()
    recall_state, recall32 = VectorEnv(1, seed=0, perfect_recall=True).memory()
    print(
        f"\nmemory per deal in the batch: the state {state:,} bytes; the observation "
        f"tensor {tensor32:,} bytes (float32, the default) or {tensor16:,} (float16)"
    )
    print(
        f"  so {state + tensor32:,} bytes a deal with float32 tensors, "
        f"{state + tensor16:,} with float16 (goal: under {GOALS['memory']:,}); with the "
        f"information-state tensors {recall_state:,} + {recall32:,} bytes (float32)"
    )
    print(f"{_load()} (after); {ft.__name__} {ft.__version__}")


if __name__ == "__main__":
    main()
