"""The exact value of the card play with every hand known: :func:`solve` and its kin.

A :class:`~frenchtarot.State` knows every hand. From any state of the card play, at three,
four or five seats and under any :class:`~frenchtarot.Rules`, the solver finds what the rest
of the play is worth to the attack (the taker, and the called partner at five) when both
camps play their best, by an exact alpha-beta search (the "double-dummy" analysis of
bridge). What is worth is an :class:`Objective`:

- :attr:`Objective.POINTS`: the card points the attack ends the deal with, as
  :func:`frenchtarot.score` counts them (``Score.taker_points``: the écart or the dog, the
  tricks won, the Excuse kept by its camp for a half-point card or winning the last trick
  for a camp that won every other);
- :attr:`Objective.SCORE`: the taker's score of the deal (``Score.deltas[taker]``: the
  contract, its margin and multiplier, the bouts, the petit au bout, the slam and the
  handfuls shown);
- :attr:`Objective.CONTRACT`: 1 when the contract is made, else 0.

Handfuls not yet shown are taken as never shown: the solver plays cards only.

:func:`solve` gives the value; :func:`card_values` the value of each legal card, best first;
:func:`reaches` answers "does the attack reach this value?" with one null-window search,
cheaper than the value; :func:`analyse` goes through a deal played and gives each card's
loss against the best card (the "mistakes" of a post-mortem). Each takes a budget of nodes
or seconds, and then answers with bounds instead of raising when it runs out. A
:class:`Solver` keeps its transposition table from one call to the next: reuse one for the
positions of one deal, or the sampled worlds of one decision.

>>> import frenchtarot as ft
>>> from frenchtarot.solver import Objective, solve
>>> state = ft.new_deal(seed=7)
>>> while state.phase is not ft.Phase.PLAY or len(state.tricks) < 15:
...     state = ft.apply(state, ft.legal_actions(state)[-1])
>>> solution = solve(state)
>>> solution.exact, solution.low <= solution.value <= solution.high
(True, True)
>>> solve(state, Objective.CONTRACT).value in (0, 1)
True
"""

from __future__ import annotations

import math
from functools import partial
from typing import Final

from frenchtarot._checks import describe_value
from frenchtarot._core.state import State
from frenchtarot.cards import DECK
from frenchtarot.errors import InvalidSettingsError, NotInPlayError, TarotTypeError, _BudgetSpent
from frenchtarot.solver._position import Context, build, check_play, context_of
from frenchtarot.solver._review import review_deal
from frenchtarot.solver._search import INF, Options, Search
from frenchtarot.solver._values import (
    CardValue,
    Objective,
    Review,
    Solution,
    public,
)

__all__ = [
    "CardValue",
    "NotInPlayError",
    "Objective",
    "Review",
    "Solution",
    "Solver",
    "analyse",
    "card_values",
    "reaches",
    "solve",
]

_MAX_CONTEXTS: Final = 16
_FLOOR_NODES: Final = 2_000
"""The nodes a solve first spends on whether the value is its lower bound."""


def _internal_target(objective: Objective, target: object) -> int:
    if isinstance(target, bool) or not isinstance(target, (int, float)):
        raise TarotTypeError(f"target must be a number, not {describe_value(target)}")
    if math.isnan(target):
        raise InvalidSettingsError("target must be a number, not nan")
    if math.isinf(target):
        return -(1 << 39) if target < 0 else 1 << 39
    scaled = target * 2 if objective is Objective.POINTS else target
    return math.ceil(scaled)


def _check_objective(objective: object) -> Objective:
    if not isinstance(objective, Objective):
        raise TarotTypeError(f"objective must be an Objective, not {describe_value(objective)}")
    return objective


