"""Records: JSON of deals and matches that round-trips exactly, validates against the shipped
schema, streams as JSON Lines, and loads only through replay."""

from __future__ import annotations

import ast
import io
import json
import math
import random
import re
import typing
import unicodedata
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given, reject
from hypothesis import strategies as st
from typing_extensions import assert_type

import frenchtarot as ft
from frenchtarot import Contract, State, records
from frenchtarot.errors import InvalidRulesError, RecordError
from frenchtarot.match import Match, new_match, play_match
from frenchtarot.players import RandomPlayer, SimplePlayer, play_deal
from frenchtarot.records._decode import CONTRACT_CODES, RULES_FIELDS
from frenchtarot.records._names import _EXCLUDED, NAME_REGEX, name_ok
from frenchtarot.records._schema import schema_text
from frenchtarot.rules import _LARGEST_BONUS, LUDICASH, PRESETS
from tests.builders import HOUSE_RULES
from tests.strategies import matches, states

VALIDATOR = jsonschema.Draft202012Validator(records.json_schema())


def played(seed: int = 1, rules: ft.Rules = ft.FOUR_PLAYER) -> State:
    """A deal played to its end by random players."""
    state = ft.new_deal(seed=seed, rules=rules)
    return play_deal(state, [RandomPlayer(seed + n) for n in range(rules.seats)])


def test_the_schema_ships_in_the_package_and_is_a_valid_schema() -> None:
    path = resources.files("frenchtarot").joinpath("schemas").joinpath("record-1.schema.json")
    assert json.loads(path.read_text("utf-8")) == records.json_schema()
    jsonschema.Draft202012Validator.check_schema(records.json_schema())
    # One source: the file is what the code builds (python -m frenchtarot.records._schema).
    assert path.read_text("utf-8") == schema_text(), (
        "regenerate it: PYTHONPATH=src python -m frenchtarot.records._schema "
        "> src/frenchtarot/schemas/record-1.schema.json"
    )
    assert path.read_text("utf-8").isascii()
    docs = Path(__file__).resolve().parent.parent / "docs" / "matches.md"
    assert "schemas/record-1.schema.json" in docs.read_text("utf-8")


@pytest.mark.parametrize("rules", [ft.THREE_PLAYER, ft.FOUR_PLAYER, ft.FIVE_PLAYER])
@given(data=st.data())
def test_a_deal_at_any_point_round_trips_and_validates(
    rules: ft.Rules, data: st.DataObject
) -> None:
    state = data.draw(states(rules=rules))
    assert state.rules == rules
    text = records.dumps(state)
    assert records.loads(text) == state
    assert records.loads(text.encode()) == state
    assert records.loads(records.dumps(state, indent=2)) == state
    VALIDATOR.validate(json.loads(text))
    assert "\n" not in text and text.isascii()


@given(matches())
def test_a_match_round_trips_and_validates(match: Match) -> None:
    text = records.dumps(match)
    loaded = records.loads(text)
    assert loaded == match
    VALIDATOR.validate(json.loads(text))
    assert isinstance(loaded, Match) and loaded.sheet == match.sheet


@pytest.mark.parametrize("rules", [ft.THREE_PLAYER, ft.FOUR_PLAYER, ft.FIVE_PLAYER])
def test_a_finished_deal_round_trips_through_files(rules: ft.Rules, tmp_path: Path) -> None:
    state = played(7, rules)
    path = tmp_path / "deal.json"
    with path.open("w", encoding="utf-8") as file:
        records.dump(state, file, indent=1)
    with path.open("rb") as binary:
        assert records.load(binary) == state
    with path.open(encoding="utf-8") as text:
        assert records.load(text) == state


def test_files_may_be_text_or_binary_and_anything_else_is_refused(tmp_path: Path) -> None:
    state = played(5)
    binary = io.BytesIO()
    records.dump(state, binary)
    assert records.loads(binary.getvalue()) == state
    stream = io.BytesIO()
    assert records.dump_many([state, state], stream) == 2
    assert list(records.iter_load(io.BytesIO(stream.getvalue()))) == [state, state]
    path = tmp_path / "deals.jsonl"
    with path.open("wb") as file:
        records.dump_many([state], file)
    with path.open("rb") as file:
        assert list(records.iter_load(file)) == [state]
    for not_a_file in ("game.json", None, 3):
        with pytest.raises(ft.TarotTypeError, match="file open for writing"):
            records.dump(state, not_a_file)  # type: ignore[arg-type]
        with pytest.raises(ft.TarotTypeError, match="file open for writing"):
            records.dump_many([state], not_a_file)  # type: ignore[arg-type]


def test_text_files_that_do_not_decode_are_refused(tmp_path: Path) -> None:
    """A text file with bytes its encoding cannot read raises a RecordError, never a
    UnicodeDecodeError, from load and from iter_load."""
    path = tmp_path / "bad.json"
    good = records.dumps(played(1)).encode()
    path.write_bytes(good + b"\n" + good.replace(b"four-player", b"four-pl\xffayer") + b"\n")
    with path.open(encoding="utf-8") as file, pytest.raises(RecordError) as caught:
        records.load(file)
    assert caught.value.path == "$" and "not utf-8 text: invalid start byte" in caught.value.reason
    with path.open(encoding="utf-8") as file, pytest.raises(RecordError) as caught:
        list(records.iter_load(file))
    assert caught.value.line is not None and "not utf-8 text" in caught.value.reason
    with path.open("rb") as file, pytest.raises(RecordError) as caught:
        list(records.iter_load(file))
    assert caught.value.line == 2 and "not UTF-8 text: invalid start byte at byte" in str(
        caught.value
    )


def test_bytes_are_read_as_utf8_with_or_without_a_byte_order_mark() -> None:
    state = played(2)
    text = records.dumps(state)
    assert records.loads(b"\xef\xbb\xbf" + text.encode()) == state
    with pytest.raises(RecordError, match="not UTF-8 text"):
        records.loads(text.encode("utf-16"))


def test_a_byte_order_mark_is_skipped_in_text_as_in_bytes(tmp_path: Path) -> None:
    """A leading U+FEFF is skipped in a str as the bytes EF BB BF are: a file with a byte
    order mark loads whether it is opened as utf-8 (which keeps the mark), utf-8-sig
    (which drops it) or binary, with load and with iter_load."""
    state = played(2)
    text = records.dumps(state)
    assert (
        records.loads("\ufeff" + text) == records.loads(b"\xef\xbb\xbf" + text.encode()) == state
    )
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode() + b"\n" + text.encode() + b"\n")
    for encoding in ("utf-8", "utf-8-sig"):
        with path.open(encoding=encoding) as file:
            assert list(records.iter_load(file)) == [state, state]
    with path.open("rb") as binary:
        assert list(records.iter_load(binary)) == [state, state]
    path.write_text("\ufeff" + text, "utf-8")
    for encoding in ("utf-8", "utf-8-sig"):
        with path.open(encoding=encoding) as file:
            assert records.load(file) == state
    with path.open("rb") as binary:
        assert records.load(binary) == state
    # One mark, at the start: anything else is no JSON.
    for bad in ("\ufeff\ufeff" + text, text + "\ufeff", " \ufeff" + text):
        with pytest.raises(RecordError, match="not JSON text"):
            records.loads(bad)


