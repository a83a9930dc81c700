"""The compiled build plays exactly as the pure-Python source.

When the installed ``frenchtarot`` is the compiled build, the same deals are played by it
and, in a subprocess, by the pure-Python source of this checkout; every state, legal action
list and score must be the same. With the pure install there is no second build to compare
and the test says so (CI runs the suite against both installs).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import frenchtarot
from tests.digests import fingerprints

ROOT = Path(__file__).resolve().parents[1]
DEALS = 400  # per table size: 1,200 deals, each played twice (step by step and by rollout)


def pure_fingerprints(deals: int) -> list[str]:
    """The fingerprints computed by the pure-Python source in ``src/``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    check = (
        "import frenchtarot as f, sys; "
        "sys.exit('the source in src/ is compiled' if f.compiled else 0)"
    )
    subprocess.run([sys.executable, "-c", check], cwd=ROOT, env=env, check=True)
    result = subprocess.run(
        [sys.executable, "-m", "tests.digests", str(deals)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    digests: list[str] = json.loads(result.stdout)
    return digests


@pytest.mark.skipif(not frenchtarot.compiled, reason="the installed frenchtarot is the pure build")
@pytest.mark.skipif(
    not (ROOT / "src" / "frenchtarot").is_dir(),
    reason="no source checkout beside the tests (a wheel's tests, as cibuildwheel runs them)",
)
def test_the_compiled_build_plays_as_the_pure_source() -> None:
    compiled = fingerprints(DEALS)
    pure = pure_fingerprints(DEALS)
    assert len(compiled) == len(pure) == 3 * DEALS
    differ = [number for number, (a, b) in enumerate(zip(compiled, pure, strict=True)) if a != b]
    assert not differ, f"{len(differ)} deals differ; the first is number {differ[0]}"


def test_the_fingerprints_see_a_different_deal() -> None:
    """The comparison could fail: deals of other seeds give other fingerprints."""
    digests = fingerprints(3)
    assert len(set(digests)) == len(digests) == 9
