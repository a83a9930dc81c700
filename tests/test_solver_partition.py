"""Partition search changes no value (``Options(partition=...)``).

With partition search, an entry of the transposition table holds for every position that
differs from the one searched only in the suits' low cards whose ranks the search did not
read. The danger is an entry matched by a position it does not hold for: that shows most
where one table serves many positions, so beside fresh solves the tests keep one solver
for the positions of many deals of one context, and for the worlds sampled from one
seat's view (what the searching player does). By default partition search is used from
8 tricks left (``Options.partition_from``); the tests switch it on from the first trick.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import Rules
from frenchtarot.sampling import sample_state
from frenchtarot.solver import Objective, Solver
from frenchtarot.solver._search import Options
from tests.solver_reference import STYLES, play_to, positions, reference_value

TABLES = [ft.THREE_PLAYER, ft.FOUR_PLAYER, ft.FIVE_PLAYER]
OFF = Options(partition=False)
ON = Options(partition_from=1)


def solver() -> Solver:
    """A solver with partition search at every depth."""
    return Solver._with_options(ON)


def plain(state: ft.State, objective: Objective) -> float | None:
    """The value without partition search (a fresh solver)."""
    return Solver._with_options(OFF).solve(state, objective).value


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    tricks_left=st.integers(3, 6),
    rules=st.sampled_from(TABLES),
    style=st.sampled_from(STYLES),
)
def test_partition_search_keeps_the_value(
    seed: int, tricks_left: int, rules: Rules, style: str
) -> None:
    state = play_to(rules, seed, tricks_left, style)
    for objective in (Objective.POINTS, Objective.CONTRACT):
        assert solver().solve(state, objective).value == plain(state, objective), objective


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), tricks_left=st.integers(3, 5))
def test_partition_search_keeps_each_cards_score(seed: int, tricks_left: int) -> None:
    state = play_to(ft.FOUR_PLAYER, seed, tricks_left, "keep")
    got = solver().card_values(state, Objective.SCORE)
    expected = Solver._with_options(OFF).card_values(state, Objective.SCORE)
    assert [(v.card, v.value) for v in got] == [(v.card, v.value) for v in expected]


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_one_table_for_many_deals_keeps_every_value(rules: Rules) -> None:
    shared = solver()  # one table: the positions of one context share it
    for _, state in positions(rules, 24, 4, 7, seed=40, styles=("random", "keep")):
        for objective in (Objective.POINTS, Objective.CONTRACT):
            assert shared.solve(state, objective).value == plain(state, objective)


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_one_table_for_sampled_worlds_keeps_every_value(rules: Rules) -> None:
    rng = random.Random(41)
    for seed in range(3):
        state = play_to(rules, seed, 6, "keep")
        observation = ft.observe(state, state.current or 0)
        shared = solver()  # the worlds of one decision, as the searching player has them
        for _ in range(6):
            world = sample_state(observation, rng)
            assert shared.solve(world).value == plain(world, Objective.POINTS)


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_partition_search_agrees_with_minimax(rules: Rules) -> None:
    shared = solver()
    for _, state in positions(rules, 16, 1, 3, seed=42):
        for objective in Objective:
            assert shared.solve(state, objective).value == reference_value(state, objective)


def test_partition_search_by_default_from_eight_tricks_keeps_the_value() -> None:
    for seed in (1, 2):
        state = play_to(ft.FOUR_PLAYER, seed, 8, "keep")
        assert Solver().solve(state).value == plain(state, Objective.POINTS)
