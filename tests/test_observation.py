"""What a seat may know: observe(), Observation and the information-state key."""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import subprocess
import sys
from typing import cast

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from frenchtarot import (
    DECK,
    FIVE_PLAYER,
    THREE_PLAYER,
    Annulment,
    AnnulReason,
    Bid,
    Card,
    Contract,
    DeclareHandful,
    Discard,
    InvalidSeatError,
    NotationError,
    Pass,
    Phase,
    Play,
    Rules,
    State,
    Suit,
    TarotError,
    TarotTypeError,
    apply,
    deal_from,
    legal_actions,
    new_deal,
    parse_action,
    score,
)
from frenchtarot.observation import (
    ExcuseExchange,
    Observation,
    information_state_key,
    observe,
    public_view,
)
from frenchtarot.records import dumps
from tests.builders import (
    MODES,
    Deal,
    cards,
    deal,
    named,
    play_out,
    play_random,
    play_to_end,
    random_deal,
    start,
    swap_deal,
    twin,
    visible,
)
from tests.strategies import TABLE_IDS, TABLES, states

SEATS = range(4)
EXCUSE = Card.parse("EX")


# ---------------------------------------------------------------------------------------------
# Helpers: random deals, random play, the ground truth of what a seat may see, card walking.


def known_partner(state: State, seat: int) -> int | None:
    """The partner as ``seat`` may know it (the ground truth, from the whole state).

    The partner knows itself; every seat knows once the called card is played or the
    deal is over."""
    called = state.called
    if called is None or state.partner is None:
        return None
    played = called in state.current_trick or any(called in t.cards for t in state.tricks)
    if seat == state.partner or played or state.phase is Phase.DONE:
        return state.partner
    return None


_WORD = re.compile(r"[^\s:,()]+")


def _card_named(word: str) -> Card | None:
    try:
        return Card.parse(word)
    except NotationError:
        return None


def cards_in(value: object) -> set[Card]:
    """Every card found anywhere in ``value``: nested values, attrs fields, card notations."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, str):
        return {card for word in _WORD.findall(value) if (card := _card_named(word))}
    if isinstance(value, (tuple, list, frozenset, set)):
        return set().union(*map(cards_in, value))
    if attrs.has(type(value)):
        fields = attrs.fields(cast("type[attrs.AttrsInstance]", type(value)))
        return set().union(*(cards_in(getattr(value, field.name)) for field in fields))
    return set()


def cards_observed(obs: Observation) -> set[Card]:
    """The cards in every field and derived property of ``obs``, its key and its text."""
    derived = (obs.key, obs.bids, obs.excuse_exchanges, obs.dealt_hand, str(obs))
    return cards_in(obs) | cards_in(derived)


def only_ints_and_strs(value: object) -> bool:
    if isinstance(value, tuple):
        return all(map(only_ints_and_strs, value))
    return type(value) in (int, str)


# ---------------------------------------------------------------------------------------------
# (a) Nothing hidden ever appears in an observation.


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    mode=st.sampled_from(MODES),
    steps=st.one_of(
        st.integers(min_value=0, max_value=12), st.integers(min_value=0, max_value=90)
    ),
)
def test_an_observation_shows_only_what_the_seat_may_see(
    rules: Rules, seed: int, mode: str, steps: int
) -> None:
    state = play_random(start(random_deal(seed, mode, rules)), random.Random(seed), steps)
    for seat in range(rules.seats):
        obs = observe(state, seat)
        assert obs.called == state.called
        assert obs.partner == known_partner(state, seat)
        seen, allowed = cards_observed(obs), named(state, seat)
        assert not seen - allowed, f"seat {seat} sees {sorted(seen - allowed)} in {state}"
        # ... and everything it may see is there, and right.
        assert seen == allowed
        assert obs.hand == state.hand(seat)
        assert obs.current_trick == (state.current_trick if state.phase is Phase.PLAY else ())
        assert obs.leader == state.leader
        assert obs.hand_sizes == tuple(len(hand) for hand in state.hands)
        assert obs.tricks == state.tricks
        assert obs.handfuls == state.handfuls
        assert obs.bids == state.bids
        assert (obs.phase, obs.current, obs.dealer, obs.slam) == (
            state.phase,
            state.current,
            state.dealer,
            state.slam,
        )
        assert (obs.taker, obs.contract, obs.annulment) == (
            state.taker,
            state.contract,
            state.annulment,
        )
        assert obs.legal_actions == (legal_actions(state) if seat == state.current else ())
        assert obs.is_my_turn is (seat == state.current)
        assert obs.score == (score(state) if state.is_terminal else None)
        assert len(obs.history) == len(state.history)
        assert only_ints_and_strs(obs.key)
        assert obs.key == information_state_key(state, seat)
        assert hash(obs) == hash(observe(state, seat))


@pytest.mark.soak
@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_soak_observations_of_each_table_show_nothing_hidden(
    rules: Rules, soak_deals: int
) -> None:
    """``FRENCHTAROT_SOAK_DEALS`` observations (10,000 by default) of every state of seeded
    deals, for each seat: nothing it may not see is in them, nor a partner it may not know."""
    checked = seed = 0
    while checked < soak_deals:
        dealt = random_deal(seed, MODES[seed % len(MODES)], rules)
        for state in play_to_end(start(dealt), random.Random(seed)):
            for seat in range(rules.seats):
                obs = observe(state, seat)
                assert cards_observed(obs) <= named(state, seat), (seed, seat, state)
                assert obs.partner == known_partner(state, seat), (seed, seat, state)
                checked += 1
        seed += 1


def _partner_moved(dealt: Deal, state: State) -> tuple[Deal, int, Card] | None:
    """The deal with the called card given to another defender, in exchange for a card of
    the same suit, and that defender's seat; ``None`` when no defender has that suit."""
    called, partner, taker = state.called, state.partner, state.taker
    if called is None or partner is None:
        return None
    hands, _dog, _dealer = dealt
    for seat, hand in enumerate(hands):
        if seat in (taker, partner):
            continue
        same_suit = [card for card in hand if card.suit is called.suit]
        if same_suit:
            return swap_deal(dealt, called, same_suit[0]), seat, same_suit[0]
    return None


