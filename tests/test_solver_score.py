"""The solver's bounds on the taker's score (``Objective.SCORE``), and card values' bounds.

The score is bounded from the bounds in points (``Options(score=...)``): for a contract
the unit is nondecreasing in the attack's card points and in its bouts (a lower target),
and the petit au bout and the slam are bounded apart, over what the rest of the deal can
still bring. The rows give those parts counted by hand from ``_core/tally.py``'s rules;
that the search's values never change with the bound switched off is checked with the
other switches in ``test_solver.py`` (``OFF``).
"""

from __future__ import annotations

import pytest

import frenchtarot as ft
from frenchtarot.solver import Objective, Solver, card_values, solve
from frenchtarot.solver._search import Options, Scoring, Search
from tests.solver_reference import STYLES, play_to

CONTRACT_ROWS = [
    # (what, multiplier, handfuls, half points, bouts, unit)
    ("made by 0 at 56 without a bout, Garde", 2, 0, 112, 0, 25 * 2),
    ("55.5 without a bout: lost by 1", 2, 0, 111, 0, -26 * 2),
    ("55.5 with one bout: made by 5 (rounded up)", 2, 0, 111, 1, 30 * 2),
    ("made by 5 with three bouts and a handful", 1, 20, 82, 3, 30 + 20),
    ("lost by 1 with three bouts and a handful", 1, 20, 70, 3, -26 - 20),
    ("no point at all, no bout: lost by 56", 6, 0, 0, 0, -(25 + 56) * 6),
]


def _search(state: ft.State | None = None) -> Search:
    if state is None:
        state = play_to(ft.FOUR_PLAYER, 3, 4, "random")
    return Solver()._search(state, Objective.SCORE, 0, 0.0)


@pytest.mark.parametrize("row", CONTRACT_ROWS, ids=lambda row: row[0])
def test_the_contract_part_of_the_unit(row: tuple[str, int, int, int, int, int]) -> None:
    _, multiplier, handfuls, half, bouts, unit = row
    search = _search()
    search.scoring = Scoring(multiplier, 10, handfuls, False, 400, 200, 200, 200, 3)
    assert search._contract_part(half, bouts) == unit


@pytest.mark.parametrize("multiplier", [1, 2, 4, 6])
@pytest.mark.parametrize("handfuls", [0, 20, 40])
def test_the_contract_part_grows_with_the_points_and_the_bouts(
    multiplier: int, handfuls: int
) -> None:
    search = _search()
    search.scoring = Scoring(multiplier, 10, handfuls, False, 400, 200, 200, 200, 3)
    for bouts in range(4):
        units = [search._contract_part(half, bouts) for half in range(183)]
        assert units == sorted(units)
        if bouts:
            for half in range(183):
                assert search._contract_part(half, bouts) >= search._contract_part(half, bouts - 1)


EXTRA_ROWS = [
    # (what, Petit still to play, petit pending, attack won, defence won, slam announced,
    #  least and most of the petit au bout plus the slam)
    ("all settled", False, 0, True, True, False, 0, 0),
    ("the Petit still to play", True, 0, True, True, False, -10, 10),
    ("the attack's Petit in the trick before the last", False, 1, True, True, False, 0, 10),
    ("the defence's Petit in the trick before the last", False, -1, True, True, False, -10, 0),
    ("the attack has won every trick so far", False, 0, True, False, False, 0, 200),
    ("the defence has won every trick so far", False, 0, False, True, False, -200, 0),
    ("no trick yet, slam announced", True, 0, False, False, True, -410, 410),
    ("slam announced and already missed", False, 0, True, True, True, -200, -200),
]


@pytest.mark.parametrize("row", EXTRA_ROWS, ids=lambda row: row[0])
def test_the_petit_and_the_slam_are_bounded_apart(
    row: tuple[str, bool, int, bool, bool, bool, int, int],
) -> None:
    _, petit, pending, att_won, def_won, announced, least, most = row
    search = _search()
    search.scoring = Scoring(2, 10, 0, announced, 400, 200, 200, 200, 3)
    search.slam_range = search._slam_range()
    search.petit_bit = 1
    search.hands = [1 if petit else 0, 1 << 5, 1 << 6, 1 << 7]
    search.root = [0, 0, 0, -1, -1, 0, 0, 0, -1]
    search.petit_pending = pending
    search.att_won = att_won
    search.def_won = def_won
    assert search._extras(False) == least
    assert search._extras(True) == most


def test_the_score_s_range_is_narrower_than_the_constant_one() -> None:
    search = _search()
    assert search.score_bounds
    low, high = search.range_now()
    assert high - low < 2 * search.score_span
    off = Solver._with_options(Options(score=False))
    state = play_to(ft.FOUR_PLAYER, 3, 4, "random")
    plain = off._search(state, Objective.SCORE, 0, 0.0)
    assert not plain.score_bounds
    assert plain.range_now() == (-plain.score_span, plain.score_span)


@pytest.mark.parametrize("seed", range(12))
def test_the_score_s_root_range_holds_the_value(seed: int) -> None:
    """In the trick and at the next trick's start (with the sure tricks)."""
    rules = (ft.THREE_PLAYER, ft.FOUR_PLAYER, ft.FIVE_PLAYER)[seed % 3]
    state = play_to(rules, seed, 3 + seed % 4, STYLES[seed % 4])
    for start in (False, True):
        while start and state.current_trick:
            state = ft.apply(state, ft.legal_actions(state)[0])
        value = solve(state, Objective.SCORE).value
        low, high = _search(state).range_now()
        assert low <= value <= high
        for options in (Options(score=False), Options(sure=False)):
            assert Solver._with_options(options).solve(state, Objective.SCORE).value == value


@pytest.mark.parametrize("objective", [Objective.POINTS, Objective.SCORE], ids=str)
def test_card_values_under_any_budget_are_bounds(objective: Objective) -> None:
    """When the budget runs out in one card's search, the next cards' bounds are read from
    the position as it was (not as the search left it)."""
    for seed in range(4):
        state = play_to(ft.FOUR_PLAYER, seed, 5, "random")
        exact = {value.card: value.value for value in card_values(state, objective)}
        for budget in (20, 50, 100, 300, 1000):
            for value in card_values(state, objective, nodes=budget):
                assert value.low <= exact[value.card] <= value.high, (seed, budget, value)
