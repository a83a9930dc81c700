"""The searching player and the difficulty levels (issue #28): decision times and strength.

Usage (from any directory, with frenchtarot installed)::

    python benchmarks/search.py --only times --deals 4        # a minute or two
    python benchmarks/search.py --only playouts               # seconds
    python benchmarks/search.py --only worlds                 # under a minute
    python benchmarks/search.py --only arena --deals 40 --workers 2   # 15 minutes, 2 cores
    python benchmarks/search.py --only arena --deals 40 --journal /tmp/arena.jsonl  # resumable
    python benchmarks/search.py --only arena --levels 4 3 --deals 100   # a level vs the one below
    python benchmarks/search.py --only duel --nodes 250000 --endgame 6 --journal /tmp/e6.jsonl \
        --against /tmp/e5.jsonl   # a variant's card play against another's, paired

Five measurements:

* playouts: the simulations' playouts (:func:`frenchtarot.players._simulate.playout`, the
  searcher's bids, call, écart, slam and handfuls are valued by them), ``SimplePlayer()``
  at every seat of four-player deals (seeds ``0..199``), from the bidding and from the
  first card, playouts and actions per second (CPU time, the best of 3), beside the same
  deals played through each seat's observation (:func:`frenchtarot.players.play_deal`,
  what a playout did before the simple player read the state itself);
* worlds: the searcher's worlds (:func:`frenchtarot.players._worlds.draw_world`, up to 20
  deals drawn for one whose bids the simple player would make) at the card play of
  four-player deals of simple players (seeds ``0..39``, the first, second and sixth
  tricks' leads; the searcher's seat is the leader), microseconds a world (CPU time, the
  best of 3), beside the same worlds judged after their state is built
  (``sample_state`` then ``bids_fit``, each deal; what a world cost before the deals were
  judged first), with the share of worlds found at the first try and after all 20;

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

* duel: the card play of one variant of the searcher, cheaply and reproducibly: positions
  at the start of a trick with ``--tricks`` left (four-player deals ``0, 1, ...`` bid and
  played by ``SimplePlayer(boldness=10)``, passed deals skipped), each played to its end
  once per seat, the searcher (``--nodes``, ``--endgame``, ``--rollouts``, seeded by the
  deal) at that seat and ``MonteCarloPlayer(20, 2)`` at the others (seeded by the deal and
  seat). With a node budget every game is reproducible on any machine and host load, so
  two variants' journals (``--journal``, one line per position, resumable) pair position by
  position: ``--against OTHER`` prints the mean difference of the searcher's score per
  seat with its 95% interval, and how many positions gave the same score (the two
  variants played alike).

The searcher's budget is on the clock in the arena: on a loaded host it searches fewer
worlds. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

import frenchtarot as ft
from frenchtarot.arena import duplicate
from frenchtarot.players import (
    MonteCarloPlayer,
    Player,
    SearchPlayer,
    SimplePlayer,
    level,
    play_deal,
)
from frenchtarot.players._search import ROLLOUTS
from frenchtarot.players._simulate import playout
from frenchtarot.players._worlds import TRIES, bids_fit, draw_world
from frenchtarot.rules import Rules, find_rules
from frenchtarot.sampling import sample_state
from frenchtarot.scoring import returns

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


def playouts() -> None:
    """The simulations' playouts per second, and the same deals through observations."""
    player = SimplePlayer()
    starts = [ft.new_deal(seed=seed) for seed in range(200)]
    first_cards = []
    for state in starts:
        while state.current is not None and state.phase is not ft.Phase.PLAY:
            state = ft.apply(state, player(ft.observe(state, state.current)))
        if state.current is not None:
            first_cards.append(state)
    table = [player] * 4
    print(f"playouts, SimplePlayer() at every seat, compiled={ft.compiled} (CPU, best of 3):")
    for where, states in (("from the bidding", starts), ("from the first card", first_cards)):
        actions = sum(playout(s, player)[1] for s in states)
        for name, run in (
            ("playout (the state)", lambda s: playout(s, player)),
            ("play_deal (observations)", lambda s: play_deal(s, table)),
        ):
            best = math.inf
            for _ in range(3):
                start = time.process_time()
                for state in states:
                    run(state)
                best = min(best, time.process_time() - start)
            print(
                f"  {where:>20}, {name:>25}: {len(states) / best:8,.0f} playouts/s, "
                f"{actions / best:9,.0f} actions/s ({len(states)} deals)"
            )


