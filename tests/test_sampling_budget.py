"""The sampler's exact count stays small on the heaviest positions found, and has a budget.

Issue #30: counting the deals exactly had a heavy tail (0.74 ms on average over the
positions of five-player Garde contre deals, hundreds of milliseconds in a few of them,
where every defender had shown voids). The count now merges the places the groups still to
deal no longer tell apart, and deals the largest groups last: the positions below, the
heaviest found in about 290,000 positions of five-player deals, need a few thousand spreads
of a group (see :data:`frenchtarot.sampling._worlds.BUDGET`). Past the budget the sampler
falls back on a Markov chain (:mod:`frenchtarot.sampling._chain`), whose worlds are checked
here to be consistent and close to uniform.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import frenchtarot as ft
from frenchtarot import Observation
from frenchtarot.sampling import _sampler, sample_state
from frenchtarot.sampling import _worlds as sampler_module
from frenchtarot.sampling._chain import Chain
from frenchtarot.sampling._worlds import BUDGET, Sampler
from tests.builders import choose
from tests.test_sampling import END_POSITIONS, _assert_uniform, _bid, _chi_square_bound, _play_to


def _five_player(seed: int, steps: int, seat: int, contract: str | None = None) -> Observation:
    """Seat ``seat``'s view after ``steps`` actions of a seeded five-player deal, played by
    :func:`tests.builders.choose` (after ``contract`` taken by the first to speak)."""
    rng = random.Random(seed)
    state = ft.new_deal(seed=seed, rules=ft.FIVE_PLAYER, dealer=seed % 5)
    if contract is not None:
        state = _bid(state, contract)
    for _ in range(steps):
        state = ft.apply(state, choose(state, rng))
    return ft.observe(state, seat)


#: The heaviest positions found, with the spreads their count tries now. Before issue #30,
#: preparing them took 0.6 to 0.9 s each on the development machine (the first, a Garde
#: contre whose four other seats have each shown a void, the heaviest of 56,320 positions
#: of Garde contre deals); now 10 to 30 ms.
HEAVY = [
    ((68, 25, 1, "garde_contre"), 6_377),
    ((326, 47, 0), 10_497),
    ((37, 18, 3), 283),
]


@pytest.mark.parametrize(("position", "work"), HEAVY, ids=lambda value: str(value))
def test_the_heaviest_positions_found_are_counted_exactly_within_the_budget(
    position: tuple[int, int, int] | tuple[int, int, int, str], work: int
) -> None:
    observation = _five_player(*position)
    sampler = Sampler(observation)
    assert sampler.exact and sampler.dealing is not None
    assert sampler.dealing.work == work  # deterministic: a change of order shows here
    assert work * 5 < BUDGET  # far from the fallback
    rng = random.Random(1)
    for _ in range(3):
        world = sample_state(observation, rng)
        assert ft.observe(world, observation.seat) == observation


def test_past_the_budget_the_sampler_falls_back_on_the_chain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    observation = _five_player(68, 25, 1, "garde_contre")
    monkeypatch.setattr(sampler_module, "BUDGET", 100)
    _sampler.cache_clear()
    try:
        prepared = _sampler(observation)
        assert not prepared.exact and prepared.total is None and prepared.chain is not None
        rng = random.Random(4)
        worlds = {sample_state(observation, rng).hands for _ in range(20)}
        assert len(worlds) == 20  # different worlds, each consistent:
        for _ in range(5):
            world = sample_state(observation, rng)
            assert ft.observe(world, observation.seat) == observation
    finally:
        _sampler.cache_clear()


@pytest.mark.parametrize(("rules", "seed", "contract", "left", "seat"), END_POSITIONS)
def test_the_fallback_is_close_to_uniform_on_enumerable_end_positions(
    rules: ft.Rules,
    seed: int,
    contract: str,
    left: int,
    seat: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(seed)
    state = _bid(ft.new_deal(seed=seed, rules=rules), contract)
    if rules.calls_partner:
        state = ft.apply(state, ft.legal_actions(state)[seed % 4])
    state = _play_to(state, left, rng)
    monkeypatch.setattr(sampler_module, "BUDGET", 0)
    _sampler.cache_clear()
    try:
        assert not _sampler(ft.observe(state, seat)).exact
        _assert_uniform(state, seat, rng, counted=False)
    finally:
        _sampler.cache_clear()


def _chain_worlds(
    accepts: tuple[int, ...], caps: tuple[int, ...], cards: int, limit: tuple[int, int, int]
) -> list[tuple[int, ...]]:
    """Every deal of ``cards`` cards into places of ``caps`` (a card's place per card)
    obeying ``accepts`` and, with the taker's places merged, ``limit``."""
    place_of, most, ordinary = limit
    worlds = []
    for places in itertools.product(range(len(caps)), repeat=cards):
        if Counter(places) != Counter({p: c for p, c in enumerate(caps) if c}):
            continue
        if any(not accepts[p] >> card & 1 for card, p in enumerate(places)):
            continue
        if sum(p == place_of and ordinary >> c & 1 for c, p in enumerate(places)) > most:
            continue
        worlds.append(places)
    return worlds


def test_the_chain_draws_every_deal_about_as_often() -> None:
    # Seven cards, three places of 3, 2 and 2; card 0 only in places 0 and 1, card 1 only
    # in 1 and 2, card 2 only in 2 and 0 (a rotation no swap of two cards makes), the
    # rest anywhere; the last place at most one of cards 3 and 4.
    accepts = (0b1111101, 0b1111011, 0b1111110)
    caps = (3, 2, 2)
    # As the sampler makes them: the last place split in two, its "ordinary" cards (3 and
    # 4) in the first part, at most one of them.
    ordinary = 0b11000
    split_accepts = (accepts[0], accepts[1], accepts[2] & ordinary, accepts[2] & ~ordinary)
    split_groups: dict[int, list[int]] = {}
    for card in range(7):
        where = sum(1 << p for p in range(4) if split_accepts[p] >> card & 1)
        split_groups.setdefault(where, []).append(card)
    chain = Chain(
        tuple((where, tuple(cards)) for where, cards in split_groups.items()),
        split_accepts,
        ((3, 2, 0, 2), (3, 2, 1, 1)),
        2,
        1,
        ordinary,
    )
    worlds = _chain_worlds(accepts, caps, 7, (2, 1, ordinary))
    assert len(worlds) >= 20
    rng = random.Random(5)
    draws = 60 * len(worlds)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(draws):
        masks = chain.draw(rng)
        merged = (masks[0], masks[1], masks[2] | masks[3])
        counts[tuple(next(p for p in range(3) if merged[p] >> c & 1) for c in range(7))] += 1
    assert set(counts) == set(worlds)
    expected = draws / len(worlds)
    statistic = sum((counts[w] - expected) ** 2 / expected for w in worlds)
    assert statistic < _chi_square_bound(len(worlds) - 1), statistic


def test_the_chain_refuses_constraints_no_deal_obeys() -> None:
    with pytest.raises(ValueError, match="no deal"):
        Chain(((0b01, (0, 1)),), (0b11, 0), ((1, 1),), -1, 0, 0)
