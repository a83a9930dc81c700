"""SVG pictures of cards, hands, tricks and whole deals, for notebooks, web pages and docs.

Every function returns a complete, standalone SVG document (a :class:`Picture`, which is a
``str``): no external resources, every text XML-escaped, and the same string for the same
input. In Jupyter or IPython a picture shows as an image on its own.

* :func:`card` draws one card, :func:`hand` a row of cards, :func:`trick` the cards of a
  trick laid out around the table, each in front of the seat that played it.
* :func:`observation` draws what one seat knows: its hand, the trick on the table, the dog
  or the écart when the seat may see them, the contract, the call and the partner as far
  as the seat knows them, the handfuls, and the score once the deal is over. It reads the
  :class:`~frenchtarot.Observation` only, so it can show nothing the seat may not see.
* :func:`state` draws the omniscient view of a :class:`~frenchtarot.State`: every hand and
  the dog. Never send it to a player.

Each card face is drawn as a group with a ``data-card`` attribute holding the card's
notation (``data-card="KH"``) and a ``<title>`` with its names, so that programs (and
tests) can read which cards a picture shows; face-down cards carry no such attribute. The
called card of the five-player game, whose name is public but whose place is not, is
drawn with ``data-called`` instead.

>>> from frenchtarot import Card, svg
>>> picture = svg.card(Card.parse("KH"))
>>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> 'data-card="KH"' in picture, "King of Hearts" in picture
(True, True)
"""

from __future__ import annotations

import functools
import math
import numbers
from collections.abc import Iterable, Sequence
from itertools import islice
from typing import Final, NamedTuple
from xml.sax.saxutils import escape

from frenchtarot import _engine, scoring
from frenchtarot._checks import describe_value, whole_number
from frenchtarot.actions import Action, Contract, DeclareHandful, Discard, Play
from frenchtarot.cards import Card, Suit
from frenchtarot.errors import (
    InvalidCardError,
    InvalidRulesError,
    InvalidSeatError,
    TarotError,
    TarotTypeError,
)
from frenchtarot.observation import Observation
from frenchtarot.rules import Rules
from frenchtarot.state import AnnulReason, Phase, State, Trick

__all__ = [
    "InvalidSizeError",
    "Picture",
    "card",
    "hand",
    "observation",
    "state",
    "trick",
]


class InvalidSizeError(TarotError, ValueError):
    """A picture size that is not a number of pixels from 10 to 2000."""


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


def card(card: Card, *, size: float = 90) -> Picture:
    """A picture of one card, face up.

    Suit cards show their rank (``1`` to ``10``, ``J``, ``C`` for the Knight, ``Q``, ``K``)
    and suit symbol (♠ ♥ ♦ ♣; hearts and diamonds in red); trumps show their number in a
    ring, the Excuse a star (★); the three bouts have a gold ring.

    Args:
        card: The card.
        size: The card's height in pixels (10 to 2000); its width is two thirds of it.

    Returns:
        A standalone SVG document.

    Raises:
        TarotTypeError: ``card`` is not a :class:`~frenchtarot.Card`, or ``size`` is not a
            number.
        InvalidSizeError: ``size`` is outside 10 to 2000.

    >>> from frenchtarot import Card, svg
    >>> picture = svg.card(Card.parse("T21"), size=120)
    >>> 'data-card="T21"' in picture, 'height="122"' in picture
    (True, True)
    """
    if not isinstance(card, Card):
        raise TarotTypeError(f"expected a Card, not {describe_value(card)}")
    h = _size(size)
    w = h * _RATIO
    body = [_face(card, 1, 1, h)]
    return _document(w + 2, h + 2, body, f"{card.name_en} ({card.notation})", 1.0)


