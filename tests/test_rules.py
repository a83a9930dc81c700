"""The table sizes as :class:`~frenchtarot.Rules` values: the FFT numbers of the three-, four-
and five-player games, the handful bonuses, the next seat, and the values that make no table."""

from __future__ import annotations

from typing import Any

import pytest

import frenchtarot as ft
from frenchtarot import FIVE_PLAYER, FOUR_PLAYER, THREE_PLAYER, Rules
from frenchtarot.rules import RULES_BY_SEATS
from tests.strategies import TABLE_IDS, TABLES


@pytest.mark.parametrize(
    ("rules", "name", "seats", "hand", "dog", "packet", "sizes", "calls"),
    [
        (THREE_PLAYER, "three-player", 3, 24, 6, 4, (13, 15, 18), False),
        (FOUR_PLAYER, "four-player", 4, 18, 6, 3, (10, 13, 15), False),
        (FIVE_PLAYER, "five-player", 5, 15, 3, 3, (8, 10, 13), True),
    ],
    ids=["three", "four", "five"],
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
    assert sorted(rules.seats for rules in TABLES) == [3, 4, 5]
    assert len(set(TABLES)) == 3


@pytest.mark.parametrize(
    ("rules", "bonuses"),
    [
        (THREE_PLAYER, {13: 20, 15: 30, 18: 40}),
        (FOUR_PLAYER, {10: 20, 13: 30, 15: 40}),
        (FIVE_PLAYER, {8: 20, 10: 30, 13: 40}),
    ],
    ids=["three", "four", "five"],
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
    pytest.param(
        {"handfuls": ((10, 0), (13, 30), (15, 40))},
        ft.InvalidRulesError,
        ["handful bonus must be from 1", "not 0"],
        id="handful-bonus-0",
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