@pytest.mark.soak
def test_soak_observations_never_tell_who_the_partner_is(soak_deals: int) -> None:
    """Five players: move the partner's role to another defender (by exchanging the called
    card with a card of its suit); until either card is played, no other seat's
    observation changes: not its fields, its key, its text nor its Excuse exchanges
    (``FRENCHTAROT_SOAK_DEALS`` observations, 10,000 by default)."""
    checked = seed = deals = 0
    while checked < soak_deals:
        seed += 1
        dealt = random_deal(seed, "plain", FIVE_PLAYER)
        end = play_to_end(start(dealt), random.Random(seed))[-1]
        moved = _partner_moved(dealt, end)
        if moved is None:
            continue
        other_deal, other_partner, card = moved
        called = end.called
        assert called is not None and end.partner is not None
        deals += 1
        state, other = start(dealt), start(other_deal)
        for action in end.history:
            if isinstance(action, Play) and action.card in (called, card):
                break
            state, other = apply(state, action), apply(other, action)
            assert other.partner in (None, other_partner)
            for seat in set(range(5)) - {end.partner, other_partner}:
                mine, theirs = observe(state, seat), observe(other, seat)
                assert mine == theirs, (seed, seat, state)
                assert mine.excuse_exchanges == theirs.excuse_exchanges
                assert str(mine) == str(theirs)
                assert mine.key == theirs.key
                checked += 1
            if state.partner is not None:
                assert observe(state, state.partner) != observe(other, state.partner)
    assert deals >= min(20, soak_deals // 100)


# ---------------------------------------------------------------------------------------------
# (b) What a seat cannot see makes no difference to its observation or its key.


STEPS = st.one_of(st.integers(min_value=0, max_value=12), st.integers(min_value=0, max_value=60))
"""How many actions to play before exchanging cards: often few, to reach the écart."""


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    mode=st.sampled_from(MODES),
    steps=STEPS,
    seat=st.sampled_from(range(5)),
)
def test_cards_a_seat_cannot_see_change_nothing_for_it(
    rules: Rules, seed: int, mode: str, steps: int, seat: int
) -> None:
    seat %= rules.seats
    rng = random.Random(seed)
    dealt = random_deal(seed, mode, rules)
    state = play_random(start(dealt), rng, steps)
    found = twin(state, rng, seat)
    # Late in the play, every card the seat has not seen may be pinned by its holder's play.
    assume(found is not None)
    assert found is not None
    other, a, b = found
    assert state != other
    assert observe(other, seat) == observe(state, seat)
    assert information_state_key(other, seat) == information_state_key(state, seat)
    # Whoever was dealt one of the two cards tells the two deals apart.
    hands, _dog, _dealer = dealt
    owner = next(s for s in range(rules.seats) if a in hands[s] or b in hands[s])
    assert observe(other, owner) != observe(state, owner)
    assert information_state_key(other, owner) != information_state_key(state, owner)


