"""The arena never loses a finished deal: failures named and kept, faults collected.

A player that raises, plays an illegal action or takes too long fails its deal only; the
failure names the deal, its seed, the rotation, the seat and the player. The players'
``faults`` lists are collected. Players that cannot be copied, a ``progress`` that raises,
and the journal of a run and its resumption are checked here too.
"""

from __future__ import annotations

import functools
import json
import pickle
import random
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

import frenchtarot as ft
from frenchtarot.arena import (
    ArenaInterrupted,
    ArenaStoppedError,
    DealFailedError,
    DealFailure,
    DuplicateResult,
    PlayerFault,
    duplicate,
    play_rotations,
    process_pool,
)
from frenchtarot.errors import InvalidSettingsError
from frenchtarot.players import Player, RandomPlayer, SimplePlayer
from tests.arena_players import FAULTY, Crashy, Faulty, Illegal, Locked, Sleepy, doomed

DEALS = 24


def crashy_field() -> list[Player]:
    """Four seats, the crashing player first (position 0)."""
    return [Crashy(1), RandomPlayer(2), RandomPlayer(3), RandomPlayer(4)]


def calm_field() -> list[Player]:
    """The same field, the crashing player replaced by the random player it plays as."""
    return [RandomPlayer(1), RandomPlayer(2), RandomPlayer(3), RandomPlayer(4)]


@functools.cache
def calm_totals(seed: int, deals: int) -> tuple[tuple[int, ...], ...]:
    """The totals of the calm field's deals (computed once per seed and number of deals)."""
    return duplicate(calm_field(), deals=deals, seed=seed).totals


def seeds(seed: int, deals: int) -> list[int]:
    generator = random.Random(seed)
    return [generator.getrandbits(63) for _ in range(deals)]


@functools.cache
def doomed_deals(seed: int, deals: int, residue: int = 0) -> dict[int, int]:
    """The deals on which a player of :func:`doomed` fails: deal -> its first doomed rotation.

    Player 0 holds seat ``(0 - r) % seats`` in rotation ``r``, so it sees each hand once.
    """
    found = {}
    for deal, deal_seed in enumerate(seeds(seed, deals)):
        state = ft.new_deal(seed=deal_seed, dealer=deal % 4)
        for rotation in range(4):
            if doomed(state.hand((0 - rotation) % 4), residue):
                found[deal] = rotation
                break
    return found


def check_against_calm_run(result: DuplicateResult, seed: int, deals: int) -> None:
    """Every deal but the doomed ones scores as with the calm field; each failure is named."""
    expected = doomed_deals(seed, deals)
    calm = calm_totals(seed, deals)
    assert 0 < len(expected) < deals // 3
    assert [f.deal for f in result.failures] == sorted(expected)
    assert result.played == tuple(d for d in range(deals) if d not in expected)
    assert result.totals == tuple(calm[d] for d in result.played)
    deal_seeds = seeds(seed, deals)
    for failure in result.failures:
        assert failure.kind == "raised"
        assert failure.seed == deal_seeds[failure.deal]
        assert failure.rotation == expected[failure.deal]
        assert failure.seat == (0 - expected[failure.deal]) % 4
        assert failure.player == 0 and failure.name == "0: Crashy()"
        assert failure.message == "RuntimeError: crashed holding 18 cards"
        assert failure.where.startswith("arena_players.py:") and "__call__" in failure.where
    assert result.complete and result.planned == deals
    assert result.failure_counts == (len(expected), 0, 0, 0)


def test_a_crashing_player_fails_its_deals_only_in_process() -> None:
    result = duplicate(crashy_field(), deals=DEALS, seed=3, on_error="record")
    check_against_calm_run(result, 3, DEALS)


def test_a_crashing_player_fails_its_deals_only_on_pools() -> None:
    expected = duplicate(crashy_field(), deals=DEALS, seed=3, on_error="record")
    with ThreadPoolExecutor(max_workers=3) as threads:
        assert (
            duplicate(
                crashy_field(), deals=DEALS, seed=3, on_error="record", executor=threads, window=4
            )
            == expected
        )
    with process_pool(2) as processes:
        assert (
            duplicate(crashy_field(), deals=DEALS, seed=3, on_error="record", executor=processes)
            == expected
        )


