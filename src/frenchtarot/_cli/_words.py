"""What a person may type in the terminal game, in English or in French, accents or not.

The game's own words (``help``, ``last``, ``score``, ``hand``, ``quit``, ``yes``, ``no``)
come in both languages; actions are read by :func:`frenchtarot.parse_action`, which already
knows the French words without their accents (``passe``, ``prise``, ``garde sans``,
``ecart``, ``appel``, ``poignee``, ``chelem``, ``joue``). This module lets a person type
them with their accents too (``écart``, ``poignée``), and the French rank letters of the
cards:

======  ===========  =================
French  English      card
======  ===========  =================
``R``   ``K``        roi, King
``D``   ``Q``        dame, Queen
``C``   ``C``        cavalier, Knight
``V``   ``J``        valet, Jack
======  ===========  =================

The suit is always the library's English letter: ``S`` spades (pique), ``H`` hearts
(cœur), ``D`` diamonds (carreau), ``C`` clubs (trèfle). French suit initials are not read:
``C`` would be both cœur and clubs (and the Knight), ``T`` both trèfle and a trump, ``K``
both carreau and the King. Because a French speaker could mean cœur by ``C``, a French
rank letter followed by ``C`` (``RC``, ``DC``, ``VC``) is refused as ambiguous rather than
read as clubs: ``KC``, ``QC``, ``JC`` name the clubs, ``RH``, ``DH``, ``VH`` the hearts.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from frenchtarot.errors import NotationError

YES: Final = frozenset({"yes", "y", "oui", "o"})
NO: Final = frozenset({"no", "n", "non"})
QUIT: Final = frozenset({"quit", "exit", "quitter"})
HELP: Final = frozenset({"help", "?", "aide", "h"})
LAST: Final = frozenset({"last", "last trick", "dernier", "dernier pli", "derniere"})
SCORE: Final = frozenset({"score", "points"})
HAND: Final = frozenset({"hand", "main", "cards", "cartes"})
HANDFUL_LEVELS: Final = (
    frozenset({"single", "simple"}),
    frozenset({"double"}),
    frozenset({"triple"}),
)
"""The words for a single, double and triple handful (*simple*, *double*, *triple*)."""

_FRENCH_RANKS: Final = {"r": "K", "d": "Q", "v": "J"}
_FRENCH_CARD: Final = re.compile(r"(?<![0-9A-Za-z])([RDVrdv])([SHDCshdc])(?![0-9A-Za-z])")
_VERBS: Final = {"ecarter": "ecart", "jouer": "joue", "appeler": "appel", "poignees": "poignee"}
"""French verbs in the infinitive (and a plural), read as the words parse_action knows."""
_LIGATURES: Final = str.maketrans({"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE"})


def plain_characters(text: str) -> str:
    """``text`` without accents and ligatures: ``"Écart, cœur"`` -> ``"Ecart, coeur"``."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_LIGATURES))
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def plain(text: str) -> str:
    """:func:`plain_characters`, with the spaces made single and none around."""
    return " ".join(plain_characters(text).split())


def key(text: str) -> str:
    """The form a word is looked up in: plain and in lower case."""
    return plain(text).lower()


def cards_in_english(text: str) -> str:
    """``text`` with its cards' French rank letters in English: ``RH`` -> ``KH``.

    A French verb in the infinitive comes out in the form the notation knows (``jouer`` ->
    ``joue``).

    Raises:
        NotationError: A French rank letter before ``C`` (``RC``), cœur to a French speaker
            and clubs to the notation.
    """
    words = text.split()
    if words and words[0].lower() in _VERBS:
        words[0] = _VERBS[words[0].lower()]
    text = " ".join(words)
    for found in _FRENCH_CARD.finditer(text):
        if found.group(2) in "cC":
            rank = _FRENCH_RANKS[found.group(1).lower()]
            raise NotationError(
                f"{found.group(0)!r} is ambiguous: suits are written S, H, D, C as in English, "
                f"so C is clubs (trèfle), not cœur; type {rank}C for clubs or "
                f"{found.group(1).upper()}H ({rank}H) for hearts",
                text,
            )
    return _FRENCH_CARD.sub(
        lambda found: _FRENCH_RANKS[found.group(1).lower()] + found.group(2).upper(), text
    )
