"""What differs between the three table sizes: three, four and five players.

The rules core is shared; everything a table size changes is checked here, table by table:

- the :class:`~frenchtarot.Rules` values and the refusal of values that make no table;
- the seeded deal (hand and dog sizes, packets, where the dog's cards go, the dealer);
- :func:`~frenchtarot.deal_from` reading the table size from the number of hands;
- the handful sizes and their bonuses;
- the three-player score (the taker wins or pays twice the unit), on two deals built by hand
  and against an independent reference scorer on hundreds of random deals, the five-player
  score likewise;
- the half point of the three- and five-player games;
- the command line's ``--players``;
- the annulled deals (petit sec, everyone passing) at every size.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Sequence
from typing import Any, NamedTuple

import attrs
import pytest

import frenchtarot as ft
from frenchtarot import (
    DECK,
    FIVE_PLAYER,
    FOUR_PLAYER,
    THREE_PLAYER,
    Action,
    AnnulReason,
    Bid,
    Camp,
    Card,
    Contract,
    DeclareHandful,
    Discard,
    Pass,
    Phase,
    Play,
    Rule,
    Rules,
    Score,
    State,
)
from frenchtarot._cli import main
from frenchtarot._core.shuffle import INDICES, shuffle_and_deal
from frenchtarot._core.tally import settle_half_point, shares
from frenchtarot.errors import InvalidDealTypeError
from frenchtarot.rules import RULES_BY_SEATS
from frenchtarot.scoring import HandfulBonus, PetitAuBout, SlamResult
from tests.builders import assert_refused, cards, deal, play_out

TABLES = [THREE_PLAYER, FOUR_PLAYER, FIVE_PLAYER]
TABLE_IDS = ["three", "four", "five"]

EXCUSE = Card.parse("EX")
PETIT = Card.parse("T1")
TWENTY_ONE = Card.parse("T21")
PLAIN = [card for card in DECK if card.suit is not None]


def run(first: int, last: int, *extra: str) -> str:
    """Trumps ``first`` to ``last`` then ``extra``, as notation: ``run(2, 4) == "T2 T3 T4"``."""
    return " ".join([*(f"T{rank}" for rank in range(first, last + 1)), *extra])


def random_finished_deal(rules: Rules, seed: int) -> State:
    """The deal of ``seed`` at this table, dealt by ``seed % seats``, played out at random."""
    start = ft.new_deal(seed=seed, rules=rules, dealer=seed % rules.seats)
    return ft.rollout(start, random.Random(seed))


# --- 1. The Rules values ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "name", "seats", "hand", "dog", "packet", "sizes", "calls"),
    [
        (THREE_PLAYER, "three-player", 3, 24, 6, 4, (13, 15, 18), False),
        (FOUR_PLAYER, "four-player", 4, 18, 6, 3, (10, 13, 15), False),
        (FIVE_PLAYER, "five-player", 5, 15, 3, 3, (8, 10, 13), True),
    ],
    ids=TABLE_IDS,
)
def test_rules_values_are_the_fft_numbers(
    rules: Rules,
    name: str,
    seats: int,
    hand: int,
    dog: int,
    packet: int,
    sizes: tuple[int, int, int],
    calls: bool,
) -> None:
    assert (rules.name, rules.seats, rules.hand_size, rules.dog_size, rules.packet) == (
        name,
        seats,
        hand,
        dog,
        packet,
    )
    assert rules.seats * rules.hand_size + rules.dog_size == 78
    assert rules.hand_size % rules.packet == 0
    assert rules.handfuls == tuple(zip(sizes, (20, 30, 40), strict=True))
    assert rules.calls_partner is calls
    assert rules.min_cut == 3
    assert RULES_BY_SEATS[seats] is rules


def test_rules_by_seats_holds_the_three_tables() -> None:
    assert RULES_BY_SEATS == {3: THREE_PLAYER, 4: FOUR_PLAYER, 5: FIVE_PLAYER}
    assert [rules.seats for rules in TABLES] == [3, 4, 5]
    assert len(set(TABLES)) == 3


@pytest.mark.parametrize(
    ("rules", "bonuses"),
    [
        (THREE_PLAYER, {13: 20, 15: 30, 18: 40}),
        (FOUR_PLAYER, {10: 20, 13: 30, 15: 40}),
        (FIVE_PLAYER, {8: 20, 10: 30, 13: 40}),
    ],
    ids=TABLE_IDS,
)
def test_handful_bonus_per_table(rules: Rules, bonuses: dict[int, int]) -> None:
    for size in range(23):
        assert rules.handful_bonus(size) == bonuses.get(size, 0), size


GOOD: dict[str, Any] = {
    "name": "custom",
    "seats": 4,
    "hand_size": 18,
    "dog_size": 6,
    "packet": 3,
    "handfuls": ((10, 20), (13, 30), (15, 40)),
}


def test_the_base_of_the_bad_rules_cases_is_a_good_table() -> None:
    rules = Rules(**GOOD)
    assert rules == Rules("custom", 4, 18, 6, 3, FOUR_PLAYER.handfuls)
    assert rules != FOUR_PLAYER  # the name differs


BAD_RULES: list[Any] = [
    pytest.param(
        {"seats": 0, "hand_size": 13}, ft.InvalidRulesError, ["3, 4 or 5", "0"], id="seats-0"
    ),
    pytest.param(
        {"seats": 2, "hand_size": 36}, ft.InvalidRulesError, ["3, 4 or 5", "2"], id="seats-2"
    ),
    pytest.param(
        {"seats": 6, "hand_size": 12}, ft.InvalidRulesError, ["3, 4 or 5", "6"], id="seats-6"
    ),
    pytest.param(
        {"hand_size": -18, "dog_size": 150}, ft.InvalidRulesError, ["-18"], id="negative-hand"
    ),
    pytest.param({"hand_size": 0, "dog_size": 78}, ft.InvalidRulesError, ["0"], id="zero-hand"),
    pytest.param({"dog_size": 0, "hand_size": 18}, ft.InvalidRulesError, ["0"], id="zero-dog"),
    pytest.param({"hand_size": 17}, ft.InvalidRulesError, ["17", "78"], id="sum-74"),
    pytest.param({"dog_size": 7}, ft.InvalidRulesError, ["7", "78"], id="sum-79"),
    pytest.param(
        {"seats": 3, "hand_size": 18, "dog_size": 6, "handfuls": THREE_PLAYER.handfuls},
        ft.InvalidRulesError,
        ["3 hands of 18", "78"],
        id="three-hands-of-18",
    ),
    pytest.param({"packet": 4}, ft.InvalidRulesError, ["packet of 4", "18"], id="packet-4-of-18"),
    pytest.param({"packet": 0}, ft.InvalidRulesError, ["packet of 0"], id="packet-0"),
    pytest.param({"packet": -3}, ft.InvalidRulesError, ["packet of -3"], id="packet-negative"),
    pytest.param(
        {"packet": 18}, ft.InvalidRulesError, ["dog of 6", "4 packets"], id="dog-needs-5-gaps"
    ),
    pytest.param(
        {"seats": 3, "hand_size": 24, "packet": 12, "handfuls": THREE_PLAYER.handfuls},
        ft.InvalidRulesError,
        ["dog of 6", "6 packets"],
        id="three-players-packets-of-12",
    ),
    pytest.param(
        {"handfuls": ((10, 20), (10, 30), (15, 40))},
        ft.InvalidRulesError,
        ["increase", "[10, 10, 15]"],
        id="handfuls-repeated",
    ),
    pytest.param(
        {"handfuls": ((15, 20), (13, 30), (10, 40))},
        ft.InvalidRulesError,
        ["increase", "[15, 13, 10]"],
        id="handfuls-decreasing",
    ),
    pytest.param(
        {"handfuls": ((0, 20), (13, 30), (15, 40))},
        ft.InvalidRulesError,
        ["[0, 13, 15]"],
        id="handful-of-0",
    ),
    pytest.param(
        {"handfuls": ((10, 20), (13, 30), (19, 40))},
        ft.InvalidRulesError,
        ["18", "[10, 13, 19]"],
        id="handful-larger-than-the-hand",
    ),
    pytest.param({"min_cut": 0}, ft.InvalidRulesError, ["min_cut", "0"], id="min-cut-0"),
    pytest.param({"min_cut": 40}, ft.InvalidRulesError, ["min_cut", "40"], id="min-cut-40"),
    pytest.param({"seats": True}, ft.TarotTypeError, ["seats", "an int"], id="seats-bool"),
    pytest.param({"seats": 4.0}, ft.TarotTypeError, ["seats", "an int"], id="seats-float"),
    pytest.param({"hand_size": "18"}, ft.TarotTypeError, ["hand_size", "an int"], id="hand-str"),
    pytest.param({"dog_size": None}, ft.TarotTypeError, ["dog_size", "an int"], id="dog-none"),
    pytest.param({"packet": 3.0}, ft.TarotTypeError, ["packet", "an int"], id="packet-float"),
    pytest.param({"min_cut": "3"}, ft.TarotTypeError, ["min_cut", "an int"], id="min-cut-str"),
    pytest.param({"name": 4}, ft.TarotTypeError, ["name", "a str"], id="name-int"),
    pytest.param(
        {"calls_partner": 1},
        ft.TarotTypeError,
        ["calls_partner", "a bool"],
        id="calls-partner-int",
    ),
    pytest.param(
        {"handfuls": [(10, 20), (13, 30), (15, 40)]},
        ft.TarotTypeError,
        ["handfuls", "tuple of 3"],
        id="handfuls-list",
    ),
    pytest.param(
        {"handfuls": ((10, 20), (13, 30))},
        ft.TarotTypeError,
        ["handfuls", "tuple of 3"],
        id="two-handfuls",
    ),
    pytest.param(
        {"handfuls": ((10, 20), [13, 30], (15, 40))},
        ft.TarotTypeError,
        ["(trumps, bonus) pair"],
        id="handful-pair-list",
    ),
    pytest.param(
        {"handfuls": ((10, 20), (13, True), (15, 40))},
        ft.TarotTypeError,
        ["(trumps, bonus) pair"],
        id="handful-bonus-bool",
    ),
    pytest.param(
        {"handfuls": ((10, 20), (13, 30, 1), (15, 40))},
        ft.TarotTypeError,
        ["(trumps, bonus) pair"],
        id="handful-triple",
    ),
]


@pytest.mark.parametrize(("change", "error", "fragments"), BAD_RULES)
def test_bad_rules_are_refused(
    change: dict[str, Any], error: type[Exception], fragments: list[str]
) -> None:
    with pytest.raises(error) as info:
        Rules(**{**GOOD, **change})
    assert type(info.value) is error
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)


def test_rules_errors_are_value_and_type_errors() -> None:
    assert issubclass(ft.InvalidRulesError, ValueError)
    assert issubclass(ft.InvalidRulesError, ft.TarotError)
    assert issubclass(ft.TarotTypeError, TypeError)
    with pytest.raises(ValueError):
        Rules(**{**GOOD, "seats": 6})
    with pytest.raises(TypeError):
        Rules(**{**GOOD, "seats": "4"})


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_next_seat_goes_round_the_table(rules: Rules) -> None:
    seats = rules.seats
    assert [rules.next_seat(seat) for seat in range(seats)] == [*range(1, seats), 0]
    seat, visited = 0, []
    for _ in range(seats):
        visited.append(seat)
        seat = rules.next_seat(seat)
    assert seat == 0 and sorted(visited) == list(range(seats))


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
@pytest.mark.parametrize("seat", [1.5, True, "1", None], ids=["1.5", "bool", "str", "none"])
def test_next_seat_refuses_what_is_not_an_int(rules: Rules, seat: object) -> None:
    with pytest.raises(ft.TarotTypeError) as info:
        rules.next_seat(seat)  # type: ignore[arg-type]
    assert str(info.value).startswith("seat must be an int, not ")


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_next_seat_refuses_a_seat_outside_the_table(rules: Rules) -> None:
    for seat in (-1, rules.seats, rules.seats + 1, 5):
        with pytest.raises(ft.InvalidSeatError) as info:
            rules.next_seat(seat)
        assert str(info.value) == f"seat must be from 0 to {rules.seats - 1}, not {seat}"
        assert isinstance(info.value, ValueError)


# --- 2. The seeded deal ----------------------------------------------------------------------


def check_complete_deal(state: State, rules: Rules) -> None:
    assert state.rules is rules
    assert [len(hand) for hand in state.hands] == [rules.hand_size] * rules.seats
    assert len(state.dog) == rules.dog_size
    everything = [card for hand in state.hands for card in hand] + list(state.dog)
    assert sorted(everything) == list(DECK)


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_new_deal_gives_each_table_its_hands_and_dog(rules: Rules) -> None:
    for seed in range(60):
        dealer = seed % rules.seats
        state = ft.new_deal(seed=seed, rules=rules, dealer=dealer)
        check_complete_deal(state, rules)
        assert state.dealer == dealer
        if state.phase is Phase.BIDDING:
            assert state.current == (dealer + 1) % rules.seats
            assert ft.returns(state) == (0,) * rules.seats


# Pinned deals: a change to the shuffle, the cut, the packets or the dog shows here.
# (Generated once with the implementation, then written down.)
PINNED = [
    pytest.param(
        THREE_PLAYER,
        1,
        0,
        (
            "T1 T3 T5 T8 T11 T16 EX 3S 10S 2H 4H 5H 8H 9H 10H KH 1D 4D 9D JD QD 2C 3C 6C",
            "T2 T4 T7 T9 T10 T12 T14 T17 T19 T21 4S 7S 9S CS QS KS 3H 6H 2D 3D 7D 1C 7C JC",
            "T6 T13 T18 2S 5S 8S JS 1H 7H JH CH QH 5D 6D 8D 10D CD 4C 5C 8C 9C 10C CC KC",
        ),
        "T15 T20 1S 6S KD QC",
        id="three-seed1-dealer0",
    ),
    pytest.param(
        THREE_PLAYER,
        12345,
        2,
        (
            "T4 T6 T7 T13 T15 EX 1S 4S 6S KS 10H JH CH 6D 8D JD CD QD 1C 2C 5C 8C JC QC",
            "T1 T2 T10 T14 T16 T19 T21 2S 5S 7S 10S JS 1H 3H 4H 8H QH 1D 2D 3D 5D 10D 7C 9C",
            "T3 T5 T8 T9 T11 T12 T17 T18 8S 9S CS 5H 6H 7H KH 4D 9D KD 3C 4C 6C 10C CC KC",
        ),
        "T20 3S QS 2H 9H 7D",
        id="three-seed12345-dealer2",
    ),
    pytest.param(
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
        id="five-seed1-dealer0",
    ),
    pytest.param(
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
        id="five-seed12345-dealer4",
    ),
]


@pytest.mark.parametrize(("rules", "seed", "dealer", "hands", "dog"), PINNED)
def test_pinned_deals(
    rules: Rules, seed: int, dealer: int, hands: tuple[str, ...], dog: str
) -> None:
    state = ft.new_deal(seed=seed, rules=rules, dealer=dealer)
    assert tuple(" ".join(map(str, hand)) for hand in state.hands) == hands
    assert " ".join(map(str, state.dog)) == dog
    assert state.current == (dealer + 1) % rules.seats
    assert ft.deal_from([hand.split() for hand in hands], dog.split(), dealer=dealer) == state


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_shuffle_and_deal_sizes(rules: Rules) -> None:
    for seed in range(30):
        hands, dog = shuffle_and_deal(random.Random(seed), rules, seed % rules.seats, INDICES)
        assert [len(hand) for hand in hands] == [rules.hand_size] * rules.seats
        assert len(dog) == rules.dog_size
        assert sorted([i for hand in hands for i in hand] + dog) == list(range(78))


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
        self.values = values
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
        start = rules.packet * (number // rules.seats)
        order += hands[seat][start : start + rules.packet]
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


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_packets_from_the_seat_after_the_dealer_and_the_dog_between_them(rules: Rules) -> None:
    """The pack is dealt in packets, and each dog card goes alone between two packets.

    The pack itself is internal, so it is rebuilt from what the deal gives out. The draws
    that shuffle and cut come before the dog's, one draw per dog card, so replaying a seed's
    draws but the last ``dog_size`` and varying those keeps the pack and moves the dog.
    Reading each variant's hands as packets of ``packet`` cards dealt from the seat after
    the dealer gives the pack without that variant's dog; one pack must then explain every
    variant (so the packets are right), and in it every dog card must sit after a whole
    number of packets, neither before the first nor after the last, no two together, in the
    order the dog lists them.
    """
    size = rules.dog_size
    dealt = rules.seats * rules.hand_size
    for seed in range(12):
        dealer = seed % rules.seats
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
            *([spread.random() for _ in range(size)] for _ in range(10)),
        ]
        variants = []
        for suffix in suffixes:
            rng = ScriptedRandom(prefix + suffix)
            hands, dog = shuffle_and_deal(rng, rules, dealer, INDICES)
            assert rng.used == len(rng.values)
            variants.append((packets_in_dealt_order(rules, dealer, hands), dog))
        assert len({frozenset(dog) for _, dog in variants}) > 1, "the dog did not move"
        pack = rebuild_pack([order for order, _ in variants])
        for order, dog in variants:
            assert [card for card in pack if card not in dog] == order, f"seed {seed}"
            before = [sum(card not in dog for card in pack[: pack.index(d)]) for d in dog]
            assert all(n % rules.packet == 0 for n in before), (seed, before)
            assert all(0 < n < dealt for n in before), (seed, before)
            assert before == sorted(set(before)), (seed, before)
            assert pack[0] not in dog and pack[-1] not in dog


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_same_seed_same_deal(rules: Rules) -> None:
    for seed in (0, 1, 77, 2**40 + 3):
        for dealer in range(rules.seats):
            first = ft.new_deal(seed=seed, rules=rules, dealer=dealer)
            second = ft.new_deal(seed=seed, rules=rules, dealer=dealer)
            assert first == second
            assert first.hands == second.hands and first.dog == second.dog
    assert len({ft.new_deal(seed=seed, rules=rules).hands for seed in range(50)}) == 50


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_the_dealer_only_turns_the_hands(rules: Rules) -> None:
    for seed in range(10):
        base = ft.new_deal(seed=seed, rules=rules, dealer=0)
        for dealer in range(1, rules.seats):
            state = ft.new_deal(seed=seed, rules=rules, dealer=dealer)
            assert state.dog == base.dog
            for seat in range(rules.seats):
                assert state.hand((seat + dealer) % rules.seats) == base.hand(seat)


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


# --- 3. deal_from and the table size ---------------------------------------------------------


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


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_deal_from_rebuilds_seeded_deals(rules: Rules) -> None:
    for seed in range(20):
        dealer = seed % rules.seats
        state = ft.new_deal(seed=seed, rules=rules, dealer=dealer)
        texts = [[str(card) for card in hand] for hand in state.hands]
        assert ft.deal_from(texts, [str(card) for card in state.dog], dealer=dealer) == state


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


# --- 4. Handfuls -----------------------------------------------------------------------------


def about_to_lead(rules: Rules, relevant: str) -> State:
    """Seat 0 about to lead the first trick, holding ``relevant`` and plain filler.

    The dealer is the last seat, so seat 0 speaks first (and passes) and leads; seat 1 takes
    a Garde sans (with five players it then calls the King of Spades) and announces no slam.
    """
    mine = cards(relevant)
    filler = [card for card in PLAIN if card not in mine]
    hand = " ".join(map(str, mine + filler[: rules.hand_size - len(mine)]))
    state = deal({0: hand}, dealer=rules.seats - 1, rules=rules)
    assert state.phase is Phase.BIDDING
    words = ["pass", "garde_sans"] + ["pass"] * (rules.seats - 2)
    if rules.calls_partner:
        words.append("call KS")
    state = play_out(state, [*words, "pass"])
    assert state.phase is Phase.PLAY and state.current == 0 and not state.tricks
    return state


def declarations(state: State) -> list[DeclareHandful]:
    return [action for action in ft.legal_actions(state) if isinstance(action, DeclareHandful)]


HELD_FOR_DISPLAYS = {
    THREE_PLAYER: run(1, 21, "EX"),
    FOUR_PLAYER: run(1, 17),
    FIVE_PLAYER: run(1, 15),
}

DISPLAY_SIZES = [
    *((THREE_PLAYER, size, size in (13, 15, 18)) for size in (10, 12, 13, 14, 15, 16, 18, 19, 21)),
    *((FOUR_PLAYER, size, size in (10, 13, 15)) for size in (8, 10, 13, 15, 17)),
    *((FIVE_PLAYER, size, size in (8, 10, 13)) for size in (7, 8, 9, 10, 13, 15)),
]


@pytest.mark.parametrize(
    ("rules", "size", "accepted"),
    DISPLAY_SIZES,
    ids=[f"{r.seats}p-{size}" for r, size, _ in DISPLAY_SIZES],
)
def test_handful_sizes_per_table(rules: Rules, size: int, accepted: bool) -> None:
    state = about_to_lead(rules, HELD_FOR_DISPLAYS[rules])
    action = DeclareHandful(cards(run(1, size)))
    if accepted:
        assert ft.is_legal(state, action)
        after = ft.apply(state, action)
        assert after.handfuls == (ft.Handful(0, tuple(cards(run(1, size)))),)
        assert after.handfuls[0].size == size
        assert after.current == 0 and after.phase is Phase.PLAY
    else:
        error = assert_refused(state, action, Rule.INVALID_HANDFUL)
        sizes = [threshold for threshold, _ in rules.handfuls]
        assert f"{sizes[0]}, {sizes[1]} or {sizes[2]} cards, not {size}" in str(error)


OFFERED = [
    (THREE_PLAYER, run(1, 12), []),
    (THREE_PLAYER, run(1, 12, "EX"), [run(1, 12, "EX")]),
    (THREE_PLAYER, run(1, 13), [run(1, 13)]),
    (THREE_PLAYER, run(1, 14, "EX"), [run(1, 13), run(1, 14, "EX")]),
    (THREE_PLAYER, run(1, 17), [run(1, 13), run(1, 15)]),
    (THREE_PLAYER, run(1, 17, "EX"), [run(1, 13), run(1, 15), run(1, 17, "EX")]),
    (THREE_PLAYER, run(1, 21, "EX"), [run(1, 13), run(1, 15), run(1, 18)]),
    (FOUR_PLAYER, run(1, 9), []),
    (FOUR_PLAYER, run(1, 10), [run(1, 10)]),
    (FOUR_PLAYER, run(1, 16), [run(1, 10), run(1, 13), run(1, 15)]),
    (FIVE_PLAYER, run(1, 7), []),
    (FIVE_PLAYER, run(1, 7, "EX"), [run(1, 7, "EX")]),
    (FIVE_PLAYER, run(1, 8), [run(1, 8)]),
    (FIVE_PLAYER, run(1, 12), [run(1, 8), run(1, 10)]),
    (FIVE_PLAYER, run(1, 12, "EX"), [run(1, 8), run(1, 10), run(1, 12, "EX")]),
    (FIVE_PLAYER, run(1, 14, "EX"), [run(1, 8), run(1, 10), run(1, 13)]),
]


@pytest.mark.parametrize(
    ("rules", "held", "offered"),
    OFFERED,
    ids=[f"{r.seats}p-{held.count('T')}{' EX' * ('EX' in held)}" for r, held, _ in OFFERED],
)
def test_offered_displays_per_table(rules: Rules, held: str, offered: list[str]) -> None:
    state = about_to_lead(rules, held)
    expected = [DeclareHandful(cards(shown)) for shown in offered]
    assert declarations(state) == expected
    sizes = {threshold for threshold, _ in rules.handfuls}
    for action in expected:
        assert len(action.cards) in sizes
        assert ft.is_legal(state, action)
    actions = ft.legal_actions(state)
    assert all(isinstance(action, Play) for action in actions[len(expected) :])


BONUS_CASES = [
    (THREE_PLAYER, 13, 20),
    (THREE_PLAYER, 15, 30),
    (THREE_PLAYER, 18, 40),
    (FOUR_PLAYER, 10, 20),
    (FOUR_PLAYER, 13, 30),
    (FOUR_PLAYER, 15, 40),
    (FIVE_PLAYER, 8, 20),
    (FIVE_PLAYER, 10, 30),
    (FIVE_PLAYER, 13, 40),
]


@pytest.mark.parametrize(
    ("rules", "size", "bonus"),
    BONUS_CASES,
    ids=[f"{r.seats}p-{size}" for r, size, _ in BONUS_CASES],
)
def test_handful_bonus_in_the_score(rules: Rules, size: int, bonus: int) -> None:
    """Seat 0, a defender, shows a handful; the bonus goes to whichever camp wins.

    Seat 0 holds every trump up to the triple handful; the others cannot show one.
    """
    largest = max(size for rules_, size, _ in BONUS_CASES if rules_ is rules)
    state = about_to_lead(rules, run(1, largest))
    state = ft.apply(state, DeclareHandful(cards(run(1, size))))
    for seed in range(12):
        end = ft.rollout(state, random.Random(seed))
        result = ft.score(end)
        assert result.handfuls == (HandfulBonus(0, size, bonus if result.made else -bonus),)
        assert result == reference_score(end)


# --- 5. The score: three players above all ------------------------------------------------


def tricks_script(tricks: list[str]) -> list[str]:
    """The plays of ``tricks`` (each the cards in the order played), one action per card."""
    return [word for trick in tricks for word in trick.split()]


def announced_slam_deal() -> State:
    """Three players, built by hand: seat 0 announces a slam under Garde sans and makes it.

    Seat 0 holds every trump, the Excuse and two Kings; it shows 18 trumps, leads the trumps
    from the 21 down, the two Kings, the Petit, and the Excuse last, which takes the last
    trick because seat 0 won every other: the Petit, in the trick before, is au bout.
    """
    state = ft.deal_from(
        [
            cards(run(1, 21, "EX KS KH")),
            cards("1C 2C 3C 4C 5C 6C 7C 8C 9C 10C JC CC QC KC 1D 2D 3D 4D 5D 6D 7D 8D 9D 10D"),
            cards("1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS CS QS 1H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH"),
        ],
        cards("JD CD QD KD CH QH"),
        dealer=2,
    )
    state = play_out(state, "garde_sans pass pass slam")
    state = play_out(state, [f"handful {run(1, 18)}"])
    seat1 = cards("1C 2C 3C 4C 5C 6C 7C 8C 9C 10C JC CC QC KC 1D 2D 3D 4D 5D 6D")
    seat2 = cards("1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS 1H 2H 3H 4H 5H 6H 7H 8H 9H")
    tricks = [f"T{21 - n} {seat1[n]} {seat2[n]}" for n in range(20)]
    tricks += ["KS 7D CS", "KH 8D 10H", "T1 9D QS", "EX 10D JH"]
    return play_out(state, tricks_script(tricks))


def defence_slam_deal() -> State:
    """Three players, built by hand: seat 1 takes a Garde contre and wins no trick.

    Seat 2 holds every trump, the Excuse, the King and Queen of Clubs; it shows a double
    handful (15 trumps), trumps the opening lead with the Petit, leads the other trumps, the
    two Clubs and the Excuse last, which takes the last trick for the defence.
    """
    state = ft.deal_from(
        [
            cards("JS CS QS KS JH CH QH KH JD CD QD KD 1C 2C 3C 4C 5C 6C 7C 8C 9C 10C JC CC"),
            cards("1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H 3H 4H 5H 6H 7H 8H 9H 10H 1D 2D 3D 4D"),
            cards(run(1, 21, "EX KC QC")),
        ],
        cards("5D 6D 7D 8D 9D 10D"),
        dealer=0,
    )
    state = play_out(state, "garde_contre pass pass pass")
    state = play_out(state, ["1S", f"handful {run(1, 15)}", "T1", "JS"])
    seat0 = cards("CS QS KS JH CH QH KH JD CD QD KD 1C 2C 3C 4C 5C 6C 7C 8C 9C")
    seat1 = cards("2S 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H 3H 4H 5H 6H 7H 8H 9H 10H 1D")
    tricks = [f"T{n + 2} {seat0[n]} {seat1[n]}" for n in range(20)]
    tricks += ["KC 10C 2D", "QC JC 3D", "EX CC 4D"]
    return play_out(state, tricks_script(tricks))


def test_hand_built_announced_slam_at_three_players() -> None:
    state = announced_slam_deal()
    assert state.phase is Phase.DONE
    assert len(state.tricks) == 24 and all(len(trick.cards) == 3 for trick in state.tricks)
    assert {trick.winner for trick in state.tricks} == {0}
    # 91 points and 3 bouts: made by 55, (25 + 55) x 4 = 320; petit au bout 10 x 4;
    # the triple handful 40; the slam announced and made 400.
    expected = Score(
        annulment=None,
        taker=0,
        contract=Contract.GARDE_SANS,
        taker_points=91.0,
        defence_points=0.0,
        bouts=3,
        target=36,
        made=True,
        margin=55,
        petit_au_bout=PetitAuBout(Camp.ATTACK, 40),
        handfuls=(HandfulBonus(0, 18, 40),),
        slam=SlamResult(announced=True, made_by=Camp.ATTACK, value=400),
        unit=800,
        deltas=(1600, -800, -800),
    )
    assert ft.score(state) == expected
    assert reference_score(state) == expected
    assert ft.returns(state) == (1600, -800, -800)


def test_hand_built_defence_slam_at_three_players() -> None:
    state = defence_slam_deal()
    assert state.phase is Phase.DONE
    assert len(state.tricks) == 24
    assert {trick.winner for trick in state.tricks} == {2}
    assert state.tricks[-1].cards[0] == EXCUSE  # seat 2's Excuse takes the last trick
    # 0 points and no bout: lost by 56, (25 + 56) x 6 = 486; the double handful (30) goes to
    # the defence, which showed it; the defence's slam 200.
    expected = Score(
        annulment=None,
        taker=1,
        contract=Contract.GARDE_CONTRE,
        taker_points=0.0,
        defence_points=91.0,
        bouts=0,
        target=56,
        made=False,
        margin=56,
        petit_au_bout=None,
        handfuls=(HandfulBonus(2, 15, -30),),
        slam=SlamResult(announced=False, made_by=Camp.DEFENCE, value=-200),
        unit=-716,
        deltas=(716, -1432, 716),
    )
    assert ft.score(state) == expected
    assert reference_score(state) == expected


@pytest.mark.parametrize(
    ("seats", "taker", "partner", "unit", "deltas"),
    [
        (3, 0, None, 10, (20, -10, -10)),
        (3, 2, None, -7, (7, 7, -14)),
        (4, 1, None, 10, (-10, 30, -10, -10)),
        (5, 0, 3, 10, (20, -10, -10, 10, -10)),
        (5, 4, 1, -6, (6, -6, 6, 6, -12)),
        (5, 2, None, 10, (-10, -10, 40, -10, -10)),
        (5, 3, None, -5, (5, 5, 5, -20, 5)),
    ],
    ids=["3-made", "3-lost", "4-made", "5-partner", "5-partner-lost", "5-alone", "5-alone-lost"],
)
def test_shares_per_table(
    seats: int, taker: int, partner: int | None, unit: int, deltas: tuple[int, ...]
) -> None:
    assert shares(seats, taker, partner, unit) == deltas
    assert sum(deltas) == 0


# An independent reference scorer, written from the rulebook and DECISIONS.md, for every
# table size. It shares no code with the library: card values come from the ranks, every
# trick winner is worked out again, and the camps, the Excuse, the bouts, the half point and
# the bonuses are counted from the tricks themselves.

TARGET_BY_BOUTS = {0: 56, 1: 51, 2: 41, 3: 36}
MULTIPLIER = {
    Contract.PETITE: 1,
    Contract.GARDE: 2,
    Contract.GARDE_SANS: 4,
    Contract.GARDE_CONTRE: 6,
}
HANDFUL_BONUS = {
    3: {13: 20, 15: 30, 18: 40},
    4: {10: 20, 13: 30, 15: 40},
    5: {8: 20, 10: 30, 13: 40},
}
HONOUR_POINTS = {14: 4.5, 13: 3.5, 12: 2.5, 11: 1.5}  # King, Queen, Knight, Jack
BOUT_CARDS = (PETIT, TWENTY_ONE, EXCUSE)


def card_points(card: Card) -> float:
    if card in BOUT_CARDS:
        return 4.5
    if card.suit is None:
        return 0.5
    return HONOUR_POINTS.get(card.rank, 0.5)


def best_position(played: tuple[Card, ...]) -> int:
    """The position of the card that takes the trick by rank (the Excuse never does)."""
    positions = [n for n, card in enumerate(played) if card != EXCUSE]
    trumps = [n for n in positions if played[n].suit is None]
    if trumps:
        return max(trumps, key=lambda n: played[n].rank)
    led = played[positions[0]].suit
    return max((n for n in positions if played[n].suit == led), key=lambda n: played[n].rank)


def attack_of(state: State) -> set[int]:
    return {seat for seat in (state.taker, state.partner) if seat is not None}


def reference_winners(state: State) -> list[int]:
    """Every trick's winner, worked out again, with the Excuse's last-trick exception."""
    seats, last = state.rules.seats, state.rules.hand_size - 1
    attack = attack_of(state)
    assert state.taker is not None
    leader = state.taker if state.slam else (state.dealer + 1) % seats
    found: list[int] = []
    for number, trick in enumerate(state.tricks):
        assert trick.leader == leader, f"trick {number} led by the wrong seat"
        assert len(trick.cards) == seats
        winner = (leader + best_position(trick.cards)) % seats
        if number == last and EXCUSE in trick.cards:
            owner = (leader + trick.cards.index(EXCUSE)) % seats
            if all((earlier in attack) == (owner in attack) for earlier in found):
                winner = owner
        found.append(winner)
        leader = winner
    return found


def reference_score(state: State) -> Score:
    """The score of a played-out deal, from the rules alone."""
    seats, last = state.rules.seats, state.rules.hand_size - 1
    taker, contract, partner = state.taker, state.contract, state.partner
    assert taker is not None and contract is not None
    assert len(state.tricks) == state.rules.hand_size
    attack = attack_of(state)
    won = reference_winners(state)
    attack_cards = list(state.discard)
    if contract is Contract.GARDE_SANS:
        attack_cards += state.dog
    exchange = 0.0  # the half point the Excuse's owner hands over when it stays with them
    for number, trick in enumerate(state.tricks):
        attack_won = won[number] in attack
        for position, card in enumerate(trick.cards):
            if card == EXCUSE and number < last:
                owner_attacks = (trick.leader + position) % seats in attack
                if owner_attacks:
                    attack_cards.append(card)
                if owner_attacks and not attack_won:
                    exchange = -0.5
                elif attack_won and not owner_attacks:
                    exchange = 0.5
            elif attack_won:
                attack_cards.append(card)
    points = sum(card_points(card) for card in attack_cards) + exchange
    bouts = sum(card in BOUT_CARDS for card in attack_cards)
    target = TARGET_BY_BOUTS[bouts]
    made = points >= target
    whole = points if points == int(points) else points + (0.5 if made else -0.5)
    margin = int(abs(whole - target))
    sign = 1 if made else -1
    multiplier = MULTIPLIER[contract]

    number = last
    final = state.tricks[last]
    excuse_took_it = (
        EXCUSE in final.cards and won[last] == (final.leader + final.cards.index(EXCUSE)) % seats
    )
    if excuse_took_it and PETIT not in final.cards:
        number = last - 1
    petit_au_bout = None
    if PETIT in state.tricks[number].cards:
        if won[number] in attack:
            petit_au_bout = PetitAuBout(Camp.ATTACK, 10 * multiplier)
        else:
            petit_au_bout = PetitAuBout(Camp.DEFENCE, -10 * multiplier)

    handfuls = tuple(
        HandfulBonus(h.seat, len(h.cards), sign * HANDFUL_BONUS[seats][len(h.cards)])
        for h in state.handfuls
    )
    if all(winner in attack for winner in won):
        slam = SlamResult(state.slam, Camp.ATTACK, 400 if state.slam else 200)
    elif not any(winner in attack for winner in won):
        slam = SlamResult(state.slam, Camp.DEFENCE, -200 - (200 if state.slam else 0))
    else:
        slam = SlamResult(state.slam, None, -200 if state.slam else 0)
    unit = (
        sign * (25 + margin) * multiplier
        + (petit_au_bout.value if petit_au_bout else 0)
        + sum(h.value for h in handfuls)
        + slam.value
    )
    # The defenders each pay (or win) the unit; the partner has one share, the taker the rest.
    defenders = seats - len(attack)
    taker_share = defenders * unit - (unit if partner is not None else 0)
    deltas = tuple(
        taker_share if seat == taker else unit if seat == partner else -unit
        for seat in range(seats)
    )
    return Score(
        annulment=None,
        taker=taker,
        contract=contract,
        taker_points=points,
        defence_points=91 - points,
        bouts=bouts,
        target=target,
        made=made,
        margin=margin,
        petit_au_bout=petit_au_bout,
        handfuls=handfuls,
        slam=slam,
        unit=unit,
        deltas=deltas,
        called=state.called,
        partner=partner,
    )


def check_against_reference(rules: Rules, deals: int) -> set[str]:
    """Score ``deals`` random deals both ways; return the features the sample reached."""
    reached: set[str] = set()
    for seed in range(deals):
        state = random_finished_deal(rules, seed)
        result = ft.score(state)
        if state.phase is Phase.ANNULLED:
            assert result.deltas == (0,) * rules.seats
            reached.add("annulled")
            continue
        assert [trick.winner for trick in state.tricks] == reference_winners(state), seed
        expected = reference_score(state)
        for field in attrs.fields(Score):
            name = field.name
            assert getattr(result, name) == getattr(expected, name), (seed, name, result)
        assert result == expected
        assert sum(result.deltas) == 0
        assert result.taker_points + result.defence_points == 91
        assert result.contract is not None
        reached.add(result.contract.name)
        reached.add("made" if result.made else "lost")
        if result.taker_points != int(result.taker_points):
            reached.add("half point")
        if result.petit_au_bout is not None:
            reached.add(f"petit au bout {result.petit_au_bout.camp.name}")
        if result.handfuls:
            reached.add("handful")
        if result.slam.announced:
            reached.add("slam announced")
        if state.partner is not None:
            reached.add("partner")
        elif rules.calls_partner:
            reached.add("alone")
    return reached


def test_three_player_deals_score_like_the_reference() -> None:
    reached = check_against_reference(THREE_PLAYER, 600)
    assert reached >= {
        "annulled",
        *(contract.name for contract in Contract),
        "made",
        "lost",
        "half point",
        "petit au bout ATTACK",
        "petit au bout DEFENCE",
        "slam announced",
    }


def test_five_player_deals_score_like_the_reference() -> None:
    reached = check_against_reference(FIVE_PLAYER, 400)
    assert reached >= {
        *(contract.name for contract in Contract),
        "made",
        "lost",
        "half point",
        "handful",
        "petit au bout ATTACK",
        "petit au bout DEFENCE",
        "partner",
        "alone",
    }


class StrongSeat:
    """A policy: one seat bids ``contract`` and plays its strongest cards, the others at random.

    The strong seat shows its largest handful and plays its trumps from the highest down,
    then its suit cards from the highest, then the Petit and the Excuse last, so that slams,
    the Excuse taking the last trick and the Petit au bout just before it are frequent.
    """

    def __init__(self, seat: int, contract: Contract, rng: random.Random) -> None:
        self.seat, self.contract, self.rng = seat, contract, rng

    @staticmethod
    def strength(action: Action) -> tuple[int, int]:
        assert isinstance(action, Play)
        card = action.card
        if card.suit is None:
            return (3 if card.rank > 1 else card.rank, card.rank)
        return (2, card.rank)

    def __call__(self, state: State, actions: tuple[Action, ...], /) -> Action:
        if state.phase is Phase.BIDDING:
            return Bid(self.contract) if state.current == self.seat else Pass()
        if state.current != self.seat or state.phase is not Phase.PLAY:
            return self.rng.choice(actions)
        shows = [action for action in actions if isinstance(action, DeclareHandful)]
        return shows[-1] if shows else max(actions, key=self.strength)


def strong_hand_deal(rules: Rules, seed: int) -> tuple[State, StrongSeat]:
    """A deal where one seat holds the four Kings and most trumps, and its policy."""
    rng = random.Random(seed)
    trumps = [card for card in DECK if card.suit is None]
    kings = [card for card in PLAIN if card.rank == 14]
    others = [card for card in PLAIN if card.rank != 14]
    rng.shuffle(trumps)
    rng.shuffle(others)
    size = rules.hand_size
    count = rng.randrange(size - 8, min(22, size - 4) + 1)
    strong = [*trumps[:count], *kings, *others[: size - count - 4]]
    rest = trumps[count:] + others[size - count - 4 :]
    rng.shuffle(rest)
    hands = [rest[size * n : size * n + size] for n in range(rules.seats - 1)]
    seat = rng.randrange(rules.seats)
    hands.insert(seat, strong)
    dog = rest[size * (rules.seats - 1) :]
    state = ft.deal_from(hands, dog, dealer=rng.randrange(rules.seats), rules=rules)
    return state, StrongSeat(seat, rng.choice(list(Contract)), rng)


@pytest.mark.parametrize("rules", [THREE_PLAYER, FIVE_PLAYER], ids=["three", "five"])
def test_strong_hands_score_like_the_reference(rules: Rules) -> None:
    reached: set[str] = set()
    for seed in range(300):
        state, policy = strong_hand_deal(rules, seed)
        end = ft.rollout(state, policy.rng, policy)
        result = ft.score(end)
        if end.phase is Phase.ANNULLED:
            continue
        assert [trick.winner for trick in end.tricks] == reference_winners(end), seed
        assert result == reference_score(end), seed
        assert sum(result.deltas) == 0
        if result.handfuls:
            reached.add("handful")
        if result.slam.made_by is Camp.ATTACK:
            reached.add("slam announced" if result.slam.announced else "slam")
        last = end.tricks[-1]
        if EXCUSE in last.cards and last.winner == last.seat_of(EXCUSE):
            reached.add("the Excuse takes the last trick")
            if result.petit_au_bout is not None:
                reached.add("petit au bout before the Excuse")
        if result.contract is not None:
            reached.add(result.contract.name)
    assert reached == {
        "handful",
        "slam",
        "slam announced",
        "the Excuse takes the last trick",
        "petit au bout before the Excuse",
        *(contract.name for contract in Contract),
    }


def test_three_player_taker_scores_twice_the_unit() -> None:
    for seed in range(200):
        result = ft.score(random_finished_deal(THREE_PLAYER, seed))
        if result.taker is None:
            continue
        assert len(result.deltas) == 3
        for seat in range(3):
            share = 2 * result.unit if seat == result.taker else -result.unit
            assert result.deltas[seat] == share, seed


# --- 6. The half point -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "target", "made", "whole"),
    [
        (40.5, 36, True, 41),
        (40.5, 41, False, 40),
        (40.5, 51, False, 40),
        (40.5, 56, False, 40),
        (41.0, 36, True, 41),
        (41.0, 41, True, 41),
        (41.0, 51, False, 41),
        (41.0, 56, False, 41),
        (41.5, 36, True, 42),
        (41.5, 41, True, 42),
        (41.5, 51, False, 41),
        (41.5, 56, False, 41),
        (35.5, 36, False, 35),
        (36.5, 36, True, 37),
        (55.5, 56, False, 55),
        (56.5, 56, True, 57),
    ],
)
def test_settle_half_point(points: float, target: int, made: bool, whole: int) -> None:
    assert settle_half_point(int(2 * points), target) == (made, whole)


# Found by scoring ``random_finished_deal(rules, seed)`` (dealt by seed % seats) for seeds
# 0, 1, 2, ... up to 20000 and keeping, for each row, the first seed whose taker ended half
# a point below or above the target with that many bouts, without petit au bout or handful
# (preferring, where one came later, a deal without a slam announcement either; 56.5 with no
# bout never came at three players). The expected numbers are worked out by hand: 25 + 1,
# times the multiplier, then the -200 of a missed announced slam, if any.
class HalfDeal(NamedTuple):
    rules: Rules
    seed: int
    taker: int
    contract: Contract
    points: float
    bouts: int
    made: bool
    slam: int
    unit: int
    deltas: tuple[int, ...]


SANS, CONTRE = Contract.GARDE_SANS, Contract.GARDE_CONTRE
HALF_POINT_DEALS = [
    HalfDeal(THREE_PLAYER, 281, 2, SANS, 40.5, 2, False, 0, -104, (104, 104, -208)),
    HalfDeal(THREE_PLAYER, 322, 2, SANS, 41.5, 2, True, 0, 104, (-104, -104, 208)),
    HalfDeal(THREE_PLAYER, 120, 1, CONTRE, 40.5, 2, False, -200, -356, (356, -712, 356)),
    HalfDeal(THREE_PLAYER, 2299, 0, CONTRE, 35.5, 3, False, 0, -156, (-312, 156, 156)),
    HalfDeal(THREE_PLAYER, 1668, 1, CONTRE, 36.5, 3, True, 0, 156, (-156, 312, -156)),
    HalfDeal(THREE_PLAYER, 609, 1, CONTRE, 50.5, 1, False, 0, -156, (156, -312, 156)),
    HalfDeal(THREE_PLAYER, 1017, 2, CONTRE, 51.5, 1, True, 0, 156, (-156, -156, 312)),
    HalfDeal(THREE_PLAYER, 6693, 0, CONTRE, 55.5, 0, False, 0, -156, (-312, 156, 156)),
    HalfDeal(FIVE_PLAYER, 357, 4, SANS, 41.5, 2, True, 0, 104, (-104, -104, -104, 104, 208)),
    HalfDeal(FIVE_PLAYER, 363, 2, SANS, 40.5, 2, False, -200, -304, (304, 304, -1216, 304, 304)),
    HalfDeal(FIVE_PLAYER, 8409, 1, CONTRE, 56.5, 0, True, 0, 156, (-156, 312, -156, 156, -156)),
]


@pytest.mark.parametrize(
    "case",
    HALF_POINT_DEALS,
    ids=[
        f"{c.rules.seats}p-{c.points}-{'made' if c.made else 'lost'}-seed{c.seed}"
        for c in HALF_POINT_DEALS
    ],
)
def test_half_point_goes_to_the_camp_that_wins(case: HalfDeal) -> None:
    rules, seed, taker, contract, points, bouts, made, slam, unit, deltas = case
    state = random_finished_deal(rules, seed)
    result = ft.score(state)
    target = TARGET_BY_BOUTS[bouts]
    assert (result.taker, result.contract) == (taker, contract)
    assert (result.taker_points, result.defence_points) == (points, 91 - points)
    assert (result.bouts, result.target) == (bouts, target)
    assert (result.made, result.margin) == (made, 1)
    assert result.petit_au_bout is None and result.handfuls == ()
    assert result.slam.value == slam
    sign = 1 if made else -1
    assert unit == sign * 26 * MULTIPLIER[contract] + slam
    assert (result.unit, result.deltas) == (unit, deltas)
    assert result == reference_score(state)
    verdict = "made" if made else "lost"
    assert f"{verdict} by 1 ({points:g} points" in str(result)


# --- 7. The command line ---------------------------------------------------------------------


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


TRICK_LINE = re.compile(r"Trick +(\d+): led by seat \d: (.+?) +won by seat \d")


def tricks_printed(out: str) -> list[tuple[int, list[str]]]:
    """Each printed trick's number and cards."""
    found = [TRICK_LINE.fullmatch(line) for line in out.splitlines() if line.startswith("Trick")]
    assert all(match is not None for match in found)
    return [(int(match.group(1)), match.group(2).split()) for match in found if match]


