"""The solver is exact: it agrees with plain minimax, and its optimisations change no value.

The reference (``tests/solver_reference.py``) walks every legal card through the public
rules and scores the end with :func:`frenchtarot.score`; the positions are drawn to
exercise the Excuse (kept, led, in the last trick), the slam exception (one camp has won
every trick; slam announced or not), the petit au bout and handfuls, at every table size
and under house rules. The volume runs are in ``test_solver_soak.py``.
"""

from __future__ import annotations

import collections
import itertools
import math

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import Play, Rules, State
from frenchtarot.solver import (
    Objective,
    Solution,
    Solver,
    _search,
    analyse,
    card_values,
    reaches,
    solve,
)
from frenchtarot.solver._search import Options
from tests.solver_reference import (
    features,
    final_value,
    minimax,
    play_to,
    positions,
    reference_value,
)

TABLES = [ft.THREE_PLAYER, ft.FOUR_PLAYER, ft.FIVE_PLAYER]
HOUSE = attrs.evolve(
    ft.FOUR_PLAYER,
    name="house",
    petit_au_bout=50,
    petit_au_bout_multiplied=False,
    slam_announced=500,
    slam_unannounced=300,
    slam_missed=150,
    slam_defence=100,
    contracts=((ft.Contract.GARDE, 3), (ft.Contract.GARDE_SANS, 5), (ft.Contract.GARDE_CONTRE, 7)),
)
OFF: dict[str, Options] = {
    "table": Options(table=False),
    "relative": Options(relative=False),
    "merge": Options(merge=False),
    "order": Options(order=False),
    "bounds": Options(bounds=False),
    "bisect": Options(bisect=False),
    "sure": Options(sure=False),
    "score": Options(score=False),
    "partition": Options(partition=False),
}
"""Each optimisation switched off alone (the others on)."""
CHEAP = ("random", "keep")
"""The styles of position whose deeper searches stay small."""
UNIT = {Objective.POINTS: 0.5, Objective.SCORE: 1, Objective.CONTRACT: 1}


def check_against_reference(rules: Rules, count: int, seed: int) -> collections.Counter[str]:
    """Solve ``count`` positions of 1 to 4 tricks left for each objective; return features."""
    seen: collections.Counter[str] = collections.Counter()
    for number, (style, state) in enumerate(positions(rules, count, 1, 4, seed=seed)):
        seen.update(features(state))
        for objective in Objective:
            expected = reference_value(state, objective)
            got = solve(state, objective)
            assert got.exact, (style, number)
            assert got.value == expected, (style, number, objective, state)
    return seen


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_the_solver_agrees_with_minimax(rules: Rules) -> None:
    seen = check_against_reference(rules, 24, seed=1)
    # The positions drawn do exercise the cases the solver must get right.
    for case in ("excuse", "petit", "sweep", "garde sans"):
        assert seen[case] >= 1, (case, seen)


def test_the_solver_agrees_with_minimax_under_house_rules() -> None:
    seen = check_against_reference(HOUSE, 24, seed=2)
    assert seen["sweep"] >= 1 and seen["petit"] >= 1


def test_the_excuse_led_and_the_announced_slam_are_among_the_positions() -> None:
    seen: collections.Counter[str] = collections.Counter()
    for rules in TABLES:
        for _, state in positions(rules, 120, 1, 4, seed=3):
            seen.update(features(state))
    assert seen["excuse led"] >= 1 and seen["sweep announced"] >= 1 and seen["handful"] >= 1


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_the_reference_is_plain_minimax(rules: Rules) -> None:
    for _, state in positions(rules, 8, 1, 2, seed=4):
        for objective in Objective:
            assert reference_value(state, objective) == minimax(state, objective)


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_no_optimisation_changes_the_value(rules: Rules) -> None:
    check_options(rules, 2, 6, 6, seed=5)


