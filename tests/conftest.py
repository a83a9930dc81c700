"""Shared pytest configuration: Hypothesis profiles.

Pick a profile with the ``HYPOTHESIS_PROFILE`` environment variable
(``dev`` by default; ``.ci/run`` uses ``ci``, and ``quick`` on the other Pythons).
"""

from __future__ import annotations

import os

from hypothesis import settings

# No deadline: timing is measured by benchmarks/, never by the tests.
settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile(
    "ci",
    max_examples=200,
    derandomize=True,
    deadline=None,
    print_blob=True,
)
# The other Pythons in CI and a developer's quick run: few examples, still derandomized.
settings.register_profile(
    "quick",
    max_examples=30,
    derandomize=True,
    deadline=None,
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
