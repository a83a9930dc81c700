"""Speed and memory of frenchtarot, pure and compiled, beside OpenSpiel tarok and magmacrunch.

Usage (from any directory)::

    python benchmarks/run.py            # two to three minutes
    python benchmarks/run.py --quick    # a few seconds, rougher numbers
    python benchmarks/run.py --profile  # also the cProfile hotspots of the pure path
    python benchmarks/run.py --source /tmp/clone/src  # the pure path from another tree

One run measures both paths of frenchtarot, each in a worker process of this script
(``--worker pure|compiled``, which prints its figures as JSON):

* ``pure``: the source tree beside this script (``src/``, or the one ``--source`` names),
  imported as Python; the worker refuses to measure it if any compiled extension got
  imported from it;
* ``compiled``: the frenchtarot installed in the running Python, built with the mypyc hook
  (``HATCH_BUILD_HOOK_ENABLE_MYPYC=1``); when that install is missing or pure Python, its
  column says so and the rest of the run goes on. When its Python files differ from the
  source tree's, the run warns that it measures other code.

The peers are measured by the parent process when they are installed
(``pip install -r benchmarks/requirements.txt``); otherwise their rows say so.

Every timing is CPU time of the measuring process (``time.process_time``, so that other
work on a shared machine does not count; the code is single-threaded, so on an idle machine
it is the wall-clock time), the best of several repeats, with the garbage collector left on
as in real use. The pure worker, the compiled worker and the peers are run in turn, in
several rounds (``--rounds``), and each figure is the best of all its rounds: on a loaded
machine, CPU time still grows when other work shares the caches and cores, and a round that
came at a bad moment for one side would skew its ratios. Nothing here is a test: no number
is asserted.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import importlib
import importlib.machinery
import importlib.metadata
import io
import json
import pkgutil
import platform
import pstats
import random
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from frenchtarot import State

REPO = Path(__file__).resolve().parent.parent
MEMORY_GOAL_KB = 200
PATHS = ("pure", "compiled")
BUILD_HINT = (
    "build with HATCH_BUILD_HOOK_ENABLE_MYPYC=1 python -m build --wheel from a clone outside "
    "the source tree, then pip install the wheel"
)


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


def number(value: float) -> str:
    """A figure with the precision it deserves: ``0.42``, ``12.3``, ``1,234``."""
    if value < 1:
        return f"{value:.2f}"
    return f"{value:,.1f}" if value < 100 else f"{value:,.0f}"


def print_table(header: Sequence[str], rows: Sequence[Sequence[str]], *, left: int = 1) -> None:
    """Rows of text, aligned: the first ``left`` columns and the last one to the left."""
    lines = [list(header), ["-" * len(cell) for cell in header], *map(list, rows)]
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    for line in lines:
        cells = [
            cell.ljust(width) if i < left or i == len(header) - 1 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(line, widths, strict=True))
        ]
        print("  ".join(cells).rstrip())


# --- frenchtarot (in a worker process) -----------------------------------------------------


class Unavailable(Exception):
    """The path asked for cannot be measured in this Python; the run goes on without it."""


def fail(message: str) -> NoReturn:
    """Stop a worker with a message for the person running the benchmark."""
    print(f"benchmarks/run.py: {message}", file=sys.stderr)
    raise SystemExit(2)


def is_compiled(ft: ModuleType) -> bool:
    """Whether this frenchtarot is compiled: ``frenchtarot.compiled``, else ``state.COMPILED``.

    Versions from before the compiled build have neither: they are pure Python.
    """
    flag = getattr(ft, "compiled", None)
    if flag is None or isinstance(flag, ModuleType):
        return bool(getattr(importlib.import_module("frenchtarot.state"), "COMPILED", False))
    return bool(flag() if callable(flag) else flag)


def extensions_loaded() -> list[str]:
    """The compiled modules of frenchtarot (and mypyc's shared library) imported so far."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = []
    for name, module in list(sys.modules.items()):
        where = str(getattr(module, "__file__", None) or "")
        ours = name == "frenchtarot" or name.startswith("frenchtarot.")
        if name.endswith("__mypyc") or (ours and where.endswith(suffixes)):
            found.append(f"{name} ({where})")
    return sorted(found)


def package_dir(ft: ModuleType) -> Path:
    """The directory frenchtarot was imported from."""
    return Path(str(ft.__file__)).resolve().parent


# The learning adapters import their extras (open-spiel, pettingzoo), which need not be here.
_OPTIONAL_MODULES = frozenset({"__main__", "openspiel", "pettingzoo"})


def import_all(ft: ModuleType) -> None:
    """Import every module of the package, so that the checks see any compiled one."""
    for module in pkgutil.iter_modules(ft.__path__):
        if module.name not in _OPTIONAL_MODULES:
            importlib.import_module(f"frenchtarot.{module.name}")


def load_pure(source: Path) -> ModuleType:
    """frenchtarot from the source tree ``source``, checked to be plain Python."""
    sys.path.insert(0, str(source))
    ft = importlib.import_module("frenchtarot")
    where = package_dir(ft)
    if where != source / "frenchtarot":
        fail(f"the pure worker imported frenchtarot from {where}, not from {source}")
    import_all(ft)
    extensions = extensions_loaded()
    if extensions or is_compiled(ft):
        fail(
            "the pure path is not pure: compiled extensions were imported from the source "
            f"tree: {', '.join(extensions) or 'frenchtarot.state.COMPILED is true'}. An "
            "in-place mypyc build leaves them there; delete them "
            f"(find {source} -name '*.so' -delete) and build the compiled wheel from a clone."
        )
    return ft


def load_compiled(source: Path) -> tuple[ModuleType, list[str]]:
    """The installed frenchtarot, checked to be compiled; also its files unlike ``source``'s."""
    try:
        ft = importlib.import_module("frenchtarot")
    except ImportError as error:
        raise Unavailable(f"frenchtarot is not installed in {sys.executable}") from error
    where = package_dir(ft)
    if where in (source / "frenchtarot", REPO / "src" / "frenchtarot"):
        raise Unavailable(f"this Python imports frenchtarot from the source tree {where}")
    import_all(ft)
    if not is_compiled(ft):
        raise Unavailable(f"the frenchtarot installed at {where} is pure Python")
    stale = sorted(
        module.name
        for module in (source / "frenchtarot").glob("*.py")
        if not (where / module.name).is_file()
        or (where / module.name).read_bytes() != module.read_bytes()
    )
    return ft, stale


def public_api_deals(ft: ModuleType, seeds: range) -> tuple[int, int, int]:
    """Random deals through the public API: (played out, annulled, actions applied)."""
    new_deal, legal_actions, apply, score = ft.new_deal, ft.legal_actions, ft.apply, ft.score
    done_phase = ft.Phase.DONE
    done = annulled = actions = 0
    for seed in seeds:
        state = new_deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            state = apply(state, rng.choice(legal_actions(state)))
            actions += 1
        score(state)
        if state.phase is done_phase:
            done += 1
        else:
            annulled += 1
    return done, annulled, actions


def rollout_deals(ft: ModuleType, seeds: range) -> tuple[int, int, int]:
    """The same deals, played by ``rollout``: (played out, annulled, actions)."""
    new_deal, rollout, score = ft.new_deal, ft.rollout, ft.score
    done_phase = ft.Phase.DONE
    done = annulled = actions = 0
    for seed in seeds:
        state = rollout(new_deal(seed=seed), random.Random(seed))
        score(state)
        actions += len(state.history)
        if state.phase is done_phase:
            done += 1
        else:
            annulled += 1
    return done, annulled, actions


def one_deal(ft: ModuleType, seed: int) -> list[State]:
    """Every state of one random deal, in order."""
    state = ft.new_deal(seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_terminal:
        state = ft.apply(state, rng.choice(ft.legal_actions(state)))
        states.append(state)
    return states


class Measures:
    """What a worker measured: figures and notes by key, sent to the parent as JSON."""

    def __init__(self) -> None:
        self.values: dict[str, float] = {}
        self.notes: dict[str, str] = {}

    def add(self, key: str, value: float, note: str = "") -> None:
        self.values[key] = value
        if note:
            self.notes[key] = note


def measure_deals(ft: ModuleType, out: Measures, deals: int, repeats: int) -> tuple[int, ...]:
    """Whole random deals, by the public API and by ``rollout``; returns what was played."""
    seeds = range(deals)
    played = public_api_deals(ft, seeds)
    done, annulled, actions = played
    seconds = best_time(partial(public_api_deals, ft, seeds), repeats)
    out.add(
        "public deals",
        done / seconds,
        f"new_deal, legal_actions, choice, apply, score; {annulled} of {deals} annulled "
        f"(played, not counted); {actions / deals:.1f} actions/deal",
    )
    out.add("public actions", actions / seconds)
    out.add("public per action", 1e6 * seconds / actions)

    rolled = rollout_deals(ft, seeds)
    if rolled != played:
        fail(f"rollout and the public API played different deals: {rolled} != {played}")
    seconds = best_time(partial(rollout_deals, ft, seeds), repeats)
    out.add("rollout deals", done / seconds, "new_deal, rollout, score: the same deals")
    out.add("rollout actions", actions / seconds)
    out.add("rollout per action", 1e6 * seconds / actions)

    rollout = ft.rollout
    start = [ft.new_deal(seed=seed) for seed in seeds]
    seconds = best_time(
        lambda: [rollout(state, random.Random(i)) for i, state in enumerate(start)], repeats
    )
    out.add("rollout alone", 1e6 * seconds / deals, "from the dealt state")
    new_deal = ft.new_deal
    seconds = best_time(lambda: [new_deal(seed=seed) for seed in seeds], repeats)
    out.add("new_deal", 1e6 * seconds / deals, "new_deal(seed=i)")
    return played


def measure_calls(ft: ModuleType, out: Measures, deals: int, repeats: int) -> None:
    """Microseconds per call of the main functions, on every state of some deals."""
    states: list[State] = []
    for seed in range(deals):
        states.extend(one_deal(ft, seed))
    live = [state for state in states if not state.is_terminal]
    rng = random.Random(0)
    moves = [(state, rng.choice(ft.legal_actions(state))) for state in live]
    seats = [(state, i % state.rules.seats) for i, state in enumerate(states)]
    ends = [state for state in states if state.phase is ft.Phase.DONE]
    note = f"every live state of {deals} deals ({len(live):,})"

    legal_actions, apply, observe, score = ft.legal_actions, ft.apply, ft.observe, ft.score
    seconds = best_time(lambda: [legal_actions(state) for state in live], repeats)
    out.add("legal_actions", 1e6 * seconds / len(live), note)
    seconds = best_time(lambda: [apply(state, action) for state, action in moves], repeats)
    out.add("apply", 1e6 * seconds / len(moves), note + ", one random legal action each")
    seconds = best_time(lambda: [observe(state, seat) for state, seat in seats], repeats)
    out.add("observe", 1e6 * seconds / len(seats), f"every state ({len(seats):,}), seats in turn")
    seconds = best_time(lambda: [score(state) for state in ends], repeats * 5)
    out.add("score", 1e6 * seconds / len(ends), f"{len(ends)} finished deals")


def measure_memory(ft: ModuleType, out: Measures, deals: int) -> None:
    """The memory held by all the states of one deal (tracemalloc), over some deals."""
    sizes: list[int] = []
    peaks: list[int] = []
    counts: list[int] = []
    one_deal(ft, 0)  # warm up: anything created once per process is not a deal's memory
    for seed in range(deals):
        gc.collect()
        tracemalloc.start()
        base, _ = tracemalloc.get_traced_memory()
        states = one_deal(ft, seed)
        kept, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        if states[-1].phase is ft.Phase.DONE:
            sizes.append(kept - base)
            peaks.append(peak - base)
            counts.append(len(states))
        del states
    out.add(
        "memory",
        max(sizes) / 1024,
        f"tracemalloc, the largest of {len(sizes)} played-out deals "
        f"({sum(counts) // len(counts)} states on average); goal < {MEMORY_GOAL_KB} KB",
    )
    out.add("memory mean", sum(sizes) / len(sizes) / 1024)
    out.add("memory peak", max(peaks) / 1024, "tracemalloc peak while playing")
    out.add("memory per state", sum(sizes) / sum(counts), "retained, on average")


def profile_text(run: Callable[[], object], lines: int) -> str:
    """The cProfile hotspots of ``run``, by own time."""
    profiler = cProfile.Profile()
    profiler.runcall(run)
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(lines)
    return text.getvalue()


def worker(path: str, source: Path, quick: bool, profile: bool) -> dict[str, Any]:
    """Measure one path of frenchtarot; the result is what the parent prints."""
    stale: list[str] = []
    if path == "pure":
        ft = load_pure(source)
    else:
        try:
            ft, stale = load_compiled(source)
        except Unavailable as reason:
            return {"path": path, "unavailable": str(reason)}
    deals, repeats = (300, 2) if quick else (2000, 5)
    out = Measures()
    played = measure_deals(ft, out, deals, repeats)
    # one repeat of a per-call measure takes milliseconds: repeat more, to find a quiet moment
    measure_calls(ft, out, deals=10 if quick else 30, repeats=repeats * 4)
    measure_memory(ft, out, deals=5 if quick else 20)
    result: dict[str, Any] = {
        "path": path,
        "version": ft.__version__,
        "location": str(package_dir(ft)),
        "compiled": is_compiled(ft),
        "stale": stale,
        "played": list(played),
        "values": out.values,
        "notes": out.notes,
    }
    if profile:
        seeds = range(min(deals, 500))
        result["profile"] = {
            "public-API loop": profile_text(partial(public_api_deals, ft, seeds), 20),
            "rollout loop": profile_text(partial(rollout_deals, ft, seeds), 12),
        }
    return result


def run_worker(path: str, source: Path, quick: bool, profile: bool) -> dict[str, Any]:
    """Run this script as a worker for ``path`` and read its JSON result."""
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", path]
    command += ["--source", str(source)]
    command += ["--quick"] * quick + ["--profile"] * profile
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"benchmarks/run.py: the {path} worker failed (exit {done.returncode})")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


# --- peers (in the parent process) ---------------------------------------------------------


@dataclass(frozen=True)
class Peer:
    """One peer's random games: games (or deals) per second, actions per second."""

    name: str
    games: float
    actions: float
    note: str


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


def measure_peers(seeds: range, repeats: int) -> tuple[list[Peer], list[str]]:
    """The installed peers' random games; also a line for each peer that is missing."""
    peers: list[Peer] = []
    missing: list[str] = []
    pyspiel = optional_module("pyspiel")
    if pyspiel is None:
        missing.append("OpenSpiel tarok: not installed (pip install open-spiel)")
    else:
        version = version_of("open-spiel")
        for full, label in ((False, "uniform bids"), (True, "every trick played")):
            games, moves = openspiel_games(pyspiel, seeds, full=full)
            seconds = best_time(partial(openspiel_games, pyspiel, seeds, full=full), repeats)
            note = f"open-spiel {version}, 4 players; {moves / games:.1f} actions/game"
            peers.append(Peer(f"OpenSpiel tarok, {label}", games / seconds, moves / seconds, note))
    magma = optional_module("tarot.rules")
    if magma is None or not hasattr(magma, "legal_plays"):
        missing.append("magmacrunch-tarot: not installed (pip install magmacrunch-tarot)")
    else:
        played, redealt, moves = magmacrunch_deals(magma, seeds)
        seconds = best_time(partial(magmacrunch_deals, magma, seeds), repeats)
        note = (
            f"magmacrunch-tarot {version_of('magmacrunch-tarot')}; {redealt} redealt (not "
            f"counted); {moves / played:.1f} actions/deal"
        )
        peers.append(Peer("magmacrunch-tarot", played / seconds, moves / seconds, note))
    return peers, missing


# --- the report ----------------------------------------------------------------------------

# (key, label, unit, larger is faster: True, smaller is faster: False, not a speed: None)
ROWS: tuple[tuple[str, str, str, bool | None], ...] = (
    ("public deals", "public API: random deals", "deals/s", True),
    ("public actions", "public API: actions", "actions/s", True),
    ("public per action", "public API: per action", "µs", False),
    ("rollout deals", "rollout: random deals", "deals/s", True),
    ("rollout actions", "rollout: actions", "actions/s", True),
    ("rollout per action", "rollout: per action", "µs", False),
    ("rollout alone", "rollout alone", "µs/deal", False),
    ("new_deal", "new_deal", "µs/call", False),
    ("legal_actions", "legal_actions", "µs/call", False),
    ("apply", "apply", "µs/call", False),
    ("observe", "observe", "µs/call", False),
    ("score", "score", "µs/call", False),
    ("memory", "memory, all states of a deal", "KB", None),
    ("memory mean", "memory, all states of a deal, mean", "KB", None),
    ("memory peak", "memory, peak while playing", "KB", None),
    ("memory per state", "memory per state", "bytes", None),
)


def merge(best: dict[str, Any] | None, result: dict[str, Any]) -> dict[str, Any]:
    """One worker's result and an earlier round's: the best figure of each measure."""
    if best is None or "values" not in best or "values" not in result:
        return result
    values = dict(best["values"])
    for key, _, _, faster in ROWS:
        if faster is not None:
            pick = max if faster else min
            values[key] = pick(values[key], result["values"][key])
    return {**best, "values": values}


def merge_peers(best: list[Peer], peers: list[Peer]) -> list[Peer]:
    """The peers of two rounds: the faster round of each."""
    if not best:
        return peers
    return [max(a, b, key=lambda peer: peer.games) for a, b in zip(best, peers, strict=True)]


def git_revision(source: Path) -> str:
    """The commit of the source tree, and whether it has changes."""
    try:
        described = subprocess.run(
            ["git", "-C", str(source), "describe", "--always", "--dirty"],
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "?"
    return described.stdout.strip()


def report(
    results: dict[str, dict[str, Any]], source: Path, peers: list[Peer], missing: list[str]
) -> None:
    """Print the table of both paths, the peers' table and the ratios."""
    measured = {path: result for path, result in results.items() if "values" in result}
    for path, result in results.items():
        if "values" in result:
            kind = "compiled" if result["compiled"] else "pure Python"
            print(f"{path}: frenchtarot {result['version']} at {result['location']} ({kind})")
            if result["stale"]:
                print(
                    f"  warning: this install differs from {source} in "
                    f"{', '.join(result['stale'])}; rebuild it to measure the current code"
                )
        else:
            print(f"{path}: not installed ({BUILD_HINT}): {result['unavailable']}")
    played = {tuple(result["played"]) for result in measured.values()}
    if len(played) > 1:
        print("warning: the two paths played different deals (played out, annulled, actions):")
        for path, result in measured.items():
            print(f"  {path}: {tuple(result['played'])}")
    print()

    def cell(path: str, key: str) -> str:
        if path not in measured:
            return "not installed" if key == ROWS[0][0] else "-"
        return number(measured[path]["values"][key])

    rows = []
    for key, label, unit, faster in ROWS:
        speedup = "-"
        if faster is not None and len(measured) == 2:
            pure, compiled = (measured[path]["values"][key] for path in PATHS)
            speedup = f"{compiled / pure if faster else pure / compiled:.2f}x"
        note = next((r["notes"][key] for r in measured.values() if key in r["notes"]), "")
        if key == "memory":
            verdicts = [
                f"{path} {'within' if r['values'][key] < MEMORY_GOAL_KB else 'OVER'}"
                for path, r in measured.items()
            ]
            note += f": {', '.join(verdicts)}"
        rows.append([label, *(cell(path, key) for path in PATHS), unit, speedup, note])
    print_table(("measure", *PATHS, "unit", "compiled/pure", "note"), rows)

    print()
    peer_rows = [
        [peer.name, number(peer.games), f"{peer.actions:,.0f}", peer.note] for peer in peers
    ]
    peer_rows += [[line.split(": ")[0], "-", "-", line.split(": ", 1)[1]] for line in missing]
    print_table(("peer", "games/s", "actions/s", "note"), peer_rows)
    print()

    ratio_rows = []

    def ratio(label: str, key: str, other: float, unit: str) -> None:
        cells = [
            f"{measured[path]['values'][key] / other:.2f}x" if path in measured else "-"
            for path in PATHS
        ]
        ratio_rows.append([label, *cells, unit])

    for peer in peers:
        for what, name in (("public", "public API"), ("rollout", "rollout")):
            ratio(f"{name} / {peer.name}", f"{what} deals", peer.games, "games/s")
            label = f"{name} / {peer.name}, per action"
            ratio(label, f"{what} actions", peer.actions, "actions/s")
    if measured:
        cells = [
            f"{r['values']['rollout deals'] / r['values']['public deals']:.2f}x"
            if (r := measured.get(path))
            else "-"
            for path in PATHS
        ]
        ratio_rows.append(["rollout / public API", *cells, "deals/s"])
    print_table(("ratio", *PATHS, "of"), ratio_rows)

    for path, result in measured.items():
        for loop, text in result.get("profile", {}).items():
            print(f"\ncProfile of the {path} path, {loop}, by own time:")
            print(text.rstrip())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer deals, fewer repeats")
    parser.add_argument(
        "--rounds",
        type=int,
        help="measure everything this many times in turn, keeping the best of each figure "
        "(default: 3, or 1 with --quick)",
    )
    parser.add_argument(
        "--profile", action="store_true", help="cProfile the public-API and rollout loops (pure)"
    )
    parser.add_argument(
        "--worker",
        choices=PATHS,
        help="measure one path of frenchtarot only and print the result as JSON (used by "
        "the run itself)",
    )
    parser.add_argument(
        "--source",
        type=Path,
        default=REPO / "src",
        help="the source tree the pure path imports (default: src/ beside this script)",
    )
    args = parser.parse_args(argv)
    source: Path = args.source.resolve()

    if args.worker:
        profile = args.profile and args.worker == "pure"
        json.dump(worker(args.worker, source, args.quick, profile), sys.stdout)
        return

    deals, repeats = (300, 2) if args.quick else (2000, 5)
    rounds = args.rounds or (1 if args.quick else 3)
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}) at "
        f"{sys.executable}, {platform.machine()}; pure path from {source} "
        f"({git_revision(source)}); {'quick' if args.quick else 'full'} run: {deals} seeds, "
        f"best of {repeats} repeats (x4 per call) in each of {rounds} rounds"
    )
    results: dict[str, dict[str, Any]] = {}
    peers: list[Peer] = []
    for turn in range(rounds):  # the paths and the peers in turn, as the load comes and goes
        for path in PATHS:
            profile = args.profile and turn == 0
            results[path] = merge(results.get(path), run_worker(path, source, args.quick, profile))
        found, missing = measure_peers(range(deals), repeats)
        peers = merge_peers(peers, found)
    report(results, source, peers, missing)


if __name__ == "__main__":
    main()
