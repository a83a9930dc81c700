"""Tune the simple player's hand evaluation and bidding thresholds by simulation (issue #28).

Usage (from the repository root, with frenchtarot and numpy importable)::

    python benchmarks/tune_simple.py --seats 4 --deals 6000 --workers 2

For each deal (seeds ``0..deals-1``, the FFT table of that size), the first seat to speak
takes at each contract the table offers in turn, every other seat passing, and the deal is
played out by :class:`~frenchtarot.players.SimplePlayer` at every seat (the call, the écart,
the handfuls and the card play included). A sample is the taker's hand features
(:func:`frenchtarot.players._hand.features`), its margin at a Garde (card points above the
target), its score at each contract, and its score when it passes instead. The even seeds
train, the odd ones check.

1. The weights: a least-squares fit of the margin on the features (training deals), so
   that a hand's value is the margin it can expect.
2. The thresholds: the ones that maximise the taker's total utility over the training
   deals when it bids the highest contract whose threshold its value reaches, by a
   coordinate search over integer thresholds kept in increasing order. A hand below every
   threshold passes and scores what the first speaker scored in the same deal when it
   passed and the other seats bid and played as the player does (0 when they all passed
   too; less when another seat took and made its contract): passing is not free when
   the others may take. Those bids follow the tables in ``_hand.py`` at the time of the
   run, so a run after a change of the tables refines them.

   The utility of a score ``x`` is ``R * (1 - exp(-x / R))`` with a risk tolerance ``R``
   (``--risk``, in points; 0 for the plain score). A player who maximises its mean score
   never bids a Petite: a Garde takes the same dog and the same play at twice the stake,
   so whenever a Petite pays on average a Garde pays double. People bid Petites all the
   same, on the hands they are unsure of: the same odds at half the stake. A moderate
   risk tolerance gives the player that caution, and the Petite its band of hands.

It prints the weights and thresholds, ready for ``WEIGHTS`` and ``BID_THRESHOLDS`` in
``src/frenchtarot/players/_hand.py``, the taker's mean score on the training and the checking
deals, the share of first speakers who pass, and the mean scores by value band. The play does
not depend on the bidding, so one set of simulations serves every candidate. Nothing here is
a test.
"""

from __future__ import annotations

import argparse
import math
import pickle
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import frenchtarot as ft
from frenchtarot._core import masks
from frenchtarot.players import SimplePlayer
from frenchtarot.players._hand import FEATURES, features
from frenchtarot.rules import RULES_BY_SEATS

Sample = tuple[tuple[int, ...], float, dict[ft.Contract | None, int]]

RISK = 600.0
"""The risk tolerance the thresholds in ``_hand.py`` were tuned with, in points."""


def sample(seats: int, seed: int) -> Sample | None:
    """The first speaker's features, margin at a Garde and score at each contract, and
    (under ``None``) its score when it passes and the others bid and play as the player.

    ``None`` for a deal annulled before the bidding (a petit sec).
    """
    rules = RULES_BY_SEATS[seats]
    start = ft.new_deal(seed=seed, rules=rules)
    taker = start.current
    if taker is None or start.phase is not ft.Phase.BIDDING:
        return None
    player = SimplePlayer()
    scores: dict[ft.Contract | None, int] = {}
    margin = 0.0
    passed = ft.rollout(ft.apply(start, ft.Pass()), players=player)
    scores[None] = int(ft.score(passed).deltas[taker])
    for contract in rules.offered:
        state = ft.apply(start, ft.Bid(contract))
        while state.phase is ft.Phase.BIDDING:
            state = ft.apply(state, ft.Pass())
        result = ft.score(ft.rollout(state, players=player))
        scores[contract] = int(result.deltas[taker])
        if contract is ft.Contract.GARDE:
            margin = result.taker_points - result.target
    return features(masks.mask_of(start.hand(taker)), seats), margin, scores


def chunk(seats: int, seeds: range) -> list[tuple[int, Sample]]:
    return [(seed, found) for seed in seeds if (found := sample(seats, seed)) is not None]


def values(samples: list[Sample], weights: np.ndarray) -> list[int]:
    return [round(float(np.dot(weights, f))) for f, _, _ in samples]


def utility(score: float, risk: float) -> float:
    """What a score is worth to a player of risk tolerance ``risk`` (0: the score itself)."""
    return score if risk <= 0 else risk * (1 - math.exp(-score / risk))


