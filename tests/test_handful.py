"""Handfuls (poignées): valid displays, the offered displays, when one may be shown, the
écart's trumps, and the sizes and bonuses of each table."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import (
    DECK,
    FIVE_PLAYER,
    FOUR_PLAYER,
    THREE_PLAYER,
    Bid,
    Card,
    Contract,
    DeclareHandful,
    Discard,
    Handful,
    IllegalActionError,
    Phase,
    Play,
    Rule,
    Rules,
    State,
    apply,
    is_legal,
    legal_actions,
)
from frenchtarot.scoring import HandfulBonus
from tests.builders import (
    assert_refused,
    biddable_deal,
    cards,
    deal,
    full_hand,
    legal_plays,
    play_out,
    run,
)
from tests.reference import reference_score

EXCUSE = Card.parse("EX")
SIZES = (10, 13, 15)
PLAIN = [card for card in DECK if card.suit is not None]


def declarations(state: State) -> list[DeclareHandful]:
    return [action for action in legal_actions(state) if isinstance(action, DeclareHandful)]


def first_card(relevant: str, position: int = 0, *, taker: int | None = None) -> State:
    """Seat ``position`` about to play its first card, holding ``relevant`` and plain cards.

    The dealer is 3, so seat 0 leads; a Garde sans is bid by ``taker`` (by default the seat
    after the one tested); the seats before play their lowest legal card.
    """
    seat = position
    state = deal({seat: full_hand(relevant)}, dealer=3)
    assert state.phase is Phase.BIDDING
    taker = (seat + 1) % 4 if taker is None else taker
    state = play_out(state, ["garde_sans" if s == taker else "pass" for s in range(4)] + ["pass"])
    for _ in range(position):
        state = apply(state, Play(min(legal_plays(state))))
    assert state.current == seat and not state.tricks
    return state


def check_accepted(state: State, action: DeclareHandful) -> State:
    seat = state.current
    assert seat is not None
    after = apply(state, action)
    assert after.handfuls == (*state.handfuls, Handful(seat, tuple(sorted(action.cards))))
    assert after.handfuls[-1].size == len(action.cards)
    # Declaring does not pass the turn, and changes nothing else.
    assert after.current == seat and after.phase is Phase.PLAY
    assert after.hands == state.hands and after.current_trick == state.current_trick
    assert after.history == (*state.history, action)
    # The same seat now plays; no second handful is offered.
    assert declarations(after) == []
    assert legal_plays(after) == legal_plays(state)
    return after


# Each row: trumps (and Excuse) held, the cards shown, and the rule refusing the display or
# None when it is accepted.
DISPLAYS = [
    pytest.param(run(2, 11), run(2, 11), None, id="10 of 10"),
    pytest.param(run(2, 12), run(3, 12), None, id="10 of 11, lowest hidden"),
    pytest.param(run(2, 12), run(2, 12), Rule.INVALID_HANDFUL, id="11 shown"),
    pytest.param(run(2, 12), run(2, 10), Rule.INVALID_HANDFUL, id="9 shown"),
    pytest.param(run(2, 13), run(2, 13), Rule.INVALID_HANDFUL, id="12 shown"),
    pytest.param(run(1, 13), run(1, 13), None, id="13 of 13"),
    pytest.param(run(1, 13), "T1 T3 T4 T5 T7 T8 T9 T11 T12 T13", None, id="any 10 of 13"),
    pytest.param(run(1, 15), run(1, 15), None, id="15 of 15"),
    pytest.param(run(1, 15), run(1, 14), Rule.INVALID_HANDFUL, id="14 shown"),
    pytest.param(run(1, 16), run(1, 16), Rule.INVALID_HANDFUL, id="16 shown"),
    pytest.param(run(1, 16), run(2, 16), None, id="15 of 16"),
    pytest.param(run(1, 16), run(4, 16), None, id="13 of 16, lowest hidden"),
    pytest.param(run(1, 16), run(7, 16), None, id="10 highest of 16"),
    pytest.param(run(5, 21, "EX"), run(5, 19), None, id="15 of 17 and Excuse"),
    pytest.param(run(2, 10, "EX"), run(2, 10, "EX"), None, id="9 and the Excuse"),
    pytest.param(run(2, 11, "EX"), run(2, 11), None, id="10, Excuse kept"),
    pytest.param(run(2, 11, "EX"), run(3, 11, "EX"), Rule.INVALID_HANDFUL, id="EX, trump hidden"),
    pytest.param(run(2, 11, "EX"), run(2, 11, "EX"), Rule.INVALID_HANDFUL, id="10 and EX: 11"),
    pytest.param(run(2, 13, "EX"), run(2, 13, "EX"), None, id="12 and the Excuse"),
    pytest.param(run(2, 13, "EX"), run(2, 11, "EX"), Rule.INVALID_HANDFUL, id="11 with EX"),
    pytest.param(run(2, 13, "EX"), run(4, 13, "EX"), Rule.INVALID_HANDFUL, id="EX, 2 hidden"),
    pytest.param(run(1, 14, "EX"), run(1, 14, "EX"), None, id="14 and the Excuse"),
    pytest.param(run(1, 14, "EX"), run(2, 14, "EX"), Rule.INVALID_HANDFUL, id="EX, Petit hidden"),
    pytest.param(run(2, 10, "EX"), run(2, 10, "1C"), Rule.INVALID_HANDFUL, id="a plain card"),
    pytest.param(run(2, 11), run(2, 10, "T12"), Rule.INVALID_HANDFUL, id="trump not held"),
    pytest.param(run(2, 11), run(2, 10, "EX"), Rule.INVALID_HANDFUL, id="Excuse not held"),
    pytest.param(run(2, 11), "", Rule.INVALID_HANDFUL, id="nothing shown"),
    pytest.param(run(2, 6), run(2, 6), Rule.INVALID_HANDFUL, id="5 trumps"),
    pytest.param(run(2, 6), run(2, 11), Rule.INVALID_HANDFUL, id="10 trumps, 5 held"),
]


@pytest.mark.parametrize("position", [0, 3])
@pytest.mark.parametrize(("held", "shown", "rule"), DISPLAYS)
def test_displays(held: str, shown: str, rule: Rule | None, position: int) -> None:
    state = first_card(held, position)
    action = DeclareHandful(cards(shown))
    if rule is None:
        assert is_legal(state, action)
        check_accepted(state, action)
    else:
        assert_refused(state, action, rule)
        assert not is_legal(state, action)


# Each row: trumps (and Excuse) held and the displays legal_actions offers, smallest first:
# the lowest trumps, the Excuse only when it must make up the number.
OFFERED = [
    pytest.param(run(2, 10), [], id="9: none"),
    pytest.param("", [], id="no trump: none"),
    pytest.param("EX", [], id="the Excuse alone: none"),
    pytest.param(run(2, 10, "EX"), [run(2, 10, "EX")], id="9 and the Excuse"),
    pytest.param(run(2, 11), [run(2, 11)], id="10"),
    pytest.param(run(2, 11, "EX"), [run(2, 11)], id="10 and the Excuse"),
    pytest.param(run(2, 12), [run(2, 11)], id="11: highest hidden"),
    pytest.param(run(2, 13, "EX"), [run(2, 11), run(2, 13, "EX")], id="12 and the Excuse"),
    pytest.param(run(1, 13), [run(1, 10), run(1, 13)], id="13"),
    pytest.param(run(1, 14, "EX"), [run(1, 10), run(1, 13), run(1, 14, "EX")], id="14 and EX"),
    pytest.param(run(1, 15, "EX"), [run(1, 10), run(1, 13), run(1, 15)], id="15 and EX"),
    pytest.param(run(1, 16), [run(1, 10), run(1, 13), run(1, 15)], id="16"),
    pytest.param(run(5, 21, "EX"), [run(5, 14), run(5, 17), run(5, 19)], id="17 and EX"),
    pytest.param(
        "T1 T3 T5 T7 T9 T11 T13 T15 T17 T19 T21",
        ["T1 T3 T5 T7 T9 T11 T13 T15 T17 T19"],
        id="11 scattered: the 21 hidden",
    ),
]


@pytest.mark.parametrize("position", [0, 1, 2, 3])
@pytest.mark.parametrize(("held", "offered"), OFFERED)
def test_offered_displays(held: str, offered: list[str], position: int) -> None:
    state = first_card(held, position)
    expected = [DeclareHandful(cards(shown)) for shown in offered]
    actions = legal_actions(state)
    assert list(actions[: len(expected)]) == expected
    assert all(isinstance(action, Play) for action in actions[len(expected) :])
    for action in expected:
        assert len(action.cards) in SIZES
        check_accepted(state, action)


@pytest.mark.parametrize("position", [0, 2])
def test_declaring_without_trumps_is_an_invalid_handful(position: int) -> None:
    """A player with no trump shows trumps they do not hold: the display is invalid."""
    state = first_card("", position)
    assert_refused(state, DeclareHandful(cards(run(1, 10))), Rule.INVALID_HANDFUL)


# ---------------------------------------------------------------------------------------
# The taker's écart trumps. The taker (seat 0, dealer 3, Petite) holds the four Kings and
# puts trumps aside because it has fewer than six low cards.


def taker_with_ecart(hand_trumps: str, low: str, ecart_trumps: str) -> State:
    """Seat 0 takes a Petite and puts ``low`` and ``ecart_trumps`` aside; the play starts."""
    mine = cards("KS KH KD KC " + low + " " + hand_trumps + " " + ecart_trumps)
    assert len(mine) == 24
    dog = mine[-6:]
    state = deal({0: " ".join(map(str, mine[:18]))}, " ".join(map(str, dog)), dealer=3)
    state = play_out(state, "petite pass pass pass")
    state = play_out(state, [Discard(card) for card in cards(low + " " + ecart_trumps)])
    state = play_out(state, "pass")
    assert state.phase is Phase.PLAY and state.current == 0
    assert {card for card in state.discard if card.is_trump} == set(cards(ecart_trumps))
    return state


ECART_OFFERED = [
    pytest.param(
        run(2, 15),
        "2S 3S 4S 5S 6S",
        "T20",
        [run(2, 10, "T20"), run(2, 13, "T20"), run(2, 15, "T20")],
        id="14 held and one put aside",
    ),
    pytest.param(
        run(2, 15),
        "2S 3S 4S 5S",
        "T19 T20",
        [run(2, 9, "T19 T20"), run(2, 12, "T19 T20"), run(2, 14, "T19 T20")],
        id="14 held and two put aside: the highest held is hidden",
    ),
    pytest.param(
        run(2, 14, "EX"),
        "2S 3S 4S 5S 6S",
        "T20",
        [run(2, 10, "T20"), run(2, 13, "T20"), run(2, 14, "T20 EX")],
        id="13 held, the Excuse, one put aside",
    ),
    pytest.param(
        run(8, 21),
        "2S 3S 4S",
        "T4 T5 T6",
        [run(8, 14, "T4 T5 T6"), run(8, 17, "T4 T5 T6"), run(8, 19, "T4 T5 T6")],
        id="three put aside",
    ),
]


@pytest.mark.parametrize(("held", "low", "aside", "offered"), ECART_OFFERED)
def test_ecart_trumps_count_and_are_shown_first(
    held: str, low: str, aside: str, offered: list[str]
) -> None:
    state = taker_with_ecart(held, low, aside)
    expected = [DeclareHandful(cards(shown)) for shown in offered]
    assert declarations(state) == expected
    for action in expected:
        check_accepted(state, action)


# Each row: as above, then a display and the rule refusing it (None: accepted).
ECART_DISPLAYS = [
    pytest.param(run(2, 15), "2S 3S 4S 5S 6S", "T20", run(2, 11), None, id="aside not shown"),
    pytest.param(run(2, 15), "2S 3S 4S 5S 6S", "T20", run(7, 15, "T20"), None, id="any 10"),
    pytest.param(run(2, 15), "2S 3S 4S 5S 6S", "T20", run(2, 16), Rule.INVALID_HANDFUL,
                 id="trump neither held nor aside"),
    pytest.param(run(2, 15), "2S 3S 4S 5S", "T19 T20", run(2, 14, "T20 T19"), None,
                 id="15 of 16 with both aside"),
    pytest.param(run(2, 15), "2S 3S 4S 5S", "T19 T20", run(2, 15, "T19 T20"),
                 Rule.INVALID_HANDFUL, id="16 shown"),
]  # fmt: skip


@pytest.mark.parametrize(("held", "low", "aside", "shown", "rule"), ECART_DISPLAYS)
def test_ecart_trump_displays(
    held: str, low: str, aside: str, shown: str, rule: Rule | None
) -> None:
    state = taker_with_ecart(held, low, aside)
    action = DeclareHandful(cards(shown))
    if rule is None:
        check_accepted(state, action)
    else:
        assert_refused(state, action, rule)


def test_a_defender_cannot_show_the_takers_ecart_trump() -> None:
    state = taker_with_ecart(run(2, 15), "2S 3S 4S 5S 6S", "T20")
    state = apply(state, Play("KS"))
    assert state.current == 1
    mine = [card for card in state.hand(1) if card.is_trump]
    assert len(mine) < 10  # seat 1 cannot make a handful with its own trumps
    shown = [*mine, *cards("T20")]
    shown += [card for card in DECK if card.is_trump and card not in shown][: 10 - len(shown)]
    assert_refused(state, DeclareHandful(shown), Rule.INVALID_HANDFUL)


# ---------------------------------------------------------------------------------------
# When a handful may be shown.


@pytest.mark.parametrize("position", [0, 1, 2, 3])
def test_only_once(position: int) -> None:
    state = first_card(run(1, 13), position)
    ten, thirteen = declarations(state)
    after = check_accepted(state, ten)
    for again in (ten, thirteen, DeclareHandful(cards(run(4, 13)))):
        assert_refused(after, again, Rule.HANDFUL_NOT_NOW)


@pytest.mark.parametrize("position", [0, 1, 2, 3])
def test_not_after_the_first_card(position: int) -> None:
    state = first_card(run(1, 13), position)
    seat = position
    while not state.tricks or state.current != seat:
        state = apply(state, Play(min(legal_plays(state), key=lambda c: -c.index)))
    assert state.phase is Phase.PLAY
    assert declarations(state) == []
    held = [card for card in state.hand(seat) if card.is_trump]
    assert len(held) >= 10  # the seat still holds enough for a handful
    assert_refused(state, DeclareHandful(held[:10]), Rule.HANDFUL_NOT_NOW)


def test_other_seats_may_show_after_one_did() -> None:
    hands = {0: full_hand(run(1, 11)), 1: "EX " + run(12, 20, "1H 2H 3H 4H 5H 6H 7H 8H")}
    state = deal(hands, dealer=3)
    state = play_out(state, "pass garde_contre pass pass pass")
    state = check_accepted(state, DeclareHandful(cards(run(1, 10))))
    state = apply(state, Play(min(legal_plays(state))))
    assert state.current == 1
    (offered,) = declarations(state)
    assert offered == DeclareHandful(cards("EX " + run(12, 20)))
    state = check_accepted(state, offered)
    assert [h.seat for h in state.handfuls] == [0, 1]


def test_only_the_seat_to_play_may_show() -> None:
    state = first_card(run(1, 13), 1)
    action = DeclareHandful(cards(run(1, 10)))
    for seat in (0, 2, 3):
        assert_refused(state, action, Rule.NOT_YOUR_TURN, seat=seat)
    assert is_legal(state, action, seat=1)


@pytest.mark.parametrize(
    "script", ["", "pass", "garde pass pass pass", "garde_sans pass pass pass"]
)
def test_no_handful_before_the_play(script: str) -> None:
    state = deal({0: full_hand(run(1, 13))}, dealer=3)
    state = play_out(state, script)
    assert state.phase is not Phase.PLAY
    assert_refused(state, DeclareHandful(cards(run(1, 10))), Rule.WRONG_PHASE)


def test_after_a_slam_announcement_the_taker_shows_then_leads() -> None:
    state = deal({2: full_hand(run(1, 15))}, dealer=0)
    state = play_out(state, "pass garde_contre pass pass slam")
    assert state.current == 2 and state.slam
    offered = declarations(state)
    assert [len(action.cards) for action in offered] == [10, 13, 15]
    for action in offered:
        check_accepted(state, action)


# ---------------------------------------------------------------------------------------
# Random hands: the engine against the handful rules written out plainly.


def reference_valid(hand: Iterable[Card], aside: Iterable[Card], shown: set[Card]) -> bool:
    held = {card for card in hand if card.is_trump} | set(aside)
    excuse = EXCUSE in set(hand)
    if len(shown) not in SIZES:
        return False
    if not shown <= held | ({EXCUSE} if excuse else set()):
        return False
    return EXCUSE not in shown or held <= shown


def reference_offer(hand: Iterable[Card], aside: Iterable[Card]) -> list[frozenset[Card]]:
    order = sorted(aside) + sorted(card for card in hand if card.is_trump)
    out = []
    for size in SIZES:
        if size <= len(order):
            out.append(frozenset(order[:size]))
        elif EXCUSE in set(hand) and size == len(order) + 1:
            out.append(frozenset([*order, EXCUSE]))
    return out


@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_displays(seed: int) -> None:
    rng = random.Random(seed)
    state = biddable_deal(seed, rng)
    state = play_out(state, [Bid(rng.choice(list(Contract)))] + ["pass"] * 3)
    while state.phase is not Phase.PLAY:
        state = apply(state, rng.choice(legal_actions(state)))
    trumps = [card for card in DECK if card.is_trump or card.is_excuse]
    for _ in range(4):
        seat = state.current
        assert seat is not None
        hand = state.hand(seat)
        aside = [c for c in state.discard if c.is_trump] if seat == state.taker else []
        offer = reference_offer(hand, aside)
        assert [d.cards for d in declarations(state)] == offer
        showable = [c for c in hand if c.is_trump or c.is_excuse] + aside
        for _ in range(6):
            pool = showable if rng.random() < 0.7 else trumps
            size = rng.choice([9, 10, 10, 11, 13, 13, 14, 15, 16])
            shown = set(rng.sample(pool, min(size, len(pool))))
            action = DeclareHandful(shown)
            valid = reference_valid(hand, aside, shown)
            assert is_legal(state, action) is valid, (sorted(shown), hand, aside)
        if offer and rng.random() < 0.5:
            state = check_accepted(state, DeclareHandful(rng.choice(offer)))
        state = apply(state, Play(rng.choice(sorted(legal_plays(state)))))
    assert len(state.tricks) == 1


# ---------------------------------------------------------------------------------------
# Every table: the sizes, the displays offered, the bonus in the score.


def about_to_lead(rules: Rules, relevant: str) -> State:
    """Seat 0 about to lead the first trick, holding ``relevant`` and plain filler.

    The dealer is the last seat, so seat 0 speaks first (and passes) and leads; seat 1 takes
    a Garde sans (with five players it then calls the King of Spades) and announces no slam.
    """
    mine = cards(relevant)
    filler = [card for card in PLAIN if card not in mine]
    hand = " ".join(map(str, mine + filler[: rules.hand_size - len(mine)]))
    state = deal({0: hand}, dealer=rules.seats - 1, rules=rules)
    assert state.phase is Phase.BIDDING
    words = ["pass", "garde_sans"] + ["pass"] * (rules.seats - 2)
    if rules.calls_partner:
        words.append("call KS")
    state = play_out(state, [*words, "pass"])
    assert state.phase is Phase.PLAY and state.current == 0 and not state.tricks
    return state


HELD_FOR_DISPLAYS = {
    THREE_PLAYER: run(1, 21, "EX"),
    FOUR_PLAYER: run(1, 17),
    FIVE_PLAYER: run(1, 15),
}

DISPLAY_SIZES = [
    *((THREE_PLAYER, size, size in (13, 15, 18)) for size in (10, 12, 13, 14, 15, 16, 18, 19, 21)),
    *((FOUR_PLAYER, size, size in (10, 13, 15)) for size in (8, 10, 13, 15, 17)),
    *((FIVE_PLAYER, size, size in (8, 10, 13)) for size in (7, 8, 9, 10, 13, 15)),
]


@pytest.mark.parametrize(
    ("rules", "size", "accepted"),
    DISPLAY_SIZES,
    ids=[f"{r.seats}p-{size}" for r, size, _ in DISPLAY_SIZES],
)
def test_handful_sizes_per_table(rules: Rules, size: int, accepted: bool) -> None:
    state = about_to_lead(rules, HELD_FOR_DISPLAYS[rules])
    action = DeclareHandful(cards(run(1, size)))
    if accepted:
        assert ft.is_legal(state, action)
        after = ft.apply(state, action)
        assert after.handfuls == (ft.Handful(0, tuple(cards(run(1, size)))),)
        assert after.handfuls[0].size == size
        assert after.current == 0 and after.phase is Phase.PLAY
    else:
        error = assert_refused(state, action, Rule.INVALID_HANDFUL)
        sizes = [threshold for threshold, _ in rules.handfuls]
        assert f"{sizes[0]}, {sizes[1]} or {sizes[2]} cards, not {size}" in str(error)


TABLE_OFFERED = [
    (THREE_PLAYER, run(1, 12), []),
    (THREE_PLAYER, run(1, 12, "EX"), [run(1, 12, "EX")]),
    (THREE_PLAYER, run(1, 13), [run(1, 13)]),
    (THREE_PLAYER, run(1, 14, "EX"), [run(1, 13), run(1, 14, "EX")]),
    (THREE_PLAYER, run(1, 17), [run(1, 13), run(1, 15)]),
    (THREE_PLAYER, run(1, 17, "EX"), [run(1, 13), run(1, 15), run(1, 17, "EX")]),
    (THREE_PLAYER, run(1, 21, "EX"), [run(1, 13), run(1, 15), run(1, 18)]),
    (FOUR_PLAYER, run(1, 9), []),
    (FOUR_PLAYER, run(1, 10), [run(1, 10)]),
    (FOUR_PLAYER, run(1, 16), [run(1, 10), run(1, 13), run(1, 15)]),
    (FIVE_PLAYER, run(1, 7), []),
    (FIVE_PLAYER, run(1, 7, "EX"), [run(1, 7, "EX")]),
    (FIVE_PLAYER, run(1, 8), [run(1, 8)]),
    (FIVE_PLAYER, run(1, 9), [run(1, 8)]),
    (FIVE_PLAYER, run(1, 10), [run(1, 8), run(1, 10)]),
    (FIVE_PLAYER, run(1, 13), [run(1, 8), run(1, 10), run(1, 13)]),
    (FIVE_PLAYER, run(1, 12), [run(1, 8), run(1, 10)]),
    (FIVE_PLAYER, run(1, 12, "EX"), [run(1, 8), run(1, 10), run(1, 12, "EX")]),
    (FIVE_PLAYER, run(1, 14, "EX"), [run(1, 8), run(1, 10), run(1, 13)]),
]


@pytest.mark.parametrize(
    ("rules", "held", "offered"),
    TABLE_OFFERED,
    ids=[f"{r.seats}p-{held.count('T')}{' EX' * ('EX' in held)}" for r, held, _ in TABLE_OFFERED],
)
def test_offered_displays_per_table(rules: Rules, held: str, offered: list[str]) -> None:
    state = about_to_lead(rules, held)
    expected = [DeclareHandful(cards(shown)) for shown in offered]
    assert declarations(state) == expected
    sizes = {threshold for threshold, _ in rules.handfuls}
    for action in expected:
        assert len(action.cards) in sizes
        assert ft.is_legal(state, action)
    actions = ft.legal_actions(state)
    assert all(isinstance(action, Play) for action in actions[len(expected) :])


BONUS_CASES = [
    (THREE_PLAYER, 13, 20),
    (THREE_PLAYER, 15, 30),
    (THREE_PLAYER, 18, 40),
    (FOUR_PLAYER, 10, 20),
    (FOUR_PLAYER, 13, 30),
    (FOUR_PLAYER, 15, 40),
    (FIVE_PLAYER, 8, 20),
    (FIVE_PLAYER, 10, 30),
    (FIVE_PLAYER, 13, 40),
]


@pytest.mark.parametrize(
    ("rules", "size", "bonus"),
    BONUS_CASES,
    ids=[f"{r.seats}p-{size}" for r, size, _ in BONUS_CASES],
)
def test_handful_bonus_in_the_score(rules: Rules, size: int, bonus: int) -> None:
    """Seat 0, a defender, shows a handful; the bonus goes to whichever camp wins.

    Seat 0 holds every trump up to the triple handful; the others cannot show one.
    """
    largest = max(size for rules_, size, _ in BONUS_CASES if rules_ is rules)
    state = about_to_lead(rules, run(1, largest))
    state = ft.apply(state, DeclareHandful(cards(run(1, size))))
    for seed in range(12):
        end = ft.rollout(state, random.Random(seed))
        result = ft.score(end)
        assert result.handfuls == (HandfulBonus(0, size, bonus if result.made else -bonus),)
        assert result == reference_score(end)


def test_only_the_taker_may_count_the_trumps_put_in_the_ecart() -> None:
    # Seat 1 takes with the four Kings, nine trumps and two small cards, and the dog holds
    # three trumps: one trump must go to the écart. Seat 2 holds seven trumps: with that
    # écart trump it would have eight, a handful.
    taker = "KS KH KD KC T1 T2 T3 T4 T5 T6 T7 T8 T9 1S 2S"
    rules = ft.FIVE_PLAYER
    state = deal({1: taker, 2: "T11 T12 T13 T14 T15 T16 T17"}, "T18 T19 T20", rules=rules)
    state = play_out(state, "petite pass pass pass pass call KS discard 1S discard 2S discard T9")
    assert [card for card in state.discard if card.is_trump] == [Card.parse("T9")]
    state = play_out(state, "pass")
    while state.current != 2:
        state = ft.apply(state, ft.legal_actions(state)[-1])
    assert not any(isinstance(a, ft.DeclareHandful) for a in ft.legal_actions(state))
    eight = ft.DeclareHandful(["T9", "T11", "T12", "T13", "T14", "T15", "T16", "T17"])
    with pytest.raises(IllegalActionError) as caught:
        ft.apply(state, eight)
    assert caught.value.rule is Rule.INVALID_HANDFUL
    assert "does not hold T9" in caught.value.detail
