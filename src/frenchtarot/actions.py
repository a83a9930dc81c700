"""What a player can do: the :class:`Contract` bids and the action value objects.

Actions are small frozen values compared by value. They do not name the seat: an action is
always taken by the seat whose turn it is (:attr:`frenchtarot.State.current`).

Each action has a short text notation, given by ``str(action)`` and read back by
:func:`parse_action`:

=========================  =========================================================
Action                     Notation
=========================  =========================================================
``Pass()``                 ``pass``
``Bid(Contract.GARDE)``    ``garde`` (also ``petite``, ``garde_sans``, ``garde_contre``)
``Call(card)``             ``call KH`` (five players: the card that names the partner)
``Discard(card)``          ``discard KH``
``AnnounceSlam()``         ``slam``
``DeclareHandful(cards)``  ``handful T1 T2 ...`` (cards in canonical order)
``Play(card)``             ``KH``
=========================  =========================================================

>>> from frenchtarot import Play, parse_action
>>> parse_action("kh") == Play("KH")
True
>>> str(parse_action("Discard 10s"))
'discard 10S'
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable
from typing import Final, TypeAlias

import attrs

from frenchtarot._checks import describe_value, quote
from frenchtarot.cards import DECK, Card, foreign_character
from frenchtarot.errors import NotationError, TarotTypeError

__all__ = [
    "Action",
    "AnnounceSlam",
    "Bid",
    "Call",
    "Contract",
    "DeclareHandful",
    "Discard",
    "Pass",
    "Play",
    "parse_action",
]


class Contract(enum.Enum):
    """The four bids, in increasing order, with their score multipliers."""

    PETITE = 1
    GARDE = 2
    GARDE_SANS = 4
    GARDE_CONTRE = 6

    @property
    def multiplier(self) -> int:
        """What the contract multiplies the score by: 1, 2, 4 or 6."""
        return self.value

    @property
    def rank(self) -> int:
        """The contract's place in the bidding order, 0 (Petite) to 3 (Garde contre)."""
        return _CONTRACT_ORDER.index(self)

    @property
    def dog_is_shown(self) -> bool:
        """Whether the dog is turned face up and taken by the taker (Petite and Garde)."""
        return self in (Contract.PETITE, Contract.GARDE)

    @property
    def french(self) -> str:
        """The French name, e.g. ``"Garde sans le chien"``."""
        return _CONTRACT_FRENCH[self]

    def __lt__(self, other: Contract) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return self.value < other.value

    def __le__(self, other: Contract) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return self.value <= other.value

    def __gt__(self, other: Contract) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return self.value > other.value

    def __ge__(self, other: Contract) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return self.value >= other.value

    def __repr__(self) -> str:
        return f"Contract.{self.name}"


_CONTRACT_ORDER: Final = (
    Contract.PETITE,
    Contract.GARDE,
    Contract.GARDE_SANS,
    Contract.GARDE_CONTRE,
)
_CONTRACT_FRENCH: Final = {
    Contract.PETITE: "Petite",
    Contract.GARDE: "Garde",
    Contract.GARDE_SANS: "Garde sans le chien",
    Contract.GARDE_CONTRE: "Garde contre le chien",
}


def _to_card(value: Card | str) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise TarotTypeError(f"expected a Card or its notation, not {describe_value(value)}")


_MAX_HANDFUL: Final = 22
"""The most cards a handful can hold: the 21 trumps and the Excuse."""
_MAX_ACTION_LENGTH: Final = 400
"""The longest text :func:`parse_action` reads (the longest canonical notation has 85)."""


