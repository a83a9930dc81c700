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
- move ordering (the transposition table's best card; leading, the masters, then a
  history table), in ``_ordering.py``;
- bounds in points (the attack cannot get fewer points than it has, nor more than those
  left), and the contract's bounds in points and bouts;
- sure-trick bounds at the start of a trick (``_bounds.py``: master trumps, the leader's
  masters that cannot be ruffed, the camp's Excuse), probed after the table and stored in
  its entry (with partition search, before the partition key is built: they cost less);
- the taker's score bounded by the bounds in points (``Board._score_low`` and
  ``_score_high``: the score grows with the attack's points and bouts, the petit au bout
  and the slam bounded apart);
- partition search (``_partition_start``, the keys in ``_keys.py``): a result holds for
  every position that differs only in the suits' low cards (1 to 10, a half point each)
  whose ranks it did not read, when each seat holds as many of each suit. Each result
  carries its marks (``rel``): the cards whose rank decided a trick (a suit's card that
  beat another of its suit), those the sure bounds read, and when a merged card's result
  reads the ranks of its fellows, the lowest of them. In each suit the lowest mark counts,
  and every card above it: the entry keeps the owners of that many low cards from the
  top, the bucket's key the trumps, the honours and each seat's count of low cards.
  The marks serve at each node too: once a low card is searched, the seat's other low
  cards of its suit below the lowest rank its result read lead to positions of the same
  partition, bounded alike, and are not searched (``_play``).

Only the hot path restates the rules: ``_legal`` (``_core/tricks.follow_mask``),
``Board._played`` (``_core/tricks.trick_winner``, for ``_after`` and ``Board._status``),
``_end_trick`` and ``_leaf`` (``_core/tally.py``); ``_bounds.py`` reasons on the same rules
without playing them.

