"""Reading records: the checks and the replay behind :func:`frenchtarot.records.decode`.

Every check of a parsed JSON document (its format, its fields, their types and ranges, the
cards and actions in the library's notation) and the replay of its deals through the rules.
Each fault raises one :class:`~frenchtarot.errors.RecordError` naming its JSON path. The format
constants live here too, so that :mod:`frenchtarot.records` writes what this module reads.
"""

from __future__ import annotations

import re
from typing import Final, NoReturn

from frenchtarot._checks import describe_value, quote
from frenchtarot._core.state import State
from frenchtarot._dealing import deal_from, new_deal
from frenchtarot._engine import act
from frenchtarot._notation import parse_action
from frenchtarot.actions import (
    ANNOUNCE_SLAM,
    BIDS,
    CALLS,
    DISCARDS,
    PASS,
    PLAYS,
    Action,
)
from frenchtarot.cards import DECK, Card
from frenchtarot.errors import NotationError, RecordError, TarotError
from frenchtarot.match import (
    MOST_SEED,
    Match,
    Progress,
    deal_dealer_seat,
    deal_seed,
    next_dealer,
)
from frenchtarot.match._draw import DealerDraw
from frenchtarot.match._sheet import check_names
from frenchtarot.rules import RULES_BY_SEATS, Rules

__all__ = ["FORMAT", "RULES_BY_NAME", "decode_record", "fail"]

FORMAT: Final = "frenchtarot/1"
"""The format written in every record's ``"format"`` field, with its version."""
RULES_BY_NAME: Final = {rules.name: rules for rules in RULES_BY_SEATS.values()}
"""The rules a record may name (the FFT tables), by name."""
_VERSION: Final = 1
_FORMAT_PATTERN: Final = re.compile(r"frenchtarot/([0-9]{1,9})")
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


def fail(path: str, reason: str, action: int | None = None) -> NoReturn:
    """Raise the :class:`~frenchtarot.errors.RecordError` of ``reason`` at ``path``, cut short."""
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


def _object(value: object, path: str, fields: tuple[str, ...]) -> dict[str, object]:
    if not isinstance(value, dict):
        fail(path, f"expected an object, got {_kind(value)}")
    for key in value:
        if not isinstance(key, str):
            fail(path, f"expected an object, got a key {describe_value(key)}")
        if key not in fields:
            fail(_key(path, key), f"unknown field; expected only {', '.join(fields)}")
    for field in fields:
        if field not in value:
            fail(path, f"missing field {field!r}")
    return value


def _array(value: object, path: str, low: int, high: int, what: str) -> list[object]:
    if not isinstance(value, list):
        fail(path, f"expected an array of {what}, got {_kind(value)}")
    if not low <= len(value) <= high:
        count = f"{low}" if low == high else f"{low} to {high}"
        fail(path, f"expected {count} {what}, got {len(value)}")
    return value


