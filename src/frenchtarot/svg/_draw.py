"""The drawing kit of :mod:`frenchtarot.svg`: text, documents, card faces and backs.

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

from frenchtarot._checks import describe_value, quote, whole_number
from frenchtarot.cards import Card
from frenchtarot.errors import (
    InvalidCardError,
    InvalidSeatError,
    InvalidSettingsError,
    InvalidSizeError,
    TarotTypeError,
)
from frenchtarot.svg._looks import (
    _BACK,
    _FONT,
    _GOLD,
    _HONOUR_FILL,
    _INDEX_LEFT,
    _INDEX_RANK,
    _INDEX_SUIT,
    _MAX_SIZE,
    _MIN_SIZE,
    _RATIO,
    _SUIT_SYMBOL,
    THEMES,
    Theme,
    _background,
    _ink,
)
from frenchtarot.svg._words import LANGUAGES, Words


class Picture(str):
    """An SVG document, as a ``str``; Jupyter and IPython display it as a picture.

    It is a plain string in every other way: write it to a ``.svg`` file, embed it in an
    HTML page or send it over the network as it is.
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def _n(value: float) -> str:
    """A coordinate, rounded to two decimals and written without trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attr(value: str) -> str:
    """``value`` escaped for an attribute between double quotes."""
    return escape(value, {'"': "&quot;"})


def _text(
    x: float,
    y: float,
    content: str,
    size: float,
    *,
    fill: str,
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
    width: float,
    height: float,
    body: Sequence[str],
    title: str,
    scale: float,
    *,
    lang: str,
    data: Sequence[tuple[str, str]] = (),
) -> Picture:
    """The whole SVG document: ``body`` in a ``width`` by ``height`` view, scaled.

    ``data`` are attributes of the root (``data-seat``...), escaped here.
    """
    extra = "".join(f' {name}="{_attr(value)}"' for name, value in data)
    return Picture(
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
        f'width="{_n(width * scale)}" height="{_n(height * scale)}" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" font-family="{_FONT}" '
        f'lang="{lang}" role="img" aria-label="{_attr(title)}"{extra}>'
        f"<title>{escape(title)}</title>" + "".join(body) + "</svg>"
    )


# ---------------------------------------------------------------------------------------------
# Cards.

PLAIN: Final = ""
LEGAL: Final = "legal"
DIMMED: Final = "dimmed"


def _corner(card: Card, w: float, h: float, ink: str, words: Words) -> str:
    """The card's index, its rank above its suit symbol, in the top left corner."""
    x = _INDEX_LEFT * h
    parts = [_text(x, h * 0.2, words.rank(card), h * _INDEX_RANK, fill=ink, bold=True)]
    if card.suit is not None:
        symbol = _SUIT_SYMBOL[card.suit]
        parts.append(_text(x, h * 0.37, symbol, h * _INDEX_SUIT, fill=ink))
    return "".join(parts)


def _face(
    card: Card,
    x: float,
    y: float,
    h: float,
    *,
    lang: str,
    theme: str,
    attr: str = "data-card",
    look: str = PLAIN,
    action: str | None = None,
) -> str:
    """A card face as a group at ``(x, y)`` (its top left corner), ``h`` high.

    ``look`` is :data:`LEGAL` for a card the seat may play now (framed, and carrying
    ``action``, the action's notation, as ``data-action``), :data:`DIMMED` for one it may
    not (on an opaque grey ground), :data:`PLAIN` otherwise.
    """
    classes = f"card {look}" if look else "card"
    opening = f'<g class="{classes}" {attr}="{card.notation}"'
    if action is not None:
        opening += f' data-action="{_attr(action)}"'
    return (
        f'{opening} transform="translate({_n(x)},{_n(y)})">'
        + _face_drawing(card, h, lang, theme, look)
        + "</g>"
    )