def _check_budget(nodes: object, seconds: object) -> tuple[int, float]:
    if nodes is not None:
        if isinstance(nodes, bool) or not isinstance(nodes, int):
            raise TarotTypeError(f"nodes must be an int or None, not {describe_value(nodes)}")
        if nodes < 1:
            raise InvalidSettingsError(f"nodes must be at least 1, not {nodes}")
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
            raise TarotTypeError(
                f"seconds must be a number or None, not {describe_value(seconds)}"
            )
        if not seconds > 0 or math.isinf(seconds):
            raise InvalidSettingsError(f"seconds must be above 0 and finite, not {seconds}")
    return (0 if nodes is None else nodes), (0.0 if seconds is None else float(seconds))


class Solver:
    """An exact solver that keeps its transposition table from one call to the next.

    The module's functions make a new solver each call. Keep one to solve many positions of
    one deal (a post-mortem), or many sampled worlds for one decision (a searching player):
    what it learned about a position is kept, in a table per camp, objective and scoring,
    until :meth:`clear` or until the table holds ``max_entries`` positions.

    Args:
        max_entries: The most positions a table keeps before it is emptied.

    Raises:
        InvalidSettingsError: ``max_entries`` is below 1.
        TarotTypeError: ``max_entries`` is not an int.

    >>> import frenchtarot as ft
    >>> from frenchtarot.solver import Solver
    >>> state = ft.new_deal(seed=7)
    >>> while state.phase is not ft.Phase.PLAY or len(state.tricks) < 15:
    ...     state = ft.apply(state, ft.legal_actions(state)[-1])
    >>> solver = Solver()
    >>> first = solver.solve(state)
    >>> again = solver.solve(state)
    >>> again.value == first.value and again.nodes <= first.nodes
    True
    """

    def __init__(self, *, max_entries: int = 2_000_000) -> None:
        if isinstance(max_entries, bool) or not isinstance(max_entries, int):
            raise TarotTypeError(f"max_entries must be an int, not {describe_value(max_entries)}")
        if max_entries < 1:
            raise InvalidSettingsError(f"max_entries must be at least 1, not {max_entries}")
        self._max_entries = max_entries
        self._options = Options()
        self._tables: dict[
            Context,
            tuple[dict[int, tuple[int, int, int]], list[int], dict[int, tuple[int, ...]]],
        ] = {}
        self._nodes = 0

    @classmethod
    def _with_options(cls, options: Options) -> Solver:
        """A solver whose search uses only the optimisations of ``options`` (tests)."""
        solver = cls()
        solver._options = options
        return solver

    @property
    def nodes(self) -> int:
        """The nodes searched by this solver since it was made."""
        return self._nodes

    def clear(self) -> None:
        """Forget every position learned (the transposition tables and move ordering)."""
        self._tables.clear()

    def _search(self, state: State, objective: Objective, nodes: int, seconds: float) -> Search:
        context = context_of(state, objective.value, self._options)
        kept = self._tables.get(context)
        if kept is None:
            if len(self._tables) >= _MAX_CONTEXTS:
                self._tables.clear()
            kept = ({}, [0] * (78 * state.rules.seats), {})
            self._tables[context] = kept
        search = build(state, objective.value, self._options, kept[0], kept[1], kept[2])
        search.max_entries = self._max_entries
        search.set_budget(nodes, seconds)
        return search

    def _bounded(
        self, search: Search, card: int, floor: int = -INF, ceiling: int = INF
    ) -> tuple[int, int, bool]:
        """Bounds on the value (after ``card`` at the root, or of the root for -1).

        ``floor`` and ``ceiling`` are known bounds on a card's value (the root's value
        bounds each card's value from the side of the seat to play): the search first asks
        whether the value is at that bound (the card is among the best), then bisects.
        """
        low, high = search.range_now() if card < 0 else search.card_range()
        low = max(low, floor)
        high = min(high, ceiling)
        try:
            if not self._options.bisect:
                v = (
                    search.value(low - 1, high + 1)
                    if card < 0
                    else search.card_value(card, low - 1, high + 1)
                )
                return v, v, True
            if card < 0 and low < high:
                # The sure tricks often make the lower bound the value, which a search
                # of a few nodes then shows; when it takes more, the bisection goes on.
                v = search.floor_probe(low, _FLOOR_NODES)
                if v > -INF:
                    if v <= low:
                        return low, low, True
                    low = v
            elif card >= 0 and low < high and (ceiling < INF or floor > -INF):
                # The best card reaches the root's value: one null window shows it.
                beta = high if ceiling < INF else low + 1
                v = search.card_value(card, beta - 1, beta)
                if v < beta:
                    high = min(high, v)
                else:
                    low = max(low, v)
            while low < high:
                # Bisection by null windows: is the value at least the midpoint? The
                # fail-soft answer may move the bound past it.
                beta = (low + high + 1) // 2
                v = (
                    search.value(beta - 1, beta)
                    if card < 0
                    else search.card_value(card, beta - 1, beta)
                )
                if v < beta:
                    high = min(high, v)
                else:
                    low = max(low, v)
        except _BudgetSpent:
            search.reset()  # the position as it was, for the bounds of the next card
            return low, high, False
        return low, high, True

    def solve(
        self,
        state: State,
        objective: Objective = Objective.POINTS,
        *,
        nodes: int | None = None,
        seconds: float | None = None,
    ) -> Solution:
        """The value of the rest of the card play for the attack, both camps playing best.

        Args:
            state: A state of the card play.
            objective: What to count (card points by default).
            nodes: Stop after searching this many nodes (no limit by default).
            seconds: Stop after this many seconds (no limit by default).

        Returns:
            The :class:`Solution`: the exact value, or bounds when the budget ran out.

        Raises:
            DealOverError: The deal is over.
            NotInPlayError: The deal has not reached its card play.
            InvalidSettingsError: A budget below 1 node or not above 0 seconds.
            TarotTypeError: An argument of the wrong type.
        """
        state = check_play(state)
        objective = _check_objective(objective)
        budget = _check_budget(nodes, seconds)
        search = self._search(state, objective, *budget)
        low, high, exact = self._bounded(search, -1)
        self._nodes += search.nodes
        return Solution(
            objective,
            public(objective, low),
            public(objective, low),
            public(objective, high),
            exact,
            search.nodes,
        )

    def card_values(
        self,
        state: State,
        objective: Objective = Objective.POINTS,
        *,
        nodes: int | None = None,
        seconds: float | None = None,
    ) -> tuple[CardValue, ...]:
        """The value after each legal card of the seat to play, best cards first.

        Best for the seat's camp: the highest values first for an attacker, the lowest
        first for a defender; cards of equal value in the order of the deck. The budget
        is for the whole call; a card not searched to the end has its bounds.

        Args:
            state: A state of the card play.
            objective: What to count (card points by default).
            nodes: Stop after searching this many nodes in all.
            seconds: Stop after this many seconds in all.

        Returns:
            One :class:`CardValue` per legal card (handfuls are not cards: not listed).

        Raises:
            DealOverError: The deal is over.
            NotInPlayError: The deal has not reached its card play.
            InvalidSettingsError: A budget below 1 node or not above 0 seconds.
            TarotTypeError: An argument of the wrong type.
        """
        state = check_play(state)
        objective = _check_objective(objective)
        budget = _check_budget(nodes, seconds)
        search = self._search(state, objective, *budget)
        attack = search.camp >> search.root[0] & 1
        floor = -INF
        ceiling = INF
        if self._options.bisect:
            # No card is better for the seat to play than the root's bounds.
            root_low, root_high = search.range_now()
            if attack:
                ceiling = root_high
            else:
                floor = root_low
        found: list[tuple[int, int, bool, int]] = []
        for card in search.root_moves():
            low, high, exact = self._bounded(search, card, floor, ceiling)
            found.append((low, high, exact, card))
        self._nodes += search.nodes
        found.sort(key=lambda item: (-item[0] if attack else item[1], item[3]))
        return tuple(
            CardValue(
                DECK[card],
                public(objective, low),
                public(objective, low),
                public(objective, high),
                exact,
            )
            for low, high, exact, card in found
        )

    def reaches(
        self,
        state: State,
        target: float,
        objective: Objective = Objective.POINTS,
        *,
        nodes: int | None = None,
        seconds: float | None = None,
    ) -> bool | None:
        """Whether the attack reaches ``target`` against any defence: one null-window search.

        Cheaper than :meth:`solve`, the more so the further ``target`` is from the value.
        ``reaches(state, 1, Objective.CONTRACT)`` asks whether the contract is made.

        Args:
            state: A state of the card play.
            target: The value to reach (at least), in the objective's unit.
            objective: What to count (card points by default).
            nodes: Stop after searching this many nodes.
            seconds: Stop after this many seconds.

        Returns:
            ``True`` when the value is at least ``target``, ``False`` when it is below,
            ``None`` when the budget ran out before the answer.

        Raises:
            DealOverError: The deal is over.
            NotInPlayError: The deal has not reached its card play.
            InvalidSettingsError: A budget below 1 node or not above 0 seconds, or a
                target that is not a number (NaN).
            TarotTypeError: An argument of the wrong type.
        """
        state = check_play(state)
        objective = _check_objective(objective)
        wanted = _internal_target(objective, target)
        budget = _check_budget(nodes, seconds)
        search = self._search(state, objective, *budget)
        low, high = search.range_now()
        if wanted <= low:
            return True
        if wanted > high:
            return False
        try:
            v = search.value(wanted - 1, wanted)
        except _BudgetSpent:
            return None
        finally:
            self._nodes += search.nodes
        return v >= wanted

    def analyse(
        self,
        state: State,
        objective: Objective = Objective.POINTS,
        *,
        tricks: int | None = None,
        nodes: int | None = None,
        seconds: float | None = None,
    ) -> tuple[Review, ...]:
        """Each card played in the deal so far, with the values before and after it.

        See :func:`analyse`.
        """
        objective = _check_objective(objective)
        budget = _check_budget(nodes, seconds)
        solve = partial(self.solve, objective=objective, nodes=budget[0] or None, seconds=seconds)
        return review_deal(solve, state, objective, tricks)


