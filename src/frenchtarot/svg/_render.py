"""Drawing a view of :mod:`frenchtarot.svg._views`: the table, the hands and the rows.

Private. The seats sit around an ellipse of felt, the viewer's at the bottom, each card of
the trick in front of the seat that played it; below the table come the hands, then the
labelled rows (the choices of the call, the dog, the écart, the handfuls, the last trick),
then the notes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from xml.sax.saxutils import escape

from frenchtarot.actions import Action
from frenchtarot.cards import Card
from frenchtarot.svg._draw import (
    DIMMED,
    LEGAL,
    PLAIN,
    Picture,
    _back,
    _document,
    _face,
    _n,
    _spot,
    _text,
)
from frenchtarot.svg._layout import _GAP, _fit, _flow, _text_width, _wrap
from frenchtarot.svg._looks import (
    _CANVAS,
    _GOLD,
    _GOLD_EDGE,
    _HAND_HEIGHT,
    _LABEL_COLUMN,
    _MARGIN,
    _PLATE_HEIGHT,
    _PLATE_WIDTH,
    _RATIO,
    _ROW_HEIGHT,
    _STATE_HAND_HEIGHT,
    _TABLE_CARD,
    _TRICK_RADII,
    THEMES,
)
from frenchtarot.svg._views import _Hand, _Plate, _Row, _View
from frenchtarot.svg._words import Words

_BADGE_INK = "#222222"
_CALLED_CARD = 60.0
_CAPTION_GAP = 20.0
"""The room between two cards of a row with captions (the last trick's seats)."""


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
    lang: str,
    theme: str,
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
    parts: list[str] = ['<g class="trick">']
    # In the order of play, so that the document lists the cards as they were played.
    for order in range(seats):
        seat = (leader + order) % seats
        x, y, _dy = places[seat]
        if order >= len(cards):
            parts.append(_spot(x, y, h, THEMES[theme].spot))
            continue
        if seat == winner:
            parts.append(
                f'<rect class="winner" x="{_n(x - 4)}" y="{_n(y - 4)}" width="{_n(w + 8)}" '
                f'height="{_n(h + 8)}" rx="{_n(h * 0.08)}" fill="{_GOLD}"/>'
            )
        parts.append(_face(cards[order], x, y, h, lang=lang, theme=theme))
        badge = h * 0.11
        bx, by = x + w, y
        parts.append(
            f'<circle cx="{_n(bx)}" cy="{_n(by)}" r="{_n(badge)}" fill="{_GOLD}" '
            f'stroke="{_GOLD_EDGE}" stroke-width="1"/>'
        )
        parts.append(
            _text(
                bx,
                by + badge * 0.45,
                str(order + 1),
                badge * 1.3,
                fill=_BADGE_INK,
                anchor="middle",
                bold=True,
            )
        )
    parts.append("</g>")
    return parts, places


def _table_radii(seats: int) -> tuple[float, float, float, float]:
    """The half-axes of the ellipses of the seat plates and of the felt, for a table size."""
    h = _TABLE_CARD
    w = h * _RATIO
    fx, fy = _TRICK_RADII[seats]
    px = fx * w + w / 2 + _PLATE_WIDTH / 2 + 24
    py = fy * h + h / 2 + _PLATE_HEIGHT / 2 + (34 if seats == 5 else 10)
    return px, py, px + _PLATE_WIDTH / 2 + 16, py + _PLATE_HEIGHT / 2 + 10


def _plate(plate: _Plate, x: float, y: float, theme: str) -> str:
    """A seat's name plate centred at ``(x, y)``."""
    colours = THEMES[theme]
    left, top = x - _PLATE_WIDTH / 2, y - _PLATE_HEIGHT / 2
    fill = colours.plate_viewer if plate.viewer else colours.plate
    stroke, width = (colours.active, 3) if plate.to_act else (colours.plate_edge, 1)
    room = _PLATE_WIDTH - 12
    name = _fit(plate.name, 14, room - _text_width(plate.suffix, 14, bold=True), bold=True)
    name += plate.suffix
    parts = [
        f'<g class="seat" data-seat="{plate.seat}">',
        f"<title>{escape(plate.name + plate.suffix)}</title>",
        f'<rect x="{_n(left)}" y="{_n(top)}" width="{_PLATE_WIDTH}" height="{_PLATE_HEIGHT}" '
        f'rx="8" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>',
        _text(x, top + 18, name, 14, fill=colours.plate_ink, anchor="middle", bold=True),
    ]
    muted = colours.plate_muted
    if plate.roles:
        roles = _fit(plate.roles, 12, room)
        parts.append(_text(x, top + 34, roles, 12, fill=muted, anchor="middle"))
    low = top + (49 if plate.roles else 40)
    status = _fit(plate.status, 12, room)
    parts.append(_text(x, low, status, 12, fill=muted, anchor="middle"))
    parts.append("</g>")
    return "".join(parts)


def _cards_flow(
    cards: Sequence[Card],
    x: float,
    y: float,
    h: float,
    room: float,
    *,
    lang: str,
    theme: str,
    backs: int = 0,
    actions: Mapping[Card, Action] | None = None,
    dim: bool = False,
    attr: str = "data-card",
    gap: float = _GAP,
) -> tuple[list[str], float, list[tuple[float, float]]]:
    """Cards (then ``backs`` face-down ones) in rows from ``(x, y)``, ``room`` wide.

    With ``actions``, the cards that are actions now are drawn as such (framed, with their
    ``data-action``) and, with ``dim``, the others are dimmed. Returns the parts, the
    height taken and where each card went.
    """
    flow = _flow(len(cards) + backs, room, h, gap)
    places = [(x + dx, y + dy) for dx, dy in flow.places]
    parts = []
    for card, (cx, cy) in zip(cards, places[: len(cards)], strict=True):
        look, action = PLAIN, None
        if actions is not None:
            if card in actions:
                look, action = LEGAL, str(actions[card])
            elif dim:
                look = DIMMED
        parts.append(
            _face(card, cx, cy, h, lang=lang, theme=theme, attr=attr, look=look, action=action)
        )
    parts.extend(_back(cx, cy, h) for cx, cy in places[len(cards) :])
    return parts, flow.height, places


def _hand(each: _Hand, y: float, h: float, words: Words, theme: str) -> tuple[list[str], float]:
    colours = THEMES[theme]
    room = _CANVAS - 2 * _MARGIN
    label = _fit(each.label, 14, room, bold=True)
    body = [_text(_MARGIN, y + 14, label, 14, fill=colours.ink, bold=True)]
    y += 22
    if not each.cards:
        body.append(_text(_MARGIN, y + 14, words.say("no cards"), 13, fill=colours.muted))
        return body, y + 26
    parts, height, _places = _cards_flow(
        each.cards,
        _MARGIN,
        y,
        h,
        room,
        lang=words.lang,
        theme=theme,
        actions=each.actions,
        dim=True,
    )
    body.append(f'<g class="hand" data-seat="{each.seat}">')
    body.extend(parts)
    body.append("</g>")
    return body, y + height + 12


def _row(row: _Row, y: float, words: Words, theme: str) -> tuple[list[str], float]:
    colours = THEMES[theme]
    room = _CANVAS - 2 * _MARGIN - _LABEL_COLUMN
    # Choices to click on are as large as the cards on the table.
    h = _TABLE_CARD if row.actions else _ROW_HEIGHT
    left = _MARGIN + _LABEL_COLUMN
    body: list[str] = []
    text_y = y + 18
    for line in _wrap(row.label, 13, _LABEL_COLUMN - 12, bold=True):
        body.append(_text(_MARGIN, text_y, line, 13, fill=colours.ink, bold=True))
        text_y += 16
    if row.note:
        body.append(
            _text(_MARGIN, text_y, _fit(row.note, 12, _LABEL_COLUMN - 12), 12, fill=colours.muted)
        )
        text_y += 16
    parts, height, places = _cards_flow(
        row.cards,
        left,
        y,
        h,
        room,
        lang=words.lang,
        theme=theme,
        backs=row.backs,
        actions=row.actions,
        attr=row.attr,
        gap=_CAPTION_GAP if row.captions else _GAP,
    )
    seat = "" if row.seat is None else f' data-seat="{row.seat}"'
    body.append(f'<g class="{row.kind}"{seat}>')
    body.extend(parts)
    body.append("</g>")
    bottom = y + height
    if row.captions:
        w = h * _RATIO
        step = places[1][0] - places[0][0] if len(places) > 1 else w + _CAPTION_GAP
        for caption, (cx, cy) in zip(row.captions, places, strict=False):
            text = _fit(caption, 11.5, max(step, w) - 2)
            body.append(
                _text(cx + w / 2, cy + h + 14, text, 11.5, fill=colours.muted, anchor="middle")
            )
        bottom += 16
    return body, max(bottom, text_y - 8) + 10


def _render(view: _View, width: float | None, words: Words, theme: str) -> Picture:
    colours = THEMES[theme]
    room = _CANVAS - 2 * _MARGIN
    body: list[str] = []  # on the ground, once its height is known
    y = float(_MARGIN)
    if view.banner:
        banner = _fit(view.banner, 14, _CANVAS - 20, bold=True)
        body.append(
            f'<rect x="0" y="0" width="{_CANVAS}" height="30" fill="{colours.banner}"/>'
            + _text(
                _CANVAS / 2, 20, banner, 14, fill=colours.banner_ink, anchor="middle", bold=True
            )
        )
        y = float(30 + _MARGIN)
    header = y
    text_room = float(room)
    if view.called is not None:
        h = _CALLED_CARD
        x = _CANVAS - _MARGIN - h * _RATIO
        text_room -= h * _RATIO + 12
        body.append(
            _face(view.called, x, header, h, lang=words.lang, theme=theme, attr="data-called")
        )
        body.append(
            _text(
                x + h * _RATIO / 2,
                header + h + 15,
                view.called_caption,
                12,
                fill=colours.ink,
                anchor="middle",
            )
        )
    for number, line in enumerate(view.lines):
        first = number == 0
        size = 18 if first else 14
        for part in _wrap(line, size, text_room, bold=first):
            y += 22 if y == header else 20
            body.append(_text(_MARGIN, y, part, size, fill=colours.ink, bold=first))
    if view.called is not None:
        y = max(y, header + _CALLED_CARD + 15)
    y += 14

    # The table: the felt, the name plates and the trick in progress.
    px, py, rx, ry = _table_radii(view.seats)
    cx, cy = _CANVAS / 2, y + ry
    body.append(
        f'<ellipse cx="{_n(cx)}" cy="{_n(cy)}" rx="{_n(rx)}" ry="{_n(ry)}" fill="{colours.felt}" '
        f'stroke="{colours.felt_edge}" stroke-width="6"/>'
    )
    body.append('<g class="table">')
    if view.leader is not None:
        parts, _places = _trick_layer(
            view.trick,
            view.leader,
            view.seats,
            view.bottom,
            cx,
            cy,
            _TABLE_CARD,
            lang=words.lang,
            theme=theme,
        )
        body.extend(parts)
    for plate, (dx, dy) in zip(
        view.plates, _positions(view.seats, view.bottom, px, py), strict=True
    ):
        body.append(_plate(plate, cx + dx, cy + dy, theme))
    body.append("</g>")
    y = cy + ry + 16

    h = _HAND_HEIGHT if len(view.hands) == 1 else _STATE_HAND_HEIGHT
    for each in view.hands:
        parts, y = _hand(each, y, h, words, theme)
        body.extend(parts)
    for row in view.rows:
        parts, y = _row(row, y, words, theme)
        body.extend(parts)
    for note in view.notes:
        for line in _wrap(note, 14, room):
            y += 20
            body.append(_text(_MARGIN, y, line, 14, fill=colours.ink))
    height = y + _MARGIN
    ground = f'<rect width="{_CANVAS}" height="{_n(height)}" fill="{colours.ground}"/>'
    scale = 1.0 if width is None else width / _CANVAS
    return _document(
        _CANVAS, height, [ground, *body], view.title, scale, lang=words.lang, data=view.data
    )
