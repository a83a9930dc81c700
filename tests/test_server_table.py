"""A table of the server, driven directly: actions through ``act``, bots, deals, the twins.

The twin tests here drive the table object itself, as the server does for every message:
two tables whose deals differ only in cards a seat has not seen send that seat the same
frame, byte for byte, after every action up to the first one that lets it tell them apart
(the end of the deal at the latest). ``test_server_twins.py`` does the same over the
socket, in volume in its soak test.
"""

from __future__ import annotations

import json

import pytest

import frenchtarot as ft
from frenchtarot import records
from frenchtarot.errors import TarotError, TarotTypeError
from frenchtarot.match import new_match
from frenchtarot.observation import Observation
from frenchtarot.players import SimplePlayer
from frenchtarot.rules import RULES_BY_SEATS
from frenchtarot.server._table import Table
from tests.serving import Twins, table_of, twin_deals

TABLES = [pytest.param(rules, id=rules.name) for rules in RULES_BY_SEATS.values()]


def human_table(seats: int = 4, deals: int = 2, seed: int = 3) -> Table:
    return Table("t", new_match(seats, deals=deals, seed=seed), [None] * seats, 0.0)


def play_first_legal(table: Table) -> None:
    """Act for the seat to act: its first bid when it has one (so deals are played)."""
    seat = table.state.current
    assert seat is not None
    offered = ft.observe(table.state, seat).legal_actions
    bids = [action for action in offered if isinstance(action, ft.Bid)]
    table.act(seat, str(bids[0] if bids else offered[0]))


def test_a_human_acts_through_its_own_seat_only() -> None:
    table = human_table()
    seat = table.state.current
    assert seat is not None
    before = table.version
    with pytest.raises(ft.IllegalActionError) as refused:
        table.act((seat + 1) % 4, "pass")
    assert refused.value.rule.code == "not_your_turn" and table.version == before
    with pytest.raises(ft.NotationError):
        table.act(seat, "bid garde")
    table.act(seat, "garde")
    assert table.version == before + 1 and table.state.contract is ft.Contract.GARDE


def test_a_finished_deal_waits_for_every_human() -> None:
    table = human_table(seats=3, deals=2)
    while table.status == "playing":
        play_first_legal(table)
    assert table.status == "deal_over" and table.shown is not None
    header = table.header()
    assert header["waiting"] == [0, 1, 2] and header["scored"] == 1
    assert table.act(0, "pass") == (
        "between_deals",
        "the deal is over: send next to go on to the next deal",
    )
    assert table.next_deal(2) is None
    assert table.next_deal(2) is None
    assert table.status == "deal_over" and table.header()["waiting"] == [0, 1]
    table.next_deal(0)
    table.next_deal(1)
    assert table.status == "playing" and table.shown is None
    refused = table.next_deal(1)
    assert refused is not None and refused.code == "not_between_deals"
    while table.status == "playing":
        play_first_legal(table)
    assert table.status == "match_over" and table.header()["record"] is True
    refused = table.act(0, "pass")
    assert refused is not None and refused.code == "match_over"
    text = table.record()
    assert text is not None
    match = records.loads(text)
    assert isinstance(match, ft.match.Match) and match == table.match


def test_a_table_of_bots_plays_on_and_a_bad_bot_is_replaced() -> None:
    class Broken:
        def __init__(self) -> None:
            self.calls = 0

        def __call__(self, observation: Observation) -> ft.Action:
            self.calls += 1
            return ft.Play(ft.Card.parse("EX")) if self.calls % 2 else ft.Pass()

    broken = Broken()
    table = Table("b", new_match(4, deals=2, seed=5), [broken, SimplePlayer(), None, None], 0.0)
    table.humans = frozenset()  # every seat played by the test as a bot
    taken = replaced = 0
    while (turn := table.bot_turn()) is not None or table.status == "playing":
        if turn is None:  # a human seat: play it as a bot would
            seat = table.state.current
            assert seat is not None
            observation = ft.observe(table.state, seat)
            table.play_bot(seat, SimplePlayer()(observation), observation)
            continue
        seat, player, observation, version = turn
        assert version == table.version
        if table.play_bot(seat, player(observation), observation):
            taken += 1
        else:
            replaced += 1
    assert table.status == "match_over" and table.shown is not None
    assert taken and replaced and broken.calls
    assert table.record() is not None


