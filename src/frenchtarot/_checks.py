"""Argument checks shared by the public functions."""

from __future__ import annotations

import operator
import random

from frenchtarot.errors import TarotTypeError


def quote(text: str, characters: int = 40, width: int = 80) -> str:
    r"""``repr(text)`` for an error message, cut short when ``text`` is long.

    At most the first ``characters`` characters are quoted, and fewer when their escapes
    (``\x0b``, ``\U000e0001``...) would make the quote longer than ``width``; ``...``
    follows the quote when ``text`` was cut. The result is never longer than ``width + 3``.
    """
    shown = text[:characters]
    quoted = repr(shown)
    while len(quoted) > width:
        shown = shown[:-1]
        quoted = repr(shown)
    return quoted if len(shown) == len(text) else quoted + "..."


def describe_value(value: object) -> str:
    """A short description of a value of the wrong type, for an error message.

    Strings are quoted (see :func:`quote`); ``None``, booleans, floats and ints of up to 128
    bits are shown; anything else is named by its type, as its ``repr`` may be long, slow
    or even fail (an ``int`` of more than 4300 digits).
    """
    if isinstance(value, str):
        return quote(value)
    if value is None or isinstance(value, (bool, float)):
        return repr(value)
    if type(value) is int and value.bit_length() <= 128:
        return repr(value)
    return type(value).__name__


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
        raise TarotTypeError(f"{what} must be an int, not {describe_value(value)}") from None


def random_generator(value: object) -> random.Random:
    """``value`` itself when it is a :class:`random.Random` (or a subclass).

    Raises:
        TarotTypeError: ``value`` is anything else (an int seed included: the callers that
            take a seed say so and seed a generator themselves).
    """
    if not isinstance(value, random.Random):
        raise TarotTypeError(f"rng must be a random.Random, not {describe_value(value)}")
    return value
