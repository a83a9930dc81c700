"""The transitions of a deal: :func:`legal_actions`, :func:`is_legal` and :func:`apply`."""

from __future__ import annotations

from typing import Final

from frenchtarot import _calling, _ecart, _flow, _handful, _masks, _tricks
from frenchtarot._checks import check_state, describe_value
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
    Play,
)
from frenchtarot.cards import DECK, Card
from frenchtarot.errors import IllegalActionError, Rule, TarotTypeError
from frenchtarot.state import (
    Annulment,
    AnnulReason,
    Handful,
    Phase,
    State,
    Trick,
    make_state,
)

__all__ = ["act", "apply", "is_legal", "legal_actions"]

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
# next on the same state in the usual loop, need not work the mask out again.
_last_legal: tuple[State | None, int] = (None, 0)


def legal_actions(state: State) -> tuple[Action, ...]:
    """The actions offered to the seat to act, in canonical order; empty when terminal.

    Every legal bid, écart card, slam decision and card play is listed. Handfuls are the
    one exception: a player holding more trumps than a handful size may choose which to
    hide, and rather than every such choice (66 ten-card displays from twelve trumps) one
    canonical display per size is offered. :func:`apply` and :func:`is_legal` accept the
    other valid displays too, so ``is_legal(state, a)`` holds for every offered ``a``, and
    the converse holds for every action that is not a :class:`~frenchtarot.DeclareHandful`.

    The canonical order is: in the bidding, :class:`~frenchtarot.Pass` then the allowed
    bids from lowest to highest; at the call (five players), :class:`~frenchtarot.Call`
    by card order; in the écart, :class:`~frenchtarot.Discard` by card order;
    at the slam decision, ``Pass()`` then ``AnnounceSlam()``; in the play, first one
    :class:`~frenchtarot.DeclareHandful` per handful size the player may still show
    (smallest first), then :class:`~frenchtarot.Play` by card order (the order of
    :data:`~frenchtarot.DECK`).

    The offered handful displays show the trumps already public (the taker's écart trumps),
    then the player's lowest trumps, hiding the highest; the Excuse only when it must stand
    in for a trump. :func:`apply` also accepts any other display the rules allow.

    Args:
        state: The state.

    Returns:
        The legal actions of :attr:`State.current`, empty exactly when the deal is over.

    Raises:
        TarotTypeError: ``state`` is not a :class:`~frenchtarot.State`.

    >>> import frenchtarot as ft
    >>> ft.legal_actions(ft.new_deal(seed=1))
    (Pass(), Bid(contract=Contract.PETITE), Bid(contract=Contract.GARDE), \
Bid(contract=Contract.GARDE_SANS), Bid(contract=Contract.GARDE_CONTRE))
    """
    if state.__class__ is not State:
        check_state(state)
    phase = state.phase
    if phase is Phase.PLAY:
        global _last_legal
        seat: int = state.current  # type: ignore[assignment]
        hand = state._hands[seat]
        legal = _play_mask(state, hand)
        _last_legal = (state, legal)
        plays: tuple[Action, ...] = _masks.select(_PLAY_TABLE, legal)
        if (
            not state.tricks
            and (hand & _HANDFUL_CARDS or _ecart_trumps(state, seat))
            and _flow.may_show_handful(len(state.tricks), _has_shown(state, seat))
        ):
            displays = _handful.canonical_displays(state.rules, hand, _ecart_trumps(state, seat))
            if displays:
                shown = tuple(DeclareHandful(_masks.cards(mask)) for mask in displays)
                return shown + plays
        return plays
    if phase is Phase.BIDDING:
        return _BIDDING_ACTIONS[state.contract]
    if phase is Phase.DISCARD:
        hand = state._hands[state.taker]  # type: ignore[index]
        remaining = _flow.ecart_left(state.rules, state._discard)
        return _masks.select(_DISCARD_TABLE, _ecart.discard_mask(hand, remaining))
    if phase is Phase.SLAM:
        return _SLAM_ACTIONS
    if phase is Phase.CALL:
        hand = state._hands[state.taker]  # type: ignore[index]
        return _masks.select(_CALL_TABLE, _calling.callable_mask(hand))
    return ()


