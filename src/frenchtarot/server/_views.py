"""What the server sends: the public view, the frames, and the adapters to the wire and pictures.

Nothing here reads a :class:`~frenchtarot.State`: every frame is built from an
:class:`~frenchtarot.Observation` (a seat's, or the public view made from one by
:func:`frenchtarot.observation.public_view`), from the
score sheet of finished deals and from the table's public settings, so a frame can hold
nothing its reader may not know.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Final

from frenchtarot import records, svg
from frenchtarot.actions import Action, Call, DeclareHandful, Discard, Play
from frenchtarot.cards import Card
from frenchtarot.errors import IllegalActionError, TarotError
from frenchtarot.match import ScoreSheet
from frenchtarot.observation import Observation
from frenchtarot.records import JSONValue
from frenchtarot.scoring import Score

__all__ = [
    "LANGUAGES",
    "THEMES",
    "breakdown",
    "error_frame",
    "last_trick",
    "picture",
    "sheet_json",
    "view_frame",
    "view_json",
]

LANGUAGES: Final = ("fr", "en")
THEMES: Final = ("light", "dark")
PICTURE_WIDTH: Final = 820


def view_json(observation: Observation) -> str:
    """The observation record of ``observation``: one line of JSON, kind ``"observation"``."""
    return records.dumps(observation)


def _cards(cards: Sequence[Card]) -> list[JSONValue]:
    return [str(card) for card in cards]


def picture(
    observation: Observation,
    *,
    names: Sequence[str],
    lang: str,
    theme: str,
    spectator: bool = False,
) -> str:
    """The SVG of ``observation`` (a spectator's: of the public view), as the page shows it.

    Its legal cards carry their action in ``data-action`` (see :mod:`frenchtarot.svg`); no
    ``names`` numbers the seats.
    """
    return str(
        svg.observation(
            observation,
            width=PICTURE_WIDTH,
            names=tuple(names) or None,
            lang=lang,
            theme=theme,
            spectator=spectator,
        )
    )


def breakdown(score: Score) -> dict[str, JSONValue]:
    """The score of a finished deal, every part of it, as JSON data."""
    annulment = score.annulment
    if annulment is not None:
        return {
            "annulled": annulment.reason.name.lower(),
            "annulled_seat": annulment.seat,
            "deltas": list(score.deltas),
        }
    assert score.contract is not None
    pab = score.petit_au_bout
    slam = score.slam
    return {
        "annulled": None,
        "taker": score.taker,
        "partner": score.partner,
        "called": None if score.called is None else str(score.called),
        "contract": score.contract.name.lower(),
        "multiplier": score.multiplier,
        "taker_points": score.taker_points,
        "defence_points": score.defence_points,
        "bouts": score.bouts,
        "target": score.target,
        "made": score.made,
        "margin": score.margin,
        "petit_au_bout": None if pab is None else {"camp": pab.camp.value, "value": pab.value},
        "handfuls": [{"seat": h.seat, "size": h.size, "value": h.value} for h in score.handfuls],
        "slam": {
            "announced": slam.announced,
            "made_by": None if slam.made_by is None else slam.made_by.value,
            "value": slam.value,
        },
        "unit": score.unit,
        "deltas": list(score.deltas),
    }


def sheet_json(sheet: ScoreSheet) -> dict[str, JSONValue]:
    """A score sheet as JSON data: its names, rows, totals and ranking."""
    return {
        "names": list(sheet.names),
        "rows": [
            {
                "number": row.number,
                "dealer": row.dealer,
                "taker": row.taker,
                "partner": row.partner,
                "contract": row.contract.name.lower(),
                "made": row.made,
                "scores": list(row.scores),
                "totals": list(row.totals),
            }
            for row in sheet.rows
        ],
        "totals": list(sheet.totals),
        "ranking": [
            {"rank": standing.rank, "name": standing.name, "total": standing.total}
            for standing in sheet.ranking
        ],
    }


def last_trick(observation: Observation) -> dict[str, JSONValue] | None:
    """The last completed trick: its number, leader, winner and each seat's card."""
    if not observation.tricks:
        return None
    trick = observation.tricks[-1]
    seats = observation.rules.seats
    return {
        "number": len(observation.tricks),
        "leader": trick.leader,
        "winner": trick.winner,
        "cards": [
            {"seat": (trick.leader + n) % seats, "card": str(card)}
            for n, card in enumerate(trick.cards)
        ],
    }


def _action_json(action: Action) -> dict[str, JSONValue]:
    """An action offered, as the page builds its buttons from it."""
    entry: dict[str, JSONValue] = {"notation": str(action)}
    if isinstance(action, DeclareHandful):
        entry["cards"] = _cards(sorted(action.cards))
    elif isinstance(action, (Call, Discard, Play)):
        entry["card"] = str(action.card)
    return entry


def view_frame(
    observation: Observation,
    *,
    seat: int | None,
    header: Mapping[str, JSONValue],
    names: Sequence[str],
    lang: str,
    theme: str,
) -> str:
    """A ``view`` frame: ``header`` (the table's public facts) and what ``observation`` shows.

    The observation record is spliced in as written by :func:`view_json`, byte for byte.
    """
    body: dict[str, JSONValue] = {"type": "view", "seat": seat, **header}
    body.update(
        {
            "phase": observation.phase.value,
            "current": observation.current,
            "actions": [_action_json(action) for action in observation.legal_actions],
            "last_trick": last_trick(observation),
            "breakdown": None if observation.score is None else breakdown(observation.score),
            "svg": picture(
                observation, names=names, lang=lang, theme=theme, spectator=seat is None
            ),
        }
    )
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=False)
    return text[:-1] + ',"observation":' + view_json(observation) + "}"


def error_frame(code: str, message: str, rule: str | None = None) -> str:
    """An ``error`` frame: a stable ``code``, a message for people, and the rule's code."""
    body: dict[str, JSONValue] = {"type": "error", "code": code, "message": message}
    if rule is not None:
        body["rule"] = rule
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False)


def refusal_frame(error: TarotError) -> str:
    """The error frame of a refusal by the rules (safe to send to the seat that acted)."""
    rule = error.rule.code if isinstance(error, IllegalActionError) else None
    return error_frame(error.code, str(error), rule)