def test_late_in_the_play_a_seat_may_have_no_twin() -> None:
    """The case Hypothesis once found: three players, 50 actions in, seat 1 has not seen 13
    cards, and no exchange of two of them keeps every card played legal, so the property
    above has nothing to compare there (and ``twin`` says so after trying every pair)."""
    seed = 1349019
    rng = random.Random(seed)
    state = play_random(start(random_deal(seed, "trumps", THREE_PLAYER)), rng, 50)
    assert state.phase is Phase.PLAY and len(DECK) - len(visible(state, 1)) == 13
    assert twin(state, rng, 1) is None
    assert twin(state, rng, None) is not None  # the seats that saw them could be told apart


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
@given(seed=st.integers(min_value=0, max_value=2**32), mode=st.sampled_from(MODES), steps=STEPS)
def test_a_seat_tells_two_deals_apart_exactly_when_it_saw_a_difference(
    rules: Rules, seed: int, mode: str, steps: int
) -> None:
    rng = random.Random(seed)
    dealt = random_deal(seed, mode, rules)
    state = play_random(start(dealt), rng, steps)
    found = twin(state, rng)
    assert found is not None, "no pair of cards could be exchanged"
    other, a, b = found
    for seat in range(rules.seats):
        saw = bool({a, b} & (visible(state, seat) | visible(other, seat)))
        assert (observe(state, seat) != observe(other, seat)) is saw, (seat, a, b)
        assert (information_state_key(state, seat) != information_state_key(other, seat)) is saw


# ---------------------------------------------------------------------------------------------
# Perfect recall and determinism of the key.


@pytest.mark.parametrize("seed", [3, 11, 20, 41])
def test_each_action_extends_every_seats_key(seed: int) -> None:
    states = play_to_end(new_deal(seed=seed), random.Random(seed))
    for seat in SEATS:
        keys = [information_state_key(state, seat) for state in states]
        for before, after in itertools.pairwise(keys):
            assert len(after) > len(before)
            assert after[: len(before)] == before


_CHILD = """
import json, random, sys
import frenchtarot as ft
from frenchtarot.observation import information_state_key
keys = []
for seed in (5, 6, 7):
    state, rng = ft.new_deal(seed=seed), random.Random(seed)
    for _ in range(30):
        state = ft.apply(state, rng.choice(ft.legal_actions(state)))
    keys.append([information_state_key(state, seat) for seat in range(4)])
json.dump(keys, sys.stdout)
"""


def test_keys_are_equal_across_processes() -> None:
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", _CHILD], env=env, capture_output=True, text=True, check=True
        )
        outputs.append(json.loads(done.stdout))
    assert outputs[0] == outputs[1]
    here = []
    for seed in (5, 6, 7):
        state, rng = new_deal(seed=seed), random.Random(seed)
        for _ in range(30):
            state = apply(state, rng.choice(legal_actions(state)))
        here.append([list(information_state_key(state, seat)) for seat in SEATS])
    assert outputs[0] == here


