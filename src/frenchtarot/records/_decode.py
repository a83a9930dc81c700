"""Reading records: the checks and the replay behind :func:`frenchtarot.records.decode`.

Every check of a parsed JSON document (its format, its fields, their types and ranges, the
rules, the cards and actions in the library's notation) and the replay of its deals through
the rules. Each fault raises one :class:`~frenchtarot.errors.RecordError` naming its JSON
path. The format constants live here too (the format, the fields of a rules object, the
contracts' codes), so that :mod:`frenchtarot.records` writes what this module reads.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
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
    Contract,
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
from frenchtarot.rules import _LARGEST_BONUS, PRESETS, Rules

__all__ = ["CONTRACT_CODES", "FORMAT", "RULES_FIELDS", "decode_record", "fail"]

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
CONTRACT_CODES: Final[Mapping[Contract, str]] = MappingProxyType(
    {
        Contract.PETITE: "petite",
        Contract.GARDE: "garde",
        Contract.GARDE_SANS: "garde_sans",
        Contract.GARDE_CONTRE: "garde_contre",
    }
)
"""Each contract's code in a rules object: fixed text (the bid's notation), neither the
enum's value (its FFT multiplier) nor a Python name that a refactoring could change."""
_CONTRACTS_BY_CODE: Final = {code: contract for contract, code in CONTRACT_CODES.items()}
_PACK: Final = 78
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
    """The rules a record names (a preset) or spells out (an object of every field).

    Each field is checked in the order written, with its own path; what only the fields
    together say (that the hands and the dog make the pack, that the dog fits between the
    packets) is checked by :class:`~frenchtarot.Rules` itself, at ``path``.
    """
    if isinstance(value, str) and value in PRESETS:
        return PRESETS[value]
    if not isinstance(value, dict):
        names = ", ".join(repr(name) for name in PRESETS)
        fail(path, f"expected a preset's name ({names}) or a rules object, got {_kind(value)}")
    fields = _object(value, path, RULES_FIELDS)

    def integer(field: str, low: int, high: int) -> int:
        return _integer(fields[field], f"{path}.{field}", low, high)

    name = fields["name"]
    if not isinstance(name, str) or not name.strip() or not name.isprintable():
        fail(f"{path}.name", f"expected printable text that is not blank, got {_kind(name)}")
    seats = integer("seats", 3, 5)
    hand_size = integer("hand_size", 1, _PACK)
    dog_size = integer("dog_size", 1, _PACK)
    packet = integer("packet", 1, _PACK)
    handfuls = _handfuls(fields["handfuls"], f"{path}.handfuls", hand_size)
    calls_partner = _boolean(fields["calls_partner"], f"{path}.calls_partner")
    if calls_partner and seats != 5:
        fail(
            f"{path}.calls_partner",
            f"a partner is called only at a table of 5 seats, not {seats}: expected false",
        )
    min_cut = integer("min_cut", 1, _PACK // 2)
    contracts = _contracts(fields["contracts"], f"{path}.contracts")
    petit_au_bout = integer("petit_au_bout", 0, _LARGEST_BONUS)
    multiplied = _boolean(fields["petit_au_bout_multiplied"], f"{path}.petit_au_bout_multiplied")
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
        fail(path, f"these rules are not a table's: {error}")
    preset = PRESETS.get(rules.name)
    return preset if preset == rules else rules


def _handfuls(value: object, path: str, hand_size: int) -> tuple[tuple[int, int], ...]:
    """The three handfuls, ``[trumps, bonus]`` each, with more trumps each time."""
    most = min(22, hand_size)  # the trumps of the pack, and of a hand
    items = _array(value, path, 3, 3, "handfuls (simple, double, triple)")
    handfuls: list[tuple[int, int]] = []
    for number, item in enumerate(items):
        where = f"{path}[{number}]"
        pair = _array(item, where, 2, 2, "items, a number of trumps and a bonus,")
        trumps = _integer(pair[0], f"{where}[0]", 1, most)
        if handfuls and trumps <= handfuls[-1][0]:
            fail(
                f"{where}[0]",
                f"expected more trumps than the {handfuls[-1][0]} of the handful before, "
                f"got {trumps}",
            )
        handfuls.append((trumps, _integer(pair[1], f"{where}[1]", 1, _LARGEST_BONUS)))
    return tuple(handfuls)


def _contracts(value: object, path: str) -> tuple[tuple[Contract, int], ...]:
    """The contracts offered, ``[code, multiplier]`` each, in the bidding order."""
    items = _array(value, path, 1, len(CONTRACT_CODES), "contracts")
    codes = ", ".join(repr(code) for code in CONTRACT_CODES.values())
    contracts: list[tuple[Contract, int]] = []
    for number, item in enumerate(items):
        where = f"{path}[{number}]"
        pair = _array(item, where, 2, 2, "items, a contract's code and its multiplier,")
        code = pair[0]
        contract = _CONTRACTS_BY_CODE.get(code) if isinstance(code, str) else None
        if contract is None:
            fail(f"{where}[0]", f"expected a contract's code ({codes}), got {_kind(code)}")
        multiplier = _integer(pair[1], f"{where}[1]", 1, _LARGEST_BONUS)
        if contracts:
            before, lower = contracts[-1]
            if contract.rank <= before.rank:
                fail(
                    where,
                    f"{code} comes after {CONTRACT_CODES[before]}: expected each contract "
                    f"once, in the bidding order ({codes})",
                )
            if multiplier <= lower:
                fail(
                    f"{where}[1]",
                    f"expected a multiplier above the x{lower} of {CONTRACT_CODES[before]} "
                    f"(they rise with the contract), got {multiplier}",
                )
        contracts.append((contract, multiplier))
    return tuple(contracts)


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
