"""Records: the JSON of everything that crosses a wire, versioned, checked when read.

One format (``"format": "frenchtarot/1"``), one schema (:func:`json_schema`) and one error
(:class:`~frenchtarot.errors.RecordError`) for every kind of record, each named by its
``"kind"``:

* ``"deal"``: a :class:`~frenchtarot.State`, as what it takes to play the deal again: the
  rules, the dealer, the hands and the dog as dealt, and every action with the seat that
  took it, in the library's notation (``str(card)``, ``str(action)``);
* ``"match"``: a :class:`~frenchtarot.match.Match`: its settings, its finished deals and
  the deal in progress;
* ``"observation"``: one seat's view, an :class:`~frenchtarot.Observation`, what a server
  sends each player (the *view record*): nothing the observation does not hold; the public
  view a spectator is sent (:func:`~frenchtarot.observation.public_view`) is one too, marked
  ``"public": true``;
* ``"action"``: one action, what a player sends back; ``"actions"``: a list of actions;
* ``"score"``: a :class:`~frenchtarot.Score`, with all its breakdown.

:func:`dumps` (or :func:`encode`, for the Python data) writes any of them; each loader reads
one kind and returns one type (:func:`load_state`, :func:`load_match`,
:func:`load_observation`, :func:`load_action`, :func:`load_actions`, :func:`load_score`),
and :func:`loads` reads any kind. A record loads to the exact value that was written
(``load_observation(dumps(view)) == view``) or not at all.

Enums are written by fixed wire codes, never by their Python values or names:
:data:`PHASE_CODES`, :data:`CONTRACT_CODES`, :data:`CAMP_CODES` and
:data:`ANNULMENT_CODES` (a refusal's rule has :attr:`Rule.code <frenchtarot.Rule.code>`).

Any valid :class:`~frenchtarot.Rules` is written, and each has one spelling. A preset (a
value equal to one of :data:`~frenchtarot.rules.PRESETS`) is written by its name, e.g.
``"rules": "ludicash"``. Any other value is written in full, as an object of every field
of ``Rules`` under its attribute's name, in the order of the class: the contracts as
``[code, multiplier]`` pairs in the bidding order (codes of :data:`CONTRACT_CODES`), and
the handfuls as ``[trumps, bonus]`` pairs::

    {"name": "house-4", "seats": 4, "hand_size": 18, "dog_size": 6, "packet": 3,
     "handfuls": [[10, 25], [13, 35], [15, 45]], "calls_partner": false, "min_cut": 3,
     "contracts": [["petite", 1], ["garde_sans", 5]], "petit_au_bout": 15,
     "petit_au_bout_multiplied": false, "slam_announced": 500, "slam_unannounced": 250,
     "slam_missed": 150, "slam_defence": 300}

A record has one spelling: the object form of a preset is refused (write its name), as are
cards held out of the order of the deck. A rules object the :class:`~frenchtarot.Rules`
class refuses is refused as any other fault of a record, at the path of the field
(``$.rules.contracts[1]``).

Loading checks everything: a deal's or a match's actions are replayed through the rules
(:func:`frenchtarot.act`); a view, which holds no deal to replay, is checked field by field
and for what its fields say together. Any fault raises one
:class:`~frenchtarot.errors.RecordError` that says where (a JSON path, and the index of an
action) and why, and whether the schema (:func:`json_schema`) refuses it too
(:attr:`~frenchtarot.errors.RecordError.shape`). A number is read by its value, as JSON
Schema reads it (``4.0`` is the integer 4); a text over :data:`MOST_BYTES` is refused
unread.

>>> import frenchtarot as ft
>>> from frenchtarot import records
>>> state = ft.apply(ft.new_deal(seed=1), ft.Pass())
>>> text = records.dumps(state)
>>> text[:60]
'{"format":"frenchtarot/1","kind":"deal","rules":"four-player'
>>> records.load_state(text) == state
True
>>> view = ft.observe(state, 2)
>>> records.load_observation(records.dumps(view)) == view
True
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterable, Iterator
from importlib import resources
from typing import IO, TYPE_CHECKING, Final, TypeAlias

from typing_extensions import TypeAliasType

from frenchtarot._checks import describe_value
from frenchtarot._core.state import State
from frenchtarot.actions import Action
from frenchtarot.errors import RecordError, TarotTypeError
from frenchtarot.match import Match
from frenchtarot.observation import Observation
from frenchtarot.records._codes import ANNULMENT_CODES, CAMP_CODES, CONTRACT_CODES, PHASE_CODES
from frenchtarot.records._decode import decode_deal, decode_match
from frenchtarot.records._kinds import decode_any, encode_any, of_kind
from frenchtarot.records._read import FORMAT, MOST_BYTES, fail, parse_text, too_large
from frenchtarot.records._values import decode_action, decode_actions, decode_score
from frenchtarot.records._view import decode_observation
from frenchtarot.scoring import Score

__all__ = [
    "ANNULMENT_CODES",
    "CAMP_CODES",
    "CONTRACT_CODES",
    "FORMAT",
    "MOST_BYTES",
    "PHASE_CODES",
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
    "load_action",
    "load_actions",
    "load_match",
    "load_observation",
    "load_score",
    "load_state",
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

_Writable: TypeAlias = (
    State | Match | Observation | Action | list[Action] | tuple[Action, ...] | Score
)
"""What a record can hold, as given to the writers (a list of actions as a list or tuple)."""
_Loaded: TypeAlias = State | Match | Observation | Action | tuple[Action, ...] | Score
"""What a record holds, as the loaders give it back."""
_SCHEMA_FILE: Final = "record-1.schema.json"
_COMPACT: Final = json.JSONEncoder(separators=(",", ":"))
_MOST_INDENT: Final = 64
"""A larger indent is refused: its text would be mostly spaces (a huge one, no memory);
a negative one means nothing."""


def encode(record: _Writable) -> dict[str, JSONValue]:
    """The JSON object of a record of any kind, as Python data.

    :func:`dumps` writes this object; :func:`decode` reads it back.

    Args:
        record: A state (a ``"deal"`` record, at any point of its deal), a
            :class:`~frenchtarot.match.Match`, an :class:`~frenchtarot.Observation` (a
            ``"observation"``, the view of one seat), an action, a list or tuple of actions
            (``"actions"``) or a :class:`~frenchtarot.Score`.

    Returns:
        A dict of JSON values (str, int, float, bool, None, lists, dicts).

    Raises:
        TarotTypeError: ``record`` is none of these, or a list holds something else than
            actions.

    >>> import frenchtarot as ft
    >>> from frenchtarot.records import encode
    >>> record = encode(ft.apply(ft.new_deal(seed=1), ft.Pass()))
    >>> record["kind"], record["dealer"], record["dog"], record["moves"]
    ('deal', 0, ['T19', '1S', '5D', '9D', '6C', '8C'], [[1, 'pass']])
    >>> encode(ft.Bid(ft.Contract.GARDE_SANS))
    {'format': 'frenchtarot/1', 'kind': 'action', 'notation': 'garde_sans'}
    >>> encode(ft.legal_actions(ft.new_deal(seed=1)))["actions"]
    ['pass', 'petite', 'garde', 'garde_sans', 'garde_contre']
    >>> import attrs
    >>> from frenchtarot.rules import LUDICASH
    >>> encode(ft.new_deal(seed=1, rules=LUDICASH))["rules"]
    'ludicash'
    >>> table = attrs.evolve(LUDICASH, name="club", slam_defence=150)
    >>> written = encode(ft.new_deal(seed=1, rules=table))["rules"]
    >>> written["name"], written["contracts"], written["slam_defence"]
    ('club', [['garde', 2], ['garde_sans', 4], ['garde_contre', 6]], 150)
    """
    return encode_any(record)


def dumps(record: _Writable, *, indent: int | None = None) -> str:
    """The JSON text of a record of any kind (see :func:`encode`).

    Args:
        record: What to write, as for :func:`encode`.
        indent: Indent nested values by this many spaces (0 to 64); ``None`` (the
            default) writes one compact line, with no newline, as JSON Lines and a line
            protocol need.

    Returns:
        The JSON text, ASCII only.

    Raises:
        TarotTypeError: ``record`` is nothing a record holds, or ``indent`` not an int
            from 0 to 64.

    >>> import frenchtarot as ft
    >>> from frenchtarot.records import dumps
    >>> dumps(ft.Play(ft.Card.parse("KH")))
    '{"format":"frenchtarot/1","kind":"action","notation":"KH"}'
    """
    if indent is None:
        return _COMPACT.encode(encode_any(record))
    if isinstance(indent, bool) or not isinstance(indent, int) or not 0 <= indent <= _MOST_INDENT:
        raise TarotTypeError(
            f"indent must be an int from 0 to {_MOST_INDENT} or None, not {describe_value(indent)}"
        )
    return json.dumps(encode_any(record), indent=indent, separators=(",", ": "))


def dump(record: _Writable, file: IO[str] | IO[bytes], *, indent: int | None = None) -> None:
    """Write a record of any kind to an open file.

    Args:
        record: What to write, as for :func:`encode`.
        file: A file open for writing, text or binary (a binary file gets the ASCII bytes
            of the text).
        indent: As for :func:`dumps`.

    Raises:
        TarotTypeError: ``record`` is nothing a record holds, or ``file`` has no ``write``
            method.

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


