"""The exact count of the ways to deal the hidden cards, and a uniform draw among them.

The hidden cards come in groups: the cards of a group may go to the same places (the other
seats' hands, the face-down dog, the unseen écart cards). A place is filled to its size.
:class:`Dealing` counts the ways, group after group, remembering each count by what is left
of every place (a dynamic programme). What keeps it small is that places no longer told
apart by the groups still to deal are merged: if every later group accepts both or neither
of two places, only what the two hold together matters, and the ways to split that between
them is one multinomial coefficient. The last group goes by a closed formula.

The count is bounded by a work budget (the spreads of a group tried): past it,
:meth:`Dealing.count` gives up (returns ``None``) and the sampler falls back on
:mod:`._chain`.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import random
from collections.abc import Iterator
from typing import Final

__all__ = ["FACTORIALS", "Dealing", "multinomial", "splits"]

FACTORIALS: Final[tuple[int, ...]] = tuple(
    functools.reduce(int.__mul__, range(1, n + 1), 1) for n in range(79)
)


def multinomial(size: int, split: tuple[int, ...] | list[int]) -> int:
    """The ways to deal ``size`` distinct cards into groups of the sizes in ``split``."""
    ways = FACTORIALS[size]
    for part in split:
        ways //= FACTORIALS[part]
    return ways


def splits(where: int, size: int, caps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to spread ``size`` cards over the places in ``where``, within ``caps``."""
    allowed = [n for n in range(len(caps)) if where >> n & 1 and caps[n]]
    split = [0] * len(caps)

    def spread(position: int, left: int) -> Iterator[tuple[int, ...]]:
        if position == len(allowed) - 1:
            place = allowed[position]
            if left <= caps[place]:
                split[place] = left
                yield tuple(split)
                split[place] = 0
            return
        place = allowed[position]
        room = sum(caps[n] for n in allowed[position + 1 :])
        for count in range(max(0, left - room), min(left, caps[place]) + 1):
            split[place] = count
            yield from spread(position + 1, left - count)
        split[place] = 0

    if not allowed:
        if size == 0:
            yield tuple(split)
        return
    yield from spread(0, size)


#: One way a group may be spread at a level: its split over the level's classes, what is
#: left for the later groups by the next level's classes, and the ways that split weighs
#: (before the count of the later groups).
_Move = tuple[tuple[int, ...], tuple[int, ...], int]


