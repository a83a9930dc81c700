"""Records: a deal or a match as versioned JSON, and streams of them as JSON Lines.

A deal record holds what it takes to play the deal again: the format, the rules, the dealer,
the hands and the dog as dealt, and every action with the seat that took it, in the
library's notation (``str(card)``, ``str(action)``). A match record holds the match's
settings, its finished deals and the deal in progress. The JSON Schema of both ships with
the package (:func:`json_schema`).

Loading checks everything and replays every action through the rules
(:func:`frenchtarot.act`), so a record loads to the exact value that was saved
(``loads(dumps(x)) == x``) or not at all: any fault raises one
:class:`~frenchtarot.RecordError` that says where (a JSON path, and the index of the
action) and why.

>>> import frenchtarot as ft
>>> state = ft.apply(ft.new_deal(seed=1), ft.Pass())
>>> text = ft.records.dumps(state)
>>> text[:60]
'{"format":"frenchtarot/1","kind":"deal","rules":"four-player'
>>> ft.records.loads(text) == state
True
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterable, Iterator
from importlib import resources
from typing import IO, Any, Final, NoReturn

from frenchtarot._checks import describe_value, quote
from frenchtarot._dealing import deal_from
from frenchtarot._draw import DealerDraw
from frenchtarot._engine import act
from frenchtarot._sheet import check_names
from frenchtarot.actions import (
    ANNOUNCE_SLAM,
    BIDS,
    CALLS,
    DISCARDS,
    PASS,
    PLAYS,
    Action,
    parse_action,
)
from frenchtarot.cards import DECK, Card
from frenchtarot.errors import (
    InvalidRulesError,
    NotationError,
    RecordError,
    TarotError,
    TarotTypeError,
)
from frenchtarot.match import MOST_SEED, Match, deal_dealer_seat, iter_dealers
from frenchtarot.rules import RULES_BY_SEATS, Rules
from frenchtarot.state import State

__all__ = [
    "FORMAT",
    "decode",
    "dump",
    "dump_many",
    "dumps",
    "encode",
    "iter_load",
    "json_schema",
    "load",
    "loads",
]

FORMAT: Final = "frenchtarot/1"
"""The format written in every record's ``"format"`` field, with its version."""
_VERSION: Final = 1
_FORMAT_PATTERN: Final = re.compile(r"frenchtarot/([0-9]{1,9})")
_RULES_BY_NAME: Final = {rules.name: rules for rules in RULES_BY_SEATS.values()}
_DEAL_FIELDS: Final = ("dealer", "hands", "dog", "moves")
_DEAL_RECORD_FIELDS: Final = ("format", "kind", "rules", *_DEAL_FIELDS)
_MATCH_FIELDS: Final = (
    "format",
    "kind",
    "rules",
    "names",
    "deals_to_play",
    "dead_player",
    "seed",
    "first_dealer",
    "draw",
    "deals",
    "current",
)
_MOST_MOVES: Final = 200
"""More actions than any deal takes (90 at five players): longer lists are refused unread."""
_MOST_REASON: Final = 300
_MOST_KEY: Final = 30
"""Longer field names are quoted and cut short in a path, which stays short."""
_SCHEMA_FILE: Final = "record-1.schema.json"
_SIMPLE_ACTIONS: Final[tuple[Action, ...]] = (
    PASS,
    ANNOUNCE_SLAM,
    *BIDS.values(),
    *CALLS,
    *DISCARDS,
    *PLAYS,
)
_ACTIONS: Final[dict[str, Action]] = {str(action): action for action in _SIMPLE_ACTIONS}
_CARDS: Final[dict[str, Card]] = {str(card): card for card in DECK}
"""Every action but a handful, by the text ``str()`` writes (a faster way to read it)."""