def test_the_text_lists_the_failures_and_counts_them_per_player() -> None:
    result = duplicate(crashy_field(), deals=DEALS, seed=3, on_error="record")
    lines = str(result).splitlines()
    failed = len(result.failures)
    assert lines[0] == f"{DEALS - failed} deals x 4 rotations, seed 3; {failed} failed"
    assert lines[1].split()[-2:] == ["failed", "faults"]
    assert lines[2].startswith("0: Crashy()") and lines[2].split()[-2:] == [str(failed), "0"]
    assert lines[6] == "Failed deals:"
    assert lines[7] == f"  {result.failures[0]}"
    assert str(result.failures[0]).startswith(
        f"deal {result.failures[0].deal} (seed {result.failures[0].seed}), rotation "
    )
    assert "player '0: Crashy()' raised RuntimeError: crashed holding 18 cards" in lines[7]


def test_the_text_lists_ten_failures_and_counts_the_others() -> None:
    result = duplicate(crashy_field(), deals=80, seed=1, on_error="record")
    assert len(result.failures) > 10
    lines = str(result).splitlines()
    assert lines[-1] == f"  ... and {len(result.failures) - 10} more"
    assert len(lines) == 2 + 4 + 1 + 10 + 1


def test_on_error_raise_stops_at_the_first_failure_and_names_it() -> None:
    first = min(doomed_deals(3, DEALS))
    with pytest.raises(DealFailedError) as info:
        duplicate(crashy_field(), deals=DEALS, seed=3)
    error = info.value
    assert isinstance(error, ArenaStoppedError) and isinstance(error, ft.TarotError)
    assert error.failure.deal == first and error.failure.player == 0
    assert error.code == "deal_failed"
    message = str(error)
    assert message.startswith(f"deal {first} (seed {seeds(3, DEALS)[first]}), rotation ")
    assert f"the arena stopped after {first + 1} of {DEALS} deals" in message
    assert "on_error='record'" in message
    # In process, the player's own exception is the cause.
    assert isinstance(error.__cause__, RuntimeError)
    # The deals before it are kept, the failure too.
    assert error.result.played == tuple(range(first))
    assert error.result.failures == (error.failure,)
    assert not error.result.complete
    assert f"stopped after {first + 1} of {DEALS} deals" in str(error.result).splitlines()[0]


def test_on_error_raise_names_the_deal_on_a_pool() -> None:
    doomed_ones = doomed_deals(3, DEALS)
    with ThreadPoolExecutor(max_workers=2) as pool, pytest.raises(DealFailedError) as info:
        duplicate(crashy_field(), deals=DEALS, seed=3, executor=pool)
    failure = info.value.failure
    assert failure.deal in doomed_ones
    assert failure.rotation == doomed_ones[failure.deal]
    # Deals that finished meanwhile on the other worker are kept too.
    assert failure in info.value.result.failures
    assert not info.value.result.complete


def test_an_illegal_action_fails_the_deal() -> None:
    players: list[Player] = [Illegal(1), RandomPlayer(2), RandomPlayer(3), RandomPlayer(4)]
    result = duplicate(players, deals=DEALS, seed=3, on_error="record")
    assert [f.deal for f in result.failures] == sorted(doomed_deals(3, DEALS))
    failure = result.failures[0]
    assert failure.kind == "illegal" and failure.player == 0
    assert failure.message.startswith("IllegalActionError: illegal action ")
    assert failure.where == ""
    assert "played an action the rules refuse: IllegalActionError" in str(failure)


def test_a_player_returning_no_action_fails_the_deal() -> None:
    def nothing(observation: ft.Observation) -> ft.Action:
        return None  # type: ignore[return-value]

    players: list[Player] = [nothing, SimplePlayer(), SimplePlayer()]
    with pytest.raises(DealFailedError) as info:
        duplicate(players, deals=2, seed=1)
    failure = info.value.failure
    assert (failure.deal, failure.rotation, failure.kind, failure.player) == (0, 0, "illegal", 0)
    assert failure.message.startswith("TarotTypeError: ")


