"""Playing to tricks: which cards may be played, who wins, who holds a trick in progress, and
nothing after the last trick (the Excuse on a slam's last trick is in ``test_slam.py``).

Most tests put a seat in the first trick of a Garde sans (dealer 3, so seat 0 leads): the
cards already played, and the seat's trumps, Excuse and cards of the suit led are given
exactly; the rest of the pack is dealt so that the earlier cards were legal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from frenchtarot import (
    DECK,
    AnnounceSlam,
    Bid,
    Card,
    Contract,
    Discard,
    Pass,
    Phase,
    Play,
    Rule,
    State,
    apply,
    deal_from,
    is_legal,
    legal_actions,
)
from frenchtarot._core.tricks import winning_position
from tests.builders import (
    assert_refused,
    autoplay,
    biddable_deal,
    cards,
    deal,
    legal_plays,
    lowest_card,
    play_out,
)


def _led(played: Sequence[Card]) -> Card | None:
    """The card that sets the suit of a trick: the first one that is not the Excuse."""
    return next((card for card in played if not card.is_excuse), None)


def _top_trump(played: Sequence[Card]) -> int:
    return max((card.rank for card in played if card.is_trump), default=0)


def _keeps_legal(before: Sequence[Card], card: Card) -> Callable[[Card], bool]:
    """Which extra cards a seat may hold and still be allowed to play ``card`` after ``before``.

    Written from the rules, only to deal hands in which the given earlier cards were legal:
    the engine itself refuses them otherwise, so a wrong answer here cannot hide a bug.
    """
    led = _led(before)
    top = _top_trump(before)
    if led is None or card.is_excuse or (card.suit is not None and card.suit is led.suit):
        return lambda extra: True
    if card.is_trump:

        def keeps(extra: Card) -> bool:
            if not led.is_trump and extra.suit is led.suit:
                return False  # holding the led suit, the seat could not have trumped
            return card.rank > top or not (extra.is_trump and extra.rank > top)

        return keeps
    # A plain card off the led suit: the seat held neither that suit nor a trump.
    return lambda extra: not extra.is_trump and (led.is_trump or extra.suit is not led.suit)


def first_trick(played: str, hand: str | None = None, *, taker: int = 0) -> State:
    """The first trick of a Garde sans by ``taker`` (dealer 3), after ``played``.

    Args:
        played: The cards played so far, from seat 0 on (all four: the trick is complete).
        hand: The trumps, Excuse and cards of the led suit of the seat to act; the rest of
            its hand is plain cards of the other suits. ``None`` leaves it free.
        taker: The taker's seat.
    """
    plays = cards(played)
    seat = len(plays)
    fixed: dict[int, list[Card]] = {s: [plays[s]] for s in range(seat)}
    allowed: dict[int, Callable[[Card], bool]] = {
        s: _keeps_legal(plays[:s], plays[s]) for s in range(seat)
    }
    if hand is not None:
        fixed[seat] = cards(hand)
        led = _led(plays)
        allowed[seat] = lambda extra: (
            extra.suit is not None and (led is None or extra.suit is not led.suit)
        )
    room = {s: 18 - len(fixed.get(s, [])) for s in range(4)}
    room[4] = 6  # the dog
    used = {card for group in fixed.values() for card in group}
    assert len(used) == sum(map(len, fixed.values())), "a card is given twice"
    spare = [card for card in DECK if card not in used]

    def places(card: Card) -> list[int]:
        return [p for p in range(5) if p == 4 or p not in allowed or allowed[p](card)]

    dealt: dict[int, list[Card]] = {p: list(fixed.get(p, [])) for p in range(5)}
    # The Petit goes to the dog when it can, so that no hand is a petit sec.
    spare.sort(key=lambda card: (not card.is_trump or card.rank != 1, len(places(card))))
    for card in spare:
        options = [p for p in places(card) if room[p] > 0]
        assert options, f"cannot deal {card} for {played!r} / {hand!r}"
        place = max(options, key=lambda p: (p == 4 and card.rank == 1 and card.is_trump, room[p]))
        dealt[place].append(card)
        room[place] -= 1
    state = deal_from([dealt[s] for s in range(4)], dealt[4], dealer=3)
    assert state.phase is Phase.BIDDING, f"not a playable deal: {state.annulment}"
    words = ["garde_sans" if s == taker else "pass" for s in range(4)]
    state = play_out(state, [*words, "pass", *(str(card) for card in plays)])
    if seat < 4:
        assert state.current == seat and len(state.current_trick) == seat
    if hand is not None:
        assert set(cards(hand)) <= set(state.hand(seat))
    return state


# ---------------------------------------------------------------------------------------
# Which cards may be played.

# Each row: cards already in the trick (from seat 0), the seat's trumps, Excuse and cards of
# the led suit, and the cards among those it may play; "*" means its whole hand.
LEGAL = [
    pytest.param("", "T3 5H KS EX", "*", id="lead: anything"),
    pytest.param("", "", "*", id="lead without trumps: anything"),
    pytest.param("5H", "2H KH T4 EX", "2H KH EX", id="follow, low or high"),
    pytest.param("5H", "2H T4 T20", "2H", id="follow rather than trump"),
    pytest.param("5H T6", "2H T10 EX", "2H EX", id="follow even when the trick is trumped"),
    pytest.param("5H 9H KH", "7H T12", "7H", id="follow, not obliged to overtake"),
    pytest.param("5H", "T4 T15 EX", "T4 T15 EX", id="void: must trump, any trump"),
    pytest.param("5H", "T4 T15", "T4 T15", id="void: must trump"),
    pytest.param("5H T10", "T4 T12 T15", "T12 T15", id="void: must overtrump"),
    pytest.param("5H T10", "T4 T12 EX", "T12 EX", id="void: overtrump or Excuse"),
    pytest.param("5H T18", "T4 T15", "T4 T15", id="void, cannot overtrump: undertrump"),
    pytest.param("5H T18 T20", "T4 T19", "T4 T19", id="must beat the highest, not the last"),
    pytest.param("5H T10 T2", "T4 T12", "T12", id="highest trump is not the last card"),
    pytest.param("5H", "", "*", id="no suit, no trump: any card"),
    pytest.param("5H", "EX", "*", id="no suit, no trump, Excuse: any card"),
    pytest.param("5H T10", "", "*", id="no suit, no trump, trumped trick: any card"),
    pytest.param("5H 3S", "T2 T5", "T2 T5", id="discard in the trick: any trump"),
    pytest.param("5H 3S T9", "T2 T12", "T12", id="discard then trump: overtrump"),
    pytest.param("T8", "T3 T12 5S", "T12", id="trumps led: overtrump"),
    pytest.param("T8", "T3 T12 EX", "T12 EX", id="trumps led: overtrump or Excuse"),
    pytest.param("T20", "T3 T12", "T3 T12", id="trumps led, cannot overtrump: any trump"),
    pytest.param("T8", "", "*", id="trumps led, no trump: any card"),
    pytest.param("T8 T14", "T10 T16", "T16", id="trumps led then raised"),
    pytest.param("T8 T14 T2", "T10 T16", "T16", id="trumps led, raised, undertrumped"),
    pytest.param("T21", "T1 T2 EX", "T1 T2 EX", id="the 21 led: any trump"),
    pytest.param("EX", "T3 5H KS", "*", id="Excuse led: anything"),
    pytest.param("EX 5H", "2H T3", "2H", id="Excuse led: second card sets the suit"),
    pytest.param("EX 5H", "T3 T9", "T3 T9", id="Excuse led: void in second card's suit"),
    pytest.param("EX T7", "T3 T9", "T9", id="Excuse led: trump second, overtrump"),
    pytest.param("EX 5H T7", "T3 T9", "T9", id="Excuse led: heart, trump, overtrump"),
    pytest.param("5H EX", "2H T3", "2H", id="Excuse second: the lead still sets the suit"),
    pytest.param("5H EX T4", "T3 T9", "T9", id="Excuse second, trumped: overtrump"),
    pytest.param("1H", "T1 T21", "T1 T21", id="void under an Ace: any trump"),
]


@pytest.mark.parametrize(("played", "relevant", "expected"), LEGAL)
def test_legal_cards(played: str, relevant: str, expected: str) -> None:
    state = first_trick(played, relevant)
    seat = state.current
    assert seat is not None
    hand = set(state.hand(seat))
    wanted = hand if expected == "*" else set(cards(expected))
    assert legal_plays(state) == wanted
    for card in hand:
        assert is_legal(state, Play(card)) is (card in wanted)


# Overtrumping does not depend on who played the highest trump: a defender must overtrump
# a fellow defender as well as the taker. Each row: trick, relevant cards, taker, legal.
PARTNER = [
    pytest.param("5H T10", "T4 T12", 3, "T12", id="defender over defender (taker 3)"),
    pytest.param("5H T10", "T4 T12", 0, "T12", id="defender over defender (taker 0)"),
    pytest.param("5H 2H T10", "T4 T12", 1, "T12", id="defender over defender (taker 1)"),
    pytest.param("T5 T10", "T4 T12", 3, "T12", id="trumps led by defenders"),
    pytest.param("5H T10", "T4 T12", 2, "T12", id="taker over a defender"),
    pytest.param("T5 T10 T11", "T4 T12", 1, "T12", id="defender over taker and partners"),
]


@pytest.mark.parametrize(("played", "relevant", "taker", "expected"), PARTNER)
def test_overtrump_whoever_played_the_highest_trump(
    played: str, relevant: str, taker: int, expected: str
) -> None:
    state = first_trick(played, relevant, taker=taker)
    assert state.taker == taker
    assert legal_plays(state) == set(cards(expected))
    assert_refused(state, "T4", Rule.MUST_OVERTRUMP)


# Each row: cards in the trick, the seat's relevant cards, the refused card and the rule.
# Cards not given in a row go to some other seat or the dog.
REFUSED = [
    pytest.param("5H", "2H T4", "T4", Rule.MUST_FOLLOW_SUIT, id="trump instead of suit"),
    pytest.param("5H", "2H T4", "3S", Rule.MUST_FOLLOW_SUIT, id="other suit instead of suit"),
    pytest.param("5H T6", "2H T10", "T10", Rule.MUST_FOLLOW_SUIT, id="overtrump instead"),
    pytest.param("5H", "T4", "3S", Rule.MUST_TRUMP, id="void: discard instead of trump"),
    pytest.param("5H T10", "T4 T12", "3S", Rule.MUST_TRUMP, id="void: discard, trumped"),
    pytest.param("5H T10", "T4 T12", "T4", Rule.MUST_OVERTRUMP, id="undertrump, could over"),
    pytest.param("T8", "T3 T12", "T3", Rule.MUST_OVERTRUMP, id="trumps led: undertrump"),
    pytest.param("T8", "T3 T12", "3S", Rule.MUST_FOLLOW_SUIT, id="trumps led: no trump"),
    pytest.param("EX 5H", "2H T3", "T3", Rule.MUST_FOLLOW_SUIT, id="after Excuse lead"),
    pytest.param("EX 5H", "2H T3", "3S", Rule.MUST_FOLLOW_SUIT, id="after Excuse lead, suit"),
    pytest.param("EX T7", "T3 T9", "T3", Rule.MUST_OVERTRUMP, id="after Excuse, trump lead"),
    pytest.param("5H", "2H", "KH", Rule.CARD_NOT_IN_HAND, id="another seat's card"),
    pytest.param("5H", "2H", "EX", Rule.CARD_NOT_IN_HAND, id="Excuse not held"),
    pytest.param("5H", "2H", "5H", Rule.CARD_NOT_IN_HAND, id="card already played"),
    pytest.param("", "T2 5H", "T21", Rule.CARD_NOT_IN_HAND, id="lead a card not held"),
    pytest.param("5H", "T4", "T21", Rule.CARD_NOT_IN_HAND, id="trump not held"),
]


@pytest.mark.parametrize(("played", "relevant", "card", "rule"), REFUSED)
def test_refused_cards(played: str, relevant: str, card: str, rule: Rule) -> None:
    state = first_trick(played, relevant)
    assert_refused(state, Play(card), rule)
    assert not is_legal(state, Play(card))


# ---------------------------------------------------------------------------------------
# Who wins a trick. Each row: the four cards from seat 0 (the leader) and the winning seat.
WINNERS = [
    pytest.param("5H 9H 2H KH", 3, id="highest of the led suit"),
    pytest.param("1H 2H 3S 4D", 1, id="the Ace is the lowest"),
    pytest.param("10H JH CH QH", 3, id="queen over knight over jack over ten"),
    pytest.param("KH QH CH JH", 0, id="king highest"),
    pytest.param("5H KS 2H KD", 0, id="off-suit kings never win"),
    pytest.param("2S KH 3S KD", 2, id="off-suit kings never win, low spade does"),
    pytest.param("5H T1 KH 2H", 1, id="the Petit beats the suit"),
    pytest.param("5H T1 KH T2", 3, id="highest trump"),
    pytest.param("5H T21 T1 2H", 1, id="the 21 highest"),
    pytest.param("T3 EX T2 5S", 0, id="trump led, Excuse never wins"),
    pytest.param("EX 5H KH 2H", 2, id="Excuse led: next card sets the suit"),
    pytest.param("EX 5H KS T2", 3, id="Excuse led, then trumped"),
    pytest.param("EX T5 T10 T3", 2, id="Excuse led, trumps"),
    pytest.param("EX 5H 4S 3D", 1, id="Excuse led, the next card wins alone"),
    pytest.param("5H EX 2H 3H", 0, id="Excuse in a suit trick"),
    pytest.param("5H 7H EX 6H", 1, id="Excuse third"),
    pytest.param("5H 7H 6H EX", 1, id="Excuse fourth"),
    pytest.param("T20 T21 T1 EX", 1, id="all trumps and the Excuse"),
]


@pytest.mark.parametrize(("played", "winner"), WINNERS)
def test_trick_winner(played: str, winner: int) -> None:
    four = cards(played)
    state = first_trick(played)
    assert len(state.tricks) == 1
    trick = state.tricks[0]
    assert trick.leader == 0
    assert trick.cards == tuple(four)
    assert trick.winner == winner
    assert state.current == winner == state.leader
    assert state.current_trick == ()
    assert all(trick.seat_of(card) == seat for seat, card in enumerate(four))


# Who holds a trick in progress (what SimplePlayer asks): the position of the card that
# would win it now.


def indices(text: str) -> tuple[int, ...]:
    return tuple(Card.parse(word).index for word in text.split())


@pytest.mark.parametrize(
    ("trick", "position"),
    [
        ("EX", 0),  # nothing beats the Excuse yet: its player holds the trick for now
        ("EX 2H", 1),
        ("EX 2H KH", 2),
        ("KH EX", 0),
        ("2H KS 3H", 2),
        ("2H T1", 1),
        ("EX T1 T2", 2),
        ("KH QH JH", 0),
        ("T5 T3 EX 1S", 0),
        ("1S 2S 3S 4S 5S", 4),
    ],
)
def test_the_card_holding_a_trick(trick: str, position: int) -> None:
    assert winning_position(indices(trick)) == position


# ---------------------------------------------------------------------------------------
# Refusals that are about the phase, the turn or the end of the deal.


def test_play_out_of_turn() -> None:
    state = first_trick("5H", "2H T4")
    for seat in (0, 2, 3):
        assert_refused(state, "2H", Rule.NOT_YOUR_TURN, seat=seat)
        assert not is_legal(state, Play("2H"), seat=seat)
    assert is_legal(state, Play("2H"), seat=1)
    assert apply(state, Play("2H"), seat=1).current == 2


@pytest.mark.parametrize(
    "action",
    [
        Pass(),
        Bid(Contract.GARDE_CONTRE),
        Discard("2H"),
        AnnounceSlam(),
    ],
    ids=str,
)
@pytest.mark.parametrize("played", ["", "5H", "5H 3H"])
def test_other_actions_are_refused_during_the_play(
    action: Pass | Bid | Discard | AnnounceSlam, played: str
) -> None:
    state = first_trick(played, "2H T4")
    assert_refused(state, action, Rule.WRONG_PHASE)


@pytest.mark.parametrize("phase_script", ["pass pass pass", "garde pass pass pass", ""])
def test_no_card_before_the_play(phase_script: str) -> None:
    state = play_out(deal({0: "T2 T3"}, dealer=3), phase_script)
    assert state.phase in (Phase.BIDDING, Phase.DISCARD)
    assert_refused(state, Play(state.hand(state.current or 0)[-1]), Rule.WRONG_PHASE)


@pytest.mark.parametrize("card", ["T5", "5H", "EX"])
def test_nothing_after_the_last_trick(card: str) -> None:
    state = play_out(deal({1: "T2 T3"}, dealer=0), "garde_contre pass pass pass pass")
    done = autoplay(state, lowest_card)
    assert done.phase is Phase.DONE and done.is_terminal and done.current is None
    assert len(done.tricks) == 18 and legal_actions(done) == ()
    assert done.current_trick == () and done.leader is None
    assert all(done.hand(seat) == () for seat in range(4))
    assert_refused(done, Play(card), Rule.GAME_OVER)
    assert_refused(done, Play(card), Rule.GAME_OVER, seat=1)
    assert_refused(done, Pass(), Rule.GAME_OVER)


def _camp(state: State, seat: int) -> bool:
    return seat == state.taker


# ---------------------------------------------------------------------------------------
# A cross-check on random deals against the rules written out plainly.


def reference_legal(hand: Sequence[Card], played: Sequence[Card]) -> set[Card]:
    """The cards of ``hand`` the rules allow on ``played`` (the rules, written plainly)."""
    led = _led(played)
    if led is None:
        return set(hand)
    excuse = {card for card in hand if card.is_excuse}
    if not led.is_trump:
        same = {card for card in hand if card.suit is led.suit}
        if same:
            return same | excuse
    trumps = {card for card in hand if card.is_trump}
    if not trumps:
        return set(hand)
    top = _top_trump(played)
    higher = {card for card in trumps if card.rank > top}
    return (higher or trumps) | excuse


def reference_winner(played: Sequence[Card]) -> int:
    """The position of the card that wins a trick, without the last-trick exception."""
    ranked = [
        (card.is_trump, card.rank, pos)
        for pos, card in enumerate(played)
        if card.is_trump or (not card.is_excuse and card.suit is _suit(played))
    ]
    return max(ranked)[2]


def _suit(played: Sequence[Card]) -> object:
    led = _led(played)
    assert led is not None
    return led.suit


@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_play_matches_the_rules(seed: int) -> None:
    rng = random.Random(seed)
    state = biddable_deal(seed, rng)
    contract = rng.choice(list(Contract))
    state = play_out(state, [Bid(contract), Pass(), Pass(), Pass()])
    while state.phase is not Phase.PLAY:
        state = apply(state, rng.choice(legal_actions(state)))
    while state.phase is Phase.PLAY:
        seat = state.current
        assert seat is not None
        expected = reference_legal(state.hand(seat), state.current_trick)
        assert legal_plays(state) == expected
        card = rng.choice(sorted(expected))
        before = state
        state = apply(state, Play(card))
        assert before.hand(seat) == tuple(sorted({*state.hand(seat), card}))
        if len(state.tricks) > len(before.tricks):
            trick = state.tricks[-1]
            winner = (trick.leader + reference_winner(trick.cards)) % 4
            excuse = Card.parse("EX")
            if len(state.tricks) == 18 and excuse in trick.cards:
                owner = trick.seat_of(excuse)
                camp = _camp(state, owner)
                if all(_camp(state, t.winner) == camp for t in state.tricks[:-1]):
                    winner = owner
            assert trick.winner == winner
            assert trick.leader == before.leader
    assert state.phase is Phase.DONE
    assert len(state.tricks) == 18
