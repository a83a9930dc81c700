"""The draw for the first dealer: :func:`draw_for_dealer` and :class:`DealerDraw`.

Re-exported by :mod:`frenchtarot.match`, where users find them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

import attrs

from frenchtarot._checks import describe_value, random_generator, whole_number
from frenchtarot.cards import DECK, EXCUSE_INDEX, Card, Suit
from frenchtarot.errors import InvalidMatchError, TarotTypeError

__all__ = ["DealerDraw", "check_players", "dealer_from_draw", "draw_for_dealer", "draw_rank"]

_EXCUSE: Final = DECK[EXCUSE_INDEX]
_SUIT_ORDER: Final = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
"""Equal ranks in the draw for the dealer: Clubs lowest, then Diamonds, Hearts, Spades."""


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

    >>> from frenchtarot.match import dealer_from_draw
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

    >>> from frenchtarot.match import DealerDraw
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
    >>> from frenchtarot.match import draw_for_dealer
    >>> draw = draw_for_dealer(random.Random(1))
    >>> [str(card) for card in draw.cards], draw.dealer
    (['T11', '2C', '9D', 'T20'], 1)
    """
    random_generator(rng)
    count = check_players(players)
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


def check_players(players: object) -> int:
    count = whole_number(players, "players")
    if not 3 <= count <= 5:
        raise InvalidMatchError(f"Tarot is played by 3, 4 or 5 players, not {count}")
    return count
