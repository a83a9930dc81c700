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

>>> import frenchtarot as ft
>>> from frenchtarot.players import SimplePlayer
>>> match = ft.new_match(4, deals=3, seed=1)
>>> match.first_dealer, match.current.dealer
(1, 1)
>>> match = ft.play_match(match, [SimplePlayer()] * 4)
>>> match.is_over, len(match.sheet.rows), sum(match.sheet.totals)
(True, 3, 0)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from frenchtarot._checks import check_state, describe_value, quote, whole_number
from frenchtarot._dealing import new_deal
from frenchtarot._engine import act as act_in_deal
from frenchtarot._engine import apply as apply_in_deal
from frenchtarot.actions import Action, Contract
from frenchtarot.cards import DECK, Card, Suit
from frenchtarot.errors import (
    DealOverError,
    InvalidDealError,
    InvalidMatchError,
    InvalidSeatError,
    TarotError,
    TarotTypeError,
)
from frenchtarot.observation import observe
from frenchtarot.rules import FOUR_PLAYER, RULES_BY_SEATS, Rules
from frenchtarot.scoring import score
from frenchtarot.state import State

__all__ = [
    "DealerDraw",
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

_EXCUSE: Final = DECK[21]
_SUIT_ORDER: Final = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
"""Equal ranks in the draw for the dealer: Clubs lowest, then Diamonds, Hearts, Spades."""
_TEAM_SIZES: Final = (2, 4)
_MOST_NAME: Final = 40
MOST_SEED: Final = 2**63 - 1
"""The largest match seed: it fits the 64-bit integers of every JSON reader."""


def draw_rank(card: Card) -> tuple[int, int, int]:
    """How low ``card`` is in the draw for the dealer (lower deals); not for the Excuse.

    Every suit card is below every trump; among suit cards the rank decides, then the suit
    (Clubs, Diamonds, Hearts, Spades from the lowest); trumps go by their number.
    """
    suit = card.suit
    if suit is None:
        return (1, card.rank, 0)
    return (0, card.rank, _SUIT_ORDER[suit])


def dealer_from_draw(cards: Sequence[Card]) -> int:
    """The player who deals first, given the card each player drew (player 0 first).

    The lowest card deals: every suit card is lower than every trump; among suit cards the
    lower rank is lower, and between equal ranks Clubs is lowest, then Diamonds, Hearts and
    Spades (the Ace of Clubs is the lowest card of the pack). The Excuse does not count: a
    player who draws it draws again, so it is refused here.

    Args:
        cards: One card per player, 3 to 5 of them, all different, no Excuse.

    Returns:
        The index in ``cards`` of the lowest card.

    Raises:
        InvalidMatchError: Fewer than 3 or more than 5 cards, a card twice, or the Excuse.
        TarotTypeError: ``cards`` is not a sequence of cards.

    >>> dealer_from_draw([Card.parse("T1"), Card.parse("KS"), Card.parse("3S"), Card.parse("3C")])
    3
    """
    drawn = _card_sequence(cards, "cards")
    if not 3 <= len(drawn) <= 5:
        raise InvalidMatchError(f"3 to 5 players draw for the dealer, not {len(drawn)}")
    if _EXCUSE in drawn:
        raise InvalidMatchError("the Excuse does not count in the draw: its player draws again")
    if len(set(drawn)) != len(drawn):
        raise InvalidMatchError("each player draws a different card from one pack")
    return min(range(len(drawn)), key=lambda player: draw_rank(drawn[player]))


def _card_sequence(cards: object, what: str) -> tuple[Card, ...]:
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise TarotTypeError(f"{what} must be a sequence of cards, not {describe_value(cards)}")
    if len(cards) > 78:
        raise InvalidMatchError(f"{what} holds {len(cards)} cards, more than the pack")
    for item in cards:
        if not isinstance(item, Card):
            raise TarotTypeError(f"{what} must hold cards, not {describe_value(item)}")
    return tuple(cards)


def _check_draws(instance: DealerDraw, attribute: object, draws: object) -> None:
    """Refuse draws that are not players drawing in turn from one pack."""
    if not isinstance(draws, tuple):
        raise TarotTypeError(f"draws must be a tuple, not {describe_value(draws)}")
    expected = 0
    seen: set[Card] = set()
    for entry in draws:
        if (
            not isinstance(entry, tuple)
            or len(entry) != 2
            or isinstance(entry[0], bool)
            or not isinstance(entry[0], int)
            or not isinstance(entry[1], Card)
        ):
            raise TarotTypeError(
                f"each draw must be a (player, card) pair, not {describe_value(entry)}"
            )
        player, card = entry
        if player != expected:
            raise InvalidMatchError(
                f"player {expected} draws next, not {player} (players draw in turn from 0; "
                "a player who draws the Excuse draws again)"
            )
        if card in seen:
            raise InvalidMatchError(f"{card} is drawn twice")
        if card is _EXCUSE:
            continue
        seen.add(card)
        expected += 1
    if not 3 <= expected <= 5 or draws[-1][1] is _EXCUSE:
        raise InvalidMatchError(
            f"3 to 5 players must each end with a card other than the Excuse, not {expected}"
        )


@attrs.frozen
class DealerDraw:
    """The draw for the first dealer: every card drawn, in order.

    Attributes:
        draws: ``(player, card)`` pairs in the order drawn: players 0, 1, 2... in turn, a
            player who drew the Excuse drawing again at once.

    Raises:
        InvalidMatchError: The draws are not players drawing in turn from one pack.
        TarotTypeError: ``draws`` is not a tuple of ``(int, Card)`` pairs.

    >>> draw = DealerDraw(((0, Card.parse("EX")), (0, Card.parse("7H")),
    ...                    (1, Card.parse("7C")), (2, Card.parse("T2"))))
    >>> draw.cards, draw.redrawn, draw.dealer
    ((Card.parse('7H'), Card.parse('7C'), Card.parse('T2')), (0,), 1)
    """

    draws: tuple[tuple[int, Card], ...] = attrs.field(validator=_check_draws)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The card that counts for each player (the last one drawn), player 0 first."""
        return tuple(card for _player, card in self.draws if card is not _EXCUSE)

    @property
    def redrawn(self) -> tuple[int, ...]:
        """The players who drew the Excuse and drew again, in order (once per Excuse)."""
        return tuple(player for player, card in self.draws if card is _EXCUSE)

    @property
    def dealer(self) -> int:
        """The player who drew the lowest card, and so deals first."""
        return dealer_from_draw(self.cards)


def draw_for_dealer(rng: random.Random, players: int = 4) -> DealerDraw:
    """Draw for the first dealer: each player draws a card from a shuffled pack.

    The pack is shuffled with ``rng.random()`` alone (as the deals are, so that a seed
    draws the same on every Python). Players draw in turn from player 0; a player who draws
    the Excuse puts it back at a random place in the rest of the pack and draws again. The
    lowest card deals (see :func:`dealer_from_draw`).

    Args:
        rng: The random generator.
        players: How many players draw: 3, 4 or 5.

    Returns:
        Every card drawn and the first dealer.

    Raises:
        InvalidMatchError: ``players`` is not 3, 4 or 5.
        TarotTypeError: ``rng`` is not a :class:`random.Random`, or ``players`` not an int.

    >>> import random
    >>> draw = draw_for_dealer(random.Random(1))
    >>> [str(card) for card in draw.cards], draw.dealer
    (['T11', '2C', '9D', 'T20'], 1)
    """
    if not isinstance(rng, random.Random):
        raise TarotTypeError(f"rng must be a random.Random, not {describe_value(rng)}")
    count = _check_players(players)
    draw = rng.random
    pack = list(DECK)
    for i in range(77, 0, -1):  # Fisher-Yates, from random() alone
        j = min(int(draw() * (i + 1)), i)
        pack[i], pack[j] = pack[j], pack[i]
    draws: list[tuple[int, Card]] = []
    for player in range(count):
        while True:
            card = pack.pop()
            draws.append((player, card))
            if card is not _EXCUSE:
                break
            pack.insert(min(int(draw() * (len(pack) + 1)), len(pack)), card)
    return DealerDraw(tuple(draws))


def _check_players(players: object) -> int:
    count = whole_number(players, "players")
    if not 3 <= count <= 5:
        raise InvalidMatchError(f"Tarot is played by 3, 4 or 5 players, not {count}")
    return count


def deal_seed(seed: int, number: int) -> int:
    """The seed of deal ``number`` (from 0, annulled deals included) of a match's ``seed``.

    Derived with SHA-256, so it is the same on every platform and Python version.
    """
    digest = hashlib.sha256(f"frenchtarot match {seed} deal {number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@attrs.frozen
class Standing:
    """One line of a ranking.

    Attributes:
        rank: 1 for the best total; equal totals share a rank, and the next rank counts
            the players above it (1, 2, 2, 4).
        name: The player's (or team's) name.
        total: The total score.
    """

    rank: int
    name: str
    total: int


def rank(totals: Mapping[str, int]) -> tuple[Standing, ...]:
    """Rank names by decreasing total; equal totals share a rank (1, 2, 2, 4)."""
    ordered = sorted(totals.items(), key=lambda item: -item[1])  # stable: ties keep order
    standings: list[Standing] = []
    for position, (name, total) in enumerate(ordered):
        shared = standings and standings[-1].total == total
        standings.append(Standing(standings[-1].rank if shared else position + 1, name, total))
    return tuple(standings)


def _tuple(values: Iterable[Any], what: str) -> tuple[Any, ...]:
    """``values`` as a tuple, for the fields of a sheet made by hand."""
    if isinstance(values, tuple):
        return values
    if isinstance(values, (bytes, Mapping)) or not isinstance(values, Iterable):
        raise TarotTypeError(f"{what} must be a sequence, not {describe_value(values)}")
    return tuple(values)


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    return _tuple(values, "scores and totals")


def _names(values: Iterable[str]) -> tuple[str, ...]:
    return _tuple(values, "names")


def _rows(values: Iterable[SheetRow]) -> tuple[SheetRow, ...]:
    return _tuple(values, "rows")


@attrs.frozen
class SheetRow:
    """The score sheet's line for one scored deal.

    Attributes:
        number: The deal's number on the sheet, from 1 (annulled deals are not written).
        dealer: The player who dealt.
        dead: The player who sat the deal out (the dealer, at five with a dead player), or
            ``None``.
        taker: The player who took.
        partner: The taker's partner (five players, called card), or ``None``.
        contract: The contract played.
        made: Whether the contract was made.
        scores: Each player's score for the deal, player 0 first; they sum to zero.
        totals: Each player's running total after this deal; they sum to zero.
    """

    number: int
    dealer: int
    dead: int | None
    taker: int
    partner: int | None
    contract: Contract
    made: bool
    scores: tuple[int, ...] = attrs.field(converter=_ints)
    totals: tuple[int, ...] = attrs.field(converter=_ints)


@attrs.frozen
class ScoreSheet:
    """The score sheet of a match: one row per scored deal, running totals and ranking.

    Made by :attr:`Match.sheet`; one made by hand (a table played elsewhere, for
    :func:`team_standings`) takes any sequences, kept as tuples.

    Attributes:
        names: The players' names, player 0 first.
        rows: One row per scored deal, in order.

    Raises:
        InvalidMatchError: A row whose scores or totals are not one per player.
        TarotTypeError: A name that is not a str, or a row that is not a :class:`SheetRow`.

    >>> import frenchtarot as ft
    >>> from frenchtarot.players import SimplePlayer
    >>> match = ft.play_match(ft.new_match(3, deals=2, seed=5), [SimplePlayer()] * 3)
    >>> print(match.sheet)
    deal  dealer  taker   contract                 seat 0        seat 1        seat 2
       1  seat 1  seat 0  petite made           +74 (+74)     -37 (-37)     -37 (-37)
       2  seat 0  seat 2  petite made           -42 (+32)     -42 (-79)     +84 (+47)
    total                                             +32           -79           +47
    ranking: 1. seat 2 +47, 2. seat 0 +32, 3. seat 1 -79

    Seat 2's deal was annulled (everyone passed), so seat 0 dealt the second scored deal.
    """

    names: tuple[str, ...] = attrs.field(converter=_names)
    rows: tuple[SheetRow, ...] = attrs.field(converter=_rows)

    def __attrs_post_init__(self) -> None:
        for name in self.names:
            if not isinstance(name, str):
                raise TarotTypeError(f"a player's name must be a str, not {describe_value(name)}")
        for row in self.rows:
            if not isinstance(row, SheetRow):
                raise TarotTypeError(f"rows must be SheetRow values, not {describe_value(row)}")
            if len(row.scores) != len(self.names) or len(row.totals) != len(self.names):
                raise InvalidMatchError(
                    f"row {describe_value(row.number)} has {len(row.scores)} scores and "
                    f"{len(row.totals)} totals for {len(self.names)} players"
                )

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's total so far, player 0 first (zeros before the first deal)."""
        return self.rows[-1].totals if self.rows else (0,) * len(self.names)

    @property
    def ranking(self) -> tuple[Standing, ...]:
        """The players by decreasing total; equal totals share a rank (1, 2, 2, 4)."""
        return rank(dict(zip(self.names, self.totals, strict=True)))

    def __str__(self) -> str:
        who = max(6, *(len(name) for name in self.names))
        width = max(14, *(len(name) + 2 for name in self.names))
        head = f"deal  {'dealer':<{who}}  {'taker':<{who}}  {'contract':<17}"
        lines = [head + "".join(f"{name:>{width}}" for name in self.names)]
        for row in self.rows:
            verdict = f"{row.contract.name.lower()} {'made' if row.made else 'lost'}"
            line = f"{row.number:>4}  {self.names[row.dealer]:<{who}}  "
            line += f"{self.names[row.taker]:<{who}}  {verdict:<17}"
            for player, (delta, total) in enumerate(zip(row.scores, row.totals, strict=True)):
                cell = "-" if player == row.dead else f"{delta:+d} ({total:+d})"
                line += f"{cell:>{width}}"
            lines.append(line)
        totals = "".join(f"{total:>+{width}d}" for total in self.totals)
        lines.append(f"{'total':<{len(head)}}{totals}")
        ranking = ", ".join(f"{line.rank}. {line.name} {line.total:+d}" for line in self.ranking)
        lines.append(f"ranking: {ranking}")
        return "\n".join(lines)


