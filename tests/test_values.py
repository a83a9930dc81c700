"""Small value types: contracts, enums and their reprs, the rules object, the State repr."""

from __future__ import annotations

import itertools
import operator

import pytest

import frenchtarot as ft
from frenchtarot import AnnulReason, Camp, Contract, Phase, Suit

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


def test_suit_letters_and_names() -> None:
    assert [suit.letter for suit in Suit] == ["S", "H", "D", "C"]
    assert [suit.french for suit in Suit] == ["pique", "cœur", "carreau", "trèfle"]


def test_state_repr_tells_the_phase_contract_and_turn() -> None:
    state = ft.new_deal(seed=1)
    assert repr(state) == "<State four-player, bidding, dealer 0, seat 1 to act>"
    state = ft.apply(state, ft.Bid(Contract.GARDE_SANS))
    assert repr(state) == (
        "<State four-player, bidding, dealer 0, highest bid 1 (garde_sans), seat 2 to act>"
    )
    for _ in range(3):
        state = ft.apply(state, ft.Pass())
    state = ft.apply(state, ft.AnnounceSlam())
    assert repr(state) == (
        "<State four-player, play, dealer 0, taker 1 (garde_sans), slam announced, trick 1, "
        "seat 1 to act>"
    )
    assert str(state) == repr(state)
    annulled = ft.new_deal(seed=232)
    assert repr(annulled) == "<State four-player, annulled, dealer 0, petit_sec>"
