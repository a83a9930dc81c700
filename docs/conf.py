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
    # The arena's executors, its journal's path and its pool's context.
    (r"py:.*", r"(os|multiprocessing|concurrent\.futures)(\.[\w.]+)?"),
    (r"py:.*", r"(numpy|np)\.[\w.]+|NDArray|ArrayLike"),
    # The table server's application class (frenchtarot.server.create_app returns one).
    (r"py:.*", r"(starlette\.[\w.]+|Starlette)"),
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


# Every public name must have its entry in the API reference, once: after reading,
# check that each name in the ``__all__`` of the package and of every public module
# is documented under exactly one of the paths that give the same object. A name
# re-exported elsewhere is documented once, where users are sent to import it: the
# root's names at the root (``frenchtarot.Phase``, not ``frenchtarot.state.Phase``),
# a feature's error with its feature (``frenchtarot.svg.InvalidSizeError``), the
# other errors under ``frenchtarot.errors``. A missing or a second entry is a
# warning, which ``-W`` turns into a failed build.
_DOCUMENTED_MODULES = (
    "frenchtarot",
    "frenchtarot.actions",
    "frenchtarot.arena",
    "frenchtarot.cards",
    "frenchtarot.encoding",
    "frenchtarot.errors",
    "frenchtarot.match",
    "frenchtarot.observation",
    "frenchtarot.players",
    "frenchtarot.records",
    "frenchtarot.rules",
    "frenchtarot.sampling",
    "frenchtarot.scoring",
    "frenchtarot.server",
    "frenchtarot.solver",
    "frenchtarot.state",
    "frenchtarot.svg",
    "frenchtarot.testing",
    "frenchtarot.vector",
)


def _public_paths() -> dict[int, tuple[object, list[str]]]:
    """Each public object (by identity) with every ``module.name`` path that gives it."""
    paths: dict[int, tuple[object, list[str]]] = {}
    for module_name in _DOCUMENTED_MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            paths.setdefault(id(obj), (obj, []))[1].append(f"{module_name}.{name}")
    return paths


def _documented(env: BuildEnvironment, path: str) -> bool:
    """Whether ``path`` has its own entry (not only a ``:canonical:`` alias)."""
    entry = env.get_domain("py").objects.get(path)  # type: ignore[attr-defined]
    return entry is not None and not entry.aliased


def _check_api_complete(app: Sphinx, env: BuildEnvironment) -> None:
    for _obj, paths in _public_paths().values():
        entries = [path for path in paths if _documented(env, path)]
        if not entries:
            _logger.warning("public name %s is missing from the API reference", paths[0])
        elif len(entries) > 1:
            _logger.warning(
                "public name %s is documented more than once: %s", paths[0], ", ".join(entries)
            )


# Docstrings name objects as their own module sees them (``DECK`` in ``frenchtarot.
# cards``, a bare ``RecordError`` in a ``Raises:`` section), or by a path other than
# the one the reference documents (``frenchtarot.cards.DECK``, ``frenchtarot.records.
# RecordError``). When such a reference finds nothing, import what it names and send
# it to the place where that object is documented; attributes after the object
# (``frenchtarot.records.RecordError.line``) follow it there. A bare name that the
# module does not give is looked for in ``frenchtarot.errors``, which defines every
# exception class. Only documented objects resolve this way; anything else still
# fails the build.
_SCALARS = (bool, int, float, str, type(None))


def _documented_places(env: BuildEnvironment) -> dict[int, str]:
    """The documented path of each public object (numbers and strings left out)."""
    places: dict[int, str] = {}
    for obj, paths in _public_paths().values():
        if isinstance(obj, _SCALARS):
            continue  # equal values may be shared objects: never resolve by identity
        for path in paths:
            if _documented(env, path):
                places[id(obj)] = path
    return places


def _import_path(dotted: str) -> tuple[object, list[str]] | None:
    """The module of the longest importable prefix of ``dotted``, and the names after it."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        try:
            return importlib.import_module(".".join(parts[:end])), parts[end:]
        except ImportError:
            continue
    return None


def _documented_place(dotted: str, places: dict[int, str]) -> str | None:
    """Where the object named by ``dotted`` is documented, or ``None``."""
    found = _import_path(dotted)
    if found is None:
        return None
    obj, names = found
    for index, name in enumerate(names):
        try:
            obj = getattr(obj, name)
        except AttributeError:
            return None
        place = places.get(id(obj))
        if place is not None:
            return ".".join([place, *names[index + 1 :]])
    return None


def _resolve_reexported(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: Element
) -> Element | None:
    if node.get("refdomain") != "py":
        return None
    target: str = node.get("reftarget", "")
    module: str = node.get("py:module") or ""
    candidates = []
    if target.startswith("frenchtarot."):
        candidates.append(target)
    elif module.startswith("frenchtarot"):
        candidates.append(f"{module}.{target}")
        if "." not in target:
            candidates.append(f"frenchtarot.errors.{target}")
    places = _documented_places(env)
    domain = env.get_domain("py")
    for candidate in candidates:
        place = _documented_place(candidate, places)
        if place is None or place == target:
            continue
        resolved: Element | None = domain.resolve_xref(
            env, node["refdoc"], app.builder, node["reftype"], place, node, contnode
        )
        if resolved is not None:
            return resolved
    return None


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