def test_a_slow_decision_fails_its_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    # A clock that says the doomed bids take an hour: the limit is checked, not the machine.
    now = [0.0]

    def clock() -> float:
        now[0] += 1e-6
        return now[0]

    class Dawdler(RandomPlayer):
        def __call__(self, observation: ft.Observation) -> ft.Action:
            if observation.phase is ft.Phase.BIDDING and doomed(observation.hand):
                now[0] += 3600
            return super().__call__(observation)

    monkeypatch.setattr("frenchtarot.arena._play.perf_counter", clock)
    players: list[Player] = [Dawdler(1), RandomPlayer(2), RandomPlayer(3), RandomPlayer(4)]
    result = duplicate(players, deals=DEALS, seed=3, on_error="record", decision_time=1.5)
    expected = doomed_deals(3, DEALS)
    assert [f.deal for f in result.failures] == sorted(expected)
    failure = result.failures[0]
    assert failure.kind == "too_slow" and failure.player == 0
    assert failure.message == "took 3.6e+03 s to decide, over the limit of 1.5 s"
    assert "was too slow: took 3.6e+03 s" in str(failure)
    calm = duplicate(calm_field(), deals=DEALS, seed=3)
    assert result.totals == tuple(calm.totals[d] for d in result.played)
    # No limit: the same player's deals all count.
    assert duplicate(players, deals=DEALS, seed=3).totals == calm.totals


def test_a_slow_decision_fails_its_deal_on_the_real_clock() -> None:
    # Generous: the slow decisions sleep 0.4 s, the limit is 0.2 s, a random move takes far
    # less than a millisecond.
    players: list[Player] = [Sleepy(1, pause=0.4), RandomPlayer(2), RandomPlayer(3)]
    result = duplicate(players, deals=6, seed=5, on_error="record", decision_time=0.2)
    assert result.failures
    assert {(f.kind, f.player) for f in result.failures} == {("too_slow", 0)}


def test_faults_are_collected_per_deal_and_counted_per_player() -> None:
    faulty = Faulty(1, old_faults=2)
    players: list[Player] = [faulty, RandomPlayer(2), RandomPlayer(3), RandomPlayer(4)]
    result = duplicate(players, deals=DEALS, seed=3)
    expected = doomed_deals(3, DEALS, FAULTY)
    # The deals count: the player recovered.
    assert not result.failures and result.deals == DEALS
    assert result.totals == duplicate(calm_field(), deals=DEALS, seed=3).totals
    assert {fault.deal for fault in result.faults} == set(expected)
    assert all(isinstance(fault, PlayerFault) for fault in result.faults)
    first = result.faults[0]
    assert first.rotation == expected[first.deal] and first.player == 0
    assert first.seat == (0 - first.rotation) % 4
    assert first.description == f"no answer at seat {first.seat}: played at random"
    assert first.name == "0: Faulty()" or first.name.startswith("0: ")
    assert result.fault_counts == (len(result.faults), 0, 0, 0)
    assert not any("old fault" in fault.description for fault in result.faults)
    lines = str(result).splitlines()
    assert lines[0] == f"{DEALS} deals x 4 rotations, seed 3"
    assert lines[2].split()[-2:] == ["0", str(len(result.faults))]
    assert "deal" in str(first) and first.description in str(first)
    # The players given are left as they were.
    assert faulty.faults == ["old fault 0", "old fault 1"]


def test_faults_come_back_from_worker_processes() -> None:
    players: list[Player] = [Faulty(1), RandomPlayer(2), RandomPlayer(3), RandomPlayer(4)]
    here = duplicate(players, deals=8, seed=3)
    assert here.faults
    with process_pool(2) as pool:
        assert duplicate(players, deals=8, seed=3, executor=pool) == here


