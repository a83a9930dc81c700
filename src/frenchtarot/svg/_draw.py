"""The drawing kit of :mod:`frenchtarot.svg`: looks, sizes, text, card faces and backs.

Private: :mod:`frenchtarot.svg` builds its pictures from these pieces and checks its
arguments with the helpers at the end.
"""

from __future__ import annotations

import functools
import math
import numbers
from collections.abc import Iterable, Sequence
from itertools import islice
from typing import Final
from xml.sax.saxutils import escape

from frenchtarot._checks import describe_value, whole_number
from frenchtarot.cards import Card, Suit
from frenchtarot.errors import (
    InvalidCardError,
    InvalidSeatError,
    InvalidSizeError,
    TarotTypeError,
)


class Picture(str):
    """An SVG document, as a ``str``; Jupyter and IPython display it as a picture.

    It is a plain string in every other way: write it to a ``.svg`` file, embed it in an
    HTML page or send it over the network as it is.
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


# ---------------------------------------------------------------------------------------------
# Looks.

_FONT: Final = "DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, Arial, sans-serif"
_RATIO: Final = 2 / 3
"""A card's width over its height."""
_SUIT_SYMBOL: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_RANK_LABEL: Final = {11: "J", 12: "C", 13: "Q", 14: "K"}
_EXCUSE_SYMBOL: Final = "★"
_RED: Final = "#c0172d"
_BLACK: Final = "#1b1b1b"
_TRUMP_INK: Final = "#1d3f7a"
_EXCUSE_INK: Final = "#6b2d8c"
_GOLD: Final = "#f2d27a"
_FELT: Final = "#2f7a4a"
_FELT_EDGE: Final = "#1e5233"
_INK: Final = "#222222"
_MUTED: Final = "#5a5a5a"

_MIN_SIZE: Final = 10
_MAX_SIZE: Final = 2000
_MOST_CARDS: Final = 78

_CANVAS: Final = 820
"""The width of :func:`observation` and :func:`state` pictures, in their own units."""
_MARGIN: Final = 20
_HAND_HEIGHT: Final = 96
_STATE_HAND_HEIGHT: Final = 72
_ROW_HEIGHT: Final = 60
_TABLE_CARD: Final = 84
_LABEL_COLUMN: Final = 190
_PLATE_WIDTH: Final = 150
_PLATE_HEIGHT: Final = 54

# Where the cards of a trick lie: on an ellipse whose half-axes are these multiples of the
# card's width and height, chosen per table size so that no two cards overlap.
_TRICK_RADII: Final = {3: (1.2, 0.75), 4: (1.2, 0.62), 5: (1.15, 0.95)}


def _n(value: float) -> str:
    """A coordinate, rounded to two decimals and written without trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attr(value: str) -> str:
    return escape(value, {'"': "&quot;"})


def _text(
    x: float,
    y: float,
    content: str,
    size: float,
    *,
    fill: str = _INK,
    anchor: str = "start",
    bold: bool = False,
) -> str:
    """One line of text with its baseline at ``y``."""
    extra = ' font-weight="bold"' if bold else ""
    if anchor != "start":
        extra += f' text-anchor="{anchor}"'
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}"{extra}>'
        f"{escape(content)}</text>"
    )


def _document(
    width: float, height: float, body: Sequence[str], title: str, scale: float
) -> Picture:
    """The whole SVG document: ``body`` in a ``width`` by ``height`` view, scaled."""
    return Picture(
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
        f'width="{_n(width * scale)}" height="{_n(height * scale)}" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" font-family="{_FONT}" '
        f'role="img" aria-label="{_attr(title)}">'
        f"<title>{escape(title)}</title>" + "".join(body) + "</svg>"
    )


def _ink(card: Card) -> str:
    if card.is_excuse:
        return _EXCUSE_INK
    if card.suit is None:
        return _TRUMP_INK
    return _RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK


def _background(card: Card) -> str:
    if card.is_excuse:
        return "#f8f2fb"
    return "#f3f6fc" if card.is_trump else "#ffffff"


def _face_label(card: Card) -> tuple[str, str]:
    """The card's index: its rank as printed in the corner, and its suit symbol (or "")."""
    if card.is_excuse:
        return _EXCUSE_SYMBOL, ""
    if card.suit is None:
        return str(card.rank), ""
    return _RANK_LABEL.get(card.rank, str(card.rank)), _SUIT_SYMBOL[card.suit]