def is_legal(state: State, action: Action, *, seat: int | None = None) -> bool:
    """Whether :func:`apply` would accept ``action`` (from ``seat``, when given).

    Args:
        state: The state to act in.
        action: The action to check.
        seat: When given, the seat claiming to act.

    Returns:
        ``True`` when the action is legal, ``False`` when :func:`apply` would raise
        :class:`~frenchtarot.IllegalActionError`.

    Raises:
        InvalidSeatError: ``seat`` is not a seat of the table.
        TarotTypeError: ``action`` is not an action, or ``seat`` not an int.
    """
    try:
        apply(state, action, seat=seat)
    except IllegalActionError:
        return False
    return True


def apply(state: State, action: Action, *, seat: int | None = None) -> State:
    """The state after the seat to act takes ``action``. ``state`` itself is unchanged.

    Args:
        state: The state to act in.
        action: The action, taken by :attr:`State.current`.
        seat: When given, the seat claiming to act; an action from any seat other than
            :attr:`State.current` is refused with :attr:`Rule.NOT_YOUR_TURN`.

    Returns:
        The new state.

    Raises:
        IllegalActionError: The rules forbid the action; its :attr:`~IllegalActionError.rule`
            says which rule.
        InvalidSeatError: ``seat`` is not a seat of the table.
        TarotTypeError: ``action`` is not an action, or ``seat`` not an int.

    >>> import frenchtarot as ft
    >>> state = ft.apply(ft.new_deal(seed=1), ft.Bid(ft.Contract.GARDE))
    >>> state.contract, state.current
    (Contract.GARDE, 2)
    >>> ft.apply(state, ft.Bid(ft.Contract.PETITE))
    Traceback (most recent call last):
    ...
    frenchtarot.errors.IllegalActionError: illegal action petite (seat 2 to act, the bidding): \
a bid must be higher than every earlier bid (the highest bid is garde)
    """
    if state.__class__ is not State:
        check_state(state)
    if seat is not None:
        seat = state.rules.check_seat(seat)
    try:
        return _apply(state, action, seat)
    except IllegalActionError as error:
        error._locate(_where(state))
        raise