def check_options(rules: Rules, count: int, low: int, high: int, seed: int) -> None:
    """Each optimisation off in turn leaves the value of ``count`` positions as it is.

    Without the transposition table the search grows by orders of magnitude: that one is
    checked on the card points of the positions of 6 tricks only.
    """
    for style, state in positions(rules, count, low, high, seed=seed, styles=CHEAP):
        tricks_left = rules.hand_size - len(state.tricks)
        for objective in (Objective.POINTS, Objective.SCORE):
            value = solve(state, objective).value
            for name, options in OFF.items():
                if name == "table" and (tricks_left > 6 or objective is not Objective.POINTS):
                    continue
                got = Solver._with_options(options).solve(state, objective)
                assert got.value == value, (name, objective, style, state)


def test_every_optimisation_off_at_once_gives_the_same_value() -> None:
    none = Options(
        table=False,
        merge=False,
        order=False,
        bounds=False,
        bisect=False,
        sure=False,
        score=False,
        partition=False,
    )
    for rules in TABLES:
        for _, state in positions(rules, 2, 3, 4, seed=6):
            for objective in Objective:
                slow = Solver._with_options(none).solve(state, objective)
                assert slow.value == solve(state, objective).value


def deep(rules: Rules = ft.FOUR_PLAYER, tricks_left: int = 7) -> State:
    return play_to(rules, 11, tricks_left, "random")


@pytest.mark.parametrize("objective", list(Objective), ids=lambda o: o.name)
def test_a_tiny_budget_gives_bounds_around_the_value(objective: Objective) -> None:
    state = deep()
    exact = solve(state, objective)
    for budget in (1, 10, 200):
        rough = solve(state, objective, nodes=budget)
        assert rough.low <= exact.value <= rough.high
        assert rough.value == rough.low
        assert rough.nodes <= budget
        if not rough.exact:
            assert rough.low < rough.high
    # One node is not enough, unless the bounds alone give the value.
    assert solve(state, objective, nodes=1).exact == (exact.nodes == 0)
    assert exact.exact and exact.low == exact.value == exact.high


def test_a_time_budget_gives_bounds_around_the_value() -> None:
    state = deep(tricks_left=8)
    exact = solve(state)
    rough = solve(state, seconds=1e-9)
    assert not rough.exact
    assert rough.low <= exact.value <= rough.high


def test_card_values_under_a_budget_are_bounds() -> None:
    state = deep()
    exact = {value.card: value.value for value in card_values(state)}
    rough = card_values(state, nodes=50)
    assert {value.card for value in rough} == set(exact)
    assert not all(value.exact for value in rough)
    for value in rough:
        assert value.low <= exact[value.card] <= value.high


def test_reaches_under_a_tiny_budget_says_it_does_not_know() -> None:
    state = deep()
    value = solve(state).value
    assert reaches(state, value, nodes=1) is None
    assert reaches(state, value, nodes=10**9) is True


def test_the_same_input_gives_the_same_output_and_nodes() -> None:
    state = deep(ft.FIVE_PLAYER, 5)
    for objective in Objective:
        assert solve(state, objective) == solve(state, objective)
        assert card_values(state, objective) == card_values(state, objective)
    first = Solver().solve(state)
    assert isinstance(first, Solution) and first.nodes > 0
    assert solve(state, nodes=100) == solve(state, nodes=100)


