"""Reading the small kinds: an action, a list of actions and a score (and an annulment).

A score record is checked for its shape and for what a score always says (the seats in
range, the card points of the two camps adding up to 91, the deltas to zero, an annulled
deal scoring nothing); it is not recomputed, having no deal to recompute it from.
"""

from __future__ import annotations

from typing import Final

from frenchtarot._deal_values import Annulment, AnnulReason
from frenchtarot._score_values import Camp, HandfulBonus, PetitAuBout, Score, SlamResult
from frenchtarot.actions import Action
from frenchtarot.records._codes import ANNULMENT_CODES, CAMP_CODES, CONTRACT_CODES, by_code
from frenchtarot.records._read import (
    fail,
    kind_of,
    read_action,
    read_array,
    read_boolean,
    read_card,
    read_code,
    read_integer,
    read_object,
    read_optional_seat,
    read_seat,
)

__all__ = [
    "ACTIONS_FIELDS",
    "ACTION_FIELDS",
    "MOST_ACTIONS",
    "MOST_SCORE",
    "SCORE_FIELDS",
    "decode_action",
    "decode_actions",
    "decode_score",
    "read_annulment",
    "read_score",
]

ACTION_FIELDS: Final = ("format", "kind", "notation")
"""The fields of an action record."""
ACTIONS_FIELDS: Final = ("format", "kind", "actions")
"""The fields of an actions record."""
MOST_ACTIONS: Final = 200
"""The most actions an actions record holds (no position offers more than 181 ids)."""
SCORE_FIELDS: Final = (
    "annulment",
    "taker",
    "contract",
    "taker_points",
    "defence_points",
    "bouts",
    "target",
    "made",
    "margin",
    "petit_au_bout",
    "handfuls",
    "slam",
    "unit",
    "deltas",
    "called",
    "partner",
    "multiplier",
)
"""The fields of a score, in the order of :class:`~frenchtarot.Score` (a score record has
``"format"`` and ``"kind"`` first)."""
_SCORE_RECORD_FIELDS: Final = ("format", "kind", *SCORE_FIELDS)
MOST_SCORE: Final = 10**12
"""More than any deal scores at any table (a multiplier and a bonus are at most 10,000)."""
_POINTS: Final = 91
_CONTRACTS: Final = by_code(CONTRACT_CODES)
_CAMPS: Final = by_code(CAMP_CODES)
_REASONS: Final = by_code(ANNULMENT_CODES)


def decode_action(document: dict[str, object]) -> Action:
    """The action of an action record (its format and kind checked)."""
    record = read_object(document, "$", ACTION_FIELDS)
    return read_action(record["notation"], "$.notation")


def decode_actions(document: dict[str, object]) -> tuple[Action, ...]:
    """The actions of an actions record (its format and kind checked), in order."""
    record = read_object(document, "$", ACTIONS_FIELDS)
    items = read_array(record["actions"], "$.actions", 0, MOST_ACTIONS, "actions")
    return tuple(read_action(item, f"$.actions[{n}]") for n, item in enumerate(items))


def read_annulment(value: object, path: str, seats: int) -> Annulment | None:
    """An annulment (``{"reason": code, "seat": seat}``) or null."""
    if value is None:
        return None
    fields = read_object(value, path, ("reason", "seat"))
    reason = read_code(fields["reason"], f"{path}.reason", _REASONS, "an annulment's code")
    seat = read_optional_seat(fields["seat"], f"{path}.seat", seats)
    if (seat is None) != (reason is AnnulReason.ALL_PASSED):
        why = "null: nobody holds it when everyone passed" if seat is not None else "a seat"
        fail(f"{path}.seat", f"expected {why} for {ANNULMENT_CODES[reason]!r}")
    return Annulment(reason, seat)


def decode_score(document: dict[str, object]) -> Score:
    """The score of a score record (its format and kind checked)."""
    return read_score(document, "$", None)


