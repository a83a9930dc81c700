"""The fallback of the sampler when the exact count is over budget: a Markov chain.

:class:`Chain` finds one deal of the hidden cards that obeys every constraint (by augmenting
paths, as a flow), then, for each draw, walks from it by random rotations: a few cards, each
from a different place, each moved to the next one's place, the move kept only when every
card may go where it lands. The moves are symmetric, so the chain's stationary law is the
uniform one over the deals it can reach, and rotations over up to every place reach every
deal. A draw is the deal after a fixed number of moves (:data:`STEPS_PER_CARD` per hidden
card): close to uniform, not exactly so.
"""

from __future__ import annotations

import random
from typing import Final

__all__ = ["STEPS_PER_CARD", "Chain"]

#: The rotations tried per hidden card for each draw.
STEPS_PER_CARD: Final = 40


def _start(
    groups: tuple[tuple[int, tuple[int, ...]], ...], caps: tuple[int, ...]
) -> list[list[int]] | None:
    """One deal of the groups' cards into places of sizes ``caps`` exactly, or ``None``."""
    places = len(caps)
    room = list(caps)
    count = [[0] * places for _ in groups]
    for number, (_where, cards) in enumerate(groups):
        for _card in cards:
            if not _augment(number, groups, count, room):
                return None
    if any(room):
        return None
    members: list[list[int]] = [[] for _ in range(places)]
    for number, (_where, cards) in enumerate(groups):
        left = iter(cards)
        for place in range(places):
            for _ in range(count[number][place]):
                members[place].append(next(left))
    return members


def _augment(
    first: int,
    groups: tuple[tuple[int, tuple[int, ...]], ...],
    count: list[list[int]],
    room: list[int],
) -> bool:
    """Place one more card of group ``first``, moving others along a path if need be."""
    places = len(room)
    entered: dict[int, int] = {}  # place -> the group that moves a card into it
    left_from: dict[int, int] = {}  # group -> the place it moves a card out of
    frontier = [first]
    reached = {first}
    while frontier:
        following = []
        for group in frontier:
            where = groups[group][0]
            for place in range(places):
                if not where >> place & 1 or place in entered:
                    continue
                entered[place] = group
                if room[place]:
                    room[place] -= 1
                    while True:
                        mover = entered[place]
                        count[mover][place] += 1
                        if mover == first:
                            return True
                        place = left_from[mover]
                        count[mover][place] -= 1
                for other in range(len(groups)):
                    if other not in reached and count[other][place]:
                        reached.add(other)
                        left_from[other] = place
                        following.append(other)
        frontier = following
    return False


class Chain:
    """Deals drawn by a Markov chain whose stationary law is uniform.

    Args:
        groups: Per group, the mask of the places that accept it and its card indices.
        accepts: Per place, the mask of the cards it accepts.
        scenarios: The sizes of the places; several when the taker's hand is split in two
            places (``split`` and the next), its ordinary cards in the first.
        split: That first place, or -1.
        limit: The most ordinary cards (``ordinary`` mask) the taker may hold, with a split.
        ordinary: The mask of the ordinary cards.

    Raises:
        ValueError: No deal obeys the constraints (the caller says why).
    """

    def __init__(
        self,
        groups: tuple[tuple[int, tuple[int, ...]], ...],
        accepts: tuple[int, ...],
        scenarios: tuple[tuple[int, ...], ...],
        split: int,
        limit: int,
        ordinary: int,
    ) -> None:
        start = None
        caps = scenarios[0] if scenarios else ()
        for caps in scenarios:
            start = _start(groups, caps)
            if start is not None:
                break
        if start is None:
            raise ValueError("no deal obeys the constraints")
        self.places = len(caps)
        self.split = split
        self.ordinary = ordinary
        self.limit = limit
        accepted = list(accepts)
        if split >= 0:  # one place for the taker, holding at most ``limit`` ordinary cards
            start[split] += start.pop(split + 1)
            accepted[split] |= accepted.pop(split + 1)
        self.start = start
        self.accepts = accepted
        self.eligible = [place for place, cards in enumerate(start) if cards]
        self.steps = STEPS_PER_CARD * sum(map(len, start))

    def draw(self, rng: random.Random) -> list[int]:
        """One deal, walked to from the start: the mask of each place."""
        members = [list(cards) for cards in self.start]
        accepts = self.accepts
        eligible = self.eligible
        ordinary = self.ordinary
        taker = self.split
        held = sum(ordinary >> card & 1 for card in members[taker]) if taker >= 0 else 0
        most = len(eligible)
        for _ in range(self.steps if most > 1 else 0):
            chosen = rng.sample(eligible, rng.randint(2, most))
            length = len(chosen)
            picks = [rng.randrange(len(members[place])) for place in chosen]
            cards = [members[place][pick] for place, pick in zip(chosen, picks, strict=True)]
            if not all(accepts[chosen[n - length + 1]] >> cards[n] & 1 for n in range(length)):
                continue
            if taker in chosen:
                n = chosen.index(taker)
                change = (ordinary >> cards[n - 1] & 1) - (ordinary >> cards[n] & 1)
                if held + change > self.limit:
                    continue
                held += change
            for n in range(length):  # card n takes the place of card n + 1
                after = n - length + 1
                members[chosen[after]][picks[after]] = cards[n]
        masks = [0] * self.places
        for place, cards in enumerate(members):
            target = place + 1 if self.split >= 0 and place > self.split else place
            for card in cards:
                masks[target] |= 1 << card
        return masks
