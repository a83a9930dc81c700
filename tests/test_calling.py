"""The call of the five-player game: the cards the taker may call, the partner who holds the
called card, the camps in the score, the opening lead, and the secret of the partner.

(The five-player deal is in ``test_dealing.py``, its handfuls in ``test_handful.py``, its
scores on random deals against the reference in ``test_scoring.py``.)

Two complete deals, built card by card, serve several tests. In both, seat 4 deals, so seat 0
speaks and leads first, and seat 0 takes; the call is the only thing that changes from one
test case to the next, which moves the partner (or leaves the taker alone) while every card
is played the same way.

``DEAL_A`` (a Garde): seat 0 holds eleven trumps with the Petit and four low Hearts; seat 1
holds ten low trumps, the Excuse and the four Heart honours; seats 2, 3 and 4 hold no trump,
one plain suit each (Spades, Clubs, Diamonds) and two middle Hearts. Seat 0 draws trumps for
ten tricks (seat 1 plays the Excuse in the third), then seat 1 wins the last five tricks with
its Heart honours and, last, the 11 of trumps over the Petit.

``DEAL_B`` (a Garde sans): seat 0 holds thirteen trumps from the 9 up, the Petit and the King
of Spades, seat 1 every Heart and the Excuse. Seat 0 wins thirteen tricks with its trumps and
the fourteenth with the Petit, then leads the King of Spades; seat 1 plays the Excuse to it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from frenchtarot import (
    DECK,
    FIVE_PLAYER,
    FOUR_PLAYER,
    THREE_PLAYER,
    Action,
    Call,
    Camp,
    Card,
    Contract,
    DeclareHandful,
    ExcuseExchange,
    IllegalActionError,
    Pass,
    Phase,
    Play,
    Rule,
    Rules,
    Score,
    State,
    Suit,
    apply,
    deal_from,
    legal_actions,
    new_deal,
    observe,
    score,
)
from frenchtarot._core.calling import opening_lead_mask
from frenchtarot.scoring import HandfulBonus, PetitAuBout, SlamResult
from tests.builders import assert_refused, cards, deal, legal_plays, play_out

SEATS = range(5)
EXCUSE = Card.parse("EX")
KING, QUEEN, KNIGHT, JACK = 14, 13, 12, 11


def honours(*ranks: int) -> frozenset[Card]:
    return frozenset(Card(suit, rank) for suit in Suit for rank in ranks)


def mask(text: str) -> int:
    return sum(1 << card.index for card in cards(text))


# --- The call --------------------------------------------------------------------------------


def at_the_call(
    hands: dict[int, str], dog: str = "", *, words: str = "garde pass pass pass pass"
) -> State:
    """Seat 4 deals, the five words are said, and the taker is to call."""
    state = play_out(deal(hands, dog, dealer=4, rules=FIVE_PLAYER), words)
    assert state.phase is Phase.CALL
    return state


CALLABLE = [
    pytest.param("T21 T20 1S 2H 3D", honours(KING), id="an-ordinary-hand"),
    pytest.param("KS T21", honours(KING), id="one-king"),
    pytest.param("KS KH KD", honours(KING), id="three-kings"),
    pytest.param("KS KH KD KC", honours(KING, QUEEN), id="four-kings"),
    pytest.param("KS KH KD KC QS QH QD", honours(KING, QUEEN), id="four-kings-three-queens"),
    pytest.param(
        "KS KH KD KC QS QH QD QC", honours(KING, QUEEN, KNIGHT), id="four-kings-four-queens"
    ),
    pytest.param(
        "KS KH KD KC QS QH QD QC CS CH CD JS JH JD JC",
        honours(KING, QUEEN, KNIGHT),
        id="kings-queens-three-knights-four-jacks",
    ),
    pytest.param(
        "KS KH KD KC QS QH QD QC CS CH CD CC",
        honours(KING, QUEEN, KNIGHT, JACK),
        id="every-king-queen-and-knight",
    ),
    pytest.param(
        "KS KH KD KC QS QH QD QC CS CH CD CC JS JH JD",
        honours(KING, QUEEN, KNIGHT, JACK),
        id="every-king-queen-knight-and-three-jacks",
    ),
    pytest.param("KS KH KD QS QH QD QC", honours(KING), id="three-kings-four-queens"),
    pytest.param("QS QH QD QC CS CH CD CC", honours(KING), id="queens-and-knights-no-king"),
]


@pytest.mark.parametrize(("hand", "allowed"), CALLABLE)
def test_the_cards_the_taker_may_call(hand: str, allowed: frozenset[Card]) -> None:
    state = at_the_call({0: hand})
    assert state.current == state.taker == 0
    offered = legal_actions(state)
    assert offered == tuple(Call(card) for card in sorted(allowed))
    for card in DECK:
        if card in allowed:
            called = apply(state, Call(card))
            assert called.called == card
            assert called.history[-1] == Call(card)
        else:
            error = assert_refused(state, Call(card), Rule.CARD_NOT_CALLABLE)
            assert error.seat == 0


@pytest.mark.parametrize(
    "script",
    [
        pytest.param("", id="bidding"),
        pytest.param("garde pass pass pass pass call KS", id="ecart"),
        pytest.param("garde_sans pass pass pass pass call KS", id="slam-decision"),
        pytest.param("garde_sans pass pass pass pass call KS pass", id="play"),
    ],
)
def test_a_call_outside_the_call_phase_is_refused(script: str) -> None:
    state = play_out(deal({0: "T21"}, dealer=4, rules=FIVE_PLAYER), script)
    assert_refused(state, Call("KH"), Rule.WRONG_PHASE)


CONTRACTS = [pytest.param(contract, id=contract.name.lower()) for contract in Contract]


@pytest.mark.parametrize("taker", SEATS)
@pytest.mark.parametrize("contract", CONTRACTS)
def test_the_call_comes_after_the_bidding_and_before_the_dog(
    contract: Contract, taker: int
) -> None:
    start = new_deal(seed=2, dealer=4, rules=FIVE_PLAYER)
    assert start.phase is Phase.BIDDING
    words = ["pass"] * 5
    words[taker] = contract.name.lower()
    state = play_out(start, words)
    assert state.phase is Phase.CALL
    assert (state.current, state.taker, state.contract) == (taker, taker, contract)
    assert state.called is None and state.partner is None
    assert [len(hand) for hand in state.hands] == [15] * 5
    assert all(isinstance(action, Call) for action in legal_actions(state))
    for seat in SEATS:
        seen = observe(state, seat)
        assert seen.hand_sizes == (15,) * 5
        assert seen.dog is None, f"seat {seat} sees the dog before the call"
        assert "dog" not in str(seen)
    called = apply(state, legal_actions(state)[0])
    assert called.called is not None
    if contract.dog_is_shown:
        assert called.phase is Phase.DISCARD
        assert called.current == taker
        assert len(called.hand(taker)) == 18
        assert set(called.dog) <= set(called.hand(taker))
        for seat in SEATS:
            assert observe(called, seat).dog == called.dog
        for _ in range(3):
            assert called.phase is Phase.DISCARD
            called = apply(called, legal_actions(called)[0])
        assert len(called.discard) == 3
    assert called.phase is Phase.SLAM
    assert called.current == taker
    assert len(called.hand(taker)) == 15
    played = apply(called, Pass())
    assert played.phase is Phase.PLAY
    assert played.current == 0


@pytest.mark.parametrize("rules", [THREE_PLAYER, FOUR_PLAYER], ids=lambda rules: rules.name)
@pytest.mark.parametrize("contract", CONTRACTS)
def test_no_call_with_three_or_four_players(rules: Rules, contract: Contract) -> None:
    state = deal({0: "T1 T2 T3 T4"}, dealer=rules.seats - 1, rules=rules)
    state = play_out(state, [contract.name.lower()] + ["pass"] * (rules.seats - 1))
    assert state.phase is (Phase.DISCARD if contract.dog_is_shown else Phase.SLAM)
    assert state.called is None and state.partner is None
    assert state.attackers == (0,)
    assert_refused(state, Call("KS"), Rule.WRONG_PHASE)


def test_five_passes_annul_the_deal_without_a_call() -> None:
    state = play_out(deal({0: "T21"}, dealer=4, rules=FIVE_PLAYER), ["pass"] * 5)
    assert state.phase is Phase.ANNULLED
    assert state.called is None and state.partner is None
    assert score(state).deltas == (0,) * 5
    assert_refused(state, Call("KS"), Rule.GAME_OVER)


# --- The partner -----------------------------------------------------------------------------

# Each row: the cards placed, the dog, the bidding, the call, the partner; then the seats
# that know the taker plays alone once the card is called.
PARTNERS = [
    pytest.param({0: "T21", 3: "KH"}, "", "garde pass pass pass pass", "KH", 3, (), id="seat-3"),
    pytest.param({0: "T21", 1: "KH"}, "", "petite pass pass pass pass", "KH", 1, (), id="seat-1"),
    pytest.param(
        {3: "T21", 0: "KD"}, "", "pass pass pass garde_contre pass", "KD", 0, (), id="taker-3"
    ),
    pytest.param(
        {0: "KS KH KD KC", 2: "QH"}, "", "garde pass pass pass pass", "QH", 2, (), id="queen"
    ),
    pytest.param(
        {0: "KS KH KD KC QS QH QD QC", 4: "CD"},
        "",
        "garde_sans pass pass pass pass",
        "CD",
        4,
        (),
        id="knight",
    ),
    pytest.param({0: "KH"}, "", "garde pass pass pass pass", "KH", None, (0,), id="own-king"),
    pytest.param(
        {0: "KS KH KD KC", 3: "QC"},
        "",
        "garde pass pass pass pass",
        "KC",
        None,
        (0,),
        id="own-king-holding-four",
    ),
    pytest.param(
        {0: "T21"}, "KH", "petite pass pass pass pass", "KH", None, SEATS, id="dog-petite"
    ),
    pytest.param({0: "T21"}, "KH", "garde pass pass pass pass", "KH", None, SEATS, id="dog-garde"),
    pytest.param(
        {0: "T21"}, "KH", "garde_sans pass pass pass pass", "KH", None, (), id="dog-sans"
    ),
    pytest.param(
        {0: "T21"}, "KH", "garde_contre pass pass pass pass", "KH", None, (), id="dog-contre"
    ),
]


@pytest.mark.parametrize(("hands", "dog", "words", "call", "partner", "knows_alone"), PARTNERS)
def test_the_partner_is_the_holder_of_the_called_card(
    hands: dict[int, str],
    dog: str,
    words: str,
    call: str,
    partner: int | None,
    knows_alone: Sequence[int],
) -> None:
    state = at_the_call(hands, dog, words=words)
    taker = state.taker
    assert taker is not None
    state = apply(state, Call(call))
    assert state.called == Card.parse(call)
    assert state.partner == partner
    assert state.attackers == ((taker,) if partner is None else tuple(sorted((taker, partner))))
    for seat in SEATS:
        seen = observe(state, seat)
        assert seen.called == Card.parse(call)
        assert seen.partner == (partner if seat == partner else None)
        assert seen.alone is (seat in knows_alone)
        line = next(line for line in str(seen).splitlines() if line.startswith("called"))
        if seat == partner:
            assert line == f"called {call}, partner {partner}"
        elif seat in knows_alone:
            assert line == f"called {call}, the taker plays alone"
        else:
            assert line == f"called {call}, partner unknown"


# --- Two complete deals ----------------------------------------------------------------------

DEAL_A = (
    "T1 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 1H 2H 3H 4H",
    "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 EX JH CH QH KH",
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS CS QS KS 5H 6H",
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC CC QC KC 7H 8H",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD CD QD KD 9H 10H",
)
DOG_A = "1S 1D 1C"
TRICKS_A = """
    T21 T2  2S  2C  2D
    T20 T3  3S  3C  3D
    T19 EX  4S  4C  4D
    T18 T4  5S  5C  5D
    T17 T5  6S  6C  6D
    T16 T6  7S  7C  7D
    T15 T7  8S  8C  8D
    T14 T8  9S  9C  9D
    T13 T9  10S 10C 10D
    T12 T10 JS  JC  JD
    4H  KH  5H  7H  9H
    QH  6H  8H  10H 3H
    CH  CS  CC  CD  2H
    JH  QS  QC  QD  1H
    T11 KS  KC  KD  T1