def test_the_order_of_the_taker_s_hidden_discards_reaches_only_the_taker() -> None:
    dealt = deal({1: TAKER_HAND}, TAKER_DOG)
    first = play_out(dealt, "garde pass pass pass discard 1S discard 2S")
    second = play_out(dealt, "garde pass pass pass discard 2S discard 1S")
    assert information_state_key(first, 1) != information_state_key(second, 1)
    for seat in (0, 2, 3):
        assert observe(first, seat) == observe(second, seat)
        assert information_state_key(first, seat) == information_state_key(second, seat)


# ---------------------------------------------------------------------------------------------
# (c) The dog, the écart, the handful, the turn, the petit sec: table tests.

# Seat 1 (first to speak when seat 0 deals) holds 13 trumps, three Kings and two small
# spades; the dog gives five more trumps and the fourth King. With only two ordinary cards in
# 24, the taker must put trumps in the écart (shown), and can count them in a handful. The
# two spades are the only écart cards nobody but the taker sees.
TAKER_HAND = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 KS KH KD 1S 2S"
TAKER_DOG = "KC T15 T16 T17 T18 T19"
TAKER_ECART = "discard 1S discard T2 discard 2S discard T3 discard T4 discard T5"


def test_the_dog_of_a_petite_or_garde_is_shown_once_the_bidding_is_over() -> None:
    dealt = deal({1: TAKER_HAND}, TAKER_DOG)
    bidding = play_out(dealt, "garde pass pass")
    for seat in SEATS:
        obs = observe(bidding, seat)
        assert obs.dog is None
        assert not cards_observed(obs) & set(dealt.dog)
        # The highest bid so far is public: it is what the state calls taker and contract.
        assert (obs.taker, obs.contract) == (1, Contract.GARDE)
    taken = play_out(bidding, "pass")
    for seat in SEATS:
        obs = observe(taken, seat)
        assert obs.dog == tuple(sorted(cards(TAKER_DOG)))
        assert obs.shown_discard == ()
        assert obs.discard == (() if seat == 1 else None)


@pytest.mark.parametrize("contract", ["petite", "garde"])
def test_the_taker_sees_the_ecart_and_the_others_its_trumps_only(contract: str) -> None:
    dealt = deal({1: TAKER_HAND}, TAKER_DOG)
    state = play_out(dealt, f"{contract} pass pass pass {TAKER_ECART} pass")
    ecart = set(cards("1S 2S T2 T3 T4 T5"))
    hidden = set(cards("1S 2S"))
    shown = tuple(cards("T2 T3 T4 T5"))
    states = play_to_end(state, random.Random(4))
    assert states[-1].phase is Phase.DONE
    for current in states:
        for seat in SEATS:
            obs = observe(current, seat)
            assert obs.shown_discard == shown
            if seat == 1:
                assert obs.discard is not None
                assert set(obs.discard) == ecart
                assert hidden <= cards_observed(obs)
            else:
                assert obs.discard is None
                assert not hidden & cards_observed(obs)
                masked = [None, "discard T2", None, "discard T3", "discard T4", "discard T5"]
                assert [a if a is None else str(a) for a in obs.history[4:10]] == masked


def test_a_handful_with_ecart_trumps_is_seen_by_everyone() -> None:
    dealt = deal({1: TAKER_HAND}, TAKER_DOG)
    state = play_out(dealt, f"garde pass pass pass {TAKER_ECART} pass")
    offered = observe(state, 1).legal_actions
    triple = next(a for a in offered if isinstance(a, DeclareHandful) and len(a.cards) == 15)
    state = apply(state, triple)
    for seat in SEATS:
        obs = observe(state, seat)
        assert [(h.seat, set(h.cards)) for h in obs.handfuls] == [(1, set(triple.cards))]
        assert set(cards("T2 T3 T4 T5")) <= cards_observed(obs)


@pytest.mark.parametrize("contract", ["garde_sans", "garde_contre"])
def test_nobody_ever_sees_a_dog_left_face_down(contract: str) -> None:
    state = play_out(new_deal(seed=8), f"{contract} pass pass pass")
    assert state.taker == 1
    dog = set(state.dog)
    states = play_to_end(state, random.Random(8))
    assert states[-1].phase is Phase.DONE
    for current in states:
        for seat in SEATS:
            obs = observe(current, seat)
            assert obs.dog is None
            assert obs.discard is None
            assert obs.shown_discard == ()
            assert None not in obs.history
            if current.phase is Phase.DONE:
                assert (obs.current_trick, obs.leader, obs.current) == ((), None, None)
            assert not dog & cards_observed(obs), (contract, seat, current.phase)