def encode(record: State | Match) -> dict[str, Any]:
    """The JSON object of a deal (a :class:`~frenchtarot.State`) or a match, as Python data.

    :func:`dumps` writes this object; :func:`decode` reads it back.

    Args:
        record: A state, at any point of its deal, or a :class:`~frenchtarot.Match`.

    Returns:
        A dict of JSON values (str, int, bool, None, lists, dicts).

    Raises:
        InvalidRulesError: The rules are not one of the FFT tables
            (:data:`~frenchtarot.RULES_BY_SEATS`): records name the rules.
        TarotTypeError: ``record`` is neither a State nor a Match.

    >>> import frenchtarot as ft
    >>> from frenchtarot.records import encode
    >>> record = encode(ft.apply(ft.new_deal(seed=1), ft.Pass()))
    >>> record["kind"], record["dealer"], record["dog"], record["moves"]
    ('deal', 0, ['T19', '1S', '5D', '9D', '6C', '8C'], [[1, 'pass']])
    """
    if isinstance(record, State):
        return {
            "format": FORMAT,
            "kind": "deal",
            "rules": _rules_name(record.rules),
            **_encode_deal(record),
        }
    if isinstance(record, Match):
        draw = record.draw
        current = record.current
        return {
            "format": FORMAT,
            "kind": "match",
            "rules": _rules_name(record.rules),
            "names": list(record.names),
            "deals_to_play": record.deals_to_play,
            "dead_player": record.dead_player,
            "seed": record.seed,
            "first_dealer": record.first_dealer,
            "draw": None if draw is None else [[p, str(card)] for p, card in draw.draws],
            "deals": [_encode_deal(deal) for deal in record.deals],
            "current": None if current is None else _encode_deal(current),
        }
    raise TarotTypeError(f"a record is a State or a Match, not {describe_value(record)}")


def _rules_name(rules: Rules) -> str:
    if _RULES_BY_NAME.get(rules.name) != rules:
        raise InvalidRulesError(
            f"records hold the FFT tables only (three-, four- and five-player), not {rules}"
        )
    return rules.name


def _encode_deal(state: State) -> dict[str, Any]:
    return {
        "dealer": state.dealer,
        "hands": [[str(card) for card in hand] for hand in state.dealt],
        "dog": [str(card) for card in state.dog],
        "moves": [[seat, str(action)] for seat, action in state.moves],
    }


def dumps(record: State | Match, *, indent: int | None = None) -> str:
    """The JSON text of a deal or a match record (see :func:`encode`).

    Args:
        record: A state or a match.
        indent: Indent nested values by this many spaces; ``None`` (the default) writes
            one compact line, as JSON Lines needs.

    Returns:
        The JSON text, ASCII only.

    Raises:
        InvalidRulesError: The rules are not one of the FFT tables.
        TarotTypeError: ``record`` is neither a State nor a Match, or ``indent`` not an int.
    """
    if indent is not None and (isinstance(indent, bool) or not isinstance(indent, int)):
        raise TarotTypeError(f"indent must be an int or None, not {describe_value(indent)}")
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(encode(record), indent=indent, separators=separators)


def dump(record: State | Match, file: IO[str] | IO[bytes], *, indent: int | None = None) -> None:
    """Write the JSON record of a deal or a match to an open file.

    Args:
        record: A state or a match.
        file: A file open for writing, text or binary (a binary file gets the ASCII bytes
            of the text).
        indent: As for :func:`dumps`.

    Raises:
        InvalidRulesError: The rules are not one of the FFT tables.
        TarotTypeError: ``record`` is neither a State nor a Match, or ``file`` has no
            ``write`` method.

    >>> import io, frenchtarot as ft
    >>> from frenchtarot.records import dump, load
    >>> binary = io.BytesIO()
    >>> dump(ft.new_deal(seed=1), binary)
    >>> load(io.BytesIO(binary.getvalue())) == ft.new_deal(seed=1)
    True
    """
    write = _writer(file)
    write(dumps(record, indent=indent))


def _writer(file: object) -> Callable[[str], object]:
    """A function writing text to ``file``, encoding it when the file is binary."""
    write = getattr(file, "write", None)
    if not callable(write):
        raise TarotTypeError(f"expected a file open for writing, not {describe_value(file)}")
    mode = getattr(file, "mode", "")
    if isinstance(file, (io.RawIOBase, io.BufferedIOBase)) or (
        isinstance(mode, str) and "b" in mode
    ):
        return lambda text: write(text.encode("ascii"))
    return write  # type: ignore[no-any-return]


