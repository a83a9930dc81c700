"""Random playouts on the bit masks behind :class:`~frenchtarot.State`, for :func:`rollout`.

It offers the same actions in the same canonical order as :func:`~frenchtarot.legal_actions`,
so it draws the same random numbers and reaches the same terminal state as applying
``rng.choice(legal_actions(state))`` one step at a time. Which cards may be called, put
aside or played, who wins a trick, when the Excuse takes the last trick and which handfuls
are offered all come from the private rule functions the engine uses, and the order of the
steps from ``frenchtarot._core.flow``, which the engine follows too; so each rule lives in one
place. Compiled by mypyc in the compiled build.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from frenchtarot._core import flow as _flow
from frenchtarot._core import masks as _masks
from frenchtarot._core.calling import callable_mask, camp_mask, opening_lead_mask, partner_of
from frenchtarot._core.ecart import discard_mask
from frenchtarot._core.handful import canonical_displays
from frenchtarot._core.record import DealRecord
from frenchtarot._core.state import State, masks_of, next_state
from frenchtarot._core.transitions import SLAM_ACTIONS, bidding_words
from frenchtarot._core.tricks import LEADS, follow_mask, trick_winner
from frenchtarot._deal_values import Annulment, AnnulReason, Handful, Trick
from frenchtarot.actions import (
    CALLS,
    DISCARDS,
    PLAYS,
    AnnounceSlam,
    Bid,
    DeclareHandful,
    Phase,
)
from frenchtarot.cards import DECK, EXCUSE_INDEX

__all__ = ["draws_like_random", "random_rollout"]

_TRUMPS: Final = _masks.TRUMPS
_CARD_OF: Final = DECK.__getitem__


def _nth_bit(mask: int, n: int) -> int:
    """The index of the ``n``-th lowest set bit of ``mask`` (``n`` from 0)."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def draws_like_random(rng: random.Random) -> bool:
    """Whether ``rng`` draws ``choice`` as :class:`random.Random` does, from ``getrandbits``.

    True for :class:`random.Random`, :class:`random.SystemRandom` and subclasses that
    override neither ``choice`` nor ``random`` (overriding ``random`` makes Python draw
    integers from it instead of ``getrandbits``).
    """
    kind = type(rng)
    return (
        getattr(kind, "choice", None) is random.Random.choice
        and getattr(kind, "_randbelow", None) is _RANDBELOW
    )


_RANDBELOW: Final = random.Random._randbelow  # type: ignore[attr-defined]