def dump_many(records: Iterable[_Writable], file: IO[str] | IO[bytes]) -> int:
    """Write records as JSON Lines: one compact record per line, as they come.

    Nothing is held in memory but the record being written, so ``records`` may be a
    generator of any length. When a record is refused, the records before it are already
    written.

    Args:
        records: Records of any kind, in any mix (a list of actions is one record).
        file: A file open for writing, text or binary (as for :func:`dump`).

    Returns:
        How many records were written.

    Raises:
        TarotTypeError: ``records`` is not iterable, or holds something no record holds,
            or ``file`` has no ``write`` method.
    """
    if isinstance(records, (str, bytes)) or not isinstance(records, Iterable):
        raise TarotTypeError(
            f"records must be an iterable of values to write, not {describe_value(records)}"
        )
    write = _writer(file)
    count = 0
    for record in records:
        write(dumps(record) + "\n")
        count += 1
    return count


def loads(text: str | bytes | bytearray) -> _Loaded:
    """Read a record of any kind from its JSON text (a deal's actions replayed).

    To read one kind, and get one type back, use its loader: :func:`load_state`,
    :func:`load_match`, :func:`load_observation`, :func:`load_action`,
    :func:`load_actions`, :func:`load_score`.

    Args:
        text: The JSON text, at most :data:`MOST_BYTES` (16 MiB) long; bytes are read as
            UTF-8. A leading byte order mark is skipped, the bytes EF BB BF or the
            character U+FEFF alike (what a file opened as ``utf-8`` gives).

    Returns:
        The value the record holds, one of a :class:`~frenchtarot.State` (the state the
        deal record's actions reached), a :class:`~frenchtarot.match.Match`, an
        :class:`~frenchtarot.Observation`, an action, a tuple of actions or a
        :class:`~frenchtarot.Score`.

    Raises:
        RecordError: The text is not JSON, or not a record this version reads: a missing or
            unknown field, a value of the wrong type, rules that are neither a preset's name
            nor a rules object :class:`~frenchtarot.Rules` accepts, a card or action that is
            not the library's notation, hands that are not a deal, an action the rules
            refuse, a match whose deals do not follow its rules or are not the ones its seed
            deals, a view whose fields disagree, a message of the bot protocol (which holds
            no value), a later format, or a text over 16 MiB. The error names the JSON path
            (and for an action its index in ``moves``) and the reason.
        TarotTypeError: ``text`` is not a str, bytes or bytearray.

    >>> from frenchtarot.records import loads
    >>> loads('{"format": "frenchtarot/2", "kind": "deal"}')
    Traceback (most recent call last):
    ...
    frenchtarot.errors.RecordError: invalid record at $.format: 'frenchtarot/2' was written \
by a later version of frenchtarot; this one reads 'frenchtarot/1'
    """
    return decode_any(parse_text(text))