def dump_many(records: Iterable[State | Match], file: IO[str] | IO[bytes]) -> int:
    """Write records as JSON Lines: one compact record per line, as they come.

    Nothing is held in memory but the record being written, so ``records`` may be a
    generator of any length. When a record is refused, the records before it are already
    written.

    Args:
        records: States and matches, in any mix.
        file: A file open for writing, text or binary (as for :func:`dump`).

    Returns:
        How many records were written.

    Raises:
        InvalidRulesError: A record's rules are not one of the FFT tables.
        TarotTypeError: ``records`` is not iterable, or holds something else than states
            and matches, or ``file`` has no ``write`` method.
    """
    if isinstance(records, (str, bytes)) or not isinstance(records, Iterable):
        raise TarotTypeError(
            f"records must be an iterable of states and matches, not {describe_value(records)}"
        )
    write = _writer(file)
    count = 0
    for record in records:
        write(dumps(record) + "\n")
        count += 1
    return count


def loads(text: str | bytes | bytearray) -> State | Match:
    """Read a deal or a match record from its JSON text, replaying every action.

    Args:
        text: The JSON text; bytes are read as UTF-8 (a leading byte order mark is
            skipped).

    Returns:
        The :class:`~frenchtarot.State` the record's deal reached, or the
        :class:`~frenchtarot.Match`.

    Raises:
        RecordError: The text is not JSON, or not a record this version reads: a missing or
            unknown field, a value of the wrong type, a card or action that is not the
            library's notation, hands that are not a deal, an action the rules refuse, a
            match whose deals do not follow its rules, or a later format. The error names
            the JSON path (and for an action its index in ``moves``) and the reason.
        TarotTypeError: ``text`` is not a str, bytes or bytearray.

    >>> from frenchtarot.records import loads
    >>> loads('{"format": "frenchtarot/2", "kind": "deal"}')
    Traceback (most recent call last):
    ...
    frenchtarot.errors.RecordError: invalid record at $.format: 'frenchtarot/2' was written \
by a later version of frenchtarot; this one reads 'frenchtarot/1'
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise TarotTypeError(f"a record is JSON text (str or bytes), not {describe_value(text)}")
    if not isinstance(text, str):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            _fail("$", f"not UTF-8 text: {error.reason} at byte {error.start}")
    try:
        document = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_twice)
    except RecordError:
        raise
    except (ValueError, RecursionError) as error:  # JSONDecodeError, too many digits
        _fail("$", f"not JSON text: {error}")
    return decode(document)


def _no_constant(name: str) -> NoReturn:
    _fail("$", f"{name} is not a JSON number")


def _no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            _fail("$", f"the field {quote(key)} appears twice in one object")
        result[key] = value
    return result


def load(file: IO[str] | IO[bytes]) -> State | Match:
    """Read a deal or a match record from an open file (see :func:`loads`).

    Args:
        file: A file open for reading, text or binary (bytes are read as UTF-8).

    Raises:
        RecordError: The file's text is not a valid record, or a text file's bytes do not
            decode in its encoding.
        TarotTypeError: ``file`` has no ``read`` method, or reads neither str nor bytes.

    >>> import io, frenchtarot as ft
    >>> from frenchtarot.records import dumps, load
    >>> load(io.StringIO(dumps(ft.new_deal(seed=1)))) == ft.new_deal(seed=1)
    True
    """
    read = getattr(file, "read", None)
    if not callable(read):
        raise TarotTypeError(f"expected an open file, not {describe_value(file)}")
    try:
        text = read()
    except UnicodeDecodeError as error:
        _fail("$", f"not {error.encoding} text: {error.reason}")
    return loads(text)


def iter_load(lines: Iterable[str] | Iterable[bytes]) -> Iterator[State | Match]:
    r"""Read JSON Lines records one at a time, from an open file or any iterable of lines.

    Each record is checked and replayed as by :func:`loads` and given out before the next
    line is read, so a stream of any length takes the memory of one record. Blank lines
    are skipped. A bad line stops the iteration with a :class:`~frenchtarot.RecordError`
    whose :attr:`~frenchtarot.RecordError.line` says which line; the records before it
    were whole.

    Args:
        lines: An open file (text or binary) or an iterable of lines.

    Returns:
        An iterator over the records.

    Raises:
        RecordError: When iterated, a line is not a valid record, or a text file's bytes do
            not decode in its encoding (a text file decodes ahead of the line it gives, so
            the bad bytes are on the line named or a later one).
        TarotTypeError: ``lines`` is a string or not iterable (at the call), or yields
            something else than text (when iterated).

    >>> import io, frenchtarot as ft
    >>> from frenchtarot.records import dumps, iter_load
    >>> stream = io.StringIO(dumps(ft.new_deal(seed=1)) + "\n\n{}\n")
    >>> loaded = iter_load(stream)
    >>> next(loaded).dealer
    0
    >>> try:
    ...     next(loaded)
    ... except ft.RecordError as error:
    ...     print(error.line, error.path, error.reason)
    3 $ missing field 'format' (expected 'frenchtarot/1')
    """
    if isinstance(lines, (str, bytes, bytearray)) or not isinstance(lines, Iterable):
        raise TarotTypeError(
            f"expected an open file or an iterable of lines, not {describe_value(lines)}"
        )
    return _iter_lines(lines)


def _iter_lines(lines: Iterable[str] | Iterable[bytes]) -> Iterator[State | Match]:
    source = iter(lines)
    number = 0
    while True:
        number += 1
        try:
            line = next(source)
        except StopIteration:
            return
        except UnicodeDecodeError as error:
            reason = f"not {error.encoding} text: {error.reason}"
            raise RecordError("$", reason, None, number) from None
        if not isinstance(line, (str, bytes, bytearray)):
            raise TarotTypeError(f"line {number} is not text but {describe_value(line)}")
        if not line.strip():
            continue
        try:
            record = loads(line)
        except RecordError as error:
            raise RecordError(error.path, error.reason, error.action, number) from None
        yield record


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of deal and match records, a fresh copy each call.

    It ships inside the package as ``frenchtarot/schemas/record-1.schema.json``. It checks
    the shape of a record; :func:`loads` also checks the cards form a deal and replays
    the actions.

    >>> from frenchtarot.records import json_schema
    >>> json_schema()["$defs"]["format"]["const"]
    'frenchtarot/1'
    """
    text = (
        resources.files("frenchtarot")
        .joinpath("schemas")
        .joinpath(_SCHEMA_FILE)
        .read_text("utf-8")
    )
    schema: dict[str, Any] = json.loads(text)
    return schema


