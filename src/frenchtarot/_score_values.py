"""The parts of a score: :class:`Score` and its bonuses, and the camps.

Re-exported by :mod:`frenchtarot.scoring`, where users find them (:class:`Score` and
:class:`Camp` also at the package root).
"""

from __future__ import annotations

import enum

import attrs

from frenchtarot._deal_values import Annulment
from frenchtarot.actions import Contract
from frenchtarot.cards import Card

__all__ = ["Camp", "HandfulBonus", "PetitAuBout", "Score", "SlamResult"]


class Camp(enum.Enum):
    """The two sides of a deal."""

    ATTACK = "attack"
    """The taker and, with five players, the partner (*l'attaque*)."""
    DEFENCE = "defence"
    """The defenders (*la défense*)."""

    def __repr__(self) -> str:
        return f"Camp.{self.name}"


@attrs.frozen
class PetitAuBout:
    """The petit au bout bonus: the Petit in the last trick.

    Attributes:
        camp: The camp that won the trick holding the Petit.
        value: The bonus for the attack: positive when the attack won it, negative when the
            defence did. Under the FFT rules ``10 x multiplier``; the table's rules set the
            10 and whether the contract multiplies it (:class:`~frenchtarot.Rules`).
    """

    camp: Camp
    value: int


@attrs.frozen
class HandfulBonus:
    """A handful shown in the deal and what it is worth.

    Attributes:
        seat: Who showed it.
        size: How many cards were shown.
        value: The bonus for the attack: positive when the attack won the deal, negative
            when it lost (the bonus goes to the winner, whoever showed it).
    """

    seat: int
    size: int
    value: int


@attrs.frozen
class SlamResult:
    """What the slam (*chelem*) did to the score.

    Attributes:
        announced: Whether the taker announced a slam.
        made_by: The camp that won every trick, or ``None``.
        value: The bonus for the attack (+400, +200, -200, -400 or 0).
    """

    announced: bool
    made_by: Camp | None
    value: int

    def describe(self) -> str:
        """The slam outcome in words, e.g. ``"slam announced and missed"``.

        >>> SlamResult(True, None, -200).describe()
        'slam announced and missed'
        """
        if self.made_by is Camp.ATTACK:
            return "slam announced and made" if self.announced else "slam made unannounced"
        if self.made_by is Camp.DEFENCE:
            missed = "slam announced and missed, " if self.announced else ""
            return missed + "slam made by the defence"
        return "slam announced and missed" if self.announced else "no slam"


@attrs.frozen
class Score:
    """The score of a finished deal, with everything needed to check it by hand.

    All bonus values are signed for the attack (the taker's camp); a defender's delta is
    ``-unit``.

    Attributes:
        annulment: Why the deal was annulled (then every number is zero), else ``None``.
        taker: The taker's seat.
        contract: The contract played.
        taker_points: The card points of the taker's camp at the end (tricks, écart or dog
            as the contract says), after the Excuse rule; it may end in a half with three
            or five players.
        defence_points: The card points of the defence; the two add up to 91.
        bouts: The number of bouts (Petit, 21, Excuse) in the taker's camp.
        target: The points the taker needed: 56, 51, 41 or 36.
        made: Whether the contract was made (points at least the target).
        margin: How far above or below the target the taker ended, in whole points, the
            half point (if any) counted for the camp that won the deal.
        petit_au_bout: The petit au bout bonus, or ``None``.
        handfuls: The handfuls shown and their bonuses.
        slam: The slam outcome and its bonus.
        unit: What the attack wins from (positive) or pays to (negative) each defender.
        deltas: Each seat's score for the deal, seat 0 first; they sum to zero. Each
            defender scores ``-unit``, the partner ``unit`` and the taker the rest.
        called: Five players: the card the taker called; else ``None``.
        partner: Five players: the taker's partner, ``None`` when the taker played alone
            (and at the other table sizes).
        multiplier: What the contract multiplied the score by at this table (FFT: 1, 2, 4
            or 6; house rules may set others); 0 for an annulled deal.
    """

    annulment: Annulment | None
    taker: int | None
    contract: Contract | None
    taker_points: float
    defence_points: float
    bouts: int
    target: int
    made: bool
    margin: int
    petit_au_bout: PetitAuBout | None
    handfuls: tuple[HandfulBonus, ...]
    slam: SlamResult
    unit: int
    deltas: tuple[int, ...]
    called: Card | None = None
    partner: int | None = None
    multiplier: int = 0

    def __str__(self) -> str:
        if self.annulment is not None:
            return f"annulled ({self.annulment.reason.value}): " + _deltas(self.deltas)
        assert self.contract is not None
        verdict = "made" if self.made else "lost"
        camp = f"seat {self.taker}"
        if self.called is not None:
            with_whom = "alone" if self.partner is None else f"with seat {self.partner}"
            camp += f" (called {self.called}, {with_whom})"
        facts = [
            f"{self.taker_points:g} points",
            f"{self.bouts} bout{'' if self.bouts == 1 else 's'}",
            f"target {self.target}",
        ]
        if self.petit_au_bout is not None:
            facts.append(f"petit au bout {self.petit_au_bout.value:+d}")
        facts.extend(f"handful of seat {h.seat} ({h.size}) {h.value:+d}" for h in self.handfuls)
        if self.slam.value or self.slam.announced:
            facts.append(f"{self.slam.describe()} {self.slam.value:+d}")
        return (
            f"{camp} {self.contract.name.lower()} (x{self.multiplier}) {verdict} by {self.margin} "
            f"({', '.join(facts)}): unit {self.unit:+d}; " + _deltas(self.deltas)
        )


def _deltas(deltas: tuple[int, ...]) -> str:
    return " ".join(f"{seat}:{delta:+d}" for seat, delta in enumerate(deltas))
