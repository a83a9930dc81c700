"""Speed and memory of frenchtarot, pure and compiled, beside OpenSpiel tarok and magmacrunch.

Usage (from any directory)::

    python benchmarks/run.py            # two to three minutes
    python benchmarks/run.py --quick    # a few seconds, rougher numbers
    python benchmarks/run.py --profile  # also the cProfile hotspots of the pure path
    python benchmarks/run.py --source /tmp/clone/src  # the pure path from another tree
    python benchmarks/run.py --before /tmp/old --before-python /tmp/oldvenv/bin/python

One run measures both paths of frenchtarot, each in a worker process of this script
(``--worker pure|compiled``, which prints its figures as JSON):

* ``pure``: the source tree beside this script (``src/``, or the one ``--source`` names),
  imported as Python; the worker refuses to measure it if any compiled extension got
  imported from it;
* ``compiled``: the frenchtarot installed in the running Python, built with the mypyc hook
  (``HATCH_BUILD_HOOK_ENABLE_MYPYC=1``); when that install is missing or pure Python, its
  column says so and the rest of the run goes on. When its Python files differ from the
  source tree's, the run warns that it measures other code.

With ``--before``, the run measures a second source tree too (its pure path in a worker of
the running Python, its compiled build in a worker of ``--before-python``, the Python of
another environment where that tree's compiled wheel is installed): the two trees go in
turn in every round (in the opposite order every other round; 4 rounds by default), so both
see the same load, and the report gives each figure before and after with the change in
speed.

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
import hashlib
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
        try:
            state = importlib.import_module("frenchtarot.state")
        except ImportError:
            return False
        return bool(getattr(state, "COMPILED", False))
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


# The learning adapters import their extras (open-spiel, pettingzoo), which need not be here;
# the command line runs when imported.
_OPTIONAL_MODULES = frozenset({"__main__", "openspiel", "pettingzoo"})


def import_all(ft: ModuleType) -> None:
    """Import every module of the package and its subpackages, for the checks to see them.

    A module that needs a missing third-party package (an optional extra) is skipped.
    """
    for module in pkgutil.walk_packages(ft.__path__, prefix="frenchtarot."):
        if module.name.rpartition(".")[2] in _OPTIONAL_MODULES:
            continue
        try:
            importlib.import_module(module.name)
        except ModuleNotFoundError as error:
            if (error.name or "").partition(".")[0] == "frenchtarot":
                raise


def fingerprint(package: Path) -> str:
    """A digest of the files of a package (but its bytecode caches): which build this is."""
    digest = hashlib.sha256()
    for file in sorted(package.rglob("*")):
        if file.is_file() and "__pycache__" not in file.parts:
            digest.update(f"{file.relative_to(package)}\0".encode() + file.read_bytes())
    return digest.hexdigest()[:16]


def python_files(package: Path) -> dict[str, bytes]:
    """The Python files of a package directory and its subdirectories, by relative path."""
    return {str(file.relative_to(package)): file.read_bytes() for file in package.rglob("*.py")}


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
    installed = python_files(where)
    stale = sorted(
        name
        for name, text in python_files(source / "frenchtarot").items()
        if installed.get(name) != text
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
        "fingerprint": fingerprint(package_dir(ft)),
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


@dataclass(frozen=True)
class Tree:
    """One version of frenchtarot: its source tree, and the Python of its compiled build.

    The pure path of every tree runs in the Python that runs this script, so that only the
    code differs; the compiled path runs in ``python``, whose installed frenchtarot is the
    tree's compiled build (``None``: not measured).
    """

    name: str
    source: Path
    python: str | None


def source_dir(path: Path) -> Path:
    """The directory holding the ``frenchtarot`` package: ``path`` itself or its ``src/``."""
    path = path.resolve()
    for candidate in (path, path / "src"):
        if (candidate / "frenchtarot" / "__init__.py").is_file():
            return candidate
    raise SystemExit(f"benchmarks/run.py: no frenchtarot package in {path} or {path / 'src'}")


def run_worker(path: str, tree: Tree, quick: bool, profile: bool) -> dict[str, Any]:
    """Run this script as a worker for one path of ``tree`` and read its JSON result."""
    python = sys.executable if path == "pure" else tree.python
    if python is None:
        return {"path": path, "unavailable": "", "skipped": "no --before-python given"}
    command = [python, str(Path(__file__).resolve()), "--worker", path]
    command += ["--source", str(tree.source)]
    command += ["--quick"] * quick + ["--profile"] * profile
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        where = f"{tree.name} {path}".strip()
        raise SystemExit(f"benchmarks/run.py: the {where} worker failed (exit {done.returncode})")
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


# The bids of OpenSpiel's tarok at 4 players, as pyspiel itself shows them (load_game("tarok",
# {"players": 4}), deal, then legal_actions() and action_to_string() at each bid): action 0 is
# Pass, the contracts follow from the lowest up (after a bid b, the next bidder is offered
# Pass and the actions above b only, and TarokContract numbers them in the same order), up
# to 12, Valat without. Klop (1) and Three (2) are offered only to the forehand (player 0,
# the last to bid) once the three others have passed; the first bidder (player 1) is
# offered Pass and 3 to 12. So the lowest contract the first bidder can take is action 3,
# "Two" (TarokContract.TWO); when the others pass, it is asked again for its final contract
# (3 to 12, no Pass) and keeps 3. check_lowest_contract checks all this before a run.
TAROK_PASS = 0
TAROK_LOWEST = 3  # "Two"
TAROK_SOLO_ONE = 7
# How the bids are drawn: uniformly; uniformly among Pass .. Solo one, so that every trick is
# played; or the first bidder takes the lowest contract and the others pass.
TAROK_BIDS = ("uniform", "full", "lowest")


def openspiel_games(pyspiel: Any, seeds: range, *, bids: str) -> tuple[int, int]:
    """Random games of OpenSpiel's tarok (4 players): (games, actions, chance included).

    Uniformly random bidding (``uniform``) mostly ends in Beggar or Valat contracts, which
    stop after a trick or two; ``full`` draws the bids among Pass to Solo one only, so that
    every trick is played, as in a French Tarot deal; ``lowest``: the first bidder takes the
    lowest contract and the others pass. Every other decision is uniformly random.
    """
    game = pyspiel.load_game("tarok", {"players": 4})
    bidding = pyspiel.TarokGamePhase.BIDDING
    full, lowest = bids == "full", bids == "lowest"
    games = actions = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        first = -1
        while not state.is_terminal():
            if state.is_chance_node():
                action = rng.choice(state.chance_outcomes())[0]
            else:
                legal = state.legal_actions()
                if lowest and state.current_game_phase() == bidding:
                    player = state.current_player()
                    if first < 0:
                        first = player
                    action = TAROK_LOWEST if player == first else TAROK_PASS
                else:
                    if full and state.current_game_phase() == bidding:
                        legal = [bid for bid in legal if bid <= TAROK_SOLO_ONE]
                    action = rng.choice(legal)
            state.apply_action(action)
            actions += 1
        state.returns()
        games += 1
    return games, actions


def check_lowest_contract(pyspiel: Any) -> None:
    """Stop if OpenSpiel's tarok no longer bids as ``TAROK_LOWEST`` says (see above)."""
    game = pyspiel.load_game("tarok", {"players": 4})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    first = state.current_player()
    offered = [bid for bid in state.legal_actions() if bid != TAROK_PASS]
    name = state.action_to_string(first, TAROK_LOWEST)
    while state.current_game_phase() == pyspiel.TarokGamePhase.BIDDING:
        player = state.current_player()
        state.apply_action_with_legality_check(TAROK_LOWEST if player == first else TAROK_PASS)
    contract = state.selected_contract()
    if min(offered) != TAROK_LOWEST or name != "Two" or contract != pyspiel.TarokContract.TWO:
        fail(
            f"OpenSpiel tarok bids otherwise than expected: the first bidder is offered "
            f"{offered}, action {TAROK_LOWEST} is {name!r}, the contract came out {contract}"
        )


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
        check_lowest_contract(pyspiel)
        labels = ("uniform bids", "every trick played", "lowest contract, others pass")
        for bids, label in zip(TAROK_BIDS, labels, strict=True):
            games, moves = openspiel_games(pyspiel, seeds, bids=bids)
            seconds = best_time(partial(openspiel_games, pyspiel, seeds, bids=bids), repeats)
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


