"""The searching player (``SearchPlayer``) and the difficulty levels (``players.level``)."""

from __future__ import annotations

import random
import time

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot.errors import InvalidSettingsError
from frenchtarot.players import (
    MonteCarloPlayer,
    Player,
    RandomPlayer,
    SearchPlayer,
    SimplePlayer,
    _search,
    _simulate,
    level,
    play_deal,
)
from frenchtarot.players._worlds import draw_world
from frenchtarot.rules import RULES_BY_SEATS, Rules
from frenchtarot.sampling import sample_state
from frenchtarot.solver import Objective, card_values
from tests.strategies import valid_rules

BOLD = SimplePlayer(boldness=30)  # takes most deals, so that the play is reached


def played(rules: Rules, seed: int, players: list[Player]) -> ft.State:
    return play_deal(ft.new_deal(seed=seed, rules=rules), players)


# --- Legal play ------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_searchers_at_every_seat_play_legal_deals(seats: int) -> None:
    rules = RULES_BY_SEATS[seats]
    seen_taker = False
    for seed in (2, 3):  # deals someone takes at every table size
        searchers = [SearchPlayer(nodes=250, rng=seed * 10 + s) for s in range(seats)]
        final = played(rules, seed, list(searchers))  # play_deal refuses an illegal action
        assert final.is_terminal
        seen_taker |= final.taker is not None
    assert seen_taker  # some searcher took, put cards aside and played the contract


@settings(max_examples=6, deadline=None)
@given(rules=valid_rules(), seed=st.integers(0, 2**32 - 1), seat=st.integers(0, 4))
def test_the_searcher_is_legal_under_any_rules(rules: Rules, seed: int, seat: int) -> None:
    players: list[Player] = [BOLD] * rules.seats
    players[seat % rules.seats] = SearchPlayer(nodes=200, rng=seed)
    assert played(rules, seed, players).is_terminal


def test_a_searching_taker_makes_a_whole_ecart() -> None:
    # The searcher speaks first (seat 1) against simple players: it takes some deals, and
    # its écart is then six cards it held, put aside one by one from one plan.
    simple = SimplePlayer()
    takes = 0
    for seed in range(8):
        searcher = SearchPlayer(nodes=100, rng=seed)
        final = played(ft.FOUR_PLAYER, seed, [simple, searcher, simple, simple])
        if final.taker == 1 and final.contract in (ft.Contract.PETITE, ft.Contract.GARDE):
            takes += 1
            assert len(final.discard) == 6
            assert set(final.discard) <= set(final.dealt[1]) | set(final.dog)
    assert takes


# --- Reproducible under a node budget ---------------------------------------------------------


class _RacingClock:
    """A clock that runs an hour per read: a player that reads it stops at once."""

    def __init__(self) -> None:
        self.now = time.perf_counter()

    def __call__(self) -> float:
        self.now += 3600.0
        return self.now


def test_a_node_budget_gives_the_same_decisions_whatever_the_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def history(seed: int) -> tuple[ft.Action, ...]:
        final = played(ft.FOUR_PLAYER, seed, [SearchPlayer(nodes=400, rng=5), BOLD, BOLD, BOLD])
        return final.history

    first = [history(seed) for seed in (2, 9)]
    assert [history(seed) for seed in (2, 9)] == first
    monkeypatch.setattr(_simulate, "perf_counter", _RacingClock())
    assert [history(seed) for seed in (2, 9)] == first


def test_a_time_budget_stops_on_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    # With a clock an hour ahead at every read, a decision draws no world and takes the
    # simple player's card.
    monkeypatch.setattr(_simulate, "perf_counter", _RacingClock())
    drawn = 0

    def counting(observation: ft.Observation, rng: random.Random) -> ft.State:
        nonlocal drawn
        drawn += 1
        return sample_state(observation, rng)

    monkeypatch.setattr(_search, "draw_world", counting)
    monkeypatch.setattr(_simulate, "draw_world", counting)
    state = ft.new_deal(seed=2)
    while not (state.phase is ft.Phase.PLAY and len(state.hand(state.current or 0)) <= 12):
        assert state.current is not None
        state = ft.apply(state, BOLD(ft.observe(state, state.current)))
    assert state.current is not None
    view = ft.observe(state, state.current)
    plays = tuple(a for a in view.legal_actions if isinstance(a, ft.Play))
    assert len(plays) > 1
    chosen = SearchPlayer(seconds=10.0, rng=1)(view)
    assert drawn == 0
    assert chosen == SimplePlayer()(attrs.evolve(view, legal_actions=plays))


