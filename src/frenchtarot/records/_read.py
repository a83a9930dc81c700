"""The checks of a record's parts, shared by the readers of every kind.

The format and its version, the fields of an object, arrays, integers, booleans, cards,
actions in the library's notation and the rules, each checked at its JSON path. Each fault
raises one :class:`~frenchtarot.errors.RecordError` naming that path (:func:`fail`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Final, NoReturn, TypeVar

from frenchtarot._checks import describe_value, quote
from frenchtarot._notation import parse_action
from frenchtarot.actions import (
    ANNOUNCE_SLAM,
    BIDS,
    CALLS,
    DISCARDS,
    PASS,
    PLAYS,
    Action,
    Contract,
)
from frenchtarot.cards import DECK, Card
from frenchtarot.errors import NotationError, RecordError, TarotError, TarotTypeError
from frenchtarot.records._codes import CONTRACT_CODES, by_code
from frenchtarot.records._names import name_ok
from frenchtarot.rules import _LARGEST_BONUS, PRESETS, Rules

__all__ = [
    "FORMAT",
    "MOST_BYTES",
    "MOST_MOVES",
    "PACK",
    "RULES_FIELDS",
    "check_format",
    "fail",
    "key_path",
    "kind_of",
    "parse_text",
    "read_action",
    "read_array",
    "read_boolean",
    "read_card",
    "read_card_run",
    "read_card_set",
    "read_cards",
    "read_code",
    "read_integer",
    "read_name",
    "read_object",
    "read_optional_seat",
    "read_rules",
    "read_seat",
    "too_large",
]

_Member = TypeVar("_Member")

FORMAT: Final = "frenchtarot/1"
"""The format written in every record's ``"format"`` field, with its version."""
RULES_FIELDS: Final = (
    "name",
    "seats",
    "hand_size",
    "dog_size",
    "packet",
    "handfuls",
    "calls_partner",
    "min_cut",
    "contracts",
    "petit_au_bout",
    "petit_au_bout_multiplied",
    "slam_announced",
    "slam_unannounced",
    "slam_missed",
    "slam_defence",
)
"""The fields of a rules object, in the order written: every field of
:class:`~frenchtarot.Rules`, by its attribute's name. Spelled out rather than read from the
class, so that a field added to ``Rules`` is a decision about the format (a test compares
the two)."""
_CONTRACTS_BY_CODE: Final = by_code(CONTRACT_CODES)
PACK: Final = 78
MOST_BYTES: Final = 16 << 20
"""The largest record the loaders read: 16 MiB (16,777,216 bytes, or characters of a str),
for one document and for each line of JSON Lines. A match of a thousand deals takes about
3 MiB. A larger one is refused before it is parsed (and a file is not read past it)."""
MOST_MOVES: Final = 200
"""More actions than any deal takes (90 at five players): longer lists are refused unread."""
_BOM: Final = "\ufeff"
_VERSION: Final = 1
_FORMAT_PATTERN: Final = re.compile(r"frenchtarot/([0-9]{1,9})")
_MOST_REASON: Final = 300
_MOST_KEY: Final = 30
"""Longer field names are quoted and cut short in a path, which stays short."""
_SIMPLE_ACTIONS: Final[tuple[Action, ...]] = (
    PASS,
    ANNOUNCE_SLAM,
    *BIDS.values(),
    *CALLS,
    *DISCARDS,
    *PLAYS,
)
_ACTIONS: Final[dict[str, Action]] = {str(action): action for action in _SIMPLE_ACTIONS}
"""Every action but a handful, by the text ``str()`` writes (a faster way to read it)."""
_CARDS: Final[dict[str, Card]] = {str(card): card for card in DECK}


def fail(path: str, reason: str, action: int | None = None, *, shape: bool = True) -> NoReturn:
    """Raise the :class:`~frenchtarot.errors.RecordError` of ``reason`` at ``path``, cut short.

    ``shape`` is false for a fault that the schema does not say (a replay, values against
    each other): see :attr:`RecordError.shape <frenchtarot.errors.RecordError.shape>`.
    """
    if len(reason) > _MOST_REASON:
        reason = reason[: _MOST_REASON - 3] + "..."
    raise RecordError(path, reason, action, None, shape) from None  # one error


