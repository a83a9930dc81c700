"""How fast records are written and read back, and how big a finished four-player deal is.

Usage (from any directory, with frenchtarot installed)::

    python benchmarks/records.py           # about half a minute
    python benchmarks/records.py --deals 5000 --match-deals 20000

Finished four-player deals are played by ``rollout`` from seeds ``0..N-1`` first (not timed).
Then, each the best of three runs of CPU time (``time.process_time``):

* written: ``records.dump_many`` of every deal to an in-memory text stream;
* read back: ``records.iter_load`` of that stream, every deal checked and replayed;

and the size in bytes of the compact record of each deal (UTF-8; the text is ASCII).

Then a long match: a four-player open-ended ``new_match`` of ``M`` deals (10,000 by
default), built (not timed) with ``Match.apply``, every deal passed out by everyone except
one in 50, played out by ``rollout`` and handed to ``Match.update``. Kept at deal 10,
``M / 10`` and ``M``, each the best of several runs of CPU time:

* act: ``Match.act`` of the first pass of the deal in progress, microseconds a call (the
  same match each call: it is a value), and of the last pass, which ends the deal and
  deals the next one;
* dumps and loads: ``records.dumps`` and ``records.loads`` of the whole match record, every
  deal's hands checked against the match's seed and every action replayed, in
  milliseconds and per deal.

A match that looks back over its earlier deals shows it here: act growing from deal 10 to
deal ``M``, loads per deal growing from ``M / 10`` to ``M`` deals.

Then the view records (the JSON a server sends each seat): for every state of ``N / 20``
random deals of each table size, ``observe``, ``records.dumps`` of the observation and
``records.load_observation`` of its text, microseconds a call, and the median size.
Nothing here is a test: no number is asserted.
"""

from __future__ import annotations

import argparse
import functools
import io
import random
import statistics
import time
from collections.abc import Callable

import frenchtarot as ft
from frenchtarot import records
from frenchtarot.match import Match, new_match


def best_of(repeats: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(repeats):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def long_match(lengths: list[int]) -> list[Match]:
    """An open-ended four-player match once it has ``lengths`` finished deals (or one more).

    Everyone passes every deal but one in 50, played out by ``rollout``. A petit sec is
    dealt and finished at once, so a length may be passed by one.
    """
    match = new_match(4, deals=None, seed=1, dealer=0)
    kept = []
    for length in sorted(lengths):
        while len(match.deals) < length:
            assert match.current is not None
            if len(match.deals) % 50 == 49:
                state = ft.rollout(match.current, random.Random(len(match.deals)))
                match = match.update(state)
            else:
                match = match.apply(ft.Pass())
        kept.append(match)
    return kept


def act_cost(match: Match, passes: int) -> float:
    """Microseconds per ``Match.act`` of a pass once ``passes`` players have passed."""
    for _ in range(passes):
        match = match.apply(ft.Pass())
    state = match.current
    assert state is not None and state.current is not None
    player = match.players_of(len(match.deals))[state.current]
    calls = 2000

    def run() -> None:
        for _ in range(calls):
            match.act(ft.Pass(), player)

    return best_of(5, run) / calls * 1e6


def match_rows(length: int) -> None:
    """The long match's rows: act at deal 10 and ``length``, dumps and loads of the record."""
    early, tenth, whole = long_match([10, length // 10, length])
    print(f"a four-player match of {length:,} deals (everyone passing but one deal in 50):")
    for match in (early, whole):
        first, last = act_cost(match, 0), act_cost(match, 3)
        print(
            f"act at deal {len(match.deals):>6,}: {first:6.1f} us a pass, "
            f"{last:6.1f} us the last pass (dealing the next deal)"
        )
    for match in (tenth, whole):
        number = len(match.deals)
        text = records.dumps(match)
        assert records.loads(text) == match
        dumped = best_of(3, functools.partial(records.dumps, match))
        loaded = best_of(3, functools.partial(records.loads, text))
        print(
            f"{number:>6,} deals ({len(text) / 1e6:.1f} MB): "
            f"dumps {dumped * 1e3:7.1f} ms ({dumped / number * 1e6:5.1f} us a deal), "
            f"loads {loaded * 1e3:7.1f} ms ({loaded / number * 1e6:5.1f} us a deal)"
        )


def view_rows(deals: int) -> None:
    """The cost of a view record at each table size: what a server pays for each seat after
    each action. Every state of ``deals`` random deals, observed by the seat to act (or
    seat 0 once the deal is over)."""
    for rules in ft.RULES_BY_SEATS.values():
        view_row(rules, deals)


def view_row(rules: ft.Rules, deals: int) -> None:
    states = []
    for seed in range(deals):
        state = ft.new_deal(seed=seed, rules=rules)
        rng = random.Random(seed)
        states.append(state)
        while not state.is_terminal:
            state = ft.apply(state, rng.choice(ft.legal_actions(state)))
            states.append(state)
    views = [ft.observe(state, state.current or 0) for state in states]
    texts = [records.dumps(view) for view in views]
    observed = best_of(3, lambda: [ft.observe(s, s.current or 0) for s in states])
    dumped = best_of(3, lambda: [records.dumps(view) for view in views])
    loaded = best_of(3, lambda: [records.load_observation(text) for text in texts])
    count = len(views)
    print(
        f"{rules.name:>12} views: observe {observed / count * 1e6:5.1f} us, "
        f"dumps {dumped / count * 1e6:5.1f} us ({count / dumped:,.0f}/s), "
        f"load_observation {loaded / count * 1e6:6.1f} us; "
        f"median {statistics.median(len(text) for text in texts):,.0f} bytes"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals (default 2000)")
    parser.add_argument(
        "--match-deals", type=int, default=10_000, help="deals of the long match (10000)"
    )
    args = parser.parse_args()
    deals = []
    for seed in range(args.deals):
        state = ft.rollout(ft.new_deal(seed=seed), random.Random(seed))
        if state.phase is ft.Phase.DONE:
            deals.append(state)
    stream = io.StringIO()
    records.dump_many(deals, stream)
    text = stream.getvalue()

    written = best_of(3, lambda: records.dump_many(deals, io.StringIO()))
    read = best_of(3, lambda: sum(1 for _ in records.iter_load(io.StringIO(text))))
    assert list(records.iter_load(io.StringIO(text))) == deals
    sizes = [len(records.dumps(deal).encode()) for deal in deals]
    print(f"frenchtarot {ft.__version__}, compiled: {ft.compiled}")
    print(f"{len(deals)} finished four-player deals (annulled ones left out)")
    print(f"written:   {len(deals) / written:>9,.0f} records/s")
    print(f"read back: {len(deals) / read:>9,.0f} records/s (checked and replayed)")
    print(
        f"size of a finished four-player deal: median {statistics.median(sizes):,.0f} bytes "
        f"(min {min(sizes):,}, max {max(sizes):,}); JSON Lines: {len(text):,} bytes in all"
    )
    view_rows(max(1, args.deals // 20))
    match_rows(args.match_deals)


if __name__ == "__main__":
    main()
