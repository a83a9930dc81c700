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
``Play(card)``             ``KH`` (or ``play KH``)
=========================  =========================================================

:func:`parse_action` also reads French words (``passe``, ``prise``, ``garde sans``,
``chelem``, ``poignee``, ``appel``, ``ecart``, ``joue``...). Given the position (a
:class:`~frenchtarot.State` or an :class:`~frenchtarot.Observation`), it reads a card alone
as the card action of the phase: a call at the call, a discard in the écart, a play
otherwise. ``action.notation(state)`` is the inverse: the shortest text read back as
``action`` in that position.

>>> from frenchtarot import Play, parse_action
>>> parse_action("kh") == Play("KH")
True
>>> str(parse_action("Discard 10s"))
'discard 10S'
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, TypeAlias

import attrs

from frenchtarot._checks import describe_value, quote
from frenchtarot.cards import DECK, Card, foreign_character
from frenchtarot.errors import NotationError, TarotTypeError

if TYPE_CHECKING:  # the state, the engine and the observation import this module
    from frenchtarot.observation import Observation
    from frenchtarot.state import Phase, State

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

    def notation(self, state: State | Observation | None = None) -> str:
        """``"pass"``, in any position (see :func:`parse_action`).

        Args:
            state: The position (a :class:`~frenchtarot.State` or an
                :class:`~frenchtarot.Observation`), or ``None``.

        Raises:
            TarotTypeError: ``state`` is neither a State, an Observation nor ``None``.
        """
        return _notation(self, state)


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

    def notation(self, state: State | Observation | None = None) -> str:
        """The contract's name, e.g. ``"garde_sans"``, in any position (as ``str()``).

        Args:
            state: The position (a :class:`~frenchtarot.State` or an
                :class:`~frenchtarot.Observation`), or ``None``.

        Raises:
            TarotTypeError: ``state`` is neither a State, an Observation nor ``None``.
        """
        return _notation(self, state)


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

    def notation(self, state: State | Observation | None = None) -> str:
        """The shortest text :func:`parse_action` reads back as this action in ``state``.

        That is the card alone at the call (:attr:`Phase.CALL <frenchtarot.Phase.CALL>`),
        else ``str(self)``.

        >>> import frenchtarot as ft
        >>> five = ft.new_deal(seed=1, rules=ft.FIVE_PLAYER)
        >>> for word in "garde pass pass pass pass".split():
        ...     five = ft.apply(five, parse_action(word, five))
        >>> five.phase, Call("KS").notation(five), Call("KS").notation()
        (Phase.CALL, 'KS', 'call KS')

        Args:
            state: The position (a :class:`~frenchtarot.State` or an
                :class:`~frenchtarot.Observation`), or ``None``.

        Raises:
            TarotTypeError: ``state`` is neither a State, an Observation nor ``None``.
        """
        return _notation(self, state)


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

    def notation(self, state: State | Observation | None = None) -> str:
        """The shortest text :func:`parse_action` reads back as this action in ``state``.

        That is the card alone in the écart (:attr:`Phase.DISCARD
        <frenchtarot.Phase.DISCARD>`), else ``str(self)``.

        Args:
            state: The position (a :class:`~frenchtarot.State` or an
                :class:`~frenchtarot.Observation`), or ``None``.

        Raises:
            TarotTypeError: ``state`` is neither a State, an Observation nor ``None``.
        """
        return _notation(self, state)


