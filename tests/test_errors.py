"""The exception hierarchy of :mod:`frenchtarot.errors`, and what an error carries and says:
a refusal names the seat to act, the moment (``where``), the rule and the reason."""

from __future__ import annotations

import importlib
import inspect
import pickle
import random
from collections.abc import Callable
from pathlib import Path

import pytest

import frenchtarot
import frenchtarot as ft
from frenchtarot import (
    FIVE_PLAYER,
    Action,
    AnnounceSlam,
    Bid,
    Call,
    Card,
    Contract,
    DealOverError,
    DeclareHandful,
    Discard,
    IllegalActionError,
    InvalidCardError,
    InvalidDealError,
    InvalidRulesError,
    InvalidSeatError,
    NotationError,
    NotTerminalError,
    Pass,
    Phase,
    Play,
    Rule,
    State,
    TarotError,
    TarotTypeError,
    apply,
    is_legal,
    legal_actions,
    new_deal,
    score,
)
from frenchtarot import errors as errors_module
from frenchtarot.errors import (
    InvalidDealerError,
    InvalidDealTypeError,
    InvalidMatchError,
    RecordError,
)
from frenchtarot.match import draw_for_dealer
from frenchtarot.sampling import sample_state
from tests.builders import assert_refused, deal, play_out

# Each error class and the builtin exception it must also be, so callers can catch either.
HIERARCHY: list[tuple[type[TarotError], type[Exception]]] = [
    (TarotTypeError, TypeError),
    (NotationError, ValueError),
    (InvalidCardError, ValueError),
    (InvalidMatchError, ValueError),
    (RecordError, ValueError),
    (InvalidDealError, ValueError),
    (InvalidDealTypeError, TypeError),
    (InvalidDealerError, ValueError),
    (InvalidRulesError, ValueError),
    (InvalidSeatError, ValueError),
    (NotTerminalError, ValueError),
    (DealOverError, ValueError),
    (IllegalActionError, ValueError),
    (errors_module.InvalidSizeError, ValueError),
    (errors_module.EncodingError, ValueError),
    (errors_module.InvalidSettingsError, ValueError),
    (errors_module.InconsistentObservationError, ValueError),
    (errors_module.NotInPlayError, ValueError),
    (errors_module.ConformanceError, AssertionError),
    (errors_module.ArenaStoppedError, RuntimeError),
    (errors_module.DealFailedError, RuntimeError),
]


def test_tarot_error_is_the_root() -> None:
    assert issubclass(TarotError, Exception)
    assert not issubclass(TarotError, (ValueError, TypeError))


@pytest.mark.parametrize(("cls", "builtin"), HIERARCHY, ids=[c.__name__ for c, _ in HIERARCHY])
def test_error_classes_derive_from_tarot_error_and_the_right_builtin(
    cls: type[TarotError], builtin: type[Exception]
) -> None:
    assert issubclass(cls, TarotError)
    assert issubclass(cls, builtin)
    others = {ValueError, TypeError, AssertionError} - {builtin}
    # Only the wrong-type deal error is two: a TypeError that is still an InvalidDealError.
    assert any(issubclass(cls, other) for other in others) == (cls is InvalidDealTypeError)


def test_the_hierarchy_table_lists_every_error_class() -> None:
    defined = {
        obj
        for _, obj in inspect.getmembers(errors_module, inspect.isclass)
        if issubclass(obj, TarotError) and obj is not TarotError
    }
    assert defined == {cls for cls, _ in HIERARCHY}


def test_every_error_class_is_exported_by_errors_and_the_root_ones_are_the_same() -> None:
    # ArenaInterrupted is the one exception that is not a TarotError: a KeyboardInterrupt.
    assert issubclass(errors_module.ArenaInterrupted, KeyboardInterrupt)
    assert not issubclass(errors_module.ArenaInterrupted, Exception)
    names = {cls.__name__ for cls, _ in HIERARCHY} | {"TarotError", "Rule", "ArenaInterrupted"}
    assert names == set(errors_module.__all__)
    at_root = names & set(frenchtarot.__all__)
    # The deal's errors are at the root too; the features' are in their modules.
    assert at_root >= {"TarotError", "TarotTypeError", "IllegalActionError", "Rule"}
    for name in at_root:
        assert getattr(frenchtarot, name) is getattr(errors_module, name)