def load_state(text: str | bytes | bytearray) -> State:
    """Read a deal record, replaying its actions: the state they reach.

    Raises:
        RecordError: As for :func:`loads`, or the record is of another kind.
        TarotTypeError: ``text`` is not a str, bytes or bytearray.

    >>> import frenchtarot as ft
    >>> from frenchtarot.records import dumps, load_state
    >>> load_state(dumps(ft.new_deal(seed=1))).dealer
    0
    >>> load_state(dumps(ft.Pass()))
    Traceback (most recent call last):
    ...
    frenchtarot.errors.RecordError: invalid record at $.kind: expected 'deal', got a record \
of the kind 'action'
    """
    return decode_deal(of_kind(parse_text(text), "deal"))


def load_match(text: str | bytes | bytearray) -> Match:
    """Read a match record, replaying every deal (see :func:`loads`).

    Raises:
        RecordError: As for :func:`loads`, or the record is of another kind.
        TarotTypeError: ``text`` is not a str, bytes or bytearray.
    """
    return decode_match(of_kind(parse_text(text), "match"))


def load_observation(text: str | bytes | bytearray) -> Observation:
    """Read a view record: one seat's :class:`~frenchtarot.Observation`.

    A view holds no deal to replay (the other hands are not in it): each field is checked,
    and what the fields say together (no card in two places, the moves' seats and cards
    against the tricks, the bidding against the taker, the phase against the seat to act,
    the legal actions and the score). It loads equal to the observation written.

    Raises:
        RecordError: As for :func:`loads`, or the record is of another kind.
        TarotTypeError: ``text`` is not a str, bytes or bytearray.

    >>> import frenchtarot as ft
    >>> from frenchtarot.records import dumps, load_observation
    >>> view = ft.observe(ft.new_deal(seed=1), 1)
    >>> load_observation(dumps(view)) == view
    True
    """
    return decode_observation(of_kind(parse_text(text), "observation"))