def _check_name(name: object) -> str:
    if not isinstance(name, str):
        raise TarotTypeError(f"a player's name must be a str, not {describe_value(name)}")
    if not name.strip() or len(name) > _MOST_NAME or not name.isprintable():
        raise InvalidMatchError(
            f"a player's name must be 1 to {_MOST_NAME} printable characters, not a blank, "
            f"not {quote(name)}"
        )
    return name


def check_names(names: object, players: int) -> tuple[str, ...]:
    """``names`` as a tuple if it is ``players`` distinct names.

    Raises:
        InvalidMatchError: The wrong number of names, a blank or a repeated name.
        TarotTypeError: ``names`` is not a sequence of strings.
    """
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
        raise TarotTypeError(f"names must be a sequence of str, not {describe_value(names)}")
    if len(names) != players:
        raise InvalidMatchError(f"expected {players} names, one per player, got {len(names)}")
    checked = tuple(_check_name(name) for name in names)
    if len(set(checked)) != len(checked):
        raise InvalidMatchError(f"each player needs a name of their own: {checked}")
    return checked


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
        return None if self.current is None else self.dealers()[-1]

    def dealers(self) -> tuple[int, ...]:
        """The player who dealt each finished deal, then the one dealing the current deal.

        The deal passes to the next player after every deal, annulled ones too, except with
        a dead player, where it passes only after a scored deal.
        """
        annulled = [deal.annulment is not None for deal in self.deals]
        dealers = tuple(iter_dealers(self.first_dealer, self.players, annulled, self.dead_player))
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
        dealers = self.dealers()
        if not 0 <= number < len(dealers):
            raise InvalidSeatError(
                f"deal number must be from 0 to {len(dealers) - 1}, not {number}"
            )
        return _seat_players(self.dead_player, self.players, dealers[number])

    def apply(self, action: Action) -> Match:
        """The match after the seat to act in the current deal takes ``action``.

        When that ends the deal, it joins :attr:`deals` and the next deal is dealt (an
        annulled deal is dealt again), unless the match is over.

        Raises:
            DealOverError: The match is over.
            IllegalActionError: The rules forbid the action.
            TarotTypeError: ``action`` is not an action.

        >>> match = new_match(4, seed=3, dealer=0)
        >>> for _ in range(4):
        ...     match = match.apply(Pass())
        >>> len(match.deals), match.deals[0].annulment.reason, match.dealer
        (1, AnnulReason.ALL_PASSED, 1)
        """
        return self._advance(apply_in_deal(self._in_progress(), action))

    def act(self, player: int, action: Action) -> Match:
        """The match after ``player`` takes ``action`` in the current deal (a server's entry).

        Args:
            player: The player sending the action, a player of the table (not a seat of
                the deal: they differ with a dead player).
            action: The action.

        Raises:
            DealOverError: The match is over.
            IllegalActionError: The rules forbid the action, or it is not ``player``'s turn.
            InvalidSeatError: ``player`` is not a player, or sits this deal out.
            TarotTypeError: ``player`` is not an int or ``action`` not an action.

        >>> match = new_match(5, dead_player=True, seed=3, dealer=4)
        >>> match.players_of(0)  # player 4 deals and sits out; player 0 speaks first
        (0, 1, 2, 3)
        >>> match.act(0, Pass()).current.moves
        ((0, Pass()),)
        """
        state = self._in_progress()
        player = whole_number(player, "player")
        if not 0 <= player < self.players:
            raise InvalidSeatError(f"player must be from 0 to {self.players - 1}, not {player}")
        seats = self.players_of(len(self.deals))
        if player not in seats:
            raise InvalidSeatError(f"player {player} deals this deal and sits it out")
        return self._advance(act_in_deal(state, seats.index(player), action))

    def update(self, state: State) -> Match:
        """The match with the deal in progress moved on to ``state``, a later point of it.

        Args:
            state: A state of the current deal: same rules, dealer and hands as dealt, and a
                history that extends the current one.

        Raises:
            DealOverError: The match is over.
            InvalidMatchError: ``state`` is not a later point of the current deal.
            TarotTypeError: ``state`` is not a :class:`~frenchtarot.State`.

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
        if not state.is_terminal:
            return attrs.evolve(self, current=state)
        return _deal_next(attrs.evolve(self, deals=self.deals + (state,), current=None))

    @property
    def sheet(self) -> ScoreSheet:
        """The score sheet of the deals scored so far."""
        dealers = self.dealers()
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
        parts.append(f"{len(self.scored)} deals scored {length}")
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
    while match.deals_to_play is None or len(match.scored) < match.deals_to_play:
        annulled = [deal.annulment is not None for deal in match.deals]
        *_, dealer = iter_dealers(match.first_dealer, match.players, annulled, match.dead_player)
        state = new_deal(
            dealer=deal_dealer_seat(match.dead_player, match.rules, dealer),
            seed=deal_seed(match.seed, len(match.deals)),
            rules=match.rules,
        )
        if not state.is_terminal:
            return attrs.evolve(match, current=state)
        match = attrs.evolve(match, deals=match.deals + (state,))
    return match


def new_match(
    players: int = 4,
    *,
    names: Sequence[str] | None = None,
    deals: int | None = 5,
    seed: int | None = None,
    dead_player: bool = False,
    dealer: int | None = None,
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

    Returns:
        The match, its first deal in progress.

    Raises:
        InvalidMatchError: ``players`` is not 3 to 5, ``deals`` is below 1, a dead player
            at a table other than five, or bad names.
        InvalidDealError: ``seed`` is negative or above ``2**63 - 1``.
        InvalidSeatError: ``dealer`` is not a player.
        TarotTypeError: An argument of the wrong type.

    >>> match = new_match(5, dead_player=True, seed=2, names="ABCDE")
    >>> match.rules.name, match.dealer, match.players_of(0)
    ('four-player', 1, (2, 3, 4, 0))
    """
    from frenchtarot._dealing import check_seed  # private helper of the dealing module

    count = _check_players(players)
    if not isinstance(dead_player, bool):
        raise TarotTypeError(f"dead_player must be a bool, not {describe_value(dead_player)}")
    if dead_player and count != 5:
        raise InvalidMatchError(f"a dead player sits out at a table of 5, not of {count}")
    rules = FOUR_PLAYER if dead_player else RULES_BY_SEATS[count]
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


