"""The exact search of the card play with every hand known: alpha-beta over bit masks.

Compiled by mypyc in the compiled build: plain ints, masks, small lists and tuples, ``Final``
tables, no closures. The attack (the taker and the partner) maximises a value, the defence
minimises it; the value is one of the objectives of :mod:`frenchtarot.solver` counted in
whole units (card points in half points). A node plays one card; a trick is scored when its
last card is played, by the rules of ``_core/tricks.py`` and ``_core/tally.py`` (the Excuse
kept by its camp for a half-point card, or winning the last trick for a camp that won every
other; the petit au bout; the slam).

The techniques of the bridge double-dummy solvers, each one switchable by :class:`Options`
(the tests check that the value never changes when they are off):

- a transposition table at the start of each trick, keyed on the cards left by relative
  rank (a card is named by its owner, its points and its place among the cards left of its
  suit, so that positions differing only by which low cards are gone share an entry);
- equivalent cards merged at move generation (cards of one hand, one suit and equal points
  with no card left between them lead to the same positions);
- move ordering (the transposition table's best card, then a history table);
- bounds in points (the attack cannot get fewer points than it has, nor more than those
  left), and the contract's bounds in points and bouts.

The public layer drives it with null windows (a bisection on the value) for the exact value.
"""

from __future__ import annotations

import time
from typing import Final

from frenchtarot.errors import _BudgetSpent

OBJ_POINTS: Final = 0
OBJ_SCORE: Final = 1
OBJ_CONTRACT: Final = 2

INF: Final = 1 << 40
"""Above any value of any objective."""