def merge(best: dict[str, Any] | None, result: dict[str, Any], label: str) -> dict[str, Any]:
    """One worker's result and an earlier round's: the best figure of each measure.

    Stops the run if the code measured changed between the rounds (a build installed or a
    file edited meanwhile): its best figures would mix two versions.
    """
    if best is None:
        return result
    if best.get("fingerprint") != result.get("fingerprint"):  # None: not measured
        raise SystemExit(
            f"benchmarks/run.py: the {label} code changed during the run "
            f"({best.get('location', '-')} {best.get('fingerprint', 'not measured')}, then "
            f"{result.get('location', '-')} {result.get('fingerprint', 'not measured')}); "
            "run again when it is in place"
        )
    if "values" not in result:
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


# One column of results: (heading, tree name, path).
Column = tuple[str, str, str]
# Slower than this, in percent, and the comparison flags the figure.
SLOWER_FLAG = 3.0


def speed_change(key: str, before: float, after: float) -> float:
    """The change of a figure from ``before`` to ``after``, in percent: speed, or else size.

    For a speed, positive is faster (a rate that grew, a time that shrank); for a memory
    figure, positive is more memory.
    """
    faster = next(row[3] for row in ROWS if row[0] == key)
    if faster is False:
        return 100 * (before / after - 1)
    return 100 * (after / before - 1)


