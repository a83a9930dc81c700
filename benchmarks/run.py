"""Speed and memory of frenchtarot, beside OpenSpiel's tarok and magmacrunch-tarot.

Usage (from the repository root, with frenchtarot installed)::

    python benchmarks/run.py            # about a minute
    python benchmarks/run.py --quick    # a few seconds, rougher numbers
    python benchmarks/run.py --profile  # also the cProfile hotspots of the public-API loop

Every timing is the CPU time of this process (``time.process_time``, so that other work on
a shared machine does not count; the code is single-threaded, so on an idle machine it is
the wall-clock time), the best of several repeats, with the garbage collector left on as in
real use. The peers are measured in the same run when
they are installed (``pip install -r benchmarks/requirements.txt``); otherwise their rows
say so. Nothing here is a test: no number is asserted.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import importlib
import importlib.metadata
import platform
import pstats
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from types import ModuleType
from typing import Any

import frenchtarot as ft

try:
    rollout = ft.rollout  # type: ignore[attr-defined]
except AttributeError:  # not exported yet
    from frenchtarot._rollout import rollout

MEMORY_GOAL_KB = 200


# --- small tools ---------------------------------------------------------------------------


def best_time(run: Callable[[], object], repeats: int) -> float:
    """The shortest CPU time of ``repeats`` calls of ``run``, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def optional_module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def version_of(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "?"


class Table:
    """Rows of ``measure | value | unit | note``, printed aligned."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, str, str, str]] = []

    def add(self, measure: str, value: float | str, unit: str = "", note: str = "") -> None:
        if isinstance(value, float):
            text = f"{value:,.1f}" if value < 100 else f"{value:,.0f}"
        else:
            text = value
        self.rows.append((measure, text, unit, note))

    def print(self) -> None:
        header = ("measure", "value", "unit", "note")
        first, value, unit = (max(len(row[i]) for row in [header, *self.rows]) for i in range(3))
        rule = ("-" * first, "-" * value, "-" * unit, "-" * 4)
        for measure, number, units, note in [header, rule, *self.rows]:
            print(f"{measure:<{first}}  {number:>{value}}  {units:<{unit}}  {note}".rstrip())


# --- frenchtarot ---------------------------------------------------------------------------


def public_api_deals(seeds: range) -> tuple[int, int, int]:
    """Random deals through the public API: (played out, annulled, actions applied)."""
    done = annulled = actions = 0
    for seed in seeds:
        state = ft.new_deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            state = ft.apply(state, rng.choice(ft.legal_actions(state)))
            actions += 1
        ft.score(state)
        if state.phase is ft.Phase.DONE:
            done += 1
        else:
            annulled += 1
    return done, annulled, actions


def rollout_deals(seeds: range) -> tuple[int, int, int]:
    """The same deals, played by :func:`rollout`: (played out, annulled, actions)."""
    done = annulled = actions = 0
    for seed in seeds:
        state = rollout(ft.new_deal(seed=seed), random.Random(seed))
        ft.score(state)
        actions += len(state.history)
        if state.phase is ft.Phase.DONE:
            done += 1
        else:
            annulled += 1
    return done, annulled, actions


def one_deal(seed: int) -> list[ft.State]:
    """Every state of one random deal, in order."""
    state = ft.new_deal(seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_terminal:
        state = ft.apply(state, rng.choice(ft.legal_actions(state)))
        states.append(state)
    return states


def per_call(table: Table, deals: int, repeats: int) -> None:
    """Microseconds per call of the main functions, on every state of some deals."""
    states: list[ft.State] = []
    for seed in range(deals):
        states.extend(one_deal(seed))
    live = [state for state in states if not state.is_terminal]
    rng = random.Random(0)
    moves = [(state, rng.choice(ft.legal_actions(state))) for state in live]
    ends = [state for state in states if state.phase is ft.Phase.DONE]
    note = f"{len(live):,} states of {deals} deals"

    legal_actions = ft.legal_actions
    seconds = best_time(lambda: [legal_actions(state) for state in live], repeats)
    table.add("legal_actions", 1e6 * seconds / len(live), "µs/call", note)

    apply = ft.apply
    seconds = best_time(lambda: [apply(state, action) for state, action in moves], repeats)
    table.add("apply", 1e6 * seconds / len(moves), "µs/call", note)

    observation = optional_module("frenchtarot.observation")
    if observation is None or not hasattr(observation, "observe"):
        table.add("observe", "-", "µs/call", "frenchtarot.observation is not available")
    else:
        observe = observation.observe
        seats = [(state, i % 4) for i, state in enumerate(states)]
        try:
            seconds = best_time(lambda: [observe(state, seat) for state, seat in seats], repeats)
        except Exception as error:  # another engineer's module, maybe half-written
            table.add("observe", "-", "µs/call", f"failed: {error!r}")
        else:
            table.add("observe", 1e6 * seconds / len(seats), "µs/call", f"{len(seats):,} states")

    score = ft.score
    seconds = best_time(lambda: [score(state) for state in ends], repeats * 10)
    table.add("score", 1e6 * seconds / len(ends), "µs/call", f"{len(ends)} finished deals")


def memory_of_a_deal(table: Table, seeds: range) -> None:
    """The memory held by all the states of one deal (tracemalloc), over some deals."""
    sizes: list[int] = []
    peaks: list[int] = []
    counts: list[int] = []
    one_deal(0)  # warm up: anything created once per process is not a deal's memory
    for seed in seeds:
        gc.collect()
        tracemalloc.start()
        base, _ = tracemalloc.get_traced_memory()
        states = one_deal(seed)
        kept, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        if states[-1].phase is ft.Phase.DONE:
            sizes.append(kept - base)
            peaks.append(peak - base)
            counts.append(len(states))
        del states
    worst = max(sizes)
    verdict = "within" if worst / 1024 < MEMORY_GOAL_KB else "OVER"
    table.add(
        "memory, all states of a deal",
        worst / 1024,
        "KB",
        f"largest of {len(sizes)} deals (mean {sum(sizes) / len(sizes) / 1024:.0f} KB, "
        f"{sum(counts) // len(counts)} states); goal < {MEMORY_GOAL_KB} KB: {verdict}",
    )
    table.add("memory, peak while playing", max(peaks) / 1024, "KB", "tracemalloc peak")
    table.add("memory per state", sum(sizes) / sum(counts), "bytes", "retained, on average")


# --- peers ---------------------------------------------------------------------------------


def openspiel_games(pyspiel: Any, seeds: range, *, full: bool) -> tuple[int, int]:
    """Random games of OpenSpiel's tarok (4 players): (games, actions, chance included).

    Uniformly random bidding mostly ends in Beggar or Valat contracts, which stop after a
    trick or two; with ``full``, the bids are drawn among Pass to Solo one only, so that
    every trick is played, as in a French Tarot deal.
    """
    game = pyspiel.load_game("tarok", {"players": 4})
    bidding = pyspiel.TarokGamePhase.BIDDING
    games = actions = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = rng.choice(state.chance_outcomes())[0]
            else:
                legal = state.legal_actions()
                if full and state.current_game_phase() == bidding:
                    legal = [bid for bid in legal if bid <= 7]  # up to "Solo one"
                action = rng.choice(legal)
            state.apply_action(action)
            actions += 1
        state.returns()
        games += 1
    return games, actions


def magmacrunch_deals(rules: Any, seeds: range) -> tuple[int, int, int]:
    """Random deals of magmacrunch-tarot's ``Game``: (played out, redealt, actions)."""
    done = redealt = actions = 0
    for seed in seeds:
        rng = random.Random(seed)
        game = rules.Game(rand=rng.random)
        game.deal()
        if game.petit_sec >= 0:
            redealt += 1
            continue
        while game.phase == rules.BIDDING:
            result = game.bid(game.current_bidder, rng.choice(game.bids_open()))
            actions += 1
            if isinstance(result, dict) and result.get("event") == "redeal":
                break
        if game.phase == rules.BIDDING:
            redealt += 1
            continue
        if game.phase == rules.DOG_EXCHANGE:
            hand = game.hands[game.taker]
            plain = [c for c in hand if c.type == rules.SUITED and c.rank != "R"]
            if len(plain) >= 6:
                ecart = rng.sample(plain, 6)
            else:
                trumps = [c for c in hand if c.type == rules.TRUMP and not c.is_oudler]
                ecart = plain + rng.sample(trumps, 6 - len(plain))
            game.discard([c.id for c in ecart])
            actions += 6
        if game.poignee_offer:
            game.declare_poignee(rng.random() < 0.5)
            actions += 1
        while game.phase == rules.TRICK_PLAY:
            seat = game.current
            game.play(seat, rng.choice(rules.legal_plays(game.hands[seat], game.trick)))
            actions += 1
        done += 1
    return done, redealt, actions


# --- the run -------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer deals, fewer repeats")
    parser.add_argument("--profile", action="store_true", help="cProfile the public-API loop")
    args = parser.parse_args(argv)
    deals, repeats = (300, 2) if args.quick else (2000, 5)
    seeds = range(deals)

    print(
        f"frenchtarot {ft.__version__}, Python {platform.python_version()} "
        f"({platform.python_implementation()}), {platform.machine()}, "
        f"{'quick' if args.quick else 'full'} run: {deals} seeds, best of {repeats}"
    )
    table = Table()

    done, annulled, actions = public_api_deals(seeds)
    seconds = best_time(lambda: public_api_deals(seeds), repeats)
    public_rate = done / seconds
    table.add(
        "public API: random deals",
        public_rate,
        "deals/s",
        f"new_deal, legal_actions, choice, apply, score; {annulled} of {deals} annulled "
        f"(run, not counted); {actions / deals:.1f} actions/deal",
    )
    table.add("public API: actions", actions / seconds, "actions/s")

    rolled = rollout_deals(seeds)
    assert rolled == (done, annulled, actions), "rollout and the public API disagree"
    seconds = best_time(lambda: rollout_deals(seeds), repeats)
    rollout_rate = done / seconds
    table.add(
        "rollout: random deals",
        rollout_rate,
        "deals/s",
        "new_deal, rollout, score: the same deals as above",
    )
    table.add("rollout: actions", actions / seconds, "actions/s")
    start = [ft.new_deal(seed=seed) for seed in seeds]
    seconds = best_time(
        lambda: [rollout(state, random.Random(i)) for i, state in enumerate(start)], repeats
    )
    table.add("rollout alone", 1e6 * seconds / deals, "µs/deal", "from the dealt state")
    seconds = best_time(lambda: [ft.new_deal(seed=seed) for seed in seeds], repeats)
    table.add("new_deal", 1e6 * seconds / deals, "µs/call")

    per_call(table, deals=10 if args.quick else 30, repeats=repeats)
    memory_of_a_deal(table, range(5 if args.quick else 20))

    ratios = [("rollout / public API (deals/s)", rollout_rate / public_rate)]

    pyspiel = optional_module("pyspiel")
    if pyspiel is None:
        table.add("OpenSpiel tarok", "-", "", "not installed (pip install open-spiel)")
    else:
        version = version_of("open-spiel")
        for full, label in ((False, "uniform bids"), (True, "every trick played")):
            games, moves = openspiel_games(pyspiel, seeds, full=full)
            seconds = best_time(partial(openspiel_games, pyspiel, seeds, full=full), repeats)
            rate = games / seconds
            table.add(
                f"OpenSpiel tarok, {label}",
                rate,
                "games/s",
                f"open-spiel {version}, 4 players; {moves / games:.1f} actions/game "
                f"({moves / seconds:,.0f} actions/s)",
            )
            ratios.append((f"public API / OpenSpiel tarok, {label}", public_rate / rate))
            ratios.append((f"rollout / OpenSpiel tarok, {label}", rollout_rate / rate))

    magma = optional_module("tarot.rules")
    if magma is None or not hasattr(magma, "legal_plays"):
        table.add("magmacrunch-tarot", "-", "", "not installed (pip install magmacrunch-tarot)")
    else:
        played, redealt, moves = magmacrunch_deals(magma, seeds)
        seconds = best_time(lambda: magmacrunch_deals(magma, seeds), repeats)
        rate = played / seconds
        table.add(
            "magmacrunch-tarot: random deals",
            rate,
            "deals/s",
            f"magmacrunch-tarot {version_of('magmacrunch-tarot')}; {redealt} redealt; "
            f"{moves / played:.1f} actions/deal",
        )
        ratios.append(("public API / magmacrunch-tarot", public_rate / rate))
        ratios.append(("rollout / magmacrunch-tarot", rollout_rate / rate))

    for name, ratio in ratios:
        table.add(name, f"{ratio:.2f}x")
    table.print()

    if args.profile:
        print("\ncProfile of the public-API loop, by own time:")
        profiler = cProfile.Profile()
        profiler.runcall(public_api_deals, range(min(deals, 500)))
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
