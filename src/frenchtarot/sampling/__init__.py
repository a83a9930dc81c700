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
Perfect Information Monte Carlo and ISMCTS). The sampler counts these worlds exactly and
draws one uniformly, within a work budget that no position of a real deal comes near; past
it, it falls back on a Markov chain whose draws are close to uniform (see
:func:`sample_state`).

An observation built or changed by hand is checked against its own rules before any work:
:func:`sample_state` and :func:`constraints` refuse one no deal gives with
:class:`InconsistentObservationError`, and a field of the wrong type with
:class:`~frenchtarot.TarotTypeError`, and raise nothing else.
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Callable
from typing import Final

from frenchtarot._checks import describe_value, random_generator
from frenchtarot._core.state import State
from frenchtarot.errors import InconsistentObservationError, TarotError, TarotTypeError
from frenchtarot.observation import Observation
from frenchtarot.sampling._validate import check_observation
from frenchtarot.sampling._worlds import Constraints, Dealt, Sampler

__all__ = ["Constraints", "InconsistentObservationError", "constraints", "sample_state"]

#: Draws refused (a petit sec) before :func:`sample_state` gives up.
_MAX_DRAWS: Final = 10_000
_NO_DRAW: Final = object()  # _prepared's rng when the caller draws nothing


def constraints(observation: Observation) -> Constraints:
    """What ``observation`` proves about the cards its seat has not seen.

    Args:
        observation: Any seat's observation.

    Returns:
        The :class:`Constraints`.

    Raises:
        InconsistentObservationError: The observation does not fit its own rules (it was
            built by hand, not by :func:`~frenchtarot.observe`), checked as by
            :func:`sample_state` but for the replay of its history, which only a draw
            does.
        TarotTypeError: ``observation`` is not an :class:`~frenchtarot.Observation`, or one
            of its fields has the wrong type (a list for a tuple, a string for a card, a
            bool for an int...).

    >>> import frenchtarot as ft
    >>> from frenchtarot.sampling import constraints
    >>> known = constraints(ft.observe(ft.new_deal(seed=1), 0))
    >>> len(known.hidden), known.dog, known.hand_sizes
    (60, 6, (18, 18, 18, 18))
    """
    return _prepared(observation).constraints


