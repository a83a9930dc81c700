"""Fuzzing the record loader: whatever the text, only a ``TarotError`` comes out.

A seeded loop (not Hypothesis: ten thousand inputs must take seconds) mutates valid records
of every kind: a wrong-typed value at every JSON path of every base record (deals of every
table size, finished or not, and matches of every kind), values deleted and fields added,
random edits of the text, truncations, deep nesting, very long strings and numbers, and
random bytes. Each input must load (to a value equal to a fresh load of the same text) or
raise a :class:`~RecordError`, with a short message, never another exception.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import frenchtarot as ft
from frenchtarot import records
from frenchtarot.errors import RecordError
from frenchtarot.match import Match, new_match, play_match
from frenchtarot.players import RandomPlayer, play_deal

#: Random mutants after the wrong value at every path: at least this many go through.
INPUTS = 5_000
MESSAGE_BOUND = 400
LONG = "K" * 100_000

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
    LONG,
    "\ud800\u0085\U000e0001" * 1000,  # a lone surrogate, unprintable characters
    10**4000,
    -(10**300),
    1e308,
    [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
    {LONG: LONG},
)


def bases() -> list[dict[str, Any]]:
    """Valid records: finished and unfinished deals of every size, matches of every kind."""
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
    """A copy of ``record`` with ``value`` at ``path`` (``DELETE`` removes it)."""
    if not path:
        return value
    head: Any = path[0]
    rest = path[1:]
    copy: Any = dict(record) if isinstance(record, dict) else list(record)
    if value is DELETE and not rest:
        del copy[head]
    else:
        copy[head] = replaced(record[head], rest, value)
    return copy


DELETE = object()


def mutants(rng: random.Random) -> Iterator[str | bytes]:
    """Mutated records: wrong types at every path, then random edits until enough."""
    originals = bases()
    texts = [json.dumps(record) for record in originals]
    for record in originals:
        for path in paths(record):
            for value in rng.sample(WRONG_VALUES, 2):
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
            extra = {**_at(record, path), rng.choice(["x", "hands ", LONG]): 1}
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


def _at(record: Any, path: tuple[str | int, ...]) -> Any:
    for key in path:
        record = record[key]
    return record


def test_the_loader_raises_only_record_errors() -> None:
    rng = random.Random(20260101)
    outcomes = {"loaded": 0, "refused": 0}
    start = time.perf_counter()
    systematic = None
    for count, text in enumerate(mutants(rng), start=1):
        if text is SYSTEMATIC_DONE:
            systematic = count - 1
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
            outcomes["loaded"] += 1
        if systematic is not None and count - systematic > INPUTS:
            break
    elapsed = time.perf_counter() - start
    total = sum(outcomes.values())
    assert systematic is not None and systematic > 9_000
    assert total == systematic + INPUTS >= 10_000
    assert outcomes["refused"] > total // 2
    assert elapsed < 120, f"{total} inputs took {elapsed:.1f} s"
