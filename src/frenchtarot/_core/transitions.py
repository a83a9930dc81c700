"""The rules of each transition of a deal, behind :mod:`frenchtarot._engine`.

The functions here trust their ``state`` argument (the public layer in ``_engine`` checks it)
and are the ones compiled by mypyc in the compiled build, with the other hot modules.
"""

from __future__ import annotations

import enum
from typing import Final

from frenchtarot._checks import describe_value
from frenchtarot._core import calling as _calling
from frenchtarot._core import ecart as _ecart
from frenchtarot._core import flow as _flow
from frenchtarot._core import handful as _handful
from frenchtarot._core import masks as _masks
from frenchtarot._core import tricks as _tricks
from frenchtarot._core.state import State, _Deal, next_state
from frenchtarot._deal_values import Annulment, AnnulReason, Handful, Trick
from frenchtarot.actions import (
    ACTION_TYPES,
    ANNOUNCE_SLAM,
    BIDS,
    CALLS,
    DISCARDS,
    PASS,
    PLAYS,
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
from frenchtarot.cards import DECK, Card
from frenchtarot.errors import IllegalActionError, Rule, TarotTypeError

__all__ = ["legal", "transition"]

_PLAY_TABLE: Final = _masks.make_table(PLAYS)
_DISCARD_TABLE: Final = _masks.make_table(DISCARDS)
_CALL_TABLE: Final = _masks.make_table(CALLS)
_BIDDING_ACTIONS: Final[dict[Contract | None, tuple[Action, ...]]] = {
    None: (PASS, *BIDS.values()),
    **{high: (PASS, *(bid for contract, bid in BIDS.items() if contract > high)) for high in BIDS},
}
_SLAM_ACTIONS: Final[tuple[Action, ...]] = (PASS, ANNOUNCE_SLAM)
_HANDFUL_CARDS: Final = _masks.TRUMPS | _masks.EXCUSE
_EXCUSE_INDEX: Final = 21
# The play state last given to legal_actions and its legal-card mask, so that apply, called
# next on the same state in the usual loop, need not work the mask out again. One tuple, set
# in one assignment, so that threads never pair a state with another state's mask.
_last_legal: tuple[State | None, int] = (None, 0)
# The phases as module constants: the hot paths test them on every action.
_PLAY: Final = Phase.PLAY
_CARD_OF: Final = DECK.__getitem__
_BIDDING: Final = Phase.BIDDING


def legal(state: State) -> tuple[Action, ...]:
    """:func:`frenchtarot.legal_actions` of a state known to be a :class:`State`."""
    deal = state._deal
    phase = state.phase
    if phase is _PLAY:
        global _last_legal
        seat: int = state.current  # type: ignore[assignment]
        hand = state._hands[seat]
        legal = _play_mask(state, hand)
        _last_legal = (state, legal)
        plays: tuple[Action, ...] = _masks.select(_PLAY_TABLE, legal)
        if not state.tricks and _flow.may_show_handful(0, _has_shown(state, seat)):
            displays = _handful.canonical_displays(deal.rules, hand, _ecart_trumps(state, seat))
            if displays:
                shown = tuple(DeclareHandful(_masks.cards(mask)) for mask in displays)
                return shown + plays
        return plays
    if phase is _BIDDING:
        return _BIDDING_ACTIONS[deal.contract]
    if phase is Phase.DISCARD:
        hand = state._hands[deal.taker]  # type: ignore[index]
        remaining = _flow.ecart_left(deal.rules, deal.discard)
        return _masks.select(_DISCARD_TABLE, _ecart.discard_mask(hand, remaining))
    if phase is Phase.SLAM:
        return _SLAM_ACTIONS
    if phase is Phase.CALL:
        hand = state._hands[deal.taker]  # type: ignore[index]
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
        if phase is _PLAY:  # the play is inline: nine actions in ten of a deal play a card
            hands = state._hands
            hand = hands[current]
            index = action.card._index
            bit = 1 << index
            cached, legal = _last_legal
            if cached is not state:
                legal = _play_mask(state, hand)
            if not legal & bit:
                raise _refused_play(state, action, current, legal)
            hands = _masks.replaced(hands, current, hand ^ bit)
            trick = state._trick + (index,)
            deal = state._deal
            rules = deal.rules
            leader = state._leader
            tricks = state.tricks
            seats = rules.seats
            if len(trick) < seats:
                return next_state(
                    deal,
                    _PLAY,
                    _flow.NEXT_IN_TRICK[seats][current],
                    hands,
                    tricks,
                    trick,
                    leader,
                    (state._chain, action),
                )
            camp = _calling.camp_mask(deal.taker, deal.partner)  # type: ignore[arg-type]
            winner = _tricks.trick_winner(rules, camp, leader, trick, tricks)
            tricks += (Trick._trusted(leader, tuple(map(_CARD_OF, trick)), winner),)
            if _flow.deal_over(rules, len(tricks)):
                phase, after = Phase.DONE, None
            else:
                phase, after = _PLAY, winner
                leader = winner
            return next_state(
                deal, phase, after, hands, tricks, (), leader, (state._chain, action)
            )
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


class _Keep(enum.Enum):
    """The default of :func:`_evolve`'s arguments: keep the state's value."""

    KEEP = enum.auto()


_KEEP: Final = _Keep.KEEP


def _evolve(
    state: State,
    action: Action,
    *,
    phase: Phase | _Keep = _KEEP,
    current: int | _Keep | None = _KEEP,
    hands: tuple[int, ...] | _Keep = _KEEP,
    discard: int | _Keep = _KEEP,
    taker: int | _Keep | None = _KEEP,
    contract: Contract | _Keep | None = _KEEP,
    called: Card | _Keep | None = _KEEP,
    partner: int | _Keep | None = _KEEP,
    slam: bool | _Keep = _KEEP,
    handfuls: tuple[Handful, ...] | _Keep = _KEEP,
    leader: int | _Keep = _KEEP,
    annulment: Annulment | _Keep | None = _KEEP,
) -> State:
    """A copy of ``state`` with the fields given changed (the others kept), after an action.

    Every transition adds its ``action`` to the history; the dog, the tricks and the trick in
    progress are never changed by the transitions that come here (the play has its own).
    The state's shared record is kept unless one of its fields changes.
    """
    deal = state._deal
    if not (
        discard is _KEEP
        and taker is _KEEP
        and contract is _KEEP
        and called is _KEEP
        and partner is _KEEP
        and slam is _KEEP
        and handfuls is _KEEP
        and annulment is _KEEP
    ):
        deal = _Deal(
            deal.rules,
            deal.dealer,
            deal.dog,
            deal.discard if isinstance(discard, _Keep) else discard,
            deal.taker if isinstance(taker, _Keep) else taker,
            deal.contract if isinstance(contract, _Keep) else contract,
            deal.called if isinstance(called, _Keep) else called,
            deal.partner if isinstance(partner, _Keep) else partner,
            deal.slam if isinstance(slam, _Keep) else slam,
            deal.handfuls if isinstance(handfuls, _Keep) else handfuls,
            deal.annulment if isinstance(annulment, _Keep) else annulment,
        )
    return next_state(
        deal,
        state.phase if isinstance(phase, _Keep) else phase,
        state.current if isinstance(current, _Keep) else current,
        state._hands if isinstance(hands, _Keep) else hands,
        state.tricks,
        state._trick,
        state._leader if isinstance(leader, _Keep) else leader,
        (state._chain, action),
    )


def _bid(state: State, action: Pass | Bid, seat: int) -> State:
    deal = state._deal
    taker, contract = deal.taker, deal.contract
    if isinstance(action, Bid):
        if contract is not None and action.contract <= contract:
            raise IllegalActionError(
                Rule.BID_TOO_LOW, action, seat, f"the highest bid is {contract.name.lower()}"
            )
        taker, contract = seat, action.contract
    rules = deal.rules
    if not _flow.bidding_over(rules, _flow.words_spoken(rules, deal.dealer, seat)):
        return _evolve(
            state, action, current=rules.next_seat(seat), taker=taker, contract=contract
        )
    phase = _flow.after_bidding(rules, contract)
    if phase is Phase.ANNULLED:
        return _evolve(
            state,
            action,
            phase=phase,
            current=None,
            annulment=Annulment(AnnulReason.ALL_PASSED),
        )
    assert taker is not None
    return _evolve(
        state,
        action,
        phase=phase,
        current=taker,
        hands=_flow.take_dog(state._hands, taker, deal.dog)
        if phase is Phase.DISCARD
        else state._hands,
        taker=taker,
        contract=contract,
    )


def _call(state: State, action: Call, seat: int) -> State:
    deal = state._deal
    hand = state._hands[seat]
    index = action.card.index
    allowed = _calling.callable_mask(hand)
    if not allowed >> index & 1:
        raise IllegalActionError(
            Rule.CARD_NOT_CALLABLE, action, seat, f"allowed: {_names(_masks.cards(allowed))}"
        )
    phase = _flow.after_call(deal.contract)  # type: ignore[arg-type]
    return _evolve(
        state,
        action,
        phase=phase,
        hands=_flow.take_dog(state._hands, seat, deal.dog)
        if phase is Phase.DISCARD
        else state._hands,
        called=action.card,
        partner=_calling.partner_of(state._hands, seat, index),
    )


def _discard(state: State, action: Discard, seat: int) -> State:
    deal = state._deal
    hand = state._hands[seat]
    index = action.card.index
    remaining = _flow.ecart_left(deal.rules, deal.discard)
    if not _ecart.discard_mask(hand, remaining) >> index & 1:
        allowed = _masks.cards(_ecart.discard_mask(hand, remaining))
        raise IllegalActionError(
            _ecart.refusal(hand, index), action, seat, f"allowed: {_names(allowed)}"
        )
    return _evolve(
        state,
        action,
        phase=Phase.DISCARD if remaining > 1 else Phase.SLAM,
        hands=_masks.replaced(state._hands, seat, hand & ~(1 << index)),
        discard=deal.discard | 1 << index,
    )


def _start_play(state: State, action: Pass | AnnounceSlam, *, slam: bool) -> State:
    deal = state._deal
    leader = _flow.first_leader(deal.rules, deal.dealer, deal.taker, slam)  # type: ignore[arg-type]
    return _evolve(
        state,
        action,
        phase=Phase.PLAY,
        current=leader,
        slam=slam,
        leader=leader,
    )


def _ecart_trumps(state: State, seat: int) -> int:
    deal = state._deal
    return deal.discard & _masks.TRUMPS if seat == deal.taker else 0


def _has_shown(state: State, seat: int) -> bool:
    """Whether ``seat`` has shown a handful in this deal."""
    return any(handful.seat == seat for handful in state._deal.handfuls)


def _play_mask(state: State, hand: int) -> int:
    """The cards of ``hand`` that the seat to act may play to the trick in progress."""
    trick = state._trick
    legal = _tricks.legal_mask(hand, trick)
    called = state._deal.called
    if called is not None and not trick and not state.tricks:
        legal = _calling.opening_lead_mask(legal, called._index)
    return legal


def _declare(state: State, action: DeclareHandful, seat: int) -> State:
    deal = state._deal
    if state.tricks:
        raise IllegalActionError(Rule.HANDFUL_NOT_NOW, action, seat, "the first trick is over")
    if _has_shown(state, seat):
        raise IllegalActionError(
            Rule.HANDFUL_NOT_NOW, action, seat, f"seat {seat} has already shown a handful"
        )
    shown = _masks.mask_of(action.cards)
    problem = _handful.problem(deal.rules, state._hands[seat], _ecart_trumps(state, seat), shown)
    if problem is not None:
        raise IllegalActionError(Rule.INVALID_HANDFUL, action, seat, problem)
    handful = Handful(seat, _masks.cards(shown))
    return _evolve(state, action, handfuls=(*deal.handfuls, handful))


def _refused_play(state: State, action: Play, seat: int, legal: int) -> IllegalActionError:
    """The error for playing ``action`` from ``seat``, whose legal cards are ``legal``."""
    hand = state._hands[seat]
    trick = state._trick
    index = action.card._index
    if _tricks.legal_mask(hand, trick) & 1 << index:  # barred by the opening-lead restriction
        rule = Rule.CALLED_SUIT_LEAD
    else:
        rule = _tricks.refusal(hand, trick, index)
    allowed = _names(_masks.cards(legal))
    return IllegalActionError(rule, action, seat, f"seat {seat} may play {allowed}")


def _names(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))
