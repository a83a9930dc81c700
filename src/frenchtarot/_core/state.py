"""The immutable state of one deal: :class:`State`, :class:`Phase`, :class:`Trick`.

A :class:`State` is never changed. :func:`frenchtarot.apply` returns a new state and leaves
its argument as it was, so states can be kept, compared, hashed, pickled and shared freely.
Make states with :func:`frenchtarot.new_deal` or :func:`frenchtarot.deal_from`, not with the
class itself.
"""

from __future__ import annotations

import types
from collections.abc import Sequence
from typing import Final, SupportsIndex, final

from attrs.exceptions import FrozenInstanceError

from frenchtarot._core import flow as _flow
from frenchtarot._core import masks as _masks
from frenchtarot._core import tricks as _tricks
from frenchtarot._deal_values import Annulment, Handful, Trick
from frenchtarot.actions import Action, Bid, Contract, DeclareHandful, Phase, Play
from frenchtarot.cards import DECK, Card
from frenchtarot.errors import TarotTypeError
from frenchtarot.rules import Rules

_new = object.__new__
_set = object.__setattr__

__all__ = ["COMPILED", "State", "check_state", "make_state", "next_state"]


def _probe() -> None:
    """A function of this module: compiled, it is no longer a Python function."""


COMPILED: Final[bool] = not isinstance(_probe, types.FunctionType)
"""Whether this module runs compiled by mypyc (the compiled build) or as Python."""


@final
class _Deal:
    """The fields of a state that playing a card never changes: one record shared by states.

    The card play makes most of a deal's states, and each new state copies its fields:
    keeping these in one shared record leaves it fewer to copy. The bidding, the call, the
    écart, the slam decision, a handful and an annulment make a new record. Never changed
    once made.
    """

    __slots__ = (
        "annulment",
        "called",
        "contract",
        "dealer",
        "discard",
        "dog",
        "handfuls",
        "partner",
        "rules",
        "slam",
        "taker",
    )

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        dog: int,
        discard: int,
        taker: int | None,
        contract: Contract | None,
        called: Card | None,
        partner: int | None,
        slam: bool,
        handfuls: tuple[Handful, ...],
        annulment: Annulment | None,
    ) -> None:
        self.rules = rules
        self.dealer = dealer
        self.dog = dog
        self.discard = discard
        self.taker = taker
        self.contract = contract
        self.called = called
        self.partner = partner
        self.slam = slam
        self.handfuls = handfuls
        self.annulment = annulment


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
    _deal: _Deal
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
    """A writable twin of :class:`State` with the same layout.

    :func:`next_state` fills one in, then turns it into a State by assigning its class,
    which is cheaper than setting frozen attributes one by one.
    """

    __slots__ = ()


def make_state(
    rules: Rules,
    dealer: int,
    phase: Phase,
    current: int | None,
    hands: tuple[int, ...],
    dog: int,
    discard: int,
    taker: int | None,
    contract: Contract | None,
    called: Card | None,
    partner: int | None,
    slam: bool,
    handfuls: tuple[Handful, ...],
    tricks: tuple[Trick, ...],
    trick: tuple[int, ...],
    leader: int,
    history: tuple[Action, ...],
    annulment: Annulment | None,
) -> State:
    """A :class:`State` from all its fields, in this order; nothing is checked."""
    deal = _Deal(
        rules, dealer, dog, discard, taker, contract, called, partner, slam, handfuls, annulment
    )
    return next_state(deal, phase, current, hands, tricks, trick, leader, (history,))


def next_state(
    deal: _Deal,
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
        deal: _Deal,
        phase: Phase,
        current: int | None,
        hands: tuple[int, ...],
        tricks: tuple[Trick, ...],
        trick: tuple[int, ...],
        leader: int,
        chain: _Chain,
    ) -> None:
        if not COMPILED:  # the attributes are frozen: set them underneath
            values = (phase, current, hands, tricks, trick, leader, chain, deal)
            for name, value in zip(_FIELDS, values, strict=True):
                _set(self, name, value)
            _set(self, "is_terminal", current is None)
            return
        # Compiled, a native class's constructor sets its attributes without __setattr__.
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
        """Every field, in :func:`make_state`'s order."""
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
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

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
        return (make_state, self._fields())

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
        return tuple(DECK[index] for index in self._trick)

    @property
    def leader(self) -> int | None:
        """The seat that leads (or led) the trick in progress, ``None`` outside the play."""
        return self._leader if self.phase is Phase.PLAY else None

    @property
    def bids(self) -> tuple[tuple[int, Contract | None], ...]:
        """Each seat's word in the bidding, in order: ``(seat, contract or None for a pass)``."""
        return bids_in(self.rules, self.dealer, self.history)

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
        seats = self.rules.seats
        taker = self.taker
        moves: list[tuple[int, Action]] = []
        seat = -1  # the seat to play, once the play has begun
        played = 0  # cards played to the trick in progress
        done = 0  # tricks completed
        for number, action in enumerate(self.history):
            if number < seats:  # the bidding: each seat once, from the dealer's next
                moves.append(((self.dealer + 1 + number) % seats, action))
                continue
            assert taker is not None  # somebody bid, or the history would end here
            if seat < 0 and isinstance(action, (Play, DeclareHandful)):
                seat = _flow.first_leader(self.rules, self.dealer, taker, self.slam)
            if isinstance(action, Play):
                moves.append((seat, action))
                played += 1
                if played < seats:
                    seat = (seat + 1) % seats
                else:
                    seat, played = self.tricks[done].winner, 0
                    done += 1
            elif isinstance(action, DeclareHandful):
                moves.append((seat, action))
            else:  # the call, the écart and the slam decision are the taker's
                moves.append((taker, action))
        return tuple(moves)

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


def check_state(state: object) -> None:
    """Refuse anything but a :class:`State`.

    Raises:
        TarotTypeError: ``state`` is not a State.
    """
    if not isinstance(state, State):
        raise TarotTypeError(f"expected a State, not {type(state).__name__}")


def bids_in(
    rules: Rules, dealer: int, history: Sequence[object]
) -> tuple[tuple[int, Contract | None], ...]:
    """The bidding words at the start of ``history``: ``(seat, contract or None)``."""
    seats = rules.seats
    return tuple(
        ((dealer + 1 + i) % seats, action.contract if isinstance(action, Bid) else None)
        for i, action in enumerate(history[:seats])
    )