def worlds() -> None:
    """The cost of a searcher's world: its deals judged before, or after, the state is built."""
    player = SimplePlayer()
    views = []
    for seed in range(40):
        state = ft.new_deal(seed=seed)
        while state.current is not None:
            leads = state.phase is ft.Phase.PLAY and not state.current_trick
            if leads and len(state.tricks) in (0, 1, 5):
                views.append(ft.observe(state, state.current))
            state = ft.apply(state, player(ft.observe(state, state.current)))

    def built_first(view: ft.Observation, rng: random.Random) -> int:
        for tries in range(1, TRIES + 1):
            if bids_fit(sample_state(view, rng), view.seat) or tries == TRIES:
                return tries
        raise AssertionError("unreachable")

    tries = [built_first(view, random.Random(n)) for n in range(5) for view in views]
    first = sum(1 for n in tries if n == 1) / len(tries)
    none = sum(1 for n in tries if n == TRIES) / len(tries)
    print(
        f"the searcher's worlds, compiled={ft.compiled}, {len(views)} card-play views x 5 "
        f"(CPU, best of 3): {first:.0%} fit at the first deal, {none:.0%} take all {TRIES} "
        f"(a mean of {statistics.fmean(tries):.1f} deals a world)"
    )
    for view in views:  # the samplers' caches filled: the work per observation is done
        sample_state(view, random.Random(0))
    for name, run in (
        ("judged before the state is built (draw_world)", draw_world),
        ("judged after (sample_state, bids_fit)", built_first),
    ):
        best = math.inf
        for _ in range(3):
            rng = random.Random(1)
            start = time.process_time()
            for view in views:
                for _ in range(5):
                    run(view, rng)
            best = min(best, time.process_time() - start)
        print(f"  {name:>48}: {best / len(views) / 5 * 1e6:7,.0f} us a world")


def duel_positions(tricks: int) -> Iterator[tuple[int, ft.State]]:
    """Four-player positions at a trick's start with ``tricks`` left, and their deal seeds."""
    bold = SimplePlayer(boldness=10)
    seed = 0
    while True:
        state = ft.new_deal(seed=seed)
        while state.current is not None and not (
            state.phase is ft.Phase.PLAY
            and len(state.tricks) == state.rules.hand_size - tricks
            and not state.current_trick
        ):
            state = ft.apply(state, bold(ft.observe(state, state.current)))
        if state.current is not None:
            yield seed, state
        seed += 1


def duel(args: argparse.Namespace) -> None:
    if args.nodes is None or args.journal is None:
        raise SystemExit("--only duel needs --nodes (reproducible games) and --journal")
    with open(args.journal, "a+", encoding="utf-8") as journal:
        journal.seek(0)
        done = {json.loads(line)["seed"] for line in journal if line.strip()}
        for number, (seed, start) in enumerate(duel_positions(args.tricks)):
            if number >= args.positions:
                break
            if seed in done:
                continue
            began = time.process_time()
            scores = []
            for seat in range(start.rules.seats):
                players: list[Player] = [
                    MonteCarloPlayer(20, 2, rng=100 + 7 * seed + other)
                    for other in range(start.rules.seats)
                ]
                players[seat] = SearchPlayer(
                    nodes=args.nodes, rng=seed, endgame=args.endgame, rollouts=args.rollouts
                )
                state = start
                while (current := state.current) is not None:
                    state = ft.apply(state, players[current](ft.observe(state, current)))
                scores.append(returns(state)[seat])
            line = {"seed": seed, "scores": scores, "cpu": time.process_time() - began}
            journal.write(json.dumps(line) + "\n")
            journal.flush()
            print(f"\r  {number + 1}/{args.positions} positions", end="", file=sys.stderr)
    print(file=sys.stderr)
    with open(args.journal, encoding="utf-8") as journal:
        mine = {row["seed"]: row for row in map(json.loads, journal)}
    print(
        f"duel, {len(mine)} positions at {args.tricks} tricks left: SearchPlayer(nodes="
        f"{args.nodes}, endgame={args.endgame}, rollouts={args.rollouts}) vs 3 x "
        f"MonteCarloPlayer(20, 2), mean score a seat "
        f"{statistics.fmean(sum(r['scores']) / 4 for r in mine.values()):+.2f}, "
        f"CPU {statistics.fmean(r['cpu'] for r in mine.values()):.2f} s a position"
    )
    if args.against is None:
        return
    with open(args.against, encoding="utf-8") as other_journal:
        other = {row["seed"]: row for row in map(json.loads, other_journal)}
    common = sorted(set(mine) & set(other))
    if len(common) < 2:
        raise SystemExit(f"{args.against} shares fewer than two positions with the journal")
    gains = [(sum(mine[s]["scores"]) - sum(other[s]["scores"])) / 4 for s in common]
    mean = statistics.fmean(gains)
    half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains))
    alike = sum(gain == 0 for gain in gains)
    print(
        f"minus {args.against}: {mean:+.2f} a seat, 95% interval "
        f"[{mean - half:+.2f}, {mean + half:+.2f}], {len(common)} positions, {alike} alike"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=0.25)
    parser.add_argument("--nodes", type=int, help="the searcher's node budget, not the clock")
    parser.add_argument("--endgame", type=int, default=5, help="the searcher's endgame")
    parser.add_argument("--rollouts", type=int, default=ROLLOUTS, help="the searcher's rollouts")
    parser.add_argument(
        "--cards-only",
        action="store_true",
        help="the searcher's decisions but the card play are the simple player's",
    )
    parser.add_argument("--only", choices=["times", "arena", "duel", "playouts", "worlds"])
    parser.add_argument("--tricks", type=int, default=8, help="the duel's tricks left")
    parser.add_argument("--positions", type=int, default=200, help="the duel's positions")
    parser.add_argument("--against", help="the duel journal of another variant, to pair with")
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
    if args.only == "duel":
        duel(args)
    if args.only == "playouts":
        playouts()
    if args.only == "worlds":
        worlds()


if __name__ == "__main__":
    main()
