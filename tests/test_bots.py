"""Bots over the line protocol (:mod:`frenchtarot.bots`): a program in another language at the
table, the built-in players as programs, and bots that misbehave without stopping a deal."""

from __future__ import annotations

import copy
import io
import json
import pickle
import shutil
import sys
from pathlib import Path

import pytest

import frenchtarot as ft
from frenchtarot import records
from frenchtarot._cli import main
from frenchtarot.arena import duplicate
from frenchtarot.bots import PROTOCOL, Fault, FaultKind, ProgramPlayer, serve
from frenchtarot.errors import InvalidSettingsError, TarotTypeError
from frenchtarot.players import Player, RandomPlayer, SimplePlayer, play_deal

BOTS = Path(__file__).parent / "bots"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")
PYTHON_BOT = [sys.executable, "-m", "frenchtarot", "bot"]


def others() -> list[Player]:
    """Seats 1 to 3 of the four-seat tests, afresh."""
    return [SimplePlayer(), RandomPlayer(1), RandomPlayer(2)]


def _first(observation: ft.Observation) -> ft.Action:
    return observation.legal_actions[0]


def _played_out() -> int:
    """The first seed whose deal is played to the end by simple players at seats 1 to 3
    whatever seat 0 bids, passing included (nobody takes in some deals, and a bot then has
    one decision only)."""
    seed = 0
    while any(
        play_deal(ft.new_deal(seed=seed), [first, *[SimplePlayer()] * 3]).phase
        is not ft.Phase.DONE
        for first in (_first, SimplePlayer())
    ):
        seed += 1
    return seed


PLAYED = _played_out()


def node_bot(*args: str, time_limit: float = 5.0, restarts: int = 3) -> ProgramPlayer:
    assert NODE is not None
    command = [NODE, str(BOTS / "random_bot.js"), *args]
    return ProgramPlayer(command, time_limit=time_limit, restarts=restarts)


def hello_line(time_limit: float = 5.0) -> str:
    return json.dumps(
        {
            "format": "frenchtarot/1",
            "kind": "hello",
            "protocol": PROTOCOL,
            "time_limit": time_limit,
        }
    )


# --- The bot's side: serve ------------------------------------------------------------------


def test_serve_answers_the_hello_and_every_view_with_a_legal_action() -> None:
    state = ft.new_deal(seed=3)
    views: list[ft.Observation] = []
    lines = [hello_line()]
    rng_player = RandomPlayer(3)
    while not state.is_terminal and len(views) < 30:
        assert state.current is not None
        view = ft.observe(state, state.current)
        views.append(view)
        lines.append(records.dumps(view))
        state = ft.apply(state, rng_player(view))
    lines.append(json.dumps({"format": "frenchtarot/1", "kind": "bye"}))
    out = io.StringIO()
    assert (
        serve(
            SimplePlayer(), name="tester", stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out
        )
        == 0
    )
    answers = out.getvalue().splitlines()
    assert answers[0] == f"hello {PROTOCOL} tester"
    assert len(answers) == 1 + len(views)
    for view, answer in zip(views, answers[1:], strict=True):
        assert ft.parse_action(answer, view) in view.legal_actions