def _below(getrandbits: Callable[[int], int], n: int) -> int:
    """A number from 0 to ``n - 1``, drawn exactly as ``random.Random._randbelow`` does."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def random_rollout(state: State, rng: random.Random) -> State:
    """:func:`rollout` without a policy, on bit masks; ``state`` is not terminal.

    ``rng`` must draw like :class:`random.Random` (:func:`draws_like_random`): each choice
    is drawn with the numbers ``rng.choice`` would use, without building the sequence.
    Every step follows ``frenchtarot._core.flow``, as the engine does.
    """
    bits: Callable[[int], int] = rng.getrandbits
    rules = state.rules
    seats = rules.seats
    following = _flow.NEXT_SEAT[seats]
    phase = state.phase
    seat: int = state.current  # type: ignore[assignment]
    hands, trick, leader, dog, ecart = masks_of(state)
    dealer = state.dealer
    taker = state.taker
    contract = state.contract
    called = state.called
    partner = state.partner
    slam = state.slam
    history = list(state.history)

    if phase is Phase.BIDDING:
        # The bidding is the start of the deal: the history holds its words so far.
        while True:
            words = bidding_words(rules, contract)
            action = words[_below(bits, len(words))]
            history.append(action)
            if isinstance(action, Bid):
                taker, contract = seat, action.contract
            if _flow.bidding_over(rules, len(history)):
                break
            seat = following[seat]
        phase = _flow.after_bidding(rules, contract)
        if phase is Phase.ANNULLED:
            return next_state(
                deal=DealRecord(
                    rules=rules,
                    dealer=dealer,
                    dog=dog,
                    discard=ecart,
                    taker=None,
                    contract=None,
                    called=None,
                    partner=None,
                    slam=slam,
                    handfuls=state.handfuls,
                    annulment=Annulment(AnnulReason.ALL_PASSED),
                ),
                phase=phase,
                current=None,
                hands=hands,
                tricks=state.tricks,
                trick=trick,
                leader=leader,
                chain=(tuple(history),),
            )
        assert taker is not None
        seat = taker
        if phase is Phase.DISCARD:
            hands = _flow.take_dog(hands, taker, dog)

    assert taker is not None and contract is not None
    if phase is Phase.CALL:
        allowed = callable_mask(hands[taker])
        index = _nth_bit(allowed, _below(bits, allowed.bit_count()))
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
            index = _nth_bit(allowed, _below(bits, allowed.bit_count()))
            hand &= ~(1 << index)
            ecart |= 1 << index
            history.append(DISCARDS[index])
            remaining -= 1
        work[taker] = hand
        phase = Phase.SLAM

    if phase is Phase.SLAM:
        action = SLAM_ACTIONS[_below(bits, len(SLAM_ACTIONS))]
        history.append(action)
        slam = isinstance(action, AnnounceSlam)
        leader = _flow.first_leader(rules, dealer, taker, slam)

    # The play, one trick at a time. In the first trick, each seat that may still show a
    # handful is offered the canonical displays before its card.
    handfuls = list(state.handfuls)
    asked = {handful.seat for handful in handfuls}  # seats that had their chance
    tricks = list(state.tricks)
    played = tuple(map(_CARD_OF, trick))  # the trick's cards, kept beside their indices
    camp = camp_mask(taker, partner)
    opening = -1 if called is None else called.index
    # The suit led and the highest trump of the trick in progress, kept up to date.
    led, top = 0, -1
    for index in trick:
        if not led:
            led = LEADS[index]
        if top < index < EXCUSE_INDEX:
            top = index
    seat = _flow.seat_at(seats, leader, len(trick))
    while True:
        first = not tricks
        while len(trick) < seats:
            hand = work[seat]
            legal = follow_mask(hand, led, top)
            if first and opening >= 0 and not trick:
                legal = opening_lead_mask(legal, opening)
            count = legal.bit_count()
            if first and _flow.may_show_handful(len(tricks), seat in asked):
                asked.add(seat)
                displays = canonical_displays(rules, hand, ecart & _TRUMPS if seat == taker else 0)
                drawn = _below(bits, len(displays) + count)
                if drawn < len(displays):
                    cards = _masks.cards(displays[drawn])
                    handfuls.append(Handful(seat, cards))
                    history.append(DeclareHandful(cards))
                    continue
                pick = drawn - len(displays)
            else:
                pick = _below(bits, count)
            while pick:  # _nth_bit(legal, pick), inlined: this loop is the hot path
                legal &= legal - 1
                pick -= 1
            index = (legal & -legal).bit_length() - 1
            work[seat] = hand & ~(1 << index)
            history.append(PLAYS[index])
            trick += (index,)
            played += (DECK[index],)
            if not led:
                led = LEADS[index]
            if top < index < EXCUSE_INDEX:
                top = index
            seat = following[seat]
        # The trick is complete: the same resolution as the engine's.
        winner = trick_winner(rules, camp, leader, trick, tricks)
        tricks.append(Trick._trusted(leader, played, winner))
        if _flow.deal_over(rules, len(tricks)):
            break
        leader = seat = winner
        trick = ()
        played = ()
        led, top = 0, -1

    return next_state(
        deal=DealRecord(
            rules=rules,
            dealer=dealer,
            dog=dog,
            discard=ecart,
            taker=taker,
            contract=contract,
            called=called,
            partner=partner,
            slam=slam,
            handfuls=tuple(handfuls),
            annulment=None,
        ),
        phase=Phase.DONE,
        current=None,
        hands=tuple(work),
        tricks=tuple(tricks),
        trick=(),
        leader=leader,
        chain=(tuple(history),),
    )
