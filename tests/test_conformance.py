"""frenchtarot.testing.check_conformance: the library passes, broken wrappers are caught."""

from __future__ import annotations

import functools
import itertools
import pickle
import random
from collections.abc import Callable, Sequence
from typing import cast

import attrs
import pytest

import frenchtarot as ft
from frenchtarot import Action, Contract, IllegalActionError, Pass, Phase, Play, Rule, Score, State
from frenchtarot._core.state import _ALL_FIELDS
from frenchtarot.errors import InvalidDealError, InvalidDealTypeError, TarotError
from frenchtarot.rules import LUDICASH, RULES_BY_SEATS
from frenchtarot.testing import (
    ConformanceError,
    ConformanceReport,
    NewDealHook,
    check_conformance,
)
from tests.builders import HOUSE_RULES
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


#: The house rules the library is checked under: Ludicash (no Petite) and a custom table of
#: each size with every knob changed.
HOUSE_TABLES: tuple[ft.Rules, ...] = (LUDICASH, *HOUSE_RULES.values())
HOUSE_IDS: tuple[str, ...] = tuple(rules.name for rules in HOUSE_TABLES)


@pytest.mark.parametrize("rules", HOUSE_TABLES, ids=HOUSE_IDS)
def test_library_is_conformant_under_house_rules(rules: ft.Rules) -> None:
    report = check_conformance(deals=DEALS, seed=0, rules=rules)
    check_report(report, rules, DEALS)
    # The probes bid every contract, so those the table leaves out are refused.
    assert Rule.CONTRACT_NOT_OFFERED in report.rules


def test_no_contract_is_refused_as_not_offered_under_the_fft_rules() -> None:
    assert Rule.CONTRACT_NOT_OFFERED not in check_conformance(deals=DEALS, seed=0).rules


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
        rebuild, fields = result.__reduce__()  # every field, in the order of _ALL_FIELDS
        named = dict(zip(_ALL_FIELDS, fields, strict=True))
        return rebuild(*{**named, "dog": 0}.values())  # type: ignore[operator,no-any-return]
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


def generous_margin(state: State) -> Score:
    """One point more of margin, paid for consistently: only the margin itself is wrong."""
    result = ft.score(state)
    if result.annulment:
        return result
    sign = 1 if result.made else -1
    unit = result.unit + sign * result.multiplier
    return rescored(state, attrs.evolve(result, margin=result.margin + 1), unit)


def misnamed_taker(state: State) -> Score:
    result = ft.score(state)
    if result.taker is None:
        return result
    return attrs.evolve(result, taker=(result.taker + 1) % state.rules.seats)


def score_as_a_dict(state: State) -> Score:
    return cast("Score", attrs.asdict(ft.score(state), recurse=False))


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
    (generous_margin, "score"),
    (misnamed_taker, "score"),
    (score_as_a_dict, "score"),
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


# --- Broken wrappers under house rules ------------------------------------------------
#
# Each one ignores the table's house rules in one way. Where the FFT rules agree with what
# it does, it passes under them: the checker catches it for breaking the table's rules.


def fft_bidding(state: State) -> Sequence[Action]:
    """List every FFT contract above the highest bid, whatever the table offers."""
    legal = ft.legal_actions(state)
    if state.phase is not Phase.BIDDING:
        return legal
    high = state.contract
    return (Pass(), *(ft.Bid(c) for c in Contract if high is None or c.rank > high.rank))


def not_offered_as_too_low(state: State, action: Action) -> State:
    """Refuse a contract the table leaves out for the wrong rule."""
    try:
        return ft.apply(state, action)
    except IllegalActionError as error:
        if error.rule is Rule.CONTRACT_NOT_OFFERED:
            raise IllegalActionError(Rule.BID_TOO_LOW, action, error.seat) from None
        raise


def too_low_as_not_offered(state: State, action: Action) -> State:
    """Refuse a bid below the highest one as if the table did not offer its contract."""
    try:
        return ft.apply(state, action)
    except IllegalActionError as error:
        if error.rule is Rule.BID_TOO_LOW:
            raise IllegalActionError(Rule.CONTRACT_NOT_OFFERED, action, error.seat) from None
        raise


