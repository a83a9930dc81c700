"""Nox sessions: the test suite on every supported Python, and mutation testing.

Run ``nox`` (or ``nox -s tests``) for the suite on CPython 3.10 to 3.13, ``nox -s
tests-3.12`` for one version, and ``nox -s mutmut`` for mutation testing. See
``docs/development.md``. The sessions run the suite without the soak tests (pyproject.toml
leaves them out); ``.ci/run`` sets ``HYPOTHESIS_PROFILE=quick`` for them.

The interpreters are looked up on ``PATH``; the pyenv versions installed under
``$PYENV_ROOT/versions`` (``~/.pyenv/versions`` by default) are appended to it, so nox
finds them without a pyenv shell setup. A version that is not installed is skipped
(reported as such), never downloaded, and does not fail the run.
"""

from __future__ import annotations

import os
from pathlib import Path

import nox

PYTHONS = ["3.10", "3.11", "3.12", "3.13"]
"""Every Python that ``requires-python`` and the classifiers promise."""

MUTMUT_PYTHON = "3.12"
"""The one Python mutation testing runs on (its results do not depend on the version)."""


def _pyenv_bins() -> list[str]:
    """The ``bin`` directories of the pyenv versions, newest first."""
    root = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv")
    versions = root / "versions"
    if not versions.is_dir():
        return []
    return [str(path / "bin") for path in sorted(versions.iterdir(), reverse=True)]


def _with_pyenv_on_path() -> None:
    """Put the pyenv interpreters on ``PATH`` (after what is already there)."""
    path = os.environ.get("PATH", "").split(os.pathsep)
    extra = [entry for entry in _pyenv_bins() if entry not in path]
    os.environ["PATH"] = os.pathsep.join([*path, *extra])


_with_pyenv_on_path()

nox.options.sessions = ["tests"]
# Skip an absent version rather than fail (nox would fail when the CI variable is set), and
# never download one: the sessions use the interpreters of the machine.
nox.options.error_on_missing_interpreters = False
nox.options.download_python = "never"
nox.options.reuse_venv = "yes"


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The test suite without the soak tests (``-m "not soak"``), on one Python."""
    session.install("-e", ".[test]")
    session.run(
        "pytest", "-q", "-n", "auto", "-p", "no:cacheprovider", "-m", "not soak", *session.posargs
    )


@nox.session(python=MUTMUT_PYTHON)
def mutmut(session: nox.Session) -> None:
    """Mutation testing of the rules core, the folder ``_core`` (configured in ``[tool.mutmut]``).

    Keeps its work in ``mutants/``: a second run only retests what changed. Pass
    ``-- --max-children N`` to set the number of parallel workers.
    """
    session.install("-e", ".[test]", "mutmut>=3.8,<4")
    session.run("mutmut", "run", *session.posargs)
    session.run("mutmut", "results")
