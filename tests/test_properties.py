"""The invariants of every reachable state.

:func:`frenchtarot.testing.check_conformance` is *the* invariant test: at every step of a
deal it checks the 78 cards (each in one place), the legal actions (well-formed, without
repeats, the same for equal states, empty exactly at the end), that ``apply`` takes every
one of them and refuses the others for a rule without changing its input, that ``is_legal``
agrees, that states pickle equal, and the score at the end. Here it runs on deals drawn by
Hypothesis (any table size, any dealer, shuffled or dealt by hand, rich in trumps now and
then); the other properties check what it does not: the size of each hand along the deal
and the order of the legal actions. Rule by rule properties are in the rule's file (the
bids in ``test_bidding.py``, the écart in ``test_ecart.py``, ...).

The soak step adds a volume run: ``FRENCHTAROT_SOAK_DEALS`` seeded deals of each table size
(10,000 by default), every state's cards accounted for, and in a sample of states every
offered action tried from every seat and every other action refused for the rule it breaks.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import (
    DECK,
    Action,
    AnnounceSlam,
    Bid,
    Call,
    Card,
    Contract,
    DeclareHandful,
    Discard,
    IllegalActionError,
    Pass,
    Phase,
    Play,
    Rule,
    Rules,
    State,
    apply,
    deal_from,
    is_legal,
    legal_actions,
    new_deal,
)
from frenchtarot.testing import check_conformance
from tests.builders import snapshot
from tests.strategies import TABLE_IDS, TABLES, Walk, deals, walk, walks

# --- check_conformance on drawn deals ------------------------------------------------------


@settings(max_examples=min(settings().max_examples, 50))  # a whole deal checked at every step
@given(deals(), st.integers(min_value=0, max_value=2**32))
def test_every_state_of_a_deal_keeps_the_promises_of_the_api(first: State, seed: int) -> None:
    """check_conformance plays the drawn deal (dealt by ``seed % seats``) at random from
    ``seed``, and checks every promise at every step (see the module's docstring)."""

    def dealt(*, dealer: int, seed: int, rules: Rules) -> State:
        return deal_from(first.hands, first.dog, dealer=dealer, rules=rules)

    report = check_conformance(deals=1, seed=seed, rules=first.rules, new_deal=dealt)
    assert (report.deals, report.finished + report.annulled) == (1, 1)


# --- What check_conformance does not check -------------------------------------------------


def dog_taken(state: State) -> bool:
    """Whether the dog has gone into the taker's hand (Petite or Garde, bidding and call over)."""
    contract = state.contract
    return (
        contract is not None
        and contract.dog_is_shown
        and state.phase not in (Phase.BIDDING, Phase.CALL)
    )


@given(walks())
def test_hand_sizes_follow_the_play(steps: Walk) -> None:
    for state, _action in walk(*steps):
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


@given(walks())
def test_legal_actions_come_in_canonical_order(steps: Walk) -> None:
    for state, _action in walk(*steps):
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


# --- The soak run: many seeded deals of each table size -------------------------------------


SAMPLE_EVERY = 4  # one deal in SAMPLE_EVERY has a state checked action by action
DECK_IDS = frozenset(map(id, DECK))  # cards are interned: one object per card
NOT_TAKEN = (Phase.BIDDING, Phase.ANNULLED)
TRUMPS = [card for card in DECK if card.is_trump]
EXCUSE = Card.parse("EX")
OTHERS: list[Action] = [
    *(Play(card) for card in DECK),
    *(Discard(card) for card in DECK),
    Pass(),
    *(Bid(contract) for contract in Contract),
    AnnounceSlam(),
    *(Call(card) for card in DECK),
]
KIND_PHASE = {Play: Phase.PLAY, Discard: Phase.DISCARD, Bid: Phase.BIDDING, Call: Phase.CALL}
PLAY_RULES = (Rule.MUST_FOLLOW_SUIT, Rule.MUST_TRUMP, Rule.MUST_OVERTRUMP, Rule.CALLED_SUIT_LEAD)
MAX_REPORTED = 5


def accounted(state: State) -> tuple[Card, ...]:
    """Every card the state knows of: hands, dog (unless taken), écart and tricks."""
    contract = state.contract
    dog_out = state.phase in NOT_TAKEN or contract is None or not contract.dog_is_shown
    dog_out = dog_out or state.phase is Phase.CALL
    return (
        *[card for hand in state.hands for card in hand],
        *(state.dog if dog_out else ()),
        *state.discard,
        *[card for trick in state.tricks for card in trick.cards],
        *state.current_trick,
    )


def accounting_problem(state: State) -> str | None:
    """``None`` when the state holds each of the 78 cards exactly once, else what is wrong."""
    cards = accounted(state)
    if len(cards) == 78 and frozenset(map(id, cards)) == DECK_IDS:
        return None
    seen = {card: cards.count(card) for card in set(cards)}
    twice = sorted(card for card, n in seen.items() if n > 1)
    missing = sorted(set(DECK) - set(cards))
    return f"{len(cards)} cards; twice: {twice}; missing: {missing}"


def handful_ok(state: State, shown: frozenset[Card]) -> bool:
    """Whether the rules let the seat to act show ``shown`` now (written out plainly)."""
    seat = state.current
    if state.phase is not Phase.PLAY or state.tricks or seat is None:
        return False
    if any(handful.seat == seat for handful in state.handfuls):
        return False
    hand = set(state.hand(seat))
    held = {card for card in hand if card.is_trump}
    if seat == state.taker:
        held |= {card for card in state.discard if card.is_trump}
    showable = held | ({EXCUSE} & hand)
    sizes = {size for size, _bonus in state.rules.handfuls}
    return len(shown) in sizes and shown <= showable and (EXCUSE not in shown or held <= shown)


def expected_rule(state: State, action: Action) -> Rule | None:
    """The rule that should refuse ``action``, when it is clear from the phase alone."""
    if state.is_terminal:
        return Rule.GAME_OVER
    phase = state.phase
    kind = type(action)
    if kind in KIND_PHASE and phase is not KIND_PHASE[kind]:
        return Rule.WRONG_PHASE
    if kind is DeclareHandful:
        if phase is not Phase.PLAY:
            return Rule.WRONG_PHASE
        if state.tricks or any(handful.seat == state.current for handful in state.handfuls):
            return Rule.HANDFUL_NOT_NOW
        return None  # INVALID_HANDFUL; see test_handful for the exact cases
    if kind is Pass and phase not in (Phase.BIDDING, Phase.SLAM):
        return Rule.WRONG_PHASE
    if kind is AnnounceSlam and phase is not Phase.SLAM:
        return Rule.WRONG_PHASE
    if kind is Bid:
        return Rule.BID_TOO_LOW
    if kind is Call:
        return Rule.CARD_NOT_CALLABLE
    seat = state.taker if phase is Phase.DISCARD else state.current
    if isinstance(action, (Play, Discard)) and seat is not None:
        if action.card not in state.hand(seat):
            return Rule.CARD_NOT_IN_HAND
        if isinstance(action, Discard) and (action.card.is_king or action.card.is_bout):
            return Rule.FORBIDDEN_DISCARD
        if isinstance(action, Discard):
            return Rule.TRUMP_DISCARD_AVOIDABLE
    return None


def random_displays(state: State, rng: random.Random) -> list[DeclareHandful]:
    seat = state.current
    hand = state.hand(seat) if seat is not None else ()
    mine = [card for card in hand if card.is_trump or card.is_excuse]
    mine += [card for card in state.discard if card.is_trump and seat == state.taker]
    out = []
    sizes = [size for size, _bonus in state.rules.handfuls]
    for _ in range(4):
        pool = mine if mine and rng.random() < 0.6 else [*TRUMPS, EXCUSE]
        size = rng.choice((sizes[0] - 1, sizes[0], sizes[0], sizes[0] + 1, *sizes[1:]))
        out.append(DeclareHandful(rng.sample(pool, min(size, len(pool)))))
    return out


def check_state(state: State, rng: random.Random) -> None:
    """Every offered action applies; a sample of others is refused; nothing changes."""
    before = snapshot(state)
    offered = legal_actions(state)
    assert len(set(offered)) == len(offered)
    for action in offered:
        assert isinstance(apply(state, action), State)
        assert is_legal(state, action)
        assert is_legal(state, action, seat=state.current)
        for seat in range(state.rules.seats):
            if seat != state.current:
                try:
                    apply(state, action, seat=seat)
                except IllegalActionError as error:
                    assert error.rule is Rule.NOT_YOUR_TURN
                else:
                    raise AssertionError(f"{action} accepted from seat {seat}")
    for action in [*OTHERS, *random_displays(state, rng)]:
        if action in offered:
            continue
        if isinstance(action, DeclareHandful) and handful_ok(state, action.cards):
            # A valid display that legal_actions does not offer (it offers one per size).
            assert is_legal(state, action)
            assert apply(state, action).handfuls[-1].cards == tuple(sorted(action.cards))
            continue
        assert not is_legal(state, action), action
        try:
            apply(state, action)
        except IllegalActionError as error:
            assert error.action == action
            rule = expected_rule(state, action)
            assert rule is None or error.rule is rule, (action, error.rule, rule)
            if error.rule in PLAY_RULES:
                assert isinstance(action, Play) and state.phase is Phase.PLAY
        else:
            raise AssertionError(f"{action} was not offered but was accepted")
    assert state == before and hash(state) == hash(before)
    assert legal_actions(state) == offered


def play_deal(seed: int, visit: Callable[[State, int], None], rules: Rules) -> State:
    """Play deal ``seed`` at random, calling ``visit(state, step)`` on every state."""
    rng = random.Random(seed)
    state = new_deal(seed=seed, dealer=seed % rules.seats, rules=rules)
    step = 0
    while True:
        visit(state, step)
        if state.is_terminal:
            return state
        assert step < 200, f"seed {seed}: no end after {step} actions"
        state = apply(state, rng.choice(legal_actions(state)))
        step += 1


@pytest.mark.soak
@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_soak_random_deals(rules: Rules, soak_deals: int) -> None:
    """``FRENCHTAROT_SOAK_DEALS`` seeded deals (10,000 by default), played at random."""
    problems: dict[str, list[str]] = {}
    endings = {Phase.DONE: 0, Phase.ANNULLED: 0}
    checked = 0

    def report(kind: str, text: str) -> None:
        problems.setdefault(kind, []).append(text)

    seed = 0
    sample_rng = random.Random(0)
    pick = -1

    def visit(state: State, step: int) -> None:
        nonlocal checked
        problem = accounting_problem(state)
        if problem is not None:
            report("cards not accounted for", f"seed {seed} step {step} {state}: {problem}")
        if step == pick or (state.is_terminal and seed % (10 * SAMPLE_EVERY) == 0):
            check_state(state, sample_rng)
            checked += 1

    for seed in range(soak_deals):
        sample_rng = random.Random(-seed - 1)
        pick = sample_rng.randrange(80) if seed % SAMPLE_EVERY == 0 else -1
        final = play_deal(seed, visit, rules)
        assert final.phase in endings, f"seed {seed} ended in {final.phase}"
        endings[final.phase] += 1
        if final.phase is Phase.DONE:
            assert len(final.tricks) == rules.hand_size and not any(final.hands)
    assert sum(endings.values()) == soak_deals
    assert endings[Phase.DONE] > soak_deals // 2
    assert endings[Phase.ANNULLED] > 0 or soak_deals < 1000
    assert checked > soak_deals // (2 * SAMPLE_EVERY)
    summary = {kind: (len(found), found[:MAX_REPORTED]) for kind, found in problems.items()}
    assert not problems, summary