# Reading ------------------------------------------------------------------------------


def _fail(path: str, reason: str, action: int | None = None) -> NoReturn:
    if len(reason) > _MOST_REASON:
        reason = reason[: _MOST_REASON - 3] + "..."
    raise RecordError(path, reason, action) from None  # the reason says all: one error


def _kind(value: object) -> str:
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


def _key(path: str, key: str) -> str:
    if len(key) <= _MOST_KEY and key.isidentifier() and key.isascii():
        return f"{path}.{key}"
    return f"{path}[{quote(key, width=30)}]"


def _object(value: object, path: str, fields: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict):
        _fail(path, f"expected an object, got {_kind(value)}")
    for key in value:
        if not isinstance(key, str):
            _fail(path, f"expected an object, got a key {describe_value(key)}")
        if key not in fields:
            _fail(_key(path, key), f"unknown field; expected only {', '.join(fields)}")
    for field in fields:
        if field not in value:
            _fail(path, f"missing field {field!r}")
    return value


def _array(value: object, path: str, low: int, high: int, what: str) -> list[Any]:
    if not isinstance(value, list):
        _fail(path, f"expected an array of {what}, got {_kind(value)}")
    if not low <= len(value) <= high:
        count = f"{low}" if low == high else f"{low} to {high}"
        _fail(path, f"expected {count} {what}, got {len(value)}")
    return value


