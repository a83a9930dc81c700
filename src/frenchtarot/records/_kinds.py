"""The kinds of record: which value each one holds, its writer and its reader.

:mod:`frenchtarot.records` writes any of them with one function and reads them with one
loader per kind (and :func:`frenchtarot.records.loads` for any kind); this module is the
table between the two. The bot protocol's messages (``"hello"``, ``"bye"``) share the format
and the schema but hold no value: they are named here only to be told apart.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, TypeAlias

from frenchtarot._checks import describe_value
from frenchtarot._core.state import State
from frenchtarot.actions import ACTION_TYPES, Action
from frenchtarot.errors import TarotTypeError
from frenchtarot.match import Match
from frenchtarot.observation import Observation
from frenchtarot.records._decode import decode_deal, decode_match
from frenchtarot.records._read import check_format, fail, kind_of
from frenchtarot.records._values import decode_action, decode_actions, decode_score
from frenchtarot.records._view import decode_observation
from frenchtarot.records._write import (
    encode_action,
    encode_actions,
    encode_match,
    encode_observation,
    encode_score,
    encode_state,
)
from frenchtarot.scoring import Score

if TYPE_CHECKING:
    from frenchtarot.records import JSONValue

__all__ = ["KINDS", "MESSAGES", "Loaded", "decode_any", "encode_any", "of_kind"]

Loaded: TypeAlias = State | Match | Observation | Action | tuple[Action, ...] | Score
"""What a record holds, of any kind."""

KINDS: Final = ("deal", "match", "observation", "action", "actions", "score")
"""The kinds of record that hold a value, which the loaders read."""
MESSAGES: Final = ("hello", "bye")
"""The bot protocol's messages: the same format, no value to load."""

_READERS: Final[dict[str, Callable[[dict[str, object]], Loaded]]] = {
    "deal": decode_deal,
    "match": decode_match,
    "observation": decode_observation,
    "action": decode_action,
    "actions": decode_actions,
    "score": decode_score,
}
_EXPECTED: Final = ", ".join(repr(kind) for kind in KINDS)


def encode_any(value: object) -> dict[str, JSONValue]:
    """The record of ``value``, of the kind its type gives.

    Raises:
        TarotTypeError: ``value`` is nothing a record holds.
    """
    if isinstance(value, Observation):
        return encode_observation(value)
    if isinstance(value, State):
        return encode_state(value)
    if isinstance(value, ACTION_TYPES):
        return encode_action(value)
    if isinstance(value, (list, tuple)):
        for item in value:
            if not isinstance(item, ACTION_TYPES):
                raise TarotTypeError(
                    f"a list written as a record holds actions only, not {describe_value(item)}"
                )
        return encode_actions(value)
    if isinstance(value, Score):
        return encode_score(value)
    if isinstance(value, Match):
        return encode_match(value)
    raise TarotTypeError(
        "a record holds a State, a Match, an Observation, an action, a list of actions or a "
        f"Score, not {describe_value(value)}"
    )


def _kind(document: object, expected: str | None) -> tuple[dict[str, object], str]:
    """The record of a parsed document and its kind, once its format is checked.

    ``expected`` is the kind a typed loader reads (``None`` for any kind). A message of the
    bot protocol is refused: the schema describes it, so this is no fault of shape for a
    loader of any kind (for a typed loader, the schema of its kind refuses it).
    """
    record = check_format(document)
    if "kind" not in record:
        fail("$", f"missing field 'kind' (expected one of {_EXPECTED})")
    kind = record["kind"]
    if kind in MESSAGES:
        reason = f"{kind!r} is a message of the bot protocol, which holds no value"
        fail("$.kind", reason, shape=expected is not None)
    if not isinstance(kind, str) or kind not in _READERS:
        fail("$.kind", f"expected one of {_EXPECTED}, got {kind_of(kind)}")
    return record, kind


def decode_any(document: object) -> Loaded:
    """The value of a parsed record of any kind, checked (and a deal's actions replayed)."""
    record, kind = _kind(document, None)
    return _READERS[kind](record)


def of_kind(document: object, kind: str) -> dict[str, object]:
    """A parsed record, its format checked and its kind ``kind``.

    A record of another kind is a fault of shape for the schema of ``kind``
    (``#/$defs/dealRecord``...), which a typed loader reads.
    """
    record, written = _kind(document, kind)
    if written != kind:
        fail("$.kind", f"expected {kind!r}, got a record of the kind {written!r}")
    return record