def kind_of(value: object) -> str:
    """The JSON name of a value's type, for a message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return f"the number {describe_value(value)}"
    if isinstance(value, str):
        return f"the string {quote(value, width=60)}"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return describe_value(value)


def key_path(path: str, key: str) -> str:
    """The path of field ``key`` of the object at ``path`` (a long or odd key quoted, cut)."""
    if len(key) <= _MOST_KEY and key.isidentifier() and key.isascii():
        return f"{path}.{key}"
    return f"{path}[{quote(key, width=30)}]"


def read_object(
    value: object, path: str, fields: tuple[str, ...], optional: tuple[str, ...] = ()
) -> dict[str, object]:
    """``value`` as an object with exactly ``fields``, each once.

    The fields of ``optional`` may be left out.
    """
    if not isinstance(value, dict):
        fail(path, f"expected an object, got {kind_of(value)}")
    for key in value:
        if not isinstance(key, str):
            fail(path, f"expected an object, got a key {describe_value(key)}")
        if key not in fields:
            fail(key_path(path, key), f"unknown field; expected only {', '.join(fields)}")
    for field in fields:
        if field not in value and field not in optional:
            fail(path, f"missing field {field!r}")
    return value


def read_array(
    value: object, path: str, low: int, high: int, what: str, *, shape: bool = True
) -> list[object]:
    """``value`` as an array of ``low`` to ``high`` items (``what``, for a message).

    A wrong count is a fault of shape unless ``shape`` is false.
    """
    if not isinstance(value, list):
        fail(path, f"expected an array of {what}, got {kind_of(value)}")
    if not low <= len(value) <= high:
        count = f"{low}" if low == high else f"{low} to {high}"
        fail(path, f"expected {count} {what}, got {len(value)}", shape=shape)
    return value


def read_integer(
    value: object, path: str, low: int, high: int | None = None, *, shape: bool = True
) -> int:
    """``value`` as an integer from ``low`` to ``high`` (``None``: no upper bound).

    A number is read by its value, as JSON Schema reads it: ``4.0`` (a float whose value is
    an integer) is the integer 4. A number out of range is a fault of shape unless
    ``shape`` is false.
    """
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        fail(path, f"expected an integer, got {kind_of(value)}")
    if value < low or (high is not None and value > high):
        limit = f"{low} or more" if high is None else f"from {low} to {high}"
        fail(path, f"expected an integer {limit}, got {describe_value(value)}", shape=shape)
    return value


def read_boolean(value: object, path: str) -> bool:
    """``value`` as ``true`` or ``false``."""
    if not isinstance(value, bool):
        fail(path, f"expected true or false, got {kind_of(value)}")
    return value


def read_card(value: object, path: str) -> Card:
    """``value`` as a card in the notation ``str(card)`` writes."""
    if not isinstance(value, str):
        fail(path, f"expected a card's notation, got {kind_of(value)}")
    known = _CARDS.get(value)
    if known is not None:
        return known
    try:
        card = Card.parse(value)
    except NotationError:
        fail(path, f"{quote(value)} is not a card (e.g. 'KH', '10S', 'T21', 'EX')")
    if str(card) != value:
        fail(path, f"write the card {str(card)!r}, not {quote(value)}")
    return card


def read_cards(value: object, path: str, count: int) -> list[Card]:
    """``value`` as an array of exactly ``count`` cards."""
    items = read_array(value, path, count, count, "cards")
    return [read_card(item, f"{path}[{n}]") for n, item in enumerate(items)]


def read_action(value: object, path: str) -> Action:
    """``value`` as an action in the notation ``str(action)`` writes."""
    if not isinstance(value, str):
        fail(path, f"expected an action's notation, got {kind_of(value)}")
    known = _ACTIONS.get(value)
    if known is not None:
        return known
    try:
        action = parse_action(value)
    except NotationError as error:
        fail(path, str(error))
    if str(action) != value:
        fail(path, f"write the action {str(action)!r}, not {quote(value)}")
    return action


def read_rules(value: object, path: str) -> Rules:
    """The rules a record names (a preset) or spells out (an object of every field).

    Each field is checked in the order written, with its own path; what only the fields
    together say (that the hands and the dog make the pack, that the dog fits between the
    packets) is checked by :class:`~frenchtarot.Rules` itself, at ``path``.
    """
    if isinstance(value, str) and value in PRESETS:
        return PRESETS[value]
    if not isinstance(value, dict):
        names = ", ".join(repr(name) for name in PRESETS)
        fail(path, f"expected a preset's name ({names}) or a rules object, got {kind_of(value)}")
    fields = read_object(value, path, RULES_FIELDS)

    def integer(field: str, low: int, high: int) -> int:
        return read_integer(fields[field], f"{path}.{field}", low, high)

    name = read_name(fields["name"], f"{path}.name")
    seats = integer("seats", 3, 5)
    hand_size = integer("hand_size", 1, PACK)
    dog_size = integer("dog_size", 1, PACK)
    packet = integer("packet", 1, PACK)
    handfuls = _handfuls(fields["handfuls"], f"{path}.handfuls", hand_size)
    calls_partner = read_boolean(fields["calls_partner"], f"{path}.calls_partner")
    if calls_partner and seats != 5:
        fail(
            f"{path}.calls_partner",
            f"a partner is called only at a table of 5 seats, not {seats}: expected false",
        )
    min_cut = integer("min_cut", 1, PACK // 2)
    contracts = _contracts(fields["contracts"], f"{path}.contracts")
    petit_au_bout = integer("petit_au_bout", 0, _LARGEST_BONUS)
    multiplied = read_boolean(
        fields["petit_au_bout_multiplied"], f"{path}.petit_au_bout_multiplied"
    )
    slam_announced = integer("slam_announced", 0, _LARGEST_BONUS)
    slam_unannounced = integer("slam_unannounced", 0, _LARGEST_BONUS)
    slam_missed = integer("slam_missed", 0, _LARGEST_BONUS)
    slam_defence = integer("slam_defence", 0, _LARGEST_BONUS)
    try:
        rules = Rules(
            name=name,
            seats=seats,
            hand_size=hand_size,
            dog_size=dog_size,
            packet=packet,
            handfuls=handfuls,
            calls_partner=calls_partner,
            min_cut=min_cut,
            contracts=contracts,
            petit_au_bout=petit_au_bout,
            petit_au_bout_multiplied=multiplied,
            slam_announced=slam_announced,
            slam_unannounced=slam_unannounced,
            slam_missed=slam_missed,
            slam_defence=slam_defence,
        )
    except TarotError as error:  # what no single field says: the deal of the pack
        fail(path, f"these rules are not a table's: {error}", shape=False)
    if PRESETS.get(rules.name) == rules:
        fail(path, f"write the preset's name {rules.name!r}, not its object: one spelling")
    return rules


def read_name(value: object, path: str, most: int | None = None) -> str:
    """``value`` as a name: text the name pattern accepts, of ``most`` characters at most.

    This Python must also find it printable (see :mod:`frenchtarot.records._names`).
    """
    if not isinstance(value, str) or not name_ok(value):
        fail(path, f"expected printable text that is not blank, got {kind_of(value)}")
    if most is not None and len(value) > most:
        fail(path, f"expected a name of at most {most} characters, got {len(value)}")
    if not value.isprintable():  # a code point this Python's Unicode database does not assign
        fail(
            path,
            f"{quote(value)} holds a character this Python does not know as printable "
            "(a code point its Unicode database does not assign)",
            shape=False,
        )
    return value


def _handfuls(value: object, path: str, hand_size: int) -> tuple[tuple[int, int], ...]:
    """The three handfuls, ``[trumps, bonus]`` each, with more trumps each time."""
    most = min(22, hand_size)  # the trumps of the pack, and of a hand
    items = read_array(value, path, 3, 3, "handfuls (simple, double, triple)")
    handfuls: list[tuple[int, int]] = []
    for number, item in enumerate(items):
        where = f"{path}[{number}]"
        pair = read_array(item, where, 2, 2, "items (a number of trumps and a bonus)")
        trumps = read_integer(pair[0], f"{where}[0]", 1, 22)
        if trumps > most:
            fail(
                f"{where}[0]",
                f"expected at most {most} trumps, a hand's, got {trumps}",
                shape=False,
            )
        if handfuls and trumps <= handfuls[-1][0]:
            fail(
                f"{where}[0]",
                f"expected more trumps than the {handfuls[-1][0]} of the handful before, "
                f"got {trumps}",
                shape=False,
            )
        handfuls.append((trumps, read_integer(pair[1], f"{where}[1]", 1, _LARGEST_BONUS)))
    return tuple(handfuls)


def _contracts(value: object, path: str) -> tuple[tuple[Contract, int], ...]:
    """The contracts offered, ``[code, multiplier]`` each, in the bidding order."""
    items = read_array(value, path, 1, len(CONTRACT_CODES), "contracts")
    codes = ", ".join(repr(code) for code in CONTRACT_CODES.values())
    contracts: list[tuple[Contract, int]] = []
    for number, item in enumerate(items):
        where = f"{path}[{number}]"
        pair = read_array(item, where, 2, 2, "items (a contract's code and its multiplier)")
        code = pair[0]
        contract = _CONTRACTS_BY_CODE.get(code) if isinstance(code, str) else None
        if contract is None:
            fail(f"{where}[0]", f"expected a contract's code ({codes}), got {kind_of(code)}")
        multiplier = read_integer(pair[1], f"{where}[1]", 1, _LARGEST_BONUS)
        if contracts:
            before, lower = contracts[-1]
            if contract.rank <= before.rank:
                fail(
                    where,
                    f"{code} comes after {CONTRACT_CODES[before]}: expected each contract "
                    f"once, in the bidding order ({codes})",
                    shape=False,
                )
            if multiplier <= lower:
                fail(
                    f"{where}[1]",
                    f"expected a multiplier above the x{lower} of {CONTRACT_CODES[before]} "
                    f"(they rise with the contract), got {multiplier}",
                    shape=False,
                )
        contracts.append((contract, multiplier))
    return tuple(contracts)


def check_format(document: object) -> dict[str, object]:
    """``document`` as an object whose ``"format"`` is this version's."""
    if not isinstance(document, dict):
        fail("$", f"expected an object, got {kind_of(document)}")
    if "format" not in document:
        fail("$", f"missing field 'format' (expected {FORMAT!r})")
    written = document["format"]
    if written != FORMAT:
        match = _FORMAT_PATTERN.fullmatch(written) if isinstance(written, str) else None
        if match is not None and int(match.group(1)) > _VERSION:
            fail(
                "$.format",
                f"{written!r} was written by a later version of frenchtarot; this one reads "
                f"{FORMAT!r}",
            )
        fail("$.format", f"expected {FORMAT!r}, got {kind_of(written)}")
    return document


