"""The rules of each transition of a deal, behind :mod:`frenchtarot._engine`.

The functions here trust their ``state`` argument (the public layer in ``_engine`` checks
it). They work on a state through the operations of ``state``, ``play`` and ``evolve``: the
card play is
:func:`~frenchtarot._core.play.play_card`, the other transitions make their state with
:func:`~frenchtarot._core.evolve.evolve`.
"""

from __future__ import annotations

from typing import Final

from frenchtarot._checks import describe_value
from frenchtarot._core import calling as _calling
from frenchtarot._core import ecart as _ecart
from frenchtarot._core import flow as _flow
from frenchtarot._core import handful as _handful
from frenchtarot._core import masks as _masks
from frenchtarot._core import play as _play
from frenchtarot._core.evolve import evolve
from frenchtarot._core.state import State, masks_of
from frenchtarot._deal_values import Annulment, AnnulReason, Handful
from frenchtarot.actions import (
    ACTION_TYPES,
    ANNOUNCE_SLAM,
    BIDS,
    CALLS,
    DISCARDS,
    PASS,
    Action,
    AnnounceSlam,
    Bid,
    Call,
    Contract,
    DeclareHandful,
    Discard,
    Pass,
    Phase,
    Play,
)
from frenchtarot.cards import Card
from frenchtarot.errors import IllegalActionError, Rule, TarotTypeError
from frenchtarot.rules import Rules

__all__ = ["SLAM_ACTIONS", "bidding_words", "legal", "transition"]

_DISCARD_TABLE: Final = _masks.make_table(DISCARDS)
_CALL_TABLE: Final = _masks.make_table(CALLS)
_BIDDING_TABLES: Final[dict[Rules, dict[Contract | None, tuple[Action, ...]]]] = {}
_MOST_TABLES: Final = 64  # the tables kept: one per Rules value in use, cheap to rebuild


def _bidding_table(rules: Rules) -> dict[Contract | None, tuple[Action, ...]]:
    """The words open after each highest bid so far at a table (``None``: before any)."""
    offered = [BIDS[contract] for contract in rules.offered]
    table: dict[Contract | None, tuple[Action, ...]] = {None: (PASS, *offered)}
    for contract in rules.offered:
        table[contract] = (PASS, *(bid for bid in offered if bid.contract > contract))
    if len(_BIDDING_TABLES) >= _MOST_TABLES:
        _BIDDING_TABLES.clear()
    _BIDDING_TABLES[rules] = table
    return table


def bidding_words(rules: Rules, high: Contract | None) -> tuple[Action, ...]:
    """The words open in the bidding after the highest bid ``high`` (``None`` before any).

    A pass and every contract the table offers above ``high``, lowest first. The table of
    each :class:`~frenchtarot.Rules` is built once (a ``Rules`` caches its hash).
    """
    table = _BIDDING_TABLES.get(rules)
    if table is None:
        table = _bidding_table(rules)
    return table[high]


SLAM_ACTIONS: Final[tuple[Action, ...]] = (PASS, ANNOUNCE_SLAM)
"""The taker's choice before the play: no slam, or a slam announced."""
# The phases as module constants: the hot paths test them on every action.
_PLAY: Final = Phase.PLAY
_BIDDING: Final = Phase.BIDDING


def legal(state: State) -> tuple[Action, ...]:
    """:func:`frenchtarot.legal_actions` of a state known to be a :class:`State`."""
    phase = state.phase
    if phase is _PLAY:
        return _play.legal_plays(state)
    if phase is _BIDDING:
        return bidding_words(state.rules, state.contract)
    if phase is Phase.DISCARD:
        hands, _, _, _, ecart = masks_of(state)
        hand = hands[state.taker]  # type: ignore[index]
        remaining = _flow.ecart_left(state.rules, ecart)
        return _masks.select(_DISCARD_TABLE, _ecart.discard_mask(hand, remaining))
    if phase is Phase.SLAM:
        return SLAM_ACTIONS
    if phase is Phase.CALL:
        hand = masks_of(state)[0][state.taker]  # type: ignore[index]
        return _masks.select(_CALL_TABLE, _calling.callable_mask(hand))
    return ()


def transition(state: State, action: object, seat: int | None) -> State:
    """:func:`frenchtarot.apply` once ``state`` and ``seat`` are known to be right.

    ``action`` may be anything: a value that is not an action raises
    :class:`~frenchtarot.TarotTypeError`.
    """
    current = state.current
    if current is None:
        raise IllegalActionError(Rule.GAME_OVER, _as_action(action), None)
    if seat is not None and seat != current:
        action = _as_action(action)
        raise IllegalActionError(
            Rule.NOT_YOUR_TURN, action, current, f"it is seat {current}'s turn, not {seat}'s"
        )
    phase = state.phase
    # The most frequent action first, tested by its exact class before isinstance.
    if action.__class__ is Play or isinstance(action, Play):
        if phase is _PLAY:  # nine actions in ten of a deal play a card
            return _play.play_card(state, action, current)
    elif isinstance(action, (Pass, Bid)):
        if phase is _BIDDING:
            return _bid(state, action, current)
        if phase is Phase.SLAM and isinstance(action, Pass):
            return _start_play(state, action, slam=False)
    elif isinstance(action, Discard):
        if phase is Phase.DISCARD:
            return _discard(state, action, current)
    elif isinstance(action, Call):
        if phase is Phase.CALL:
            return _call(state, action, current)
    elif isinstance(action, AnnounceSlam):
        if phase is Phase.SLAM:
            return _start_play(state, action, slam=True)
    elif isinstance(action, DeclareHandful):
        if phase is Phase.PLAY:
            return _declare(state, action, current)
    else:
        raise _not_an_action(action)
    raise IllegalActionError(
        Rule.WRONG_PHASE, action, current, f"the deal is in the {phase.name.lower()} phase"
    )