def _short(card: Card) -> str:
    """The card as it is printed in a line of text: ``K♥``, ``21``, ``★``."""
    rank, symbol = _face_label(card)
    return rank + symbol


def _corner(card: Card, w: float, h: float, ink: str) -> str:
    rank, symbol = _face_label(card)
    parts = [_text(w * 0.09, h * 0.2, rank, h * 0.18, fill=ink, bold=True)]
    if symbol:
        parts.append(_text(w * 0.09, h * 0.37, symbol, h * 0.16, fill=ink))
    return "".join(parts)


def _face(
    card: Card, x: float, y: float, h: float, *, attr: str = "data-card", dim: bool = False
) -> str:
    """A card face as a group at ``(x, y)`` (its top left corner), ``h`` high."""
    opening, drawing = _face_drawing(card, h, attr, dim)
    return f'{opening} transform="translate({_n(x)},{_n(y)})"{drawing}'


@functools.lru_cache(maxsize=1024)
def _face_drawing(card: Card, h: float, attr: str, dim: bool) -> tuple[str, str]:
    """A card face, but for where it goes: what comes before and after its ``transform``.

    A picture draws the same faces over and over, at a few sizes: they are kept.
    """
    w = h * _RATIO
    ink = _ink(card)
    classes = "card dimmed" if dim else "card"
    opacity = ' opacity="0.45"' if dim else ""
    parts = [
        f"{opacity}>",
        f"<title>{escape(f'{card.name_en}, {card.name_fr} ({card.notation})')}</title>",
        f'<rect width="{_n(w)}" height="{_n(h)}" rx="{_n(h * 0.06)}" fill="{_background(card)}" '
        f'stroke="#444444" stroke-width="{_n(max(1.0, h / 90))}"/>',
        _corner(card, w, h, ink),
        f'<g transform="rotate(180 {_n(w / 2)} {_n(h / 2)})">{_corner(card, w, h, ink)}</g>',
    ]
    if card.suit is None:
        fill = _GOLD if card.is_bout else "none"
        parts.append(
            f'<circle cx="{_n(w / 2)}" cy="{_n(h / 2)}" r="{_n(w * 0.3)}" fill="{fill}" '
            f'stroke="{ink}" stroke-width="{_n(max(1.0, h / 70))}"/>'
        )
        centre = _EXCUSE_SYMBOL if card.is_excuse else str(card.rank)
        size = h * (0.3 if card.is_excuse else 0.22)
        parts.append(_text(w / 2, h * 0.58, centre, size, fill=ink, anchor="middle", bold=True))
    else:
        if card.is_honour:
            inset = w * 0.26
            parts.append(
                f'<rect x="{_n(inset)}" y="{_n(h * 0.26)}" width="{_n(w - 2 * inset)}" '
                f'height="{_n(h * 0.48)}" rx="{_n(h * 0.03)}" fill="#fbf3dc" stroke="{ink}" '
                f'stroke-width="{_n(max(0.5, h / 120))}"/>'
            )
        symbol = _SUIT_SYMBOL[card.suit]
        parts.append(_text(w / 2, h * 0.62, symbol, h * 0.3, fill=ink, anchor="middle"))
    parts.append("</g>")
    return f'<g class="{classes}" {attr}="{card.notation}"', "".join(parts)