def hand(cards: Iterable[Card], *, size: float = 90) -> Picture:
    """A picture of cards in a row, overlapping as in a hand, in the order given.

    Args:
        cards: The cards, at most 78 and none twice (e.g. ``state.hand(0)`` or
            ``observation.hand``).
        size: The height of each card in pixels (10 to 2000).

    Returns:
        A standalone SVG document; an empty hand is drawn as an empty dashed outline.

    Raises:
        TarotTypeError: ``cards`` is not an iterable of cards (a string is refused), or
            ``size`` is not a number.
        InvalidCardError: ``cards`` holds more than 78 cards, or a card twice.
        InvalidSizeError: ``size`` is outside 10 to 2000.

    >>> from frenchtarot import Card, svg
    >>> picture = svg.hand([Card.parse("T1"), Card.parse("EX"), Card.parse("KH")], size=60)
    >>> [word for word in ("T1", "EX", "KH") if f'data-card="{word}"' in picture]
    ['T1', 'EX', 'KH']
    """
    shown = _cards(cards, "a hand", _MOST_CARDS)
    h = _size(size)
    w = h * _RATIO
    step = w * 0.55
    width = w + step * max(0, len(shown) - 1) + 2
    if shown:
        body = [_face(each, 1 + i * step, 1, h) for i, each in enumerate(shown)]
    else:
        body = [_spot(1, 1, h, _MUTED)]
    title = "A hand of " + (" ".join(map(str, shown)) if shown else "no cards")
    return _document(width, h + 2, body, title, 1.0)


def _positions(seats: int, bottom: int, ax: float, ay: float) -> list[tuple[float, float]]:
    """Each seat's offset from the centre of the table, ``bottom`` at the bottom.

    Play turns to the right (counter-clockwise seen from above): the next seat sits to the
    right of the one at the bottom.
    """
    offsets = []
    for seat in range(seats):
        angle = math.pi / 2 - 2 * math.pi * ((seat - bottom) % seats) / seats
        offsets.append((ax * math.cos(angle), ay * math.sin(angle)))
    return offsets


def _trick_layer(
    cards: Sequence[Card],
    leader: int,
    seats: int,
    bottom: int,
    cx: float,
    cy: float,
    h: float,
    *,
    winner: int | None = None,
) -> tuple[list[str], list[tuple[float, float, float]]]:
    """The trick's cards (and empty places) around ``(cx, cy)``, with the order of play.

    Returns the SVG parts and, for each seat, the top left corner of its card and how far
    below the centre the card lies (negative above it: its label goes above it then).
    """
    w = h * _RATIO
    fx, fy = _TRICK_RADII[seats]
    offsets = _positions(seats, bottom, fx * w, fy * h)
    places = [(cx + dx - w / 2, cy + dy - h / 2, dy) for dx, dy in offsets]
    parts: list[str] = []
    # In the order of play, so that the document lists the cards as they were played.
    for order in range(seats):
        seat = (leader + order) % seats
        x, y, _dy = places[seat]
        if order >= len(cards):
            parts.append(_spot(x, y, h))
            continue
        if seat == winner:
            parts.append(
                f'<rect class="winner" x="{_n(x - 4)}" y="{_n(y - 4)}" width="{_n(w + 8)}" '
                f'height="{_n(h + 8)}" rx="{_n(h * 0.08)}" fill="{_GOLD}"/>'
            )
        parts.append(_face(cards[order], x, y, h))
        badge = h * 0.11
        bx, by = x + w, y
        parts.append(
            f'<circle cx="{_n(bx)}" cy="{_n(by)}" r="{_n(badge)}" fill="{_GOLD}" '
            'stroke="#7a5b00" stroke-width="1"/>'
        )
        parts.append(
            _text(bx, by + badge * 0.45, str(order + 1), badge * 1.3, anchor="middle", bold=True)
        )
    return parts, places