def _as_action(value: object) -> Action:
    """``value`` itself if it is an action; else raises :class:`TarotTypeError`."""
    if isinstance(value, ACTION_TYPES):
        return value
    raise _not_an_action(value)


def _not_an_action(value: object) -> TarotTypeError:
    return TarotTypeError(
        f"expected an action (Bid, Pass, Play, ...), not {describe_value(value)}"
    )


def _bid(state: State, action: Pass | Bid, seat: int) -> State:
    taker, contract = state.taker, state.contract
    if isinstance(action, Bid):
        rules = state.rules
        if not rules.offers(action.contract):
            raise IllegalActionError(
                Rule.CONTRACT_NOT_OFFERED,
                action,
                seat,
                f"the {rules.name} rules offer "
                + ", ".join(offered.name.lower() for offered in rules.offered),
            )
        if contract is not None and action.contract <= contract:
            raise IllegalActionError(
                Rule.BID_TOO_LOW, action, seat, f"the highest bid is {contract.name.lower()}"
            )
        taker, contract = seat, action.contract
    rules = state.rules
    if not _flow.bidding_over(rules, _flow.words_spoken(rules, state.dealer, seat)):
        following = _flow.NEXT_SEAT[rules.seats][seat]
        return evolve(state, action, current=following, taker=taker, contract=contract)
    phase = _flow.after_bidding(rules, contract)
    if phase is Phase.ANNULLED:
        return evolve(
            state,
            action,
            phase=phase,
            current=None,
            annulment=Annulment(AnnulReason.ALL_PASSED),
        )
    assert taker is not None
    hands, _, _, dog, _ = masks_of(state)
    return evolve(
        state,
        action,
        phase=phase,
        current=taker,
        hands=_flow.take_dog(hands, taker, dog) if phase is Phase.DISCARD else hands,
        taker=taker,
        contract=contract,
    )


def _call(state: State, action: Call, seat: int) -> State:
    hands, _, _, dog, _ = masks_of(state)
    index = action.card.index
    allowed = _calling.callable_mask(hands[seat])
    if not allowed >> index & 1:
        raise IllegalActionError(
            Rule.CARD_NOT_CALLABLE, action, seat, f"allowed: {_names(_masks.cards(allowed))}"
        )
    phase = _flow.after_call(state.contract)  # type: ignore[arg-type]
    return evolve(
        state,
        action,
        phase=phase,
        hands=_flow.take_dog(hands, seat, dog) if phase is Phase.DISCARD else hands,
        called=action.card,
        partner=_calling.partner_of(hands, seat, index),
    )


def _discard(state: State, action: Discard, seat: int) -> State:
    hands, _, _, _, ecart = masks_of(state)
    hand = hands[seat]
    index = action.card.index
    remaining = _flow.ecart_left(state.rules, ecart)
    if not _ecart.discard_mask(hand, remaining) >> index & 1:
        allowed = _masks.cards(_ecart.discard_mask(hand, remaining))
        raise IllegalActionError(
            _ecart.refusal(hand, index), action, seat, f"allowed: {_names(allowed)}"
        )
    return evolve(
        state,
        action,
        phase=Phase.DISCARD if remaining > 1 else Phase.SLAM,
        hands=_masks.replaced(hands, seat, hand & ~(1 << index)),
        discard=ecart | 1 << index,
    )


def _start_play(state: State, action: Pass | AnnounceSlam, *, slam: bool) -> State:
    leader = _flow.first_leader(state.rules, state.dealer, state.taker, slam)  # type: ignore[arg-type]
    return evolve(
        state,
        action,
        phase=Phase.PLAY,
        current=leader,
        slam=slam,
        leader=leader,
    )


def _declare(state: State, action: DeclareHandful, seat: int) -> State:
    if state.tricks:
        raise IllegalActionError(Rule.HANDFUL_NOT_NOW, action, seat, "the first trick is over")
    if _play.has_shown(state, seat):
        raise IllegalActionError(
            Rule.HANDFUL_NOT_NOW, action, seat, f"seat {seat} has already shown a handful"
        )
    hands, _, _, _, ecart = masks_of(state)
    ecart_trumps = ecart & _masks.TRUMPS if seat == state.taker else 0
    shown = _masks.mask_of(action.cards)
    problem = _handful.problem(state.rules, hands[seat], ecart_trumps, shown)
    if problem is not None:
        raise IllegalActionError(Rule.INVALID_HANDFUL, action, seat, problem)
    handful = Handful(seat, _masks.cards(shown))
    return evolve(state, action, handfuls=(*state.handfuls, handful))


def _names(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))