def _to_cards(values: Iterable[Card | str]) -> frozenset[Card]:
    if isinstance(values, (str, Card)) or not isinstance(values, Iterable):
        raise TarotTypeError(f"expected an iterable of cards, not {describe_value(values)}")
    # Read one card more than a handful can hold, never more: ``values`` may be endless.
    cards = [_to_card(value) for value in itertools.islice(values, _MAX_HANDFUL + 1)]
    shown = frozenset(cards)
    if len(shown) == len(cards) and len(cards) <= _MAX_HANDFUL:
        return shown
    text = " ".join(["handful", *map(str, cards)])
    if len(cards) > _MAX_HANDFUL:
        raise NotationError(
            f"too many cards for a handful {quote(text)}: a handful has at most "
            f"{_MAX_HANDFUL} cards, the 21 trumps and the Excuse",
            text,
        )
    ordered = sorted(cards)
    repeated = next(card for card, after in itertools.pairwise(ordered) if card is after)
    raise NotationError(f"{repeated} is shown twice in the handful {quote(text)}", text)


def _check_contract(
    instance: object, attribute: attrs.Attribute[Contract], value: Contract
) -> None:
    if not isinstance(value, Contract):
        raise TarotTypeError(f"Bid takes a Contract, not {describe_value(value)}")


