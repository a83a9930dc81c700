"""Tests for :mod:`frenchtarot.encoding`: action ids, masks and tensors for learning agents."""

from __future__ import annotations

import itertools
import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import (
    DECK,
    Action,
    AnnounceSlam,
    Bid,
    Call,
    Contract,
    DeclareHandful,
    Discard,
    Pass,
    Play,
    Rules,
    State,
    TarotError,
    TarotTypeError,
    observe,
)
from frenchtarot.encoding import (
    CALLABLE,
    EncodingError,
    action_from_id,
    action_id,
    describe_id,
    information_state_fields,
    information_state_tensor,
    information_state_tensor_size,
    legal_ids,
    legal_mask,
    num_actions,
    observation_fields,
    observation_tensor,
    observation_tensor_size,
    score_bound,
    write_tensor,
)
from frenchtarot.rules import LUDICASH
from tests.builders import HOUSE_RULES, twin
from tests.strategies import MAX_DEAL_ACTIONS, TABLE_IDS, TABLES, TRUMPS, states, walk

#: Tables that do not play the FFT scoring: Ludicash and a custom table of each size.
HOUSE_TABLES: tuple[Rules, ...] = (LUDICASH, *HOUSE_RULES.values())
HOUSE_IDS: tuple[str, ...] = tuple(rules.name for rules in HOUSE_TABLES)


@given(state=states())
def test_every_offered_action_has_an_id_that_leads_back_to_it(state: State) -> None:
    rules = state.rules
    offered = ft.legal_actions(state)
    ids = legal_ids(state)
    assert ids == [action_id(action, rules) for action in offered]
    assert ids == sorted(set(ids)), "ids must be distinct and ascending, as in OpenSpiel"
    assert all(0 <= number < num_actions(rules) for number in ids)
    for action, number in zip(offered, ids, strict=True):
        assert action_from_id(number, state) == action
        assert describe_id(number, rules)


@given(state=states())
def test_the_mask_agrees_with_the_legal_actions(state: State) -> None:
    mask = legal_mask(state)
    assert len(mask) == num_actions(state.rules)
    assert set(mask) <= {0, 1}
    assert [n for n, bit in enumerate(mask) if bit] == legal_ids(state)
    assert sum(mask) == len(ft.legal_actions(state))
    for number, bit in enumerate(mask):
        if not bit:
            with pytest.raises(EncodingError):
                action_from_id(number, state)


@given(state=states())
def test_an_observation_gives_the_same_ids_to_its_seat_and_none_to_the_others(
    state: State,
) -> None:
    for seat in range(state.rules.seats):
        observation = observe(state, seat)
        if seat == state.current:
            assert legal_mask(observation) == legal_mask(state)
            for number in legal_ids(state):
                assert action_from_id(number, observation) == action_from_id(number, state)
        else:
            assert not any(legal_mask(observation))


@given(state=states())
def test_tensors_have_the_documented_length_and_fields(state: State) -> None:
    rules = state.rules
    for seat in range(rules.seats):
        observation = observe(state, seat)
        flat = observation_tensor(observation)
        recall = information_state_tensor(observation)
        assert len(flat) == observation_tensor_size(rules)
        assert len(recall) == information_state_tensor_size(rules)
        for perfect, expected in ((False, flat), (True, recall)):
            out = [0.0] * len(expected)
            write_tensor(observation, out, perfect_recall=perfect)
            assert out == expected
        # The information state starts with the observation.
        assert recall[: len(flat)] == flat
        # One-hot fields have at most one 1; card sets hold only 0 and 1.
        by_name = {f.name: flat[f.offset : f.end] for f in observation_fields(rules)}
        for name in ("seat", "dealer", "phase", "current", "taker", "contract", "leader"):
            assert sum(by_name[name]) <= 1 and set(by_name[name]) <= {0.0, 1.0}, name
        assert sum(by_name["seat"]) == sum(by_name["phase"]) == 1
        assert sum(by_name["hand"]) == len(observation.hand)
        assert by_name["hand_sizes"] == [float(n) for n in observation.hand_sizes]
        # Every card played is set once in "played".
        played = sum(len(t.cards) for t in observation.tricks) + len(observation.current_trick)
        assert sum(by_name["played"]) == played


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_fields_tile_the_tensor_without_gaps(rules: Rules) -> None:
    for fields in (observation_fields(rules), information_state_fields(rules)):
        assert fields[0].offset == 0
        for before, after in itertools.pairwise(fields):
            assert before.end == after.offset
        assert len({f.name for f in fields}) == len(fields)
        assert all(f.size > 0 and f.description for f in fields)
    names = [f.name for f in observation_fields(rules)]
    assert ("called" in names) is rules.calls_partner
    assert [f.name for f in information_state_fields(rules)][: len(names)] == names


