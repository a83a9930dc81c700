"""Tests for :mod:`frenchtarot.openspiel`: OpenSpiel's own checks on the registered game."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # type: ignore[import-not-found, unused-ignore]  # noqa: E402

import frenchtarot as ft  # noqa: E402
from frenchtarot import encoding, observe  # noqa: E402
from frenchtarot.encoding import EncodingError  # noqa: E402
from frenchtarot.openspiel import (  # noqa: E402
    SHORT_NAME,
    FrenchTarotGame,
    FrenchTarotState,
    load_game,
    register_rules,
)
from frenchtarot.rules import LUDICASH  # noqa: E402
from tests.builders import HOUSE_RULES  # noqa: E402
from tests.strategies import valid_rules  # noqa: E402

SEATS = (3, 4, 5)
#: Tables off the FFT scoring, with the game string that loads each (a custom table is
#: registered first, by :func:`_house_game`).
HOUSE_TABLES = (LUDICASH, *HOUSE_RULES.values())
HOUSE_IDS = tuple(rules.name for rules in HOUSE_TABLES)


def _house_game(rules: ft.Rules) -> Any:
    """The game of ``rules``, loaded by name through ``pyspiel`` (registered first)."""
    return pyspiel.load_game(f"{SHORT_NAME}(rules={register_rules(rules)})")


def _random_state(game: Any, rng: random.Random, steps: int) -> Any:
    """A state ``steps`` player actions past the deal (or terminal), chance sampled."""
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, weights)[0])
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("seats", SEATS)
def test_random_sim_test_passes_with_serialization(seats: int) -> None:
    game = pyspiel.load_game(SHORT_NAME, {"players": seats})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("perfect_recall", [False, True])
def test_random_sim_test_passes_with_each_observer(seats: int, perfect_recall: bool) -> None:
    game = load_game(seats)
    observer = game.make_observer(pyspiel.IIGObservationType(perfect_recall=perfect_recall), {})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False, observer=observer)


@pytest.mark.parametrize("seats", SEATS)
def test_the_game_describes_its_table(seats: int) -> None:
    game = load_game(seats)
    rules = ft.RULES_BY_SEATS[seats]
    assert game.num_players() == seats
    assert game.num_distinct_actions() == encoding.num_actions(rules)
    assert game.max_chance_outcomes() == seats + 1
    assert game.information_state_tensor_size() == encoding.information_state_tensor_size(rules)
    assert game.observation_tensor_size() == encoding.observation_tensor_size(rules)
    assert game.get_type().short_name == SHORT_NAME
    assert game.get_parameters() == {"players": seats, "dealer": 0, "rules": rules.name}
    assert game.get_type().parameter_specification == {"players": 0, "dealer": 0, "rules": ""}
    assert game.rules is rules
    assert game.min_utility() == -encoding.score_bound(rules) == -game.max_utility()
    default = pyspiel.load_game("french_tarot")
    assert default.num_players() == 4 and default.rules is ft.FOUR_PLAYER
    assert str(default) == "french_tarot(dealer=0,players=4,rules=four-player)"


@pytest.mark.parametrize("rules", HOUSE_TABLES, ids=HOUSE_IDS)
def test_random_sim_test_passes_under_house_rules(rules: ft.Rules) -> None:
    game = _house_game(rules)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    for perfect_recall in (False, True):
        observer = game.make_observer(
            pyspiel.IIGObservationType(perfect_recall=perfect_recall), {}
        )
        pyspiel.random_sim_test(
            game, num_sims=1, serialize=False, verbose=False, observer=observer
        )


@pytest.mark.parametrize("rules", HOUSE_TABLES, ids=HOUSE_IDS)
def test_a_house_game_plays_its_own_table(rules: ft.Rules) -> None:
    game = _house_game(rules)
    assert game.rules is rules
    assert game.get_parameters() == {"players": rules.seats, "dealer": 0, "rules": rules.name}
    assert game.num_players() == rules.seats
    assert game.num_distinct_actions() == encoding.num_actions(ft.RULES_BY_SEATS[rules.seats])
    assert game.max_utility() == encoding.score_bound(rules) == -game.min_utility()
    offered = {encoding.action_id(ft.Bid(c), rules) for c in rules.offered}
    absent = {1, 2, 3, 4} - offered
    assert absent  # every one of these tables leaves a contract out
    rng = random.Random(rules.seats)
    for _deal in range(20):
        state = _random_state(game, rng, 0)
        assert set(state.legal_actions()) == {0} | offered  # the first word: pass or bid
        while not state.is_terminal():
            assert not absent & set(state.legal_actions())
            state.apply_action(rng.choice(state.legal_actions()))
        assert state.tarot.rules is rules
        assert state.returns() == [float(x) for x in ft.returns(state.tarot)]
        assert all(abs(x) <= game.max_utility() for x in state.returns())


def test_a_custom_game_round_trips_through_its_string() -> None:
    rules = HOUSE_RULES[5]
    game = load_game(rules=rules, dealer=2)
    assert str(game) == "french_tarot(dealer=2,players=5,rules=house-5)"
    state = _random_state(game, random.Random(1), 30)
    game2, state2 = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    assert game2.rules is rules and game2.dealer == 2
    assert state2.tarot == state.tarot and state2.history() == state.history()
    assert pyspiel.load_game(str(game)).rules is rules


def test_rules_are_named_as_find_rules_reads_them() -> None:
    assert load_game(rules="Five Player").rules is ft.FIVE_PLAYER
    assert load_game(rules="3").rules is ft.THREE_PLAYER
    assert load_game(rules=LUDICASH).get_parameters()["rules"] == "ludicash"
    assert load_game(3).rules is ft.THREE_PLAYER
    assert load_game(5, rules="five-player").rules is ft.FIVE_PLAYER
    assert pyspiel.load_game("french_tarot(players=4,rules=ludicash)").rules is LUDICASH
    assert FrenchTarotGame().rules is ft.FOUR_PLAYER  # no parameters: the default table


def test_register_rules_keeps_one_table_per_name() -> None:
    rules = HOUSE_RULES[4]
    assert register_rules(rules) == register_rules(rules) == "house-4"
    assert register_rules(ft.FOUR_PLAYER) == "four-player"
    other = attrs.evolve(rules, slam_announced=900)
    with pytest.raises(
        ft.InvalidRulesError, match="other rules are already registered as 'house-4'"
    ):
        register_rules(other)
    assert load_game(rules="house-4").rules is rules
    for name in ("four-player", "Four Player", "4", "LUDICASH"):
        with pytest.raises(ft.InvalidRulesError, match=r"would be taken for the preset '[a-z-]+'"):
            register_rules(attrs.evolve(rules, name=name))
    for name in ("a,b", "x=y", "(house)", " house"):
        with pytest.raises(ft.InvalidRulesError, match="cannot go in an OpenSpiel game string"):
            register_rules(attrs.evolve(rules, name=name))
    with pytest.raises(ft.TarotTypeError, match="expected Rules, not"):
        register_rules("house-4")  # type: ignore[arg-type]


@pytest.mark.parametrize("seats", SEATS)
def test_the_deal_is_chance_and_every_place_fills_up(seats: int) -> None:
    game = load_game(seats, dealer=seats - 1)
    rules = ft.RULES_BY_SEATS[seats]
    state = game.new_initial_state()
    nodes = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _o, p in outcomes) - 1.0) < 1e-9
        assert all(0 <= o <= seats for o, _p in outcomes)
        state.apply_action(outcomes[nodes % len(outcomes)][0])
        nodes += 1
    assert nodes <= 77
    tarot = state.tarot
    assert isinstance(tarot, ft.State)
    assert tarot.dealer == seats - 1 and tarot.rules == rules
    assert sorted([*(c for hand in tarot.hands for c in hand), *tarot.dog]) == list(ft.DECK)
    assert state.current_player() == tarot.current == 0


@pytest.mark.parametrize("seats", SEATS)
def test_tensors_and_strings_are_those_of_the_encoding(seats: int) -> None:
    game = load_game(seats)
    rng = random.Random(seats)
    for steps in (0, 5, 12, 40, 200):
        state = _random_state(game, rng, steps)
        tarot = state.tarot
        for player in range(seats):
            observation = observe(tarot, player)
            np.testing.assert_array_equal(
                state.information_state_tensor(player),
                np.array(encoding.information_state_tensor(observation), np.float32),
            )
            np.testing.assert_array_equal(
                state.observation_tensor(player),
                np.array(encoding.observation_tensor(observation), np.float32),
            )
            assert state.information_state_string(player) == "\n".join(map(str, observation.key))
            assert state.observation_string(player) == str(observation)
        if not state.is_terminal():
            names = [state.action_to_string(a) for a in state.legal_actions()]
            assert names == [encoding.describe_id(a, tarot.rules) for a in state.legal_actions()]
        else:
            assert state.returns() == [float(x) for x in ft.returns(tarot)]


def test_while_dealing_a_seat_sees_only_its_own_cards() -> None:
    game = load_game(4)
    state = game.new_initial_state()
    for place in (0, 1, 1, 4, 2):
        state.apply_action(place)
    tensor = state.information_state_tensor(1)
    fields = {f.name: f for f in encoding.information_state_fields(ft.FOUR_PLAYER)}
    hand = tensor[fields["hand"].offset : fields["hand"].end]
    assert [i for i, bit in enumerate(hand) if bit] == [1, 2]
    assert sum(tensor) == 1 + 2 + 2  # seat, hand, dealt hand
    assert state.information_state_string(1) == "seat 1, dealing (5 cards dealt)\nhand: T2 T3"
    assert state.information_state_string(3) == "seat 3, dealing (5 cards dealt)\nhand: "
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 4) == "deal to the dog"
    assert state.returns() == [0.0] * 4
    assert state.rules is ft.FOUR_PLAYER
    with pytest.raises(EncodingError, match=r"chance outcome 7 is no place .* \[0, 1, 2, 3, 4\]"):
        state.apply_action(7)


@pytest.mark.parametrize("seats", SEATS)
def test_serialization_round_trips(seats: int) -> None:
    game = load_game(seats)
    rng = random.Random(10 + seats)
    for steps in (0, 30, 200):
        state = _random_state(game, rng, steps)
        text = pyspiel.serialize_game_and_state(game, state)
        game2, state2 = pyspiel.deserialize_game_and_state(text)
        assert str(state2) == str(state)
        assert state2.history() == state.history()
        assert state2.tarot == state.tarot
        assert game.deserialize_state(state.serialize()).tarot == state.tarot
        assert game2.num_players() == seats


@pytest.mark.parametrize("seats", SEATS)
def test_uniform_random_bots_play_complete_games_through_evaluate_bots(seats: int) -> None:
    game = load_game(seats)
    bots = [pyspiel.make_uniform_random_bot(player, 100 + player) for player in range(seats)]
    played = 0
    for seed in range(20):
        result = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
        assert len(result) == seats and sum(result) == 0
        played += any(result)
    assert played >= 10  # a few deals are annulled (every seat passes)


def test_mcts_bots_play_a_complete_game() -> None:
    from open_spiel.python.algorithms import (  # type: ignore[import-untyped, unused-ignore]
        evaluate_bots,
        mcts,
    )

    game = load_game(4)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 2.0, 3, evaluator, random_state=rng) for _ in range(4)]
    result = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(result) == 4 and sum(result) == 0


def test_bad_parameters_and_observers_are_refused() -> None:
    with pytest.raises(ft.InvalidRulesError, match="3, 4 or 5 players, not 6"):
        load_game(6)
    with pytest.raises(ft.InvalidRulesError, match="3, 4 or 5 players, not True"):
        load_game(True)
    with pytest.raises(ft.InvalidRulesError, match=r"3, 4 or 5 players, not 4\.0"):
        load_game(4.0)  # type: ignore[arg-type]
    with pytest.raises(ft.InvalidRulesError, match="not 2"):
        pyspiel.load_game("french_tarot(players=2)")
    with pytest.raises(ft.InvalidSeatError, match="from 0 to 3, not 7"):
        pyspiel.load_game("french_tarot(players=4,dealer=7)")
    with pytest.raises(ft.InvalidSeatError, match="from 0 to 2, not 3"):
        load_game(rules="three-player", dealer=3)
    with pytest.raises(ft.InvalidSeatError, match="not True"):
        FrenchTarotGame({"dealer": True})
    with pytest.raises(
        ft.InvalidRulesError,
        match=r"players=3 does not match rules='ludicash', a table of 4 seats: set players to 4",
    ):
        pyspiel.load_game("french_tarot(players=3,rules=ludicash)")
    with pytest.raises(ft.InvalidRulesError, match="players=5 does not match"):
        load_game(5, rules=HOUSE_RULES[4])
    with pytest.raises(
        ft.InvalidRulesError,
        match=r"no rules are called 'six': the presets are three-player, four-player, "
        r"five-player, ludicash; the rules registered with register_rules are ",
    ):
        pyspiel.load_game("french_tarot(rules=six)")
    with pytest.raises(ft.TarotTypeError, match="rules must be Rules or a str, not"):
        load_game(rules=4)  # type: ignore[arg-type]
    with pytest.raises(ft.TarotTypeError, match="the rules parameter must be a str, not"):
        FrenchTarotGame({"rules": 4})
    game = load_game(4)
    public = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(EncodingError, match="private_info=NONE"):
        game.make_py_observer(public)
    with pytest.raises(EncodingError, match="observer parameters are not supported"):
        game.make_py_observer(None, {"x": 1})


@pytest.mark.parametrize("seats", SEATS)
def test_resampling_keeps_the_information_state_of_the_player(seats: int) -> None:
    game = load_game(seats)
    rng = random.Random(seats)
    during = game.new_initial_state()
    for _ in range(20):
        during.apply_action(rng.choice([o for o, _p in during.chance_outcomes()]))
    states = [during] + [_random_state(game, rng, steps) for steps in (0, 8, 30, 200)]
    moved = 0
    for state in states:
        for player in range(seats):
            world = state.resample_from_infostate(player, rng.random)
            assert isinstance(world, FrenchTarotState)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.observation_string(player) == state.observation_string(player)
            assert world.is_terminal() == state.is_terminal()
            moved += str(world) != str(state)
    assert moved > len(states) * seats // 2


def test_information_set_mcts_plays_a_complete_game() -> None:
    """OpenSpiel's Python IS-MCTS draws its worlds with ``resample_from_infostate``."""
    from open_spiel.python.algorithms import (  # type: ignore[import-untyped, unused-ignore]
        ismcts,
        mcts,
    )

    game = load_game(4)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, 3, random_state=rng) for _ in range(4)]
    chance = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(chance.choices(outcomes, weights)[0])
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert sum(state.returns()) == 0


