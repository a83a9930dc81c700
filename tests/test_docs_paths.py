"""Every public path the docs name still imports.

The pages of ``docs/`` and the README name objects three ways: a dotted path in the text or
in a role (``{func}`frenchtarot.match.new_match```), an ``ft.NAME`` in the examples of a page
that does ``import frenchtarot as ft``, and ``from frenchtarot.X import Y`` lines. Each one
is read from the files and resolved as Python would: the longest module prefix imported,
then the names after it looked up one by one. A rename or a move that forgets a page fails
here, with the page and the path.

The changelog is left out on purpose: it names the old paths to say what became of them.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import re
from pathlib import Path

import attrs
import pytest

import frenchtarot

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

if not (DOCS / "index.md").is_file():  # pragma: no cover - tests run from a wheel's sources
    pytest.skip("the docs sources are not beside the tests", allow_module_level=True)

PAGES = sorted(DOCS.glob("*.md")) + [ROOT / "README.md"]

_IDENTIFIER = r"[A-Za-z_]\w*"
_DOTTED = re.compile(rf"(?<![\w./-])frenchtarot(?:\.{_IDENTIFIER})+")
"""``frenchtarot.X.Y`` anywhere: text, roles, code (not inside a file path or a word)."""
_FT = re.compile(rf"(?<![\w.])ft((?:\.{_IDENTIFIER})+)")
"""``ft.NAME.attr`` on a page that imports the package as ``ft``."""
_FT_IMPORT = re.compile(r"^\s*(?:>>> |\.\.\. )?import frenchtarot as ft\b", re.MULTILINE)
_FROM_IMPORT = re.compile(
    rf"^\s*(?:>>> |\.\.\. )?from (frenchtarot(?:\.{_IDENTIFIER})*) import ([\w, ]+)$",
    re.MULTILINE,
)
"""``from frenchtarot.X import Y, Z`` lines (in code blocks and doctests)."""


def documented_paths() -> dict[str, str]:
    """Each dotted path the pages name, with the first page (and line) naming it."""
    found: dict[str, str] = {}

    def add(path: str, page: Path, offset: int, text: str) -> None:
        where = f"{page.relative_to(ROOT)}:{text.count(chr(10), 0, offset) + 1}"
        found.setdefault(path, where)

    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in _DOTTED.finditer(text):
            add(match.group(0), page, match.start(), text)
        if _FT_IMPORT.search(text):
            for match in _FT.finditer(text):
                add("frenchtarot" + match.group(1), page, match.start(), text)
        for match in _FROM_IMPORT.finditer(text):
            for name in match.group(2).split(","):
                if name.strip():
                    add(f"{match.group(1)}.{name.strip()}", page, match.start(), text)
    return found


PATHS = documented_paths()


def _defined_in_source(module: str, name: str) -> bool:
    """Whether the source of ``module`` defines ``name`` at its top level, or imports it from
    a module of the package whose source defines it (a public name re-exported from a
    private module)."""
    # The file, found without importing the module's package (which needs the extra).
    place = Path(frenchtarot.__file__).parent.joinpath(*module.split(".")[1:])
    source = place / "__init__.py" if place.is_dir() else place.with_suffix(".py")
    tree = ast.parse(source.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            for alias in node.names:
                if (alias.asname or alias.name) == name and node.module.startswith("frenchtarot."):
                    return _defined_in_source(node.module, alias.name)
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.name == name:
                return True
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(target, ast.Name) and target.id == name for target in targets):
                return True
    return False


def _instance_attribute(owner: object, name: str) -> bool:
    """Whether instances of the class ``owner`` have ``name`` (a field or set in ``__init__``)."""
    if not isinstance(owner, type):
        return False
    if attrs.has(owner) and name in attrs.fields_dict(owner):
        return True
    for klass in owner.__mro__:
        if name in getattr(klass, "__annotations__", {}):
            return True
        try:
            source = inspect.getsource(klass)
        except (OSError, TypeError):  # builtins, compiled classes
            continue
        if re.search(rf"\bself\.{re.escape(name)}\s*=", source):
            return True
    return False


def resolve(path: str) -> object:
    """The object ``path`` names, as Python finds it; raises if it names nothing.

    Each name is a submodule when the package before it has one of that name (imported,
    as ``import`` would), else an attribute; the last one may also be an attribute that
    only instances have. A module that needs an optional dependency not installed here
    (the learning adapters without their extras) is read from its source instead.
    """
    parts = path.split(".")
    obj: object = importlib.import_module(parts[0])
    for index in range(1, len(parts)):
        name, dotted = parts[index], ".".join(parts[: index + 1])
        if hasattr(obj, "__path__") and importlib.util.find_spec(dotted) is not None:
            try:
                obj = importlib.import_module(dotted)
            except ModuleNotFoundError as error:
                if error.name is None or error.name.partition(".")[0] == parts[0]:
                    raise
                rest = parts[index + 1 :]
                assert len(rest) <= 1, f"{path}: too deep to read from the source of {dotted}"
                assert not rest or _defined_in_source(dotted, rest[0]), f"{path} is not defined"
                return path
            continue
        try:
            obj = getattr(obj, name)
        except AttributeError:
            if index == len(parts) - 1 and _instance_attribute(obj, name):
                return path
            raise AssertionError(f"{'.'.join(parts[:index])} has no {name!r}") from None
    return obj


@pytest.mark.parametrize(("path", "where"), sorted(PATHS.items()), ids=sorted(PATHS))
def test_every_path_the_docs_name_resolves(path: str, where: str) -> None:
    try:
        resolve(path)
    except (AssertionError, ImportError) as error:
        pytest.fail(f"{where} names {path}, which does not resolve: {error}")


def test_the_paths_are_read_from_every_kind_of_mention() -> None:
    """The reader still finds each kind (so a broken pattern cannot pass by finding none)."""
    assert "frenchtarot.match.new_match" in PATHS  # a role
    assert "frenchtarot.compiled" in PATHS  # text
    assert "frenchtarot.apply" in PATHS  # ft.apply in an example
    assert "frenchtarot.Suit.HEARTS.letter" in PATHS  # ft.X.attr.attr
    assert "frenchtarot.players.SimplePlayer" in PATHS  # from frenchtarot.players import ...
    assert "frenchtarot.records" in PATHS  # from frenchtarot import records
    assert len(PATHS) > 150


@pytest.mark.parametrize(
    "path",
    [
        "frenchtarot.new_match",  # moved to frenchtarot.match
        "frenchtarot.Camp.TAKER",  # removed
        "frenchtarot.errors.RecordError.lines",  # no such attribute
        "frenchtarot.no_such_module.thing",
        "frenchtarot.pettingzoo.no_such_function",  # a module needing an extra
    ],
)
def test_a_path_that_names_nothing_is_refused(path: str) -> None:
    with pytest.raises(AssertionError):
        resolve(path)