def total(
    samples: list[Sample],
    valued: list[int],
    thresholds: dict[ft.Contract, int],
    risk: float = 0,
) -> float:
    """The taker's total utility (its total score when ``risk`` is 0) bidding by
    ``thresholds``."""
    ordered = sorted(thresholds.items(), key=lambda item: -item[0].value)
    result = 0.0
    for (_, _, scores), value in zip(samples, valued, strict=True):
        chosen = next((c for c, threshold in ordered if value >= threshold), None)
        result += utility(scores[chosen], risk)
    return result


def tune(
    samples: list[Sample], valued: list[int], contracts: tuple[ft.Contract, ...], risk: float
) -> dict[ft.Contract, int]:
    """Coordinate search for the thresholds with the best total utility, in increasing
    order."""
    low, high = min(valued), max(valued) + 1
    thresholds = {contract: high for contract in contracts}
    best = total(samples, valued, thresholds, risk)
    for _round in range(8):
        changed = False
        for number, contract in enumerate(contracts):
            floor = thresholds[contracts[number - 1]] if number else low
            ceiling = thresholds[contracts[number + 1]] if number + 1 < len(contracts) else high
            for candidate in range(floor, ceiling + 1):
                trial = {**thresholds, contract: candidate}
                score = total(samples, valued, trial, risk)
                if score > best:
                    best, thresholds, changed = score, trial, True
        if not changed:
            break
    return thresholds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=4, choices=[3, 4, 5])
    parser.add_argument("--deals", type=int, default=6000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--risk", type=float, default=RISK, help="risk tolerance, points")
    parser.add_argument("--save", help="write the simulated samples to this file (pickle)")
    parser.add_argument("--load", help="read the samples from this file, simulate nothing")
    args = parser.parse_args()
    start = time.perf_counter()
    found: list[tuple[int, Sample]] = []
    if args.load:
        with open(args.load, "rb") as file:
            found = pickle.load(file)
    else:
        step = 50
        parts = [range(n, min(n + step, args.deals)) for n in range(0, args.deals, step)]
        with ProcessPoolExecutor(max_workers=args.workers) as executor:
            for done, part in enumerate(executor.map(chunk, [args.seats] * len(parts), parts)):
                found.extend(part)
                print(f"\r  {done + 1}/{len(parts)} chunks", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
    if args.save:
        with open(args.save, "wb") as file:
            pickle.dump(found, file)
    train = [s for seed, s in found if seed % 2 == 0]
    check = [s for seed, s in found if seed % 2 == 1]
    contracts = RULES_BY_SEATS[args.seats].offered
    print(
        f"{args.seats} players, {len(found)} deals ({len(train)} to train, {len(check)} to "
        f"check), {time.perf_counter() - start:.0f} s of simulation"
    )
    x = np.array([f for f, _, _ in train], dtype=float)
    y = np.array([m for _, m, _ in train])
    weights, *_ = np.linalg.lstsq(x, y, rcond=None)
    weights = np.round(weights, 1)
    print("weights:", ", ".join(f"{n} {w:+.1f}" for n, w in zip(FEATURES, weights, strict=True)))
    print(f"    ({', '.join(f'{w:.1f}' for w in weights)})")
    valued = values(train, weights)
    thresholds = tune(train, valued, contracts, args.risk)
    neutral = tune(train, valued, contracts, 0)
    for title, found_thresholds in ((f"risk {args.risk:g}", thresholds), ("risk 0", neutral)):
        listed = ", ".join(f"{c.name} {t}" for c, t in found_thresholds.items())
        print(f"thresholds ({title}): {listed}")
        for name, part in (("train", train), ("check", check)):
            scored = values(part, weights)
            mean = total(part, scored, found_thresholds) / len(part)
            passing = sum(v < found_thresholds[contracts[0]] for v in scored) / len(part)
            print(
                f"  {name}: taker's mean score {mean:+.1f} a deal, "
                f"first speaker passes {passing:.0%}"
            )
    bands: dict[int, list[Sample]] = defaultdict(list)
    for s, v in zip(check, values(check, weights), strict=True):
        bands[v // 5 * 5].append(s)
    print("checking deals by value band: deals, mean margin at a Garde, mean score by bid")
    names = ("PASS", *(c.name for c in contracts))
    print("value  deals  margin  " + "  ".join(f"{name:>12}" for name in names))
    for band in sorted(bands):
        rows = bands[band]
        margin = sum(m for _, m, _ in rows) / len(rows)
        means = [sum(s[c] for _, _, s in rows) / len(rows) for c in (None, *contracts)]
        print(
            f"{band:>5}  {len(rows):>5}  {margin:>6.1f}  "
            + "  ".join(f"{m:>12.1f}" for m in means)
        )


if __name__ == "__main__":
    main()