def test_faults_lists_replaced_unprintable_or_not_lists() -> None:
    class Unprintable:
        def __str__(self) -> str:
            raise ValueError("no")

    class Resetter:
        """Replaces its list by one of one unprintable entry at each of its bids."""

        def __init__(self) -> None:
            self.faults: list[object] = ["old"]

        def __call__(self, observation: ft.Observation) -> ft.Action:
            if observation.phase is ft.Phase.BIDDING:
                self.faults = [Unprintable()]
            return observation.legal_actions[0]

    class NotAList:
        faults = "a string is no list of faults"

        def __call__(self, observation: ft.Observation) -> ft.Action:
            return observation.legal_actions[0]

    class Broken:
        @property
        def faults(self) -> list[str]:
            raise RuntimeError("no faults today")

        def __call__(self, observation: ft.Observation) -> ft.Action:
            return observation.legal_actions[0]

    result = duplicate([Broken(), Resetter(), NotAList()], deals=1, seed=1)
    assert [fault.player for fault in result.faults] == [1] * 3  # one bid per rotation
    assert {fault.description for fault in result.faults} == {"<Unprintable that cannot be shown>"}
    assert [fault.rotation for fault in result.faults] == [0, 1, 2]


def test_a_player_that_cannot_be_copied_is_named() -> None:
    players: list[Player] = [SimplePlayer(), Locked(1), SimplePlayer()]
    with pytest.raises(ft.TarotTypeError, match=r"player 1 \('1: RandomPlayer\(\)'\) cannot be"):
        duplicate(players, deals=1)
    with pytest.raises(ft.TarotTypeError, match="cannot be copied") as info:
        duplicate(players, deals=1, names=["a", "locked", "c"])
    assert "player 1 ('locked')" in str(info.value)
    assert "lock" in str(info.value) and "__deepcopy__" in str(info.value)

    def numbers() -> object:
        yield from range(3)

    class Generating:
        def __init__(self) -> None:
            self.numbers = numbers()

        def __call__(self, observation: ft.Observation) -> ft.Action:
            return observation.legal_actions[0]

    with pytest.raises(ft.TarotTypeError, match=r"player 2 .* cannot be copied .*generator"):
        duplicate([SimplePlayer(), SimplePlayer(), Generating()], deals=1)
    with pytest.raises(ft.TarotTypeError, match=r"player 1 .* cannot be copied"):
        play_rotations(players, ft.THREE_PLAYER, 1, 0)


def test_a_player_that_does_not_pickle_is_named_for_a_process_pool() -> None:
    def local(observation: ft.Observation) -> ft.Action:
        return observation.legal_actions[0]

    players: list[Player] = [SimplePlayer(), SimplePlayer(), local]
    # Copies are fine (a function copies as itself), but a worker process cannot get it.
    assert duplicate(players, deals=1).deals == 1
    with (
        ProcessPoolExecutor(max_workers=1) as pool,
        pytest.raises(
            ft.TarotTypeError, match=r"player 2 .* cannot be sent to the pool's worker processes"
        ),
    ):
        duplicate(players, deals=1, executor=pool)


def test_a_progress_callback_that_raises_stops_the_run_with_the_deals_so_far() -> None:
    def progress(done: int, total: int) -> None:
        if done == 3:
            raise ValueError("the progress bar broke")

    players = calm_field()
    whole = duplicate(players, deals=6, seed=2)
    with pytest.raises(ArenaStoppedError) as info:
        duplicate(players, deals=6, seed=2, progress=progress)
    error = info.value
    assert type(error) is ArenaStoppedError and error.code == "arena_stopped"
    assert isinstance(error, RuntimeError)
    assert str(error).startswith("the progress callback raised ValueError: the progress bar")
    assert "the arena stopped after 3 of 6 deals" in str(error)
    assert isinstance(error.__cause__, ValueError)
    assert error.result.totals == whole.totals[:3] and not error.result.complete
    with ThreadPoolExecutor(max_workers=2) as pool, pytest.raises(ArenaStoppedError) as info:
        duplicate(players, deals=6, seed=2, progress=progress, executor=pool)
    assert info.value.result.deals >= 3
    assert set(info.value.result.totals) <= set(whole.totals)