def test_notation_error_carries_the_text() -> None:
    error = NotationError("cannot read 'QQ'", "QQ")
    assert error.text == "QQ"
    assert str(error) == "cannot read 'QQ'"


# ---------------------------------------------------------------------------------------------
# IllegalActionError, made directly.

SAMPLE_ACTIONS: list[Action] = [
    Pass(),
    Bid(Contract.GARDE_CONTRE),
    Discard(Card.parse("KH")),
    AnnounceSlam(),
    DeclareHandful(f"T{n}" for n in range(1, 11)),
    Play(Card.parse("10S")),
]


@pytest.mark.parametrize("rule", list(Rule), ids=[rule.name for rule in Rule])
@pytest.mark.parametrize("action", SAMPLE_ACTIONS, ids=[str(a) for a in SAMPLE_ACTIONS])
def test_illegal_action_error_message_and_attributes(rule: Rule, action: Action) -> None:
    error = IllegalActionError(rule, action, 2)
    assert error.rule is rule
    assert error.action == action
    assert error.seat == 2
    assert str(action) in str(error)
    assert rule.value in str(error)
    detailed = IllegalActionError(rule, action, None, "one more thing")
    assert detailed.seat is None
    assert "one more thing" in str(detailed)
    assert str(action) in str(detailed)
    assert rule.value in str(detailed)


def test_rules_have_distinct_non_empty_texts() -> None:
    texts = [rule.value for rule in Rule]
    assert all(isinstance(text, str) and text.strip() for text in texts)
    assert len(set(texts)) == len(texts)


# ---------------------------------------------------------------------------------------------
# IllegalActionError, raised by apply.


PASSES = [Pass(), Pass(), Pass()]
# new_deal(seed=1): dealer 0, seat 1 speaks first and holds T2 T4 T9 T10 T12 T17 T21 4S 7S
# CS QS KS 6H 2D 3D 7D 7C JC (see test_dealing.py); seat 0 holds KH.
ILLEGAL: list[tuple[str, Callable[[], State], Action, int | None, Rule]] = [
    (
        "bid-too-low",
        lambda: play_out(new_deal(seed=1), [Bid(Contract.GARDE)]),
        Bid(Contract.PETITE),
        2,
        Rule.BID_TOO_LOW,
    ),
    ("play-in-bidding", lambda: new_deal(seed=1), Play(Card.parse("KS")), 1, Rule.WRONG_PHASE),
    ("not-your-turn", lambda: new_deal(seed=1), Pass(), 1, Rule.NOT_YOUR_TURN),
    (
        "discard-a-king",
        lambda: play_out(new_deal(seed=1), [Bid(Contract.GARDE), *PASSES]),
        Discard(Card.parse("KS")),
        1,
        Rule.FORBIDDEN_DISCARD,
    ),
    (
        "card-not-in-hand",
        lambda: play_out(new_deal(seed=1), [Bid(Contract.GARDE_SANS), *PASSES, Pass()]),
        Play(Card.parse("KH")),
        1,
        Rule.CARD_NOT_IN_HAND,
    ),
    ("after-a-petit-sec", lambda: new_deal(seed=232), Pass(), None, Rule.GAME_OVER),
]


