"""The solver's volume checks (soak): many more positions than ``test_solver.py``.

At the default ``FRENCHTAROT_SOAK_DEALS`` (10,000):

- 1,000 positions of 1 to 4 tricks left per table size against the plain reference, each
  position for one objective, in turn;
- 210 positions of 6 to 8 tricks (70 per table size; 6 tricks only at five players) where
  each optimisation switched off leaves the value as it is, for the card points and the
  contract in turn. The score's bisection over its wide range makes the searches without an
  optimisation too long for the soak step (``test_solver.py`` checks the score's); the table
  is switched off only at 6 tricks and not at five players, where one search without it can
  take a quarter of a minute.

Split into items for ``-n auto``.
"""

from __future__ import annotations

import pytest

import frenchtarot as ft
from frenchtarot import Rules
from frenchtarot.solver import Objective, Solver, solve
from tests.solver_reference import features, positions, reference_value
from tests.test_solver import CHEAP, OFF

TABLES = [ft.THREE_PLAYER, ft.FOUR_PLAYER, ft.FIVE_PLAYER]
PARTS = 5
"""Each table's positions are split into this many test items."""
OBJECTIVES = list(Objective)


@pytest.mark.soak
@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_the_solver_agrees_with_minimax_at_volume(
    rules: Rules, part: int, soak_deals: int
) -> None:
    count = max(1, soak_deals // 10 // PARTS)
    seen: set[str] = set()
    for number, (style, state) in enumerate(
        positions(rules, count, 1, 4, seed=100_000 + part * count)
    ):
        seen |= features(state)
        objective = OBJECTIVES[number % len(OBJECTIVES)]
        expected = reference_value(state, objective)
        assert solve(state, objective).value == expected, (style, number, objective, state)
    if count >= 100:
        assert {"excuse", "petit", "sweep"} <= seen


@pytest.mark.soak
@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_no_optimisation_changes_the_value_at_volume(
    rules: Rules, part: int, soak_deals: int
) -> None:
    count = max(1, soak_deals * 7 // 1000 // PARTS)
    deepest = 6 if rules.seats == 5 else 8  # 7 or 8 tricks at five: too long for the soak
    for number, (style, state) in enumerate(
        positions(rules, count, 6, deepest, seed=200_000 + part * count, styles=CHEAP)
    ):
        tricks_left = rules.hand_size - len(state.tricks)
        objective = (Objective.POINTS, Objective.CONTRACT, Objective.SCORE)[number % 3]
        value = solve(state, objective).value
        for name, options in OFF.items():
            if name == "table" and (
                tricks_left > 6 or objective is not Objective.POINTS or rules.seats == 5
            ):
                continue  # without the table the search is orders of magnitude larger
            got = Solver._with_options(options).solve(state, objective)
            assert got.value == value, (name, objective, style, number, state)
