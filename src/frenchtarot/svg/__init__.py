"""SVG pictures of cards, hands, tricks and whole deals, for web pages, notebooks and docs.

Every function returns a complete, standalone SVG document (a :class:`Picture`, which is a
``str``): no external resources, every text XML-escaped, nothing see-through, and the same
string for the same input. In Jupyter or IPython a picture shows as an image on its own.

* :func:`card` draws one card, :func:`hand` a row of cards, :func:`trick` the cards of a
  trick laid out around the table, each in front of the seat that played it.
* :func:`observation` draws what one seat knows: its hand, the trick on the table, the dog
  or the écart when the seat may see them, the contract, the call and the partner as far
  as the seat knows them, the handfuls, and the score once the deal is over. It reads the
  :class:`~frenchtarot.Observation` only, so it can show nothing the seat may not see.
* :func:`state` draws the omniscient view of a :class:`~frenchtarot.State`: every hand and
  the dog. Never send it to a player.

The pictures speak English or French (``lang="en"`` or ``"fr"``: every label, the contracts'
names, and the court cards' letters, ``R D C V`` in French), come in a ``light`` or a
``dark`` theme, and name the seats by number or by the ``names`` given.

**For a page to click on.** Every card face is a group ``<g class="card ...">`` with the
card's notation in ``data-card`` (``data-card="KH"``) and a ``<title>`` with its names.
The seat's hand is a group ``<g class="hand" data-seat="1">``. When the seat may play or
put aside a card, each card of its hand that is a legal action now has the class
``legal`` and the action's notation in ``data-action`` (``"KH"``, ``"discard 2S"``), read
back by :func:`~frenchtarot.parse_action`; the other cards of the hand have the class
``dimmed``, and are drawn on an opaque grey ground. At the five-player call, the cards the
taker may call are drawn as a row of choices ``<g class="choices">``, each with
``data-choice`` (the card) and ``data-action`` (``"call KS"``). No other element has a
``data-action``. The root ``<svg>`` lists every legal action of the seat (bids, slam and
handfuls too) in ``data-actions``, separated by ``;``. Face-down cards carry no notation;
the called card, whose name is public but whose place is not, carries ``data-called``.

>>> from frenchtarot import Card, svg
>>> picture = svg.card(Card.parse("KH"))
>>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> 'data-card="KH"' in picture, "King of Hearts" in picture
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from frenchtarot._checks import describe_value, whole_number
from frenchtarot._core.state import State
from frenchtarot.cards import Card
from frenchtarot.errors import (
    InvalidRulesError,
    InvalidSettingsError,
    InvalidSizeError,
    TarotTypeError,
)
from frenchtarot.observation import Observation
from frenchtarot.svg._draw import (
    Picture,
    _cards,
    _document,
    _face,
    _lang,
    _n,
    _names,
    _seat,
    _size,
    _spot,
    _text,
    _theme,
    _width,
)
from frenchtarot.svg._layout import _fit, _min_step
from frenchtarot.svg._looks import _GOLD, _MOST_CARDS, _RATIO, _TRICK_RADII, THEMES
from frenchtarot.svg._render import _positions, _render, _trick_layer
from frenchtarot.svg._views import _observation_view, _state_view
from frenchtarot.svg._words import Words

__all__ = [
    "InvalidSettingsError",
    "InvalidSizeError",
    "Picture",
    "card",
    "hand",
    "observation",
    "state",
    "trick",
]


def card(card: Card, *, size: float = 90, lang: str = "en", theme: str = "light") -> Picture:
    """A picture of one card, face up.

    Suit cards show their rank (``1`` to ``10``, then ``J C Q K`` in English, ``V C D R``
    in French) and suit symbol (♠ ♥ ♦ ♣; hearts and diamonds in red); trumps show their
    number in a ring, the Excuse a star (★); the three bouts have a gold ring.

    Args:
        card: The card.
        size: The card's height in pixels (10 to 2000); its width is two thirds of it.
        lang: The language of the card's letters and title: ``"en"`` or ``"fr"``.
        theme: ``"light"`` or ``"dark"`` (the card's edge).

    Returns:
        A standalone SVG document.

    Raises:
        TarotTypeError: ``card`` is not a :class:`~frenchtarot.Card`, ``size`` is not a
            number, or ``lang`` or ``theme`` is not a str.
        InvalidSizeError: ``size`` is outside 10 to 2000.
        InvalidSettingsError: ``lang`` or ``theme`` is not one of its values.

    >>> from frenchtarot import Card, svg
    >>> picture = svg.card(Card.parse("T21"), size=120)
    >>> 'data-card="T21"' in picture, 'height="122"' in picture
    (True, True)
    >>> "Roi de cœur" in svg.card(Card.parse("KH"), lang="fr")
    True
    """
    if not isinstance(card, Card):
        raise TarotTypeError(f"expected a Card, not {describe_value(card)}")
    h, language, look = _size(size), _lang(lang), _theme(theme)
    w = h * _RATIO
    body = [_face(card, 1, 1, h, lang=language, theme=look)]
    title = f"{Words(language, None).name(card)} ({card.notation})"
    return _document(w + 2, h + 2, body, title, 1.0, lang=language)


def hand(
    cards: Iterable[Card], *, size: float = 90, lang: str = "en", theme: str = "light"
) -> Picture:
    """A picture of cards in a row, overlapping as in a hand, in the order given.

    Each card leaves the corner of the one before it in view: its rank and suit, or its
    trump number.

    Args:
        cards: The cards, at most 78 and none twice (e.g. ``state.hand(0)`` or
            ``observation.hand``).
        size: The height of each card in pixels (10 to 2000).
        lang: The language of the cards' letters and titles: ``"en"`` or ``"fr"``.
        theme: ``"light"`` or ``"dark"``.

    Returns:
        A standalone SVG document; an empty hand is drawn as an empty dashed outline.

    Raises:
        TarotTypeError: ``cards`` is not an iterable of cards (a string is refused),
            ``size`` is not a number, or ``lang`` or ``theme`` is not a str.
        InvalidCardError: ``cards`` holds more than 78 cards, or a card twice.
        InvalidSizeError: ``size`` is outside 10 to 2000.
        InvalidSettingsError: ``lang`` or ``theme`` is not one of its values.

    >>> from frenchtarot import Card, svg
    >>> picture = svg.hand([Card.parse("T1"), Card.parse("EX"), Card.parse("KH")], size=60)
    >>> [word for word in ("T1", "EX", "KH") if f'data-card="{word}"' in picture]
    ['T1', 'EX', 'KH']
    """
    shown = _cards(cards, "a hand", _MOST_CARDS)
    h, language, look = _size(size), _lang(lang), _theme(theme)
    w = h * _RATIO
    step = max(w * 0.55, _min_step(h))
    width = w + step * max(0, len(shown) - 1) + 2
    if shown:
        body = [
            _face(each, 1 + i * step, 1, h, lang=language, theme=look)
            for i, each in enumerate(shown)
        ]
    else:
        body = [_spot(1, 1, h, THEMES[look].muted)]
    words = Words(language, None)
    listed = " ".join(map(str, shown)) if shown else words.say("no cards")
    title = words.say("hand title", cards=listed)
    return _document(width, h + 2, body, title, 1.0, lang=language)


def trick(
    cards: Iterable[Card],
    leader: int,
    seats: int,
    *,
    size: float = 90,
    bottom: int = 0,
    winner: int | None = None,
    names: Sequence[str] | None = None,
    lang: str = "en",
    theme: str = "light",
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
        names: One name per seat, seat 0 first (1 to 40 printable characters each), to
            label the seats with; by default they are numbered.
        lang: The language of the labels: ``"en"`` or ``"fr"``.
        theme: ``"light"`` or ``"dark"``.

    Returns:
        A standalone SVG document.

    Raises:
        TarotTypeError: ``cards`` is not an iterable of cards, a seat or ``seats`` is not an
            int, ``size`` is not a number, ``names`` is not a sequence of str, or ``lang``
            or ``theme`` is not a str.
        InvalidRulesError: ``seats`` is not 3, 4 or 5.
        InvalidSeatError: ``leader``, ``bottom`` or ``winner`` is not a seat of the table.
        InvalidCardError: ``cards`` holds more cards than there are seats, or a card twice.
        InvalidSizeError: ``size`` is outside 10 to 2000.
        InvalidSettingsError: ``names`` does not hold one name per seat, a name is blank,
            too long or not printable, or ``lang`` or ``theme`` is not one of its values.

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
    words = Words(_lang(lang), _names(names, table))
    look = _theme(theme)
    colours = THEMES[look]
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
        f'<rect width="{_n(width)}" height="{_n(height)}" rx="{_n(h * 0.12)}" '
        f'fill="{colours.felt}"/>'
    ]
    parts, places = _trick_layer(
        shown, first, table, below, cx, cy, h, lang=words.lang, theme=look, winner=won
    )
    body.extend(parts)
    for seat, (x, y, dy) in enumerate(places):
        baseline = y - label * 0.5 - 2 if dy < -1e-9 else y + h + label * 1.2
        colour, bold = (_GOLD, True) if seat == won else ("#ffffff", False)
        text = _fit(words.seat(seat), label, w * 1.6, bold=bold)
        body.append(
            _text(x + w / 2, baseline, text, label, fill=colour, anchor="middle", bold=bold)
        )
    title = words.say("trick title", who=words.seat(first))
    if won is not None:
        title += words.say("trick won", who=words.seat(won))
    listed = " ".join(map(str, shown)) or words.say("no card yet")
    title += words.say("trick cards", cards=listed)
    return _document(width, height, body, title, 1.0, lang=words.lang)


def observation(
    obs: Observation,
    *,
    width: float | None = None,
    names: Sequence[str] | None = None,
    lang: str = "en",
    theme: str = "light",
    spectator: bool = False,
) -> Picture:
    """A picture of what one seat knows: safe to show to that seat's player.

    It shows the seat at the bottom of the table and the others around it in the order of
    play, each with its role (dealer, taker, partner when known, its word in the bidding)
    and how many cards it holds; the trick on the table, each card in front of the seat that
    played it and numbered in the order of play; the seat's hand, in as many rows as it
    takes to keep every card's corner in view, with the cards it may play or put aside now
    framed and the others dimmed; at the call, the cards it may call; the dog when shown and
    the écart as far as the seat may see it (all of it for the taker, the trumps for the
    others); the five-player call and the partner as far as the seat knows them; the
    handfuls; the last trick; and the score once the deal is over, with the contract's
    multiplier at this table (from :attr:`Score.multiplier <frenchtarot.Score.multiplier>`,
    so house rules show theirs).

    Everything is read from ``obs``, which holds only what the seat may know (see
    :func:`~frenchtarot.observe`): cards the seat may not see are drawn face down or not at
    all, never named. The cards that are legal actions carry their notation in
    ``data-action`` for a page to click on (see :mod:`frenchtarot.svg`).

    Args:
        obs: The seat's observation, from :func:`~frenchtarot.observe`.
        width: The picture's width in pixels (10 to 2000); by default its natural width
            (820).
        names: One name per seat, seat 0 first (1 to 40 printable characters each); by
            default the seats are numbered.
        lang: The language of the labels: ``"en"`` or ``"fr"``.
        theme: ``"light"`` or ``"dark"``.
        spectator: Draw it for someone watching the table rather than for the seat: no
            seat is "you", no hand is drawn and the root carries no ``data-seat``; the
            table is still seen from the seat's place. ``obs`` must then hold nothing
            private: no hand, no écart, no legal action. A public view (from
            :func:`frenchtarot.observation.public_view`) is always drawn so, whatever this
            says.

    Returns:
        A standalone SVG document.

    Raises:
        TarotTypeError: ``obs`` is not an :class:`~frenchtarot.Observation`, ``width`` is
            not a number, ``names`` is not a sequence of str, ``lang`` or ``theme`` is not
            a str, or ``spectator`` is not a bool.
        InvalidSizeError: ``width`` is outside 10 to 2000.
        InvalidSettingsError: ``names`` does not hold one name per seat, a name is blank,
            too long or not printable, ``lang`` or ``theme`` is not one of its values, or a
            spectator's picture (``spectator``, or a public view) is asked of an observation
            that holds a hand, an écart or legal actions.

    >>> import frenchtarot as ft
    >>> from frenchtarot import svg
    >>> state = ft.new_deal(seed=1)
    >>> picture = svg.observation(ft.observe(state, 0), lang="fr", theme="dark")
    >>> picture.count("data-card=") == len(state.hand(0))
    True
    >>> "Votre main" in picture
    True
    >>> from frenchtarot.observation import public_view
    >>> watched = svg.observation(public_view(ft.observe(state, 0)))
    >>> watched.count("data-card="), "Your hand" in watched
    (0, False)
    """
    if not isinstance(obs, Observation):
        raise TarotTypeError(f"expected an Observation, not {describe_value(obs)}")
    scale = _width(width)
    words = Words(_lang(lang), _names(names, obs.rules.seats))
    look = _theme(theme)
    if not isinstance(spectator, bool):
        raise TarotTypeError(f"spectator must be a bool, not {describe_value(spectator)}")
    spectator = spectator or obs.public
    if spectator and (obs.hand or obs.discard is not None or obs.legal_actions):
        raise InvalidSettingsError(
            "a spectator's picture is drawn from a public view: no hand, no écart and no "
            "legal action"
        )
    return _render(_observation_view(obs, words, spectator), scale, words, look)


def state(
    state: State,
    *,
    bottom: int = 0,
    width: float | None = None,
    names: Sequence[str] | None = None,
    lang: str = "en",
    theme: str = "light",
) -> Picture:
    """A picture of the whole deal, every hand and the dog face up: the omniscient view.

    For analysis, debugging and teaching only: it shows every hidden card, so a server must
    never send it to a player; give a player :func:`observation` of their seat instead. A
    red banner across the top says so. The seat to act has its legal cards framed, with
    their ``data-action``, as in :func:`observation`.

    Args:
        state: Any state of a deal.
        bottom: The seat drawn at the bottom of the table, whose hand is listed first.
        width: The picture's width in pixels (10 to 2000); by default its natural width
            (820).
        names: One name per seat, seat 0 first (1 to 40 printable characters each); by
            default the seats are numbered.
        lang: The language of the labels: ``"en"`` or ``"fr"``.
        theme: ``"light"`` or ``"dark"``.

    Returns:
        A standalone SVG document.

    Raises:
        TarotTypeError: ``state`` is not a :class:`~frenchtarot.State`, ``bottom`` is not an
            int, ``width`` is not a number, ``names`` is not a sequence of str, or ``lang``
            or ``theme`` is not a str.
        InvalidSeatError: ``bottom`` is not a seat of the table.
        InvalidSizeError: ``width`` is outside 10 to 2000.
        InvalidSettingsError: ``names`` does not hold one name per seat, a name is blank,
            too long or not printable, or ``lang`` or ``theme`` is not one of its values.

    >>> import frenchtarot as ft
    >>> from frenchtarot import svg
    >>> deal = ft.new_deal(seed=1)
    >>> svg.state(deal).count("data-card=")
    78
    """
    if not isinstance(state, State):
        raise TarotTypeError(f"expected a State, not {describe_value(state)}")
    seats = state.rules.seats
    seat = _seat(bottom, "bottom", seats)
    scale = _width(width)
    words = Words(_lang(lang), _names(names, seats))
    look = _theme(theme)
    return _render(_state_view(state, seat, words), scale, words, look)
