"""The arena's journal: each finished deal as a line of JSON, for a run to resume from.

The first line says which run the journal belongs to::

    {"journal":"frenchtarot-arena","version":1,"seed":7,"rules":"Rules(...)","names":[...]}

and each other line is one deal, in the order the deals finished: its number, its seed, and
its totals or its failure, with the faults logged (``"faults"``, left out when empty)::

    {"deal":0,"seed":123,"totals":[30,-10,-10,-10]}
    {"deal":3,"seed":456,"failure":{"kind":"raised","message":"ValueError: boom",
     "rotation":1,"seat":2,"player":0,"where":"bots.py:12 in __call__"}}

A line is written and flushed as soon as its deal finishes. A run killed while writing may
leave a last line cut short: reading the journal again drops it (the deal is played again).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Final

from frenchtarot.arena._play import DealOutcome
from frenchtarot.arena._result import FAILURE_KINDS, DealFailure, PlayerFault
from frenchtarot.errors import InvalidSettingsError
from frenchtarot.rules import Rules

__all__ = ["Journal"]

#: What the first line's ``"journal"`` says.
_KIND: Final = "frenchtarot-arena"
#: The format's version.
_VERSION: Final = 1


def _int(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidSettingsError(f"{what} must be an int, not {json.dumps(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise InvalidSettingsError(f"{what} must be from {low} to {high}, not {value}")
    return value


def _str(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise InvalidSettingsError(f"{what} must be a string, not {json.dumps(value)}")
    return value


class Journal:
    """A journal file open for appending, and the deals it held when opened.

    Attributes:
        path: The file.
        finished: The deals read back from the file, by number (those of number ``deals``
            or more left out).
    """

    def __init__(
        self,
        path: Path,
        *,
        seed: int,
        rules: Rules,
        names: Sequence[str],
        deals: int,
    ) -> None:
        self.path = path
        self._rules = rules
        self._names = tuple(names)
        self.finished: dict[int, DealOutcome] = {}
        header = {
            "journal": _KIND,
            "version": _VERSION,
            "seed": seed,
            "rules": repr(rules),
            "names": list(names),
        }
        try:
            text = path.read_bytes().decode("utf-8") if path.exists() else ""
        except (OSError, UnicodeDecodeError) as error:
            raise InvalidSettingsError(
                f"cannot read the journal {str(path)!r}: {error}"
            ) from error
        keep = self._read(text, header, deals)
        try:
            if keep != len(text.encode("utf-8")):
                os.truncate(path, keep)  # a last line cut short by a crash
            self._file: IO[str] = path.open("a", encoding="utf-8", newline="\n")
            if keep == 0:
                self._write(header)
        except OSError as error:
            raise InvalidSettingsError(
                f"cannot write the journal {str(path)!r}: {error}"
            ) from error

    def _read(self, text: str, header: dict[str, object], deals: int) -> int:
        """Read the journal's deals; the length in bytes of what is kept of the file."""
        if not text:
            return 0
        lines = text.split("\n")
        # The last piece is "" after a complete line, else a line cut short by a crash:
        # dropped (its deal is played again; a header cut short is written again).
        kept = len(text.encode("utf-8")) - len(lines.pop().encode("utf-8"))
        for number, line in enumerate(lines, 1):
            try:
                document = json.loads(line)
            except ValueError as error:
                raise self._refuse(number, f"not JSON ({error})") from None
            try:
                if number == 1:
                    self._check_header(document, header)
                    continue
                outcome = self._outcome(document)
            except InvalidSettingsError as error:
                raise self._refuse(number, str(error)) from None
            if outcome.deal < deals:
                self.finished.setdefault(outcome.deal, outcome)
        return kept

    def _refuse(self, line: int, reason: str) -> InvalidSettingsError:
        return InvalidSettingsError(f"the journal {str(self.path)!r}, line {line}: {reason}")

    @staticmethod
    def _check_header(document: object, header: dict[str, object]) -> None:
        if not isinstance(document, dict) or document.get("journal") != _KIND:
            raise InvalidSettingsError(
                f'not an arena journal: the first line has no "journal": "{_KIND}"'
            )
        if document.get("version") != _VERSION:
            raise InvalidSettingsError(
                f"version {document.get('version')!r}; this library reads {_VERSION}"
            )
        for key in ("seed", "rules", "names"):
            if document.get(key) != header[key]:
                raise InvalidSettingsError(
                    f"the journal is of another run, of {key} {json.dumps(document.get(key))}"
                    f", not {json.dumps(header[key])} (resume with the same seed, rules and "
                    "players, or give another journal)"
                )

    def _outcome(self, document: object) -> DealOutcome:
        if not isinstance(document, dict):
            raise InvalidSettingsError("a deal must be a JSON object")
        seats = self._rules.seats
        deal = _int(document.get("deal"), "deal", 0)
        seed = _int(document.get("seed"), "seed")
        faults = document.get("faults", [])
        if not isinstance(faults, list):
            raise InvalidSettingsError("faults must be a list")
        logged = tuple(self._fault(deal, seed, fault) for fault in faults)
        if "totals" in document:
            totals = document["totals"]
            if not isinstance(totals, list) or len(totals) != seats:
                raise InvalidSettingsError(f"totals must be a list of {seats} ints")
            return DealOutcome(deal, seed, tuple(_int(t, "a total") for t in totals), None, logged)
        failure = document.get("failure")
        if not isinstance(failure, dict):
            raise InvalidSettingsError("a deal needs its totals or its failure")
        kind = failure.get("kind")
        if kind not in FAILURE_KINDS or kind == "lost":
            raise InvalidSettingsError(
                f"kind must be raised, illegal or too_slow, not {json.dumps(kind)}"
            )
        rotation = _int(failure.get("rotation"), "rotation", 0, seats - 1)
        seat = _int(failure.get("seat"), "seat", 0, seats - 1)
        player = (seat + rotation) % seats
        return DealOutcome(
            deal,
            seed,
            None,
            DealFailure(
                deal,
                seed,
                kind,
                _str(failure.get("message"), "message"),
                rotation,
                seat,
                player,
                self._names[player],
                _str(failure.get("where", ""), "where"),
            ),
            logged,
        )

    def _fault(self, deal: int, seed: int, fault: object) -> PlayerFault:
        if not isinstance(fault, dict):
            raise InvalidSettingsError("a fault must be a JSON object")
        seats = self._rules.seats
        rotation = _int(fault.get("rotation"), "rotation", 0, seats - 1)
        seat = _int(fault.get("seat"), "seat", 0, seats - 1)
        player = (seat + rotation) % seats
        description = _str(fault.get("description"), "description")
        return PlayerFault(deal, seed, rotation, seat, player, self._names[player], description)

    def _write(self, document: dict[str, object]) -> None:
        self._file.write(json.dumps(document, separators=(",", ":"), ensure_ascii=False) + "\n")
        self._file.flush()

    def write(self, outcome: DealOutcome) -> None:
        """Append a finished deal (a lost one is not written: a resumed run plays it again).

        Raises:
            OSError: The file could not be written.
        """
        failure = outcome.failure
        if failure is not None and failure.kind == "lost":
            return
        document: dict[str, object] = {"deal": outcome.deal, "seed": outcome.seed}
        if outcome.totals is not None:
            document["totals"] = list(outcome.totals)
        elif failure is not None:
            document["failure"] = {
                "kind": failure.kind,
                "message": failure.message,
                "rotation": failure.rotation,
                "seat": failure.seat,
                "player": failure.player,
                "where": failure.where,
            }
        if outcome.faults:
            document["faults"] = [
                {"rotation": f.rotation, "seat": f.seat, "description": f.description}
                for f in outcome.faults
            ]
        self._write(document)

    def close(self) -> None:
        """Close the file."""
        self._file.close()