def test_ctrl_c_in_process_raises_with_the_deals_so_far() -> None:
    def progress(done: int, total: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    players = calm_field()
    with pytest.raises(ArenaInterrupted) as info:
        duplicate(players, deals=5, seed=2, progress=progress)
    interrupt = info.value
    assert isinstance(interrupt, KeyboardInterrupt) and not isinstance(interrupt, Exception)
    assert str(interrupt) == "the arena was interrupted after 2 of 5 deals"
    assert interrupt.result.totals == duplicate(players, deals=2, seed=2).totals
    assert interrupt.result.planned == 5


def test_play_rotations_names_the_failure() -> None:
    state_seed = next(
        s for s in range(200) if any(doomed(ft.new_deal(seed=s).hand(seat)) for seat in range(4))
    )
    with pytest.raises(DealFailedError) as info:
        play_rotations(crashy_field(), ft.FOUR_PLAYER, state_seed, 0)
    failure = info.value.failure
    assert (failure.deal, failure.seed, failure.player, failure.kind) == (
        0,
        state_seed,
        0,
        "raised",
    )
    assert isinstance(info.value.__cause__, RuntimeError)
    assert info.value.result.failures == (failure,)
    with pytest.raises(ft.TarotTypeError):
        play_rotations(crashy_field(), ft.THREE_PLAYER, 1, 0)
    with pytest.raises(ft.TarotTypeError):
        play_rotations(crashy_field(), "four-player", 1, 0)  # type: ignore[arg-type]
    with pytest.raises(InvalidSettingsError):
        play_rotations(calm_field(), ft.FOUR_PLAYER, 1, 0, decision_time=0)


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"on_error": "ignore"}, InvalidSettingsError),
        ({"decision_time": 0}, InvalidSettingsError),
        ({"decision_time": float("nan")}, InvalidSettingsError),
        ({"decision_time": float("inf")}, InvalidSettingsError),
        ({"decision_time": "1"}, ft.TarotTypeError),
        ({"decision_time": True}, ft.TarotTypeError),
        ({"window": 0}, InvalidSettingsError),
        ({"window": 2.0}, ft.TarotTypeError),
        ({"journal": 3}, ft.TarotTypeError),
    ],
)
def test_the_new_settings_are_checked(
    arguments: dict[str, object], error: type[Exception]
) -> None:
    with pytest.raises(error):
        duplicate([SimplePlayer()] * 3, deals=1, **arguments)  # type: ignore[arg-type]


def test_the_errors_pickle_with_their_results() -> None:
    result = duplicate(crashy_field(), deals=DEALS, seed=3, on_error="record")
    failure = result.failures[0]
    for error in (
        ArenaStoppedError("stopped", result),
        DealFailedError("failed", result, failure),
        ArenaInterrupted("interrupted", result),
    ):
        restored = pickle.loads(pickle.dumps(error))
        assert type(restored) is type(error) and str(restored) == str(error)
        assert restored.result == result
    assert pickle.loads(pickle.dumps(DealFailedError("f", result, failure))).failure == failure


def test_a_result_checks_its_played_deals() -> None:
    with pytest.raises(InvalidSettingsError, match="expected 1 deal numbers, not 2"):
        DuplicateResult(ft.THREE_PLAYER, 0, ("a", "b", "c"), ((3, -3, 0),), (0, 1))
    failure = DealFailure(4, 9, "lost", "ConnectionError: gone")
    result = DuplicateResult(
        ft.THREE_PLAYER, 0, ("a", "b", "c"), ((3, -3, 0),), failures=(failure,)
    )
    assert result.planned == 2 and result.complete and result.finished == 2
    assert result.failure_counts == (0, 0, 0)
    assert str(failure) == "deal 4 (seed 9): the deal was lost: ConnectionError: gone"


# The journal: each finished deal written at once; a run resumed from it.


def test_the_journal_holds_every_finished_deal(tmp_path: Path) -> None:
    journal = tmp_path / "run.jsonl"
    players: list[Player] = [Faulty(1), Crashy(2), RandomPlayer(3), RandomPlayer(4)]
    result = duplicate(players, deals=DEALS, seed=3, on_error="record", journal=journal)
    lines = [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()]
    header = lines[0]
    assert header["journal"] == "frenchtarot-arena" and header["version"] == 1
    assert header["seed"] == 3 and header["names"] == list(result.names)
    assert header["rules"] == repr(ft.FOUR_PLAYER)
    assert sorted(line["deal"] for line in lines[1:]) == list(range(DEALS))
    assert sum("failure" in line for line in lines[1:]) == len(result.failures) > 0
    assert sum(len(line.get("faults", [])) for line in lines[1:]) == len(result.faults) > 0

    # Given the finished journal, the run plays nothing and gives the same result.
    def no_progress(done: int, total: int) -> None:
        raise AssertionError("a deal was played again")

    assert (
        duplicate(
            players, deals=DEALS, seed=3, on_error="record", journal=journal, progress=no_progress
        )
        == result
    )


