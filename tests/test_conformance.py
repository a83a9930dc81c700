"""frenchtarot.testing.check_conformance: the library passes, broken wrappers are caught."""

from __future__ import annotations

import inspect
import itertools
import pickle
from collections.abc import Callable, Sequence
from typing import cast

import attrs
import pytest

import frenchtarot as ft
from frenchtarot import Action, Contract, IllegalActionError, Pass, Phase, Play, Rule, Score, State
from frenchtarot._core.state import make_state
from frenchtarot.errors import InvalidDealError, InvalidDealTypeError, TarotError
from frenchtarot.testing import (
    ConformanceError,
    ConformanceReport,
    NewDealHook,
    check_conformance,
)
from tests.strategies import TABLE_IDS, TABLES

# --- The real library -----------------------------------------------------------------


#: The refusal rules random play meets within a few deals (all of them by the sixth deal).
RULES_MET = {
    Rule.GAME_OVER,
    Rule.WRONG_PHASE,
    Rule.BID_TOO_LOW,
    Rule.CARD_NOT_IN_HAND,
    Rule.FORBIDDEN_DISCARD,
    Rule.MUST_FOLLOW_SUIT,
    Rule.MUST_TRUMP,
    Rule.MUST_OVERTRUMP,
    Rule.HANDFUL_NOT_NOW,
}
EXTRA_RULES_MET = {
    3: set(),
    4: {Rule.INVALID_HANDFUL},
    5: {Rule.CARD_NOT_CALLABLE, Rule.CALLED_SUIT_LEAD},
}
#: The deals of each table size the main suite checks (the soak step checks more).
DEALS = 15


def check_report(
    report: ConformanceReport, rules: ft.Rules, deals: int, *, every_rule: bool = True
) -> None:
    """The counts of a run of ``deals`` deals of ``rules`` are those of a real run, which met
    every rule of :data:`RULES_MET` (unless ``every_rule`` is false)."""
    assert report.deals == deals
    assert report.finished + report.annulled == deals
    assert report.finished > deals // 2
    # A deal takes at least a word from each seat, and at most every word, the call, the
    # écart, the slam decision, a handful from each seat and every card.
    longest = rules.seats * (rules.hand_size + 2) + rules.dog_size + 2
    assert rules.seats * deals <= report.actions <= longest * deals
    assert report.probes > report.refusals > 0
    if every_rule:
        assert RULES_MET | EXTRA_RULES_MET[rules.seats] <= report.rules


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_library_is_conformant(rules: ft.Rules) -> None:
    check_report(check_conformance(deals=DEALS, seed=0, rules=rules), rules, DEALS)


