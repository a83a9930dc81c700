"""Properties of the state machine that hold in every reachable state, checked with Hypothesis.

Most properties walk a whole path: a deal, then legal actions picked by drawn bytes (see
``tests/strategies.py``), and check every state along it, not only the last one.
"""

from __future__ import annotations

import copy
import itertools
import pickle
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import (
    DECK,
    Action,
    AnnounceSlam,
    Bid,
    Card,
    Contract,
    DeclareHandful,
    Discard,
    IllegalActionError,
    NotTerminalError,
    Pass,
    Phase,
    Play,
    Rule,
    State,
)
from tests.strategies import (
    TABLES,
    DealSpec,
    Walk,
    actions,
    choices,
    done_states,
    full_walks,
    replay,
    seats,
    seeds,
    states,
    terminal_states,
    valid_deals,
    walk,
    walks,
)

TERMINAL_PHASES = (Phase.DONE, Phase.ANNULLED)
TABLE_IDS = [rules.name for rules in TABLES]


def path(steps: Walk) -> list[tuple[State, Action | None]]:
    return list(walk(steps.start, steps.choices))


def dog_taken(state: State) -> bool:
    """Whether the dog has gone into the taker's hand (Petite or Garde, bidding and call over)."""
    contract = state.contract
    return (
        contract is not None
        and contract.dog_is_shown
        and state.phase not in (Phase.BIDDING, Phase.CALL)
    )


def places(state: State) -> list[tuple[str, tuple[Card, ...]]]:
    """Every place a card can be, with the cards there."""
    found = [(f"hand {seat}", state.hand(seat)) for seat in range(state.rules.seats)]
    if not dog_taken(state):
        found.append(("dog", state.dog))
    found.append(("écart", state.discard))
    found += [(f"trick {n}", trick.cards) for n, trick in enumerate(state.tricks)]
    found.append(("current trick", state.current_trick))
    return found


def is_handful_of_offered_size(action: Action, legal: Sequence[Action]) -> bool:
    return isinstance(action, DeclareHandful) and any(
        isinstance(other, DeclareHandful) and len(other.cards) == len(action.cards)
        for other in legal
    )


# --- Cards and points -----------------------------------------------------------------


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
@given(data=st.data())
def test_every_card_is_in_exactly_one_place_at_every_state(
    rules: ft.Rules, data: st.DataObject
) -> None:
    steps = data.draw(walks(rules=rules))
    for state, _action in path(steps):
        seen = [card for _place, cards in places(state) for card in cards]
        assert sorted(seen) == list(DECK), [
            (place, [str(c) for c in cards]) for place, cards in places(state) if cards
        ]


@given(walks())
def test_hand_sizes_follow_the_play(steps: Walk) -> None:
    for state, _action in path(steps):
        seats = range(state.rules.seats)
        played = [len(state.tricks) + (seat in _seats_in_trick(state)) for seat in seats]
        taker_extra = len(state.dog) - len(state.discard) if dog_taken(state) else 0
        for seat in seats:
            extra = taker_extra if seat == state.taker else 0
            assert len(state.hand(seat)) == state.rules.hand_size - played[seat] + extra


def _seats_in_trick(state: State) -> set[int]:
    leader = state.leader
    if leader is None:
        return set()
    return {(leader + n) % state.rules.seats for n in range(len(state.current_trick))}


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
@given(data=st.data())
def test_card_points_of_both_camps_sum_to_91(rules: ft.Rules, data: st.DataObject) -> None:
    state = data.draw(done_states(rules))
    result = ft.score(state)
    assert result.taker_points + result.defence_points == 91
    assert 0 <= result.taker_points <= 91
    counted = [card for trick in state.tricks for card in trick.cards] + list(state.discard)
    if not dog_taken(state):
        counted += state.dog
    assert sum(card.points for card in counted) == 91


