"""The bidding: who speaks when, which bids are allowed, who takes, and everyone passing."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given

from frenchtarot import (
    RULES_BY_SEATS,
    AnnounceSlam,
    AnnulReason,
    Bid,
    Contract,
    DeclareHandful,
    Discard,
    Pass,
    Phase,
    Play,
    Rule,
    Rules,
    State,
    apply,
    is_legal,
    legal_actions,
    new_deal,
    returns,
    score,
)
from tests.builders import assert_refused, check_annulled, deal, play_out, snapshot
from tests.strategies import TABLE_IDS, TABLES, Walk, walk, walks

DEALERS = (0, 1, 2, 3)
PASS = Pass()
P, G, GS, GC = (Bid(contract) for contract in Contract)

# A deal with no petit sec whatever the dealer: seat 0 holds the Petit with other trumps.
HANDS = {0: "T1 T2 T3", 1: "T4 T5", 2: "T6 T7", 3: "T8 T9"}


def start(dealer: int) -> State:
    state = deal(HANDS, dealer=dealer)
    assert state.phase is Phase.BIDDING
    return state


@pytest.mark.parametrize("dealer", DEALERS)
def test_the_seat_after_the_dealer_speaks_first_and_turns_go_round(dealer: int) -> None:
    state = start(dealer)
    spoken = []
    for _ in range(4):
        assert state.phase is Phase.BIDDING
        assert state.current is not None
        spoken.append(state.current)
        state = apply(state, PASS)
    assert spoken == [(dealer + k) % 4 for k in (1, 2, 3, 4)]
    assert spoken[-1] == dealer


@pytest.mark.parametrize(
    ("seats", "dealer"), [(seats, dealer) for seats in (3, 4, 5) for dealer in range(seats)]
)
def test_the_bidding_ends_with_the_dealers_word_at_every_table(seats: int, dealer: int) -> None:
    """Each seat speaks once, the dealer last, whatever the table size and the dealer."""
    rules = RULES_BY_SEATS[seats]
    # The first seed whose deal has no petit sec.
    state = next(
        s
        for seed in range(100)
        if (s := new_deal(seed=seed, dealer=dealer, rules=rules)).phase is Phase.BIDDING
    )
    spoken = []
    while state.phase is Phase.BIDDING:
        assert state.current is not None
        spoken.append(state.current)
        # The first seat bids, the others pass: the bidding goes on until the dealer speaks.
        state = apply(state, P if len(spoken) == 1 else PASS)
    assert spoken == [(dealer + k) % seats for k in range(1, seats + 1)]
    assert state.taker == (dealer + 1) % seats


# Each row: the words said, in order from the seat after the dealer; then the position (0
# to 3) of the taker among the speakers and the contract, or None when all four passed.
SEQUENCES: list[tuple[tuple[Pass | Bid, ...], int | None, Contract | None]] = [
    ((PASS, PASS, PASS, PASS), None, None),
    ((P, PASS, PASS, PASS), 0, Contract.PETITE),
    ((PASS, PASS, PASS, G), 3, Contract.GARDE),
    ((P, G, PASS, PASS), 1, Contract.GARDE),
    ((P, G, GS, GC), 3, Contract.GARDE_CONTRE),
    ((PASS, GS, PASS, PASS), 1, Contract.GARDE_SANS),
    ((GC, PASS, PASS, PASS), 0, Contract.GARDE_CONTRE),
    ((PASS, P, PASS, GS), 3, Contract.GARDE_SANS),
    ((P, PASS, GC, PASS), 2, Contract.GARDE_CONTRE),
    ((PASS, PASS, P, PASS), 2, Contract.PETITE),
    ((PASS, P, G, PASS), 2, Contract.GARDE),
]


@pytest.mark.parametrize("dealer", DEALERS)
@pytest.mark.parametrize(("words", "position", "contract"), SEQUENCES)
def test_the_highest_bidder_takes(
    dealer: int,
    words: tuple[Pass | Bid, ...],
    position: int | None,
    contract: Contract | None,
) -> None:
    state = start(dealer)
    high: tuple[int, Contract] | None = None
    for number, word in enumerate(words):
        seat = (dealer + 1 + number) % 4
        assert state.current == seat
        assert state.phase is Phase.BIDDING
        state = apply(state, word)
        if isinstance(word, Bid):
            high = (seat, word.contract)
        if number < 3:
            # During the bidding, taker and contract are the highest bid so far.
            assert (state.taker, state.contract) == (high or (None, None))
    assert state.bids == tuple(
        ((dealer + 1 + k) % 4, word.contract if isinstance(word, Bid) else None)
        for k, word in enumerate(words)
    )
    assert state.history == words
    if position is None:
        assert state.phase is Phase.ANNULLED
        assert state.is_terminal and state.current is None
        assert state.annulment is not None
        assert state.annulment.reason is AnnulReason.ALL_PASSED
        assert state.annulment.seat is None
        assert state.taker is None and state.contract is None
        assert legal_actions(state) == ()
        assert returns(state) == (0, 0, 0, 0)
        assert score(state).deltas == (0, 0, 0, 0)
        return
    taker = (dealer + 1 + position) % 4
    assert (state.taker, state.contract) == (taker, contract)
    assert state.current == taker
    assert contract is not None
    assert state.phase is (Phase.DISCARD if contract.dog_is_shown else Phase.SLAM)


def test_every_sequence_of_words_ends_the_bidding_after_four() -> None:
    """Every legal sequence of four words, each seat once, for every dealer."""
    checked = 0
    for dealer in DEALERS:
        initial = start(dealer)
        for words in itertools.product([PASS, P, G, GS, GC], repeat=4):
            state = initial
            for word in words:
                if word not in legal_actions(state):
                    break
                state = apply(state, word)
            else:
                checked += 1
                assert state.phase is not Phase.BIDDING
                bids = [(k, w) for k, w in enumerate(words) if isinstance(w, Bid)]
                if not bids:
                    assert state.phase is Phase.ANNULLED
                else:
                    k, top = bids[-1]
                    assert all(w.contract < top.contract for _, w in bids[:-1])
                    assert state.taker == (dealer + 1 + k) % 4
                    assert state.contract is top.contract
    # k bids: C(4, k) places for them and C(4, k) increasing contracts; summed over k, 70.
    assert checked == 70 * 4


# Each row: the highest bid so far and a later bid that is not higher.
TOO_LOW = [(high, low) for high in Contract for low in Contract if low <= high]


@pytest.mark.parametrize(("high", "low"), TOO_LOW)
@pytest.mark.parametrize("passes", [0, 1, 2])
def test_a_bid_not_above_the_highest_is_refused(
    high: Contract, low: Contract, passes: int
) -> None:
    state = play_out(start(2), [PASS] * passes + [Bid(high)])
    assert state.phase is Phase.BIDDING
    assert_refused(state, Bid(low), Rule.BID_TOO_LOW)
    assert not is_legal(state, Bid(low))


@pytest.mark.parametrize(("high", "higher"), [(a, b) for a in Contract for b in Contract if b > a])
def test_a_higher_bid_is_accepted(high: Contract, higher: Contract) -> None:
    state = play_out(start(1), [Bid(high)])
    after = apply(state, Bid(higher))
    assert (after.taker, after.contract) == (3, higher)


@pytest.mark.parametrize("dealer", DEALERS)
@pytest.mark.parametrize("high", [None, *Contract])
def test_legal_actions_offer_pass_then_the_higher_bids_in_order(
    dealer: int, high: Contract | None
) -> None:
    state = start(dealer)
    if high is not None:
        state = apply(state, Bid(high))
    expected = [PASS] + [Bid(c) for c in Contract if high is None or c > high]
    assert list(legal_actions(state)) == expected
    for action in expected:
        assert is_legal(state, action)


@pytest.mark.parametrize(
    "action",
    [
        Play("T2"),
        Play("KH"),
        Discard("2S"),
        AnnounceSlam(),
        DeclareHandful(["T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "T10"]),
    ],
    ids=str,
)
@pytest.mark.parametrize("words", [0, 1, 3])
def test_other_actions_are_refused_during_the_bidding(
    action: Play | Discard | AnnounceSlam | DeclareHandful, words: int
) -> None:
    state = play_out(start(0), [PASS] * words)
    assert_refused(state, action, Rule.WRONG_PHASE)


@pytest.mark.parametrize("dealer", DEALERS)
@pytest.mark.parametrize("words", [0, 1, 2, 3])
def test_only_the_seat_to_speak_may_speak(dealer: int, words: int) -> None:
    state = play_out(start(dealer), [PASS] * words)
    current = state.current
    assert current == (dealer + 1 + words) % 4
    for seat in range(4):
        for action in (PASS, P, GC):
            if seat == current:
                assert is_legal(state, action, seat=seat)
            else:
                error = assert_refused(state, action, Rule.NOT_YOUR_TURN, seat=seat)
                assert error.seat == current


@pytest.mark.parametrize("action", [PASS, P, GC, Play("T1"), Discard("2S")], ids=str)
def test_no_word_once_everyone_passed(action: Pass | Bid | Play | Discard) -> None:
    state = play_out(start(3), [PASS] * 4)
    assert state.phase is Phase.ANNULLED
    error = assert_refused(state, action, Rule.GAME_OVER)
    assert error.seat is None
    assert_refused(state, action, Rule.GAME_OVER, seat=0)


@pytest.mark.parametrize("seed", range(8))
def test_the_bidding_does_not_touch_the_cards(seed: int) -> None:
    state = new_deal(seed=seed, dealer=seed % 4)
    if state.phase is not Phase.BIDDING:
        pytest.fail(f"seed {seed} is a petit sec; pick another seed")
    before = snapshot(state)
    for word in (PASS, P, PASS):
        state = apply(state, word)
        assert state.hands == before.hands
        assert state.dog == before.dog
        assert state.discard == ()
        assert state.tricks == () and state.current_trick == ()


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_everyone_passing_annuls_the_deal(rules: Rules) -> None:
    for dealer in range(rules.seats):
        state = new_deal(seed=1, rules=rules, dealer=dealer)
        assert state.phase is Phase.BIDDING
        for word in range(rules.seats):
            assert state.phase is Phase.BIDDING
            assert state.current == (dealer + 1 + word) % rules.seats
            state = apply(state, Pass())
        check_annulled(state, AnnulReason.ALL_PASSED, None)
        assert state.bids == tuple(
            ((dealer + 1 + n) % rules.seats, None) for n in range(rules.seats)
        )


@given(walks(12))
def test_bids_strictly_increase_along_the_history(steps: Walk) -> None:
    for state, _action in walk(*steps):
        words = state.history[: state.rules.seats]
        contracts = [word.contract for word in words if isinstance(word, Bid)]
        assert contracts == sorted(set(contracts))
        assert all(isinstance(word, (Pass, Bid)) for word in words)
        assert [seat for seat, _contract in state.bids] == [
            (state.dealer + 1 + n) % state.rules.seats for n in range(len(words))
        ]
        if contracts:
            assert state.contract == contracts[-1]
            assert state.taker == next(s for s, c in state.bids if c == contracts[-1])
        else:
            assert state.contract is None
            assert state.taker is None
