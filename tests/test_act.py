"""``frenchtarot.act``, the server's entry point: texts read in the acting seat's own view, and
refusals that tell a seat nothing its observation does not.

The twin tests: two deals that differ only by two cards a seat has never seen (at five
players, often the called card, so that the partner differs) must give that seat, for every
text or action it sends, the same outcome: the same error (type, code, rule and message), or
states in which its observation is the same.
"""

from __future__ import annotations

import itertools
import random
import string
from collections.abc import Iterator

import pytest

import frenchtarot as ft
from frenchtarot import (
    DECK,
    RULES_BY_SEATS,
    Action,
    AnnounceSlam,
    Bid,
    Call,
    Contract,
    DeclareHandful,
    Discard,
    IllegalActionError,
    Pass,
    Play,
    Rule,
    State,
)
from frenchtarot.errors import NotationError, TarotError, TarotTypeError
from frenchtarot.rules import LUDICASH
from tests.builders import twin_for

TABLES = [pytest.param(rules, id=rules.name) for rules in RULES_BY_SEATS.values()]

Outcome = tuple[str, ...]


def outcome(state: State, sent: Action | str, seat: int) -> Outcome:
    """What ``seat`` learns from sending ``sent``: the refusal, or its view afterwards."""
    try:
        after = ft.act(state, sent, seat)
    except IllegalActionError as error:
        return ("refused", error.code, error.rule.code, str(error))
    except TarotError as error:
        return ("refused", error.code, type(error).__name__, str(error))
    return ("accepted", repr(ft.observe(after, seat)))


# --- What act reads, and what it refuses ----------------------------------------------------


def test_a_text_is_read_in_the_acting_seats_view() -> None:
    state = ft.new_deal(seed=1)
    assert ft.act(state, "garde", 1).contract is Contract.GARDE
    assert ft.act(state, "  PASSE ", 1).history == (Pass(),)
    assert ft.act(state, "garde", 1) == ft.act(state, Bid(Contract.GARDE), 1)


def test_a_card_alone_is_the_phases_action() -> None:
    state = ft.new_deal(seed=4)
    for word in ("garde", "pass", "pass", "pass"):
        state = ft.act(state, word, state.current)  # type: ignore[arg-type]
    taker = state.taker
    assert taker is not None and state.phase is ft.Phase.DISCARD
    card = ft.legal_actions(state)[0]
    assert isinstance(card, Discard)
    assert ft.act(state, card.card.notation, taker) == ft.apply(state, card)


@pytest.mark.parametrize(
    ("sent", "seat", "error", "code", "words"),
    [
        pytest.param(
            "garde", 2, IllegalActionError, "not_your_turn", ["seat 1's turn"], id="turn"
        ),
        pytest.param(Pass(), 2, IllegalActionError, "not_your_turn", ["not 2's"], id="turn-act"),
        pytest.param("take it", 1, NotationError, "bad_notation", ["seat 1 is to bid"], id="me"),
        pytest.param("take it", 2, NotationError, "bad_notation", ["higher than"], id="other"),
        pytest.param("KH", 3, IllegalActionError, "not_your_turn", ["seat 1's turn"], id="card"),
        pytest.param("é", 1, NotationError, "bad_notation", ["ASCII"], id="accent"),
        pytest.param("x" * 500, 1, NotationError, "bad_notation", ["too long"], id="long"),
        pytest.param(3, 1, TarotTypeError, "wrong_type", ["expected an action"], id="int"),
        pytest.param(b"pass", 1, TarotTypeError, "wrong_type", ["bytes"], id="bytes"),
    ],
)
def test_act_refuses_with_a_stable_code(
    sent: object, seat: int, error: type[TarotError], code: str, words: list[str]
) -> None:
    state = ft.new_deal(seed=1)
    with pytest.raises(error) as caught:
        ft.act(state, sent, seat)  # type: ignore[arg-type]
    refused = caught.value
    got = refused.rule.code if isinstance(refused, IllegalActionError) else refused.code
    assert got == code
    assert all(word in str(refused) for word in words), str(refused)


@pytest.mark.parametrize("seat", [None, True, -1, 4, "1", 1.0])
def test_act_needs_a_seat_of_the_table(seat: object) -> None:
    with pytest.raises((ft.InvalidSeatError, TarotTypeError)):
        ft.act(ft.new_deal(seed=1), "pass", seat)  # type: ignore[arg-type]


def test_act_refuses_what_is_not_a_state() -> None:
    with pytest.raises(TarotTypeError):
        ft.act("state", "pass", 1)  # type: ignore[arg-type]