_EXCUSE: Final = 21
_EXCUSE_BIT: Final = 1 << 21
_PETIT_BIT: Final = 1
_TRUMPS: Final = (1 << 21) - 1
_BOUTS: Final = 1 | 1 << 20 | 1 << 21
_TARGETS: Final[tuple[int, ...]] = (56, 51, 41, 36)
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
    _TRUMPS if i < 21 else 0 if i == 21 else ((1 << 14) - 1) << (22 + 14 * ((i - 22) // 14))
    for i in range(78)
)
"""The suit of each card as a mask (trumps for a trump, 0 for the Excuse)."""
GROUP: Final[tuple[int, ...]] = tuple(
    0 if i < 21 else 5 if i == 21 else 1 + (i - 22) // 14 for i in range(78)
)
"""Trumps 0, the suits 1 to 4, the Excuse 5: cards of one group compare by rank."""
_CLASS: Final[tuple[int, ...]] = tuple(
    5 if i == 0 else {1: 0, 3: 1, 5: 2, 7: 3, 9: 4}[HALF[i]] for i in range(78)
)
"""A card's points as a small code for the keys; the Petit has its own (petit au bout)."""


class Options:
    """Which optimisations the search uses (all by default); for the tests and benchmarks.

    Attributes:
        table: The transposition table.
        relative: Keys on relative ranks (else on the exact cards).
        merge: Equivalent cards merged at move generation.
        order: Move ordering (the table's best card, the history table).
        bounds: Bounds in points (and for the contract, in points and bouts).
        bisect: The exact value by a bisection of null windows (else one full-window search).
    """

    __slots__ = ("bisect", "bounds", "merge", "order", "relative", "table")

    def __init__(
        self,
        *,
        table: bool = True,
        relative: bool = True,
        merge: bool = True,
        order: bool = True,
        bounds: bool = True,
        bisect: bool = True,
    ) -> None:
        self.table = table
        self.relative = relative
        self.merge = merge
        self.order = order
        self.bounds = bounds
        self.bisect = bisect

    def key(self) -> tuple[bool, ...]:
        """The options as a tuple (for comparing and hashing)."""
        return (self.table, self.relative, self.merge, self.order, self.bounds, self.bisect)


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


def trick_status(seats: int, leader: int, trick: list[int]) -> list[int]:
    """The state of a trick in progress, as the search carries it.

    Returns:
        ``[seat to play, cards played, led suit mask, top trump, best card, best card's seat,
        mask of the cards, their half points, the Excuse's seat or -1]``.
    """
    led = 0
    top = -1
    best = -1
    best_seat = leader
    mask = 0
    half = 0
    excuse = -1
    seat = leader
    for card in trick:
        if card < _EXCUSE:
            if not led:
                led = _TRUMPS
            if card > top:
                top = card
            if best < 0 or best > _EXCUSE or card > best:
                best = card
                best_seat = seat
        elif card == _EXCUSE:
            excuse = seat
        elif not led:
            led = SUIT_MASK[card]
            if best < 0:
                best = card
                best_seat = seat
        elif best > _EXCUSE and led >> card & 1 and card > best:
            best = card
            best_seat = seat
        mask |= 1 << card
        half += HALF[card]
        seat = (seat + 1) % seats
    return [seat, len(trick), led, top, best, best_seat, mask, half, excuse]


class Search:
    """One position of the card play and the search over its continuations.

    The position is set by the caller's fields (hands, camp, the tally so far, the trick in
    progress); :meth:`value` searches it within a window. The table and the history may be
    shared with other searches of the same deal (same camp, rules and objective).
    """

    def __init__(
        self,
        seats: int,
        hand_size: int,
        camp: int,
        objective: int,
        scoring: Scoring,
        options: Options,
        table: dict[int, tuple[int, int, int]],
        history: list[int],
        opening: int,
    ) -> None:
        self.seats = seats
        self.hand_size = hand_size
        self.camp = camp
        self.objective = objective
        self.scoring = scoring
        self.use_table = options.table
        self.relative = options.relative
        self.merge = options.merge
        self.order = options.order
        self.bounds = options.bounds
        self.table = table
        self.history = history
        self.opening = opening  # the called card when the deal's first card is to be played
        self.next_seat: list[int] = [(seat + 1) % seats for seat in range(seats)]
        self.hands: list[int] = [0] * seats
        self.att_half = 0
        self.att_bouts = 0
        self.att_won = False
        self.def_won = False
        self.petit_pending = 0
        self.tricks_left = 0
        self.left_half = 0
        self.nodes = 0
        self.node_limit = INF
        self.deadline = 0.0
        self.next_check = 1024
        self.best_card = -1
        self.max_entries = 1 << 21
        # The trick in progress at the root, as trick_status gives it.
        self.root: list[int] = []

    # -- the position ---------------------------------------------------------------------

    def set_position(
        self,
        hands: list[int],
        att_half: int,
        att_bouts: int,
        att_won: bool,
        def_won: bool,
        petit_pending: int,
        root: list[int],
    ) -> None:
        """Set the position to search: the hands, the tally so far, the trick in progress."""
        self.hands = hands
        self.att_half = att_half
        self.att_bouts = att_bouts
        self.att_won = att_won
        self.def_won = def_won
        self.petit_pending = petit_pending
        self.root = root
        cards = 0
        half = 0
        for hand in hands:
            cards += hand.bit_count()
            m = hand
            while m:
                low = m & -m
                half += HALF[low.bit_length() - 1]
                m ^= low
        self.left_half = half + root[7]  # the trick's cards are still to be won
        self.tricks_left = (cards + root[1]) // self.seats

    def set_budget(self, nodes: int, seconds: float) -> None:
        """Stop (raise ``_BudgetSpent``) after ``nodes`` more nodes or ``seconds``."""
        self.node_limit = self.nodes + nodes if nodes > 0 else INF
        self.deadline = time.perf_counter() + seconds if seconds > 0 else 0.0
        # The clock is read at the first node, then every 1024 nodes.
        step = 1 if seconds > 0 else 1024
        self.next_check = min(self.nodes + step, self.node_limit)

    def _check(self) -> None:
        if self.nodes >= self.node_limit:
            raise _BudgetSpent
        if self.deadline > 0.0 and time.perf_counter() > self.deadline:
            raise _BudgetSpent
        self.next_check = min(self.nodes + 1024, self.node_limit)

    # -- the values -----------------------------------------------------------------------

    def range_now(self) -> tuple[int, int]:
        """Bounds on the value from the tally so far and the cards left (always sound)."""
        if self.objective == OBJ_POINTS:
            return self.att_half, self.att_half + self.left_half
        if self.objective == OBJ_CONTRACT:
            return self._contract_bounds()
        s = self.scoring
        # Loose but sound: no unit exceeds these parts added up.
        unit = (
            (25 + 91) * s.multiplier
            + s.petit
            + s.handfuls
            + s.slam_announced
            + s.slam_unannounced
            + s.slam_missed
            + s.slam_defence
        )
        return -s.share * unit, s.share * unit

    def _contract_bounds(self) -> tuple[int, int]:
        bouts = self.att_bouts.bit_count()
        low = 1 if self.att_half >= 2 * _TARGETS[bouts] else 0
        live = self.root[6]
        for hand in self.hands:
            live |= hand
        most = bouts + (live & _BOUTS).bit_count()
        high = 0 if self.att_half + self.left_half < 2 * _TARGETS[min(most, 3)] else 1
        return low, high

    def _leaf(self, petit: int) -> int:
        """The value of the deal played out, from the tally (see ``_core/tally.py``)."""
        half = self.att_half
        if self.objective == OBJ_POINTS:
            return half
        target = _TARGETS[self.att_bouts.bit_count()]
        made = half >= 2 * target
        if self.objective == OBJ_CONTRACT:
            return 1 if made else 0
        s = self.scoring
        if made:
            margin = (half + 1) // 2 - target
            sign = 1
        else:
            margin = target - half // 2
            sign = -1
        if not self.def_won:
            slam = s.slam_announced if s.announced else s.slam_unannounced
        else:
            slam = -s.slam_missed if s.announced else 0
            if not self.att_won:
                slam -= s.slam_defence
        unit = sign * (25 + margin) * s.multiplier + petit * s.petit + sign * s.handfuls + slam
        return s.share * unit

    # -- the search -----------------------------------------------------------------------

    def value(self, alpha: int, beta: int) -> int:
        """The value of the position, fail-soft within ``(alpha, beta)``."""
        r = self.root
        if r[1] == 0:
            return self._trick_start(r[0], alpha, beta)
        return self._play(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], alpha, beta, -1)

    def card_value(self, card: int, alpha: int, beta: int) -> int:
        """The value after the seat to play at the root plays ``card``."""
        r = self.root
        seat = r[0]
        hand = self.hands[seat]
        self.nodes += 1
        return self._after(
            seat, hand, r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], card, alpha, beta
        )

    def root_moves(self) -> list[int]:
        """The legal cards of the seat to play at the root, ascending (none merged)."""
        r = self.root
        legal = self._legal(self.hands[r[0]], r[1], r[2], r[3])
        out: list[int] = []
        while legal:
            low = legal & -legal
            out.append(low.bit_length() - 1)
            legal ^= low
        return out

    def _legal(self, hand: int, pos: int, led: int, top: int) -> int:
        """The cards of ``hand`` allowed (``_core/tricks.follow_mask``, the opening lead)."""
        if not led:
            legal = hand
        else:
            excuse = hand & _EXCUSE_BIT
            legal = 0
            if led != _TRUMPS:
                legal = hand & led
                if legal:
                    legal |= excuse
            if not legal:
                trumps = hand & _TRUMPS
                if not trumps:
                    legal = hand
                else:
                    higher = trumps >> (top + 1) << (top + 1)
                    legal = (higher or trumps) | excuse
        if self.opening >= 0 and pos == 0 and self.tricks_left == self.hand_size:
            suit = SUIT_MASK[self.opening]
            others = legal & ~suit
            if others:
                legal = others | (legal & 1 << self.opening)
        return legal

    def _trick_start(self, leader: int, alpha: int, beta: int) -> int:
        if self.bounds:
            low, high = self.range_now()
            if low >= beta:
                return low
            if high <= alpha:
                return high
        if not self.use_table or (self.opening >= 0 and self.tricks_left == self.hand_size):
            return self._play(leader, 0, 0, -1, -1, leader, 0, 0, -1, alpha, beta, -1)
        key = self._key(leader)
        offset = self.att_half if self.objective == OBJ_POINTS else 0
        entry = self.table.get(key)
        first = -1
        low = -INF
        high = INF
        if entry is not None:
            low = entry[0] + offset
            high = entry[1] + offset
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            first = entry[2]
        v = self._play(leader, 0, 0, -1, -1, leader, 0, 0, -1, alpha, beta, first)
        best = self.best_card
        if v <= alpha:
            high = min(high, v)
        elif v >= beta:
            low = max(low, v)
        else:
            low = high = v
        if len(self.table) >= self.max_entries:
            self.table.clear()
        self.table[key] = (low - offset, high - offset, best)
        return v

    def _key(self, leader: int) -> int:
        hands = self.hands
        seats = self.seats
        key = 0
        if self.relative:
            live = 0
            for hand in hands:
                live |= hand
            group = -1
            while live:
                low = live & -live
                card = low.bit_length() - 1
                live ^= low
                if GROUP[card] != group:
                    group = GROUP[card]
                    key = key << 6 | (56 + group)
                owner = 0
                while not hands[owner] & low:
                    owner += 1
                key = key << 6 | owner << 3 | _CLASS[card]
        else:
            for hand in hands:
                key = key << 78 | hand
        key = key * seats + leader
        key = key << 2 | int(self.att_won) << 1 | int(self.def_won)
        if self.objective != OBJ_POINTS:
            key = (key << 9 | self.att_half) << 2 | self.att_bouts.bit_count()
            key = key * 3 + self.petit_pending + 1
        return key

    def _play(
        self,
        seat: int,
        pos: int,
        led: int,
        top: int,
        best: int,
        best_seat: int,
        t_mask: int,
        t_half: int,
        excuse: int,
        alpha: int,
        beta: int,
        first: int,
    ) -> int:
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._check()
        hand = self.hands[seat]
        legal = self._legal(hand, pos, led, top)
        moves = self._moves(legal, seat, pos, led, best, best_seat, t_mask, first)
        maximise = self.camp >> seat & 1
        result = -INF if maximise else INF
        chosen = moves[0]
        cut = False
        for card in moves:
            v = self._after(
                seat,
                hand,
                pos,
                led,
                top,
                best,
                best_seat,
                t_mask,
                t_half,
                excuse,
                card,
                alpha,
                beta,
            )
            if maximise:
                if v > result:
                    result = v
                    chosen = card
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            cut = True
                            break
            elif v < result:
                result = v
                chosen = card
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        cut = True
                        break
        if cut and self.order:
            self.history[seat * 78 + chosen] += self.tricks_left * self.tricks_left
        self.best_card = chosen
        return result

    def _after(
        self,
        seat: int,
        hand: int,
        pos: int,
        led: int,
        top: int,
        best: int,
        best_seat: int,
        t_mask: int,
        t_half: int,
        excuse: int,
        card: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Play ``card`` from ``seat``'s ``hand`` to the trick, search on, take it back."""
        bit = 1 << card
        if card < _EXCUSE:
            if not led:
                led = _TRUMPS
            if card > top:
                top = card
            if best < 0 or best > _EXCUSE or card > best:
                best = card
                best_seat = seat
        elif card == _EXCUSE:
            excuse = seat
        elif not led:
            led = SUIT_MASK[card]
            if best < 0:
                best = card
                best_seat = seat
        elif best > _EXCUSE and led & bit and card > best:
            best = card
            best_seat = seat
        self.hands[seat] = hand ^ bit
        if pos + 1 == self.seats:
            v = self._end_trick(best_seat, t_mask | bit, t_half + HALF[card], excuse, alpha, beta)
        else:
            v = self._play(
                self.next_seat[seat],
                pos + 1,
                led,
                top,
                best,
                best_seat,
                t_mask | bit,
                t_half + HALF[card],
                excuse,
                alpha,
                beta,
                -1,
            )
        self.hands[seat] = hand
        return v

    def _end_trick(
        self, winner: int, t_mask: int, t_half: int, excuse: int, alpha: int, beta: int
    ) -> int:
        """Score the complete trick (``_core/tricks.trick_winner``, ``_core/tally.tally``)."""
        camp = self.camp
        last = self.tricks_left == 1
        if excuse >= 0 and last:
            if camp >> excuse & 1:
                if not self.def_won:
                    winner = excuse
            elif not self.att_won:
                winner = excuse
        to_attack = camp >> winner & 1
        gain = t_half if to_attack else 0
        bouts = t_mask & _BOUTS if to_attack else 0
        if excuse >= 0 and not last:
            owner = camp >> excuse & 1
            if owner != to_attack:  # the Excuse goes back to its camp for a half-point card
                if owner:
                    gain += 8
                    bouts |= _EXCUSE_BIT
                else:
                    gain -= 8
                    bouts &= ~_EXCUSE_BIT
        saved_half = self.att_half
        saved_bouts = self.att_bouts
        saved_att = self.att_won
        saved_def = self.def_won
        saved_petit = self.petit_pending
        self.att_half = saved_half + gain
        self.att_bouts = saved_bouts | bouts
        if to_attack:
            self.att_won = True
        else:
            self.def_won = True
        self.left_half -= t_half
        if last:
            petit = 0
            if t_mask & _PETIT_BIT:
                petit = 1 if to_attack else -1
            elif winner == excuse:  # the Excuse won: the Petit counts in the trick before
                petit = saved_petit
            v = self._leaf(petit)
        else:
            if self.tricks_left == 2 and t_mask & _PETIT_BIT:
                self.petit_pending = 1 if to_attack else -1
            self.tricks_left -= 1
            v = self._trick_start(winner, alpha, beta)
            self.tricks_left += 1
        self.left_half += t_half
        self.att_half = saved_half
        self.att_bouts = saved_bouts
        self.att_won = saved_att
        self.def_won = saved_def
        self.petit_pending = saved_petit
        return v

    def _moves(
        self,
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

        The order: the table's best card; then, leading, by the history table; following,
        the points to a trick the seat's camp is winning, a card that takes the trick
        (the cheapest first), else the card that gives the fewest points.
        """
        moves: list[int] = []
        if self.merge:
            present = t_mask
            for hand in self.hands:
                present |= hand
            previous = -1
            while legal:
                low = legal & -legal
                card = low.bit_length() - 1
                legal ^= low
                if (
                    previous >= 0
                    and GROUP[card] == GROUP[previous]
                    and HALF[card] == HALF[previous]
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
        if not self.order or len(moves) < 2:
            return moves
        scores: list[int] = []
        if pos == 0:
            history = self.history
            base = seat * 78
            for card in moves:
                scores.append(INF if card == first else history[base + card])
        else:
            camp = self.camp
            ours = (camp >> seat & 1) == (camp >> best_seat & 1) and best >= 0
            for card in moves:
                if card == first:
                    scores.append(INF)
                    continue
                rank = card if card < _EXCUSE else (card - 22) % 14
                if card == _EXCUSE:
                    takes = False
                elif card < _EXCUSE:
                    takes = best < 0 or best > _EXCUSE or card > best
                else:
                    takes = best < 0 or (best > _EXCUSE and led >> card & 1 == 1 and card > best)
                if ours and not takes:
                    scores.append(100 + 4 * HALF[card] - rank)
                elif takes and not ours:
                    scores.append(200 + HALF[card] - rank)
                elif ours:
                    scores.append(4 * HALF[card] - rank)
                else:
                    scores.append(-4 * HALF[card] - rank)
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