def trick(
    cards: Iterable[Card],
    leader: int,
    seats: int,
    *,
    size: float = 90,
    bottom: int = 0,
    winner: int | None = None,
) -> Picture:
    """A picture of a trick: each card in front of the seat that played it.

    The seats sit around a table, ``bottom`` at the bottom and the next seats to its right
    (play turns counter-clockwise). Each card carries a badge with its place in the order of
    play (1 for the leader's); seats that have not played yet show an empty place; the
    winner's card, if given, is framed in gold.

    Args:
        cards: The cards played so far, from the leader on (at most ``seats``), e.g.
            ``trick.cards`` of a :class:`~frenchtarot.Trick` or ``observation.current_trick``.
        leader: The seat that led the trick.
        seats: The table size: 3, 4 or 5.
        size: The height of each card in pixels (10 to 2000).
        bottom: The seat drawn at the bottom (the viewer's seat).
        winner: The seat that won the trick, to highlight; ``None`` for none.

    Returns:
        A standalone SVG document.

    Raises:
        TarotTypeError: ``cards`` is not an iterable of cards, a seat or ``seats`` is not an
            int, or ``size`` is not a number.
        InvalidRulesError: ``seats`` is not 3, 4 or 5.
        InvalidSeatError: ``leader``, ``bottom`` or ``winner`` is not a seat of the table.
        InvalidCardError: ``cards`` holds more cards than there are seats, or a card twice.
        InvalidSizeError: ``size`` is outside 10 to 2000.

    >>> from frenchtarot import Card, svg
    >>> picture = svg.trick([Card.parse("KH"), Card.parse("T3")], leader=2, seats=4)
    >>> picture.count("data-card="), picture.count('class="spot"')
    (2, 2)
    """
    table = whole_number(seats, "seats")
    if table not in _TRICK_RADII:
        raise InvalidRulesError(f"Tarot is played by 3, 4 or 5 seats, not {table}")
    shown = _cards(cards, "a trick", table)
    first = _seat(leader, "leader", table)
    below = _seat(bottom, "bottom", table)
    won = None if winner is None else _seat(winner, "winner", table)
    h = _size(size)
    w = h * _RATIO
    fx, fy = _TRICK_RADII[table]
    offsets = _positions(table, below, fx * w, fy * h)
    label = max(11.0, h * 0.14)
    pad = label * 1.6 + 6
    left = min(dx for dx, _ in offsets) - w / 2 - 6
    right = max(dx for dx, _ in offsets) + w / 2 + 6
    top = min(dy for _, dy in offsets) - h / 2 - pad
    end = max(dy for _, dy in offsets) + h / 2 + pad
    width, height = right - left, end - top
    cx, cy = -left, -top
    body = [
        f'<rect width="{_n(width)}" height="{_n(height)}" rx="{_n(h * 0.12)}" fill="{_FELT}"/>'
    ]
    parts, places = _trick_layer(shown, first, table, below, cx, cy, h, winner=won)
    body.extend(parts)
    for seat, (x, y, dy) in enumerate(places):
        baseline = y - label * 0.5 - 2 if dy < -1e-9 else y + h + label * 1.2
        colour, bold = (_GOLD, True) if seat == won else ("#ffffff", False)
        body.append(
            _text(
                x + w / 2, baseline, f"seat {seat}", label, fill=colour, anchor="middle", bold=bold
            )
        )
    title = f"A trick led by seat {first}"
    if won is not None:
        title += f", won by seat {won}"
    title += ": " + (" ".join(map(str, shown)) or "no card yet")
    return _document(width, height, body, title, 1.0)


# ---------------------------------------------------------------------------------------------
# Whole deals: what to draw (a _View), then drawing it.


class _Plate(NamedTuple):
    """A seat's name plate at the table."""

    seat: int
    name: str
    roles: str
    status: str
    viewer: bool
    to_act: bool


class _Row(NamedTuple):
    """A labelled row of small cards: the dog, the écart, a handful, a trick..."""

    label: str
    cards: tuple[Card, ...]
    backs: int = 0
    captions: tuple[str, ...] = ()
    note: str = ""


