"""Extract the doctest examples of the documentation's pages, for mypy to check.

The pages' examples are meant to be copied into typed programs, so CI checks them with
``mypy --strict`` as well as running them (``sphinx-build -b doctest``). This script writes,
for each page of ``docs/`` that has examples, one Python module holding the page's examples
in order, as Sphinx runs them: in one namespace, after the ``doctest_global_setup`` of
``docs/conf.py``. Only the source of each example is kept (the ``>>>`` and ``...`` lines,
prompts removed), not its expected output. Usage::

    python tests/docs_examples.py OUT
    mypy --strict --config-file OUT/mypy.ini OUT

Each module is named after its page (``house-rules.md`` gives ``house_rules_md.py``), and
line N of the module is line N of the page, so mypy's messages point into the page. The
examples are those of the ``{doctest}`` fences (of backticks, or of colons), also inside
other directives' fences, and of the ``.. doctest::`` directives in ``{eval-rst}`` fences.
Sphinx doctest constructs this script cannot place in a page's module (a doctest
group, ``testcode``, ``testsetup``..., a bare ``>>>`` paragraph in reST) stop it with an
error rather than go unchecked. Modules of an earlier run (``OUT/*_md.py``) are removed
first.

OUT also gets a ``mypy.ini``: strict, Python 3.10 (the oldest supported), ``frenchtarot``
read from this checkout's ``src``, a cache of its own, and missing imports ignored for
``pyspiel`` alone: OpenSpiel's compiled module ships no types.
"""

from __future__ import annotations

import argparse
import ast
import doctest
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

# Modules imported by the examples that ship no types (told to mypy in mypy.ini).
UNTYPED_IMPORTS = ("pyspiel",)

# An opening or closing code fence (MyST: backticks, tildes, or colons with colon_fence).
_FENCE = re.compile(r"^\s*(?P<fence>`{3,}|~{3,}|:{3,})(?P<info>.*)$")
_DIRECTIVE = re.compile(r"^\{(?P<name>[^}]+)\}\s*(?P<args>.*)$")
_RST_DIRECTIVE = re.compile(r"^(?P<indent>\s*)\.\.\s+(?P<name>[\w-]+)::(?P<args>.*)$")
# Sphinx's doctest directives other than ``doctest``: their code is not in ``>>>`` form.
_UNSUPPORTED = frozenset({"testsetup", "testcleanup", "testcode", "testoutput"})
_DEFAULT_GROUPS = frozenset({"", "default"})


class DocsExampleError(Exception):
    """A page holds a doctest construct this script cannot extract."""


class Example(NamedTuple):
    """One example: the page line of its first ``>>>`` line, and its source."""

    line: int
    source: str