def play_match(match: Match, players: Sequence[object], *, deals: int | None = None) -> Match:
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
    stop = None if deals is None else len(match.scored) + deals
    while match.current is not None and (stop is None or len(match.scored) < stop):
        state = match.current
        seats = match.players_of(len(match.deals))
        while state.current is not None:
            seat = state.current
            action = players[seats[seat]](observe(state, seat))  # type: ignore[operator]
            state = apply_in_deal(state, action)
        match = match._advance(state)
    return match


def team_standings(
    sheets: Sequence[ScoreSheet], teams: Mapping[str, Sequence[str]]
) -> tuple[Standing, ...]:
    """Rank teams of 2 or 4 players by the sum of their members' totals.

    In a team tournament the members of a team sit at different tables, so that they never
    play against each other: a team adds totals from several score sheets.

    Args:
        sheets: The score sheets of the tables; every name appears on one sheet only.
        teams: Each team's name and its members' names (2 or 4 each, each player in one
            team at most).

    Returns:
        The teams by decreasing total; equal totals share a rank (1, 2, 2, 4).

    Raises:
        InvalidMatchError: A team of another size, a member on no sheet, a player in two
            teams or named on two sheets, or two members of a team at one table.
        TarotTypeError: ``sheets`` is not a sequence of score sheets or ``teams`` not a
            mapping of names to sequences of names.

    >>> north = ScoreSheet(("Ann", "Bob", "Cy", "Di"), ())
    >>> south = ScoreSheet(("Ed", "Flo", "Gus", "Hal"), ())
    >>> team_standings([north, south], {"red": ["Ann", "Ed"], "blue": ["Bob", "Flo"]})
    (Standing(rank=1, name='red', total=0), Standing(rank=1, name='blue', total=0))
    """
    if isinstance(sheets, (str, bytes)) or not isinstance(sheets, Sequence):
        raise TarotTypeError(
            f"sheets must be a sequence of ScoreSheet, not {describe_value(sheets)}"
        )
    where: dict[str, tuple[int, int]] = {}
    for table, sheet in enumerate(sheets):
        if not isinstance(sheet, ScoreSheet):
            raise TarotTypeError(
                f"sheets must hold ScoreSheet values, not {describe_value(sheet)}"
            )
        for total, name in zip(sheet.totals, sheet.names, strict=True):
            if name in where:
                raise InvalidMatchError(f"{quote(name)} is named on two sheets")
            where[name] = (table, total)
    if not isinstance(teams, Mapping):
        raise TarotTypeError(f"teams must be a mapping of names, not {describe_value(teams)}")
    totals: dict[str, int] = {}
    placed: set[str] = set()
    for team, members in teams.items():
        _check_name(team)
        if isinstance(members, (str, bytes)) or not isinstance(members, Sequence):
            raise TarotTypeError(
                f"team {quote(team)} must be a sequence of names, not {describe_value(members)}"
            )
        if len(members) not in _TEAM_SIZES:
            raise InvalidMatchError(f"a team has 2 or 4 players; {quote(team)} has {len(members)}")
        tables: set[int] = set()
        total = 0
        for member in members:
            if not isinstance(member, str):
                raise TarotTypeError(
                    f"a member's name must be a str, not {describe_value(member)}"
                )
            if member not in where:
                raise InvalidMatchError(f"{quote(member)} of team {quote(team)} is on no sheet")
            if member in placed:
                raise InvalidMatchError(f"{quote(member)} plays in two teams")
            placed.add(member)
            table, points = where[member]
            if table in tables:
                raise InvalidMatchError(
                    f"two players of team {quote(team)} sit at one table: teammates never "
                    "play against each other"
                )
            tables.add(table)
            total += points
        totals[team] = total
    return rank(totals)


def iter_dealers(first: int, players: int, annulled: Sequence[bool], dead: bool) -> Iterator[int]:
    """The dealer of each deal whose annulments are ``annulled``, then the next dealer."""
    dealer = first
    for was_annulled in annulled:
        yield dealer
        if not (dead and was_annulled):
            dealer = (dealer + 1) % players
    yield dealer