class Endless(io.RawIOBase):
    """A file without end, which counts what was read of it."""

    def __init__(self) -> None:
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        size = min(len(buffer), 1 << 20)
        buffer[:size] = b" " * size
        self.given += size
        return size

    def readline(self, size: int | None = -1) -> bytes:
        assert size is not None and 0 < size <= records.MOST_BYTES + 2
        self.given += size
        return b"x" * size


def test_records_are_read_up_to_16_mib() -> None:
    """A record, or a line of JSON Lines, over MOST_BYTES is refused before it is parsed,
    and a file is not read past it."""
    assert records.MOST_BYTES == 16 * 2**20
    text = records.dumps(ft.new_deal(seed=1))
    padded = text + " " * (records.MOST_BYTES - len(text))  # whitespace: still a record
    assert records.loads(padded) == records.loads(padded.encode()) == ft.new_deal(seed=1)
    for large in (padded + " ", (padded + " ").encode(), bytearray((padded + " ").encode())):
        with pytest.raises(RecordError) as caught:
            records.loads(large)
        assert caught.value.path == "$" and caught.value.shape
        assert "more than 16 MiB (16,777,217 or more): too large for a record" in str(caught.value)
    endless = Endless()
    with pytest.raises(RecordError, match="too large for a record"):
        records.load(io.BufferedReader(endless))
    assert endless.given <= records.MOST_BYTES + (2 << 20)
    endless = Endless()
    with pytest.raises(RecordError) as caught:
        next(records.iter_load(endless))
    assert caught.value.line == 1 and "too large" in caught.value.reason
    assert endless.given == records.MOST_BYTES + 2
    lines = io.StringIO(padded + "\n" + padded + "\n")
    assert list(records.iter_load(lines)) == [ft.new_deal(seed=1)] * 2
    with pytest.raises(RecordError) as caught:
        list(records.iter_load([padded + "\n", padded + " \n"]))
    assert caught.value.line == 2 and "too large" in caught.value.reason


def test_a_number_is_read_by_its_value() -> None:
    """4.0 is the integer 4 (as JSON Schema reads it), for the loader and the schema alike;
    it is written back as 4. A fraction is no integer, for either."""
    record = match_record()
    text = (
        json.dumps(record)
        .replace('"seed": 1,', '"seed": 1.0,')
        .replace('"first_dealer": 1,', '"first_dealer": 1e0,')
    )
    assert "1.0" in text and "1e0" in text
    document = json.loads(text)
    assert VALIDATOR.is_valid(document)
    loaded = records.load_match(text)
    assert loaded.seed == 1 and type(loaded.seed) is int and records.encode(loaded) == record
    deal = deal_record()
    for path, value in (("dealer", 0.0), ("moves/0/0", 1.0), ("hands", deal["hands"])):
        document = edited(deal, path, value)
        assert VALIDATOR.is_valid(document) and records.decode(document) == records.decode(deal)
    for path, value in (("dealer", 0.5), ("seed", 4.5), ("seed", 1e300), ("seed", -0.5)):
        document = edited(deal if path == "dealer" else record, path, value)
        assert not VALIDATOR.is_valid(document)
        with pytest.raises(RecordError, match="expected an integer") as caught:
            records.decode(document)
        assert caught.value.shape
    with pytest.raises(RecordError, match="expected an integer, got the number inf"):
        records.loads(json.dumps(record).replace('"seed": 1,', '"seed": 1e400,'))


ISSUE_30: list[tuple[str, str, object, str]] = [
    # kind, path, value, where the loader refuses it: each was accepted by the schema
    ("match", "names/1", "", "$.names[1]"),
    ("match", "names/1", "   ", "$.names[1]"),
    ("match", "names/1", "Ann\nBob", "$.names[1]"),
    ("match", "names/1", "Ann\n", "$.names[1]"),
    ("match", "names/1", "\u200b", "$.names[1]"),
    ("match", "names/1", "\u00a0", "$.names[1]"),
    ("match", "names", ["a", "b", "c", "d", "e"], "$.names"),
    ("three", "first_dealer", 4, "$.first_dealer"),
    ("three", "names", ["a", "b", "c", "d", "e"], "$.names"),
    ("three", "dead_player", True, "$.dead_player"),
    ("match", "draw", [[0, "EX"]] * 80 + [[0, "1S"], [1, "2S"], [2, "3S"], [3, "4S"]], "$.draw"),
    ("deal", "rules", "four_player", "$.rules"),
    ("deal", "moves/0/1", "handful T2 T1", "$.moves[0][1]"),
    ("deal", "moves/0/1", "KH\n", "$.moves[0][1]"),
    ("deal", "hands/0/0", "KH\n", "$.hands[0][0]"),
]


@pytest.mark.parametrize(("kind", "path", "value", "where"), ISSUE_30)
def test_what_the_loader_refuses_the_schema_refuses(
    kind: str, path: str, value: object, where: str
) -> None:
    """The cases of issue 30, where the schema said yes and the loader no."""
    base = {
        "match": match_record,
        "three": lambda: records.encode(new_match(3, deals=2, seed=3)),
        "deal": deal_record,
    }[kind]()
    document = edited(base, path, value)
    with pytest.raises(RecordError) as caught:
        records.decode(document)
    assert caught.value.path == where and caught.value.shape, caught.value
    assert not VALIDATOR.is_valid(document)


def test_hands_and_dog_have_one_order_the_deck_s() -> None:
    """Cards held in another order were read, and written back sorted: now they are
    refused, at their path. No schema can say the order: shape is false."""
    record = deal_record()
    for path in ("hands/2", "dog"):
        cards = _at(record, tuple(int(key) if key.isdigit() else key for key in path.split("/")))
        swapped = [cards[1], cards[0], *cards[2:]]
        document = edited(record, path, swapped)
        assert VALIDATOR.is_valid(document)
        with pytest.raises(RecordError) as caught:
            records.decode(document)
        where = "$." + path.replace("/2", "[2]")
        assert caught.value.path == f"{where}[1]" and not caught.value.shape
        assert "expected the cards in the order of the deck" in caught.value.reason
    twice = edited(record, "hands/2/1", record["hands"][2][0])
    assert not VALIDATOR.is_valid(twice)
    with pytest.raises(RecordError, match="comes twice") as caught:
        records.decode(twice)
    assert caught.value.shape


LONG = "x" * 1_000_000


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (LONG, 1),  # an unknown field with a long name
        ("format", LONG),
        ("format", "frenchtarot/" + "9" * 4000),
        ("kind", LONG),
        ("rules", LONG),
        ("dealer", 10**4000),
        ("hands/0/0", LONG),
        ("dog/0", "T" + "1" * 5000),
        ("moves/0/1", LONG),
        ("moves/0/1", "handful " + " ".join(["T21"] * 100_000)),
        ("moves/0/1", "call " + LONG),
        ("moves/0/0", -(10**4000)),
        ("moves", [[0, "pass"]] * 100_000),
    ],
)
def test_error_messages_stay_short_whatever_the_input(path: str, value: object) -> None:
    record = deal_record()
    record = {**record, path: value} if path == LONG else edited(record, path, value)
    with pytest.raises(RecordError) as caught:
        records.loads(json.dumps(record))
    assert len(str(caught.value)) < 400, str(caught.value)[:500]
    assert len(caught.value.path) < 60


