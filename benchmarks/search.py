"""The searching player and the difficulty levels (issue #28): decision times and strength.

Usage (from any directory, with frenchtarot installed)::

    python benchmarks/search.py --only times --deals 4        # a minute or two
    python benchmarks/search.py --only arena --deals 40 --workers 2   # 15 minutes, 2 cores
    python benchmarks/search.py --only arena --deals 40 --journal /tmp/arena.jsonl  # resumable
    python benchmarks/search.py --only arena --levels 4 3 --deals 100   # a level vs the one below

Two measurements:

* times: each level of :func:`frenchtarot.players.level` (seeded 1) at seat 0 of four-player
  deals (seeds ``0..deals-1``) against three ``SimplePlayer(boldness=10)`` (bold enough that
  most deals are played), every decision of seat 0 with more than one legal action timed:
  the count, the median and the 99th percentile, in milliseconds, and the share over the
  level's budget plus 20% (levels 4 and 5);
* arena: ``duplicate([SearchPlayer(seconds=S, rng=1), MonteCarloPlayer(20, 2, rng=2),
  MonteCarloPlayer(20, 2, rng=3), MonteCarloPlayer(20, 2, rng=4)])`` (``--seconds``, 0.25 by
  default: level 5), every deal in four seat rotations, with the searcher's mean minus the
  mean of the Monte Carlo players' and the 95% interval of the paired difference against
  player 1; with ``--levels HIGH LOW``, ``level(HIGH, seed=1)`` against three ``level(LOW)``
  (seeds 2, 3, 4) instead. ``--nodes N`` gives the searcher a node budget instead of the
  clock (reproducible), ``--endgame`` and ``--rollouts`` its settings, and
  ``--cards-only`` leaves its decisions other than the card play to ``SimplePlayer`` (to
  tell the card play's share of its strength from the simulated bids'). ``--players 3`` or
  ``5`` seats the searcher against two or four ``SimplePlayer()`` at a table of that size.

The searcher's budget is on the clock: on a loaded host it searches fewer worlds. Nothing
here is a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import frenchtarot as ft
from frenchtarot.arena import duplicate
from frenchtarot.players import MonteCarloPlayer, Player, SearchPlayer, SimplePlayer, level
from frenchtarot.rules import Rules, find_rules

BUDGETS = {4: 0.05, 5: 0.25}


class CardSearcher(SearchPlayer):
    """The searcher at the card play only: every other decision is the simple player's."""

    def __call__(self, observation: ft.Observation) -> ft.Action:
        actions = observation.legal_actions
        if observation.phase is not ft.Phase.PLAY or any(
            isinstance(action, ft.DeclareHandful) for action in actions
        ):
            return SimplePlayer()(observation)
        return super().__call__(observation)


def decision_times(deals: int) -> None:
    print(f"decision times, seat 0 of four-player deals, {deals} deals (compiled={ft.compiled})")
    print("level  decisions  median ms  p99 ms  max ms  over budget+20%")
    bold = SimplePlayer(boldness=10)
    for n in range(1, 6):
        player = level(n, seed=1)
        times: list[float] = []
        for seed in range(deals):
            state = ft.new_deal(seed=seed)
            while state.current is not None:
                seat = state.current
                view = ft.observe(state, seat)
                if seat == 0:
                    start = time.perf_counter()
                    action = player(view)
                    if len(view.legal_actions) > 1:
                        times.append(time.perf_counter() - start)
                else:
                    action = bold(view)
                state = ft.apply(state, action)
        times.sort()
        p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
        over = ""
        if n in BUDGETS:
            late = sum(t > 1.2 * BUDGETS[n] for t in times)
            over = f"{late}/{len(times)}"
        print(
            f"{n:>5}  {len(times):>9}  {1000 * statistics.median(times):>9.2f}  "
            f"{1000 * p99:>6.1f}  {1000 * times[-1]:>6.1f}  {over:>15}"
        )


def arena(args: argparse.Namespace) -> None:
    deals, workers, journal, levels = args.deals, args.workers, args.journal, args.levels
    kind = CardSearcher if args.cards_only else SearchPlayer
    budget = f"nodes={args.nodes}" if args.nodes else f"seconds={args.seconds}"
    searcher = kind(
        seconds=args.seconds,
        nodes=args.nodes,
        rng=1,
        endgame=args.endgame,
        rollouts=args.rollouts,
    )
    players: list[Player] = [
        searcher,
        MonteCarloPlayer(20, 2, rng=2),
        MonteCarloPlayer(20, 2, rng=3),
        MonteCarloPlayer(20, 2, rng=4),
    ]
    title = (
        f"{kind.__name__}({budget}, endgame={args.endgame}, rollouts={args.rollouts}) "
        "vs 3 x MonteCarloPlayer(20, 2)"
    )
    names = ["searcher", "mc-1", "mc-2", "mc-3"]
    rules: Rules | None = None
    if args.players != 4:
        rules = find_rules(str(args.players))
        simple = [SimplePlayer() for _ in range(args.players - 1)]
        players = [searcher, *simple]
        names = ["searcher"] + [f"simple-{seat}" for seat in range(1, args.players)]
        title = f"{title.split(' vs ')[0]} vs {args.players - 1} x SimplePlayer()"
    if levels is not None:
        top, below = levels
        players = [level(top, seed=1)] + [level(below, seed=seat) for seat in (2, 3, 4)]
        title = f"level {top} vs 3 x level {below}"
        names = [f"level-{top}"] + [f"level-{below}-{seat}" for seat in (1, 2, 3)]
    start = time.perf_counter()

    def progress(done: int, total: int) -> None:
        print(
            f"\r  {done}/{total} deals, {time.perf_counter() - start:.0f} s",
            end="",
            file=sys.stderr,
            flush=True,
        )

    with ProcessPoolExecutor(max_workers=workers) as executor:
        result = duplicate(
            players,
            deals=deals,
            seed=1,
            executor=executor,
            progress=progress,
            names=names,
            journal=journal,
            rules=rules,
        )
    print(file=sys.stderr)
    print(
        f"{title}, {deals} deals "
        f"({time.perf_counter() - start:.0f} s, {workers} processes, compiled={ft.compiled})"
    )
    print(result)
    mean, low, high = result.difference(0, 1)
    print(
        f"{names[0]} minus {names[1]}: {mean:+.1f} per deal, "
        f"95% interval [{low:+.1f}, {high:+.1f}]"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=0.25)
    parser.add_argument("--nodes", type=int, help="the searcher's node budget, not the clock")
    parser.add_argument("--endgame", type=int, default=5, help="the searcher's endgame")
    parser.add_argument("--rollouts", type=int, default=2, help="the searcher's rollouts")
    parser.add_argument(
        "--cards-only",
        action="store_true",
        help="the searcher's decisions but the card play are the simple player's",
    )
    parser.add_argument("--only", choices=["times", "arena"])
    parser.add_argument("--journal", help="a file the arena keeps its deals in (resumable)")
    parser.add_argument(
        "--levels",
        type=int,
        nargs=2,
        metavar=("HIGH", "LOW"),
        help="instead: level(HIGH) against three level(LOW) players",
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=[3, 4, 5],
        default=4,
        help="the table's size; at 3 or 5, the searcher against SimplePlayer()s",
    )
    args = parser.parse_args()
    if args.players != 4 and args.levels is not None:
        parser.error("--players and --levels do not go together")
    if args.only in (None, "times"):
        decision_times(args.deals if args.only == "times" else 4)
    if args.only in (None, "arena"):
        arena(args)


if __name__ == "__main__":
    main()
