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
are those of its own kind. This module builds the deal and match records, the small kinds
and the messages, and puts the schema together; the score and the view are in
:mod:`frenchtarot.records._schema_views`, and the parts the kinds share in
:mod:`frenchtarot.records._schema_parts`.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Final

from frenchtarot.match import MOST_SEED
from frenchtarot.records._names import MOST_NAME
from frenchtarot.records._read import FORMAT, PACK
from frenchtarot.records._schema_parts import (
    SIZES,
    Schema,
    card_defs,
    integer,
    move_action,
    object_of,
    pair,
    ref,
    rules_defs,
    rules_is,
    when,
)
from frenchtarot.records._schema_views import score_defs, view_defs
from frenchtarot.records._values import MOST_ACTIONS
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
        **score_defs(),
        **view_defs(),
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
