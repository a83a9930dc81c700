"""The parts of the records' JSON Schema that the kinds share: helpers, notation, the table.

:mod:`frenchtarot.records._schema` builds the schema of every kind from these (the score
and the view in :mod:`frenchtarot.records._schema_views`): the helpers that write a
schema, the notation of cards and actions (their patterns, the legal actions and their
ids), the rules of the table (presets, rules objects, the table's size) and the
definitions of cards, actions and seats.
"""

from __future__ import annotations

from typing import Any, Final

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
from frenchtarot.records._codes import CONTRACT_CODES
from frenchtarot.records._names import NAME_REGEX
from frenchtarot.records._read import MOST_MOVES, PACK, RULES_FIELDS
from frenchtarot.records._write import rules_object
from frenchtarot.rules import _LARGEST_BONUS, PRESETS, Rules

__all__ = [
    "MOST_HANDFUL",
    "SIZES",
    "Schema",
    "card_defs",
    "hidden_discard",
    "integer",
    "move_action",
    "object_of",
    "or_null",
    "pair",
    "preset_handfuls",
    "ref",
    "rules_defs",
    "rules_is",
    "when",
]

SIZES: Final = (3, 4, 5)
"""The table sizes."""
Schema = dict[str, Any]
MOST_HANDFUL: Final = 22
"""The cards of the largest handful: the 21 trumps and the Excuse."""


def ref(name: str) -> Schema:
    """A reference to the definition ``name``."""
    return {"$ref": f"#/$defs/{name}"}


def or_null(schema: Schema) -> Schema:
    """``schema`` or null."""
    return {"oneOf": [schema, {"type": "null"}]}


def integer(low: int, high: int | None = None) -> Schema:
    """An integer from ``low`` (to ``high``, when given)."""
    schema: Schema = {"type": "integer", "minimum": low}
    if high is not None:
        schema["maximum"] = high
    return schema


def pair(first: Schema, second: Schema) -> Schema:
    """An array of two items: ``first`` then ``second``."""
    return {"type": "array", "prefixItems": [first, second], "items": False, "minItems": 2}


def object_of(properties: Schema, description: str | None = None) -> Schema:
    """An object of exactly these properties, each required."""
    schema: Schema = {} if description is None else {"description": description}
    schema.update(
        {
            "type": "object",
            "properties": properties,
            "required": list(properties),
            "additionalProperties": False,
        }
    )
    return schema


def when(condition: Schema, then: Schema, otherwise: Schema | None = None) -> Schema:
    """``if`` ``condition`` ``then`` ``then`` (``else`` ``otherwise``, when given)."""
    schema: Schema = {"if": condition, "then": then}
    if otherwise is not None:
        schema["else"] = otherwise
    return schema


def rules_is(name: str) -> Schema:
    """The condition on a record: its rules are ``name`` (a definition of conditions)."""
    return {"properties": {"rules": ref(name)}, "required": ["rules"]}


# --- Notation --------------------------------------------------------------------------------

_CARD: Final = "T([1-9]|1[0-9]|2[01])|EX|([1-9]|10|[JCQK])[SHDC]"
"""A card as ``str(card)`` writes it (tests/test_records.py checks it against the deck)."""
_TRUMP: Final = "T([1-9]|1[0-9]|2[01])"
_END: Final = r"(?![\s\S])"
"""The end of the text, for Python's ``re`` and ECMA-262 alike: ``$`` would let Python
accept a final newline (``"KH\n"``)."""


def _card() -> Schema:
    """A card's notation: the definition ``card``, and written out where cards are many."""
    return {"type": "string", "pattern": f"^({_CARD}){_END}"}


def hidden_discard() -> Schema:
    """The notation of an écart card that is not a trump (only the taker sees it)."""
    return {"type": "string", "pattern": "^discard (?!T)"}


def _handful_regex(count: int | None) -> str:
    """A handful's notation: its cards once each in the order of the deck, as str() writes.

    Of ``count`` cards exactly, or of 0 to 22 (``None``).
    """
    cards = "".join(f"(?: {card}(?= |{_END}))?" for card in DECK)
    if count is None:
        return f"^handful(?!(?: [^ ]+){{{MOST_HANDFUL + 1}}})" + cards + _END
    return f"^handful(?=(?: [^ ]+){{{count}}}{_END})" + cards + _END


def move_action(*, hidden: bool) -> Schema:
    """The action of a move: an action, or (``hidden``, in a view) null for an unseen card.

    The pattern of every action but a handful is written out, for a validator to try
    first; a handful falls to the definition ``action``. A pattern says nothing of null,
    so the same set of values as ``action`` (or null): a move costs a validator no
    ``$ref``.

    Args:
        hidden: Whether null stands for an écart card the seat did not see.

    Returns:
        The schema of the action of a move.
    """
    return {
        "type": ["string", "null"] if hidden else "string",
        "anyOf": [{"pattern": _action_regex()}, ref("action")],
    }


