"""How strong the built-in players are, measured with the duplicate arena; how fast sampling is.

Usage (from any directory, with frenchtarot installed)::

    python benchmarks/strength.py                       # 1,000 deals each, 2 processes
    python benchmarks/strength.py --deals 200 --workers 4 --samples 12 --rollouts 1
    python benchmarks/strength.py --only sampling       # the sampling speed alone, seconds
    python benchmarks/strength.py --only simple-vs-old --deals 5000   # issue #28, minutes

Four measurements, in order:

* sampling: :func:`frenchtarot.sampling.sample_state` per second for the seat to play at the
  first, the middle and the third-last trick of four-player deals played by
  :class:`~frenchtarot.players.SimplePlayer` (seeds ``0..19``), the observation's one-off
  preparation excluded (it is reported apart, as its mean and largest time);
* simple vs random: ``duplicate([SimplePlayer(), RandomPlayer(1), RandomPlayer(2),
  RandomPlayer(3)])``;
* Monte Carlo vs simple: ``duplicate([MonteCarloPlayer(samples, rollouts, rng=1),
  SimplePlayer(), SimplePlayer(), SimplePlayer()])``.

* the simple player against the old one (issue #28): for ``OldSimplePlayer`` (today's
  class before the issue, ``benchmarks/old_simple.py``) and the new
  :class:`~frenchtarot.players.SimplePlayer`, each in self-play over four-player deals
  (seeds ``0..deals-1``): the share of deals where everyone passed, the share of Petites
  (the contract) and of all contracts lost by the taker, the share of Petits (the trump)
  that ended in the other camp's tricks, the Excuses lost in the last trick, and the
  player's decisions per second (the time inside the player only, pure Python unless the
  installed build is compiled); then ``duplicate([SimplePlayer(), OldSimplePlayer(),
  OldSimplePlayer(), OldSimplePlayer()])`` and ``duplicate([SimplePlayer(), SimplePlayer(),
  SimplePlayer(), OldSimplePlayer()])`` (player 0 minus player 3 for the second).

Each arena plays every deal once per seat rotation and prints each player's mean score per
deal with its 95% interval, then the paired difference between player 0 and player 1. The
issue's bar: both differences' intervals above zero. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from old_simple import OldSimplePlayer

import frenchtarot as ft
from frenchtarot.arena import DuplicateResult, duplicate
from frenchtarot.players import MonteCarloPlayer, Player, RandomPlayer, SimplePlayer
from frenchtarot.sampling import _sampler, sample_state


def sampling_speed() -> None:
    rng = random.Random(0)
    rates: dict[str, list[float]] = {"first": [], "middle": [], "third-last": []}
    prepare: dict[str, list[float]] = {name: [] for name in rates}
    for seed in range(20):
        state = ft.new_deal(seed=seed)
        player = SimplePlayer()
        path = [state]
        while state.current is not None:
            state = ft.apply(state, player(ft.observe(state, state.current)))
            path.append(state)
        plays = [s for s in path if s.phase is ft.Phase.PLAY and s.current is not None]
        if not plays:
            continue
        where = {"first": plays[0], "middle": plays[len(plays) // 2], "third-last": plays[-12]}
        for name, position in where.items():
            assert position.current is not None
            view = ft.observe(position, position.current)
            _sampler.cache_clear()
            start = time.perf_counter()
            sample_state(view, rng)
            prepare[name].append(time.perf_counter() - start)
            start = time.perf_counter()
            for _ in range(200):
                sample_state(view, rng)
            rates[name].append(200 / (time.perf_counter() - start))
    print(f"sampling (four players, compiled={ft.compiled})")
    for name in rates:
        print(
            f"  {name:>15} trick: {statistics.mean(rates[name]):7.0f} samples/s; preparation "
            f"{1000 * statistics.mean(prepare[name]):.1f} ms mean, "
            f"{1000 * max(prepare[name]):.1f} ms max"
        )


def self_play(player: Player, deals: int) -> None:
    """The self-play figures of ``player`` over four-player deals ``0..deals-1``."""
    spent = 0.0
    decisions = all_passed = petites = petites_lost = played = lost = petits = petits_lost = 0
    excuses_last = 0
    petit, excuse = ft.Card.parse("T1"), ft.Card.parse("EX")
    for seed in range(deals):
        state = ft.new_deal(seed=seed)
        while state.current is not None:
            view = ft.observe(state, state.current)
            start = time.perf_counter()
            action = player(view)
            spent += time.perf_counter() - start
            decisions += 1
            state = ft.apply(state, action)
        result = ft.score(state)
        if result.annulment is not None:
            all_passed += result.annulment.seat is None
            continue
        played += 1
        lost += not result.made
        if result.contract is ft.Contract.PETITE:
            petites += 1
            petites_lost += not result.made
        attack = {result.taker, result.partner} - {None}
        for trick in state.tricks:
            if petit in trick.cards:
                petits += 1
                petits_lost += (trick.seat_of(petit) in attack) != (trick.winner in attack)
        excuses_last += excuse in state.tricks[-1].cards and not state.slam
    print(
        f"  {player!r:>18}: all passed {all_passed / deals:6.1%}; contracts lost "
        f"{lost / max(played, 1):6.1%} of {played}; Petites lost "
        f"{petites_lost / max(petites, 1):6.1%} of {petites}; Petits lost "
        f"{petits_lost / max(petits, 1):6.1%}; Excuses in the last trick {excuses_last}; "
        f"{decisions / spent:,.0f} decisions/s"
    )


def arena(title: str, players: list[Player], deals: int, workers: int) -> DuplicateResult:
    start = time.perf_counter()

    def progress(done: int, total: int) -> None:
        if done % max(1, total // 20) == 0 or done == total:
            print(f"\r  {done}/{total} deals", end="", file=sys.stderr, flush=True)

    with ProcessPoolExecutor(max_workers=workers) as executor:
        result = duplicate(players, deals=deals, seed=1, executor=executor, progress=progress)
    print(file=sys.stderr)
    other = 1 if players[1] is not players[0] else len(players) - 1
    mean, low, high = result.difference(0, other)
    print(f"{title} ({time.perf_counter() - start:.0f} s, {workers} processes)")
    print(result)
    print(
        f"player 0 minus player {other}: {mean:.2f} per deal, 95% interval [{low:.2f}, {high:.2f}]"
    )
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--samples", type=int, default=12)
    parser.add_argument("--rollouts", type=int, default=1)
    parser.add_argument("--only", choices=["sampling", "simple", "montecarlo", "simple-vs-old"])
    args = parser.parse_args()
    if args.only in (None, "sampling"):
        sampling_speed()
    if args.only in (None, "simple"):
        field: list[Player] = [SimplePlayer(), RandomPlayer(1), RandomPlayer(2), RandomPlayer(3)]
        arena("SimplePlayer vs RandomPlayer", field, args.deals, args.workers)
    if args.only in (None, "montecarlo"):
        searcher = MonteCarloPlayer(args.samples, args.rollouts, rng=1)
        field = [searcher, SimplePlayer(), SimplePlayer(), SimplePlayer()]
        arena("MonteCarloPlayer vs SimplePlayer", field, args.deals, args.workers)
    if args.only in (None, "simple-vs-old"):
        print(f"self-play, four players, {args.deals} deals (compiled={ft.compiled})")
        old, new = OldSimplePlayer(), SimplePlayer()
        self_play(old, args.deals)
        self_play(new, args.deals)
        field = [new, old, old, old]
        arena("SimplePlayer vs 3 x OldSimplePlayer", field, args.deals, args.workers)
        field = [new, new, new, old]
        arena("3 x SimplePlayer vs OldSimplePlayer", field, args.deals, args.workers)


if __name__ == "__main__":
    main()