def solve(
    state: State,
    objective: Objective = Objective.POINTS,
    *,
    nodes: int | None = None,
    seconds: float | None = None,
) -> Solution:
    """The value of the rest of the card play for the attack (:meth:`Solver.solve`).

    Args:
        state: A state of the card play (every hand is known in a state).
        objective: What to count (card points by default).
        nodes: Stop after searching this many nodes (no limit by default).
        seconds: Stop after this many seconds (no limit by default).

    Returns:
        The :class:`Solution`: the exact value, or bounds when the budget ran out.

    Raises:
        DealOverError: The deal is over.
        NotInPlayError: The deal has not reached its card play.
        InvalidSettingsError: A budget below 1 node or not above 0 seconds.
        TarotTypeError: An argument of the wrong type.

    >>> import frenchtarot as ft
    >>> from frenchtarot.solver import solve
    >>> state = ft.new_deal(seed=7)
    >>> while state.phase is not ft.Phase.PLAY or len(state.tricks) < 14:
    ...     state = ft.apply(state, ft.legal_actions(state)[-1])
    >>> rough = solve(state, nodes=10)
    >>> rough.exact, rough.low <= solve(state).value <= rough.high
    (False, True)
    """
    return Solver().solve(state, objective, nodes=nodes, seconds=seconds)