class _Hand(NamedTuple):
    label: str
    cards: tuple[Card, ...]
    playable: frozenset[Card] | None
    """The cards that may be played or put aside now; ``None`` when that does not apply."""


class _View(NamedTuple):
    title: str
    banner: str
    lines: tuple[str, ...]
    called: Card | None
    seats: int
    bottom: int
    plates: tuple[_Plate, ...]
    trick: tuple[Card, ...]
    leader: int | None
    hands: tuple[_Hand, ...]
    rows: tuple[_Row, ...]
    notes: tuple[str, ...]


def _words(contract: Contract) -> str:
    return contract.name.lower().replace("_", " ")


def _phase_words(phase: Phase, tricks: int, rules: Rules) -> str:
    if phase is Phase.PLAY:
        return f"trick {tricks + 1} of {rules.hand_size}"
    return {
        Phase.BIDDING: "bidding",
        Phase.CALL: "calling a partner",
        Phase.DISCARD: "écart",
        Phase.SLAM: "slam announcement",
        Phase.DONE: "deal over",
        Phase.ANNULLED: "deal annulled",
    }[phase]


def _contract_line(
    phase: Phase, dealer: int, taker: int | None, contract: Contract | None, slam: bool
) -> str:
    line = f"Dealer: seat {dealer}"
    if contract is None or taker is None:
        return line + (" · no bid yet" if phase is Phase.BIDDING else " · no taker")
    if phase is Phase.BIDDING:
        return line + f" · highest bid: {_words(contract)} (seat {taker})"
    return (
        line + f" · taker: seat {taker}, {_words(contract)}" + (", slam announced" if slam else "")
    )


def _called_line(called: Card, partner: int | None, alone: bool, viewer: int | None) -> str:
    line = f"Called card: {_short(called)} ({called.name_en})"
    if partner is not None:
        return line + f" · partner: seat {partner}" + (" (you)" if partner == viewer else "")
    if alone:
        return line + " · the taker plays alone"
    return line + " · partner unknown"


def _choices(actions: Sequence[Action], phase: Phase, who: str, left: int) -> str:
    """What the seat to act may do, in words (cards to play are highlighted instead)."""
    if not actions:
        return ""
    if phase is Phase.PLAY:
        line = f"{who}: play a highlighted card"
        if any(isinstance(action, DeclareHandful) for action in actions):
            sizes = sorted({len(a.cards) for a in actions if isinstance(a, DeclareHandful)})
            line += " or show a handful of " + " or ".join(map(str, sizes)) + " cards"
        return line
    if phase is Phase.DISCARD:
        return f"{who}: put a highlighted card in the écart ({left} to go)"
    return f"{who}: " + ", ".join(map(str, actions))


def _playable(actions: Sequence[Action]) -> frozenset[Card] | None:
    cards = frozenset(a.card for a in actions if isinstance(a, (Play, Discard)))
    return cards or None


def _roles(
    seat: int,
    dealer: int,
    phase: Phase,
    taker: int | None,
    partner: int | None,
    bids: Sequence[tuple[int, Contract | None]],
) -> str:
    roles = ["dealer"] if seat == dealer else []
    if phase is Phase.BIDDING or taker is None:
        roles.extend(_words(word) if word else "passed" for who, word in bids if who == seat)
    elif seat == taker:
        roles.append("taker")
    if seat == partner:
        roles.append("partner")
    return " · ".join(roles)


def _status(seat: int, cards: int, current: int | None, score: scoring.Score | None) -> str:
    if score is not None and score.annulment is None:
        return f"score {score.deltas[seat]:+d}"
    status = f"{cards} card{'' if cards == 1 else 's'}"
    return status + (" · to act" if seat == current else "")


def _last_trick(tricks: Sequence[Trick], seats: int) -> tuple[_Row, ...]:
    if not tricks:
        return ()
    last = tricks[-1]
    captions = tuple(f"seat {(last.leader + i) % seats}" for i in range(seats))
    label = f"Trick {len(tricks)}, won by seat {last.winner}"
    return (_Row(label, last.cards, captions=captions),)


