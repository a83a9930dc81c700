"""The tensors' layout: their fields, in order, and the writer that fills each one.

Private: :mod:`frenchtarot.encoding` re-exports :class:`Field` and :class:`TensorBuffer`
and builds its tensors with :func:`layout`; its action ids share :data:`CALLABLE` with the
``called`` field.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

import attrs

from frenchtarot._core import flow as _flow
from frenchtarot.actions import Contract, Discard, Phase
from frenchtarot.cards import DECK, Card
from frenchtarot.observation import Observation
from frenchtarot.rules import Rules

__all__ = ["CALLABLE", "CALL_OFFSET", "Field", "TensorBuffer", "Writer", "layout"]

CALLABLE: Final[tuple[Card, ...]] = tuple(
    card for card in DECK if card.suit is not None and card.rank >= 11
)
"""The 16 cards a taker may ever call (Jacks, Knights, Queens, Kings), in deck order."""
CALL_OFFSET: Final[dict[Card, int]] = {card: n for n, card in enumerate(CALLABLE)}
_PHASES: Final[tuple[Phase, ...]] = tuple(Phase)
_CONTRACTS: Final[tuple[Contract, ...]] = tuple(Contract)
_SHOWABLE: Final = 22
"""Cards a handful may hold: the 21 trumps (indices 0 to 20) and the Excuse (21)."""


@attrs.frozen
class Field:
    """One field of a tensor: where it is and what it holds.

    Attributes:
        name: A short name, e.g. ``"hand"``.
        offset: The index of its first entry in the tensor.
        size: How many entries it has.
        description: What the entries mean.
    """

    name: str
    offset: int
    size: int
    description: str

    @property
    def end(self) -> int:
        """One past the index of its last entry: the field is ``tensor[offset:end]``."""
        return self.offset + self.size


class TensorBuffer(Protocol):
    """Where :func:`write_tensor` writes: a list of floats, a NumPy array of floats..."""

    def __len__(self) -> int: ...

    def __getitem__(self, index: int, /) -> Any: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


Writer = Callable[[TensorBuffer, int, Observation], None]
"""Writes one field of an observation into a tensor, at an offset."""


def _one_hot(tensor: TensorBuffer, offset: int, index: int | None) -> None:
    if index is not None:
        tensor[offset + index] = 1.0


def _cards(tensor: TensorBuffer, offset: int, cards: Sequence[Card]) -> None:
    for card in cards:
        tensor[offset + card.index] = 1.0


def _write_hand_sizes(tensor: TensorBuffer, offset: int, obs: Observation) -> None:
    for seat, size in enumerate(obs.hand_sizes):
        tensor[offset + seat] = float(size)


def _write_bids(tensor: TensorBuffer, offset: int, obs: Observation) -> None:
    for seat, contract in obs.bids:
        word = 0 if contract is None else 1 + _CONTRACTS.index(contract)
        tensor[offset + 5 * seat + word] = 1.0


def _write_handfuls(tensor: TensorBuffer, offset: int, obs: Observation) -> None:
    for handful in obs.handfuls:
        _cards(tensor, offset + _SHOWABLE * handful.seat, handful.cards)


def _write_played(tensor: TensorBuffer, offset: int, obs: Observation) -> None:
    orders = _flow.TRICK_ORDER[obs.rules.seats]
    for trick in obs.tricks:
        for seat, card in zip(orders[trick.leader], trick.cards, strict=False):
            tensor[offset + 78 * seat + card.index] = 1.0
    if obs.leader is not None:
        for seat, card in zip(orders[obs.leader], obs.current_trick, strict=False):
            tensor[offset + 78 * seat + card.index] = 1.0


def _write_trick(tensor: TensorBuffer, offset: int, obs: Observation) -> None:
    for position, card in enumerate(obs.current_trick):
        tensor[offset + 78 * position + card.index] = 1.0


def _write_won(tensor: TensorBuffer, offset: int, obs: Observation) -> None:
    seats = obs.rules.seats
    for trick in obs.tricks:
        tensor[offset + trick.winner] += 1.0
        tensor[offset + seats + trick.winner] += sum(card.points for card in trick.cards)


def _write_score(tensor: TensorBuffer, offset: int, obs: Observation) -> None:
    if obs.score is not None:
        for seat, delta in enumerate(obs.score.deltas):
            tensor[offset + seat] = float(delta)


def _write_ecart_order(tensor: TensorBuffer, offset: int, obs: Observation) -> None:
    position = 0
    for action in obs.history:
        if action is None:
            tensor[offset + 79 * position + 78] = 1.0
        elif isinstance(action, Discard):
            tensor[offset + 79 * position + action.card.index] = 1.0
        else:
            continue
        position += 1


def _write_tricks(tensor: TensorBuffer, offset: int, obs: Observation) -> None:
    seats = obs.rules.seats
    block = seats * 79
    everything = [(t.leader, t.cards) for t in obs.tricks]
    if obs.leader is not None and obs.phase is Phase.PLAY:
        everything.append((obs.leader, obs.current_trick))
    for number, (leader, cards) in enumerate(everything):
        start = offset + block * number
        tensor[start + 78 * seats + leader] = 1.0
        for seat, card in zip(_flow.TRICK_ORDER[seats][leader], cards, strict=False):
            tensor[start + 78 * seat + card.index] = 1.0


def _observation_layout(rules: Rules) -> list[tuple[str, int, str, Writer]]:
    seats = rules.seats
    entries: list[tuple[str, int, str, Writer]] = [
        (
            "seat",
            seats,
            "one-hot: the observing seat",
            lambda t, o, obs: _one_hot(t, o, obs.seat),
        ),
        ("dealer", seats, "one-hot: the dealer", lambda t, o, obs: _one_hot(t, o, obs.dealer)),
        (
            "phase",
            len(_PHASES),
            "one-hot: the phase (bidding, call, discard, slam, play, done, annulled)",
            lambda t, o, obs: _one_hot(t, o, _PHASES.index(obs.phase)),
        ),
        (
            "current",
            seats,
            "one-hot: the seat to act (all zero once the deal is over)",
            lambda t, o, obs: _one_hot(t, o, obs.current),
        ),
        (
            "hand",
            78,
            "the cards this seat holds now, by deck index",
            lambda t, o, obs: _cards(t, o, obs.hand),
        ),
        (
            "hand_sizes",
            seats,
            "how many cards each seat holds (a count)",
            _write_hand_sizes,
        ),
        (
            "bids",
            5 * seats,
            "per seat, one-hot of its word: pass, petite, garde, garde sans, garde contre "
            "(all zero until it speaks)",
            _write_bids,
        ),
        (
            "taker",
            seats,
            "one-hot: the taker (during the bidding, the highest bidder so far)",
            lambda t, o, obs: _one_hot(t, o, obs.taker),
        ),
        (
            "contract",
            4,
            "one-hot: the contract (during the bidding, the highest bid so far)",
            lambda t, o, obs: _one_hot(
                t, o, None if obs.contract is None else _CONTRACTS.index(obs.contract)
            ),
        ),
    ]
    if rules.calls_partner:
        entries += [
            (
                "called",
                len(CALLABLE),
                "one-hot: the called card, among the 16 Jacks, Knights, Queens and Kings",
                lambda t, o, obs: _one_hot(
                    t, o, None if obs.called is None else CALL_OFFSET[obs.called]
                ),
            ),
            (
                "partner",
                seats,
                "one-hot: the taker's partner, once this seat knows who it is",
                lambda t, o, obs: _one_hot(t, o, obs.partner),
            ),
            (
                "alone",
                1,
                "1 once this seat knows the taker plays alone",
                lambda t, o, obs: _one_hot(t, o, 0 if obs.alone else None),
            ),
        ]
    entries += [
        (
            "dog",
            78,
            "the dog, once turned face up (Petite, Garde)",
            lambda t, o, obs: _cards(t, o, obs.dog or ()),
        ),
        (
            "ecart",
            78,
            "the écart so far, for the taker of a Petite or Garde (zeros for the others)",
            lambda t, o, obs: _cards(t, o, obs.discard or ()),
        ),
        (
            "ecart_trumps",
            78,
            "the trumps put in the écart, shown to everyone",
            lambda t, o, obs: _cards(t, o, obs.shown_discard),
        ),
        (
            "slam",
            1,
            "1 when the taker announced a slam",
            lambda t, o, obs: _one_hot(t, o, 0 if obs.slam else None),
        ),
        (
            "handfuls",
            _SHOWABLE * seats,
            "per seat, the trumps (T1 to T21) and the Excuse of the handful it showed",
            _write_handfuls,
        ),
        (
            "played",
            78 * seats,
            "per seat, the cards it has played (completed tricks and the trick in progress)",
            _write_played,
        ),
        (
            "leader",
            seats,
            "one-hot: the seat that leads the trick in progress",
            lambda t, o, obs: _one_hot(t, o, obs.leader if obs.phase is Phase.PLAY else None),
        ),
        (
            "trick",
            78 * seats,
            "per position in the trick in progress (the leader first), the card played there",
            _write_trick,
        ),
        (
            "won",
            2 * seats,
            "per seat, the tricks it has won (a count), then per seat the card points in them",
            _write_won,
        ),
        (
            "petit_sec",
            78,
            "the hand spread by a player holding the petit sec (the deal is annulled)",
            lambda t, o, obs: _cards(t, o, obs.shown_hand or ()),
        ),
        (
            "score",
            seats,
            "each seat's score for the deal once it is over (zeros before)",
            _write_score,
        ),
    ]
    return entries


def _information_state_layout(rules: Rules) -> list[tuple[str, int, str, Writer]]:
    seats = rules.seats
    return [
        *_observation_layout(rules),
        (
            "dealt_hand",
            78,
            "the cards this seat was dealt",
            lambda t, o, obs: _cards(t, o, obs.dealt_hand),
        ),
        (
            "ecart_order",
            79 * rules.dog_size,
            "per card put in the écart, in order: one-hot of the card, or entry 78 when this "
            "seat did not see it",
            _write_ecart_order,
        ),
        (
            "tricks",
            79 * seats * rules.hand_size,
            "per trick in order (the one in progress included), per seat the card it played "
            "(one-hot of 78), then one-hot of the trick's leader",
            _write_tricks,
        ),
    ]


@functools.cache
def layout(rules: Rules, recall: bool) -> tuple[tuple[Field, ...], tuple[Writer, ...]]:
    """The fields of a tensor at a table size, in order, and the writer of each.

    Args:
        rules: The table size.
        recall: The information-state tensor's fields, not only the observation's.

    Returns:
        The fields, and one writer per field that fills it from an observation.
    """
    raw = _information_state_layout(rules) if recall else _observation_layout(rules)
    fields = []
    offset = 0
    for name, size, description, _writer in raw:
        fields.append(Field(name, offset, size, description))
        offset += size
    return tuple(fields), tuple(writer for *_rest, writer in raw)