# ---------------------------------------------------------------------------------------------
# No leak: exchanging cards a seat cannot see changes none of its tensors.


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    steps=st.integers(0, 70),
    seat=st.integers(0, 4),
)
def test_cards_a_seat_cannot_see_change_none_of_its_tensors(
    rules: Rules, seed: int, steps: int, seat: int
) -> None:
    seat %= rules.seats
    rng = random.Random(seed)
    state = ft.new_deal(seed=seed, rules=rules)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = ft.apply(state, rng.choice(ft.legal_actions(state)))
    found = twin(state, rng, seat)
    if found is None:  # every hidden card already shown: nothing to exchange
        return
    other, a, b = found
    assert other != state
    for view in (observation_tensor, information_state_tensor):
        assert view(observe(other, seat)) == view(observe(state, seat))
    assert legal_mask(other) == legal_mask(state) or state.current != seat
    # Whoever was dealt one of the two cards sees the difference in its information state.
    owner = next(s for s, hand in enumerate(state.dealt) if a in hand or b in hand)
    assert information_state_tensor(observe(other, owner)) != information_state_tensor(
        observe(state, owner)
    )


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_equal_information_state_tensors_mean_equal_keys(rules: Rules) -> None:
    """The information-state tensor tells apart what the perfect-recall key tells apart."""
    seen: dict[tuple[float, ...], tuple[int | str, ...]] = {}
    rng = random.Random(rules.seats)
    for seed in range(4):
        state = ft.new_deal(seed=seed % 2, rules=rules)  # two deals, each walked twice
        while True:
            for seat in range(rules.seats):
                observation = observe(state, seat)
                tensor = tuple(information_state_tensor(observation))
                assert seen.setdefault(tensor, observation.key) == observation.key
            if state.is_terminal:
                break
            state = ft.apply(state, rng.choice(ft.legal_actions(state)))
    assert len(seen) > 100


# ---------------------------------------------------------------------------------------------
# The id table.


def test_the_id_table() -> None:
    four, five = ft.FOUR_PLAYER, ft.FIVE_PLAYER
    assert action_id(Pass(), four) == 0
    assert [action_id(Bid(c), four) for c in Contract] == [1, 2, 3, 4]
    assert action_id(AnnounceSlam(), four) == 5
    assert [action_id(DeclareHandful(TRUMPS[:n]), four) for n in (10, 13, 15)] == [6, 7, 8]
    assert [action_id(DeclareHandful(TRUMPS[:n]), five) for n in (8, 10, 13)] == [6, 7, 8]
    assert [action_id(Discard(card), four) for card in DECK] == list(range(9, 87))
    assert [action_id(Play(card), four) for card in DECK] == list(range(87, 165))
    assert [action_id(Call(card), five) for card in CALLABLE] == list(range(165, 181))
    assert len(CALLABLE) == 16 and all(card.rank >= 11 and card.suit for card in CALLABLE)
    assert [num_actions(rules) for rules in TABLES] == [165, 165, 181]


def test_any_display_of_a_handful_size_has_the_id_of_the_offered_display() -> None:
    spades = [card for card in DECK if card.suit is ft.Suit.SPADES]
    held = [*TRUMPS[:12], *spades[:6]]
    rest = [card for card in DECK if card not in held]
    hands = [rest[:18], held, rest[18:36], rest[36:54]]
    state = ft.deal_from(hands, rest[54:], dealer=0)
    while state.phase is not ft.Phase.PLAY:
        mine = state.phase is ft.Phase.BIDDING and state.current == 1
        state = ft.apply(state, Bid(Contract.GARDE_SANS) if mine else Pass())
    assert state.current == 1
    offered = [a for a in ft.legal_actions(state) if isinstance(a, DeclareHandful)]
    assert [len(a.cards) for a in offered] == [10]
    other = DeclareHandful(TRUMPS[2:12])
    assert other not in offered and ft.is_legal(state, other)
    assert action_id(other, state.rules) == action_id(offered[0], state.rules) == 6
    assert action_from_id(6, state) == offered[0]
    assert describe_id(6, state.rules) == "handful of 10"


