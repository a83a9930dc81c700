"""The JSON Schema of every record, built from the code that reads and writes them.

The shipped file ``frenchtarot/schemas/record-1.schema.json`` is :func:`build_schema`'s
output (``python -m frenchtarot.records._schema`` prints it; a test compares the two), so
that the schema and the loader share one source for what depends on the code: the presets
and their sizes, the table sizes, the wire codes, the notation of cards and actions, the
action ids, the bounds and the pattern of a name.

What the schema says, and what it leaves to the loader, is the rule of
:attr:`RecordError.shape <frenchtarot.errors.RecordError.shape>`: the schema checks every
value on its own, given the table (its size, from a preset's name or a rules object's
``seats``; a preset's hand, dog and handful sizes, its contracts and whether it calls a
partner), and which values are null in which phase. It does not check values against each
other (a card in two places, the order of the cards, sums, a view's fields against its
moves, the sizes a rules object gives its hands) nor replay anything (the legality of an
action, a match's deals against its seed): these are the loader's, and its errors say so.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Final

from frenchtarot._deal_values import AnnulReason
from frenchtarot.actions import (
    ANNOUNCE_SLAM,
    BIDS,
    DISCARDS,
    PASS,
    PLAYS,
    Action,
    Call,
)
from frenchtarot.cards import DECK
from frenchtarot.encoding import action_id
from frenchtarot.encoding._layout import CALLABLE
from frenchtarot.match import MOST_SEED
from frenchtarot.records._codes import ANNULMENT_CODES, CAMP_CODES, CONTRACT_CODES, PHASE_CODES
from frenchtarot.records._names import MOST_NAME, NAME_REGEX
from frenchtarot.records._read import FORMAT, MOST_MOVES, PACK, RULES_FIELDS
from frenchtarot.records._values import MOST_ACTIONS, MOST_SCORE, SCORE_FIELDS
from frenchtarot.records._view import VIEW_FIELDS
from frenchtarot.records._write import rules_object
from frenchtarot.rules import _LARGEST_BONUS, PRESETS, Rules

__all__ = ["SIZES", "build_schema", "schema_text"]

SIZES: Final = (3, 4, 5)
"""The table sizes."""
_Schema = dict[str, Any]
_MOST_HANDFUL: Final = 22
"""The cards of the largest handful: the 21 trumps and the Excuse."""


def _ref(name: str) -> _Schema:
    return {"$ref": f"#/$defs/{name}"}


def _or_null(schema: _Schema) -> _Schema:
    return {"oneOf": [schema, {"type": "null"}]}


def _integer(low: int, high: int | None = None) -> _Schema:
    schema: _Schema = {"type": "integer", "minimum": low}
    if high is not None:
        schema["maximum"] = high
    return schema


def _pair(first: _Schema, second: _Schema) -> _Schema:
    return {"type": "array", "prefixItems": [first, second], "items": False, "minItems": 2}


def _object(properties: _Schema, description: str | None = None) -> _Schema:
    schema: _Schema = {} if description is None else {"description": description}
    schema.update(
        {
            "type": "object",
            "properties": properties,
            "required": list(properties),
            "additionalProperties": False,
        }
    )
    return schema


def _when(condition: _Schema, then: _Schema, otherwise: _Schema | None = None) -> _Schema:
    schema: _Schema = {"if": condition, "then": then}
    if otherwise is not None:
        schema["else"] = otherwise
    return schema


def _rules_is(name: str) -> _Schema:
    """The condition on a record: its rules are ``name`` (a definition of conditions)."""
    return {"properties": {"rules": _ref(name)}, "required": ["rules"]}


# --- Notation --------------------------------------------------------------------------------

_CARD: Final = "T([1-9]|1[0-9]|2[01])|EX|([1-9]|10|[JCQK])[SHDC]"
"""A card as ``str(card)`` writes it (tests/test_records.py checks it against the deck)."""
_TRUMP: Final = "T([1-9]|1[0-9]|2[01])"
_END: Final = r"(?![\s\S])"
"""The end of the text, for Python's ``re`` and ECMA-262 alike: ``$`` would let Python
accept a final newline (``"KH\n"``)."""


def _card() -> _Schema:
    """A card's notation: the definition ``card``, and written out where cards are many."""
    return {"type": "string", "pattern": f"^({_CARD}){_END}"}


def _hidden_discard() -> _Schema:
    """The notation of an écart card that is not a trump (only the taker sees it)."""
    return {"type": "string", "pattern": "^discard (?!T)"}


def _handful_regex(count: int | None) -> str:
    """A handful's notation: its cards once each in the order of the deck, as str() writes.

    Of ``count`` cards exactly, or of 0 to 22 (``None``).
    """
    cards = "".join(f"(?: {card}(?= |{_END}))?" for card in DECK)
    if count is None:
        return f"^handful(?!(?: [^ ]+){{{_MOST_HANDFUL + 1}}})" + cards + _END
    return f"^handful(?=(?: [^ ]+){{{count}}}{_END})" + cards + _END


def _action_regex() -> str:
    words = "|".join(["pass", *CONTRACT_CODES.values(), "slam"])
    return f"^({words}|(call|discard) ({_CARD})|{_CARD}){_END}"


