"""The immutable state of one deal, :class:`State`, and its constructors.

A :class:`State` is never changed. :func:`frenchtarot.apply` returns a new state and leaves
its argument as it was, so states can be kept, compared, hashed, pickled and shared freely.
Make states with :func:`frenchtarot.new_deal` or :func:`frenchtarot.deal_from`, not with the
class itself (the public home of the class is :mod:`frenchtarot.state`).

The rest of the rules core works on a state through the few operations defined here, the
masks view (:func:`masks_of`) and the constructor (:func:`next_state`), and in two modules
beside this one: the play of a card, the hot path (:mod:`~frenchtarot._core.play`), and the
other transitions' copy with changes (:mod:`~frenchtarot._core.evolve`). No other module
reads a state's private slots. The fields that playing a card never changes are kept in a
shared :class:`~frenchtarot._core.record.DealRecord`, made by its own constructor.
"""

from __future__ import annotations

import types
from typing import Any, Final, SupportsIndex, final

from attrs.exceptions import FrozenInstanceError

from frenchtarot._core import flow as _flow
from frenchtarot._core import masks as _masks
from frenchtarot._core import tricks as _tricks
from frenchtarot._core.record import DealRecord
from frenchtarot._deal_values import Annulment, Handful, Trick
from frenchtarot.actions import Action, Contract, Phase
from frenchtarot.cards import DECK, Card
from frenchtarot.errors import TarotTypeError
from frenchtarot.rules import Rules

_new = object.__new__
_CARD_OF: Final = DECK.__getitem__
_set = object.__setattr__

__all__ = [
    "COMPILED",
    "MaskView",
    "State",
    "check_state",
    "masks_of",
    "next_state",
    "record_of",
    "seat_view",
]


def _probe() -> None:
    """A function of this module: compiled, it is no longer a Python function."""


COMPILED: Final[bool] = not isinstance(_probe, types.FunctionType)
"""Whether this module runs compiled by mypyc (the compiled build) or as Python."""


_FIELDS: Final = ("phase", "current", "_hands", "tricks", "_trick", "_leader", "_chain", "_deal")

_Chain = tuple[object, ...]
"""The history as a chain shared by states: ``(earlier chain, action)`` for each action
after a start ``(actions,)`` that holds a tuple. Each action adds one pair instead of
copying the history; :attr:`State.history` joins the chain up when it is first read."""


def _joined(chain: _Chain) -> tuple[Action, ...]:
    """The actions of ``chain``, in order."""
    tail: list[Action] = []
    while len(chain) == 2:
        tail.append(chain[1])  # type: ignore[arg-type]
        chain = chain[0]  # type: ignore[assignment]
    start: tuple[Action, ...] = chain[0]  # type: ignore[assignment]
    if not tail:
        return start
    tail.reverse()
    return start + tuple(tail)


class _StateSlots:
    """The storage of a :class:`State`: one slot per field, and the cached hash."""

    __slots__ = (*_FIELDS, "is_terminal", "_hash", "_history")

    phase: Phase
    current: int | None
    _hands: tuple[int, ...]
    tricks: tuple[Trick, ...]
    _trick: tuple[int, ...]
    _leader: int
    _chain: _Chain
    _deal: DealRecord
    is_terminal: bool
    _hash: int
    _history: tuple[Action, ...]

    def _keep_hash(self, digest: int) -> None:
        """Cache the hash (compiled: a method of this class sets the slot directly)."""
        self._hash = digest

    def _keep_history(self, history: tuple[Action, ...]) -> None:
        """Cache the joined history, as :meth:`_keep_hash` does the hash."""
        self._history = history


class _Draft(_StateSlots):
    """A writable twin of :class:`State` with the same layout (the pure build only).

    :func:`next_state` fills one in, then turns it into a State by assigning its class,
    which is cheaper than setting frozen attributes one by one: on CPython 3.11, 0.21 us a
    state against 1.36 us through :meth:`State.__init__` (``object.__setattr__`` for each
    slot), when a whole action of the public API takes about 5 us. Compiled, State is a
    native class whose constructor sets its slots directly, and the twin is not used.
    """

    __slots__ = ()


def _unpickle(*fields: object) -> State:
    """A state from :meth:`State._fields`, for pickle (which passes arguments by position)."""
    named: dict[str, Any] = dict(zip(_ALL_FIELDS, fields, strict=True))
    chain = (named.pop("history"),)
    own = {name: named.pop(name) for name in _OWN_FIELDS}
    return next_state(DealRecord(**named), chain=chain, **own)