def _back(x: float, y: float, h: float) -> str:
    """A face-down card: no notation, no name."""
    w = h * _RATIO
    inset = w * 0.1
    return (
        f'<g class="back" transform="translate({_n(x)},{_n(y)})">'
        f'<rect width="{_n(w)}" height="{_n(h)}" rx="{_n(h * 0.06)}" fill="#30528f" '
        f'stroke="#1c335c" stroke-width="{_n(max(1.0, h / 90))}"/>'
        f'<rect x="{_n(inset)}" y="{_n(inset)}" width="{_n(w - 2 * inset)}" '
        f'height="{_n(h - 2 * inset)}" rx="{_n(h * 0.03)}" fill="none" stroke="#c8d4ee" '
        'stroke-width="1"/>'
        f'<ellipse cx="{_n(w / 2)}" cy="{_n(h / 2)}" rx="{_n(w * 0.22)}" ry="{_n(h * 0.18)}" '
        'fill="#c8d4ee" opacity="0.5"/></g>'
    )


def _spot(x: float, y: float, h: float, colour: str = "#ffffff") -> str:
    """The empty place of a card not played yet."""
    w = h * _RATIO
    return (
        f'<rect class="spot" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
        f'rx="{_n(h * 0.06)}" fill="none" stroke="{colour}" stroke-opacity="0.45" '
        'stroke-dasharray="4 3"/>'
    )


def _row(
    cards: Sequence[Card],
    x: float,
    y: float,
    h: float,
    room: float,
    *,
    backs: int = 0,
    dimmed: frozenset[Card] = frozenset(),
) -> str:
    """Cards side by side from ``(x, y)``, overlapping when ``room`` is short."""
    w = h * _RATIO
    count = len(cards) + backs
    step = w + 4
    if count > 1:
        step = min(step, (room - w) / (count - 1))
    parts = [_face(card, x + i * step, y, h, dim=card in dimmed) for i, card in enumerate(cards)]
    parts.extend(_back(x + (len(cards) + i) * step, y, h) for i in range(backs))
    return "".join(parts)


def _row_height(count: int, room: float, default: float) -> float:
    """The tallest card height up to ``default`` that leaves half of each card visible."""
    if count <= 1:
        return default
    return min(default, room / (_RATIO * (0.5 * (count - 1) + 1)))


# ---------------------------------------------------------------------------------------------
# Argument checks.


def _size(value: object, what: str = "size") -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TarotTypeError(f"{what} must be a number of pixels, not {describe_value(value)}")
    try:
        number = float(value)
    except OverflowError:  # an int too large for a float
        number = math.inf
    if not _MIN_SIZE <= number <= _MAX_SIZE:  # NaN too
        raise InvalidSizeError(
            f"{what} must be from {_MIN_SIZE} to {_MAX_SIZE} pixels, not {describe_value(value)}"
        )
    return number


def _width(value: object) -> float | None:
    return None if value is None else _size(value, "width")


def _cards(value: object, what: str, most: int) -> tuple[Card, ...]:
    """``value`` as distinct cards, reading at most ``most + 1`` of them."""
    if isinstance(value, (str, bytes, Card)) or not isinstance(value, Iterable):
        raise TarotTypeError(f"{what} must be an iterable of cards, not {describe_value(value)}")
    cards = tuple(islice(value, most + 1))
    for item in cards:
        if not isinstance(item, Card):
            raise TarotTypeError(f"{what} must hold cards, not {describe_value(item)}")
    if len(cards) > most:
        raise InvalidCardError(f"{what} holds more than {most} cards")
    if len(set(cards)) != len(cards):
        raise InvalidCardError(f"{what} holds a card twice")
    return cards


def _seat(value: object, what: str, seats: int) -> int:
    seat = whole_number(value, what)
    if not 0 <= seat < seats:
        raise InvalidSeatError(f"{what} must be a seat from 0 to {seats - 1}, not {seat}")
    return seat


# ---------------------------------------------------------------------------------------------
# Cards, hands and tricks.
