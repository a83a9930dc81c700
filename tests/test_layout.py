"""The layout by layer holds: imports run downward, the core loads no feature, the rules core
is one folder that the build and mutation testing name, and only ``_core/state.py`` and its two
companions ``_core/play.py`` and ``_core/evolve.py`` read the storage of a
:class:`~frenchtarot.State`."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import frenchtarot

PACKAGE = Path(frenchtarot.__file__).resolve().parent
ROOT = PACKAGE.parent.parent
SOURCES = sorted(PACKAGE.rglob("*.py"))

VALUES = {
    "frenchtarot.errors",
    "frenchtarot._checks",
    "frenchtarot.cards",
    "frenchtarot.rules",
    "frenchtarot.actions",
    "frenchtarot._deal_values",
    "frenchtarot._score_values",
}
"""The value types: they import one another only."""
ENTRY = {
    "frenchtarot",
    "frenchtarot.state",
    "frenchtarot.scoring",
    "frenchtarot.observation",
    "frenchtarot._observation_text",
    "frenchtarot._engine",
    "frenchtarot._act",
    "frenchtarot._dealing",
    "frenchtarot._rollout",
    "frenchtarot._notation",
}
"""The checked entry points (and the root that re-exports them): above the rules core."""
FEATURES = {
    "frenchtarot.match",
    "frenchtarot.records",
    "frenchtarot.svg",
    "frenchtarot.encoding",
    "frenchtarot.testing",
    "frenchtarot.players",
    "frenchtarot.sampling",
    "frenchtarot.solver",
    "frenchtarot.arena",
    "frenchtarot.bots",
    "frenchtarot.openspiel",
    "frenchtarot.pettingzoo",
    "frenchtarot._cli",
    "frenchtarot.vector",
    "frenchtarot.server",
}
"""The features: each a module or a package holding its privates; none loads with the core."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(name: str) -> int:
    """0 for the values, 1 for the rules core, 2 for the entry points, 3 for the features."""
    if name in VALUES:
        return 0
    if name == "frenchtarot._core" or name.startswith("frenchtarot._core."):
        return 1
    if name in ENTRY:
        return 2
    feature = next((f for f in FEATURES if name == f or name.startswith(f + ".")), None)
    assert feature is not None or name == "frenchtarot.__main__", f"{name} has no layer"
    return 3


def runtime_imports(tree: ast.Module) -> list[tuple[str, int]]:
    """The ``frenchtarot`` modules imported at module level (not under TYPE_CHECKING)."""
    found: list[tuple[str, int]] = []
    for node in tree.body:
        if (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.startswith("frenchtarot")
        ):
            if node.module == "frenchtarot" or node.module == "frenchtarot._core":
                found.extend((f"{node.module}.{alias.name}", node.lineno) for alias in node.names)
            else:
                found.append((node.module, node.lineno))
        elif isinstance(node, ast.Import):
            found.extend(
                (alias.name, node.lineno)
                for alias in node.names
                if alias.name.startswith("frenchtarot")
            )
    return found


def known(name: str) -> str:
    """``name`` if it is a module of the package, else its parent (a name imported from it)."""
    path = PACKAGE.parent / Path(*name.split("."))
    if path.with_suffix(".py").exists() or (path / "__init__.py").exists():
        return name
    return name.rpartition(".")[0]


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: module_name(path))
def test_imports_run_downward(path: Path) -> None:
    importer = module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for imported, line in runtime_imports(tree):
        target = known(imported)
        if layer(importer) < 3:  # a feature may use another feature; nothing below may
            assert layer(target) <= layer(importer), f"{importer}:{line} imports {target}"


def function_imports(tree: ast.AST) -> list[tuple[str, str]]:
    """``(function, module)`` for each import of a frenchtarot module inside a function."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom) and (inner.module or "").startswith(
                    "frenchtarot"
                ):
                    found.append((node.name, inner.module or ""))
                elif isinstance(inner, ast.Import):
                    found.extend(
                        (node.name, alias.name)
                        for alias in inner.names
                        if alias.name.startswith("frenchtarot")
                    )
    return found


def test_the_only_imports_inside_functions_are_the_pictures_and_the_start_ups() -> None:
    """The pictures of a notebook, the terminal game, and the web framework of the table
    server (an extra: ``frenchtarot.server`` imports without it)."""
    found = {
        (module_name(path), function, module)
        for path in SOURCES
        for function, module in function_imports(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert found == {
        ("frenchtarot._core.state", "_repr_svg_", "frenchtarot"),
        ("frenchtarot.observation", "_repr_svg_", "frenchtarot"),
        ("frenchtarot._cli", "main", "frenchtarot._cli.terminal"),
        ("frenchtarot.server", "create_app", "frenchtarot.server._app"),
        ("frenchtarot.server._cli", "main", "frenchtarot.server._app"),
    }


STORAGE = {"_hands", "_trick", "_leader", "_chain", "_deal", "_history", "_hash"}
"""The private slots of a State."""
READERS = {"frenchtarot._core.state", "frenchtarot._core.play", "frenchtarot._core.evolve"}
"""The modules that read them: the state, the play of a card (the hot path) and the copy."""


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: module_name(path))
def test_only_the_state_modules_read_the_storage_of_a_state(path: Path) -> None:
    if module_name(path) in READERS:
        return
    tree = ast.parse(path.read_text(encoding="utf-8"))
    reads = [
        (node.attr, node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in STORAGE
    ]
    assert reads == []


def test_import_frenchtarot_loads_no_feature() -> None:
    code = "import frenchtarot, sys; print(' '.join(sorted(sys.modules)))"
    loaded = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout.split()
    ours = [name for name in loaded if name.startswith("frenchtarot")]
    assert "frenchtarot._core.transitions" in ours  # the check sees the package's modules
    assert [name for name in ours if layer(name) == 3] == []


def test_the_root_is_small_and_sorted() -> None:
    names = frenchtarot.__all__
    assert len(names) <= 55

    def kind(name: str) -> tuple[int, str]:  # constants, then classes, then the rest
        return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)

    assert list(names) == sorted(names, key=kind)
    assert len(set(names)) == len(names)
    for name in names:
        assert hasattr(frenchtarot, name)


def test_the_build_and_mutation_testing_name_the_rules_core_folder() -> None:
    path = ROOT / "pyproject.toml"
    if not path.exists():
        pytest.skip("run from an installed wheel, without the project's pyproject.toml")
    text = path.read_text(encoding="utf-8")
    hook = text.split("[tool.hatch.build.targets.wheel.hooks.mypyc]")[1].split("\n[")[0]
    assert re.findall(r"^include = (.*)$", hook, re.M) == [
        '["src/frenchtarot/_core", "src/frenchtarot/solver/_search.py", '
        '"src/frenchtarot/solver/_board.py", "src/frenchtarot/solver/_tables.py", '
        '"src/frenchtarot/solver/_bounds.py", '
        '"src/frenchtarot/solver/_ordering.py", "src/frenchtarot/solver/_keys.py"]'
    ]
    mutmut = text.split("[tool.mutmut]")[1].split("\n[")[0]
    assert re.findall(r"^only_mutate = (.*)$", mutmut, re.M) == ['["src/frenchtarot/_core/*"]']