def global_setup(conf: Path) -> list[str]:
    """The lines of ``doctest_global_setup`` in the Sphinx configuration ``conf``."""
    for node in ast.parse(conf.read_text(encoding="utf-8")).body:
        if (
            isinstance(node, ast.Assign)
            and any(
                isinstance(target, ast.Name) and target.id == "doctest_global_setup"
                for target in node.targets
            )
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            return [line for line in node.value.value.splitlines() if line.strip()]
    return []


def _doctests(lines: Sequence[str], start: int, where: str) -> list[Example]:
    """The examples of a doctest block whose first line is ``lines[0]``, page line ``start``."""
    parser = doctest.DocTestParser()
    examples = parser.get_examples("\n".join(lines) + "\n", where)
    return [Example(start + example.lineno, example.source) for example in examples]


def _check_group(args: str, where: str) -> None:
    if args.strip() not in _DEFAULT_GROUPS:
        raise DocsExampleError(
            f"{where}: a doctest group ({args.strip()!r}) has a namespace of its own, "
            "which this script does not model; use the default group"
        )


def _closing(lines: Sequence[str], start: int, end: int, fence: str) -> int:
    """The index of the line that closes ``fence`` (``end`` when the block runs on)."""
    close = re.compile(rf"^\s*{re.escape(fence[0])}{{{len(fence)},}}\s*$")
    return next((index for index in range(start, end) if close.match(lines[index])), end)


def _rst_examples(lines: Sequence[str], start: int, where: str) -> list[Example]:
    """The examples of reST text (an ``eval-rst`` block); ``lines[0]`` is page line ``start``."""
    found: list[Example] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        directive = _RST_DIRECTIVE.match(line)
        if directive is None:
            if line.lstrip().startswith(">>>"):
                raise DocsExampleError(
                    f"{where}:{start + index}: a '>>>' line outside a doctest directive "
                    "(Sphinx runs it, but this script does not place it): use "
                    "'.. doctest::' or a ```{doctest} fence"
                )
            index += 1
            continue
        name, indent = directive["name"], len(directive["indent"])
        body = index + 1
        while body < len(lines) and (
            not lines[body].strip() or len(lines[body]) - len(lines[body].lstrip()) > indent
        ):
            body += 1
        if name == "doctest":
            _check_group(directive["args"], f"{where}:{start + index}")
            found += _doctests(lines[index + 1 : body], start + index + 1, where)
        elif name in _UNSUPPORTED:
            raise DocsExampleError(f"{where}:{start + index}: '.. {name}::' is not extracted")
        index = body
    return found


def _markdown_examples(lines: Sequence[str], begin: int, end: int, where: str) -> list[Example]:
    """The examples in ``lines[begin:end]`` of a MyST page (page line ``n`` is ``lines[n-1]``)."""
    found: list[Example] = []
    index = begin
    while index < end:
        opening = _FENCE.match(lines[index])
        if opening is None:
            index += 1
            continue
        close = _closing(lines, index + 1, end, opening["fence"])
        directive = _DIRECTIVE.match(opening["info"].strip())
        if directive is not None:
            name, at = directive["name"], f"{where}:{index + 1}"
            if name == "doctest":
                _check_group(directive["args"], at)
                found += _doctests(lines[index + 1 : close], index + 2, where)
            elif name == "eval-rst":
                found += _rst_examples(lines[index + 1 : close], index + 2, where)
            elif name in _UNSUPPORTED:
                raise DocsExampleError(f"{at}: a {{{name}}} block is not extracted")
            else:  # an admonition or any other directive may hold doctest fences
                found += _markdown_examples(lines, index + 1, close, where)
        index = close + 1
    return found


def page_examples(text: str, where: str = "<page>") -> list[Example]:
    """Every doctest example of a MyST page, in order."""
    lines = text.splitlines()
    return _markdown_examples(lines, 0, len(lines), where)


def module_source(page: str, setup: Sequence[str], examples: Sequence[Example]) -> str:
    """A module of ``examples`` after ``setup``, each at its own page line."""
    header = f"# {page}'s examples (tests/docs_examples.py): line N here is line N there."
    lines = [header, *setup]
    for example in examples:
        if example.line <= len(lines):
            raise DocsExampleError(
                f"{page}:{example.line}: an example this early in the page leaves no room "
                f"for the {len(lines)} lines of the header and the global setup"
            )
        lines += [""] * (example.line - 1 - len(lines))
        lines += example.source.splitlines()
    return "\n".join(lines) + "\n"


def module_name(page: Path) -> str:
    """The name of the module that holds ``page``'s examples: ``house_rules_md.py``."""
    return re.sub(r"\W", "_", f"{page.stem}_md") + ".py"


def mypy_config(out: Path) -> str:
    """The mypy settings for the modules written to ``out``."""
    untyped = "\n".join(
        f"[mypy-{name}]\nignore_missing_imports = True\n" for name in UNTYPED_IMPORTS
    )
    return (
        "# Written by tests/docs_examples.py: mypy's settings for the docs' examples.\n"
        "[mypy]\n"
        "strict = True\n"
        "python_version = 3.10\n"
        f"mypy_path = {ROOT / 'src'}\n"
        f"cache_dir = {out.resolve() / '.mypy_cache'}\n"
        "\n"
        "# These examples' imports ship no types.\n"
        f"{untyped}"
    )


def extract(docs: Path, out: Path) -> dict[str, int]:
    """Write each page's examples to ``out``; how many examples each module has, by name."""
    setup = global_setup(docs / "conf.py")
    written: dict[str, int] = {}
    out.mkdir(parents=True, exist_ok=True)
    for stale in out.glob("*_md.py"):
        stale.unlink()
    for page in sorted(docs.glob("*.md")):
        where = f"{docs.name}/{page.name}"
        examples = page_examples(page.read_text(encoding="utf-8"), where)
        if not examples:
            continue
        name = module_name(page)
        if name in written:
            raise DocsExampleError(f"{where}: a second page whose examples go to {name}")
        (out / name).write_text(module_source(where, setup, examples), encoding="utf-8")
        written[name] = len(examples)
    (out / "mypy.ini").write_text(mypy_config(out), encoding="utf-8")
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """Extract the examples into the directory the command line names."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("out", type=Path, help="the directory to write the modules to")
    parser.add_argument("--docs", type=Path, default=DOCS, help="the pages (default: docs/)")
    args = parser.parse_args(argv)
    try:
        written = extract(args.docs, args.out)
    except DocsExampleError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    for name, count in written.items():
        print(f"{count:4d} examples  {args.out / name}")
    print(f"check them with: mypy --strict --config-file {args.out / 'mypy.ini'} {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