@pytest.mark.parametrize("line", ["not json", '{"kind": "lunch"}', "[1, 2]"])
def test_serve_stops_on_a_line_that_is_not_the_protocols(
    line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = io.StringIO()
    assert serve(SimplePlayer(), stdin=io.StringIO(line + "\n"), stdout=out) == 2
    assert out.getvalue() == ""
    assert "frenchtarot bot:" in capsys.readouterr().err


# --- The engine's side: ProgramPlayer -------------------------------------------------------


@needs_node
@pytest.mark.parametrize("rules", [ft.FOUR_PLAYER, ft.THREE_PLAYER, ft.FIVE_PLAYER, ft.LUDICASH])
def test_a_javascript_bot_plays_whole_deals(rules: ft.Rules) -> None:
    with node_bot("7") as bot:
        players: list[Player] = [bot, *(RandomPlayer(n) for n in range(1, rules.seats))]
        for seed in range(3):
            final = play_deal(ft.new_deal(seed=seed, rules=rules), players)
            assert final.is_terminal
        assert bot.faults == [] and bot.name == "random.js"


def test_the_built_in_player_runs_as_a_bot_program() -> None:
    with ProgramPlayer([*PYTHON_BOT, "simple"], time_limit=20.0) as bot:
        final = play_deal(ft.new_deal(seed=PLAYED), [bot, *others()])
        assert final.phase is ft.Phase.DONE and bot.faults == []
        assert bot.name == "frenchtarot-simple"
        # The program plays as the player in the process would.
        same = play_deal(ft.new_deal(seed=PLAYED), [SimplePlayer(), *others()])
        assert same.history == final.history


@needs_node
def test_a_javascript_bot_plays_a_duplicate_arena_match() -> None:
    players: list[Player] = [node_bot("11"), SimplePlayer(), RandomPlayer(1), RandomPlayer(2)]
    result = duplicate(players, deals=6, seed=3)
    assert result.deals == 6 and len(result.totals) == 6
    assert abs(sum(result.means)) < 1e-9


@needs_node
@pytest.mark.parametrize(
    ("mode", "kind"),
    [
        ("sleep", FaultKind.TIMEOUT),
        ("exit", FaultKind.EXITED),
        ("garbage", FaultKind.GARBAGE),
        ("illegal", FaultKind.ILLEGAL),
        ("hello", FaultKind.BAD_HELLO),
    ],
)
def test_a_bot_that_misbehaves_is_reported_and_the_deal_goes_on(
    mode: str, kind: FaultKind
) -> None:
    with node_bot("5", mode, time_limit=1.0) as bot:
        players: list[Player] = [bot, SimplePlayer(), SimplePlayer(), SimplePlayer()]
        final = play_deal(ft.new_deal(seed=PLAYED), players)
        assert final.phase is ft.Phase.DONE
        kinds = [fault.kind for fault in bot.faults]
        assert kind in kinds
        first = bot.faults[0]
        assert first.seat == 0 and first.detail and first.played
        assert all(isinstance(fault, Fault) for fault in bot.faults)
        if kind is FaultKind.ILLEGAL:  # every answer illegal: every decision was the fallback's
            assert "not allowed now" in first.detail and "allowed:" in first.detail


def test_a_program_that_cannot_start_gives_up_after_its_restarts() -> None:
    bot = ProgramPlayer(["/nonexistent/bot"], restarts=1)
    final = play_deal(
        ft.new_deal(seed=PLAYED), [bot, SimplePlayer(), SimplePlayer(), SimplePlayer()]
    )
    assert final.phase is ft.Phase.DONE
    kinds = [fault.kind for fault in bot.faults]
    assert kinds[:3] == [FaultKind.NO_START, FaultKind.NO_START, FaultKind.GAVE_UP]
    assert len(kinds) == 3  # after giving up, the fallback plays without a word


@needs_node
def test_copies_and_pickles_carry_the_settings_not_the_process() -> None:
    with node_bot("3", time_limit=2.0) as bot:
        view = ft.observe(ft.new_deal(seed=1), 1)
        bot(view)
        for other in (copy.deepcopy(bot), pickle.loads(pickle.dumps(bot))):
            assert other.command == bot.command and other.time_limit == 2.0
            assert other.faults == [] and other._process is None
            with other:
                assert other(view) in view.legal_actions


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"command": []}, InvalidSettingsError),
        ({"command": ""}, InvalidSettingsError),
        ({"command": [3]}, TarotTypeError),
        ({"command": "bot", "time_limit": 0}, InvalidSettingsError),
        ({"command": "bot", "time_limit": float("nan")}, InvalidSettingsError),
        ({"command": "bot", "time_limit": "1"}, TarotTypeError),
        ({"command": "bot", "restarts": -1}, InvalidSettingsError),
        ({"command": "bot", "restarts": True}, TarotTypeError),
        ({"command": "bot", "fallback": 3}, TarotTypeError),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, object], error: type[Exception]) -> None:
    command = kwargs.pop("command")
    with pytest.raises(error):
        ProgramPlayer(command, **kwargs)  # type: ignore[arg-type]


@needs_node
def test_the_arena_counts_a_bots_faults_and_keeps_every_deal() -> None:
    players: list[Player] = [node_bot("4", "garbage", time_limit=2.0), *others()]
    result = duplicate(players, deals=3, seed=8)
    assert result.complete and len(result.totals) == 3
    assert result.faults and all(fault.player == 0 for fault in result.faults)
    assert all("garbage" in fault.description for fault in result.faults)


@needs_node
def test_the_arena_command_seats_a_bot_program(capsys: pytest.CaptureFixture[str]) -> None:
    script = BOTS / "random_bot.js"
    argv = ["arena", "--seat", f"cmd:{NODE} {script} 2", "--seat", "simple", "--seat", "random"]
    assert main([*argv, "--deals", "2", "--seed", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert f"0: cmd:{NODE} {script} 2" in out and "1: simple" in out


def test_the_arena_command_refuses_a_bad_seat(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["arena", "--seat", "simple", "--seat", "cmd:", "--seat", "random"])
    assert exit_.value.code == 2
    assert "command names no program" in capsys.readouterr().err