"""

DEAL_B = (
    "T1 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 KS",
    "EX 1H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH CH QH KH",
    "T2 T3 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS CS QS",
    "T4 T5 T6 2D 3D 4D 5D 6D 7D 8D 9D 10D JD CD QD",
    "T7 T8 2C 3C 4C 5C 6C 7C 8C 9C 10C JC CC QC KC",
)
DOG_B = "1D KD 1C"
TRICKS_B = """
    T21 1H  T2  T4  T7
    T20 2H  T3  T5  T8
    T19 3H  1S  T6  2C
    T18 4H  2S  2D  3C
    T17 5H  3S  3D  4C
    T16 6H  4S  4D  5C
    T15 7H  5S  5D  6C
    T14 8H  6S  6D  7C
    T13 9H  7S  7D  8C
    T12 10H 8S  8D  9C
    T11 JH  9S  9D  10C
    T10 CH  10S 10D JC
    T9  QH  JS  JD  CC
    T1  KH  CS  CD  QC
    KS  EX  QS  QD  KC
"""


def deal_a(call: str, *, handful: Action | None = None, tricks: int = 15) -> State:
    opening: list[str | Action] = [] if handful is None else [handful]
    state = deal_from([hand.split() for hand in DEAL_A], DOG_A.split(), dealer=4)
    return play_out(
        state,
        [
            *["garde", "pass", "pass", "pass", "pass"],
            f"call {call}",
            *(f"discard {card}" for card in DOG_A.split()),
            "pass",
            *opening,
            *TRICKS_A.split()[: 5 * tricks],
        ],
    )


def deal_b(call: str, *, handful: Action | None = None) -> State:
    opening: list[str | Action] = [] if handful is None else [handful]
    state = deal_from([hand.split() for hand in DEAL_B], DOG_B.split(), dealer=4)
    return play_out(
        state,
        ["garde_sans", *["pass"] * 4, f"call {call}", "pass", *opening, *TRICKS_B.split()],
    )


def test_the_complete_deals_are_played_as_described() -> None:
    state = deal_a("KH")
    assert state.rules == FIVE_PLAYER
    assert state.phase is Phase.DONE
    assert [trick.winner for trick in state.tricks] == [0] * 10 + [1] * 5
    state = deal_b("KH")
    assert state.phase is Phase.DONE
    assert [trick.winner for trick in state.tricks] == [0] * 14 + [1]


def lost_a(partner: int, deltas: tuple[int, ...], call: str) -> Score:
    return Score(
        annulment=None,
        taker=0,
        contract=Contract.GARDE,
        multiplier=2,
        taker_points=33.5,
        defence_points=57.5,
        bouts=1,
        target=51,
        made=False,
        margin=18,
        petit_au_bout=PetitAuBout(Camp.DEFENCE, -20),
        handfuls=(),
        slam=SlamResult(announced=False, made_by=None, value=0),
        unit=-106,
        deltas=deltas,
        called=Card.parse(call),
        partner=partner,
    )


# Deal A with seat 1 as partner: the attack takes every card, 91 points with the three bouts
# (target 36, made by 55): (25 + 55) x 2, petit au bout +20, unannounced slam +200.
# With seat 1 in defence, the attack has the ten trump tricks and the écart: seat 0's trumps
# T12-T21 (9), seat 1's T2-T10 (4.5), the three defenders' 2 to Jack (3 x 6) and the écart
# (1.5), and 0.5 for the Excuse seat 1 keeps: 33.5 with one bout (target 51); the defence's
# half point makes it 33, lost by 18: -(25 + 18) x 2, petit au bout to the defence -20.
SCORES_A = [
    pytest.param(
        "KH",
        Score(
            annulment=None,
            taker=0,
            contract=Contract.GARDE,
            multiplier=2,
            taker_points=91.0,
            defence_points=0.0,
            bouts=3,
            target=36,
            made=True,
            margin=55,
            petit_au_bout=PetitAuBout(Camp.ATTACK, 20),
            handfuls=(),
            slam=SlamResult(announced=False, made_by=Camp.ATTACK, value=200),
            unit=380,
            deltas=(760, 380, -380, -380, -380),
            called=Card.parse("KH"),
            partner=1,
        ),
        "seat 0 (called KH, with seat 1) garde (x2) made by 55",
        id="partner-1-made",
    ),
    pytest.param(
        "KS",
        lost_a(2, (-212, 106, -106, 106, 106), "KS"),
        "seat 0 (called KS, with seat 2) garde (x2) lost by 18",
        id="partner-2-lost",
    ),
    pytest.param(
        "KC",
        lost_a(3, (-212, 106, 106, -106, 106), "KC"),
        "seat 0 (called KC, with seat 3) garde (x2) lost by 18",
        id="partner-3-lost",
    ),
    pytest.param(
        "KD",
        lost_a(4, (-212, 106, 106, 106, -106), "KD"),
        "seat 0 (called KD, with seat 4) garde (x2) lost by 18",
        id="partner-4-lost",
    ),
]


@pytest.mark.parametrize(("call", "expected", "text"), SCORES_A)
def test_a_complete_deal_scored_by_hand(call: str, expected: Score, text: str) -> None:
    state = deal_a(call)
    result = score(state)
    assert result == expected
    assert str(result).startswith(text)
    assert sum(result.deltas) == 0
    for seat in SEATS:
        seen = observe(state, seat)
        assert seen.score == expected
        assert seen.partner == expected.partner
        assert seen.alone is False


# Deal B: the attack always takes every card (91, three bouts, made by 55 as a Garde sans:
# (25 + 55) x 4 = 320) and every trick, so the slam made unannounced adds 200. Only with
# seat 1 as partner does its Excuse take the last trick, which puts the Petit of the trick
# before "au bout" (+10 x 4).
SCORES_B = [
    pytest.param(
        "KH", 1, 1, PetitAuBout(Camp.ATTACK, 40), 560, (1120, 560, -560, -560, -560), id="KH-1"
    ),
    pytest.param("KC", 4, 0, None, 520, (1040, -520, -520, -520, 520), id="KC-4"),
    pytest.param("KD", None, 0, None, 520, (2080, -520, -520, -520, -520), id="KD-in-the-dog"),
    pytest.param("KS", None, 0, None, 520, (2080, -520, -520, -520, -520), id="KS-own-king"),
]


@pytest.mark.parametrize(("call", "partner", "last_winner", "petit", "unit", "deltas"), SCORES_B)
def test_the_slam_exception_works_for_the_partner(
    call: str,
    partner: int | None,
    last_winner: int,
    petit: PetitAuBout | None,
    unit: int,
    deltas: tuple[int, ...],
) -> None:
    state = deal_b(call)
    assert state.partner == partner
    assert state.tricks[-1].winner == last_winner
    result = score(state)
    assert (result.taker_points, result.bouts, result.target, result.margin) == (91, 3, 36, 55)
    assert result.petit_au_bout == petit
    assert result.slam == SlamResult(announced=False, made_by=Camp.ATTACK, value=200)
    assert (result.unit, result.deltas, result.partner) == (unit, deltas, partner)
    for seat in SEATS:
        assert observe(state, seat).excuse_exchanges == ()
    with_whom = "alone" if partner is None else f"with seat {partner}"
    assert f"(called {call}, {with_whom})" in str(result)


@pytest.mark.parametrize(
    ("call", "taker_points", "winners"),
    [
        pytest.param("KH", 91.0, "attack", id="partner-1"),
        pytest.param("KS", 33.5, "defence", id="partner-2"),
        pytest.param("KC", 33.5, "defence", id="partner-3"),
    ],
)
def test_a_trick_won_by_the_partner_counts_for_the_attack(
    call: str, taker_points: float, winners: str
) -> None:
    state = deal_a(call)
    assert {trick.winner for trick in state.tricks[10:]} == {1}
    assert (1 in state.attackers) is (winners == "attack")
    assert score(state).taker_points == taker_points


@pytest.mark.parametrize(
    ("call", "exchanges", "bouts"),
    [
        pytest.param("KH", (), 3, id="partner-plays-it"),
        pytest.param("KC", (ExcuseExchange(trick=2, giver=1, receiver=0),), 1, id="defender"),
    ],
)
def test_the_partners_excuse_in_a_trick_of_the_taker_is_not_exchanged(
    call: str, exchanges: tuple[ExcuseExchange, ...], bouts: int
) -> None:
    state = deal_a(call)
    assert state.tricks[2].winner == 0
    assert state.tricks[2].seat_of(EXCUSE) == 1
    for seat in SEATS:
        assert observe(state, seat).excuse_exchanges == exchanges
    assert score(state).bouts == bouts


@pytest.mark.parametrize(
    ("call", "tricks", "seeing"),
    [
        pytest.param("KC", 3, (3,), id="KC-after-3"),
        pytest.param("KC", 14, (3,), id="KC-after-14"),
        pytest.param("KC", 15, SEATS, id="KC-at-the-end"),
        pytest.param("KS", 3, (2,), id="KS-after-3"),
        pytest.param("KS", 14, (2,), id="KS-after-14"),
    ],
)
def test_the_excuse_exchange_is_listed_only_for_seats_that_know_the_camps(
    call: str, tricks: int, seeing: Sequence[int]
) -> None:
    state = deal_a(call, tricks=tricks)
    exchange = ExcuseExchange(trick=2, giver=1, receiver=0)
    for seat in SEATS:
        assert observe(state, seat).excuse_exchanges == ((exchange,) if seat in seeing else ())


@pytest.mark.parametrize(
    ("call", "petit"),
    [
        pytest.param("KH", PetitAuBout(Camp.ATTACK, 20), id="partner-wins-it"),
        pytest.param("KD", PetitAuBout(Camp.DEFENCE, -20), id="defender-wins-it"),
    ],
)
def test_petit_au_bout_won_by_the_partner_is_for_the_attack(call: str, petit: PetitAuBout) -> None:
    state = deal_a(call)
    last = state.tricks[-1]
    assert last.winner == 1 and last.seat_of(Card.parse("T1")) == 0
    assert score(state).petit_au_bout == petit


def handful(text: str) -> DeclareHandful:
    return DeclareHandful(cards(text))


# The taker shows a handful before its first card; the bonus goes to the camp that wins the
# deal, on top of the units worked out above (380 and -106 for deal A, 560 and 520 for B).
COMPLETE_HANDFULS = [
    pytest.param(deal_a, "KH", "T12 T13 T14 T15 T16 T17 T18 T19", 20, 400, id="A-8-made"),
    pytest.param(deal_a, "KH", "T12 T13 T14 T15 T16 T17 T18 T19 T20 T21", 30, 410, id="A-10-made"),
    pytest.param(
        deal_a, "KC", "T12 T13 T14 T15 T16 T17 T18 T19 T20 T21", -30, -136, id="A-10-lost"
    ),
    pytest.param(
        deal_b, "KH", "T1 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20", 40, 600, id="B-13"
    ),
    pytest.param(deal_b, "KD", "T14 T15 T16 T17 T18 T19 T20 T21", 20, 540, id="B-8-alone"),
]


@pytest.mark.parametrize(("play", "call", "shown", "bonus", "unit"), COMPLETE_HANDFULS)
def test_a_handful_in_a_complete_deal(
    play: Callable[..., State], call: str, shown: str, bonus: int, unit: int
) -> None:
    result = score(play(call, handful=handful(shown)))
    size = len(shown.split())
    assert result.handfuls == (HandfulBonus(0, size, bonus),)
    assert result.unit == unit
    assert sum(result.deltas) == 0


# --- The opening lead ------------------------------------------------------------------------

NOT_HEARTS = "T5 T6 EX 1S 2S 3S 1D 2D 1C 2C 3C"

# Each row: who leads (seat 0 after a pass at the slam decision, the taker seat 2 after
# announcing one), the leader's fifteen cards, the dog, the call, and the cards it may lead.
OPENING_LEADS = [
    pytest.param("first-seat", NOT_HEARTS + " 1H 2H 3H QH", "", "KH", NOT_HEARTS, id="defender"),
    pytest.param(
        "first-seat",
        NOT_HEARTS + " 1H 2H 3H KH",
        "",
        "KH",
        NOT_HEARTS + " KH",
        id="partner-may-lead-the-king",
    ),
    pytest.param(
        "first-seat",
        "1H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH CH QH KH EX",
        "",
        "KH",
        "EX KH",
        id="partner-with-every-heart",
    ),
    pytest.param(
        "first-seat",
        "1H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH CH QH EX 1S",
        "",
        "KH",
        "EX 1S",
        id="thirteen-hearts",
    ),
    pytest.param(
        "first-seat",
        "T5 T6 T7 1S 2S 3S 4S 5S 6S 7S 1D 2D 3D 1C 2C",
        "",
        "KH",
        "T5 T6 T7 1S 2S 3S 4S 5S 6S 7S 1D 2D 3D 1C 2C",
        id="no-heart",
    ),
    pytest.param(
        "first-seat", NOT_HEARTS + " 1H 2H 3H QH", "KH", "KH", NOT_HEARTS, id="king-in-the-dog"
    ),
    pytest.param(
        "first-seat",
        "T5 T6 EX 1S 2S 3S 1H 2H 1C 2C 3C 1D 2D 3D QD",
        "",
        "QD",
        "T5 T6 EX 1S 2S 3S 1H 2H 1C 2C 3C QD",
        id="partner-may-lead-the-queen",
    ),
    pytest.param(
        "taker",
        "T21 T20 T19 T18 T17 T16 T15 1D 2D 3D 1S 2S 1H 2H EX",
        "",
        "KD",
        "T21 T20 T19 T18 T17 T16 T15 1S 2S 1H 2H EX",
        id="taker-after-a-slam",
    ),
    pytest.param(
        "taker",
        "T21 T20 T19 T18 T17 T16 T15 T14 KH 1H 2H 3H 1S 2S EX",
        "",
        "KH",
        "T21 T20 T19 T18 T17 T16 T15 T14 KH 1S 2S EX",
        id="taker-alone-with-its-king",
    ),
    pytest.param(
        "taker",
        "KS KH KD KC T21 T20 T19 T18 T17 T16 1H 2H 1S 2S EX",
        "",
        "QH",
        "KS KD KC T21 T20 T19 T18 T17 T16 1S 2S EX",
        id="taker-calls-a-queen",
    ),
]


def allowed_in(error: IllegalActionError) -> set[Card]:
    """The cards a refusal of a play says the seat may play."""
    seat, allowed = error.detail.split(" may play ")
    assert seat == f"seat {error.seat}"
    return set(cards(allowed))


def reach_opening(
    leader: str, hand: str, dog: str, call: str, placed: dict[int, str] | None = None
) -> tuple[State, int]:
    """Seat 2 takes a Garde sans and calls; seat 0 leads after a pass, seat 2 after a slam.

    When the call is not a King, the taker holds the four Kings."""
    seat = 2 if leader == "taker" else 0
    placed = {**(placed or {}), seat: hand}
    if Card.parse(call).rank != KING and leader != "taker":
        placed[2] = "KS KH KD KC"
    state = deal(placed, dog, dealer=4, rules=FIVE_PLAYER)
    slam = "slam" if leader == "taker" else "pass"
    state = play_out(state, f"pass pass garde_sans pass pass call {call} {slam}")
    assert state.phase is Phase.PLAY and state.current == seat
    return state, seat


@pytest.mark.parametrize(("leader", "hand", "dog", "call", "allowed"), OPENING_LEADS)
def test_the_opening_lead_avoids_the_called_suit(
    leader: str, hand: str, dog: str, call: str, allowed: str
) -> None:
    state, seat = reach_opening(leader, hand, dog, call)
    assert set(state.hand(seat)) == set(cards(hand))
    assert legal_plays(state) == set(cards(allowed))
    suit = Card.parse(call).suit
    for card in state.hand(seat):
        if card in cards(allowed):
            assert apply(state, Play(card)).current_trick == (card,)
        else:
            assert card.suit is suit
            error = assert_refused(state, Play(card), Rule.CALLED_SUIT_LEAD)
            assert allowed_in(error) == set(cards(allowed))


@pytest.mark.parametrize(
    ("hand", "called", "allowed"),
    [
        pytest.param("1H 2H 3H KH", "KH", "1H 2H 3H KH", id="only-hearts-with-the-king"),
        pytest.param("1H 2H 3H", "KH", "1H 2H 3H", id="only-hearts"),
        pytest.param("1H 2H 3H EX", "KH", "EX", id="hearts-and-the-excuse"),
        pytest.param("1H 2H T1", "KH", "T1", id="hearts-and-a-trump"),
        pytest.param("1H 2H QH 1S", "QH", "QH 1S", id="called-queen"),
    ],
)
def test_a_leader_holding_only_the_called_suit_may_lead_it(
    hand: str, called: str, allowed: str
) -> None:
    """A hand of fifteen cards always holds a card outside the called suit (a suit has 14), so
    this part of the rule is pinned on the mask function the engine uses."""
    assert opening_lead_mask(mask(hand), Card.parse(called).index) == mask(allowed)


def test_after_the_excuse_is_led_the_next_card_may_be_of_the_called_suit() -> None:
    state, _ = reach_opening("first-seat", NOT_HEARTS + " 1H 2H 3H QH", "", "KH", {1: "4H 5H"})
    state = apply(state, Play("EX"))
    assert state.current == 1
    hearts = {card for card in state.hand(1) if card.suit is Suit.HEARTS}
    assert hearts
    assert hearts <= legal_plays(state)


def test_the_restriction_is_for_the_first_trick_only() -> None:
    placed = {0: "KS 1H 2H 3H T5", 1: "1S", 2: "2S T21", 3: "3S", 4: "4S"}
    state = deal(placed, dealer=4, rules=FIVE_PLAYER)
    state = play_out(state, "pass pass garde_sans pass pass call KH pass")
    assert_refused(state, Play("1H"), Rule.CALLED_SUIT_LEAD)
    state = apply(state, Play("KS"))
    for _ in range(4):
        state = apply(state, Play(min(legal_plays(state))))
    assert state.tricks[0].winner == 0
    assert state.current == 0
    assert {Card.parse(card) for card in ("1H", "2H", "3H")} <= legal_plays(state)
    assert apply(state, Play("1H")).current_trick == (Card.parse("1H"),)


# --- The secret partner ----------------------------------------------------------------------


def random_path(seed: int) -> list[State]:
    rng = random.Random(seed)
    state = new_deal(seed=seed, dealer=seed % 5, rules=FIVE_PLAYER)
    path = [state]
    while not state.is_terminal:
        state = apply(state, rng.choice(legal_actions(state)))
        path.append(state)
    return path


def called_is_played(state: State) -> bool:
    called = state.called
    return called is not None and (
        called in state.current_trick or any(called in trick.cards for trick in state.tricks)
    )


def exchanged(start: State, a: int | None, b: int, first: Card, second: Card) -> State:
    """The deal ``start`` with ``first`` (held by ``a``, or in the dog for ``None``) and
    ``second`` (held by ``b``) exchanged."""
    hands = [list(start.hand(seat)) for seat in SEATS]
    dog = list(start.dog)
    holder = dog if a is None else hands[a]
    holder[holder.index(first)] = second
    hands[b][hands[b].index(second)] = first
    return deal_from(hands, dog, dealer=start.dealer, rules=FIVE_PLAYER)


def refusal(state: State, action: Action) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        apply(state, action)
    return caught.value


def compare_with_twin(
    path: list[State], twin: State, observers: list[int], stop: set[Card]
) -> int:
    """Replay the deal of ``path`` on ``twin`` and check that each observer sees the same in
    both, until one of the ``stop`` cards is played. Returns the number of observations."""
    history = path[-1].history
    count = 0
    for number, state in enumerate(path):
        for seat in observers:
            mine, other = observe(state, seat), observe(twin, seat)
            assert mine == other, f"seat {seat} tells the twins apart at step {number}"
            assert mine.key == other.key
            assert mine.legal_actions == other.legal_actions
            if number % 5 == 0 or mine.is_my_turn:
                assert str(mine) == str(other)
            if state.phase is Phase.PLAY and state.current == seat:
                for card in sorted(stop):
                    mine_error, other_error = refusal(state, Play(card)), refusal(twin, Play(card))
                    assert mine_error.rule is other_error.rule
                    assert str(mine_error) == str(other_error)
            count += 2
        if number == len(history):
            break
        action = history[number]
        if isinstance(action, Play) and action.card in stop:
            break
        twin = apply(twin, action)
    return count


def check_knowledge(path: list[State]) -> int:
    """Check what each seat knows of the camps at every step; return the observations made."""
    final = path[-1]
    called, partner, taker = final.called, final.partner, final.taker
    in_dog = called is not None and called in final.dog
    dog_shown = final.contract is not None and final.contract.dog_is_shown
    own = called is not None and taker is not None and called in path[0].hand(taker)
    count = 0
    for state in path:
        revealed = called_is_played(state) or state.phase is Phase.DONE
        for seat in SEATS:
            seen = observe(state, seat)
            count += 1
            if state.called is None:
                assert (seen.partner, seen.alone) == (None, False)
            elif revealed:
                assert (seen.partner, seen.alone) == (partner, partner is None)
            elif partner is not None:
                assert seen.partner == (partner if seat == partner else None)
                assert seen.alone is False
                if seat != partner:
                    assert seen.excuse_exchanges == ()
            else:
                assert seen.partner is None
                knows = (seat == taker and own) or (dog_shown and in_dog)
                assert seen.alone is knows
            if state.current == seat and state.phase is Phase.PLAY:
                own_cards = set(state.hand(seat))
                illegal = [card for card in DECK if card not in legal_plays(state)]
                assert allowed_in(refusal(state, Play(illegal[0]))) <= own_cards
    return count


def twins_of(path: list[State]) -> list[tuple[State, list[int], set[Card]]]:
    """Deals no seat but two can tell from this one before the called card is played: the
    called card exchanged with a card of its suit from a defender's hand, that defender then
    holding the called card. Each comes with the seats that must not tell them apart and the
    two exchanged cards."""
    final, start = path[-1], path[0]
    called, partner, taker = final.called, final.partner, final.taker
    if called is None or taker is None:
        return []
    holder: int | None
    if partner is not None:
        holder = partner
    elif called in final.dog and not (final.contract and final.contract.dog_is_shown):
        holder = None
    else:
        return []
    twins = []
    for other in SEATS:
        if other in (taker, partner):
            continue
        same_suit = [card for card in start.hand(other) if card.suit is called.suit]
        if not same_suit:
            continue
        swap = same_suit[0]
        twin = exchanged(start, holder, other, called, swap)
        observers = [seat for seat in SEATS if seat not in (partner, other)]
        twins.append((twin, observers, {called, swap}))
    return twins


def check_the_partner_is_secret(seeds: range) -> tuple[int, int]:
    """Random deals, every state, every seat: who knows the partner (or that the taker is
    alone), and when. Then, for each deal, twins where a defender holds the called card
    instead (exchanged with a card of its suit, so every action stays legal until one of the
    two is played): every seat but the two holders sees the same in both deals, down to the
    text, the key, the actions offered and the refusals of the two exchanged cards.

    Returns the twins compared and the observations made."""
    observations = twinned = 0
    for seed in seeds:
        path = random_path(seed)
        observations += check_knowledge(path)
        for twin, observers, stop in twins_of(path):
            observations += compare_with_twin(path, twin, observers, stop)
            twinned += 1
    return twinned, observations


def test_only_the_partner_knows_the_partner_until_the_called_card_is_played() -> None:
    twinned, observations = check_the_partner_is_secret(range(10))
    assert twinned >= 20
    assert observations >= 9_000


@pytest.mark.soak
def test_soak_only_the_partner_knows_the_partner(soak_deals: int) -> None:
    """The same on ``FRENCHTAROT_SOAK_DEALS // 50`` more deals (200 by default)."""
    deals = max(1, soak_deals // 50)
    twinned, observations = check_the_partner_is_secret(range(10, 10 + deals))
    assert twinned >= deals and observations >= 100 * deals


def test_a_hidden_dog_with_the_called_king_looks_like_a_partner() -> None:
    """Under Garde contre the taker is alone with the called King in the dog, and in the twin
    seat 2 holds it: nobody else can tell the two deals apart before seat 2 plays the King or
    the card it was exchanged with."""
    start = deal({0: "T21 T20", 2: "1H 2H"}, "KH", dealer=4, rules=FIVE_PLAYER)
    twin = exchanged(start, None, 2, Card.parse("KH"), Card.parse("1H"))
    path = [start]
    for action in ["garde_contre", "pass", "pass", "pass", "pass", "call KH", "pass"]:
        path.append(play_out(path[-1], [action]))
    rng = random.Random(5)
    while not path[-1].is_terminal:
        path.append(apply(path[-1], rng.choice(legal_actions(path[-1]))))
    assert (path[-1].partner, play_out(twin, path[-1].history[:6]).partner) == (None, 2)
    assert compare_with_twin(path, twin, [0, 1, 3, 4], set(cards("KH 1H"))) > 100
    assert check_knowledge(path) == 5 * len(path)
