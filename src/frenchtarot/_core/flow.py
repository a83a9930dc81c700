"""The order of play: who acts next and when each phase ends.

Every part of the library that walks a deal takes these decisions from here: the
transitions, the fast playout (``simulate``), :attr:`State.moves <frenchtarot.State.moves>`
and :attr:`State.bids <frenchtarot.State.bids>`, the observation and the conformance checker.
The order:

1. the bidding: each seat from the one after the dealer speaks once; all passing annuls;
2. the call (five players): the taker calls a card, which names the partner;
3. the dog: turned up and taken by the taker under Petite and Garde, who then puts as many
   cards aside (the écart); left face down under Garde sans and Garde contre;
4. the slam: the taker announces one or not;
5. the play: the seat after the dealer leads, or the taker after announcing a slam; a
   player may show a handful just before their first card; the winner of a trick leads the
   next; the deal ends when every card is played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from frenchtarot._core import masks as _masks
from frenchtarot.actions import Action, Bid, Contract, DeclareHandful, Phase, Play
from frenchtarot.rules import Rules

NEXT_SEAT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple((seat + 1) % seats for seat in range(seats)) for seats in range(6)
)
"""``NEXT_SEAT[seats][seat]``: the seat that speaks or plays after ``seat`` at a table of
``seats``, in the bidding and within a trick (the player on its right). A table lookup: the
hot paths read it on every action."""


_orders: list[tuple[tuple[int, ...], ...]] = []
for _seats, _after in enumerate(NEXT_SEAT):  # built at import, in module code, from NEXT_SEAT
    _rounds: list[tuple[int, ...]] = []
    for _leader in range(_seats):
        _round = [_leader]
        while len(_round) < _seats:
            _round.append(_after[_round[-1]])
        _rounds.append(tuple(_round))
    _orders.append(tuple(_rounds))
TRICK_ORDER: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(_orders)
"""``TRICK_ORDER[seats][leader]``: the seats in the order they play a trick led by
``leader`` (the order of :data:`NEXT_SEAT`), for code that reads a trick's cards by position."""


def seat_at(seats: int, leader: int, position: int) -> int:
    """The seat that plays the card at ``position`` (from 0) of a trick led by ``leader``."""
    return TRICK_ORDER[seats][leader][position]


def first_bidder(rules: Rules, dealer: int) -> int:
    """The seat that speaks first in the bidding: the dealer's next."""
    return NEXT_SEAT[rules.seats][dealer]


def bidding_over(rules: Rules, words: int) -> bool:
    """Whether the bidding ends after ``words`` words (every seat speaks once)."""
    return words >= rules.seats


def words_spoken(rules: Rules, dealer: int, seat: int) -> int:
    """How many words have been said once ``seat`` has spoken in the bidding.

    The bidding goes round the table once, from the dealer's next seat to the dealer.
    """
    return (seat - first_bidder(rules, dealer)) % rules.seats + 1


def after_bidding(rules: Rules, contract: Contract | None) -> Phase:
    """The phase after the bidding's last word; ``contract`` is the highest bid or ``None``."""
    if contract is None:
        return Phase.ANNULLED
    if rules.calls_partner:
        return Phase.CALL
    return after_call(contract)


def after_call(contract: Contract) -> Phase:
    """The phase that follows the call (or, without a call, the bidding)."""
    return Phase.DISCARD if contract.dog_is_shown else Phase.SLAM


def take_dog(hands: tuple[int, ...], taker: int, dog: int) -> tuple[int, ...]:
    """The hands once the taker has taken the dog (on entering the écart)."""
    return _masks.replaced(hands, taker, hands[taker] | dog)


def ecart_left(rules: Rules, ecart: int) -> int:
    """How many cards the taker has still to put aside, ``ecart`` being put aside so far."""
    return rules.dog_size - ecart.bit_count()


def first_leader(rules: Rules, dealer: int, taker: int, slam: bool) -> int:
    """The first trick's leader: the taker after a slam announcement, else the dealer's next."""
    return taker if slam else NEXT_SEAT[rules.seats][dealer]


def may_show_handful(tricks_done: int, shown_by_seat: bool) -> bool:
    """Whether a seat about to play may show a handful: in the first trick, once."""
    return not tricks_done and not shown_by_seat


def deal_over(rules: Rules, tricks_done: int) -> bool:
    """Whether the deal is played out after ``tricks_done`` tricks."""
    return tricks_done >= rules.hand_size


def actions_before_dog(rules: Rules) -> int:
    """How many actions come before the dog is turned up (or left face down).

    The bidding's words, and the call with five players.
    """
    return rules.seats + 1 if rules.calls_partner else rules.seats


def dog_is_public(phase: Phase, contract: Contract | None) -> bool:
    """Whether the dog is face up: Petite or Garde, once the bidding and the call are over."""
    return (
        contract is not None
        and contract.dog_is_shown
        and phase is not Phase.BIDDING
        and phase is not Phase.CALL
    )


def seats_of(
    rules: Rules,
    dealer: int,
    taker: int | None,
    slam: bool,
    history: Sequence[Action | None],
    winners: Sequence[int],
) -> list[int]:
    """The seat that took each action of ``history``, in order.

    A ``None`` in ``history`` (an écart card a seat did not see) is the taker's, as the écart.

    ``winners`` are the winners of the deal's completed tricks, in order (a trick's winner
    leads the next). The bidding goes round once from the first bidder; the call, the écart
    and the slam decision are the taker's; the play starts at :func:`first_leader` and goes
    round each trick with :data:`NEXT_SEAT`; a handful is shown by the seat about to play.
    """
    seats = rules.seats
    following = NEXT_SEAT[seats]
    owners: list[int] = []
    seat = first_bidder(rules, dealer)
    spoken = 0
    playing = False
    played = 0  # cards played to the trick in progress
    done = 0  # tricks completed
    for action in history:
        if not bidding_over(rules, spoken):
            owners.append(seat)
            spoken += 1
            seat = following[seat]
            continue
        assert taker is not None  # somebody bid, or the history would end with the bidding
        if isinstance(action, (Play, DeclareHandful)):
            if not playing:
                seat, playing = first_leader(rules, dealer, taker, slam), True
            owners.append(seat)
            if isinstance(action, Play):
                played += 1
                if played < seats:
                    seat = following[seat]
                else:
                    seat, played = winners[done], 0
                    done += 1
        else:  # the call, the écart and the slam decision are the taker's
            owners.append(taker)
    return owners


def bids_in(
    rules: Rules, dealer: int, history: Sequence[object]
) -> tuple[tuple[int, Contract | None], ...]:
    """The bidding words at the start of ``history``: ``(seat, contract or None)``."""
    words = history[: rules.seats]
    seats = seats_of(rules, dealer, None, False, words, ())  # type: ignore[arg-type]
    return tuple(
        (seat, action.contract if isinstance(action, Bid) else None)
        for seat, action in zip(seats, words, strict=True)
    )