def fft_rules(state: State) -> ft.Rules:
    """The FFT table of ``state``'s size."""
    return RULES_BY_SEATS[state.rules.seats]


def fft_score(state: State) -> Score:
    """Score the deal as if it had been played under the FFT rules of its size."""
    if state.phase is not Phase.DONE:
        return ft.score(state)
    replay = ft.deal_from(state.dealt, state.dog, dealer=state.dealer, rules=fft_rules(state))
    for action in state.history:
        replay = ft.apply(replay, action)
    return ft.score(replay)


def rescored(state: State, result: Score, unit: int) -> Score:
    """``result`` with ``unit`` shared out as the library does, so that only a check of the
    unit's parts (against the table's rules) can tell."""
    seats = state.rules.seats
    partner = result.partner
    defenders = seats - (1 if partner is None else 2)
    taker_share = (defenders - (partner is not None)) * unit
    deltas = tuple(
        taker_share if seat == result.taker else unit if seat == partner else -unit
        for seat in range(seats)
    )
    return attrs.evolve(result, unit=unit, deltas=deltas)


def fft_multiplier_score(state: State) -> Score:
    """Multiply by the FFT multiplier of the contract, not the table's."""
    result = ft.score(state)
    if result.contract is None:
        return result
    sign = 1 if result.made else -1
    fft = result.contract.multiplier
    unit = result.unit + sign * (25 + result.margin) * (fft - result.multiplier)
    return rescored(state, attrs.evolve(result, multiplier=fft), unit)


def multiplied_petit_score(state: State) -> Score:
    """Multiply the petit au bout by the contract even where the table adds it flat."""
    result = ft.score(state)
    petit = result.petit_au_bout
    if petit is None:
        return result
    value = state.rules.petit_au_bout * result.multiplier * (1 if petit.value > 0 else -1)
    unit = result.unit - petit.value + value
    return rescored(
        state, attrs.evolve(result, petit_au_bout=attrs.evolve(petit, value=value)), unit
    )


def fft_slam_score(state: State) -> Score:
    """Value the slam with the FFT bonuses, not the table's."""
    result = ft.score(state)
    slam = result.slam
    fft = fft_rules(state)
    if slam.made_by is ft.Camp.ATTACK:
        value = fft.slam_announced if slam.announced else fft.slam_unannounced
    else:
        value = -fft.slam_missed if slam.announced else 0
        value -= fft.slam_defence if slam.made_by is ft.Camp.DEFENCE else 0
    if result.annulment is not None or value == slam.value:
        return result
    unit = result.unit - slam.value + value
    return rescored(state, attrs.evolve(result, slam=attrs.evolve(slam, value=value)), unit)


def fft_handful_score(state: State) -> Score:
    """Value the handfuls with the FFT bonuses, not the table's."""
    result = ft.score(state)
    if not result.handfuls:
        return result
    sign = 1 if result.made else -1
    handfuls = tuple(
        attrs.evolve(h, value=sign * fft_rules(state).handful_bonus(h.size))
        for h in result.handfuls
    )
    unit = result.unit + sum(h.value for h in handfuls) - sum(h.value for h in result.handfuls)
    return rescored(state, attrs.evolve(result, handfuls=handfuls), unit)


def unit_off_by_one(state: State) -> Score:
    """A unit that does not match the deltas: each defender pays one point less."""
    result = ft.score(state)
    return result if result.annulment else attrs.evolve(result, unit=result.unit + 1)


#: Each wrapper, and what a deal needs for the wrapper to change its score.
HOUSE_BROKEN_SCORE: list[tuple[Callable[[State], Score], Callable[[Score], bool]]] = [
    (fft_score, lambda result: result.annulment is None),
    (fft_multiplier_score, lambda result: result.annulment is None),
    (multiplied_petit_score, lambda result: result.petit_au_bout is not None),
    (fft_slam_score, lambda result: result.slam.announced or result.slam.made_by is not None),
    (fft_handful_score, lambda result: bool(result.handfuls)),
]


