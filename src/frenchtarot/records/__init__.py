"""Records: a deal or a match as versioned JSON, and streams of them as JSON Lines.

A deal record holds what it takes to play the deal again: the format, the rules, the dealer,
the hands and the dog as dealt, and every action with the seat that took it, in the
library's notation (``str(card)``, ``str(action)``). A match record holds the match's
settings, its finished deals and the deal in progress. The JSON Schema of both ships with
the package (:func:`json_schema`).

Any valid :class:`~frenchtarot.Rules` is written, and each has one spelling. A preset (a
value equal to one of :data:`~frenchtarot.rules.PRESETS`) is written by its name, e.g.
``"rules": "ludicash"``. Any other value is written in full, as an object of every field
of ``Rules`` under its attribute's name, in the order of the class: the contracts as
``[code, multiplier]`` pairs in the bidding order, the codes being ``"petite"``,
``"garde"``, ``"garde_sans"`` and ``"garde_contre"`` (the bids' notation, not the enum's
values), and the handfuls as ``[trumps, bonus]`` pairs::

    {"name": "house-4", "seats": 4, "hand_size": 18, "dog_size": 6, "packet": 3,
     "handfuls": [[10, 25], [13, 35], [15, 45]], "calls_partner": false, "min_cut": 3,
     "contracts": [["petite", 1], ["garde_sans", 5]], "petit_au_bout": 15,
     "petit_au_bout_multiplied": false, "slam_announced": 500, "slam_unannounced": 250,
     "slam_missed": 150, "slam_defence": 300}

The loader also reads the object form of a preset (to the preset), but the writer never
writes it. A rules object the :class:`~frenchtarot.Rules` class refuses is refused as any
other fault of a record, at the path of the field (``$.rules.contracts[1]``).

Loading checks everything and replays every action through the rules
(:func:`frenchtarot.act`), so a record loads to the exact value that was saved
(``loads(dumps(x)) == x``) or not at all: any fault raises one
:class:`~frenchtarot.errors.RecordError` that says where (a JSON path, and the index of the
action) and why.

>>> import frenchtarot as ft
>>> from frenchtarot import records
>>> state = ft.apply(ft.new_deal(seed=1), ft.Pass())
>>> text = records.dumps(state)
>>> text[:60]
'{"format":"frenchtarot/1","kind":"deal","rules":"four-player'
>>> records.loads(text) == state
True
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterable, Iterator
from importlib import resources
from typing import IO, TYPE_CHECKING, Final, NoReturn, TypeAlias

from typing_extensions import TypeAliasType

from frenchtarot._checks import describe_value, quote
from frenchtarot._core.state import State
from frenchtarot.errors import RecordError, TarotTypeError
from frenchtarot.match import Match
from frenchtarot.records._decode import CONTRACT_CODES, FORMAT, decode_record, fail
from frenchtarot.rules import PRESETS, Rules

__all__ = [
    "FORMAT",
    "JSONValue",
    "RecordError",
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

# JSONValue: any JSON value as Python data (what ``json.loads`` returns), documented in
# docs/api.md. The union is written twice: mypy reads the TypeAlias (it cannot resolve a
# recursive TypeAliasType, python/mypy#18252); at run time the TypeAliasType keeps the
# name, so that annotations and the API reference show ``JSONValue`` rather than its
# expansion. tests/test_records.py checks that the two unions are the same.
if TYPE_CHECKING:
    JSONValue: TypeAlias = (
        bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"] | None
    )
else:
    JSONValue = TypeAliasType(
        "JSONValue", bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"] | None
    )

_SCHEMA_FILE: Final = "record-1.schema.json"


def encode(record: State | Match) -> dict[str, JSONValue]:
    """The JSON object of a deal (a :class:`~frenchtarot.State`) or a match, as Python data.

    :func:`dumps` writes this object; :func:`decode` reads it back.

    Args:
        record: A state, at any point of its deal, or a :class:`~frenchtarot.match.Match`.

    Returns:
        A dict of JSON values (str, int, bool, None, lists, dicts).

    Raises:
        TarotTypeError: ``record`` is neither a State nor a Match.

    >>> import frenchtarot as ft
    >>> from frenchtarot.records import encode
    >>> record = encode(ft.apply(ft.new_deal(seed=1), ft.Pass()))
    >>> record["kind"], record["dealer"], record["dog"], record["moves"]
    ('deal', 0, ['T19', '1S', '5D', '9D', '6C', '8C'], [[1, 'pass']])
    >>> import attrs
    >>> from frenchtarot.rules import LUDICASH
    >>> encode(ft.new_deal(seed=1, rules=LUDICASH))["rules"]
    'ludicash'
    >>> table = attrs.evolve(LUDICASH, name="club", slam_defence=150)
    >>> written = encode(ft.new_deal(seed=1, rules=table))["rules"]
    >>> written["name"], written["contracts"], written["slam_defence"]
    ('club', [['garde', 2], ['garde_sans', 4], ['garde_contre', 6]], 150)
    """
    if isinstance(record, State):
        return {
            "format": FORMAT,
            "kind": "deal",
            "rules": _encode_rules(record.rules),
            **_encode_deal(record),
        }
    if isinstance(record, Match):
        draw = record.draw
        current = record.current
        return {
            "format": FORMAT,
            "kind": "match",
            "rules": _encode_rules(record.rules),
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


def _encode_rules(rules: Rules) -> JSONValue:
    """The ``"rules"`` of a record: a preset's name, or the object of every field."""
    if PRESETS.get(rules.name) == rules:
        return rules.name
    return {
        "name": rules.name,
        "seats": rules.seats,
        "hand_size": rules.hand_size,
        "dog_size": rules.dog_size,
        "packet": rules.packet,
        "handfuls": [[trumps, bonus] for trumps, bonus in rules.handfuls],
        "calls_partner": rules.calls_partner,
        "min_cut": rules.min_cut,
        "contracts": [[CONTRACT_CODES[contract], times] for contract, times in rules.contracts],
        "petit_au_bout": rules.petit_au_bout,
        "petit_au_bout_multiplied": rules.petit_au_bout_multiplied,
        "slam_announced": rules.slam_announced,
        "slam_unannounced": rules.slam_unannounced,
        "slam_missed": rules.slam_missed,
        "slam_defence": rules.slam_defence,
    }