def card_values(
    state: State,
    objective: Objective = Objective.POINTS,
    *,
    nodes: int | None = None,
    seconds: float | None = None,
) -> tuple[CardValue, ...]:
    """The value after each legal card, best first (:meth:`Solver.card_values`).

    Args:
        state: A state of the card play.
        objective: What to count (card points by default).
        nodes: Stop after searching this many nodes in all.
        seconds: Stop after this many seconds in all.

    Returns:
        One :class:`CardValue` per legal card, the best for the seat's camp first.

    Raises:
        DealOverError: The deal is over.
        NotInPlayError: The deal has not reached its card play.
        InvalidSettingsError: A budget below 1 node or not above 0 seconds.
        TarotTypeError: An argument of the wrong type.

    >>> import frenchtarot as ft
    >>> from frenchtarot.solver import card_values, solve
    >>> state = ft.new_deal(seed=7)
    >>> while state.phase is not ft.Phase.PLAY or len(state.tricks) < 15:
    ...     state = ft.apply(state, ft.legal_actions(state)[-1])
    >>> values = card_values(state)
    >>> values[0].value == solve(state).value
    True
    """
    return Solver().card_values(state, objective, nodes=nodes, seconds=seconds)


def reaches(
    state: State,
    target: float,
    objective: Objective = Objective.POINTS,
    *,
    nodes: int | None = None,
    seconds: float | None = None,
) -> bool | None:
    """Whether the attack reaches ``target`` against any defence (:meth:`Solver.reaches`).

    Args:
        state: A state of the card play.
        target: The value to reach (at least), in the objective's unit.
        objective: What to count (card points by default).
        nodes: Stop after searching this many nodes.
        seconds: Stop after this many seconds.

    Returns:
        ``True`` or ``False``; ``None`` when the budget ran out before the answer.

    Raises:
        DealOverError: The deal is over.
        NotInPlayError: The deal has not reached its card play.
        InvalidSettingsError: A budget below 1 node or not above 0 seconds, or a NaN target.
        TarotTypeError: An argument of the wrong type.

    >>> import frenchtarot as ft
    >>> from frenchtarot.solver import reaches, solve
    >>> state = ft.new_deal(seed=7)
    >>> while state.phase is not ft.Phase.PLAY or len(state.tricks) < 15:
    ...     state = ft.apply(state, ft.legal_actions(state)[-1])
    >>> value = solve(state).value
    >>> reaches(state, value), reaches(state, value + 0.5)
    (True, False)
    """
    return Solver().reaches(state, target, objective, nodes=nodes, seconds=seconds)


