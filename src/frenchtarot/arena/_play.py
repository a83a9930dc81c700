"""One deal of the arena, played once per seat rotation: the task a worker runs.

:func:`play_task` never raises an :class:`Exception`: whatever a player does (raise, return
an illegal action, take too long), the deal ends as a :class:`DealOutcome` that says so,
with the faults the players logged. Only an interrupt (a :class:`BaseException` such as
``KeyboardInterrupt``) goes through.
"""

from __future__ import annotations

import copy
import traceback
from collections.abc import Sequence
from pathlib import Path
from time import perf_counter
from typing import Final

import attrs

from frenchtarot._dealing import new_deal
from frenchtarot._engine import apply
from frenchtarot.arena._result import DealFailure, FailureKind, PlayerFault
from frenchtarot.observation import observe
from frenchtarot.players import Player
from frenchtarot.rules import Rules
from frenchtarot.scoring import returns

__all__ = ["DealOutcome", "describe_error", "play_here", "play_task"]

#: The longest text kept of an exception or of a fault entry (the rest is cut).
_LONGEST: Final = 1000


@attrs.frozen
class DealOutcome:
    """What became of one deal: its totals, or its failure; the faults logged meanwhile.

    Attributes:
        deal: The deal's number in the run.
        seed: The deal's seed.
        totals: Each player's total over the rotations, or ``None`` when the deal failed.
        failure: Why the deal failed, or ``None``.
        faults: The entries the players added to their ``faults`` lists, in order.
    """

    deal: int
    seed: int
    totals: tuple[int, ...] | None
    failure: DealFailure | None = None
    faults: tuple[PlayerFault, ...] = ()


def _cut(text: str) -> str:
    return text if len(text) <= _LONGEST else text[: _LONGEST - 3] + "..."


def _text(value: object) -> str:
    """``str(value)``, or what it is when it cannot be turned into text."""
    try:
        return _cut(str(value))
    except Exception:
        return f"<{type(value).__name__} that cannot be shown>"


def describe_error(error: BaseException) -> tuple[str, str]:
    """An exception as ``"Type: text"``, and where it was raised (``"f.py:3 in g"`` or ``""``)."""
    text = _text(error)
    message = f"{type(error).__name__}: {text}" if text else type(error).__name__
    frames = traceback.extract_tb(error.__traceback__) if error.__traceback__ else []
    where = ""
    if frames:
        frame = frames[-1]
        where = f"{Path(frame.filename).name}:{frame.lineno} in {frame.name}"
    return message, where


def _faults_of(player: object) -> Sequence[object] | None:
    """The player's ``faults`` list, if it has one (any sequence but a string)."""
    try:
        faults = getattr(player, "faults", None)
    except Exception:
        return None
    if isinstance(faults, Sequence) and not isinstance(faults, (str, bytes, bytearray)):
        return faults
    return None


class _FaultLog:
    """Collects the entries the players' copies add to their ``faults`` lists during a deal."""

    def __init__(self, deal: int, seed: int, names: Sequence[str]) -> None:
        self._number = deal
        self._seed = seed
        self._names = names
        # Per player (by id): its list when last looked at, and how many entries it held.
        self._seen: dict[int, tuple[Sequence[object], int]] = {}
        self.entries: list[PlayerFault] = []

    def start(self, players: Sequence[object]) -> None:
        """Take note of what the lists hold already: copied with the players, not new."""
        for player in players:
            faults = _faults_of(player)
            if faults is not None:
                self._seen[id(player)] = (faults, len(faults))

    def collect(self, player: object, rotation: int, seat: int, position: int) -> None:
        """Add the entries ``player`` (sitting at ``seat``) added since the last look."""
        faults = _faults_of(player)
        if faults is None:
            return
        before, seen = self._seen.get(id(player), (faults, 0))
        if before is not faults or len(faults) < seen:  # replaced or emptied: all of it is new
            seen = 0
        for index in range(seen, len(faults)):
            self.entries.append(
                PlayerFault(
                    self._number,
                    self._seed,
                    rotation,
                    seat,
                    position,
                    self._names[position],
                    _text(faults[index]),
                )
            )
        self._seen[id(player)] = (faults, len(faults))


def play_here(
    players: Sequence[Player],
    rules: Rules,
    deal: int,
    seed: int,
    dealer: int,
    names: Sequence[str],
    decision_time: float | None,
) -> tuple[DealOutcome, Exception | None]:
    """Play deal ``deal`` once per rotation; its outcome, and the exception behind a failure.

    The players are copied first. In rotation ``r``, seat ``s`` is held by player
    ``(s + r) % seats``.
    """
    seats = rules.seats
    log = _FaultLog(deal, seed, names)

    def failed(
        kind: FailureKind, error: Exception | None, message: str, where: tuple[int, int] | None
    ) -> tuple[DealOutcome, Exception | None]:
        rotation, seat, position, name = None, None, None, None
        if where is not None:
            rotation, seat = where
            position = (seat + rotation) % seats
            name = names[position]
        location = ""
        if error is not None:
            message, location = describe_error(error)
            if kind == "illegal":  # raised by the rules, not by the player: no use saying where
                location = ""
        failure = DealFailure(deal, seed, kind, message, rotation, seat, position, name, location)
        return DealOutcome(deal, seed, None, failure, tuple(log.entries)), error

    try:
        copies = copy.deepcopy(list(players))
        log.start(copies)
        totals = [0] * seats
        for rotation in range(seats):
            seated = [copies[(seat + rotation) % seats] for seat in range(seats)]
            state = new_deal(seed=seed, dealer=dealer, rules=rules)
            while state.current is not None:
                seat = state.current
                player = seated[seat]
                observation = observe(state, seat)
                start = perf_counter()
                try:
                    action = player(observation)
                except Exception as error:
                    log.collect(player, rotation, seat, (seat + rotation) % seats)
                    return failed("raised", error, "", (rotation, seat))
                took = perf_counter() - start
                log.collect(player, rotation, seat, (seat + rotation) % seats)
                if decision_time is not None and took > decision_time:
                    message = f"took {took:.3g} s to decide, over the limit of {decision_time:g} s"
                    return failed("too_slow", None, message, (rotation, seat))
                try:
                    state = apply(state, action)
                except Exception as error:
                    return failed("illegal", error, "", (rotation, seat))
            for seat, player in enumerate(seated):  # entries added outside a decision
                log.collect(player, rotation, seat, (seat + rotation) % seats)
            for seat, points in enumerate(returns(state)):
                totals[(seat + rotation) % seats] += points
    except Exception as error:
        return failed("lost", error, "", None)
    return DealOutcome(deal, seed, tuple(totals), None, tuple(log.entries)), None


def play_task(
    players: Sequence[Player],
    rules: Rules,
    deal: int,
    seed: int,
    dealer: int,
    names: Sequence[str],
    decision_time: float | None,
) -> DealOutcome:
    """:func:`play_here` without the exception: what a worker sends back."""
    return play_here(players, rules, deal, seed, dealer, names, decision_time)[0]
