"""World sampling: every sampled state is consistent, and the draw is uniform."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import Card, State
from frenchtarot.rules import LUDICASH
from frenchtarot.sampling import (
    InconsistentObservationError,
    _sampler,
    constraints,
    sample_state,
    sample_state_where,
)
from frenchtarot.sampling._count import multinomial as _multinomial
from frenchtarot.sampling._count import splits as _splits
from tests.builders import HOUSE_RULES, cards, play_to_end
from tests.strategies import states

#: Ludicash (no Petite) and a custom table of each size with every knob changed.
HOUSE_TABLES: tuple[ft.Rules, ...] = (LUDICASH, *HOUSE_RULES.values())


@given(state=states(), data=st.data())
def test_every_sampled_state_gives_the_same_observation(state: State, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, state.rules.seats - 1), label="seat")
    observation = ft.observe(state, seat)
    rng = random.Random(data.draw(st.integers(0, 2**32), label="rng seed"))
    for _ in range(3):
        world = sample_state(observation, rng)
        assert ft.observe(world, seat) == observation
        assert world.hand(seat) == state.hand(seat)
        assert world.dealt[seat] == state.dealt[seat]
        for action, seen in zip(world.history, observation.history, strict=True):
            assert seen is None or action == seen


@given(state=states(), seat=st.integers(0, 4))
def test_the_constraints_hold_in_the_real_deal(state: State, seat: int) -> None:
    seat %= state.rules.seats
    known = constraints(ft.observe(state, seat))
    for other, (held, excluded) in enumerate(zip(known.held, known.excluded, strict=True)):
        assert set(held) <= set(state.hand(other))
        assert not set(excluded) & set(state.hand(other))
    assert sum(known.hand_sizes) == sum(map(len, state.hands))
    if known.ordinary_limit is not None and state.taker is not None:
        ordinary = [c for c in state.hand(state.taker) if c.suit is not None and not c.is_king]
        assert len(ordinary) <= known.ordinary_limit


def _naive_count(groups: tuple[tuple[int, tuple[int, ...]], ...], caps: tuple[int, ...]) -> int:
    """The ways to deal ``groups`` into ``caps``, every spread of every group tried."""
    if not groups:
        return 0 if any(caps) else 1
    (where, group), rest = groups[0], groups[1:]
    total = 0
    for split in _splits(where, len(group), caps):
        left = tuple(c - s for c, s in zip(caps, split, strict=True))
        total += _multinomial(len(group), split) * _naive_count(rest, left)
    return total


@given(state=states(), seat=st.integers(0, 4))
def test_the_closed_forms_count_like_trying_every_spread(state: State, seat: int) -> None:
    sampler = _sampler(ft.observe(state, seat % state.rules.seats))
    if sum(len(group) for _where, group in sampler.groups) <= 24:  # small enough to try all
        naive = sum(_naive_count(sampler.groups, caps) for caps, _count in sampler.scenarios)
        assert sampler.total == naive


def _play_to(state: State, tricks_left: int, rng: random.Random) -> State:
    while state.phase is not ft.Phase.PLAY or len(state.tricks) < state.rules.hand_size - (
        tricks_left
    ):
        state = ft.apply(state, rng.choice(ft.legal_actions(state)))
    return state


def _bid(state: State, contract: str) -> State:
    """Everybody passes but the first seat to speak, which takes ``contract``."""
    state = ft.apply(state, ft.parse_action(contract))
    while state.phase is ft.Phase.BIDDING:
        state = ft.apply(state, ft.Pass())
    return state


def _partitions(pool: list[Card], sizes: list[int]) -> Iterator[list[tuple[Card, ...]]]:
    """Every way to split ``pool`` into groups of ``sizes`` (in order)."""
    if not sizes:
        yield []
        return
    for group in itertools.combinations(pool, sizes[0]):
        rest = [card for card in pool if card not in group]
        for others in _partitions(rest, sizes[1:]):
            yield [group, *others]


def _worlds(state: State, seat: int) -> Iterator[tuple[object, ...]]:
    """Every deal (hands as dealt, dog, écart) that gives ``seat`` its observation, found by
    trying every way to deal again the cards it has not located, and replaying the deal."""
    observation = ft.observe(state, seat)
    seats = state.rules.seats
    taker = state.taker
    others = [s for s in range(seats) if s != seat]
    visible = [c for c in state.discard if seat == taker or c.is_trump]
    hidden_ecart = [c for c in state.discard if c not in visible]
    dog_hidden = observation.dog is None
    groups = [list(state.hand(s)) for s in others]
    if dog_hidden:
        groups.append(list(state.dog))
    pool = sorted(card for group in groups + [hidden_ecart] for card in group)
    ordinary = [c for c in pool if c.suit is not None and not c.is_king]
    for ecart in itertools.combinations(ordinary, len(hidden_ecart)):  # the écart rule
        rest = [card for card in pool if card not in ecart]
        for parts in _partitions(rest, [len(group) for group in groups]):
            hands = [set(state.hand(s)) for s in range(seats)]
            for number, other in enumerate(others):
                hands[other] = set(parts[number])
            dog = set(parts[-1]) if dog_hidden else set(state.dog)
            for trick in state.tricks:
                for position, card in enumerate(trick.cards):
                    hands[(trick.leader + position) % seats].add(card)
            if taker is not None and state.discard:
                hands[taker] = (hands[taker] | set(visible) | set(ecart)) - set(state.dog)
            if any(len(hand) != state.rules.hand_size for hand in hands):
                continue
            world = ft.deal_from([sorted(h) for h in hands], sorted(dog), dealer=state.dealer)
            fill = iter(ecart)
            try:
                for action, seen in zip(state.history, observation.history, strict=True):
                    world = ft.apply(world, action if seen else ft.Discard(next(fill)))
            except ft.IllegalActionError:
                continue
            if ft.observe(world, seat) == observation:
                yield _world_key(world)


def _world_key(world: State) -> tuple[object, ...]:
    return (world.dealt, world.dog, frozenset(world.discard))


def _chi_square_bound(freedom: int) -> float:
    """The 0.999 quantile of the chi-square law (Wilson and Hilferty's approximation)."""
    z = 3.09
    return float(freedom * (1 - 2 / (9 * freedom) + z * math.sqrt(2 / (9 * freedom))) ** 3)


END_POSITIONS = [
    # (rules, seed, contract, tricks left, observing seat); the taker is seat 1.
    (ft.THREE_PLAYER, 11, "garde_sans", 1, 0),  # the dog is hidden
    (ft.THREE_PLAYER, 13, "garde", 2, 2),  # the écart is hidden from seat 2
    (ft.FOUR_PLAYER, 7, "garde", 2, 3),
    (ft.FIVE_PLAYER, 22, "garde", 1, 3),  # seat 3 does not know the taker plays alone
    (ft.FIVE_PLAYER, 37, "garde", 1, 3),  # nor here
]


@pytest.mark.parametrize(("rules", "seed", "contract", "left", "seat"), END_POSITIONS)
def test_sampling_is_uniform_on_enumerable_end_positions(
    rules: ft.Rules, seed: int, contract: str, left: int, seat: int
) -> None:
    rng = random.Random(seed)
    state = _bid(ft.new_deal(seed=seed, rules=rules), contract)
    if rules.calls_partner:  # the test's deals call the King of the seed's suit
        state = ft.apply(state, ft.legal_actions(state)[seed % 4])
    state = _play_to(state, left, rng)
    _assert_uniform(state, seat, rng)


def _assert_uniform(state: State, seat: int, rng: random.Random, counted: bool = True) -> None:
    """Draw worlds for ``seat``: each consistent one equally often (chi-square), no other.

    ``counted``: the sampler counted them exactly (else it fell back on its chain).
    """
    worlds = set(_worlds(state, seat))
    assert _world_key(state) in worlds
    assert len(worlds) >= 5
    observation = ft.observe(state, seat)
    if counted:
        assert _sampler(observation).total == len(worlds)  # counted exactly
    draws = 40 * len(worlds)
    counts = Counter(_world_key(sample_state(observation, rng)) for _ in range(draws))
    assert set(counts) == worlds  # every consistent world comes up, and nothing else
    expected = draws / len(worlds)
    statistic = sum((counts[w] - expected) ** 2 / expected for w in worlds)
    assert statistic < _chi_square_bound(len(worlds) - 1), (statistic, len(worlds))


def test_the_order_of_the_unseen_ecart_cards_is_drawn_too() -> None:
    state = _bid(ft.new_deal(seed=2), "garde")
    while state.phase is ft.Phase.DISCARD:
        state = ft.apply(state, ft.legal_actions(state)[0])
    observation = ft.observe(state, (state.taker or 0) + 1)
    rng = random.Random(3)
    orders = {sample_state(observation, rng).history[4:10] for _ in range(200)}
    assert len(orders) > 100


def test_a_queen_called_proves_the_taker_holds_the_four_kings() -> None:
    kings = "KS KH KD KC"
    deck = [str(c) for c in ft.DECK if str(c) not in kings.split()]
    hands = [deck[0:15], [*kings.split(), *deck[15:26]], deck[26:41], deck[41:56], deck[56:71]]
    state = ft.deal_from(hands, deck[71:74], dealer=0, rules=ft.FIVE_PLAYER)
    state = _bid(state, "garde_sans")
    state = ft.apply(state, ft.Call(Card.parse("QH")))
    observation = ft.observe(state, 0)
    assert set(constraints(observation).held[1]) == set(cards(kings))
    rng = random.Random(1)
    for _ in range(20):
        assert set(cards(kings)) <= set(sample_state(observation, rng).hand(1))


def test_a_trump_in_the_ecart_proves_the_taker_kept_no_ordinary_card() -> None:
    # Seat 1 holds the Kings and trumps; the dog holds one ordinary card and trumps, so
    # the taker has to put trumps aside (the lowest first, then the ordinary card).
    trumps = [f"T{n}" for n in range(1, 22)]
    plain = [str(c) for c in ft.DECK if c.suit is not None and not c.is_king]
    hands = [
        plain[0:18],
        ["KS", "KH", "KD", "KC", *trumps[:14]],
        plain[18:36],
        [*plain[37:], "T20", "T21", "EX"],
    ]
    state = ft.deal_from(hands, [plain[36], *trumps[14:19]], dealer=0)
    state = _bid(state, "garde")
    while state.phase is ft.Phase.DISCARD:
        state = ft.apply(state, ft.legal_actions(state)[0])
    assert any(card.is_trump for card in state.discard)
    observation = ft.observe(state, 0)
    assert constraints(observation).ordinary_limit == 0
    rng = random.Random(2)
    for _ in range(20):
        world = sample_state(observation, rng)
        assert not [c for c in world.hand(1) if c.suit is not None and not c.is_king]


def test_the_same_rng_draws_the_same_world() -> None:
    state = _play_to(_bid(ft.new_deal(seed=8), "garde"), 9, random.Random(8))
    observation = ft.observe(state, 2)
    first = sample_state(observation, random.Random(5))
    assert sample_state(observation, random.Random(5)) == first


def test_sampling_refuses_an_observation_no_deal_gives() -> None:
    observation = ft.observe(ft.new_deal(seed=1), 0)
    wrong = attrs.evolve(observation, hand_sizes=(18, 19, 17, 18))
    with pytest.raises(InconsistentObservationError):
        sample_state(wrong, random.Random(1))
    # Sizes that add up, but a history that cannot be taken with these cards.
    played = _play_to(_bid(ft.new_deal(seed=3), "garde"), 17, random.Random(3))
    view = ft.observe(played, 0)
    other = ft.observe(_play_to(_bid(ft.new_deal(seed=4), "garde"), 17, random.Random(4)), 0)
    with pytest.raises(InconsistentObservationError):
        sample_state(attrs.evolve(view, history=other.history), random.Random(1))


@pytest.mark.parametrize(
    ("observation", "rng"),
    [(None, random.Random(1)), (ft.observe(ft.new_deal(seed=1), 0), 3)],
)
def test_sampling_takes_an_observation_and_a_random_generator(
    observation: object, rng: object
) -> None:
    with pytest.raises(ft.TarotTypeError):
        sample_state(observation, rng)  # type: ignore[arg-type]
    with pytest.raises(ft.TarotTypeError):
        constraints(rng)  # type: ignore[arg-type]


def test_an_inconsistent_observation_error_is_a_value_error() -> None:
    assert issubclass(InconsistentObservationError, ft.TarotError)
    assert issubclass(InconsistentObservationError, ValueError)


def test_no_sampled_world_holds_a_petit_sec() -> None:
    # Seat 0 holds every trump from the 3 to the 20: whoever holds the Petit often has no
    # other trump nor the Excuse in a blind deal, which would have annulled the deal.
    trumps = [f"T{n}" for n in range(3, 21)]
    rest = [str(card) for card in ft.DECK if str(card) not in trumps]
    state = ft.deal_from([trumps, rest[0:18], rest[18:36], rest[36:54]], rest[54:60])
    assert state.phase is ft.Phase.BIDDING
    observation = ft.observe(state, 0)
    rng = random.Random(6)
    holders = set()
    for _ in range(200):
        world = sample_state(observation, rng)
        assert world.phase is ft.Phase.BIDDING
        holder = next((s for s in range(4) if Card.parse("T1") in world.hand(s)), None)
        if holder is not None:  # else the Petit is in the dog
            assert set(world.hand(holder)) & set(cards("T2 T21 EX"))
        holders.add(holder)
    assert holders == {1, 2, 3, None}


def test_a_petit_sec_annulment_keeps_the_spread_hand() -> None:
    state = ft.new_deal(seed=232)  # a petit sec: the deal is annulled at once
    assert state.annulment is not None and state.annulment.seat is not None
    holder = state.annulment.seat
    for seat in range(4):
        observation = ft.observe(state, seat)
        world = sample_state(observation, random.Random(seat))
        assert world.hand(holder) == state.hand(holder)
        assert ft.observe(world, seat) == observation


@pytest.mark.parametrize("rules", HOUSE_TABLES, ids=lambda rules: rules.name)
def test_worlds_are_sampled_under_the_observations_house_rules(rules: ft.Rules) -> None:
    rng = random.Random(rules.seats)
    observations = 0
    for seed in range(3):
        deal = play_to_end(ft.new_deal(seed=seed, dealer=seed % rules.seats, rules=rules), rng)
        # Every phase: the bidding, the call, the écart, the play and the end.
        for state in [*deal[: rules.seats + 3], *deal[rules.seats + 3 :: 9], deal[-1]]:
            for seat in range(rules.seats):
                observation = ft.observe(state, seat)
                known = constraints(observation)
                for other, held in enumerate(known.held):
                    assert set(held) <= set(state.hand(other))
                world = sample_state(observation, rng)
                assert world.rules == observation.rules == rules
                assert ft.observe(world, seat) == observation
                observations += 1
        if deal[-1].phase is ft.Phase.DONE:
            # A world of the end is scored under the same house rules as the real deal.
            world = sample_state(ft.observe(deal[-1], 0), rng)
            result = ft.score(world)
            assert result.contract is not None
            assert result.multiplier == rules.multiplier(result.contract)
    assert observations > 3 * rules.seats * 10


def test_sample_state_where_draws_as_sample_state_when_it_takes_the_first_deal() -> None:
    """Judging a deal draws nothing: taking the first gives sample_state's world."""
    state = _play_to(_bid(ft.new_deal(seed=8), "garde"), 9, random.Random(8))
    for seat in range(4):
        observation = ft.observe(state, seat)
        for seed in range(5):
            alone = sample_state(observation, random.Random(seed))
            taken = sample_state_where(observation, random.Random(seed), lambda _: True, 10)
            assert taken == alone


def test_sample_state_where_returns_the_first_deal_it_accepts() -> None:
    """Hands judged are the hands as dealt; the world is the accepted deal's, or the last."""
    state = _play_to(_bid(ft.new_deal(seed=3), "garde"), 12, random.Random(3))
    observation = ft.observe(state, 1)
    seen: list[tuple[int, ...]] = []

    def third(hands: tuple[int, ...]) -> bool:
        seen.append(hands)
        return len(seen) == 3

    world = sample_state_where(observation, random.Random(4), third, 10)
    assert len(seen) == 3
    assert tuple(sum(1 << c.index for c in hand) for hand in world.dealt) == seen[-1]
    assert ft.observe(world, 1) == observation
    assert len(set(seen)) == 3  # three different deals were drawn
    seen.clear()

    def never(hands: tuple[int, ...]) -> bool:
        seen.append(hands)
        return False

    last = sample_state_where(observation, random.Random(4), never, 4)
    assert len(seen) == 3  # the fourth deal is taken without being judged
    assert ft.observe(last, 1) == observation
    assert tuple(sum(1 << c.index for c in hand) for hand in last.dealt) not in seen


@given(state=states(), data=st.data())
def test_sample_state_where_keeps_to_the_observation(state: State, data: st.DataObject) -> None:
    """Whatever the judge says, the world gives the seat its observation."""
    seat = data.draw(st.integers(0, state.rules.seats - 1), label="seat")
    observation = ft.observe(state, seat)
    rng = random.Random(data.draw(st.integers(0, 2**32), label="rng seed"))
    verdicts = data.draw(st.lists(st.booleans(), min_size=1, max_size=4), label="verdicts")
    answers = iter(verdicts)
    world = sample_state_where(observation, rng, lambda _: next(answers, False), len(verdicts))
    assert ft.observe(world, seat) == observation


def test_sample_state_where_checks_its_arguments() -> None:
    observation = ft.observe(ft.new_deal(seed=1), 0)
    with pytest.raises(ft.TarotTypeError):
        sample_state_where(observation, 3, lambda _: True, 2)  # type: ignore[arg-type]
    with pytest.raises(ft.TarotTypeError):
        sample_state_where(None, random.Random(1), lambda _: True, 2)  # type: ignore[arg-type]