def _score_notes(score: scoring.Score | None) -> tuple[str, ...]:
    if score is None:
        return ()
    annulment = score.annulment
    if annulment is not None:
        if annulment.reason is AnnulReason.PETIT_SEC:
            return (f"Deal annulled: seat {annulment.seat} held a petit sec.",)
        return ("Deal annulled: every seat passed.",)
    assert score.contract is not None
    camp = f"seat {score.taker}"
    if score.called is not None:
        camp += " alone" if score.partner is None else f" with seat {score.partner}"
    verdict = "made" if score.made else "lost"
    facts = [
        f"{score.taker_points:g} points",
        f"{score.bouts} bout{'' if score.bouts == 1 else 's'}",
        f"target {score.target}",
    ]
    if score.petit_au_bout is not None:
        facts.append(f"petit au bout {score.petit_au_bout.value:+d}")
    facts.extend(f"handful of seat {h.seat} {h.value:+d}" for h in score.handfuls)
    if score.slam.value or score.slam.announced:
        facts.append(f"{score.slam.describe()} {score.slam.value:+d}")
    deltas = " · ".join(f"seat {seat}: {delta:+d}" for seat, delta in enumerate(score.deltas))
    return (
        f"{_words(score.contract).capitalize()} by {camp}: {verdict} by {score.margin}",
        ", ".join(facts) + f"; unit {score.unit:+d}",
        f"Scores: {deltas}",
    )


def _ecart_count(history: Sequence[Action | None]) -> int:
    """How many cards were put in the écart (hidden ones are ``None`` in an observation)."""
    return sum(1 for action in history if action is None or isinstance(action, Discard))


def _observation_view(obs: Observation) -> _View:
    rules = obs.rules
    seats = rules.seats
    phase = obs.phase
    turn = ""
    if obs.current == obs.seat:
        turn = " · your turn"
    elif obs.current is not None:
        turn = f" · seat {obs.current} to act"
    lines = [
        f"Seat {obs.seat} · {_phase_words(phase, len(obs.tricks), rules)}{turn}",
        _contract_line(phase, obs.dealer, obs.taker, obs.contract, obs.slam),
    ]
    if obs.called is not None:
        lines.append(_called_line(obs.called, obs.partner, obs.alone, obs.seat))
    left = rules.dog_size - len(obs.discard or ())
    choices = _choices(obs.legal_actions, phase, "Your turn", left)
    if choices:
        lines.append(choices)
    plates = tuple(
        _Plate(
            seat,
            f"Seat {seat}" + (" (you)" if seat == obs.seat else ""),
            _roles(seat, obs.dealer, phase, obs.taker, obs.partner, obs.bids),
            _status(seat, obs.hand_sizes[seat], obs.current, obs.score),
            seat == obs.seat,
            seat == obs.current,
        )
        for seat in range(seats)
    )
    hands = (
        _Hand(
            f"Your hand ({len(obs.hand)} card{'' if len(obs.hand) == 1 else 's'})",
            obs.hand,
            _playable(obs.legal_actions),
        ),
    )
    rows: list[_Row] = []
    if obs.dog is not None:
        rows.append(_Row("Dog", obs.dog, note="shown"))
    else:
        rows.append(_Row("Dog", (), backs=rules.dog_size, note="face down"))
    if obs.discard is not None:
        if obs.discard:
            rows.append(_Row("Your écart", obs.discard))
    elif obs.dog is not None:
        count = _ecart_count(obs.history)
        if count:
            note = "trumps shown" if obs.shown_discard else "face down"
            backs = count - len(obs.shown_discard)
            rows.append(_Row("Écart", obs.shown_discard, backs=backs, note=note))
    rows.extend(_Row(f"Handful of seat {handful.seat}", handful.cards) for handful in obs.handfuls)
    rows.extend(_last_trick(obs.tricks, seats))
    annulment = obs.annulment
    if obs.shown_hand is not None and annulment is not None:
        rows.append(_Row(f"Petit sec of seat {annulment.seat}", obs.shown_hand))
    notes = tuple(
        f"Seat {e.giver} owes seat {e.receiver} a half-point card for the Excuse"
        for e in obs.excuse_exchanges
    ) + _score_notes(obs.score)
    return _View(
        f"What seat {obs.seat} sees: {_phase_words(phase, len(obs.tricks), rules)}",
        "",
        tuple(lines),
        obs.called,
        seats,
        obs.seat,
        plates,
        obs.current_trick,
        obs.leader,
        hands,
        tuple(rows),
        notes,
    )


