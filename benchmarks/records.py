"""How fast records are written and read back, and how big a finished four-player deal is.

Usage (from any directory, with frenchtarot installed)::

    python benchmarks/records.py           # a few seconds
    python benchmarks/records.py --deals 5000

Finished four-player deals are played by ``rollout`` from seeds ``0..N-1`` first (not timed).
Then, each the best of three runs of CPU time (``time.process_time``):

* written: ``records.dump_many`` of every deal to an in-memory text stream;
* read back: ``records.iter_load`` of that stream, every deal checked and replayed;

and the size in bytes of the compact record of each deal (UTF-8; the text is ASCII).
Nothing here is a test: no number is asserted.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time
from collections.abc import Callable

import frenchtarot as ft
from frenchtarot import records


def best_of(repeats: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(repeats):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals (default 2000)")
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


if __name__ == "__main__":
    main()
