"""The slam: the decision after the écart, the lead it gives the taker, and the Excuse that
takes the last trick of a slam."""

from __future__ import annotations

import pytest

from frenchtarot import (
    AnnounceSlam,
    Bid,
    Card,
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
from tests.builders import (
    assert_refused,
    autoplay,
    cards,
    deal,
    highest_card,
    legal_plays,
    lowest_card,
    play_out,
)

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


# ---------------------------------------------------------------------------------------
# The Excuse on the last trick: it takes the trick for a camp that won every other one.

TOP_17 = " ".join(f"T{rank}" for rank in range(5, 22))
LOW_SPADES_HEARTS = " ".join(f"{rank}{suit}" for suit in "SH" for rank in range(2, 11))


def _slam_deal(taker: int, dealer: int, taker_cards: str, defenders: dict[int, str]) -> State:
    hands = {taker: taker_cards, **defenders}
    # The dog takes the Diamonds first, so Petite/Garde écarts are easy to write.
    return deal(hands, "1D 2D 3D 4D 5D 6D", dealer=dealer)


def _contract_script(state: State, contract: Contract, taker: int, slam: bool) -> State:
    dealer = state.dealer
    words = [str(Bid(contract)) if (dealer + 1 + k) % 4 == taker else "pass" for k in range(4)]
    state = play_out(state, words)
    if contract.dog_is_shown:
        state = play_out(state, [Discard(card) for card in cards("1D 2D 3D 4D 5D 6D")])
    return apply(state, AnnounceSlam() if slam else Pass())


SLAM_CASES = [
    pytest.param(contract, slam, taker, dealer, id=f"{contract.name}-{slam}-t{taker}-d{dealer}")
    for contract in Contract
    for slam in (True, False)
    for taker, dealer in ((0, 3), (1, 3), (2, 0), (3, 1))
]


@pytest.mark.parametrize(("contract", "slam", "taker", "dealer"), SLAM_CASES)
def test_excuse_wins_the_last_trick_for_the_taker_who_won_every_trick(
    contract: Contract, slam: bool, taker: int, dealer: int
) -> None:
    defenders = [seat for seat in range(4) if seat != taker]
    state = _slam_deal(
        taker, dealer, f"{TOP_17} EX", {defenders[0]: "T1 T2", defenders[1]: "T3 T4"}
    )
    state = _contract_script(state, contract, taker, slam)
    assert state.phase is Phase.PLAY and state.slam is slam
    state = autoplay(state, lowest_card)
    *earlier, last = state.tricks
    assert all(trick.winner == taker for trick in earlier)
    assert last.leader == taker and last.cards[0] == Card.parse("EX")
    assert last.winner == taker


@pytest.mark.parametrize("contract", [Contract.GARDE_SANS, Contract.GARDE_CONTRE])
@pytest.mark.parametrize(
    ("taker", "dealer", "owner"), [(0, 3, 1), (1, 0, 3), (2, 2, 0), (3, 3, 2)]
)
def test_excuse_wins_the_last_trick_for_a_defence_that_won_every_trick(
    contract: Contract, taker: int, dealer: int, owner: int
) -> None:
    state = _slam_deal(taker, dealer, LOW_SPADES_HEARTS, {owner: "EX"})
    state = _contract_script(state, contract, taker, slam=False)
    state = autoplay(state, lowest_card)
    *earlier, last = state.tricks
    assert all(trick.winner != taker for trick in earlier), "scenario: defence must win all"
    assert Card.parse("EX") in last.cards
    assert last.seat_of(Card.parse("EX")) == owner
    assert last.winner == owner


@pytest.mark.parametrize(("taker", "dealer", "owner"), [(0, 3, 1), (2, 0, 3)])
def test_excuse_of_the_other_camp_does_not_win_the_last_trick(
    taker: int, dealer: int, owner: int
) -> None:
    """The taker won every earlier trick; a defender's Excuse on the last trick loses."""
    others = [seat for seat in range(4) if seat not in (taker, owner)]
    state = _slam_deal(taker, dealer, "T4 " + TOP_17, {owner: "EX T1 T2", others[0]: "T3"})
    state = _contract_script(state, Contract.GARDE_CONTRE, taker, slam=True)
    state = autoplay(state, lowest_card)
    *earlier, last = state.tricks
    assert all(trick.winner == taker for trick in earlier)
    assert last.seat_of(Card.parse("EX")) == owner
    assert last.winner == taker


@pytest.mark.parametrize("slam", [True, False])
@pytest.mark.parametrize(("taker", "dealer"), [(0, 3), (1, 3), (3, 2)])
def test_excuse_goes_to_the_winner_of_the_last_trick_without_a_slam(
    slam: bool, taker: int, dealer: int
) -> None:
    """The taker lost a trick, then plays the Excuse to the last one: it does not win."""
    defenders = [seat for seat in range(4) if seat != taker]
    state = _slam_deal(
        taker,
        dealer,
        "2S " + " ".join(f"T{rank}" for rank in range(6, 22)) + " EX",
        {defenders[0]: "T1 T2 T3 KS", defenders[1]: "T4 T5 QS"},
    )
    state = _contract_script(state, Contract.GARDE_CONTRE, taker, slam=slam)
    state = autoplay(state, lowest_card)
    *earlier, last = state.tricks
    assert any(trick.winner != taker for trick in earlier), "scenario: taker must lose one"
    assert last.seat_of(Card.parse("EX")) == taker
    assert last.winner != taker


@pytest.mark.parametrize(("taker", "dealer", "owner"), [(0, 3, 1), (3, 1, 0)])
def test_defender_excuse_on_last_trick_loses_when_the_defence_lost_a_trick(
    taker: int, dealer: int, owner: int
) -> None:
    state = _slam_deal(taker, dealer, "T21 " + LOW_SPADES_HEARTS[3:], {owner: "EX"})
    state = _contract_script(state, Contract.GARDE_CONTRE, taker, slam=False)
    state = autoplay(state, highest_card)
    *earlier, last = state.tricks
    assert any(trick.winner == taker for trick in earlier), "scenario: taker must win one"
    assert last.seat_of(Card.parse("EX")) == owner
    assert last.winner != owner