def analyse(
    state: State,
    objective: Objective = Objective.POINTS,
    *,
    tricks: int | None = None,
    nodes: int | None = None,
    seconds: float | None = None,
) -> tuple[Review, ...]:
    """A post-mortem: each card played, the value before and after it, and its loss.

    The deal is replayed from its start (:attr:`State.dealt <frenchtarot.State.dealt>` and
    :attr:`State.history <frenchtarot.State.history>`); at each card of the card play the
    position is solved before and after the card. A card's loss is what it cost its
    player's camp against the best card: ``before - after`` for an attacker, ``after -
    before`` for a defender, never negative. With every value exact, the value at the end
    (or of the last position) is the value before the first card reviewed, minus the
    attack's losses, plus the defence's (handfuls shown in between aside, for
    :attr:`Objective.SCORE`).

    A position far from the end is costly to solve (a tenth of a second compiled at 8
    tricks left, four players, often more than ten seconds at 12): ``tricks`` limits the
    review to the cards of the last tricks, and a budget (``nodes``, ``seconds``), which
    applies to each position, leaves the values beyond it as bounds.

    Args:
        state: A state of the card play, or a deal played out.
        objective: What to count (card points by default).
        tricks: Review only the cards of this many last tricks played, the trick in
            progress included (every trick by default).
        nodes: The most nodes for each position.
        seconds: The most seconds for each position.

    Returns:
        One :class:`Review` per card played, in order.

    Raises:
        NotInPlayError: The deal never reached its card play (before it, or annulled).
        InvalidSettingsError: A budget below 1 node or not above 0 seconds, or ``tricks``
            below 1.
        TarotTypeError: An argument of the wrong type.

    >>> import frenchtarot as ft
    >>> from frenchtarot.solver import analyse
    >>> state = ft.new_deal(seed=7)
    >>> while not state.is_terminal:
    ...     state = ft.apply(state, ft.legal_actions(state)[-1])
    >>> reviews = analyse(state, tricks=2)
    >>> len(reviews), all(review.loss is not None and review.loss >= 0 for review in reviews)
    (8, True)
    """
    return Solver().analyse(state, objective, tricks=tricks, nodes=nodes, seconds=seconds)
