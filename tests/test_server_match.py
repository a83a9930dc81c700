"""Whole matches at the table server, over ASGI (Starlette's test client).

Whole matches at 3, 4 and 5 seats are played by scripted humans over their sockets and by
bots, with a spectator watching, while the humans also misbehave: they act for another
seat, send oversized, malformed and unknown messages, flood the server, reconnect with the
same link and open a second device. Every refusal must come back as an error frame, the
table must go on, and the match record must hold every action the humans had accepted, in
order. The rest of the app (pages, lobby, connections) is in ``test_server_app.py``.
"""

from __future__ import annotations

import random
import time
import warnings
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette >= 1.0 prefers httpx2, and says so
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient

import frenchtarot as ft
from frenchtarot import records
from frenchtarot.match import Match
from frenchtarot.observation import Observation, public_view
from frenchtarot.players import SimplePlayer
from frenchtarot.server import Settings
from tests.app_client import FAST, at_least, newer, open_table, serving, tokens_of
from tests.serving import Frame, Socket, close_socket, open_socket


def pick(view: Frame, rng: random.Random) -> str:
    """A scripted human's choice among the actions its view offers."""
    offered = [str(action["notation"]) for action in view["actions"]]
    if view["phase"] == "bidding" and len(offered) > 1 and rng.random() < 0.5:
        return offered[1]
    handfuls = [notation for notation in offered if notation.startswith("handful")]
    if handfuls and rng.random() < 0.5:
        return handfuls[0]
    return rng.choice(offered)


class Misbehaviour:
    """What a scripted human does wrong, at its turn, before its real action."""

    def __init__(self, client: TestClient, table_id: str, tokens: dict[int, str]) -> None:
        self.client = client
        self.table_id = table_id
        self.tokens = tokens
        self.errors: list[str] = []
        self.done: set[str] = set()
        self.listening: list[Socket] = []
        """Sockets of a seat left open when the seat went on from a second device."""

    def expect(self, socket: Socket, code: str, rule: str | None = None) -> None:
        error = socket.until_error()
        assert error["code"] == code, error
        if rule is not None:
            assert error["rule"] == rule, error
        self.errors.append(code)

    def run(
        self, kind: str, seat: int, humans: dict[int, Socket], spectator: Socket, view: Frame
    ) -> None:
        socket = humans[seat]
        others = [other for other in humans if other != seat]
        self.done.add(kind)
        if kind == "other seat" and others:
            humans[others[0]].act(view["actions"][0]["notation"])
            self.expect(humans[others[0]], "illegal_action", "not_your_turn")
        elif kind == "seat field":
            socket.send({"type": "act", "action": view["actions"][0]["notation"], "seat": 0})
            self.expect(socket, "bad_message")
        elif kind == "oversized":
            socket.act("pass " * 200)
            self.expect(socket, "too_large")
        elif kind == "malformed":
            socket.send_text("{not json")
            self.expect(socket, "bad_json")
            socket.send_text("[1, 2]")
            self.expect(socket, "bad_message")
            socket.session.send_bytes(b'{"type": "act", "action": "pass"}')
            self.expect(socket, "bad_message")
            socket.send({"type": "dance"})
            self.expect(socket, "bad_message")
            socket.send({"type": "act", "action": 5})
            self.expect(socket, "bad_message")
            socket.send({"type": "hello", "token": self.tokens[seat]})
            self.expect(socket, "bad_message")
        elif kind == "nonsense":
            socket.act("garde sans le chien du tout")
            self.expect(socket, "bad_notation")
            socket.act("call KH" if view["phase"] != "call" else "discard 2S")
            self.expect(socket, "illegal_action")
        elif kind == "spectator":
            spectator.act(view["actions"][0]["notation"])
            self.expect(spectator, "spectator")
            spectator.send({"type": "next"})
            self.expect(spectator, "spectator")
        elif kind == "next":
            socket.send({"type": "next"})
            self.expect(socket, "not_between_deals")
        elif kind == "flood":
            for _ in range(120):
                socket.send_text("{")
            codes = [socket.until_error()["code"] for _ in range(120)]
            assert set(codes) == {"bad_json", "rate_limited"}, set(codes)
            self.errors += codes
            time.sleep(FAST.action_burst / FAST.actions_per_second + 0.05)
        elif kind == "reconnect":
            close_socket(socket)
            again = open_socket(self.client, self.table_id, self.tokens[seat])
            fresh = again.until_view()
            assert fresh["seat"] == seat and fresh["version"] == view["version"]
            assert again.text.split(',"svg"')[0] == socket.text.split(',"svg"')[0]
            humans[seat] = again
        elif kind == "second device":
            second = open_socket(self.client, self.table_id, self.tokens[seat])
            assert second.until_view()["version"] == view["version"]
            humans[seat] = second  # acts from the second device; the first one still listens
            self.listening.append(socket)


