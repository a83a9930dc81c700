"""The simple player: a person's rules of thumb, from the observation alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from frenchtarot._checks import describe_value
from frenchtarot._core import flow as _flow
from frenchtarot._core import masks as _masks
from frenchtarot._core import tricks as _tricks
from frenchtarot._core.state import State, masks_of, record_of
from frenchtarot._deal_values import Trick
from frenchtarot._engine import legal_actions
from frenchtarot.actions import (
    Action,
    AnnounceSlam,
    Bid,
    Call,
    DeclareHandful,
    Discard,
    Pass,
    Phase,
    Play,
)
from frenchtarot.cards import EXCUSE_INDEX, HALF_POINTS, PETIT_INDEX, Card
from frenchtarot.errors import TarotTypeError
from frenchtarot.observation import Observation, observe, play_knowledge
from frenchtarot.players import _hand
from frenchtarot.players._base import legal
from frenchtarot.rules import Rules

__all__ = ["SimplePlayer"]

_TRUMPS: Final = _masks.TRUMPS
_EXCUSE: Final = _masks.EXCUSE
_PETIT: Final = _masks.PETIT
_SUITS: Final = _masks.SUITS
_SUIT_OF: Final = _masks.SUIT_OF_INDEX
_FULL: Final = _masks.FULL
_TWENTY_ONE_INDEX: Final = 20
_ABOVE: Final = tuple(_FULL & ~((2 << index) - 1) for index in range(78))
"""``_ABOVE[i]``: the cards of higher index than ``i`` (higher in its suit, once masked)."""


_mask: Final = _masks.mask_of


class SimplePlayer:
    """A rule-based player that plays like a careful club player, fast enough for rollouts.

    It sees only its :class:`~frenchtarot.Observation`. Its rules of thumb:

    * **Bidding.** A person's count of the hand (the bouts, the trumps and the high trumps,
      the Kings and the Queens, long suits, voids and singletons), weighed by table size as
      simulation found them to pay, and read as the card points above the target it can
      expect; then a threshold per contract and table size, also tuned by simulation
      (``benchmarks/tune_simple.py``). It bids the highest contract it reaches that is still
      open: one the table offers (:attr:`Rules.contracts <frenchtarot.Rules.contracts>`) and
      above the highest bid so far; when there is none, it passes. So under house rules it
      never bids a contract left out, and never above its hand: under
      :data:`~frenchtarot.rules.LUDICASH`, which has no Petite, a hand worth only a Petite
      passes rather than risk a Garde. The tuned thresholds take only the hands that pay
      against this player's own defence; at four seats the Petite's is lowered so that a
      table of four simple players passes out fewer than one deal in five, as people
      would; ``boldness`` makes it bid more.
    * **The call** (five players): a King it does not hold, in the suit where it holds the
      most cards, so that it can reach its partner.
    * **The écart**: voids first (a short suit without its King put aside whole), then the
      honours its Kings do not guard, then low cards of its shortest suit; a trump only when
      the rules force it. It never puts aside what the rules forbid.
    * **Handfuls and the slam**: it shows the largest handful it holds; it announces a slam
      only with a hand that should lose no trick.
    * **The card play.** It counts the cards: which trumps and which cards of each suit are
      still out, which seats are void, which trumps a seat can no longer hold. It gives
      points to a trick its camp is sure to win (a partner's, at five players once it knows
      the partner; every other defender's at three and four), the Petit first (it is saved
      there); wins a trick with a card sure to hold it (its King rather than its Queen, the
      lowest such trump); leads its master cards, leads the Petit when no other trump is
      left, and as the attack draws trumps with a master trump; as a five-player taker it
      leads the called suit to find its partner; in defence it leads the suit the taker
      cuts. It keeps the Petit out of tricks it would lose, and plays the
      Excuse to save a valuable card or before the last trick, never to the last trick
      unless it has no other card (or its camp announced a slam).

    It is the cheap opponent of the library and the fallback of
    :class:`~frenchtarot.players.MonteCarloPlayer`, and decides in well under a
    millisecond. It keeps no state between decisions, so one instance may sit at every
    seat.

    Args:
        boldness: Points added to the value of every hand it bids on: 0 (the default) bids
            as tuned; a positive number takes more deals (and loses more of them), for a
            livelier table.

    Raises:
        TarotTypeError: ``boldness`` is not an int.

    >>> import frenchtarot as ft
    >>> from frenchtarot.players import SimplePlayer, play_deal
    >>> play_deal(ft.new_deal(seed=4), [SimplePlayer()] * 4).is_terminal
    True
    >>> SimplePlayer(boldness=6)
    SimplePlayer(boldness=6)
    """

    __slots__ = ("boldness",)

    def __init__(self, *, boldness: int = 0) -> None:
        if isinstance(boldness, bool) or not isinstance(boldness, int):
            raise TarotTypeError(f"boldness must be an int, not {describe_value(boldness)}")
        self.boldness = boldness

    def __call__(self, observation: Observation) -> Action:
        """Choose an action for the seat to act.

        Args:
            observation: The view of the seat to act.

        Returns:
            One of ``observation.legal_actions``.

        Raises:
            DealOverError: It is not this seat's turn, or the deal is over.
            TarotTypeError: ``observation`` is not an :class:`~frenchtarot.Observation`.
        """
        actions = legal(observation)
        phase = observation.phase
        if phase is Phase.PLAY:
            if actions[0].__class__ is DeclareHandful or actions[-1].__class__ is DeclareHandful:
                handfuls = [a for a in actions if isinstance(a, DeclareHandful)]
                return max(handfuls, key=lambda a: len(a.cards))
            if len(actions) == 1:
                return actions[0]
            table = _Table.of_view(observation)
            return _play(table, actions, len(observation.hand))  # type: ignore[arg-type]
        hand = _mask(observation.hand)
        seats = observation.rules.seats
        if phase is Phase.BIDDING:
            open_contracts = tuple(a.contract for a in actions if isinstance(a, Bid))
            contract = _hand.bid_for(hand, seats, open_contracts, self.boldness)
            return Pass() if contract is None else Bid(contract)
        if phase is Phase.DISCARD:
            discards = {a.card.index: a for a in actions if isinstance(a, Discard)}
            remaining = observation.rules.dog_size - len(observation.discard or ())
            allowed = 0
            for index in discards:
                allowed |= 1 << index
            return discards[_hand.discard_choice(hand, allowed, remaining)]
        if phase is Phase.SLAM:
            if _hand.wants_slam(hand, seats) and AnnounceSlam() in actions:
                return AnnounceSlam()
            return next((a for a in actions if isinstance(a, Pass)), actions[0])
        if phase is Phase.CALL:
            calls = {a.card.index: a for a in actions if isinstance(a, Call)}
            return calls[_hand.call_choice(hand, list(calls))]
        return actions[0]  # pragma: no cover - every phase with actions is handled above

    def __repr__(self) -> str:
        return f"SimplePlayer(boldness={self.boldness})" if self.boldness else "SimplePlayer()"


class _Table:
    """What the seat to play knows of the cards, as masks, worked out once per decision.

    Made from its observation (:meth:`of_view`) or, in a simulation, from the state itself
    (:meth:`of_state`, the same knowledge without building the observation): both give
    the same table, so the player makes the same choice either way.
    """

    __slots__ = (
        "_proof",
        "alone",
        "attack",
        "called",
        "friends",
        "hand",
        "leader",
        "others",
        "partner",
        "seat",
        "seats",
        "slam",
        "taker",
        "trick",
        "tricks",
    )

    def __init__(
        self,
        rules: Rules,
        seat: int,
        hand: int,
        others: int,
        camp: tuple[int | None, int | None, bool],
        called: Card | None,
        slam: bool,
        play: tuple[tuple[Trick, ...], int | None, tuple[int, ...]],
    ) -> None:
        self.seats = seats = rules.seats
        self.seat = seat
        self.hand = hand
        self.others = others
        """The cards another seat may hold (or the unseen dog or écart)."""
        taker, partner, alone = camp
        self.taker = taker
        self.partner = partner
        self.alone = alone
        self.called = called
        self.slam = slam
        self.tricks, self.leader, self.trick = play
        self.attack = seat in (taker, partner)
        attackers = {s for s in (taker, partner) if s is not None}
        if self.attack:
            friends = attackers - {seat}
        elif seats < 5 or alone or not rules.calls_partner or partner is not None:
            friends = set(range(seats)) - attackers - {seat}
        else:
            friends = set()  # a five-player defender who does not know the partner yet
        self.friends = friends
        """The seats this seat knows to be in its camp."""
        self._proof: tuple[list[int], list[int]] | None = None

    @classmethod
    def of_view(cls, view: Observation) -> _Table:
        """The table of an observation."""
        hand = _mask(view.hand)
        trick = tuple([card.index for card in view.current_trick])
        gone = hand | _mask(view.shown_discard)
        for index in trick:
            gone |= 1 << index
        for done in view.tricks:
            gone |= _mask(done.cards)
        if view.discard is not None:
            gone |= _mask(view.discard)
        return cls(
            view.rules,
            view.seat,
            hand,
            _FULL & ~gone,
            (view.taker, view.partner, view.alone),
            view.called,
            view.slam,
            (view.tricks, view.leader, trick),
        )

    @classmethod
    def of_state(cls, state: State, seat: int) -> _Table:
        """The table of ``seat`` in ``state`` (in the card play), as its observation gives."""
        hand, others, partner, alone = play_knowledge(state, seat)
        record = record_of(state)
        return cls(
            record.rules,
            seat,
            hand,
            others,
            (record.taker, partner, alone),
            record.called,
            record.slam,
            (state.tricks, state.leader, masks_of(state)[1]),
        )

    def proof(self) -> tuple[list[int], list[int]]:
        """What the play proves (:func:`frenchtarot._core.tricks.proven`), worked out once."""
        if self._proof is None:
            self._proof = _tricks.proven(self.seats, self.tricks, self.leader, self.trick)
        return self._proof

    def holds(self, card: int, later: Sequence[int]) -> bool:
        """Whether ``card``, winning the trick now, still wins once ``later`` have played.

        Sure for a trump when no higher trump is out or the play proved that none of
        ``later`` holds one; for a plain card when no higher card of its suit is out and
        nobody of ``later`` is likely to trump it (no trump out, none left to them, or
        enough cards of the suit still out for each of them to follow).
        """
        if not later:
            return True
        others = self.others
        if card < EXCUSE_INDEX:
            higher = others & _TRUMPS & _ABOVE[card]
            if not higher:
                return True
            limits = self.proof()[1]
            return all(limits[seat] < card for seat in later)
        number = _SUIT_OF[card]
        suit = _SUITS[number]
        if others & suit & _ABOVE[card]:
            return False
        trumps_out = others & _TRUMPS
        if not trumps_out:
            return True
        voids, limits = self.proof()
        if all(limits[seat] < 0 for seat in later):
            return True
        if any(voids[seat] >> number & 1 for seat in later):
            return False
        return (others & suit).bit_count() >= 2 * len(later) + 1


def state_action(player: SimplePlayer, state: State) -> Action:
    """What ``player`` does as the seat to act in ``state``: ``player(observe(state, seat))``.

    The same action, made faster in the card play, where the player's table comes from the
    state (:meth:`_Table.of_state`) instead of a whole observation: for the searching
    players, which play deals out with the simple player thousands of times a decision.
    ``state`` must not be over.
    """
    seat = state.current
    assert seat is not None
    if state.phase is not Phase.PLAY:
        return player(observe(state, seat))
    actions = legal_actions(state)
    if actions[0].__class__ is DeclareHandful or actions[-1].__class__ is DeclareHandful:
        return player(observe(state, seat))
    if len(actions) == 1:
        return actions[0]
    table = _Table.of_state(state, seat)
    return _play(table, actions, table.hand.bit_count())  # type: ignore[arg-type]


def _play(table: _Table, plays: Sequence[Play], cards_left: int) -> Play:
    """The card to play, from ``plays`` (two or more)."""
    by_index = {play.card.index: play for play in plays}
    trick = table.trick
    excuse_ok = EXCUSE_INDEX in by_index and not (table.slam and table.attack)
    if excuse_ok and cards_left <= 2:
        return by_index[EXCUSE_INDEX]  # never lose the Excuse in the last trick
    if not trick or trick == (EXCUSE_INDEX,):
        return by_index[_lead(table, by_index, cards_left)]
    return by_index[_follow(table, by_index, trick, excuse_ok)]


def _lead(table: _Table, legal: dict[int, Play], cards_left: int) -> int:
    """The card to lead (index), from ``legal``."""
    hand = 0  # what it may lead (at five players, not the called suit at the first trick)
    for index in legal:
        hand |= 1 << index
    others = table.others
    trumps_out = others & _TRUMPS
    my_trumps = hand & _TRUMPS
    if hand & _PETIT and not trumps_out:
        return PETIT_INDEX  # no trump left out to take it
    # Master cards: the highest of a suit still out, when nobody is likely to trump it.
    masters = []
    for number, suit in enumerate(_SUITS):
        cards = hand & suit
        if not cards:
            continue
        top = cards.bit_length() - 1
        if others & suit & _ABOVE[top]:
            continue
        if not trumps_out or _suit_is_safe(table, number):
            masters.append(top)
    if masters:
        return max(masters, key=lambda index: (HALF_POINTS[index], index))
    if my_trumps and table.attack:
        mine, theirs = my_trumps.bit_count(), trumps_out.bit_count()
        top = my_trumps.bit_length() - 1
        if trumps_out and not trumps_out & _ABOVE[top] and mine >= 2 and mine >= theirs // 2:
            return top  # a master trump draws one from every seat
    called = table.called
    if table.attack and table.partner is None and called is not None and not table.alone:
        suit = _SUITS[_SUIT_OF[called.index]]
        if hand & suit and others >> called.index & 1:
            low = hand & suit
            return (low & -low).bit_length() - 1  # lead to the called King
    plain = hand & _masks.PLAIN
    if plain:
        if not table.attack:
            # The defence leads the suit the taker cuts, to shorten its trumps; else its
            # longest suit, from the bottom.
            taker = table.taker
            voids = table.proof()[0][taker] if taker is not None else 0
            for number, suit in enumerate(_SUITS):
                if hand & suit and voids >> number & 1 and trumps_out:
                    return _cheapest(hand & suit)
        longest = max((s for s in _SUITS if plain & s), key=lambda s: (plain & s).bit_count())
        return _cheapest(plain & longest & ~_masks.KINGS or plain & longest)
    if hand & _EXCUSE and cards_left > 1 and my_trumps:
        return EXCUSE_INDEX
    if my_trumps & ~_PETIT:
        if not trumps_out & _ABOVE[my_trumps.bit_length() - 1]:
            return my_trumps.bit_length() - 1
        low = my_trumps & ~_PETIT
        return (low & -low).bit_length() - 1
    return min(legal)


def _suit_is_safe(table: _Table, number: int) -> bool:
    """Whether a lead of suit ``number`` is unlikely to be trumped."""
    suit = _SUITS[number]
    voids, limits = table.proof()
    for seat in range(table.seats):
        if seat == table.seat or limits[seat] < 0:
            continue
        if voids[seat] >> number & 1:
            return False
    return (table.others & suit).bit_count() >= 2 * (table.seats - 1)


def _cheapest(mask: int) -> int:
    """The card of ``mask`` worth the fewest points (the lowest on a tie)."""
    best = -1
    best_key = (99, 99)
    while mask:
        low = mask & -mask
        index = low.bit_length() - 1
        key = (HALF_POINTS[index], index)
        if key < best_key:
            best, best_key = index, key
        mask ^= low
    return best


def _follow(table: _Table, legal: dict[int, Play], trick: tuple[int, ...], excuse_ok: bool) -> int:
    """The card to play (index) to ``trick``, from ``legal``.

    ``excuse_ok`` says whether the Excuse may be spent.
    """
    seats = table.seats
    leader = table.leader if table.leader is not None else table.seat
    order = _flow.TRICK_ORDER[seats][leader]
    friends = table.friends
    later = [seat for seat in order[len(trick) + 1 :] if seat not in friends]  # the threats
    position = _tricks.winning_position(trick)
    top = trick[position]
    winner = order[position]
    choices = [index for index in legal if index != EXCUSE_INDEX]
    if not choices:
        return EXCUSE_INDEX
    if winner in table.friends and top != EXCUSE_INDEX and table.holds(top, later):
        return _feed(choices)
    winners = []
    for index in choices:
        extended = (*trick, index)
        if _tricks.winning_position(extended) == len(trick):
            winners.append(index)
    if winners:
        sure = [index for index in winners if table.holds(index, later)]
        if sure:
            plain = [index for index in sure if index > EXCUSE_INDEX]
            if plain:
                return max(plain, key=lambda index: (HALF_POINTS[index], index))
            return min(sure)  # the lowest trump sure to win, the Petit first
        if winner not in table.friends:
            trumps = [index for index in winners if index < EXCUSE_INDEX and index != 0]
            if trumps and len(trumps) == len(choices):
                return min(trumps)  # forced to trump anyway: as low as it can, the Petit kept
    # The trick is lost (or left to a partner not sure to hold it): spend as little as
    # possible, keeping the Petit, and the Excuse for when the alternatives cost points.
    keep = [index for index in choices if index != PETIT_INDEX] or choices
    cheapest = min(keep, key=_cost)
    if excuse_ok and HALF_POINTS[cheapest] >= 5 and winner not in table.friends:
        return EXCUSE_INDEX
    return cheapest


def _cost(index: int) -> tuple[int, int, int]:
    """How much playing card ``index`` to a lost trick gives away: points, then trumps."""
    if index < EXCUSE_INDEX:
        return (HALF_POINTS[index], 1, index)
    return (HALF_POINTS[index], 0, index)


def _feed(choices: list[int]) -> int:
    """The card to give to a trick the player's camp is sure to win.

    The Petit first (it is saved), then the most points, a plain card before a trump, the
    21 last.
    """
    if PETIT_INDEX in choices:
        return PETIT_INDEX
    gifts = [index for index in choices if index != _TWENTY_ONE_INDEX] or choices
    return max(gifts, key=lambda index: (HALF_POINTS[index], index > EXCUSE_INDEX, -index))