@attrs.frozen
class AnnounceSlam:
    """The taker announces a slam (*chelem*): to win every trick. The taker then leads."""

    def __str__(self) -> str:
        return "slam"

    def notation(self, state: State | Observation | None = None) -> str:
        """``"slam"``, in any position (see :func:`parse_action`).

        Args:
            state: The position (a :class:`~frenchtarot.State` or an
                :class:`~frenchtarot.Observation`), or ``None``.

        Raises:
            TarotTypeError: ``state`` is neither a State, an Observation nor ``None``.
        """
        return _notation(self, state)


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

    def notation(self, state: State | Observation | None = None) -> str:
        """``str(self)``, in any position.

        The empty handful is the one action that no text reads back in a position:
        ``handful`` alone is ``DeclareHandful(())`` without a position only; given one,
        :func:`parse_action` answers it with the handfuls the seat may show.

        Args:
            state: The position (a :class:`~frenchtarot.State` or an
                :class:`~frenchtarot.Observation`), or ``None``.

        Raises:
            TarotTypeError: ``state`` is neither a State, an Observation nor ``None``.
        """
        return _notation(self, state)


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

    def notation(self, state: State | Observation | None = None) -> str:
        """The shortest text :func:`parse_action` reads back as this action in ``state``.

        That is the card alone, e.g. ``"KH"``, except at the call and in the écart, where a
        card alone means another action: there it is ``"play KH"``.

        Args:
            state: The position (a :class:`~frenchtarot.State` or an
                :class:`~frenchtarot.Observation`), or ``None``.

        Raises:
            TarotTypeError: ``state`` is neither a State, an Observation nor ``None``.
        """
        return _notation(self, state)


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
"""The actions that are one English word: the words ``str()`` writes."""
_FRENCH_WORDS: Final[dict[str, Action]] = {
    "passe": PASS,
    "chelem": ANNOUNCE_SLAM,
    "prise": BIDS[Contract.PETITE],
    "gardesans": BIDS[Contract.GARDE_SANS],
    "garde_sans_le_chien": BIDS[Contract.GARDE_SANS],
    "gardecontre": BIDS[Contract.GARDE_CONTRE],
    "garde_contre_le_chien": BIDS[Contract.GARDE_CONTRE],
}
"""The French words and phrases (``petite`` and ``garde`` are already in :data:`_WORDS`)."""
_PHRASES: Final[dict[str, Action]] = {**_WORDS, **_FRENCH_WORDS}
"""Every action without a card, keyed by its words in lower case joined by ``_``: so
``garde sans`` and ``garde_sans`` are one key, and ``garde sans le chien`` another."""
_MOST_PHRASE_WORDS: Final = 4
_CARD_VERBS: Final[dict[str, str]] = {
    "call": "call",
    "appel": "call",
    "appelle": "call",
    "discard": "discard",
    "ecart": "discard",
    "ecarte": "discard",
    "play": "play",
    "joue": "play",
}
"""The words that take one card, and the English verb each stands for."""
_CARD_ACTIONS: Final[dict[str, tuple[Action, ...]]] = {
    "call": CALLS,
    "discard": DISCARDS,
    "play": PLAYS,
}
_EXAMPLE_CARDS: Final = {"call": "KS", "discard": "2S", "play": "KH"}
_HANDFUL_WORDS: Final = frozenset({"handful", "poignee"})
_MAX_MESSAGE: Final = 300
"""The longest message :func:`parse_action` writes, whatever the text and the position."""
_EXPECTED: Final = (
    "expected pass, petite, garde, garde_sans, garde_contre, slam, a card (e.g. 'KH'), "
    "'call <card>', 'discard <card>' or 'handful <cards...>'"
)


def parse_action(text: str, state: State | Observation | None = None) -> Action:
    """Read an action from its notation (see the module's table), ignoring case and spacing.

    Like :meth:`Card.parse`, this reads ASCII only: words are split on ASCII white space, and
    a text with any other character is refused. A text of more than 400 characters or more
    than 23 words (``handful`` and 22 cards) is no action's notation, and is refused without
    being read further.

    French words are read as well as English: ``passe``; ``prise`` (Petite); ``garde sans``,
    ``gardesans`` or ``garde sans le chien``; ``garde contre``, ``gardecontre`` or ``garde
    contre le chien``; ``chelem`` (slam); ``poignee`` (*poignée*, handful); ``appel`` or
    ``appelle`` (call); ``ecart`` or ``ecarte`` (discard); ``joue`` (play). Accents are not
    ASCII: write them without. A contract's words may also be joined by ``_``.

    Without ``state``, a card alone is a :class:`Play`. With it, a card alone is the card
    action of the phase: a :class:`Call` at the call (:attr:`Phase.CALL
    <frenchtarot.Phase.CALL>`), a :class:`Discard` in the écart (:attr:`Phase.DISCARD
    <frenchtarot.Phase.DISCARD>`), and a :class:`Play` in any other phase. The position only
    guides the reading: the action read need not be legal there (:func:`~frenchtarot.apply`
    decides), so ``discard 2S`` is a :class:`Discard` in any phase. ``call``, ``discard``,
    ``play`` (and their French words) without a card are refused with a message saying what
    is missing: without a position, that a card must follow; with one, the cards the seat to
    act may choose, or why there is no such choice now. ``handful`` alone is the empty
    handful without a position, and with one is refused with the handful sizes and the
    displays the seat is offered.

    Args:
        text: The notation, e.g. ``"pass"``, ``"garde"``, ``"call KS"``, ``"discard 2S"``,
            ``"KH"``.
        state: The position the text is read in: a :class:`~frenchtarot.State`, an
            :class:`~frenchtarot.Observation`, or ``None`` (the default) for none.

    Returns:
        The action. ``parse_action(action.notation(state), state) == action`` for every
        action offered by ``legal_actions(state)``.

    Raises:
        NotationError: ``text`` is not the notation of an action: it is too long, holds a
            character that is not ASCII, names no card where a card is expected, shows a
            card twice in a handful, lacks the card a word needs... The message quotes at
            most the first 40 characters of ``text`` and is at most 300 characters long;
            the error's ``text`` attribute is ``text`` itself.
        TarotTypeError: ``text`` is not a string, or ``state`` is neither a State, an
            Observation nor ``None``.

    >>> parse_action("GARDE_SANS")
    Bid(contract=Contract.GARDE_SANS)
    >>> parse_action("garde contre le chien")
    Bid(contract=Contract.GARDE_CONTRE)
    >>> parse_action("handful T2 T3 T4 T5 T6 T7 T8 T9 T10 EX").cards == frozenset(
    ...     Card.parse(t) for t in "T2 T3 T4 T5 T6 T7 T8 T9 T10 EX".split())
    True
    >>> parse_action("discard")
    Traceback (most recent call last):
    ...
    frenchtarot.errors.NotationError: invalid action notation 'discard': discard what? a card \
must follow 'discard', e.g. 'discard 2S'
    """
    if not isinstance(text, str):
        raise TarotTypeError(f"action notation must be a str, not {type(text).__name__}")
    phase = _phase(state)
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
    count = len(words)
    if 0 < count <= _MOST_PHRASE_WORDS:
        action = _PHRASES.get("_".join(words).lower())
        if action is not None:
            return action
    keyword = words[0].lower() if words else ""
    verb = _CARD_VERBS.get(keyword)
    problem = ""
    try:
        if count == 1 and verb is None and keyword not in _HANDFUL_WORDS:
            return _card_alone(Card.parse(words[0]), phase)
        if count == 2 and verb is not None:
            return _CARD_ACTIONS[verb][Card.parse(words[1]).index]
        if count > _MAX_HANDFUL + 1:
            problem = f"{count} words, too many; "
        elif keyword in _HANDFUL_WORDS and (count > 1 or state is None):
            cards = [Card.parse(word) for word in words[1:]]
            ordered = sorted(cards)
            repeated = [card for card, after in itertools.pairwise(ordered) if card is after]
            if not repeated:
                return DeclareHandful(cards)
            problem = f"{repeated[0]} shown twice; "
    except NotationError as error:
        problem = f"{quote(error.text, 8, 20)} is not a card; "
    head = f"invalid action notation {quote(text)}: "
    if count == 1 and verb is not None:
        raise NotationError(_missing_card(head, keyword, verb, state), text)
    if count == 1 and keyword in _HANDFUL_WORDS and state is not None:
        raise NotationError(_missing_handful(head, state), text)
    if state is None:
        raise NotationError(head + problem + _EXPECTED, text)
    raise NotationError(_expected(head + problem, state), text)


