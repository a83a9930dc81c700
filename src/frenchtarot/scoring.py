"""Scoring a finished deal: :func:`score` and its :class:`Score` breakdown.

The score follows the FFT rules: the card points of the taker's camp against a target set by
the bouts it holds (56, 51, 41 or 36), 25 points for the contract plus the margin, times the
contract's multiplier, then the petit au bout, handful and slam bonuses. Each defender scores
minus the resulting unit; the taker's camp takes what the defenders pay: with three players
the taker scores twice the unit, with four three times; with five the taker scores twice the
unit and the partner once, or four times alone. The scores of a deal always sum to zero.
"""

from __future__ import annotations

from frenchtarot._core.state import State, check_state
from frenchtarot._core.tally import tally
from frenchtarot._score_values import Camp, HandfulBonus, PetitAuBout, Score, SlamResult
from frenchtarot.actions import Phase
from frenchtarot.errors import NotTerminalError

__all__ = ["Camp", "HandfulBonus", "PetitAuBout", "Score", "SlamResult", "returns", "score"]


def score(state: State) -> Score:
    """Score a finished deal.

    Args:
        state: A terminal state (phase ``DONE`` or ``ANNULLED``).

    Returns:
        The full breakdown; an annulled deal scores zero for everyone.

    Raises:
        NotTerminalError: The deal is not finished.
        TarotTypeError: ``state`` is not a :class:`~frenchtarot.State`.
    """
    check_state(state)
    if state.phase is Phase.ANNULLED:
        return Score(
            annulment=state.annulment,
            taker=None,
            contract=None,
            taker_points=0.0,
            defence_points=0.0,
            bouts=0,
            target=0,
            made=False,
            margin=0,
            petit_au_bout=None,
            handfuls=(),
            slam=SlamResult(announced=False, made_by=None, value=0),
            unit=0,
            deltas=(0,) * state.rules.seats,
        )
    if state.phase is not Phase.DONE:
        raise NotTerminalError(
            f"only a finished deal can be scored; this one is in the {state.phase.name.lower()}"
            " phase"
        )
    return tally(state)


def returns(state: State) -> tuple[int, ...]:
    """Each seat's score for the deal: zeros until the deal is over (OpenSpiel's *returns*).

    Args:
        state: Any state.

    Returns:
        :attr:`Score.deltas` once the deal is played out, else one zero per seat.

    Raises:
        TarotTypeError: ``state`` is not a :class:`~frenchtarot.State`.

    >>> import frenchtarot as ft
    >>> ft.returns(ft.new_deal(seed=1))
    (0, 0, 0, 0)
    """
    check_state(state)
    if state.phase is Phase.DONE:
        return score(state).deltas
    return (0,) * state.rules.seats