#: What the taker scores for each unit a defender pays, by table size and whether the
#: taker has a partner (the partner scoring one unit).
TAKER_SHARE = {(3, False): 2, (4, False): 3, (5, True): 2, (5, False): 4}


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
@given(data=st.data())
def test_deltas_sum_to_zero_and_split_by_the_table_size(
    rules: ft.Rules, data: st.DataObject
) -> None:
    state = data.draw(terminal_states(rules))
    deltas = ft.score(state).deltas
    assert len(deltas) == rules.seats
    assert sum(deltas) == 0
    assert ft.returns(state) == deltas
    if state.phase is Phase.ANNULLED:
        assert deltas == (0,) * rules.seats
        return
    taker, partner = state.taker, state.partner
    assert taker is not None
    defenders = [seat for seat in range(rules.seats) if seat not in (taker, partner)]
    unit = -deltas[defenders[0]]
    assert all(deltas[seat] == -unit for seat in defenders)
    assert deltas[taker] == TAKER_SHARE[rules.seats, partner is not None] * unit
    if partner is not None:
        assert deltas[partner] == unit


@given(states())
def test_unfinished_deals_cannot_be_scored(state: State) -> None:
    if state.is_terminal:
        assert sum(ft.score(state).deltas) == 0
        return
    with pytest.raises(NotTerminalError):
        ft.score(state)
    assert ft.returns(state) == (0,) * state.rules.seats


# --- Legal actions --------------------------------------------------------------------


@given(walks())
def test_legal_actions_are_empty_exactly_when_terminal(steps: Walk) -> None:
    for state, _action in path(steps):
        legal = ft.legal_actions(state)
        assert state.is_terminal == (state.current is None)
        assert state.is_terminal == (state.phase in TERMINAL_PHASES)
        assert bool(legal) != state.is_terminal


@given(walks())
def test_every_legal_action_applies(steps: Walk) -> None:
    for state, _action in path(steps):
        for action in ft.legal_actions(state):
            after = ft.apply(state, action)
            assert after.history == (*state.history, action)
            assert ft.is_legal(state, action)


@given(walks())
def test_legal_actions_come_in_canonical_order(steps: Walk) -> None:
    for state, _action in path(steps):
        legal = ft.legal_actions(state)
        assert ft.legal_actions(state) == legal
        assert ft.legal_actions(copy.copy(state)) == legal
        assert len(set(legal)) == len(legal)
        if state.phase is Phase.BIDDING:
            assert legal[0] == Pass()
            bids = [action.contract for action in legal[1:] if isinstance(action, Bid)]
            assert len(bids) == len(legal) - 1
            assert bids == sorted(bids)
            assert all(state.contract is None or bid > state.contract for bid in bids)
            # Garde contre, the highest bid, is on offer until someone bids it.
            assert bids[-1:] == (
                [] if state.contract is Contract.GARDE_CONTRE else [Contract.GARDE_CONTRE]
            )
        elif state.phase is Phase.SLAM:
            assert legal == (Pass(), AnnounceSlam())
        elif state.phase is Phase.DISCARD:
            indices = [action.card.index for action in legal if isinstance(action, Discard)]
            assert len(indices) == len(legal)
            assert indices == sorted(indices)
        elif state.phase is Phase.PLAY:
            shown = [a for a in legal if isinstance(a, DeclareHandful)]
            plays = [a for a in legal if isinstance(a, Play)]
            assert legal == (*shown, *plays)
            assert [len(a.cards) for a in shown] == sorted({len(a.cards) for a in shown})
            indices = [action.card.index for action in plays]
            assert indices == sorted(indices)
            assert plays, "there is always a card to play"


@given(states(), actions(), st.integers(min_value=0, max_value=40), st.booleans())
def test_is_legal_agrees_with_legal_actions(
    state: State, drawn: Action, pick: int, from_legal: bool
) -> None:
    legal = ft.legal_actions(state)
    action = legal[pick % len(legal)] if from_legal and legal else drawn
    verdict = ft.is_legal(state, action)
    try:
        ft.apply(state, action)
    except IllegalActionError:
        accepted = False
    else:
        accepted = True
    assert verdict == accepted
    if action in legal:
        assert verdict
    elif is_handful_of_offered_size(action, legal):
        pass  # another display of an offered size: apply decides by the rules
    else:
        assert not verdict
    if verdict and isinstance(action, DeclareHandful):
        assert is_handful_of_offered_size(action, legal)


# --- Immutability, identity, serialisation --------------------------------------------


