"""Ten thousand random deals of each table size: every card accounted for, every offered
action applies, others are refused, and the state is never changed by an attempt.

Deals are seeded (``new_deal(seed=n, rules=...)``) and played with ``random.Random(n)``
picking among :func:`frenchtarot.legal_actions`, so a failure names the seed that shows it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

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
    is_legal,
    legal_actions,
    new_deal,
)
from tests.builders import snapshot
from tests.strategies import TABLES

DEALS = 10_000
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
@pytest.mark.parametrize("rules", TABLES, ids=[rules.name for rules in TABLES])
def test_ten_thousand_random_deals(rules: Rules) -> None:
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

    for seed in range(DEALS):
        sample_rng = random.Random(-seed - 1)
        pick = sample_rng.randrange(80) if seed % SAMPLE_EVERY == 0 else -1
        final = play_deal(seed, visit, rules)
        assert final.phase in endings, f"seed {seed} ended in {final.phase}"
        endings[final.phase] += 1
        if final.phase is Phase.DONE:
            assert len(final.tricks) == rules.hand_size and not any(final.hands)
    assert sum(endings.values()) == DEALS
    assert endings[Phase.DONE] > DEALS // 2 and endings[Phase.ANNULLED] > 0
    assert checked > DEALS // (2 * SAMPLE_EVERY)
    summary = {kind: (len(found), found[:MAX_REPORTED]) for kind, found in problems.items()}
    assert not problems, summary
