"""Counting a deal played out: card points, bouts, target, bonuses and each seat's share.

Behind :func:`frenchtarot.score`, which checks that the deal is over; compiled by mypyc in
the compiled build.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from frenchtarot._core import calling as _calling
from frenchtarot._core import masks as _masks
from frenchtarot._core.state import State, record_of
from frenchtarot._deal_values import Trick
from frenchtarot._score_values import Camp, HandfulBonus, PetitAuBout, Score, SlamResult
from frenchtarot.actions import Contract
from frenchtarot.cards import DECK, EXCUSE_INDEX, PETIT_INDEX, Card
from frenchtarot.rules import Rules

__all__ = ["excuse_exchange", "settle_half_point", "shares", "tally"]

TARGETS: Final = (56, 51, 41, 36)
"""The taker's target by the number of bouts in the taker's cards at the end."""
CONTRACT_POINTS: Final = 25
_EXCUSE_KEPT: Final = 8  # half points moved by the Excuse exchange (4.5 - 0.5)


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
        if _holds(trick, _EXCUSE):
            giver = trick.seat_of(_EXCUSE)
            if camp >> giver & 1 != camp >> trick.winner & 1:
                return number, giver, trick.winner
            return None
    return None


def tally(state: State) -> Score:
    """The score of a deal played out (phase ``DONE``): what :func:`frenchtarot.score` says."""
    record = record_of(state)
    rules = record.rules
    taker: int = record.taker  # type: ignore[assignment]
    contract: Contract = record.contract  # type: ignore[assignment]
    multiplier = rules.multiplier(contract)
    tricks = state.tricks

    # Card points and bouts of the taker's camp, in half points.
    attack = record.discard
    if contract is Contract.GARDE_SANS:
        attack |= record.dog
    partner = record.partner
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

    petit = _petit_au_bout(
        state,
        winners_attack,
        rules.petit_au_bout * (multiplier if rules.petit_au_bout_multiplied else 1),
    )
    handfuls = tuple(
        HandfulBonus(h.seat, h.size, sign * rules.handful_bonus(h.size)) for h in record.handfuls
    )
    slam = _slam(rules, record.slam, winners_attack)
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
        called=record.called,
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
        multiplier=multiplier,
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


_EXCUSE: Final = DECK[EXCUSE_INDEX]
_PETIT: Final = DECK[PETIT_INDEX]


def _holds(trick: Trick, card: Card) -> bool:
    """Whether ``card`` was played to ``trick``.

    Cards are compared by identity (one instance each): the cheapest test, and the score
    asks it of trick after trick.
    """
    for played in trick.cards:  # noqa: SIM110 (any() over a generator costs more)
        if played is card:
            return True
    return False


def _petit_au_bout(state: State, winners_attack: list[bool], value: int) -> PetitAuBout | None:
    """The petit au bout bonus, or ``None``.

    The Petit counts when it is in the last trick, or in the one before it when the Excuse
    won the last trick (the slam exception).
    """
    tricks = state.tricks
    number = len(tricks) - 1
    last = tricks[number]
    if _holds(last, _EXCUSE) and last.seat_of(_EXCUSE) == last.winner and not _holds(last, _PETIT):
        number -= 1
    if not _holds(tricks[number], _PETIT):
        return None
    to_attack = winners_attack[number]
    return PetitAuBout(Camp.ATTACK, value) if to_attack else PetitAuBout(Camp.DEFENCE, -value)


def _slam(rules: Rules, announced: bool, winners_attack: list[bool]) -> SlamResult:
    if all(winners_attack):
        value = rules.slam_announced if announced else rules.slam_unannounced
        return SlamResult(announced, Camp.ATTACK, value)
    missed = -rules.slam_missed if announced else 0
    if not any(winners_attack):
        return SlamResult(announced, Camp.DEFENCE, missed - rules.slam_defence)
    return SlamResult(announced, None, missed)
