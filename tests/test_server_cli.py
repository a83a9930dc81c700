"""``serve``: the server's command line, and the package files the pages are made of."""

from __future__ import annotations

import runpy
import subprocess
import sys
import zipfile
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from frenchtarot import server
from frenchtarot.rules import RULES_BY_SEATS
from frenchtarot.server import _files, main


def test_the_page_files_ship_in_the_package() -> None:
    folder = resources.files("frenchtarot.server").joinpath("static")
    for name in _files.STATIC_FILES:
        text = folder.joinpath(name).read_text(encoding="utf-8")
        assert text.strip(), name
    assert {entry.name for entry in folder.iterdir()} == set(_files.STATIC_FILES)


def test_a_built_wheel_holds_the_page_files(tmp_path: Path) -> None:
    """Build the wheel with hatchling (when installed) and look inside."""
    builder = pytest.importorskip("hatchling.builders.wheel")
    root = Path(__file__).resolve().parent.parent
    wheel = builder.WheelBuilder(str(root))
    built = list(wheel.build(directory=str(tmp_path), versions=["standard"]))
    names = set(zipfile.ZipFile(built[0]).namelist())
    for name in _files.STATIC_FILES:
        assert f"frenchtarot/server/static/{name}" in names


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "python -m frenchtarot serve" in out and "--rules NAME" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--max-tables", "0"], "max_tables must be 1 or more"),
        (["--bot-delay", "-1"], "bot_delay must be a finite number 0 or more"),
        (["--idle-minutes", "0"], "idle_seconds must be a finite number above 0"),
        (["--port", "70000"], "the port is 0 to 65535"),
        (["--level", "6"], "bot_level must be from 1 to 5, not 6"),
        (["--level", "3", "--bot-samples", "4"], "exclude each other"),
    ],
)
def test_bad_settings(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_an_unknown_preset_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--rules", "tarot"])
    assert done.value.code == 2
    assert "invalid choice: 'tarot'" in capsys.readouterr().err


def test_serve_runs_uvicorn(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("starlette")
    uvicorn = pytest.importorskip("uvicorn")
    seen: dict[str, Any] = {}

    def run(app: object, **options: Any) -> None:
        seen["app"] = app
        seen.update(options)

    monkeypatch.setattr(uvicorn, "run", run)
    monkeypatch.setattr(sys, "setswitchinterval", lambda value: seen.update(switch=value))
    argv = [
        "--port",
        "8123",
        "--rules",
        "ludicash",
        "--rules",
        "three-player",
        "--stats",
        "--root-path",
        "/tarot",
        "--bot-delay",
        "0",
    ]
    assert main(argv) == 0
    assert seen["host"] == "127.0.0.1" and seen["port"] == 8123
    assert seen["root_path"] == "/tarot" and seen["ws_max_size"] == 65536
    lobby = seen["app"].state.lobby
    assert lobby.settings.rules == ("ludicash", "three-player") and lobby.settings.stats
    assert lobby.settings.bot_delay == 0
    assert seen["switch"] <= 0.001
    assert lobby.settings.bot_level == 4  # the default level of the command
    bot = lobby.bot_factory(RULES_BY_SEATS[4], 1)
    assert repr(bot) == "SearchPlayer(seconds=0.05, rollouts=2, margin=2)"


@pytest.mark.parametrize(
    ("argv", "level", "bot"),
    [
        (["--level", "2"], 2, "SimplePlayer()"),
        (["--level", "5"], 5, "SearchPlayer(seconds=0.25)"),
        (["--bot-samples", "3"], None, "MonteCarloPlayer(samples=3, rollouts=1)"),
        (["--bot-rollouts", "2"], None, "MonteCarloPlayer(samples=16, rollouts=2)"),
    ],
)
def test_serve_level_or_budget_makes_the_bots(
    argv: list[str], level: int | None, bot: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("starlette")
    uvicorn = pytest.importorskip("uvicorn")
    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: seen.update(app=app))
    monkeypatch.setattr(sys, "setswitchinterval", lambda value: None)
    assert main(argv) == 0
    lobby = seen["app"].state.lobby
    assert lobby.settings.bot_level == level
    assert repr(lobby.bot_factory(RULES_BY_SEATS[4], 0)) == bot


def test_serve_says_what_is_missing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert main([]) == 2
    assert "pip install 'frenchtarot[server]'" in capsys.readouterr().err


def test_create_app_says_what_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "frenchtarot.server._app", None)
    with pytest.raises(ImportError, match=r"frenchtarot\[server\]"):
        server.create_app()


def test_the_module_runs_main(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["frenchtarot.server", "--help"])
    with pytest.raises(SystemExit) as done:
        runpy.run_module("frenchtarot.server", run_name="__main__")
    assert done.value.code == 0


def test_python_m_frenchtarot_server() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "frenchtarot.server", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and "--max-connections" in done.stdout