def _legal(actions: list[Action], rules: Rules) -> _Schema:
    """The actions (each ``{"notation", "id"}``), as one enum, or dispatched on the id.

    A validator compares a value with an enum's entries one by one: many actions are split,
    in the order of their ids, into enums of at most :data:`_LEGAL_GROUP`, and an
    ``if``/``then``/``else`` on the id's range leads a value to the one enum that may hold
    it. An action is in the enum of its id's range, so the set of values is that of one
    enum of them all.

    Args:
        actions: The actions.
        rules: The table that gives their ids.

    Returns:
        The schema of a legal action that is one of ``actions``.
    """
    entries = [{"notation": str(action), "id": action_id(action, rules)} for action in actions]
    entries.sort(key=lambda entry: entry["id"])
    groups = [entries[at : at + _LEGAL_GROUP] for at in range(0, len(entries), _LEGAL_GROUP)]
    return _by_id(groups)


_LEGAL_GROUP: Final = 16
"""The most actions in one enum of :func:`_legal`."""


def _by_id(groups: list[list[dict[str, Any]]]) -> _Schema:
    """An enum of each group, the groups in rising order of their ids, chosen by the id."""
    if len(groups) == 1:
        return {"enum": groups[0]}
    half = len(groups) // 2
    low = groups[half][0]["id"]
    assert groups[half - 1][-1]["id"] < low
    return {
        "if": {"properties": {"id": {"minimum": low}}},
        "then": _by_id(groups[half:]),
        "else": _by_id(groups[:half]),
    }


# --- The table -------------------------------------------------------------------------------


def _presets_of(seats: int) -> list[str]:
    return [name for name, rules in PRESETS.items() if rules.seats == seats]


def _rules_of(seats: int) -> _Schema:
    presets = _presets_of(seats)
    return {
        "description": f"Rules of a table of {seats}: a preset's name or a rules object.",
        "anyOf": [
            {"enum": presets} if len(presets) > 1 else {"const": presets[0]},
            {"type": "object", "properties": {"seats": {"const": seats}}, "required": ["seats"]},
        ],
    }


def _calling() -> _Schema:
    calling = [name for name, rules in PRESETS.items() if rules.calls_partner]
    return {
        "description": "Rules under which the taker calls a card: a preset that does, or a "
        "rules object with calls_partner true.",
        "anyOf": [
            {"enum": calling} if len(calling) > 1 else {"const": calling[0]},
            {
                "type": "object",
                "properties": {"calls_partner": {"const": True}},
                "required": ["calls_partner"],
            },
        ],
    }