def _at_each_phase() -> list[State]:
    dealt = deal({1: TAKER_HAND}, TAKER_DOG)
    discarding = play_out(dealt, "garde pass pass pass discard 1S")
    slam = play_out(discarding, "discard T2 discard 2S discard T3 discard T4 discard T5")
    playing = play_out(slam, "pass")
    done = play_to_end(playing, random.Random(1))[-1]
    passed = play_out(new_deal(seed=1), "pass pass pass pass")
    return [dealt, play_out(dealt, "pass"), discarding, slam, playing, done, passed]


@pytest.mark.parametrize("state", _at_each_phase(), ids=lambda state: str(state))
def test_only_the_seat_to_act_gets_its_legal_actions(state: State) -> None:
    for seat in SEATS:
        obs = observe(state, seat)
        if seat == state.current:
            assert obs.legal_actions == legal_actions(state)
            assert obs.legal_actions
        else:
            assert obs.legal_actions == ()


PETIT_SEC_HAND = "T1 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS CS QS KS 1H 2H 3H"
SEAT_0_HAND = "T2 T3 T4 T5 T6 T7 T8 T9 T10 1D 2D 3D 4D 5D 6D 7D 8D 9D"


def test_a_petit_sec_hand_is_spread_for_everyone() -> None:
    state = deal({0: SEAT_0_HAND, 2: PETIT_SEC_HAND, 3: "4H"})
    assert state.annulment == Annulment(AnnulReason.PETIT_SEC, 2)
    for seat in SEATS:
        obs = observe(state, seat)
        assert obs.phase is Phase.ANNULLED
        assert obs.annulment == state.annulment
        assert obs.shown_hand == tuple(cards(PETIT_SEC_HAND))
        assert obs.score is not None
        assert obs.score.deltas == (0, 0, 0, 0)
        assert obs.legal_actions == ()
        assert cards_observed(obs) == set(state.hand(seat)) | set(cards(PETIT_SEC_HAND))
    # The same deal with 3H and 4H exchanged between seats 2 and 3: seat 0 holds the same
    # cards, but sees another spread hand, so it tells the two deals apart.
    other = deal({0: SEAT_0_HAND, 2: PETIT_SEC_HAND.replace("3H", "4H"), 3: "3H"})
    assert observe(other, 0).hand == observe(state, 0).hand
    assert observe(other, 0).shown_hand != observe(state, 0).shown_hand
    assert information_state_key(other, 0) != information_state_key(state, 0)


def test_four_passes_show_nothing_more() -> None:
    state = play_out(new_deal(seed=1), "pass pass pass pass")
    for seat in SEATS:
        obs = observe(state, seat)
        assert obs.annulment == Annulment(AnnulReason.ALL_PASSED)
        assert (obs.shown_hand, obs.dog, obs.taker, obs.contract) == (None, None, None, None)
        assert obs.bids == tuple(((1 + i) % 4, None) for i in range(4))
        assert cards_observed(obs) == set(state.hand(seat))


# The taker (seat 1, garde sans: no écart) leads the first trick.
EXCUSE_TRICKS = [
    # The taker leads the Excuse; a defender wins the trick: the taker owes it a card.
    ({1: "EX KS", 2: "1S", 3: "2S", 0: "3S"}, "EX", {1}),
    # A defender plays the Excuse under the taker's King: that defender owes the taker.
    ({1: "KS", 2: "EX 1S", 3: "2S", 0: "3S"}, "KS EX", {2}),
    # A defender plays the Excuse and another defender wins: nothing is exchanged.
    ({1: "1S", 2: "EX 2S", 3: "KS", 0: "3S"}, "1S EX", set()),
]