@pytest.mark.parametrize(
    ("make", "action", "seat", "rule"),
    [row[1:] for row in ILLEGAL],
    ids=[row[0] for row in ILLEGAL],
)
def test_apply_raises_illegal_action_error_with_rule_action_and_seat(
    make: Callable[[], State], action: Action, seat: int | None, rule: Rule
) -> None:
    state = make()
    before = make()
    claim = 3 if rule is Rule.NOT_YOUR_TURN else None
    with pytest.raises(IllegalActionError) as info:
        apply(state, action, seat=claim)
    error = info.value
    assert error.rule is rule
    assert error.action == action
    assert error.seat == seat
    assert str(action) in str(error)
    assert rule.value in str(error)
    assert isinstance(error, ValueError)
    assert isinstance(error, TarotError)
    # The refused action left the state as it was, still usable.
    assert state == before
    assert state.current == seat
    assert not is_legal(state, action, seat=claim)
    if seat is not None:
        assert legal_actions(state)
        apply(state, legal_actions(state)[0])


def test_score_of_an_unfinished_deal_raises_not_terminal_error() -> None:
    state = new_deal(seed=1)
    with pytest.raises(NotTerminalError) as info:
        score(state)
    assert isinstance(info.value, ValueError)
    assert "bidding" in str(info.value)


# ---------------------------------------------------------------------------------------------
# A refusal names the seat to act, the moment and the reason.

# new_deal(seed=1): dealer 0, seat 1 speaks first (its hand is in test_dealing.py).
# new_deal(seed=1): dealer 0, seat 1 speaks first (its hand is in test_dealing.py).
TRUMPS = "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 EX"


def seed_1(script: str = "") -> State:
    return play_out(ft.new_deal(seed=1), script)


def handful_deal() -> State:
    """Seat 1 leads the first trick (Garde sans) holding T1 to T13, the Excuse, QH and KH."""
    return play_out(deal({1: TRUMPS + " KH QH"}, ""), "garde_sans pass pass pass pass")


def handful(text: str) -> DeclareHandful:
    return DeclareHandful(text.split())


def after_the_first_trick() -> State:
    state = ft.apply(handful_deal(), handful("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10"))
    while not state.tricks:
        state = ft.apply(state, next(a for a in ft.legal_actions(state) if isinstance(a, Play)))
    return state


def five_player_call() -> State:
    return play_out(deal({1: "KS KH QS"}, rules=FIVE_PLAYER), "petite pass pass pass pass")


