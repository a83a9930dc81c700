"""The duplicate arena: fair rotations, intervals, and the same results on every executor."""

from __future__ import annotations

import math
import multiprocessing
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import TYPE_CHECKING

import pytest

import frenchtarot as ft
from frenchtarot.arena import DuplicateResult, Executor, duplicate, play_rotations
from frenchtarot.players import (
    InvalidSettingsError,
    MonteCarloPlayer,
    Player,
    RandomPlayer,
    SimplePlayer,
)
from frenchtarot.rules import LUDICASH
from tests.builders import HOUSE_RULES

if TYPE_CHECKING:
    from distributed.cfexecutor import ClientExecutor

    def dask_executor(executor: ClientExecutor) -> Executor:
        """For mypy: Dask's ``Client.get_executor()`` satisfies the protocol."""
        return executor


def field() -> list[Player]:
    """A small field: a searcher, a simple player and two random ones (four seats)."""
    players: list[Player] = [MonteCarloPlayer(samples=2, rollouts=1, rng=3), SimplePlayer()]
    return players + [RandomPlayer(seed) for seed in (1, 2)]


DEALS = 3


@pytest.fixture(scope="module")
def in_process() -> DuplicateResult:
    return duplicate(field(), deals=DEALS, seed=7)


def test_identical_players_score_nothing_each_deal() -> None:
    # Every player holds every hand once with the same neighbours: the same total.
    result = duplicate([SimplePlayer()] * 4, deals=4, seed=2)
    assert result.totals == ((0, 0, 0, 0),) * 4
    assert result.means == (0.0,) * 4


def test_every_deal_sums_to_zero_and_the_intervals_hold_the_means(
    in_process: DuplicateResult,
) -> None:
    assert in_process.deals == DEALS
    assert all(sum(totals) == 0 for totals in in_process.totals)
    assert math.isclose(sum(in_process.means), 0, abs_tol=1e-9)
    for mean, (low, high) in zip(in_process.means, in_process.intervals, strict=True):
        assert low <= mean <= high
    text = str(in_process)
    assert "3 deals x 4 rotations, seed 7" in text
    assert "MonteCarloPlayer(samples=2, rollouts=1)" in text


def test_the_same_seed_gives_the_same_numbers_on_a_process_pool(
    in_process: DuplicateResult,
) -> None:
    # Spawned workers: forking a test process that may run threads (Dask's) could hang.
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=4, mp_context=spawn) as executor:
        assert duplicate(field(), deals=DEALS, seed=7, executor=executor) == in_process
    with ThreadPoolExecutor(max_workers=2) as executor:
        assert duplicate(field(), deals=DEALS, seed=7, executor=executor) == in_process


def test_the_same_seed_gives_the_same_numbers_on_a_dask_cluster(
    in_process: DuplicateResult,
) -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, processes=False, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        result = duplicate(field(), deals=DEALS, seed=7, executor=client.get_executor())
    assert result == in_process


def test_the_standard_pools_are_executors() -> None:
    # mypy checks the list's type: both pools satisfy the protocol (see dask_executor too).
    spawn = multiprocessing.get_context("spawn")
    with (
        ThreadPoolExecutor(max_workers=1) as threads,
        ProcessPoolExecutor(max_workers=1, mp_context=spawn) as pool,
    ):
        executors: list[Executor] = [threads, pool]
        assert executors[0].submit(pow, 2, 10).result() == 1024


def test_another_seed_deals_other_hands() -> None:
    players: list[Player] = [SimplePlayer(), RandomPlayer(1), RandomPlayer(2)]
    assert duplicate(players, deals=2, seed=7) != duplicate(players, deals=2, seed=8)


def test_progress_is_reported_after_each_deal() -> None:
    seen: list[tuple[int, int]] = []
    players: list[Player] = [SimplePlayer(), RandomPlayer(1), RandomPlayer(2)]
    duplicate(players, deals=3, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]
    seen.clear()
    with ThreadPoolExecutor(max_workers=2) as executor:
        duplicate(
            players,
            deals=3,
            executor=executor,
            progress=lambda done, total: seen.append((done, total)),
        )
    assert [done for done, _total in seen] == [1, 2, 3]


def test_the_players_given_are_left_as_they_were() -> None:
    player = RandomPlayer(5)
    before = player._rng.getstate()
    players: list[Player] = [player, SimplePlayer(), SimplePlayer()]
    duplicate(players, deals=2)
    assert player._rng.getstate() == before


def test_a_rotation_seats_every_player_at_every_seat() -> None:
    seats_seen: dict[int, set[int]] = {0: set(), 1: set(), 2: set()}

    def spy(number: int) -> Player:
        def play(observation: ft.Observation) -> ft.Action:
            seats_seen[number].add(observation.seat)
            return observation.legal_actions[0]

        return play

    totals = play_rotations([spy(0), spy(1), spy(2)], ft.THREE_PLAYER, 4, 0)
    assert seats_seen == {0: {0, 1, 2}, 1: {0, 1, 2}, 2: {0, 1, 2}}
    assert sum(totals) == 0


