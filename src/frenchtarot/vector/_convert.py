"""One deal of the batch as a :class:`~frenchtarot.State`, and a State into the batch.

So that the scalar engine can check the batch (and a batch can start from any position):
:func:`to_state` builds the very state :func:`frenchtarot.apply` would have reached, its
history included; :func:`from_state` writes a state's fields into a row.
"""

from __future__ import annotations

import numpy as np

from frenchtarot._core import masks as _masks
from frenchtarot._core.record import DealRecord
from frenchtarot._core.state import State, masks_of, next_state, record_of
from frenchtarot._deal_values import Handful, Trick
from frenchtarot.actions import (
    ANNOUNCE_SLAM,
    BIDS,
    CALLS,
    DISCARDS,
    PASS,
    PLAYS,
    Action,
    Bid,
    Contract,
    DeclareHandful,
    Discard,
    Phase,
    Play,
)
from frenchtarot.cards import DECK, EXCUSE_INDEX
from frenchtarot.encoding import write_tensor
from frenchtarot.observation import observe
from frenchtarot.vector import _tables as T
from frenchtarot.vector._batch import Batch

__all__ = ["from_state", "to_state"]

_PHASES = tuple(Phase)
_CONTRACTS = tuple(Contract)


def _mask(lo: np.uint64, hi: np.uint64) -> int:
    return int(lo) | int(hi) << 64


def _optional(value: object) -> int | None:
    number = int(value)  # type: ignore[call-overload]
    return None if number < 0 else number


def to_state(batch: Batch, row: int) -> State:
    """The :class:`~frenchtarot.State` of the deal in ``row``, equal to the scalar engine's."""
    rules = batch.rules
    seats = rules.seats
    phase = int(batch.phase[row])
    dealer = int(batch.dealer[row])
    taker = _optional(batch.taker[row])
    code = int(batch.contract[row])
    called = _optional(batch.called[row])
    slam = bool(batch.slam[row])
    history: list[Action] = [
        PASS if word == 0 else BIDS[_CONTRACTS[word - 1]]
        for word in batch.words[row, : batch.nwords[row]].tolist()
    ]
    if phase not in (T.BIDDING, T.ANNULLED):
        if called is not None:
            history.append(CALLS[called])
        history += [DISCARDS[card] for card in batch.ecart[row, : batch.necart[row]].tolist()]
    if phase in (T.PLAY, T.DONE):
        history.append(ANNOUNCE_SLAM if slam else PASS)
    plays = batch.plays[row, : batch.nplayed[row]].tolist()
    first_leader = taker if slam else (dealer + 1) % seats
    shown = batch.shown[row].tolist()
    handfuls: list[Handful] = []

    def show(seat: int) -> None:
        cards = _masks.cards(int(batch.shown_lo[row, seat]))
        history.append(DeclareHandful(cards))
        handfuls.append(Handful(seat, cards))

    for number, card in enumerate(plays):
        if number < seats:
            seat = (first_leader + number) % seats  # type: ignore[operator]
            if shown[seat] >= 0:
                show(seat)
        history.append(PLAYS[card])
    current = int(batch.cur[row])
    if phase == T.PLAY and len(plays) < seats and shown[current] >= 0:
        show(current)  # shown just now, before its first card
    done = int(batch.tricknum[row])
    tricks = []
    leader = first_leader
    for number, winner in enumerate(batch.winners[row, :done].tolist()):
        cards = tuple(DECK[card] for card in plays[number * seats : (number + 1) * seats])
        tricks.append(Trick._trusted(leader, cards, winner))  # type: ignore[arg-type]
        leader = winner
    return next_state(
        deal=DealRecord(
            rules=rules,
            dealer=dealer,
            dog=_mask(batch.dog_lo[row], batch.dog_hi[row]),
            discard=_mask(batch.disc_lo[row], batch.disc_hi[row]),
            taker=taker,
            contract=None if code < 0 else _CONTRACTS[code],
            called=None if called is None else DECK[called],
            partner=_optional(batch.partner[row]),
            slam=slam,
            handfuls=tuple(handfuls),
            annulment=None,
        ),
        phase=_PHASES[phase],
        current=None if phase >= T.DONE else current,
        hands=tuple(
            _mask(lo, hi) for lo, hi in zip(batch.hands_lo[row], batch.hands_hi[row], strict=True)
        ),
        tricks=tuple(tricks),
        trick=tuple(plays[done * seats :]),
        leader=int(batch.leader[row]),
        chain=(tuple(history),),
    )


