"""Tests for :mod:`frenchtarot.pettingzoo`: PettingZoo's own checks on the AEC environment."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings

pytest.importorskip("pettingzoo")

import numpy as np  # type: ignore[import-not-found, unused-ignore]
from pettingzoo.test import (  # type: ignore[import-untyped, unused-ignore]
    api_test,
    seed_test,
)
from pettingzoo.utils import wrappers  # type: ignore[import-untyped, unused-ignore]

import frenchtarot as ft
from frenchtarot import encoding, observe
from frenchtarot.encoding import EncodingError
from frenchtarot.pettingzoo import FrenchTarotEnv, env
from frenchtarot.rules import LUDICASH
from tests.builders import HOUSE_RULES
from tests.strategies import valid_rules

SEATS = (3, 4, 5)
#: Tables off the FFT scoring: Ludicash and the custom tables of four and five seats.
HOUSE_TABLES = (LUDICASH, HOUSE_RULES[4], HOUSE_RULES[5])
HOUSE_IDS = tuple(rules.name for rules in HOUSE_TABLES)

# Any warning of PettingZoo's checks fails a test, but the two it gives every environment
# whose observations are {"observation", "action_mask"} dicts (its own classic games too).
pytestmark = [
    pytest.mark.filterwarnings("error"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
]


def _play(table: Any, rng: random.Random, check: bool = False) -> dict[str, float]:
    """Play one episode with random legal actions; the rewards each agent last saw."""
    final: dict[str, float] = {}
    raw = table.unwrapped
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _info = table.last()
        if check:
            seat = raw.possible_agents.index(agent)
            seen = observe(raw.tarot, seat)
            if raw.perfect_recall:
                expected = encoding.information_state_tensor(seen)
            else:
                expected = encoding.observation_tensor(seen)
            np.testing.assert_array_equal(observation["observation"], expected)
            assert observation["action_mask"].tolist() == encoding.legal_mask(seen)
            for other in raw.possible_agents:
                if other != agent and other in table.agents:
                    assert not table.observe(other)["action_mask"].any()
            assert table.observation_space(agent).contains(observation)
        if termination or truncation:
            final[agent] = reward
            table.step(None)
        else:
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(rng.choice(list(legal))))
    return final


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("perfect_recall", [False, True])
def test_api_test_passes(seats: int, perfect_recall: bool) -> None:
    api_test(env(seats=seats, perfect_recall=perfect_recall), num_cycles=200)


@pytest.mark.parametrize("rules", HOUSE_TABLES, ids=HOUSE_IDS)
@pytest.mark.parametrize("perfect_recall", [False, True])
def test_api_test_passes_under_house_rules(rules: ft.Rules, perfect_recall: bool) -> None:
    api_test(env(rules=rules, perfect_recall=perfect_recall), num_cycles=200)


@pytest.mark.parametrize("rules", HOUSE_TABLES, ids=HOUSE_IDS)
def test_a_house_table_plays_its_rules(rules: ft.Rules) -> None:
    table = env(rules=rules)
    raw = table.unwrapped
    assert raw.rules is rules and table.possible_agents == [
        f"seat_{s}" for s in range(rules.seats)
    ]
    fields = {f.name: f for f in encoding.observation_fields(rules)}
    score = fields["score"]
    high = table.observation_space("seat_0")["observation"].high[score.offset : score.end]
    assert list(high) == [encoding.score_bound(rules)] * rules.seats
    absent = {1, 2, 3, 4} - {encoding.action_id(ft.Bid(c), rules) for c in rules.offered}
    rng = random.Random(rules.seats)
    for seed in range(6):
        table.reset(seed=seed)
        assert raw.tarot.rules is rules
        first = np.flatnonzero(table.last()[0]["action_mask"])
        assert not absent & set(first.tolist()) and len(first) == 1 + len(rules.offered)
        final = _play(table, rng, check=True)
        assert final == {f"seat_{s}": float(d) for s, d in enumerate(ft.returns(raw.tarot))}


def test_rules_may_be_named_and_must_match_the_seats() -> None:
    assert FrenchTarotEnv(rules="Ludicash").rules is LUDICASH
    assert FrenchTarotEnv(seats=4, rules=LUDICASH).rules is LUDICASH
    assert FrenchTarotEnv(seats=5).rules is ft.FIVE_PLAYER
    assert FrenchTarotEnv().rules is ft.FOUR_PLAYER
    with pytest.raises(
        ft.InvalidRulesError,
        match="seats=5 does not match the ludicash rules, a table of 4 seats: set seats to 4",
    ):
        env(seats=5, rules="ludicash")
    with pytest.raises(ft.InvalidRulesError, match="no rules are called 'six'"):
        env(rules="six")
    with pytest.raises(ft.TarotTypeError, match="rules must be Rules or a preset's name, not"):
        env(rules=4)  # type: ignore[arg-type]
    with pytest.raises(ft.InvalidRulesError, match="3, 4 or 5 seats, not True"):
        env(seats=True, rules=LUDICASH)


@pytest.mark.parametrize("seats", SEATS)
def test_seed_test_passes(seats: int) -> None:
    seed_test(lambda: env(seats=seats), num_cycles=200)


@pytest.mark.parametrize("seats", SEATS)
def test_rewards_at_the_end_are_the_score_deltas(seats: int) -> None:
    table = env(seats=seats)
    rng = random.Random(seats)
    scored = 0
    for seed in range(4):
        table.reset(seed=seed)
        final = _play(table, rng, check=seed == 0)
        state = table.unwrapped.tarot
        assert state.is_terminal and not table.agents
        assert final == {f"seat_{s}": float(d) for s, d in enumerate(ft.returns(state))}
        scored += state.phase is ft.Phase.DONE
    assert scored


def test_the_same_seed_deals_the_same_deal_and_options_choose_the_dealer() -> None:
    first, second = FrenchTarotEnv(), FrenchTarotEnv()
    first.reset(seed=5)
    second.reset(seed=5)
    assert first.tarot is not None and second.tarot is not None
    assert first.tarot == second.tarot
    first.reset()
    assert first.tarot != second.tarot
    second.reset(seed=5, options={"dealer": 2})
    assert second.tarot.dealer == 2 and second.agent_selection == "seat_3"


def test_spaces_bound_every_observation() -> None:
    table = FrenchTarotEnv(seats=5, perfect_recall=True)
    space = table.observation_space("seat_0")
    assert space["observation"].shape == (encoding.information_state_tensor_size(ft.FIVE_PLAYER),)
    assert table.action_space("seat_4").n == encoding.num_actions(ft.FIVE_PLAYER)
    table.reset(seed=2)
    _play(table, random.Random(2))


def test_render_ansi_shows_the_table() -> None:
    table = env(seats=4, render_mode="ansi")
    table.reset(seed=3)
    text = table.render()
    assert text.startswith("four-player, dealer 0, bidding, seat 1 to act\nseat 0: ")
    rng = random.Random(3)
    while "trick:" not in text:  # a card on the table
        observation, *_rest = table.last()
        table.step(int(rng.choice(list(np.flatnonzero(observation["action_mask"])))))
        text = table.render()
    _play(table, rng)
    assert "over" in table.render()
    quiet = env(seats=4)
    quiet.reset(seed=3)
    assert quiet.render() is None
    table.close()


def test_an_action_not_offered_is_refused() -> None:
    table = env(seats=4)
    table.reset(seed=1)
    with pytest.raises(EncodingError, match=r"id 100 .* is not offered here"):
        table.step(100)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ft.InvalidRulesError, match="3, 4 or 5 seats, not 6"):
        env(seats=6)
    with pytest.raises(ft.InvalidRulesError, match="render mode must be 'ansi' or None"):
        env(render_mode="human")
    with pytest.raises(ft.TarotTypeError, match="perfect_recall must be a bool"):
        FrenchTarotEnv(perfect_recall=1)  # type: ignore[arg-type]
    with pytest.raises(ft.TarotTypeError, match="call reset"):
        FrenchTarotEnv().observe("seat_0")


def test_an_unknown_agent_is_refused_with_the_agents() -> None:
    """Every misuse of the adapter is a TarotError: an agent that is not at the table is an
    InvalidSeatError (a ValueError) naming the agents, never a bare ValueError or KeyError."""
    table = env(seats=4)
    table.reset(seed=1)
    for agent in ("seat_9", "seat_4", "Seat_0", "", 0, None):
        for method in (table.observe, table.observation_space, table.action_space):
            with pytest.raises(ft.InvalidSeatError) as caught:
                method(agent)
            assert isinstance(caught.value, ValueError)
            assert "the agents are seat_0, seat_1, seat_2, seat_3" in str(caught.value)


@settings(max_examples=4, deadline=None)
@given(valid_rules())
def test_api_test_passes_under_random_house_rules(rules: ft.Rules) -> None:
    api_test(env(rules=rules), num_cycles=60)


@pytest.mark.parametrize("seats", SEATS)
def test_every_step_shows_the_encodings_information_state(seats: int) -> None:
    """The tensors follow the deal with perfect recall too, the deal's end included."""
    table = env(seats=seats, perfect_recall=True)
    rng = random.Random(seats)
    for seed in range(4):
        table.reset(seed=seed)
        _play(table, rng, check=True)


