"""How fast the exact solver is: nodes per second and solve times by tricks left.

Usage (from any directory, with frenchtarot installed, pure or compiled)::

    python benchmarks/solver.py                  # 4, 6, 8, 10 and 12 tricks left
    python benchmarks/solver.py --quick          # 4, 6 and 8 tricks, 5 positions each
    python benchmarks/solver.py --tricks 8 10 --positions 10 --cap 20 --seats 5
    python benchmarks/solver.py --card-values --tricks 4 6 8   # card_values for the score

The positions are fixed: deal ``seed`` (``0, 1, ...``) at the table, seat 1 (the first to
speak) takes a Garde and the others pass, the écart is the first cards offered, no slam, no
handful; the cards are played by a seeded random policy (``random.Random(seed)``) until
``k`` tricks are left. Each position is solved exactly for the card points by a fresh
:class:`~frenchtarot.solver.Solver` (nothing kept from one position to the next), under a
time cap per position (``--cap``); a position that reaches the cap counts at the cap in the
times and is reported (the median and maximum are then lower bounds). The yes/no test
(:func:`~frenchtarot.solver.reaches` at the exact value, the hardest target) is timed on
the same positions when they were solved. Times are wall-clock, but for "median CPU ms"
(the process's CPU time, steadier on a loaded host), and the nodes per second are per
second of CPU. With ``--card-values``, each position is instead given to
:meth:`~frenchtarot.solver.Solver.card_values` for :attr:`~frenchtarot.solver.Objective.SCORE`
(what the searching player asks), under the same cap for the whole call; "test" is then
the number of cards valued. Nothing here is a test.

``--against SRC`` compares the frenchtarot package in this checkout's ``src`` with the one
in ``SRC`` (``git archive <commit> src | tar -x -C /tmp/old``): the same rows, both trees
imported as Python from their sources, in child processes in turns (``--rounds`` of each,
:mod:`_ab`); each prints, for each tree and round, the nodes searched and the CPU time of
each row. The nodes must be the same when the change keeps the search's values and order.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

from _ab import SOURCE, in_turns, use_source

use_source(default=None)  # a child of --against; else the frenchtarot installed

import frenchtarot as ft  # noqa: E402 (after use_source)
from frenchtarot.solver import Objective, Solver  # noqa: E402


def position(rules: ft.Rules, seed: int, tricks_left: int) -> ft.State:
    """The benchmark's position of ``seed`` with ``tricks_left`` tricks to play."""
    state = ft.new_deal(dealer=0, seed=seed, rules=rules)
    if state.is_terminal:  # a petit sec
        return position(rules, seed + 1_000_003, tricks_left)
    rng = random.Random(seed)
    while not (
        state.phase is ft.Phase.PLAY
        and len(state.tricks) == rules.hand_size - tricks_left
        and not state.current_trick
    ):
        if state.phase is ft.Phase.BIDDING:
            action: ft.Action = ft.Bid(ft.Contract.GARDE) if state.current == 1 else ft.Pass()
        elif state.phase is ft.Phase.PLAY:
            action = rng.choice([a for a in ft.legal_actions(state) if isinstance(a, ft.Play)])
        else:
            action = ft.legal_actions(state)[0]
        state = ft.apply(state, action)
    return state


def measure(rules: ft.Rules, tricks_left: int, count: int, cap: float) -> tuple[str, int, float]:
    """One row for ``solve`` on the positions, with the nodes and the CPU seconds of all."""
    times: list[float] = []
    cpu: list[float] = []
    tests: list[float] = []
    nodes = 0
    capped = 0
    for seed in range(count):
        state = position(rules, seed, tricks_left)
        start = time.perf_counter()
        used = time.process_time()
        solution = Solver().solve(state, seconds=cap)
        cpu.append(time.process_time() - used)
        times.append(time.perf_counter() - start)
        nodes += solution.nodes
        if not solution.exact:
            capped += 1
            continue
        start = time.perf_counter()
        answer = Solver().reaches(state, solution.value)
        tests.append(time.perf_counter() - start)
        assert answer is True
    total = sum(cpu)
    note = f" ({capped} capped at {cap:g} s)" if capped else ""
    test = f"{statistics.median(tests) * 1000:,.1f}" if tests else "-"
    row = (
        f"| {tricks_left} | {count} | {nodes / total:,.0f} | "
        f"{statistics.median(times) * 1000:,.1f} | {max(times) * 1000:,.1f}{note} | "
        f"{statistics.median(cpu) * 1000:,.1f} | {test} |"
    )
    return row, nodes, total