def sample_state(observation: Observation, rng: random.Random) -> State:
    """A state drawn uniformly among those that give ``observation`` to its seat.

    The hidden cards are dealt at random under the :class:`Constraints` the observation
    implies, then the deal is set up with :func:`~frenchtarot.deal_from` and its history
    (with the écart cards the seat did not see filled in, in random order) is taken again
    with :func:`~frenchtarot.act`. The result is a reachable state, and ``observe(result,
    observation.seat) == observation``. The world is dealt and played under the
    observation's :attr:`~frenchtarot.Observation.rules`, house rules included, so its
    legal actions and its score are the table's.

    Every such state is equally likely: the deals of the hidden cards are counted exactly
    and one is drawn. The count has a work budget (400,000 spreads of a group of cards
    tried; the heaviest positions of real deals found need under 2,000, a few
    milliseconds). Past it, the draw falls back on a Markov chain that starts from one
    consistent deal and moves cards between places at random, 40 moves per hidden card:
    its world is still consistent with the observation, but only close to uniform.

    The work that depends on the observation only is cached, so drawing many worlds for
    one observation is cheap after the first. The observation is checked against its own
    rules the first time it is seen (and again for an equal but distinct one).

    Args:
        observation: The seat's observation, as :func:`~frenchtarot.observe` made it.
        rng: The random generator the draw uses.

    Returns:
        A state consistent with everything the seat knows.

    Raises:
        InconsistentObservationError: No state gives this observation (it was built by
            hand, not by :func:`~frenchtarot.observe`): a seat out of range, hand sizes of
            the wrong length or total, a card in two places, a phase its contract does not
            allow, a history that does not lead to it...; or it is a public view
            (:func:`~frenchtarot.observation.public_view`), which is no seat's own view.
        TarotTypeError: ``observation`` is not an :class:`~frenchtarot.Observation`, one of
            its fields has the wrong type (a list for a tuple, a string for a card, a bool
            for an int...), or ``rng`` is not a :class:`random.Random`.

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
    sampler = _prepared(observation, rng)
    return sampler.build(_deal(sampler, observation, rng), rng)


def sample_state_where(
    observation: Observation,
    rng: random.Random,
    accept: Callable[[tuple[int, ...]], bool],
    tries: int,
) -> State:
    """A state as :func:`sample_state` draws them, preferring deals that ``accept`` takes.

    For players that read more into the table than the sampler does (the bids, say):
    rejection sampling, cheap because each deal is judged before its state is built. Up to
    ``tries`` deals are drawn; the state of the first whose hands ``accept`` takes is
    returned, or of the last when it takes none. Outside ``__all__``: ``accept`` reads
    the rules core's representation.

    Args:
        observation: The seat's observation, as :func:`~frenchtarot.observe` made it.
        rng: The random generator the draws use.
        accept: Given each seat's hand as it was dealt (before the dog was taken), as a
            mask of card indices (bit ``card.index``), whether the deal is wanted.
        tries: The most deals drawn, 1 or more.

    Raises:
        InconsistentObservationError: As :func:`sample_state`.
        TarotTypeError: As :func:`sample_state`.
    """
    sampler = _prepared(observation, rng)
    dealt = _deal(sampler, observation, rng)
    for _ in range(tries - 1):
        if accept(dealt.hands):
            break
        dealt = _deal(sampler, observation, rng)
    return sampler.build(dealt, rng)


def _deal(sampler: Sampler, observation: Observation, rng: random.Random) -> Dealt:
    """A deal of ``sampler``'s worlds (a petit sec is drawn again)."""
    for _ in range(_MAX_DRAWS):
        dealt = sampler.deal(rng)
        if dealt is not None:
            return dealt
    raise InconsistentObservationError(  # pragma: no cover - a petit sec every time
        f"no consistent deal found in {_MAX_DRAWS} draws for {observation!r}"
    )


def _prepared(observation: object, rng: object = _NO_DRAW) -> Sampler:
    """The sampler of ``observation``, checked: from the cache when it was seen before.

    A caller that draws passes its ``rng`` to have its type checked too, after the
    observation's type and before its contents.
    """
    if not isinstance(observation, Observation):
        raise TarotTypeError(f"expected an Observation, not {describe_value(observation)}")
    if rng is not _NO_DRAW:
        random_generator(rng)
    try:
        sampler = _sampler(observation)  # checks the observation when it is new
    except TarotError:
        raise
    except Exception:  # hashing it failed (a list for a tuple...): say which field
        check_observation(observation)
        raise
    if sampler.observation is not observation and not _same_types(
        sampler.observation, observation
    ):
        # Equal to the one the sampler was made for, but not of the same types (a bool
        # equals an int): checked in full.
        check_observation(observation)
    return sampler


def _same_types(checked: object, other: object) -> bool:
    """Whether ``other``, equal to ``checked``, is made of values of the same types.

    Then ``other`` passes the checks exactly as ``checked`` did: equal values of the same
    types, all the way down. Most of it is the very same objects (cards, actions, ints),
    which makes this much cheaper than checking ``other`` again.
    """
    if checked is other:
        return True
    kind = type(checked)
    if kind is not type(other):
        return False
    if isinstance(checked, tuple) and isinstance(other, tuple):  # of the same type
        return len(checked) == len(other) and (
            all(map(operator.is_, checked, other)) or all(map(_same_types, checked, other))
        )
    fields = getattr(kind, "__attrs_attrs__", None)
    if fields is not None:
        return all(
            _same_types(getattr(checked, field.name), getattr(other, field.name))
            for field in fields
        )
    return True


@functools.lru_cache(maxsize=32)
def _sampler(observation: Observation) -> Sampler:
    return Sampler(observation)