def _state_view(state: State, bottom: int) -> _View:
    rules = state.rules
    seats = rules.seats
    phase = state.phase
    turn = "" if state.current is None else f" · seat {state.current} to act"
    lines = [
        f"Every hand · {_phase_words(phase, len(state.tricks), rules)}{turn}",
        _contract_line(phase, state.dealer, state.taker, state.contract, state.slam),
    ]
    if state.called is not None:
        lines.append(_called_line(state.called, state.partner, state.partner is None, None))
    legal = _engine.legal_actions(state)
    left = rules.dog_size - len(state.discard)
    choices = _choices(legal, phase, f"Seat {state.current}", left)
    if choices:
        lines.append(choices)
    score = scoring.score(state) if state.is_terminal else None
    hands = state.hands
    plates = tuple(
        _Plate(
            seat,
            f"Seat {seat}",
            _roles(seat, state.dealer, phase, state.taker, state.partner, state.bids),
            _status(seat, len(hands[seat]), state.current, score),
            False,
            seat == state.current,
        )
        for seat in range(seats)
    )
    hand_rows = []
    for offset in range(seats):
        seat = (bottom + offset) % seats
        roles = _roles(seat, state.dealer, phase, state.taker, state.partner, state.bids)
        label = f"Seat {seat}" + (f" · {roles}" if roles else "") + f" ({len(hands[seat])})"
        playable = _playable(legal) if seat == state.current else None
        hand_rows.append(_Hand(label, hands[seat], playable))
    contract = state.contract
    dog_shown = (
        contract is not None and contract.dog_is_shown and phase not in (Phase.BIDDING, Phase.CALL)
    )
    rows = [_Row("Dog", state.dog, note="" if dog_shown else "face down at the table")]
    if state.discard:
        rows.append(_Row("Écart", state.discard))
    rows.extend(
        _Row(f"Handful of seat {handful.seat}", handful.cards) for handful in state.handfuls
    )
    rows.extend(_last_trick(state.tricks, seats))
    annulment = state.annulment
    if annulment is not None and annulment.reason is AnnulReason.PETIT_SEC:
        rows.append(_Row(f"Petit sec of seat {annulment.seat}", hands[annulment.seat or 0]))
    return _View(
        f"Every hand (omniscient view): {_phase_words(phase, len(state.tricks), rules)}",
        "Omniscient view: every hand and the dog. Never show it to a player.",
        tuple(lines),
        state.called,
        seats,
        bottom,
        plates,
        state.current_trick if phase is Phase.PLAY else (),
        state.leader,
        tuple(hand_rows),
        tuple(rows),
        _score_notes(score),
    )


def _table_radii(seats: int) -> tuple[float, float, float, float]:
    """The half-axes of the ellipses of the seat plates and of the felt, for a table size."""
    h = _TABLE_CARD
    w = h * _RATIO
    fx, fy = _TRICK_RADII[seats]
    px = fx * w + w / 2 + _PLATE_WIDTH / 2 + 24
    py = fy * h + h / 2 + _PLATE_HEIGHT / 2 + (34 if seats == 5 else 10)
    return px, py, px + _PLATE_WIDTH / 2 + 16, py + _PLATE_HEIGHT / 2 + 10


