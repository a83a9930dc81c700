"""Tune the simple player's bidding thresholds by simulation (issue #28).

Usage (from the repository root, with frenchtarot importable)::

    python benchmarks/tune_simple.py --seats 4 --deals 2000 --workers 2

For each deal (seeds ``0..deals-1``, the FFT table of the size), the first seat to speak
takes at each contract the table offers in turn, every other seat passing, and the deal is
played out by :class:`~frenchtarot.players.SimplePlayer` at every seat (the call, the écart,
the handfuls and the card play included). Each sample is the hand's value
(:func:`frenchtarot.players._hand.hand_value`) and the taker's score at each contract.

The thresholds are then the ones that maximise the taker's total score over the samples
when the taker bids the highest contract whose threshold its hand reaches (a hand below
every threshold passes and scores 0): a coordinate search over the integer thresholds,
kept in increasing order. Passing is counted as 0 although another seat might take, so the
thresholds are those of a first speaker. The script prints the mean score by value band and
contract, then the thresholds found, ready for ``BID_THRESHOLDS`` in
``src/frenchtarot/players/_hand.py``. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

import frenchtarot as ft
from frenchtarot._core import masks
from frenchtarot.players import SimplePlayer
from frenchtarot.players._hand import hand_value
from frenchtarot.rules import RULES_BY_SEATS

Sample = tuple[int, dict[ft.Contract, int]]


def sample(seats: int, seed: int) -> Sample | None:
    """The first speaker's hand value and its score at each contract, for deal ``seed``.

    ``None`` for a deal annulled before the bidding (a petit sec).
    """
    rules = RULES_BY_SEATS[seats]
    start = ft.new_deal(seed=seed, rules=rules)
    taker = start.current
    if taker is None or start.phase is not ft.Phase.BIDDING:
        return None
    value = hand_value(masks.mask_of(start.hand(taker)), seats)
    player = SimplePlayer()
    scores: dict[ft.Contract, int] = {}
    for contract in rules.offered:
        state = ft.apply(start, ft.Bid(contract))
        while state.phase is ft.Phase.BIDDING:
            state = ft.apply(state, ft.Pass())
        final = ft.rollout(state, players=player)
        scores[contract] = int(ft.score(final).deltas[taker])
    return value, scores


def chunk(seats: int, seeds: range) -> list[Sample]:
    return [found for seed in seeds if (found := sample(seats, seed)) is not None]


def total(samples: list[Sample], thresholds: dict[ft.Contract, int]) -> int:
    """The taker's total score when it bids by ``thresholds``."""
    ordered = sorted(thresholds.items(), key=lambda item: -item[0].value)
    result = 0
    for value, scores in samples:
        for contract, threshold in ordered:
            if value >= threshold:
                result += scores[contract]
                break
    return result


def tune(samples: list[Sample], contracts: tuple[ft.Contract, ...]) -> dict[ft.Contract, int]:
    """Coordinate search for the thresholds with the best total, in increasing order."""
    values = sorted({value for value, _ in samples})
    low, high = values[0], values[-1] + 1
    thresholds = {contract: high for contract in contracts}
    best = total(samples, thresholds)
    for _round in range(6):
        changed = False
        for number, contract in enumerate(contracts):
            floor = thresholds[contracts[number - 1]] if number else low
            ceiling = thresholds[contracts[number + 1]] if number + 1 < len(contracts) else high
            for candidate in range(floor, ceiling + 1):
                trial = {**thresholds, contract: candidate}
                score = total(samples, trial)
                if score > best:
                    best, thresholds, changed = score, trial, True
        if not changed:
            break
    return thresholds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=4, choices=[3, 4, 5])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    start = time.perf_counter()
    step = 50
    parts = [range(n, min(n + step, args.deals)) for n in range(0, args.deals, step)]
    samples: list[Sample] = []
    with ProcessPoolExecutor(max_workers=args.workers) as executor:
        for done, part in enumerate(executor.map(chunk, [args.seats] * len(parts), parts)):
            samples.extend(part)
            print(f"\r  {done + 1}/{len(parts)} chunks", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    contracts = RULES_BY_SEATS[args.seats].offered
    print(f"{args.seats} players, {len(samples)} deals, {time.perf_counter() - start:.0f} s")
    bands: dict[int, list[Sample]] = defaultdict(list)
    for value, scores in samples:
        bands[value // 5 * 5].append((value, scores))
    print("value  deals  " + "  ".join(f"{c.name:>12}" for c in contracts))
    for band in sorted(bands):
        rows = bands[band]
        means = [sum(s[c] for _, s in rows) / len(rows) for c in contracts]
        print(f"{band:>5}  {len(rows):>5}  " + "  ".join(f"{m:>12.1f}" for m in means))
    found = tune(samples, contracts)
    mean = total(samples, found) / len(samples)
    passing = sum(value < found[contracts[0]] for value, _ in samples) / len(samples)
    print(f"thresholds: {', '.join(f'{c.name} {t}' for c, t in found.items())}")
    print(f"taker's mean score {mean:.1f} a deal; the first speaker passes {passing:.0%}")


if __name__ == "__main__":
    main()
