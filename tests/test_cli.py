"""The command line that plays and prints a deal: ``python -m frenchtarot`` (``--seed``,
``--players``, ``--dealer``, ``--random``), and the transcript it prints.

(The interactive game, ``python -m frenchtarot play``, is in ``test_cli_play.py``.)
"""

from __future__ import annotations

import re

import pytest

import frenchtarot as ft
from frenchtarot import AnnulReason
from frenchtarot._cli import describe_deal, main
from frenchtarot.players import RandomPlayer, SimplePlayer


def test_describe_deal_prints_every_trick_and_the_score() -> None:
    final, lines = describe_deal(ft.new_deal(seed=2), [SimplePlayer()] * 4)
    text = "\n".join(lines)
    assert final.phase is ft.Phase.DONE
    assert sum(line.startswith("Trick") for line in lines) == 18
    assert text.splitlines()[-1] == f"Score: {ft.score(final)}"
    for seat, hand in enumerate(ft.new_deal(seed=2).hands):
        assert f"seat {seat}: {' '.join(map(str, hand))}" in text
    assert f"The dog is shown to all: {' '.join(map(str, final.dog))}" in text


def test_main_prints_a_complete_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Trick 18" in out and "Score: seat" in out
    assert main(["--seed", "1", "--random", "--dealer", "2"]) == 0
    out = capsys.readouterr().out
    assert "Dealer: seat 2" in out and "Score:" in out


def test_main_reports_an_annulled_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seed", "232"]) == 0  # a petit sec
    out = capsys.readouterr().out
    assert "annulled" in out and "Trick" not in out


def test_describe_deal_reports_handfuls_the_slam_decision_and_the_ecart() -> None:
    wanted = {"shows a handful", "announces a slam", "Écart of seat"}
    seen: set[str] = set()
    for seed in range(300):
        players: list[ft.players.Player] = [RandomPlayer(seed * 4 + seat) for seat in range(4)]
        _, lines = describe_deal(ft.new_deal(seed=seed), players)
        seen |= {phrase for phrase in wanted for line in lines if phrase in line}
        if seen == wanted:
            break
    assert seen == wanted


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


TRICK_LINE = re.compile(r"Trick +(\d+): led by seat \d: (.+?) +won by seat \d")


def tricks_printed(out: str) -> list[tuple[int, list[str]]]:
    """Each printed trick's number and cards."""
    found = [TRICK_LINE.fullmatch(line) for line in out.splitlines() if line.startswith("Trick")]
    assert all(match is not None for match in found)
    return [(int(match.group(1)), match.group(2).split()) for match in found if match]


def test_cli_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_main(capsys, "--players", "3", "--seed", "4")
    lines = out.splitlines()
    assert lines[0] == "Seed: 4 (repeat with --seed 4)"
    assert lines[1] == "3 players (three-player). Dealer: seat 0"
    assert [line.split(":")[0] for line in lines[2:6]] == [
        "  seat 0",
        "  seat 1",
        "  seat 2",
        "  dog",
    ]
    assert [len(line.split(":")[1].split()) for line in lines[2:6]] == [24, 24, 24, 6]
    assert "Bidding: seat 1 bids Petite" in lines
    assert len([line for line in lines if line.startswith("Bidding:")]) == 3
    printed = tricks_printed(out)
    assert [number for number, _ in printed] == list(range(1, 25))
    assert all(len(played) == 3 for _, played in printed)
    score = lines[-1]
    assert score.startswith("Score: seat 1 petite ")
    assert re.search(r"0:[-+]\d+ 1:[-+]\d+ 2:[-+]\d+$", score)
    assert "calls" not in out


