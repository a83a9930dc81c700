"""Tests for the exception hierarchy of :mod:`frenchtarot.errors` and what errors carry."""

from __future__ import annotations

import importlib
import inspect
import pickle
from collections.abc import Callable
from pathlib import Path

import pytest

import frenchtarot
from frenchtarot import (
    Action,
    AnnounceSlam,
    Bid,
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
    (errors_module.ConformanceError, AssertionError),
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
    names = {cls.__name__ for cls, _ in HIERARCHY} | {"TarotError", "Rule"}
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


def play_out(state: State, actions: list[Action]) -> State:
    for action in actions:
        state = apply(state, action)
    return state


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


@pytest.mark.parametrize("value", ["pass", None, 3, Card.parse("KH"), Contract.GARDE])
def test_apply_of_a_non_action_raises_tarot_type_error(value: object) -> None:
    state = new_deal(seed=1)
    with pytest.raises(TarotTypeError) as info:
        apply(state, value)  # type: ignore[arg-type]
    assert isinstance(info.value, TypeError)
    assert state == new_deal(seed=1)


def test_score_of_an_unfinished_deal_raises_not_terminal_error() -> None:
    state = new_deal(seed=1)
    with pytest.raises(NotTerminalError) as info:
        score(state)
    assert isinstance(info.value, ValueError)
    assert "bidding" in str(info.value)


@pytest.mark.parametrize("seat", [-1, -4, 4, 10])
def test_a_seat_outside_the_table_raises_invalid_seat_error(seat: int) -> None:
    # hand(-1) must not quietly answer with seat 3's cards.
    with pytest.raises(InvalidSeatError) as info:
        new_deal(seed=1).hand(seat)
    assert str(seat) in str(info.value)


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


@pytest.mark.parametrize(
    ("seat", "error"),
    [(-1, InvalidSeatError), (4, InvalidSeatError), (True, TarotTypeError), ("1", TarotTypeError)],
)
def test_apply_checks_the_claimed_seat(seat: object, error: type[TarotError]) -> None:
    state = new_deal(seed=1)
    with pytest.raises(error) as info:
        apply(state, Pass(), seat=seat)  # type: ignore[arg-type]
    assert repr(seat) in str(info.value) or str(seat) in str(info.value)
    with pytest.raises(error):
        is_legal(state, Pass(), seat=seat)  # type: ignore[arg-type]
    assert apply(state, Pass(), seat=1).current == 2


@pytest.mark.parametrize("not_a_state", [None, "state", 3, new_deal(seed=1).hands])
def test_functions_taking_a_state_refuse_anything_else(not_a_state: object) -> None:
    calls: list[Callable[[], object]] = [
        lambda: apply(not_a_state, Pass()),  # type: ignore[arg-type]
        lambda: legal_actions(not_a_state),  # type: ignore[arg-type]
        lambda: is_legal(not_a_state, Pass()),  # type: ignore[arg-type]
        lambda: score(not_a_state),  # type: ignore[arg-type]
        lambda: frenchtarot.returns(not_a_state),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(TarotTypeError, match="expected a State"):
            call()


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
    ("frenchtarot.testing", "ConformanceError"),
    ("frenchtarot.records", "RecordError"),
    ("frenchtarot.match", "InvalidMatchError"),
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
