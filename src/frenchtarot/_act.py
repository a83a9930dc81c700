"""The server's entry point: :func:`frenchtarot.act`, an action or its text from one seat.

Above the notation and the observation: a text is read in the acting seat's own view, so
that whatever is refused, the refusal tells that seat nothing its observation does not.
"""

from __future__ import annotations

from frenchtarot import _engine
from frenchtarot._core.state import State, check_state
from frenchtarot._notation import parse_action
from frenchtarot.actions import Action
from frenchtarot.observation import observe

__all__ = ["act"]


def act(state: State, action: Action | str, seat: int) -> State:
    """The state after ``seat`` takes ``action``: the entry point for a server.

    Like :func:`apply`, with the arguments in the same order, but the acting seat is
    required, and ``action`` may be the text a client sent. Give a client's input to this
    function and to nothing else: every refusal is safe to send back to that client.

    - A text is read by :func:`parse_action` in *that seat's* view
      (``observe(state, seat)``), never in the whole state: a text that names no action is
      refused with a message built from what the seat may see (its own cards, and the
      actions offered only when it is its turn).
    - An action from any seat but :attr:`State.current` is refused with
      :attr:`Rule.NOT_YOUR_TURN <frenchtarot.Rule.NOT_YOUR_TURN>` before anything else is
      looked at; the refusals of the seat to act speak of its own cards and of what is
      public.

    So two deals that differ only in cards a seat cannot see give that seat the same
    error, with the same message, for every text or action it sends (the tests check this
    on tens of thousands of texts). Each error has a stable :attr:`~TarotError.code` (and
    an :class:`IllegalActionError` its :attr:`Rule.code <frenchtarot.Rule.code>`) for a
    client to act on.

    Args:
        state: The state to act in.
        action: An action, or its notation (see :func:`parse_action`).
        seat: The seat that sends it (any integer type; not ``None``, not ``bool``).

    Returns:
        The new state.

    Raises:
        IllegalActionError: The rules forbid the action, or it is not ``seat``'s turn.
        NotationError: ``action`` is a text that names no action.
        InvalidSeatError: ``seat`` is not a seat of the table.
        TarotTypeError: ``seat`` is ``None`` or not an int, ``action`` is neither an action
            nor a str, or ``state`` is not a :class:`~frenchtarot.State`.

    >>> import frenchtarot as ft
    >>> state = ft.new_deal(seed=1)
    >>> ft.act(state, ft.Pass(), 1).current
    2
    >>> ft.act(state, "garde", 1).contract
    Contract.GARDE
    >>> ft.act(state, "garde", 2)
    Traceback (most recent call last):
    ...
    frenchtarot.errors.IllegalActionError: illegal action garde (seat 1 to act, the \
bidding): only the seat whose turn it is may act (it is seat 1's turn, not 2's)
    >>> ft.act(state, ft.Pass(), None)
    Traceback (most recent call last):
    ...
    frenchtarot.errors.TarotTypeError: seat must be an int, not None
    """
    if state.__class__ is not State:
        check_state(state)
    seat = state.rules.check_seat(seat)
    if isinstance(action, str):
        action = parse_action(action, observe(state, seat))
    return _engine.act(state, action, seat)