def _plate(plate: _Plate, x: float, y: float) -> str:
    """A seat's name plate centred at ``(x, y)``."""
    left, top = x - _PLATE_WIDTH / 2, y - _PLATE_HEIGHT / 2
    fill = "#fff6cf" if plate.viewer else "#f7f3e8"
    stroke, width = ("#d9a400", 3) if plate.to_act else ("#555555", 1)
    parts = [
        f'<g class="seat" data-seat="{plate.seat}">',
        f'<rect x="{_n(left)}" y="{_n(top)}" width="{_PLATE_WIDTH}" height="{_PLATE_HEIGHT}" '
        f'rx="8" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>',
        _text(x, top + 17, plate.name, 14, anchor="middle", bold=True),
    ]
    if plate.roles:
        parts.append(_text(x, top + 32, plate.roles, 11.5, fill=_MUTED, anchor="middle"))
    low = top + (47 if plate.roles else 38)
    parts.append(_text(x, low, plate.status, 11.5, fill=_MUTED, anchor="middle"))
    parts.append("</g>")
    return "".join(parts)


def _render(view: _View, width: float | None) -> Picture:
    room = _CANVAS - 2 * _MARGIN
    body: list[str] = []  # on a white ground, once its height is known
    y: float = _MARGIN
    if view.banner:
        body.append(
            f'<rect x="0" y="0" width="{_CANVAS}" height="30" fill="#8b1a1a"/>'
            + _text(_CANVAS / 2, 20, view.banner, 14, fill="#ffffff", anchor="middle", bold=True)
        )
        y = 30 + _MARGIN
    header = y
    for number, line in enumerate(view.lines):
        first = number == 0
        y += 22 if first else 20
        body.append(_text(_MARGIN, y, line, 18 if first else 14, bold=first))
    if view.called is not None:
        h = 60.0
        x = _CANVAS - _MARGIN - h * _RATIO
        body.append(_face(view.called, x, header, h, attr="data-called"))
        body.append(_text(x + h * _RATIO / 2, header + h + 14, "called", 11.5, anchor="middle"))
        y = max(y, header + h + 14)
    y += 14

    # The table: the felt, the name plates and the trick in progress.
    px, py, rx, ry = _table_radii(view.seats)
    cx, cy = _CANVAS / 2, y + ry
    body.append(
        f'<ellipse cx="{_n(cx)}" cy="{_n(cy)}" rx="{_n(rx)}" ry="{_n(ry)}" fill="{_FELT}" '
        f'stroke="{_FELT_EDGE}" stroke-width="6"/>'
    )
    body.append('<g class="table">')
    if view.leader is not None:
        parts, _places = _trick_layer(
            view.trick, view.leader, view.seats, view.bottom, cx, cy, _TABLE_CARD
        )
        body.extend(parts)
    for plate, (dx, dy) in zip(
        view.plates, _positions(view.seats, view.bottom, px, py), strict=True
    ):
        body.append(_plate(plate, cx + dx, cy + dy))
    body.append("</g>")
    y = cy + ry + 16

    for each in view.hands:
        default = _HAND_HEIGHT if len(view.hands) == 1 else _STATE_HAND_HEIGHT
        h = _row_height(len(each.cards), room, default)
        body.append(_text(_MARGIN, y + 14, each.label, 14, bold=True))
        y += 22
        if each.cards:
            dimmed = (
                frozenset() if each.playable is None else frozenset(each.cards) - each.playable
            )
            body.append(_row(each.cards, _MARGIN, y, h, room, dimmed=dimmed))
            y += h + 12
        else:
            body.append(_text(_MARGIN, y + 14, "no cards", 13, fill=_MUTED))
            y += 26

    for row in view.rows:
        small = room - _LABEL_COLUMN
        h = _row_height(len(row.cards) + row.backs, small, _ROW_HEIGHT)
        body.append(_text(_MARGIN, y + 22, row.label, 13, bold=True))
        if row.note:
            body.append(_text(_MARGIN, y + 38, row.note, 11.5, fill=_MUTED))
        body.append(_row(row.cards, _MARGIN + _LABEL_COLUMN, y, h, small, backs=row.backs))
        if row.captions:
            step = h * _RATIO + 4
            for i, caption in enumerate(row.captions):
                x = _MARGIN + _LABEL_COLUMN + i * step + h * _RATIO / 2
                body.append(_text(x, y + h + 13, caption, 10.5, fill=_MUTED, anchor="middle"))
            y += 14
        y += h + 10

    for note in view.notes:
        y += 20
        body.append(_text(_MARGIN, y, note, 14))
    height = y + _MARGIN
    ground = f'<rect width="{_CANVAS}" height="{_n(height)}" fill="#ffffff"/>'
    scale = 1.0 if width is None else width / _CANVAS
    return _document(_CANVAS, height, [ground, *body], view.title, scale)