@settings(max_examples=4, deadline=None)
@given(valid_rules())
def test_random_sim_test_passes_under_random_house_rules(rules: ft.Rules) -> None:
    # A registered name stands for one table: name the drawn table by its knobs.
    unnamed = attrs.evolve(rules, name="drawn")
    named = attrs.evolve(rules, name=f"drawn-{hash(unnamed) & 0xFFFFFFFF:08x}")
    pyspiel.random_sim_test(_house_game(named), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("seats", SEATS)
def test_python_callers_get_numpy_tensors_equal_to_openspiels_own(seats: int) -> None:
    game = load_game(seats)
    rng = random.Random(29)
    for steps in (0, 3, 30, 70, 300):
        state = _random_state(game, rng, steps)
        clone = state.clone()  # a copy follows on its own
        for player in range(seats):
            for ours, theirs in (
                (state.information_state_tensor, pyspiel.State.information_state_tensor),
                (state.observation_tensor, pyspiel.State.observation_tensor),
            ):
                tensor = ours(player)
                assert isinstance(tensor, np.ndarray) and tensor.dtype == np.float32
                np.testing.assert_array_equal(tensor, theirs(state, player))
            np.testing.assert_array_equal(
                clone.information_state_tensor(player), state.information_state_tensor(player)
            )
        if not state.is_terminal():
            current = state.current_player()
            np.testing.assert_array_equal(
                state.information_state_tensor(), state.information_state_tensor(current)
            )
            state.apply_action(state.legal_actions()[0])
            np.testing.assert_array_equal(
                state.observation_tensor(current),
                np.array(encoding.observation_tensor(observe(state.tarot, current)), np.float32),
            )
    with pytest.raises(pyspiel.SpielError):
        _random_state(game, rng, 500).information_state_tensor()  # over: nobody to act


@pytest.mark.parametrize("seats", SEATS)
def test_the_tensors_follow_whole_deals_and_the_shortcuts_answer_as_openspiel(
    seats: int,
) -> None:
    """Asked at every step, the tensors are the encoding's; ``legal_actions`` and
    ``is_chance_node``, answered in Python, are what OpenSpiel's own methods answer."""
    game = load_game(seats)
    rng = random.Random(seats + 29)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            for player in (None, *range(seats + 1)):
                ours = state.legal_actions() if player is None else state.legal_actions(player)
                theirs = (
                    pyspiel.State.legal_actions(state)
                    if player is None
                    else pyspiel.State.legal_actions(state, player)
                )
                assert ours == theirs, (player, state)
            if not state.is_chance_node():
                with pytest.raises(pyspiel.SpielError, match="pseudo-player -1"):
                    state.legal_actions(pyspiel.PlayerId.CHANCE)
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            player = rng.randrange(seats)
            observation = observe(state.tarot, player)
            np.testing.assert_array_equal(
                state.information_state_tensor(player),
                np.array(encoding.information_state_tensor(observation), np.float32),
            )
            state.apply_action(rng.choice(state.legal_actions()))
        assert state.legal_actions() == pyspiel.State.legal_actions(state) == []
        for player in range(seats):
            np.testing.assert_array_equal(
                state.observation_tensor(player),
                np.array(encoding.observation_tensor(observe(state.tarot, player)), np.float32),
            )
