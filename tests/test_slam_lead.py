"""The slam decision and the lead of the first trick."""

from __future__ import annotations

import pytest

from frenchtarot import (
    AnnounceSlam,
    Bid,
    Contract,
    DeclareHandful,
    Discard,
    Pass,
    Phase,
    Play,
    Rule,
    State,
    apply,
    is_legal,
    legal_actions,
)
from tests.builders import assert_refused, cards, deal, legal_plays, play_out

# The taker's low cards, put aside under Petite and Garde.
LOW = "2S 3S 4S 5S 6S 7S"


def to_slam_decision(contract: Contract, taker: int, dealer: int) -> State:
    """The deal at the taker's slam decision; the taker holds ``LOW`` and some trumps."""
    state = deal({taker: LOW + " T2 T3 T4 T5"}, dealer=dealer)
    words = [str(Bid(contract)) if (dealer + 1 + k) % 4 == taker else "pass" for k in range(4)]
    state = play_out(state, words)
    if contract.dog_is_shown:
        assert state.phase is Phase.DISCARD
        state = play_out(state, [Discard(card) for card in cards(LOW)])
    return state


CASES = [
    pytest.param(contract, taker, dealer, id=f"{contract.name}-taker{taker}-dealer{dealer}")
    for contract in Contract
    for taker in range(4)
    for dealer in range(4)
]


@pytest.mark.parametrize(("contract", "taker", "dealer"), CASES)
def test_slam_decision_comes_after_the_ecart_or_at_once(
    contract: Contract, taker: int, dealer: int
) -> None:
    state = deal({taker: LOW + " T2 T3 T4 T5"}, dealer=dealer)
    words = [str(Bid(contract)) if (dealer + 1 + k) % 4 == taker else "pass" for k in range(4)]
    state = play_out(state, words)
    if contract.dog_is_shown:
        for card in cards(LOW):
            assert state.phase is Phase.DISCARD
            state = apply(state, Discard(card))
    assert state.phase is Phase.SLAM
    assert state.current == taker and state.taker == taker
    assert legal_actions(state) == (Pass(), AnnounceSlam())
    assert not state.slam
    assert state.leader is None


@pytest.mark.parametrize(("contract", "taker", "dealer"), CASES)
def test_announcing_a_slam_gives_the_taker_the_lead(
    contract: Contract, taker: int, dealer: int
) -> None:
    state = to_slam_decision(contract, taker, dealer)
    after = apply(state, AnnounceSlam())
    assert after.phase is Phase.PLAY and after.slam
    assert after.current == taker == after.leader
    assert after.history[-1] == AnnounceSlam()
    assert after.hands == state.hands


@pytest.mark.parametrize(("contract", "taker", "dealer"), CASES)
def test_without_a_slam_the_seat_after_the_dealer_leads(
    contract: Contract, taker: int, dealer: int
) -> None:
    state = to_slam_decision(contract, taker, dealer)
    after = apply(state, Pass())
    assert after.phase is Phase.PLAY and not after.slam
    assert after.current == (dealer + 1) % 4 == after.leader
    assert after.history[-1] == Pass()
    assert after.hands == state.hands


@pytest.mark.parametrize("slam", [True, False])
@pytest.mark.parametrize(("taker", "dealer"), [(2, 0), (0, 2), (3, 3)])
def test_the_first_trick_goes_round_from_the_leader(slam: bool, taker: int, dealer: int) -> None:
    state = to_slam_decision(Contract.GARDE_SANS, taker, dealer)
    state = apply(state, AnnounceSlam() if slam else Pass())
    leader = taker if slam else (dealer + 1) % 4
    for k in range(4):
        assert state.current == (leader + k) % 4
        assert state.leader == leader
        state = apply(state, Play(min(legal_plays(state))))
    assert len(state.tricks) == 1 and state.tricks[0].leader == leader
    assert state.current == state.tricks[0].winner == state.leader


@pytest.mark.parametrize(
    "action",
    [
        Play("T2"),
        Discard("2S"),
        Bid(Contract.GARDE_CONTRE),
        DeclareHandful(f"T{rank}" for rank in range(1, 11)),
    ],
    ids=str,
)
@pytest.mark.parametrize("contract", list(Contract))
def test_other_actions_are_refused_at_the_slam_decision(
    action: Play | Discard | Bid | DeclareHandful, contract: Contract
) -> None:
    state = to_slam_decision(contract, 1, 0)
    assert_refused(state, action, Rule.WRONG_PHASE)


@pytest.mark.parametrize("action", [Pass(), AnnounceSlam()], ids=str)
def test_only_the_taker_decides(action: Pass | AnnounceSlam) -> None:
    state = to_slam_decision(Contract.GARDE, 2, 1)
    for seat in (0, 1, 3):
        assert_refused(state, action, Rule.NOT_YOUR_TURN, seat=seat)
    assert is_legal(state, action, seat=2)


@pytest.mark.parametrize("contract", [Contract.PETITE, Contract.GARDE])
@pytest.mark.parametrize("discarded", [0, 3, 5])
def test_no_slam_during_the_ecart(contract: Contract, discarded: int) -> None:
    state = deal({1: LOW + " T2 T3 T4 T5"}, dealer=0)
    state = play_out(state, [Bid(contract), Pass(), Pass(), Pass()])
    state = play_out(state, [Discard(card) for card in cards(LOW)[:discarded]])
    assert state.phase is Phase.DISCARD
    assert_refused(state, AnnounceSlam(), Rule.WRONG_PHASE)
    assert_refused(state, Pass(), Rule.WRONG_PHASE)


@pytest.mark.parametrize("slam", [True, False])
def test_no_second_slam_decision(slam: bool) -> None:
    state = to_slam_decision(Contract.GARDE_CONTRE, 0, 0)
    state = apply(state, AnnounceSlam() if slam else Pass())
    assert_refused(state, AnnounceSlam(), Rule.WRONG_PHASE)
    assert_refused(state, Pass(), Rule.WRONG_PHASE)
