"""Tests for :mod:`frenchtarot.vector`: the batch plays exactly the scalar engine's deals."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

import frenchtarot as ft  # noqa: E402
from frenchtarot import encoding  # noqa: E402
from frenchtarot.errors import (  # noqa: E402
    DealOverError,
    EncodingError,
    InvalidDealError,
    InvalidRulesError,
    InvalidSettingsError,
    TarotTypeError,
)
from frenchtarot.rules import LUDICASH, RULES_BY_SEATS, Rules  # noqa: E402
from frenchtarot.vector import VectorEnv  # noqa: E402
from frenchtarot.vector._deal import library_deals  # noqa: E402
from tests.builders import HOUSE_RULES, random_deal, start  # noqa: E402
from tests.strategies import valid_rules  # noqa: E402
from tests.vector_twin import Twin, biased, strong, uniform  # noqa: E402

TABLES: dict[str, Rules] = {
    **{rules.name: rules for rules in RULES_BY_SEATS.values()},
    "ludicash": LUDICASH,
    **{rules.name: rules for rules in HOUSE_RULES.values()},
    "five-no-call": attrs.evolve(ft.FIVE_PLAYER, name="five-no-call", calls_partner=False),
}


@pytest.mark.parametrize("name", list(TABLES))
def test_the_batch_plays_the_scalar_engines_deals(name: str) -> None:
    rules = TABLES[name]
    twin = Twin(VectorEnv(40, rules=rules, seed=7), seed=7)
    twin.play(200, refusals=0.05)
    assert twin.refused > 0
    assert twin.annulled > 0
    assert {"pass", "petite" if rules.offers(ft.Contract.PETITE) else "garde"} <= twin.seen
    assert {"discard", "play", "slam", "petit au bout"} <= twin.seen
    if rules.calls_partner:
        assert "call" in twin.seen


def _stacked(rules: Rules) -> Callable[[random.Random], ft.State]:
    """Deals with one seat rich in trumps (and Kings): handfuls, slams, the Excuse led last."""

    excuse = ft.DECK[21]

    def deal(rng: random.Random) -> ft.State:
        while True:
            hands, dog, dealer = random_deal(rng.randrange(2**32), "trumps", rules)
            rich = max(hands, key=lambda hand: sum(card.is_trump for card in hand))
            if excuse not in rich and rng.random() < 0.8:  # and the Excuse, mostly
                given = min(rich, key=lambda card: (card.is_trump, card.is_king, card.index))
                holder = next(group for group in [*hands, dog] if excuse in group)
                holder[holder.index(excuse)] = given
                rich[rich.index(given)] = excuse
            state = start((hands, dog, dealer), rules)
            if state.current is not None:
                return state

    return deal


@pytest.mark.parametrize("name", list(TABLES))
def test_stacked_deals_played_strongly_reach_slams_and_handfuls(name: str) -> None:
    rules = TABLES[name]
    twin = Twin(VectorEnv(30, rules=rules, seed=3), seed=3, chooser=strong, deals=_stacked(rules))
    twin.play(100)
    assert {"handful", "slam made by attack", "the Excuse wins the last trick"} <= twin.seen


@pytest.mark.parametrize("name", list(TABLES))
def test_with_perfect_recall_the_batch_gives_the_information_state_tensors(name: str) -> None:
    rules = TABLES[name]
    env = VectorEnv(20, rules=rules, seed=9, perfect_recall=True)
    assert env.observation_size == encoding.information_state_tensor_size(rules)
    twin = Twin(env, seed=9, chooser=biased, deals=_stacked(rules))
    while twin.finished < 40:
        if twin.rng.random() < 0.3:  # deals moved between rows, at any moment
            twin.put(twin.rng.randrange(20), twin.scalar[twin.rng.randrange(20)])
        twin.advance()
    assert {"handful", "discard"} <= twin.seen


@pytest.mark.parametrize("name", ["three-player", "five-player", "house-4"])
def test_deals_moved_between_rows_at_any_moment_go_on_alike(name: str) -> None:
    rules = TABLES[name]
    env = VectorEnv(12, rules=rules, seed=5)
    twin = Twin(env, seed=5, chooser=biased, deals=_stacked(rules))  # handfuls shown too
    moved = 0
    while twin.finished < 60:
        for _ in range(2):
            source, target = twin.rng.randrange(12), twin.rng.randrange(12)
            twin.put(target, twin.scalar[source])
            moved += 1
        twin.advance()
    assert moved > 100


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_numpy_dealing_deals_every_card_once_and_plays_alike(seats: int) -> None:
    rules = RULES_BY_SEATS[seats]
    env = VectorEnv(30, rules=rules, seed=2, dealing="numpy")
    twin = Twin(env, seed=2, chooser=uniform)
    twin.play(60)
    again = VectorEnv(30, rules=rules, seed=2, dealing="numpy").reset()
    other = VectorEnv(30, rules=rules, seed=3, dealing="numpy").reset()
    first = VectorEnv(30, rules=rules, seed=2, dealing="numpy")
    assert np.array_equal(first.reset().observation, again.observation)
    assert not np.array_equal(other.observation, again.observation)


@settings(max_examples=8, suppress_health_check=[HealthCheck.too_slow])
@given(rules=valid_rules(), seed=st.integers(0, 99))
def test_the_batch_plays_any_rules_as_the_scalar_engine(rules: Rules, seed: int) -> None:
    twin = Twin(VectorEnv(8, rules=rules, seed=seed), seed=seed, chooser=biased)
    twin.play(16, refusals=0.05)


def test_the_stream_is_the_library_deals_of_its_seed_and_starts_again_on_reset() -> None:
    env = VectorEnv(5, rules=ft.FIVE_PLAYER, seed=3)
    first = env.reset()
    assert env.deal_numbers.tolist() == list(range(5))
    assert env.deal_seeds.tolist() == [3 * 2**32 + k for k in range(5)]
    assert env.dealers.tolist() == [0, 1, 2, 3, 4]
    for row in range(5):
        assert env.state(row) == ft.new_deal(seed=3 * 2**32 + row, dealer=row, rules=env.rules)
    kept = first.observation.copy()
    rng = np.random.default_rng(0)
    for _ in range(100):
        env.step((rng.random(first.mask.shape) * env.observe().mask).argmax(axis=1))
    assert env.deal_numbers.min() >= 5
    again = env.reset()
    assert np.array_equal(again.observation, kept) and env.deal_numbers.tolist() == [0, 1, 2, 3, 4]


def test_a_step_before_reset_deals_first_and_observe_shows_the_batch_now() -> None:
    env = VectorEnv(2, seed=0)
    assert env.state(0) == ft.new_deal(seed=0, dealer=0)
    env2 = VectorEnv(2, seed=0)
    step = env2.step([0, 0])
    assert step.current.tolist() == [2, 3] and not step.done.any()
    assert VectorEnv(2, seed=0).observe().current.tolist() == [1, 2]
    assert env2.observe().current.tolist() == [2, 3]


@pytest.mark.parametrize("recall", [False, True], ids=["observation", "recall"])
@pytest.mark.parametrize("seats", [3, 4, 5])
def test_float16_observations_equal_the_float32_ones(seats: int, recall: bool) -> None:
    """float16 tensors are written as bit patterns: the same values as float32's."""
    rules = ft.RULES_BY_SEATS[seats]
    wide = VectorEnv(12, rules=rules, seed=seats, perfect_recall=recall)
    narrow = VectorEnv(12, rules=rules, seed=seats, perfect_recall=recall, dtype=np.float16)
    a, b = wide.reset(), narrow.reset()
    rng = np.random.default_rng(seats)
    for _ in range(250):
        assert b.observation.dtype == np.float16
        assert np.array_equal(a.observation, b.observation.astype(np.float32))
        choice = (rng.random(a.mask.shape) * a.mask).argmax(axis=1)
        a, b = wide.step(choice), narrow.step(choice)