def _encode_deal(state: State) -> dict[str, JSONValue]:
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
    write: object = getattr(file, "write", None)
    if not callable(write):
        raise TarotTypeError(f"expected a file open for writing, not {describe_value(file)}")
    mode = getattr(file, "mode", "")
    if isinstance(file, (io.RawIOBase, io.BufferedIOBase)) or (
        isinstance(mode, str) and "b" in mode
    ):
        return lambda text: write(text.encode("ascii"))
    return write


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
        :class:`~frenchtarot.match.Match`.

    Raises:
        RecordError: The text is not JSON, or not a record this version reads: a missing or
            unknown field, a value of the wrong type, rules that are neither a preset's name
            nor a rules object :class:`~frenchtarot.Rules` accepts, a card or action that is
            not the library's notation, hands that are not a deal, an action the rules refuse, a
            match whose deals do not follow its rules or are not the ones its seed deals,
            or a later format. The error names the JSON path (and for an action its index
            in ``moves``) and the reason.
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
            fail("$", f"not UTF-8 text: {error.reason} at byte {error.start}")
    try:
        document = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_twice)
    except RecordError:
        raise
    except (ValueError, RecursionError) as error:  # JSONDecodeError, too many digits
        fail("$", f"not JSON text: {error}")
    return decode(document)


def _no_constant(name: str) -> NoReturn:
    fail("$", f"{name} is not a JSON number")


def _no_twice(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            fail("$", f"the field {quote(key)} appears twice in one object")
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
        fail("$", f"not {error.encoding} text: {error.reason}")
    return loads(text)


def iter_load(lines: Iterable[str] | Iterable[bytes]) -> Iterator[State | Match]:
    r"""Read JSON Lines records one at a time, from an open file or any iterable of lines.

    Each record is checked and replayed as by :func:`loads` and given out before the next
    line is read, so a stream of any length takes the memory of one record. Blank lines
    are skipped. A bad line stops the iteration with a :class:`~frenchtarot.errors.RecordError`
    whose :attr:`~frenchtarot.errors.RecordError.line` says which line; the records before it
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
    >>> from frenchtarot.records import RecordError, dumps, iter_load
    >>> stream = io.StringIO(dumps(ft.new_deal(seed=1)) + "\n\n{}\n")
    >>> loaded = iter_load(stream)
    >>> next(loaded).dealer
    0
    >>> try:
    ...     next(loaded)
    ... except RecordError as error:
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


def json_schema() -> dict[str, JSONValue]:
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
    schema: dict[str, JSONValue] = json.loads(text)
    return schema


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
    return decode_record(document)
