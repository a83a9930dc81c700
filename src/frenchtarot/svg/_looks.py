"""The looks of :mod:`frenchtarot.svg`: sizes, fonts and the colours of the two themes.

Private. Every colour is opaque: nothing in a picture is see-through, so a card drawn over
another hides it cleanly and a dimmed card stays as legible as the others.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from frenchtarot.cards import Card, Suit

_FONT: Final = "DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, Arial, sans-serif"
_RATIO: Final = 2 / 3
"""A card's width over its height."""

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
_PLATE_HEIGHT: Final = 56

# Where the cards of a trick lie: on an ellipse whose half-axes are these multiples of the
# card's width and height, chosen per table size so that no two cards overlap.
_TRICK_RADII: Final = {3: (1.2, 0.75), 4: (1.2, 0.62), 5: (1.15, 0.95)}

# The index printed in a card's corner (rank, then suit symbol below it), as fractions of
# the card's height: where its text starts and how large it is, and the box that holds it
# whatever the card ("10" and "21" are the widest ranks). A card drawn over another never
# covers this box of the one below (see _layout._flow).
_INDEX_LEFT: Final = 0.06
_INDEX_RANK: Final = 0.18
_INDEX_SUIT: Final = 0.16
_INDEX_BOX: Final = (0.0, 0.0, 0.34, 0.42)
"""Left, top, width and height of the index area, in card heights."""


class Theme(NamedTuple):
    """The colours of a picture; the card faces are the same in every theme."""

    ground: str
    ink: str
    muted: str
    felt: str
    felt_edge: str
    spot: str
    plate: str
    plate_viewer: str
    plate_edge: str
    plate_ink: str
    plate_muted: str
    active: str
    banner: str
    banner_ink: str
    card_edge: str
    dimmed: str
    dimmed_edge: str
    legal: str


_GOLD: Final = "#f2d27a"
_GOLD_EDGE: Final = "#7a5b00"

THEMES: Final = {
    "light": Theme(
        ground="#ffffff",
        ink="#222222",
        muted="#555555",
        felt="#2f7a4a",
        felt_edge="#1e5233",
        spot="#97c2a6",
        plate="#f7f3e8",
        plate_viewer="#fff6cf",
        plate_edge="#555555",
        plate_ink="#222222",
        plate_muted="#555555",
        active="#d9a400",
        banner="#8b1a1a",
        banner_ink="#ffffff",
        card_edge="#444444",
        dimmed="#cdcdcd",
        dimmed_edge="#8a8a8a",
        legal="#d99a00",
    ),
    "dark": Theme(
        ground="#17191c",
        ink="#ececec",
        muted="#aeb3ba",
        felt="#1f5a37",
        felt_edge="#0e2e1b",
        spot="#7ba88b",
        plate="#2a2d33",
        plate_viewer="#463d1c",
        plate_edge="#80858d",
        plate_ink="#f0f0f0",
        plate_muted="#c0c4ca",
        active="#f0c040",
        banner="#a3262a",
        banner_ink="#ffffff",
        card_edge="#111111",
        dimmed="#a9abae",
        dimmed_edge="#55585c",
        legal="#f0c040",
    ),
}

# The card faces.
_RED: Final = "#c0172d"
_BLACK: Final = "#1b1b1b"
_TRUMP_INK: Final = "#1d3f7a"
_EXCUSE_INK: Final = "#6b2d8c"
_HONOUR_FILL: Final = "#fbf3dc"
_BACK: Final = ("#30528f", "#1c335c", "#c8d4ee", "#7c92bf")
"""A card back: its fill, its edge, its inner frame and its centre (opaque)."""
_SUIT_SYMBOL: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_EXCUSE_SYMBOL: Final = "★"


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
