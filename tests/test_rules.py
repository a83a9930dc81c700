"""The table sizes as :class:`~frenchtarot.Rules` values: the FFT numbers of the three-, four-
and five-player games, the handful bonuses, the next seat, and the values that make no table;
the house-rule knobs, the presets and :func:`~frenchtarot.rules.find_rules`, and Rules as a
value (pickled, hashed, compared)."""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given

import frenchtarot as ft
from frenchtarot import FIVE_PLAYER, FOUR_PLAYER, THREE_PLAYER, Contract, Rules
from frenchtarot.rules import LUDICASH, PRESETS, RULES_BY_SEATS, find_rules
from tests.builders import HOUSE_RULES
from tests.reference import FFT_HANDFULS, FFT_KNOBS
from tests.strategies import TABLE_IDS, TABLES, BrokenRules, broken_rules, valid_rules


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


def check_refused(change: dict[str, Any], error: type[Exception], fragments: list[str]) -> None:
    """``GOOD`` with ``change`` is refused with exactly ``error``, saying every fragment."""
    with pytest.raises(error) as info:
        Rules(**{**GOOD, **change})
    assert type(info.value) is error
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)


@pytest.mark.parametrize(("change", "error", "fragments"), BAD_RULES)
def test_bad_rules_are_refused(
    change: dict[str, Any], error: type[Exception], fragments: list[str]
) -> None:
    check_refused(change, error, fragments)


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


# --- House rules: the scoring knobs ------------------------------------------------------


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_the_fft_presets_carry_the_reference_numbers(rules: Rules) -> None:
    """The FFT tables score with exactly the numbers ``tests/reference.py`` writes out."""
    for field, value in FFT_KNOBS.items():
        assert getattr(rules, field) == value, field
    assert rules.handfuls == FFT_HANDFULS[rules.seats]
    assert rules.offered == tuple(Contract)
    assert [rules.multiplier(contract) for contract in Contract] == [1, 2, 4, 6]
    assert all(rules.offers(contract) for contract in Contract)


def test_ludicash_is_the_four_player_game_without_the_petite() -> None:
    assert LUDICASH.name == "ludicash"
    assert LUDICASH.contracts == (
        (Contract.GARDE, 2),
        (Contract.GARDE_SANS, 4),
        (Contract.GARDE_CONTRE, 6),
    )
    assert not LUDICASH.offers(Contract.PETITE)
    for field in attrs.fields(Rules):
        if field.name not in ("name", "contracts"):
            assert getattr(LUDICASH, field.name) == getattr(FOUR_PLAYER, field.name), field.name
    for knob, value in FFT_KNOBS.items():
        if knob != "contracts":
            assert getattr(LUDICASH, knob) == value, knob


def test_a_contract_not_offered_has_no_multiplier() -> None:
    with pytest.raises(ft.InvalidRulesError) as info:
        LUDICASH.multiplier(Contract.PETITE)
    assert str(info.value) == (
        "the ludicash rules do not offer petite; they offer garde, garde_sans, garde_contre"
    )
    with pytest.raises(ft.TarotTypeError, match="expected a Contract, not 'garde'"):
        LUDICASH.multiplier("garde")  # type: ignore[arg-type]


def test_the_house_rules_of_the_builders_change_every_knob() -> None:
    for seats, rules in HOUSE_RULES.items():
        fft = RULES_BY_SEATS[seats]
        for field in attrs.fields(Rules):
            same = getattr(rules, field.name) == getattr(fft, field.name)
            if field.name in ("seats", "hand_size", "dog_size", "packet", "min_cut"):
                assert same, field.name
            elif field.name != "calls_partner":
                assert not same, field.name


# --- find_rules and PRESETS ----------------------------------------------------------------

PRESET_VALUES = (THREE_PLAYER, FOUR_PLAYER, FIVE_PLAYER, LUDICASH)


def test_presets_hold_every_preset_by_its_name() -> None:
    assert list(PRESETS) == ["three-player", "four-player", "five-player", "ludicash"]
    assert tuple(PRESETS.values()) == PRESET_VALUES
    for name, rules in PRESETS.items():
        assert rules.name == name


def test_presets_are_read_only() -> None:
    with pytest.raises(TypeError):
        PRESETS["house"] = HOUSE_RULES[4]  # type: ignore[index]
    with pytest.raises(TypeError):
        del PRESETS["ludicash"]  # type: ignore[attr-defined]
    assert not hasattr(PRESETS, "clear")
    assert len(PRESETS) == 4


