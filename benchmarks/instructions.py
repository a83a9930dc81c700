"""Instructions per random deal (callgrind): a measure of work that does not depend on the load.

Usage (from any directory; needs ``valgrind``)::

    python benchmarks/instructions.py                      # src/ beside this script
    python benchmarks/instructions.py --source /tmp/clone --python /tmp/venv/bin/python
    python benchmarks/instructions.py --before /tmp/old --before-python /tmp/oldvenv/bin/python

For each build of a tree, the public-API loop and the rollout loop of ``run.py`` (the very
functions, imported from it) play the seeds ``1000..1199`` under ``valgrind
--tool=callgrind``; the same program without those seeds (the imports, the checks of
``run.py``'s workers and a warm-up deal, which fills the caches created on first use) is
counted too and taken off, and the rest is divided by the number of seeds. Annulled deals
are counted as deals, as in ``run.py``'s loops.

* ``pure``: the tree's ``src/``, as plain Python, in ``--python`` (default: this Python);
* ``compiled``: the frenchtarot installed in ``--python``, which must be the mypyc build of
  the same tree (a warning says when its files differ).

With ``--before``, a second tree (and ``--before-python``, the Python of its compiled build)
is counted as well, and the change is printed. ``--openspiel`` also counts OpenSpiel's
``tarok`` loops of ``run.py`` (per game), in the Python of the tree (or the after tree).
``PYTHONHASHSEED`` is fixed at 0, so that sets and dicts of strings iterate the same way
every time: the same command counts the same to the instruction. From another venv or
another environment, the addresses shift (and so does the order of anything hashed by
address): the counts then move by up to 0.3% (OpenSpiel's too), which is noise.
Two minutes or so for both builds of a tree, 40 s more with ``--openspiel``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEEDS = range(1000, 1200)
WARM_UP = range(0, 2)
LOOPS = {"public API": "public_api_deals", "rollout": "rollout_deals"}
# OpenSpiel tarok's bids, as run.py draws them: its labels, by its names of the bid mixes
TAROK_LOOPS = {
    "OpenSpiel tarok, uniform bids": "uniform",
    "OpenSpiel tarok, every trick played": "full",
    "OpenSpiel tarok, lowest contract": "lowest",
}

# The program counted: ``argv`` is (build, source, loop, first seed, end of seeds). For
# frenchtarot, the loop plays the warm-up seeds, then the counted ones; for OpenSpiel, the
# loop is run.openspiel_games with the bids named.
PROGRAM = """
import sys
from pathlib import Path
sys.path.insert(0, {here!r})
import run
build, source, loop, first, end = sys.argv[1:]
seeds = range(int(first), int(end))
if build == "openspiel":
    import pyspiel
    run.openspiel_games(pyspiel, range(0, 2), bids=loop)
    run.openspiel_games(pyspiel, seeds, bids=loop)
else:
    if build == "pure":
        ft = run.load_pure(Path(source))
    else:
        ft, stale = run.load_compiled(Path(source))
        if stale:
            print("stale: " + ", ".join(stale), file=sys.stderr)
    play = getattr(run, loop)
    play(ft, range({warm_first}, {warm_end}))
    play(ft, seeds)