REFUSALS: list[tuple[str, Callable[[], State], ft.Action, int | None, Rule, int, str, str]] = [
    # (id, state, action, seat claiming to act, rule, seat named, detail, where)
    (
        "not-your-turn",
        seed_1,
        Pass(),
        3,
        Rule.NOT_YOUR_TURN,
        1,
        "it is seat 1's turn, not 3's",
        "seat 1 to act, the bidding",
    ),
    (
        "play-in-the-bidding",
        seed_1,
        Play(Card.parse("KS")),
        None,
        Rule.WRONG_PHASE,
        1,
        "the deal is in the bidding phase",
        "seat 1 to act, the bidding",
    ),
    (
        "bid-too-low",
        lambda: seed_1("garde"),
        Bid(Contract.PETITE),
        None,
        Rule.BID_TOO_LOW,
        2,
        "the highest bid is garde",
        "seat 2 to act, the bidding",
    ),
    (
        "bid-too-low-after-garde-sans",
        lambda: seed_1("pass garde_sans"),
        Bid(Contract.GARDE),
        None,
        Rule.BID_TOO_LOW,
        3,
        "the highest bid is garde_sans",
        "seat 3 to act, the bidding",
    ),
    (
        "pass-in-the-ecart",
        lambda: seed_1("garde pass pass pass"),
        Pass(),
        None,
        Rule.WRONG_PHASE,
        1,
        "the deal is in the discard phase",
        "seat 1 to act, the écart",
    ),
    (
        "discard-a-king",
        lambda: seed_1("garde pass pass pass"),
        Discard(Card.parse("KS")),
        None,
        Rule.FORBIDDEN_DISCARD,
        1,
        "allowed: 1S 4S 7S CS QS 6H 2D 3D 5D 7D 9D 6C 7C 8C JC",
        "seat 1 to act, the écart",
    ),
    (
        "bid-at-the-slam-announcement",
        lambda: seed_1("garde_sans pass pass pass"),
        Bid(Contract.GARDE),
        None,
        Rule.WRONG_PHASE,
        1,
        "the deal is in the slam phase",
        "seat 1 to act, the slam announcement",
    ),
    (
        "pass-in-the-play",
        lambda: seed_1("garde_sans pass pass pass pass"),
        Pass(),
        None,
        Rule.WRONG_PHASE,
        1,
        "the deal is in the play phase",
        "seat 1 to act, trick 1",
    ),
    (
        "call-a-queen-without-the-four-kings",
        five_player_call,
        Call(Card.parse("QS")),
        None,
        Rule.CARD_NOT_CALLABLE,
        1,
        "allowed: KS KH KD KC",
        "seat 1 to act, the call",
    ),
    (
        "pass-at-the-call",
        five_player_call,
        Pass(),
        None,
        Rule.WRONG_PHASE,
        1,
        "the deal is in the call phase",
        "seat 1 to act, the call",
    ),
    (
        "handful-of-the-wrong-size",
        handful_deal,
        handful("T1 T2 T3"),
        None,
        Rule.INVALID_HANDFUL,
        1,
        "a handful has exactly 10, 13 or 15 cards, not 3",
        "seat 1 to act, trick 1",
    ),
    (
        "handful-with-suit-cards",
        handful_deal,
        handful("T1 T2 T3 T4 T5 T6 T7 T8 KH QH"),
        None,
        Rule.INVALID_HANDFUL,
        1,
        "a handful shows only trumps and the Excuse, not QH KH",
        "seat 1 to act, trick 1",
    ),
    (
        "handful-with-trumps-not-held",
        handful_deal,
        handful("T1 T2 T3 T4 T5 T6 T7 T8 T20 T21"),
        None,
        Rule.INVALID_HANDFUL,
        1,
        "the player does not hold T20 T21",
        "seat 1 to act, trick 1",
    ),
    (
        "handful-with-the-excuse-and-trumps-hidden",
        handful_deal,
        handful("EX T1 T2 T3 T4 T5 T6 T7 T8 T9"),
        None,
        Rule.INVALID_HANDFUL,
        1,
        "the Excuse may be shown only with every trump held, and T10 T11 T12 T13 is hidden",
        "seat 1 to act, trick 1",
    ),
    (
        "second-handful",
        lambda: ft.apply(handful_deal(), handful("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10")),
        handful("T4 T5 T6 T7 T8 T9 T10 T11 T12 T13"),
        None,
        Rule.HANDFUL_NOT_NOW,
        1,
        "seat 1 has already shown a handful",
        "seat 1 to act, trick 1",
    ),
    (
        "handful-after-the-first-trick",
        after_the_first_trick,
        handful("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10"),
        None,
        Rule.HANDFUL_NOT_NOW,
        0,
        "the first trick is over",
        "seat 0 to act, trick 2",
    ),
]


@pytest.mark.parametrize(
    ("make", "action", "claim", "rule", "seat", "detail", "where"),
    [row[1:] for row in REFUSALS],
    ids=[row[0] for row in REFUSALS],
)
def test_a_refusal_names_the_seat_to_act_the_moment_and_the_reason(
    make: Callable[[], State],
    action: ft.Action,
    claim: int | None,
    rule: Rule,
    seat: int,
    detail: str,
    where: str,
) -> None:
    state = make()
    error = assert_refused(state, action, rule, seat=claim)
    assert (error.seat, error.detail, error.where) == (seat, detail, where)
    assert str(error) == f"illegal action {action} ({where}): {rule.value} ({detail})"


def test_a_refusal_after_the_deal_names_no_seat() -> None:
    state = ft.new_deal(seed=232)  # a petit sec: annulled as dealt
    error = assert_refused(state, Pass(), Rule.GAME_OVER)
    assert (error.seat, error.detail, error.where) == (None, "", "the deal is over")


