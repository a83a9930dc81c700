"""The checked entry points of a deal: :func:`legal_actions`, :func:`is_legal`, :func:`apply`.

They check what the caller gives them; the rules themselves are in the rules core
(``_core.transitions`` and the modules beside it, compiled in the compiled build), which
trusts what it is given.
"""

from __future__ import annotations

from typing import Final

from frenchtarot._core.play import legal_plays, play_card
from frenchtarot._core.state import State, check_state
from frenchtarot._core.transitions import legal, transition
from frenchtarot.actions import Action, Phase, Play
from frenchtarot.errors import IllegalActionError

__all__ = ["act", "apply", "is_legal", "legal_actions"]

_PLAY: Final = Phase.PLAY


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
    if state.phase is _PLAY:  # the card play, straight to its rule: most calls come here
        return legal_plays(state)
    return legal(state)


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
        if (
            action.__class__ is Play
            and state.phase is _PLAY
            and (seat is None or seat == state.current)
        ):  # a card played by the seat to act, straight to its rule: most calls come here
            return play_card(state, action, state.current)  # type: ignore[arg-type]
        return transition(state, action, seat)
    except IllegalActionError as error:
        error._locate(_where(state))
        raise


def act(state: State, action: Action, seat: int) -> State:
    """The state after ``seat`` takes ``action`` (an action, not a text).

    Like :func:`apply`, with the arguments in the same order, but the acting seat is
    required: a message that names no seat (``None``) is refused instead of acting for
    whoever is to play, and an action from any seat but :attr:`State.current` is refused
    with :attr:`Rule.NOT_YOUR_TURN <frenchtarot.Rule.NOT_YOUR_TURN>`. The public
    :func:`frenchtarot.act` reads a client's text too, in the seat's own view, and then
    comes here.

    Args:
        state: The state to act in.
        action: The action.
        seat: The seat that sends the action (any integer type; not ``None``, not ``bool``).

    Returns:
        The new state.

    Raises:
        IllegalActionError: The rules forbid the action, or it is not ``seat``'s turn.
        InvalidSeatError: ``seat`` is not a seat of the table.
        TarotTypeError: ``seat`` is ``None`` or not an int, ``action`` is not an action, or
            ``state`` is not a :class:`~frenchtarot.State`.

    >>> import frenchtarot as ft
    >>> state = ft.new_deal(seed=1)
    >>> ft.act(state, ft.Pass(), 1).current
    2
    >>> ft.act(state, ft.Pass(), None)
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
