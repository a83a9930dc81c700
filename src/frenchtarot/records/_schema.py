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

A validator should go down the one branch that applies, not try them all: each kind's
definition is checked only on a record of its kind (``if``/``then`` on ``"kind"``, see
:func:`_of_kind`; the top level refuses an unknown kind by an ``enum``); the table's size
and a preset choose their definitions (``dealAt4``, ``viewOf:ludicash``) by ``if``/``then``
on the rules; what the table's size decides is checked once, by the size's definition (a
move's seat, a trick); and a legal action is looked up among the few of its id's range.
Each of these keeps the set of documents the schema accepts, and the errors of a record
are those of its own kind. The parts the kinds share are in
:mod:`frenchtarot.records._schema_parts`.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Final

from frenchtarot._deal_values import AnnulReason
from frenchtarot.match import MOST_SEED
from frenchtarot.records._codes import ANNULMENT_CODES, CAMP_CODES, CONTRACT_CODES, PHASE_CODES
from frenchtarot.records._names import MOST_NAME
from frenchtarot.records._read import FORMAT, MOST_MOVES, PACK
from frenchtarot.records._schema_parts import (
    MOST_HANDFUL,
    SIZES,
    Schema,
    card_defs,
    hidden_discard,
    integer,
    move_action,
    object_of,
    or_null,
    pair,
    preset_handfuls,
    ref,
    rules_defs,
    rules_is,
    when,
)
from frenchtarot.records._values import MOST_ACTIONS, MOST_SCORE, SCORE_FIELDS
from frenchtarot.records._view import VIEW_FIELDS
from frenchtarot.rules import PRESETS, Rules

__all__ = ["SIZES", "build_schema", "schema_text"]


# --- Deals and matches -----------------------------------------------------------------------


def _deal_at(seats: int) -> Schema:
    return {
        "description": f"A deal at a table of {seats}: {seats} hands, seats 0 to {seats - 1}.",
        "properties": {
            "dealer": {"maximum": seats - 1},
            "hands": {"minItems": seats, "maxItems": seats},
            "moves": {
                "items": {
                    "description": f"One action and the seat that took it, at a table of {seats}.",
                    **pair(integer(0, seats - 1), move_action(hidden=False)),
                }
            },
        },
    }


def _deal_of(rules: Rules) -> Schema:
    return {
        "description": f"The cards of a deal of the {rules.name} preset: {rules.hand_size} "
        f"each and a dog of {rules.dog_size}.",
        "properties": {
            "hands": {"items": {"minItems": rules.hand_size, "maxItems": rules.hand_size}},
            "dog": {"minItems": rules.dog_size, "maxItems": rules.dog_size},
        },
    }


def _deal_conditions() -> list[Schema]:
    """The conditions of a deal record (or of a match's deal): the table's size, a preset's."""
    conditions = [when(rules_is(f"rulesOf{seats}"), ref(f"dealAt{seats}")) for seats in SIZES]
    conditions += [
        when(
            {"properties": {"rules": {"const": name}}, "required": ["rules"]},
            ref(f"dealOf:{name}"),
        )
        for name in PRESETS
    ]
    return conditions


def _draw(players: int) -> Schema:
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
                "items": pair(integer(0, players - 1), ref("card")),
            },
            {"type": "null"},
        ],
    }


def _players(players: int, dead: bool) -> Schema:
    """The match fields that follow from its number of players."""
    schema: Schema = {
        "properties": {
            "names": {"minItems": players, "maxItems": players},
            "first_dealer": {"maximum": players - 1},
            "draw": ref(f"drawOf{players}"),
        }
    }
    if dead:
        schema["properties"]["rules"] = ref("rulesOf4")
        dealer = {"properties": {"dealer": {"const": 3}}}
        schema["properties"]["deals"] = {"items": dealer}
        schema["properties"]["current"] = dealer
    return schema


