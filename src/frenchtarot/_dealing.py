"""Dealing: the seeded physical deal, deals from explicit hands, and the petit sec."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence, Sized

from frenchtarot._checks import describe_value, quote, whole_number
from frenchtarot._core.shuffle import BITS, shuffle_and_deal, start
from frenchtarot._core.state import State
from frenchtarot.cards import Card
from frenchtarot.errors import (
    InvalidDealerError,
    InvalidDealError,
    InvalidDealTypeError,
    NotationError,
    TarotTypeError,
)
from frenchtarot.rules import FOUR_PLAYER, RULES_BY_SEATS, Rules

__all__ = ["deal_from", "new_deal"]


def new_deal(*, dealer: int = 0, seed: int | None = None, rules: Rules = FOUR_PLAYER) -> State:
    """Deal a new deal the way it is done at the table.

    The pack is shuffled, cut (leaving at least three cards on each side) and dealt in
    packets (three cards, four with three players) from the seat after the dealer, while
    the dog's cards go aside one at a time, never the first nor the last card of the pack.
    Every random choice is drawn from ``random.Random(seed).random()``, so a seed gives the
    same deal on every Python version.

    Args:
        dealer: The dealing seat, from 0 to ``rules.seats - 1``.
        seed: The seed, 0 or more; ``None`` draws one from the operating system. (Negative
            seeds are refused: Python seeds ``-n`` and ``n`` alike, so they would repeat
            the deals of positive seeds.)
        rules: The table size: :data:`~frenchtarot.THREE_PLAYER`,
            :data:`~frenchtarot.FOUR_PLAYER` (the default) or
            :data:`~frenchtarot.FIVE_PLAYER`.

    Returns:
        The state at the start of the bidding, or an annulled terminal state when a player
        holds the Petit as their only trump, without the Excuse (a *petit sec*).

    Raises:
        InvalidDealError: ``dealer`` is not a seat (an :class:`InvalidDealerError`, also an
            :class:`InvalidSeatError`), or ``seed`` is negative; an
            :class:`InvalidDealTypeError` (also a :class:`TypeError`) when ``dealer`` or
            ``seed`` is not an integer or ``rules`` not a :class:`~frenchtarot.Rules`.

    >>> import frenchtarot as ft
    >>> state = ft.new_deal(seed=1)
    >>> state.phase, state.current, [len(hand) for hand in state.hands], len(state.dog)
    (Phase.BIDDING, 1, [18, 18, 18, 18], 6)
    >>> state = ft.new_deal(seed=1, rules=ft.FIVE_PLAYER)
    >>> [len(hand) for hand in state.hands], len(state.dog)
    ([15, 15, 15, 15, 15], 3)
    """
    rules = _check_rules(rules)
    dealer = _check_dealer(dealer, rules)
    if seed is not None:
        seed = check_seed(seed)
    hands, dog = shuffle_and_deal(random.Random(seed), rules, dealer, BITS)
    return start(rules, dealer, tuple(map(sum, hands)), sum(dog))


def check_seed(seed: object) -> int:
    """``seed`` as an ``int`` if it is a valid deal seed: any integer type, 0 or more.

    Raises:
        InvalidDealError: ``seed`` is negative.
        InvalidDealTypeError: ``seed`` is not an integer (``bool`` included).
    """
    try:
        value = whole_number(seed, "seed")
    except TarotTypeError as error:
        raise InvalidDealTypeError(str(error)) from None
    if value < 0:
        raise InvalidDealError(
            f"seed must be 0 or more, not {value} (Python seeds -n like n, so a negative "
            "seed would repeat a deal)"
        )
    return value


def deal_from(
    hands: Sequence[Iterable[Card | str]],
    dog: Iterable[Card | str],
    *,
    dealer: int = 0,
    rules: Rules | None = None,
) -> State:
    """Set up a deal from given hands and dog (for replays, puzzles, duplicate play).

    Args:
        hands: One hand per seat, seat 0 first, as :class:`Card` objects or their notation
            (``"KH"``, ``"T21"``, ``"EX"``): 3 hands of 24 cards, 4 of 18 or 5 of 15.
        dog: The cards of the dog (6, or 3 with five players).
        dealer: The dealing seat, from 0 to ``rules.seats - 1``.
        rules: The table size; ``None`` takes the FFT rules for the number of hands given.

    Returns:
        The state at the start of the bidding, or an annulled terminal state for a petit sec.

    Raises:
        InvalidDealError: A count is wrong, a card is unknown, repeated or missing, or the
            dealer is not a seat. The message says which. A value of the wrong type raises
            its subclass :class:`InvalidDealTypeError`, which is also a :class:`TypeError`.

    >>> import frenchtarot as ft
    >>> deck = [str(card) for card in ft.DECK]
    >>> state = ft.deal_from([deck[0:18], deck[18:36], deck[36:54], deck[54:72]], deck[72:])
    >>> state.hand(1)[:4]
    (Card.parse('T19'), Card.parse('T20'), Card.parse('T21'), Card.parse('EX'))
    """
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise InvalidDealTypeError(
            f"hands must be a sequence of 3, 4 or 5 hands, not {describe_value(hands)}"
        )
    if rules is None:
        if len(hands) not in RULES_BY_SEATS:
            raise InvalidDealError(f"expected 3, 4 or 5 hands, got {len(hands)}")
        rules = RULES_BY_SEATS[len(hands)]
    rules = _check_rules(rules)
    if len(hands) != rules.seats:
        raise InvalidDealError(
            f"expected {rules.seats} hands for the {rules.name} game, got {len(hands)}"
        )
    dealer = _check_dealer(dealer, rules)
    places = [f"seat {seat}" for seat in range(rules.seats)] + ["the dog"]
    sizes = [rules.hand_size] * rules.seats + [rules.dog_size]
    masks: list[int] = []
    where: dict[Card, str] = {}
    for place, size, group in zip(places, sizes, [*hands, dog], strict=True):
        cards = _read_cards(place, group, size)
        if len(cards) != size:
            got = str(len(cards))
            if len(cards) > size:
                got = str(len(group)) if isinstance(group, Sized) else f"more than {size}"
            raise InvalidDealError(f"{place} must have {size} cards, got {got}")
        mask = 0
        for card in cards:
            if card in where:
                raise InvalidDealError(f"{card} is dealt twice: to {where[card]} and to {place}")
            where[card] = place
            mask |= 1 << card.index
        masks.append(mask)
    return start(rules, dealer, tuple(masks[:-1]), masks[-1])


def _read_cards(place: str, group: Iterable[Card | str], size: int) -> list[Card]:
    """The cards of ``group``, read no further than one past ``size`` (so never endlessly)."""
    if isinstance(group, (str, bytes, Card)) or not isinstance(group, Iterable):
        raise InvalidDealTypeError(
            f"the cards of {place} must be an iterable, not {type(group).__name__}"
        )
    cards = []
    for item in itertools.islice(group, size + 1):
        if isinstance(item, Card):
            cards.append(item)
        elif isinstance(item, str):
            try:
                cards.append(Card.parse(item))
            except NotationError as error:
                raise InvalidDealError(f"unknown card {quote(item)} in {place}") from error
        else:
            raise InvalidDealTypeError(
                f"{describe_value(item)} in {place} is not a card or a card's notation"
            )
    return cards


def _check_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise InvalidDealTypeError(
            f"rules must be a Rules value such as FOUR_PLAYER, not {describe_value(rules)}"
        )
    return rules


def _check_dealer(dealer: object, rules: Rules) -> int:
    try:
        seat = whole_number(dealer, "dealer")
    except TarotTypeError as error:
        raise InvalidDealTypeError(
            f"dealer must be a seat from 0 to {rules.seats - 1}, not {describe_value(dealer)}"
        ) from error
    if not 0 <= seat < rules.seats:
        raise InvalidDealerError(f"dealer must be a seat from 0 to {rules.seats - 1}, not {seat}")
    return seat
