"""Where things go in :mod:`frenchtarot.svg`: rows of cards, and text that must fit.

Private. :func:`_flow` lays cards out in rows that never hide a card's index: a card drawn
over the one before it leaves that card's corner (its rank and suit, or its trump number)
in view, and a hand too long for one row wraps to more. The tests check this from the
layout itself.
"""

from __future__ import annotations

import math
import unicodedata
from typing import Final, NamedTuple

from frenchtarot.svg._looks import _INDEX_BOX, _RATIO

_GAP: Final = 4.0
"""The room between two cards side by side when they need not overlap."""
_ROW_GAP: Final = 8.0
"""The room between two rows of cards."""
_CLEAR: Final = 3.0
"""How much of a card shows right of its index, at the least, when the next card covers it."""


class Flow(NamedTuple):
    """Cards laid out in rows: each card's top left corner, from the first card's."""

    places: tuple[tuple[float, float], ...]
    width: float
    height: float
    rows: int


def _min_step(h: float) -> float:
    """The least distance between two overlapping cards ``h`` high: the index and a bit."""
    return _INDEX_BOX[2] * h + _CLEAR


def _flow(count: int, room: float, h: float, gap: float = _GAP) -> Flow:
    """``count`` cards ``h`` high in rows at most ``room`` wide.

    As few rows as keep every card's index in view, as many cards in each row as can be
    (the last row may hold fewer), side by side ``gap`` apart when there is room and
    overlapping from the left otherwise. A single card wider than ``room`` is drawn anyway.
    """
    w = h * _RATIO
    if count <= 0:
        return Flow((), 0.0, 0.0, 0)
    spare = max(0.0, room - w)
    most = 1 + int(spare // _min_step(h))
    rows = math.ceil(count / most)
    per_row = math.ceil(count / rows)
    step = w + gap if per_row == 1 else min(w + gap, spare / (per_row - 1))
    places = tuple(((i % per_row) * step, (i // per_row) * (h + _ROW_GAP)) for i in range(count))
    width = w + step * (min(count, per_row) - 1)
    return Flow(places, width, rows * h + (rows - 1) * _ROW_GAP, rows)


def _index_box(x: float, y: float, h: float) -> tuple[float, float, float, float]:
    """The index area (left, top, width, height) of a card ``h`` high at ``(x, y)``."""
    left, top, width, height = _INDEX_BOX
    return x + left * h, y + top * h, width * h, height * h


# ---------------------------------------------------------------------------------------------
# Text. No font is at hand to measure it, so widths are estimated from the characters, on
# the generous side (DejaVu Sans, the first font asked for, is a wide one).

_NARROW: Final = frozenset(" ilIjft.,:;'!|()[]-·")
_WIDE: Final = frozenset("MWmw@%★♠♥♦♣")


def _text_width(text: str, size: float, *, bold: bool = False) -> float:
    """An estimate of the width of ``text`` at ``size``, at least as wide as drawn."""
    units = 0.0
    for char in text:
        if char in _NARROW:
            units += 0.36
        elif char in _WIDE or unicodedata.east_asian_width(char) in "WF":
            units += 1.0
        elif char.isupper() or char.isdigit():
            units += 0.72
        else:
            units += 0.62
    return units * size * (1.1 if bold else 1.0)


def _fit(text: str, size: float, room: float, *, bold: bool = False) -> str:
    """``text``, cut short with an ellipsis if it is wider than ``room``."""
    if _text_width(text, size, bold=bold) <= room:
        return text
    cut = text
    while cut and _text_width(cut + "…", size, bold=bold) > room:
        cut = cut[:-1]
    return cut.rstrip() + "…"


def _wrap(text: str, size: float, room: float, *, bold: bool = False) -> list[str]:
    """``text`` as lines no wider than ``room``, broken at `` · `` or else at spaces.

    A word too long for a line on its own is cut short with an ellipsis.
    """
    if _text_width(text, size, bold=bold) <= room:
        return [text]
    for separator in (" · ", " "):
        pieces = text.split(separator)
        if len(pieces) == 1:
            continue
        lines: list[str] = []
        line = pieces[0]
        for piece in pieces[1:]:
            joined = line + separator + piece
            if _text_width(joined, size, bold=bold) <= room:
                line = joined
            else:
                lines.append(line)
                line = piece
        lines.append(line)
        return [out for each in lines for out in _wrap(each, size, room, bold=bold)]
    return [_fit(text, size, room, bold=bold)]
