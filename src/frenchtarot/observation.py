"""What one seat may know: :func:`observe`, :class:`Observation` and information-state keys.

A :class:`~frenchtarot.State` holds the whole deal, every hand and the dog included. A
player at the table sees much less: their own cards, what is spoken and played in front of
them, and the few cards the rules turn face up (a Petite or Garde dog, the trumps put in
the écart, the handfuls, the hand of a petit sec). :func:`observe` cuts a state down to
exactly that, for one seat, so that bots, user interfaces and search algorithms can be
given what a player is allowed to see and nothing more.

The faces of hidden cards never appear in an observation: the other players' hands, a
dog that stays face down (Garde sans, Garde contre; nobody sees it, the taker included,
not even once the deal is over) and, for everyone but the taker, the écart cards that are
not trumps. Once the deal is over, the :class:`~frenchtarot.Score` is public, as at the
table; it counts the points of the dog or the écart, but those are then the only cards
not played, so it tells nothing more.

With five players, the seat holding the called card is the taker's partner, and nobody else
learns who that is (the taker neither) until the called card is played: an observation
names the partner only to the partner itself until then, and nothing else in it (the key,
the text form, the actions offered, the Excuse exchanges) gives it away.

Someone watching the table (a spectator) is shown less still:
:func:`~frenchtarot.observation.public_view` makes, from any seat's observation, what
everyone at the table knows, with nothing private to that seat (its hand, its own écart,
the actions it is offered, a partner it alone knows).

Each observation also carries a :attr:`Observation.key`, a summary of everything the seat
has seen since the deal, in order (perfect recall). Two states give the same key for a seat
exactly when that seat cannot tell them apart, which makes the key suitable for grouping
states into information sets (for example in counterfactual regret minimisation).
"""

from __future__ import annotations

from typing import Final

import attrs

from frenchtarot import _engine, scoring
from frenchtarot._core import flow as _flow
from frenchtarot._core import masks as _masks
from frenchtarot._core import tricks as _tricks
from frenchtarot._core.calling import camp_mask
from frenchtarot._core.flow import bids_in
from frenchtarot._core.record import DealRecord
from frenchtarot._core.state import State, masks_of, record_of, seat_view
from frenchtarot._core.tally import excuse_exchange
from frenchtarot._deal_values import Annulment, AnnulReason, Handful, Trick
from frenchtarot._observation_text import key_of, text_of
from frenchtarot.actions import Action, Contract, Discard, Phase
from frenchtarot.cards import EXCUSE_INDEX, Card, Suit
from frenchtarot.errors import TarotTypeError
from frenchtarot.rules import Rules
from frenchtarot.scoring import Score

__all__ = ["ExcuseExchange", "Observation", "information_state_key", "observe", "public_view"]

_SUITS: Final = tuple(Suit)


@attrs.frozen
class ExcuseExchange:
    """A half-point card owed for the Excuse.

    When the Excuse is played to any trick but the last and the trick is won by the other
    camp, the Excuse goes back to the camp of the player who played it; that player gives
    the trick's winner a card worth half a point in exchange (at once, or as soon as their
    camp has won a trick). Everybody sees this happen, so it is part of every observation.

    Attributes:
        trick: The number of the trick in :attr:`Observation.tricks` (0 for the first).
        giver: The seat that played the Excuse, keeps it and owes a half-point card.
        receiver: The seat that won the trick and receives the half-point card.
    """

    trick: int
    giver: int
    receiver: int


