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

import math
from collections.abc import Iterable, Sequence

from frenchtarot._checks import describe_value, whole_number
from frenchtarot._core.state import State
from frenchtarot.cards import Card
from frenchtarot.errors import (
    InvalidRulesError,
    InvalidSizeError,
    TarotTypeError,
)
from frenchtarot.observation import Observation
from frenchtarot.svg._draw import (
    _CANVAS,
    _FELT,
    _FELT_EDGE,
    _GOLD,
    _HAND_HEIGHT,
    _LABEL_COLUMN,
    _MARGIN,
    _MOST_CARDS,
    _MUTED,
    _PLATE_HEIGHT,
    _PLATE_WIDTH,
    _RATIO,
    _ROW_HEIGHT,
    _STATE_HAND_HEIGHT,
    _TABLE_CARD,
    _TRICK_RADII,
    Picture,
    _cards,
    _document,
    _face,
    _n,
    _row,
    _row_height,
    _seat,
    _size,
    _spot,
    _text,
    _width,
)
from frenchtarot.svg._views import _observation_view, _Plate, _state_view, _View

__all__ = [
    "InvalidSizeError",
    "Picture",
    "card",
    "hand",
    "observation",
    "state",
    "trick",
]


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
# Whole deals: drawing a view (see _views).


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
    the score once the deal is over, with the contract's multiplier at this table (from
    :attr:`Score.multiplier <frenchtarot.Score.multiplier>`, so house rules show theirs).

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
