"""A game of several deals: the draw for the dealer, a :class:`Match` and its score sheet.

A game of Tarot is a series of deals at one table. The players draw cards to choose the
first dealer (:func:`draw_for_dealer`); the deal then passes to the next seat after every
deal; an annulled deal (a petit sec, or everyone passing) is dealt again and does not count;
the game ends after a number of scored deals chosen in advance, or never. A
:class:`ScoreSheet` keeps each deal's scores and the running totals, which always sum to
zero, and ranks the players; :func:`team_standings` adds up teams spread over several
tables.

Five players may also play the four-player game with a *dead* player: the dealer deals to
the other four and sits the deal out, scoring zero. The dealer, and so the dead seat, moves
on only after a scored deal; after an annulled one the same player deals again.

>>> from frenchtarot.match import new_match, play_match
>>> from frenchtarot.players import SimplePlayer
>>> match = new_match(4, deals=3, seed=1)
>>> match.first_dealer, match.current.dealer
(1, 1)
>>> match = play_match(match, [SimplePlayer()] * 4)
>>> match.is_over, len(match.sheet.rows), sum(match.sheet.totals)
(True, 3, 0)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Final

import attrs

from frenchtarot._checks import describe_value, whole_number
from frenchtarot._core.state import State, check_state
from frenchtarot._dealing import check_seed, new_deal
from frenchtarot._engine import act as act_in_deal
from frenchtarot._engine import apply as apply_in_deal
from frenchtarot.actions import Action
from frenchtarot.errors import (
    DealOverError,
    InvalidDealError,
    InvalidMatchError,
    InvalidSeatError,
    TarotError,
    TarotTypeError,
)
from frenchtarot.match._draw import DealerDraw, check_players, dealer_from_draw, draw_for_dealer
from frenchtarot.match._sheet import ScoreSheet, SheetRow, Standing, check_names, team_standings
from frenchtarot.observation import Observation, observe
from frenchtarot.rules import RULES_BY_SEATS, Rules
from frenchtarot.scoring import score

__all__ = [
    "DealerDraw",
    "InvalidMatchError",
    "Match",
    "ScoreSheet",
    "SheetRow",
    "Standing",
    "dealer_from_draw",
    "draw_for_dealer",
    "new_match",
    "play_match",
    "team_standings",
]

MOST_SEED: Final = 2**63 - 1
"""The largest match seed: it fits the 64-bit integers of every JSON reader."""
_BYTE: Final = tuple(bytes((player,)) for player in range(5))


def deal_seed(seed: int, number: int) -> int:
    """The seed of deal ``number`` (from 0, annulled deals included) of a match's ``seed``.

    Derived with SHA-256, so it is the same on every platform and Python version.
    """
    digest = hashlib.sha256(f"frenchtarot match {seed} deal {number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def next_dealer(dealer: int, players: int, annulled: bool, dead: bool) -> int:
    """The player dealing after ``dealer``'s deal, ``annulled`` or not.

    The next player, annulled deals included, except with a dead player, where the same
    player deals again after an annulled deal.
    """
    return dealer if dead and annulled else (dealer + 1) % players


@attrs.frozen(eq=False)
class Progress:
    """What a :class:`Match` carries from deal to deal, so that no action looks back.

    Derived from the match's other fields, never part of its value: it is left out of
    equality, hashing and the repr, and a match whose :attr:`~Match.deals` are not the
    very tuple this was worked out for (``is``, so a copy made by ``attrs.evolve`` or by
    hand is noticed) works it out again.

    Attributes:
        deals: The finished deals it was worked out for (the match's own tuple).
        dealers: The player who dealt each of ``deals``, then the one dealing next (as
            :func:`iter_dealers` gives them), one byte each.
        scored: How many of ``deals`` were not annulled.
    """

    deals: tuple[State, ...]
    dealers: bytes
    scored: int

    @classmethod
    def of(cls, first: int, players: int, dead: bool, deals: tuple[State, ...]) -> Progress:
        """Work out the progress of ``deals`` from the start (linear in their number)."""
        annulled = [deal.annulment is not None for deal in deals]
        dealers = bytes(iter_dealers(first, players, annulled, dead))
        return cls(deals, dealers, annulled.count(False))

    def after(self, deals: tuple[State, ...], players: int, dead: bool) -> Progress:
        """The progress once ``deals`` (these deals and one more, finished) are dealt."""
        annulled = deals[-1].annulment is not None
        dealer = next_dealer(self.dealers[-1], players, annulled, dead)
        return Progress(deals, self.dealers + _BYTE[dealer], self.scored + (not annulled))


@attrs.frozen
class Match:
    """A game of several deals at one table. Immutable; make one with :func:`new_match`.

    The constructor is internal and checks nothing: get matches from :func:`new_match`,
    :func:`play_match`, the methods below and :func:`frenchtarot.records.loads`. Players
    are numbered ``0 .. players - 1`` around the table, in the order of play. At a
    table of five with a dead player, deals are four-player deals whose seats are not the
    players: see :meth:`players_of`.

    Attributes:
        rules: The rules of every deal (:data:`~frenchtarot.FOUR_PLAYER` with a dead player).
        names: The players' names, player 0 first.
        deals_to_play: How many scored deals make the game, or ``None`` for a game that
            ends only when the players stop.
        dead_player: Whether five play the four-player game, the dealer sitting out.
        seed: The seed of the match; deal ``k`` (from 0, annulled deals counted) is dealt
            with a seed derived from it.
        draw: The draw for the first dealer, or ``None`` when the first dealer was given.
        first_dealer: The player who dealt the first deal.
        deals: The finished deals, annulled ones included, in order.
        current: The deal in progress, never a finished one; ``None`` once the match is over.
    """

    rules: Rules
    names: tuple[str, ...]
    deals_to_play: int | None
    dead_player: bool
    seed: int
    draw: DealerDraw | None
    first_dealer: int
    deals: tuple[State, ...]
    current: State | None
    _progress: Progress | None = attrs.field(
        default=None, eq=False, repr=False, kw_only=True, alias="_progress"
    )
    """Carried forward from deal to deal (derived, not part of the value): see
    :class:`Progress`. ``None``, or a stale one, is worked out again when needed."""

    def _carried(self) -> Progress:
        """The dealers and the count of scored deals so far, without looking back."""
        progress = self._progress
        if progress is None or progress.deals is not self.deals:
            progress = Progress.of(self.first_dealer, self.players, self.dead_player, self.deals)
        return progress

    @property
    def players(self) -> int:
        """How many players sit at the table (five with a dead player)."""
        return len(self.names)

    @property
    def scored(self) -> tuple[State, ...]:
        """The finished deals that were not annulled: the ones that count."""
        return tuple(deal for deal in self.deals if deal.annulment is None)

    @property
    def is_over(self) -> bool:
        """Whether the chosen number of deals has been scored (never, if open-ended)."""
        return self.current is None

    @property
    def dealer(self) -> int | None:
        """The player dealing the deal in progress, or ``None`` once the match is over."""
        return None if self.current is None else self._carried().dealers[-1]

    def dealers(self) -> tuple[int, ...]:
        """The player who dealt each finished deal, then the one dealing the current deal.

        The deal passes to the next player after every deal, annulled ones too, except with
        a dead player, where it passes only after a scored deal.
        """
        dealers = tuple(self._carried().dealers)
        return dealers if self.current is not None else dealers[:-1]

    def players_of(self, number: int) -> tuple[int, ...]:
        """The player at each seat of one deal, seat 0 first.

        Seats are players, except with a dead player: the four seats of the deal are the
        four players after the dealer, in the order of play. The first to speak is seat 0,
        and the deal's :attr:`~frenchtarot.State.dealer` is seat 3, the last to speak, as
        the dealer would be: the player on the dead dealer's left.

        Args:
            number: An index in :attr:`deals`, or ``len(deals)`` for the deal in progress.

        Raises:
            InvalidSeatError: ``number`` is not a deal of the match.
            TarotTypeError: ``number`` is not an int.
        """
        number = whole_number(number, "deal number")
        dealers = self._carried().dealers
        count = len(dealers) if self.current is not None else len(dealers) - 1
        if not 0 <= number < count:
            raise InvalidSeatError(f"deal number must be from 0 to {count - 1}, not {number}")
        return _seat_players(self.dead_player, self.players, dealers[number])

    def apply(self, action: Action) -> Match:
        """The match after the seat to act in the current deal takes ``action``.

        When that ends the deal, it joins :attr:`deals` and the next deal is dealt (an
        annulled deal is dealt again), unless the match is over.

        Args:
            action: The action, taken by the seat to act in the current deal.

        Returns:
            The new match; this one is unchanged.

        Raises:
            DealOverError: The match is over.
            IllegalActionError: The rules forbid the action.
            TarotTypeError: ``action`` is not an action.

        >>> from frenchtarot.match import new_match
        >>> match = new_match(4, seed=3, dealer=0)
        >>> for _ in range(4):
        ...     match = match.apply(Pass())
        >>> len(match.deals), match.deals[0].annulment.reason, match.dealer
        (1, AnnulReason.ALL_PASSED, 1)
        """
        return self._advance(apply_in_deal(self._in_progress(), action))

    def act(self, action: Action, player: int) -> Match:
        """The match after ``player`` takes ``action`` in the current deal (a server's entry).

        The arguments come in the order of :func:`frenchtarot.act`: the action, then who
        sends it.

        Args:
            action: The action.
            player: The player sending the action, a player of the table (not a seat of
                the deal: they differ with a dead player).

        Raises:
            DealOverError: The match is over.
            IllegalActionError: The rules forbid the action, or it is not ``player``'s turn.
            InvalidSeatError: ``player`` is not a player, or sits this deal out.
            TarotTypeError: ``player`` is not an int or ``action`` not an action.

        >>> from frenchtarot.match import new_match
        >>> match = new_match(5, dead_player=True, seed=3, dealer=4)
        >>> match.players_of(0)  # player 4 deals and sits out; player 0 speaks first
        (0, 1, 2, 3)
        >>> match.act(Pass(), 0).current.moves
        ((0, Pass()),)
        """
        state = self._in_progress()
        player = whole_number(player, "player")
        if not 0 <= player < self.players:
            raise InvalidSeatError(f"player must be from 0 to {self.players - 1}, not {player}")
        seats = self.players_of(len(self.deals))
        if player not in seats:
            raise InvalidSeatError(f"player {player} deals this deal and sits it out")
        return self._advance(act_in_deal(state, action, seats.index(player)))

    def update(self, state: State) -> Match:
        """The match with the deal in progress moved on to ``state``, a later point of it.

        Args:
            state: A state of the current deal: same rules, dealer and hands as dealt, and a
                history that extends the current one.

        Raises:
            DealOverError: The match is over.
            InvalidMatchError: ``state`` is not a later point of the current deal.
            TarotTypeError: ``state`` is not a :class:`~frenchtarot.State`.

        >>> from frenchtarot.match import new_match
        >>> match = new_match(4, seed=3)
        >>> later = apply(match.current, Pass())
        >>> match.update(later) == match.apply(Pass())
        True
        """
        current = self._in_progress()
        check_state(state)
        done = len(current.history)
        if (
            state.rules != current.rules
            or state.dealer != current.dealer
            or state.history[:done] != current.history
            or state.dog != current.dog
            or state.dealt != current.dealt
        ):
            raise InvalidMatchError(
                "the state is not a later point of the deal in progress (other hands, dealer "
                "or history)"
            )
        return self._advance(state)

    def _in_progress(self) -> State:
        if self.current is None:
            raise DealOverError(f"the match is over: its {self.deals_to_play} deals are scored")
        return self.current

    def _advance(self, state: State) -> Match:
        progress = self._carried()
        if not state.is_terminal:
            return attrs.evolve(self, current=state, _progress=progress)
        deals = self.deals + (state,)
        progress = progress.after(deals, self.players, self.dead_player)
        return _deal_next(attrs.evolve(self, deals=deals, current=None, _progress=progress))

    @property
    def sheet(self) -> ScoreSheet:
        """The score sheet of the deals scored so far."""
        dealers = self._carried().dealers
        rows: list[SheetRow] = []
        totals = [0] * self.players
        for deal, dealer in zip(self.deals, dealers, strict=False):
            if deal.annulment is not None:
                continue
            players = _seat_players(self.dead_player, self.players, dealer)
            result = score(deal)
            scores = [0] * self.players
            for seat, delta in enumerate(result.deltas):
                scores[players[seat]] = delta
                totals[players[seat]] += delta
            assert result.taker is not None and result.contract is not None
            partner = result.partner
            rows.append(
                SheetRow(
                    number=len(rows) + 1,
                    dealer=dealer,
                    dead=dealer if self.dead_player else None,
                    taker=players[result.taker],
                    partner=None if partner is None else players[partner],
                    contract=result.contract,
                    made=result.made,
                    scores=tuple(scores),
                    totals=tuple(totals),
                )
            )
        return ScoreSheet(self.names, tuple(rows))

    def __repr__(self) -> str:
        length = "open-ended" if self.deals_to_play is None else f"of {self.deals_to_play}"
        parts = [f"{self.rules.name}{', dead player' if self.dead_player else ''}"]
        parts.append(f"{self._carried().scored} deals scored {length}")
        parts.append("over" if self.current is None else f"dealer {self.dealer}")
        return "<Match " + ", ".join(parts) + ">"


def _seat_players(dead_player: bool, players: int, dealer: int) -> tuple[int, ...]:
    """The player at each seat of a deal dealt by ``dealer``."""
    if not dead_player:
        return tuple(range(players))
    return tuple((dealer + 1 + seat) % players for seat in range(players - 1))


def deal_dealer_seat(dead_player: bool, rules: Rules, dealer: int) -> int:
    """The deal's dealer seat when ``dealer`` (a player) deals: seat 3 with a dead player."""
    return rules.seats - 1 if dead_player else dealer


def _deal_next(match: Match) -> Match:
    """Deal the next deal of ``match`` (which has none in progress), or end it."""
    progress = match._carried()
    while match.deals_to_play is None or progress.scored < match.deals_to_play:
        state = new_deal(
            dealer=deal_dealer_seat(match.dead_player, match.rules, progress.dealers[-1]),
            seed=deal_seed(match.seed, len(match.deals)),
            rules=match.rules,
        )
        if not state.is_terminal:
            return attrs.evolve(match, current=state, _progress=progress)
        deals = match.deals + (state,)
        progress = progress.after(deals, match.players, match.dead_player)
        match = attrs.evolve(match, deals=deals, _progress=progress)
    return attrs.evolve(match, _progress=progress)


def new_match(
    players: int = 4,
    *,
    names: Sequence[str] | None = None,
    deals: int | None = 5,
    seed: int | None = None,
    dead_player: bool = False,
    dealer: int | None = None,
    rules: Rules | None = None,
) -> Match:
    """Start a game of several deals: draw for the dealer and deal the first deal.

    Args:
        players: How many sit at the table: 3, 4 or 5.
        names: One name per player (distinct, 1 to 40 printable characters); by default
            ``"seat 0"``, ``"seat 1"``...
        deals: How many scored deals make the game (3, 5 or 7 are usual), or ``None`` for
            a game with no set end.
        seed: The seed of the draw for the dealer and of every deal, from 0 to
            ``2**63 - 1`` (so that a record's seed fits a 64-bit integer); ``None`` draws
            one from the operating system (it is kept in :attr:`Match.seed`).
        dead_player: Five players only: play the four-player game, the dealer sitting out.
        dealer: The first dealer; ``None`` draws for it (:func:`draw_for_dealer`, with
            ``random.Random(seed)``).
        rules: The rules of every deal, house rules included (e.g.
            :data:`~frenchtarot.rules.LUDICASH`); by default the FFT table for ``players``
            (:data:`~frenchtarot.FOUR_PLAYER` with a dead player). Their seats must be
            ``players`` (4 with a dead player).

    Returns:
        The match, its first deal in progress.

    Raises:
        InvalidMatchError: ``players`` is not 3 to 5, ``deals`` is below 1, a dead player
            at a table other than five, ``rules`` for another number of seats, or bad
            names.
        InvalidDealError: ``seed`` is negative or above ``2**63 - 1``.
        InvalidSeatError: ``dealer`` is not a player.
        TarotTypeError: An argument of the wrong type.

    >>> from frenchtarot.match import new_match
    >>> match = new_match(5, dead_player=True, seed=2, names="ABCDE")
    >>> match.rules.name, match.dealer, match.players_of(0)
    ('four-player', 1, (2, 3, 4, 0))
    >>> from frenchtarot.rules import LUDICASH
    >>> new_match(rules=LUDICASH, seed=2).rules.name
    'ludicash'
    """
    count = check_players(players)
    if not isinstance(dead_player, bool):
        raise TarotTypeError(f"dead_player must be a bool, not {describe_value(dead_player)}")
    if dead_player and count != 5:
        raise InvalidMatchError(f"a dead player sits out at a table of 5, not of {count}")
    seats = 4 if dead_player else count
    if rules is None:
        rules = RULES_BY_SEATS[seats]
    elif not isinstance(rules, Rules):
        raise TarotTypeError(f"rules must be a Rules, not {describe_value(rules)}")
    elif rules.seats != seats:
        raise InvalidMatchError(
            f"the {rules.name} rules seat {rules.seats}, but the deals of this match seat "
            f"{seats}" + (" (five players with a dead player)" if dead_player else "")
        )
    if names is None:
        names = tuple(f"seat {player}" for player in range(count))
    if isinstance(names, str) and len(names) == count:
        names = tuple(names)
    checked_names = check_names(names, count)
    if deals is not None:
        deals = whole_number(deals, "deals")
        if deals < 1:
            raise InvalidMatchError(f"a game has 1 scored deal or more (or None), not {deals}")
    try:
        seed = random.SystemRandom().randrange(2**32) if seed is None else check_seed(seed)
    except TarotError as error:  # the deal's words: say it is the match's seed
        raise type(error)(f"match {error}") from None
    if seed > MOST_SEED:
        raise InvalidDealError(
            f"match seed must be at most 2**63 - 1, not a number of {seed.bit_length()} bits"
        )
    draw = None
    if dealer is None:
        draw = draw_for_dealer(random.Random(seed), count)
        first = draw.dealer
    else:
        first = whole_number(dealer, "dealer")
        if not 0 <= first < count:
            raise InvalidSeatError(f"dealer must be a player from 0 to {count - 1}, not {first}")
    return _deal_next(
        Match(
            rules=rules,
            names=checked_names,
            deals_to_play=deals,
            dead_player=dead_player,
            seed=seed,
            draw=draw,
            first_dealer=first,
            deals=(),
            current=None,
        )
    )


def play_match(
    match: Match,
    players: Sequence[Callable[[Observation], Action]],
    *,
    deals: int | None = None,
) -> Match:
    """Play ``match`` on with ``players``, to its end or for ``deals`` more scored deals.

    Each player is asked for its actions with :func:`~frenchtarot.observe` of its seat in
    the deal (a :data:`~frenchtarot.players.Player`).

    Args:
        match: The match.
        players: One player per player of the table (five with a dead player), player 0
            first.
        deals: Stop after this many more scored deals; needed for an open-ended match.

    Returns:
        The match when it is over, or after ``deals`` more scored deals.

    Raises:
        IllegalActionError: A player returned an illegal action.
        InvalidMatchError: An open-ended match and no ``deals``, or ``deals`` below 1.
        TarotTypeError: ``match`` is not a :class:`Match`, or ``players`` not one callable
            per player.

    >>> from frenchtarot.match import new_match, play_match
    >>> from frenchtarot.players import RandomPlayer
    >>> match = new_match(3, deals=None, seed=4)
    >>> match = play_match(match, [RandomPlayer(n) for n in range(3)], deals=2)
    >>> len(match.scored), match.is_over
    (2, False)
    """
    if not isinstance(match, Match):
        raise TarotTypeError(f"expected a Match, not {describe_value(match)}")
    if (
        isinstance(players, (str, bytes))
        or not isinstance(players, Sequence)
        or len(players) != match.players
        or not all(callable(player) for player in players)
    ):
        raise TarotTypeError(
            f"players must be a sequence of {match.players} callables, "
            f"not {describe_value(players)}"
        )
    if deals is not None:
        deals = whole_number(deals, "deals")
        if deals < 1:
            raise InvalidMatchError(f"deals must be 1 or more, not {deals}")
    elif match.deals_to_play is None:
        raise InvalidMatchError("an open-ended match never ends: say how many deals to play")
    stop = None if deals is None else match._carried().scored + deals
    while match.current is not None and (stop is None or match._carried().scored < stop):
        state = match.current
        seats = match.players_of(len(match.deals))
        while state.current is not None:
            seat = state.current
            action = players[seats[seat]](observe(state, seat))
            state = apply_in_deal(state, action)
        match = match._advance(state)
    return match


def iter_dealers(first: int, players: int, annulled: Sequence[bool], dead: bool) -> Iterator[int]:
    """The dealer of each deal whose annulments are ``annulled``, then the next dealer."""
    dealer = first
    for was_annulled in annulled:
        yield dealer
        if not (dead and was_annulled):
            dealer = (dealer + 1) % players
    yield dealer
