"""Scoring a finished deal: :func:`score` and its :class:`Score` breakdown.

The score follows the FFT rules: the card points of the taker's camp against a target set by
the bouts it holds (56, 51, 41 or 36), 25 points for the contract plus the margin, times the
contract's multiplier, then the petit au bout, handful and slam bonuses. Each defender scores
minus the resulting unit; the taker's camp takes what the defenders pay: with three players
the taker scores twice the unit, with four three times; with five the taker scores twice the
unit and the partner once, or four times alone. The scores of a deal always sum to zero.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

import attrs

from frenchtarot import _calling, _masks
from frenchtarot._checks import check_state
from frenchtarot.actions import Contract
from frenchtarot.cards import Card
from frenchtarot.errors import NotTerminalError
from frenchtarot.rules import Rules
from frenchtarot.state import Annulment, Phase, State, Trick

__all__ = ["Camp", "HandfulBonus", "PetitAuBout", "Score", "SlamResult", "returns", "score"]

TARGETS: Final = (56, 51, 41, 36)
"""The taker's target by the number of bouts in the taker's cards at the end."""
CONTRACT_POINTS: Final = 25
PETIT_AU_BOUT: Final = 10
SLAM_ANNOUNCED_MADE: Final = 400
SLAM_UNANNOUNCED_MADE: Final = 200
SLAM_ANNOUNCED_MISSED: Final = -200
DEFENCE_SLAM: Final = 200
_EXCUSE_KEPT: Final = 8  # half points moved by the Excuse exchange (4.5 - 0.5)


class Camp(enum.Enum):
    """The two sides of a deal."""

    ATTACK = "attack"
    """The taker and, with five players, the partner (*l'attaque*)."""
    TAKER = "attack"
    """The former name of :attr:`ATTACK`, kept as an alias (``Camp.TAKER is Camp.ATTACK``)."""
    DEFENCE = "defence"
    """The defenders (*la défense*)."""

    def __repr__(self) -> str:
        return f"Camp.{self.name}"


@attrs.frozen
class PetitAuBout:
    """The petit au bout bonus: the Petit in the last trick.

    Attributes:
        camp: The camp that won the trick holding the Petit.
        value: The bonus for the attack: ``+10 x multiplier`` when the attack won it,
            ``-10 x multiplier`` when the defence did.
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
            f"{camp} {self.contract.name.lower()} {verdict} by {self.margin} "
            f"({', '.join(facts)}): unit {self.unit:+d}; " + _deltas(self.deltas)
        )


def settle_half_point(taker_half: int, target: int) -> tuple[bool, int]:
    """Whether the contract is made, and the taker's whole points, from points in halves.

    A half point (possible in the three- and five-player games) goes to the camp that wins
    the deal: 40.5 points against a target of 41 is lost by one (40), 41.5 made by one (42).
    """
    made = taker_half >= 2 * target
    return made, (taker_half + 1) // 2 if made else taker_half // 2


def excuse_exchange(
    rules: Rules, camp: int, tricks: Sequence[Trick]
) -> tuple[int, int, int] | None:
    """The Excuse exchange among the completed ``tricks``, if there is one.

    There is one when the Excuse was played to a trick other than the last and the other
    camp won that trick: its player owes the winner a half-point card. ``camp`` is the
    taker's camp as a mask of seats (bit ``s`` set for each attacker ``s``).

    Returns:
        ``(trick number, giver, receiver)``, or ``None``.
    """
    for number, trick in enumerate(tricks[: rules.hand_size - 1]):
        if _EXCUSE in trick.cards:
            giver = trick.seat_of(_EXCUSE)
            if camp >> giver & 1 != camp >> trick.winner & 1:
                return number, giver, trick.winner
            return None
    return None


def _deltas(deltas: tuple[int, ...]) -> str:
    return " ".join(f"{seat}:{delta:+d}" for seat, delta in enumerate(deltas))


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
    rules = state.rules
    taker: int = state.taker  # type: ignore[assignment]
    contract: Contract = state.contract  # type: ignore[assignment]
    multiplier = contract.multiplier
    tricks = state.tricks

    # Card points and bouts of the taker's camp, in half points.
    attack = state._discard
    if contract is Contract.GARDE_SANS:
        attack |= state._dog
    partner = state.partner
    camp = _calling.camp_mask(taker, partner)
    winners_attack = [bool(camp >> trick.winner & 1) for trick in tricks]
    for trick, won in zip(tricks, winners_attack, strict=True):
        if won:
            attack |= _masks.mask_of(trick.cards)
    taker_half = _masks.half_points(attack)
    bout_mask = attack & _masks.BOUTS
    exchange = excuse_exchange(rules, camp, tricks)
    if exchange is not None:  # the Excuse stays with its camp, worth 4 to it, 0.5 to the other
        if camp >> exchange[1] & 1:
            taker_half += _EXCUSE_KEPT
            bout_mask |= _masks.EXCUSE
        else:
            taker_half -= _EXCUSE_KEPT
            bout_mask &= ~_masks.EXCUSE
    bouts = bout_mask.bit_count()
    target = TARGETS[bouts]

    made, rounded = settle_half_point(taker_half, target)
    margin = abs(rounded - target)
    sign = 1 if made else -1

    petit = _petit_au_bout(state, winners_attack, multiplier)
    handfuls = tuple(
        HandfulBonus(h.seat, h.size, sign * rules.handful_bonus(h.size)) for h in state.handfuls
    )
    slam = _slam(state.slam, winners_attack)
    unit = (
        sign * (CONTRACT_POINTS + margin) * multiplier
        + (petit.value if petit else 0)
        + sum(h.value for h in handfuls)
        + slam.value
    )
    deltas = shares(rules.seats, taker, partner, unit)
    return Score(
        annulment=None,
        taker=taker,
        contract=contract,
        called=state.called,
        partner=partner,
        taker_points=taker_half / 2,
        defence_points=(_masks.TOTAL_HALF_POINTS - taker_half) / 2,
        bouts=bouts,
        target=target,
        made=made,
        margin=margin,
        petit_au_bout=petit,
        handfuls=handfuls,
        slam=slam,
        unit=unit,
        deltas=deltas,
    )


def shares(seats: int, taker: int, partner: int | None, unit: int) -> tuple[int, ...]:
    """Each seat's score when the attack wins ``unit`` from each defender.

    Each defender scores ``-unit``, the partner (if any) ``unit`` and the taker the rest,
    so that the scores sum to zero: twice the unit with three players, three times with
    four, with five twice beside a partner or four times alone.
    """
    defenders = seats - (1 if partner is None else 2)
    taker_share = (defenders - (0 if partner is None else 1)) * unit
    return tuple(
        taker_share if seat == taker else unit if seat == partner else -unit
        for seat in range(seats)
    )


_EXCUSE: Final = Card(None, 0)
_PETIT: Final = Card(None, 1)


def _petit_au_bout(
    state: State, winners_attack: list[bool], multiplier: int
) -> PetitAuBout | None:
    """The petit au bout bonus, or ``None``.

    The Petit counts when it is in the last trick, or in the one before it when the Excuse
    won the last trick (the slam exception).
    """
    tricks = state.tricks
    number = len(tricks) - 1
    last = tricks[number]
    if _EXCUSE in last.cards and last.seat_of(_EXCUSE) == last.winner and _PETIT not in last.cards:
        number -= 1
    if _PETIT not in tricks[number].cards:
        return None
    to_attack = winners_attack[number]
    value = PETIT_AU_BOUT * multiplier
    return PetitAuBout(Camp.ATTACK, value) if to_attack else PetitAuBout(Camp.DEFENCE, -value)


def _slam(announced: bool, winners_attack: list[bool]) -> SlamResult:
    if all(winners_attack):
        value = SLAM_ANNOUNCED_MADE if announced else SLAM_UNANNOUNCED_MADE
        return SlamResult(announced, Camp.ATTACK, value)
    missed = SLAM_ANNOUNCED_MISSED if announced else 0
    if not any(winners_attack):
        return SlamResult(announced, Camp.DEFENCE, missed - DEFENCE_SLAM)
    return SlamResult(announced, None, missed)


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