def report(
    trees: Sequence[Tree],
    results: dict[tuple[str, str], dict[str, Any]],
    peers: list[Peer],
    missing: list[str],
) -> None:
    """Print the table of both paths (of each tree), the peers' table and the ratios."""
    compare = len(trees) > 1
    measured = {where: result for where, result in results.items() if "values" in result}
    sources = {tree.name: tree.source for tree in trees}
    for (name, path), result in results.items():
        label = f"{name} {path}".strip()
        if "values" in result:
            kind = "compiled" if result["compiled"] else "pure Python"
            print(
                f"{label}: frenchtarot {result['version']} at {result['location']} ({kind}, "
                f"files {result['fingerprint']})"
            )
            if result["stale"]:
                print(
                    f"  warning: this install differs from {sources[name]} in "
                    f"{', '.join(result['stale'])}; rebuild it to measure that tree's code"
                )
        elif "skipped" in result:
            print(f"{label}: not measured: {result['skipped']}")
        else:
            print(f"{label}: not installed ({BUILD_HINT}): {result['unavailable']}")
    played = {tuple(result["played"]) for result in measured.values()}
    if len(played) > 1:
        print("warning: the paths played different deals (played out, annulled, actions):")
        for (name, path), result in measured.items():
            print(f"  {f'{name} {path}'.strip()}: {tuple(result['played'])}")
    print()

    def value(where: tuple[str, str], key: str) -> float | None:
        result = measured.get(where)
        return None if result is None else float(result["values"][key])

    def cell(where: tuple[str, str], key: str) -> str:
        figure = value(where, key)
        if figure is None:
            return "not installed" if key == ROWS[0][0] else "-"
        return number(figure)

    flagged: list[str] = []
    rows = []
    for key, label, unit, faster in ROWS:
        note = next((r["notes"][key] for r in measured.values() if key in r["notes"]), "")
        if key == "memory":
            verdicts = [
                f"{f'{name} {path}'.strip()} "
                f"{'within' if r['values'][key] < MEMORY_GOAL_KB else 'OVER'}"
                for (name, path), r in measured.items()
            ]
            note += f": {', '.join(verdicts)}"
        if compare:
            line = [label]
            for path in PATHS:
                before, after = value(("before", path), key), value(("after", path), key)
                change = "-"
                if before is not None and after is not None:
                    percent = speed_change(key, before, after)
                    change = f"{percent:+.1f}%"
                    if faster is not None and percent < -SLOWER_FLAG:
                        change += " !"
                        flagged.append(f"{path} {label} ({percent:+.1f}%)")
                line += [cell(("before", path), key), cell(("after", path), key), change]
            rows.append([*line, unit, note])
        else:
            pure, compiled = value(("", "pure"), key), value(("", "compiled"), key)
            speedup = "-"
            if faster is not None and pure is not None and compiled is not None:
                speedup = f"{compiled / pure if faster else pure / compiled:.2f}x"
            cells = [cell(("", path), key) for path in PATHS]
            rows.append([label, *cells, unit, speedup, note])
    if compare:
        header = ["measure"]
        for path in PATHS:
            header += [f"{path} before", f"{path} after", "change"]
        print_table((*header, "unit", "note"), rows)
        print(
            "(change: of the speed, + faster, - slower; of the size for memory; ! flags a "
            f"figure more than {SLOWER_FLAG:g}% slower)"
        )
    else:
        print_table(("measure", *PATHS, "unit", "compiled/pure", "note"), rows)

    print()
    peer_rows = [
        [peer.name, number(peer.games), f"{peer.actions:,.0f}", peer.note] for peer in peers
    ]
    peer_rows += [[line.split(": ")[0], "-", "-", line.split(": ", 1)[1]] for line in missing]
    print_table(("peer", "games/s", "actions/s", "note"), peer_rows)
    print()

    columns: list[Column] = (
        [(f"{path} {name}", name, path) for path in PATHS for name in ("before", "after")]
        if compare
        else [(path, "", path) for path in PATHS]
    )
    ratio_rows = []

    def ratio(label: str, key: str, other: float, unit: str) -> None:
        cells = []
        for _, name, path in columns:
            figure = value((name, path), key)
            cells.append("-" if figure is None else f"{figure / other:.2f}x")
        ratio_rows.append([label, *cells, unit])

    for peer in peers:
        for what, name in (("public", "public API"), ("rollout", "rollout")):
            ratio(f"{name} / {peer.name}", f"{what} deals", peer.games, "games/s")
            label = f"{name} / {peer.name}, per action"
            ratio(label, f"{what} actions", peer.actions, "actions/s")
    if measured:
        cells = []
        for _, name, path in columns:
            rolled, public = (
                value((name, path), "rollout deals"),
                value((name, path), "public deals"),
            )
            cells.append("-" if rolled is None or public is None else f"{rolled / public:.2f}x")
        ratio_rows.append(["rollout / public API", *cells, "deals/s"])
    print_table(("ratio", *(heading for heading, _, _ in columns), "of"), ratio_rows)

    if compare:
        print()
        if flagged:
            print(f"More than {SLOWER_FLAG:g}% slower after than before: {'; '.join(flagged)}")
        else:
            print(f"No figure more than {SLOWER_FLAG:g}% slower after than before.")

    for (name, path), result in measured.items():
        for loop, text in result.get("profile", {}).items():
            print(f"\ncProfile of the {f'{name} {path}'.strip()} path, {loop}, by own time:")
            print(text.rstrip())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer deals, fewer repeats")
    parser.add_argument(
        "--rounds",
        type=int,
        help="measure everything this many times in turn, keeping the best of each figure "
        "(default: 3, 4 with --before, 1 or 2 with --quick)",
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
        help="the source tree (or its src/) the pure path imports (default: src/ beside this "
        "script); with --before, the 'after' tree",
    )
    parser.add_argument(
        "--before",
        type=Path,
        help="a second source tree (or its src/) to compare with, measured in turn with the "
        "first in every round",
    )
    parser.add_argument(
        "--before-python",
        help="the Python of an environment where the --before tree's compiled build is "
        "installed (without it, the before tree's compiled path is not measured)",
    )
    args = parser.parse_args(argv)

    if args.worker:
        profile = args.profile and args.worker == "pure"
        json.dump(worker(args.worker, args.source.resolve(), args.quick, profile), sys.stdout)
        return

    if args.before_python and not args.before:
        parser.error("--before-python goes with --before")
    source = source_dir(args.source)
    if args.before:
        trees = [
            Tree("before", source_dir(args.before), args.before_python),
            Tree("after", source, sys.executable),
        ]
    else:
        trees = [Tree("", source, sys.executable)]

    deals, repeats = (300, 2) if args.quick else (2000, 5)
    # with --before, an even number of rounds, so that each tree goes first as often
    rounds = args.rounds or (1 if args.quick else 3) + bool(args.before)
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}) at "
        f"{sys.executable}, {platform.machine()}; {'quick' if args.quick else 'full'} run: "
        f"{deals} seeds, best of {repeats} repeats (x4 per call) in each of {rounds} rounds"
    )
    for tree in trees:
        label = f"{tree.name} tree" if tree.name else "pure path"
        compiled = f"; compiled build in {tree.python or 'none'}" if tree.name else ""
        print(f"{label}: {tree.source} ({git_revision(tree.source)}){compiled}")
    results: dict[tuple[str, str], dict[str, Any]] = {}
    peers: list[Peer] = []
    missing: list[str] = []
    order = [(tree, path) for path in PATHS for tree in trees]
    for turn in range(rounds):  # the paths and the peers in turn, as the load comes and goes
        # every other round the other way round, so that no side always comes first
        for tree, path in order if turn % 2 == 0 else order[::-1]:
            profile = args.profile and turn == 0
            where = (tree.name, path)
            result = run_worker(path, tree, args.quick, profile)
            results[where] = merge(results.get(where), result, f"{tree.name} {path}".strip())
        found, missing = measure_peers(range(deals), repeats)
        peers = merge_peers(peers, found)
    results = {(tree.name, path): results[tree.name, path] for path in PATHS for tree in trees}
    report(trees, results, peers, missing)


if __name__ == "__main__":
    main()