HANDFUL = "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13"


@pytest.mark.parametrize(
    ("script", "action", "where"),
    [
        ("petite", "petite", "seat 2 to act, the bidding"),
        ("garde pass pass pass", "discard KS", "seat 1 to act, the écart"),
        ("garde_sans pass pass pass", "KS", "seat 1 to act, the slam announcement"),
        ("garde_sans pass pass pass pass", "discard 2S", "seat 1 to act, trick 1"),
    ],
)
def test_a_refusal_says_where_in_the_deal(script: str, action: str, where: str) -> None:
    state = play_out(deal({1: HANDFUL}, "KS"), script)
    with pytest.raises(IllegalActionError) as caught:
        ft.apply(state, ft.parse_action(action))
    error = caught.value
    assert error.where == where
    assert f"({where})" in str(error)
    assert error.rule.value in str(error)
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.where, again.rule) == (str(error), where, error.rule)


def test_a_refusal_in_a_later_trick_names_the_trick() -> None:
    state = play_out(deal({1: HANDFUL}, ""), "garde_sans pass pass pass pass")
    while len(state.tricks) < 4:
        state = ft.apply(state, ft.legal_actions(state)[-1])
    with pytest.raises(IllegalActionError) as caught:
        ft.apply(state, ft.Play("KS") if "KS" not in map(str, ft.legal_actions(state)) else Pass())
    assert caught.value.where == f"seat {state.current} to act, trick 5"


def test_a_refusal_after_the_end_and_at_the_call() -> None:
    end = ft.rollout(ft.new_deal(seed=3), random.Random(3))
    with pytest.raises(IllegalActionError) as caught:
        ft.apply(end, Pass())
    assert caught.value.where == "the deal is over"
    five = play_out(deal({1: "KS KH KD KC"}, rules=ft.FIVE_PLAYER), "pass garde pass pass pass")
    with pytest.raises(IllegalActionError) as caught:
        ft.apply(five, ft.Call("T1"))
    assert caught.value.where == "seat 2 to act, the call"


# ---------------------------------------------------------------------------------------------
# Errors survive pickling (for example across a multiprocessing pool).

PICKLED: list[tuple[str, TarotError, dict[str, object]]] = [
    ("TarotError", TarotError("root"), {}),
    ("TarotTypeError", TarotTypeError("wrong type"), {}),
    ("NotationError", NotationError("bad 'QQ'", "QQ"), {"text": "QQ"}),
    ("InvalidCardError", InvalidCardError("no card"), {}),
    ("InvalidDealError", InvalidDealError("bad deal"), {}),
    ("InvalidDealTypeError", InvalidDealTypeError("bad type"), {}),
    ("InvalidSeatError", InvalidSeatError("bad seat"), {}),
    ("NotTerminalError", NotTerminalError("not over"), {}),
    ("DealOverError", DealOverError("over"), {}),
    (
        "IllegalActionError",
        IllegalActionError(Rule.BID_TOO_LOW, Bid(Contract.PETITE), 2, "detail"),
        {"rule": Rule.BID_TOO_LOW, "action": Bid(Contract.PETITE), "seat": 2},
    ),
]


@pytest.mark.parametrize(
    ("error", "attributes"), [row[1:] for row in PICKLED], ids=[row[0] for row in PICKLED]
)
def test_errors_pickle(error: TarotError, attributes: dict[str, object]) -> None:
    restored = pickle.loads(pickle.dumps(error))
    assert type(restored) is type(error)
    assert str(restored) == str(error)
    for name, value in attributes.items():
        assert getattr(restored, name) == value