def _action_regex() -> str:
    words = "|".join(["pass", *CONTRACT_CODES.values(), "slam"])
    return f"^({words}|(call|discard) ({_CARD})|{_CARD}){_END}"


def _legal(actions: list[Action], rules: Rules) -> Schema:
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
    ids = sorted((action_id(action, rules), str(action)) for action in actions)
    entries: list[dict[str, Any]] = [{"notation": notation, "id": at} for at, notation in ids]
    groups = [entries[at : at + _LEGAL_GROUP] for at in range(0, len(entries), _LEGAL_GROUP)]
    return _by_id(groups)


_LEGAL_GROUP: Final = 16
"""The most actions in one enum of :func:`_legal`."""


def _by_id(groups: list[list[dict[str, Any]]]) -> Schema:
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


def _rules_of(seats: int) -> Schema:
    presets = _presets_of(seats)
    return {
        "description": f"Rules of a table of {seats}: a preset's name or a rules object.",
        "anyOf": [
            {"enum": presets} if len(presets) > 1 else {"const": presets[0]},
            {"type": "object", "properties": {"seats": {"const": seats}}, "required": ["seats"]},
        ],
    }


def _calling() -> Schema:
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


def rules_defs() -> Schema:
    """The definitions of the rules: presets, rules objects, the table's size."""
    presets = list(PRESETS)
    bonus = ref("bonus")
    fields: Schema = {
        "name": {"$ref": "#/$defs/name"},
        "seats": integer(3, 5),
        "hand_size": integer(1, PACK),
        "dog_size": integer(1, PACK),
        "packet": integer(1, PACK),
        "handfuls": {
            "description": "The simple, double and triple handful: [trumps, bonus] each.",
            "type": "array",
            "minItems": 3,
            "maxItems": 3,
            "items": pair(integer(1, MOST_HANDFUL), integer(1, _LARGEST_BONUS)),
        },
        "calls_partner": {
            "description": "Whether the taker calls a card (five seats only).",
            "type": "boolean",
        },
        "min_cut": integer(1, PACK // 2),
        "contracts": {
            "description": "The contracts offered, [code, multiplier] each, in the bidding order.",
            "type": "array",
            "minItems": 1,
            "maxItems": len(CONTRACT_CODES),
            "items": pair(ref("contract"), integer(1, _LARGEST_BONUS)),
        },
        "petit_au_bout": bonus,
        "petit_au_bout_multiplied": {"type": "boolean"},
        "slam_announced": bonus,
        "slam_unannounced": bonus,
        "slam_missed": bonus,
        "slam_defence": bonus,
    }
    assert tuple(fields) == RULES_FIELDS
    rules_obj = object_of(
        fields,
        "Rules that are not a preset, every field of frenchtarot.Rules under its name. A "
        "preset is written by its name only: its object is refused. The loader also checks "
        "what the fields say together, which this schema does not: that the hands and the "
        "dog make the 78 cards, that the packets divide a hand and leave room for the dog, "
        "that a handful has more trumps than the one before and no more than a hand, and "
        "that the contracts come once each in the bidding order with rising multipliers.",
    )
    rules_obj["allOf"] = [
        when(
            {"properties": {"calls_partner": {"const": True}}, "required": ["calls_partner"]},
            {"properties": {"seats": {"const": 5}}},
        ),
        {"not": {"enum": [rules_object(rules) for rules in PRESETS.values()]}},
    ]
    defs: Schema = {
        "rules": {
            "description": "The rules of every deal: a preset's name, or any other "
            "frenchtarot.Rules written in full.",
            "oneOf": [ref("preset"), ref("rulesObject")],
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
        "bonus": integer(0, _LARGEST_BONUS),
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


def card_defs() -> Schema:
    """The definitions of cards, actions, seats, moves and legal actions."""
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
            **object_of(
                {
                    "notation": {"type": "string", "pattern": _handful_regex(None)},
                    "id": integer(6, 8),
                }
            ),
        },
        "legalAction": {
            "description": "An action the seat may take: its notation and its id.",
            "anyOf": [
                ref("fixedLegalAction"),
                ref("handfulLegalAction"),
                ref("callLegalAction"),
            ],
        },
        **_handful_sizes(),
    }


def preset_handfuls(rules: Rules) -> Schema:
    """The legal handful actions of a preset: the notation of each size and its id.

    Each is a whole legal action (a handfulLegalAction of that size and id): at a
    preset's table, a view's legal actions are checked by the preset's definition only.
    """
    return {
        "anyOf": [
            object_of(
                {
                    "notation": {"type": "string", **ref(f"handfulOf{size}")},
                    "id": {"const": 6 + number},
                }
            )
            for number, (size, _bonus) in enumerate(rules.handfuls)
        ]
    }


def _handful_sizes() -> Schema:
    """The notation of a handful of each size a preset has."""
    sizes = sorted({size for rules in PRESETS.values() for size, _bonus in rules.handfuls})
    return {
        f"handfulOf{size}": {
            "description": f"A handful of {size} cards, in the order of the deck.",
            "pattern": _handful_regex(size),
        }
        for size in sizes
    }