def observation(obs: Observation, *, width: float | None = None) -> Picture:
    """A picture of what one seat knows: safe to show to that seat's player.

    It shows the seat at the bottom of the table and the others around it in the order of
    play, each with its role (dealer, taker, partner when known, its word in the bidding)
    and how many cards it holds; the trick on the table, each card in front of the seat that
    played it and numbered in the order of play; the seat's hand, the cards it may play or
    put aside highlighted when it is its turn; the dog when shown and the écart as far as
    the seat may see it (all of it for the taker, the trumps for the others); the five-player
    call and the partner as far as the seat knows them; the handfuls; the last trick; and
    the score once the deal is over.

    Everything is read from ``obs``, which holds only what the seat may know (see
    :func:`~frenchtarot.observe`): cards the seat may not see are drawn face down or not at
    all, never named.

    Args:
        obs: The seat's observation, from :func:`~frenchtarot.observe`.
        width: The picture's width in pixels (10 to 2000); by default its natural width
            (820).

    Returns:
        A standalone SVG document.

    Raises:
        TarotTypeError: ``obs`` is not an :class:`~frenchtarot.Observation`, or ``width`` is
            not a number.
        InvalidSizeError: ``width`` is outside 10 to 2000.

    >>> import frenchtarot as ft
    >>> from frenchtarot import svg
    >>> state = ft.new_deal(seed=1)
    >>> picture = svg.observation(ft.observe(state, 0))
    >>> picture.count("data-card=") == len(state.hand(0))
    True
    """
    if not isinstance(obs, Observation):
        raise TarotTypeError(f"expected an Observation, not {describe_value(obs)}")
    return _render(_observation_view(obs), _width(width))


def state(state: State, *, bottom: int = 0, width: float | None = None) -> Picture:
    """A picture of the whole deal, every hand and the dog face up: the omniscient view.

    For analysis, debugging and teaching only: it shows every hidden card, so a server must
    never send it to a player; give a player :func:`observation` of their seat instead. A
    red banner across the top says so.

    Args:
        state: Any state of a deal.
        bottom: The seat drawn at the bottom of the table, whose hand is listed first.
        width: The picture's width in pixels (10 to 2000); by default its natural width
            (820).

    Returns:
        A standalone SVG document.

    Raises:
        TarotTypeError: ``state`` is not a :class:`~frenchtarot.State`, ``bottom`` is not an
            int, or ``width`` is not a number.
        InvalidSeatError: ``bottom`` is not a seat of the table.
        InvalidSizeError: ``width`` is outside 10 to 2000.

    >>> import frenchtarot as ft
    >>> from frenchtarot import svg
    >>> deal = ft.new_deal(seed=1)
    >>> svg.state(deal).count("data-card=")
    78
    """
    if not isinstance(state, State):
        raise TarotTypeError(f"expected a State, not {describe_value(state)}")
    seat = _seat(bottom, "bottom", state.rules.seats)
    return _render(_state_view(state, seat), _width(width))