@pytest.mark.parametrize(
    ("action", "rules", "message"),
    [
        (DeclareHandful(TRUMPS[:9]), ft.FOUR_PLAYER, "has 10, 13 or 15 cards, not 9"),
        (Call("KS"), ft.FOUR_PLAYER, "nobody calls a card at the four-player table"),
        (Call("T21"), ft.FIVE_PLAYER, "only a Jack, Knight, Queen or King"),
        (Call("10H"), ft.FIVE_PLAYER, "only a Jack, Knight, Queen or King"),
    ],
)
def test_an_action_without_an_id_is_refused(action: Action, rules: Rules, message: str) -> None:
    with pytest.raises(EncodingError, match=message) as caught:
        action_id(action, rules)
    assert caught.value.value == action
    assert isinstance(caught.value, (TarotError, ValueError))
    copy = pickle.loads(pickle.dumps(caught.value))
    assert str(copy) == str(caught.value) and copy.value == action


def test_an_id_not_offered_is_refused_with_the_ids_that_are() -> None:
    state = ft.new_deal(seed=1)
    with pytest.raises(EncodingError, match=r"id 165 is out of range: .* ids 0 to 164"):
        action_from_id(165, state)
    with pytest.raises(EncodingError, match=r"id -1 is out of range"):
        action_from_id(-1, state)
    with pytest.raises(
        EncodingError,
        match=r"id 100 \(play T14\) is not offered here; the ids "
        r"offered are 0 1 2 3 4",
    ):
        action_from_id(100, state)
    other = observe(state, 2)
    with pytest.raises(EncodingError, match="offered are none"):
        action_from_id(0, other)


@pytest.mark.parametrize("value", [None, "0", 1.0, True, Pass()])
def test_an_id_that_is_not_an_int_is_refused(value: object) -> None:
    with pytest.raises(TarotTypeError, match="an action id must be an int"):
        action_from_id(value, ft.new_deal(seed=1))  # type: ignore[arg-type]


def test_wrong_types_are_refused() -> None:
    state = ft.new_deal(seed=1)
    with pytest.raises(TarotTypeError, match="expected Rules"):
        num_actions(4)  # type: ignore[arg-type]
    with pytest.raises(TarotTypeError, match="expected an action"):
        action_id("pass", ft.FOUR_PLAYER)  # type: ignore[arg-type]
    for function in (legal_ids, legal_mask):
        with pytest.raises(TarotTypeError, match="expected a State or an Observation"):
            function(None)  # type: ignore[arg-type]
    for tensor in (observation_tensor, information_state_tensor):
        with pytest.raises(TarotTypeError, match="expected an Observation"):
            tensor(state)  # type: ignore[arg-type]
    with pytest.raises(EncodingError, match="no action id of the four-player table"):
        describe_id(165, ft.FOUR_PLAYER)
    assert describe_id(180, ft.FIVE_PLAYER) == "call KC"


def test_write_tensor_refuses_a_buffer_of_the_wrong_length() -> None:
    seen = observe(ft.new_deal(seed=1), 0)
    with pytest.raises(EncodingError, match="four-player observation tensor has 1170 entries"):
        write_tensor(seen, [0.0] * 10)
    with pytest.raises(EncodingError, match="information-state tensor has 7410 entries, not 1"):
        write_tensor(seen, [0.0], perfect_recall=True)


@given(state=states())
def test_scores_stay_within_the_bound(state: State) -> None:
    bound = score_bound(state.rules)
    assert all(-bound <= delta <= bound for delta in ft.returns(state))


# ---------------------------------------------------------------------------------------------
# House rules: the same ids and layout, the table's contracts and bonuses.


def _bid_ids(rules: Rules) -> set[int]:
    return {action_id(Bid(contract), rules) for contract in rules.offered}


@st.composite
def _house_path(draw: st.DrawFn, rules: Rules) -> list[State]:
    """Every state of a walk from a deal at ``rules``: seeded, or any order of the pack.

    (The shared deal strategies deal explicit hands at the FFT table of their size.)
    """
    dealer = draw(st.integers(0, rules.seats - 1))
    if draw(st.booleans()):
        start = ft.new_deal(seed=draw(st.integers(0, 2**32)), dealer=dealer, rules=rules)
    else:
        pack = draw(st.permutations(DECK))
        size = rules.hand_size
        hands = [pack[size * seat : size * (seat + 1)] for seat in range(rules.seats)]
        start = ft.deal_from(hands, pack[size * rules.seats :], dealer=dealer, rules=rules)
    picks = draw(st.binary(min_size=MAX_DEAL_ACTIONS, max_size=MAX_DEAL_ACTIONS))
    return [state for state, _action in walk(start, picks)]


