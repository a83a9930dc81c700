"""The features under any valid :class:`~frenchtarot.Rules` drawn at random (house rules):
the sampler, the arena, the encoding, the pictures and the records. The learning adapters'
own suites run under random rules in ``test_openspiel.py`` and ``test_pettingzoo.py``."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import records
from frenchtarot.arena import duplicate
from frenchtarot.encoding import action_id, legal_mask, score_bound
from frenchtarot.players import Player, RandomPlayer, SimplePlayer
from frenchtarot.sampling import sample_state
from frenchtarot.svg import observation as picture_of
from tests.strategies import valid_rules


def random_path(rules: ft.Rules, seed: int) -> list[ft.State]:
    state = ft.new_deal(seed=seed, rules=rules, dealer=seed % rules.seats)
    rng = random.Random(seed)
    path = [state]
    while not state.is_terminal:
        state = ft.apply(state, rng.choice(ft.legal_actions(state)))
        path.append(state)
    return path


@settings(max_examples=15)
@given(valid_rules(), st.integers(0, 2**32))
def test_the_sampler_deals_worlds_of_the_same_rules(rules: ft.Rules, seed: int) -> None:
    rng = random.Random(seed)
    for state in random_path(rules, seed)[::7]:
        seat = rng.randrange(rules.seats)
        view = ft.observe(state, seat)
        world = sample_state(view, rng)
        assert world.rules == rules
        assert ft.observe(world, seat) == view


@settings(max_examples=8)
@given(valid_rules(), st.integers(0, 2**32))
def test_the_arena_plays_any_rules(rules: ft.Rules, seed: int) -> None:
    players: list[Player] = [SimplePlayer(), *(RandomPlayer(n) for n in range(1, rules.seats))]
    result = duplicate(players, deals=2, seed=seed, rules=rules)
    assert result.rules == rules
    assert abs(sum(result.means)) < 1e-6


@settings(max_examples=15)
@given(valid_rules(), st.integers(0, 2**32))
def test_masks_ids_and_bounds_follow_any_rules(rules: ft.Rules, seed: int) -> None:
    path = random_path(rules, seed)
    bound = score_bound(rules)
    for state in path:
        mask = legal_mask(state)
        assert [i for i, legal in enumerate(mask) if legal] == sorted(
            action_id(action, rules) for action in ft.legal_actions(state)
        )
    final = path[-1]
    assert all(-bound <= delta <= bound for delta in ft.score(final).deltas)


@settings(max_examples=10)
@given(valid_rules(), st.integers(0, 2**32))
def test_pictures_and_records_follow_any_rules(rules: ft.Rules, seed: int) -> None:
    path = random_path(rules, seed)
    for state in (path[len(path) // 2], path[-1]):
        assert records.loads(records.dumps(state)) == state
        picture = picture_of(ft.observe(state, 0))
        assert picture.startswith("<svg") and picture.rstrip().endswith("</svg>")
        if state.is_terminal and state.contract is not None:
            assert f"(x{rules.multiplier(state.contract)})" in picture
