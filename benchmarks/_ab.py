"""The A/B runs of the benchmarks: this tree and another, measured in turns.

A benchmark's ``--against SRC`` runs itself again in child processes, one for each tree in
each round, the trees in the opposite order every other round, so that a change of the
machine's load touches both alike. A child finds its tree (a directory holding a
``frenchtarot`` package) in the ``FRENCHTAROT_SRC`` environment variable, puts it first on
``sys.path`` (:func:`use_source`), and prints its figures as JSON.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

SOURCE = Path(__file__).resolve().parent.parent / "src"
"""This tree's ``src``, beside the benchmarks."""


def use_source(default: str | None = str(SOURCE)) -> None:
    """Import frenchtarot from ``FRENCHTAROT_SRC`` (else from ``default``, if any)."""
    source = os.environ.get("FRENCHTAROT_SRC") or default
    if source:
        sys.path.insert(0, source)


def in_turns(command: list[str], other: str, rounds: int) -> Iterator[tuple[int, str, Any]]:
    """Run ``command`` on this tree and on ``other`` in turns, ``rounds`` times each.

    Yields:
        The round, ``"this"`` or ``"other"``, and what the child printed, read as JSON.
    """
    trees = [("this", str(SOURCE)), ("other", str(Path(other).resolve()))]
    for round_ in range(rounds):
        # The order of the trees alternates from round to round too.
        for label, src in trees if round_ % 2 == 0 else trees[::-1]:
            environment = dict(os.environ, FRENCHTAROT_SRC=src)
            output = subprocess.run(
                command, env=environment, check=True, capture_output=True, text=True
            ).stdout
            yield round_, label, json.loads(output)