def test_cli_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_main(capsys, "--players", "3", "--seed", "5")
    lines = out.splitlines()
    assert lines[0] == "Seed: 5 (repeat with --seed 5)"
    assert lines[1] == "3 players (three-player). Dealer: seat 0"
    assert [line.split(":")[0] for line in lines[2:6]] == [
        "  seat 0",
        "  seat 1",
        "  seat 2",
        "  dog",
    ]
    assert [len(line.split(":")[1].split()) for line in lines[2:6]] == [24, 24, 24, 6]
    assert "Bidding: seat 1 bids Petite" in lines
    assert len([line for line in lines if line.startswith("Bidding:")]) == 3
    printed = tricks_printed(out)
    assert [number for number, _ in printed] == list(range(1, 25))
    assert all(len(played) == 3 for _, played in printed)
    score = lines[-1]
    assert score.startswith("Score: seat 1 petite ")
    assert re.search(r"0:[-+]\d+ 1:[-+]\d+ 2:[-+]\d+$", score)
    assert "calls" not in out


def test_cli_five_players(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_main(capsys, "--players", "5", "--seed", "5")
    lines = out.splitlines()
    assert lines[1] == "5 players (five-player). Dealer: seat 0"
    assert [len(line.split(":")[1].split()) for line in lines[2:8]] == [15] * 5 + [3]
    assert "Seat 2 calls KD (King of Diamonds)" in lines
    printed = tricks_printed(out)
    assert [number for number, _ in printed] == list(range(1, 16))
    assert all(len(played) == 5 for _, played in printed)
    assert lines[-1].startswith("Score: seat 2 (called KD, with seat 1) petite ")
    assert re.search(r" 0:[-+]\d+ 1:[-+]\d+ 2:[-+]\d+ 3:[-+]\d+ 4:[-+]\d+$", lines[-1])


@pytest.mark.parametrize(("players", "seed"), [("3", 9474), ("5", 237)])
def test_cli_prints_an_annulled_deal(
    capsys: pytest.CaptureFixture[str], players: str, seed: int
) -> None:
    out = run_main(capsys, "--players", players, "--seed", str(seed))
    lines = out.splitlines()
    assert lines[-2] == f"The deal is annulled: {AnnulReason.PETIT_SEC.value}."
    zeros = " ".join(f"{seat}:+0" for seat in range(int(players)))
    assert lines[-1] == f"Score: annulled ({AnnulReason.PETIT_SEC.value}): {zeros}"
    assert not tricks_printed(out)
    assert not any(line.startswith("Bidding") for line in lines)


@pytest.mark.parametrize(
    ("players", "dealer"),
    [("3", "3"), ("3", "-1"), ("3", "7"), ("4", "4"), ("5", "5")],
)
def test_cli_refuses_a_dealer_outside_the_table(
    capsys: pytest.CaptureFixture[str], players: str, dealer: str
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--players", players, "--seed", "1", "--dealer", dealer])
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"from 0 to {int(players) - 1}" in captured.err


@pytest.mark.parametrize("players", ["3", "5"])
def test_cli_refuses_a_negative_seed(capsys: pytest.CaptureFixture[str], players: str) -> None:
    """new_deal refuses a negative seed; the command line refuses it as a usage error."""
    with pytest.raises(SystemExit) as info:
        main(["--players", players, "--seed", "-1"])
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "--seed" in captured.err


@pytest.mark.parametrize("players", ["2", "6", "three"])
def test_cli_refuses_a_table_size_that_is_not_played(
    capsys: pytest.CaptureFixture[str], players: str
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--players", players, "--seed", "1"])
    assert info.value.code == 2
    assert "--players" in capsys.readouterr().err


@pytest.mark.parametrize("players", ["3", "5"])
def test_cli_the_last_seat_may_deal(capsys: pytest.CaptureFixture[str], players: str) -> None:
    last = int(players) - 1
    out = run_main(capsys, "--players", players, "--seed", "5", "--dealer", str(last))
    assert f"Dealer: seat {last}" in out


@pytest.mark.parametrize("extra", [[], ["--random"]], ids=["simple", "random"])
@pytest.mark.parametrize("players", ["3", "5"])
def test_cli_without_seed_prints_a_seed_that_repeats_the_deal(
    capsys: pytest.CaptureFixture[str], players: str, extra: list[str]
) -> None:
    out = run_main(capsys, "--players", players, *extra)
    found = re.match(r"Seed: (\d+) \(repeat with --seed (\d+)\)\n", out)
    assert found is not None and found.group(1) == found.group(2)
    again = run_main(capsys, "--players", players, "--seed", found.group(1), *extra)
    assert again == out
    assert f"{players} players" in out


# --- 8. Annulled deals -----------------------------------------------------------------------

# The first seed from 0 that deals a petit sec with dealer 0, at each table (found by
# calling new_deal for seeds 0, 1, 2, ... until the deal was annulled), and its seat.
PETIT_SEC_SEEDS = [
    pytest.param(THREE_PLAYER, 9474, 1, id="three"),
    pytest.param(FOUR_PLAYER, 232, 0, id="four"),
    pytest.param(FIVE_PLAYER, 237, 0, id="five"),
]


def check_annulled(state: State, reason: AnnulReason, seat: int | None) -> None:
    seats = state.rules.seats
    assert state.phase is Phase.ANNULLED and state.is_terminal
    assert state.current is None
    assert state.annulment == ft.Annulment(reason, seat)
    assert ft.legal_actions(state) == ()
    assert ft.returns(state) == (0,) * seats
    result = ft.score(state)
    assert result.deltas == (0,) * seats
    assert result.annulment == state.annulment
    assert result.taker is None and result.unit == 0
    assert state.next_dealer == (state.dealer + 1) % seats
    with pytest.raises(ft.IllegalActionError) as info:
        ft.apply(state, Pass())
    assert info.value.rule is Rule.GAME_OVER


@pytest.mark.parametrize(("rules", "seed", "seat"), PETIT_SEC_SEEDS)
def test_a_seeded_petit_sec_per_table(rules: Rules, seed: int, seat: int) -> None:
    for earlier in range(seed):
        assert ft.new_deal(seed=earlier, rules=rules).phase is Phase.BIDDING, earlier
    state = ft.new_deal(seed=seed, rules=rules)
    check_complete_deal(state, rules)
    check_annulled(state, AnnulReason.PETIT_SEC, seat)
    assert [card for card in state.hand(seat) if card.suit is None] == [PETIT]
    for dealer in range(1, rules.seats):  # the hands turn with the dealer
        turned = ft.new_deal(seed=seed, rules=rules, dealer=dealer)
        check_annulled(turned, AnnulReason.PETIT_SEC, (seat + dealer) % rules.seats)


def deal_with(rules: Rules, seat: int, special: list[Card]) -> State:
    """A deal where ``seat`` holds ``special`` and plain cards; the rest goes round in order."""
    plain = [card for card in PLAIN if card not in special]
    hand = special + plain[: rules.hand_size - len(special)]
    rest = [card for card in DECK if card not in hand]
    size = rules.hand_size
    others = [rest[size * n : size * n + size] for n in range(rules.seats - 1)]
    hands = [*others[:seat], hand, *others[seat:]]
    return ft.deal_from(hands, rest[size * (rules.seats - 1) :], rules=rules)


@pytest.mark.parametrize("rules", [THREE_PLAYER, FIVE_PLAYER], ids=["three", "five"])
def test_petit_sec_annuls_the_deal_at_every_seat(rules: Rules) -> None:
    for seat in range(rules.seats):
        check_annulled(deal_with(rules, seat, [PETIT]), AnnulReason.PETIT_SEC, seat)
        for special in ([PETIT, EXCUSE], [PETIT, TWENTY_ONE], [EXCUSE], []):
            state = deal_with(rules, seat, special)
            assert state.phase is Phase.BIDDING and state.annulment is None


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_everyone_passing_annuls_the_deal(rules: Rules) -> None:
    for dealer in range(rules.seats):
        state = ft.new_deal(seed=1, rules=rules, dealer=dealer)
        assert state.phase is Phase.BIDDING
        for word in range(rules.seats):
            assert state.phase is Phase.BIDDING
            assert state.current == (dealer + 1 + word) % rules.seats
            state = ft.apply(state, Pass())
        check_annulled(state, AnnulReason.ALL_PASSED, None)
        assert state.bids == tuple(
            ((dealer + 1 + n) % rules.seats, None) for n in range(rules.seats)
        )


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_the_taker_takes_the_dog_and_puts_aside_as_many(rules: Rules) -> None:
    """After a Petite, the five-player taker calls first; every taker puts the dog's size aside."""
    state = ft.new_deal(seed=1, rules=rules)
    state = play_out(state, ["petite"] + ["pass"] * (rules.seats - 1))
    if rules.calls_partner:
        assert state.phase is Phase.CALL
        state = play_out(state, ["call KS"])
    assert state.phase is Phase.DISCARD
    taker = state.taker
    assert taker == 1
    assert len(state.hand(taker)) == rules.hand_size + rules.dog_size
    for _ in range(rules.dog_size):
        assert state.phase is Phase.DISCARD
        discard = next(a for a in ft.legal_actions(state) if isinstance(a, Discard))
        state = ft.apply(state, discard)
    assert state.phase is Phase.SLAM
    assert len(state.discard) == rules.dog_size
    assert len(state.hand(taker)) == rules.hand_size
