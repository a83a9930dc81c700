"""Reading deal and match records: their checks and the replay of their deals.

Every check of a parsed deal or match record (its fields, their types and ranges, the
rules, the cards and actions in the library's notation; the shared checks are in
:mod:`frenchtarot.records._read`) and the replay of its deals through the rules. Each fault
raises one :class:`~frenchtarot.errors.RecordError` naming its JSON path.
"""

from __future__ import annotations

from typing import Final

from frenchtarot._core.state import State
from frenchtarot._dealing import deal_from, new_deal
from frenchtarot._engine import act
from frenchtarot.cards import Card
from frenchtarot.errors import TarotError
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
from frenchtarot.records._codes import CONTRACT_CODES
from frenchtarot.records._names import MOST_NAME
from frenchtarot.records._read import (
    FORMAT,
    MOST_MOVES,
    PACK,
    RULES_FIELDS,
    fail,
    read_action,
    read_array,
    read_boolean,
    read_card,
    read_card_set,
    read_integer,
    read_name,
    read_object,
    read_rules,
)
from frenchtarot.rules import PRESETS, Rules

# FORMAT, RULES_FIELDS and CONTRACT_CODES are imported from here by older code and tests.
__all__ = [
    "CONTRACT_CODES",
    "DEAL_FIELDS",
    "FORMAT",
    "MATCH_FIELDS",
    "RULES_FIELDS",
    "decode_deal",
    "decode_match",
]