@attrs.frozen(cache_hash=True, repr=False)
class Observation:
    """Everything one seat legitimately knows at one moment of a deal.

    Make observations with :func:`observe`, and the public view of a deal (what a spectator
    is shown) with :func:`~frenchtarot.observation.public_view`. An observation is
    immutable, hashable and compared by value. All cards are given in canonical order (the
    order of :data:`~frenchtarot.DECK`) unless said otherwise.

    Attributes:
        rules: The table's rules: its size and its house rules (the contracts offered,
            the scoring knobs).
        seat: The seat observing.
        dealer: The seat that dealt.
        phase: The stage the deal is in.
        current: The seat to act, or ``None`` when the deal is over.
        hand: The cards this seat holds now (for the taker of a Petite or Garde, with the
            dog once taken and without the cards already put aside).
        hand_sizes: How many cards each seat holds, seat 0 first.
        taker: As :attr:`State.taker <frenchtarot.State.taker>`: the taker once the bidding
            is over and, during the bidding, the highest bidder so far (bids are spoken
            aloud, so this is public); ``None`` while nobody has bid.
        contract: The taker's contract; during the bidding, the highest bid so far.
        called: Five players: the card the taker called (the call is public), else ``None``.
        partner: Five players: the taker's partner, when this seat knows who it is: the
            partner knows from the call on; every seat once the called card is played or
            the deal is over. ``None`` otherwise (unknown, or no partner).
        alone: Five players: whether this seat knows that the taker plays alone (the
            called card is in the taker's own hand or in the dog): the taker knows it from
            the call when the card is in their hand; every seat when a dog shown face up
            holds it, once the called card is played, or once the deal is over.
        dog: The dog cards once they are turned face up (Petite or Garde, after the
            bidding), else ``None``. A Garde sans or Garde contre dog is never shown.
        discard: For the taker of a Petite or Garde, the cards put in the écart so far;
            ``None`` for every other seat and for every other contract.
        shown_discard: The trumps the taker put in the écart (shown to everyone, as the
            rules require); empty when there are none.
        slam: Whether the taker announced a slam.
        handfuls: The handfuls shown so far, in order, with their cards.
        tricks: The completed tricks, in order.
        current_trick: The cards played to the trick in progress, from its leader on.
        leader: The seat that leads the trick in progress, ``None`` outside the play.
        history: Every action taken since the deal, in order, as this seat saw it. An écart
            card this seat did not see (any non-trump put aside, for everyone but the taker)
            is ``None``.
        legal_actions: The actions this seat may take now, in the order of
            :func:`frenchtarot.legal_actions`; empty unless it is this seat's turn.
        score: The score once the deal is over (played out or annulled), else ``None``.
        annulment: Why the deal was annulled, or ``None``.
        shown_hand: The hand of the player holding a petit sec, which that player must
            spread face up before the deal is annulled; ``None`` otherwise.
        public: Whether this is a public view
            (:func:`~frenchtarot.observation.public_view`): what everyone at the table
            knows, seen from :attr:`seat`'s place. It then holds no hand (and no
            :attr:`dealt_hand`), no écart of its own and no legal actions, and
            :attr:`is_my_turn` is false.
    """

    rules: Rules
    seat: int
    dealer: int
    phase: Phase
    current: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    taker: int | None
    contract: Contract | None
    called: Card | None
    partner: int | None
    alone: bool
    dog: tuple[Card, ...] | None
    discard: tuple[Card, ...] | None
    shown_discard: tuple[Card, ...]
    slam: bool
    handfuls: tuple[Handful, ...]
    tricks: tuple[Trick, ...]
    current_trick: tuple[Card, ...]
    leader: int | None
    history: tuple[Action | None, ...]
    legal_actions: tuple[Action, ...]
    score: Score | None
    annulment: Annulment | None
    shown_hand: tuple[Card, ...] | None
    public: bool = False

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is the one to act (never, in a public view)."""
        return self.current == self.seat and not self.public

    @property
    def bids(self) -> tuple[tuple[int, Contract | None], ...]:
        """Each seat's word in the bidding, in order: ``(seat, contract or None for a pass)``."""
        return bids_in(self.rules, self.dealer, self.history)

    @property
    def moves(self) -> tuple[tuple[int, Action | None], ...]:
        """:attr:`history` with the seat that took each action: ``(seat, action)`` pairs.

        As :attr:`State.moves <frenchtarot.State.moves>`, from what the seat knows: the
        seats follow from the dealer, the bidding and the winners of the tricks, all
        public. An écart card this seat did not see is ``None``, the taker's.

        >>> import frenchtarot as ft
        >>> state = ft.new_deal(seed=1)
        >>> for word in ("garde", "pass", "pass", "pass"):
        ...     state = ft.apply(state, ft.parse_action(word))
        >>> ft.observe(state, 3).moves == state.moves
        True
        >>> ft.observe(state, 3).moves[:2]
        ((1, Bid(contract=Contract.GARDE)), (2, Pass()))
        """
        winners = [trick.winner for trick in self.tricks]
        history = self.history
        seats = _flow.seats_of(self.rules, self.dealer, self.taker, self.slam, history, winners)
        return tuple(zip(seats, history, strict=True))

    @property
    def excuse_exchanges(self) -> tuple[ExcuseExchange, ...]:
        """The half-point cards owed for the Excuse so far (at most one in a deal).

        There is one when the Excuse was played to a completed trick other than the last
        and the other camp won that trick. Played to the last trick, the Excuse is not
        exchanged: it goes to the camp that wins that trick, or wins it (the slam exception).

        With five players the camps are secret until the partner is known, so the exchange
        is settled (and listed here) only once this seat knows the camps: see
        :attr:`partner` and :attr:`alone`.
        """
        if self.taker is None or self.phase is Phase.BIDDING:
            return ()
        if self.rules.calls_partner and self.partner is None and not self.alone:
            return ()
        camp = camp_mask(self.taker, self.partner)
        exchange = excuse_exchange(self.rules, camp, self.tricks)
        return () if exchange is None else (ExcuseExchange(*exchange),)

    @property
    def dealt_hand(self) -> tuple[Card, ...]:
        """The cards this seat was dealt (before taking any dog), in canonical order.

        Empty in a public view: nobody watching the table was dealt a card.
        """
        if self.public:
            return ()
        plays = [(trick.leader, trick.cards) for trick in self.tricks]
        if self.leader is not None:
            plays.append((self.leader, self.current_trick))
        played = _tricks.played_by_seat(self.rules.seats, plays)[self.seat]
        mask = _masks.mask_of(self.hand) | played
        if self.discard is not None:
            mask |= _masks.mask_of(self.discard)
            if self.dog is not None:
                mask &= ~_masks.mask_of(self.dog)
        return _masks.cards(mask)

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards this seat has not seen, in canonical order.

        Every card but those it was dealt, those played, the dog when it was shown, the
        écart cards it saw (all of them for the taker, the trumps for everyone), the
        handfuls and the spread hand of a petit sec. Each unseen card is in another seat's
        hand, in a dog left face down, or among the écart cards this seat did not see.

        >>> import frenchtarot as ft
        >>> view = ft.observe(ft.new_deal(seed=1), 0)
        >>> len(view.unseen), set(view.unseen) & set(view.hand)
        (60, set())
        """
        seen = _masks.mask_of(self.dealt_hand) | _masks.mask_of(self.hand)
        for trick in self.tricks:
            seen |= _masks.mask_of(trick.cards)
        seen |= _masks.mask_of(self.current_trick)
        for cards in (self.dog, self.discard, self.shown_hand):
            if cards is not None:
                seen |= _masks.mask_of(cards)
        seen |= _masks.mask_of(self.shown_discard)
        for handful in self.handfuls:
            seen |= _masks.mask_of(handful.cards)
        return _masks.cards(_masks.FULL & ~seen)

    @property
    def voids(self) -> tuple[frozenset[Suit], ...]:
        """The plain suits each seat has shown it no longer holds, seat 0 first.

        A seat that plays another card (the Excuse aside) to a trick led in a suit has none
        of that suit left. Whether a seat holds trumps is in :attr:`trump_limits`.

        >>> import frenchtarot as ft
        >>> ft.observe(ft.new_deal(seed=1), 0).voids
        (frozenset(), frozenset(), frozenset(), frozenset())
        """
        suits, _limits = self._proven()
        return tuple(frozenset(_SUITS[s] for s in range(4) if bits >> s & 1) for bits in suits)

    @property
    def trump_limits(self) -> tuple[int | None, ...]:
        """The highest trump each seat may still hold, as shown by its play, seat 0 first.

        ``None`` when nothing is proven; ``0`` when the seat has no trump left (it did not
        trump a suit it could not follow, or played no trump to a trump lead); ``n`` when
        it played a trump lower than the trump ``n`` already in the trick, so that it holds
        no trump above ``n`` (it would have had to overtrump). The Excuse, which may always
        be played, proves nothing.

        >>> import frenchtarot as ft
        >>> ft.observe(ft.new_deal(seed=1), 0).trump_limits
        (None, None, None, None)
        """
        _suits, limits = self._proven()
        return tuple(None if limit == _tricks.NO_LIMIT else limit + 1 for limit in limits)

    def _proven(self) -> tuple[list[int], list[int]]:
        """What the play proves, per seat: voids and the highest trump it may hold."""
        trick = tuple(card.index for card in self.current_trick)
        return _tricks.proven(self.rules.seats, self.tricks, self.leader, trick)

    @property
    def winning_seat(self) -> int | None:
        """The seat whose card wins the trick in progress so far, or ``None``.

        ``None`` outside the play, before the first card of a trick and while the Excuse
        is the only card played (the Excuse wins no trick, but for the last-trick
        exception of a slam, which this does not foresee).

        >>> import frenchtarot as ft
        >>> state = ft.new_deal(seed=1)
        >>> for word in ("garde_sans", "pass", "pass", "pass", "pass"):
        ...     state = ft.apply(state, ft.parse_action(word))
        >>> state = ft.apply(state, ft.legal_actions(state)[0])
        >>> ft.observe(state, 0).winning_seat
        1
        """
        leader = self.leader
        trick = tuple(card.index for card in self.current_trick)
        if leader is None or not trick or trick == (EXCUSE_INDEX,):
            return None
        return _flow.seat_at(self.rules.seats, leader, _tricks.winning_position(trick))

    @property
    def key(self) -> tuple[int | str, ...]:
        """A summary of everything this seat has seen since the deal, in order.

        Two states give equal keys for a seat exactly when the seat cannot tell them apart,
        remembering everything it saw (perfect recall). The key is built from ints and
        strings only, so it is equal across processes and can be stored or sent.

        Treat the key as opaque. Loosely, it is ``(seat, dealer, "hand <cards>", ...)``
        followed by one string per event in the order they happened: the actions in their
        notation (see :mod:`frenchtarot.actions`), with an écart card this seat did not see
        as ``"discard ?"``; the dog when it is turned up, as ``"dog <cards>"``; and the
        spread hand of a petit sec, as ``"petit_sec <seat> <cards>"``. A public view's key
        has ``"public"`` in place of the hand: it was dealt none.
        """
        return key_of(self)

    def __repr__(self) -> str:
        parts = [self.phase.name.lower(), f"dealer {self.dealer}", f"{len(self.hand)} cards"]
        if self.public:
            parts[2] = "public"
        if self.phase is Phase.PLAY:
            parts.append(f"trick {len(self.tricks) + 1}")
        if self.current is not None:
            parts.append(f"seat {self.current} to act")
        return f"<Observation of seat {self.seat}: {', '.join(parts)}>"

    def _repr_svg_(self) -> str:
        """This seat's view as a picture, for Jupyter (see :func:`frenchtarot.svg.observation`)."""
        from frenchtarot import svg  # svg imports this module

        return svg.observation(self)

    def __str__(self) -> str:
        return text_of(self)


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` knows of ``state``: its own cards and everything public.

    Args:
        state: Any state of a deal.
        seat: The observing seat, ``0`` to ``seats - 1``.

    Returns:
        The seat's :class:`Observation`.

    Raises:
        InvalidSeatError: ``seat`` is an int outside ``0 .. seats - 1``.
        TarotTypeError: ``seat`` is not an int (``bool`` included), or ``state`` is not a
            :class:`~frenchtarot.State`.

    >>> import frenchtarot as ft
    >>> from frenchtarot.observation import observe
    >>> state = ft.new_deal(seed=1)
    >>> for action in ("garde", "pass", "pass", "pass"):
    ...     state = ft.apply(state, ft.parse_action(action))
    >>> taker, defender = observe(state, 1), observe(state, 2)
    >>> taker.dog == defender.dog == state.dog, taker.is_my_turn, defender.legal_actions
    (True, True, ())
    >>> defender.hand == state.hand(2), defender.hand_sizes
    (True, (18, 24, 18, 18))
    """
    if not isinstance(state, State):
        raise TarotTypeError(f"expected a State, not {type(state).__name__}")
    rules = state.rules
    seat = rules.check_seat(seat)
    record, hand, sizes, trick = seat_view(state, seat)
    phase = state.phase
    taker = record.taker
    contract = record.contract
    current = state.current
    history: tuple[Action | None, ...] = state.history
    dog: tuple[Card, ...] | None = None
    discard: tuple[Card, ...] | None = None
    shown_discard: tuple[Card, ...] = ()
    if _flow.dog_is_public(phase, contract):
        dog = _masks.cards(record.dog)
        ecart = record.discard
        shown_discard = _masks.cards(ecart & _masks.TRUMPS)
        if seat == taker:
            discard = _masks.cards(ecart)
        elif ecart & ~_masks.TRUMPS:
            history = _mask_discards(state.history, _flow.actions_before_dog(rules))
    score: Score | None = None
    shown_hand: tuple[Card, ...] | None = None
    annulment = record.annulment
    if current is None:
        score = scoring.score(state)
        if annulment is not None and annulment.reason is AnnulReason.PETIT_SEC:
            shown_hand = _masks.cards(masks_of(state)[0][annulment.seat])  # type: ignore[index]
    partner, alone = _known_camp(state, record, seat, dog is not None, trick)
    return Observation(
        rules,
        seat,
        record.dealer,
        phase,
        current,
        hand,
        sizes,
        taker,
        contract,
        record.called,
        partner,
        alone,
        dog,
        discard,
        shown_discard,
        record.slam,
        record.handfuls,
        state.tricks,
        state.current_trick if phase is Phase.PLAY else (),
        state.leader,
        history,
        _engine.legal_actions(state) if current == seat else (),
        score,
        annulment,
        shown_hand,
    )


def public_view(observation: Observation) -> Observation:
    """What everyone at the table knows, made from any seat's observation: a spectator's view.

    The hand is emptied, the seat's own écart and the actions it is offered are dropped,
    the non-trump écart cards are hidden in the history (as a defender sees them), and, at
    five, the partner and whether the taker plays alone are kept only once public (the
    called card played, a dog shown holding it, or the deal over). The result has
    :attr:`~Observation.public` set and is still of the same seat, the place it is seen
    from (:func:`frenchtarot.svg.observation` draws it so, for a spectator). The public
    views of every seat of a deal differ in that seat only, and the public view of a public
    view is itself. Built from the observation alone, it cannot hold what the seat may not
    see.

    Args:
        observation: Any seat's observation, or a public view.

    Returns:
        The public view.

    Raises:
        TarotTypeError: ``observation`` is not an :class:`Observation`.

    >>> import attrs
    >>> import frenchtarot as ft
    >>> from frenchtarot.observation import public_view
    >>> state = ft.new_deal(seed=1)
    >>> views = [public_view(ft.observe(state, seat)) for seat in range(4)]
    >>> views[1].hand, views[1].legal_actions, views[1].hand_sizes, views[1].is_my_turn
    ((), (), (18, 18, 18, 18), False)
    >>> views[1].public, all(attrs.evolve(view, seat=0) == views[0] for view in views)
    (True, True)
    """
    if not isinstance(observation, Observation):
        raise TarotTypeError(f"expected an Observation, not {type(observation).__name__}")
    called = observation.called
    partner: int | None = None
    alone = False
    if called is not None:
        revealed = (
            any(called in trick.cards for trick in observation.tricks)
            or called in observation.current_trick
            or observation.phase in (Phase.DONE, Phase.ANNULLED)
        )
        if revealed:
            partner, alone = observation.partner, observation.alone
        elif observation.dog is not None and called in observation.dog:
            alone = observation.alone
    history = tuple(
        None if isinstance(action, Discard) and not action.card.is_trump else action
        for action in observation.history
    )
    return attrs.evolve(
        observation,
        hand=(),
        discard=None,
        legal_actions=(),
        partner=partner,
        alone=alone,
        history=history,
        public=True,
    )


def play_knowledge(state: State, seat: int) -> tuple[int, int, int | None, bool]:
    """What ``seat`` knows of the cards in the card play of ``state``, as masks.

    The same knowledge as its :func:`observe`, without building the observation, for the
    players that play deals out many times (their simulations): the seat's hand, the cards
    it cannot see (the other hands, and the écart or the dog it was not shown), the partner
    it knows (``None`` while hidden) and whether it knows the taker to be alone. Nothing is
    checked: ``state`` is in the card play and ``seat`` one of its seats.
    """
    hands, trick, _leader, dog, ecart = masks_of(state)
    record = record_of(state)
    hand = hands[seat]
    held = 0
    for cards in hands:
        held |= cards
    shown = _flow.dog_is_public(state.phase, record.contract)
    # Unseen: of the écart, what is not shown (the taker knows all of it, everybody its
    # trumps); without one, the dog, set aside face down.
    mine = seat == record.taker
    unseen = (0 if mine else ecart & ~_masks.TRUMPS) if shown else dog
    partner, alone = _known_camp(state, record, seat, shown, trick)
    return hand, (held & ~hand) | unseen, partner, alone


def _known_camp(
    state: State, record: DealRecord, seat: int, dog_shown: bool, trick: tuple[int, ...]
) -> tuple[int | None, bool]:
    """What ``seat`` knows of the taker's camp: ``(partner or None, known to be alone)``.

    ``record`` and ``trick`` are the state's record and its trick in progress.
    """
    called = record.called
    if called is None:
        return None, False
    bit = 1 << called.index
    revealed = state.phase is Phase.DONE or any(called in trick.cards for trick in state.tricks)
    if not revealed and state.phase is Phase.PLAY:
        revealed = called.index in trick
    partner = record.partner
    if partner is not None:
        return (partner if revealed or seat == partner else None), False
    in_dog = bool(record.dog & bit)
    return None, revealed or (dog_shown and in_dog) or (seat == record.taker and not in_dog)


def _mask_discards(history: tuple[Action, ...], start: int) -> tuple[Action | None, ...]:
    """``history`` with the non-trump écart cards (from position ``start``) hidden."""
    masked: list[Action | None] = list(history)
    for number in range(start, len(history)):
        action = history[number]
        if not isinstance(action, Discard):
            break
        if not action.card.is_trump:
            masked[number] = None
    return tuple(masked)


def information_state_key(state: State, seat: int) -> tuple[int | str, ...]:
    """The :attr:`Observation.key` of ``seat`` in ``state``: all it has seen, in order.

    Equal for two states exactly when ``seat`` cannot tell them apart (perfect recall);
    built from ints and strings only, so equal across processes. Treat it as opaque.

    Args:
        state: Any state.
        seat: The seat whose knowledge is summarised.

    Returns:
        A tuple of ints and strings, usable as a dict key.

    Raises:
        InvalidSeatError: ``seat`` is an int outside ``0 .. seats - 1``.
        TarotTypeError: ``seat`` is not an int, or ``state`` is not a state.

    >>> import frenchtarot as ft
    >>> from frenchtarot.observation import information_state_key
    >>> a = ft.apply(ft.new_deal(seed=1), ft.Pass())
    >>> b = ft.apply(ft.new_deal(seed=2), ft.Pass())
    >>> information_state_key(a, 1)[:2], information_state_key(a, 1) == information_state_key(b, 1)
    ((1, 0), False)
    """
    return observe(state, seat).key
