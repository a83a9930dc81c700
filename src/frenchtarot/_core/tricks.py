"""Playing to a trick: which cards are allowed, and who wins the trick."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from frenchtarot._core import flow as _flow
from frenchtarot._core import masks as _masks
from frenchtarot.cards import EXCUSE_INDEX
from frenchtarot.errors import Rule

if TYPE_CHECKING:
    from frenchtarot._deal_values import Trick
    from frenchtarot.cards import Card
    from frenchtarot.rules import Rules


LEADS: Final[tuple[int, ...]] = tuple(
    _masks.TRUMPS
    if index < EXCUSE_INDEX
    else 0
    if index == EXCUSE_INDEX
    else _masks.SUITS[_masks.SUIT_OF_INDEX[index]]
    for index in range(78)
)
"""``LEADS[i]``: the suit (trumps included) that card ``i`` sets when it is the first card of
a trick, as a mask; 0 for the Excuse, which sets none (the next card does)."""


_EXCUSE: Final = _masks.EXCUSE
_TRUMPS: Final = _masks.TRUMPS


def led_suit_mask(trick: tuple[int, ...]) -> int:
    """The cards of the suit that sets the trick (trumps included), 0 when nothing sets it.

    The first card sets the suit, except the Excuse, after which the next card does.
    """
    for index in trick:
        led = LEADS[index]
        if led:
            return led
    return 0


def follow_mask(hand: int, led: int, top: int) -> int:
    """The cards of ``hand`` that may be played to a trick whose suit is ``led``.

    ``led`` is the mask of the suit that sets the trick (0 while nothing sets it) and
    ``top`` the index of the highest trump in it (-1 when there is none). Follow the suit;
    without it, trump; a trump must beat ``top`` when the hand can; without the suit or a
    trump, any card. The Excuse may always be played.
    """
    if not led:
        return hand
    excuse = hand & _masks.EXCUSE
    if led != _masks.TRUMPS:
        follow = hand & led
        if follow:
            return follow | excuse
    trumps = hand & _masks.TRUMPS
    if not trumps:
        return hand
    higher = trumps >> (top + 1) << (top + 1)
    return (higher or trumps) | excuse


def legal_mask(hand: int, trick: tuple[int, ...]) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (the cards played so far).

    :func:`follow_mask` of the trick's suit and highest trump, written out here: the play
    asks this at every card, and the highest trump is looked for only when the hand must
    trump.
    """
    if not trick:
        return hand
    led = LEADS[trick[0]]
    if not led:  # the Excuse led: the next card sets the suit
        if len(trick) == 1:
            return hand
        led = LEADS[trick[1]]
    excuse = hand & _EXCUSE
    if led != _TRUMPS:
        follow = hand & led
        if follow:
            return follow | excuse
    trumps = hand & _TRUMPS
    if not trumps:
        return hand
    top = -1
    for index in trick:
        if index < EXCUSE_INDEX and index > top:
            top = index
    higher = trumps >> (top + 1) << (top + 1)
    return (higher or trumps) | excuse


def refusal(hand: int, trick: tuple[int, ...], index: int) -> Rule:
    """The rule broken by playing card ``index`` from ``hand``, given it is not legal."""
    if not hand >> index & 1:
        return Rule.CARD_NOT_IN_HAND
    led = led_suit_mask(trick)
    if hand & led and (led != _masks.TRUMPS or index > EXCUSE_INDEX):
        return Rule.MUST_FOLLOW_SUIT
    if index < EXCUSE_INDEX:
        return Rule.MUST_OVERTRUMP
    return Rule.MUST_TRUMP


def winning_position(trick: tuple[int, ...]) -> int:
    """The position in ``trick`` of the card that wins it, the Excuse never winning.

    The highest trump wins; without trumps, the highest card of the suit that was led.
    """
    best = -1
    best_pos = 0
    led = -1
    for pos, index in enumerate(trick):
        if index < EXCUSE_INDEX:
            if best >= EXCUSE_INDEX or index > best:
                best, best_pos = index, pos
        elif index > EXCUSE_INDEX:
            suit = (index - 22) // 14
            if led < 0:
                led = suit
                if best < 0:
                    best, best_pos = index, pos
            elif suit == led and best > EXCUSE_INDEX and index > best:
                best, best_pos = index, pos
    return best_pos


