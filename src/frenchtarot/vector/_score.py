"""The score of many deals played out at once: :func:`frenchtarot.score`'s deltas, for arrays.

The same count as ``frenchtarot._core.tally``: the attack's card points (in half points)
against the target of its bouts, the Excuse exchange, the petit au bout, the handfuls, the
slam, and each seat's share of the unit.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from frenchtarot._core.tally import CONTRACT_POINTS, TARGETS
from frenchtarot.vector import _tables as T
from frenchtarot.vector._batch import Batch
from frenchtarot.vector._tables import I64

Ints = NDArray[np.int64]

__all__ = ["score"]

_TARGETS = np.array(TARGETS, I64)
_EXCUSE_KEPT = 8  # half points the Excuse exchange moves (4.5 - 0.5)


def _half_points(lo: NDArray[np.uint64], hi: NDArray[np.uint64]) -> Ints:
    bits = T.unpack(np.stack([lo, hi], axis=1))[:, :78]
    points: Ints = bits.astype(I64) @ T.HALF
    return points


def score(batch: Batch, idx: Ints) -> Ints:
    """Each seat's score for each deal of ``idx``, all played out: shape ``(len(idx), seats)``."""
    table, rules = batch.table, batch.rules
    seats, last = table.seats, table.hand_size - 1
    rows = np.arange(len(idx))
    taker, partner, contract = batch.taker[idx], batch.partner[idx], batch.contract[idx]
    multiplier = table.multiplier[contract]
    seat = np.arange(seats, dtype=I64)
    attack = (seat == taker[:, None]) | (seat == partner[:, None])
    attack_tricks = (batch.won_tricks[idx] * attack).sum(axis=1)
    half = (batch.won_half[idx] * attack).sum(axis=1).astype(I64)
    half += _half_points(batch.disc_lo[idx], batch.disc_hi[idx])
    sans = contract == T.GARDE_SANS
    dog_lo = batch.dog_lo[idx]
    half += np.where(sans, _half_points(dog_lo, batch.dog_hi[idx]), 0)
    winners = batch.winners[idx].astype(I64)

    def attack_won(trick: Ints) -> NDArray[np.bool_]:
        won: NDArray[np.bool_] = attack[rows, winners[rows, np.maximum(trick, 0)]]
        return won

    bouts = np.zeros(len(idx), I64)
    for trick, card in ((batch.petit_trick[idx], 0), (batch.t21_trick[idx], 20)):
        in_dog = (dog_lo & T.BIT_LO[card]) != 0
        bouts += np.where(trick >= 0, attack_won(trick), in_dog & sans)
    excuse_trick, giver = batch.excuse_trick[idx], batch.excuse_seat[idx]
    played = excuse_trick >= 0
    excuse_in_dog = (dog_lo & T.EXCUSE_LO) != 0
    excuse_to_attack = np.where(played, attack_won(excuse_trick), excuse_in_dog & sans)
    giver_attacks = attack[rows, np.maximum(giver, 0)]
    exchange = played & (excuse_trick < last) & (giver_attacks != excuse_to_attack)
    half += np.where(exchange, np.where(giver_attacks, _EXCUSE_KEPT, -_EXCUSE_KEPT), 0)
    bouts += np.where(exchange, giver_attacks, excuse_to_attack)
    target = _TARGETS[bouts]
    made = half >= 2 * target
    rounded = np.where(made, (half + 1) // 2, half // 2)
    sign = np.where(made, 1, -1)
    unit = sign * (CONTRACT_POINTS + np.abs(rounded - target)) * multiplier

    # The petit au bout: in the last trick, or the one before when the Excuse won the last.
    petit_trick = batch.petit_trick[idx]
    excuse_won_last = (excuse_trick == last) & (giver == winners[:, last])
    number = np.where(excuse_won_last & (petit_trick != last), last - 1, last)
    bonus = rules.petit_au_bout * np.where(rules.petit_au_bout_multiplied, multiplier, 1)
    unit += np.where(petit_trick == number, np.where(attack_won(number), bonus, -bonus), 0)

    shown = batch.shown[idx].astype(I64)
    handfuls = np.where(shown >= 0, table.handful_bonus[np.maximum(shown, 0)], 0).sum(axis=1)
    unit += sign * handfuls

    announced = batch.slam[idx]
    swept = attack_tricks == last + 1
    missed = np.where(announced, -rules.slam_missed, 0)
    unit += np.where(
        swept,
        np.where(announced, rules.slam_announced, rules.slam_unannounced),
        missed - np.where(attack_tricks == 0, rules.slam_defence, 0),
    )

    alone = partner < 0
    defenders = seats - np.where(alone, 1, 2)
    taker_share = (defenders - np.where(alone, 0, 1)) * unit
    deltas: Ints = np.where(
        seat == taker[:, None],
        taker_share[:, None],
        np.where(seat == partner[:, None], unit[:, None], -unit[:, None]),
    )
    return deltas
