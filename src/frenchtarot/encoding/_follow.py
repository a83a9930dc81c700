"""Tensors that follow a deal: the public fields kept up to date action by action.

Private: the learning adapters (:mod:`frenchtarot.openspiel`, :mod:`frenchtarot.pettingzoo`)
keep one :class:`Follower` per deal. Most fields of the tensors are public (every seat sees
the bids, the cards played, the tricks won alike): the follower keeps them in one buffer,
changing the few entries each action changes, instead of writing the whole tensor again
from the history at every call. :meth:`Follower.write` then copies that buffer and adds
the fields of one seat (its hand, what it saw of the écart, its dealt hand...). The result
equals :func:`~frenchtarot.encoding.information_state_tensor` (or, its first entries,
:func:`~frenchtarot.encoding.observation_tensor`) of the seat's
:func:`~frenchtarot.observe`; a state the follower has not followed (the first of a deal,
a finished deal, one set from outside) is written from its observation instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from frenchtarot._core import flow as _flow
from frenchtarot._core import masks as _masks
from frenchtarot._core.state import State, masks_of, record_of
from frenchtarot.actions import (
    Action,
    AnnounceSlam,
    Bid,
    Call,
    Contract,
    DeclareHandful,
    Discard,
    Pass,
    Phase,
    Play,
)
from frenchtarot.cards import EXCUSE_INDEX, HALF_POINTS
from frenchtarot.encoding._layout import CALL_OFFSET, TensorBuffer, layout
from frenchtarot.observation import observe
from frenchtarot.rules import Rules

__all__ = ["Follower"]

_PHASES: Final = tuple(Phase)
_CONTRACTS: Final = tuple(Contract)
_INDICES: Final = _masks.make_table(range(78))
_SEAT_FIELDS: Final = ("seat", "hand", "partner", "alone", "ecart", "dealt_hand", "ecart_order")
"""The fields that depend on the seat looking; the others are the same for every seat."""


class Follower:
    """The public part of a deal's information-state tensor, kept up to date.

    Args:
        rules: The table.
        zeros: Makes a buffer of zeros of a given length (``numpy.zeros``, ``[0.0].__mul__``).
    """

    def __init__(self, rules: Rules, zeros: Callable[[int], TensorBuffer]) -> None:
        fields, _writers = layout(rules, True)
        self.rules = rules
        self.at = {field.name: field.offset for field in fields}
        self.size = fields[-1].end
        self.zeros = zeros
        self.public = zeros(self.size)
        self.state: State | None = None
        self.played = [0] * rules.seats
        """The cards each seat has played, as masks."""
        self.ecart: list[int] = []
        """The écart's cards in order."""

    # --- Following a deal -----------------------------------------------------------------

    def start(self, state: State) -> None:
        """Follow ``state`` from now on (written from its observation unless a deal's first)."""
        rules = self.rules
        self.public = public = self.zeros(self.size)
        self.state = state
        hands, trick, leader, _dog, _discard = masks_of(state)
        self.played = [0] * rules.seats
        orders = _flow.TRICK_ORDER[rules.seats]
        for done in state.tricks:
            for seat, card in zip(orders[done.leader], done.cards, strict=True):
                self.played[seat] |= 1 << card.index
        if state.phase is Phase.PLAY:
            for seat, index in zip(orders[leader], trick, strict=False):
                self.played[seat] |= 1 << index
        self.ecart = [action.card.index for action in state.history if isinstance(action, Discard)]
        at = self.at
        if not state.history and state.current is not None:  # a deal's first state
            public[at["dealer"] + state.dealer] = 1.0
            public[at["phase"]] = 1.0
            public[at["current"] + state.current] = 1.0
            for seat, hand in enumerate(hands):
                public[at["hand_sizes"] + seat] = float(hand.bit_count())
            return
        _, writers = layout(rules, True)
        fields, _ = layout(rules, True)
        seen = observe(state, state.current if state.current is not None else 0)
        for field, writer in zip(fields, writers, strict=True):
            if field.name not in _SEAT_FIELDS:
                writer(public, field.offset, seen)

    def _one_hot(self, name: str, before: int | None, after: int | None) -> None:
        public, at = self.public, self.at[name]
        if before is not None:
            public[at + before] = 0.0
        if after is not None:
            public[at + after] = 1.0

    def follow(self, before: State, action: Action, after: State) -> None:
        """``action`` took ``before`` to ``after``: change the public entries it changes."""
        if before is not self.state or after.current is None:
            self.start(after)
            return
        self.state = after
        public, at, seats = self.public, self.at, self.rules.seats
        seat: int = before.current  # type: ignore[assignment]
        self._one_hot("current", seat, after.current)
        phase = before.phase
        if phase is Phase.PLAY and action.__class__ is Play:
            self._play(before, action, after, seat)
            return
        if after.phase is not phase:
            self._one_hot("phase", _PHASES.index(phase), _PHASES.index(after.phase))
        if phase is Phase.BIDDING:
            word = 1 + _CONTRACTS.index(action.contract) if isinstance(action, Bid) else 0
            public[at["bids"] + 5 * seat + word] = 1.0
            if isinstance(action, Bid):
                before_contract = before.contract
                self._one_hot("taker", before.taker, seat)
                self._one_hot(
                    "contract",
                    None if before_contract is None else _CONTRACTS.index(before_contract),
                    word - 1,
                )
        elif isinstance(action, Call):
            public[at["called"] + CALL_OFFSET[action.card]] = 1.0
        elif isinstance(action, Discard):
            index = action.card.index
            self.ecart.append(index)
            public[at["hand_sizes"] + seat] -= 1.0
            if index < EXCUSE_INDEX:
                public[at["ecart_trumps"] + index] = 1.0
        elif isinstance(action, (Pass, AnnounceSlam)):  # the slam decision: the play starts
            if isinstance(action, AnnounceSlam):
                public[at["slam"]] = 1.0
            leader: int = after.current
            public[at["leader"] + leader] = 1.0
            public[at["tricks"] + 78 * seats + leader] = 1.0
        elif isinstance(action, DeclareHandful):
            start = at["handfuls"] + 22 * seat
            for card in action.cards:
                public[start + card.index] = 1.0
        if phase in (Phase.BIDDING, Phase.CALL) and _flow.dog_is_public(
            after.phase, after.contract
        ):
            for index in _masks.indices(masks_of(after)[3]):
                public[at["dog"] + index] = 1.0
            taker: int = after.taker  # type: ignore[assignment]
            public[at["hand_sizes"] + taker] += float(self.rules.dog_size)

    def _play(self, before: State, action: Play, after: State, seat: int) -> None:
        public, at, seats = self.public, self.at, self.rules.seats
        index = action.card.index
        number = len(before.tricks)
        trick = masks_of(before)[1]
        position = len(trick)
        self.played[seat] |= 1 << index
        public[at["played"] + 78 * seat + index] = 1.0
        public[at["trick"] + 78 * position + index] = 1.0
        public[at["hand_sizes"] + seat] -= 1.0
        public[at["tricks"] + 79 * seats * number + 78 * seat + index] = 1.0
        if position + 1 < seats:
            return
        for place, card in enumerate(trick):
            public[at["trick"] + 78 * place + card] = 0.0
        public[at["trick"] + 78 * position + index] = 0.0
        winner = after.tricks[-1].winner
        public[at["won"] + winner] += 1.0
        half = sum(HALF_POINTS[card] for card in trick) + HALF_POINTS[index]
        public[at["won"] + seats + winner] += half / 2
        self._one_hot("leader", masks_of(before)[2], winner)
        public[at["tricks"] + 79 * seats * (number + 1) + 78 * seats + winner] = 1.0

    # --- Writing a seat's tensor ----------------------------------------------------------

    def write(self, state: State, seat: int, out: TensorBuffer) -> None:
        """Write ``seat``'s tensor of ``state`` into ``out`` (any of its entries overwritten).

        ``out`` is as long as the information-state tensor, or the observation tensor (its
        first entries).
        """
        if state is not self.state:
            self.start(state)
        size = len(out)
        out[:] = self.public[:size]  # type: ignore[index]
        at = self.at
        record = record_of(state)
        hands, _trick, _leader, dog, discard = masks_of(state)
        hand = hands[seat]
        ones = [at["seat"] + seat]
        start = at["hand"]
        ones += [start + index for index in _masks.select(_INDICES, hand)]
        taker = record.taker
        dog_shown = _flow.dog_is_public(state.phase, record.contract)
        if dog_shown and seat == taker:
            start = at["ecart"]
            ones += [start + index for index in _masks.select(_INDICES, discard)]
        if record.called is not None:
            partner, alone = self._camp(state, seat, dog_shown)
            if partner is not None:
                ones.append(at["partner"] + partner)
            if alone:
                ones.append(at["alone"])
        if size == self.size:
            dealt = hand | self.played[seat]
            if dog_shown and seat == taker:
                dealt = (dealt | discard) & ~dog
            start = at["dealt_hand"]
            ones += [start + index for index in _masks.select(_INDICES, dealt)]
            start = at["ecart_order"]
            for position, index in enumerate(self.ecart):
                ones.append(start + 79 * position + (index if seat == taker or index < 21 else 78))
        put = getattr(out, "put", None)
        if put is not None:  # a NumPy array: one call
            put(ones, 1.0)
            return
        for entry in ones:
            out[entry] = 1.0

    def _camp(self, state: State, seat: int, dog_shown: bool) -> tuple[int | None, bool]:
        """What ``seat`` knows of the taker's camp (as :func:`~frenchtarot.observe` says)."""
        record = record_of(state)
        called = record.called
        assert called is not None
        bit = 1 << called.index
        revealed = state.phase is Phase.DONE or any(played & bit for played in self.played)
        partner = record.partner
        if partner is not None:
            return (partner if revealed or seat == partner else None), False
        in_dog = bool(record.dog & bit)
        return None, revealed or (dog_shown and in_dog) or (seat == record.taker and not in_dog)
