r"""Bots in any language: players that are programs, spoken to over a line protocol.

A bot here is a program that reads lines on its standard input and writes lines on its
standard output, in any language. :class:`ProgramPlayer` runs one and makes it a
:data:`~frenchtarot.players.Player`, so that it sits at a table beside the built-in players
(:func:`frenchtarot.players.play_deal`, :func:`frenchtarot.match.play_match`,
:func:`frenchtarot.arena.duplicate`, ``python -m frenchtarot arena --seat cmd:./mybot``).
:func:`serve` is the other end: it runs a Python player as such a program
(``python -m frenchtarot bot simple``).

The protocol, in full (the docs' "Bots over a line protocol" page says the same with
examples). Every line is UTF-8 text ended by ``\n``; the engine's lines are JSON objects
(one per line), the bot's lines are plain text.

1. The engine starts the program and writes a hello,
   ``{"format": "frenchtarot/1", "kind": "hello", "protocol": 1, "time_limit": 5.0}``;
   the bot answers ``hello 1``, optionally followed by a space and its name.
2. For each decision the engine writes the seat's view: the observation record of
   :mod:`frenchtarot.records` (``"kind": "observation"``), which holds the seat, the
   phase, the seat's hand and everything it may see, and the legal actions with their
   notation. The bot answers one line: an action in notation (``pass``, ``garde``,
   ``call KH``, ``discard 2S``, ``KH``, ``handful T2 T3 ...``), read as
   :func:`frenchtarot.parse_action` reads it in the seat's view (a card alone is the
   phase's card action).
3. At the end the engine writes ``{"format": "frenchtarot/1", "kind": "bye"}`` and closes
   the bot's standard input; the bot should exit.

The engine never waits longer than the time limit for an answer, and never lets a bot stop
a deal. A bot that answers late (its process is then stopped, so that a late answer cannot
be read as the next one), exits, writes a line that is no action, or an action the rules
forbid, is recorded as a :class:`Fault`, and the decision is taken by the fallback player
(:class:`~frenchtarot.players.SimplePlayer` unless another is given). The next decision
starts the program again, up to ``restarts`` times; after that the fallback plays every
remaining decision.
"""

from __future__ import annotations

import contextlib
import enum
import json
import queue
import shlex
import subprocess
import sys
import threading
import weakref
from collections.abc import Sequence
from typing import IO, Final

import attrs

from frenchtarot import records
from frenchtarot._checks import describe_value
from frenchtarot._core import handful as _handful
from frenchtarot._core import masks as _masks
from frenchtarot._notation import parse_action
from frenchtarot.actions import Action, DeclareHandful
from frenchtarot.errors import InvalidSettingsError, NotationError, TarotError, TarotTypeError
from frenchtarot.observation import Observation
from frenchtarot.players import Player, SimplePlayer

__all__ = ["PROTOCOL", "Fault", "FaultKind", "ProgramPlayer", "serve"]

PROTOCOL: Final = 1
"""The protocol's version, sent in the hello and answered by the bot."""
_MAX_LINE: Final = 4096
"""The longest answer a bot may write (the longest action's notation is 85 characters)."""


class FaultKind(enum.Enum):
    """How a bot failed a decision."""

    NO_START = "no_start"
    """The program could not be started (no such file, not executable...)."""
    BAD_HELLO = "bad_hello"
    """The program did not answer the hello with ``hello 1`` within the time limit."""
    TIMEOUT = "timeout"
    """No answer within the time limit."""
    EXITED = "exited"
    """The program ended (or closed its output) before answering."""
    GARBAGE = "garbage"
    """The answer is no action's notation."""
    ILLEGAL = "illegal"
    """The answer is an action the rules forbid now."""
    GAVE_UP = "gave_up"
    """The program failed more often than ``restarts`` allows; the fallback plays on."""

    def __repr__(self) -> str:
        return f"FaultKind.{self.name}"


