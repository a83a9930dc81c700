"""Move generation and ordering for the search: equivalent cards merged, best guesses first.

Compiled by mypyc with :mod:`frenchtarot.solver._search`.
"""

from __future__ import annotations

from typing import Final

from frenchtarot.solver._board import Board
from frenchtarot.solver._tables import INF

MASTER: Final = 1 << 36
"""A lead's bonus for the highest card left of its suit (above any history score)."""


def moves_of(
    search: Board,
    legal: int,
    seat: int,
    pos: int,
    led: int,
    best: int,
    best_seat: int,
    t_mask: int,
    first: int,
) -> list[int]:
    """The cards to try: one per set of equivalent legal cards, best guesses first.

    The order: the table's best card; then, leading, the masters (the highest card left of
    a suit or of the trumps), each group by the history table; following, the points to a
    trick the seat's camp is winning and no later seat of the other camp can take (by its
    cards, a rough test), a card that takes the trick (the cheapest first), else the card
    that gives the fewest points.
    """
    moves: list[int] = []
    group_of = search.group
    half = search.half
    if search.merge:
        present = t_mask
        for hand in search.hands:
            present |= hand
        previous = -1
        while legal:
            low = legal & -legal
            card = low.bit_length() - 1
            legal ^= low
            if (
                previous >= 0
                and group_of[card] == group_of[previous]
                and half[card] == half[previous]
                and not present >> (previous + 1) & ((1 << (card - previous - 1)) - 1)
            ):
                if first == card:  # keep the table's card as the representative
                    moves[len(moves) - 1] = card
            else:
                moves.append(card)
            previous = card
    else:
        while legal:
            low = legal & -legal
            moves.append(low.bit_length() - 1)
            legal ^= low
    if not search.order or len(moves) < 2:
        return moves
    scores: list[int] = []
    if pos == 0:
        history = search.history
        base = seat * 78
        live = 0
        for hand in search.hands:
            live |= hand
        suit_mask = search.suit_mask
        for card in moves:
            if card == first:
                scores.append(INF)
            elif suit_mask[card] and not live & suit_mask[card] >> (card + 1) << (card + 1):
                scores.append(MASTER + history[base + card])
            else:
                scores.append(history[base + card])
    else:
        camp = search.camp
        ours = (camp >> seat & 1) == (camp >> best_seat & 1) and best >= 0
        excuse_label = search.excuse
        if ours and pos < search.seats - 1:
            # The partner's card is safe if no other camp's seat still to play can beat it.
            trumps = search.trumps
            later = search.next_seat[seat]
            for _ in range(search.seats - 1 - pos):
                if (camp >> later & 1) != (camp >> seat & 1):
                    other = search.hands[later]
                    if best < excuse_label:
                        if other & trumps >> (best + 1) << (best + 1):
                            ours = False
                    elif other & led:
                        if other & led >> (best + 1) << (best + 1):
                            ours = False
                    elif other & trumps:
                        ours = False
                later = search.next_seat[later]
        rank_of = search.rank
        for card in moves:
            if card == first:
                scores.append(INF)
                continue
            rank = rank_of[card]
            if card == excuse_label:
                takes = False
            elif card < excuse_label:
                takes = best < 0 or best > excuse_label or card > best
            else:
                takes = best < 0 or (best > excuse_label and led >> card & 1 == 1 and card > best)
            if ours and not takes:
                scores.append(100 + 4 * half[card] - rank)
            elif takes and not ours:
                scores.append(200 + half[card] - rank)
            elif ours:
                scores.append(4 * half[card] - rank)
            else:
                scores.append(-4 * half[card] - rank)
    # Insertion sort by score, highest first (a stable order for equal scores).
    count = len(moves)
    for i in range(1, count):
        card = moves[i]
        score = scores[i]
        j = i - 1
        while j >= 0 and scores[j] < score:
            moves[j + 1] = moves[j]
            scores[j + 1] = scores[j]
            j -= 1
        moves[j + 1] = card
        scores[j + 1] = score
    return moves