@pytest.mark.parametrize("pool", [False, True], ids=["in-process", "threads"])
def test_a_run_resumed_from_its_journal_gives_the_uninterrupted_table(
    tmp_path: Path, pool: bool
) -> None:
    journal = tmp_path / "run.jsonl"
    players: list[Player] = [Faulty(1), Crashy(2), RandomPlayer(3), RandomPlayer(4)]
    whole = duplicate(players, deals=DEALS, seed=3, on_error="record")

    def interrupt(done: int, total: int) -> None:
        if done == 7:
            raise KeyboardInterrupt

    with ThreadPoolExecutor(max_workers=2) as executor:
        run = executor if pool else None
        with pytest.raises(ArenaInterrupted) as info:
            duplicate(
                players,
                deals=DEALS,
                seed=3,
                on_error="record",
                journal=journal,
                progress=interrupt,
                executor=run,
            )
        assert info.value.result.finished >= 7
        played: list[int] = []
        resumed = duplicate(
            players,
            deals=DEALS,
            seed=3,
            on_error="record",
            journal=journal,
            executor=run,
            progress=lambda done, total: played.append(done),
        )
    assert resumed == whole
    assert str(resumed) == str(whole)
    assert played[0] == info.value.result.finished + 1 and played[-1] == DEALS
    # A longer run goes on from the same journal; a shorter one leaves deals out.
    assert duplicate(players, deals=DEALS + 4, seed=3, on_error="record", journal=journal) == (
        duplicate(players, deals=DEALS + 4, seed=3, on_error="record")
    )
    assert duplicate(players, deals=5, seed=3, on_error="record", journal=journal) == (
        duplicate(players, deals=5, seed=3, on_error="record")
    )


def test_a_journal_line_cut_short_is_played_again(tmp_path: Path) -> None:
    journal = tmp_path / "run.jsonl"
    players = calm_field()
    whole = duplicate(players, deals=4, seed=1, journal=journal)
    text = journal.read_text(encoding="utf-8")
    last = text.splitlines()[-1]
    journal.write_text(text[: len(text) - 1 - len(last) // 2], encoding="utf-8")
    assert duplicate(players, deals=4, seed=1, journal=journal) == whole
    lines = journal.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5 and lines[-1] == last
    # A header cut short: the journal starts again.
    journal.write_text(text[:20], encoding="utf-8")
    assert duplicate(players, deals=4, seed=1, journal=journal) == whole
    assert journal.read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda lines: ["{}", *lines[1:]], "line 1: not an arena journal: the first line has no"),
        (lambda lines: ["[", *lines[1:]], "line 1: not JSON"),
        (lambda lines: [lines[0].replace('"version":1', '"version":2'), *lines[1:]], "version 2"),
        (
            lambda lines: [lines[0], lines[1].replace('"totals":[', '"totals":[1,'), *lines[2:]],
            "line 2: totals must be a list of 4 ints",
        ),
        (lambda lines: [lines[0], '{"deal":0}', *lines[2:]], "line 2: seed must be an int"),
        (lambda lines: [lines[0], '{"deal":-1,"seed":1}'], "deal must be from 0 to None"),
        (lambda lines: [lines[0], '{"deal":0,"seed":1}'], "needs its totals or its failure"),
        (lambda lines: [lines[0], "3"], "a deal must be a JSON object"),
        (
            lambda lines: [lines[0], '{"deal":0,"seed":1,"totals":[0,0,0,0],"faults":3}'],
            "faults must be a list",
        ),
        (
            lambda lines: [lines[0], '{"deal":0,"seed":1,"totals":[0,0,0,0],"faults":[3]}'],
            "a fault must be a JSON object",
        ),
        (
            lambda lines: [
                lines[0],
                '{"deal":0,"seed":1,"failure":{"kind":"lost","message":"","rotation":0,"seat":0}}',
            ],
            "kind must be raised, illegal or too_slow",
        ),
        (
            lambda lines: [
                lines[0],
                '{"deal":0,"seed":1,"failure":{"kind":"raised","message":3,"rotation":0,"seat":0}}',
            ],
            "message must be a string",
        ),
        (
            lambda lines: [
                lines[0],
                '{"deal":0,"seed":1,"failure":{"kind":"raised","message":"","rotation":4,"seat":0}}',
            ],
            "rotation must be from 0 to 3",
        ),
        (lambda lines: [lines[0], '{"deal":0,"seed":1,"totals":[0,0,0,0]}'], "gives deal 0 the"),
    ],
)
def test_a_journal_that_does_not_fit_is_refused(
    tmp_path: Path, edit: object, message: str
) -> None:
    journal = tmp_path / "run.jsonl"
    players = calm_field()
    duplicate(players, deals=2, seed=1, journal=journal)
    lines = journal.read_text(encoding="utf-8").splitlines()
    journal.write_text("\n".join(edit(lines)) + "\n", encoding="utf-8")  # type: ignore[operator]
    with pytest.raises(InvalidSettingsError, match="journal") as info:
        duplicate(players, deals=2, seed=1, journal=journal)
    assert message in str(info.value)