@pytest.mark.parametrize(
    ("name", "rules"),
    [
        *((rules.name, rules) for rules in PRESET_VALUES),
        ("3", THREE_PLAYER),
        ("4", FOUR_PLAYER),
        ("5", FIVE_PLAYER),
        (" 4 ", FOUR_PLAYER),
        ("Four Player", FOUR_PLAYER),
        ("FOUR_PLAYER", FOUR_PLAYER),
        ("  four   player\t", FOUR_PLAYER),
        ("four--player", FOUR_PLAYER),
        ("Three-Player", THREE_PLAYER),
        ("five_player", FIVE_PLAYER),
        ("LUDICASH", LUDICASH),
        ("Ludicash\n", LUDICASH),
    ],
)
def test_find_rules_finds_each_preset(name: str, rules: Rules) -> None:
    assert find_rules(name) is rules


@pytest.mark.parametrize(
    "name", ["six", "", "   ", "fourplayer", "four player game", "ludi cash", "2", "6", "four-"]
)
def test_find_rules_refuses_an_unknown_name_and_lists_the_presets(name: str) -> None:
    with pytest.raises(ft.InvalidRulesError) as info:
        find_rules(name)
    message = str(info.value)
    assert message.startswith(f"no rules are called {name!r}; the presets are ")
    assert message.endswith("three-player, four-player, five-player, ludicash")


@pytest.mark.parametrize("name", [4, None, b"ludicash", ["ludicash"]], ids=repr)
def test_find_rules_refuses_what_is_not_a_str(name: object) -> None:
    with pytest.raises(ft.TarotTypeError, match="a rules name must be a str"):
        find_rules(name)  # type: ignore[arg-type]


# --- Rules as a value: pickles, hashes, equality ------------------------------------------


def check_value(rules: Rules) -> None:
    """``rules`` survives a pickle round trip and a copy equal and with an equal hash, and
    one built again from its fields is equal too; the pickle does not carry the hash."""
    fresh = Rules(**attrs.asdict(rules, recurse=False))
    pickled = pickle.dumps(fresh)
    assert hash(fresh) == hash(rules)
    assert pickle.dumps(fresh) == pickled
    for copy in (pickle.loads(pickled), pickle.loads(pickle.dumps(rules)), attrs.evolve(rules)):
        assert copy == rules and hash(copy) == hash(rules)
        assert copy.contracts == rules.contracts
    assert rules != attrs.evolve(rules, name=rules.name + "'")


@pytest.mark.parametrize("rules", [*PRESET_VALUES, *HOUSE_RULES.values()], ids=str)
def test_presets_and_house_rules_pickle_and_hash_equal(rules: Rules) -> None:
    check_value(rules)


@given(valid_rules())
def test_any_valid_rules_pickle_and_hash_equal(rules: Rules) -> None:
    check_value(rules)
    assert rules.offered == tuple(contract for contract, _ in rules.contracts)
    multipliers = [rules.multiplier(contract) for contract in rules.offered]
    assert multipliers == sorted(set(multipliers)) and multipliers[0] >= 1
    assert all(rules.offers(contract) == (contract in rules.offered) for contract in Contract)


def test_rules_differing_by_one_knob_differ() -> None:
    changes: dict[str, Any] = {
        "contracts": LUDICASH.contracts,
        "petit_au_bout": 11,
        "petit_au_bout_multiplied": False,
        "slam_announced": 401,
        "slam_unannounced": 201,
        "slam_missed": 201,
        "slam_defence": 201,
    }
    seen = {FOUR_PLAYER}
    for field, value in changes.items():
        changed = attrs.evolve(FOUR_PLAYER, **{field: value})
        assert changed != FOUR_PLAYER, field
        seen.add(changed)
    assert len(seen) == len(changes) + 1


# --- Broken house rules are refused ------------------------------------------------------

G, GS, GC, P = Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE, Contract.PETITE

