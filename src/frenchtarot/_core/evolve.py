"""The copy of a state with changes: how the transitions other than a card played end.

The bidding, the call, the écart, the slam decision and the handfuls make their new state
with :func:`evolve` (a card played has :mod:`~frenchtarot._core.play`). With
:mod:`~frenchtarot._core.state` and :mod:`~frenchtarot._core.play`, the only code that
reads a state's private slots.
"""

from __future__ import annotations

import enum
from typing import Final

from frenchtarot._core.record import DealRecord
from frenchtarot._core.state import State, next_state
from frenchtarot._deal_values import Annulment, Handful
from frenchtarot.actions import Action, Contract, Phase
from frenchtarot.cards import Card

__all__ = ["evolve"]


class _Keep(enum.Enum):
    """The default of :func:`evolve`'s arguments: keep the state's value."""

    KEEP = enum.auto()


_KEEP: Final = _Keep.KEEP


def evolve(
    state: State,
    action: Action,
    *,
    phase: Phase | _Keep = _KEEP,
    current: int | _Keep | None = _KEEP,
    hands: tuple[int, ...] | _Keep = _KEEP,
    discard: int | _Keep = _KEEP,
    taker: int | _Keep | None = _KEEP,
    contract: Contract | _Keep | None = _KEEP,
    called: Card | _Keep | None = _KEEP,
    partner: int | _Keep | None = _KEEP,
    slam: bool | _Keep = _KEEP,
    handfuls: tuple[Handful, ...] | _Keep = _KEEP,
    leader: int | _Keep = _KEEP,
    annulment: Annulment | _Keep | None = _KEEP,
) -> State:
    """A copy of ``state`` with the fields given changed (the others kept), after ``action``.

    The transitions other than a card played come here (a card played has
    :func:`play_card`). ``action`` is added to the history; the dog, the tricks and the
    trick in progress are kept. The shared record is kept unless one of its fields changes.
    """
    deal = state._deal
    if not (
        discard is _KEEP
        and taker is _KEEP
        and contract is _KEEP
        and called is _KEEP
        and partner is _KEEP
        and slam is _KEEP
        and handfuls is _KEEP
        and annulment is _KEEP
    ):
        deal = DealRecord(
            deal.rules,
            deal.dealer,
            deal.dog,
            deal.discard if isinstance(discard, _Keep) else discard,
            deal.taker if isinstance(taker, _Keep) else taker,
            deal.contract if isinstance(contract, _Keep) else contract,
            deal.called if isinstance(called, _Keep) else called,
            deal.partner if isinstance(partner, _Keep) else partner,
            deal.slam if isinstance(slam, _Keep) else slam,
            deal.handfuls if isinstance(handfuls, _Keep) else handfuls,
            deal.annulment if isinstance(annulment, _Keep) else annulment,
        )
    return next_state(
        deal,
        state.phase if isinstance(phase, _Keep) else phase,
        state.current if isinstance(current, _Keep) else current,
        state._hands if isinstance(hands, _Keep) else hands,
        state.tricks,
        state._trick,
        state._leader if isinstance(leader, _Keep) else leader,
        (state._chain, action),
    )