def test_a_kept_solver_reuses_what_it_learned() -> None:
    state = deep()
    solver = Solver()
    first = solver.solve(state)
    again = solver.solve(state)
    assert again.value == first.value and again.nodes < first.nodes
    assert solver.nodes == first.nodes + again.nodes
    for objective in Objective:  # another objective: another table, the same values
        assert solver.solve(state, objective).value == solve(state, objective).value
    solver.clear()
    assert solver.solve(state).nodes == first.nodes


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_reaches_agrees_with_the_value(rules: Rules) -> None:
    for _, state in positions(rules, 6, 2, 5, seed=7):
        for objective in Objective:
            value = solve(state, objective).value
            step = UNIT[objective]
            assert reaches(state, value, objective) is True
            assert reaches(state, value - step, objective) is True
            assert reaches(state, value + step, objective) is False
            assert reaches(state, -math.inf, objective) is True
            assert reaches(state, math.inf, objective) is False


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_card_values_are_the_values_after_each_card_best_first(rules: Rules) -> None:
    for _, state in positions(rules, 6, 2, 4, seed=8):
        for objective in (Objective.POINTS, Objective.SCORE):
            values = card_values(state, objective)
            legal = {a.card for a in ft.legal_actions(state) if isinstance(a, Play)}
            assert {value.card for value in values} == legal
            for value in values:
                after = ft.apply(state, Play(value.card))
                expected = (
                    final_value(after, objective)
                    if after.is_terminal
                    else solve(after, objective).value
                )
                assert value.exact and value.value == expected
            attack = state.current in state.attackers
            numbers = [value.value for value in values]
            assert numbers == sorted(numbers, reverse=attack)
            assert values[0].value == solve(state, objective).value


def played_out(rules: Rules, seed: int) -> State:
    state = play_to(rules, seed, 1, "random")
    while not state.is_terminal:
        state = ft.apply(state, ft.legal_actions(state)[-1])
    return state


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
@pytest.mark.parametrize("objective", [Objective.POINTS, Objective.SCORE], ids=lambda o: o.name)
def test_the_analysis_of_a_deal_adds_up(rules: Rules, objective: Objective) -> None:
    state = played_out(rules, 9)
    reviews = analyse(state, objective, tricks=4)
    assert len(reviews) == 4 * rules.seats
    assert [review.trick for review in reviews] == [
        trick
        for trick in range(rules.hand_size - 3, rules.hand_size + 1)
        for _ in range(rules.seats)
    ]
    losses = {True: 0.0, False: 0.0}
    for review, following in itertools.pairwise(reviews):
        assert review.after == following.before
    for review in reviews:
        assert review.loss is not None and review.loss >= 0
        assert review.attack == (review.seat in state.attackers)
        losses[review.attack] += review.loss
    start = reviews[0].before.value
    end = final_value(state, objective)
    assert reviews[-1].after.value == end
    assert end == start - losses[True] + losses[False]


def test_the_analysis_finds_a_mistake() -> None:
    # The last card of every seat is forced: no loss; somewhere before, cards lost points.
    found = 0.0
    for seed in range(3):
        reviews = analyse(played_out(ft.FOUR_PLAYER, seed), tricks=3)
        assert all(review.loss == 0 for review in reviews[-4:])
        found += sum(review.loss or 0 for review in reviews)
    assert found > 0


def test_the_analysis_of_a_deal_in_progress_and_under_a_budget() -> None:
    state = deep(tricks_left=5)
    reviews = analyse(state, tricks=2)
    numbers = {review.trick for review in reviews}
    in_progress = len(state.tricks) + (1 if state.current_trick else 0)
    assert numbers == {in_progress - 1, in_progress}
    assert reviews[-1].after.value == solve(state).value
    rough = analyse(state, tricks=4, nodes=5)
    assert any(review.loss is None for review in rough)
    for review in rough:
        assert review.before.low <= review.before.high


def test_the_solver_refuses_what_is_not_a_card_play() -> None:
    start = ft.new_deal(seed=1)
    with pytest.raises(ft.TarotTypeError):
        solve("a state")  # type: ignore[arg-type]
    with pytest.raises(ft.errors.NotInPlayError, match="bidding"):
        solve(start)
    with pytest.raises(ValueError):
        card_values(start)
    finished = played_out(ft.FOUR_PLAYER, 1)
    with pytest.raises(ft.DealOverError):
        solve(finished)
    with pytest.raises(ft.DealOverError):
        reaches(finished, 10)
    with pytest.raises(ft.errors.NotInPlayError):
        analyse(start)
    with pytest.raises(ft.TarotTypeError):
        analyse(None)  # type: ignore[arg-type]