def test_refusals_say_what_was_allowed() -> None:
    state = new_deal(seed=1)
    for word in ("garde", "pass", "pass", "pass"):  # seat 1 takes: Garde
        state = apply(state, Bid(Contract.GARDE) if word == "garde" else Pass())
    king = next(card for card in state.hand(1) if card.is_king)
    with pytest.raises(IllegalActionError) as info:
        apply(state, Discard(king))
    allowed = [a.card for a in legal_actions(state) if isinstance(a, Discard)]
    assert f"allowed: {' '.join(map(str, allowed))}" in str(info.value)
    while state.phase is not Phase.PLAY:
        state = apply(state, legal_actions(state)[0])
    state = apply(state, next(a for a in legal_actions(state) if isinstance(a, Play)))
    seat = state.current
    assert seat is not None
    refused = next(
        Play(card) for card in state.hand(seat) if Play(card) not in legal_actions(state)
    )
    with pytest.raises(IllegalActionError) as info:
        apply(state, refused)
    plays = " ".join(str(a.card) for a in legal_actions(state) if isinstance(a, Play))
    assert f"seat {seat} may play {plays}" in str(info.value)


# The errors of the features are defined in frenchtarot.errors with the others, and each
# feature that raises one exports it too (where the docs name it).
DOMAIN_ERRORS: list[tuple[str, str]] = [
    ("frenchtarot.svg", "InvalidSizeError"),
    ("frenchtarot.encoding", "EncodingError"),
    ("frenchtarot.players", "InvalidSettingsError"),
    ("frenchtarot.sampling", "InconsistentObservationError"),
    ("frenchtarot.solver", "NotInPlayError"),
    ("frenchtarot.testing", "ConformanceError"),
    ("frenchtarot.records", "RecordError"),
    ("frenchtarot.match", "InvalidMatchError"),
    ("frenchtarot.arena", "ArenaStoppedError"),
    ("frenchtarot.arena", "DealFailedError"),
    ("frenchtarot.arena", "ArenaInterrupted"),
]


@pytest.mark.parametrize(
    ("module", "name"), DOMAIN_ERRORS, ids=[name for _, name in DOMAIN_ERRORS]
)
def test_feature_errors_are_the_errors_module_classes(module: str, name: str) -> None:
    feature = importlib.import_module(module)
    assert getattr(feature, name) is getattr(errors_module, name)
    assert name in feature.__all__


def _modules_of_the_package() -> list[str]:
    package = Path(frenchtarot.__file__).parent
    names = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if parts[-1] == "__main__":
            continue
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_no_error_class_is_defined_outside_errors() -> None:
    defined = {}
    for name in _modules_of_the_package():
        try:
            module = importlib.import_module(name)
        except ImportError:  # an adapter whose extra is not installed
            continue
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if issubclass(obj, BaseException) and obj.__module__ == module.__name__:
                defined[obj.__name__] = module.__name__
    assert set(defined.values()) == {"frenchtarot.errors"}


# --- a random generator, where one is required -----------------------------------------------


def _takers_of_a_generator() -> list[tuple[str, Callable[[object], object]]]:
    view = ft.observe(ft.new_deal(seed=2), 1)
    return [
        ("draw_for_dealer", lambda rng: draw_for_dealer(rng)),
        ("rollout", lambda rng: ft.rollout(ft.new_deal(seed=2), rng)),
        ("sample_state", lambda rng: sample_state(view, rng)),
    ]


@pytest.mark.parametrize(
    ("value", "shown"),
    [(None, "None"), (7, "7"), ("seed", "'seed'"), (random, "module")],
    ids=["none", "int-seed", "str", "the-module"],
)
def test_a_required_generator_is_checked_alike_everywhere(value: object, shown: str) -> None:
    for name, call in _takers_of_a_generator():
        with pytest.raises(TarotTypeError) as caught:
            call(value)
        assert str(caught.value) == f"rng must be a random.Random, not {shown}", name


def test_a_generator_subclass_is_used_as_it_is_where_one_is_required() -> None:
    class OwnGenerator(random.Random):
        pass

    for name, call in _takers_of_a_generator():
        assert call(OwnGenerator(5)) == call(random.Random(5)), name