def test_decisions_keep_to_the_time_budget() -> None:
    # A generous bound: the player aims at 0.1 s (+20%); a loaded host may add to it.
    searcher = SearchPlayer(seconds=0.1, rng=3)
    timed = 0
    state = ft.new_deal(seed=4)
    while state.current is not None and timed < 6:
        view = ft.observe(state, state.current)
        if state.current == 0 and len(view.legal_actions) > 1:
            start = time.perf_counter()
            action = searcher(view)
            assert time.perf_counter() - start < 1.0
            timed += 1
        else:
            action = BOLD(view)
        state = ft.apply(state, action)
    assert timed == 6


# --- One world: the solver's card ------------------------------------------------------------


def _endgames(seats: int) -> list[ft.State]:
    """Positions with three tricks left to the seat to play, of several deals."""
    found = []
    for seed in range(40):
        state = ft.new_deal(seed=seed, rules=RULES_BY_SEATS[seats])
        while state.current is not None and not (
            state.phase is ft.Phase.PLAY and len(state.hand(state.current)) == 3
        ):
            state = ft.apply(state, BOLD(ft.observe(state, state.current)))
        if state.current is not None and len(ft.legal_actions(state)) > 1:
            found.append(state)
    return found


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_with_one_world_it_plays_a_card_the_solver_calls_best(
    seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    true_state: list[ft.State] = []
    monkeypatch.setattr(_search, "draw_world", lambda observation, rng: true_state[0])
    camps = set()
    for state in _endgames(seats)[:8]:
        true_state[:] = [state]
        seat = state.current
        assert seat is not None
        values = card_values(state, Objective.SCORE)
        assert all(value.exact for value in values)
        best = {value.card for value in values if value.value == values[0].value}
        chosen = SearchPlayer(nodes=20_000, rng=0)(ft.observe(state, seat))
        assert isinstance(chosen, ft.Play) and chosen.card in best
        camps.add(seat in state.attackers)
    assert camps == {True, False}  # both the attack (maximising) and the defence


# --- Before the endgame: random rollouts ------------------------------------------------------


def _midgame(seed: int, tricks: int) -> ft.State:
    """A position of deal ``seed`` with ``tricks`` tricks left to the seat to play."""
    state = ft.new_deal(seed=seed)
    while state.current is not None and not (
        state.phase is ft.Phase.PLAY and len(state.hand(state.current)) == tricks
    ):
        state = ft.apply(state, BOLD(ft.observe(state, state.current)))
    return state


def _rolled_choice(view: ft.Observation, seed: int, rollouts: int) -> ft.Play:
    """The card the random rollouts of one world (drawn as the player draws it) call best."""
    rng = random.Random(seed)
    plays = [a for a in view.legal_actions if isinstance(a, ft.Play)]
    world = draw_world(view, rng)
    assert view.taker is not None
    totals = _simulate.rollout_totals(world, plays, view.taker, rng, rollouts)
    sign = 1 if view.seat in (view.taker, view.partner) else -1
    return plays[max(range(len(plays)), key=lambda n: (sign * totals[n], -n))]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_before_the_endgame_it_plays_the_best_card_of_the_rollouts(seed: int) -> None:
    # A budget of exactly one world of rollouts: the player's card is the best total of
    # the random rollouts of the world it draws first.
    state = _midgame(seed, 10)
    assert state.current is not None
    view = ft.observe(state, state.current)
    plays = [a for a in view.legal_actions if isinstance(a, ft.Play)]
    one_world = len(plays) * 3 * 10
    chosen = SearchPlayer(nodes=one_world, rng=seed, rollouts=3)(view)
    assert chosen == _rolled_choice(view, seed, 3)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_world_the_solver_does_not_solve_is_rolled_out(seed: int) -> None:
    # At five tricks left, a budget whose eighth (the most one world's solve may take) is
    # far too small to solve: the one world is rolled out, every card alike.
    state = _midgame(seed, 5)
    assert state.current is not None
    view = ft.observe(state, state.current)
    plays = [a for a in view.legal_actions if isinstance(a, ft.Play)]
    if len(plays) < 2:
        pytest.skip("a single legal card")
    one_world = len(plays) * 2 * 5
    assert not all(value.exact for value in card_values(state, Objective.SCORE, nodes=10))
    chosen = SearchPlayer(nodes=one_world, rng=seed, endgame=5, rollouts=2)(view)
    assert chosen == _rolled_choice(view, seed, 2)


# --- Settings --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"seconds": 0}, InvalidSettingsError, "seconds must be above 0"),
        ({"seconds": float("inf")}, InvalidSettingsError, "seconds must be above 0"),
        ({"seconds": "1"}, ft.TarotTypeError, "seconds must be a number"),
        ({"nodes": 0}, InvalidSettingsError, "nodes must be 1 or more"),
        ({"nodes": True}, ft.TarotTypeError, "nodes must be an int"),
        ({"endgame": 25}, InvalidSettingsError, "endgame must be from 0 to 24"),
        ({"endgame": 1.0}, ft.TarotTypeError, "endgame must be an int"),
        ({"rollouts": 0}, InvalidSettingsError, "rollouts must be 1 or more"),
        ({"rollouts": "2"}, ft.TarotTypeError, "rollouts must be an int"),
        ({"rng": "seed"}, ft.TarotTypeError, "rng must be a random.Random"),
        ({"margin": -0.5}, InvalidSettingsError, "margin must be 0 or more and finite"),
        ({"margin": float("nan")}, InvalidSettingsError, "margin must be 0 or more"),
        ({"margin": float("inf")}, InvalidSettingsError, "margin must be 0 or more"),
        ({"margin": "1"}, ft.TarotTypeError, "margin must be a number"),
        ({"margin": True}, ft.TarotTypeError, "margin must be a number"),
    ],
)
def test_bad_settings_are_refused(options: dict[str, object], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        SearchPlayer(**options)  # type: ignore[arg-type]


def test_levels_are_the_documented_players() -> None:
    assert isinstance(level(1), RandomPlayer)
    assert isinstance(level(2), SimplePlayer)
    three = level(3)
    assert isinstance(three, MonteCarloPlayer) and (three.samples, three.rollouts) == (20, 2)
    four, five = level(4), level(5)
    assert isinstance(four, SearchPlayer) and isinstance(five, SearchPlayer)
    assert four.seconds < five.seconds == 0.25
    assert (four.margin, five.margin) == (2.0, 1.0)
    assert (four.rollouts, five.rollouts) == (2, 8)
    assert repr(four) == "SearchPlayer(seconds=0.05, rollouts=2, margin=2)"
    assert repr(five) == "SearchPlayer(seconds=0.25)"
    assert repr(SearchPlayer(nodes=500, rollouts=3)) == "SearchPlayer(nodes=500, rollouts=3)"


def opening_views(deals: int) -> list[ft.Observation]:
    """The first bid of four-player deals (seeds 0 on), as its seat sees it."""
    views = []
    for seed in range(deals):
        state = ft.new_deal(seed=seed)
        if state.current is not None:
            views.append(ft.observe(state, state.current))
    return views


def test_the_margin_decides_how_far_a_bid_may_stray_from_the_simple_players() -> None:
    """With no margin the simulated gain alone decides, and some opening bids differ from
    the simple player's; with a margin no mean clears, every bid is the simple player's."""
    views = opening_views(30)
    simple = [SimplePlayer()(view) for view in views]
    bold = [SearchPlayer(nodes=3_000, rng=1, margin=0)(view) for view in views]
    wary = [SearchPlayer(nodes=3_000, rng=1, margin=1e9)(view) for view in views]
    assert wary == simple
    assert bold != simple


@pytest.mark.parametrize("n", [1, 3])
def test_levels_are_seeded(n: int) -> None:
    def history(seed: int) -> tuple[ft.Action, ...]:
        players: list[Player] = [
            level(n, seed=seed),
            SimplePlayer(),
            SimplePlayer(),
            level(1, seed=seed),
        ]
        return played(ft.FOUR_PLAYER, 6, players).history

    assert history(1) == history(1) != history(2)


@pytest.mark.parametrize(
    ("n", "seed", "error", "message"),
    [
        (0, None, InvalidSettingsError, "from 1 to 5, not 0"),
        (6, None, InvalidSettingsError, "from 1 to 5, not 6"),
        (True, None, ft.TarotTypeError, "must be an int"),
        ("3", None, ft.TarotTypeError, "must be an int"),
        (3, "1", ft.TarotTypeError, "seed must be an int"),
    ],
)
def test_bad_levels_are_refused(n: object, seed: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        level(n, seed=seed)  # type: ignore[arg-type]


def test_the_levels_are_distinct_players() -> None:
    kinds = [type(level(n)) for n in range(1, 6)]
    assert kinds == [RandomPlayer, SimplePlayer, MonteCarloPlayer, SearchPlayer, SearchPlayer]
    assert len({repr(level(n)) for n in range(1, 6)}) == 5
