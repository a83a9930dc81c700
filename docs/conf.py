"""Sphinx configuration for the frenchtarot documentation.

Build (the package must be installed, e.g. ``pip install -e '.[docs]'``)::

    sphinx-build -W -n -b html docs docs/_build/html
    sphinx-build -W -n -b doctest docs docs/_build/doctest
"""

from __future__ import annotations

import os
from importlib.metadata import version as _dist_version

project = "frenchtarot"
author = "The frenchtarot authors"
copyright = "2026, The frenchtarot authors"
release = _dist_version("frenchtarot")
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
]

exclude_patterns = ["_build"]
html_theme = "furo"
html_title = f"frenchtarot {release}"

myst_enable_extensions = ["colon_fence"]

autodoc_typehints = "description"
autodoc_member_order = "bysource"
napoleon_google_docstring = True
napoleon_numpy_docstring = False

doctest_global_setup = "import frenchtarot as ft"

# Cross-references.
#
# Every reference must resolve (``nitpicky``; CI builds with ``-W -n``). CI has
# no network, and intersphinx turns a failed inventory download into a
# warning, which ``-W`` makes fatal. So the mapping is empty unless
# FRENCHTAROT_DOCS_ONLINE=1 is set (e.g. on a hosted docs build).
#
# Offline, Sphinx itself already accepts builtins (int, str, None, ...) and
# ``typing.*`` names. The few other outside names the API may mention are
# listed in ``nitpick_ignore_regex``; keep that list narrow, and never add
# a ``frenchtarot`` name to it: a broken internal reference is a real bug.
# Objects defined in a submodule and re-exported via ``frenchtarot.__all__``
# resolve on their own: autodoc registers their defining path as canonical.
nitpicky = True
intersphinx_mapping: dict[str, tuple[str, str | None]] = {}
if os.environ.get("FRENCHTAROT_DOCS_ONLINE") == "1":
    intersphinx_mapping = {
        "python": ("https://docs.python.org/3", None),
        "attrs": ("https://www.attrs.org/en/stable/", None),
    }
nitpick_ignore_regex = [
    (r"py:.*", r"(collections\.abc|typing_extensions|enum|random)\.\w+"),
    (r"py:.*", r"(attr|attrs)\.[\w.]+"),
]
