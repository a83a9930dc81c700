"""What the seat to act in each deal gets: its legal-action mask and its own tensor fields.

The transitions keep the public fields of each deal's tensor up to date (``_play``); the
fields that depend on who looks (the seat, its hand, the écart the taker sees, what it
knows of the partner) are written here, for every deal, once the actions are applied.
The legal actions are built as three words of bits per deal (ids 0 to 191) and unpacked
into the mask in one call.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from frenchtarot.vector import _tables as T
from frenchtarot.vector._batch import Batch
from frenchtarot.vector._tables import I64, U64

Ints = NDArray[np.int64]
Words = NDArray[np.uint64]

__all__ = ["legal_mask", "write_seat_fields"]

_UNSEEN = 78
"""The entry of an écart card in order that the seat did not see."""

_HANDFUL_WORD = U64(1 << 0 | 1 << T.SLAM_ID)  # the slam decision: pass (0) or slam (5)


def _plays(batch: Batch, idx: Ints, lo: Words, hi: Words) -> tuple[Words, Words]:
    """The cards the seat to act in each of ``idx`` (holding ``lo``, ``hi``) may play."""
    led = batch.led[idx]
    follow_lo = lo & T.SUIT_LO[led + 1]
    follow_hi = hi & T.SUIT_HI[led + 1]
    follows = (follow_lo | follow_hi) != 0
    excuse = lo & T.EXCUSE_LO
    trumps = lo & T.TRUMPS_LO
    shift = (batch.top[idx] + 1).astype(U64)
    higher = (trumps >> shift) << shift
    over = np.where(higher != 0, higher, trumps) | excuse
    has_trumps = trumps != 0
    free = led < 0
    out_lo = np.where(
        free, lo, np.where(follows, follow_lo | excuse, np.where(has_trumps, over, lo))
    )
    out_hi = np.where(free | ~(follows | has_trumps), hi, np.where(follows, follow_hi, U64(0)))
    if batch.table.calls:  # the opening lead may not be in the called suit, but the card itself
        first = (batch.nplayed[idx] == 0) & (batch.called[idx] >= 0)
        if first.any():
            rows = np.flatnonzero(first)
            called = batch.called[idx[rows]]
            suit = T.SUIT_CODE[called] + 1
            others_lo = lo[rows] & ~T.SUIT_LO[suit]
            others_hi = hi[rows] & ~T.SUIT_HI[suit]
            some = (others_lo | others_hi) != 0
            out_lo[rows] = np.where(some, others_lo | (lo[rows] & T.BIT_LO[called]), out_lo[rows])
            out_hi[rows] = np.where(some, others_hi | (hi[rows] & T.BIT_HI[called]), out_hi[rows])
    return out_lo, out_hi


def _handfuls(batch: Batch, idx: Ints, lo: Words) -> Words:
    """The handful ids open to the seat to act in each of ``idx`` (first trick), as bits."""
    cur = batch.cur[idx]
    ecart = np.where(cur == batch.taker[idx], batch.disc_lo[idx] & T.TRUMPS_LO, U64(0))
    held = np.bitwise_count((lo & T.TRUMPS_LO) | ecart).astype(I64)
    excuse = (lo & T.EXCUSE_LO) != 0
    sizes = batch.table.handful_sizes
    open_ = (sizes <= held[:, None]) | (excuse[:, None] & (sizes == held[:, None] + 1))
    open_ &= (batch.shown[idx, cur] < 0)[:, None]
    bits = open_[:, 0].astype(U64) | open_[:, 1].astype(U64) << U64(1)
    words: Words = (bits | open_[:, 2].astype(U64) << U64(2)) << U64(T.HANDFUL_ID)
    return words


def _as_bits(batch: Batch, values: NDArray[Any]) -> NDArray[Any]:
    """Zeros and ones as :attr:`Batch.bits` holds them (float16's bit patterns, or as they are)."""
    one = batch.one
    return values if one is None else values * one


def legal_mask(batch: Batch, lo: Words, hi: Words) -> NDArray[np.bool_]:
    """Each deal's legal-action mask; ``lo``, ``hi``: each seat to act's hand."""
    table = batch.table
    phase = batch.phase
    words = np.zeros((batch.n, 3), U64)
    counts = np.bincount(phase, minlength=7)
    if counts[T.PLAY]:
        idx = np.flatnonzero(phase == T.PLAY) if counts[T.PLAY] < batch.n else np.arange(batch.n)
        cards_lo, cards_hi = _plays(batch, idx, lo[idx], hi[idx])
        words[idx, 1] = cards_lo << U64(T.PLAY_ID - 64)
        words[idx, 2] = (cards_lo >> U64(128 - T.PLAY_ID)) | (cards_hi << U64(T.PLAY_ID - 64))
        first = idx[batch.tricknum[idx] == 0]
        if len(first):
            words[first, 0] = _handfuls(batch, first, lo[first])
    if counts[T.BIDDING]:
        idx = np.flatnonzero(phase == T.BIDDING)
        words[idx, 0] = table.bid_words[batch.contract[idx] + 1]
    if counts[T.DISCARD]:
        idx = np.flatnonzero(phase == T.DISCARD)
        hand_lo, hand_hi = lo[idx], hi[idx]
        left = table.dog_size - batch.necart[idx]
        ordinary_lo, ordinary_hi = hand_lo & T.ORDINARY_LO, hand_hi & T.ORDINARY_HI
        enough = np.bitwise_count(ordinary_lo) + np.bitwise_count(ordinary_hi) >= left
        cards_lo = np.where(enough, ordinary_lo, hand_lo & T.KEEP_LO)
        cards_hi = np.where(enough, ordinary_hi, hand_hi & T.KEEP_HI)
        words[idx, 0] = cards_lo << U64(T.DISCARD_ID)
        words[idx, 1] = (cards_lo >> U64(64 - T.DISCARD_ID)) | (cards_hi << U64(T.DISCARD_ID))
    if counts[T.SLAM]:
        words[phase == T.SLAM, 0] = _HANDFUL_WORD
    if counts[T.CALL]:
        idx = np.flatnonzero(phase == T.CALL)
        hand_lo, hand_hi = lo[idx], hi[idx]
        levels = np.ones(len(idx), I64)
        holds = np.ones(len(idx), np.bool_)
        for level in range(3):
            holds &= (hand_lo & T.LEVEL_LO[level] == T.LEVEL_LO[level]) & (
                hand_hi & T.LEVEL_HI[level] == T.LEVEL_HI[level]
            )
            levels += holds
        words[idx, 2] = T.CALL_BITS[levels]
    return T.unpack(words)[:, : table.actions].view(np.bool_)


def write_seat_fields(batch: Batch, lo: Words, hi: Words) -> None:
    """Write the fields of each deal's tensor that belong to its seat to act.

    The seat and the current seat (one-hot), its hand (``lo``, ``hi``), the écart (the
    taker of a Petite or Garde sees it), and, with five players, what it knows of the
    taker's camp.
    """
    table, offsets, bits = batch.table, batch.table.offsets, batch.bits
    seats = table.seats
    cur = batch.cur
    one_hot = batch.one_hot[cur]
    bits[:, offsets["seat"] : offsets["seat"] + seats] = one_hot
    bits[:, offsets["current"] : offsets["current"] + seats] = one_hot
    contract = batch.contract
    dog_shown = (contract >= 0) & (contract <= T.GARDE) & (batch.phase >= T.DISCARD)
    words = np.empty((batch.n, 2), U64)
    words[:, 0] = lo
    words[:, 1] = hi
    bits[:, offsets["hand"] : offsets["hand"] + 78] = _as_bits(batch, T.unpack(words)[:, :78])
    # The écart, for the taker of a Petite or Garde: written where it shows or showed.
    sees = dog_shown & (cur == batch.taker)
    rows = np.flatnonzero(sees | batch.ecart_shown)
    if len(rows):
        shown = sees[rows]
        words = np.stack([batch.disc_lo[rows] * shown, batch.disc_hi[rows] * shown], axis=1)
        at = offsets["ecart"]
        bits[rows, at : at + 78] = _as_bits(batch, T.unpack(words)[:, :78])
        batch.ecart_shown = sees
    if table.recall:
        _write_recall(batch, lo, hi, dog_shown)
    if table.calls:
        partner = batch.partner
        played = batch.called_played
        knows = (partner >= 0) & (played | (cur == partner))
        at = offsets["partner"]
        bits[:, at : at + seats] = batch.one_hot[np.where(knows, partner, seats)]
        in_dog = batch.called_in_dog
        alone = (
            (batch.called >= 0)
            & (partner < 0)
            & (played | (dog_shown & in_dog) | ((cur == batch.taker) & ~in_dog))
        )
        bits[:, offsets["alone"]] = _as_bits(batch, alone)


def _write_recall(batch: Batch, lo: Words, hi: Words, dog_shown: NDArray[np.bool_]) -> None:
    """The information-state fields of the seat to act: its dealt hand, the écart in order."""
    offsets, obs, flat = batch.table.offsets, batch.obs, batch.flat
    rows = np.arange(batch.n)
    cur = batch.cur
    taker = cur == batch.taker
    dealt_lo = lo | batch.played_lo[rows, cur]
    dealt_hi = hi | batch.played_hi[rows, cur]
    back = dog_shown & taker  # the taker's dealt hand: without the dog, with the écart
    dealt_lo = np.where(back, (dealt_lo | batch.disc_lo) & ~batch.dog_lo, dealt_lo)
    dealt_hi = np.where(back, (dealt_hi | batch.disc_hi) & ~batch.dog_hi, dealt_hi)
    words = np.stack([dealt_lo, dealt_hi], axis=1)
    at = offsets["dealt_hand"]
    batch.bits[:, at : at + 78] = _as_bits(batch, T.unpack(words)[:, :78])
    # The écart in order: the taker sees each card, the others the trumps only.
    view = taker.astype(np.int64)
    count = batch.necart
    stale = np.flatnonzero(
        (count > 0) & ((view != batch.ecart_view) | (count != batch.ecart_written))
    )
    if not len(stale):
        return
    size = batch.table.dog_size
    start = offsets["ecart_order"]
    obs[stale, start : start + 79 * size] = 0
    cards = batch.ecart[stale].astype(np.int64)
    seen = np.where((view[stale, None] == 1) | (cards < 21), cards, _UNSEEN)
    written = np.arange(size) < count[stale, None]
    where = stale[:, None] * batch.width + start + 79 * np.arange(size) + seen
    flat[where[written]] = 1
    batch.ecart_view[stale] = view[stale]
    batch.ecart_written[stale] = count[stale]