_OWN_FIELDS: Final = ("phase", "current", "hands", "tricks", "trick", "leader")
"""A state's own fields, not its record's, in :func:`next_state`'s order (the history aside)."""

_ALL_FIELDS: Final = (
    "rules",
    "dealer",
    "phase",
    "current",
    "hands",
    "dog",
    "discard",
    "taker",
    "contract",
    "called",
    "partner",
    "slam",
    "handfuls",
    "tricks",
    "trick",
    "leader",
    "history",
    "annulment",
)
"""The fields of a state in :meth:`State._fields`'s order: its record's and its own."""


def next_state(
    deal: DealRecord,
    phase: Phase,
    current: int | None,
    hands: tuple[int, ...],
    tricks: tuple[Trick, ...],
    trick: tuple[int, ...],
    leader: int,
    chain: _Chain,
) -> State:
    """A :class:`State` from a shared record and the other fields; nothing is checked.

    The fast path of the transitions: a card played keeps the record as it is and adds
    ``(state._chain, action)`` to the history's chain.
    """
    if COMPILED:  # a native class: its constructor sets the fields directly
        return State(deal, phase, current, hands, tricks, trick, leader, chain)
    state = _new(_Draft)
    state.phase = phase
    state.current = current
    state._hands = hands
    state.tricks = tricks
    state._trick = trick
    state._leader = leader
    state._chain = chain
    state._deal = deal
    state.is_terminal = current is None
    state.__class__ = State  # type: ignore[assignment]
    return state  # type: ignore[return-value]