def act(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` takes ``action``: the entry point for a server.

    Like :func:`apply`, but the acting seat is required: a client's message that names no
    seat (``None``) is refused instead of acting for whoever is to play, and an action from
    any seat but :attr:`State.current` is refused with :attr:`Rule.NOT_YOUR_TURN
    <frenchtarot.Rule.NOT_YOUR_TURN>`.

    Args:
        state: The state to act in.
        seat: The seat that sends the action (any integer type; not ``None``, not ``bool``).
        action: The action.

    Returns:
        The new state.

    Raises:
        IllegalActionError: The rules forbid the action, or it is not ``seat``'s turn.
        InvalidSeatError: ``seat`` is not a seat of the table.
        TarotTypeError: ``seat`` is ``None`` or not an int, ``action`` is not an action, or
            ``state`` is not a :class:`~frenchtarot.State`.

    >>> import frenchtarot as ft
    >>> state = ft.new_deal(seed=1)
    >>> ft.act(state, 1, ft.Pass()).current
    2
    >>> ft.act(state, None, ft.Pass())
    Traceback (most recent call last):
    ...
    frenchtarot.errors.TarotTypeError: seat must be an int, not None
    """
    if state.__class__ is not State:
        check_state(state)
    return apply(state, action, seat=state.rules.check_seat(seat))


def _where(state: State) -> str:
    """Where the deal stands, for a refusal's message: the seat to act and the moment."""
    phase = state.phase
    if state.current is None:
        return "the deal is over"
    if phase is Phase.PLAY:
        moment = f"trick {len(state.tricks) + 1}"
    elif phase is Phase.BIDDING:
        moment = "the bidding"
    elif phase is Phase.CALL:
        moment = "the call"
    elif phase is Phase.DISCARD:
        moment = "the écart"
    else:
        moment = "the slam announcement"
    return f"seat {state.current} to act, {moment}"


def _apply(state: State, action: Action, seat: int | None) -> State:
    """:func:`apply` once ``state`` and ``seat`` are known to be right."""
    current = state.current
    if current is None:
        _check_type(action)
        raise IllegalActionError(Rule.GAME_OVER, action, None)
    if seat is not None and seat != current:
        _check_type(action)
        raise IllegalActionError(
            Rule.NOT_YOUR_TURN, action, current, f"it is seat {current}'s turn, not {seat}'s"
        )
    phase = state.phase
    if isinstance(action, Play):
        if phase is Phase.PLAY:
            return _play(state, action, current)
    elif isinstance(action, (Pass, Bid)):
        if phase is Phase.BIDDING:
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
        _check_type(action)
    raise IllegalActionError(
        Rule.WRONG_PHASE, action, current, f"the deal is in the {phase.name.lower()} phase"
    )


def _check_type(action: object) -> None:
    if not isinstance(action, ACTION_TYPES):
        raise TarotTypeError(
            f"expected an action (Bid, Pass, Play, ...), not {describe_value(action)}"
        )


def _evolve(state: State, **changes: object) -> State:
    """A copy of ``state`` with some fields changed (a slow path for rare transitions)."""
    fields = {
        "rules": state.rules,
        "dealer": state.dealer,
        "phase": state.phase,
        "current": state.current,
        "hands": state._hands,
        "dog": state._dog,
        "discard": state._discard,
        "taker": state.taker,
        "contract": state.contract,
        "called": state.called,
        "partner": state.partner,
        "slam": state.slam,
        "handfuls": state.handfuls,
        "tricks": state.tricks,
        "trick": state._trick,
        "leader": state._leader,
        "history": state.history,
        "annulment": state.annulment,
    }
    fields.update(changes)
    return State(**fields)  # type: ignore[arg-type]


def _bid(state: State, action: Pass | Bid, seat: int) -> State:
    taker, contract = state.taker, state.contract
    if isinstance(action, Bid):
        if contract is not None and action.contract <= contract:
            raise IllegalActionError(
                Rule.BID_TOO_LOW, action, seat, f"the highest bid is {contract.name.lower()}"
            )
        taker, contract = seat, action.contract
    history = state.history + (action,)
    rules = state.rules
    if not _flow.bidding_over(rules, len(history)):
        return _evolve(
            state, current=rules.next_seat(seat), taker=taker, contract=contract, history=history
        )
    phase = _flow.after_bidding(rules, contract)
    if phase is Phase.ANNULLED:
        return _evolve(
            state,
            phase=phase,
            current=None,
            history=history,
            annulment=Annulment(AnnulReason.ALL_PASSED),
        )
    assert taker is not None
    return _evolve(
        state,
        phase=phase,
        current=taker,
        hands=_flow.take_dog(state._hands, taker, state._dog)
        if phase is Phase.DISCARD
        else state._hands,
        taker=taker,
        contract=contract,
        history=history,
    )


def _call(state: State, action: Call, seat: int) -> State:
    hand = state._hands[seat]
    index = action.card.index
    allowed = _calling.callable_mask(hand)
    if not allowed >> index & 1:
        raise IllegalActionError(
            Rule.CARD_NOT_CALLABLE, action, seat, f"allowed: {_names(_masks.cards(allowed))}"
        )
    phase = _flow.after_call(state.contract)  # type: ignore[arg-type]
    return _evolve(
        state,
        phase=phase,
        hands=_flow.take_dog(state._hands, seat, state._dog)
        if phase is Phase.DISCARD
        else state._hands,
        called=action.card,
        partner=_calling.partner_of(state._hands, seat, index),
        history=state.history + (action,),
    )


def _discard(state: State, action: Discard, seat: int) -> State:
    hand = state._hands[seat]
    index = action.card.index
    remaining = _flow.ecart_left(state.rules, state._discard)
    if not _ecart.discard_mask(hand, remaining) >> index & 1:
        allowed = _masks.cards(_ecart.discard_mask(hand, remaining))
        raise IllegalActionError(
            _ecart.refusal(hand, index), action, seat, f"allowed: {_names(allowed)}"
        )
    hands = list(state._hands)
    hands[seat] = hand & ~(1 << index)
    return _evolve(
        state,
        phase=Phase.DISCARD if remaining > 1 else Phase.SLAM,
        hands=tuple(hands),
        discard=state._discard | 1 << index,
        history=state.history + (action,),
    )


def _start_play(state: State, action: Pass | AnnounceSlam, *, slam: bool) -> State:
    leader = _flow.first_leader(state.rules, state.dealer, state.taker, slam)  # type: ignore[arg-type]
    return _evolve(
        state,
        phase=Phase.PLAY,
        current=leader,
        slam=slam,
        leader=leader,
        history=state.history + (action,),
    )


def _ecart_trumps(state: State, seat: int) -> int:
    return state._discard & _masks.TRUMPS if seat == state.taker else 0


def _has_shown(state: State, seat: int) -> bool:
    """Whether ``seat`` has shown a handful in this deal."""
    return any(handful.seat == seat for handful in state.handfuls)


def _play_mask(state: State, hand: int) -> int:
    """The cards of ``hand`` that the seat to act may play to the trick in progress."""
    trick = state._trick
    legal = _tricks.legal_mask(hand, trick)
    if state.called is not None and not trick and not state.tricks:
        legal = _calling.opening_lead_mask(legal, state.called._index)
    return legal


def _declare(state: State, action: DeclareHandful, seat: int) -> State:
    if state.tricks:
        raise IllegalActionError(Rule.HANDFUL_NOT_NOW, action, seat, "the first trick is over")
    if _has_shown(state, seat):
        raise IllegalActionError(
            Rule.HANDFUL_NOT_NOW, action, seat, f"seat {seat} has already shown a handful"
        )
    shown = _masks.mask_of(action.cards)
    problem = _handful.problem(state.rules, state._hands[seat], _ecart_trumps(state, seat), shown)
    if problem is not None:
        raise IllegalActionError(Rule.INVALID_HANDFUL, action, seat, problem)
    handful = Handful(seat, _masks.cards(shown))
    return _evolve(state, handfuls=(*state.handfuls, handful), history=state.history + (action,))


def _play(state: State, action: Play, seat: int) -> State:
    hands = state._hands
    hand = hands[seat]
    bit = 1 << action.card._index
    trick = state._trick
    cached, legal = _last_legal
    if cached is not state:
        legal = _play_mask(state, hand)
    if not legal & bit:
        if _tricks.legal_mask(hand, trick) & bit:  # barred by the opening-lead restriction
            rule = Rule.CALLED_SUIT_LEAD
        else:
            rule = _tricks.refusal(hand, trick, action.card._index)
        allowed = _names(_masks.cards(legal))
        raise IllegalActionError(rule, action, seat, f"seat {seat} may play {allowed}")
    hands = (*hands[:seat], hand ^ bit, *hands[seat + 1 :])
    trick = (*trick, action.card._index)
    rules = state.rules
    leader = state._leader
    tricks = state.tricks
    phase = Phase.PLAY
    if len(trick) < rules.seats:
        current: int | None = _flow.next_in_trick(rules, seat)
    else:
        camp = _calling.camp_mask(state.taker, state.partner)  # type: ignore[arg-type]
        winner = _tricks.trick_winner(rules, camp, leader, trick, tricks)
        tricks = (*tricks, Trick._trusted(leader, tuple(map(DECK.__getitem__, trick)), winner))
        trick = ()
        if _flow.deal_over(rules, len(tricks)):
            phase, current = Phase.DONE, None
        else:
            current = leader = winner
    return make_state(
        rules,
        state.dealer,
        phase,
        current,
        hands,
        state._dog,
        state._discard,
        state.taker,
        state.contract,
        state.called,
        state.partner,
        state.slam,
        state.handfuls,
        tricks,
        trick,
        leader,
        state.history + (action,),
        None,
    )


def _names(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))