def _deal_defs() -> Schema:
    deal_fields: Schema = {
        "dealer": ref("seat"),
        "hands": {
            "description": "Each seat's hand as dealt, seat 0 first.",
            "type": "array",
            "minItems": 3,
            "maxItems": 5,
            "items": ref("cards"),
        },
        "dog": ref("cards"),
        "moves": ref("moves"),
    }
    deal_record = object_of(
        {
            "format": ref("format"),
            "kind": {"const": "deal"},
            "rules": ref("rules"),
            **deal_fields,
        },
        "A deal at any point, finished or not: its rules, dealer, hands and dog as dealt, and "
        "every action with its seat. The loader also checks what only the cards together "
        "and a replay say: that the hands and the dog are the 78 cards, each hand and the "
        "dog in the order of the deck, the sizes of a rules object's hands and dog, and "
        "that each action is legal, by its seat, in turn.",
    )
    deal_record["allOf"] = _deal_conditions()
    inner = object_of(deal_fields, "One deal inside a match record (the match gives the rules).")
    match_fields: Schema = {
        "format": ref("format"),
        "kind": {"const": "match"},
        "rules": ref("rules"),
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
            "oneOf": [integer(1), {"type": "null"}],
        },
        "dead_player": {
            "description": "Five players at the four-player game, the dealer sitting out.",
            "type": "boolean",
        },
        "seed": {
            "description": "The seed of the draw for the dealer and of the deals.",
            **integer(0, MOST_SEED),
        },
        "first_dealer": integer(0, 4),
        "draw": {
            "description": "The draw for the first dealer, or null when the first dealer "
            "was given.",
            "oneOf": [{"type": "array"}, {"type": "null"}],
        },
        "deals": {
            "description": "The finished deals, in order.",
            "type": "array",
            "items": ref("deal"),
        },
        "current": {
            "description": "The deal in progress; null once the match is over.",
            "oneOf": [ref("deal"), {"type": "null"}],
        },
    }
    match_record = object_of(
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
            when(
                rules_is(f"rulesOf{seats}"),
                {
                    "properties": {
                        "deals": {"items": ref(f"dealAt{seats}")},
                        "current": ref(f"dealAt{seats}"),
                    }
                },
            )
        )
    for name in PRESETS:
        conditions.append(
            when(
                {"properties": {"rules": {"const": name}}, "required": ["rules"]},
                {
                    "properties": {
                        "deals": {"items": ref(f"dealOf:{name}")},
                        "current": ref(f"dealOf:{name}"),
                    }
                },
            )
        )
    conditions.append(
        when(
            {"properties": {"dead_player": {"const": True}}, "required": ["dead_player"]},
            _players(5, dead=True),
            {
                "allOf": [
                    when(rules_is(f"rulesOf{seats}"), _players(seats, dead=False))
                    for seats in SIZES
                ]
            },
        )
    )
    match_record["allOf"] = conditions
    defs: Schema = {"deal": inner, "dealRecord": deal_record, "matchRecord": match_record}
    for seats in SIZES:
        defs[f"dealAt{seats}"] = _deal_at(seats)
        defs[f"drawOf{seats}"] = _draw(seats)
    for name, rules in PRESETS.items():
        defs[f"dealOf:{name}"] = _deal_of(rules)
    return defs


# --- Scores ----------------------------------------------------------------------------------


def _score_at(seats: int) -> Schema:
    seat = {"maximum": seats - 1}
    return {
        "properties": {
            "taker": seat,
            "partner": seat,
            "annulment": {"properties": {"seat": seat}},
            "handfuls": {"maxItems": seats, "items": {"properties": {"seat": seat}}},
        }
    }


