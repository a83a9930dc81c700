"""The table server's views: the public view, the observation record, the picture, the frames.

These need no web framework: :mod:`frenchtarot.server` imports without Starlette.
"""

from __future__ import annotations

import json
import random

import pytest

import frenchtarot as ft
from frenchtarot import Call, Discard, Play, records, server, svg
from frenchtarot.encoding import action_id
from frenchtarot.errors import InvalidSettingsError, TarotTypeError
from frenchtarot.observation import public_view
from frenchtarot.rules import RULES_BY_SEATS
from frenchtarot.server import Settings
from frenchtarot.server import _views as views
from tests.builders import play_to_end, visible
from tests.serving import find_twins, table_of

TABLES = [pytest.param(rules, id=rules.name) for rules in RULES_BY_SEATS.values()]


def deal_path(rules: ft.Rules, seed: int) -> list[ft.State]:
    return play_to_end(ft.new_deal(seed=seed, rules=rules), random.Random(seed))


# --- The public view ------------------------------------------------------------------------


def test_the_public_view_is_the_observation_module_s() -> None:
    """The server sends spectators :func:`frenchtarot.observation.public_view`, still
    importable from :mod:`frenchtarot.server`; a spectator's observation is one."""
    assert server.public_view is public_view
    table = table_of(deal_path(ft.FIVE_PLAYER, 2)[9])
    assert table.observation(None) == public_view(ft.observe(table.state, 0))
    assert table.observation(None).public and not table.observation(0).public


@pytest.mark.parametrize("rules", TABLES)
def test_twins_give_the_public_the_same_frames(rules: ft.Rules) -> None:
    """Two deals that differ in cards nobody but their holders has seen: the spectators'
    frames are byte-identical up to the first step the public could tell them apart."""
    compared = partners = 0
    for seed in range(12):
        twins = find_twins(rules, 300 + seed, None)
        if twins is None:
            continue
        for mine, theirs in zip(twins.states, twins.other_states, strict=True):
            assert table_of(mine).frame(None) == table_of(theirs).frame(None)
            compared += 1
        partners += twins.partner_differs
    assert compared > 200
    if rules.calls_partner:
        assert partners > 0


# --- The observation record -----------------------------------------------------------------


def test_the_observation_record_holds_the_seat_s_view() -> None:
    state = ft.new_deal(seed=3, rules=ft.FIVE_PLAYER)
    text = views.view_json(ft.observe(state, state.current or 0))
    record = json.loads(text)
    assert "\n" not in text and record["kind"] == "observation"
    seat = record["seat"]
    assert record["hand"] == [str(card) for card in state.hand(seat)]
    assert record["legal_actions"] == [
        {"notation": str(a), "id": action_id(a, state.rules)} for a in ft.legal_actions(state)
    ]
    assert record["score"] is None


def test_the_observation_record_of_a_finished_deal_holds_its_score() -> None:
    final = deal_path(ft.FOUR_PLAYER, 8)[-1]
    record = json.loads(views.view_json(ft.observe(final, 2)))
    assert record["score"]["deltas"] == list(ft.score(final).deltas)
    assert record["legal_actions"] == []


def test_the_record_is_the_wire_s() -> None:
    for state in deal_path(ft.FIVE_PLAYER, 5)[::7]:
        observation = ft.observe(state, 1)
        text = views.view_json(observation)
        assert text == records.dumps(observation)
        assert records.load_observation(text) == observation
        public = public_view(observation)
        assert views.view_json(public) == records.dumps(public)
        assert records.load_observation(views.view_json(public)) == public


# --- The picture ----------------------------------------------------------------------------


def test_the_picture_marks_the_cards_the_seat_may_play() -> None:
    for state in deal_path(ft.FOUR_PLAYER, 4):
        seat = state.current
        if seat is None:
            continue
        obs = ft.observe(state, seat)
        drawing = views.picture(obs, names=("a", "b", "c", "d"), lang="en", theme="light")
        marked = set(drawing.split('data-action="')[1:])
        cards = [a for a in obs.legal_actions if isinstance(a, (Play, Discard, Call))]
        assert {entry.split('"')[0] for entry in marked} == {str(a) for a in cards}
        others = ft.observe(state, (seat + 1) % 4)
        assert 'data-action="' not in views.picture(others, names=(), lang="fr", theme="dark")


def test_the_picture_is_drawn_from_the_view_alone() -> None:
    state = deal_path(ft.FOUR_PLAYER, 2)[20]
    for seat in range(4):
        drawing = views.picture(ft.observe(state, seat), names=(), lang="en", theme="light")
        named = {part.split('"')[0] for part in drawing.split('data-card="')[1:]}
        assert named <= {str(card) for card in visible(state, seat)}


# --- Frames ---------------------------------------------------------------------------------