def test_cli_five_players(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_main(capsys, "--players", "5", "--seed", "5")
    lines = out.splitlines()
    assert lines[1] == "5 players (five-player). Dealer: seat 0"
    assert [len(line.split(":")[1].split()) for line in lines[2:8]] == [15] * 5 + [3]
    assert "Seat 2 calls KD (King of Diamonds)" in lines
    printed = tricks_printed(out)
    assert [number for number, _ in printed] == list(range(1, 16))
    assert all(len(played) == 5 for _, played in printed)
    assert lines[-1].startswith("Score: seat 2 (called KD, with seat 1) petite ")
    assert re.search(r" 0:[-+]\d+ 1:[-+]\d+ 2:[-+]\d+ 3:[-+]\d+ 4:[-+]\d+$", lines[-1])


@pytest.mark.parametrize(("players", "seed"), [("3", 9474), ("5", 237)])
def test_cli_prints_an_annulled_deal(
    capsys: pytest.CaptureFixture[str], players: str, seed: int
) -> None:
    out = run_main(capsys, "--players", players, "--seed", str(seed))
    lines = out.splitlines()
    assert lines[-2] == f"The deal is annulled: {AnnulReason.PETIT_SEC.value}."
    zeros = " ".join(f"{seat}:+0" for seat in range(int(players)))
    assert lines[-1] == f"Score: annulled ({AnnulReason.PETIT_SEC.value}): {zeros}"
    assert not tricks_printed(out)
    assert not any(line.startswith("Bidding") for line in lines)


@pytest.mark.parametrize(
    ("players", "dealer"),
    [("3", "3"), ("3", "-1"), ("3", "7"), ("4", "4"), ("5", "5")],
)
def test_cli_refuses_a_dealer_outside_the_table(
    capsys: pytest.CaptureFixture[str], players: str, dealer: str
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--players", players, "--seed", "1", "--dealer", dealer])
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"from 0 to {int(players) - 1}" in captured.err


@pytest.mark.parametrize("players", ["3", "5"])
def test_cli_refuses_a_negative_seed(capsys: pytest.CaptureFixture[str], players: str) -> None:
    """new_deal refuses a negative seed; the command line refuses it as a usage error."""
    with pytest.raises(SystemExit) as info:
        main(["--players", players, "--seed", "-1"])
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "--seed" in captured.err


@pytest.mark.parametrize("players", ["2", "6", "three"])
def test_cli_refuses_a_table_size_that_is_not_played(
    capsys: pytest.CaptureFixture[str], players: str
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--players", players, "--seed", "1"])
    assert info.value.code == 2
    assert "--players" in capsys.readouterr().err


@pytest.mark.parametrize("players", ["3", "5"])
def test_cli_the_last_seat_may_deal(capsys: pytest.CaptureFixture[str], players: str) -> None:
    last = int(players) - 1
    out = run_main(capsys, "--players", players, "--seed", "5", "--dealer", str(last))
    assert f"Dealer: seat {last}" in out


@pytest.mark.parametrize("extra", [[], ["--random"]], ids=["simple", "random"])
@pytest.mark.parametrize("players", ["3", "5"])
def test_cli_without_seed_prints_a_seed_that_repeats_the_deal(
    capsys: pytest.CaptureFixture[str], players: str, extra: list[str]
) -> None:
    out = run_main(capsys, "--players", players, *extra)
    found = re.match(r"Seed: (\d+) \(repeat with --seed (\d+)\)\n", out)
    assert found is not None and found.group(1) == found.group(2)
    again = run_main(capsys, "--players", players, "--seed", found.group(1), *extra)
    assert again == out
    assert f"{players} players" in out


# --- --rules: a preset by name (issue #25) --------------------------------------------------


def test_rules_ludicash_prints_a_deal_without_the_petite(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for seed in ("1", "3"):
        out = run_main(capsys, "--rules", "ludicash", "--seed", seed)
        lines = out.splitlines()
        assert lines[1] == "4 players (ludicash). Dealer: seat 0"
        assert lines[-1].startswith("Score: ")
        assert "Petite" not in out and "petite" not in out
    assert "Bidding: seat 1 bids Garde" in out  # seed 3: a Garde, played to the end
    assert "Trick 18" in out


@pytest.mark.parametrize(
    ("name", "players"), [("three-player", "3"), ("5", "5"), ("Four Player", "4")]
)
def test_rules_name_the_fft_tables_as_players_does(
    capsys: pytest.CaptureFixture[str], name: str, players: str
) -> None:
    by_players = run_main(capsys, "--players", players, "--seed", "7")
    assert run_main(capsys, "--rules", name, "--seed", "7") == by_players
    both = run_main(capsys, "--rules", name, "--players", players, "--seed", "7")
    assert both == by_players


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--rules", "ludicash", "--players", "3"], "--rules ludicash is a game of 4 players, "),
        (["--rules", "5", "--players", "4"], "not of 4 (--players 4)"),
        (
            ["--rules", "six"],
            "no rules are called 'six'; the presets are three-player, four-player, "
            "five-player, ludicash",
        ),
        (["play", "--rules", "3", "--players", "5"], "--rules three-player is a game of 3"),
        (["play", "--rules", "chouine"], "the presets are three-player, four-player"),
        (["match", "--rules", "4", "--players", "3"], "is a game of 4 players, not of 3"),
        (["match", "--rules", "5", "--dead-player"], "--dead-player plays the four-player game"),
        (["match", "--players", "4", "--dead-player"], "--dead-player needs --players 5"),
        (["arena", "--rules", "5"], "not of 4 (--players lists 4)"),
        (["arena", "--rules", "ludicash", "--players", "simple,random,random"], "not of 3"),
        (["arena", "--rules", "nope"], "the presets are"),
    ],
)
def test_rules_that_do_not_fit_are_a_usage_error(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    error = captured.err.splitlines()[-1]
    assert ": error: " in error and message in error
    assert "Traceback" not in captured.err


def test_match_and_arena_play_house_rules(capsys: pytest.CaptureFixture[str]) -> None:
    match = run_main(capsys, "match", "--rules", "ludicash", "--deals", "2", "--seed", "5")
    assert "petite" not in match
    assert match.count(" made ") + match.count(" lost ") >= 2
    arena = ["arena", "--players", "simple,random,random,random", "--deals", "2", "--seed", "4"]
    fft = run_main(capsys, *arena, "--quiet")
    ludicash = run_main(capsys, *arena, "--quiet", "--rules", "ludicash")
    assert "ludicash" in ludicash and ludicash != fft


def test_match_and_arena_take_the_fft_rules_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    by_players = run_main(capsys, "match", "--players", "3", "--deals", "1", "--seed", "2")
    assert run_main(capsys, "match", "--rules", "3", "--deals", "1", "--seed", "2") == by_players
    dead = ["match", "--dead-player", "--deals", "1", "--seed", "2"]
    with_rules = run_main(capsys, *dead, "--rules", "four-player")
    assert with_rules == run_main(capsys, *dead, "--players", "5")
    assert "5 players (four-player, the dealer sits out)." in with_rules
    arena = ["arena", "--players", "simple,random,random", "--deals", "1", "--seed", "4"]
    alone = run_main(capsys, *arena, "--quiet")
    assert run_main(capsys, *arena, "--quiet", "--rules", "three-player") == alone