def test_a_match_record_with_a_long_name_has_a_short_message() -> None:
    for names in ([LONG, "b", "c", "d"], ["a", "b", "c", "\u0085" * 1000]):
        with pytest.raises(RecordError) as caught:
            records.decode(edited(match_record(), "names", names))
        assert caught.value.path.startswith("$.names[") and len(str(caught.value)) < 400


def test_a_deal_record_holds_the_hands_as_dealt_and_the_moves_with_seats() -> None:
    state = played(3)
    record = records.encode(state)
    assert record["format"] == records.FORMAT == "frenchtarot/1"
    assert record["kind"] == "deal" and record["rules"] == "four-player"
    assert record["hands"] == [[str(card) for card in hand] for hand in state.dealt]
    assert record["dog"] == [str(card) for card in state.dog]
    assert record["moves"] == [[seat, str(action)] for seat, action in state.moves]
    assert records.decode(record) == state


def is_json(value: records.JSONValue) -> bool:
    """Whether ``value`` is JSON data all the way down (mypy checks the narrowing)."""
    if value is None or isinstance(value, (bool, int, str)):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(is_json(item) for item in value)
    return all(isinstance(key, str) and is_json(item) for key, item in value.items())


def test_records_are_typed_as_json_values() -> None:
    assert "JSONValue" in records.__all__
    state = played(3)
    record = assert_type(records.encode(state), dict[str, records.JSONValue])
    assert is_json(record) and is_json(records.json_schema())
    assert is_json(records.encode(new_match(5, seed=1, dead_player=True)))
    assert not is_json([math.nan])
    assert records.decode(json.loads(json.dumps(record))) == state


def test_the_json_alias_is_one_union_for_mypy_and_at_run_time() -> None:
    tree = ast.parse(Path(records.__file__).read_text("utf-8"))
    (branch,) = [
        node
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    ]
    (static,) = branch.body
    (runtime,) = branch.orelse
    assert isinstance(static, ast.AnnAssign) and static.value is not None
    assert isinstance(runtime, ast.Assign) and isinstance(runtime.value, ast.Call)
    assert ast.unparse(static.target) == ast.unparse(runtime.targets[0]) == "JSONValue"
    name, union = runtime.value.args
    assert ast.literal_eval(name) == "JSONValue"
    assert ast.unparse(static.value) == ast.unparse(union)
    # At run time the alias keeps its name in the annotations.
    assert str(typing.get_type_hints(records.encode)["return"]) == "dict[str, JSONValue]"


def test_json_lines_stream_in_constant_memory() -> None:
    """dump_many takes a generator and iter_load reads one line at a time."""
    made = 0

    def deals() -> Iterator[State]:
        nonlocal made
        for seed in range(30):
            made += 1
            yield played(seed, ft.RULES_BY_SEATS[3 + seed % 3])

    buffer = io.StringIO()
    assert records.dump_many(deals(), buffer) == 30 == made
    lines = buffer.getvalue().splitlines()
    assert len(lines) == 30
    read = 0

    def source() -> Iterator[str]:
        nonlocal read
        for line in ["\n", *lines]:
            read += 1
            yield line

    stream = records.iter_load(source())
    assert read == 0  # nothing read before asked
    first = next(stream)
    assert read == 2 and first == played(0, ft.THREE_PLAYER)
    rest = list(stream)
    assert [state.rules.seats for state in rest if isinstance(state, State)] == [
        3 + seed % 3 for seed in range(1, 30)
    ]


def test_iter_load_names_the_bad_line() -> None:
    good = records.dumps(played(1))
    stream = records.iter_load(io.StringIO(f"{good}\n{good}\n{{}}\n{good}\n"))
    assert next(stream) == next(stream)
    with pytest.raises(RecordError) as caught:
        next(stream)
    assert caught.value.line == 3 and caught.value.path == "$"
    assert str(caught.value).startswith("invalid record at line 3, $:")


def deal_record() -> dict[str, Any]:
    return records.encode(played(2))


def match_record() -> dict[str, Any]:
    match = play_match(new_match(4, deals=2, seed=1), [RandomPlayer(n) for n in range(4)])
    return records.encode(match)


def edited(record: dict[str, Any], path: str, value: object) -> dict[str, Any]:
    """``record`` with the value at ``path`` (keys and indices split by ``/``) replaced, or
    deleted when ``value`` is ``DELETE`` (see :func:`replaced`)."""
    keys = tuple(int(key) if key.isdigit() else key for key in path.split("/"))
    result: dict[str, Any] = replaced(record, keys, value)
    return result


DELETE = object()
"""Put in place of a value, deletes it (:func:`edited`, :func:`replaced`)."""


@pytest.mark.parametrize(
    ("path", "value", "where", "words"),
    [
        ("format", "frenchtarot/2", "$.format", "later version"),
        ("format", "frenchtarot/0", "$.format", "expected 'frenchtarot/1'"),
        ("format", DELETE, "$", "missing field 'format'"),
        ("kind", "hand", "$.kind", "expected one of 'deal', 'match', 'observation'"),
        ("kind", DELETE, "$", "missing field 'kind'"),
        ("rules", "four players", "$.rules", "expected a preset's name ('three-player'"),
        ("dealer", 4, "$.dealer", "from 0 to 3"),
        ("dealer", True, "$.dealer", "expected an integer, got a boolean"),
        ("dealer", 1.5, "$.dealer", "expected an integer, got the number 1.5"),
        ("hands", DELETE, "$", "missing field 'hands'"),
        ("hands/2", "KH", "$.hands[2]", "expected an array of cards"),
        ("hands/2/5", "ZZ", "$.hands[2][5]", "is not a card"),
        ("hands/2/5", "kh", "$.hands[2][5]", "write the card 'KH'"),
        ("hands/2/5", 7, "$.hands[2][5]", "expected a card's notation, got the number 7"),
        ("dog/0", None, "$.dog[0]", "got null"),
        ("extra", 1, "$.extra", "unknown field"),
        ("moves/3", ["pass"], "$.moves[3]", "expected 2 items"),
        ("moves/3/0", "1", "$.moves[3][0]", "expected an integer"),
        ("moves/3/1", "dance", "$.moves[3][1]", "dance"),
        ("moves/3/1", "Pass", "$.moves[3][1]", "write the action 'pass'"),
        ("moves", {}, "$.moves", "expected an array of moves"),
    ],
)
def test_a_bad_deal_record_is_refused_with_its_path(
    path: str, value: object, where: str, words: str
) -> None:
    with pytest.raises(RecordError) as caught:
        records.decode(edited(deal_record(), path, value))
    assert caught.value.path == where
    assert words in caught.value.reason
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, ft.TarotError)


def test_an_illegal_action_is_refused_with_its_index() -> None:
    record = deal_record()
    seat, _action = record["moves"][1]
    with pytest.raises(RecordError) as caught:
        records.decode(edited(record, "moves/1", [(seat + 1) % 4, "pass"]))
    assert caught.value.action == 1 and caught.value.path == "$.moves[1]"
    assert "only the seat whose turn it is may act" in caught.value.reason
    assert caught.value.__suppress_context__  # one error, not the rules' error inside it
    record["moves"].append([0, "KH"])
    with pytest.raises(RecordError) as caught:
        records.decode(record)
    last = len(record["moves"]) - 1
    assert caught.value.action == last and "the deal is over" in caught.value.reason