@attrs.frozen
class Fault:
    """One decision a bot failed, and what was played instead.

    Attributes:
        kind: How it failed.
        seat: The seat the bot held.
        phase: The phase of the deal, by its wire code (``"bidding"``, ``"play"``...).
        detail: What happened, in words (the garbled answer, quoted and cut short).
        played: The fallback's action, in notation.
    """

    kind: FaultKind
    seat: int
    phase: str
    detail: str
    played: str

    def __str__(self) -> str:
        """One line, e.g. ``seat 0, play: garbage (...); the fallback played KH``."""
        return (
            f"seat {self.seat}, {self.phase}: {self.kind.value} ({self.detail}); "
            f"the fallback played {self.played}"
        )


class ProgramPlayer:
    """A player that is a program speaking the line protocol (see the module).

    The program is started when it is first asked for an action, and again after a
    failure (at most ``restarts`` times). Copies and pickles carry the settings, not the
    process: each copy starts its own (the arena plays each deal with copies of the
    players). Close it with :meth:`close`, or use it as a context manager; a process left
    running is stopped when the player is garbage-collected.

    Args:
        command: The program and its arguments, as a list or as a shell-like string
            (split as ``shlex.split`` does; no shell runs it).
        time_limit: Seconds the bot has for each answer (and for the hello), more than 0.
        fallback: Who decides when the bot fails; a :class:`~frenchtarot.players.SimplePlayer`
            by default.
        restarts: How many times a failed program is started again, 0 or more.
        cwd: The program's working directory (the current one by default).

    Attributes:
        faults: Every failed decision of this player (not of its copies), in order.
        name: The name the bot gave in its hello, or ``None``.

    Raises:
        InvalidSettingsError: An empty command, a time limit not above 0, negative restarts.
        TarotTypeError: An argument of the wrong type.
    """

    def __init__(
        self,
        command: Sequence[str] | str,
        *,
        time_limit: float = 5.0,
        fallback: Player | None = None,
        restarts: int = 3,
        cwd: str | None = None,
    ) -> None:
        args = shlex.split(command) if isinstance(command, str) else list(command)
        if not all(isinstance(arg, str) for arg in args):
            raise TarotTypeError(f"command must be strings, not {describe_value(command)}")
        if not args:
            raise InvalidSettingsError("command names no program")
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
            raise TarotTypeError(f"time_limit must be a number, not {describe_value(time_limit)}")
        if not 0 < time_limit < float("inf"):
            raise InvalidSettingsError(f"time_limit must be above 0 seconds, not {time_limit}")
        if isinstance(restarts, bool) or not isinstance(restarts, int):
            raise TarotTypeError(f"restarts must be an int, not {describe_value(restarts)}")
        if restarts < 0:
            raise InvalidSettingsError(f"restarts must be 0 or more, not {restarts}")
        if fallback is not None and not callable(fallback):
            raise TarotTypeError(f"fallback must be a player, not {describe_value(fallback)}")
        self.command: tuple[str, ...] = tuple(args)
        self.time_limit = float(time_limit)
        self.fallback: Player = SimplePlayer() if fallback is None else fallback
        self.restarts = restarts
        self.cwd = cwd
        self.faults: list[Fault] = []
        self.name: str | None = None
        self._process: _Process | None = None
        self._starts = 0
        self._gave_up = False

    def __repr__(self) -> str:
        return f"ProgramPlayer({shlex.join(self.command)!r})"

    # Copies and pickles: the settings, a fresh start.
    def __getstate__(self) -> dict[str, object]:
        return {
            "command": self.command,
            "time_limit": self.time_limit,
            "fallback": self.fallback,
            "restarts": self.restarts,
            "cwd": self.cwd,
        }

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__init__(  # type: ignore[misc]
            state["command"],
            time_limit=state["time_limit"],
            fallback=state["fallback"],
            restarts=state["restarts"],
            cwd=state["cwd"],
        )

    def __enter__(self) -> ProgramPlayer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Say goodbye to the program and stop it (within a second); safe to call twice."""
        process, self._process = self._process, None
        if process is not None:
            process.stop(goodbye=True)

    def __call__(self, observation: Observation) -> Action:
        """Ask the program for the seat's action; the fallback's on any failure."""
        if self._gave_up:
            return self.fallback(observation)
        process = self._running()
        line = (
            process.ask(_view_line(observation), self.time_limit)
            if isinstance(process, _Process)
            else process
        )
        answer = _read_answer(line, observation) if isinstance(line, str) else line
        if not isinstance(answer, _Failure):
            return answer
        failure = answer  # the decision failed: the fallback decides, and a fault is kept
        if failure.kind in (FaultKind.TIMEOUT, FaultKind.EXITED, FaultKind.BAD_HELLO):
            self._drop()
        action = self.fallback(observation)
        self._record(failure.kind, observation, failure.detail, action)
        if self._process is None and self._starts > self.restarts and not self._gave_up:
            self._gave_up = True
            self._record(
                FaultKind.GAVE_UP,
                observation,
                f"failed {self._starts} times; the fallback plays on",
                action,
            )
        return action

    def _running(self) -> _Process | _Failure:
        """The program, started (and greeted) if it is not running."""
        if self._process is not None:
            return self._process
        self._starts += 1
        try:
            process = _Process(self.command, self.cwd)
        except OSError as error:
            return _Failure(FaultKind.NO_START, f"{type(error).__name__}: {error}")
        self._process = process
        hello = json.dumps(
            {
                "format": "frenchtarot/1",
                "kind": "hello",
                "protocol": PROTOCOL,
                "time_limit": self.time_limit,
            }
        )
        answer = process.ask(hello, self.time_limit, failure=FaultKind.BAD_HELLO)
        if isinstance(answer, _Failure):
            return answer
        words = answer.split(maxsplit=2)
        if words[:2] != ["hello", str(PROTOCOL)]:
            return _Failure(
                FaultKind.BAD_HELLO, f"expected 'hello {PROTOCOL}', got {_quoted(answer)}"
            )
        self.name = words[2] if len(words) > 2 else None
        return process

    def _drop(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            process.stop(goodbye=False)

    def _record(
        self, kind: FaultKind, observation: Observation, detail: str, action: Action
    ) -> None:
        self.faults.append(
            Fault(
                kind=kind,
                seat=observation.seat,
                phase=records.PHASE_CODES[observation.phase],
                detail=detail,
                played=action.notation(observation),
            )
        )


@attrs.frozen
class _Failure:
    """A failed decision, turned into a :class:`Fault` by :class:`ProgramPlayer`."""

    kind: FaultKind
    detail: str


def _quoted(text: str) -> str:
    return json.dumps(text if len(text) <= 60 else text[:60] + "...", ensure_ascii=False)


def _view_line(observation: Observation) -> str:
    return records.dumps(observation)


def _read_answer(line: str, observation: Observation) -> Action | _Failure:
    """The action a bot's line names, if the rules allow it now; else a :class:`_Failure`."""
    try:
        action = parse_action(line, observation)
    except NotationError as error:
        return _Failure(FaultKind.GARBAGE, str(error))
    if action in observation.legal_actions or _other_display(action, observation):
        return action
    offered = " ".join(a.notation(observation) for a in observation.legal_actions)
    notation = action.notation(observation)
    return _Failure(FaultKind.ILLEGAL, f"{notation} is not allowed now (allowed: {offered})")