def test_ludicash_never_offers_the_petite_id() -> None:
    petite = action_id(Bid(Contract.PETITE), LUDICASH)
    assert petite == 1  # the id stays, only the mask changes
    rng = random.Random(25)
    bids_seen: set[int] = set()
    for seed in range(150):
        state = ft.new_deal(seed=seed, rules=LUDICASH)
        while not state.is_terminal:
            mask = legal_mask(state)
            assert mask[petite] == 0, (seed, state.history)
            assert legal_mask(observe(state, state.current))[petite] == 0  # type: ignore[arg-type]
            bids_seen.update(n for n in legal_ids(state) if 1 <= n <= 4)
            if state.phase is ft.Phase.BIDDING:
                with pytest.raises(EncodingError, match=r"id 1 \(petite\) is not offered"):
                    action_from_id(petite, state)
            state = ft.apply(state, rng.choice(ft.legal_actions(state)))
    assert bids_seen == {2, 3, 4}


@pytest.mark.parametrize("rules", HOUSE_TABLES, ids=HOUSE_IDS)
def test_house_tables_keep_the_ids_and_the_layout_of_their_size(rules: Rules) -> None:
    fft = ft.RULES_BY_SEATS[rules.seats]
    assert num_actions(rules) == num_actions(fft)
    assert [action_id(Bid(c), rules) for c in Contract] == [1, 2, 3, 4]
    assert [describe_id(n, rules) for n in range(num_actions(rules))] == [
        describe_id(n, fft) for n in range(num_actions(fft))
    ]
    assert observation_fields(rules) == observation_fields(fft)
    assert information_state_fields(rules) == information_state_fields(fft)


@pytest.mark.parametrize("rules", HOUSE_TABLES, ids=HOUSE_IDS)
@given(data=st.data())
def test_house_masks_are_the_legal_actions(rules: Rules, data: st.DataObject) -> None:
    path = data.draw(_house_path(rules))
    fields = {f.name: f for f in observation_fields(rules)}
    absent = [n for n, contract in enumerate(Contract) if not rules.offers(contract)]
    for state in path:
        assert state.rules is rules
        offered = ft.legal_actions(state)
        mask = legal_mask(state)
        assert [n for n, bit in enumerate(mask) if bit] == [action_id(a, rules) for a in offered]
        assert legal_ids(state) == sorted(set(legal_ids(state)))
        for action in offered:
            assert action_from_id(action_id(action, rules), state) == action
        if state.phase is ft.Phase.BIDDING:
            words = {n for n in legal_ids(state) if 1 <= n <= 4}
            assert words <= _bid_ids(rules)
            assert state.contract is not None or words == _bid_ids(rules)
    # The contract one-hots only ever show a contract the table offers.
    for seat in range(rules.seats):
        flat = observation_tensor(observe(path[-1], seat))
        contract = flat[fields["contract"].offset : fields["contract"].end]
        bids = flat[fields["bids"].offset : fields["bids"].end]
        assert all(contract[n] == 0.0 for n in absent)
        assert all(bids[5 * s + 1 + n] == 0.0 for s in range(rules.seats) for n in absent)


@pytest.mark.parametrize("rules", HOUSE_TABLES, ids=HOUSE_IDS)
@given(data=st.data())
def test_house_scores_stay_within_their_bound(rules: Rules, data: st.DataObject) -> None:
    state = data.draw(_house_path(rules))[-1]
    assert state.is_terminal
    bound = score_bound(rules)
    deltas = ft.returns(state)
    assert all(-bound <= delta <= bound for delta in deltas)
    fields = {f.name: f for f in observation_fields(rules)}
    score = observation_tensor(observe(state, 0))[fields["score"].offset : fields["score"].end]
    assert score == [float(delta) for delta in deltas]  # as they are, not scaled


def test_score_bound_follows_the_scoring_knobs() -> None:
    four = ft.FOUR_PLAYER
    others = four.seats - 1  # what a taker playing alone receives, times the unit
    assert score_bound(LUDICASH) == score_bound(four)  # the same highest multiplier

    def more(**knobs: Any) -> int:
        return score_bound(attrs.evolve(four, name="knobs", **knobs)) - score_bound(four)

    assert more(contracts=((Contract.GARDE, 2), (Contract.GARDE_CONTRE, 9))) > 0
    assert more(contracts=((Contract.PETITE, 1), (Contract.GARDE_SANS, 4))) < 0
    assert more(petit_au_bout=30) == 20 * 6 * others
    assert more(slam_announced=4000) == 3600 * others
    assert more(slam_defence=1000) == 800 * others
    assert more(handfuls=((10, 20), (13, 30), (15, 100))) == 60 * four.seats * others
