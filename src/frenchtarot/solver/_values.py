"""The values the solver returns: the objective, a solution, a card's value, a review."""

from __future__ import annotations

import enum

import attrs

from frenchtarot.cards import Card
from frenchtarot.solver._search import OBJ_CONTRACT, OBJ_POINTS, OBJ_SCORE


class Objective(enum.Enum):
    """What the solver counts for the attack, which maximises it (the defence minimises it).

    Attributes:
        POINTS: The attack's card points at the end of the deal, as ``Score.taker_points``
            (a multiple of 0.5).
        SCORE: The taker's score of the deal, as ``Score.deltas[taker]`` (an int).
        CONTRACT: 1 when the contract is made, 0 when it is lost.
    """

    POINTS = OBJ_POINTS
    SCORE = OBJ_SCORE
    CONTRACT = OBJ_CONTRACT

    def __repr__(self) -> str:
        return f"Objective.{self.name}"


@attrs.frozen
class Solution:
    """The value of a position, or bounds on it when the budget ran out first.

    Attributes:
        objective: What the value counts.
        value: The exact value when :attr:`exact`, else the lower bound :attr:`low`. Card
            points are a float (a multiple of 0.5), the score and the contract an int.
        low: A value the attack is sure to reach against any defence.
        high: A value the defence is sure to hold the attack to.
        exact: Whether ``low == high == value``.
        nodes: The nodes searched for this answer.
    """

    objective: Objective
    value: float
    low: float
    high: float
    exact: bool
    nodes: int


@attrs.frozen
class CardValue:
    """The value of the position after one legal card (see :func:`card_values`).

    Attributes:
        card: The card.
        value: The value after it (exact when :attr:`exact`, else the lower bound).
        low: The lower bound.
        high: The upper bound.
        exact: Whether the value is exact.
    """

    card: Card
    value: float
    low: float
    high: float
    exact: bool


def public(objective: Objective, value: int) -> float:
    """A value of the search (half points for the card points) in the objective's unit."""
    return value / 2 if objective is Objective.POINTS else value


@attrs.frozen
class Review:
    """One card of a deal's card play, judged by the solver (see :func:`analyse`).

    Attributes:
        trick: The trick's number, from 1.
        seat: The seat that played the card.
        card: The card.
        attack: Whether the seat plays in the attack (the taker or the partner).
        before: The value before the card, both camps playing their best from there.
        after: The value after it.
        loss: What the card cost its camp against the best card, in the objective's unit:
            ``before.value - after.value`` for an attacker, the opposite for a defender;
            0 for a best card, never negative. ``None`` when a value is only bounded (the
            budget ran out).
    """

    trick: int
    seat: int
    card: Card
    attack: bool
    before: Solution
    after: Solution
    loss: float | None