def test_hands_that_are_not_a_deal_are_refused() -> None:
    record = deal_record()
    twice = edited(record, "hands/1/0", record["hands"][0][0])
    with pytest.raises(RecordError, match=r"at \$\.hands: the hands and the dog are not a deal"):
        records.decode(twice)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "not JSON text"),
        ("[1, 2", "not JSON text"),
        ('{"format": NaN}', "NaN is not a JSON number"),
        ('{"format": "frenchtarot/1", "format": "frenchtarot/1"}', "appears twice"),
        ("[]", "expected an object, got an array"),
        ("null", "got null"),
        ("[" * 100_000, "not JSON text"),
    ],
)
def test_text_that_is_not_a_record_is_refused(text: str, words: str) -> None:
    with pytest.raises(RecordError) as caught:
        records.loads(text)
    assert words in caught.value.reason and caught.value.path == "$"


def test_bytes_that_are_not_utf8_are_refused() -> None:
    with pytest.raises(RecordError, match="at \\$: not UTF-8 text: invalid start byte at byte 0"):
        records.loads(b"\xff\xfe{")


@pytest.mark.parametrize(
    ("path", "value", "where", "words"),
    [
        ("deals/0/dealer", 0, "$.deals[0].dealer", "expected 1 (player 1 deals it)"),
        ("current", {}, "$.current", "expected null"),
        ("deals_to_play", 1, "$.deals[1]", "the match was over after 1 scored deals"),
        ("deals_to_play", 0, "$.deals_to_play", "1 or more"),
        ("first_dealer", 2, "$.first_dealer", "the draw gives player 1"),
        ("draw/1/1", "EX", "$.draw", "draw"),
        ("names", ["a", "b", "c"], "$.names", "expected 4 names"),
        ("names/1", "seat 0", "$.names[1]", "is a name already"),
        ("names/1", 5, "$.names[1]", "expected printable text"),
        ("names/1", " \u200b", "$.names[1]", "expected printable text"),
        ("names/1", "a\nb", "$.names[1]", "expected printable text"),
        ("dead_player", True, "$.names", "expected 5 names"),
        ("dead_player", "no", "$.dead_player", "true or false"),
        ("seed", -1, "$.seed", "from 0 to 9223372036854775807"),
        ("seed", 2**63, "$.seed", "from 0 to 9223372036854775807"),
    ],
)
def test_a_bad_match_record_is_refused_with_its_path(
    path: str, value: object, where: str, words: str
) -> None:
    with pytest.raises(RecordError) as caught:
        records.decode(edited(match_record(), path, value))
    assert caught.value.path == where, caught.value
    assert words in caught.value.reason


def test_a_match_with_a_finished_deal_in_progress_or_an_unfinished_deal_is_refused() -> None:
    record = match_record()
    assert record["current"] is None and record["first_dealer"] == 1
    unfinished = edited(record, "deals/1/moves", record["deals"][1]["moves"][:10])
    with pytest.raises(RecordError, match="is not finished"):
        records.decode(unfinished)
    open_ended = edited(record, "deals_to_play", None)
    with pytest.raises(RecordError, match="expected the deal in progress"):
        records.decode(open_ended)
    finished = edited(open_ended, "current", record["deals"][1])
    with pytest.raises(RecordError) as caught:
        records.decode(finished)
    assert caught.value.path == "$.current.dealer"


def test_only_states_and_matches_are_written_and_only_text_read() -> None:
    for value in (None, "state", 3, ft.FOUR_PLAYER):
        with pytest.raises(ft.TarotTypeError):
            records.dumps(value)  # type: ignore[arg-type]
    with pytest.raises(ft.TarotTypeError):
        records.dumps(played(), indent="2")  # type: ignore[arg-type]
    with pytest.raises(ft.TarotTypeError):
        records.loads(None)  # type: ignore[arg-type]
    with pytest.raises(ft.TarotTypeError):
        records.load("game.json")  # type: ignore[arg-type]
    with pytest.raises(ft.TarotTypeError):
        records.iter_load("one line")
    with pytest.raises(ft.TarotTypeError):
        records.dump_many(3, io.StringIO())  # type: ignore[arg-type]
    with pytest.raises(ft.TarotTypeError):
        list(records.iter_load([3]))  # type: ignore[arg-type]


def test_a_record_error_pickles_with_its_data() -> None:
    import pickle

    error = RecordError("$.moves[3]", "why", 3, 7, False)
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.path, copy.reason, copy.action, copy.line) == ("$.moves[3]", "why", 3, 7)
    assert copy.shape is False and RecordError("$", "why").shape is True
    assert str(copy) == str(error) == "invalid record at line 7, $.moves[3]: why"


def test_the_command_line_plays_saves_and_replays_a_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from frenchtarot._cli import main

    path = tmp_path / "game.json"
    argv = ["match", "--deals", "5", "--seed", "1", "--players", "4", "--save", str(path)]
    assert main(argv) == 0
    played_out = capsys.readouterr().out
    assert played_out.startswith("Seed: 1 (repeat with --seed 1)\n")
    match = records.loads(path.read_text("utf-8"))
    assert isinstance(match, Match) and match.is_over and len(match.scored) == 5
    assert match == play_match(new_match(4, deals=5, seed=1), [SimplePlayer()] * 4)
    sheet = str(match.sheet)
    assert sheet in played_out
    assert main(["replay", str(path)]) == 0
    assert sheet in capsys.readouterr().out