def _phase(state: object) -> Phase | None:
    """The phase of a position, or ``None`` for no position; refuse anything else."""
    if state is None:
        return None
    from frenchtarot.observation import Observation
    from frenchtarot.state import State

    if isinstance(state, (State, Observation)):
        return state.phase
    raise TarotTypeError(
        f"the position must be a State or an Observation, not {describe_value(state)}"
    )


def _card_alone(card: Card, phase: Phase | None) -> Action:
    """What a card alone stands for in ``phase``: a call, a discard, or else a play."""
    if phase is not None:
        from frenchtarot.state import Phase

        if phase is Phase.DISCARD:
            return DISCARDS[card.index]
        if phase is Phase.CALL:
            return CALLS[card.index]
    return PLAYS[card.index]


def _notation(action: Action, state: State | Observation | None) -> str:
    """The shortest text :func:`parse_action` reads back as ``action`` in ``state``."""
    phase = _phase(state)
    if phase is None or not isinstance(action, (Play, Discard, Call)):
        return str(action)
    from frenchtarot.state import Phase

    if isinstance(action, Play):
        if phase is Phase.DISCARD or phase is Phase.CALL:
            return f"play {action.card}"
        return str(action.card)
    wanted = Phase.DISCARD if isinstance(action, Discard) else Phase.CALL
    return str(action.card) if phase is wanted else str(action)


def _offered(state: State | Observation) -> tuple[Action, ...] | None:
    """The actions open to the seat to act, or ``None`` when the position does not say.

    An observation says only when it is the observing seat's turn.
    """
    from frenchtarot._engine import legal_actions
    from frenchtarot.state import State

    if isinstance(state, State):
        return legal_actions(state)
    return state.legal_actions if state.current == state.seat else None


def _fit(before: str, listing: str, after: str = "") -> str:
    """``before + listing + after``, the listing cut at a word to stay within 300 characters."""
    room = _MAX_MESSAGE - len(before) - len(after)
    if len(listing) > room:
        kept = ""
        for word in listing.split(" "):
            if len(kept) + 1 + len(word) + 4 > room:
                break
            kept = f"{kept} {word}" if kept else word
        listing = f"{kept} ..." if kept else "..."
    return before + listing + after


