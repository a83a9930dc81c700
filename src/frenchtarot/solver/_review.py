"""The post-mortem of a deal: each card played, solved before and after (:func:`analyse`)."""

from __future__ import annotations

from collections.abc import Callable

from frenchtarot._core.state import State, record_of
from frenchtarot._dealing import deal_from
from frenchtarot._engine import apply
from frenchtarot.actions import Phase, Play
from frenchtarot.errors import InvalidSettingsError, NotInPlayError, TarotTypeError
from frenchtarot.scoring import score
from frenchtarot.solver._values import Objective, Review, Solution


def _final(state: State, objective: Objective) -> Solution:
    """The value of a deal played out, read from its score."""
    result = score(state)
    taker: int = result.taker  # type: ignore[assignment]
    value: float
    if objective is Objective.POINTS:
        value = result.taker_points
    elif objective is Objective.SCORE:
        value = result.deltas[taker]
    else:
        value = 1 if result.made else 0
    return Solution(objective, value, value, value, True, 0)


def review_deal(
    solve: Callable[[State], Solution], state: object, objective: Objective, tricks: object
) -> tuple[Review, ...]:
    """The reviews of :func:`frenchtarot.solver.analyse`, each position valued by ``solve``.

    ``solve`` gives the :class:`Solution` of a position of the card play for ``objective``
    (the solver's :meth:`~frenchtarot.solver.Solver.solve` with the budget of each position).
    """
    if not isinstance(state, State):
        raise TarotTypeError(f"expected a State, not {type(state).__name__}")
    if state.phase is not Phase.PLAY and state.phase is not Phase.DONE:
        raise NotInPlayError(
            f"only a deal in its card play or played out can be analysed, not one in the "
            f"{state.phase.name.lower()} phase"
        )
    rules = state.rules
    first = 1
    if tricks is not None:
        if isinstance(tricks, bool) or not isinstance(tricks, int):
            raise TarotTypeError(f"tricks must be an int or None, not {tricks!r}")
        if tricks < 1:
            raise InvalidSettingsError(f"tricks must be at least 1, not {tricks}")
        last = len(state.tricks) + (1 if state.current_trick else 0)
        first = max(1, last - tricks + 1)
    camp = state.attackers
    current = deal_from(state.dealt, state.dog, dealer=state.dealer, rules=rules)
    values: dict[State, Solution] = {}

    def value_of(position: State) -> Solution:
        found = values.get(position)
        if found is None:
            if position.phase is Phase.DONE:
                found = _final(position, objective)
            else:
                found = solve(position)
            values[position] = found
        return found

    reviews: list[Review] = []
    for action in state.history:
        after = apply(current, action)
        if current.phase is Phase.PLAY and isinstance(action, Play):
            number = len(current.tricks) + 1
            if number >= first:
                seat: int = current.current  # type: ignore[assignment]
                before_value = value_of(current)
                after_value = value_of(after)
                attack = seat in camp
                loss: float | None = None
                if before_value.exact and after_value.exact:
                    loss = before_value.value - after_value.value
                    if not attack:
                        loss = after_value.value - before_value.value
                reviews.append(
                    Review(number, seat, action.card, attack, before_value, after_value, loss)
                )
        current = after
    assert record_of(current).taker == state.taker  # the replay reached the same deal
    return tuple(reviews)