def test_the_house_rules_refusal_names_the_rules() -> None:
    state = ft.new_deal(seed=1, rules=LUDICASH)
    with pytest.raises(IllegalActionError) as caught:
        ft.act(state, "prise", 1)
    assert caught.value.rule is Rule.CONTRACT_NOT_OFFERED
    assert "ludicash" in str(caught.value)


def test_every_rule_and_error_has_its_own_code() -> None:
    codes = [rule.code for rule in Rule]
    assert len(set(codes)) == len(codes)
    assert all(code.isidentifier() and code.islower() for code in codes)
    errors = [
        value
        for value in vars(ft.errors).values()
        if isinstance(value, type) and issubclass(value, TarotError)
    ]
    assert len({error.code for error in errors}) == len(errors)


# --- The twins ------------------------------------------------------------------------------


def texts(state: State, seat: int, rng: random.Random) -> Iterator[Action | str]:
    """Texts and actions a client might send: legal, illegal, garbled, in every phase."""
    trumps = [card for card in DECK if card.is_trump]
    pool: list[Action | str] = [
        Pass(),
        AnnounceSlam(),
        *(Bid(contract) for contract in Contract),
        *ft.legal_actions(state),
        "pass",
        "slam",
        "call",
        "discard",
        "play",
        "handful",
        "poignee",
        "garde sans le chien",
        "",
        "   ",
        "??",
        "call XX",
        "discard T22",
        "play EX EX",
    ]
    for _ in range(6):
        card = rng.choice(DECK)
        pool += [card.notation, Play(card), Discard(card), f"call {card}", f"ecart {card}"]
        if card.rank >= 11 and not card.is_trump:
            pool.append(Call(card))
    for size in (3, 8, 10, 13):
        shown = rng.sample(trumps, size)
        pool += [DeclareHandful(shown), "handful " + " ".join(map(str, shown))]
    own = sorted(state.hand(seat))
    if own:
        pool += [str(rng.choice(own)), "handful " + " ".join(map(str, own[:10]))]
    for _ in range(3):
        pool.append("".join(rng.choice(string.printable) for _ in range(rng.randint(1, 12))))
    rng.shuffle(pool)
    yield from pool


def compare_twins(rules: ft.Rules, deals: int, per_step: int, seed: int) -> tuple[int, int]:
    """Play ``deals`` random deals; at random steps, a seat sends texts to the state and its
    twin. Returns the texts compared and the twins in which the partner differed."""
    rng = random.Random(seed)
    compared = partners = 0
    for number in range(deals):
        state = ft.new_deal(seed=seed + number, rules=rules, dealer=number % rules.seats)
        path = [state]
        while not state.is_terminal:
            state = ft.apply(state, rng.choice(ft.legal_actions(state)))
            path.append(state)
        for state in rng.sample(path, min(3, len(path))):
            seat = rng.randrange(rules.seats)
            other = twin_for(state, seat, rng)
            if other is None:
                continue
            partners += other.partner != state.partner
            assert ft.observe(state, seat) == ft.observe(other, seat)
            for sent in itertools.islice(texts(state, seat, rng), per_step):
                mine = outcome(state, sent, seat)
                theirs = outcome(other, sent, seat)  # the same text: the seat cannot tell
                assert mine == theirs, f"seat {seat} tells the twins apart with {sent!r}"
                compared += 1
    return compared, partners


@pytest.mark.parametrize("rules", TABLES)
def test_refusals_are_the_same_in_twins(rules: ft.Rules) -> None:
    compared, _ = compare_twins(rules, deals=12, per_step=40, seed=500)
    assert compared >= 600


def test_five_player_twins_cover_the_secret_partner() -> None:
    _, partners = compare_twins(ft.FIVE_PLAYER, deals=15, per_step=10, seed=900)
    assert partners >= 3


@pytest.mark.soak
@pytest.mark.parametrize("rules", TABLES)
def test_soak_refusals_are_the_same_in_twins(rules: ft.Rules, soak_deals: int) -> None:
    """At least ``soak_deals`` texts and actions per table size (10,000 by default)."""
    deals = max(1, soak_deals // 90)
    compared, partners = compare_twins(rules, deals=deals, per_step=40, seed=7_000)
    assert compared >= soak_deals
    if rules.calls_partner:
        assert partners > 0


def test_a_twin_is_another_deal_the_seat_cannot_tell_apart() -> None:
    state = ft.apply(ft.new_deal(seed=3), Bid(Contract.GARDE))
    other = twin_for(state, 0, random.Random(3))
    assert other is not None and other != state
    assert sorted(itertools.chain(*other.dealt, other.dog)) == list(DECK)
    assert other.hand(0) == state.hand(0) and other.history == state.history