def test_a_view_frame_splices_the_record_in_unchanged() -> None:
    path = deal_path(ft.THREE_PLAYER, 5)
    state = path[len(path) // 2]
    table = table_of(state)
    frame = table.frame(1, "en", "light")
    body = json.loads(frame)
    assert body["type"] == "view" and body["seat"] == 1
    assert frame.endswith(',"observation":' + views.view_json(ft.observe(state, 1)) + "}")
    assert [p["name"] for p in body["players"]] == ["Ana", "Bea", "Cy"]
    assert body["actions"] == [
        {"notation": str(a), **({"card": str(a.card)} if hasattr(a, "card") else {})}
        for a in ft.observe(state, 1).legal_actions
    ]


def test_the_breakdown_says_every_part_of_the_score() -> None:
    final = deal_path(ft.FIVE_PLAYER, 6)[-1]
    result = ft.score(final)
    told = views.breakdown(result)
    assert told["deltas"] == list(result.deltas)
    assert told["contract"] == (result.contract.name.lower() if result.contract else None)
    assert told["taker_points"] == result.taker_points and told["unit"] == result.unit
    annulled = ft.new_deal(seed=1)
    for _ in range(4):
        annulled = ft.apply(annulled, ft.Pass())
    assert views.breakdown(ft.score(annulled)) == {
        "annulled": "all_passed",
        "annulled_seat": None,
        "deltas": [0, 0, 0, 0],
    }


def test_error_frames() -> None:
    assert json.loads(views.error_frame("too_large", "no")) == {
        "type": "error",
        "code": "too_large",
        "message": "no",
    }
    try:
        ft.act(ft.new_deal(seed=1), "garde", 3)
    except ft.IllegalActionError as error:
        frame = json.loads(views.refusal_frame(error))
    assert frame["code"] == "illegal_action" and frame["rule"] == "not_your_turn"
    try:
        ft.act(ft.new_deal(seed=1), "bid", 1)
    except ft.TarotError as error:
        frame = json.loads(views.refusal_frame(error))
    assert frame["code"] == "bad_notation" and "rule" not in frame


# --- Settings -------------------------------------------------------------------------------


def test_settings_check_their_values() -> None:
    assert Settings().rules == tuple(ft.rules.PRESETS)
    assert Settings(bot_delay=0).bot_delay == 0
    bad: list[tuple[dict[str, object], type[Exception], str]] = [
        ({"max_tables": 0}, InvalidSettingsError, "max_tables must be 1 or more"),
        ({"max_tables": 2.5}, TarotTypeError, "max_tables must be an int"),
        ({"bot_samples": True}, TarotTypeError, "bot_samples must be an int"),
        ({"idle_seconds": 0}, InvalidSettingsError, "idle_seconds must be a finite number above"),
        ({"bot_delay": -1}, InvalidSettingsError, "bot_delay must be a finite number 0 or more"),
        ({"actions_per_second": float("nan")}, InvalidSettingsError, "actions_per_second"),
        ({"hello_seconds": "3"}, TarotTypeError, "hello_seconds must be a number"),
        ({"rules": "four-player"}, TarotTypeError, "rules must be a tuple"),
        ({"rules": ()}, InvalidSettingsError, "at least one preset"),
        ({"rules": ("four-player", "tarot")}, InvalidSettingsError, "no preset is called 'tarot'"),
        ({"rules": (4,)}, InvalidSettingsError, "no preset is called 4"),
        ({"stats": 1}, TarotTypeError, "stats must be a bool"),
    ]
    for fields, error, message in bad:
        with pytest.raises(error, match=message):
            Settings(**fields)  # type: ignore[arg-type]


def test_the_picture_takes_names_language_theme_and_the_spectator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: dict[str, object] = {}

    def observation(obs: ft.Observation, **options: object) -> str:
        seen.update(options)
        return "<svg/>"

    monkeypatch.setattr(svg, "observation", observation)
    obs = ft.observe(ft.new_deal(seed=1), 0)
    assert views.picture(obs, names=["a", "b", "c", "d"], lang="en", theme="dark") == "<svg/>"
    assert seen == {
        "width": 820,
        "names": ("a", "b", "c", "d"),
        "lang": "en",
        "theme": "dark",
        "spectator": False,
    }
    views.picture(obs, names=(), lang="fr", theme="light", spectator=True)
    assert seen["names"] is None and seen["spectator"] is True


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_spectator_s_picture_calls_no_seat_you(lang: str) -> None:
    table = table_of(deal_path(ft.FIVE_PLAYER, 6)[12])
    assert table.state.current is not None
    spectator = json.loads(table.frame(None, lang))
    seat = json.loads(table.frame(table.state.current, lang))
    you, hand = ("(you)", "Your hand") if lang == "en" else ("(vous)", "Votre main")
    assert you in seat["svg"] and hand in seat["svg"] and 'class="hand"' in seat["svg"]
    for words in (you, hand, 'class="hand"', "data-action="):
        assert words not in spectator["svg"]