def _integer(value: object, path: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        _fail(path, f"expected an integer, got {_kind(value)}")
    if value < low or (high is not None and value > high):
        limit = f"{low} or more" if high is None else f"from {low} to {high}"
        _fail(path, f"expected an integer {limit}, got {describe_value(value)}")
    return value


def _boolean(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        _fail(path, f"expected true or false, got {_kind(value)}")
    return value


def _card(value: object, path: str) -> Card:
    if not isinstance(value, str):
        _fail(path, f"expected a card's notation, got {_kind(value)}")
    known = _CARDS.get(value)
    if known is not None:
        return known
    try:
        card = Card.parse(value)
    except NotationError:
        _fail(path, f"{quote(value)} is not a card (e.g. 'KH', '10S', 'T21', 'EX')")
    if str(card) != value:
        _fail(path, f"write the card {str(card)!r}, not {quote(value)}")
    return card


def _cards(value: object, path: str, count: int) -> list[Card]:
    items = _array(value, path, count, count, "cards")
    return [_card(item, f"{path}[{n}]") for n, item in enumerate(items)]


def _action(value: object, path: str) -> Action:
    if not isinstance(value, str):
        _fail(path, f"expected an action's notation, got {_kind(value)}")
    known = _ACTIONS.get(value)
    if known is not None:
        return known
    try:
        action = parse_action(value)
    except NotationError as error:
        _fail(path, str(error))
    if str(action) != value:
        _fail(path, f"write the action {str(action)!r}, not {quote(value)}")
    return action


def _rules(value: object, path: str) -> Rules:
    if not isinstance(value, str) or value not in _RULES_BY_NAME:
        names = ", ".join(repr(name) for name in _RULES_BY_NAME)
        _fail(path, f"expected one of {names}, got {_kind(value)}")
    return _RULES_BY_NAME[value]


def _check_format(document: object) -> dict[str, Any]:
    if not isinstance(document, dict):
        _fail("$", f"expected an object, got {_kind(document)}")
    if "format" not in document:
        _fail("$", f"missing field 'format' (expected {FORMAT!r})")
    written = document["format"]
    if written != FORMAT:
        match = _FORMAT_PATTERN.fullmatch(written) if isinstance(written, str) else None
        if match is not None and int(match.group(1)) > _VERSION:
            _fail(
                "$.format",
                f"{written!r} was written by a later version of frenchtarot; this one reads "
                f"{FORMAT!r}",
            )
        _fail("$.format", f"expected {FORMAT!r}, got {_kind(written)}")
    return document


def decode(document: object) -> State | Match:
    """The deal or match of a JSON object already parsed (the inverse of :func:`encode`).

    Args:
        document: A dict as ``json.loads`` returns it.

    Returns:
        The state or the match.

    Raises:
        RecordError: As for :func:`loads`.

    >>> import frenchtarot as ft
    >>> from frenchtarot.records import decode, encode
    >>> record = encode(ft.new_deal(seed=1))
    >>> decode(record) == ft.new_deal(seed=1)
    True
    >>> record["moves"] = [[1, "garde"], [2, "petite"]]
    >>> decode(record)
    Traceback (most recent call last):
    ...
    frenchtarot.errors.RecordError: invalid record at $.moves[1]: action 1 ('petite' by seat 2): \
illegal action petite (seat 2 to act, the bidding): a bid must be higher than every earlier bid \
(the highest bid is garde)
    """
    record = _check_format(document)
    kind = record.get("kind")
    if kind == "deal":
        record = _object(record, "$", _DEAL_RECORD_FIELDS)
        return _decode_deal(record, "$", _rules(record["rules"], "$.rules"))
    if kind == "match":
        return _decode_match(_object(record, "$", _MATCH_FIELDS))
    if "kind" not in record:
        _fail("$", "missing field 'kind' (expected 'deal' or 'match')")
    _fail("$.kind", f"expected 'deal' or 'match', got {_kind(kind)}")


def _decode_deal(record: dict[str, Any], path: str, rules: Rules) -> State:
    dealer = _integer(record["dealer"], f"{path}.dealer", 0, rules.seats - 1)
    hands_path = f"{path}.hands"
    raw_hands = _array(record["hands"], hands_path, rules.seats, rules.seats, "hands")
    hands = [
        _cards(hand, f"{hands_path}[{seat}]", rules.hand_size)
        for seat, hand in enumerate(raw_hands)
    ]
    dog = _cards(record["dog"], f"{path}.dog", rules.dog_size)
    try:
        state = deal_from(hands, dog, dealer=dealer, rules=rules)
    except TarotError as error:
        _fail(hands_path, f"the hands and the dog are not a deal: {error}")
    moves_path = f"{path}.moves"
    moves = _array(record["moves"], moves_path, 0, _MOST_MOVES, "moves")
    for number, move in enumerate(moves):
        where = f"{moves_path}[{number}]"
        pair = _array(move, where, 2, 2, "items, a seat and an action,")
        seat = _integer(pair[0], f"{where}[0]", 0, rules.seats - 1)
        action = _action(pair[1], f"{where}[1]")
        try:
            state = act(state, seat, action)
        except TarotError as error:
            _fail(where, f"action {number} ({pair[1]!r} by seat {seat}): {error}", number)
    return state


def _decode_match(record: dict[str, Any]) -> Match:
    rules = _rules(record["rules"], "$.rules")
    dead_player = _boolean(record["dead_player"], "$.dead_player")
    players = 5 if dead_player else rules.seats
    if dead_player and rules.seats != 4:
        _fail("$.dead_player", "a dead player sits out of four-player deals only")
    raw_names = _array(record["names"], "$.names", players, players, "names")
    for number, name in enumerate(raw_names):
        if not isinstance(name, str):
            _fail(f"$.names[{number}]", f"expected a name, got {_kind(name)}")
    try:
        names = check_names(raw_names, players)
    except TarotError as error:
        _fail("$.names", str(error))
    length = record["deals_to_play"]
    if length is not None:
        length = _integer(length, "$.deals_to_play", 1)
    seed = _integer(record["seed"], "$.seed", 0, MOST_SEED)
    first = _integer(record["first_dealer"], "$.first_dealer", 0, players - 1)
    draw = _decode_draw(record["draw"], players, first)
    raw_deals = _array(record["deals"], "$.deals", 0, 10**9, "deals")
    deals: list[State] = []
    annulled: list[bool] = []
    scored = 0
    for number, raw in enumerate(raw_deals):
        path = f"$.deals[{number}]"
        if length is not None and scored == length:
            _fail(path, f"the match was over after {length} scored deals")
        deal = _match_deal(raw, path, rules, dead_player, first, players, annulled)
        if not deal.is_terminal:
            _fail(path, "a finished deal of the match is not finished")
        deals.append(deal)
        annulled.append(deal.annulment is not None)
        scored += deal.annulment is None
    current = None
    if length is not None and scored == length:
        if record["current"] is not None:
            _fail("$.current", f"expected null: the match is over ({length} deals scored)")
    else:
        if record["current"] is None:
            _fail("$.current", "expected the deal in progress: the match is not over")
        current = _match_deal(
            record["current"], "$.current", rules, dead_player, first, players, annulled
        )
        if current.is_terminal:
            _fail("$.current", "the deal in progress is finished: it belongs in 'deals'")
    return Match(
        rules=rules,
        names=names,
        deals_to_play=length,
        dead_player=dead_player,
        seed=seed,
        draw=draw,
        first_dealer=first,
        deals=tuple(deals),
        current=current,
    )


def _match_deal(
    raw: object,
    path: str,
    rules: Rules,
    dead_player: bool,
    first: int,
    players: int,
    annulled: list[bool],
) -> State:
    record = _object(raw, path, _DEAL_FIELDS)
    *_, dealer = iter_dealers(first, players, annulled, dead_player)
    seat = deal_dealer_seat(dead_player, rules, dealer)
    if record["dealer"] != seat or isinstance(record["dealer"], bool):
        why = f"player {dealer} deals it"
        if dead_player:
            why += ", sitting out: the deal's dealer is seat 3"
        _fail(f"{path}.dealer", f"expected {seat} ({why}), got {_kind(record['dealer'])}")
    return _decode_deal(record, path, rules)


def _decode_draw(value: object, players: int, first: int) -> DealerDraw | None:
    if value is None:
        return None
    items = _array(value, "$.draw", players, 78, "draws")
    draws: list[tuple[int, Card]] = []
    for number, item in enumerate(items):
        where = f"$.draw[{number}]"
        pair = _array(item, where, 2, 2, "items, a player and a card,")
        player = _integer(pair[0], f"{where}[0]", 0, players - 1)
        draws.append((player, _card(pair[1], f"{where}[1]")))
    try:
        draw = DealerDraw(tuple(draws))
    except TarotError as error:
        _fail("$.draw", str(error))
    if len(draw.cards) != players:
        _fail("$.draw", f"expected a card for each of the {players} players")
    if draw.dealer != first:
        _fail("$.first_dealer", f"the draw gives player {draw.dealer} the first deal, not {first}")
    return draw