def test_a_bot_answer_that_is_no_action_is_replaced() -> None:
    table = Table("n", new_match(3, deals=1, seed=2), [SimplePlayer()] * 3, 0.0)
    turn = table.bot_turn()
    assert turn is not None
    seat, _player, observation, _version = turn
    assert table.play_bot(seat, None, observation) is False
    assert len(table.state.history) == 1


def test_seat_tokens() -> None:
    table = Table("s", new_match(4, deals=1, seed=1), [None, SimplePlayer(), None, None], 0.0)
    assert table.tokens[1] is None
    tokens = [token for token in table.tokens if token is not None]
    assert len(set(tokens)) == 3 and all(len(token) >= 24 for token in tokens)
    for seat, token in enumerate(table.tokens):
        if token is not None:
            assert table.seat_for(token) == seat
    assert table.seat_for("") is None and table.seat_for(tokens[0][:-1]) is None
    assert table.seat_for("\ud800") is None


def test_a_table_seats_one_player_per_seat() -> None:
    with pytest.raises(ValueError, match="one player per seat"):
        Table("x", new_match(4, deals=1), [None] * 3, 0.0)
    with pytest.raises(ValueError, match="one player per seat"):
        Table("x", new_match(5, deals=1, dead_player=True), [None] * 5, 0.0)


def test_frames_are_kept_for_one_version() -> None:
    table = human_table()
    first = table.frame(0, "en", "light")
    assert table.frame(0, "en", "light") is first
    assert table.frame(None) != first
    spectator = json.loads(table.frame(None))
    assert spectator["seat"] is None and spectator["observation"]["hand"] == []
    play_first_legal(table)
    assert table.frame(0, "en", "light") != first


def test_a_closed_table_takes_nothing() -> None:
    table = human_table()
    table.closed = True
    assert table.bot_turn() is None
    assert table.act(0, "pass") == table.next_deal(0) == ("table_closed", "the table is closed")
    with pytest.raises(RuntimeError, match="is not playing"):
        table.play_bot(0, ft.Pass(), ft.observe(table.state, 0))


def test_a_bot_action_is_taken_through_act() -> None:
    table = Table("a", new_match(4, deals=1, seed=9), [SimplePlayer()] * 4, 0.0)
    turn = table.bot_turn()
    assert turn is not None
    seat, _player, observation, _version = turn
    # A bot may only act for its own seat: an action of the wrong type is refused by act
    # and replaced, never applied.
    with pytest.raises(TarotTypeError):
        ft.act(table.state, 42, seat)  # type: ignore[arg-type]
    assert table.play_bot(seat, ft.Pass(), observation) is True


# --- The twins ------------------------------------------------------------------------------


def compare_twins(twins: Twins) -> int:
    """Play both deals on tables; the watcher's frames must be equal; how many compared."""
    mine, theirs = table_of(twins.states[0]), table_of(twins.other_states[0])
    watcher = twins.watcher
    compared = 0
    for step in range(len(twins.states)):
        if step:
            seat = twins.seats[step - 1]
            mine.act(seat, str(twins.actions[step - 1]))
            theirs.act(seat, str(twins.other_actions[step - 1]))
        assert mine.frame(watcher, "fr") == theirs.frame(watcher, "fr"), (
            f"seat {watcher} tells the twins apart at step {step}"
        )
        compared += 1
    return compared


def run_twins(rules: ft.Rules, deals: int, seed: int) -> tuple[int, int, int]:
    """``deals`` twin pairs, the watcher a random seat or the public: (pairs, frames, twins
    whose partner differed)."""
    pairs = frames = partners = 0
    for twins in twin_deals(rules, deals, seed):
        pairs += 1
        frames += compare_twins(twins)
        partners += twins.partner_differs
    return pairs, frames, partners


@pytest.mark.parametrize("rules", TABLES)
def test_twin_tables_send_a_seat_the_same_frames(rules: ft.Rules) -> None:
    pairs, frames, partners = run_twins(rules, deals=8, seed=1_000)
    assert pairs == 8 and frames > 150
    if rules.calls_partner:
        assert partners > 0


def test_the_table_refuses_what_the_rules_refuse() -> None:
    table = human_table()
    seat = table.state.current
    assert seat is not None
    for text in ("", "??", "call KH", "discard T22", "T21 T20"):
        with pytest.raises(TarotError):
            table.act(seat, text)
    assert table.version == 0