def test_the_wrapper_refuses_the_episodes_attributes_before_reset() -> None:
    """The order-enforcing wrapper's checks hold, though it reads the attributes directly."""
    table = env(seats=4)
    for name in ("agents", "agent_selection", "rewards", "terminations", "truncations", "infos"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(table, name)
    with pytest.raises(AttributeError, match="cannot be accessed before reset"):
        table.last()
    table.reset(seed=2)
    raw = table.unwrapped
    assert table.agents is raw.agents and table.agent_selection == raw.agent_selection
    assert table.rewards is raw.rewards and table.infos is raw.infos
    assert table.terminations is raw.terminations and table.truncations is raw.truncations
    assert isinstance(table, wrappers.OrderEnforcingWrapper)


def test_the_agent_iterator_keeps_the_wrappers_checks() -> None:
    """The iterator reads the table directly, with PettingZoo's checks and its limit."""
    table = env(seats=3)
    with pytest.raises(AssertionError, match="reset\\(\\) needs to be called"):
        table.agent_iter()
    table.reset(seed=4)
    agents = iter(table.agent_iter())
    assert next(agents) == table.agent_selection
    with pytest.raises(AssertionError, match="need to call step\\(\\) or reset\\(\\)"):
        next(agents)
    assert len(list(table.agent_iter(max_iter=0))) == 0
    table.reset(seed=4)
    limited = table.agent_iter(max_iter=3)
    seen = []
    for agent in limited:
        seen.append(agent)
        table.step(int(np.flatnonzero(table.last()[0]["action_mask"])[0]))
    assert len(seen) == 3


def test_an_observation_given_is_not_changed_by_later_steps() -> None:
    """Each last() gives arrays of its own: the environment's buffers are copied."""
    table = env(seats=4)
    table.reset(seed=6)
    rng = random.Random(6)
    kept: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for _agent in table.agent_iter():
        observation, _reward, termination, truncation, _info = table.last()
        kept.append((observation, {key: value.copy() for key, value in observation.items()}))
        if termination or truncation:
            table.step(None)
        else:
            table.step(int(rng.choice(list(np.flatnonzero(observation["action_mask"])))))
    for given_, copied in kept:
        for key, value in given_.items():
            np.testing.assert_array_equal(value, copied[key])
    assert len({id(given_["observation"]) for given_, _copied in kept}) == len(kept)
