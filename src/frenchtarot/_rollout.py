"""Playing a deal out to the end quickly, for simulations: :func:`rollout`.

Without a policy, :func:`rollout` plays uniformly random legal actions on the bit masks
behind :class:`~frenchtarot.State` and builds a state only at the end. It offers the same
actions in the same canonical order as :func:`~frenchtarot.legal_actions`, so it draws the
same random numbers and reaches the same terminal state as applying
``rng.choice(legal_actions(state))`` one step at a time, several times faster (see
``benchmarks/``).

Which cards may be called, put aside or played, who wins a trick, when the Excuse takes the
last trick and which handfuls are offered all come from the private rule functions the
engine uses, and the order of the steps (who acts next, when a phase ends) from
``frenchtarot._flow``, which the engine follows too; so each rule lives in one place. The
tests compare the two on many deals of every table size, from every phase.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final, Protocol

from frenchtarot import _flow, _masks
from frenchtarot._calling import callable_mask, camp_mask, opening_lead_mask, partner_of
from frenchtarot._checks import check_state, describe_value
from frenchtarot._ecart import discard_mask
from frenchtarot._engine import _BIDDING_ACTIONS, _SLAM_ACTIONS, apply, legal_actions
from frenchtarot._handful import canonical_displays
from frenchtarot._tricks import LEADS, follow_mask, trick_winner
from frenchtarot.actions import (
    CALLS,
    DISCARDS,
    PLAYS,
    Action,
    AnnounceSlam,
    Bid,
    DeclareHandful,
)
from frenchtarot.cards import DECK, EXCUSE_INDEX
from frenchtarot.errors import TarotTypeError
from frenchtarot.observation import observe
from frenchtarot.state import (
    Annulment,
    AnnulReason,
    Handful,
    Phase,
    State,
    Trick,
    make_state,
)

if TYPE_CHECKING:
    from frenchtarot.players import Player

__all__ = ["Policy", "rollout"]

_TRUMPS: Final = _masks.TRUMPS
_CARD_OF: Final = DECK.__getitem__


class Policy(Protocol):
    """Chooses an action: any callable ``policy(state, actions) -> action``.

    ``actions`` is :func:`~frenchtarot.legal_actions` of ``state``, never empty; the
    policy returns one of them (or any other action :func:`~frenchtarot.apply` accepts).
    """

    def __call__(self, state: State, actions: tuple[Action, ...], /) -> Action:
        """The action to take in ``state``, chosen from ``actions``."""
        ...


def rollout(
    state: State,
    rng: random.Random | None = None,
    policy: Policy | None = None,
    *,
    players: Player | Sequence[Player] | None = None,
) -> State:
    """Play ``state`` out to the end and return the terminal state.

    Without a ``policy``, each action is ``rng.choice(legal_actions(s))``: the result is
    equal to the one of the loop below, for the same ``rng`` state, but computed without
    building the intermediate states, which makes it the fast way to run random
    simulations::

        while not s.is_terminal:
            s = apply(s, rng.choice(legal_actions(s)))

    With a ``policy``, each action is ``policy(s, legal_actions(s))``. With ``players``
    (the :data:`~frenchtarot.players.Player` type of the rest of the library: a callable
    taking the :class:`~frenchtarot.Observation` of the seat to act), each action is
    ``player(observe(s, s.current))``, so a bot that plays from its observation needs no
    wrapper. In both cases ``rng`` is not needed and not used by :func:`rollout` itself.

    Args:
        state: Where to start, in any phase. It is not changed.
        rng: The random number generator the uniform choices are drawn from (needed only
            without a policy and players).
        policy: Chooses the actions from the state; ``None`` for uniformly random legal
            actions (or ``players``).
        players: One player for every seat, or a sequence of one player per seat, seat 0
            first; given only without ``policy``.

    Returns:
        The terminal state (phase ``DONE`` or ``ANNULLED``); ``state`` itself when it is
        already terminal.

    Raises:
        IllegalActionError: The policy chose an action the rules forbid.
        TarotTypeError: ``state`` is not a :class:`~frenchtarot.State`, ``rng`` is not a
            :class:`random.Random` (when neither a policy nor players are given),
            ``policy`` is not callable, ``players`` is neither a callable nor a sequence of
            one callable per seat, or both ``policy`` and ``players`` are given.

    >>> import random
    >>> import frenchtarot as ft
    >>> end = ft.rollout(ft.new_deal(seed=3), random.Random(3))
    >>> end.phase, len(end.tricks)
    (Phase.DONE, 18)
    >>> state, rng = ft.new_deal(seed=3), random.Random(3)
    >>> while not state.is_terminal:
    ...     state = ft.apply(state, rng.choice(ft.legal_actions(state)))
    >>> state == end
    True
    """
    if state.__class__ is not State:
        check_state(state)
    if policy is not None and not callable(policy):
        raise TarotTypeError(f"policy must be callable or None, not {type(policy).__name__}")
    seated = _seat_players(players, state.rules.seats)
    if seated is not None and policy is not None:
        raise TarotTypeError("give rollout a policy or players, not both")
    if policy is None and seated is None and not isinstance(rng, random.Random):
        raise TarotTypeError(f"rng must be a random.Random, not {type(rng).__name__}")
    if state.current is None:
        return state
    if seated is not None:
        while state.current is not None:
            seat = state.current
            state = apply(state, seated[seat](observe(state, seat)))
        return state
    if policy is None:
        assert rng is not None
        return _random_rollout(state, rng)
    while not state.is_terminal:
        state = apply(state, policy(state, legal_actions(state)))
    return state


def _seat_players(
    players: Player | Sequence[Player] | None, seats: int
) -> Sequence[Player] | None:
    """``players`` as one player per seat, or ``None``; refuse anything else."""
    if players is None:
        return None
    if callable(players):
        return [players] * seats
    if (
        isinstance(players, (str, bytes))
        or not isinstance(players, Sequence)
        or len(players) != seats
        or not all(callable(player) for player in players)
    ):
        raise TarotTypeError(
            f"players must be a player or a sequence of {seats} players, "
            f"not {describe_value(players)}"
        )
    return players


def _nth_bit(mask: int, n: int) -> int:
    """The index of the ``n``-th lowest set bit of ``mask`` (``n`` from 0)."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _random_rollout(state: State, rng: random.Random) -> State:
    """:func:`rollout` without a policy, on bit masks; ``state`` is not terminal.

    Every step follows ``frenchtarot._flow``, as the engine does.
    """
    choice = rng.choice
    # What rng.choice(sequence) draws, without building the sequence: the same numbers.
    below: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]
    rules = state.rules
    seats = rules.seats
    phase = state.phase
    seat: int = state.current  # type: ignore[assignment]
    hands = state._hands
    dog = state._dog
    ecart = state._discard
    taker = state.taker
    contract = state.contract
    called = state.called
    partner = state.partner
    slam = state.slam
    history = list(state.history)

    if phase is Phase.BIDDING:
        # The bidding is the start of the deal: the history holds its words so far.
        while True:
            action = choice(_BIDDING_ACTIONS[contract])
            history.append(action)
            if isinstance(action, Bid):
                taker, contract = seat, action.contract
            if _flow.bidding_over(rules, len(history)):
                break
            seat = rules.next_seat(seat)
        phase = _flow.after_bidding(rules, contract)
        if phase is Phase.ANNULLED:
            return make_state(
                rules,
                state.dealer,
                phase,
                None,
                hands,
                dog,
                ecart,
                None,
                None,
                None,
                None,
                slam,
                state.handfuls,
                state.tricks,
                state._trick,
                state._leader,
                tuple(history),
                Annulment(AnnulReason.ALL_PASSED),
            )
        assert taker is not None
        seat = taker
        if phase is Phase.DISCARD:
            hands = _flow.take_dog(hands, taker, dog)

    assert taker is not None and contract is not None
    if phase is Phase.CALL:
        allowed = callable_mask(hands[taker])
        index = _nth_bit(allowed, below(allowed.bit_count()))
        history.append(CALLS[index])
        called = DECK[index]
        partner = partner_of(hands, taker, index)
        phase = _flow.after_call(contract)
        if phase is Phase.DISCARD:
            hands = _flow.take_dog(hands, taker, dog)

    work = list(hands)
    if phase is Phase.DISCARD:
        hand = work[taker]
        remaining = _flow.ecart_left(rules, ecart)
        while remaining:
            allowed = discard_mask(hand, remaining)
            index = _nth_bit(allowed, below(allowed.bit_count()))
            hand &= ~(1 << index)
            ecart |= 1 << index
            history.append(DISCARDS[index])
            remaining -= 1
        work[taker] = hand
        phase = Phase.SLAM

    leader = state._leader
    if phase is Phase.SLAM:
        action = choice(_SLAM_ACTIONS)
        history.append(action)
        slam = isinstance(action, AnnounceSlam)
        leader = _flow.first_leader(rules, state.dealer, taker, slam)

    # The play, one trick at a time. In the first trick, each seat that may still show a
    # handful is offered the canonical displays before its card.
    handfuls = list(state.handfuls)
    asked = {handful.seat for handful in handfuls}  # seats that had their chance
    tricks = list(state.tricks)
    trick = state._trick
    camp = camp_mask(taker, partner)
    opening = -1 if called is None else called.index
    # The suit led and the highest trump of the trick in progress, kept up to date.
    led, top = 0, -1
    for index in trick:
        if not led:
            led = LEADS[index]
        if top < index < EXCUSE_INDEX:
            top = index
    while True:
        first = not tricks
        while len(trick) < seats:
            seat = (leader + len(trick)) % seats
            hand = work[seat]
            legal = follow_mask(hand, led, top)
            if first and opening >= 0 and not trick:
                legal = opening_lead_mask(legal, opening)
            count = legal.bit_count()
            if first and _flow.may_show_handful(len(tricks), seat in asked):
                asked.add(seat)
                displays = canonical_displays(rules, hand, ecart & _TRUMPS if seat == taker else 0)
                drawn = below(len(displays) + count)
                if drawn < len(displays):
                    cards = _masks.cards(displays[drawn])
                    handfuls.append(Handful(seat, cards))
                    history.append(DeclareHandful(cards))
                    continue
                pick = drawn - len(displays)
            else:
                pick = below(count)
            while pick:  # _nth_bit(legal, pick), inlined: this loop is the hot path
                legal &= legal - 1
                pick -= 1
            index = (legal & -legal).bit_length() - 1
            work[seat] = hand & ~(1 << index)
            history.append(PLAYS[index])
            trick += (index,)
            if not led:
                led = LEADS[index]
            if top < index < EXCUSE_INDEX:
                top = index
        # The trick is complete: the same resolution as the engine's.
        winner = trick_winner(rules, camp, leader, trick, tricks)
        tricks.append(Trick._trusted(leader, tuple(map(_CARD_OF, trick)), winner))
        if _flow.deal_over(rules, len(tricks)):
            break
        leader = winner
        trick = ()
        led, top = 0, -1

    return make_state(
        rules,
        state.dealer,
        Phase.DONE,
        None,
        tuple(work),
        dog,
        ecart,
        taker,
        contract,
        called,
        partner,
        slam,
        tuple(handfuls),
        tuple(tricks),
        (),
        leader,
        tuple(history),
        None,
    )
