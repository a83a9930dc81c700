"""Argument checks shared by the public functions."""

from __future__ import annotations

import operator

from frenchtarot.errors import TarotTypeError


def whole_number(value: object, what: str) -> int:
    """``value`` as an ``int``: any integer type (NumPy's too), but not ``bool``.

    Raises:
        TarotTypeError: ``value`` is not an integer.
    """
    if isinstance(value, bool):
        raise TarotTypeError(f"{what} must be an int, not {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TarotTypeError(f"{what} must be an int, not {value!r}") from None


def check_state(state: object) -> None:
    """Refuse anything but a :class:`~frenchtarot.State`.

    Raises:
        TarotTypeError: ``state`` is not a State.
    """
    from frenchtarot.state import State

    if not isinstance(state, State):
        raise TarotTypeError(f"expected a State, not {type(state).__name__}")