DEAL_FIELDS: Final = ("format", "kind", "rules", "dealer", "hands", "dog", "moves")
"""The fields of a deal record, in the order written."""
MATCH_FIELDS: Final = (
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
"""The fields of a match record, in the order written."""
_DEAL_FIELDS: Final = DEAL_FIELDS[3:]
"""The fields of a deal inside a match record."""


def decode_deal(document: dict[str, object]) -> State:
    """The state of a deal record (its format and kind checked), replayed.

    Raises:
        RecordError: The record is not a valid deal record (see
            :func:`frenchtarot.records.loads`).
    """
    record = read_object(document, "$", DEAL_FIELDS)
    return _decode_deal(record, "$", read_rules(record["rules"], "$.rules"))


def _decode_deal(record: dict[str, object], path: str, rules: Rules) -> State:
    return _replay(record, path, rules, _decode_dealt(record, path, rules))


def _decode_dealt(record: dict[str, object], path: str, rules: Rules) -> State:
    """The deal as dealt: the dealer, the hands and the dog, before any action.

    Each hand and the dog are in the order of the deck, the one spelling (``deal_from``
    would sort them). Their sizes are a fault of shape at a preset's table, whose sizes the
    schema knows, and not at a rules object's, which gives them in other fields.
    """
    dealer = read_integer(record["dealer"], f"{path}.dealer", 0, rules.seats - 1)
    hands_path = f"{path}.hands"
    raw_hands = read_array(record["hands"], hands_path, rules.seats, rules.seats, "hands")
    size, dog_size = rules.hand_size, rules.dog_size
    preset = is_preset(rules)
    hands = [
        read_card_set(hand, f"{hands_path}[{seat}]", size, size, shape=preset)
        for seat, hand in enumerate(raw_hands)
    ]
    dog = read_card_set(record["dog"], f"{path}.dog", dog_size, dog_size, shape=preset)
    try:
        return deal_from(hands, dog, dealer=dealer, rules=rules)
    except TarotError as error:
        fail(hands_path, f"the hands and the dog are not a deal: {error}", shape=False)


def is_preset(rules: Rules) -> bool:
    """Whether ``rules`` is a preset, whose sizes the schema knows."""
    return PRESETS.get(rules.name) is rules


def _replay(record: dict[str, object], path: str, rules: Rules, state: State) -> State:
    """``state`` after every action of the record's ``moves``."""
    moves_path = f"{path}.moves"
    moves = read_array(record["moves"], moves_path, 0, MOST_MOVES, "moves")
    for number, move in enumerate(moves):
        where = f"{moves_path}[{number}]"
        pair = read_array(move, where, 2, 2, "items (a seat and an action)")
        seat = read_integer(pair[0], f"{where}[0]", 0, rules.seats - 1)
        action = read_action(pair[1], f"{where}[1]")
        try:
            state = act(state, action, seat)
        except TarotError as error:
            reason = f"action {number} ({pair[1]!r} by seat {seat}): {error}"
            fail(where, reason, number, shape=False)
    return state


def decode_match(document: dict[str, object]) -> Match:
    """The match of a match record (its format and kind checked), every deal replayed.

    Raises:
        RecordError: The record is not a valid match record (see
            :func:`frenchtarot.records.loads`).
    """
    record = read_object(document, "$", MATCH_FIELDS)
    rules = read_rules(record["rules"], "$.rules")
    dead_player = read_boolean(record["dead_player"], "$.dead_player")
    players = 5 if dead_player else rules.seats
    if dead_player and rules.seats != 4:
        fail("$.dead_player", "a dead player sits out of four-player deals only")
    raw_names = read_array(record["names"], "$.names", players, players, "names")
    for number, name in enumerate(raw_names):
        read_name(name, f"$.names[{number}]", MOST_NAME)
        if name in raw_names[:number]:
            fail(f"$.names[{number}]", f"{name!r} is a name already: each player needs their own")
    try:
        names = check_names(raw_names, players)
    except TarotError as error:  # nothing the checks above let through: kept as a guard
        fail("$.names", str(error), shape=False)
    length = record["deals_to_play"]
    if length is not None:
        length = read_integer(length, "$.deals_to_play", 1)
    seed = read_integer(record["seed"], "$.seed", 0, MOST_SEED)
    first = read_integer(record["first_dealer"], "$.first_dealer", 0, players - 1)
    draw = _decode_draw(record["draw"], players, first)
    raw_deals = read_array(record["deals"], "$.deals", 0, 10**9, "deals")
    deals: list[State] = []
    dealers = bytearray([first])  # the dealer of each deal so far, then the next one
    scored = 0
    for number, raw in enumerate(raw_deals):
        path = f"$.deals[{number}]"
        if length is not None and scored == length:
            fail(path, f"the match was over after {length} scored deals", shape=False)
        deal = _match_deal(raw, path, rules, dead_player, dealers[-1], deal_seed(seed, number))
        if not deal.is_terminal:
            fail(path, "a finished deal of the match is not finished", shape=False)
        deals.append(deal)
        annulled = deal.annulment is not None
        dealers.append(next_dealer(dealers[-1], players, annulled, dead_player))
        scored += not annulled
    current = None
    if length is not None and scored == length:
        if record["current"] is not None:
            reason = f"expected null: the match is over ({length} deals scored)"
            fail("$.current", reason, shape=False)
    else:
        if record["current"] is None:
            reason = "expected the deal in progress: the match is not over"
            fail("$.current", reason, shape=False)
        current = _match_deal(
            record["current"],
            "$.current",
            rules,
            dead_player,
            dealers[-1],
            deal_seed(seed, len(deals)),
        )
        if current.is_terminal:
            reason = "the deal in progress is finished: it belongs in 'deals'"
            fail("$.current", reason, shape=False)
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
    record = read_object(raw, path, _DEAL_FIELDS)
    seat = deal_dealer_seat(dead_player, rules, dealer)
    written = read_integer(record["dealer"], f"{path}.dealer", 0, rules.seats - 1)
    if written != seat:
        why = f"player {dealer} deals it"
        if dead_player:  # always seat 3: the schema says so
            why += ", sitting out: the deal's dealer is seat 3"
        fail(f"{path}.dealer", f"expected {seat} ({why}), got {written}", shape=dead_player)
    dealt = _decode_dealt(record, path, rules)
    expected = new_deal(dealer=seat, seed=seed, rules=rules)
    if dealt.dealt != expected.dealt or dealt.dog != expected.dog:
        fail(
            f"{path}.hands",
            "the hands and the dog are not the ones the match's seed deals for this deal "
            "(its seed is derived from $.seed and the deal's number, annulled deals counted)",
            shape=False,
        )
    return _replay(record, path, rules, dealt)


def _decode_draw(value: object, players: int, first: int) -> DealerDraw | None:
    if value is None:
        return None
    # A player who draws the Excuse puts it back and draws again: no bound but the pack's.
    items = read_array(value, "$.draw", players, PACK, "draws")
    draws: list[tuple[int, Card]] = []
    for number, item in enumerate(items):
        where = f"$.draw[{number}]"
        pair = read_array(item, where, 2, 2, "items (a player and a card)")
        player = read_integer(pair[0], f"{where}[0]", 0, players - 1)
        draws.append((player, read_card(pair[1], f"{where}[1]")))
    try:
        draw = DealerDraw(tuple(draws))
    except TarotError as error:
        fail("$.draw", str(error), shape=False)
    if len(draw.cards) != players:
        fail("$.draw", f"expected a card for each of the {players} players", shape=False)
    if draw.dealer != first:
        reason = f"the draw gives player {draw.dealer} the first deal, not {first}"
        fail("$.first_dealer", reason, shape=False)
    return draw
