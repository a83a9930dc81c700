"""The JSON Schema of a score and of a seat's view: what a deal shows rather than how it went.

:mod:`frenchtarot.records._schema` builds the schema of every record and puts these
definitions in it. The score (a kind of its own, and what a view holds once the deal is
over) and the view (one seat's :class:`~frenchtarot.Observation`) are here together
because their definitions name each other: the view holds a ``score`` and an
``annulment``, and the score's seats and camps are the view's ``seatOrNull`` and
``camp``. Neither can be replayed (a score has no deal, a view not the other hands): the
schema checks each of their values on its own, and the loader also what the values say
together. The parts all the kinds share are in :mod:`frenchtarot.records._schema_parts`.
"""

from __future__ import annotations

from frenchtarot._deal_values import AnnulReason
from frenchtarot.records._codes import ANNULMENT_CODES, CAMP_CODES, CONTRACT_CODES, PHASE_CODES
from frenchtarot.records._read import MOST_MOVES, PACK
from frenchtarot.records._schema_parts import (
    MOST_HANDFUL,
    SIZES,
    Schema,
    hidden_discard,
    integer,
    move_action,
    object_of,
    or_null,
    pair,
    preset_handfuls,
    ref,
    rules_is,
    when,
)
from frenchtarot.records._values import MOST_ACTIONS, MOST_SCORE, SCORE_FIELDS
from frenchtarot.records._view import VIEW_FIELDS
from frenchtarot.rules import PRESETS, Rules

__all__ = ["score_defs", "view_defs"]


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


def score_defs() -> Schema:
    """The definitions of scores: a score's fields, the score record, an annulment, points."""
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


def view_defs() -> Schema:
    """The definitions of views: the view record, by table size and preset, phases, camps."""
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