@pytest.mark.soak
@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_soak_library_is_conformant(rules: ft.Rules, soak_deals: int) -> None:
    """``FRENCHTAROT_SOAK_DEALS // 100`` deals (100 by default): each conformance deal tries
    every legal action at every step, and probes."""
    deals = max(10, soak_deals // 100)
    report = check_conformance(deals=deals, seed=DEALS, rules=rules)
    # Some of these seeds put few cards aside: the rules met are the main test's concern.
    check_report(report, rules, deals, every_rule=False)


def test_the_report_counts_what_was_checked() -> None:
    report = check_conformance(deals=3, seed=11, probes=0)
    assert report.probes == report.refusals == 0
    assert report.rules == frozenset()
    assert str(report).startswith("3 deals (")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        report.deals = 4  # type: ignore[misc]


def test_no_deals_checks_nothing() -> None:
    assert check_conformance(deals=0) == ConformanceReport(0, 0, 0, 0, 0, 0, frozenset())


def test_runs_are_reproducible_and_probes_do_not_change_the_deals() -> None:
    first = check_conformance(deals=3, seed=42, probes=3)
    assert check_conformance(deals=3, seed=42, probes=3) == first
    assert check_conformance(deals=3, seed=42, probes=0).actions == first.actions
    assert check_conformance(deals=3, seed=43, probes=3) != first


@pytest.mark.parametrize(("deals", "probes"), [(-1, 8), (1, -1)])
def test_negative_counts_are_refused(deals: int, probes: int) -> None:
    with pytest.raises(ValueError, match="at least 0"):
        check_conformance(deals=deals, probes=probes)


def test_a_faithful_wrapper_passes() -> None:
    """Wrappers that only change the container type or log calls are still conformant."""
    calls: list[str] = []

    def listing(state: State) -> list[Action]:
        return list(ft.legal_actions(state))

    def logging_apply(state: State, action: Action) -> State:
        calls.append(str(action))
        return ft.apply(state, action)

    report = check_conformance(deals=2, seed=5, legal_actions=listing, apply=logging_apply)
    assert report.actions > 0
    assert len(calls) > report.actions


@pytest.mark.parametrize(
    ("seed", "error"),
    [
        (1.5, InvalidDealTypeError),
        ("a", InvalidDealTypeError),
        (True, InvalidDealTypeError),
        (None, InvalidDealTypeError),
        (-1, InvalidDealError),
    ],
)
def test_check_conformance_refuses_bad_seeds(seed: object, error: type[TarotError]) -> None:
    with pytest.raises(error):
        check_conformance(deals=1, seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("field", ["deals", "probes"])
@pytest.mark.parametrize("value", [1.5, "2", True])
def test_check_conformance_refuses_counts_of_the_wrong_type(field: str, value: object) -> None:
    with pytest.raises(InvalidDealTypeError):
        check_conformance(**{field: value})  # type: ignore[arg-type]


def test_check_conformance_refuses_rules_of_the_wrong_type() -> None:
    with pytest.raises(InvalidDealTypeError):
        check_conformance(deals=1, rules="four")  # type: ignore[arg-type]


# --- Broken wrappers ------------------------------------------------------------------
#
# Each wrapper breaks one promise of the API; check_conformance must notice, and name the
# check that failed.

LegalActions = Callable[[State], Sequence[Action]]
Apply = Callable[[State, Action], State]


def force(instance: object, name: str, value: object) -> None:
    """Set a frozen attribute anyway, to break a state on purpose.

    Through the class's slot descriptor, which works for the pure classes and for the
    native ones of the compiled build alike (where ``object.__setattr__`` is refused).
    """
    for klass in type(instance).__mro__:
        if name in vars(klass):
            vars(klass)[name].__set__(instance, value)
            return
    raise AssertionError(f"{type(instance).__name__} has no slot {name}")


def mutating_apply(state: State, action: Action) -> State:
    result = ft.apply(state, action)
    force(state, "_hands", state._hands[::-1])  # a change no caller asked for
    return result


def deep_mutating_apply(state: State, action: Action) -> State:
    """Change a completed trick inside the state: only a deep comparison sees it."""
    result = ft.apply(state, action)
    if state.tricks:
        first = state.tricks[0]
        force(first, "winner", (first.winner + 1) % 4)
    return result


def idle_apply(state: State, action: Action) -> State:
    ft.apply(state, action)
    return state


def other_action_apply(state: State, action: Action) -> State:
    """Apply the first legal action, whatever was asked."""
    ft.apply(state, action)
    return ft.apply(state, ft.legal_actions(state)[0])


def card_losing_apply(state: State, action: Action) -> State:
    """Forget the dog during the bidding."""
    result = ft.apply(state, action)
    if result.phase is Phase.BIDDING:
        _, fields = result.__reduce__()  # every field, in the order of make_state's keywords
        named = dict(zip(inspect.signature(make_state).parameters, fields, strict=True))
        return make_state(**{**named, "dog": 0})  # type: ignore[arg-type]
    return result


def untyped_refusals(state: State, action: Action) -> State:
    try:
        return ft.apply(state, action)
    except IllegalActionError as error:
        raise ValueError(str(error)) from None


def wrong_rule_at_the_end(state: State, action: Action) -> State:
    if state.is_terminal:
        raise IllegalActionError(Rule.WRONG_PHASE, action, None)
    return ft.apply(state, action)


def endless_apply(state: State, action: Action) -> State:
    """Accept anything once the deal is over, as a no-op."""
    return state if state.is_terminal else ft.apply(state, action)


def dropping_last(state: State) -> Sequence[Action]:
    legal = ft.legal_actions(state)
    return legal[:-1] if len(legal) > 1 else legal


def adding_a_card(state: State) -> Sequence[Action]:
    legal = ft.legal_actions(state)
    if state.phase is not Phase.PLAY:
        return legal
    held = state.hand(state.current) if state.current is not None else ()
    stranger = next(card for card in ft.DECK if card not in held)
    return (*legal, Play(stranger))


def repeating(state: State) -> Sequence[Action]:
    legal = ft.legal_actions(state)
    return legal + legal[:1]


def busy_at_the_end(state: State) -> Sequence[Action]:
    return ft.legal_actions(state) or (Pass(),)


def empty_in_the_sixth_trick(state: State) -> Sequence[Action]:
    legal = ft.legal_actions(state)
    return () if state.phase is Phase.PLAY and len(state.tricks) == 5 else legal


_flips = itertools.count()


def unstable(state: State) -> Sequence[Action]:
    legal = ft.legal_actions(state)
    return legal[::-1] if next(_flips) % 2 else legal


def crashing(state: State) -> Sequence[Action]:
    if state.tricks:
        raise KeyError("no cache entry")
    return ft.legal_actions(state)


def not_an_action(state: State) -> Sequence[Action]:
    legal = ft.legal_actions(state)
    if not legal:
        return legal
    listed: list[object] = [*legal[:-1], str(legal[-1])]
    return cast("Sequence[Action]", listed)


def always_legal(state: State, action: Action) -> bool:
    return True


def never_legal(state: State, action: Action) -> bool:
    return False


def lopsided_score(state: State) -> Score:
    result = ft.score(state)
    return attrs.evolve(result, deltas=(result.deltas[0] + 1, *result.deltas[1:]))


def lost_points(state: State) -> Score:
    result = ft.score(state)
    return attrs.evolve(result, defence_points=result.defence_points - 0.5)


def unequal_defenders(state: State) -> Score:
    """Zero-sum, but one defender pays a point more than another."""
    result = ft.score(state)
    deltas = list(result.deltas)
    first, second = [seat for seat in range(4) if seat != result.taker][:2]
    deltas[first] += 1
    deltas[second] -= 1
    return attrs.evolve(result, deltas=tuple(deltas))


def annulled_but_scored(state: State) -> Score:
    result = ft.score(state)
    return attrs.evolve(result, deltas=(6, -2, -2, -2)) if result.annulment else result


def eager_score(state: State) -> Score:
    """Score unfinished deals as if everyone passed."""
    if state.is_terminal:
        return ft.score(state)
    return ft.score(ft.apply(ft.apply(ft.apply(ft.apply(state, Pass()), Pass()), Pass()), Pass()))


def crashing_score(state: State) -> Score:
    if not state.is_terminal:
        raise RuntimeError("not finished")
    return ft.score(state)


def first_dealer(*, dealer: int, seed: int, rules: ft.Rules) -> State:
    return ft.new_deal(dealer=0, seed=seed, rules=rules)


def started_deal(*, dealer: int, seed: int, rules: ft.Rules) -> State:
    return ft.apply(ft.new_deal(dealer=dealer, seed=seed, rules=rules), Pass())


def four_player_deal(*, dealer: int, seed: int, rules: ft.Rules) -> State:
    return ft.new_deal(dealer=dealer % 4, seed=seed)


BROKEN_APPLY: list[tuple[Apply, str]] = [
    (mutating_apply, "apply-pure"),
    (deep_mutating_apply, "apply-pure"),
    (idle_apply, "apply"),
    (other_action_apply, "apply"),
    (card_losing_apply, "cards"),
    (untyped_refusals, "refusal"),
    (wrong_rule_at_the_end, "game-over"),
    (endless_apply, "legal-actions"),
]
BROKEN_LEGAL_ACTIONS: list[tuple[LegalActions, str]] = [
    (dropping_last, "legal-actions"),
    (adding_a_card, "legal-actions"),
    (repeating, "legal-actions"),
    (busy_at_the_end, "legal-actions"),
    (empty_in_the_sixth_trick, "legal-actions"),
    (unstable, "legal-actions"),
    (crashing, "legal-actions"),
    (not_an_action, "legal-actions"),
]
BROKEN_IS_LEGAL: list[tuple[Callable[[State, Action], bool], str]] = [
    (always_legal, "is-legal"),
    (never_legal, "is-legal"),
]
BROKEN_SCORE: list[tuple[Callable[[State], Score], str]] = [
    (lopsided_score, "score"),
    (lost_points, "score"),
    (unequal_defenders, "score"),
    (eager_score, "score"),
    (crashing_score, "score"),
]


def _name(value: object) -> str:
    return str(getattr(value, "__name__", value))


@pytest.mark.parametrize(("apply", "check"), BROKEN_APPLY, ids=_name)
def test_a_broken_apply_is_caught(apply: Apply, check: str) -> None:
    with pytest.raises(ConformanceError) as caught:
        check_conformance(deals=3, apply=apply)
    assert caught.value.check == check


@pytest.mark.parametrize(("legal_actions", "check"), BROKEN_LEGAL_ACTIONS, ids=_name)
def test_a_broken_legal_actions_is_caught(legal_actions: LegalActions, check: str) -> None:
    with pytest.raises(ConformanceError) as caught:
        check_conformance(deals=3, legal_actions=legal_actions)
    assert caught.value.check == check


@pytest.mark.parametrize(("is_legal", "check"), BROKEN_IS_LEGAL, ids=_name)
def test_a_broken_is_legal_is_caught(
    is_legal: Callable[[State, Action], bool], check: str
) -> None:
    with pytest.raises(ConformanceError) as caught:
        check_conformance(deals=3, is_legal=is_legal)
    assert caught.value.check == check


@pytest.mark.parametrize(("score", "check"), BROKEN_SCORE, ids=_name)
def test_a_broken_score_is_caught(score: Callable[[State], Score], check: str) -> None:
    with pytest.raises(ConformanceError) as caught:
        check_conformance(deals=3, score=score)
    assert caught.value.check == check


def test_a_score_for_an_annulled_deal_must_be_zero() -> None:
    # The checker deals seed s from seat s % 4: find a seed dealing a petit sec.
    annulled = next(
        seed
        for seed in range(10_000)
        if ft.new_deal(seed=seed, dealer=seed % 4).phase is Phase.ANNULLED
    )
    assert check_conformance(deals=1, seed=annulled).annulled == 1
    with pytest.raises(ConformanceError, match="annulled") as caught:
        check_conformance(deals=1, seed=annulled, score=annulled_but_scored)
    assert caught.value.check == "score"


@pytest.mark.parametrize(
    ("new_deal", "rules"),
    [
        (first_dealer, ft.FOUR_PLAYER),
        (started_deal, ft.FOUR_PLAYER),
        (four_player_deal, ft.THREE_PLAYER),
        (four_player_deal, ft.FIVE_PLAYER),
    ],
    ids=["first-dealer", "started-deal", "four-players-for-three", "four-players-for-five"],
)
def test_a_broken_new_deal_is_caught(new_deal: NewDealHook, rules: ft.Rules) -> None:
    with pytest.raises(ConformanceError) as caught:
        check_conformance(deals=3, seed=1, new_deal=new_deal, rules=rules)
    assert caught.value.check == "new-deal"
    assert "raised" not in caught.value.detail


def test_a_failure_says_where_and_can_be_replayed() -> None:
    with pytest.raises(ConformanceError) as caught:
        check_conformance(deals=10, seed=7, legal_actions=empty_in_the_sixth_trick)
    error = caught.value
    assert isinstance(error, ft.TarotError)
    assert isinstance(error, AssertionError)
    message = str(error)
    assert f"deal seed {error.seed}, step {error.step}" in message
    assert error.detail in message
    # The seed and the history printed in the message lead back to the failing state.
    assert 7 <= error.seed < 17
    state = ft.new_deal(seed=error.seed, dealer=error.seed % 4)
    for word in message.split("[actions so far: ")[1].rstrip("]").split():
        state = ft.apply(state, ft.parse_action(word))
    assert state.history == error.history
    assert len(error.history) == error.step
    assert len(state.tricks) == 5
    assert state.phase is Phase.PLAY
    # It survives pickling, so it can cross process boundaries.
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is ConformanceError
    assert (copy.check, copy.detail, copy.seed, copy.step, copy.history, str(copy)) == (
        error.check,
        error.detail,
        error.seed,
        error.step,
        error.history,
        str(error),
    )


def test_leaving_out_legal_bids_is_caught() -> None:
    """A wrapper offering only Pass and Garde contre hides legal bids."""

    def blunt(state: State) -> Sequence[Action]:
        legal = ft.legal_actions(state)
        if state.phase is Phase.BIDDING:
            return tuple(a for a in legal if a in (Pass(), ft.Bid(Contract.GARDE_CONTRE)))
        return legal

    with pytest.raises(ConformanceError) as caught:
        check_conformance(deals=3, legal_actions=blunt)
    # The probes find a bid that apply accepts although it is not listed.
    assert caught.value.check == "legal-actions"
    assert "does not list" in caught.value.detail