def _rules_defs() -> _Schema:
    presets = list(PRESETS)
    bonus = _ref("bonus")
    fields: _Schema = {
        "name": {"$ref": "#/$defs/name"},
        "seats": _integer(3, 5),
        "hand_size": _integer(1, PACK),
        "dog_size": _integer(1, PACK),
        "packet": _integer(1, PACK),
        "handfuls": {
            "description": "The simple, double and triple handful: [trumps, bonus] each.",
            "type": "array",
            "minItems": 3,
            "maxItems": 3,
            "items": _pair(_integer(1, _MOST_HANDFUL), _integer(1, _LARGEST_BONUS)),
        },
        "calls_partner": {
            "description": "Whether the taker calls a card (five seats only).",
            "type": "boolean",
        },
        "min_cut": _integer(1, PACK // 2),
        "contracts": {
            "description": "The contracts offered, [code, multiplier] each, in the bidding order.",
            "type": "array",
            "minItems": 1,
            "maxItems": len(CONTRACT_CODES),
            "items": _pair(_ref("contract"), _integer(1, _LARGEST_BONUS)),
        },
        "petit_au_bout": bonus,
        "petit_au_bout_multiplied": {"type": "boolean"},
        "slam_announced": bonus,
        "slam_unannounced": bonus,
        "slam_missed": bonus,
        "slam_defence": bonus,
    }
    assert tuple(fields) == RULES_FIELDS
    rules_obj = _object(
        fields,
        "Rules that are not a preset, every field of frenchtarot.Rules under its name. A "
        "preset is written by its name only: its object is refused. The loader also checks "
        "what the fields say together, which this schema does not: that the hands and the "
        "dog make the 78 cards, that the packets divide a hand and leave room for the dog, "
        "that a handful has more trumps than the one before and no more than a hand, and "
        "that the contracts come once each in the bidding order with rising multipliers.",
    )
    rules_obj["allOf"] = [
        _when(
            {"properties": {"calls_partner": {"const": True}}, "required": ["calls_partner"]},
            {"properties": {"seats": {"const": 5}}},
        ),
        {"not": {"enum": [rules_object(rules) for rules in PRESETS.values()]}},
    ]
    defs: _Schema = {
        "rules": {
            "description": "The rules of every deal: a preset's name, or any other "
            "frenchtarot.Rules written in full.",
            "oneOf": [_ref("preset"), _ref("rulesObject")],
        },
        "preset": {
            "description": "A preset's name (frenchtarot.rules.PRESETS): the FFT tables of "
            "three, four and five, and Ludicash's four-player game without the Petite.",
            "enum": presets,
        },
        "rulesObject": rules_obj,
        "contract": {
            "description": "A contract's code (the bid's notation).",
            "enum": list(CONTRACT_CODES.values()),
        },
        "bonus": _integer(0, _LARGEST_BONUS),
        "name": {
            "description": "Printable text that is not blank: no control, format (zero-width, "
            "bidirectional), surrogate, private-use or line-breaking character, no space "
            "but U+0020, and not only spaces. The loader also refuses a code point that its "
            "Python's Unicode database does not assign, which no fixed pattern can say.",
            "type": "string",
            "pattern": NAME_REGEX,
        },
        "calling": _calling(),
    }
    for seats in SIZES:
        defs[f"rulesOf{seats}"] = _rules_of(seats)
    return defs


# --- Cards, actions, seats -------------------------------------------------------------------


def _card_defs() -> _Schema:
    simple: list[Action] = [PASS, *BIDS.values(), ANNOUNCE_SLAM, *DISCARDS, *PLAYS]
    five = PRESETS["five-player"]
    calls = [Call(card) for card in CALLABLE]
    return {
        "card": {
            "description": "A card: a rank 1-10, J, C (knight), Q or K then a suit S, H, D or "
            "C; a trump T1-T21; EX for the Excuse.",
            **_card(),
        },
        "trump": {
            "description": "A trump, T1-T21.",
            "type": "string",
            "pattern": f"^{_TRUMP}{_END}",
        },
        "cards": {
            "description": "Cards, each once. Held, shown or put aside, they are in the order "
            "of the deck (trumps T1-T21, the Excuse, then spades, hearts, diamonds and clubs "
            "from 1 to K), which the loader checks and this schema cannot.",
            "type": "array",
            "items": _card(),
            "uniqueItems": True,
        },
        "seat": {
            "description": "A seat of the deal, from 0; the seat after the dealer speaks "
            "first. The records of each table size narrow it.",
            "type": "integer",
            "minimum": 0,
            "maximum": 4,
        },
        "action": {
            "description": "An action as str(action) writes it: pass, a contract, slam, call "
            "<card>, discard <card>, handful <cards> (0 to 22 cards, once each, in the order "
            "of the deck), or a card played. Whether it is legal only a replay can tell.",
            "type": "string",
            "anyOf": [{"pattern": _action_regex()}, {"pattern": _handful_regex(None)}],
        },
        "moves": {
            "description": f"Every action of the deal, in order (no deal takes more than "
            f"{MOST_MOVES}), each with the seat that took it: the table's size gives the seats "
            "(dealAt3, dealAt4, dealAt5).",
            "type": "array",
            "maxItems": MOST_MOVES,
        },
        "fixedLegalAction": {
            "description": "An action of every table and its id (frenchtarot.encoding."
            "action_id): pass, the bids, slam, a discard, a card played.",
            **_legal(simple, five),
        },
        "callLegalAction": {
            "description": "A call and its id, at a table where the taker calls a card.",
            **_legal(list(calls), five),
        },
        "handfulLegalAction": {
            "description": "A handful and the id of its size (6, 7 or 8 for the simple, "
            "double and triple handful of the table): the schema checks the size of a "
            "preset's handfuls; the loader those of a rules object.",
            **_object(
                {
                    "notation": {"type": "string", "pattern": _handful_regex(None)},
                    "id": _integer(6, 8),
                }
            ),
        },
        "legalAction": {
            "description": "An action the seat may take: its notation and its id.",
            "anyOf": [
                _ref("fixedLegalAction"),
                _ref("handfulLegalAction"),
                _ref("callLegalAction"),
            ],
        },
        **_handful_sizes(),
    }


def _preset_handfuls(rules: Rules) -> _Schema:
    """The legal handful actions of a preset: the notation of each size and its id."""
    return {
        "anyOf": [
            {
                "type": "object",
                "properties": {"notation": _ref(f"handfulOf{size}"), "id": {"const": 6 + number}},
            }
            for number, (size, _bonus) in enumerate(rules.handfuls)
        ]
    }


def _handful_sizes() -> _Schema:
    """The notation of a handful of each size a preset has."""
    sizes = sorted({size for rules in PRESETS.values() for size, _bonus in rules.handfuls})
    return {
        f"handfulOf{size}": {
            "description": f"A handful of {size} cards, in the order of the deck.",
            "pattern": _handful_regex(size),
        }
        for size in sizes
    }


# --- Deals and matches -----------------------------------------------------------------------


def _deal_at(seats: int) -> _Schema:
    return {
        "description": f"A deal at a table of {seats}: {seats} hands, seats 0 to {seats - 1}.",
        "properties": {
            "dealer": {"maximum": seats - 1},
            "hands": {"minItems": seats, "maxItems": seats},
            "moves": {
                "items": {
                    "description": f"One action and the seat that took it, at a table of {seats}.",
                    **_pair(_integer(0, seats - 1), _ref("action")),
                }
            },
        },
    }


def _deal_of(rules: Rules) -> _Schema:
    return {
        "description": f"The cards of a deal of the {rules.name} preset: {rules.hand_size} "
        f"each and a dog of {rules.dog_size}.",
        "properties": {
            "hands": {"items": {"minItems": rules.hand_size, "maxItems": rules.hand_size}},
            "dog": {"minItems": rules.dog_size, "maxItems": rules.dog_size},
        },
    }


def _deal_conditions() -> list[_Schema]:
    """The conditions of a deal record (or of a match's deal): the table's size, a preset's."""
    conditions = [_when(_rules_is(f"rulesOf{seats}"), _ref(f"dealAt{seats}")) for seats in SIZES]
    conditions += [
        _when(
            {"properties": {"rules": {"const": name}}, "required": ["rules"]},
            _ref(f"dealOf:{name}"),
        )
        for name in PRESETS
    ]
    return conditions


def _draw(players: int) -> _Schema:
    """The draw for the first dealer of ``players``."""
    return {
        "description": f"The draw for the first dealer of {players} players: [player, card] "
        "in the order drawn (a player who draws the Excuse puts it back and draws again; "
        f"at most {PACK} draws). The loader also checks what the draws say together: the "
        "players in turn from 0, no card but the Excuse twice, the Excuse never last, and "
        "the lowest card giving first_dealer.",
        "oneOf": [
            {
                "type": "array",
                "minItems": players,
                "maxItems": PACK,
                "items": _pair(_integer(0, players - 1), _ref("card")),
            },
            {"type": "null"},
        ],
    }


def _players(players: int, dead: bool) -> _Schema:
    """The match fields that follow from its number of players."""
    schema: _Schema = {
        "properties": {
            "names": {"minItems": players, "maxItems": players},
            "first_dealer": {"maximum": players - 1},
            "draw": _ref(f"drawOf{players}"),
        }
    }
    if dead:
        schema["properties"]["rules"] = _ref("rulesOf4")
        dealer = {"properties": {"dealer": {"const": 3}}}
        schema["properties"]["deals"] = {"items": dealer}
        schema["properties"]["current"] = dealer
    return schema


def _deal_defs() -> _Schema:
    deal_fields: _Schema = {
        "dealer": _ref("seat"),
        "hands": {
            "description": "Each seat's hand as dealt, seat 0 first.",
            "type": "array",
            "minItems": 3,
            "maxItems": 5,
            "items": _ref("cards"),
        },
        "dog": _ref("cards"),
        "moves": _ref("moves"),
    }
    deal_record = _object(
        {
            "format": _ref("format"),
            "kind": {"const": "deal"},
            "rules": _ref("rules"),
            **deal_fields,
        },
        "A deal at any point, finished or not: its rules, dealer, hands and dog as dealt, and "
        "every action with its seat. The loader also checks what only the cards together "
        "and a replay say: that the hands and the dog are the 78 cards, each hand and the "
        "dog in the order of the deck, the sizes of a rules object's hands and dog, and "
        "that each action is legal, by its seat, in turn.",
    )
    deal_record["allOf"] = _deal_conditions()
    inner = _object(deal_fields, "One deal inside a match record (the match gives the rules).")
    match_fields: _Schema = {
        "format": _ref("format"),
        "kind": {"const": "match"},
        "rules": _ref("rules"),
        "names": {
            "description": "The players' names, player 0 first (five with a dead player).",
            "type": "array",
            "minItems": 3,
            "maxItems": 5,
            "uniqueItems": True,
            "items": {"$ref": "#/$defs/name", "maxLength": MOST_NAME},
        },
        "deals_to_play": {
            "description": "How many scored deals make the game; null when open-ended.",
            "oneOf": [_integer(1), {"type": "null"}],
        },
        "dead_player": {
            "description": "Five players at the four-player game, the dealer sitting out.",
            "type": "boolean",
        },
        "seed": {
            "description": "The seed of the draw for the dealer and of the deals.",
            **_integer(0, MOST_SEED),
        },
        "first_dealer": _integer(0, 4),
        "draw": {
            "description": "The draw for the first dealer, or null when the first dealer "
            "was given.",
            "oneOf": [{"type": "array"}, {"type": "null"}],
        },
        "deals": {
            "description": "The finished deals, in order.",
            "type": "array",
            "items": _ref("deal"),
        },
        "current": {
            "description": "The deal in progress; null once the match is over.",
            "oneOf": [_ref("deal"), {"type": "null"}],
        },
    }
    match_record = _object(
        match_fields,
        "A game of several deals: its settings, its finished deals (annulled ones included) "
        "and the deal in progress. The loader also replays every deal and checks what the "
        "fields say together: each deal dealt by the right player and holding the cards "
        "the match's seed deals it, the finished deals finished, no deal after the last, "
        "the deal in progress there until the match is over, and the draw.",
    )
    conditions = []
    for seats in SIZES:
        conditions.append(
            _when(
                _rules_is(f"rulesOf{seats}"),
                {
                    "properties": {
                        "deals": {"items": _ref(f"dealAt{seats}")},
                        "current": _ref(f"dealAt{seats}"),
                    }
                },
            )
        )
    for name in PRESETS:
        conditions.append(
            _when(
                {"properties": {"rules": {"const": name}}, "required": ["rules"]},
                {
                    "properties": {
                        "deals": {"items": _ref(f"dealOf:{name}")},
                        "current": _ref(f"dealOf:{name}"),
                    }
                },
            )
        )
    conditions.append(
        _when(
            {"properties": {"dead_player": {"const": True}}, "required": ["dead_player"]},
            _players(5, dead=True),
            {
                "allOf": [
                    _when(_rules_is(f"rulesOf{seats}"), _players(seats, dead=False))
                    for seats in SIZES
                ]
            },
        )
    )
    match_record["allOf"] = conditions
    defs: _Schema = {"deal": inner, "dealRecord": deal_record, "matchRecord": match_record}
    for seats in SIZES:
        defs[f"dealAt{seats}"] = _deal_at(seats)
        defs[f"drawOf{seats}"] = _draw(seats)
    for name, rules in PRESETS.items():
        defs[f"dealOf:{name}"] = _deal_of(rules)
    return defs


# --- Scores ----------------------------------------------------------------------------------


def _score_at(seats: int) -> _Schema:
    seat = {"maximum": seats - 1}
    return {
        "properties": {
            "taker": seat,
            "partner": seat,
            "annulment": {"properties": {"seat": seat}},
            "handfuls": {"maxItems": seats, "items": {"properties": {"seat": seat}}},
        }
    }


def _score_defs() -> _Schema:
    signed = _ref("signed")
    fields: _Schema = {
        "annulment": _ref("annulment"),
        "taker": _ref("seatOrNull"),
        "contract": _or_null(_ref("contract")),
        "taker_points": _ref("points"),
        "defence_points": _ref("points"),
        "bouts": _integer(0, 3),
        "target": _integer(0, 91),
        "made": {"type": "boolean"},
        "margin": _integer(-91, 91),
        "petit_au_bout": {
            "description": "The camp that won the Petit in the last trick and the bonus for "
            "the attack; null when there was none.",
            "oneOf": [
                _object({"camp": _ref("camp"), "value": signed}),
                {"type": "null"},
            ],
        },
        "handfuls": {
            "type": "array",
            "maxItems": 5,
            "items": _object(
                {"seat": _ref("seat"), "size": _integer(1, _MOST_HANDFUL), "value": signed}
            ),
        },
        "slam": _object(
            {
                "announced": {"type": "boolean"},
                "made_by": _or_null(_ref("camp")),
                "value": signed,
            }
        ),
        "unit": signed,
        "deltas": {
            "description": "Each seat's score for the deal, seat 0 first: their number is "
            "the table's size, which narrows the seats of the other fields.",
            "type": "array",
            "minItems": 3,
            "maxItems": 5,
            "items": signed,
        },
        "called": _or_null(_ref("card")),
        "partner": _ref("seatOrNull"),
        "multiplier": _integer(0, MOST_SCORE),
    }
    assert tuple(fields) == SCORE_FIELDS
    score_fields: _Schema = {
        "description": "A frenchtarot.Score, field by field: what a score record holds after "
        "its format and kind, and a view's score. The loader also checks what the fields "
        "say together: the points of the two camps add up to 91, the deltas to 0. It cannot "
        "recompute a score, having no deal.",
        "type": "object",
        "properties": fields,
        "required": list(fields),
        "allOf": [
            _when(
                {"properties": {"annulment": {"type": "object"}}},
                {
                    "properties": {
                        "taker": {"type": "null"},
                        "contract": {"type": "null"},
                        "deltas": {"items": {"const": 0}},
                        "multiplier": {"const": 0},
                    }
                },
                {
                    "properties": {
                        "taker": {"type": "integer"},
                        "contract": {"type": "string"},
                        "multiplier": {"minimum": 1},
                    }
                },
            ),
            *(
                _when(
                    {
                        "properties": {
                            "deltas": {"type": "array", "minItems": seats, "maxItems": seats}
                        },
                        "required": ["deltas"],
                    },
                    _ref(f"scoreAt{seats}"),
                )
                for seats in SIZES
            ),
        ],
    }
    annulment = _object(
        {
            "reason": {"enum": list(ANNULMENT_CODES.values())},
            "seat": _ref("seatOrNull"),
        }
    )
    annulment["allOf"] = [
        _when(
            {"properties": {"reason": {"const": ANNULMENT_CODES[AnnulReason.ALL_PASSED]}}},
            {"properties": {"seat": {"type": "null"}}},
            {"properties": {"seat": {"type": "integer"}}},
        )
    ]
    defs: _Schema = {
        "annulment": {
            "description": "Why a deal was annulled: a reason's wire code (frenchtarot."
            "records.ANNULMENT_CODES) and the seat of the petit sec (null when everyone "
            "passed); null when the deal was not annulled.",
            "oneOf": [annulment, {"type": "null"}],
        },
        "signed": _integer(-MOST_SCORE, MOST_SCORE),
        "points": {
            "description": "Card points, in halves.",
            "type": "number",
            "minimum": 0,
            "maximum": 91,
            "multipleOf": 0.5,
        },
        "score": {
            "description": "A score, no other field.",
            "$ref": "#/$defs/scoreFields",
            "unevaluatedProperties": False,
        },
        "scoreFields": score_fields,
        "scoreRecord": {
            "description": "The score of a finished deal (frenchtarot.Score), with its whole "
            "breakdown.",
            "$ref": "#/$defs/scoreFields",
            "properties": {"format": _ref("format"), "kind": {"const": "score"}},
            "required": ["format", "kind"],
            "unevaluatedProperties": False,
        },
    }
    for seats in SIZES:
        defs[f"scoreAt{seats}"] = _score_at(seats)
    return defs


# --- Views -----------------------------------------------------------------------------------


def _trick_at(seats: int) -> _Schema:
    seat = _integer(0, seats - 1)
    return _object(
        {
            "leader": seat,
            "cards": {"$ref": "#/$defs/cards", "minItems": seats, "maxItems": seats},
            "winner": seat,
        },
        "A finished trick: its leader, its cards from the leader on, its winner.",
    )


def _view_at(seats: int) -> _Schema:
    seat = {"maximum": seats - 1}
    return {
        "description": f"A view at a table of {seats}: seats 0 to {seats - 1}, {seats} cards "
        "to a trick.",
        "properties": {
            "seat": seat,
            "dealer": seat,
            "current": seat,
            "taker": seat,
            "partner": seat,
            "hand_sizes": {"minItems": seats, "maxItems": seats},
            "handfuls": {"maxItems": seats, "items": {"properties": {"seat": seat}}},
            "tricks": {"items": _trick_at(seats)},
            "current_trick": {"properties": {"leader": seat, "cards": {"maxItems": seats - 1}}},
            "moves": {
                "items": _pair(
                    _integer(0, seats - 1), {"anyOf": [_ref("action"), {"type": "null"}]}
                )
            },
            "score": {"properties": {"deltas": {"minItems": seats, "maxItems": seats}}},
            "annulment": {"properties": {"seat": seat}},
        },
    }


def _view_of(rules: Rules) -> _Schema:
    most = rules.hand_size + rules.dog_size
    dog = rules.dog_size
    offered = [CONTRACT_CODES[contract] for contract, _times in rules.contracts]
    sizes = [size for size, _bonus in rules.handfuls]
    return {
        "description": f"A view of the {rules.name} preset: its hand and dog sizes, its "
        "handfuls and its contracts.",
        "properties": {
            "contract": {"anyOf": [{"type": "null"}, {"enum": offered}]},
            "hand": {"maxItems": most},
            "hand_sizes": {"items": {"maximum": most}},
            "dog": {"anyOf": [{"type": "null"}, {"minItems": dog, "maxItems": dog}]},
            "discard": {"anyOf": [{"type": "null"}, {"maxItems": dog}]},
            "shown_discard": {"maxItems": dog},
            "handfuls": {
                "items": {
                    "properties": {
                        "cards": {"anyOf": [{"minItems": n, "maxItems": n} for n in sizes]}
                    }
                }
            },
            "tricks": {"maxItems": rules.hand_size},
            "legal_actions": {
                "items": {
                    "anyOf": [
                        _ref("fixedLegalAction"),
                        _ref("callLegalAction"),
                        _preset_handfuls(rules),
                    ]
                }
            },
            "shown_hand": {"anyOf": [{"type": "null"}, {"maxItems": rules.hand_size}]},
        },
    }


def _view_defs() -> _Schema:
    null = {"type": "null"}
    fields: _Schema = {
        "format": _ref("format"),
        "kind": {"const": "observation"},
        "public": {
            "description": "A public view (frenchtarot.observation.public_view): what everyone "
            "at the table knows, seen from the seat's place, as a spectator is shown. Written "
            "only when true.",
            "const": True,
        },
        "rules": _ref("rules"),
        "seat": {
            "description": "The seat whose view this is (of a public view: the seat it is seen "
            "from).",
            **_ref("seat"),
        },
        "dealer": _ref("seat"),
        "phase": _ref("phase"),
        "current": {
            "description": "The seat to act; null once the deal is over.",
            **_ref("seatOrNull"),
        },
        "contract": {
            "description": "The taker's contract; in the bidding, the highest bid so far.",
            **_or_null(_ref("contract")),
        },
        "taker": {
            "description": "The taker; in the bidding, the highest bidder so far.",
            **_ref("seatOrNull"),
        },
        "called": {"description": "Five players: the card called.", **_or_null(_ref("card"))},
        "partner": {
            "description": "The taker's partner when this seat knows who it is, else null.",
            **_ref("seatOrNull"),
        },
        "alone": {
            "description": "Whether this seat knows that the taker plays alone.",
            "type": "boolean",
        },
        "hand": {"$ref": "#/$defs/cards", "maxItems": PACK},
        "hand_sizes": {
            "description": "How many cards each seat holds, seat 0 first.",
            "type": "array",
            "minItems": 3,
            "maxItems": 5,
            "items": _integer(0, PACK),
        },
        "dog": {
            "description": "The dog once turned face up (Petite, Garde), else null.",
            **_or_null(_ref("cards")),
        },
        "discard": {
            "description": "The taker's own écart, in the taker's view only; else null.",
            **_or_null(_ref("cards")),
        },
        "shown_discard": {
            "description": "The trumps of the écart, shown to everyone.",
            "$ref": "#/$defs/cards",
            "items": _ref("trump"),
        },
        "slam": {"description": "Whether the taker announced a slam.", "type": "boolean"},
        "handfuls": {
            "type": "array",
            "maxItems": 5,
            "items": _object(
                {
                    "seat": _ref("seat"),
                    "cards": {"$ref": "#/$defs/cards", "minItems": 1, "maxItems": _MOST_HANDFUL},
                },
                "A handful shown: the seat and its cards.",
            ),
        },
        "tricks": {
            "description": "The finished tricks, in order: the table's size says what a trick "
            "is (viewAt3, viewAt4, viewAt5).",
            "type": "array",
            "maxItems": PACK,
        },
        "current_trick": {
            "description": "The trick in progress, from its leader on; null outside the play.",
            "oneOf": [
                _object(
                    {
                        "leader": _ref("seat"),
                        "cards": {"$ref": "#/$defs/cards", "maxItems": 4},
                    }
                ),
                null,
            ],
        },
        "moves": {
            "description": "Every action since the deal, in order, as this seat saw it, with "
            "the seat that took it; null for an écart card the seat did not see. The table's "
            "size gives the seats (viewAt3, viewAt4, viewAt5).",
            "type": "array",
            "maxItems": MOST_MOVES,
        },
        "legal_actions": {
            "description": "What this seat may do now, once each; empty unless it is to act.",
            "type": "array",
            "maxItems": MOST_ACTIONS,
            "uniqueItems": True,
            "items": _ref("legalAction"),
        },
        "score": {
            "description": "The score once the deal is over, else null.",
            "oneOf": [_ref("score"), null],
        },
        "annulment": _ref("annulment"),
        "shown_hand": {
            "description": "The hand of a petit sec, spread before the deal is annulled; else "
            "null.",
            "oneOf": [{"$ref": "#/$defs/cards", "minItems": 1}, null],
        },
    }
    assert tuple(fields) == VIEW_FIELDS
    view = _object(
        fields,
        "One seat's view of a deal (a frenchtarot.Observation): exactly what that seat may "
        "know, and nothing more; or, marked public, what everyone at the table knows. The "
        "loader cannot replay a view (it does not hold the "
        "other hands); besides what this schema says, it checks what the fields say "
        "together: the cards in the order of the deck, no card in two places among the "
        "hand, the tricks, the trick in progress and the seat's écart; the cards played in "
        "the moves are those of the tricks; each move's seat follows from the dealer, the "
        "bidding and the trick winners; the bidding gives the taker and the contract; the "
        "handfuls, the slam and the called card are those of the moves; each trick is led "
        "by the winner of the one before; the seat's hand size is the size of its hand, "
        "and the seat is to act exactly when it has legal actions (in the order of their "
        "ids), but in a public view, which names the partner, or that the taker plays "
        "alone, only once the called card is played, a dog shown holds it, or the deal is "
        "over; the score's annulment is the view's; and at a rules object's table, the "
        "sizes, contracts and handfuls it gives.",
    )
    view["required"].remove("public")
    view["allOf"] = [
        _when(
            {"required": ["public"]},
            {
                "description": "A public view holds no hand, no écart of its own and no legal "
                "action, and shows only the trumps of the écart.",
                "properties": {
                    "hand": {"maxItems": 0},
                    "discard": null,
                    "legal_actions": {"maxItems": 0},
                    "moves": {"items": {"prefixItems": [True, {"not": _hidden_discard()}]}},
                },
            },
        ),
        _when(
            {"properties": {"phase": {"enum": ["done", "annulled"]}}},
            {"properties": {"current": null, "score": {"type": "object"}}},
            {"properties": {"current": {"type": "integer"}, "score": null}},
        ),
        _when(
            {"properties": {"phase": {"const": "annulled"}}},
            {"properties": {"annulment": {"type": "object"}}},
            {"properties": {"annulment": null}},
        ),
        _when(
            {
                "properties": {
                    "annulment": {
                        "type": "object",
                        "properties": {"reason": {"const": "petit_sec"}},
                        "required": ["reason"],
                    }
                }
            },
            {"properties": {"shown_hand": {"type": "array"}}},
            {"properties": {"shown_hand": null}},
        ),
        _when(
            {"properties": {"contract": null}},
            {"properties": {"taker": null}},
            {"properties": {"taker": {"type": "integer"}}},
        ),
        _when(
            {"properties": {"called": null}},
            {"properties": {"partner": null, "alone": {"const": False}}},
        ),
        _when(
            {"properties": {"partner": {"type": "integer"}}},
            {"properties": {"alone": {"const": False}}},
        ),
        _when(
            _rules_is("calling"),
            {},
            {
                "description": "Nobody calls a card at this table.",
                "properties": {
                    "called": null,
                    "legal_actions": {"items": {"not": _ref("callLegalAction")}},
                },
            },
        ),
        *(_when(_rules_is(f"rulesOf{seats}"), _ref(f"viewAt{seats}")) for seats in SIZES),
        *(
            _when(
                {"properties": {"rules": {"const": name}}, "required": ["rules"]},
                _ref(f"viewOf:{name}"),
            )
            for name in PRESETS
        ),
    ]
    defs: _Schema = {
        "phase": {
            "description": "A phase's wire code (frenchtarot.records.PHASE_CODES).",
            "enum": list(PHASE_CODES.values()),
        },
        "camp": {
            "description": "A camp's wire code (frenchtarot.records.CAMP_CODES).",
            "enum": list(CAMP_CODES.values()),
        },
        "seatOrNull": _or_null(_ref("seat")),
        "observationRecord": view,
    }
    for seats in SIZES:
        defs[f"viewAt{seats}"] = _view_at(seats)
    for name, rules in PRESETS.items():
        defs[f"viewOf:{name}"] = _view_of(rules)
    return defs


# --- The small kinds and the messages --------------------------------------------------------


def _other_defs() -> _Schema:
    return {
        "actionRecord": _object(
            {"format": _ref("format"), "kind": {"const": "action"}, "notation": _ref("action")},
            "One action, in the notation str(action) writes: what a player sends back.",
        ),
        "actionsRecord": _object(
            {
                "format": _ref("format"),
                "kind": {"const": "actions"},
                "actions": {"type": "array", "maxItems": MOST_ACTIONS, "items": _ref("action")},
            },
            "A list of actions (the legal actions of a position, say), in order.",
        ),
        "helloMessage": _object(
            {
                "format": _ref("format"),
                "kind": {"const": "hello"},
                "protocol": {"const": 1},
                "time_limit": {"type": "number", "exclusiveMinimum": 0},
            },
            "The bot protocol's first message: its version and the time a bot has to answer, "
            "in seconds. It holds no value: the loaders refuse it.",
        ),
        "byeMessage": _object(
            {"format": _ref("format"), "kind": {"const": "bye"}},
            "The bot protocol's last message: the session is over. It holds no value: the "
            "loaders refuse it.",
        ),
    }


_KINDS: Final = (
    "dealRecord",
    "matchRecord",
    "observationRecord",
    "actionRecord",
    "actionsRecord",
    "scoreRecord",
    "helloMessage",
    "byeMessage",
)


def _of_kind(definition: _Schema) -> _Schema:
    """A kind's definition, checked only on a record of that kind.

    The top-level ``oneOf`` tries every kind's definition on a record. Given its kind, a
    definition says what it said, but under ``then``: a record of another kind (or without
    one) fails on its ``"kind"`` alone, at once, and its errors are those of its own kind
    only. The definition's ``kind`` and ``required`` stay at its top: it still says, in the
    same words, that it fixes the kind.

    Args:
        definition: The kind's definition, whose ``properties`` fix ``"kind"`` by a
            ``const`` and whose ``description`` says what it is.

    Returns:
        The same set of records, dispatched on the kind.
    """
    body = dict(definition)
    description = body.pop("description")
    is_kind = {"type": "object", "properties": {"kind": body["properties"]["kind"]}}
    is_kind["required"] = ["kind"]
    return {"description": description, **is_kind, "if": is_kind, "then": body}


def build_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every kind of record, as Python data."""
    defs: _Schema = {
        "format": {"description": "The format and its version.", "const": FORMAT},
        **_rules_defs(),
        **_card_defs(),
        **_deal_defs(),
        **_score_defs(),
        **_view_defs(),
        **_other_defs(),
    }
    kinds = []
    for name in _KINDS:
        defs[name] = _of_kind(defs[name])
        kinds.append(defs[name]["properties"]["kind"]["const"])
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"frenchtarot record, format {FORMAT}",
        "description": "Everything frenchtarot writes to cross a wire, each kind named by "
        'its "kind": one deal of French Tarot, one game of several deals, one seat\'s view '
        "of a deal (an observation), an action, a list of actions, a score, and the two "
        "messages of the bot protocol. Cards and actions are in frenchtarot's notation. "
        "This schema checks every value on its own, given the table (its size, a preset's "
        "sizes): a record it refuses, the loaders refuse. The loaders also check what only "
        "a replay can tell (that each action of a deal is legal, that a match's deals are "
        "the ones its seed deals) and what several values say together (that the cards "
        "make a deal, that cards held are in the order of the deck, that a view's fields "
        "agree, sums): a record it accepts may still be refused for these, and only these "
        "(frenchtarot.errors.RecordError.shape is then false). A number is read by its "
        "value, as JSON Schema reads it: 4.0 is the integer 4.",
        "type": "object",
        "properties": {"kind": {"description": "The kind of record.", "enum": kinds}},
        "required": ["kind"],
        "oneOf": [_ref(kind) for kind in _KINDS],
        "$defs": defs,
    }


def schema_text() -> str:
    """The shipped file's text: :func:`build_schema` as ASCII JSON, with a final newline.

    Each value is on one line when it fits in 96 characters, else indented by two spaces.
    """
    return _dump(build_schema(), 0) + "\n"


def _dump(value: object, depth: int) -> str:
    flat = json.dumps(value, separators=(", ", ": "))
    if len(flat) + 2 * depth <= _WIDTH or not isinstance(value, (dict, list)) or not value:
        return flat
    inner = "  " * (depth + 1)
    if isinstance(value, dict):
        items = [
            f"{inner}{json.dumps(key)}: {_dump(item, depth + 1)}" for key, item in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + "  " * depth + "}"
    items = [inner + _dump(item, depth + 1) for item in value]
    return "[\n" + ",\n".join(items) + "\n" + "  " * depth + "]"


_WIDTH: Final = 96


if __name__ == "__main__":  # pragma: no cover - the way to write the shipped file
    sys.stdout.write(schema_text())
