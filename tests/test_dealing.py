"""Dealing: ``new_deal`` (the seeded deal) and ``deal_from`` at every table size, the packets
and the dog, the dealer, the random source, and the petit sec that annuls a deal."""

from __future__ import annotations

import functools
import itertools
import random
import types
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import (
    DECK,
    FIVE_PLAYER,
    FOUR_PLAYER,
    THREE_PLAYER,
    AnnulReason,
    Card,
    InvalidDealError,
    Pass,
    Phase,
    Rules,
    State,
    _dealing,
    apply,
    deal_from,
    new_deal,
    returns,
)
from frenchtarot._core.shuffle import INDICES, shuffle_and_deal
from frenchtarot.errors import InvalidDealTypeError
from frenchtarot.rules import RULES_BY_SEATS
from tests.builders import check_annulled
from tests.strategies import TABLE_IDS, TABLES, DealSpec, seeds, tables, valid_deals

PETIT = Card.parse("T1")
EXCUSE = Card.parse("EX")
TWENTY_ONE = Card.parse("T21")
PLAIN = [card for card in DECK if card.suit is not None]


def notation(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def trumps_and_excuse(hand: Sequence[Card]) -> list[Card]:
    return [card for card in hand if card.is_trump or card.is_excuse]


@st.composite
def seeded(draw: st.DrawFn) -> tuple[Rules, int, int]:
    """A table size, a seed and a dealer of that table."""
    rules = draw(tables())
    return rules, draw(seeds()), draw(st.integers(min_value=0, max_value=rules.seats - 1))


def check_complete_deal(state: State, rules: Rules = FOUR_PLAYER) -> None:
    """Each hand and the dog are full, sorted, and together the pack."""
    assert state.rules is rules
    assert [len(hand) for hand in state.hands] == [rules.hand_size] * rules.seats
    assert len(state.dog) == rules.dog_size
    everything = [card for hand in state.hands for card in hand] + list(state.dog)
    assert sorted(everything) == list(DECK)
    for hand in (*state.hands, state.dog):
        assert list(hand) == sorted(hand)


# ---------------------------------------------------------------------------------------------
# Pinned deals: any change to the shuffle, the cut, the packets or the dog shows here.
# (Generated once with the implementation, then written down.)

PINNED: list[tuple[Rules, int, int, tuple[str, ...], str]] = [
    (
        FOUR_PLAYER,
        1,
        0,
        (
            "T1 T3 T8 T11 T16 EX 10S 2H 4H 5H 9H KH 1D 4D JD QD 2C 3C",
            "T2 T4 T9 T10 T12 T17 T21 4S 7S CS QS KS 6H 2D 3D 7D 7C JC",
            "T6 T7 T13 T14 2S 5S 8S 9S 3H JH 6D 10D CD KD 1C 5C 10C CC",
            "T5 T15 T18 T20 3S 6S JS 1H 7H 8H 10H CH QH 8D 4C 9C QC KC",
        ),
        "T19 1S 5D 9D 6C 8C",
    ),
    (
        FOUR_PLAYER,
        2,
        3,
        (
            "T2 T3 T6 T10 T15 T16 EX 1S 2S 3S 8S 7H 9H QH KH 5D 5C 6C",
            "T7 T9 T13 T19 T20 5S CS QS 3H 4D 6D 7D 9D CD 4C 7C 10C KC",
            "T5 T12 4S 6S 9S 10S KS 8H JH 1D 2D 8D QD 2C 9C JC CC QC",
            "T1 T4 T8 T11 T14 T18 T21 7S JS 1H 2H 4H 10H CH 3D KD 1C 8C",
        ),
        "T17 5H 6H 10D JD 3C",
    ),
    (
        FOUR_PLAYER,
        12345,
        0,
        (
            "T3 T5 T8 T9 T12 T17 T18 9S CS 5H 6H 4D 7D 9D KD 6C 10C KC",
            "T4 T6 T7 T13 T15 1S 4S 6S KS 10H JH 6D 8D JD 1C 2C 5C JC",
            "T1 T16 T21 2S 5S 10S JS QS 1H 2H 4H 9H 1D 2D 5D CD QD 8C",
            "T2 T10 T11 T20 3S 7S 8S 3H 7H 8H QH KH 3D 10D 3C 7C 9C CC",
        ),
        "T14 T19 EX CH 4C QC",
    ),
    (
        THREE_PLAYER,
        1,
        0,
        (
            "T1 T3 T5 T8 T11 T16 EX 3S 10S 2H 4H 5H 8H 9H 10H KH 1D 4D 9D JD QD 2C 3C 6C",
            "T2 T4 T7 T9 T10 T12 T14 T17 T19 T21 4S 7S 9S CS QS KS 3H 6H 2D 3D 7D 1C 7C JC",
            "T6 T13 T18 2S 5S 8S JS 1H 7H JH CH QH 5D 6D 8D 10D CD 4C 5C 8C 9C 10C CC KC",
        ),
        "T15 T20 1S 6S KD QC",
    ),
    (
        THREE_PLAYER,
        12345,
        2,
        (
            "T4 T6 T7 T13 T15 EX 1S 4S 6S KS 10H JH CH 6D 8D JD CD QD 1C 2C 5C 8C JC QC",
            "T1 T2 T10 T14 T16 T19 T21 2S 5S 7S 10S JS 1H 3H 4H 8H QH 1D 2D 3D 5D 10D 7C 9C",
            "T3 T5 T8 T9 T11 T12 T17 T18 8S 9S CS 5H 6H 7H KH 4D 9D KD 3C 4C 6C 10C CC KC",
        ),
        "T20 3S QS 2H 9H 7D",
    ),
    (
        FIVE_PLAYER,
        1,
        0,
        (
            "T9 T13 T20 CS 4H 9H 5D 8D 9D 10D QD 1C 2C 5C JC",
            "T3 T4 T10 T11 T14 T15 T17 2S 8S QS 10H 3C 8C QC KC",
            "T1 T5 T6 T19 EX 3S 5S 7S 3H 6H CH QH 1D 2D 4D",
            "T2 T7 T8 T12 1S 10S 2H 7H 8H 7D JD CD KD 4C 10C",
            "T16 T18 4S 6S 9S JS KS 5H JH KH 3D 6D 7C 9C CC",
        ),
        "T21 1H 6C",
    ),
    (
        FIVE_PLAYER,
        12345,
        4,
        (
            "T15 T16 1S 3S 6S 9S 10S QS 4H 6H 5D 10D 4C 6C 9C",
            "T1 T5 T6 T14 T18 4S JS QH 3D 4D 9D JD QD 3C CC",
            "T3 T8 2S 7S CS KS 1H 7H 8H JH KH 8D CD KD 2C",
            "T4 T17 8S 2H 3H 10H CH 1D 2D 7D 5C 7C 8C 10C KC",
            "T2 T7 T9 T10 T11 T12 T13 T20 T21 5S 5H 9H 6D 1C JC",
        ),
        "T19 EX QC",
    ),
]


@pytest.mark.parametrize(
    ("rules", "seed", "dealer", "hands", "dog"),
    PINNED,
    ids=[f"{r.seats}p-seed{s}-dealer{d}" for r, s, d, *_ in PINNED],
)
def test_pinned_deals(
    rules: Rules, seed: int, dealer: int, hands: tuple[str, ...], dog: str
) -> None:
    state = new_deal(seed=seed, dealer=dealer, rules=rules)
    assert tuple(notation(hand) for hand in state.hands) == hands
    assert notation(state.dog) == dog
    assert state.dealer == dealer
    assert state.phase is Phase.BIDDING
    assert state.current == (dealer + 1) % rules.seats
    words = " ".join((*hands, dog)).split()
    assert sorted(Card.parse(word) for word in words) == list(DECK)
    assert deal_from([hand.split() for hand in hands], dog.split(), dealer=dealer) == state


# ---------------------------------------------------------------------------------------------
# Counts: every table's hands and dog.


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_new_deal_gives_each_table_its_hands_and_dog(rules: Rules) -> None:
    for seed in range(60):
        for dealer in range(rules.seats):
            state = new_deal(seed=seed, rules=rules, dealer=dealer)
            check_complete_deal(state, rules)
            assert state.dealer == dealer
            if state.phase is Phase.BIDDING:
                assert state.current == (dealer + 1) % rules.seats
                assert returns(state) == (0,) * rules.seats


@given(seeded())
def test_deal_counts_for_any_seed(case: tuple[Rules, int, int]) -> None:
    rules, seed, dealer = case
    check_complete_deal(new_deal(seed=seed, dealer=dealer, rules=rules), rules)


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_deal_without_seed_is_complete(rules: Rules) -> None:
    for dealer in range(rules.seats):
        state = new_deal(dealer=dealer, rules=rules)
        check_complete_deal(state, rules)
        assert state.dealer == dealer


@pytest.mark.parametrize(
    ("rules", "dealer"),
    [(rules, dealer) for rules in TABLES for dealer in range(rules.seats)],
    ids=[f"{rules.seats}p-dealer{dealer}" for rules in TABLES for dealer in range(rules.seats)],
)
def test_shuffle_and_deal_gives_each_seat_its_hand_and_the_dog_the_rest(
    rules: Rules, dealer: int
) -> None:
    for seed in range(50):
        hands, dog = shuffle_and_deal(random.Random(seed), rules, dealer, INDICES)
        assert [len(hand) for hand in hands] == [rules.hand_size] * rules.seats
        assert len(dog) == rules.dog_size
        assert sorted([i for hand in hands for i in hand] + dog) == list(range(78))
        state = new_deal(seed=seed, dealer=dealer, rules=rules)
        assert [sorted(hand) for hand in hands] == [
            [card.index for card in hand] for hand in state.hands
        ]
        assert sorted(dog) == [card.index for card in state.dog]


# ---------------------------------------------------------------------------------------------
# The packets and the dog between them.

LARGEST_RANDOM = 1.0 - 2.0**-53


class CountingRandom(random.Random):
    """A seeded Random that counts its draws."""

    def __init__(self, seed: int) -> None:
        self.draws = 0
        super().__init__(seed)

    def random(self) -> float:
        self.draws += 1
        return super().random()


class ScriptedRandom(random.Random):
    """A Random whose ``random()`` returns given values, in order, and nothing else."""

    def __new__(cls, values: list[float]) -> ScriptedRandom:
        # Python 3.10 seeds a Random in __new__ from the constructor's argument, which a
        # list cannot be: give it none (__init__ seeds it, and the draws are scripted).
        return super().__new__(cls)

    def __init__(self, values: list[float]) -> None:
        self.values = list(values)
        self.used = 0
        super().__init__(0)

    def random(self) -> float:
        assert self.used < len(self.values), "more draws than scripted"
        value = self.values[self.used]
        self.used += 1
        return value


def packets_in_dealt_order(rules: Rules, dealer: int, hands: Sequence[Sequence[int]]) -> list[int]:
    """The hands' cards in the order the deal gave them, if it gave packets of ``packet``.

    Packet ``k`` goes to seat ``dealer + 1 + k``; each hand lists its cards in the order
    received, so a seat's ``j``-th packet is its cards ``j * packet`` to ``(j + 1) * packet``.
    """
    order: list[int] = []
    for number in range(rules.seats * rules.hand_size // rules.packet):
        seat = (dealer + 1 + number) % rules.seats
        first = rules.packet * (number // rules.seats)
        order += hands[seat][first : first + rules.packet]
    return order


def rebuild_pack(orders: list[list[int]]) -> list[int]:
    """The one order of the 78 cards of which every ``orders[v]`` is a subsequence."""
    places = [{card: place for place, card in enumerate(order)} for order in orders]

    def compare(a: int, b: int) -> int:
        for place in places:
            if a in place and b in place:
                return place[a] - place[b]
        raise AssertionError(f"cards {a} and {b} were never both dealt to hands")

    return sorted(range(78), key=functools.cmp_to_key(compare))


@pytest.mark.parametrize(
    ("rules", "dealer"),
    [(rules, dealer) for rules in TABLES for dealer in range(rules.seats)],
    ids=[f"{rules.seats}p-dealer{dealer}" for rules in TABLES for dealer in range(rules.seats)],
)
def test_packets_from_the_seat_after_the_dealer_and_the_dog_between_them(
    rules: Rules, dealer: int
) -> None:
    """The pack is dealt in packets, and each dog card goes alone between two packets.

    The pack itself is internal, so it is rebuilt from what the deal gives out. The draws
    that shuffle and cut come before the dog's, one draw per dog card, so replaying a seed's
    draws but the last ``dog_size`` and varying those (the two extremes of ``random()`` and a
    spread of values between) keeps the pack and moves the dog. Reading each variant's hands
    as packets of ``packet`` cards dealt from the seat after the dealer gives the pack
    without that variant's dog; one pack must then explain every variant (so the packets are
    right), and in it every dog card must sit after a whole number of packets, neither before
    the first nor after the last (so the first and the last card of the pack never go to the
    dog), no two together, in the order the dog lists them. The test also checks that the
    dog really did move across the variants, so it cannot pass vacuously if the draw order
    changes.
    """
    size = rules.dog_size
    dealt = rules.seats * rules.hand_size
    for seed in range(16):
        counter = CountingRandom(seed)
        shuffle_and_deal(counter, rules, dealer, INDICES)
        source = random.Random(seed)
        prefix = [source.random() for _ in range(counter.draws - size)]
        spread = random.Random(10_000 + seed)
        suffixes = [
            [0.0] * size,
            [LARGEST_RANDOM] * size,
            [0.5] * size,
            [(0.0, LARGEST_RANDOM)[i % 2] for i in range(size)],
            [0.0, LARGEST_RANDOM, 0.5, *([0.5] * (size - 3))],
            *([spread.random() for _ in range(size)] for _ in range(10)),
        ]
        variants = []
        for suffix in suffixes:
            rng = ScriptedRandom(prefix + suffix)
            hands, dog = shuffle_and_deal(rng, rules, dealer, INDICES)
            assert rng.used == len(rng.values)
            variants.append((packets_in_dealt_order(rules, dealer, hands), dog))
        assert len({frozenset(dog) for _, dog in variants}) > 3, "the dog did not move"
        pack = rebuild_pack([order for order, _ in variants])
        for order, dog in variants:
            assert [card for card in pack if card not in dog] == order, f"seed {seed}"
            before = [sum(card not in dog for card in pack[: pack.index(d)]) for d in dog]
            assert all(n % rules.packet == 0 for n in before), (seed, before)
            assert all(0 < n < dealt for n in before), (seed, before)
            assert before == sorted(set(before)), (seed, before)
            assert pack[0] not in dog and pack[-1] not in dog


# ---------------------------------------------------------------------------------------------
# Reproducibility and the random source.


@given(seeded())
def test_same_seed_same_deal(case: tuple[Rules, int, int]) -> None:
    rules, seed, dealer = case
    first = new_deal(seed=seed, dealer=dealer, rules=rules)
    second = new_deal(seed=seed, dealer=dealer, rules=rules)
    assert first == second
    assert hash(first) == hash(second)
    assert first.hands == second.hands
    assert first.dog == second.dog


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_different_seeds_give_different_deals(rules: Rules) -> None:
    deals = {new_deal(seed=seed, rules=rules).hands for seed in range(200)}
    assert len(deals) == 200
    dogs = {new_deal(seed=seed, rules=rules).dog for seed in range(200)}
    assert len(dogs) > 190
    assert new_deal(seed=0, rules=rules).hands != new_deal(seed=2**64, rules=rules).hands


@given(seeds(), tables())
def test_the_dealer_only_changes_who_receives_which_packets(seed: int, rules: Rules) -> None:
    # The pack does not depend on the dealer: the same seed deals the same packets, starting
    # with the seat after the dealer, so the hands turn with the dealer and the dog stays.
    base = new_deal(seed=seed, dealer=0, rules=rules)
    for dealer in range(1, rules.seats):
        state = new_deal(seed=seed, dealer=dealer, rules=rules)
        assert state.dog == base.dog
        for seat in range(rules.seats):
            assert state.hand((seat + dealer) % rules.seats) == base.hand(seat)


@pytest.mark.parametrize("seed", [-1, -7, -(2**70)])
def test_negative_seeds_are_refused(seed: int) -> None:
    with pytest.raises(InvalidDealError, match="0 or more"):
        new_deal(seed=seed)


def test_the_global_random_state_is_neither_used_nor_changed() -> None:
    random.seed(1)
    first = new_deal(seed=99)
    random.seed(2)
    random.random()
    before = random.getstate()
    second = new_deal(seed=99)
    new_deal()
    assert random.getstate() == before
    assert first == second


class SpyRandom(random.Random):
    """Records how it was seeded, every public method looked up on it, and its draws."""

    made: ClassVar[list[SpyRandom]] = []

    def __init__(self, seed: object = None) -> None:
        self.seeded_with = seed
        self.used: list[str] = []
        self.draws = 0
        SpyRandom.made.append(self)
        super().__init__(seed)  # type: ignore[arg-type]

    def __getattribute__(self, name: str) -> object:
        # Any public method the deal looks up (shuffle, randrange, choice, getrandbits, ...)
        # is noted, however it is called afterwards.
        value = super().__getattribute__(name)
        if not name.startswith("_") and callable(value):
            super().__getattribute__("used").append(name)
        return value

    def random(self) -> float:
        self.draws += 1
        return super().random()


@pytest.mark.parametrize("seed", [0, 1, 232, 12345, 2**40 + 7])
@pytest.mark.parametrize("dealer", range(4))
def test_only_random_random_is_used(
    monkeypatch: pytest.MonkeyPatch, seed: int, dealer: int
) -> None:
    expected = new_deal(seed=seed, dealer=dealer)
    SpyRandom.made.clear()
    monkeypatch.setattr(_dealing, "random", types.SimpleNamespace(Random=SpyRandom))
    state = new_deal(seed=seed, dealer=dealer)
    assert len(SpyRandom.made) == 1
    spy = SpyRandom.made[0]
    assert spy.seeded_with == seed
    assert state == expected
    assert set(spy.used) - {"seed"} == {"random"}
    # The deal did draw from random() (and, above, from nothing else).
    assert spy.draws > 0


def test_no_seed_uses_a_fresh_random_random(monkeypatch: pytest.MonkeyPatch) -> None:
    SpyRandom.made.clear()
    monkeypatch.setattr(_dealing, "random", types.SimpleNamespace(Random=SpyRandom))
    check_complete_deal(new_deal())
    assert len(SpyRandom.made) == 1
    spy = SpyRandom.made[0]
    assert spy.seeded_with is None
    assert set(spy.used) - {"seed"} == {"random"}
    assert spy.draws > 0


# ---------------------------------------------------------------------------------------------
# The start of the deal, and the dealer.


@pytest.mark.parametrize("dealer", range(4))
def test_the_seat_after_the_dealer_speaks_first(dealer: int) -> None:
    deck = list(DECK)
    hands = [deck[18 * seat : 18 * seat + 18] for seat in range(4)]
    states = [new_deal(seed=1, dealer=dealer), deal_from(hands, deck[72:], dealer=dealer)]
    for state in states:
        assert state.phase is Phase.BIDDING
        assert state.dealer == dealer
        assert state.current == (dealer + 1) % 4
        after = apply(state, Pass())
        assert after.current == (dealer + 2) % 4
        assert after.bids == (((dealer + 1) % 4, None),)


def test_a_fresh_deal_is_at_the_start_of_the_bidding() -> None:
    state = new_deal(seed=3)
    assert state.phase is Phase.BIDDING
    assert not state.is_terminal
    assert state.taker is None
    assert state.contract is None
    assert state.slam is False
    assert state.handfuls == ()
    assert state.tricks == ()
    assert state.history == ()
    assert state.discard == ()
    assert state.current_trick == ()
    assert state.leader is None
    assert state.bids == ()
    assert state.annulment is None
    assert returns(state) == (0, 0, 0, 0)


@pytest.mark.parametrize(
    ("rules", "dealer"),
    [
        (THREE_PLAYER, 3),
        (THREE_PLAYER, 4),
        (THREE_PLAYER, -1),
        (FOUR_PLAYER, 4),
        (FIVE_PLAYER, 5),
        (FIVE_PLAYER, -1),
    ],
    ids=["three-3", "three-4", "three--1", "four-4", "five-5", "five--1"],
)
def test_the_dealer_must_be_a_seat_of_the_table(rules: Rules, dealer: int) -> None:
    with pytest.raises(ft.InvalidDealError) as info:
        ft.new_deal(seed=1, rules=rules, dealer=dealer)
    assert f"0 to {rules.seats - 1}" in str(info.value)
    assert str(dealer) in str(info.value)
    start = ft.new_deal(seed=1, rules=rules)
    with pytest.raises(ft.InvalidDealError) as info:
        ft.deal_from(start.hands, start.dog, dealer=dealer)
    assert f"0 to {rules.seats - 1}" in str(info.value)


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_the_last_seat_may_deal(rules: Rules) -> None:
    last = rules.seats - 1
    state = ft.new_deal(seed=3, rules=rules, dealer=last)
    assert state.dealer == last
    assert state.next_dealer == 0
    assert state.phase is not Phase.BIDDING or state.current == 0


@pytest.mark.parametrize("rules", ["x", 3, None, {}], ids=["str", "int", "none", "dict"])
def test_rules_must_be_a_rules_value(rules: object) -> None:
    with pytest.raises(InvalidDealTypeError) as info:
        ft.new_deal(seed=1, rules=rules)  # type: ignore[arg-type]
    assert "Rules" in str(info.value)
    assert isinstance(info.value, TypeError)
    if rules is not None:  # None asks deal_from to infer the table
        start = ft.new_deal(seed=1)
        with pytest.raises(InvalidDealTypeError):
            ft.deal_from(start.hands, start.dog, rules=rules)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# Petit sec: a hand whose only trump is the Petit, without the Excuse, annuls the deal.


def deal_giving(
    rules: Rules, seat: int, special: list[Card]
) -> tuple[list[list[Card]], list[Card]]:
    """A deal where ``seat`` holds ``special`` and suit cards; the other cards go round."""
    size = rules.hand_size
    hand = special + [card for card in PLAIN if card not in special][: size - len(special)]
    rest = [card for card in DECK if card not in hand]
    others = [rest[size * i : size * i + size] for i in range(rules.seats - 1)]
    return [*others[:seat], hand, *others[seat:]], rest[size * (rules.seats - 1) :]


@pytest.mark.parametrize(
    ("rules", "seat"),
    [(rules, seat) for rules in TABLES for seat in range(rules.seats)],
    ids=[f"{rules.seats}p-seat{seat}" for rules in TABLES for seat in range(rules.seats)],
)
def test_petit_sec_annuls_the_deal(rules: Rules, seat: int) -> None:
    for dealer in range(rules.seats):
        hands, dog = deal_giving(rules, seat, [PETIT])
        state = deal_from(hands, dog, dealer=dealer)
        check_annulled(state, AnnulReason.PETIT_SEC, seat)
        assert state.dealer == dealer


@pytest.mark.parametrize(
    "special",
    [
        pytest.param(["T1", "EX"], id="petit-with-the-excuse"),
        pytest.param(["T1", "T2"], id="petit-plus-another-trump"),
        pytest.param(["T1", "T21"], id="petit-plus-the-21"),
        pytest.param(["T1", "T2", "EX"], id="petit-trump-and-excuse"),
        pytest.param(["EX"], id="excuse-alone"),
        pytest.param(["T2"], id="one-other-trump-alone"),
        pytest.param([], id="no-trump"),
    ],
)
@pytest.mark.parametrize(
    ("rules", "seat"),
    [(rules, seat) for rules in TABLES for seat in range(rules.seats)],
    ids=[f"{rules.seats}p-seat{seat}" for rules in TABLES for seat in range(rules.seats)],
)
def test_not_a_petit_sec(rules: Rules, seat: int, special: list[str]) -> None:
    hands, dog = deal_giving(rules, seat, [Card.parse(text) for text in special])
    state = deal_from(hands, dog)
    assert [str(c) for c in trumps_and_excuse(state.hand(seat))] == special
    assert state.phase is Phase.BIDDING
    assert state.annulment is None
    assert state.current == 1


def test_petit_in_the_dog_is_not_a_petit_sec() -> None:
    dog = [PETIT, *PLAIN[:5]]
    seat0 = PLAIN[5:23]
    rest = [card for card in DECK if card not in dog and card not in seat0]
    hands = [seat0, rest[:18], rest[18:36], rest[36:]]
    state = deal_from(hands, dog)
    assert trumps_and_excuse(state.hand(0)) == []
    assert state.phase is Phase.BIDDING
    assert state.annulment is None


# The first seed from 0 that deals a petit sec with dealer 0, at each table (found by
# calling new_deal for seeds 0, 1, 2, ... until the deal was annulled), and its seat.
PETIT_SEC_SEEDS = [
    pytest.param(THREE_PLAYER, 9474, 1, id="three"),
    pytest.param(FOUR_PLAYER, 232, 0, id="four"),
    pytest.param(FIVE_PLAYER, 237, 0, id="five"),
]


@pytest.mark.parametrize(("rules", "seed", "seat"), PETIT_SEC_SEEDS)
def test_a_seeded_deal_can_be_a_petit_sec(rules: Rules, seed: int, seat: int) -> None:
    for earlier in range(seed):
        assert new_deal(seed=earlier, rules=rules).phase is Phase.BIDDING, earlier
    state = new_deal(seed=seed, rules=rules)
    check_complete_deal(state, rules)
    check_annulled(state, AnnulReason.PETIT_SEC, seat)
    for dealer in range(1, rules.seats):  # the hands turn with the dealer
        turned = new_deal(seed=seed, rules=rules, dealer=dealer)
        check_annulled(turned, AnnulReason.PETIT_SEC, (seat + dealer) % rules.seats)


@given(seeded())
@example((FOUR_PLAYER, 232, 0))
@example((FOUR_PLAYER, 232, 2))
@example((THREE_PLAYER, 9474, 1))
@example((FIVE_PLAYER, 237, 3))
def test_annulled_exactly_when_a_hand_is_a_petit_sec(case: tuple[Rules, int, int]) -> None:
    rules, seed, dealer = case
    state = new_deal(seed=seed, dealer=dealer, rules=rules)
    sec = [seat for seat in range(rules.seats) if trumps_and_excuse(state.hand(seat)) == [PETIT]]
    if sec:
        check_annulled(state, AnnulReason.PETIT_SEC, sec[0])
    else:
        assert state.phase is Phase.BIDDING
        assert state.annulment is None


# ---------------------------------------------------------------------------------------------
# deal_from: the cards given, the table size read from the number of hands, and refusals.


@given(valid_deals(None))
def test_deal_from_keeps_the_given_cards(spec: DealSpec) -> None:
    state = spec.deal()
    assert state.dealer == spec.dealer
    assert state.rules is RULES_BY_SEATS[len(spec.hands)]
    for seat in range(state.rules.seats):
        assert state.hand(seat) == tuple(sorted(spec.hands[seat]))
    assert state.dog == tuple(sorted(spec.dog))


@given(seeded())
def test_deal_from_rebuilds_any_seeded_deal(case: tuple[Rules, int, int]) -> None:
    rules, seed, dealer = case
    state = new_deal(seed=seed, dealer=dealer, rules=rules)
    assert deal_from(state.hands, state.dog, dealer=dealer) == state
    texts = [[str(card) for card in hand] for hand in state.hands]
    assert deal_from(texts, [str(card) for card in state.dog], dealer=dealer) == state


def split_deck(rules: Rules) -> tuple[list[list[Card]], list[Card]]:
    """The pack in order, cut into the table's hands then the dog."""
    size = rules.hand_size
    deck = list(DECK)
    hands = [deck[size * seat : size * seat + size] for seat in range(rules.seats)]
    return hands, deck[size * rules.seats :]


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_deal_from_infers_the_table_from_the_number_of_hands(rules: Rules) -> None:
    hands, dog = split_deck(rules)
    state = ft.deal_from(hands, dog)
    assert state.rules is rules
    assert state == ft.deal_from(hands, dog, rules=rules)
    check_complete_deal(state, rules)
    assert state.current == 1


@pytest.mark.parametrize(
    ("hands_for", "rules"),
    [
        (THREE_PLAYER, FOUR_PLAYER),
        (FOUR_PLAYER, THREE_PLAYER),
        (FIVE_PLAYER, THREE_PLAYER),
        (THREE_PLAYER, FIVE_PLAYER),
        (FOUR_PLAYER, FIVE_PLAYER),
    ],
    ids=["3-hands-four", "4-hands-three", "5-hands-three", "3-hands-five", "4-hands-five"],
)
def test_deal_from_refuses_the_wrong_number_of_hands_for_the_rules(
    hands_for: Rules, rules: Rules
) -> None:
    hands, dog = split_deck(hands_for)
    with pytest.raises(ft.InvalidDealError) as info:
        ft.deal_from(hands, dog, rules=rules)
    message = str(info.value)
    assert f"{rules.seats} hands" in message, message
    assert rules.name in message, message
    assert f"got {hands_for.seats}" in message, message


@pytest.mark.parametrize(
    ("sizes", "dog_size", "message"),
    [
        ([18, 18, 18], 24, "seat 0 must have 24 cards, got 18"),
        ([24, 23, 25], 6, "seat 1 must have 24 cards, got 23"),
        ([24, 24, 24], 6, None),
        ([24, 24, 21], 9, "seat 2 must have 24 cards, got 21"),
        ([24, 24, 27], 3, "seat 2 must have 24 cards, got "),
        ([24, 24, 25], 5, "seat 2 must have 24 cards, got "),
        ([15, 15, 15, 15, 18], 0, "seat 4 must have 15 cards, got "),
        ([15, 14, 15, 15, 15], 4, "seat 1 must have 15 cards, got 14"),
        ([15, 15, 15, 15, 15], 3, None),
        ([18, 15, 15, 15, 12], 3, "seat 0 must have 15 cards, got "),
    ],
    ids=[
        "three-hands-of-18",
        "three-seat1-23",
        "three-valid",
        "three-seat2-21",
        "three-seat2-27",
        "three-seat2-25",
        "five-seat4-18",
        "five-seat1-14",
        "five-valid",
        "five-seat0-18",
    ],
)
def test_deal_from_names_the_seat_and_the_size_expected(
    sizes: list[int], dog_size: int, message: str | None
) -> None:
    deck, hands, start = list(DECK), [], 0
    for size in sizes:
        hands.append(deck[start : start + size])
        start += size
    dog = deck[start : start + dog_size]
    if message is None:
        assert ft.deal_from(hands, dog).rules is RULES_BY_SEATS[len(sizes)]
        return
    with pytest.raises(ft.InvalidDealError) as info:
        ft.deal_from(hands, dog)
    # Too many cards may be reported without the count ("got more than 24").
    assert str(info.value).startswith(message), str(info.value)


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_deal_from_names_the_dog_size_expected(rules: Rules) -> None:
    hands, dog = split_deck(rules)
    with pytest.raises(ft.InvalidDealError) as info:
        ft.deal_from(hands, dog[:-1])
    assert str(info.value) == (
        f"the dog must have {rules.dog_size} cards, got {rules.dog_size - 1}"
    )


@pytest.mark.parametrize("count", [0, 1, 2, 6, 7])
def test_deal_from_refuses_a_number_of_hands_that_is_no_table(count: int) -> None:
    hands = [list(DECK[12 * seat : 12 * seat + 12]) for seat in range(count)]
    with pytest.raises(ft.InvalidDealError) as info:
        ft.deal_from(hands, [])
    assert "3, 4 or 5" in str(info.value) and str(count) in str(info.value)


def base_deal() -> tuple[list[list[object]], list[object]]:
    """The pinned seed-1 deal as fresh, editable lists of notations."""
    _, _, _, hands, dog = PINNED[0]
    return [list(hand.split()) for hand in hands], list(dog.split())


Deal = tuple[object, object]
Edit = Callable[[list[list[object]], list[object]], object]


def edit(change: Edit) -> Callable[[], Deal]:
    """A case: the base deal, edited in place by ``change`` (its result is ignored)."""

    def build() -> Deal:
        hands, dog = base_deal()
        change(hands, dog)
        return hands, dog

    return build


def replace(change: Callable[[list[list[object]], list[object]], Deal]) -> Callable[[], Deal]:
    """A case: what ``change`` makes of the base deal's hands and dog."""

    def build() -> Deal:
        return change(*base_deal())

    return build


def put(group: list[Any], index: int, value: object) -> None:
    group[index] = value


def short_hand(seat: int) -> Callable[[], Deal]:
    """The base deal with the last card of ``seat`` removed."""
    return edit(lambda h, d: h[seat].pop())


def long_hand(seat: int) -> Callable[[], Deal]:
    """The base deal with a card moved from the dog to ``seat``."""
    return edit(lambda h, d: h[seat].append(d.pop()))


def text_of(group: list[object]) -> str:
    return " ".join(str(item) for item in group)


BAD_DEALS: list[tuple[str, Callable[[], Deal], tuple[str, ...]]] = [
    ("two-hands", replace(lambda h, d: (h[:2], d)), ("3, 4 or 5", "2")),
    ("six-hands", replace(lambda h, d: ([*h, [], []], d)), ("3, 4 or 5", "6")),
    ("three-hands-of-18", replace(lambda h, d: (h[:3], d)), ("seat 0", "24", "18")),
    ("five-hands-of-18", replace(lambda h, d: ([*h, []], d)), ("seat 0", "15", "18")),
    ("no-hands", replace(lambda h, d: ([], d)), ("3, 4 or 5", "0")),
    *((f"seat-{seat}-has-17", short_hand(seat), (f"seat {seat}", "17")) for seat in range(4)),
    *((f"seat-{seat}-has-19", long_hand(seat), (f"seat {seat}", "19")) for seat in range(4)),
    ("dog-of-5", edit(lambda h, d: d.pop()), ("dog", "5")),
    ("dog-of-7", edit(lambda h, d: d.append("KH")), ("dog",)),
    ("dog-of-0", replace(lambda h, d: (h, [])), ("dog", "0")),
    ("twice-in-one-hand", edit(lambda h, d: put(h[2], 17, "T6")), ("T6", "seat 2")),
    ("in-hand-and-dog", edit(lambda h, d: put(d, 0, "KH")), ("KH", "seat 0", "the dog")),
    ("in-two-hands", edit(lambda h, d: put(h[3], 17, "KS")), ("KS", "seat 1", "seat 3")),
    (
        "same-card-as-card-and-text",
        edit(lambda h, d: put(h[1], 0, Card.parse("QD"))),
        ("QD", "seat 0", "seat 1"),
    ),
    ("unknown-card-in-seat-2", edit(lambda h, d: put(h[2], 5, "ZZ")), ("'ZZ'", "seat 2")),
    ("unknown-card-in-dog", edit(lambda h, d: put(d, 3, "T22")), ("'T22'", "dog")),
    ("rank-15-in-seat-3", edit(lambda h, d: put(h[3], 0, "15S")), ("'15S'", "seat 3")),
    ("int-in-seat-1", edit(lambda h, d: put(h[1], 4, 42)), ("42", "seat 1")),
    ("none-in-dog", edit(lambda h, d: put(d, 0, None)), ("None", "dog")),
    ("bytes-in-seat-0", edit(lambda h, d: put(h[0], 0, b"T1")), ("seat 0",)),
    ("hand-as-string", edit(lambda h, d: put(h, 1, text_of(h[1]))), ("seat 1",)),
    ("hand-as-card", edit(lambda h, d: put(h, 2, DECK[0])), ("seat 2",)),
    ("hand-as-int", edit(lambda h, d: put(h, 3, 18)), ("seat 3",)),
    ("dog-as-string", replace(lambda h, d: (h, text_of(d))), ("dog",)),
    ("hands-as-string", replace(lambda h, d: (" ".join(map(text_of, h)), d)), ("hands",)),
    ("hands-as-bytes", replace(lambda h, d: (b"T1 T2", d)), ("hands",)),
    ("hands-as-none", replace(lambda h, d: (None, d)), ("hands",)),
    ("hands-as-generator", replace(lambda h, d: ((x for x in h), d)), ("hands",)),
    ("hands-as-dict", replace(lambda h, d: (dict(enumerate(h)), d)), ("hands",)),
]


@pytest.mark.parametrize("dealer", range(4))
def test_next_dealer_is_the_seat_after_the_dealer_even_after_an_annulment(dealer: int) -> None:
    played = new_deal(seed=1, dealer=dealer)
    assert played.next_dealer == (dealer + 1) % 4
    for _ in range(4):  # four passes annul the deal
        played = apply(played, Pass())
    assert played.phase is Phase.ANNULLED
    assert played.next_dealer == (dealer + 1) % 4
    sec = new_deal(seed=232, dealer=dealer)  # a petit sec whoever deals (hands rotate)
    assert sec.phase is Phase.ANNULLED
    assert sec.next_dealer == (dealer + 1) % 4


def test_numpy_style_integers_are_accepted_and_other_types_refused() -> None:
    class Index:  # an integer type that is not an int, like numpy.int64
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    assert new_deal(seed=Index(3), dealer=Index(2)) == new_deal(seed=3, dealer=2)  # type: ignore[arg-type]
    assert new_deal(seed=1).hand(Index(2)) == new_deal(seed=1).hand(2)
    assert Card.from_index(Index(5)) is DECK[5]  # type: ignore[arg-type]
    for bad in ("3", 3.0, True, None):
        with pytest.raises(InvalidDealTypeError) as info:
            new_deal(dealer=bad)  # type: ignore[arg-type]
        assert isinstance(info.value, TypeError) and isinstance(info.value, InvalidDealError)
    for bad_seed in ("abc", 2.5, False):
        with pytest.raises(TypeError):
            new_deal(seed=bad_seed)  # type: ignore[arg-type]
    with pytest.raises(InvalidDealTypeError):
        deal_from(5, [])  # type: ignore[arg-type]


def test_deal_from_refuses_an_endless_hand() -> None:
    hands = [itertools.repeat("KH"), [], [], []]
    with pytest.raises(InvalidDealError, match="seat 0 must have 18 cards, got more than 18"):
        ft.deal_from(hands, [])


def test_deal_from_refuses_an_endless_dog() -> None:
    pack = [str(card) for card in DECK]
    hands = [pack[0:18], pack[18:36], pack[36:54], pack[54:72]]
    with pytest.raises(InvalidDealError, match="the dog must have 6 cards"):
        ft.deal_from(hands, itertools.cycle(pack[72:]))
