"""Tensors that follow a deal: every seat's tensor kept up to date action by action.

Private: the learning adapters (:mod:`frenchtarot.openspiel`, :mod:`frenchtarot.pettingzoo`)
keep one :class:`Follower` per deal. It holds one buffer per seat, the seat's whole
information-state tensor, and changes the few entries each action changes instead of
writing the tensors again from the history at every call: a card played changes the public
entries of every seat's buffer (the same in each) and clears one card of the player's hand.
The fields of one seat (its hand, what it saw of the écart, what it knows of the taker's
camp, its dealt hand...) are written again from the state, for that seat only and when its
tensor is next asked for, after the few actions that change them (the taker's after a bid
that gives it the dog; everyone's after the call; the écart: the taker's only, without
perfect recall; the called card played, and the end of a deal with a call). The result equals
:func:`~frenchtarot.encoding.information_state_tensor` (or, its first entries,
:func:`~frenchtarot.encoding.observation_tensor`) of the seat's :func:`~frenchtarot.observe`;
a state the follower has not followed (the first of a deal, a
finished deal, one set from outside) is written from its observation instead.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from typing import Final, Generic, TypeVar, cast

from frenchtarot._core import flow as _flow
from frenchtarot._core import masks as _masks
from frenchtarot._core import tricks as _tricks
from frenchtarot._core.state import State, masks_of, record_of
from frenchtarot.actions import (
    Action,
    AnnounceSlam,
    Bid,
    Call,
    Contract,
    DeclareHandful,
    Discard,
    Phase,
    Play,
)
from frenchtarot.cards import EXCUSE_INDEX, HALF_POINTS
from frenchtarot.encoding._layout import CALL_OFFSET, TensorBuffer, layout
from frenchtarot.observation import observe
from frenchtarot.rules import Rules
from frenchtarot.scoring import score

__all__ = ["BufferT", "Follower"]

_PHASE_INDEX: Final = {phase: n for n, phase in enumerate(Phase)}
_CONTRACT_INDEX: Final = {contract: n for n, contract in enumerate(Contract)}
_INDICES: Final = _masks.make_table(range(78))
_SEAT_FIELDS: Final = ("seat", "hand", "partner", "alone", "ecart", "dealt_hand", "ecart_order")
"""The fields that depend on the seat looking; the others are the same for every seat."""
_UNSEEN: Final = 78
"""The entry of an écart card, in order, that the seat did not see."""
_BIDDING: Final = Phase.BIDDING
_PLAY: Final = Phase.PLAY


@functools.cache
def _entries(offset: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The bit table of a field of 78 cards at ``offset``: a card's index plus ``offset``."""
    return _masks.make_table(range(offset, offset + 78))


def _writable(row: TensorBuffer) -> TensorBuffer:
    """What ``row``'s entries are set through: a memoryview of a NumPy array, else ``row``.

    A memoryview sets an entry of a float32 array in less than half the time NumPy does;
    it is used for the buffers it can write (one-dimensional, contiguous, float32 or
    float64), the others are written directly.
    """
    if getattr(row, "__array_interface__", None) is None:
        return row
    try:
        view = memoryview(row)  # type: ignore[arg-type]
    except TypeError:  # pragma: no cover - NumPy arrays export their buffer
        return row
    if view.ndim == 1 and view.c_contiguous and view.format in ("f", "d"):
        # typeshed's memoryview takes ints only; one of floats takes floats.
        return cast("TensorBuffer", view)
    return row


def _played(state: State, seats: int) -> list[int]:
    """The cards each seat has played in ``state``, as masks.

    Worked out when a seat's own fields are written (a few times a deal) rather than kept up
    to date at each card.
    """
    plays = [(done.leader, done.cards) for done in state.tricks]
    if state.phase is _PLAY:
        plays.append((masks_of(state)[2], state.current_trick))
    return _tricks.played_by_seat(seats, plays)


BufferT = TypeVar("BufferT", bound=TensorBuffer)
"""The kind of buffer a follower keeps (a list of floats, a NumPy array...)."""