KINDS = (
    "other seat",
    "seat field",
    "oversized",
    "malformed",
    "nonsense",
    "spectator",
    "next",
    "flood",
    "reconnect",
    "second device",
)


def play_match(
    client: TestClient, table: dict[str, Any], seed: int, misbehave: bool = True
) -> tuple[list[tuple[int, str]], Frame, Misbehaviour]:
    """Play the table's match to its end: the humans over their sockets, the bots on their
    own, a spectator watching. Returns the humans' accepted actions, the spectator's last
    view and what went wrong on purpose."""
    rng = random.Random(seed)
    tokens = tokens_of(table)
    spectator = open_socket(client, table["id"])
    humans = {seat: open_socket(client, table["id"], token) for seat, token in tokens.items()}
    wrong = Misbehaviour(client, table["id"], tokens)
    kinds = list(KINDS)
    sent: list[tuple[int, str]] = []
    asked: set[int] = set()
    view = spectator.until_view()
    turns = 0
    while view["status"] != "match_over":
        version = view["version"]
        if view["status"] == "deal_over":
            for seat in view["waiting"]:
                if seat not in asked:
                    asked.add(seat)
                    humans[seat].send({"type": "next"})
            view = spectator.until_view(newer(version))
            continue
        asked.clear()
        seat = view["current"]
        if seat in humans:
            mine = humans[seat].until_view(at_least(version))
            assert mine["seat"] == seat and mine["current"] == seat and mine["actions"]
            turns += 1
            if misbehave and kinds and turns % 2 == 0:
                wrong.run(kinds.pop(0), seat, humans, spectator, mine)
            notation = pick(mine, rng)
            humans[seat].act(notation)
            sent.append((seat, notation))
        view = spectator.until_view(newer(version))
    for socket in [*humans.values(), *wrong.listening]:
        final = socket.until_view(lambda frame: frame["status"] == "match_over")
        assert final["breakdown"] == view["breakdown"] and final["sheet"] == view["sheet"]
    check_views_load(spectator, humans)
    return sent, view, wrong


def check_views_load(spectator: Socket, humans: dict[int, Socket]) -> None:
    """The observation record of every view frame received, read as sent by the library's
    own reader: the spectator's a public view, each seat's its own observation; each writes
    back to the same bytes."""
    for socket, seat in [(spectator, None), *((socket, seat) for seat, socket in humans.items())]:
        texts = [text for text in socket.texts if text.startswith('{"type":"view"')]
        assert len(texts) == len(socket.views) > 0
        for text in texts:
            record = text.partition(',"observation":')[2][:-1]
            observation = records.load_observation(record)
            assert records.dumps(observation) == record
            assert observation.public is (seat is None)
            if seat is None:
                assert public_view(observation) == observation
            else:
                assert observation.seat == seat


