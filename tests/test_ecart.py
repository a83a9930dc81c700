"""The dog and the écart: who takes the dog, which cards may be put aside, and when."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from frenchtarot import (
    Action,
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
    Rules,
    State,
    apply,
    is_legal,
    legal_actions,
    new_deal,
)
from tests.builders import assert_refused, biddable_deal, cards, deal, play_out
from tests.strategies import (
    TABLE_IDS,
    TABLES,
    DealSpec,
    Walk,
    choices,
    scarce_ecart_deals,
    walk,
    walks,
)

KINGS = cards("KS KH KD KC")
ORDINARY = cards("2S 3S 4H 5H 6D 7D 8C 9C")
# Trumps and the Excuse, the three bouts first.
TRUMP_POOL = cards("T1 T21 EX") + [Card(None, rank) for rank in range(2, 21)]
BOUTS = set(cards("T1 T21 EX"))


def taker_cards(ordinary: int) -> list[Card]:
    """24 cards for the taker: the 4 Kings, ``ordinary`` low cards, then trumps and bouts."""
    return KINGS + ORDINARY[:ordinary] + TRUMP_POOL[: 20 - ordinary]


def take(
    ordinary: int, contract: Contract = Contract.GARDE, *, taker: int = 0, dealer: int = 3
) -> State:
    """The start of the écart: ``taker`` holds ``taker_cards(ordinary)`` with the dog.

    The dog is six of those cards: a King, an ordinary card when there is one, and trumps.
    """
    mine = taker_cards(ordinary)
    dog = [mine[0], *mine[4 : 4 + min(ordinary, 1)], *mine[-5:]][:6]
    if len(dog) < 6:
        dog.append(mine[-6])
    hand = [card for card in mine if card not in dog]
    state = deal({taker: " ".join(map(str, hand))}, " ".join(map(str, dog)), dealer=dealer)
    assert state.phase is Phase.BIDDING
    words = [str(Bid(contract)) if (dealer + 1 + k) % 4 == taker else "pass" for k in range(4)]
    state = play_out(state, words)
    assert state.phase is Phase.DISCARD
    assert set(state.hand(taker)) == set(mine)
    return state


def discards(state: State) -> set[Card]:
    return {action.card for action in legal_actions(state) if isinstance(action, Discard)}


@pytest.mark.parametrize("contract", [Contract.PETITE, Contract.GARDE])
@pytest.mark.parametrize(("taker", "dealer"), [(0, 3), (1, 3), (2, 3), (3, 3), (0, 0), (3, 1)])
def test_the_dog_joins_the_takers_hand(contract: Contract, taker: int, dealer: int) -> None:
    start = deal({taker: "T2 T3 T4"}, "KS 5D T9 EX 1C 2C", dealer=dealer)
    words = [str(Bid(contract)) if (dealer + 1 + k) % 4 == taker else "pass" for k in range(4)]
    state = play_out(start, words)
    assert state.phase is Phase.DISCARD
    assert state.current == taker and state.taker == taker and state.contract is contract
    assert state.hand(taker) == tuple(sorted({*start.hand(taker), *start.dog}))
    assert len(state.hand(taker)) == 24
    for seat in range(4):
        if seat != taker:
            assert state.hand(seat) == start.hand(seat)
    assert state.dog == start.dog
    assert state.discard == ()


# Each row: ordinary cards among the taker's 24 (neither King, trump nor Excuse), and how
# many trumps the écart then holds, whatever order the cards are put aside in.
COUNTS = [(k, max(0, 6 - k)) for k in range(9)]


@pytest.mark.parametrize(("ordinary", "trumps"), COUNTS)
def test_offered_discards_at_the_start(ordinary: int, trumps: int) -> None:
    state = take(ordinary)
    hand = set(state.hand(0))
    low = {card for card in hand if card.suit is not None and not card.is_king}
    assert len(low) == ordinary
    plain_trumps = {card for card in hand if card.is_trump and card not in BOUTS}
    expected = low | (plain_trumps if trumps else set())
    assert discards(state) == expected
    assert list(legal_actions(state)) == [Discard(card) for card in sorted(expected)]


@pytest.mark.parametrize(("ordinary", "trumps"), COUNTS)
@pytest.mark.parametrize("trumps_first", [True, False])
def test_exact_number_of_trumps_in_the_ecart(
    ordinary: int, trumps: int, trumps_first: bool
) -> None:
    state = take(ordinary)
    put: list[Card] = []
    for step in range(6):
        assert state.phase is Phase.DISCARD and state.current == 0
        offered = sorted(discards(state))
        offered_trumps = [card for card in offered if card.is_trump]
        low_left = sum(1 for c in state.hand(0) if c.suit is not None and not c.is_king)
        # A trump is offered exactly when the low cards cannot fill the écart.
        assert bool(offered_trumps) is (low_left < 6 - step)
        lows = [card for card in offered if not card.is_trump]
        assert len(lows) == low_left
        card = (offered_trumps or lows)[0] if trumps_first else (lows or offered_trumps)[0]
        put.append(card)
        state = apply(state, Discard(card))
        assert len(state.discard) == step + 1
    assert state.phase is Phase.SLAM and state.current == 0
    assert sum(card.is_trump for card in put) == trumps
    assert set(state.discard) == set(put)
    assert not any(card.is_king or card in BOUTS for card in put)
    assert len(state.hand(0)) == 18


# Each row: ordinary cards, cards put aside first, the card refused, and the rule.
REFUSED = [
    pytest.param(8, "", "KS", Rule.FORBIDDEN_DISCARD, id="King from the dog"),
    pytest.param(8, "", "KH", Rule.FORBIDDEN_DISCARD, id="King"),
    pytest.param(0, "", "KC", Rule.FORBIDDEN_DISCARD, id="King, trumps allowed"),
    pytest.param(0, "", "T1", Rule.FORBIDDEN_DISCARD, id="Petit, trumps allowed"),
    pytest.param(0, "", "T21", Rule.FORBIDDEN_DISCARD, id="21, trumps allowed"),
    pytest.param(0, "", "EX", Rule.FORBIDDEN_DISCARD, id="Excuse, trumps allowed"),
    pytest.param(8, "", "T1", Rule.FORBIDDEN_DISCARD, id="Petit"),
    pytest.param(8, "", "EX", Rule.FORBIDDEN_DISCARD, id="Excuse"),
    pytest.param(6, "", "T2", Rule.TRUMP_DISCARD_AVOIDABLE, id="trump with 6 low cards"),
    pytest.param(8, "2S 3S 4H", "T5", Rule.TRUMP_DISCARD_AVOIDABLE, id="trump, 8 low cards"),
    pytest.param(4, "T2 T3", "T4", Rule.TRUMP_DISCARD_AVOIDABLE, id="third trump of two"),
    pytest.param(5, "T2", "T3", Rule.TRUMP_DISCARD_AVOIDABLE, id="second trump of one"),
    pytest.param(5, "T2 2S 3S 4H", "T3", Rule.TRUMP_DISCARD_AVOIDABLE, id="late extra trump"),
    pytest.param(8, "", "10S", Rule.CARD_NOT_IN_HAND, id="another seat's card"),
    pytest.param(8, "2S", "2S", Rule.CARD_NOT_IN_HAND, id="card already put aside"),
    pytest.param(3, "T2", "T2", Rule.CARD_NOT_IN_HAND, id="trump already put aside"),
]


@pytest.mark.parametrize(("ordinary", "before", "card", "rule"), REFUSED)
def test_refused_discards(ordinary: int, before: str, card: str, rule: Rule) -> None:
    state = play_out(take(ordinary), [Discard(c) for c in cards(before)])
    assert state.phase is Phase.DISCARD
    assert_refused(state, Discard(card), rule)
    assert not is_legal(state, Discard(card))


@pytest.mark.parametrize(
    "action",
    [
        Play("2S"),
        Pass(),
        Bid(Contract.GARDE_CONTRE),
        AnnounceSlam(),
        DeclareHandful(f"T{rank}" for rank in range(1, 11)),
    ],
    ids=str,
)
@pytest.mark.parametrize("done", [0, 3, 5])
def test_other_actions_are_refused_during_the_ecart(
    action: Play | Pass | Bid | AnnounceSlam | DeclareHandful, done: int
) -> None:
    state = take(8)
    state = play_out(state, [Discard(card) for card in ORDINARY[:done]])
    assert_refused(state, action, Rule.WRONG_PHASE)


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_only_the_taker_puts_cards_aside(seat: int) -> None:
    state = take(8)
    error = assert_refused(state, Discard("2S"), Rule.NOT_YOUR_TURN, seat=seat)
    assert error.seat == 0
    assert is_legal(state, Discard("2S"), seat=0)


def test_the_ecart_ends_after_six_cards() -> None:
    state = take(8, Contract.PETITE, taker=2, dealer=0)
    for number, card in enumerate(ORDINARY[:6]):
        assert state.phase is Phase.DISCARD
        state = apply(state, Discard(card))
        assert state.discard == tuple(sorted(ORDINARY[: number + 1]))
        assert state.history[-1] == Discard(card)
        assert state.current == 2
    assert state.phase is Phase.SLAM
    assert legal_actions(state) == (Pass(), AnnounceSlam())
    assert_refused(state, Discard(ORDINARY[6]), Rule.WRONG_PHASE)


@pytest.mark.parametrize("contract", [Contract.GARDE_SANS, Contract.GARDE_CONTRE])
@pytest.mark.parametrize(("taker", "dealer"), [(0, 3), (2, 3), (1, 2)])
@pytest.mark.parametrize("seed", range(3))
def test_no_ecart_and_no_dog_in_any_hand_without_the_dog(
    contract: Contract, taker: int, dealer: int, seed: int
) -> None:
    start = deal({taker: "T2 T3 T4"}, "KS 5D T9 EX 1C 2C", dealer=dealer)
    words = [str(Bid(contract)) if (dealer + 1 + k) % 4 == taker else "pass" for k in range(4)]
    state = play_out(start, words)
    assert state.phase is Phase.SLAM and state.current == taker
    assert state.hands == start.hands
    assert_refused(state, Discard("2S"), Rule.WRONG_PHASE)
    assert_refused(state, Discard("KS"), Rule.WRONG_PHASE)
    rng = random.Random(seed)
    dog = set(start.dog)
    while not state.is_terminal:
        assert state.dog == start.dog and state.discard == ()
        assert not dog & {card for hand in state.hands for card in hand}
        assert sum(map(len, state.hands)) + len(state.current_trick) + 4 * len(state.tricks) == 72
        state = apply(state, rng.choice(legal_actions(state)))
    assert state.phase is Phase.DONE
    assert not dog & {card for trick in state.tricks for card in trick.cards}


@given(st.integers(min_value=0, max_value=2**32 - 1), st.sampled_from(list(Contract)[:2]))
def test_random_ecarts_follow_the_rules(seed: int, contract: Contract) -> None:
    rng = random.Random(seed)
    state = biddable_deal(seed, rng)
    state = play_out(state, [Bid(contract), Pass(), Pass(), Pass()])
    taker = state.taker
    assert taker is not None
    low = sum(1 for card in state.hand(taker) if card.suit is not None and not card.is_king)
    for step in range(6):
        hand = state.hand(taker)
        low_left = [card for card in hand if card.suit is not None and not card.is_king]
        spare = [card for card in hand if card.is_trump and card not in BOUTS]
        expected = set(low_left) | (set(spare) if len(low_left) < 6 - step else set())
        assert discards(state) == expected
        state = apply(state, Discard(rng.choice(sorted(expected))))
    assert state.phase is Phase.SLAM
    assert sum(card.is_trump for card in state.discard) == max(0, 6 - low)
    assert len(state.hand(taker)) == 18


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_the_taker_takes_the_dog_and_puts_aside_as_many(rules: Rules) -> None:
    """After a Petite, the five-player taker calls first; every taker puts the dog's size aside."""
    state = new_deal(seed=1, rules=rules)
    state = play_out(state, ["petite"] + ["pass"] * (rules.seats - 1))
    if rules.calls_partner:
        assert state.phase is Phase.CALL
        state = play_out(state, ["call KS"])
    assert state.phase is Phase.DISCARD
    taker = state.taker
    assert taker == 1
    assert len(state.hand(taker)) == rules.hand_size + rules.dog_size
    for _ in range(rules.dog_size):
        assert state.phase is Phase.DISCARD
        discard = next(a for a in legal_actions(state) if isinstance(a, Discard))
        state = apply(state, discard)
    assert state.phase is Phase.SLAM
    assert len(state.discard) == rules.dog_size
    assert len(state.hand(taker)) == rules.hand_size