def _points(value: object, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        fail(path, f"expected a number of card points, got {kind_of(value)}")
    if not 0 <= value <= _POINTS:  # before float(): an int may be too large for a float
        fail(path, f"expected card points from 0 to 91, in halves, got {kind_of(value)}")
    points = float(value)
    if not (points * 2).is_integer():
        fail(path, f"expected card points from 0 to 91, in halves, got {kind_of(value)}")
    return points


def _signed(value: object, path: str) -> int:
    return read_integer(value, path, -MOST_SCORE, MOST_SCORE)


def read_score(value: object, path: str, seats: int | None) -> Score:
    """A score's fields (:data:`SCORE_FIELDS`), at a table of ``seats`` (``None``: any).

    A score record does not say its table: its number of seats is that of its deltas.
    """
    fields = read_object(value, path, SCORE_FIELDS if seats is not None else _SCORE_RECORD_FIELDS)
    low, high = (3, 5) if seats is None else (seats, seats)
    deltas_path = f"{path}.deltas"
    raw_deltas = read_array(fields["deltas"], deltas_path, low, high, "deltas")
    deltas = tuple(_signed(item, f"{deltas_path}[{n}]") for n, item in enumerate(raw_deltas))
    if sum(deltas) != 0:
        fail(deltas_path, f"the deltas add up to {sum(deltas)}, not 0", shape=False)
    seats = len(deltas)
    annulment = read_annulment(fields["annulment"], f"{path}.annulment", seats)
    taker = read_optional_seat(fields["taker"], f"{path}.taker", seats)
    raw = fields["contract"]
    where = f"{path}.contract"
    contract = None if raw is None else read_code(raw, where, _CONTRACTS, "a contract's code")
    taker_points = _points(fields["taker_points"], f"{path}.taker_points")
    defence_points = _points(fields["defence_points"], f"{path}.defence_points")
    bouts = read_integer(fields["bouts"], f"{path}.bouts", 0, 3)
    target = read_integer(fields["target"], f"{path}.target", 0, _POINTS)
    made = read_boolean(fields["made"], f"{path}.made")
    margin = read_integer(fields["margin"], f"{path}.margin", -_POINTS, _POINTS)
    petit = _petit_au_bout(fields["petit_au_bout"], f"{path}.petit_au_bout")
    handfuls = _handful_bonuses(fields["handfuls"], f"{path}.handfuls", seats)
    slam = _slam(fields["slam"], f"{path}.slam")
    unit = _signed(fields["unit"], f"{path}.unit")
    raw = fields["called"]
    called = None if raw is None else read_card(raw, f"{path}.called")
    partner = read_optional_seat(fields["partner"], f"{path}.partner", seats)
    multiplier = read_integer(fields["multiplier"], f"{path}.multiplier", 0, MOST_SCORE)
    if annulment is not None:
        if taker is not None or contract is not None or any(deltas) or multiplier:
            fail(path, "an annulled deal has no taker, no contract, no multiplier and no score")
    else:
        if taker is None or contract is None:
            fail(path, "a deal played out has a taker and a contract (an annulled one has none)")
        if not multiplier:
            fail(f"{path}.multiplier", "expected 1 or more: a deal played out is multiplied")
        if taker_points + defence_points != _POINTS:
            fail(path, "the card points of the taker and the defence add up to 91", shape=False)
    return Score(
        annulment,
        taker,
        contract,
        taker_points,
        defence_points,
        bouts,
        target,
        made,
        margin,
        petit,
        handfuls,
        slam,
        unit,
        deltas,
        called,
        partner,
        multiplier,
    )


def _petit_au_bout(value: object, path: str) -> PetitAuBout | None:
    if value is None:
        return None
    fields = read_object(value, path, ("camp", "value"))
    camp = read_code(fields["camp"], f"{path}.camp", _CAMPS, "a camp's code")
    return PetitAuBout(camp, _signed(fields["value"], f"{path}.value"))


def _handful_bonuses(value: object, path: str, seats: int) -> tuple[HandfulBonus, ...]:
    items = read_array(value, path, 0, seats, "handfuls")
    bonuses: list[HandfulBonus] = []
    for number, item in enumerate(items):
        where = f"{path}[{number}]"
        fields = read_object(item, where, ("seat", "size", "value"))
        seat = read_seat(fields["seat"], f"{where}.seat", seats)
        size = read_integer(fields["size"], f"{where}.size", 1, 22)
        bonuses.append(HandfulBonus(seat, size, _signed(fields["value"], f"{where}.value")))
    return tuple(bonuses)


def _slam(value: object, path: str) -> SlamResult:
    fields = read_object(value, path, ("announced", "made_by", "value"))
    announced = read_boolean(fields["announced"], f"{path}.announced")
    raw = fields["made_by"]
    made_by: Camp | None = None
    if raw is not None:
        made_by = read_code(raw, f"{path}.made_by", _CAMPS, "a camp's code")
    return SlamResult(announced, made_by, _signed(fields["value"], f"{path}.value"))