def from_state(batch: Batch, row: int, state: State) -> None:
    """Write ``state``, a deal in progress of the batch's rules, into ``row``."""
    rules = batch.rules
    seats = rules.seats
    record = record_of(state)
    hands, trick, leader, dog, discard = masks_of(state)
    current: int = state.current  # type: ignore[assignment]
    batch.phase[row] = _PHASES.index(state.phase)
    batch.cur[row] = current
    batch.dealer[row] = record.dealer
    batch.taker[row] = -1 if record.taker is None else record.taker
    batch.contract[row] = -1 if record.contract is None else _CONTRACTS.index(record.contract)
    batch.called[row] = -1 if record.called is None else record.called.index
    batch.partner[row] = -1 if record.partner is None else record.partner
    batch.slam[row] = record.slam
    batch.number[row] = -1
    for seat, hand in enumerate(hands):
        batch.hands_lo[row, seat], batch.hands_hi[row, seat] = T.split(hand)
    batch.dog_lo[row], batch.dog_hi[row] = T.split(dog)
    batch.disc_lo[row], batch.disc_hi[row] = T.split(discard)
    history = state.history
    words = [
        0 if not isinstance(action, Bid) else 1 + _CONTRACTS.index(action.contract)
        for action in history[:seats]
    ]
    batch.words[row, : len(words)] = words
    batch.nwords[row] = len(words)
    ecart = [action.card.index for action in history if isinstance(action, Discard)]
    batch.ecart[row, : len(ecart)] = ecart
    batch.necart[row] = len(ecart)
    plays = [action.card.index for action in history if isinstance(action, Play)]
    batch.plays[row, : len(plays)] = plays
    batch.nplayed[row] = len(plays)
    tricks = state.tricks
    batch.tricknum[row] = len(tricks)
    batch.pos[row] = len(trick)
    batch.leader[row] = leader
    batch.winners[row, : len(tricks)] = [t.winner for t in tricks]
    won_tricks = [0] * seats
    won_half = [0] * seats
    for done in tricks:
        won_tricks[done.winner] += 1
        won_half[done.winner] += sum(card.half_points for card in done.cards)
    batch.won_tricks[row] = won_tricks
    batch.won_half[row] = won_half
    # The trick in progress, card by card as the play does it.
    led, top, best, best_seat, half = -1, -1, -2, 0, 0
    for position, card in enumerate(trick):
        if led < 0:
            led = int(T.SUIT_CODE[card])
        strength = int(T.STRENGTH[card, led + 1])
        if strength > best:
            best, best_seat = strength, (leader + position) % seats
        if card < EXCUSE_INDEX:
            top = max(top, card)
        half += DECK[card].half_points
    batch.led[row], batch.top[row], batch.best[row] = led, top, best
    batch.best_seat[row], batch.trick_half[row] = best_seat, half
    # Where the Petit, the 21 and the Excuse were played, and the called card.
    where = {index: (-1, -1) for index in (0, 20, EXCUSE_INDEX)}
    everything = [(t.leader, [c.index for c in t.cards]) for t in tricks] + [(leader, list(trick))]
    called = record.called
    batch.called_played[row] = False
    for number, (first, cards) in enumerate(everything):
        for position, card in enumerate(cards):
            if card in where:
                where[card] = (number, (first + position) % seats)
            if called is not None and card == called.index:
                batch.called_played[row] = True
    batch.petit_trick[row] = where[0][0]
    batch.t21_trick[row] = where[20][0]
    batch.excuse_trick[row], batch.excuse_seat[row] = where[EXCUSE_INDEX]
    batch.called_in_dog[row] = called is not None and bool(dog >> called.index & 1)
    sizes = [size for size, _bonus in rules.handfuls]
    batch.shown[row] = -1
    batch.shown_lo[row] = 0
    for shown in record.handfuls:
        batch.shown[row, shown.seat] = sizes.index(shown.size)
        batch.shown_lo[row, shown.seat] = _masks.mask_of(shown.cards)
    recall = batch.table.recall
    tensor = np.zeros(batch.width)
    write_tensor(observe(state, current), tensor, perfect_recall=recall)
    batch.obs[row] = tensor
    batch.ecart_shown[row] = True  # whatever it shows, the next writing looks
    if recall:
        played = [0] * seats
        for first, cards in everything:
            for position, card in enumerate(cards):
                played[(first + position) % seats] |= 1 << card
        for seat, mask in enumerate(played):
            batch.played_lo[row, seat], batch.played_hi[row, seat] = T.split(mask)
        batch.ecart_view[row] = -1
        batch.ecart_written[row] = 0