The public layer drives it with null windows (a bisection on the value) for the exact value.
"""

from __future__ import annotations

from typing import Final

from frenchtarot.errors import _BudgetSpent
from frenchtarot.solver._board import Board
from frenchtarot.solver._keys import SEQ, key_of, marks_of, merged_marks, partition_key
from frenchtarot.solver._ordering import moves_of
from frenchtarot.solver._tables import (
    HALF,
    INF,
    OBJ_CONTRACT,
    OBJ_POINTS,
    OBJ_SCORE,
    Options,
    Scoring,
)

_BUCKET: Final = 16
"""The most entries a bucket of the partition table keeps (the oldest go first)."""

__all__ = [
    "HALF",
    "INF",
    "OBJ_CONTRACT",
    "OBJ_POINTS",
    "OBJ_SCORE",
    "Options",
    "Scoring",
    "Search",
]


class Search(Board):
    """One position of the card play and the search over its continuations.

    The position is set by the caller's fields (hands, camp, the tally so far, the trick in
    progress, see :class:`~frenchtarot.solver._board.Board`); :meth:`value` searches it
    within a window. The table and the history may be shared with other searches of the
    same deal (same camp, rules and objective).
    """

    # -- the search -----------------------------------------------------------------------

    def value(self, alpha: int, beta: int) -> int:
        """The value of the position, fail-soft within ``(alpha, beta)``."""
        r = self.root
        if r[1] == 0:
            return self._trick_start(r[0], alpha, beta)
        return self._play(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], alpha, beta, -1)

    def floor_probe(self, low: int, nodes: int) -> int:
        """Whether the value is above ``low``, if ``nodes`` nodes tell: a null window.

        Returns:
            The fail-soft value of the window ``(low, low + 1)``, or ``-INF`` when the
            ``nodes`` ran out first (the position is then set back, the table keeps what
            was learned). The caller's budget, when it runs out, raises as in :meth:`value`.
        """
        limit = self.node_limit
        self.node_limit = min(limit, self.nodes + nodes)
        self.next_check = min(self.next_check, self.node_limit)
        try:
            return self.value(low, low + 1)
        except _BudgetSpent:
            if self.node_limit == limit or self.nodes < self.node_limit:
                raise  # the caller's budget (its nodes, or the clock)
            self.reset()
            return -INF
        finally:
            self.node_limit = limit
            self.next_check = min(self.nodes + 1, limit)

    def card_value(self, card: int, alpha: int, beta: int) -> int:
        """The value after the seat to play at the root plays ``card``."""
        r = self.root
        seat = r[0]
        hand = self.hands[seat]
        self.nodes += 1
        return self._after(
            seat,
            hand,
            r[1],
            r[2],
            r[3],
            r[4],
            r[5],
            r[6],
            r[7],
            r[8],
            self.label[card],
            alpha,
            beta,
        )

    def root_moves(self) -> list[int]:
        """The legal cards of the seat to play at the root, ascending (none merged)."""
        r = self.root
        legal = self._legal(self.hands[r[0]], r[1], r[2], r[3])
        out: list[int] = []
        while legal:
            low = legal & -legal
            out.append(self.original[low.bit_length() - 1])
            legal ^= low
        return out

    def _legal(self, hand: int, pos: int, led: int, top: int) -> int:
        """The cards of ``hand`` allowed (``_core/tricks.follow_mask``, the opening lead)."""
        if not led:
            legal = hand
        else:
            excuse = hand & self.excuse_bit
            legal = 0
            if led != self.trumps:
                legal = hand & led
                if legal:
                    legal |= excuse
            if not legal:
                trumps = hand & self.trumps
                if not trumps:
                    legal = hand
                else:
                    higher = trumps >> (top + 1) << (top + 1)
                    legal = (higher or trumps) | excuse
        if self.opening_on and pos == 0 and self.tricks_left == self.hand_size:
            others = legal & ~self.opening_suit
            if others:
                legal = others | (legal & self.opening_bit)
        return legal

    def _trick_start(self, leader: int, alpha: int, beta: int) -> int:
        self.rel = 0
        if self.bounds and (self.objective != OBJ_SCORE or self.score_bounds):
            low, high = self._plain_range()
            if low >= beta:
                return low
            if high <= alpha:
                return high
        plain = not self.use_table or (self.opening_on and self.tricks_left == self.hand_size)
        if self.sure and (plain or self.partition):
            # Before the partition key too: the sure bounds cost less.
            low = self._sure(1, leader)
            if low >= beta:
                self.rel = self.sure_marks
                return low
            high = self._sure(0, leader)
            if high <= alpha:
                self.rel = self.sure_marks
                return high
        if plain:
            return self._play(leader, 0, 0, -1, -1, leader, 0, 0, -1, alpha, beta, -1)
        if self.partition:
            return self._partition_start(leader, alpha, beta)
        key = key_of(self, leader)
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
        if self.sure:  # after the table: its entry holds the sure bounds once stored
            sure = self._sure(1, leader)
            if sure > low:
                low = sure
                if low >= beta:
                    return low
            sure = self._sure(0, leader)
            if sure < high:
                high = sure
                if high <= alpha:
                    return high
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

    def _partition_start(self, leader: int, alpha: int, beta: int) -> int:
        """:meth:`_trick_start` with the partition table (its bounds, sure ones too, checked).

        The key holds the trumps, the Excuse and the suits' honours exactly (by relative
        rank), and of the suits' low cards only how many each seat holds; an entry adds,
        for each suit, how many of its highest low cards it holds exactly (their owners,
        from the top: ``j`` of them). Every entry of the bucket that matches the position
        bounds its value; a new result is stored with the ``j`` that its marks (``rel``)
        give.
        """
        key = partition_key(self, leader)
        offset = self.att_half if self.objective == OBJ_POINTS else 0
        bucket = self.partition_table.get(key)
        seqs_a = self.seqs_a
        seqs_b = self.seqs_b
        lengths = self.lengths
        live = self.key_live
        first = -1
        low = -INF
        high = INF
        low_js = 0
        high_js = 0
        if bucket is not None:
            i = 0
            size = len(bucket)
            while i < size:
                js = bucket[i]
                s = 0
                while s < 4:
                    j = js >> 4 * s & 15
                    seq = (seqs_a >> 31 * s if s < 2 else seqs_b >> 31 * s - 62) & SEQ
                    if seq >> 3 * ((lengths >> 4 * s & 15) - j) != bucket[i + 1 + s]:
                        break
                    s += 1
                if s == 4:
                    bound = bucket[i + 5] + offset
                    if bound > low:
                        low = bound
                        low_js = js
                    bound = bucket[i + 6] + offset
                    if bound < high:
                        high = bound
                        high_js = js
                    first = bucket[i + 7]
                i += 8
            if low >= beta:
                self.rel = marks_of(self, low_js)
                return low
            if high <= alpha:
                self.rel = marks_of(self, high_js)
                return high
            if low == high:
                self.rel = marks_of(self, low_js) | marks_of(self, high_js)
                return low
        v = self._play(leader, 0, 0, -1, -1, leader, 0, 0, -1, alpha, beta, first)
        rel = self.rel
        low = -INF
        high = INF
        if v <= alpha:
            high = v
        elif v >= beta:
            low = v
        else:
            low = high = v
        js = 0
        prefixes: list[int] = [0, 0, 0, 0]
        for s in range(4):
            count = 0
            marked = rel & self.suits[s]
            if marked:
                lowest = (marked & -marked).bit_length() - 1
                count = ((live & self.low_cards & self.suits[s]) >> lowest).bit_count()
                js |= count << 4 * s
            seq = (seqs_a >> 31 * s if s < 2 else seqs_b >> 31 * s - 62) & SEQ
            prefixes[s] = seq >> 3 * ((lengths >> 4 * s & 15) - count)
        self._partition_store(key, js, prefixes, low - offset, high - offset)
        self.rel = rel
        return v

    def _partition_store(
        self, key: int, js: int, prefixes: list[int], low: int, high: int
    ) -> None:
        """Store the bounds ``low`` and ``high`` for the entry ``(js, prefixes)``.

        A bucket is a tuple of ints, made anew at each store: the garbage collector leaves
        such tuples out of its walks, where it would walk every list of a large table.
        """
        best = self.best_card
        entry = (js, prefixes[0], prefixes[1], prefixes[2], prefixes[3], low, high, best)
        bucket = self.partition_table.get(key)
        if bucket is None:
            if len(self.partition_table) >= self.max_entries:
                self.partition_table.clear()
            self.partition_table[key] = entry
            return
        i = 0
        size = len(bucket)
        while i < size:
            if (
                bucket[i] == js
                and bucket[i + 1] == prefixes[0]
                and bucket[i + 2] == prefixes[1]
                and bucket[i + 3] == prefixes[2]
                and bucket[i + 4] == prefixes[3]
            ):
                entry = entry[:5] + (max(bucket[i + 5], low), min(bucket[i + 6], high), best)
                self.partition_table[key] = bucket[:i] + entry + bucket[i + 8 :]
                return
            i += 8
        if size >= 8 * _BUCKET:
            bucket = bucket[8:]
        self.partition_table[key] = bucket + entry

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
        moves = moves_of(self, legal, seat, pos, led, best, best_seat, t_mask, first)
        maximise = self.camp >> seat & 1
        result = -INF if maximise else INF
        chosen = moves[0]
        cut = False
        rel = 0
        partition = self.partition
        skip = 0
        for card in moves:
            if skip >> card & 1:
                continue
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
            if partition:
                child = self.rel
                if self.merge and self.low_cards >> card & 1:
                    suit = self.suit_mask[card]
                    if child & suit:
                        child |= merged_marks(self, hand, card, t_mask, child)
                    # The seat's other low cards of the suit below every rank the result
                    # read lead to positions of the same partition: bounded alike, they
                    # cannot change this node's result.
                    marked = child & suit
                    below = (marked & -marked) - 1 if marked else suit
                    if below >> card & 1:
                        skip |= legal & self.low_cards & suit & below
                rel |= child
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
        if partition:
            # A cut holds by its card alone; else by every card tried.
            self.rel = self.rel if cut else rel
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
        led, top, best, best_seat, excuse = self._played(
            seat, card, led, top, best, best_seat, excuse
        )
        self.hands[seat] = hand ^ bit
        if pos + 1 == self.seats:
            v = self._end_trick(
                best_seat, t_mask | bit, t_half + self.half[card], excuse, alpha, beta
            )
            if best > self.excuse and (t_mask | bit) & self.suit_mask[best] != 1 << best:
                # A suit's card won over another of its suit: its rank decided the trick.
                self.rel |= 1 << best
        else:
            v = self._play(
                self.next_seat[seat],
                pos + 1,
                led,
                top,
                best,
                best_seat,
                t_mask | bit,
                t_half + self.half[card],
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
        bouts = t_mask & self.bouts if to_attack else 0
        if excuse >= 0 and not last:
            owner = camp >> excuse & 1
            if owner != to_attack:  # the Excuse goes back to its camp for a half-point card
                if owner:
                    gain += 8
                    bouts |= self.excuse_bit
                else:
                    gain -= 8
                    bouts &= ~self.excuse_bit
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
            self.rel = 0
            petit = 0
            if t_mask & self.petit_bit:
                petit = 1 if to_attack else -1
            elif winner == excuse:  # the Excuse won: the Petit counts in the trick before
                petit = saved_petit
            v = self._leaf(petit)
        else:
            if self.tricks_left == 2 and t_mask & self.petit_bit:
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
