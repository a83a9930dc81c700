"""Steps per second through the learning adapters, beside OpenSpiel's C++ ``tarok``.

Usage (from any directory, in an environment with ``frenchtarot[openspiel,pettingzoo]``)::

    python benchmarks/adapters.py           # about a minute
    python benchmarks/adapters.py --quick   # a few seconds, rougher numbers
    python benchmarks/adapters.py --rows pettingzoo         # PettingZoo and tarok only
    python benchmarks/adapters.py --against /old/tree/src   # A/B: this tree and another

``--against`` compares this checkout's ``src`` with another tree's (a directory holding a
``frenchtarot`` package, e.g. ``git archive <commit> src | tar -x -C /tmp/old``): it runs
the PettingZoo rows and ``tarok`` in child processes, the two trees in turns (``--rounds``
of each), and prints each turn's figures at the reference. A child finds its tree in the
``FRENCHTAROT_SRC`` environment variable.

A *step* is one player decision (chance nodes, the deal, are not counted as steps but their
time is). Every row plays whole random deals, choosing uniformly among the legal actions,
four players unless said otherwise:

* ``core``: ``legal_actions`` and ``apply``, nothing else (the floor of every adapter);
* ``core + encoding``: as an agent would use the core directly: at each step the acting
  seat's ``observe``, ``observation_tensor`` and ``legal_mask``, and ``action_from_id``;
* ``openspiel french_tarot``: the Python game through ``pyspiel``, ``legal_actions`` and
  ``apply_action`` only; then the same with the acting player's
  ``information_state_tensor`` at each step;
* ``pettingzoo``: the AEC environment, ``last()`` (the observation dict) and ``step``, the
  legal ids read from the mask by a Python comprehension (the issue's loop), then by
  ``numpy.flatnonzero``;
* ``openspiel tarok (C++)``: OpenSpiel's Slovenian tarok, 4 players, ``legal_actions`` and
  ``apply_action``; then with ``information_state_string`` (tarok has no tensors).

Timings are CPU time (``time.process_time``) of this process, the best of several repeats.
Nothing here is a test: no number is asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _ab import SOURCE, in_turns, use_source

use_source()

import frenchtarot as ft  # noqa: E402 (after use_source)
from frenchtarot import encoding  # noqa: E402

TAROK_REFERENCE = 427_655
"""OpenSpiel's C++ ``tarok`` on the issue's reference machine (steps/s): the yardstick."""


def _core(deals: int, seed: int) -> int:
    rng = random.Random(seed)
    steps = 0
    for number in range(deals):
        state = ft.new_deal(seed=seed + number)
        while not state.is_terminal:
            state = ft.apply(state, rng.choice(ft.legal_actions(state)))
            steps += 1
    return steps


def _core_encoding(deals: int, seed: int) -> int:
    rng = random.Random(seed)
    steps = 0
    for number in range(deals):
        state = ft.new_deal(seed=seed + number)
        while state.current is not None:
            seen = ft.observe(state, state.current)
            encoding.observation_tensor(seen)
            mask = encoding.legal_mask(seen)
            choice = rng.choice([n for n, bit in enumerate(mask) if bit])
            state = ft.apply(state, encoding.action_from_id(choice, seen))
            steps += 1
    return steps


def _openspiel(game: Any, deals: int, seed: int, view: Callable[[Any, int], object]) -> int:
    rng = random.Random(seed)
    steps = 0
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            player = state.current_player()
            view(state, player)
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps


def _pettingzoo(deals: int, seed: int, numpy_policy: bool = False) -> int:
    """Random deals through the AEC environment; ``numpy_policy``: the mask read by NumPy.

    The issue's loop reads the legal ids from the mask with a Python comprehension over its
    165 entries, which costs about as much as the environment's whole step now; an agent
    holding NumPy arrays reads them with ``numpy.flatnonzero``.
    """
    import numpy as np

    from frenchtarot.pettingzoo import env

    table = env(seats=4)
    rng = random.Random(seed)
    steps = 0
    for number in range(deals):
        table.reset(seed=seed + number)
        for _agent in table.agent_iter():
            observation, _reward, termination, truncation, _info = table.last()
            if termination or truncation:
                table.step(None)
                continue
            mask = observation["action_mask"]
            if numpy_policy:
                legal = np.flatnonzero(mask).tolist()
            else:
                legal = [n for n, bit in enumerate(mask) if bit]
            table.step(rng.choice(legal))
            steps += 1
    return steps


_TAROK = "openspiel tarok (C++)"
_PETTINGZOO = ("pettingzoo AEC (last + step)", "pettingzoo AEC, mask read by numpy.flatnonzero")


def _rows() -> list[tuple[str, Callable[[int, int], int]]]:
    """Every row the environment can run, by name."""
    rows: list[tuple[str, Callable[[int, int], int]]] = [
        ("core (legal_actions + apply)", _core),
        ("core + encoding (observe, tensor, mask, ids)", _core_encoding),
    ]
    try:
        import pyspiel

        import frenchtarot.openspiel as adapter
    except ImportError as error:
        print(f"OpenSpiel rows skipped: {error}", file=sys.stderr)
    else:
        ours = adapter.load_game(4)
        tarok = pyspiel.load_game("tarok", {"players": 4})

        def nothing(state: Any, player: int) -> None:
            return None

        def tensor(state: Any, player: int) -> None:
            state.information_state_tensor(player)

        def string(state: Any, player: int) -> None:
            state.information_state_string(player)

        rows += [
            (
                "openspiel french_tarot (Python game)",
                lambda d, s: _openspiel(ours, d, s, nothing),
            ),
            (
                "openspiel french_tarot + information_state_tensor",
                lambda d, s: _openspiel(ours, d, s, tensor),
            ),
            (_TAROK, lambda d, s: _openspiel(tarok, d, s, nothing)),
            (
                "openspiel tarok (C++) + information_state_string",
                lambda d, s: _openspiel(tarok, d, s, string),
            ),
        ]
    try:
        import pettingzoo  # noqa: F401
    except ImportError as error:
        print(f"PettingZoo row skipped: {error}", file=sys.stderr)
    else:
        rows.append((_PETTINGZOO[0], _pettingzoo))
        rows.append((_PETTINGZOO[1], lambda d, s: _pettingzoo(d, s, numpy_policy=True)))
    return rows


def _measure(
    rows: list[tuple[str, Callable[[int, int], int]]], deals: int, repeats: int
) -> tuple[list[float], list[int]]:
    """Each row's best steps/s and its steps in a run, the rows timed in turns."""
    # In turns (one run of each row, then again), so that a change of the machine's load
    # touches every row alike; the ratios to OpenSpiel's tarok are the numbers to compare.
    rates = [0.0] * len(rows)
    counts = [0] * len(rows)
    for repeat in range(repeats):
        for number, (_name, run) in enumerate(rows):
            start = time.process_time()
            counts[number] = steps = run(deals, 1000 * repeat)
            rates[number] = max(rates[number], steps / (time.process_time() - start))
    return rates, counts