class Dealing:
    """The ways to deal groups of cards into places of given sizes: counted, and drawn.

    Args:
        groups: Per group, the mask of the places that accept it and its card indices.
        places: The number of places.
        budget: The most spreads of a group the count may try before giving up.
    """

    def __init__(
        self, groups: tuple[tuple[int, tuple[int, ...]], ...], places: int, budget: int
    ) -> None:
        self.groups = groups
        self.places = places
        self.budget = budget
        self.work = 0
        self.over = False  # set when the count ran out of budget
        count = len(groups)
        # A place's signature: the groups that accept it. At level g (groups g on still to
        # deal), places with the same signature from g on make one class.
        signatures = [0] * places
        for number, (where, _cards) in enumerate(groups):
            for place in range(places):
                if where >> place & 1:
                    signatures[place] |= 1 << number
        levels: list[tuple[int, ...]] = []
        for level in range(count + 1):
            found: dict[int, int] = {}
            levels.append(tuple(found.setdefault(s >> level, len(found)) for s in signatures))
        self.levels = levels
        self.widths = [max(level, default=-1) + 1 for level in levels]
        # The classes group g accepts at its level, and which of them each class of the
        # next level merges.
        self.accepts: list[int] = []
        self.merges: list[tuple[tuple[int, ...], ...]] = []
        for number, (where, _cards) in enumerate(groups):
            accepts = 0
            merged: list[list[int]] = [[] for _ in range(self.widths[number + 1])]
            for place in range(places):
                here = levels[number][place]
                if where >> place & 1:
                    accepts |= 1 << here
                parts = merged[levels[number + 1][place]]
                if here not in parts:
                    parts.append(here)
            self.accepts.append(accepts)
            self.merges.append(tuple(tuple(parts) for parts in merged))
        #: The places of each class of the first level.
        self.members: list[list[int]] = [[] for _ in range(self.widths[0])]
        for place, number in enumerate(levels[0]):
            self.members[number].append(place)
        self.tops: dict[tuple[int, ...], tuple[tuple[int, ...], int]] = {}
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self.tables: dict[tuple[int, tuple[int, ...]], tuple[list[int], list[_Move]]] = {}

    def _top(self, caps: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
        """The classes' sizes at the first level, and the ways to split them into places."""
        found = self.tops.get(caps)
        if found is not None:
            return found
        level = self.levels[0]
        sizes = [0] * self.widths[0]
        parts: list[list[int]] = [[] for _ in sizes]
        for place, cap in enumerate(caps):
            sizes[level[place]] += cap
            parts[level[place]].append(cap)
        ways = 1
        for size, part in zip(sizes, parts, strict=True):
            ways *= multinomial(size, part)
        self.tops[caps] = found = (tuple(sizes), ways)
        return found

    def count(self, caps: tuple[int, ...]) -> int | None:
        """The ways to deal every group into places of sizes ``caps`` exactly.

        ``None`` when the count needs more work than the budget (then this dealing cannot
        draw).
        """
        sizes, ways = self._top(caps)
        ways *= self._ways(0, sizes)
        return None if self.over else ways

    def _ways(self, group: int, sizes: tuple[int, ...]) -> int:
        """The ways to deal the groups from ``group`` on into classes of ``sizes``."""
        groups = self.groups
        if group == len(groups):
            return 0 if any(sizes) else 1
        if self.over:
            return 0
        key = (group, sizes)
        memo = self.memo
        found = memo.get(key)
        if found is not None:
            return found
        accepts = self.accepts[group]
        if group == len(groups) - 1:
            total = 0
            if all(not size or accepts >> n & 1 for n, size in enumerate(sizes)):
                total = multinomial(len(groups[group][1]), sizes)
        else:
            total = 0
            for _split, rest, weight in self._moves(group, sizes):
                ways = self._ways(group + 1, rest)
                if ways:
                    total += weight * ways
        memo[key] = total
        return total

    def _moves(self, group: int, sizes: tuple[int, ...], counting: bool = True) -> Iterator[_Move]:
        """Each spread of ``group`` over its classes, with what it leaves and weighs.

        While ``counting``, each spread is work against the budget.
        """
        size = len(self.groups[group][1])
        merges = self.merges[group]
        for split in splits(self.accepts[group], size, sizes):
            if counting:
                self.work += 1
                if self.work > self.budget:
                    self.over = True
                    return
            left = [have - put for have, put in zip(sizes, split, strict=True)]
            weight = multinomial(size, split)
            rest = []
            for parts in merges:
                if len(parts) == 1:
                    rest.append(left[parts[0]])
                    continue
                together = [left[part] for part in parts]
                total = sum(together)
                rest.append(total)
                weight *= multinomial(total, together)
            yield split, tuple(rest), weight

    def _table(self, group: int, sizes: tuple[int, ...]) -> tuple[list[int], list[_Move]]:
        """The spreads of ``group`` that lead to a deal, with their running total of ways."""
        key = (group, sizes)
        table = self.tables.get(key)
        if table is None:
            moves = []
            weights = []
            for move in self._moves(group, sizes, counting=False):  # counted already
                ways = move[2] * self._ways(group + 1, move[1])
                if ways:
                    moves.append(move)
                    weights.append(ways)
            table = (list(itertools.accumulate(weights)), moves)
            self.tables[key] = table
        return table

    def draw(self, caps: tuple[int, ...], rng: random.Random) -> list[int]:
        """One deal into places of sizes ``caps``, uniformly: the mask of each place.

        ``caps`` must have been counted (and found possible) by :meth:`count`.
        """
        groups = self.groups
        last = len(groups) - 1
        if last < 0:
            return [0] * self.places
        sizes, _ways = self._top(caps)
        path: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        for group in range(last):
            running, moves = self._table(group, sizes)
            pick = rng.randrange(running[-1])
            split, rest, _weight = moves[bisect.bisect_right(running, pick)]
            path.append((split, tuple(s - p for s, p in zip(sizes, split, strict=True))))
            sizes = rest
        # From the last group back to the first: the cards each class of a level holds,
        # and whether they are in an order that is not uniformly random (cards of two
        # groups, one after the other), to shuffle before a share of them is cut.
        held = self._spread(list(groups[last][1]), sizes, rng)
        mixed = [False] * len(held)
        for group in range(last - 1, -1, -1):
            split, left = path[group]
            classes: list[list[int]] = [[] for _ in range(self.widths[group])]
            stirred = [False] * len(classes)
            for pool, parts, jumbled in zip(held, self.merges[group], mixed, strict=True):
                if len(parts) == 1:
                    classes[parts[0]] = pool
                    stirred[parts[0]] = jumbled
                    continue
                if jumbled:
                    rng.shuffle(pool)
                start = 0  # each class a uniform share of the merged class's cards
                for part in parts:
                    classes[part] = pool[start : start + left[part]]
                    start += left[part]
            own = self._spread(list(groups[group][1]), split, rng)
            for number, (mine, more) in enumerate(zip(classes, own, strict=True)):
                if mine and more:
                    stirred[number] = True
                mine.extend(more)
            held, mixed = classes, stirred
        # The first level's classes into places.
        masks = [0] * self.places
        for pool, places, jumbled in zip(held, self.members, mixed, strict=True):
            if jumbled and len(places) > 1:
                rng.shuffle(pool)
            start = 0
            for place in places:
                for index in pool[start : start + caps[place]]:
                    masks[place] |= 1 << index
                start += caps[place]
        return masks

    @staticmethod
    def _spread(cards: list[int], split: tuple[int, ...], rng: random.Random) -> list[list[int]]:
        """``cards`` dealt at random into parts of the sizes in ``split``."""
        rng.shuffle(cards)
        parts = []
        start = 0
        for size in split:
            parts.append(cards[start : start + size])
            start += size
        return parts