def test_the_command_line_prints_the_seed_it_drew(capsys: pytest.CaptureFixture[str]) -> None:
    from frenchtarot._cli import main

    assert main(["match", "--deals", "1", "--players", "5", "--dead-player", "--random"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    seed = int(first.split()[1])
    assert first == f"Seed: {seed} (repeat with --seed {seed})"


def test_the_command_line_replays_a_deal_and_refuses_a_bad_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from frenchtarot._cli import main

    path = tmp_path / "deal.json"
    state = ft.apply(ft.new_deal(seed=4), ft.Pass())
    path.write_text(records.dumps(state), "utf-8")
    assert main(["replay", str(path)]) == 0
    assert "with seat 2 to act" in capsys.readouterr().out
    path.write_text(records.dumps(played(4)), "utf-8")
    assert main(["replay", str(path)]) == 0
    assert "Score:" in capsys.readouterr().out
    path.write_text('{"format": "frenchtarot/9", "kind": "deal"}', "utf-8")
    assert main(["replay", str(path)]) == 1
    assert "later version" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 1
    assert "cannot read" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["match", "--players", "4", "--dead-player"])
    with pytest.raises(SystemExit):
        main(["match", "--deals", "0"])
    with pytest.raises(SystemExit):
        main(["match", "--names", "a,a,b,c"])


# --- Rules: a preset by its name, any other table in full ---------------------------------


def match_under(
    rules: ft.Rules, *, seed: int = 1, deals: int | None = 2, dead_player: bool = False
) -> Match:
    """A match of ``deals`` deals played under ``rules``, its first deal just dealt."""
    players = 5 if dead_player else rules.seats
    return new_match(players, deals=deals, seed=seed, dead_player=dead_player, rules=rules)


def played_match(rules: ft.Rules, *, seed: int = 1, dead_player: bool = False) -> Match:
    """A match under ``rules`` with one deal played by random players and the next begun."""
    match = match_under(rules, seed=seed, dead_player=dead_player)
    match = play_match(match, [RandomPlayer(seed + n) for n in range(match.players)], deals=1)
    assert match.current is not None and match.deals
    return match.apply(ft.legal_actions(match.current)[-1])


NAME_CHARACTERS = st.characters(categories=["L", "N", "P", "S"], include_characters=" ")
"""Letters, digits, punctuation and symbols of any script, and the space."""


@st.composite
def valid_rules(draw: st.DrawFn) -> ft.Rules:
    """Any valid :class:`~frenchtarot.Rules`: a preset with some of its fields changed (none,
    now and then, so that presets come up too), filtered through the class's checks."""
    base = draw(st.sampled_from(list(PRESETS.values())))
    seats = base.seats
    hand_size = draw(st.integers(min_value=3, max_value=77 // seats))
    offered = sorted(
        draw(st.sets(st.sampled_from(list(Contract)), min_size=1)), key=lambda c: c.rank
    )
    multipliers = draw(
        st.lists(
            st.integers(1, _LARGEST_BONUS),
            min_size=len(offered),
            max_size=len(offered),
            unique=True,
        )
    )
    trumps = draw(st.sets(st.integers(1, min(22, hand_size)), min_size=3, max_size=3))
    bonuses = draw(st.lists(st.integers(1, _LARGEST_BONUS), min_size=3, max_size=3))
    bonus = st.integers(0, _LARGEST_BONUS)
    changes: dict[str, Any] = {
        "hand_size": hand_size,
        "dog_size": 78 - seats * hand_size,
        "packet": draw(
            st.sampled_from([n for n in range(1, hand_size + 1) if hand_size % n == 0])
        ),
        "handfuls": tuple(zip(sorted(trumps), bonuses, strict=True)),
        "calls_partner": draw(st.booleans()) if seats == 5 else False,
        "min_cut": draw(st.integers(1, 39)),
        "contracts": tuple(zip(offered, sorted(multipliers), strict=True)),
        "petit_au_bout": draw(bonus),
        "petit_au_bout_multiplied": draw(st.booleans()),
        "slam_announced": draw(bonus),
        "slam_unannounced": draw(bonus),
        "slam_missed": draw(bonus),
        "slam_defence": draw(bonus),
    }
    kept = {field for field in changes if draw(st.booleans())}
    if {"hand_size", "dog_size", "packet", "handfuls"} & kept:
        kept |= {"hand_size", "dog_size", "packet", "handfuls"}  # one deal of the pack
    name = draw(
        st.one_of(
            st.just(base.name),
            st.text(NAME_CHARACTERS, min_size=1, max_size=12).filter(
                lambda name: name.strip() and name.isprintable()
            ),
            st.sampled_from(list(PRESETS)),
        )
    )
    try:
        return attrs.evolve(base, name=name, **{field: changes[field] for field in kept})
    except InvalidRulesError:
        reject()  # a packet too large for the dog to fit between the packets


def check_round_trip(record: State | Match) -> dict[str, Any]:
    """Write ``record``, read it back equal, validate it; its JSON object."""
    text = records.dumps(record)
    loaded = records.load_state(text) if isinstance(record, State) else records.load_match(text)
    assert loaded == record and loaded.rules == record.rules
    assert records.loads(records.dumps(record, indent=2)) == record
    document: dict[str, Any] = json.loads(text)
    VALIDATOR.validate(document)
    rules = record.rules
    if PRESETS.get(rules.name) == rules:
        assert document["rules"] == rules.name and loaded.rules is PRESETS[rules.name]
    else:
        assert isinstance(document["rules"], dict)
        assert list(document["rules"]) == list(RULES_FIELDS)
    return document


@pytest.mark.parametrize("rules", [LUDICASH, *HOUSE_RULES.values()], ids=lambda rules: rules.name)
def test_deals_and_matches_under_house_rules_round_trip_and_validate(rules: ft.Rules) -> None:
    for seed in range(3):
        check_round_trip(played(seed, rules))
        start = ft.new_deal(seed=seed, rules=rules)
        check_round_trip(ft.apply(start, ft.legal_actions(start)[-1]))
    check_round_trip(played_match(rules))
    finished = play_match(
        match_under(rules, deals=1), [RandomPlayer(n) for n in range(rules.seats)]
    )
    assert finished.is_over
    check_round_trip(finished)
    if rules.seats == 4:
        check_round_trip(played_match(rules, seed=2, dead_player=True))


@given(
    rules=valid_rules(),
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 4),
    steps=st.integers(0, 120),
)
def test_a_deal_under_any_valid_rules_round_trips_and_validates(
    rules: ft.Rules, seed: int, dealer: int, steps: int
) -> None:
    """A deal under the rules, ``steps`` random legal actions into it (or finished)."""
    state = ft.new_deal(seed=seed, dealer=dealer % rules.seats, rules=rules)
    choose = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = ft.apply(state, choose.choice(ft.legal_actions(state)))
    assert state.rules is rules
    check_round_trip(state)


@given(rules=valid_rules(), seed=st.integers(0, 2**63 - 1), dead=st.booleans())
def test_a_match_under_any_valid_rules_round_trips_and_validates(
    rules: ft.Rules, seed: int, dead: bool
) -> None:
    check_round_trip(played_match(rules, seed=seed, dead_player=dead and rules.seats == 4))


def test_each_rules_value_has_one_spelling() -> None:
    """A preset by its name, anything else as the object of every field; the object of a
    preset is refused, by the loader and by the schema."""
    assert records.encode(ft.new_deal(seed=1, rules=LUDICASH))["rules"] == "ludicash"
    for name, preset in PRESETS.items():
        record = records.encode(ft.new_deal(seed=1, rules=preset))
        assert record["rules"] == name
        spelled = {**record, "rules": rules_object(preset)}
        assert not VALIDATOR.is_valid(spelled)
        with pytest.raises(RecordError) as caught:
            records.load_state(json.dumps(spelled))
        assert caught.value.path == "$.rules" and caught.value.shape
        assert f"write the preset's name {name!r}, not its object" in caught.value.reason
    # A preset's name on other values is not the preset: written in full, read back as is.
    renamed = attrs.evolve(HOUSE_RULES[4], name="four-player")
    record = records.encode(played(3, renamed))
    assert isinstance(record["rules"], dict) and record["rules"]["name"] == "four-player"
    assert records.load_state(json.dumps(record)).rules == renamed != ft.FOUR_PLAYER


def rules_object(rules: ft.Rules) -> dict[str, Any]:
    """``rules`` as a record's rules object, built here from the class's fields."""
    fields: dict[str, Any] = attrs.asdict(rules, recurse=False)
    fields["handfuls"] = [list(pair) for pair in rules.handfuls]
    fields["contracts"] = [[contract.name.lower(), times] for contract, times in rules.contracts]
    return fields


def test_a_house_rules_object_is_every_field_under_its_name() -> None:
    record = records.encode(played(1, HOUSE_RULES[4]))
    assert record["rules"] == {
        "name": "house-4",
        "seats": 4,
        "hand_size": 18,
        "dog_size": 6,
        "packet": 3,
        "handfuls": [[10, 25], [13, 35], [15, 45]],
        "calls_partner": False,
        "min_cut": 3,
        "contracts": [["petite", 1], ["garde_sans", 5]],
        "petit_au_bout": 15,
        "petit_au_bout_multiplied": False,
        "slam_announced": 500,
        "slam_unannounced": 250,
        "slam_missed": 150,
        "slam_defence": 300,
    }
    assert record["rules"] == rules_object(HOUSE_RULES[4])
    for rules in HOUSE_RULES.values():
        assert records.encode(played(1, rules))["rules"] == rules_object(rules)


def test_the_format_of_rules_follows_the_class_and_the_notation() -> None:
    """A field added to Rules, a contract renamed or a new bound must be a decision about
    the format: each is compared here with what records and the schema say."""
    assert tuple(field.name for field in attrs.fields(ft.Rules)) == RULES_FIELDS
    assert list(CONTRACT_CODES) == list(Contract)
    assert [str(ft.Bid(contract)) for contract in Contract] == list(CONTRACT_CODES.values())
    definitions: Any = records.json_schema()["$defs"]
    assert definitions["preset"]["enum"] == list(PRESETS)
    assert definitions["contract"]["enum"] == list(CONTRACT_CODES.values())
    assert definitions["bonus"]["maximum"] == _LARGEST_BONUS
    obj = definitions["rulesObject"]
    assert list(obj["properties"]) == obj["required"] == list(RULES_FIELDS)
    for size in (3, 4, 5):
        presets = [name for name, rules in PRESETS.items() if rules.seats == size]
        condition = definitions[f"rulesOf{size}"]["anyOf"][0]
        assert condition.get("enum", [condition.get("const")]) == presets
    for name, rules in PRESETS.items():
        hands = definitions[f"dealOf:{name}"]["properties"]["hands"]["items"]
        assert hands == {"minItems": rules.hand_size, "maxItems": rules.hand_size}


def test_the_name_pattern_refuses_what_python_finds_unprintable() -> None:
    """The pattern of a name (the loader's and the schema's) refuses every character this
    Python's Unicode database puts in Cc, Cf, Cs, Co, Zl, Zp or Zs (but the space), and
    accepts every character str.isprintable accepts: it is as strict as Python on what a
    fixed pattern can say (the code points a Unicode version assigns change)."""
    excluded = {code for low, high in _EXCLUDED for code in range(low, high + 1)}
    for code in range(0x110000):
        character = chr(code)
        category = unicodedata.category(character)
        if category in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp") or (
            category == "Zs" and character != " "
        ):
            assert code in excluded, hex(code)
        if code in excluded:
            assert not character.isprintable(), hex(code)
    pattern = re.compile(NAME_REGEX)
    for code in [*range(0, 0x3000), *range(0x3000, 0x110000, 97), *(low for low, _ in _EXCLUDED)]:
        character = chr(code)
        for name in (character, f"a{character}", f"{character}b", f"a {character} b"):
            if code in excluded:
                assert not pattern.search(name) and not name_ok(name), hex(code)
            elif character.isprintable() and name.strip():
                assert pattern.search(name) and name_ok(name), hex(code)
    for blank in ("", " ", "   "):
        assert not name_ok(blank)
    assert name_ok(" Zoé ") and name_ok("王") and name_ok("seat 0") and not name_ok("a\n")


def test_the_notation_patterns_are_the_notation() -> None:
    """The schema's patterns of a card and of an action accept what str() writes, and
    nothing else the loader refuses."""
    definitions: Any = records.json_schema()["$defs"]
    card = jsonschema.Draft202012Validator(definitions["card"])
    action = jsonschema.Draft202012Validator({"$defs": definitions, "$ref": "#/$defs/action"})
    assert all(card.is_valid(str(each)) for each in ft.DECK)
    for text in ("kh", "1s", "01S", "T0", "T22", "11S", "KH\n", " KH", "EX ", "Ex", ""):
        assert not card.is_valid(text), text
    written = [*ft.legal_actions(ft.new_deal(seed=1)), ft.AnnounceSlam()]
    written += [ft.Call(each) for each in ft.DECK] + [ft.Discard(each) for each in ft.DECK]
    written += [ft.Play(each) for each in ft.DECK]
    written += [
        ft.DeclareHandful(()),
        ft.DeclareHandful(ft.DECK[:22]),
        ft.DeclareHandful(ft.DECK[-5:]),
    ]
    for each in written:
        assert action.is_valid(str(each)), str(each)
        assert records.load_action(records.dumps(each)) == each
    for text in (
        "handful T2 T1",
        "handful T1 T1",
        "handful " + " ".join(map(str, ft.DECK[:23])),
        "handful  T1",
        "handful T1 ",
        "pass\n",
        "Pass",
        "call",
        "discard KX",
        "slam ",
    ):
        assert not action.is_valid(text), text
        with pytest.raises(RecordError):
            records.decode({"format": records.FORMAT, "kind": "action", "notation": text})


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_schema_checks_the_hands_of_each_preset(name: str) -> None:
    rules = PRESETS[name]
    record: dict[str, Any] = records.encode(ft.new_deal(seed=1, rules=rules))
    VALIDATOR.validate(record)
    assert not VALIDATOR.is_valid(edited(record, "hands", record["hands"][1:]))
    assert not VALIDATOR.is_valid(edited(record, "hands/0", record["hands"][0][1:]))
    assert not VALIDATOR.is_valid(edited(record, "dog", record["dog"][1:]))
    assert not VALIDATOR.is_valid(edited(record, "dealer", rules.seats))
    # Under another name, the preset's values are a rules object: the sizes of its hands are
    # the loader's to check, the number of seats the schema's.
    spelled = edited(record, "rules", rules_object(attrs.evolve(rules, name="club")))
    assert VALIDATOR.is_valid(spelled)
    assert VALIDATOR.is_valid(edited(spelled, "hands/0", record["hands"][0][1:]))
    assert not VALIDATOR.is_valid(edited(spelled, "hands", record["hands"][1:]))
    assert not VALIDATOR.is_valid(edited(spelled, "dealer", rules.seats))


def house_deal_record() -> dict[str, Any]:
    return records.encode(played(2, HOUSE_RULES[4]))


def house_match_record() -> dict[str, Any]:
    return records.encode(played_match(HOUSE_RULES[4]))


BAD_RULES: list[tuple[str, object, str, str, bool]] = [
    # path, value, where it is refused, words of the reason, whether the schema refuses it
    ("rules", "Four Player", "$.rules", "expected a preset's name", True),
    ("rules", "six-player", "$.rules", "'ludicash') or a rules object", True),
    ("rules", 4, "$.rules", "got the number 4", True),
    ("rules", ["garde", 2], "$.rules", "got an array", True),
    ("rules/house", True, "$.rules.house", "unknown field; expected only name, seats", True),
    ("rules/slam_defence", DELETE, "$.rules", "missing field 'slam_defence'", True),
    ("rules/name", "", "$.rules.name", "not blank, got the string ''", True),
    ("rules/name", "  ", "$.rules.name", "not blank", True),
    ("rules/name", "a\ttable", "$.rules.name", "printable", True),
    ("rules/name", "\u200b", "$.rules.name", "printable", True),
    ("rules/name", "house\n", "$.rules.name", "printable", True),
    ("rules/name", None, "$.rules.name", "got null", True),
    ("rules/seats", 6, "$.rules.seats", "from 3 to 5, got 6", True),
    ("rules/seats", "4", "$.rules.seats", "expected an integer", True),
    ("rules/seats", 4.5, "$.rules.seats", "expected an integer, got the number 4.5", True),
    ("rules/hand_size", 0, "$.rules.hand_size", "from 1 to 78", True),
    ("rules/hand_size", 17, "$.rules", "do not make the 78 cards of the pack", False),
    ("rules/dog_size", True, "$.rules.dog_size", "got a boolean", True),
    ("rules/packet", 4, "$.rules", "does not divide a hand of 18", False),
    ("rules/packet", 18, "$.rules", "does not fit between 4 packets", False),
    ("rules/handfuls", [[10, 25], [13, 35]], "$.rules.handfuls", "expected 3 handfuls", True),
    ("rules/handfuls/1", [13], "$.rules.handfuls[1]", "expected 2 items", True),
    ("rules/handfuls/1/0", 10, "$.rules.handfuls[1][0]", "more trumps than the 10", False),
    ("rules/handfuls/2/0", 19, "$.rules.handfuls[2][0]", "at most 18 trumps, a hand's", False),
    ("rules/handfuls/2/0", 23, "$.rules.handfuls[2][0]", "from 1 to 22, got 23", True),
    ("rules/handfuls/0/1", 0, "$.rules.handfuls[0][1]", "from 1 to 10000", True),
    ("rules/calls_partner", True, "$.rules.calls_partner", "only at a table of 5", True),
    ("rules/calls_partner", "no", "$.rules.calls_partner", "true or false", True),
    ("rules/min_cut", 40, "$.rules.min_cut", "from 1 to 39", True),
    ("rules/contracts", [], "$.rules.contracts", "expected 1 to 4 contracts, got 0", True),
    ("rules/contracts", "garde", "$.rules.contracts", "expected an array of contracts", True),
    ("rules/contracts/1", ["garde_sans"], "$.rules.contracts[1]", "expected 2 items", True),
    ("rules/contracts/1/0", "GARDE_SANS", "$.rules.contracts[1][0]", "a contract's code", True),
    ("rules/contracts/1/0", 4, "$.rules.contracts[1][0]", "got the number 4", True),
    ("rules/contracts/1/0", "petite", "$.rules.contracts[1]", "petite comes after petite", False),
    (
        "rules/contracts",
        [["garde", 2], ["petite", 3]],
        "$.rules.contracts[1]",
        "petite comes after garde: expected each contract once, in the bidding order",
        False,
    ),
    ("rules/contracts/1/1", 1, "$.rules.contracts[1][1]", "above the x1 of petite", False),
    ("rules/contracts/0/1", 0, "$.rules.contracts[0][1]", "from 1 to 10000, got 0", True),
    ("rules/contracts/1/1", 10_001, "$.rules.contracts[1][1]", "from 1 to 10000", True),
    ("rules/petit_au_bout", -1, "$.rules.petit_au_bout", "from 0 to 10000", True),
    ("rules/petit_au_bout_multiplied", 1, "$.rules.petit_au_bout_multiplied", "true or", True),
    ("rules/slam_missed", 10**30, "$.rules.slam_missed", "from 0 to 10000", True),
]


@pytest.mark.parametrize("kind", ["deal", "match"])
@pytest.mark.parametrize(("path", "value", "where", "words", "schema_refuses"), BAD_RULES)
def test_bad_rules_are_refused_with_their_path(
    kind: str, path: str, value: object, where: str, words: str, schema_refuses: bool
) -> None:
    """The loader refuses each with a RecordError at the field; the schema refuses what a
    schema can say and accepts the rest (the cases only the loader checks)."""
    base = house_deal_record() if kind == "deal" else house_match_record()
    VALIDATOR.validate(base)
    record = edited(base, path, value)
    with pytest.raises(RecordError) as caught:
        records.decode(record)
    assert caught.value.path == where, caught.value
    assert words in caught.value.reason, caught.value
    assert caught.value.__suppress_context__
    assert VALIDATOR.is_valid(record) is not schema_refuses
    assert caught.value.shape is schema_refuses


def test_the_rules_of_a_match_must_fit_its_table() -> None:
    record: dict[str, Any] = records.encode(played_match(HOUSE_RULES[4], dead_player=True))
    assert record["dead_player"] and len(record["names"]) == 5
    five = edited(record, "rules", rules_object(HOUSE_RULES[5]))
    with pytest.raises(RecordError) as caught:
        records.decode(five)
    assert caught.value.path == "$.dead_player" and "four-player deals only" in str(caught.value)
    assert not VALIDATOR.is_valid(five)
    # Hands of 19 cards at the same table: the deals of the record are not its deals.
    other = attrs.evolve(HOUSE_RULES[4], hand_size=19, dog_size=2, packet=1)
    with pytest.raises(RecordError) as caught:
        records.decode(edited(record, "rules", rules_object(other)))
    assert caught.value.path == "$.deals[0].hands[0]" and "expected 19 cards" in str(caught.value)


def test_an_action_the_house_rules_do_not_offer_is_refused() -> None:
    record = records.encode(ft.new_deal(seed=1, rules=LUDICASH))
    record["moves"] = [[1, "petite"]]
    with pytest.raises(RecordError) as caught:
        records.decode(record)
    assert caught.value.path == "$.moves[0]" and caught.value.action == 0
    assert "petite" in caught.value.reason
    record["rules"] = "four-player"
    loaded = records.decode(record)
    assert isinstance(loaded, State) and loaded.moves == ((1, ft.Bid(Contract.PETITE)),)


# --- Fuzzing the loader: whatever the text, only a RecordError comes out ------------------
#
# A seeded loop (not Hypothesis: thousands of inputs must take seconds) mutates valid records
# of every kind: a wrong-typed value at every JSON path of every base record (deals of every
# table size, finished or not, matches of every kind, and deals and matches under house
# rules, whose rules object has paths of its own), values deleted and fields added,
# random edits of the text, truncations, deep nesting, very long strings and numbers, and
# random bytes. Each input must load (to a value equal to a fresh load of the same text) or
# raise a RecordError, with a short message, never another exception. The main suite tries
# one wrong value at every path of half the base records and a thousand random edits; the
# soak step two at every path of every base record and ``FRENCHTAROT_SOAK_DEALS`` random
# edits.

MESSAGE_BOUND = 400
LONG_CARD = "K" * 100_000


WRONG_VALUES: tuple[object, ...] = (
    None,
    True,
    0,
    -1,
    5,
    2**70,
    1.5,
    "",
    "KH",
    "pass",
    "frenchtarot/1",
    [],
    [0, "KH"],
    {},
    {"dealer": 0},
    LONG_CARD,
    "\ud800\u0085\U000e0001" * 1000,  # a lone surrogate, unprintable characters
    10**4000,
    -(10**300),
    1e308,
    [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
    {LONG_CARD: LONG_CARD},
)


def bases() -> list[dict[str, Any]]:
    """Valid records: finished and unfinished deals of every size, matches of every kind,
    deals and matches under house rules."""
    found: list[dict[str, Any]] = []
    for rules in (ft.THREE_PLAYER, ft.FOUR_PLAYER, ft.FIVE_PLAYER):
        finished = play_deal(
            ft.new_deal(seed=5, rules=rules), [RandomPlayer(n) for n in range(rules.seats)]
        )
        found.append(records.encode(finished))
        start = ft.new_deal(seed=6, rules=rules)
        found.append(records.encode(ft.apply(start, ft.legal_actions(start)[-1])))
    for players, dead in ((4, False), (5, True), (3, False), (5, False)):
        match = new_match(players, deals=2, seed=players, dead_player=dead)
        match = play_match(match, [RandomPlayer(n) for n in range(players)], deals=1)
        assert match.current is not None
        found.append(records.encode(match.apply(ft.legal_actions(match.current)[0])))
    # House rules, written in full (the main suite mutates the first and the third) or by name.
    house = HOUSE_RULES[5]
    start = ft.new_deal(seed=7, rules=house)
    found.append(records.encode(ft.apply(start, ft.legal_actions(start)[-1])))
    found.append(records.encode(played(8, LUDICASH)))
    found.append(records.encode(played_match(HOUSE_RULES[4], seed=9, dead_player=True)))
    found.append(records.encode(played_match(LUDICASH, seed=10)))
    return found


def paths(value: object, prefix: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """Every path into a JSON value, the value itself first."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


def replaced(record: Any, path: tuple[str | int, ...], value: object) -> Any:
    """A copy of ``record`` with ``value`` at ``path`` (``DELETE`` removes it), ``path`` a
    tuple of keys and indices."""
    if not path:
        return value
    head: Any = path[0]
    rest = path[1:]
    copy: Any = dict(record) if isinstance(record, dict) else list(record)
    if value is DELETE and not rest:
        del copy[head]
    elif not rest:
        copy[head] = value
    else:
        copy[head] = replaced(record[head], rest, value)
    return copy


def mutants(rng: random.Random, per_path: int, every: int) -> Iterator[str | bytes]:
    """Mutated records of one base record in ``every``: ``per_path`` wrong types at every
    path, then random edits forever."""
    originals = bases()[::every]
    texts = [json.dumps(record) for record in originals]
    for record in originals:
        for path in paths(record):
            for value in rng.sample(WRONG_VALUES, per_path):
                yield json.dumps(replaced(record, path, value))
            if path:
                yield json.dumps(replaced(record, path, DELETE))
    yield SYSTEMATIC_DONE
    while True:
        choice = rng.random()
        record = rng.choice(originals)
        text = rng.choice(texts)
        if choice < 0.05:  # nested too deep for the parser, somewhere in a record
            at = rng.randrange(len(text))
            depth = rng.choice([1_000, 100_000])
            yield text[:at] + "[" * depth + "]" * depth + text[at:]
        elif choice < 0.25:  # a wrong value somewhere
            path = rng.choice(list(paths(record)))
            yield json.dumps(replaced(record, path, rng.choice(WRONG_VALUES)))
        elif choice < 0.35:  # a field added
            path = rng.choice([p for p in paths(record) if isinstance(_at(record, p), dict)])
            extra = {**_at(record, path), rng.choice(["x", "hands ", LONG_CARD]): 1}
            yield json.dumps(replaced(record, path, extra))
        elif choice < 0.55:  # characters changed
            chars = list(text)
            for _ in range(rng.randint(1, 4)):
                chars[rng.randrange(len(chars))] = rng.choice('{}[],:"0123456789 aTKH\\x')
            yield "".join(chars)
        elif choice < 0.65:  # two cards or two moves swapped
            chars = text.split('"')
            i, j = rng.randrange(len(chars)), rng.randrange(len(chars))
            chars[i], chars[j] = chars[j], chars[i]
            yield '"'.join(chars)
        elif choice < 0.8:  # truncated
            yield text[: rng.randrange(len(text))]
        elif choice < 0.9:  # random bytes
            yield bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 60)))
        else:  # bytes of a record, one flipped
            data = bytearray(text.encode())
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
            yield bytes(data)


SYSTEMATIC_DONE = "end of the wrong values at every path"


def same_json(first: object, second: object) -> bool:
    """Whether two JSON values are equal as JSON Schema compares them: numbers by value
    (4 and 4.0 alike), but a boolean is no number."""
    if isinstance(first, bool) or isinstance(second, bool):
        return type(first) is type(second) and first == second
    if isinstance(first, (int, float)) and isinstance(second, (int, float)):
        return first == second
    if isinstance(first, list):
        return (
            isinstance(second, list)
            and len(first) == len(second)
            and all(same_json(a, b) for a, b in zip(first, second, strict=True))
        )
    if isinstance(first, dict):
        return (
            isinstance(second, dict)
            and first.keys() == second.keys()
            and all(same_json(item, second[key]) for key, item in first.items())
        )
    return type(first) is type(second) and first == second


def _at(record: Any, path: tuple[str | int, ...]) -> Any:
    for key in path:
        record = record[key]
    return record


def fuzz_the_loader(seed: int, per_path: int, every: int, edits: int) -> dict[str, int]:
    """Load every mutant of :func:`mutants` up to ``edits`` random edits; count the outcomes."""
    rng = random.Random(seed)
    outcomes = {"loaded": 0, "refused": 0, "systematic": 0}
    systematic = None
    for count, text in enumerate(mutants(rng, per_path, every), start=1):
        if text is SYSTEMATIC_DONE:
            systematic = outcomes["systematic"] = count - 1
            continue
        try:
            loaded = records.loads(text)
        except RecordError as error:
            assert len(str(error)) <= MESSAGE_BOUND, str(error)[:500]
            assert error.path.startswith("$")
            outcomes["refused"] += 1
        else:
            assert isinstance(loaded, (ft.State, Match))
            assert records.loads(records.dumps(loaded)) == loaded
            # One spelling: what loads is written back to the same JSON value.
            raw = text.decode("utf-8-sig") if isinstance(text, bytes) else text
            assert same_json(json.loads(raw), records.encode(loaded)), text[:300]
            outcomes["loaded"] += 1
        if systematic is not None and count - systematic > edits:
            break
    assert outcomes["loaded"] + outcomes["refused"] == outcomes["systematic"] + edits
    assert outcomes["refused"] > (outcomes["loaded"] + outcomes["refused"]) // 2
    return outcomes


def test_the_loader_raises_only_record_errors() -> None:
    # Every other base record: deals of each table size, finished or not, two matches, and
    # a deal and a match whose rules are written in full.
    outcomes = fuzz_the_loader(20260101, per_path=1, every=2, edits=1_000)
    assert outcomes["systematic"] > 2_000


@pytest.mark.soak
def test_soak_the_loader_raises_only_record_errors(soak_deals: int) -> None:
    outcomes = fuzz_the_loader(20260102, per_path=2, every=1, edits=soak_deals)
    assert outcomes["systematic"] > 9_000
