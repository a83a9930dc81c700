"""A Hypothesis state machine that plays deal after deal through the public API.

The deals are of any table size (three, four or five players). Hypothesis drives the deal:
it applies legal actions, tries arbitrary ones (which must be refused with a rule and leave
the state as it was, unless they happen to be legal), tries actions out of turn, and deals
again once a deal is over. After each step it checks what the phase says of the state (who
is to act, the bids, the écart, the tricks, the annulment, the partner) and that only a
finished deal is scored; the promises ``check_conformance`` checks at every step (the cards,
the legal actions, pickling) are in ``test_properties.py``.

The main suite runs the machine briefly; the soak step runs it at length (``-m soak``).
"""

from __future__ import annotations

import pickle

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import frenchtarot as ft
from frenchtarot import (
    Action,
    Bid,
    Contract,
    DeclareHandful,
    IllegalActionError,
    NotTerminalError,
    Pass,
    Phase,
    Rule,
    State,
)
from tests.strategies import actions, deals, pick


def _dog_taken(state: State) -> bool:
    contract = state.contract
    return (
        contract is not None
        and contract.dog_is_shown
        and state.phase not in (Phase.BIDDING, Phase.CALL)
    )


def _offered_display_size(action: Action, legal: tuple[Action, ...]) -> bool:
    return isinstance(action, DeclareHandful) and any(
        isinstance(other, DeclareHandful) and len(other.cards) == len(action.cards)
        for other in legal
    )


