"""What the duplicate arena reports: the deals' scores, the failed deals, the players' faults."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final, Literal

import attrs

from frenchtarot._checks import describe_value
from frenchtarot.errors import InvalidSettingsError, TarotTypeError
from frenchtarot.rules import RULES_BY_SEATS, Rules

__all__ = ["FAILURE_KINDS", "DealFailure", "DuplicateResult", "FailureKind", "PlayerFault"]

#: The normal quantile of a two-sided 95% interval.
_Z95: Final = 1.959963984540054

#: How many failed deals the text of a result lists (the others are counted).
_LISTED: Final = 10

FailureKind = Literal["raised", "illegal", "too_slow", "lost"]
"""Why a deal failed: see :attr:`DealFailure.kind`."""

FAILURE_KINDS: Final[tuple[FailureKind, ...]] = ("raised", "illegal", "too_slow", "lost")
"""Every :data:`FailureKind`."""


@attrs.frozen
class DealFailure:
    """A deal of the arena that was not played to the end, and why.

    A failed deal counts for no player: its rotations played before the failure are
    dropped, so the deals scored stay paired (every player held every hand of each).

    Attributes:
        deal: The deal's number in the run, from 0 (deal ``d`` is dealt by seat
            ``d % seats``).
        seed: The deal's seed: ``new_deal(seed=seed, dealer=deal % seats, rules=rules)``
            deals it again.
        kind: What went wrong: ``"raised"``, the player raised an exception;
            ``"illegal"``, it returned an action the rules refuse, or no action;
            ``"too_slow"``, it took longer than the arena's ``decision_time`` to decide;
            ``"lost"``, the deal's task failed outside every player's decision (the
            executor lost it, or the players could not be copied or sent to a worker).
        message: The exception's type and text (``"ValueError: no card"``), or the time
            the decision took.
        rotation: The rotation being played (0 to seats - 1); ``None`` for a lost deal.
        seat: The seat that was to act; ``None`` for a lost deal.
        player: The failing player's position in the players given; ``None`` for a lost
            deal.
        name: That player's label (see :attr:`DuplicateResult.names`), or ``None``.
        where: Where the exception was raised, as ``"file.py:12 in decide"`` (its
            innermost frame), or ``""``.
    """

    deal: int
    seed: int
    kind: FailureKind
    message: str
    rotation: int | None = None
    seat: int | None = None
    player: int | None = None
    name: str | None = None
    where: str = ""

    def __str__(self) -> str:
        place = f"deal {self.deal} (seed {self.seed})"
        if self.rotation is not None:
            place += f", rotation {self.rotation}"
        if self.seat is not None:
            place += f", seat {self.seat}"
        who = f"player {self.player}" if self.name is None else f"player {self.name!r}"
        what = {
            "raised": f"{who} raised {self.message}",
            "illegal": f"{who} played an action the rules refuse: {self.message}",
            "too_slow": f"{who} was too slow: {self.message}",
            "lost": f"the deal was lost: {self.message}",
        }[self.kind]
        if self.where:
            what += f" (at {self.where})"
        return f"{place}: {what}"


@attrs.frozen
class PlayerFault:
    """One entry of a player's ``faults`` list, collected by the arena after a decision.

    A player may keep a list of the decisions it got wrong but recovered from (an
    external program that crashed or timed out, the player then choosing a default move)
    in an attribute named ``faults``; the arena collects the entries added while it
    plays, and reports them beside the scores. The deal still counts.

    Attributes:
        deal: The deal's number in the run, from 0.
        seed: The deal's seed.
        rotation: The rotation being played.
        seat: The seat whose decision added the entry (or where the player sat, for an
            entry added outside a decision).
        player: The player's position in the players given.
        name: The player's label.
        description: The entry, as text (``str(entry)``).
    """

    deal: int
    seed: int
    rotation: int
    seat: int
    player: int
    name: str
    description: str

    def __str__(self) -> str:
        return (
            f"deal {self.deal} (seed {self.seed}), rotation {self.rotation}, seat {self.seat}: "
            f"player {self.name!r}: {self.description}"
        )


def _played_by_default(result: DuplicateResult) -> tuple[int, ...]:
    return tuple(range(len(result.totals)))


def _planned_by_default(result: DuplicateResult) -> int:
    return len(result.totals) + len(result.failures)


@attrs.frozen
class DuplicateResult:
    """The outcome of :func:`duplicate`: every deal's scores, the failures, and their summary.

    Attributes:
        rules: The table played: its size and house rules.
        seed: The seed the deals were drawn from.
        names: A label per player, in the order the players were given.
        totals: Per deal played to the end, in deal order, per player: the sum of the
            player's scores over the deal's seat rotations (one play per seat; the sum over
            the players is 0).
        played: The number (from 0) of the deal of each entry of :attr:`totals`; by default
            ``0, 1, 2...``.
        failures: The deals that were not played to the end, in deal order (see
            :class:`DealFailure`). They count for no player.
        faults: The entries the players added to their ``faults`` lists, in deal order
            (see :class:`PlayerFault`).
        planned: How many deals the run was asked for; by default those played and
            failed. Fewer finished when the run was stopped (see :attr:`complete`).
    """

    rules: Rules
    seed: int
    names: tuple[str, ...]
    totals: tuple[tuple[int, ...], ...]
    played: tuple[int, ...] = attrs.field(
        default=attrs.Factory(_played_by_default, takes_self=True)
    )
    failures: tuple[DealFailure, ...] = ()
    faults: tuple[PlayerFault, ...] = ()
    planned: int = attrs.field(default=attrs.Factory(_planned_by_default, takes_self=True))

    def __attrs_post_init__(self) -> None:
        if len(self.played) != len(self.totals):
            raise InvalidSettingsError(
                f"played names the deal of each totals entry: expected {len(self.totals)} "
                f"deal numbers, not {len(self.played)}"
            )

    @property
    def deals(self) -> int:
        """How many deals were played to the end and scored (each once per seat rotation)."""
        return len(self.totals)

    @property
    def finished(self) -> int:
        """How many deals finished: played to the end, or failed."""
        return len(self.totals) + len(self.failures)

    @property
    def complete(self) -> bool:
        """Whether every deal planned finished (played to the end, or failed)."""
        return self.finished >= self.planned

    @property
    def fault_counts(self) -> tuple[int, ...]:
        """How many :attr:`faults` each player added, in the order of :attr:`names`."""
        counts = [0] * len(self.names)
        for fault in self.faults:
            counts[fault.player] += 1
        return tuple(counts)

    @property
    def failure_counts(self) -> tuple[int, ...]:
        """How many :attr:`failures` each player caused (lost deals are no player's)."""
        counts = [0] * len(self.names)
        for failure in self.failures:
            if failure.player is not None:
                counts[failure.player] += 1
        return tuple(counts)

    def _per_deal(self, player: int) -> list[float]:
        seats = self.rules.seats
        return [totals[player] / seats for totals in self.totals]

    @property
    def means(self) -> tuple[float, ...]:
        """Each player's mean score per deal (over the deals played to the end)."""
        return tuple(_mean(self._per_deal(p)) for p in range(len(self.names)))

    @property
    def intervals(self) -> tuple[tuple[float, float], ...]:
        """Each player's 95% confidence interval of the mean score per deal.

        A normal interval over the deals (each deal's score being the player's mean over
        its rotations): ``mean ± 1.96 * standard deviation / sqrt(deals)``. Infinite with fewer
        than two deals.
        """
        return tuple(_interval(self._per_deal(p)) for p in range(len(self.names)))

    def difference(self, first: int, second: int) -> tuple[float, float, float]:
        """How much player ``first`` scores more than player ``second`` per deal.

        Args:
            first: A player's position in :attr:`names`.
            second: Another player's position.

        Returns:
            The mean difference per deal and its 95% interval, ``(mean, low, high)``, the
            deals being paired (both players held the same hands).

        Raises:
            InvalidSettingsError: A position is not one of the players'.
            TarotTypeError: A position is not an int.
        """
        for position in (first, second):
            if isinstance(position, bool) or not isinstance(position, int):
                raise TarotTypeError(
                    f"a player's position is an int, not {describe_value(position)}"
                )
            if not 0 <= position < len(self.names):
                raise InvalidSettingsError(
                    f"players are numbered 0 to {len(self.names) - 1}, not {position}"
                )
        a, b = self._per_deal(first), self._per_deal(second)
        gaps = [x - y for x, y in zip(a, b, strict=True)]
        low, high = _interval(gaps)
        return _mean(gaps), low, high

    def __str__(self) -> str:
        width = max(len("player"), *map(len, self.names))
        header = f"{self.deals} deals x {self.rules.seats} rotations, seed {self.seed}"
        if self.rules != RULES_BY_SEATS[self.rules.seats]:
            header += f", {self.rules.name} rules"
        if self.failures:
            header += f"; {len(self.failures)} failed"
        if not self.complete:
            header += f"; stopped after {self.finished} of {self.planned} deals"
        columns = f"{'player':<{width}}  {'mean':>8}  95% interval"
        rows = [
            f"{name:<{width}}  {mean:>8.2f}  [{low:.2f}, {high:.2f}]"
            for name, mean, (low, high) in zip(self.names, self.means, self.intervals, strict=True)
        ]
        if self.failures or self.faults:  # two more columns: each player's failures, faults
            pad = max(len(line) for line in [columns, *rows])
            columns = f"{columns:<{pad}}  {'failed':>6}  {'faults':>6}"
            counts = zip(self.failure_counts, self.fault_counts, strict=True)
            rows = [
                f"{line:<{pad}}  {failed:>6}  {faults:>6}"
                for line, (failed, faults) in zip(rows, counts, strict=True)
            ]
        lines = [header, columns, *rows]
        if self.failures:
            lines.append("Failed deals:")
            lines.extend(f"  {failure}" for failure in self.failures[:_LISTED])
            if len(self.failures) > _LISTED:
                lines.append(f"  ... and {len(self.failures) - _LISTED} more")
        return "\n".join(lines)


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values) if values else math.nan


def _interval(values: Sequence[float]) -> tuple[float, float]:
    if len(values) < 2:
        return -math.inf, math.inf
    mean = _mean(values)
    variance = math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1)
    half = _Z95 * math.sqrt(variance / len(values))
    return mean - half, mean + half