def _integer(value: object, path: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        fail(path, f"expected an integer, got {_kind(value)}")
    if value < low or (high is not None and value > high):
        limit = f"{low} or more" if high is None else f"from {low} to {high}"
        fail(path, f"expected an integer {limit}, got {describe_value(value)}")
    return value


def _boolean(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        fail(path, f"expected true or false, got {_kind(value)}")
    return value


def _card(value: object, path: str) -> Card:
    if not isinstance(value, str):
        fail(path, f"expected a card's notation, got {_kind(value)}")
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


def _cards(value: object, path: str, count: int) -> list[Card]:
    items = _array(value, path, count, count, "cards")
    return [_card(item, f"{path}[{n}]") for n, item in enumerate(items)]


def _action(value: object, path: str) -> Action:
    if not isinstance(value, str):
        fail(path, f"expected an action's notation, got {_kind(value)}")
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


def _rules(value: object, path: str) -> Rules:
    if not isinstance(value, str) or value not in RULES_BY_NAME:
        names = ", ".join(repr(name) for name in RULES_BY_NAME)
        fail(path, f"expected one of {names}, got {_kind(value)}")
    return RULES_BY_NAME[value]


def _check_format(document: object) -> dict[str, object]:
    if not isinstance(document, dict):
        fail("$", f"expected an object, got {_kind(document)}")
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
        fail("$.format", f"expected {FORMAT!r}, got {_kind(written)}")
    return document


def decode_record(document: object) -> State | Match:
    """The deal or match of a parsed JSON document, checked and replayed.

    Raises:
        RecordError: The document is not a valid record (see
            :func:`frenchtarot.records.loads`).
    """
    record = _check_format(document)
    kind = record.get("kind")
    if kind == "deal":
        record = _object(record, "$", _DEAL_RECORD_FIELDS)
        return _decode_deal(record, "$", _rules(record["rules"], "$.rules"))
    if kind == "match":
        return _decode_match(_object(record, "$", _MATCH_FIELDS))
    if "kind" not in record:
        fail("$", "missing field 'kind' (expected 'deal' or 'match')")
    fail("$.kind", f"expected 'deal' or 'match', got {_kind(kind)}")


def _decode_deal(record: dict[str, object], path: str, rules: Rules) -> State:
    return _replay(record, path, rules, _decode_dealt(record, path, rules))


def _decode_dealt(record: dict[str, object], path: str, rules: Rules) -> State:
    """The deal as dealt: the dealer, the hands and the dog, before any action."""
    dealer = _integer(record["dealer"], f"{path}.dealer", 0, rules.seats - 1)
    hands_path = f"{path}.hands"
    raw_hands = _array(record["hands"], hands_path, rules.seats, rules.seats, "hands")
    hands = [
        _cards(hand, f"{hands_path}[{seat}]", rules.hand_size)
        for seat, hand in enumerate(raw_hands)
    ]
    dog = _cards(record["dog"], f"{path}.dog", rules.dog_size)
    try:
        return deal_from(hands, dog, dealer=dealer, rules=rules)
    except TarotError as error:
        fail(hands_path, f"the hands and the dog are not a deal: {error}")


def _replay(record: dict[str, object], path: str, rules: Rules, state: State) -> State:
    """``state`` after every action of the record's ``moves``."""
    moves_path = f"{path}.moves"
    moves = _array(record["moves"], moves_path, 0, _MOST_MOVES, "moves")
    for number, move in enumerate(moves):
        where = f"{moves_path}[{number}]"
        pair = _array(move, where, 2, 2, "items, a seat and an action,")
        seat = _integer(pair[0], f"{where}[0]", 0, rules.seats - 1)
        action = _action(pair[1], f"{where}[1]")
        try:
            state = act(state, action, seat)
        except TarotError as error:
            fail(where, f"action {number} ({pair[1]!r} by seat {seat}): {error}", number)
    return state


def _decode_match(record: dict[str, object]) -> Match:
    rules = _rules(record["rules"], "$.rules")
    dead_player = _boolean(record["dead_player"], "$.dead_player")
    players = 5 if dead_player else rules.seats
    if dead_player and rules.seats != 4:
        fail("$.dead_player", "a dead player sits out of four-player deals only")
    raw_names = _array(record["names"], "$.names", players, players, "names")
    for number, name in enumerate(raw_names):
        if not isinstance(name, str):
            fail(f"$.names[{number}]", f"expected a name, got {_kind(name)}")
    try:
        names = check_names(raw_names, players)
    except TarotError as error:
        fail("$.names", str(error))
    length = record["deals_to_play"]
    if length is not None:
        length = _integer(length, "$.deals_to_play", 1)
    seed = _integer(record["seed"], "$.seed", 0, MOST_SEED)
    first = _integer(record["first_dealer"], "$.first_dealer", 0, players - 1)
    draw = _decode_draw(record["draw"], players, first)
    raw_deals = _array(record["deals"], "$.deals", 0, 10**9, "deals")
    deals: list[State] = []
    dealers = bytearray([first])  # the dealer of each deal so far, then the next one
    scored = 0
    for number, raw in enumerate(raw_deals):
        path = f"$.deals[{number}]"
        if length is not None and scored == length:
            fail(path, f"the match was over after {length} scored deals")
        deal = _match_deal(raw, path, rules, dead_player, dealers[-1], deal_seed(seed, number))
        if not deal.is_terminal:
            fail(path, "a finished deal of the match is not finished")
        deals.append(deal)
        annulled = deal.annulment is not None
        dealers.append(next_dealer(dealers[-1], players, annulled, dead_player))
        scored += not annulled
    current = None
    if length is not None and scored == length:
        if record["current"] is not None:
            fail("$.current", f"expected null: the match is over ({length} deals scored)")
    else:
        if record["current"] is None:
            fail("$.current", "expected the deal in progress: the match is not over")
        current = _match_deal(
            record["current"],
            "$.current",
            rules,
            dead_player,
            dealers[-1],
            deal_seed(seed, len(deals)),
        )
        if current.is_terminal:
            fail("$.current", "the deal in progress is finished: it belongs in 'deals'")
    finished = tuple(deals)
    return Match(
        rules=rules,
        names=names,
        deals_to_play=length,
        dead_player=dead_player,
        seed=seed,
        draw=draw,
        first_dealer=first,
        deals=finished,
        current=current,
        _progress=Progress(finished, bytes(dealers), scored),
    )


def _match_deal(
    raw: object, path: str, rules: Rules, dead_player: bool, dealer: int, seed: int
) -> State:
    """One deal of a match, dealt by player ``dealer`` with the deal seed ``seed``.

    Its hands and dog must be the ones that seed deals (what :func:`~frenchtarot.match.new_match`
    and the match's methods deal): the reason names the deal's seed as derived from the
    record's own ``seed``, and no card the record does not hold.
    """
    record = _object(raw, path, _DEAL_FIELDS)
    seat = deal_dealer_seat(dead_player, rules, dealer)
    if record["dealer"] != seat or isinstance(record["dealer"], bool):
        why = f"player {dealer} deals it"
        if dead_player:
            why += ", sitting out: the deal's dealer is seat 3"
        fail(f"{path}.dealer", f"expected {seat} ({why}), got {_kind(record['dealer'])}")
    dealt = _decode_dealt(record, path, rules)
    expected = new_deal(dealer=seat, seed=seed, rules=rules)
    if dealt.dealt != expected.dealt or dealt.dog != expected.dog:
        fail(
            f"{path}.hands",
            "the hands and the dog are not the ones the match's seed deals for this deal "
            "(its seed is derived from $.seed and the deal's number, annulled deals counted)",
        )
    return _replay(record, path, rules, dealt)


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
        fail("$.draw", str(error))
    if len(draw.cards) != players:
        fail("$.draw", f"expected a card for each of the {players} players")
    if draw.dealer != first:
        fail("$.first_dealer", f"the draw gives player {draw.dealer} the first deal, not {first}")
    return draw
