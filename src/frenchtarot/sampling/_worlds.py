"""What one observation implies (:class:`Constraints`), and the worlds drawn from it.

:class:`Sampler` does all the work that depends on the observation only, once: it checks
the observation (:func:`._validate.check_observation`), finds where each hidden card may be,
counts the deals (:class:`._count.Dealing`, or the fallback :class:`._chain.Chain` past the
budget), and then draws worlds and replays the history on them.
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

import attrs

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
)
from frenchtarot.observation import Observation, observe
from frenchtarot.sampling._chain import Chain
from frenchtarot.sampling._count import Dealing
from frenchtarot.sampling._validate import check_observation

__all__ = ["BUDGET", "Constraints", "Dealt", "Sampler"]

_ORDINARY: Final[int] = _ecart.ORDINARY
_LEVELS: Final = _calling.LEVELS
_SUIT_NUMBERS: Final = {suit: number for number, suit in enumerate(Suit)}

BUDGET = 100_000
"""The most spreads of a group the exact count tries (see :class:`._count.Dealing`) before
the sampler falls back on the Markov chain (:class:`._chain.Chain`). The heaviest real
positions found need under 2,000 (``tests/test_sampling_budget.py``)."""


@attrs.frozen
class Constraints:
    """What one seat's observation proves about where the cards it has not seen are.

    Make them with :func:`~frenchtarot.sampling.constraints`. Cards are given in canonical
    order.

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


class Dealt(NamedTuple):
    """The cards of one world as masks: the hands as dealt, the dog, the unseen écart."""

    hands: tuple[int, ...]
    """Each seat's hand when it was dealt (before the dog was taken)."""
    dog: int
    """The dog as dealt."""
    ecart: int
    """The écart cards the observing seat did not see (0 when it saw them all)."""


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


def _no_deal(observation: Observation, why: str) -> InconsistentObservationError:
    return InconsistentObservationError(f"no deal gives the observation {observation!r}: {why}")


class Sampler:
    """Everything needed to draw worlds for one observation, computed once.

    Raises:
        InconsistentObservationError: No deal gives the observation.
        TarotTypeError: A field of the observation has the wrong type.
    """

    def __init__(self, observation: Observation, budget: int | None = None) -> None:
        check_observation(observation)
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
        shown_hand = observation.shown_hand
        if shown_hand is not None and annulment is not None and annulment.seat is not None:
            held[annulment.seat] = _masks.mask_of(shown_hand)  # checked: a petit sec's
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
            raise _no_deal(
                observation,
                f"{hidden.bit_count()} cards are hidden from it, and the hands, dog and écart "
                f"it does not see hold {sum(capacities)}",
            )
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
        # The hidden cards, grouped by the places that accept them: the most widely accepted
        # groups last, and of those accepted as widely the largest (the later a group, the
        # fewer places the groups after it still tell apart, so the fewer ways to try).
        atoms = [(0, hidden)] if hidden else []  # (the places that accept them, the cards)
        for number, place in enumerate(places):
            refined = []
            for where, cards in atoms:
                inside = cards & place.accepts
                if inside:
                    refined.append((where | 1 << number, inside))
                if cards & ~inside:
                    refined.append((where, cards & ~inside))
            atoms = refined
        atoms.sort(key=lambda atom: (atom[0].bit_count(), atom[1].bit_count(), atom[0]))
        self.groups = tuple((where, tuple(_masks.indices(cards))) for where, cards in atoms)
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
        budget = BUDGET if budget is None else budget
        self.dealing: Dealing | None = Dealing(self.groups, len(places), budget)
        self.chain: Chain | None = None
        weighted = [(caps, self.dealing.count(caps)) for caps in scenarios]
        if self.dealing.over:
            self.dealing = None
            try:
                self.chain = Chain(
                    self.groups,
                    tuple(place.accepts for place in places),
                    tuple(scenarios),
                    split,
                    ordinary_limit if ordinary_limit is not None else 0,
                    _ORDINARY,
                )
            except ValueError:
                raise _no_deal(observation, "no deal of the hidden cards fits it") from None
        #: Each size of the places with the number of deals into it (0 past the budget).
        self.scenarios = tuple((caps, count or 0) for caps, count in weighted if count)
        #: The number of deals of the hidden cards, or ``None`` past the budget.
        self.total: int | None = sum(count for _caps, count in self.scenarios)
        if self.chain is not None:
            self.total = None
        elif not self.total:
            raise _no_deal(observation, "no deal of the hidden cards fits it")

    @property
    def exact(self) -> bool:
        """Whether the draws are exactly uniform (the count was within the budget)."""
        return self.chain is None

    def deal(self, rng: random.Random) -> Dealt | None:
        """The deal of one world, or ``None`` when it gives someone a petit sec.

        The hands as dealt, before the dog went anywhere, and the cards of the dog and of
        the écart the seat did not see. :meth:`build` makes the world's state of it.
        """
        if self.chain is not None:
            got = self.chain.draw(rng)
        else:
            assert self.dealing is not None and self.total is not None
            pick = rng.randrange(self.total)
            caps = self.scenarios[-1][0]
            for scenario, count in self.scenarios:
                if pick < count:
                    caps = scenario
                    break
                pick -= count
            got = self.dealing.draw(caps, rng)
        taker = self.observation.taker
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
        for seat, played in enumerate(self.played):
            hands[seat] |= played
        if self.dog_shown and taker is not None:
            put_aside = self.my_discard | self.shown_ecart | ecart
            hands[taker] = (hands[taker] | put_aside) & ~self.dog
        for seat, hand in enumerate(hands):
            if is_petit_sec(hand) and seat != self.petit_sec_seat:
                return None
        return Dealt(tuple(hands), dog, ecart)

    def build(self, dealt: Dealt, rng: random.Random) -> State:
        """The world of a deal :meth:`deal` made: its history replayed on it."""
        observation = self.observation
        rules = observation.rules
        hands, dog, ecart = dealt
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
        except InvalidDealError:
            raise _no_deal(observation, "its cards do not make a deal") from None
        for number, action in enumerate(history):
            assert action is not None  # every hidden slot was filled
            if state.current is None:
                raise _no_deal(
                    observation, f"its history goes on after the deal is over (action {number})"
                )
            try:
                state = act(state, action, state.current)
            except IllegalActionError as error:
                shown = "discard ?" if number in self.hidden_slots else action
                raise _no_deal(
                    observation,
                    f"its history cannot be replayed: action {number} ({shown}) is refused "
                    f"({error.rule.value})",
                ) from None
        if observe(state, observation.seat) != observation:
            raise _no_deal(
                observation,
                "it differs from what observe makes of a deal with these cards and this history",
            )
        return state
