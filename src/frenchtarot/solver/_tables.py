"""The search's fixed numbers: the cards' points, suits and groups, the options, the scoring.

Compiled by mypyc with :mod:`frenchtarot.solver._search` (plain ints, ``Final`` tables).
"""

from __future__ import annotations

from typing import Final

OBJ_POINTS: Final = 0
OBJ_SCORE: Final = 1
OBJ_CONTRACT: Final = 2

INF: Final = 1 << 40
"""Above any value of any objective."""

EXCUSE: Final = 21
EXCUSE_BIT: Final = 1 << 21
PETIT_BIT: Final = 1
TRUMPS: Final = (1 << 21) - 1
BOUTS: Final = 1 | 1 << 20 | 1 << 21
TARGETS: Final[tuple[int, ...]] = (56, 51, 41, 36)
_HONOURS: Final[tuple[int, ...]] = (3, 5, 7, 9)


def _half_points(index: int) -> int:
    if index in (0, 20, 21):
        return 9
    if index < 21:
        return 1
    rank = (index - 22) % 14
    return _HONOURS[rank - 10] if rank >= 10 else 1


HALF: Final[tuple[int, ...]] = tuple(_half_points(i) for i in range(78))
"""The points of each card, in half points (as ``cards.HALF_POINTS``)."""
SUIT_MASK: Final[tuple[int, ...]] = tuple(
    TRUMPS if i < 21 else 0 if i == 21 else ((1 << 14) - 1) << (22 + 14 * ((i - 22) // 14))
    for i in range(78)
)
"""The suit of each card as a mask (trumps for a trump, 0 for the Excuse)."""
GROUP: Final[tuple[int, ...]] = tuple(
    0 if i < 21 else 5 if i == 21 else 1 + (i - 22) // 14 for i in range(78)
)
"""Trumps 0, the suits 1 to 4, the Excuse 5: cards of one group compare by rank."""
LOW: Final = sum(1 << i for i in range(22, 78) if (i - 22) % 14 < 10)
"""The low cards of the suits (1 to 10): a half point each, told apart by rank only."""
CLASS: Final[tuple[int, ...]] = tuple(
    5 if i == 0 else {1: 0, 3: 1, 5: 2, 7: 3, 9: 4}[HALF[i]] for i in range(78)
)
"""A card's points as a small code for the keys; the Petit has its own (petit au bout)."""


class Options:
    """Which optimisations the search uses (all by default); for the tests and benchmarks.

    Attributes:
        table: The transposition table.
        relative: Keys on relative ranks (else on the exact cards).
        merge: Equivalent cards merged at move generation; with partition search, also
            the low cards of a suit that a searched card's marks show equivalent.
        order: Move ordering (the table's best card, the history table).
        bounds: Bounds in points (and for the contract, in points and bouts).
        sure: Sure-trick bounds at the start of a trick (master trumps, and the leader's
            masters that no other seat can ruff), for the card points, the contract and the
            score.
        bisect: The exact value by a bisection of null windows (else one full-window search).
        score: The score's bounds from the bounds in points (plain and sure): the score is
            nondecreasing in the attack's points and bouts, the petit au bout and the slam
            bounded apart (else a constant range).
        partition: Partition search (with ``table`` and ``relative``): an entry of the
            table holds for every position that differs only in the low cards (1 to 10) of
            the suits whose ranks the search did not read, as long as each seat holds as
            many of them in each suit.
        partition_from: The fewest tricks left at the position searched for partition
            search to be used: below, its marks cost more than its entries save.
    """

    __slots__ = (
        "bisect",
        "bounds",
        "merge",
        "order",
        "partition",
        "partition_from",
        "relative",
        "score",
        "sure",
        "table",
    )

    def __init__(
        self,
        *,
        table: bool = True,
        relative: bool = True,
        merge: bool = True,
        order: bool = True,
        bounds: bool = True,
        bisect: bool = True,
        sure: bool = True,
        score: bool = True,
        partition: bool = True,
        partition_from: int = 8,
    ) -> None:
        self.table = table
        self.relative = relative
        self.merge = merge
        self.order = order
        self.bounds = bounds
        self.bisect = bisect
        self.sure = sure
        self.score = score
        self.partition = partition
        self.partition_from = partition_from

    def key(self) -> tuple[bool | int, ...]:
        """The options as a tuple (for comparing and hashing)."""
        return (
            self.table,
            self.relative,
            self.merge,
            self.order,
            self.bounds,
            self.bisect,
            self.sure,
            self.score,
            self.partition,
            self.partition_from,
        )


class Scoring:
    """What the score of the deal needs beyond the cards: fixed for one deal's play."""

    __slots__ = (
        "announced",
        "handfuls",
        "multiplier",
        "petit",
        "share",
        "slam_announced",
        "slam_defence",
        "slam_missed",
        "slam_unannounced",
    )

    def __init__(
        self,
        multiplier: int,
        petit: int,
        handfuls: int,
        announced: bool,
        slam_announced: int,
        slam_unannounced: int,
        slam_missed: int,
        slam_defence: int,
        share: int,
    ) -> None:
        self.multiplier = multiplier
        self.petit = petit
        self.handfuls = handfuls
        self.announced = announced
        self.slam_announced = slam_announced
        self.slam_unannounced = slam_unannounced
        self.slam_missed = slam_missed
        self.slam_defence = slam_defence
        self.share = share

    def key(self) -> tuple[int, ...]:
        """The scoring as a tuple (for comparing and hashing)."""
        return (
            self.multiplier,
            self.petit,
            self.handfuls,
            int(self.announced),
            self.slam_announced,
            self.slam_unannounced,
            self.slam_missed,
            self.slam_defence,
            self.share,
        )
