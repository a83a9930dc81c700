"""How the command line ends when its surroundings fail it (issue #30): a reader that goes
away, Ctrl-C, a terminal that cannot encode a character, a record file without end.

Each case runs ``python -m frenchtarot`` as a program, as a person or a script would, and
checks the exit status and that nothing like a traceback reaches standard error. The unit
tests at the end drive the same code in this process.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

import frenchtarot as ft
from frenchtarot import _cli, records
from frenchtarot._cli import _endings
from frenchtarot._cli._endings import EXIT_BROKEN_PIPE, EXIT_INTERRUPTED, INTERRUPTED
from frenchtarot.match import new_match, play_match
from frenchtarot.players import SimplePlayer

SRC = str(Path(_cli.__file__).resolve().parents[2])
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="signals and pipes of POSIX")
TIMEOUT = 60


def environment(**extra: str) -> dict[str, str]:
    path = os.pathsep.join(filter(None, [SRC, os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path, "PYTHONIOENCODING": "utf-8", **extra}


def start(args: Sequence[str], **extra: str) -> subprocess.Popen[bytes]:
    """``python -m frenchtarot ARGS`` in a session of its own (Ctrl-C reaches only it)."""
    return subprocess.Popen(
        [sys.executable, "-m", "frenchtarot", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment(**extra),
        start_new_session=True,
    )


def run(args: Sequence[str], **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "frenchtarot", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=environment(**extra),
        timeout=TIMEOUT,
        check=False,
    )


@pytest.fixture(scope="module")
def saved_match(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "match.json"
    match = play_match(new_match(4, deals=2, seed=3), [SimplePlayer()] * 4)
    path.write_text(records.dumps(match), "utf-8")
    return path


# --- A reader that goes away ----------------------------------------------------------------


@POSIX
@pytest.mark.parametrize(
    "args",
    [
        ["--seed", "1"],
        ["match", "--deals", "2", "--seed", "1"],
        ["replay", "MATCH"],
        ["play", "--seed", "5"],
        ["arena", "--players", "simple,random,random", "--deals", "1", "--seed", "1"],
    ],
    ids=["deal", "match", "replay", "play", "arena"],
)
def test_a_closed_pipe_ends_the_command_quietly(args: list[str], saved_match: Path) -> None:
    """As ``python -m frenchtarot ... | head -0``: status 141 and not a word."""
    args = [str(saved_match) if arg == "MATCH" else arg for arg in args]
    process = start(args)
    assert process.stdout is not None and process.stdin is not None
    process.stdout.close()  # before the command writes anything: its first write fails
    _, err = process.communicate(b"1\n" * 120, timeout=TIMEOUT)
    assert process.returncode == EXIT_BROKEN_PIPE, err
    assert err == b""


# --- Ctrl-C ---------------------------------------------------------------------------------


def resident_mib(pid: int) -> float:
    """The resident memory of process ``pid`` in MiB (Linux), 0 where it cannot be read."""
    status = Path(f"/proc/{pid}/status")
    if not status.exists():
        return 0.0
    for line in status.read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@POSIX
@pytest.mark.parametrize(
    "args",
    [
        ["match", "--deals", "100000", "--seed", "1"],
        ["arena", "--players", "simple,simple,simple", "--deals", "1000000000", "--workers", "2"],
    ],
    ids=["match", "arena-with-workers"],
)
def test_ctrl_c_ends_with_one_line_and_status_130(args: list[str]) -> None:
    process = start(args)
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline().startswith(b"Seed: ")  # the command is running
    if "arena" in args:  # the progress bar: the workers are started and busy
        assert process.stderr.read(1) == b"\r"
        # A billion deals in bounded memory: the deals are drawn a window at a time.
        time.sleep(1.0)
        assert resident_mib(process.pid) < 200
    # What a terminal does on Ctrl-C: SIGINT to every process of the job, workers too.
    os.killpg(process.pid, signal.SIGINT)
    sent = time.monotonic()
    _, err = process.communicate(timeout=TIMEOUT)
    assert time.monotonic() - sent < 5.0
    assert process.returncode == EXIT_INTERRUPTED
    assert b"Traceback" not in err and b"Error" not in err
    lines = err.decode("utf-8").replace("\r", "\n").splitlines()
    assert lines[-1] == INTERRUPTED
    assert [line for line in lines if line and not line.startswith("[")] == [INTERRUPTED]


# --- A terminal that cannot encode everything -----------------------------------------------


def test_an_ascii_terminal_gets_names_and_words_without_accents() -> None:
    names = "Zoé,Noël,Cœur,Ana"
    result = run(
        ["match", "--deals", "1", "--seed", "1", "--names", names], PYTHONIOENCODING="ascii"
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "Zoe" in result.stdout and "Noel" in result.stdout and "C?ur" in result.stdout
    deal = run(["--seed", "3"], PYTHONIOENCODING="ascii")
    assert deal.returncode == 0, deal.stderr
    assert "Ecart of seat 1: " in deal.stdout


# --- Records without end, the help ----------------------------------------------------------


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_replay_refuses_an_endless_file_quickly() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "frenchtarot", "replay", "/dev/zero"],
        capture_output=True,
        text=True,
        env=environment(),
        timeout=20,
        check=False,
    )
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == "error: /dev/zero: more than 16 MiB, too large for a record\n"


def test_the_help_lists_the_commands() -> None:
    result = run(["--help"])
    assert result.returncode == 0
    commands = result.stdout.split("\ncommands:\n", 1)[1]
    for command in ("play", "match", "replay", "arena"):
        assert f"\n  {command}  " in commands
    assert "--rules NAME" in result.stdout
    assert "141" in result.stdout and "130" in result.stdout


# --- The same code, in this process ---------------------------------------------------------


def test_replay_refuses_a_record_over_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "big.json"
    path.write_text(records.dumps(ft.new_deal(seed=1)), "utf-8")
    monkeypatch.setattr(_cli, "MAX_RECORD_BYTES", path.stat().st_size - 1)
    assert _cli.main(["replay", str(path)]) == 1
    assert capsys.readouterr().err == f"error: {path}: more than 0 MiB, too large for a record\n"
    monkeypatch.setattr(_cli, "MAX_RECORD_BYTES", path.stat().st_size)
    assert _cli.main(["replay", str(path)]) == 0


@pytest.mark.parametrize(
    ("error", "status"),
    [(KeyboardInterrupt, EXIT_INTERRUPTED), (BrokenPipeError, EXIT_BROKEN_PIPE)],
)
def test_main_turns_ctrl_c_and_a_broken_pipe_into_a_status(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    error: type[BaseException],
    status: int,
) -> None:
    def fail(argv: Sequence[str]) -> int:
        raise error

    silenced: list[object] = []
    monkeypatch.setitem(_cli._COMMANDS, "match", fail)
    monkeypatch.setattr(_endings, "silence", lambda *streams: silenced.extend(streams))
    assert _cli.main(["match"]) == status
    err = capsys.readouterr().err
    if error is KeyboardInterrupt:
        assert err == f"{INTERRUPTED}\n" and not silenced
    else:
        assert err == "" and silenced == [sys.stdout, sys.stderr]


def test_silence_points_a_stream_at_the_null_device(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    with open(path, "w", encoding="utf-8") as stream:
        _endings.silence(stream, io.StringIO())  # the StringIO has no descriptor: left alone
        stream.write("lost")
    assert path.read_text("utf-8") == ""


def test_plain_output_writes_what_the_encoding_cannot_plainly() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    _endings.plain_output(stream, io.StringIO())  # a StringIO is left as it is
    assert stream.errors == _endings.PLAIN
    stream.write("Écart de Zoé: \U0001f0a1 cœur\n")
    stream.flush()
    assert raw.getvalue() == b"Ecart de Zoe: ? c?ur\n"
    with pytest.raises(UnicodeDecodeError):
        b"\xff".decode("ascii", _endings.PLAIN)


def test_the_progress_bar_ends_its_line_before_a_message(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bar = _cli._ProgressBar()
    bar.end_line()
    bar(1, 3)
    bar.end_line()
    bar.end_line()
    bar(3, 3)
    bar.end_line()
    assert capsys.readouterr().err == "\r[" + "#" * 10 + "." * 20 + "] 1/3 deals\n" + (
        "\r[" + "#" * 30 + "] 3/3 deals\n"
    )


def test_ctrl_c_in_an_arena_in_process_ends_the_progress_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(
        *args: object, progress: Callable[[int, int], object], **kwargs: object
    ) -> None:
        progress(1, 2)
        raise KeyboardInterrupt

    monkeypatch.setattr(_cli, "duplicate", interrupted)
    assert _cli.main(["arena", "--seed", "1"]) == EXIT_INTERRUPTED
    captured = capsys.readouterr()
    assert captured.out == "Seed: 1 (repeat with --seed 1)\n"
    assert captured.err.endswith(f"] 1/2 deals\n{INTERRUPTED}\n")