def read_code(value: object, path: str, members: Mapping[str, _Member], what: str) -> _Member:
    """``value`` as the wire code of a member (``members`` by code); ``what`` names them."""
    member = members.get(value) if isinstance(value, str) else None
    if member is None:
        codes = ", ".join(repr(code) for code in members)
        fail(path, f"expected {what} ({codes}), got {kind_of(value)}")
    return member


def read_seat(value: object, path: str, seats: int) -> int:
    """``value`` as a seat of a table of ``seats``."""
    return read_integer(value, path, 0, seats - 1)


def read_optional_seat(value: object, path: str, seats: int) -> int | None:
    """``value`` as a seat of a table of ``seats``, or null."""
    return None if value is None else read_integer(value, path, 0, seats - 1)


def read_card_set(
    value: object, path: str, low: int, high: int, what: str = "cards", *, shape: bool = True
) -> tuple[Card, ...]:
    """``value`` as ``low`` to ``high`` distinct cards in the order of the deck.

    A wrong count is a fault of shape unless ``shape`` is false.
    A card twice is a fault of shape (the schema's ``uniqueItems``); cards out of the
    order of the deck are not (no schema can say it), but they are refused all the same,
    so that a record has one spelling.
    """
    items = read_array(value, path, low, high, what, shape=shape)
    cards = tuple(read_card(item, f"{path}[{n}]") for n, item in enumerate(items))
    if len(set(cards)) != len(cards):
        seen: set[Card] = set()
        for number, card in enumerate(cards):
            if card in seen:
                fail(f"{path}[{number}]", f"{card} comes twice: expected each card once")
            seen.add(card)
    for number in range(1, len(cards)):
        if cards[number].index < cards[number - 1].index:
            fail(
                f"{path}[{number}]",
                f"{cards[number]} comes after {cards[number - 1]}: expected the cards in the "
                "order of the deck",
                shape=False,
            )
    return cards