@given(states())
def test_apply_never_changes_its_input(state: State) -> None:
    before = pickle.loads(pickle.dumps(state))
    digest = hash(state)
    for action in ft.legal_actions(state):
        ft.apply(state, action)
        assert state == before
    assert hash(state) == digest == hash(before)
    assert hash(pickle.loads(pickle.dumps(state))) == digest


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
@given(data=st.data(), action=actions(), seat=st.sampled_from((None, 0, 1, 2, 3, 4)))
def test_refused_actions_leave_the_state_equal(
    rules: ft.Rules, data: st.DataObject, action: Action, seat: int | None
) -> None:
    state = data.draw(states(rules=rules))
    if seat is not None and seat >= rules.seats:
        seat = None
    before = pickle.loads(pickle.dumps(state))
    digest = hash(state)
    try:
        after = ft.apply(state, action, seat=seat)
    except IllegalActionError as error:
        assert isinstance(error.rule, Rule)
        assert error.action == action
        assert error.seat == state.current
        if state.is_terminal:
            assert error.rule is Rule.GAME_OVER
        elif seat is not None and seat != state.current:
            assert error.rule is Rule.NOT_YOUR_TURN
        assert not ft.is_legal(state, action, seat=seat)
    else:
        assert seat in (None, state.current)
        assert after.history == (*state.history, action)
    assert state == before
    assert hash(state) == digest == hash(before)


@given(seeds(), seats(ft.THREE_PLAYER), choices(), st.sampled_from(TABLES))
def test_the_same_seed_and_actions_give_equal_states(
    seed: int, dealer: int, picks: tuple[int, ...], rules: ft.Rules
) -> None:
    first = ft.new_deal(seed=seed, dealer=dealer, rules=rules)
    second = ft.new_deal(seed=seed, dealer=dealer, rules=rules)
    assert first == second
    assert hash(first) == hash(second)
    end = replay(first, picks)
    again = second
    for action in end.history:
        again = ft.apply(again, action)
    assert again == end
    assert hash(again) == hash(end)


@given(seeds(), seats(ft.THREE_PLAYER), st.sampled_from(TABLES))
def test_deal_from_the_dealt_cards_gives_the_same_deal(
    seed: int, dealer: int, rules: ft.Rules
) -> None:
    dealt = ft.new_deal(seed=seed, dealer=dealer, rules=rules)
    assert ft.deal_from(dealt.hands, dealt.dog, dealer=dealer) == dealt


@given(valid_deals(None))
def test_deal_from_keeps_the_given_cards(spec: DealSpec) -> None:
    state = spec.deal()
    assert state.dealer == spec.dealer
    assert state.rules.seats == len(spec.hands)
    for seat in range(state.rules.seats):
        assert state.hand(seat) == tuple(sorted(spec.hands[seat]))
    assert state.dog == tuple(sorted(spec.dog))


@given(states())
def test_pickle_round_trip_gives_an_equal_state(state: State) -> None:
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        twin = pickle.loads(pickle.dumps(state, protocol=protocol))
        assert twin == state
        assert hash(twin) == hash(state)
        assert twin.hands == state.hands
        assert ft.legal_actions(twin) == ft.legal_actions(state)


@given(states())
def test_copies_are_equal(state: State) -> None:
    for twin in (copy.deepcopy(state), copy.copy(state)):
        assert twin == state
        assert hash(twin) == hash(state)
        assert ft.legal_actions(twin) == ft.legal_actions(state)


# --- The deal as it unfolds -----------------------------------------------------------


@given(walks())
def test_history_grows_by_one_action_per_step(steps: Walk) -> None:
    states_and_actions = path(steps)
    for (state, action), (after, _next) in itertools.pairwise(states_and_actions):
        assert action is not None
        assert after.history == (*state.history, action)
        assert after.dealer == state.dealer


@given(walks())
def test_the_seat_to_act_holds_the_card_it_plays(steps: Walk) -> None:
    for state, action in path(steps):
        if isinstance(action, (Play, Discard)):
            assert state.current is not None
            assert action.card in state.hand(state.current)
            after = ft.apply(state, action)
            assert all(action.card not in hand for hand in after.hands)
        if isinstance(action, Discard):
            assert state.current == state.taker


@given(full_walks())
def test_a_deal_always_ends(steps: Walk) -> None:
    end = path(steps)[-1][0]
    assert end.is_terminal
    assert end.phase in TERMINAL_PHASES
    if end.phase is Phase.DONE:
        assert len(end.tricks) == end.rules.hand_size
        assert all(not hand for hand in end.hands)
    else:
        assert end.annulment is not None
        assert not end.tricks