class Follower(Generic[BufferT]):
    """Every seat's information-state tensor of one deal, kept up to date.

    Args:
        rules: The table.
        zeros: Makes a buffer of zeros of a given length (``numpy.zeros``, ``[0.0].__mul__``).
        recall: Keep the information-state tensors; ``False`` keeps only the observation
            tensors (their first entries), which is less work per action.
    """

    def __init__(self, rules: Rules, zeros: Callable[[int], BufferT], recall: bool = True) -> None:
        fields, _writers = layout(rules, recall)
        self.recall = recall
        self.rules = rules
        self.seats = seats = rules.seats
        self.at = at = {field.name: field.offset for field in fields}
        self.size = fields[-1].end
        self.zeros = zeros
        self.state: State | None = None
        self.rows: list[BufferT] = [zeros(self.size) for _ in range(seats)]
        """Each seat's tensor: the public entries, the same in every row, and its own."""
        self.views: list[TensorBuffer] = [_writable(row) for row in self.rows]
        """What the entries of each row are written through (see :func:`_writable`)."""
        self.ones: list[list[int]] = [[] for _ in range(seats)]
        """The entries of each seat's own fields set to 1 when they were last written."""
        self.stale = [True] * seats
        """Whether each seat's own fields are to be written again."""
        self.marked: list[int | None] = [None] * seats
        """The seat whose entry of the ``current`` field is set in each row, if any: the seat
        to act is written in a row when the row is read (it changes at every action)."""
        self.ecart: list[int] = []
        """The écart's cards in order."""
        self.trick: list[int] = []
        """The cards of the trick in progress, from its leader on."""
        self.counts: dict[int, float] = {}
        """The public entries that are counts (hand sizes, tricks and points won), by entry."""
        self.deltas: tuple[int, ...] = ()
        """Each seat's score, once the deal followed to its end is scored (for the adapters)."""
        # At most 30 attributes in all: CPython 3.11 keeps no more in an instance's own
        # values, and reads them faster there than from a dict (the hot path reads many).
        self._current = at["current"]
        self._trick_at = at["trick"]
        self._hand_sizes = at["hand_sizes"]
        self._tricks = at.get("tricks", 0)
        self._won = at["won"]
        self._leader_at = at["leader"]
        self._play_offsets = (at["played"], self._trick_at, self._hand_sizes, at["hand"])
        """The offsets a card played writes at, read in one look-up."""
        self._block = 79 * seats
        self._calls = rules.calls_partner
        self._counted = [
            *range(self._hand_sizes, self._hand_sizes + seats),
            *range(self._won, self._won + 2 * seats),
        ]
        self._hand_table = _entries(at["hand"])
        self._dealt_table = _entries(at.get("dealt_hand", 0))
        self._ecart_table = _entries(at["ecart"])

    def __deepcopy__(self, memo: dict[int, object]) -> Follower[BufferT]:
        """A follower of the same deal with buffers of its own (tables and states shared)."""
        twin = copy.copy(self)
        twin.rows = [copy.copy(row) for row in self.rows]
        twin.views = [_writable(row) for row in twin.rows]
        twin.ones = [list(ones) for ones in self.ones]
        twin.stale = list(self.stale)
        twin.marked = list(self.marked)
        twin.ecart = list(self.ecart)
        twin.trick = list(self.trick)
        twin.counts = dict(self.counts)
        return twin

    def __getstate__(self) -> dict[str, object]:
        """The follower to pickle: its fields but the views, which do not pickle."""
        fields = dict(self.__dict__)
        del fields["views"]
        return fields

    def __setstate__(self, fields: dict[str, object]) -> None:
        """Restore a pickled follower, its views made again over its rows."""
        self.__dict__.update(fields)
        self.views = [_writable(row) for row in self.rows]

    # --- Following a deal -----------------------------------------------------------------

    def start(self, state: State) -> None:
        """Follow ``state`` from now on (written from its observation unless a deal's first)."""
        rules = self.rules
        seats = self.seats
        self.state = state
        self.deltas = score(state).deltas if state.current is None else ()
        hands, trick, _leader, _dog, _discard = masks_of(state)
        self.ecart = [action.card.index for action in state.history if isinstance(action, Discard)]
        self.trick = list(trick)
        at = self.at
        rows = self.rows
        if not state.history and state.current is not None:  # a deal's first state
            for row in rows:
                fill = getattr(row, "fill", None)
                if fill is not None:  # a NumPy array
                    fill(0.0)
                else:
                    row[:] = [0.0] * self.size  # type: ignore[index, assignment]
            for entry in (at["dealer"] + state.dealer, at["phase"]):
                self._set(entry, 1.0)
            self.marked = [None] * seats
            self.counts = dict.fromkeys(self._counted, 0.0)  # nothing won yet
            for seat, hand in enumerate(hands):
                self._add(self._hand_sizes + seat, float(hand.bit_count()))
        else:
            public = self.zeros(self.size)
            fields, writers = layout(rules, self.recall)
            seen = observe(state, state.current if state.current is not None else 0)
            for field, writer in zip(fields, writers, strict=True):
                if field.name not in _SEAT_FIELDS:
                    writer(public, field.offset, seen)
            for row in rows:
                row[:] = public  # type: ignore[index, assignment]
            self.marked = [state.current] * seats
            self.counts = {entry: float(public[entry]) for entry in self._counted}
        self.ones = [[] for _ in range(seats)]
        self.stale = [True] * seats

    def _set(self, entry: int, value: float) -> None:
        """Set a public entry, in every seat's tensor."""
        for row in self.views:
            row[entry] = value

    def _add(self, entry: int, value: float) -> None:
        """Add to a public entry (a count), in every seat's tensor."""
        counts = self.counts
        total = counts.get(entry, 0.0) + value
        counts[entry] = total
        for row in self.views:
            row[entry] = total

    def follow(self, before: State, action: Action, after: State) -> None:
        """``action`` took ``before`` to ``after``: change the entries it changes."""
        if before is not self.state:
            self.state = None  # written from its observation if asked for
            return
        self.state = after
        seat: int = before.current  # type: ignore[assignment]
        if action.__class__ is Play and before.phase is _PLAY:  # the most frequent action
            # A card that does not end the trick changes three public entries of every row
            # (the card played by the seat, in the trick, the seat's hand size; and the
            # trick so far in perfect recall) and one of the player's row, in one loop over
            # the rows. The seat to act is written when a row is read.
            rows, recall = self.views, self.recall
            played_at, trick_at, sizes_at, hand_at = self._play_offsets
            index = action.card._index
            rows[seat][hand_at + index] = 0.0
            sizes = sizes_at + seat
            counts = self.counts
            left = counts[sizes] - 1.0
            counts[sizes] = left
            if self._calls:
                called = record_of(before).called
                if called is not None and called._index == index:
                    self.stale = [True] * self.seats  # the taker's camp is known to all
            played = played_at + 78 * seat + index
            in_tricks = (
                self._tricks + self._block * len(before.tricks) + 78 * seat + index
                if recall
                else 0
            )
            trick = self.trick
            position = len(trick)
            if position + 1 < self.seats:  # the trick goes on: the next seat is to act
                trick.append(index)
                in_trick = trick_at + 78 * position + index
                if recall:
                    for row in rows:
                        row[played] = 1.0
                        row[in_trick] = 1.0
                        row[in_tricks] = 1.0
                        row[sizes] = left
                else:
                    for row in rows:
                        row[played] = 1.0
                        row[in_trick] = 1.0
                        row[sizes] = left
                return
            ones = [played, in_tricks] if recall else [played]
            self._last_card(after, index, ones, sizes, left)
            trick.clear()
        else:
            self._other(before, action, after, seat, before.phase)
        if after.current is None:  # the deal is over: its phase, its score; every camp known
            at = self.at
            if after.phase is Phase.DONE:
                self._set(at["phase"] + _PHASE_INDEX[_PLAY], 0.0)
                self._set(at["phase"] + _PHASE_INDEX[Phase.DONE], 1.0)
            self.deltas = score(after).deltas
            for place, delta in enumerate(self.deltas):
                self._set(at["score"] + place, float(delta))
            if self._calls:  # the partner is known to all (nothing else of a seat's changes)
                self.stale = [True] * self.seats

    def _other(self, before: State, action: Action, after: State, seat: int, phase: Phase) -> None:
        """Every action but a card played: the bidding, the call, the écart, slam, handfuls."""
        at, seats, set_ = self.at, self.seats, self._set
        if after.phase is not phase:
            set_(at["phase"] + _PHASE_INDEX[phase], 0.0)
            set_(at["phase"] + _PHASE_INDEX[after.phase], 1.0)
        if phase is _BIDDING:
            word = 1 + _CONTRACT_INDEX[action.contract] if isinstance(action, Bid) else 0
            set_(at["bids"] + 5 * seat + word, 1.0)
            if isinstance(action, Bid):
                if before.taker is not None:
                    set_(at["taker"] + before.taker, 0.0)
                set_(at["taker"] + seat, 1.0)
                if before.contract is not None:
                    set_(at["contract"] + _CONTRACT_INDEX[before.contract], 0.0)
                set_(at["contract"] + word - 1, 1.0)
        elif isinstance(action, Call):
            set_(at["called"] + CALL_OFFSET[action.card], 1.0)
        elif isinstance(action, Discard):
            index = action.card.index
            self.ecart.append(index)
            self._add(self._hand_sizes + seat, -1.0)
            if index < EXCUSE_INDEX:
                set_(at["ecart_trumps"] + index, 1.0)
        elif isinstance(action, DeclareHandful):
            start = at["handfuls"] + 22 * seat
            for card in action.cards:
                set_(start + card.index, 1.0)
        elif phase is Phase.SLAM:  # the slam decision: the play starts
            if isinstance(action, AnnounceSlam):
                set_(at["slam"], 1.0)
            leader: int = after.current  # type: ignore[assignment]
            set_(self._leader_at + leader, 1.0)
            if self.recall:
                set_(self._tricks + 78 * seats + leader, 1.0)
        if phase in (Phase.BIDDING, Phase.CALL) and _flow.dog_is_public(
            after.phase, after.contract
        ):
            for index in _masks.indices(masks_of(after)[3]):
                set_(at["dog"] + index, 1.0)
            taker: int = after.taker  # type: ignore[assignment]
            self._add(self._hand_sizes + taker, float(self.rules.dog_size))
        # The seats' own fields that may have changed: only the call, the écart and the dog
        # taken change any (the slam decision and the handfuls are public).
        if phase is _BIDDING:
            if after.phase is not _BIDDING and _flow.dog_is_public(after.phase, after.contract):
                self.stale[after.taker] = True  # type: ignore[index] # the dog in its hand
        elif isinstance(action, Call) or (isinstance(action, Discard) and self.recall):
            self.stale = [True] * seats  # the camps; each seat's view of the écart in order
        elif isinstance(action, Discard):
            self.stale[seat] = True  # the taker's hand and écart

    def _last_card(
        self, after: State, index: int, ones: list[int], sizes: int, left: float
    ) -> None:
        """The trick's last card (``index``) played, besides the player's hand.

        ``ones`` holds the public entries the card itself sets to 1, ``sizes`` the player's
        hand-size entry and ``left`` its value. The trick is cleared from the rows (its
        last card never was in them), its winner counts it and leads the next trick, if
        any: every public entry set in one loop over the rows.
        """
        seats, won, leader_at = self.seats, self._won, self._leader_at
        done = after.tricks[-1]
        winner = done.winner
        zeros = [leader_at + done.leader]
        half = HALF_POINTS[index]
        entry = self._trick_at
        for card in self.trick:  # the trick's entries cleared, its points counted
            zeros.append(entry + card)
            half += HALF_POINTS[card]
            entry += 78
        if after.current is not None:  # the winner leads the next trick
            ones.append(leader_at + winner)
            if self.recall:
                ones.append(self._tricks + self._block * len(after.tricks) + 78 * seats + winner)
        counts = self.counts
        tricks_at = won + winner
        points_at = won + seats + winner
        tricks_won = counts[tricks_at] + 1.0
        points = counts[points_at] + half / 2
        counts[tricks_at] = tricks_won
        counts[points_at] = points
        for row in self.views:
            for entry in zeros:
                row[entry] = 0.0
            for entry in ones:
                row[entry] = 1.0
            row[sizes] = left
            row[tricks_at] = tricks_won
            row[points_at] = points

    # --- Writing a seat's tensor ----------------------------------------------------------

    def row(self, state: State, seat: int) -> BufferT:
        """``seat``'s information-state tensor of ``state``: the follower's own buffer.

        The buffer changes with the next action followed: copy it to keep it.
        """
        if state is not self.state:
            self.start(state)
        row = self.rows[seat]
        if self.stale[seat]:
            self._own(state, seat, row)
            self.stale[seat] = False
        to_act = state.current
        marked = self.marked[seat]
        if marked != to_act:  # the seat to act, written when the row is read
            view = self.views[seat]
            if marked is not None:
                view[self._current + marked] = 0.0
            if to_act is not None:
                view[self._current + to_act] = 1.0
            self.marked[seat] = to_act
        return row

    def write(self, state: State, seat: int, out: TensorBuffer) -> None:
        """Write ``seat``'s tensor of ``state`` into ``out`` (any of its entries overwritten).

        ``out`` is as long as the information-state tensor, or the observation tensor (its
        first entries).
        """
        row = self.row(state, seat)
        out[:] = row[: len(out)]  # type: ignore[index]

    def _own(self, state: State, seat: int, row: BufferT) -> None:
        """Write ``seat``'s own fields into its row, clearing those written before."""
        at = self.at
        record = record_of(state)
        hands, _trick, _leader, dog, discard = masks_of(state)
        hand = hands[seat]
        ones = [at["seat"] + seat, *_masks.select(self._hand_table, hand)]
        taker = record.taker
        dog_shown = _flow.dog_is_public(state.phase, record.contract)
        if dog_shown and seat == taker:
            ones += _masks.select(self._ecart_table, discard)
        if record.called is not None:
            partner, alone = self._camp(state, seat, dog_shown)
            if partner is not None:
                ones.append(at["partner"] + partner)
            if alone:
                ones.append(at["alone"])
        if self.recall:
            dealt = hand | _played(state, self.seats)[seat]
            if dog_shown and seat == taker:
                dealt = (dealt | discard) & ~dog
            ones += _masks.select(self._dealt_table, dealt)
            start = at["ecart_order"]
            for position, index in enumerate(self.ecart):
                seen = index if seat == taker or index < EXCUSE_INDEX else _UNSEEN
                ones.append(start + 79 * position + seen)
        put = getattr(row, "put", None)
        if put is not None:  # a NumPy array: one call each
            put(self.ones[seat], 0.0)
            put(ones, 1.0)
        else:
            for entry in self.ones[seat]:
                row[entry] = 0.0
            for entry in ones:
                row[entry] = 1.0
        self.ones[seat] = ones

    def _camp(self, state: State, seat: int, dog_shown: bool) -> tuple[int | None, bool]:
        """What ``seat`` knows of the taker's camp (as :func:`~frenchtarot.observe` says)."""
        record = record_of(state)
        called = record.called
        assert called is not None
        bit = 1 << called.index
        revealed = state.phase is Phase.DONE or any(
            played & bit for played in _played(state, self.seats)
        )
        partner = record.partner
        if partner is not None:
            return (partner if revealed or seat == partner else None), False
        in_dog = bool(record.dog & bit)
        return None, revealed or (dog_shown and in_dog) or (seat == record.taker and not in_dog)
