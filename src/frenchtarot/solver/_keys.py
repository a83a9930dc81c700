"""The transposition tables' keys, and the marks of the partition search's ranks read.

Compiled by mypyc with :mod:`frenchtarot.solver._search`: functions of the
:class:`~frenchtarot.solver._board.Board` the search plays on, as ``_ordering.py``'s.
A key names a position at the start of a trick by relative rank (each card by its owner
and points, in the order of its group), with the leader and what the objective adds;
the partition search's key leaves the low cards of the suits (``LOW``) to its entries.
"""

from __future__ import annotations

from typing import Final

from frenchtarot.solver._board import Board
from frenchtarot.solver._tables import OBJ_POINTS

SEQ: Final = (1 << 31) - 1
"""A suit's owners of low cards in ``seqs_a`` or ``seqs_b`` (see :func:`partition_key`)."""


def key_of(board: Board, leader: int) -> int:
    """The table's key of the position at a trick's start, ``leader`` to lead."""
    hands = board.hands
    key = 0
    if board.relative:
        live = 0
        for hand in hands:
            live |= hand
        key = cards_key(board, live)
    else:  # the exact cards: the labels, and the cards they stand for
        key = board.live_key
        for hand in hands:
            key = key << 78 | hand
    return key_tail(board, key, leader)


def cards_key(board: Board, live: int) -> int:
    """The cards of ``live`` by relative rank: each one's owner and points, by group."""
    owner_of = board.owner
    group_of = board.group
    klass = board.klass
    key = 0
    # Six bits a field, gathered ten at a time in a machine-sized int (compiled code
    # then shifts one long int a tenth as often; the key's value is the same).
    group = -1
    chunk = 0
    fields = 0
    while live:
        low = live & -live
        card = low.bit_length() - 1
        live ^= low
        if group_of[card] != group:
            group = group_of[card]
            chunk = chunk << 6 | (56 + group)
            fields += 1
            if fields == 10:
                key = key << 60 | chunk
                chunk = 0
                fields = 0
        chunk = chunk << 6 | owner_of[card] << 3 | klass[card]
        fields += 1
        if fields == 10:
            key = key << 60 | chunk
            chunk = 0
            fields = 0
    key = key << (6 * fields) | chunk
    return key


def key_tail(board: Board, key: int, leader: int) -> int:
    """``key`` with the leader, the tricks won and what the objective adds."""
    key = key * board.seats + leader
    key = key << 2 | int(board.att_won) << 1 | int(board.def_won)
    if board.objective != OBJ_POINTS:
        bouts = board.bout_base + board.att_bouts.bit_count()
        key = (key << 9 | board.att_half) << 2 | bouts
        key = key * 3 + board.petit_pending + 1
    return key


def partition_key(board: Board, leader: int) -> int:
    """The bucket's key; sets ``seqs_a``, ``seqs_b``, ``lengths`` and ``key_live``.

    The trumps, the Excuse and the honours as :func:`key_of` gives them, then for each
    suit how many low cards each seat holds. ``seqs_a`` and ``seqs_b`` hold their
    owners from the top, three bits a card (two suits each, 31 bits a suit), and
    ``lengths`` how many there are (four bits a suit): ints, not lists, that compiled
    code does not box.
    """
    hands = board.hands
    live = 0
    for hand in hands:
        live |= hand
    board.key_live = live
    owner_of = board.owner
    low_live = live & board.low_cards
    key = cards_key(board, live & ~low_live)
    suits = board.suits
    seqs_a = 0
    seqs_b = 0
    counts_a = 0
    counts_b = 0
    lengths = 0
    for s in range(4):
        cards = low_live & suits[s]
        seq = 0
        counts = 0  # four bits a seat
        length = 0
        while cards:
            card = cards.bit_length() - 1
            cards ^= 1 << card
            owner = owner_of[card]
            seq = seq << 3 | owner
            counts += 1 << 4 * owner
            length += 1
        if s < 2:
            seqs_a |= seq << 31 * s
            counts_a |= counts << 20 * s
        else:
            seqs_b |= seq << 31 * (s - 2)
            counts_b |= counts << 20 * (s - 2)
        lengths |= length << 4 * s
    board.seqs_a = seqs_a
    board.seqs_b = seqs_b
    board.lengths = lengths
    key = (key << 40 | counts_a) << 40 | counts_b
    return key_tail(board, key, leader)


def marks_of(board: Board, js: int) -> int:
    """The marks that an entry's ``j`` stand for here: the lowest exact low card."""
    live = board.key_live & board.low_cards
    marks = 0
    if not js:
        return 0
    for s in range(4):
        j = js >> 4 * s & 15
        if j:
            cards = live & board.suits[s]
            card = 0
            while j:
                card = cards.bit_length() - 1
                cards ^= 1 << card
                j -= 1
            marks |= 1 << card
    return marks


def merged_marks(board: Board, hand: int, card: int, present: int, rel: int) -> int:
    """The mark that the cards merged with ``card`` add to its result's ``rel``.

    Only ``card`` of its merged cards (``hand``'s cards of its suit and points with no
    card between them in the hands or in ``present``, the trick's) was searched; the
    others lead to the same positions with the cards' ranks moved: when ``rel`` marks
    a card at or below the highest of them, the lowest of them is marked too (for
    every one of them to be exact).
    """
    suit = board.suit_mask[card]
    marked = rel & suit
    if not marked:
        return 0
    for other in board.hands:
        present |= other
    half = board.half
    lo = card
    while True:
        below = present & suit & ((1 << lo) - 1)
        if not below:
            break
        other = below.bit_length() - 1
        if not hand >> other & 1 or half[other] != half[card]:
            break
        lo = other
    hi = card
    while True:
        above = present & suit >> (hi + 1) << (hi + 1)
        if not above:
            break
        other = (above & -above).bit_length() - 1
        if not hand >> other & 1 or half[other] != half[card]:
            break
        hi = other
    if lo == hi or (marked & -marked).bit_length() - 1 > hi:
        return 0
    return 1 << lo