BAD_HOUSE_RULES: list[Any] = [
    pytest.param(
        {"calls_partner": True},
        ft.InvalidRulesError,
        ["partner is called only at a table of 5 seats, not 4"],
        id="partner-at-four",
    ),
    pytest.param(
        {
            "seats": 3,
            "hand_size": 24,
            "packet": 4,
            "handfuls": THREE_PLAYER.handfuls,
            "calls_partner": True,
        },
        ft.InvalidRulesError,
        ["only at a table of 5 seats, not 3"],
        id="partner-at-three",
    ),
    pytest.param(
        {"contracts": ()}, ft.InvalidRulesError, ["at least one contract"], id="no-contract"
    ),
    pytest.param(
        {"contracts": ((GS, 4), (G, 6))},
        ft.InvalidRulesError,
        ["FFT order", "garde comes after garde_sans"],
        id="out-of-order",
    ),
    pytest.param(
        {"contracts": ((G, 2), (G, 3))},
        ft.InvalidRulesError,
        ["listed once each", "garde comes after garde"],
        id="twice",
    ),
    pytest.param(
        {"contracts": ((P, 2), (G, 2))},
        ft.InvalidRulesError,
        ["multiplier rises", "garde x2 is not above petite x2"],
        id="multipliers-equal",
    ),
    pytest.param(
        {"contracts": ((G, 4), (GC, 3))},
        ft.InvalidRulesError,
        ["garde_contre x3 is not above garde x4"],
        id="multipliers-falling",
    ),
    pytest.param(
        {"contracts": ((G, 0),)},
        ft.InvalidRulesError,
        ["multiplier of garde must be from 1 to 10000, not 0"],
        id="multiplier-0",
    ),
    pytest.param(
        {"contracts": ((P, -1), (G, 2))},
        ft.InvalidRulesError,
        ["multiplier of petite", "not -1"],
        id="multiplier-negative",
    ),
    pytest.param(
        {"contracts": ((GC, 10_001),)},
        ft.InvalidRulesError,
        ["garde_contre", "not 10001"],
        id="multiplier-too-large",
    ),
    *(
        pytest.param(
            {field: -1},
            ft.InvalidRulesError,
            [f"Rules.{field} must be from 0 to 10000, not -1"],
            id=f"{field}-negative",
        )
        for field in FFT_KNOBS
        if field not in ("contracts", "petit_au_bout_multiplied")
    ),
    pytest.param(
        {"slam_defence": 10_001},
        ft.InvalidRulesError,
        ["slam_defence", "not 10001"],
        id="slam-defence-too-large",
    ),
    pytest.param(
        {"handfuls": ((10, 20), (13, -30), (15, 40))},
        ft.InvalidRulesError,
        ["handful bonus must be from 1", "not -30"],
        id="handful-bonus-negative",
    ),
    pytest.param({"name": ""}, ft.InvalidRulesError, ["name", "not blank", "''"], id="name-empty"),
    pytest.param(
        {"name": "  \t"}, ft.InvalidRulesError, ["not blank", "'  \\t'"], id="name-blank"
    ),
    pytest.param(
        {"name": "four\nplayer"}, ft.InvalidRulesError, ["printable"], id="name-unprintable"
    ),
    pytest.param(
        {"name": None}, ft.TarotTypeError, ["name must be a str, not None"], id="name-none"
    ),
    pytest.param(
        {"contracts": [(G, 2)]},
        ft.TarotTypeError,
        ["contracts must be a tuple of (Contract, multiplier) pairs"],
        id="contracts-list",
    ),
    pytest.param(
        {"contracts": (("garde", 2),)},
        ft.TarotTypeError,
        ["(Contract, multiplier) pair"],
        id="contract-str",
    ),
    pytest.param(
        {"contracts": ((G, 2.0),)},
        ft.TarotTypeError,
        ["(Contract, multiplier) pair"],
        id="multiplier-float",
    ),
    pytest.param(
        {"contracts": ((G, True),)},
        ft.TarotTypeError,
        ["(Contract, multiplier) pair"],
        id="multiplier-bool",
    ),
    pytest.param(
        {"petit_au_bout": 10.0},
        ft.TarotTypeError,
        ["Rules.petit_au_bout must be an int, not 10.0"],
        id="petit-au-bout-float",
    ),
    pytest.param(
        {"slam_missed": True},
        ft.TarotTypeError,
        ["Rules.slam_missed must be an int, not True"],
        id="slam-missed-bool",
    ),
    pytest.param(
        {"petit_au_bout_multiplied": 1},
        ft.TarotTypeError,
        ["Rules.petit_au_bout_multiplied must be a bool, not 1"],
        id="multiplied-int",
    ),
]


@pytest.mark.parametrize(("change", "error", "fragments"), BAD_HOUSE_RULES)
def test_bad_house_rules_are_refused(
    change: dict[str, Any], error: type[Exception], fragments: list[str]
) -> None:
    check_refused(change, error, fragments)


@given(broken_rules())
def test_rules_with_a_knob_broken_are_refused(broken: BrokenRules) -> None:
    """Each is refused with the error of its kind, and with no other exception."""
    with pytest.raises((ft.InvalidRulesError, ft.TarotTypeError)) as info:
        Rules(**broken.fields)
    assert type(info.value) is broken.error, (broken.knob, info.value)
    message = str(info.value)
    assert message and "\n" not in message, broken.knob
