"""The extraction of the docs' examples for mypy (``tests/docs_examples.py``).

CI runs ``mypy --strict`` on what the script writes; these tests check that it finds the
examples of every page that has some, each at its page line, and writes modules that
compile.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests import docs_examples

DOCS = docs_examples.DOCS

if not (DOCS / "index.md").is_file():  # pragma: no cover - tests run from a wheel's sources
    pytest.skip("the docs sources are not beside the tests", allow_module_level=True)


def test_every_page_with_doctests_gives_a_module_that_compiles(tmp_path: Path) -> None:
    assert docs_examples.main([str(tmp_path)]) == 0
    pages = [page for page in sorted(DOCS.glob("*.md")) if "{doctest}" in page.read_text()]
    assert len(pages) >= 8  # tutorial, notation, bots, matches, research...
    written = {path.name for path in tmp_path.glob("*.py")}
    assert written == {docs_examples.module_name(page) for page in pages}
    for page in pages:
        module = tmp_path / docs_examples.module_name(page)
        source = module.read_text(encoding="utf-8")
        compile(source, str(module), "exec")
        page_lines = page.read_text(encoding="utf-8").splitlines()
        module_lines = source.splitlines()
        # Every example line sits at its page line, the prompt removed.
        prompts = [n for n, line in enumerate(page_lines) if re.match(r"\s*>>> ", line)]
        assert prompts
        for n in prompts:
            assert module_lines[n] == page_lines[n].lstrip()[4:]
    config = (tmp_path / "mypy.ini").read_text(encoding="utf-8")
    assert "strict = True" in config
    assert "[mypy-pyspiel]" in config


PAGE = """\
# A page

:::{note}
```{doctest}
>>> x = 1
>>> def f(y: int) -> int:
...     return y + x
>>> f(1)
2
```
:::

```python
>>> not_a_doctest
```

````{eval-rst}
Some reST.

.. doctest::
   :hide:

   >>> z = f(x)
   >>> z
   3

After.
````
"""


def test_nested_fences_and_rest_doctests_are_found() -> None:
    examples = docs_examples.page_examples(PAGE)
    assert [example.line for example in examples] == [5, 6, 8, 23, 24]
    assert examples[1].source == "def f(y: int) -> int:\n    return y + x\n"
    module = docs_examples.module_source("page.md", ["import frenchtarot as ft"], examples)
    assert module.splitlines()[4:8] == [
        "x = 1",
        "def f(y: int) -> int:",
        "    return y + x",
        "f(1)",
    ]
    assert module.splitlines()[22] == "z = f(x)"


@pytest.mark.parametrize(
    "block",
    [
        "```{doctest} other\n>>> 1\n1\n```\n",
        "```{testcode}\nprint(1)\n```\n",
        "```{eval-rst}\n.. testsetup::\n\n   x = 1\n```\n",
        "```{eval-rst}\n>>> 1\n1\n```\n",
    ],
)
def test_what_cannot_be_extracted_is_refused(block: str) -> None:
    with pytest.raises(docs_examples.DocsExampleError):
        docs_examples.page_examples("# A page\n\n" + block)


def test_an_example_in_the_header_lines_is_refused() -> None:
    examples = docs_examples.page_examples("```{doctest}\n>>> 1\n1\n```\n")
    with pytest.raises(docs_examples.DocsExampleError):
        docs_examples.module_source("page.md", ["import frenchtarot as ft"], examples)