def _score_defs() -> Schema:
    signed = ref("signed")
    fields: Schema = {
        "annulment": ref("annulment"),
        "taker": ref("seatOrNull"),
        "contract": or_null(ref("contract")),
        "taker_points": ref("points"),
        "defence_points": ref("points"),
        "bouts": integer(0, 3),
        "target": integer(0, 91),
        "made": {"type": "boolean"},
        "margin": integer(-91, 91),
        "petit_au_bout": {
            "description": "The camp that won the Petit in the last trick and the bonus for "
            "the attack; null when there was none.",
            "oneOf": [
                object_of({"camp": ref("camp"), "value": signed}),
                {"type": "null"},
            ],
        },
        "handfuls": {
            "type": "array",
            "maxItems": 5,
            "items": object_of(
                {"seat": ref("seat"), "size": integer(1, MOST_HANDFUL), "value": signed}
            ),
        },
        "slam": object_of(
            {
                "announced": {"type": "boolean"},
                "made_by": or_null(ref("camp")),
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
        "called": or_null(ref("card")),
        "partner": ref("seatOrNull"),
        "multiplier": integer(0, MOST_SCORE),
    }
    assert tuple(fields) == SCORE_FIELDS
    score_fields: Schema = {
        "description": "A frenchtarot.Score, field by field: what a score record holds after "
        "its format and kind, and a view's score. The loader also checks what the fields "
        "say together: the points of the two camps add up to 91, the deltas to 0. It cannot "
        "recompute a score, having no deal.",
        "type": "object",
        "properties": fields,
        "required": list(fields),
        "allOf": [
            when(
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
                when(
                    {
                        "properties": {
                            "deltas": {"type": "array", "minItems": seats, "maxItems": seats}
                        },
                        "required": ["deltas"],
                    },
                    ref(f"scoreAt{seats}"),
                )
                for seats in SIZES
            ),
        ],
    }
    annulment = object_of(
        {
            "reason": {"enum": list(ANNULMENT_CODES.values())},
            "seat": ref("seatOrNull"),
        }
    )
    annulment["allOf"] = [
        when(
            {"properties": {"reason": {"const": ANNULMENT_CODES[AnnulReason.ALL_PASSED]}}},
            {"properties": {"seat": {"type": "null"}}},
            {"properties": {"seat": {"type": "integer"}}},
        )
    ]
    # The fields by name only (scoreFields checks them): with additionalProperties, the same
    # set of records as unevaluatedProperties, which a validator pays for by looking at
    # what every subschema evaluated.
    named = dict.fromkeys(SCORE_FIELDS, True)
    defs: Schema = {
        "annulment": {
            "description": "Why a deal was annulled: a reason's wire code (frenchtarot."
            "records.ANNULMENT_CODES) and the seat of the petit sec (null when everyone "
            "passed); null when the deal was not annulled.",
            "oneOf": [annulment, {"type": "null"}],
        },
        "signed": integer(-MOST_SCORE, MOST_SCORE),
        "points": {
            "description": "Card points, in halves.",
            "type": "number",
            "minimum": 0,
            "maximum": 91,
            "multipleOf": 0.5,
        },
        "score": {
            "description": "A score, no other field: scoreFields checks the fields, named here "
            "only to refuse any other.",
            "$ref": "#/$defs/scoreFields",
            "properties": named,
            "additionalProperties": False,
        },
        "scoreFields": score_fields,
        "scoreRecord": {
            "description": "The score of a finished deal (frenchtarot.Score), with its whole "
            "breakdown.",
            "$ref": "#/$defs/scoreFields",
            "properties": {"format": ref("format"), "kind": {"const": "score"}, **named},
            "required": ["format", "kind"],
            "additionalProperties": False,
        },
    }
    for seats in SIZES:
        defs[f"scoreAt{seats}"] = _score_at(seats)
    return defs


# --- Views -----------------------------------------------------------------------------------


def _trick_at(seats: int) -> Schema:
    seat = integer(0, seats - 1)
    return object_of(
        {
            "leader": seat,
            "cards": {"$ref": "#/$defs/cards", "minItems": seats, "maxItems": seats},
            "winner": seat,
        },
        "A finished trick: its leader, its cards from the leader on, its winner.",
    )


def _view_at(seats: int) -> Schema:
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
            "moves": {"items": pair(integer(0, seats - 1), move_action(hidden=True))},
            "score": {"properties": {"deltas": {"minItems": seats, "maxItems": seats}}},
            "annulment": {"properties": {"seat": seat}},
        },
    }


def _view_of(rules: Rules) -> Schema:
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
                        ref("fixedLegalAction"),
                        ref("callLegalAction"),
                        preset_handfuls(rules),
                    ]
                }
            },
            "shown_hand": {"anyOf": [{"type": "null"}, {"maxItems": rules.hand_size}]},
        },
    }


