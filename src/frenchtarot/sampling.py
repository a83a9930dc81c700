"""Worlds consistent with what one seat knows: :func:`sample_state`.

A player sees only its :class:`~frenchtarot.Observation`; search needs whole states.
:func:`sample_state` draws one of the deals the seat cannot tell apart from the real one,
uniformly, and plays the deal's public history again on it, so that the result is a real
reachable :class:`~frenchtarot.State` that gives the seat exactly the same observation.

What an observation implies about the hidden cards (see :func:`constraints`):

- the seat's own cards, and every card it has seen: the cards played, the dog when it is
  shown, the trumps put in the écart, the handfuls, the spread hand of a petit sec;
- how many cards each seat holds, and how many écart cards the seat did not see;
- the voids proven by play: a seat that did not follow a suit holds none of it; one that
  neither followed nor trumped holds no trump; one that played a trump under the highest
  trump of the trick holds none above it (see :attr:`Observation.trump_limits
  <frenchtarot.Observation.trump_limits>`); a handful showing the Excuse shows every trump;
- the écart: the unseen écart cards are suit cards other than Kings, from the taker's
  hand or the dog; once the taker has put a trump aside, they had fewer such cards than
  cards left to put aside, so they hold at most as many as there are still to put aside
  (none once the écart is complete);
- with five players, the call: calling a Queen proves that the taker holds the four Kings
  (a Knight, the Kings and Queens; a Jack, the Kings, Queens and Knights). The partner is
  whoever holds the called card: the seat's observation says who only when the seat may
  know it, and every sampled world agrees with it;
- nobody holds a petit sec unless the deal was annulled for one (it would have been).

Every world consistent with these is equally likely: the players' bids and cards are not
taken as evidence about their hands (the usual assumption of determinized search, such as
Perfect Information Monte Carlo and ISMCTS).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Iterator
from typing import Final

import attrs

from frenchtarot._checks import describe_value
from frenchtarot._core import calling as _calling
from frenchtarot._core import ecart as _ecart
from frenchtarot._core import masks as _masks
from frenchtarot._core import tricks as _tricks
from frenchtarot._core.shuffle import is_petit_sec
from frenchtarot._core.state import State
from frenchtarot._deal_values import AnnulReason
from frenchtarot._dealing import deal_from
from frenchtarot._engine import act
from frenchtarot.actions import Action, Discard
from frenchtarot.cards import Card, Suit
from frenchtarot.errors import (
    IllegalActionError,
    InconsistentObservationError,
    InvalidDealError,
    TarotTypeError,
)
from frenchtarot.observation import Observation, observe

__all__ = ["Constraints", "InconsistentObservationError", "constraints", "sample_state"]

_ORDINARY: Final[int] = _ecart.ORDINARY
_LEVELS: Final = _calling.LEVELS
_FACTORIALS: Final[tuple[int, ...]] = tuple(
    functools.reduce(int.__mul__, range(1, n + 1), 1) for n in range(79)
)
_SUIT_NUMBERS: Final = {suit: number for number, suit in enumerate(Suit)}
#: Draws refused (a petit sec) before :func:`sample_state` gives up.
_MAX_DRAWS: Final = 10_000


@attrs.frozen
class Constraints:
    """What one seat's observation proves about where the cards it has not seen are.

    Make them with :func:`constraints`. Cards are given in canonical order.

    Attributes:
        seat: The observing seat.
        held: Per seat, the cards it is known to hold now: its own hand for the observing
            seat; the handful cards not yet played for the others (and, with five players,
            the Kings, Queens or Knights a call of a lower card proves the taker holds).
        hidden: The cards whose place the seat does not know.
        excluded: Per seat, the hidden cards it cannot hold (proven voids, the Excuse shown
            in a handful, the taker's ordinary cards once a trump went to the écart).
        hand_sizes: How many cards each seat holds.
        dog: How many cards of the dog are hidden (0 once the dog is shown, or for a taker
            who sees it).
        ecart: How many écart cards the seat did not see; they are suit cards other than
            Kings, from the taker's hand or the dog.
        ordinary_limit: The most suit cards other than Kings the taker may still hold, when
            the écart proves a limit (a trump put aside); ``None`` otherwise.
    """

    seat: int
    held: tuple[tuple[Card, ...], ...]
    hidden: tuple[Card, ...]
    excluded: tuple[tuple[Card, ...], ...]
    hand_sizes: tuple[int, ...]
    dog: int
    ecart: int
    ordinary_limit: int | None


def constraints(observation: Observation) -> Constraints:
    """What ``observation`` proves about the cards its seat has not seen.

    Args:
        observation: Any seat's observation.

    Returns:
        The :class:`Constraints`.

    Raises:
        TarotTypeError: ``observation`` is not an :class:`~frenchtarot.Observation`.

    >>> import frenchtarot as ft
    >>> from frenchtarot.sampling import constraints
    >>> known = constraints(ft.observe(ft.new_deal(seed=1), 0))
    >>> len(known.hidden), known.dog, known.hand_sizes
    (60, 6, (18, 18, 18, 18))
    """
    _check(observation)
    return _sampler(observation).constraints


def sample_state(observation: Observation, rng: random.Random) -> State:
    """A state drawn uniformly among those that give ``observation`` to its seat.

    The hidden cards are dealt at random under the :class:`Constraints` the observation
    implies, then the deal is set up with :func:`~frenchtarot.deal_from` and its history
    (with the écart cards the seat did not see filled in, in random order) is taken again
    with :func:`~frenchtarot.act`. The result is a reachable state, and ``observe(result,
    observation.seat) == observation``. Every such state is equally likely. The world is
    dealt and played under the observation's :attr:`~frenchtarot.Observation.rules`, house
    rules included, so its legal actions and its score are the table's.

    The work that depends on the observation only is cached, so drawing many worlds for
    one observation is cheap after the first.

    Args:
        observation: The seat's observation, as :func:`~frenchtarot.observe` made it.
        rng: The random generator the draw uses.

    Returns:
        A state consistent with everything the seat knows.

    Raises:
        InconsistentObservationError: No state gives this observation (it was built by
            hand, not by :func:`~frenchtarot.observe`).
        TarotTypeError: ``observation`` is not an :class:`~frenchtarot.Observation`, or
            ``rng`` not a :class:`random.Random`.

    >>> import random
    >>> import frenchtarot as ft
    >>> from frenchtarot.sampling import sample_state
    >>> state = ft.new_deal(seed=4)
    >>> for word in ("pass", "garde", "pass", "pass"):
    ...     state = ft.apply(state, ft.parse_action(word))
    >>> view = ft.observe(state, 0)
    >>> world = sample_state(view, random.Random(1))
    >>> world.hand(0) == state.hand(0), ft.observe(world, 0) == view, world == state
    (True, True, False)
    """
    _check(observation)
    if not isinstance(rng, random.Random):
        raise TarotTypeError(f"rng must be a random.Random, not {describe_value(rng)}")
    sampler = _sampler(observation)
    for _ in range(_MAX_DRAWS):
        state = sampler.draw(rng)
        if state is not None:
            return state
    raise InconsistentObservationError(  # pragma: no cover - a petit sec every time
        f"no consistent deal found in {_MAX_DRAWS} draws for {observation!r}"
    )


def _check(observation: object) -> None:
    if not isinstance(observation, Observation):
        raise TarotTypeError(f"expected an Observation, not {describe_value(observation)}")


# Where a hidden card may be: a seat's hand (the taker's split in two when the écart limits
# its ordinary cards), the face-down dog, or the unseen écart cards.
_SEAT: Final = 0
_DOG: Final = 1
_ECART: Final = 2


@attrs.frozen
class _Place:
    kind: int
    seat: int  # the seat for _SEAT, else -1
    accepts: int  # the mask of cards allowed here


class _Sampler:
    """Everything needed to draw worlds for one observation, computed once."""

    def __init__(self, observation: Observation) -> None:
        self.observation = observation
        rules = observation.rules
        seats = rules.seats
        me = observation.seat
        taker = observation.taker
        plays = [(t.leader, t.cards) for t in observation.tricks]
        if observation.leader is not None:
            plays.append((observation.leader, observation.current_trick))
        played = _tricks.played_by_seat(seats, plays)
        self.played = played
        shown_ecart = _masks.mask_of(observation.shown_discard)
        held = [0] * seats
        held[me] = _masks.mask_of(observation.hand)
        excluded = [0] * seats
        for handful in observation.handfuls:
            shown = _masks.mask_of(handful.cards)
            if handful.seat != me:
                held[handful.seat] |= shown & ~played[handful.seat] & ~shown_ecart
            if shown & _masks.EXCUSE:  # every trump held was shown
                excluded[handful.seat] |= _masks.TRUMPS & ~shown
        annulment = observation.annulment
        self.petit_sec_seat = -1
        if observation.shown_hand is not None and annulment is not None:
            assert annulment.seat is not None
            held[annulment.seat] = _masks.mask_of(observation.shown_hand)
            if annulment.reason is AnnulReason.PETIT_SEC:
                self.petit_sec_seat = annulment.seat
        for seat, (voids, limit) in enumerate(
            zip(observation.voids, observation.trump_limits, strict=True)
        ):
            for suit in voids:
                excluded[seat] |= _masks.SUITS[_SUIT_NUMBERS[suit]]
            if limit is not None:  # no trump above the trump ``limit`` (index limit - 1)
                excluded[seat] |= _masks.TRUMPS & ~((1 << limit) - 1)
        # The call of a Queen, Knight or Jack proves the taker held every card above.
        forced = 0
        called = observation.called
        if called is not None and taker is not None and taker != me:
            for level in _LEVELS:
                if level >> called.index & 1:
                    break
                forced |= level
            forced &= ~held[taker]
            for seat in range(seats):
                forced &= ~played[seat]
            held[taker] |= forced & ~_ORDINARY
            forced &= _ORDINARY  # a forced Queen or Knight may be in the écart
        dog_shown = observation.dog is not None
        self.dog_shown = dog_shown
        self.dog = _masks.mask_of(observation.dog) if observation.dog is not None else 0
        self.my_discard = (
            _masks.mask_of(observation.discard) if observation.discard is not None else 0
        )
        self.shown_ecart = shown_ecart
        self.hidden_slots = tuple(n for n, a in enumerate(observation.history) if a is None)
        ecart = len(self.hidden_slots)
        located = shown_ecart | self.my_discard
        for seat in range(seats):
            located |= held[seat] | played[seat]
        hidden = _masks.FULL & ~located
        taken = self.dog & hidden if taker is not None and taker != me else 0
        ordinary_limit: int | None = None
        if dog_shown and shown_ecart and taker is not None and taker != me:
            ordinary_limit = (
                rules.dog_size
                - shown_ecart.bit_count()
                - ecart
                - (played[taker] & _ORDINARY).bit_count()
            )
        places: list[_Place] = []
        capacities: list[int] = []
        split = -1  # the position of the taker's ordinary cards, when limited
        for seat in range(seats):
            if seat == me:
                continue
            accepts = hidden & ~excluded[seat]
            if seat != taker:
                accepts &= ~(taken | forced)
            room = observation.hand_sizes[seat] - held[seat].bit_count()
            if seat == taker and ordinary_limit is not None:
                split = len(places)
                places.append(_Place(_SEAT, seat, accepts & _ORDINARY))
                places.append(_Place(_SEAT, seat, accepts & ~_ORDINARY))
                capacities += [0, room]
            else:
                places.append(_Place(_SEAT, seat, accepts))
                capacities.append(room)
        if not dog_shown:
            places.append(_Place(_DOG, -1, hidden & ~forced))
            capacities.append(rules.dog_size)
        if ecart:
            places.append(_Place(_ECART, -1, hidden & _ORDINARY))
            capacities.append(ecart)
        self.places = tuple(places)
        if min(capacities, default=0) < 0 or sum(capacities) != hidden.bit_count():
            raise InconsistentObservationError(f"no deal gives the observation {observation!r}")
        self.constraints = Constraints(
            me,
            tuple(_masks.cards(mask) for mask in held),
            _masks.cards(hidden),
            tuple(_masks.cards(mask & hidden) for mask in excluded),
            observation.hand_sizes,
            0 if dog_shown else rules.dog_size,
            ecart,
            ordinary_limit,
        )
        self.held = held
        # The hidden cards, grouped by the places that accept them; the most widely
        # accepted group last (it is dealt by a closed formula).
        groups: dict[int, list[Card]] = {}
        for index in _masks.indices(hidden):
            where = 0
            for number, place in enumerate(places):
                if place.accepts >> index & 1:
                    where |= 1 << number
            groups.setdefault(where, []).append(Card.from_index(index))
        order = sorted(groups, key=lambda where: (where.bit_count(), where))
        self.groups = tuple((where, tuple(groups[where])) for where in order)
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}
        scenarios: list[tuple[int, ...]] = []
        if split >= 0:
            assert ordinary_limit is not None
            room = capacities[split + 1]
            for ordinary in range(max(0, min(ordinary_limit, room)) + 1):
                caps = list(capacities)
                caps[split], caps[split + 1] = ordinary, room - ordinary
                scenarios.append(tuple(caps))
        else:
            scenarios.append(tuple(capacities))
        weighted = [(caps, self._count(0, caps)) for caps in scenarios]
        self.scenarios = tuple((caps, count) for caps, count in weighted if count)
        self.total = sum(count for _caps, count in self.scenarios)
        if not self.total:
            raise InconsistentObservationError(f"no deal gives the observation {observation!r}")

    def _count(self, group: int, caps: tuple[int, ...]) -> int:
        """How many ways to deal the groups from ``group`` on into places with ``caps``."""
        groups = self.groups
        if group == len(groups):
            return 0 if any(caps) else 1
        key = (group, caps)
        memo = self.memo
        if key in memo:
            return memo[key]
        where, cards = groups[group]
        if group == len(groups) - 1:
            total = 0
            if all(not cap or where >> n & 1 for n, cap in enumerate(caps)):
                total = _multinomial(len(cards), caps)
        elif group == len(groups) - 2:
            total = self._pair(caps)[0]
        else:
            total = 0
            for split in _splits(where, len(cards), caps):
                rest = tuple(c - s for c, s in zip(caps, split, strict=True))
                ways = self._count(group + 1, rest)
                if ways:
                    total += _multinomial(len(cards), split) * ways
        memo[key] = total
        return total

    def _pair(self, caps: tuple[int, ...]) -> tuple[int, list[int], list[int]]:
        """The ways to deal the last two groups into ``caps``, in closed form.

        Group A (the second-last) must fill the places only it accepts; it spreads the rest
        of its cards over the places both accept, where group B takes what is left. Summed
        over A's spreads, the products of multinomials come to ``a! b! / prod(caps!)``
        times ``C(room both accept, cards of A left)`` (Vandermonde's identity). Also
        returns the places both accept and what A puts in each forced place.
        """
        (first, cards_a), (second, cards_b) = self.groups[-2:]
        shared: list[int] = []
        forced = [0] * len(caps)
        left = len(cards_a)
        room = 0
        for n, cap in enumerate(caps):
            if not cap:
                continue
            a, b = first >> n & 1, second >> n & 1
            if a and b:
                shared.append(n)
                room += cap
            elif a:
                forced[n] = cap
                left -= cap
            elif not b:
                return 0, shared, forced
        if not 0 <= left <= room:
            return 0, shared, forced
        ways = _FACTORIALS[len(cards_a)] * _FACTORIALS[len(cards_b)] * math.comb(room, left)
        for cap in caps:
            ways //= _FACTORIALS[cap]  # exact: the total is a sum of whole numbers
        return ways, shared, forced

    def draw(self, rng: random.Random) -> State | None:
        """One world, or ``None`` when the draw gave someone a petit sec (draw again)."""
        pick = rng.randrange(self.total)
        caps = self.scenarios[-1][0]
        for scenario, count in self.scenarios:
            if pick < count:
                caps = scenario
                break
            pick -= count
        places = self.places
        got = [0] * len(places)
        groups = self.groups
        last = len(groups) - 1
        for group, (where, cards) in enumerate(groups):
            if group == last:
                split = caps
            elif group == last - 1:  # a multivariate hypergeometric draw
                _ways, shared, forced = self._pair(caps)
                urn = [n for n in shared for _ in range(caps[n])]
                chosen = list(forced)
                for n in rng.sample(urn, len(cards) - sum(forced)):
                    chosen[n] += 1
                split = tuple(chosen)
                caps = tuple(c - s for c, s in zip(caps, split, strict=True))
            else:
                choice = rng.randrange(self._count(group, caps))
                for split in _splits(where, len(cards), caps):
                    rest = tuple(c - s for c, s in zip(caps, split, strict=True))
                    ways = _multinomial(len(cards), split) * self._count(group + 1, rest)
                    if choice < ways:
                        break
                    choice -= ways
                caps = rest
            shuffled = list(cards)
            rng.shuffle(shuffled)
            start = 0
            for number, size in enumerate(split):
                for card in shuffled[start : start + size]:
                    got[number] |= 1 << card.index
                start += size
        return self._build(got, rng)

    def _build(self, got: list[int], rng: random.Random) -> State | None:
        observation = self.observation
        rules = observation.rules
        taker = observation.taker
        hands = list(self.held)
        dog = self.dog
        ecart = 0
        for place, cards in zip(self.places, got, strict=True):
            if place.kind == _SEAT:
                hands[place.seat] |= cards
            elif place.kind == _DOG:
                dog = cards
            else:
                ecart = cards
        for seat in range(rules.seats):
            hands[seat] |= self.played[seat]
        if self.dog_shown and taker is not None:
            put_aside = self.my_discard | self.shown_ecart | ecart
            hands[taker] = (hands[taker] | put_aside) & ~self.dog
        for seat, hand in enumerate(hands):
            if is_petit_sec(hand) and seat != self.petit_sec_seat:
                return None
        history: list[Action | None] = list(observation.history)
        unseen = _masks.cards(ecart)
        if unseen:
            order = list(unseen)
            rng.shuffle(order)
            for slot, card in zip(self.hidden_slots, order, strict=True):
                history[slot] = Discard(card)
        try:
            state = deal_from(
                [_masks.cards(hand) for hand in hands],
                _masks.cards(dog),
                dealer=observation.dealer,
                rules=rules,
            )
            for action in history:
                assert action is not None and state.current is not None
                state = act(state, action, state.current)
        except (IllegalActionError, InvalidDealError) as error:
            raise InconsistentObservationError(
                f"no deal gives the observation {observation!r}: {error}"
            ) from None
        if observe(state, observation.seat) != observation:
            raise InconsistentObservationError(
                f"no deal gives the observation {observation!r} (it differs from what "
                "observe makes of a deal with these cards and this history)"
            )
        return state


@functools.lru_cache(maxsize=32)
def _sampler(observation: Observation) -> _Sampler:
    return _Sampler(observation)


def _multinomial(size: int, split: tuple[int, ...]) -> int:
    """The ways to deal ``size`` distinct cards into groups of the sizes in ``split``."""
    ways = _FACTORIALS[size]
    for part in split:
        ways //= _FACTORIALS[part]
    return ways


def _splits(where: int, size: int, caps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to spread ``size`` cards over the places in ``where``, within ``caps``."""
    allowed = [n for n in range(len(caps)) if where >> n & 1 and caps[n]]
    split = [0] * len(caps)

    def spread(position: int, left: int) -> Iterator[tuple[int, ...]]:
        if position == len(allowed) - 1:
            place = allowed[position]
            if left <= caps[place]:
                split[place] = left
                yield tuple(split)
                split[place] = 0
            return
        place = allowed[position]
        room = sum(caps[n] for n in allowed[position + 1 :])
        for count in range(max(0, left - room), min(left, caps[place]) + 1):
            split[place] = count
            yield from spread(position + 1, left - count)
        split[place] = 0

    if not allowed:
        if size == 0:
            yield tuple(split)
        return
    yield from spread(0, size)
