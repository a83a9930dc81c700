"""Small value types: contracts, enums and their reprs, tricks and handfuls."""

from __future__ import annotations

import itertools
import operator
import pickle

import pytest

import frenchtarot as ft
from frenchtarot import (
    AnnulReason,
    Camp,
    Card,
    Contract,
    InvalidCardError,
    InvalidSeatError,
    Phase,
    Suit,
    TarotTypeError,
)

CONTRACTS = [
    # contract, multiplier, bidding rank, dog shown and taken, French name
    (Contract.PETITE, 1, 0, True, "Petite"),
    (Contract.GARDE, 2, 1, True, "Garde"),
    (Contract.GARDE_SANS, 4, 2, False, "Garde sans le chien"),
    (Contract.GARDE_CONTRE, 6, 3, False, "Garde contre le chien"),
]


@pytest.mark.parametrize(("contract", "multiplier", "rank", "shown", "french"), CONTRACTS)
def test_contract_properties(
    contract: Contract, multiplier: int, rank: int, shown: bool, french: str
) -> None:
    assert contract.multiplier == multiplier
    assert contract.rank == rank
    assert contract.dog_is_shown is shown
    assert contract.french == french
    assert eval(repr(contract), {"Contract": Contract}) is contract


def test_contracts_are_ordered_by_bidding_rank() -> None:
    ordered = [row[0] for row in CONTRACTS]
    assert sorted(reversed(ordered)) == ordered
    for low, high in itertools.pairwise(ordered):
        assert low < high and low <= high and high > low and high >= low
        assert not (high < low or high <= low or low > high or low >= high)
    assert Contract.GARDE <= Contract.GARDE and Contract.GARDE >= Contract.GARDE


@pytest.mark.parametrize("other", [1, "garde", None])
def test_contracts_do_not_compare_with_other_types(other: object) -> None:
    for compare in (operator.lt, operator.le, operator.gt, operator.ge):
        with pytest.raises(TypeError):
            compare(Contract.GARDE, other)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "member", [*Phase, *AnnulReason, *Camp, *Suit], ids=lambda member: repr(member)
)
def test_enum_reprs_evaluate_back(member: object) -> None:
    names = {"Phase": Phase, "AnnulReason": AnnulReason, "Camp": Camp, "Suit": Suit}
    assert eval(repr(member), names) is member


# --- Trick and Handful hold only what they say ----------------------------------------------


CARDS = (Card.parse("KH"), Card.parse("1H"), Card.parse("2H"), Card.parse("3H"))


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((0, [list(CARDS)], 0), TarotTypeError),
        ((0, "KH 1H 2H 3H", 0), TarotTypeError),
        ((0, [*CARDS[:3], CARDS[0]], 0), InvalidCardError),
        ((0, CARDS[:2], 0), InvalidCardError),
        ((0, itertools.cycle(CARDS), 0), InvalidCardError),
        (("0", CARDS, 0), TarotTypeError),
        ((0, CARDS, 4), InvalidSeatError),
        ((-1, CARDS, 0), InvalidSeatError),
    ],
    ids=["nested-list", "text", "repeat", "two-cards", "endless", "str-seat", "winner", "leader"],
)
def test_a_trick_refuses_bad_values(args: tuple[object, object, object], error: type) -> None:
    with pytest.raises(error):
        ft.Trick(*args)  # type: ignore[arg-type]


def test_a_trick_made_from_a_list_is_a_hashable_tuple() -> None:
    trick = ft.Trick(1, list(CARDS), 1)
    assert trick.cards == CARDS
    assert hash(trick) == hash(ft.Trick(1, CARDS, 1))
    assert not hasattr(trick.cards, "append")


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((0, [[Card.parse("T1")]]), TarotTypeError),
        ((0, itertools.repeat(Card.parse("T1"))), InvalidCardError),
        ((0, [Card.parse("T1"), Card.parse("T1")]), InvalidCardError),
        ((5, [Card.parse("T1")]), InvalidSeatError),
        ((None, [Card.parse("T1")]), TarotTypeError),
    ],
    ids=["nested-list", "endless", "repeat", "seat-5", "seat-none"],
)
def test_a_handful_refuses_bad_values(args: tuple[object, object], error: type) -> None:
    with pytest.raises(error):
        ft.Handful(*args)  # type: ignore[arg-type]


def test_a_handful_made_from_a_list_is_sorted_and_hashable() -> None:
    handful = ft.Handful(2, [Card.parse("T3"), Card.parse("T1")])
    assert handful.cards == (Card.parse("T1"), Card.parse("T3"))
    assert hash(handful) == hash(ft.Handful(2, (Card.parse("T1"), Card.parse("T3"))))


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_actions_pickle_equal_and_card_actions_come_back_shared(protocol: int) -> None:
    """Every action survives pickle; a play, a discard or a call of a card is read back as
    the one shared instance of that card's action, as the engine hands them out."""
    by_kind = [ft.actions.PLAYS, ft.actions.DISCARDS, ft.actions.CALLS]
    for shared in by_kind:
        restored = pickle.loads(pickle.dumps(shared, protocol=protocol))
        assert restored == shared
        assert all(a is b for a, b in zip(restored, shared, strict=True))
    # An action made by hand comes back as the shared one, equal to it.
    made = [ft.Play("KH"), ft.Discard("KH"), ft.Call("KH")]
    for action, shared in zip(made, by_kind, strict=True):
        assert (
            pickle.loads(pickle.dumps(action, protocol=protocol)) is shared[Card.parse("KH").index]
        )
    others = [
        ft.Pass(),
        ft.Bid(Contract.GARDE),
        ft.AnnounceSlam(),
        ft.DeclareHandful(["T1", "T2"]),
    ]
    for action in others:
        assert pickle.loads(pickle.dumps(action, protocol=protocol)) == action