def test_the_solver_refuses_bad_arguments() -> None:
    state = deep(tricks_left=2)
    settings = ft.errors.InvalidSettingsError
    with pytest.raises(ft.TarotTypeError):
        solve(state, "points")  # type: ignore[arg-type]
    with pytest.raises(settings):
        solve(state, nodes=0)
    with pytest.raises(ft.TarotTypeError):
        solve(state, nodes=True)
    with pytest.raises(ft.TarotTypeError):
        solve(state, nodes=1.5)  # type: ignore[arg-type]
    with pytest.raises(settings):
        solve(state, seconds=0)
    with pytest.raises(settings):
        solve(state, seconds=math.inf)
    with pytest.raises(ft.TarotTypeError):
        solve(state, seconds="1")  # type: ignore[arg-type]
    with pytest.raises(ft.TarotTypeError):
        reaches(state, True)
    with pytest.raises(ft.TarotTypeError):
        reaches(state, "40")  # type: ignore[arg-type]
    with pytest.raises(settings):
        reaches(state, math.nan)
    with pytest.raises(settings):
        analyse(state, tricks=0)
    with pytest.raises(ft.TarotTypeError):
        analyse(state, tricks=1.0)  # type: ignore[arg-type]
    with pytest.raises(settings):
        Solver(max_entries=0)
    with pytest.raises(ft.TarotTypeError):
        Solver(max_entries="many")  # type: ignore[arg-type]


def test_a_full_table_is_emptied_and_the_values_stay() -> None:
    state = deep()
    small = Solver(max_entries=8)
    assert small.solve(state).value == solve(state).value


@given(seed=st.integers(0, 10**6), tricks_left=st.integers(1, 3), table=st.sampled_from(TABLES))
def test_the_best_card_keeps_the_value(seed: int, tricks_left: int, table: Rules) -> None:
    state = play_to(table, seed, tricks_left, "keep")
    values = card_values(state, Objective.SCORE)
    best = values[0]
    after = ft.apply(state, Play(best.card))
    value = (
        final_value(after, Objective.SCORE)
        if after.is_terminal
        else solve(after, Objective.SCORE).value
    )
    assert value == best.value == solve(state, Objective.SCORE).value
    assert reaches(state, 1, Objective.CONTRACT) == (solve(state, Objective.CONTRACT).value == 1)


def test_the_search_is_compiled_with_the_rules_core() -> None:
    """The compiled build compiles the solver's search too (pyproject's mypyc include)."""
    assert _search.__file__ is not None
    assert _search.__file__.endswith(".py") != ft.compiled


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_at_the_first_card_the_solver_offers_the_legal_cards_and_bounds(rules: Rules) -> None:
    """The whole deal (more cards than the search's short labels hold; at five players the
    opening lead's restriction in the called suit) under a budget: bounds, never an error."""
    state = ft.new_deal(dealer=0, seed=12, rules=rules)
    while state.phase is not ft.Phase.PLAY:
        offered = ft.legal_actions(state)
        action = offered[0]
        if state.phase is ft.Phase.BIDDING and state.current == 1:
            action = ft.Bid(ft.Contract.GARDE)
        elif isinstance(action, ft.Call):  # a King the taker does not hold: a partner
            action = next(a for a in offered if a.card not in state.hand(1))  # type: ignore[union-attr]
        state = ft.apply(state, action)
    assert not state.tricks and not state.current_trick
    values = card_values(state, nodes=300)
    legal = [a.card for a in ft.legal_actions(state) if isinstance(a, Play)]
    assert sorted(value.card for value in values) == legal
    for value in values:
        assert value.low <= value.high
    rough = solve(state, Objective.SCORE, nodes=300)
    assert not rough.exact and rough.low <= rough.high
    assert reaches(state, 1, Objective.CONTRACT, nodes=300) is None