def conformance_deal(rules: ft.Rules, seed: int) -> State:
    """The deal ``check_conformance`` plays for ``seed``, as its docstring says it does."""
    state = ft.new_deal(dealer=seed % rules.seats, seed=seed, rules=rules)
    rng = random.Random(seed)
    while state.current is not None:
        legal = ft.legal_actions(state)
        state = ft.apply(state, legal[min(int(rng.random() * len(legal)), len(legal) - 1)])
    return state


@functools.cache
def first_seed(rules: ft.Rules, wrapper: Callable[[State], Score]) -> int:
    """The first seed whose conformance deal has what ``wrapper`` scores wrongly."""
    needs = dict(HOUSE_BROKEN_SCORE)[wrapper]
    return next(s for s in range(2000) if needs(ft.score(conformance_deal(rules, s))))


def test_the_conformance_deals_are_played_as_documented() -> None:
    finals: list[State] = []

    def keep(state: State) -> Score:
        finals.append(state)
        return ft.score(state)

    for rules in (ft.FOUR_PLAYER, HOUSE_RULES[5]):
        finals.clear()
        check_conformance(deals=2, seed=3, probes=0, rules=rules, score=keep)
        terminal = [state for state in finals if state.is_terminal]
        assert terminal == [conformance_deal(rules, 3), conformance_deal(rules, 4)]


@pytest.mark.parametrize("rules", HOUSE_RULES.values(), ids=lambda rules: rules.name)
def test_listing_a_contract_the_table_leaves_out_is_caught(rules: ft.Rules) -> None:
    assert check_conformance(deals=3, rules=fft_rules_of(rules), legal_actions=fft_bidding)
    with pytest.raises(ConformanceError) as caught:
        check_conformance(deals=3, rules=rules, legal_actions=fft_bidding)
    assert caught.value.check == "legal-actions"
    assert f"the {rules.name} rules offer only" in caught.value.detail


def test_refusing_a_contract_left_out_for_another_rule_is_caught() -> None:
    assert check_conformance(deals=3, apply=not_offered_as_too_low)
    with pytest.raises(ConformanceError) as caught:
        check_conformance(deals=3, rules=LUDICASH, apply=not_offered_as_too_low)
    assert caught.value.check == "refusal"
    assert "not CONTRACT_NOT_OFFERED" in caught.value.detail


@pytest.mark.parametrize("rules", [ft.FOUR_PLAYER, LUDICASH], ids=lambda rules: rules.name)
def test_refusing_an_offered_contract_as_not_offered_is_caught(rules: ft.Rules) -> None:
    with pytest.raises(ConformanceError) as caught:
        check_conformance(deals=3, rules=rules, apply=too_low_as_not_offered)
    assert caught.value.check == "refusal"
    assert "is refused for CONTRACT_NOT_OFFERED" in caught.value.detail


def fft_rules_of(rules: ft.Rules) -> ft.Rules:
    return RULES_BY_SEATS[rules.seats]


@pytest.mark.parametrize("score", [wrapper for wrapper, _needs in HOUSE_BROKEN_SCORE], ids=_name)
@pytest.mark.parametrize("rules", HOUSE_RULES.values(), ids=lambda rules: rules.name)
def test_a_score_that_ignores_the_house_rules_is_caught(
    score: Callable[[State], Score], rules: ft.Rules
) -> None:
    # Right under the FFT rules of the same size, on a deal where it counts ...
    fft = fft_rules_of(rules)
    check_conformance(deals=1, seed=first_seed(fft, score), rules=fft, score=score)
    # ... and caught under the house rules, which change every knob.
    with pytest.raises(ConformanceError) as caught:
        check_conformance(deals=1, seed=first_seed(rules, score), rules=rules, score=score)
    assert caught.value.check == "score"
    assert rules.name in caught.value.detail


@pytest.mark.parametrize("rules", [ft.FOUR_PLAYER, HOUSE_RULES[4]], ids=lambda rules: rules.name)
def test_a_unit_that_is_not_what_the_defenders_pay_is_caught(rules: ft.Rules) -> None:
    with pytest.raises(ConformanceError) as caught:
        check_conformance(deals=3, rules=rules, score=unit_off_by_one)
    assert caught.value.check == "score"