@attrs.frozen
class Pass:
    """Say "pass" in the bidding, or decline to announce a slam."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Bid:
    """Bid a contract. It must be higher than every earlier bid of the deal.

    Args:
        contract: The contract bid.

    Raises:
        TarotTypeError: ``contract`` is not a :class:`Contract`.
    """

    contract: Contract = attrs.field(validator=_check_contract)

    def __str__(self) -> str:
        return self.contract.name.lower()


@attrs.frozen
class Call:
    """Call the card whose holder becomes the taker's partner (five players only).

    The taker calls right after the bidding, before the dog is shown: any King (one of the
    taker's own Kings too, and then plays alone); a Queen only when holding the four Kings;
    a Knight only when holding every King and Queen; a Jack only when holding every King,
    Queen and Knight.

    Args:
        card: The card, or its notation.

    Raises:
        NotationError: ``card`` is a string that names no card.
        TarotTypeError: ``card`` is neither a :class:`Card` nor a string.

    >>> Call("KS")
    Call(card=Card.parse('KS'))
    >>> str(Call("QH"))
    'call QH'
    """

    card: Card = attrs.field(converter=_to_card)

    def __str__(self) -> str:
        return f"call {self.card}"


@attrs.frozen
class Discard:
    """Put one card in the écart (the taker does this six times after taking the dog).

    Args:
        card: The card, or its notation.

    Raises:
        NotationError: ``card`` is a string that names no card.
        TarotTypeError: ``card`` is neither a :class:`Card` nor a string.
    """

    card: Card = attrs.field(converter=_to_card)

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class AnnounceSlam:
    """The taker announces a slam (*chelem*): to win every trick. The taker then leads."""

    def __str__(self) -> str:
        return "slam"


@attrs.frozen
class DeclareHandful:
    """Show a handful (*poignée*) of trumps just before one's first card.

    The turn does not pass: the same player then plays a card.

    At most 23 items of ``cards`` are read: a handful holds at most 22 cards (the 21 trumps
    and the Excuse), so more are refused without reading the rest, which may be endless.

    Args:
        cards: The trumps shown (the Excuse may stand in for one), as cards or notations.

    Raises:
        NotationError: A string names no card, ``cards`` has more than 22 items, or a card
            is given twice (it is not merged: ``parse_action`` refuses ``handful T1 T1``
            too). For the last two, the error's ``text`` is the handful's notation, e.g.
            ``"handful T1 T1 T2"``, with the cards read in the order given.
        TarotTypeError: ``cards`` is not an iterable of cards or strings.
    """

    cards: frozenset[Card] = attrs.field(converter=_to_cards)

    def __str__(self) -> str:
        return " ".join(["handful", *(str(card) for card in sorted(self.cards))])


@attrs.frozen
class Play:
    """Play a card to the current trick.

    Args:
        card: The card, or its notation.

    Raises:
        NotationError: ``card`` is a string that names no card.
        TarotTypeError: ``card`` is neither a :class:`Card` nor a string.
    """

    card: Card = attrs.field(converter=_to_card)

    def __str__(self) -> str:
        return str(self.card)


Action: TypeAlias = Pass | Bid | Call | Discard | AnnounceSlam | DeclareHandful | Play
"""Any of the seven action types."""

ACTION_TYPES: Final = (Pass, Bid, Call, Discard, AnnounceSlam, DeclareHandful, Play)

PASS: Final = Pass()
ANNOUNCE_SLAM: Final = AnnounceSlam()
BIDS: Final = {contract: Bid(contract) for contract in _CONTRACT_ORDER}
PLAYS: Final[tuple[Play, ...]] = tuple(Play(card) for card in DECK)
DISCARDS: Final[tuple[Discard, ...]] = tuple(Discard(card) for card in DECK)
CALLS: Final[tuple[Call, ...]] = tuple(Call(card) for card in DECK)
_WORDS: Final[dict[str, Action]] = {
    "pass": PASS,
    "slam": ANNOUNCE_SLAM,
    **{contract.name.lower(): BIDS[contract] for contract in _CONTRACT_ORDER},
}


def parse_action(text: str) -> Action:
    """Read an action from its notation (see the module's table), ignoring case and spacing.

    Like :meth:`Card.parse`, this reads ASCII only: words are split on ASCII white space, and
    a text with any other character is refused. A text of more than 400 characters or more
    than 23 words (``handful`` and 22 cards) is no action's notation, and is refused without
    being read further.

    Args:
        text: The notation, e.g. ``"pass"``, ``"garde"``, ``"call KS"``, ``"discard 2S"``,
            ``"KH"``.

    Returns:
        The action.

    Raises:
        NotationError: ``text`` is not the notation of an action: it is too long, holds a
            character that is not ASCII, names no card where a card is expected, shows a
            card twice in a handful... The message quotes at most the first 40 characters
            of ``text``; the error's ``text`` attribute is ``text`` itself.
        TarotTypeError: ``text`` is not a string.

    >>> parse_action("GARDE_SANS")
    Bid(contract=Contract.GARDE_SANS)
    >>> parse_action("handful T2 T3 T4 T5 T6 T7 T8 T9 T10 EX").cards == frozenset(
    ...     Card.parse(t) for t in "T2 T3 T4 T5 T6 T7 T8 T9 T10 EX".split())
    True
    """
    if not isinstance(text, str):
        raise TarotTypeError(f"action notation must be a str, not {type(text).__name__}")
    # Refuse what cannot be an action before reading it: the message quotes only the start.
    if len(text) > _MAX_ACTION_LENGTH:
        raise NotationError(
            f"invalid action notation {quote(text)}: {len(text)} characters, too long for any "
            f"action (at most {_MAX_ACTION_LENGTH})",
            text,
        )
    foreign = foreign_character(text)
    if foreign is not None:
        # The message is short, so it has room for a longer quote of escaped characters.
        raise NotationError(
            f"invalid action notation {quote(text, width=180)}: {foreign}; action notation is "
            "ASCII",
            text,
        )
    # Only printable ASCII and ASCII white space are left, and str.split splits on the latter.
    words = text.split()
    keyword = words[0].lower() if words else ""
    problem = ""
    try:
        if len(words) == 1:
            word = keyword
            if word == "handful":
                return DeclareHandful(())
            return _WORDS[word] if word in _WORDS else PLAYS[Card.parse(words[0]).index]
        if len(words) == 2 and keyword == "discard":
            return DISCARDS[Card.parse(words[1]).index]
        if len(words) == 2 and keyword == "call":
            return CALLS[Card.parse(words[1]).index]
        if len(words) > _MAX_HANDFUL + 1:
            problem = f"{len(words)} words, too many; "
        elif keyword == "handful":
            cards = [Card.parse(word) for word in words[1:]]
            ordered = sorted(cards)
            repeated = [card for card, after in itertools.pairwise(ordered) if card is after]
            if not repeated:
                return DeclareHandful(cards)
            problem = f"{repeated[0]} shown twice; "
    except NotationError as error:
        problem = f"{quote(error.text, 8, 20)} is not a card; "
    raise NotationError(
        f"invalid action notation {quote(text)}: {problem}expected pass, petite, garde, "
        "garde_sans, garde_contre, slam, a card (e.g. 'KH'), 'call <card>', 'discard <card>' or "
        "'handful <cards...>'",
        text,
    )