def measure_cards(
    rules: ft.Rules, tricks_left: int, count: int, cap: float
) -> tuple[str, int, float]:
    """One row for ``card_values(state, Objective.SCORE)``, as :func:`measure`."""
    times: list[float] = []
    cpu: list[float] = []
    nodes = 0
    capped = 0
    cards = 0
    for seed in range(count):
        state = position(rules, seed, tricks_left)
        solver = Solver()
        start = time.perf_counter()
        used = time.process_time()
        values = solver.card_values(state, Objective.SCORE, seconds=cap)
        cpu.append(time.process_time() - used)
        times.append(time.perf_counter() - start)
        nodes += solver.nodes
        cards += len(values)
        capped += not all(value.exact for value in values)
    total = sum(cpu)
    note = f" ({capped} capped at {cap:g} s)" if capped else ""
    row = (
        f"| {tricks_left} | {count} | {nodes / max(total, 1e-9):,.0f} | "
        f"{statistics.median(times) * 1000:,.1f} | {max(times) * 1000:,.1f}{note} | "
        f"{statistics.median(cpu) * 1000:,.1f} | {cards} |"
    )
    return row, nodes, total


def against(other: str, rounds: int, argv: list[str]) -> None:
    """Time the rows on this tree and on ``other`` in turns, in child processes."""
    command = [sys.executable, str(Path(__file__).resolve()), *argv, "--json"]
    print(f"this: {SOURCE}; other: {Path(other).resolve()}")
    print(f"{'round':>5} {'tree':>5} {'tricks':>6} {'nodes':>12} {'CPU s':>8}")
    nodes: dict[str, set[tuple[int, int]]] = {"this": set(), "other": set()}
    cpu: dict[str, dict[int, list[float]]] = {"this": {}, "other": {}}
    for round_, label, figures in in_turns(command, other, rounds):
        for tricks_left, searched, seconds in figures:
            print(f"{round_:5} {label:>5} {tricks_left:6} {searched:12,} {seconds:8.2f}")
            nodes[label].add((tricks_left, searched))
            cpu[label].setdefault(tricks_left, []).append(seconds)
    same = "the same" if nodes["this"] == nodes["other"] else "NOT the same"
    print(f"nodes searched: {same} in both trees")
    for tricks_left, times in cpu["this"].items():
        this, theirs = min(times), min(cpu["other"][tricks_left])
        print(
            f"{tricks_left} tricks: best CPU {this:.2f} s this, {theirs:.2f} s other "
            f"({100 * (theirs / this - 1):+.1f}% faster this)"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="4, 6, 8 tricks, 5 positions")
    parser.add_argument("--tricks", type=int, nargs="+", default=[4, 6, 8, 10, 12])
    parser.add_argument("--positions", type=int, default=20, help="positions per row")
    parser.add_argument("--deep", type=int, default=10, help="positions at 10+ tricks")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds per position")
    parser.add_argument("--seats", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument(
        "--card-values", action="store_true", help="card_values for the score instead"
    )
    parser.add_argument("--json", action="store_true", help="print each row's nodes and CPU s")
    parser.add_argument(
        "--against", metavar="SRC", help="A/B: compare with the frenchtarot package in SRC"
    )
    parser.add_argument("--rounds", type=int, default=4, help="turns of each tree (--against)")
    args = parser.parse_args(argv)
    if args.quick:
        args.tricks, args.positions, args.deep = [4, 6, 8], 5, 5
    if args.against:
        rows = ["--tricks", *map(str, args.tricks), "--positions", str(args.positions)]
        rows += ["--deep", str(args.deep), "--cap", str(args.cap), "--seats", str(args.seats)]
        against(args.against, args.rounds, rows + ["--card-values"] * args.card_values)
        return
    rules = ft.RULES_BY_SEATS[args.seats]
    if args.json:
        row = measure_cards if args.card_values else measure
        figures = []
        for tricks_left in args.tricks:
            count = args.positions if tricks_left < 10 else args.deep
            _, nodes, seconds = row(rules, tricks_left, count, args.cap)
            figures.append((tricks_left, nodes, seconds))
        print(json.dumps(figures))
        return
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    build = "compiled" if ft.compiled else "pure"
    what = "card_values (score)" if args.card_values else "solve (card points)"
    print(
        f"# {rules.name}, {build} build, Python {sys.version.split()[0]}, {what}, "
        f"load average {load:.2f} at the start"
    )
    print(
        "| tricks left | positions | nodes/s (CPU) | median ms | max ms | median CPU ms "
        + ("| cards |" if args.card_values else "| test median ms |")
    )
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for tricks_left in args.tricks:
        count = args.positions if tricks_left < 10 else args.deep
        row = measure_cards if args.card_values else measure
        print(row(rules, tricks_left, count, args.cap)[0], flush=True)
    if hasattr(os, "getloadavg"):
        print(f"# load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