@final
class State(_StateSlots):
    """One moment of one deal. Immutable; make new ones with :func:`frenchtarot.apply`.

    Get states from :func:`frenchtarot.new_deal`, :func:`frenchtarot.deal_from` and
    :func:`frenchtarot.apply` only. The class is public for type annotations and
    ``isinstance``; its constructor is internal, checks nothing, and its signature may
    change. A state is immutable (setting or deleting an attribute raises
    :class:`attrs.exceptions.FrozenInstanceError`, an :class:`AttributeError`), compared by
    value, hashable (the hash is computed once), picklable, and copies are itself.

    A state knows everything about the deal, hidden cards and the secret partner included;
    give players :func:`frenchtarot.observe` of their seat instead.

    Attributes:
        phase: The stage the deal is in.
        current: The seat to act, or ``None`` when the deal is over.
        is_terminal: Whether the deal is over (played out or annulled): ``current is None``.
        tricks: The completed tricks, in order.
    """

    __slots__ = ()

    def __init__(
        self,
        deal: DealRecord,
        phase: Phase,
        current: int | None,
        hands: tuple[int, ...],
        tricks: tuple[Trick, ...],
        trick: tuple[int, ...],
        leader: int,
        chain: _Chain,
    ) -> None:
        # Called by next_state in the compiled build only, where a native class's constructor
        # sets its attributes without __setattr__ (the pure build fills in a _Draft instead;
        # there, these assignments would meet __setattr__ and raise FrozenInstanceError).
        self.phase = phase
        self.current = current
        self._hands = hands
        self.tricks = tricks
        self._trick = trick
        self._leader = leader
        self._chain = chain
        self._deal = deal
        self.is_terminal = current is None

    def _fields(self) -> tuple[object, ...]:
        """Every field, in the order of :data:`_ALL_FIELDS`."""
        deal = self._deal
        return (
            deal.rules,
            deal.dealer,
            self.phase,
            self.current,
            self._hands,
            deal.dog,
            deal.discard,
            deal.taker,
            deal.contract,
            deal.called,
            deal.partner,
            deal.slam,
            deal.handfuls,
            self.tricks,
            self._trick,
            self._leader,
            self.history,
            deal.annulment,
        )

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the deal, in order."""
        try:
            return self._history
        except AttributeError:
            history = _joined(self._chain)
            if COMPILED:
                self._keep_history(history)
            else:  # State.__setattr__ refuses: set the slot underneath
                _set(self, "_history", history)
            return history

    @property
    def rules(self) -> Rules:
        """The table size in force (:data:`frenchtarot.FOUR_PLAYER` by default)."""
        return self._deal.rules

    @property
    def dealer(self) -> int:
        """The seat that dealt."""
        return self._deal.dealer

    @property
    def taker(self) -> int | None:
        """The taker once bidding is over; during the bidding, the highest bidder so far.

        ``None`` while nobody has bid.
        """
        return self._deal.taker

    @property
    def contract(self) -> Contract | None:
        """The taker's contract (during the bidding, the highest bid so far)."""
        return self._deal.contract

    @property
    def called(self) -> Card | None:
        """Five players: the card the taker called, once called; else ``None``."""
        return self._deal.called

    @property
    def partner(self) -> int | None:
        """Five players: the seat dealt the called card, the taker's partner.

        ``None`` before the call, when the taker plays alone (the card is in the dog or the
        taker's hand) and at the other table sizes. It is secret until the called card is
        played: :func:`frenchtarot.observe` shows it to no other seat.
        """
        return self._deal.partner

    @property
    def slam(self) -> bool:
        """Whether the taker announced a slam."""
        return self._deal.slam

    @property
    def handfuls(self) -> tuple[Handful, ...]:
        """The handfuls shown so far, in order."""
        return self._deal.handfuls

    @property
    def annulment(self) -> Annulment | None:
        """Why the deal was annulled, or ``None``."""
        return self._deal.annulment

    @property
    def _dog(self) -> int:
        return self._deal.dog

    @property
    def _discard(self) -> int:
        return self._deal.discard

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not State:
            return NotImplemented
        return self._fields() == other._fields()

    def __ne__(self, other: object) -> bool:
        # Written out rather than through __eq__: compiled, a direct call of __eq__ must
        # return a bool, and NotImplemented (for another type) would raise TypeError.
        if self is other:
            return False
        if other.__class__ is not State:
            return NotImplemented
        return self._fields() != other._fields()

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            digest = hash(self._fields())
            if COMPILED:
                self._keep_hash(digest)
            else:  # State.__setattr__ refuses: set the slot underneath
                _set(self, "_hash", digest)
            return digest

    def __init_subclass__(cls, **kwargs: object) -> None:
        raise TypeError("State cannot be subclassed")

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (_unpickle, self._fields())

    def __copy__(self) -> State:
        return self

    def __deepcopy__(self, memo: object) -> State:
        return self

    @property
    def attackers(self) -> tuple[int, ...]:
        """The taker's camp, in seat order: the taker and the partner, if any.

        Empty while nobody has bid. During the bidding it holds the highest bidder so far;
        in the five-player game the partner joins once the card is called.
        """
        if self.taker is None:
            return ()
        if self.partner is None:
            return (self.taker,)
        return tuple(sorted((self.taker, self.partner)))

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards (seat 0 first), sorted in canonical order.

        Under Petite and Garde the taker's hand includes the dog once the bidding is over and
        loses the écart cards as they are put aside.
        """
        return tuple(_masks.cards(hand) for hand in self._hands)

    def hand(self, seat: SupportsIndex) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in canonical order.

        Args:
            seat: The seat, from 0 to ``rules.seats - 1`` (any integer type, not ``bool``).

        Returns:
            The cards, sorted as in :data:`~frenchtarot.DECK`.

        Raises:
            InvalidSeatError: ``seat`` is not a seat of this table.
            TarotTypeError: ``seat`` is not an integer.
        """
        return _masks.cards(self._hands[self.rules.check_seat(seat)])

    @property
    def dog(self) -> tuple[Card, ...]:
        """The cards dealt to the dog, in canonical order (always, whoever may see them)."""
        return _masks.cards(self._dog)

    @property
    def discard(self) -> tuple[Card, ...]:
        """The écart put aside by the taker so far (empty unless Petite or Garde)."""
        return _masks.cards(self._discard)

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """The cards played to the trick in progress, from its leader on."""
        return tuple(map(_CARD_OF, self._trick))

    @property
    def leader(self) -> int | None:
        """The seat that leads (or led) the trick in progress, ``None`` outside the play."""
        return self._leader if self.phase is Phase.PLAY else None

    @property
    def bids(self) -> tuple[tuple[int, Contract | None], ...]:
        """Each seat's word in the bidding, in order: ``(seat, contract or None for a pass)``."""
        return _flow.bids_in(self.rules, self.dealer, self.history)

    @property
    def dealt(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards as dealt (seat 0 first), in canonical order.

        The hands before the taker took the dog, put cards aside or anyone played: with
        :attr:`dog`, :attr:`dealer` and :attr:`rules`, what
        :func:`frenchtarot.deal_from` needs to deal this deal again, and :attr:`history`
        replays it.

        >>> import frenchtarot as ft
        >>> start = ft.new_deal(seed=3)
        >>> state = ft.apply(start, ft.legal_actions(start)[1])
        >>> state.dealt == start.hands
        True
        """
        plays = [(trick.leader, trick.cards) for trick in self.tricks]
        plays.append((self._leader, self.current_trick))
        played = _tricks.played_by_seat(self.rules.seats, plays)
        held = [hand | cards for hand, cards in zip(self._hands, played, strict=True)]
        taker = self.taker
        if taker is not None and self._dog_taken():
            held[taker] = (held[taker] | self._discard) & ~self._dog
        return tuple(_masks.cards(mask) for mask in held)

    def _dog_taken(self) -> bool:
        """Whether the dog went into the taker's hand (Petite or Garde, after the call)."""
        contract = self.contract
        return (
            contract is not None
            and contract.dog_is_shown
            and self.phase in (Phase.DISCARD, Phase.SLAM, Phase.PLAY, Phase.DONE)
        )

    @property
    def moves(self) -> tuple[tuple[int, Action], ...]:
        """:attr:`history` with the seat that took each action: ``(seat, action)`` pairs.

        >>> import frenchtarot as ft
        >>> state = ft.apply(ft.new_deal(seed=1), ft.Pass())
        >>> state.moves
        ((1, Pass()),)
        """
        history = self.history
        deal = self._deal
        winners = [trick.winner for trick in self.tricks]
        seats = _flow.seats_of(deal.rules, deal.dealer, deal.taker, deal.slam, history, winners)
        return tuple(zip(seats, history, strict=True))

    @property
    def next_dealer(self) -> int:
        """The seat that deals next: the one after this dealer, also after an annulment."""
        return self.rules.next_seat(self.dealer)

    def _repr_svg_(self) -> str:
        """The whole deal as a picture, for Jupyter (see :func:`frenchtarot.svg.state`)."""
        from frenchtarot import svg  # svg imports this module

        return svg.state(self)

    def __repr__(self) -> str:
        parts = [f"{self.rules.name}, {self.phase.name.lower()}, dealer {self.dealer}"]
        if self.contract is not None:
            role = "highest bid" if self.phase is Phase.BIDDING else "taker"
            parts.append(f"{role} {self.taker} ({self.contract.name.lower()})")
        if self.called is not None:
            partner = "alone" if self.partner is None else f"partner {self.partner}"
            parts.append(f"called {self.called}, {partner}")
        if self.slam:
            parts.append("slam announced")
        if self.phase is Phase.PLAY:
            parts.append(f"trick {len(self.tricks) + 1}")
        if self.current is not None:
            parts.append(f"seat {self.current} to act")
        if self.annulment is not None:
            parts.append(self.annulment.reason.name.lower())
        return "<State " + ", ".join(parts) + ">"


# ---------------------------------------------------------------------------------------------
# The views of a state that the rest of the library reads, and the check of the entry points.


MaskView = tuple[tuple[int, ...], tuple[int, ...], int, int, int]
"""A state's cards as the rules core holds them: ``(hands, trick, leader, dog, discard)``.

Each seat's hand as a mask; the indices of the cards of the trick in progress, from its
leader on; that trick's leader (before the play, the dealer's next); the dog as dealt; the
écart put aside so far. A plain tuple, unpacked where it is read: cheaper to make than a
named one."""


def record_of(state: State) -> DealRecord:
    """The shared record of ``state``, whose fields are read as plain attributes.

    Its rules, dealer, dog, écart, taker, contract, call, partner, slam, handfuls and
    annulment (read them, never set them).

    The same fields as the state's properties, without a property call each: for code that
    reads many of them at once, as the observation does.
    """
    return state._deal


def seat_view(
    state: State, seat: int
) -> tuple[DealRecord, tuple[Card, ...], tuple[int, ...], tuple[int, ...]]:
    """What the observation of ``seat`` reads of ``state``, in one call into the core.

    The shared record (:func:`record_of`), the cards ``seat`` holds, every seat's number of
    cards and the indices of the trick in progress. Compiled, the cards and the counts are
    made by native code, and the interpreted observation calls the core once.
    """
    hands = state._hands
    return (
        state._deal,
        _masks.cards(hands[seat]),
        tuple([hand.bit_count() for hand in hands]),
        state._trick,
    )


def masks_of(state: State) -> MaskView:
    """The cards of ``state`` as masks (for the transitions and the playout)."""
    deal = state._deal
    return (state._hands, state._trick, state._leader, deal.dog, deal.discard)


def check_state(state: object) -> None:
    """Refuse anything but a :class:`State`.

    Raises:
        TarotTypeError: ``state`` is not a State.
    """
    if not isinstance(state, State):
        raise TarotTypeError(f"expected a State, not {type(state).__name__}")