def _view_defs() -> Schema:
    null = {"type": "null"}
    fields: Schema = {
        "format": ref("format"),
        "kind": {"const": "observation"},
        "public": {
            "description": "A public view (frenchtarot.observation.public_view): what everyone "
            "at the table knows, seen from the seat's place, as a spectator is shown. Written "
            "only when true.",
            "const": True,
        },
        "rules": ref("rules"),
        "seat": {
            "description": "The seat whose view this is (of a public view: the seat it is seen "
            "from).",
            **ref("seat"),
        },
        "dealer": ref("seat"),
        "phase": ref("phase"),
        "current": {
            "description": "The seat to act; null once the deal is over.",
            **ref("seatOrNull"),
        },
        "contract": {
            "description": "The taker's contract; in the bidding, the highest bid so far.",
            **or_null(ref("contract")),
        },
        "taker": {
            "description": "The taker; in the bidding, the highest bidder so far.",
            **ref("seatOrNull"),
        },
        "called": {"description": "Five players: the card called.", **or_null(ref("card"))},
        "partner": {
            "description": "The taker's partner when this seat knows who it is, else null.",
            **ref("seatOrNull"),
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
            "items": integer(0, PACK),
        },
        "dog": {
            "description": "The dog once turned face up (Petite, Garde), else null.",
            **or_null(ref("cards")),
        },
        "discard": {
            "description": "The taker's own écart, in the taker's view only; else null.",
            **or_null(ref("cards")),
        },
        "shown_discard": {
            "description": "The trumps of the écart, shown to everyone.",
            "$ref": "#/$defs/cards",
            "items": ref("trump"),
        },
        "slam": {"description": "Whether the taker announced a slam.", "type": "boolean"},
        "handfuls": {
            "type": "array",
            "maxItems": 5,
            "items": object_of(
                {
                    "seat": ref("seat"),
                    "cards": {"$ref": "#/$defs/cards", "minItems": 1, "maxItems": MOST_HANDFUL},
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
                object_of(
                    {
                        "leader": ref("seat"),
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
            "description": "What this seat may do now, once each; empty unless it is to act. "
            "Each is a legalAction; at a preset's table, one of the preset's (viewOf:<preset>).",
            "type": "array",
            "maxItems": MOST_ACTIONS,
            "uniqueItems": True,
        },
        "score": {
            "description": "The score once the deal is over, else null.",
            "oneOf": [ref("score"), null],
        },
        "annulment": ref("annulment"),
        "shown_hand": {
            "description": "The hand of a petit sec, spread before the deal is annulled; else "
            "null.",
            "oneOf": [{"$ref": "#/$defs/cards", "minItems": 1}, null],
        },
    }
    assert tuple(fields) == VIEW_FIELDS
    view = object_of(
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
        when(
            {"required": ["public"]},
            {
                "description": "A public view holds no hand, no écart of its own and no legal "
                "action, and shows only the trumps of the écart.",
                "properties": {
                    "hand": {"maxItems": 0},
                    "discard": null,
                    "legal_actions": {"maxItems": 0},
                    "moves": {"items": {"prefixItems": [True, {"not": hidden_discard()}]}},
                },
            },
        ),
        when(
            {"properties": {"phase": {"enum": ["done", "annulled"]}}},
            {"properties": {"current": null, "score": {"type": "object"}}},
            {"properties": {"current": {"type": "integer"}, "score": null}},
        ),
        when(
            {"properties": {"phase": {"const": "annulled"}}},
            {"properties": {"annulment": {"type": "object"}}},
            {"properties": {"annulment": null}},
        ),
        when(
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
        when(
            {"properties": {"contract": null}},
            {"properties": {"taker": null}},
            {"properties": {"taker": {"type": "integer"}}},
        ),
        when(
            {"properties": {"called": null}},
            {"properties": {"partner": null, "alone": {"const": False}}},
        ),
        when(
            {"properties": {"partner": {"type": "integer"}}},
            {"properties": {"alone": {"const": False}}},
        ),
        when(
            rules_is("calling"),
            {},
            {
                "description": "Nobody calls a card at this table.",
                "properties": {
                    "called": null,
                    "legal_actions": {"items": {"not": ref("callLegalAction")}},
                },
            },
        ),
        *(when(rules_is(f"rulesOf{seats}"), ref(f"viewAt{seats}")) for seats in SIZES),
        when(
            {"properties": {"rules": {"type": "object"}}, "required": ["rules"]},
            {"properties": {"legal_actions": {"items": ref("legalAction")}}},
        ),
        *(
            when(
                {"properties": {"rules": {"const": name}}, "required": ["rules"]},
                ref(f"viewOf:{name}"),
            )
            for name in PRESETS
        ),
    ]
    defs: Schema = {
        "phase": {
            "description": "A phase's wire code (frenchtarot.records.PHASE_CODES).",
            "enum": list(PHASE_CODES.values()),
        },
        "camp": {
            "description": "A camp's wire code (frenchtarot.records.CAMP_CODES).",
            "enum": list(CAMP_CODES.values()),
        },
        "seatOrNull": or_null(ref("seat")),
        "observationRecord": view,
    }
    for seats in SIZES:
        defs[f"viewAt{seats}"] = _view_at(seats)
    for name, rules in PRESETS.items():
        defs[f"viewOf:{name}"] = _view_of(rules)
    return defs


# --- The small kinds and the messages --------------------------------------------------------


def _other_defs() -> Schema:
    return {
        "actionRecord": object_of(
            {"format": ref("format"), "kind": {"const": "action"}, "notation": ref("action")},
            "One action, in the notation str(action) writes: what a player sends back.",
        ),
        "actionsRecord": object_of(
            {
                "format": ref("format"),
                "kind": {"const": "actions"},
                "actions": {"type": "array", "maxItems": MOST_ACTIONS, "items": ref("action")},
            },
            "A list of actions (the legal actions of a position, say), in order.",
        ),
        "helloMessage": object_of(
            {
                "format": ref("format"),
                "kind": {"const": "hello"},
                "protocol": {"const": 1},
                "time_limit": {"type": "number", "exclusiveMinimum": 0},
            },
            "The bot protocol's first message: its version and the time a bot has to answer, "
            "in seconds. It holds no value: the loaders refuse it.",
        ),
        "byeMessage": object_of(
            {"format": ref("format"), "kind": {"const": "bye"}},
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


def _of_kind(definition: Schema) -> Schema:
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
    defs: Schema = {
        "format": {"description": "The format and its version.", "const": FORMAT},
        **rules_defs(),
        **card_defs(),
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
        "oneOf": [ref(kind) for kind in _KINDS],
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