@functools.lru_cache(maxsize=2048)
def _face_drawing(card: Card, h: float, lang: str, theme: str, look: str) -> str:
    """What is inside a card face's group. A picture draws the same faces over and over."""
    words = Words(lang, None)
    colours: Theme = THEMES[theme]
    w = h * _RATIO
    ink = _ink(card)
    ground, edge, stroke = _background(card), colours.card_edge, max(1.0, h / 90)
    if look == DIMMED:
        ground, edge = colours.dimmed, colours.dimmed_edge
    elif look == LEGAL:
        edge, stroke = colours.legal, max(2.5, h / 30)
    parts = [
        f"<title>{escape(words.names(card))}</title>",
        f'<rect width="{_n(w)}" height="{_n(h)}" rx="{_n(h * 0.06)}" fill="{ground}" '
        f'stroke="{edge}" stroke-width="{_n(stroke)}"/>',
        _corner(card, w, h, ink, words),
        f'<g transform="rotate(180 {_n(w / 2)} {_n(h / 2)})">{_corner(card, w, h, ink, words)}'
        "</g>",
    ]
    if card.suit is None:
        fill = _GOLD if card.is_bout else "none"
        parts.append(
            f'<circle cx="{_n(w / 2)}" cy="{_n(h / 2)}" r="{_n(w * 0.3)}" fill="{fill}" '
            f'stroke="{ink}" stroke-width="{_n(max(1.0, h / 70))}"/>'
        )
        size = h * (0.3 if card.is_excuse else 0.22)
        parts.append(
            _text(w / 2, h * 0.58, words.rank(card), size, fill=ink, anchor="middle", bold=True)
        )
    else:
        if card.is_honour:
            inset = w * 0.26
            inner = ground if look == DIMMED else _HONOUR_FILL
            parts.append(
                f'<rect x="{_n(inset)}" y="{_n(h * 0.26)}" width="{_n(w - 2 * inset)}" '
                f'height="{_n(h * 0.48)}" rx="{_n(h * 0.03)}" fill="{inner}" stroke="{ink}" '
                f'stroke-width="{_n(max(0.5, h / 120))}"/>'
            )
        symbol = _SUIT_SYMBOL[card.suit]
        parts.append(_text(w / 2, h * 0.62, symbol, h * 0.3, fill=ink, anchor="middle"))
    return "".join(parts)


def _back(x: float, y: float, h: float) -> str:
    """A face-down card: no notation, no name."""
    w = h * _RATIO
    inset = w * 0.1
    fill, edge, frame, centre = _BACK
    return (
        f'<g class="back" transform="translate({_n(x)},{_n(y)})">'
        f'<rect width="{_n(w)}" height="{_n(h)}" rx="{_n(h * 0.06)}" fill="{fill}" '
        f'stroke="{edge}" stroke-width="{_n(max(1.0, h / 90))}"/>'
        f'<rect x="{_n(inset)}" y="{_n(inset)}" width="{_n(w - 2 * inset)}" '
        f'height="{_n(h - 2 * inset)}" rx="{_n(h * 0.03)}" fill="none" stroke="{frame}" '
        'stroke-width="1"/>'
        f'<ellipse cx="{_n(w / 2)}" cy="{_n(h / 2)}" rx="{_n(w * 0.22)}" ry="{_n(h * 0.18)}" '
        f'fill="{centre}"/></g>'
    )


def _spot(x: float, y: float, h: float, colour: str) -> str:
    """The empty place of a card not played yet."""
    w = h * _RATIO
    return (
        f'<rect class="spot" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
        f'rx="{_n(h * 0.06)}" fill="none" stroke="{colour}" stroke-dasharray="4 3"/>'
    )


# ---------------------------------------------------------------------------------------------
# Argument checks.

_MOST_NAME: Final = 40


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


def _choice(value: object, what: str, allowed: Sequence[str]) -> str:
    """``value`` if it is one of the ``allowed`` strings."""
    if not isinstance(value, str):
        raise TarotTypeError(f"{what} must be a str, not {describe_value(value)}")
    if value not in allowed:
        choices = " or ".join(repr(each) for each in allowed)
        raise InvalidSettingsError(f"{what} must be {choices}, not {quote(value)}")
    return value


def _lang(value: object) -> str:
    return _choice(value, "lang", LANGUAGES)


def _theme(value: object) -> str:
    return _choice(value, "theme", tuple(THEMES))


def _names(value: object, seats: int) -> tuple[str, ...] | None:
    """``value`` as one name per seat, or ``None`` for none."""
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise TarotTypeError(f"names must be a sequence of str, not {describe_value(value)}")
    try:
        count = len(value)
    except OverflowError:  # a range too long to count
        count = -1
    if count != seats:
        shown = count if count >= 0 else "more"
        raise InvalidSettingsError(f"names must be {seats}, one per seat, not {shown}")
    names = tuple(value)
    for name in names:
        if not isinstance(name, str):
            raise TarotTypeError(f"a seat's name must be a str, not {describe_value(name)}")
        if not name.strip() or len(name) > _MOST_NAME or not name.isprintable():
            raise InvalidSettingsError(
                f"a seat's name must be 1 to {_MOST_NAME} printable characters, not blank, "
                f"not {quote(name)}"
            )
    return names
