"""Sphinx configuration for the frenchtarot documentation.

Build (the package must be installed, e.g. ``pip install -e '.[docs]'``)::

    sphinx-build -W -n -b html docs docs/_build/html
    sphinx-build -W -n -b doctest docs docs/_build/doctest
"""

from __future__ import annotations

import importlib
import os
import re
from importlib.metadata import version as _dist_version
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.util import logging

if TYPE_CHECKING:
    from docutils.nodes import Element, Node, system_message
    from docutils.parsers.rst.states import Inliner
    from sphinx.addnodes import pending_xref
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

_logger = logging.getLogger(__name__)

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
# Types only for the parameters a docstring documents: State's internal constructor stays out.
autodoc_typehints_description_target = "documented_params"
autodoc_member_order = "bysource"
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# Docstrings are written for their own module's namespace (``Card.parse(...)``,
# ``parse_action(...)``), so their examples see every public name; the pages
# themselves import what they use.
doctest_global_setup = """
import frenchtarot as ft
from frenchtarot import *
"""

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


# Napoleon reads the first line of an attribute or property docstring as
# ``type: description`` when it holds a colon. This project never writes types
# there (they come from annotations), so a summary such as "The rank: 1 to 14"
# must stay prose. Run napoleon on those docstrings as it would on a method's.
_ATTRIBUTE_LIKE = frozenset({"attribute", "data", "property"})


def _napoleon_keep_summaries(
    app: Sphinx, what: Any, name: str, obj: object, options: object, lines: list[str]
) -> None:
    from sphinx.ext.napoleon import _process_docstring

    kind: Any = "method" if what in _ATTRIBUTE_LIKE else what
    _process_docstring(app, kind, name, obj, options, lines)


# Every public name must have its entry in the API reference: after reading,
# check the Python domain holds each name of ``frenchtarot.__all__`` (and of the
# public submodules that have an ``__all__``). A missing one is a warning,
# which ``-W`` turns into a failed build.
_DOCUMENTED_MODULES = (
    "frenchtarot",
    "frenchtarot.arena",
    "frenchtarot.encoding",
    "frenchtarot.match",
    "frenchtarot.observation",
    "frenchtarot.players",
    "frenchtarot.records",
    "frenchtarot.sampling",
    "frenchtarot.svg",
    "frenchtarot.testing",
)


def _check_api_complete(app: Sphinx, env: BuildEnvironment) -> None:
    objects = env.get_domain("py").objects  # type: ignore[attr-defined]
    root = importlib.import_module("frenchtarot")
    for module_name in _DOCUMENTED_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        for name in getattr(module, "__all__", ()):
            places = [f"{module_name}.{name}"]
            if getattr(root, name, None) is getattr(module, name):
                places.append(f"frenchtarot.{name}")  # re-exported: documented at the root
            if not any(place in objects for place in places):
                _logger.warning(
                    "public name %s.%s is missing from the API reference", module_name, name
                )


# A submodule's docstrings name its objects as that module sees them (``DECK``
# in ``frenchtarot.cards``) or by their full path (``frenchtarot.observation.
# observe``), while the reference documents them where users import them: at
# the package root. When such a reference finds nothing, look for the same
# name at the root. Only names documented there resolve this way; anything
# else still fails the build.
_SUBMODULE_PATH = re.compile(r"frenchtarot\.[a-z]\w*\.(?P<rest>.+)")


def _resolve_reexported(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: Element
) -> Element | None:
    if node.get("refdomain") != "py":
        return None
    module = node.get("py:module") or ""
    target = node.get("reftarget", "")
    full = _SUBMODULE_PATH.fullmatch(target)
    if full is not None:
        target = full.group("rest")
    elif target.startswith("frenchtarot.") or not module.startswith("frenchtarot."):
        return None
    domain = env.get_domain("py")
    return domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], f"frenchtarot.{target}", node, contnode
    )


# ``{test}`tests/test_x.py::test_name``` names the test that pins a rule, as a
# pytest node ID (``Class::method`` works too). The build checks that the file
# exists and defines each named function or class, so the rules page cannot
# point at a test that was renamed or removed.
_ROOT = Path(__file__).resolve().parent.parent


def _missing_test(node_id: str) -> str | None:
    path, *names = node_id.split("::")
    file = _ROOT / path
    if not path.startswith("tests/") or not file.is_file():
        return f"no test file {path!r} (from {node_id!r})"
    source = file.read_text(encoding="utf-8")
    for name in names:
        pattern = rf"^\s*(?:async\s+def|def|class)\s+{re.escape(name)}\b"
        if not re.search(pattern, source, re.MULTILINE):
            return f"{path} defines no test {name!r} (from {node_id!r})"
    return None


def _test_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: dict[str, object] | None = None,
    content: list[str] | None = None,
) -> tuple[list[Node], list[system_message]]:
    node_id = text.strip()
    problem = _missing_test(node_id)
    messages = [] if problem is None else [inliner.reporter.warning(problem, line=lineno)]
    return [nodes.literal(rawtext, node_id, classes=["pinned-by-test"])], messages


def setup(app: Sphinx) -> None:
    """Install the napoleon wrapper, the checks and the ``test`` role defined above."""
    from sphinx.ext.napoleon import _process_docstring

    # ``_process_docstring`` is napoleon's own (private) handler: should a
    # future Sphinx rename it, the import above fails and says so.
    for listener in list(app.events.listeners.get("autodoc-process-docstring", [])):
        if listener.handler is _process_docstring:
            app.disconnect(listener.id)
    app.connect("autodoc-process-docstring", _napoleon_keep_summaries)
    app.connect("env-check-consistency", _check_api_complete)
    app.connect("missing-reference", _resolve_reexported)
    app.add_role("test", _test_role)