@pytest.mark.parametrize(("hands", "opening", "givers"), EXCUSE_TRICKS)
def test_the_excuse_exchange_is_public(
    hands: dict[int, str], opening: str, givers: set[int]
) -> None:
    state = play_out(deal(hands), f"garde_sans pass pass pass pass {opening}")
    while not state.tricks:  # everyone else plays their lowest legal card
        state = apply(state, legal_actions(state)[0])
    trick = state.tricks[0]
    expected = tuple(ExcuseExchange(0, giver, trick.winner) for giver in givers)
    assert EXCUSE in trick.cards
    for seat in SEATS:
        assert observe(state, seat).excuse_exchanges == expected
    later = play_to_end(state, random.Random(2))[-1]
    assert observe(later, 3).excuse_exchanges == expected


def test_an_excuse_kept_for_the_last_trick_is_not_exchanged() -> None:
    rng = random.Random(6)
    state = play_out(new_deal(seed=5), "garde_sans pass pass pass pass")
    while not state.is_terminal:  # keep the Excuse to the very end
        offered = [a for a in legal_actions(state) if a != Play(EXCUSE)] or [Play(EXCUSE)]
        state = apply(state, rng.choice(offered))
    assert EXCUSE in state.tricks[-1].cards
    for seat in SEATS:
        assert observe(state, seat).excuse_exchanges == ()


def test_bids_and_the_highest_bid_are_public_during_the_bidding() -> None:
    state = play_out(new_deal(seed=1), "petite pass garde")
    for seat in SEATS:
        obs = observe(state, seat)
        assert obs.bids == ((1, Contract.PETITE), (2, None), (3, Contract.GARDE))
        assert (obs.taker, obs.contract, obs.phase) == (3, Contract.GARDE, Phase.BIDDING)
        assert [isinstance(a, (Bid, Pass)) for a in obs.history] == [True] * 3


def test_the_dealt_hand_is_remembered() -> None:
    start_state = deal({1: TAKER_HAND}, TAKER_DOG)
    states = play_to_end(
        play_out(start_state, f"garde pass pass pass {TAKER_ECART} pass"), random.Random(9)
    )
    for state in states:
        for seat in SEATS:
            assert observe(state, seat).dealt_hand == start_state.hand(seat)


# ---------------------------------------------------------------------------------------------
# Bad arguments, hashing, text.


@pytest.mark.parametrize("seat", [-1, 4, 100])
def test_a_seat_out_of_range_is_refused(seat: int) -> None:
    state = new_deal(seed=1)
    for function in (observe, information_state_key):
        with pytest.raises(InvalidSeatError) as caught:
            function(state, seat)
        assert isinstance(caught.value, (TarotError, ValueError))


@pytest.mark.parametrize("seat", ["1", 1.0, True, None])
def test_a_seat_that_is_not_an_int_is_refused(seat: object) -> None:
    state = new_deal(seed=1)
    for function in (observe, information_state_key):
        with pytest.raises(TarotTypeError):
            function(state, seat)  # type: ignore[arg-type]


def test_a_state_is_required() -> None:
    with pytest.raises(TarotTypeError):
        observe("not a state", 0)  # type: ignore[arg-type]


def test_observations_are_hashable_values_with_a_readable_text() -> None:
    state = play_random(new_deal(seed=12), random.Random(12), 40)
    observations = {observe(state, seat) for seat in SEATS}
    assert len(observations) == 4
    assert observe(state, 2) in observations
    text = str(observe(state, 2))
    assert text.startswith("seat 2, dealer 0, play")
    assert " ".join(map(str, state.hand(2))) in text


def test_observation_repr_is_short_and_hides_nothing_it_should_not() -> None:
    state = new_deal(seed=1)
    text = repr(observe(state, 2))
    assert text == "<Observation of seat 2: bidding, dealer 0, 18 cards, seat 1 to act>"
    assert not any(str(card) in text.split() for card in state.hand(1))


# The helpers for bot writers: the unseen cards, the proven voids, the trick's winner.