def excuse_wins_last_trick(camp: int, owner: int, tricks: Iterable[Trick]) -> bool:
    """Whether the Excuse, played by ``owner`` to the last trick, wins it.

    It does when the owner's camp won every earlier trick (``tricks``): the slam exception.
    ``camp`` is the taker's camp as a mask of seats (bit ``s`` for each attacker ``s``).
    """
    attack = camp >> owner & 1
    return all(camp >> trick.winner & 1 == attack for trick in tricks)


def trick_winner(
    rules: Rules, camp: int, leader: int, trick: tuple[int, ...], earlier: Sequence[Trick]
) -> int:
    """The seat that wins the complete ``trick`` led by ``leader``, after ``earlier`` tricks.

    The best card wins (see :func:`winning_position`), except on the last trick, which the
    Excuse wins when its player's camp (``camp``, a mask of the taker's seats) won every
    earlier trick.
    """
    order = _flow.TRICK_ORDER[len(trick)][leader]
    winner = order[winning_position(trick)]
    if len(earlier) == rules.hand_size - 1 and EXCUSE_INDEX in trick:
        owner = order[trick.index(EXCUSE_INDEX)]
        if excuse_wins_last_trick(camp, owner, earlier):
            return owner
    return winner


def played_by_seat(seats: int, plays: Iterable[tuple[int, Sequence[Card]]]) -> list[int]:
    """The cards each seat played, one mask per seat, from each trick's leader and cards.

    ``plays`` holds ``(leader, cards)`` for the completed tricks and the trick in progress.
    """
    played = [0] * seats
    orders = _flow.TRICK_ORDER[seats]
    for leader, cards in plays:
        for seat, card in zip(orders[leader], cards, strict=False):
            played[seat] |= 1 << card.index
    return played


NO_LIMIT: Final = 20
"""In :func:`proven`'s limits: nothing proven (the 21 of trumps, index 20, may be held)."""


def proven(
    seats: int, tricks: Sequence[Trick], leader: int | None, trick: Sequence[int]
) -> tuple[list[int], list[int]]:
    """What the play so far proves of each seat's hand: its void suits and highest trump.

    ``tricks`` are the completed tricks; ``trick`` the indices of the trick in progress,
    led by ``leader``. A seat that plays neither the led suit nor (on a plain lead) a trump
    is proven void of it, and without trumps; a trump below one already in the trick proves
    that it holds none above that one (it would have had to overtrump). The Excuse, which
    may always be played, proves nothing.

    Returns:
        Per seat, the plain suits proven void (bit ``s`` for suit ``s``), and the index of
        the highest trump it may still hold (-1 for none, :data:`NO_LIMIT` when nothing is
        proven).
    """
    suits = [0] * seats
    limits = [NO_LIMIT] * seats
    orders = _flow.TRICK_ORDER[seats]
    plays = [(done.leader, tuple([card.index for card in done.cards])) for done in tricks]
    if leader is not None and trick:
        plays.append((leader, tuple(trick)))
    for first, cards in plays:
        led = -1  # -1 while no card sets the suit; 4 for trumps
        top = -1
        for seat, index in zip(orders[first], cards, strict=False):
            if index == EXCUSE_INDEX:
                continue
            suit = 4 if index < EXCUSE_INDEX else _masks.SUIT_OF_INDEX[index]
            if led < 0:
                led = suit
            elif suit != led:
                if led < 4:
                    suits[seat] |= 1 << led
                if suit < 4:  # neither followed nor trumped: no trump at all
                    limits[seat] = -1
            if suit == 4:
                if index < top:  # could not overtrump
                    limits[seat] = min(limits[seat], top)
                top = max(top, index)
    return suits, limits