def _other_display(action: Action, observation: Observation) -> bool:
    """Whether ``action`` is a valid handful display other than the one offered."""
    if not isinstance(action, DeclareHandful) or not any(
        isinstance(offered, DeclareHandful) for offered in observation.legal_actions
    ):
        return False
    hand = _masks.mask_of(observation.hand)
    shown_discard = _masks.mask_of(observation.shown_discard)
    ecart = shown_discard if observation.seat == observation.taker else 0
    return _handful.problem(observation.rules, hand, ecart, _masks.mask_of(action.cards)) is None


class _Process:
    """A running bot: its process, and a thread that reads its lines into a queue."""

    def __init__(self, command: Sequence[str], cwd: str | None) -> None:
        self.popen = subprocess.Popen(  # the user's own bot, no shell
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=cwd,
            text=True,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        stdout = self.popen.stdout
        assert stdout is not None
        threading.Thread(target=_read_lines, args=(stdout, self.lines), daemon=True).start()
        self._finalizer = weakref.finalize(self, _kill, self.popen)

    def ask(
        self, line: str, limit: float, failure: FaultKind = FaultKind.TIMEOUT
    ) -> str | _Failure:
        """Write ``line`` and return the answer; a :class:`_Failure` if there is none."""
        stdin = self.popen.stdin
        assert stdin is not None
        try:
            stdin.write(line + "\n")
            stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            return _Failure(FaultKind.EXITED, self._ended())
        try:
            answer = self.lines.get(timeout=limit)
        except queue.Empty:
            return _Failure(failure, f"no answer within {limit:g} s")
        if answer is None:
            return _Failure(FaultKind.EXITED, self._ended())
        return answer.rstrip("\r\n")

    def _ended(self) -> str:
        try:
            code = self.popen.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "the program closed its output"
        return f"the program ended with status {code}"

    def stop(self, *, goodbye: bool) -> None:
        stdin = self.popen.stdin
        if goodbye and stdin is not None:
            with contextlib.suppress(OSError, ValueError, subprocess.TimeoutExpired):
                stdin.write('{"format": "frenchtarot/1", "kind": "bye"}\n')
                stdin.close()
                self.popen.wait(timeout=1.0)
        self._finalizer()


def _read_lines(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    """Put each line of ``stream`` in ``lines`` (cut at :data:`_MAX_LINE`), then ``None``."""
    try:
        while True:
            line = stream.readline(_MAX_LINE)
            if not line:
                break
            if not line.endswith("\n"):  # a line too long: skip the rest of it
                while (more := stream.readline(_MAX_LINE)) and not more.endswith("\n"):
                    pass
            lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(None)


def _kill(popen: subprocess.Popen[str]) -> None:
    if popen.poll() is None:
        popen.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        popen.wait(timeout=5.0)
    for stream in (popen.stdin, popen.stdout):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()


def serve(
    player: Player,
    *,
    name: str = "frenchtarot",
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
) -> int:
    """Run ``player`` as a bot program: the other end of :class:`ProgramPlayer`.

    Reads the engine's lines from ``stdin`` and answers on ``stdout`` (the process's own by
    default) until the engine says goodbye or closes the input.

    Args:
        player: Any player.
        name: The name given in the hello's answer (one word).
        stdin: Where the engine's lines come from.
        stdout: Where the answers go (flushed after each).

    Returns:
        0 after a goodbye or the end of the input; 2 after a line that is not the
        protocol's (reported on standard error).
    """
    source = sys.stdin if stdin is None else stdin
    sink = sys.stdout if stdout is None else stdout
    for line in source:
        try:
            message = json.loads(line)
            kind = message.get("kind") if isinstance(message, dict) else None
            if kind == "hello":
                answer = f"hello {PROTOCOL} {name}"
            elif kind == "bye":
                return 0
            elif kind == "observation":
                view = records.load_observation(line)
                answer = player(view).notation(view)
            else:
                raise ValueError(f"unknown kind of line {kind!r}")
        except (ValueError, TarotError) as error:
            print(f"frenchtarot bot: {error}", file=sys.stderr)
            return 2
        sink.write(answer + "\n")
        sink.flush()
    return 0