def _helpers_deal() -> State:
    """Seat 1 takes a Garde sans and leads the King of spades, then the 15 of trumps."""
    hands = [
        [*(f"{n}H" for n in range(1, 11)), "T2", "T3", "T4", "T5", "T10", "1S", "2S", "3S"],
        ["KS", "QS", "CS", "JS", "10S", "9S", "EX", *(f"T{n}" for n in range(11, 22))],
        [*(f"{r}D" for r in (*range(1, 11), "J", "C", "Q", "K")), "4S", "5S", "6S", "7S"],
        [*(f"{r}C" for r in (*range(1, 11), "J", "C", "Q", "K")), "JH", "CH", "QH", "KH"],
    ]
    state = deal_from(hands, ["T1", "T6", "T7", "T8", "T9", "8S"], dealer=0)
    for text in (
        "garde_sans",
        "pass",
        "pass",
        "pass",
        "pass",
        "KS",
        "4S",
        "1C",
        "1S",
        "T15",
        "1D",
    ):
        state = apply(state, parse_action(text))
    return state


def test_voids_and_trump_limits_are_what_the_play_proves() -> None:
    state = _helpers_deal()
    view = observe(state, 0)
    assert view.winning_seat == 1  # the 15 of trumps, seat 2 having discarded
    assert view.voids == (frozenset(), frozenset(), frozenset(), frozenset({Suit.SPADES}))
    assert view.trump_limits == (None, None, 0, 0)  # seat 3 did not trump, seat 2 had none
    for text in ("2C", "T2"):  # seat 0 cannot beat the 15 of trumps: it holds none above
        state = apply(state, parse_action(text))
    view = observe(state, 2)
    assert view.trump_limits == (15, None, 0, 0)
    assert view.winning_seat is None  # the trick is complete: none is in progress
    state = apply(state, parse_action("EX"))  # seat 1 leads the Excuse
    assert observe(state, 3).winning_seat is None  # the Excuse alone wins nothing
    state = apply(state, parse_action("2D"))
    assert observe(state, 3).winning_seat == 2


def test_unseen_cards_are_those_a_seat_has_neither_held_nor_seen() -> None:
    state = _helpers_deal()
    view = observe(state, 0)
    played = {"KS", "4S", "1C", "1S", "T15", "1D"}
    assert len(view.unseen) == 78 - 18 - (len(played) - 1)
    assert not {str(card) for card in view.unseen} & played
    assert set(state.dog) <= set(view.unseen)  # a Garde sans dog stays hidden
    taker = observe(state, 1)
    assert set(taker.unseen).isdisjoint(taker.dealt_hand)


@given(state=states(), seat=st.integers(0, 4))
def test_the_helpers_never_contradict_the_hidden_cards(state: State, seat: int) -> None:
    seat %= state.rules.seats
    view = observe(state, seat)
    elsewhere = {
        card for other in range(state.rules.seats) if other != seat for card in state.hand(other)
    }
    assert set(view.unseen) <= elsewhere | set(state.dog) | set(state.discard)
    for other, (voids, limit) in enumerate(zip(view.voids, view.trump_limits, strict=True)):
        for card in state.hand(other):
            assert card.suit not in voids
            if card.is_trump and limit is not None:
                assert card.rank <= limit


# ---------------------------------------------------------------------------------------------
# The public view: what everyone at the table knows, as a spectator is shown it.