def test_differences_are_paired_by_deal() -> None:
    result = DuplicateResult(ft.THREE_PLAYER, 0, ("a", "b", "c"), ((30, -30, 0), (60, -30, -30)))
    assert result.means == (15.0, -10.0, -5.0)
    mean, low, high = result.difference(0, 1)
    assert mean == 25.0 and low < 25.0 < high
    assert result.difference(1, 1) == (0.0, 0.0, 0.0)
    single = DuplicateResult(ft.THREE_PLAYER, 0, ("a", "b", "c"), ((3, -3, 0),))
    assert single.intervals[0] == (-math.inf, math.inf)
    with pytest.raises(InvalidSettingsError):
        result.difference(0, 3)
    with pytest.raises(ft.TarotTypeError):
        result.difference(0, "b")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"players": [SimplePlayer()] * 2}, InvalidSettingsError),
        ({"players": [SimplePlayer()] * 6}, InvalidSettingsError),
        ({"players": "simple"}, ft.TarotTypeError),
        ({"players": [SimplePlayer(), 3, SimplePlayer()]}, ft.TarotTypeError),
        ({"deals": 0}, InvalidSettingsError),
        ({"deals": 2.0}, ft.TarotTypeError),
        ({"seed": "1"}, ft.TarotTypeError),
        ({"executor": object()}, ft.TarotTypeError),
        ({"progress": 3}, ft.TarotTypeError),
        ({"names": ["a", "b"]}, InvalidSettingsError),
        ({"names": "abc"}, ft.TarotTypeError),
        ({"names": ["a", "b", 3]}, ft.TarotTypeError),
        ({"rules": ft.FOUR_PLAYER}, InvalidSettingsError),
        ({"rules": "three-player"}, ft.TarotTypeError),
        ({"rules": 3}, ft.TarotTypeError),
    ],
)
def test_the_arena_refuses_settings_that_cannot_work(
    arguments: dict[str, object], error: type[Exception]
) -> None:
    settings: dict[str, object] = {"players": [SimplePlayer()] * 3, "deals": 1}
    settings.update(arguments)
    players = settings.pop("players")
    with pytest.raises(error):
        duplicate(players, **settings)  # type: ignore[arg-type]


def test_names_label_the_players() -> None:
    result = duplicate([SimplePlayer()] * 3, deals=1, names=["ann", "bob", "cy"], seed=3)
    assert result.names == ("ann", "bob", "cy")


# House rules.


def house_field(rules: ft.Rules) -> list[Player]:
    """A searcher, a simple player and random ones, for a table of ``rules``."""
    players: list[Player] = [MonteCarloPlayer(samples=1, rollouts=1, rng=5), SimplePlayer()]
    return players + [RandomPlayer(seed) for seed in range(rules.seats - 2)]


@pytest.mark.parametrize("rules", [LUDICASH, *HOUSE_RULES.values()], ids=lambda r: r.name)
def test_the_arena_plays_the_rules_it_is_given(rules: ft.Rules) -> None:
    seen: list[ft.Rules] = []

    def spy(observation: ft.Observation) -> ft.Action:
        seen.append(observation.rules)
        return SimplePlayer()(observation)

    players = [spy, *house_field(rules)[1:]]
    result = duplicate(players, deals=2, seed=3, rules=rules)
    assert result.rules == rules and result.deals == 2
    assert seen and set(seen) == {rules}
    assert all(sum(totals) == 0 for totals in result.totals)
    assert (
        str(result).splitlines()[0]
        == f"2 deals x {rules.seats} rotations, seed 3, {rules.name} rules"
    )
    # Other house rules, other scores for the same players, seed and deals.
    fft = duplicate(players, deals=2, seed=3)
    assert fft.rules == ft.RULES_BY_SEATS[rules.seats]
    assert str(fft).splitlines()[0] == f"2 deals x {rules.seats} rotations, seed 3"
    if rules != LUDICASH:  # every knob changed: some score differs
        assert fft.totals != result.totals


def test_a_searcher_plays_in_duplicate_under_house_rules_on_a_pool() -> None:
    rules = HOUSE_RULES[4]
    here = duplicate(house_field(rules), deals=1, seed=1, rules=rules)
    with ThreadPoolExecutor(max_workers=2) as executor:
        pooled = duplicate(house_field(rules), deals=1, seed=1, rules=rules, executor=executor)
    assert pooled == here
    assert here.rules == rules


def test_the_rules_must_seat_the_players_given() -> None:
    with pytest.raises(InvalidSettingsError, match="the ludicash rules seat 4 players, but 3"):
        duplicate([SimplePlayer()] * 3, deals=1, rules=LUDICASH)
