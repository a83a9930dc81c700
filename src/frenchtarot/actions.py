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
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final, TypeAlias

import attrs

from frenchtarot._checks import describe_value, quote
from frenchtarot.cards import DECK, Card
from frenchtarot.errors import NotationError, TarotTypeError

if TYPE_CHECKING:  # the state, the engine and the observation import this module
    from frenchtarot._core.state import State
    from frenchtarot.observation import Observation

__all__ = [
    "Action",
    "AnnounceSlam",
    "Bid",
    "Call",
    "Contract",
    "DeclareHandful",
    "Discard",
    "Pass",
    "Phase",
    "Play",
]


class Phase(enum.Enum):
    """The stages of a deal, in the order they happen."""

    BIDDING = "bidding"
    """Each seat, from the one after the dealer, passes or bids once."""
    CALL = "call"
    """Five players: the taker calls the card whose holder will be the partner."""
    DISCARD = "discard"
    """Petite or Garde: the taker has taken the dog and puts as many cards in the écart."""
    SLAM = "slam"
    """The taker announces a slam or passes."""
    PLAY = "play"
    """The tricks, one per card in a hand (handfuls are declared in this phase)."""
    DONE = "done"
    """Every card has been played; the deal can be scored."""
    ANNULLED = "annulled"
    """The deal was called off (a petit sec, or every seat passed); it scores zero."""

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


class Contract(enum.Enum):
    """The four bids, in increasing order, with their FFT score multipliers.

    A table's house rules may offer fewer of them or multiply by other numbers:
    :attr:`Rules.contracts <frenchtarot.Rules.contracts>` and
    :meth:`Rules.multiplier <frenchtarot.Rules.multiplier>`.
    """

    PETITE = 1
    GARDE = 2
    GARDE_SANS = 4
    GARDE_CONTRE = 6

    @property
    def multiplier(self) -> int:
        """What the contract multiplies the score by under the FFT rules: 1, 2, 4 or 6.

        The multiplier at a given table is :meth:`Rules.multiplier
        <frenchtarot.Rules.multiplier>`.
        """
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

    def __reduce__(self) -> tuple[object, tuple[int]]:
        # The shared instance of its card comes back (and the pickle is a few bytes).
        return (_call_of, (self.card.index,))

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

    def __reduce__(self) -> tuple[object, tuple[int]]:
        # The shared instance of its card comes back (and the pickle is a few bytes).
        return (_discard_of, (self.card.index,))

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

    def __reduce__(self) -> tuple[object, tuple[int]]:
        # The shared instance of its card comes back (and the pickle is a few bytes).
        return (_play_of, (self.card.index,))

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


# How a pickled Play, Discard or Call is read back: the shared instance of its card.
def _play_of(index: int) -> Play:
    return PLAYS[index]


def _discard_of(index: int) -> Discard:
    return DISCARDS[index]


def _call_of(index: int) -> Call:
    return CALLS[index]


def _phase(state: object) -> Phase | None:
    """The phase of a position, or ``None`` for no position; refuse anything else."""
    if state is None:
        return None
    # A State or an Observation. Both are defined above this module, which cannot import
    # them: they are known by what they hold, the phase of a deal (no other value has one).
    phase = getattr(state, "phase", None)
    if isinstance(phase, Phase):
        return phase
    raise TarotTypeError(
        f"the position must be a State or an Observation, not {describe_value(state)}"
    )


def _card_alone(card: Card, phase: Phase | None) -> Action:
    """What a card alone stands for in ``phase``: a call, a discard, or else a play.

    The reading (``frenchtarot._notation``) asks this; :func:`_notation` below writes the inverse.
    """
    if phase is not None:
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
    if isinstance(action, Play):
        if phase is Phase.DISCARD or phase is Phase.CALL:
            return f"play {action.card}"
        return str(action.card)
    wanted = Phase.DISCARD if isinstance(action, Discard) else Phase.CALL
    return str(action.card) if phase is wanted else str(action)