def test_float16_observations_hold_the_same_values_in_half_the_memory() -> None:
    wide = VectorEnv(20, seed=4)
    narrow = VectorEnv(20, seed=4, dtype=np.float16)
    a, b = wide.reset(), narrow.reset()
    rng = np.random.default_rng(4)
    for _ in range(300):
        assert b.observation.dtype == np.float16
        assert np.array_equal(a.observation, b.observation.astype(np.float32))
        choice = (rng.random(a.mask.shape) * a.mask).argmax(axis=1)
        a, b = wide.step(choice), narrow.step(choice)
    state, tensor = wide.memory()
    assert narrow.memory() == (state, tensor // 2)
    assert tensor == 4 * encoding.observation_tensor_size(ft.FOUR_PLAYER)
    assert state < 1024


def test_the_observation_is_a_read_only_view_and_the_rewards_sum_to_zero() -> None:
    env = VectorEnv(16, rules=ft.THREE_PLAYER, seed=8)
    step = env.reset()
    with pytest.raises(ValueError, match="read-only"):
        step.observation[0, 0] = 1
    with pytest.raises(ValueError, match="read-only"):
        step.mask[0, 5] = True
    rng = np.random.default_rng(8)
    ended = 0
    while ended < 50:
        step = env.step((rng.random(step.mask.shape) * step.mask).argmax(axis=1))
        assert not step.rewards.sum(axis=1).any()
        assert not step.rewards[~step.done].any()
        ended += int(step.done.sum())
    assert step.rewards.dtype == np.int32 and step.rewards.shape == (16, 3)


def test_a_refused_step_names_the_first_deal_and_how_many() -> None:
    env = VectorEnv(4, seed=1)
    env.reset()
    with pytest.raises(
        EncodingError, match=r"deal 1: action id 5 \(slam\) is not offered"
    ) as info:
        env.step([0, 5, 5, 0])
    assert info.value.value == (1, 5)
    assert "(2 deals refused)" in str(info.value)
    with pytest.raises(EncodingError, match="deal 0: action id 165 is out of range"):
        env.step([165, 0, 0, 0])
    assert env.step([0, 0, 0, 0]).current.tolist() == [2, 3, 0, 1]


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: VectorEnv(0), InvalidSettingsError),
        (lambda: VectorEnv(True), TarotTypeError),
        (lambda: VectorEnv(2, rules="four-player"), TarotTypeError),  # type: ignore[arg-type]
        (lambda: VectorEnv(2, seed=-1), InvalidDealError),
        (lambda: VectorEnv(2, dealing="fast"), InvalidSettingsError),
        (lambda: VectorEnv(2, dtype=np.float64), InvalidSettingsError),
    ],
)
def test_bad_settings_are_refused(make: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        make()  # type: ignore[operator]


def test_bad_steps_and_rows_are_refused() -> None:
    env = VectorEnv(2, seed=1)
    env.reset()
    for actions in ([0], [0, 0, 0], [0.0, 0.0], [[0, 0]], ["pass", "pass"]):
        with pytest.raises(TarotTypeError, match="expected 2 integer action ids"):
            env.step(actions)
    for row in (-1, 2):
        with pytest.raises(InvalidSettingsError, match="deal index must be from 0 to 1"):
            env.state(row)
    with pytest.raises(TarotTypeError):
        env.state("0")  # type: ignore[arg-type]
    over = ft.new_deal(seed=1)
    for word in ("pass",) * 4:
        over = ft.apply(over, ft.parse_action(word))
    with pytest.raises(DealOverError):
        env.set_state(0, over)
    with pytest.raises(InvalidRulesError, match="the batch plays the four-player rules"):
        env.set_state(0, ft.new_deal(seed=1, rules=LUDICASH))
    with pytest.raises(TarotTypeError):
        env.set_state(0, "state")  # type: ignore[arg-type]
    assert env.n == 2 and env.rules is ft.FOUR_PLAYER and env.seed == 1
    assert env.num_actions == 165 and env.observation_size == 1170
    assert attrs.evolve(env.rules) == ft.FOUR_PLAYER


@pytest.mark.soak
@pytest.mark.parametrize("name", [name for name in TABLES if name != "five-no-call"])
def test_soak_the_batch_plays_the_scalar_engines_deals(name: str, soak_deals: int) -> None:
    """``soak_deals`` deals per table: the seat, the mask and the scores at every step, and
    the observation tensor too at the FFT tables of three, four and five (issue #29's bar);
    under house rules the tensors, and everywhere the whole states, on a quarter of the
    steps (the scalar side is the bottleneck)."""
    rules = TABLES[name]
    tensors = 1.0 if rules in RULES_BY_SEATS.values() else 0.25
    twin = Twin(VectorEnv(100, rules=rules, seed=11), seed=11, tensors=tensors, states=0.25)
    twin.play(soak_deals, refusals=0.01)


@pytest.mark.parametrize("rules", [*TABLES.values(), attrs.evolve(ft.FIVE_PLAYER, min_cut=39)])
def test_the_batch_deals_the_library_deal_of_each_seed(rules: Rules) -> None:
    seeds = np.arange(1000, dtype=np.int64) * 7919 + 2**40
    dealt = library_deals(rules, seeds, np.arange(1000, dtype=np.int64))
    expected = [
        ft.new_deal(seed=int(seed), dealer=k % rules.seats, rules=rules)
        for k, seed in enumerate(seeds)
    ]
    kept = [state for state in expected if state.current is not None]
    assert len(dealt.number) == len(kept) > 950
    for row, state in enumerate(kept):
        hands = [
            int(lo) | int(hi) << 64
            for lo, hi in zip(dealt.hands_lo[row], dealt.hands_hi[row], strict=True)
        ]
        assert [sum(1 << card.index for card in hand) for hand in state.hands] == hands
        dog = int(dealt.dog_lo[row]) | int(dealt.dog_hi[row]) << 64
        assert sum(1 << card.index for card in state.dog) == dog
