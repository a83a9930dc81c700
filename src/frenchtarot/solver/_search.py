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

from frenchtarot.errors import _BudgetSpent
from frenchtarot.solver._bounds import sure_half
from frenchtarot.solver._ordering import moves_of
from frenchtarot.solver._tables import (
    BOUTS,
    CLASS,
    EXCUSE,
    EXCUSE_BIT,
    GROUP,
    HALF,
    INF,
    OBJ_CONTRACT,
    OBJ_POINTS,
    OBJ_SCORE,
    PETIT_BIT,
    SUIT_MASK,
    TARGETS,
    TRUMPS,
    Options,
    Scoring,
)

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
        self.called = opening  # the called card (original index) for the opening lead
        self.hand_size = hand_size
        self.camp = camp
        self.objective = objective
        self.scoring = scoring
        self.use_table = options.table
        self.relative = options.relative
        self.merge = options.merge
        self.order = options.order
        self.bounds = options.bounds
        # The sure-trick bounds, for the objectives counted in points.
        self.sure = options.sure and objective != OBJ_SCORE
        self.table = table
        self.history = history
        # The cards' labels (see set_position) and what the search reads of each label.
        self.excuse = EXCUSE
        self.excuse_bit = EXCUSE_BIT
        self.petit_bit = PETIT_BIT
        self.bouts = BOUTS
        self.trumps = TRUMPS
        self.half: list[int] = list(HALF)
        self.suit_mask: list[int] = list(SUIT_MASK)
        self.suits: list[int] = [SUIT_MASK[22 + 14 * suit] for suit in range(4)]
        self.group: list[int] = list(GROUP)
        self.klass: list[int] = list(CLASS)
        self.rank: list[int] = [i if i < 22 else (i - 22) % 14 for i in range(78)]
        self.original: list[int] = list(range(78))
        self.label: list[int] = list(range(78))
        self.live_key = 0
        self.opening_on = False
        self.opening_suit = 0
        self.opening_bit = 0
        self.bout_base = 0
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
        leader: int,
        trick: list[int],
    ) -> None:
        """Set the position to search: the hands, the tally so far, the trick in progress.

        The cards are given by their index in the deck. Inside, they are relabelled: the
        cards still to play (in the hands and the trick) take consecutive labels, the trumps
        first, then the Excuse's label (kept even when it is gone), then the suits, in the
        order of the deck; with at most 61 such cards every mask fits in 62 bits, the ints
        compiled code handles without allocating. With more, the labels are the indices.
        """
        live = 0
        for card in trick:
            live |= 1 << card
        for hand in hands:
            live |= hand
        self._relabel(live)
        label = self.label
        self.hands = [self._mask(hand) for hand in hands]
        self.att_half = att_half
        self.bout_base = att_bouts.bit_count()
        self.att_bouts = 0
        self.att_won = att_won
        self.def_won = def_won
        self.petit_pending = petit_pending
        if self.called >= 0:
            self.opening_on = True
            suit = SUIT_MASK[self.called]
            self.opening_suit = self._mask(suit & live)
            self.opening_bit = self._mask(live & 1 << self.called)
        self.root = self._status(leader, [label[card] for card in trick])
        cards = 0
        half = 0
        for hand in self.hands:
            cards += hand.bit_count()
            m = hand
            while m:
                low = m & -m
                half += self.half[low.bit_length() - 1]
                m ^= low
        self.left_half = half + self.root[7]  # the trick's cards are still to be won
        self.tricks_left = (cards + self.root[1]) // self.seats

    def _relabel(self, live: int) -> None:
        if live.bit_count() > 61:
            return  # the labels stay the deck's indices
        self.live_key = live
        original: list[int] = []
        m = live & TRUMPS
        while m:
            low = m & -m
            original.append(low.bit_length() - 1)
            m ^= low
        trumps = len(original)
        original.append(EXCUSE)
        m = live & ~(TRUMPS | EXCUSE_BIT)
        while m:
            low = m & -m
            original.append(low.bit_length() - 1)
            m ^= low
        label = [-1] * 78
        for new, card in enumerate(original):
            label[card] = new
        self.original = original
        self.label = label
        self.excuse = trumps
        self.excuse_bit = 1 << trumps
        self.trumps = (1 << trumps) - 1
        self.petit_bit = 1 << label[0] if live & 1 else 0
        self.bouts = self.petit_bit | self.excuse_bit | (1 << label[20] if live >> 20 & 1 else 0)
        self.half = [HALF[card] for card in original]
        self.group = [GROUP[card] for card in original]
        self.klass = [CLASS[card] for card in original]
        self.rank = [
            new if new < trumps else (card - 22) % 14 for new, card in enumerate(original)
        ]
        masks: list[int] = []
        for card in original:
            if card < EXCUSE:
                masks.append(self.trumps)
            elif card == EXCUSE:
                masks.append(0)
            else:
                masks.append(self._mask(SUIT_MASK[card] & live))
        self.suit_mask = masks
        self.suits = [self._mask(SUIT_MASK[22 + 14 * suit] & live) for suit in range(4)]

    def _mask(self, mask: int) -> int:
        """``mask`` (cards by deck index) in labels; cards without a label are left out."""
        label = self.label
        out = 0
        while mask:
            low = mask & -mask
            new = label[low.bit_length() - 1]
            if new >= 0:
                out |= 1 << new
            mask ^= low
        return out

    def _status(self, leader: int, trick: list[int]) -> list[int]:
        """The state of a trick in progress (cards by label), as the search carries it.

        Returns:
            ``[seat to play, cards played, led suit mask, top trump, best card, its seat,
            mask of the cards, their half points, the Excuse's seat or -1]``.
        """
        excuse_label = self.excuse
        led = 0
        top = -1
        best = -1
        best_seat = leader
        mask = 0
        half = 0
        excuse = -1
        seat = leader
        for card in trick:
            if card < excuse_label:
                if not led:
                    led = self.trumps
                if card > top:
                    top = card
                if best < 0 or best > excuse_label or card > best:
                    best = card
                    best_seat = seat
            elif card == excuse_label:
                excuse = seat
            elif not led:
                led = self.suit_mask[card]
                if best < 0:
                    best = card
                    best_seat = seat
            elif best > excuse_label and led >> card & 1 and card > best:
                best = card
                best_seat = seat
            mask |= 1 << card
            half += self.half[card]
            seat = (seat + 1) % self.seats
        return [seat, len(trick), led, top, best, best_seat, mask, half, excuse]

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
        if self.objective == OBJ_SCORE:
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
        if self.sure and self.root[1] == 0:
            return self._sure_range(self.root[0])
        return self._plain_range()

    def card_range(self) -> tuple[int, int]:
        """Bounds on the value after any card at the root, without the sure tricks.

        A card may lose what the seat to play was sure of.
        """
        if self.objective == OBJ_SCORE:
            return self.range_now()
        return self._plain_range()

    def _plain_range(self) -> tuple[int, int]:
        """Bounds from the points won and left (and the bouts, for the contract)."""
        if self.objective == OBJ_POINTS:
            return self.att_half, self.att_half + self.left_half
        return self._contract_bounds()

    def _sure_range(self, leader: int) -> tuple[int, int]:
        """Bounds at the start of a trick with the sure tricks of both camps (``_bounds``)."""
        return self._sure_low(leader), self._sure_high(leader)

    def _sure_low(self, leader: int) -> int:
        """A lower bound at a trick's start: the attack's sure points (``_bounds``)."""
        att = sure_half(
            self.hands,
            self.camp,
            1,
            leader,
            self.trumps,
            self.suits,
            self.half,
            self.excuse_bit,
            self.att_won,
            not (self.opening_on and self.tricks_left == self.hand_size),
        )
        low = self.att_half + att
        if self.objective == OBJ_POINTS:
            return low
        return 1 if low >= 2 * TARGETS[self.bout_base + self.att_bouts.bit_count()] else 0

    def _sure_high(self, leader: int) -> int:
        """An upper bound at a trick's start: the points left but the defence's sure ones."""
        defence = sure_half(
            self.hands,
            self.camp,
            0,
            leader,
            self.trumps,
            self.suits,
            self.half,
            self.excuse_bit,
            self.def_won,
            not (self.opening_on and self.tricks_left == self.hand_size),
        )
        high = self.att_half + self.left_half - defence
        if self.objective == OBJ_POINTS:
            return high
        live = 0
        for hand in self.hands:
            live |= hand
        most = self.bout_base + self.att_bouts.bit_count() + (live & self.bouts).bit_count()
        return 0 if high < 2 * TARGETS[min(most, 3)] else 1

    def _contract_bounds(self) -> tuple[int, int]:
        bouts = self.bout_base + self.att_bouts.bit_count()
        low = 1 if self.att_half >= 2 * TARGETS[bouts] else 0
        live = self.root[6]
        for hand in self.hands:
            live |= hand
        most = bouts + (live & self.bouts).bit_count()
        high = 0 if self.att_half + self.left_half < 2 * TARGETS[min(most, 3)] else 1
        return low, high

    def _leaf(self, petit: int) -> int:
        """The value of the deal played out, from the tally (see ``_core/tally.py``)."""
        half = self.att_half
        if self.objective == OBJ_POINTS:
            return half
        target = TARGETS[self.bout_base + self.att_bouts.bit_count()]
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
        if self.bounds and self.objective != OBJ_SCORE:
            low, high = self._plain_range()
            if low >= beta:
                return low
            if high <= alpha:
                return high
        if not self.use_table or (self.opening_on and self.tricks_left == self.hand_size):
            if self.sure:
                low = self._sure_low(leader)
                if low >= beta:
                    return low
                high = self._sure_high(leader)
                if high <= alpha:
                    return high
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
        if self.sure:  # after the table: its entry holds the sure bounds once stored
            sure = self._sure_low(leader)
            if sure > low:
                low = sure
                if low >= beta:
                    return low
            sure = self._sure_high(leader)
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

    def _key(self, leader: int) -> int:
        hands = self.hands
        seats = self.seats
        key = 0
        group_of = self.group
        klass = self.klass
        if self.relative:
            live = 0
            for hand in hands:
                live |= hand
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
                owner = 0
                while not hands[owner] & low:
                    owner += 1
                chunk = chunk << 6 | owner << 3 | klass[card]
                fields += 1
                if fields == 10:
                    key = key << 60 | chunk
                    chunk = 0
                    fields = 0
            key = key << (6 * fields) | chunk
        else:  # the exact cards: the labels, and the cards they stand for
            key = self.live_key
            for hand in hands:
                key = key << 78 | hand
        key = key * seats + leader
        key = key << 2 | int(self.att_won) << 1 | int(self.def_won)
        if self.objective != OBJ_POINTS:
            bouts = self.bout_base + self.att_bouts.bit_count()
            key = (key << 9 | self.att_half) << 2 | bouts
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
        moves = moves_of(self, legal, seat, pos, led, best, best_seat, t_mask, first)
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
        excuse_label = self.excuse
        if card < excuse_label:
            if not led:
                led = self.trumps
            if card > top:
                top = card
            if best < 0 or best > excuse_label or card > best:
                best = card
                best_seat = seat
        elif card == excuse_label:
            excuse = seat
        elif not led:
            led = self.suit_mask[card]
            if best < 0:
                best = card
                best_seat = seat
        elif best > excuse_label and led & bit and card > best:
            best = card
            best_seat = seat
        self.hands[seat] = hand ^ bit
        if pos + 1 == self.seats:
            v = self._end_trick(
                best_seat, t_mask | bit, t_half + self.half[card], excuse, alpha, beta
            )
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