def public_cards(state: State) -> frozenset[Card]:
    """Every card all the seats may see named (:func:`named`): what a public view may show."""
    return frozenset.intersection(*(named(state, seat) for seat in range(state.rules.seats)))


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    mode=st.sampled_from(MODES),
    steps=st.integers(min_value=0, max_value=90),
)
def test_the_public_view_is_the_same_from_every_seat_and_shows_what_everyone_knows(
    rules: Rules, seed: int, mode: str, steps: int
) -> None:
    state = play_random(start(random_deal(seed, mode, rules)), random.Random(seed), steps)
    first = public_view(observe(state, 0))
    for seat in range(rules.seats):
        view = public_view(observe(state, seat))
        assert view.public and view.seat == seat
        assert attrs.evolve(view, seat=0) == first
        assert view.hand == view.dealt_hand == view.legal_actions == ()
        assert view.discard is None and not view.is_my_turn
        assert public_view(view) == view
        assert view.partner == known_partner(state, -1)  # no seat: not the partner
        assert view.key[1:] == first.key[1:] and view.key[2] == "public"
        assert cards_observed(view) == public_cards(state)
        assert not observe(state, seat).public


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
@given(seed=st.integers(min_value=0, max_value=2**32), mode=st.sampled_from(MODES), steps=STEPS)
def test_the_public_tells_two_deals_apart_exactly_when_everyone_saw_a_difference(
    rules: Rules, seed: int, mode: str, steps: int
) -> None:
    """Twins: two deals that differ by two cards exchanged give the same public view, to the
    byte of its record, unless every seat has seen one of the two. (The called card's name
    is public, not where it lies: exchanged, it may change the partner, which the public
    learns only once the card is played.)"""
    rng = random.Random(seed)
    state = play_random(start(random_deal(seed, mode, rules)), rng, steps)
    found = twin(state, rng)
    assert found is not None, "no pair of cards could be exchanged"
    other, a, b = found
    seen = [visible(deal, seat) for deal in (state, other) for seat in range(rules.seats)]
    everyone = frozenset.intersection(*seen[: rules.seats]) | frozenset.intersection(
        *seen[rules.seats :]
    )
    saw = bool({a, b} & everyone)
    seat = seed % rules.seats
    mine, theirs = public_view(observe(state, seat)), public_view(observe(other, seat))
    assert (mine != theirs) is saw, (a, b)
    assert (dumps(mine) != dumps(theirs)) is saw, (a, b)


def test_the_public_view_hides_the_taker_s_ecart_and_keeps_its_trumps() -> None:
    state = play_out(new_deal(seed=11), "garde pass pass pass")
    rng = random.Random(5)
    while state.phase is not Phase.PLAY:
        state = apply(state, rng.choice(legal_actions(state)))
    taker = state.taker
    assert taker is not None
    mine = observe(state, taker)
    shown = public_view(mine)
    discards = [a for a in mine.history if isinstance(a, Discard)]
    assert len(discards) == state.rules.dog_size
    hidden = [a for a in shown.history if a is None]
    assert len(hidden) == sum(not a.card.is_trump for a in discards)
    assert shown.history == observe(state, (taker + 1) % 4).history


def test_the_public_view_names_the_partner_once_the_called_card_is_played() -> None:
    named_ = hidden = 0
    for seed in range(30):
        for state in play_to_end(new_deal(seed=seed, rules=FIVE_PLAYER), random.Random(seed)):
            called, partner = state.called, state.partner
            if called is None or partner is None or state.phase is Phase.DONE:
                continue
            played = any(called in t.cards for t in state.tricks) or called in (
                state.current_trick if state.phase is Phase.PLAY else ()
            )
            view = public_view(observe(state, partner))
            if played:
                assert view.partner == partner
                named_ += 1
            else:
                assert view.partner is None and not view.alone
                hidden += 1
    assert named_ and hidden


def test_the_public_knows_the_taker_is_alone_when_the_dog_shows_the_called_card() -> None:
    state = deal({}, "KH", dealer=0, rules=FIVE_PLAYER)
    state = play_out(state, "garde pass pass pass pass call KH")
    assert state.phase is Phase.DISCARD and state.partner is None
    for seat in range(5):
        view = public_view(observe(state, seat))
        assert view.alone and view.partner is None


def test_a_public_view_reads_as_one() -> None:
    state = new_deal(seed=1)
    view = public_view(observe(state, 1))
    assert repr(view) == "<Observation of seat 1: bidding, dealer 0, public, seat 1 to act>"
    assert str(view).splitlines()[:2] == [
        "seat 1, dealer 0, bidding, seat 1 to act",
        "public view: no hand",
    ]
    assert "legal:" not in str(view) and "legal:" in str(observe(state, 1))


def test_the_public_view_takes_an_observation_only() -> None:
    with pytest.raises(TarotTypeError, match="expected an Observation, not State"):
        public_view(new_deal(seed=1))  # type: ignore[arg-type]