# ---------------------------------------------------------------------------------------------
# Properties along random deals.


def _ordinary(cards: Sequence[Card]) -> int:
    return sum(1 for card in cards if card.suit is not None and not card.is_king)


def _check_ecart(steps: list[tuple[State, Action | None]]) -> None:
    start = next((state for state, _a in steps if state.phase is Phase.DISCARD), None)
    if start is None:
        return
    assert start.taker is not None
    size = start.rules.dog_size
    forced = max(0, size - _ordinary(start.hand(start.taker)))
    for state, _action in steps:
        ecart = state.discard
        assert not any(card.is_king or card.is_bout for card in ecart)
        trumps = sum(1 for card in ecart if card.is_trump)
        assert trumps <= forced
        if len(ecart) == size:
            # Trumps go to the écart only for want of ordinary cards, and then as few as
            # possible: exactly the shortfall.
            assert trumps == forced


@given(walks())
def test_the_ecart_never_holds_a_king_or_a_bout(steps: Walk) -> None:
    _check_ecart(list(walk(*steps)))


@given(
    scarce_ecart_deals(None),
    st.sampled_from((Contract.PETITE, Contract.GARDE)),
    choices(6, min_steps=6),
)
def test_the_ecart_holds_trumps_only_for_want_of_ordinary_cards(
    spec: DealSpec, contract: Contract, picks: tuple[int, ...]
) -> None:
    state = spec.deal()
    rules = state.rules
    assert state.phase is Phase.BIDDING  # the Petit is with the taker: no petit sec
    words: list[Action] = [Bid(contract), *[Pass()] * (rules.seats - 1)]
    for word in words:
        state = apply(state, word)
    if state.phase is Phase.CALL:
        state = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.DISCARD
    assert state.taker == (spec.dealer + 1) % rules.seats
    steps = list(walk(state, picks[: rules.dog_size]))
    assert steps[-1][0].phase is Phase.SLAM
    assert len(steps[-1][0].discard) == rules.dog_size
    _check_ecart(steps)