class TarotMachine(RuleBasedStateMachine):
    """Plays deals one after another through the public API."""

    def __init__(self) -> None:
        super().__init__()
        self.state: State = ft.new_deal(seed=0)
        self.accepted = 0
        self.deals = 0

    def begin(self, start: State) -> None:
        assert start.history == ()
        assert not start.tricks
        self.state = start
        self.accepted = 0
        self.deals += 1

    def accept(self, before: State, action: Action, after: State) -> None:
        assert after.history == (*before.history, action)
        assert after.dealer == before.dealer
        self.state = after
        self.accepted += 1

    # --- Rules ---------------------------------------------------------------------------

    @initialize(start=deals())
    def first_deal(self, start: State) -> None:
        self.begin(start)

    @precondition(lambda self: self.state.is_terminal)
    @rule(start=deals())
    def next_deal(self, start: State) -> None:
        result = ft.score(self.state)
        assert sum(result.deltas) == 0
        self.begin(start)

    @precondition(lambda self: not self.state.is_terminal)
    @rule(picks=st.binary(min_size=1, max_size=4))
    def play_legal(self, picks: bytes) -> None:
        """Apply up to four legal actions, picked as tests/strategies.py picks them."""
        for byte in picks:
            before = self.state
            legal = ft.legal_actions(before)
            if not legal:
                break
            action = pick(before, legal, byte)
            assert ft.is_legal(before, action)
            self.accept(before, action, ft.apply(before, action))

    @rule(action=actions())
    def try_anything(self, action: Action) -> None:
        before = self.state
        copy = pickle.loads(pickle.dumps(before))
        digest = hash(before)
        legal = ft.legal_actions(before)
        try:
            after = ft.apply(before, action)
        except IllegalActionError as error:
            assert isinstance(error.rule, Rule)
            assert error.action == action
            assert action not in legal
            if before.is_terminal:
                assert error.rule is Rule.GAME_OVER
            assert before == copy
            assert hash(before) == digest == hash(copy)
            return
        assert action in legal or _offered_display_size(action, legal)
        assert before == copy
        self.accept(before, action, after)

    @precondition(lambda self: not self.state.is_terminal)
    @rule(action=actions(), offset=st.integers(min_value=1, max_value=4))
    def try_out_of_turn(self, action: Action, offset: int) -> None:
        before = self.state
        assert before.current is not None
        seats = before.rules.seats
        seat = (before.current + 1 + offset % (seats - 1)) % seats
        copy = pickle.loads(pickle.dumps(before))
        try:
            ft.apply(before, action, seat=seat)
        except IllegalActionError as error:
            assert error.rule is Rule.NOT_YOUR_TURN
            assert error.seat == before.current
        else:
            raise AssertionError(f"seat {seat} played {action} out of turn")
        assert before == copy

    # --- Invariants ----------------------------------------------------------------------

    @invariant()
    def history_counts_the_accepted_actions(self) -> None:
        assert len(self.state.history) == self.accepted

    @invariant()
    def phase_matches_the_state(self) -> None:
        state = self.state
        rules = state.rules
        seats = rules.seats
        phase = state.phase
        words = len(state.history[:seats])
        if phase is not Phase.PLAY and phase is not Phase.DONE:
            assert not state.tricks
            assert not state.current_trick
        if phase not in (Phase.BIDDING, Phase.CALL, Phase.ANNULLED):
            assert (state.called is not None) == rules.calls_partner
        if phase is Phase.BIDDING:
            assert words == len(state.history) < seats
            assert state.current == (state.dealer + 1 + words) % seats
            bids = [c for _seat, c in state.bids if c is not None]
            assert state.contract == (max(bids, key=lambda c: c.value) if bids else None)
            assert not state.discard
        elif phase is Phase.CALL:
            assert rules.calls_partner
            assert len(state.history) == seats
            assert state.current == state.taker
            assert state.called is None and state.partner is None
        elif phase is Phase.DISCARD:
            assert state.contract in (Contract.PETITE, Contract.GARDE)
            assert state.current == state.taker
            assert len(state.discard) < rules.dog_size
        elif phase is Phase.SLAM:
            assert state.current == state.taker
            assert len(state.discard) == (rules.dog_size if _dog_taken(state) else 0)
        elif phase is Phase.PLAY:
            assert state.current is not None and state.leader is not None
            assert len(state.tricks) < rules.hand_size
            assert len(state.current_trick) < seats
            assert state.current == (state.leader + len(state.current_trick)) % seats
        elif phase is Phase.DONE:
            assert state.current is None
            assert len(state.tricks) == rules.hand_size
            assert all(not hand for hand in state.hands)
        else:
            assert phase is Phase.ANNULLED
            assert state.annulment is not None
            if state.annulment.reason is ft.AnnulReason.ALL_PASSED:
                assert state.history == (Pass(),) * seats
            else:
                assert state.history == ()
                seat = state.annulment.seat
                assert seat is not None
                trumps = [c for c in state.hand(seat) if c.is_trump or c.is_excuse]
                assert trumps == [ft.Card(None, 1)]
        if phase in (Phase.CALL, Phase.DISCARD, Phase.SLAM, Phase.PLAY, Phase.DONE):
            assert words == seats
            assert any(isinstance(word, Bid) for word in state.history[:seats])
            assert state.taker is not None and state.contract is not None
        if state.partner is not None:
            assert state.called is not None and state.partner != state.taker
            assert (
                state.called in state.hands[state.partner]
                or any(
                    state.called in trick.cards and trick.seat_of(state.called) == state.partner
                    for trick in state.tricks
                )
                or state.called in state.current_trick
            )

    @invariant()
    def scoring_works_at_the_end_and_only_then(self) -> None:
        state = self.state
        if not state.is_terminal:
            try:
                ft.score(state)
            except NotTerminalError:
                return
            raise AssertionError("an unfinished deal was scored")
        result = ft.score(state)
        assert ft.returns(state) == result.deltas


TarotMachine.TestCase.settings = settings(
    settings(),
    stateful_step_count=50,
    deadline=None,
)
TestTarotMachine = TarotMachine.TestCase


@pytest.mark.soak
def test_soak_state_machine(soak_deals: int) -> None:
    """The machine at length: ``FRENCHTAROT_SOAK_DEALS // 100`` runs (100 by default) of 200
    steps each, several deals a run."""
    run_state_machine_as_test(
        TarotMachine,
        settings=settings(
            settings(), max_examples=max(1, soak_deals // 100), stateful_step_count=200
        ),
    )