def load_action(text: str | bytes | bytearray) -> Action:
    """Read an action record: one action, in the notation ``str(action)`` writes.

    Raises:
        RecordError: As for :func:`loads`, or the record is of another kind.
        TarotTypeError: ``text`` is not a str, bytes or bytearray.

    >>> from frenchtarot.records import load_action
    >>> load_action('{"format": "frenchtarot/1", "kind": "action", "notation": "garde"}')
    Bid(contract=Contract.GARDE)
    """
    return decode_action(of_kind(parse_text(text), "action"))


def load_actions(text: str | bytes | bytearray) -> tuple[Action, ...]:
    """Read an actions record: a list of actions (at most 200), in order.

    Raises:
        RecordError: As for :func:`loads`, or the record is of another kind.
        TarotTypeError: ``text`` is not a str, bytes or bytearray.
    """
    return decode_actions(of_kind(parse_text(text), "actions"))


def load_score(text: str | bytes | bytearray) -> Score:
    """Read a score record.

    A score record is checked for its shape and for what every score says (seats in
    range, card points adding up to 91, deltas to zero); it is not recomputed, holding no
    deal to recompute it from.

    Raises:
        RecordError: As for :func:`loads`, or the record is of another kind.
        TarotTypeError: ``text`` is not a str, bytes or bytearray.
    """
    return decode_score(of_kind(parse_text(text), "score"))


def load(file: IO[str] | IO[bytes]) -> _Loaded:
    """Read a record of any kind from an open file (see :func:`loads`).

    Args:
        file: A file open for reading, text or binary (bytes are read as UTF-8). It is
            read up to :data:`MOST_BYTES` and one more byte (or character), no further.

    Raises:
        RecordError: The file's text is not a valid record, is over 16 MiB, or a text
            file's bytes do not decode in its encoding.
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
        text = read(MOST_BYTES + 1)
    except UnicodeDecodeError as error:
        fail("$", f"not {error.encoding} text: {error.reason}")
    if isinstance(text, (str, bytes, bytearray)) and len(text) > MOST_BYTES:
        fail("$", too_large(len(text)))
    return loads(text)


def iter_load(lines: Iterable[str] | Iterable[bytes]) -> Iterator[_Loaded]:
    r"""Read JSON Lines records one at a time, from an open file or any iterable of lines.

    Each record is checked (and a deal's actions replayed) as by :func:`loads` and given
    out before the next line is read, so a stream of any length takes the memory of one
    record. Blank lines are skipped. A bad line stops the iteration with a
    :class:`~frenchtarot.errors.RecordError` whose
    :attr:`~frenchtarot.errors.RecordError.line` says which line; the records before it
    were whole. A line over :data:`MOST_BYTES` is refused: from an open file, without
    reading more of it than that.

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
    >>> next(loaded) == ft.new_deal(seed=1)
    True
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


def _iter_lines(lines: Iterable[str] | Iterable[bytes]) -> Iterator[_Loaded]:
    source = _bounded(lines)
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
        body = line[:-1] if line[-1:] in ("\n", b"\n") else line
        if len(body) > MOST_BYTES:
            raise RecordError("$", too_large(len(body)), None, number) from None
        if not body.strip():
            continue
        try:
            record = loads(body)
        except RecordError as error:
            raise RecordError(
                error.path, error.reason, error.action, number, error.shape
            ) from None
        yield record


def _bounded(lines: Iterable[str] | Iterable[bytes]) -> Iterator[str | bytes]:
    """The lines of an open file, each read with a limit, or of any other iterable.

    No line of a file is read past :data:`MOST_BYTES` and its newline.
    """
    readline = getattr(lines, "readline", None)
    if not callable(readline):
        yield from lines
        return
    while True:
        line = readline(MOST_BYTES + 2)
        if not line:
            return
        yield line


def json_schema() -> dict[str, JSONValue]:
    """The JSON Schema (draft 2020-12) of every kind of record, a fresh copy each call.

    It ships inside the package as ``frenchtarot/schemas/record-1.schema.json``, and covers
    the bot protocol's two messages (``"hello"``, ``"bye"``) too. It says everything about
    each value on its own, given the table (its size; a preset's sizes): a record it
    refuses, the loaders refuse, with a :class:`~frenchtarot.errors.RecordError` whose
    :attr:`~frenchtarot.errors.RecordError.shape` is true. A record it accepts may still be
    refused for what only a replay can tell (an action's legality, a match's deals against
    its seed) or what several values say together (cards of a deal, cards out of the order
    of the deck, sums, a view's fields against each other): then ``shape`` is false.

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


def decode(document: object) -> _Loaded:
    """The value of a JSON object already parsed (the inverse of :func:`encode`).

    Args:
        document: A dict as ``json.loads`` returns it.

    Returns:
        What the record holds, as for :func:`loads`.

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
    return decode_any(document)
