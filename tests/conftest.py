"""Shared pytest configuration: the Hypothesis profiles and the soak step's deal count.

Hypothesis profiles
    Pick one with the ``HYPOTHESIS_PROFILE`` environment variable: ``dev`` (the default, 50
    examples a property), ``ci`` (what ``.ci/run``'s main step uses: 100 examples,
    derandomized), ``quick`` (the other Pythons and the compiled wheel in ``.ci/run``, and a
    developer's quick run: 20 examples, derandomized) or ``soak`` (many examples, for a long
    run by hand).

The soak tests
    The volume checks (ten thousand deals and observations per table size, the record and
    API fuzzing at volume, the stateful machine at length) carry the ``soak`` marker. They
    are left out unless asked for (``pyproject.toml`` adds ``-m "not soak"``); run them with
    ``pytest -m soak`` (``.ci/run`` does, once, after the main step). Their size is set by
    ``FRENCHTAROT_SOAK_DEALS``: the number of deals (or observations, or inputs) per table
    size, 10,000 by default (the :func:`soak_deals` fixture). The soak step uses the ``ci``
    Hypothesis profile unless told otherwise; the soak tests that draw with Hypothesis set
    their own example counts from the same setting.

Ctrl-C
    The tests that send SIGINT to a command (``tests/test_cli_endings.py``,
    ``tests/test_arena_stream.py``) need a process that does not ignore it. A shell
    starts a background job (``bash .ci/run &`` in a script, ``nohup``) with SIGINT
    ignored, and every child inherits that; :func:`_sigint_not_ignored` gives the session
    the interpreter's usual handler back, so the commands it starts get a terminal's Ctrl-C.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

import pytest
from hypothesis import settings

#: The deals (or observations, or inputs) per table size of a soak test, from the
#: environment (``FRENCHTAROT_SOAK_DEALS``, 10,000 by default).
SOAK_DEALS = int(os.environ.get("FRENCHTAROT_SOAK_DEALS", "10000"))

# No deadline: timing is measured by benchmarks/, never by the tests.
settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile(
    "ci",
    max_examples=100,
    derandomize=True,
    deadline=None,
    print_blob=True,
)
# The other Pythons in CI, the compiled wheel, and a developer's quick run: few examples,
# still derandomized.
settings.register_profile(
    "quick",
    max_examples=20,
    derandomize=True,
    deadline=None,
    print_blob=True,
)
settings.register_profile("soak", max_examples=2000, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(scope="session")
def soak_deals() -> int:
    """How many deals (or observations, or inputs) per table size a soak test checks."""
    if SOAK_DEALS < 1:
        raise pytest.UsageError(f"FRENCHTAROT_SOAK_DEALS must be at least 1, not {SOAK_DEALS}")
    return SOAK_DEALS


@pytest.fixture(scope="session", autouse=True)
def _sigint_not_ignored() -> Iterator[None]:
    """SIGINT handled as an interactive shell leaves it, for this session and its children."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        yield
        return
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