def check_record(
    client: TestClient, table_id: str, sent: list[tuple[int, str]], humans: set[int], last: Frame
) -> Match:
    answer = client.get(f"/table/{table_id}/record")
    assert answer.status_code == 200
    assert answer.headers["content-disposition"] == (
        f'attachment; filename="tarot-{table_id}.json"'
    )
    match = records.loads(answer.text)
    assert isinstance(match, Match) and match.is_over
    moves = [(seat, str(action)) for deal in match.deals for seat, action in deal.moves]
    assert [move for move in moves if move[0] in humans] == sent
    final = match.deals[-1]
    assert last["breakdown"]["deltas"] == list(ft.score(final).deltas)
    assert last["sheet"]["totals"] == list(match.sheet.totals)
    assert last["record"] is True
    return match


@pytest.mark.parametrize(
    ("seats", "bots"),
    [
        (3, [False, True, False]),
        (4, [True, False, True, True]),
        (5, [False, True, True, False, False]),
    ],
    ids=["three", "four", "five"],
)
def test_a_whole_match_of_humans_and_bots(seats: int, bots: list[bool]) -> None:
    with serving() as (client, lobby):
        table = open_table(client, seats, bots, deals=2)
        not_over = client.get(f"/table/{table['id']}/record")
        assert not_over.status_code == 409 and not_over.json()["error"] == "match_not_over"
        sent, last, wrong = play_match(client, table, seed=seats)
        humans = {seat for seat, bot in enumerate(bots) if not bot}
        match = check_record(client, table["id"], sent, humans, last)
        assert len(match.scored) == 2
        assert wrong.done >= set(KINDS) - ({"other seat"} if len(humans) == 1 else set())
        stats = lobby.stats()
        assert stats["bot_failures"] == 0 and stats["actions"] == len(sent)
        assert stats["refusals"] == len(wrong.errors)


def test_matches_of_humans_only_and_bots_only() -> None:
    with serving() as (client, _lobby):
        table = open_table(client, 4, [False] * 4, deals=1)
        sent, last, _wrong = play_match(client, table, seed=11, misbehave=False)
        check_record(client, table["id"], sent, {0, 1, 2, 3}, last)
        table = open_table(client, 3, [True] * 3, deals=3)
        sent, last, _wrong = play_match(client, table, seed=12, misbehave=False)
        assert sent == []
        match = check_record(client, table["id"], sent, set(), last)
        assert len(match.scored) == 3


# --- Failing bots and the statistics, over a whole match ---------------------------------------


def test_failing_bots_are_replaced_and_the_table_goes_on() -> None:
    class Raising:
        def __call__(self, observation: Observation) -> ft.Action:
            raise RuntimeError("a bug in a bot")

    class Slow:
        def __call__(self, observation: Observation) -> ft.Action:
            time.sleep(0.2)
            return SimplePlayer()(observation)

    class Wrong:
        def __call__(self, observation: Observation) -> ft.Action:
            return ft.Play(ft.Card.parse("EX"))

    def factory(rules: ft.Rules, seat: int) -> Any:
        return [Raising(), Slow(), Wrong()][seat]

    settings = Settings(bot_timeout=0.05, bot_threads=4)
    with serving(settings, bot_factory=factory) as (client, lobby):
        table = open_table(client, 3, [True, True, True], deals=1)
        sent, last, _wrong = play_match(client, table, seed=1, misbehave=False)
        check_record(client, table["id"], sent, set(), last)
        stats = lobby.stats()
        failures, actions = stats["bot_failures"], stats["bot_actions"]
        assert isinstance(failures, int) and isinstance(actions, int)
        assert failures >= actions * 2 // 3 > 0


def test_statistics_only_when_asked() -> None:
    with serving() as (client, _lobby):
        assert client.get("/api/stats").status_code == 404
    with serving(Settings(stats=True, bot_samples=2)) as (client, _lobby):
        table = open_table(client, 3, [True] * 3)
        play_match(client, table, seed=3, misbehave=False)
        stats = client.get("/api/stats").json()
        assert stats["tables"] == 1 and stats["bot_actions"] > 50
        assert stats["latency_samples"] > 0 and stats["latency_p99_ms"] >= 0