def _against(other: str, rounds: int, quick: bool) -> None:
    """Time the PettingZoo rows of this tree and of ``other`` in turns, in child processes."""
    command = [sys.executable, str(Path(__file__).resolve()), "--rows", "pettingzoo", "--json"]
    if quick:
        command.append("--quick")
    print(f"this: {SOURCE}; other: {Path(other).resolve()}; figures at the reference")
    print(f"{'round':>5} {'tree':>5} {'tarok steps/s':>14} {'issue loop':>11} {'flatnonzero':>12}")
    for round_, label, figures in in_turns(command, other, rounds):
        print(
            f"{round_:5} {label:>5} {figures[_TAROK]:14,.0f} "
            f"{figures[_PETTINGZOO[0]] * TAROK_REFERENCE / figures[_TAROK]:11,.0f} "
            f"{figures[_PETTINGZOO[1]] * TAROK_REFERENCE / figures[_TAROK]:12,.0f}"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer deals and repeats")
    parser.add_argument(
        "--rows",
        choices=("all", "pettingzoo"),
        default="all",
        help="every row, or only the PettingZoo rows and tarok",
    )
    parser.add_argument("--json", action="store_true", help="print each row's steps/s as JSON")
    parser.add_argument(
        "--against", metavar="SRC", help="A/B: compare with the frenchtarot package in SRC"
    )
    parser.add_argument("--rounds", type=int, default=4, help="turns of each tree (--against)")
    args = parser.parse_args(argv)
    if args.against:
        _against(args.against, args.rounds, args.quick)
        return
    deals, repeats = (10, 2) if args.quick else (100, 5)

    rows = _rows()
    if args.rows == "pettingzoo":
        rows = [row for row in rows if row[0] in (_TAROK, *_PETTINGZOO)]
    rates, counts = _measure(rows, deals, repeats)
    if args.json:
        print(json.dumps({name: rate for (name, _run), rate in zip(rows, rates, strict=True)}))
        return
    tarok = dict(zip([name for name, _run in rows], rates, strict=True)).get(_TAROK, 0.0)
    print(f"{deals} random four-player deals per run, best of {repeats} runs (CPU time)")
    print(f"{'':52} {'steps/s':>10} {'steps/deal':>11} {'x tarok':>8} {'at ref.':>9}")
    for (name, _run), rate, steps in zip(rows, rates, counts, strict=True):
        ratio = rate / tarok if tarok else 0.0
        print(
            f"{name:52} {rate:10,.0f} {steps / deals:11.1f} {ratio:8.3f} "
            f"{ratio * TAROK_REFERENCE:9,.0f}"
        )
    print(
        "x tarok: the row's steps/s over tarok's in this run; at ref.: that ratio times "
        f"tarok's {TAROK_REFERENCE:,} steps/s on the issue's reference machine"
    )


if __name__ == "__main__":
    main()