def read_card_run(value: object, path: str, low: int, high: int) -> tuple[Card, ...]:
    """``value`` as ``low`` to ``high`` distinct cards, in the order given (a trick's)."""
    items = read_array(value, path, low, high, "cards")
    cards = tuple(read_card(item, f"{path}[{n}]") for n, item in enumerate(items))
    if len(set(cards)) != len(cards):
        fail(path, "a card appears twice")
    return cards


def too_large(size: int) -> str:
    """The reason of a record of ``size`` bytes or characters, over :data:`MOST_BYTES`."""
    return f"more than {MOST_BYTES >> 20} MiB ({size:,} or more): too large for a record"


def parse_text(text: str | bytes | bytearray) -> object:
    """The JSON document of ``text``, bytes read as UTF-8.

    A byte order mark is skipped, the bytes EF BB BF or the character U+FEFF alike.
    Stricter than :func:`json.loads`: a text over :data:`MOST_BYTES`, a field twice in one
    object, ``NaN`` and ``Infinity`` are refused, as is anything else that is not JSON, with
    a record error at ``$``.

    Raises:
        TarotTypeError: ``text`` is not a str, bytes or bytearray.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise TarotTypeError(f"a record is JSON text (str or bytes), not {describe_value(text)}")
    if len(text) > MOST_BYTES:
        fail("$", too_large(len(text)))
    if isinstance(text, str):
        if text.startswith(_BOM):
            text = text[1:]
    else:
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            fail("$", f"not UTF-8 text: {error.reason} at byte {error.start}")
    try:
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_twice)
    except RecordError:
        raise
    except (ValueError, RecursionError) as error:  # JSONDecodeError, too many digits
        fail("$", f"not JSON text: {error}")


def _no_constant(name: str) -> NoReturn:
    fail("$", f"{name} is not a JSON number")


def _no_twice(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            fail("$", f"the field {quote(key)} appears twice in one object")
        result[key] = value
    return result