"""


def instructions(python: str, args: list[str]) -> tuple[int, str]:
    """The instructions callgrind counts for PROGRAM with ``args``, and what it printed."""
    program = PROGRAM.format(here=str(HERE), warm_first=WARM_UP.start, warm_end=WARM_UP.stop)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            python,
            "-c",
            program,
            *args,
        ]
        environment = {**os.environ, "PYTHONHASHSEED": "0"}
        done = subprocess.run(
            command, capture_output=True, text=True, check=False, env=environment
        )
        if done.returncode != 0 or not out.is_file():
            sys.stderr.write(done.stderr)
            raise SystemExit(f"benchmarks/instructions.py: callgrind failed: {' '.join(args)}")
        total = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
        if total is None:
            raise SystemExit(f"benchmarks/instructions.py: no total in {out}")
        stale = [line[7:] for line in done.stderr.splitlines() if line.startswith("stale: ")]
        return int(total.group(1)), "; ".join(stale)


def per_seed(python: str, build: str, source: Path, loop: str) -> tuple[float, str]:
    """Instructions per seed of one loop: with the seeds, less without them."""
    counted = [build, str(source), loop, str(SEEDS.start), str(SEEDS.stop)]
    empty = [build, str(source), loop, str(SEEDS.start), str(SEEDS.start)]
    total, note = instructions(python, counted)
    base, _ = instructions(python, empty)
    return (total - base) / len(SEEDS), note


@dataclass(frozen=True)
class Tree:
    """A source tree (its directory holding ``frenchtarot``) and the Python to count it in."""

    name: str
    source: Path
    python: str


def source_dir(path: Path) -> Path:
    """The directory holding the ``frenchtarot`` package: ``path`` itself or its ``src/``."""
    path = path.resolve()
    for candidate in (path, path / "src"):
        if (candidate / "frenchtarot" / "__init__.py").is_file():
            return candidate
    raise SystemExit(f"benchmarks/instructions.py: no frenchtarot package in {path}")


def count_tree(tree: Tree, builds: list[str]) -> dict[str, float]:
    """Instructions per deal for each build and loop of ``tree``, by ``"build, loop"``."""
    counts: dict[str, float] = {}
    for build in builds:
        for label, loop in LOOPS.items():
            key = f"{build}, {label}"
            counts[key], note = per_seed(tree.python, build, tree.source, loop)
            extra = f" (warning: the install differs from the tree in {note})" if note else ""
            print(f"  {f'{tree.name} {key}'.strip()}: {counts[key] / 1e6:.3f}M{extra}")
    return counts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--source",
        type=Path,
        default=HERE.parent,
        help="the tree (or its src/) to count (default: the one beside this script)",
    )
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="the Python to count in; its installed frenchtarot is the compiled build",
    )
    parser.add_argument("--before", type=Path, help="a second tree to compare with")
    parser.add_argument("--before-python", help="the Python of the --before tree's build")
    parser.add_argument(
        "--builds",
        default="pure,compiled",
        help="which builds to count, separated by commas (default: pure,compiled)",
    )
    parser.add_argument(
        "--openspiel", action="store_true", help="also count OpenSpiel tarok's loops (per game)"
    )
    parser.add_argument("--json", type=Path, help="also write the counts to this file")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("benchmarks/instructions.py: valgrind is not installed")
    builds = [build.strip() for build in args.builds.split(",") if build.strip()]
    if not set(builds) <= {"pure", "compiled"}:
        parser.error("--builds takes pure, compiled or both")

    trees = [Tree("after" if args.before else "", source_dir(args.source), args.python)]
    if args.before:
        trees.insert(0, Tree("before", source_dir(args.before), args.before_python or args.python))
    print(
        f"callgrind instructions per deal, seeds {SEEDS.start}..{SEEDS.stop - 1} "
        f"({len(SEEDS)}), less the same program without them"
    )
    counts: dict[str, dict[str, float]] = {}
    for tree in trees:
        print(f"{tree.name or 'tree'}: {tree.source} in {tree.python}")
        counts[tree.name] = count_tree(tree, builds)
    if args.openspiel:
        peers: dict[str, float] = {}
        for label, bids in TAROK_LOOPS.items():
            peers[label], _ = per_seed(trees[-1].python, "openspiel", Path(), bids)
            print(f"  {label}: {peers[label] / 1e6:.3f}M per game")
        counts["openspiel"] = peers

    print()
    keys = list(counts[trees[-1].name])
    width = max(len(key) for key in [*keys, *counts.get("openspiel", {})])
    if args.before:
        print(f"{'per deal':{width}}  {'before':>9}  {'after':>9}  change")
        for key in keys:
            before, after = counts["before"][key], counts["after"][key]
            change = 100 * (after / before - 1)
            print(f"{key:{width}}  {before / 1e6:8.3f}M  {after / 1e6:8.3f}M  {change:+.1f}%")
    else:
        for key in keys:
            print(f"{key:{width}}  {counts[''][key] / 1e6:8.3f}M")
    for label, value in counts.get("openspiel", {}).items():
        print(f"{label:{width}}  {value / 1e6:8.3f}M per game")
    if args.json:
        args.json.write_text(json.dumps(counts, indent=1) + "\n")


if __name__ == "__main__":
    main()
