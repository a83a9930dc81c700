"""The search's position: the cards relabelled, the tally so far, the budget, the bounds.

:class:`Board` holds what :class:`~frenchtarot.solver._search.Search` plays on: each seat's
cards on short labels, the trick in progress, the points and bouts won so far, and the
values read from them (the plain bounds, the sure-trick bounds of ``_bounds.py``, the value
of a deal played out, by ``_core/tally.py``'s count). Compiled by mypyc with the search.
"""

from __future__ import annotations

import time

from frenchtarot.errors import _BudgetSpent
from frenchtarot.solver._bounds import sure_marked
from frenchtarot.solver._tables import (
    BOUTS,
    CLASS,
    EXCUSE,
    EXCUSE_BIT,
    GROUP,
    HALF,
    INF,
    LOW,
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


class Board:
    """The position the search works on: the cards by label, the tally, the value's bounds.

    The base of :class:`~frenchtarot.solver._search.Search`, which adds the search itself;
    the table and the history are kept here with the options, for the move ordering
    (``_ordering.py``) to read.
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
        partition_table: dict[int, tuple[int, ...]],
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
        # The score's bounds from the points' bounds: sound when the score grows with the
        # attack's points and bouts (see _contract_part); else the constant range below.
        self.score_bounds = (
            options.score
            and objective == OBJ_SCORE
            and scoring.multiplier > 0
            and scoring.handfuls >= 0
            and scoring.share > 0
        )
        self.slam_range: list[int] = self._slam_range()
        # The sure-trick bounds, for the card points, the contract, and the score.
        self.sure = options.sure and (objective != OBJ_SCORE or self.score_bounds)
        # Loose but sound: no unit exceeds these parts added up.
        self.score_span = abs(scoring.share) * (
            (25 + 91) * abs(scoring.multiplier)
            + abs(scoring.petit)
            + abs(scoring.handfuls)
            + abs(scoring.slam_announced)
            + abs(scoring.slam_unannounced)
            + abs(scoring.slam_missed)
            + abs(scoring.slam_defence)
        )
        self.table = table
        self.history = history
        # Partition search (``Search._partition_start``): its table, bucketed by the exact
        # part of the key, and what the search learns of the ranks it read (``rel``, the
        # cards whose rank among the suit's cards a result depends on; in each suit only
        # the lowest counts, every card above it counts too).
        self.use_partition = options.partition and options.table and options.relative
        self.partition_from = options.partition_from
        self.partition = False  # set with the position (by its tricks left)
        self.partition_table = partition_table
        self.low_cards = 0
        self.seqs_a = 0
        self.seqs_b = 0
        self.lengths = 0
        self.key_live = 0
        self.rel = 0
        self.sure_marks = 0
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
        self.owner: list[int] = [0] * 78
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
        # The position as set_position got it (for reset).
        self.start: tuple[list[int], int, int, bool, bool, int, int] = (
            [],
            0,
            0,
            False,
            False,
            0,
            0,
        )
        self.start_trick: list[int] = []

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
        self.start = (list(hands), att_half, att_bouts, att_won, def_won, petit_pending, leader)
        self.start_trick = list(trick)
        live = 0
        for card in trick:
            live |= 1 << card
        for hand in hands:
            live |= hand
        self._relabel(live)
        label = self.label
        self.hands = [self._mask(hand) for hand in hands]
        # Each card's seat: the cards only leave the hands and come back during a search.
        owner = [0] * 78
        for seat, hand in enumerate(self.hands):
            m = hand
            while m:
                low = m & -m
                owner[low.bit_length() - 1] = seat
                m ^= low
        self.owner = owner
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
        self.low_cards = self._mask(LOW & live)
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
        self.partition = self.use_partition and self.tricks_left >= self.partition_from

    def reset(self) -> None:
        """Set the position given to :meth:`set_position` again (after a search stopped)."""
        hands, att_half, att_bouts, att_won, def_won, petit_pending, leader = self.start
        self.set_position(
            list(hands),
            att_half,
            att_bouts,
            att_won,
            def_won,
            petit_pending,
            leader,
            list(self.start_trick),
        )

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
        led = 0
        top = -1
        best = -1
        best_seat = leader
        mask = 0
        half = 0
        excuse = -1
        seat = leader
        for card in trick:
            led, top, best, best_seat, excuse = self._played(
                seat, card, led, top, best, best_seat, excuse
            )
            mask |= 1 << card
            half += self.half[card]
            seat = (seat + 1) % self.seats
        return [seat, len(trick), led, top, best, best_seat, mask, half, excuse]

    def _played(
        self, seat: int, card: int, led: int, top: int, best: int, best_seat: int, excuse: int
    ) -> tuple[int, int, int, int, int]:
        """The trick's status after ``seat`` plays ``card`` (``_core/tricks.trick_winner``).

        Returns:
            The led suit's mask, the top trump, the best card, its seat and the Excuse's
            seat (-1 while it is not played), as :meth:`_status` gives them.
        """
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
        elif best > excuse_label and led >> card & 1 and card > best:
            best = card
            best_seat = seat
        return led, top, best, best_seat, excuse

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
        if self.sure and self.root[1] == 0:
            return self._sure_range(self.root[0])
        return self._plain_range()

    def card_range(self) -> tuple[int, int]:
        """Bounds on the value after any card at the root, without the sure tricks.

        A card may lose what the seat to play was sure of.
        """
        return self._plain_range()

    def _plain_range(self) -> tuple[int, int]:
        """Bounds from the points won and left (and the bouts, for the contract and score)."""
        if self.objective == OBJ_POINTS:
            return self.att_half, self.att_half + self.left_half
        if self.objective == OBJ_SCORE:
            if not self.score_bounds:
                return -self.score_span, self.score_span
            return self._score_low(self.att_half), self._score_high(self.att_half + self.left_half)
        return self._contract_bounds()

    def _sure_range(self, leader: int) -> tuple[int, int]:
        """Bounds at the start of a trick with the sure tricks of both camps (``_bounds``)."""
        return self._sure(1, leader), self._sure(0, leader)

    def _sure(self, side: int, leader: int) -> int:
        """A bound at a trick's start from the sure points of the camp ``side`` (``_bounds``).

        For the attack (``side`` 1), a lower bound: its points so far and its sure ones; for
        the defence (0), an upper bound: the points left but the defence's sure ones.
        """
        sure, self.sure_marks = sure_marked(
            self.hands,
            self.owner,
            self.camp,
            side,
            leader,
            self.trumps,
            self.suits,
            self.half,
            self.excuse_bit,
            self.att_won if side else self.def_won,
            not (self.opening_on and self.tricks_left == self.hand_size),
        )
        half = self.att_half + sure if side else self.att_half + self.left_half - sure
        if self.objective == OBJ_POINTS:
            return half
        if self.objective == OBJ_SCORE:
            return self._score_low(half) if side else self._score_high(half)
        bouts = self.bout_base + self.att_bouts.bit_count()
        if not side:  # the most bouts the attack may end with
            live = 0
            for hand in self.hands:
                live |= hand
            bouts = min(bouts + (live & self.bouts).bit_count(), 3)
        return 1 if half >= 2 * TARGETS[bouts] else 0

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
        bouts = self.bout_base + self.att_bouts.bit_count()
        if self.objective == OBJ_CONTRACT:
            return 1 if half >= 2 * TARGETS[bouts] else 0
        s = self.scoring
        return s.share * (
            self._contract_part(half, bouts)
            + petit * s.petit
            + self._slam_part(self.att_won, self.def_won)
        )

    def _contract_part(self, half: int, bouts: int) -> int:
        """The unit's contract, margin and handfuls for ``half`` points and ``bouts``.

        Nondecreasing in ``half`` and in ``bouts`` (a lower target) when the multiplier is
        positive and the handfuls' bonus not negative (``score_bounds`` is then on): made,
        ``25 + ceil(half / 2) - target`` times the multiplier plus the handfuls; lost,
        ``floor(half / 2) - target - 25`` times it minus the handfuls, below any made one.
        """
        s = self.scoring
        target = TARGETS[min(bouts, 3)]
        if half >= 2 * target:
            return (25 + (half + 1) // 2 - target) * s.multiplier + s.handfuls
        return -(25 + target - half // 2) * s.multiplier - s.handfuls

    def _slam_part(self, att_won: bool, def_won: bool) -> int:
        """The unit's slam part when the deal ends with these tricks won by each camp."""
        s = self.scoring
        if not def_won:
            return s.slam_announced if s.announced else s.slam_unannounced
        slam = -s.slam_missed if s.announced else 0
        if not att_won:
            slam -= s.slam_defence
        return slam

    def _extras(self, high: bool) -> int:
        """The least (or most) the petit au bout and the slam can add to the unit.

        The petit au bout: 0 once the Petit is gone (unless it was in the trick before the
        last, which the Excuse may still win); the slam: over the ways the deal can end
        from the tricks each camp has won so far (``slam_range``).
        """
        s = self.scoring
        petit = 0
        if self.petit_bit:
            live = self.root[6]
            for hand in self.hands:
                live |= hand
            if live & self.petit_bit:
                petit = abs(s.petit)
        pending = self.petit_pending * s.petit
        slam = self.slam_range[int(self.att_won) << 2 | int(self.def_won) << 1 | int(high)]
        if high:
            return max(petit, pending, 0) + slam
        return min(-petit, pending, 0) + slam

    def _slam_range(self) -> list[int]:
        """The least and most slam part, by the tricks won so far by each camp.

        Indexed by ``att_won << 2 | def_won << 1 | most``: over the ways the deal can end
        (a camp that has won a trick keeps it; one that has not may win one or not; some
        camp wins the tricks left).
        """
        out: list[int] = []
        for key in range(8):
            att_won = key >> 2 & 1 == 1
            def_won = key >> 1 & 1 == 1
            parts: list[int] = []
            for att in (True, False):
                for defence in (True, False):
                    if (att or defence) and (att or not att_won) and (defence or not def_won):
                        parts.append(self._slam_part(att, defence))
            out.append(max(parts) if key & 1 else min(parts))
        return out

    def _score_low(self, half: int) -> int:
        """A lower bound on the score when the attack ends with ``half`` points at least."""
        bouts = self.bout_base + self.att_bouts.bit_count()
        return self.scoring.share * (self._contract_part(half, bouts) + self._extras(False))

    def _score_high(self, half: int) -> int:
        """An upper bound on the score when the attack ends with ``half`` points at most."""
        live = self.root[6]
        for hand in self.hands:
            live |= hand
        most = self.bout_base + self.att_bouts.bit_count() + (live & self.bouts).bit_count()
        return self.scoring.share * (self._contract_part(half, most) + self._extras(True))