def test_a_journal_of_another_run_is_refused(tmp_path: Path) -> None:
    journal = tmp_path / "run.jsonl"
    players = calm_field()
    duplicate(players, deals=2, seed=1, journal=journal)
    with pytest.raises(InvalidSettingsError, match="of another run, of seed 1, not 2"):
        duplicate(players, deals=2, seed=2, journal=journal)
    with pytest.raises(
        InvalidSettingsError,
        match=r'of names \["0: RandomPlayer\(\)", .*not \["a", "b", "c", "d"\]',
    ):
        duplicate(players, deals=2, seed=1, journal=journal, names=["a", "b", "c", "d"])
    with pytest.raises(InvalidSettingsError, match="of another run, of rules"):
        duplicate(players, deals=2, seed=1, journal=journal, rules=ft.LUDICASH)
    (tmp_path / "folder").mkdir()
    with pytest.raises(InvalidSettingsError, match="cannot read the journal"):
        duplicate(players, deals=2, seed=1, journal=tmp_path / "folder")
    (tmp_path / "latin1.jsonl").write_bytes(b"\xe9\n")
    with pytest.raises(InvalidSettingsError, match="cannot read the journal"):
        duplicate(players, deals=2, seed=1, journal=tmp_path / "latin1.jsonl")


def test_a_journal_that_cannot_be_written_stops_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from frenchtarot.arena import _journal

    journal = tmp_path / "run.jsonl"
    written = threading.Event()

    def full(self: _journal.Journal, outcome: object) -> None:
        written.set()
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(_journal.Journal, "write", full)
    with pytest.raises(ArenaStoppedError, match=r"cannot write the journal .*No space left"):
        duplicate(calm_field(), deals=3, seed=1, journal=journal)
    assert written.is_set()


def test_a_journal_that_cannot_be_created_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidSettingsError, match="cannot write the journal"):
        duplicate(calm_field(), deals=1, journal=tmp_path / "no such folder" / "run.jsonl")


class CopiesOnce:
    """A player that can be copied once only (the arena's check): its deals are lost."""

    copies = 0

    def __deepcopy__(self, memo: dict[int, object]) -> CopiesOnce:
        type(self).copies += 1
        if type(self).copies > 1:
            raise RuntimeError("copied too often")
        return CopiesOnce()

    def __call__(self, observation: ft.Observation) -> ft.Action:
        return observation.legal_actions[0]


def test_a_deal_that_cannot_start_is_lost_not_blamed_on_a_player() -> None:
    CopiesOnce.copies = 0
    result = duplicate(
        [CopiesOnce(), SimplePlayer(), SimplePlayer()], deals=2, seed=1, on_error="record"
    )
    assert [(f.kind, f.player, f.message) for f in result.failures] == [
        ("lost", None, "RuntimeError: copied too often")
    ] * 2
    assert all("__deepcopy__" in f.where for f in result.failures)