def _either(items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``..."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def _cards(offered: tuple[Action, ...] | None, kind: type[Play | Discard | Call]) -> str:
    """The cards of the offered actions of one kind, e.g. ``"2S 3S 7H"``."""
    if offered is None:
        return ""
    return " ".join(str(action.card) for action in offered if isinstance(action, kind))


def _phase_now(phase: Phase) -> str:
    return f"the deal is in the {phase.value} phase"


def _missing_card(head: str, keyword: str, verb: str, state: State | Observation | None) -> str:
    """The message for ``call``, ``discard`` or ``play`` (or a French word) with no card."""
    what = f"{head}{verb} what? "
    example = f"{keyword} {_EXAMPLE_CARDS[verb]}"
    if state is None:
        return f"{what}a card must follow {keyword!r}, e.g. {example!r}"
    from frenchtarot.state import Phase

    seat, phase, offered = state.current, state.phase, _offered(state)
    if seat is None:
        return f"{what}the deal is over ({phase.value}): no action is taken"
    alone = " (the card alone will do)"
    if verb == "call":
        if phase is not Phase.CALL:
            five = "" if state.rules.calls_partner else " (only five players call a partner)"
            return f"{what}no card is called now: {_phase_now(phase)}{five}"
        cards = _cards(offered, Call)
        if not cards:
            return f"{what}seat {seat}, the taker, is to call a card: one must follow {keyword!r}"
        return _fit(f"{what}seat {seat}, the taker, may call ", cards, alone)
    if verb == "discard":
        if phase is not Phase.DISCARD:
            return f"{what}nothing is put aside now: {_phase_now(phase)}"
        cards = _cards(offered, Discard)
        if not cards:
            return f"{what}seat {seat}, the taker, is putting cards aside: one must follow"
        return _fit(f"{what}seat {seat}, the taker, may put aside ", cards, alone)
    if phase is not Phase.PLAY:
        return f"{what}no card is played now: {_phase_now(phase)}"
    trick = f" in trick {len(state.tricks) + 1}"
    cards = _cards(offered, Play)
    if not cards:
        return f"{what}seat {seat} is to play a card{trick}: one must follow {keyword!r}"
    return _fit(f"{what}seat {seat} may play ", cards, trick + alone)


def _missing_handful(head: str, state: State | Observation) -> str:
    """The message for ``handful`` (or ``poignee``) alone, given a position."""
    from frenchtarot.state import Phase

    what = f"{head}handful of what? "
    seat, phase = state.current, state.phase
    sizes = _either([str(size) for size, _bonus in state.rules.handfuls])
    if seat is None:
        return f"{what}the deal is over ({phase.value}): no action is taken"
    if phase is not Phase.PLAY:
        return f"{what}no handful is shown now: {_phase_now(phase)}"
    offered = _offered(state)
    displays = [str(action) for action in offered or () if isinstance(action, DeclareHandful)]
    if displays:
        before = f"{what}a handful is {sizes} trumps; seat {seat} may show e.g. "
        return _fit(before, " or ".join(displays))
    if offered is None:  # an observation from another seat: its hand is hidden
        return f"{what}a handful is {sizes} trumps, shown before one's first card"
    if state.tricks:
        reason = "the first trick is over"
    elif any(handful.seat == seat for handful in state.handfuls):
        reason = f"seat {seat} has shown one already"
    else:
        reason = f"seat {seat} holds too few trumps (a handful is {sizes})"
    return f"{what}seat {seat} may show no handful: {reason}"


def _expected(before: str, state: State | Observation) -> str:
    """The end of the message for a text that is no action: what the position expects."""
    from frenchtarot.state import Phase

    seat, phase, offered = state.current, state.phase, _offered(state)
    if seat is None:
        return f"{before}the deal is over ({phase.value}): no action is taken"
    if phase is Phase.BIDDING:
        if offered is None:
            return f"{before}seat {seat} is to bid: pass, or a contract higher than the last"
        return f"{before}seat {seat} is to bid: {_either([str(action) for action in offered])}"
    if phase is Phase.SLAM:
        return f"{before}seat {seat}, the taker, is to say slam or pass"
    if phase is Phase.CALL:
        return _listed(f"{before}seat {seat}, the taker, is to call a card", _cards(offered, Call))
    if phase is Phase.DISCARD:
        return _listed(
            f"{before}seat {seat}, the taker, is to put a card aside", _cards(offered, Discard)
        )
    trick = f"seat {seat} is to play a card in trick {len(state.tricks) + 1}"
    handful = ""
    if any(isinstance(action, DeclareHandful) for action in offered or ()):
        handful = "; or 'handful <cards...>'"
    return _listed(before + trick, _cards(offered, Play), handful)


def _listed(before: str, cards: str, after: str = "") -> str:
    """``before``, then ``": "`` and the cards when there are any, then ``after``."""
    if not cards:
        return before + after
    return _fit(before + ": ", cards, after)
