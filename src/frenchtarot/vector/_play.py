"""The transitions of many deals at once: each function takes the deals in one phase.

Each function gets the rows ``idx`` of the deals that take one kind of action and the
action ids, already known to be legal. It changes their state and the public fields of
their observation tensors (those every seat sees alike: the bids, the cards played, the
tricks won...); the seat to act's own fields are written afterwards (see ``_tensor``).
The rules are those of :mod:`frenchtarot._core`, written here for arrays.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from frenchtarot._core.handful import canonical_displays
from frenchtarot.vector import _tables as T
from frenchtarot.vector._batch import Batch
from frenchtarot.vector._tables import I64

Ints = NDArray[np.int64]

__all__ = ["bid", "call", "discard", "handful", "play", "slam"]


def _set_phase(batch: Batch, idx: Ints, phase: int) -> None:
    at = batch.table.offsets["phase"]
    rows = idx * batch.width
    batch.flat[rows + at + batch.phase[idx]] = 0
    batch.flat[rows + at + phase] = 1
    batch.phase[idx] = phase


def bid(batch: Batch, idx: Ints, action: Ints) -> None:
    """Each of ``idx`` says its word: a pass (0) or a bid (1 + contract code)."""
    table, offsets, flat = batch.table, batch.table.offsets, batch.flat
    seat = batch.cur[idx]
    spoken = batch.nwords[idx]
    batch.words[idx, spoken] = action
    batch.nwords[idx] = spoken + 1
    rows = idx * batch.width
    flat[rows + offsets["bids"] + 5 * seat + action] = 1
    raised = action > 0
    if raised.any():
        up = idx[raised]
        up_rows = rows[raised]
        before = batch.taker[up]
        had = before >= 0
        flat[up_rows[had] + offsets["taker"] + before[had]] = 0
        flat[up_rows[had] + offsets["contract"] + batch.contract[up[had]]] = 0
        batch.taker[up] = seat[raised]
        batch.contract[up] = action[raised] - 1
        flat[up_rows + offsets["taker"] + seat[raised]] = 1
        flat[up_rows + offsets["contract"] + action[raised] - 1] = 1
    over = spoken + 1 == table.seats
    going = ~over
    batch.cur[idx[going]] = table.next_seat[seat[going]]
    if over.any():
        ended = idx[over]
        taken = batch.contract[ended] >= 0
        batch.phase[ended[~taken]] = T.ANNULLED
        ended = ended[taken]
        batch.cur[ended] = batch.taker[ended]
        if table.calls:
            _set_phase(batch, ended, T.CALL)
        else:
            _after_call(batch, ended)


def _after_call(batch: Batch, idx: Ints) -> None:
    """The taker of each of ``idx`` takes the dog (Petite, Garde) or goes to the slam."""
    shown = batch.contract[idx] <= T.GARDE
    taking = idx[shown]
    if len(taking):
        table, offsets = batch.table, batch.table.offsets
        taker = batch.taker[taking]
        batch.hands_lo[taking, taker] |= batch.dog_lo[taking]
        batch.hands_hi[taking, taker] |= batch.dog_hi[taking]
        batch.flat[taking * batch.width + offsets["hand_sizes"] + taker] += table.dog_size
        dog = offsets["dog"]
        bits = T.unpack(np.stack([batch.dog_lo[taking], batch.dog_hi[taking]], axis=1))
        batch.obs[taking, dog : dog + 78] = bits[:, :78]
        _set_phase(batch, taking, T.DISCARD)
    _set_phase(batch, idx[~shown], T.SLAM)


def call(batch: Batch, idx: Ints, action: Ints) -> None:
    """The taker of each of ``idx`` calls a card (five players): a call id."""
    offset = action - T.CALL_ID
    card = T.CALL_CARDS[offset]
    batch.called[idx] = card
    batch.flat[idx * batch.width + batch.table.offsets["called"] + offset] = 1
    lo, hi = T.BIT_LO[card], T.BIT_HI[card]
    holds = ((batch.hands_lo[idx] & lo[:, None]) | (batch.hands_hi[idx] & hi[:, None])) != 0
    holder = np.where(holds.any(axis=1), holds.argmax(axis=1), -1)
    batch.partner[idx] = np.where(holder == batch.taker[idx], -1, holder)
    batch.called_in_dog[idx] = ((batch.dog_lo[idx] & lo) | (batch.dog_hi[idx] & hi)) != 0
    _after_call(batch, idx)


def discard(batch: Batch, idx: Ints, action: Ints) -> None:
    """The taker of each of ``idx`` puts a card in the écart: a discard id."""
    offsets, flat = batch.table.offsets, batch.flat
    card = action - T.DISCARD_ID
    taker = batch.taker[idx]
    lo, hi = T.BIT_LO[card], T.BIT_HI[card]
    batch.hands_lo[idx, taker] &= ~lo
    batch.hands_hi[idx, taker] &= ~hi
    batch.disc_lo[idx] |= lo
    batch.disc_hi[idx] |= hi
    count = batch.necart[idx]
    batch.ecart[idx, count] = card
    batch.necart[idx] = count + 1
    rows = idx * batch.width
    flat[rows + offsets["hand_sizes"] + taker] -= 1
    trump = card < 21
    flat[rows[trump] + offsets["ecart_trumps"] + card[trump]] = 1
    _set_phase(batch, idx[count + 1 == batch.table.dog_size], T.SLAM)


def slam(batch: Batch, idx: Ints, action: Ints) -> None:
    """The taker of each of ``idx`` announces a slam (the slam id) or not (a pass)."""
    offsets, flat = batch.table.offsets, batch.flat
    announced = action == T.SLAM_ID
    batch.slam[idx] = announced
    rows = idx * batch.width
    flat[rows[announced] + offsets["slam"]] = 1
    leader = np.where(announced, batch.taker[idx], batch.table.next_seat[batch.dealer[idx]])
    batch.leader[idx] = leader
    batch.cur[idx] = leader
    flat[rows + offsets["leader"] + leader] = 1
    if batch.table.recall:  # the first trick's leader, in the tricks in order
        flat[rows + offsets["tricks"] + 78 * batch.table.seats + leader] = 1
    _set_phase(batch, idx, T.PLAY)


def handful(batch: Batch, idx: Ints, action: Ints) -> None:
    """The seat to act in each of ``idx`` shows a handful: a handful id (its size).

    The display is the one :func:`frenchtarot.legal_actions` offers. Rare: one deal at a time.
    """
    rules = batch.rules
    at = batch.table.offsets["handfuls"]
    for row, size in zip(idx.tolist(), (action - T.HANDFUL_ID).tolist(), strict=True):
        seat = int(batch.cur[row])
        hand = int(batch.hands_lo[row, seat])
        ecart = int(batch.disc_lo[row]) & T.TRUMPS if seat == batch.taker[row] else 0
        display = canonical_displays(rules, hand, ecart)[size]
        batch.shown[row, seat] = size
        batch.shown_lo[row, seat] = display
        cards = [card for card in range(22) if display >> card & 1]
        batch.obs[row, [at + 22 * seat + card for card in cards]] = 1


def play(batch: Batch, idx: Ints, action: Ints) -> None:
    """The seat to act in each of ``idx`` plays a card: a play id."""
    table, offsets, flat = batch.table, batch.table.offsets, batch.flat
    seats = table.seats
    card = action - T.PLAY_ID
    seat = batch.cur[idx]
    batch.hands_lo[idx, seat] &= ~T.BIT_LO[card]
    batch.hands_hi[idx, seat] &= ~T.BIT_HI[card]
    played = batch.nplayed[idx]
    batch.plays[idx, played] = card
    batch.nplayed[idx] = played + 1
    pos = batch.pos[idx]
    rows = idx * batch.width
    flat[rows + (offsets["played"] + 78 * seat + card)] = 1
    flat[rows + (offsets["trick"] + 78 * pos + card)] = 1
    flat[rows + (offsets["hand_sizes"] + seat)] -= 1
    if table.recall:  # the card in the tricks in order, and in its player's cards played
        trick_at = offsets["tricks"] + 79 * seats * batch.tricknum[idx]
        flat[rows + trick_at + 78 * seat + card] = 1
        batch.played_lo[idx, seat] |= T.BIT_LO[card]
        batch.played_hi[idx, seat] |= T.BIT_HI[card]
    led = batch.led[idx]
    led = np.where(led < 0, T.SUIT_CODE[card], led)
    batch.led[idx] = led
    strength = T.STRENGTH[card, led + 1]
    best = batch.best[idx]
    better = strength > best
    batch.best[idx] = np.where(better, strength, best)
    batch.best_seat[idx] = np.where(better, seat, batch.best_seat[idx])
    batch.top[idx] = np.where(card < 21, np.maximum(batch.top[idx], card), batch.top[idx])
    batch.trick_half[idx] += T.HALF[card]
    special = T.SPECIAL[card]
    if special.any():
        some, which, trick = idx[special], card[special], batch.tricknum[idx[special]]
        for bout, where in ((0, batch.petit_trick), (20, batch.t21_trick)):
            where[some[which == bout]] = trick[which == bout]
        excuse = which == 21
        batch.excuse_trick[some[excuse]] = trick[excuse]
        batch.excuse_seat[some[excuse]] = seat[special][excuse]
    if table.calls:
        batch.called_played[idx[card == batch.called[idx]]] = True
    full = pos + 1 == seats
    going = ~full
    batch.cur[idx[going]] = table.next_seat[seat[going]]
    batch.pos[idx[going]] = pos[going] + 1
    if full.any():
        _end_trick(batch, idx[full])


def _end_trick(batch: Batch, idx: Ints) -> None:
    """The trick in progress of each of ``idx`` is complete: its winner takes it."""
    table, offsets, flat = batch.table, batch.table.offsets, batch.flat
    seats, last = table.seats, table.hand_size - 1
    trick = batch.tricknum[idx]
    winner = batch.best_seat[idx]
    # The last trick's exception: the Excuse wins it when its camp won every other trick.
    late = (trick == last) & (batch.excuse_trick[idx] == last)
    if late.any():
        rows = idx[late]
        owner = batch.excuse_seat[rows]
        taker, partner = batch.taker[rows], batch.partner[rows]
        attack = batch.won_tricks[rows, taker].astype(I64)
        with_partner = partner >= 0
        attack[with_partner] += batch.won_tricks[rows[with_partner], partner[with_partner]]
        owner_attacks = (owner == taker) | (owner == partner)
        swept = np.where(owner_attacks, attack == last, attack == 0)
        late_winner = winner[late]
        late_winner[swept] = owner[swept]
        winner[late] = late_winner
    batch.winners[idx, trick] = winner
    batch.won_tricks[idx, winner] += 1
    half = batch.trick_half[idx]
    batch.won_half[idx, winner] += half.astype(np.int16)
    rows = idx * batch.width
    flat[rows + offsets["won"] + winner] += 1
    flat[rows + offsets["won"] + seats + winner] += half * 0.5
    flat[rows + offsets["leader"] + batch.leader[idx]] = 0
    flat[rows + offsets["leader"] + winner] = 1
    positions = np.arange(seats, dtype=I64)
    cards = batch.plays[idx[:, None], trick[:, None] * seats + positions].astype(I64)
    flat[rows[:, None] + offsets["trick"] + 78 * positions + cards] = 0
    if table.recall:  # the next trick's leader, in the tricks in order (unless the deal is over)
        going = trick < last
        next_at = offsets["tricks"] + 79 * seats * (trick[going] + 1) + 78 * seats
        flat[rows[going] + next_at + winner[going]] = 1
    batch.leader[idx] = winner
    batch.cur[idx] = winner
    batch.pos[idx] = 0
    batch.led[idx] = -1
    batch.top[idx] = -1
    batch.best[idx] = -2
    batch.trick_half[idx] = 0
    batch.tricknum[idx] = trick + 1
    batch.phase[idx[trick == last]] = T.DONE
