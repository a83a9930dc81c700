"""SVG pictures fit for a table in a browser: cards to click on, legible hands, names,
languages and themes, and still nothing hidden."""

from __future__ import annotations

import inspect
import itertools
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import (
    DECK,
    FIVE_PLAYER,
    FOUR_PLAYER,
    THREE_PLAYER,
    Call,
    Contract,
    Discard,
    Phase,
    Play,
    Rules,
    State,
    TarotError,
    TarotTypeError,
    legal_actions,
    observe,
    parse_action,
    svg,
)
from frenchtarot.errors import InvalidSettingsError
from frenchtarot.observation import public_view
from frenchtarot.svg import _layout, _looks
from tests.builders import play_out, twin
from tests.strategies import TABLE_IDS, TABLES
from tests.test_svg import (
    SVG,
    all_text,
    assert_refused,
    check_card_groups,
    check_observation_picture,
    deal_states,
    find_state,
    parse,
    sampled,
)

CARD_ACTIONS = (Play, Discard, Call)


def card_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if "card" in g.get("class", "").split()]


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def seeded_states(rules: Rules, seeds: int = 3) -> Iterator[State]:
    for seed in range(seeds):
        yield from sampled(deal_states(seed, "trumps" if seed % 2 else "plain", rules))


# ---------------------------------------------------------------------------------------------
# Cards to click on.


def check_actions(root: ET.Element, legal: tuple[ft.Action, ...], position: object) -> None:
    """The card groups carry exactly the legal card actions, each as its notation."""
    assert isinstance(position, (State, ft.Observation))
    wanted = {str(action) for action in legal if isinstance(action, CARD_ACTIONS)}
    found = []
    cards = {id(group) for group in card_groups(root)}
    for element in root.iter():
        action = element.get("data-action")
        legal_card = id(element) in cards and "legal" in classes(element)
        assert (action is not None) is legal_card, element.attrib
        if action is None:
            continue
        parsed = parse_action(action, position)
        assert parsed in legal
        assert isinstance(parsed, CARD_ACTIONS)
        assert action == str(parsed)
        # The card the group shows is the card of the action.
        shown = element.get("data-card") or element.get("data-choice")
        assert shown == str(parsed.card)
        assert (element.get("data-choice") is not None) is isinstance(parsed, Call)
        found.append(action)
    assert sorted(found) == sorted(wanted)
    assert root.get("data-actions") == ";".join(map(str, legal))
    for notation in filter(None, (root.get("data-actions") or "").split(";")):
        assert parse_action(notation, position) in legal


def check_hand(root: ET.Element, seat: int, hand: tuple[ft.Card, ...], legal: object) -> None:
    """The seat's hand is one group of its cards in order, the unplayable ones dimmed."""
    assert isinstance(legal, tuple)
    groups = [
        g for g in root.iter(f"{SVG}g") if "hand" in classes(g) and g.get("data-seat") == str(seat)
    ]
    if not hand:
        assert groups == []
        return
    (group,) = groups
    cards = [g for g in group if "card" in classes(g)]
    assert [ft.Card.parse(g.get("data-card", "")) for g in cards] == list(hand)
    playable = {a.card for a in legal if isinstance(a, (Play, Discard))}
    for element in cards:
        card = ft.Card.parse(element.get("data-card", ""))
        if not playable:
            assert not classes(element) & {"legal", "dimmed"}
        else:
            assert ("legal" in classes(element)) is (card in playable)
            assert ("dimmed" in classes(element)) is (card not in playable)


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_the_legal_cards_carry_their_action_and_the_others_none(rules: Rules) -> None:
    phases: set[Phase] = set()
    for state in seeded_states(rules):
        for seat in range(rules.seats):
            obs = observe(state, seat)
            legal = obs.legal_actions if obs.current == seat else ()
            if legal:
                phases.add(obs.phase)
            root = parse(svg.observation(obs))
            check_card_groups(root)
            check_actions(root, legal, obs)
            check_hand(root, seat, obs.hand, legal)
            assert root.get("data-seat") == str(seat)
            assert root.get("data-phase") == obs.phase.value
        root = parse(svg.state(state))
        legal = legal_actions(state)
        check_actions(root, legal, state)
        for seat in range(rules.seats):
            check_hand(root, seat, state.hand(seat), legal if seat == state.current else ())
    assert {Phase.BIDDING, Phase.DISCARD, Phase.PLAY} <= phases
    if rules.seats == 5:
        assert Phase.CALL in phases


def test_at_the_call_the_cards_to_call_are_a_row_of_choices() -> None:
    state = find_state(FIVE_PLAYER, lambda s: s.phase is Phase.CALL)
    taker = state.current
    assert taker is not None
    calls = [a for a in legal_actions(state) if isinstance(a, Call)]
    root = parse(check_observation_picture(state, taker))
    (row,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "choices"]
    assert [g.get("data-choice") for g in row] == [str(a.card) for a in calls]
    assert [g.get("data-action") for g in row] == [f"call {a.card}" for a in calls]
    # The hand is not to click on at the call: the choices are.
    hand = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "hand")
    assert all(g.get("data-action") is None for g in hand)
    for seat in set(range(5)) - {taker}:
        other = parse(check_observation_picture(state, seat))
        assert not [g for g in other.iter(f"{SVG}g") if g.get("class") == "choices"]
        assert other.get("data-actions") == ""


def test_in_the_ecart_each_card_that_may_go_carries_its_discard() -> None:
    state = find_state(THREE_PLAYER, lambda s: s.phase is Phase.DISCARD and not s.discard)
    taker = state.current
    assert taker is not None and len(state.hand(taker)) == 30
    root = parse(svg.observation(observe(state, taker), width=700))
    (hand,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "hand"]
    actions = {g.get("data-card"): g.get("data-action") for g in hand}
    assert len(actions) == 30
    for action in legal_actions(state):
        assert isinstance(action, Discard)
        assert actions[str(action.card)] == f"discard {action.card}"
    kept = [card for card in state.hand(taker) if Discard(card) not in legal_actions(state)]
    assert kept and all(actions[str(card)] is None for card in kept)


# ---------------------------------------------------------------------------------------------
# Legible hands: no card hides the index of another.

Box = tuple[float, float, float, float]


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def check_flow(count: int, room: float, h: float) -> _layout.Flow:
    flow = _layout._flow(count, room, h)
    w = h * _looks._RATIO
    assert len(flow.places) == count
    for i, (x, y) in enumerate(flow.places):
        assert x >= 0 and y >= 0
        assert x + w <= max(room, w) + 1e-9
        index = _layout._index_box(x, y, h)
        for later in flow.places[i + 1 :]:
            assert not overlap(index, (later[0], later[1], w, h)), (count, i, later)
    return flow


@pytest.mark.parametrize("count", [30, 24, 18])
def test_the_hands_of_the_ecart_keep_every_index_in_view_at_700_pixels(count: int) -> None:
    room = _looks._CANVAS - 2 * _looks._MARGIN
    for h in (_looks._HAND_HEIGHT, _looks._STATE_HAND_HEIGHT):
        flow = check_flow(count, room, h)
        assert flow.rows <= 2
    # At 700 pixels wide the corner's rank is drawn at least 12 pixels high.
    scale = 700 / _looks._CANVAS
    assert _looks._INDEX_RANK * _looks._STATE_HAND_HEIGHT * scale >= 11
    assert _looks._INDEX_RANK * _looks._HAND_HEIGHT * scale >= 14


@given(
    count=st.integers(0, 78),
    room=st.floats(40, 2000),
    h=st.sampled_from([48.0, 60.0, 72.0, 84.0, 96.0, 120.0]),
)
def test_no_row_of_cards_ever_hides_an_index(count: int, room: float, h: float) -> None:
    flow = check_flow(count, room, h)
    assert flow.rows == (len({y for _, y in flow.places}) if count else 0)


def translated(element: ET.Element) -> tuple[float, float]:
    match = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", element.get("transform", ""))
    assert match is not None
    return float(match[1]), float(match[2])


@pytest.mark.parametrize(
    ("rules", "phase"),
    [(THREE_PLAYER, Phase.DISCARD), (FOUR_PLAYER, Phase.DISCARD), (FOUR_PLAYER, Phase.BIDDING)],
    ids=["three-ecart", "four-ecart", "four-bidding"],
)
def test_the_picture_draws_the_hand_where_the_layout_puts_it(rules: Rules, phase: Phase) -> None:
    state = find_state(rules, lambda s: s.phase is phase and not s.discard)
    seat = state.current
    assert seat is not None
    hand = state.hand(seat)
    root = parse(svg.observation(observe(state, seat), width=700))
    (group,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "hand"]
    places = [translated(g) for g in group]
    h = _looks._HAND_HEIGHT
    flow = _layout._flow(len(hand), _looks._CANVAS - 2 * _looks._MARGIN, h)
    x0, y0 = places[0]
    assert [(round(x - x0, 2), round(y - y0, 2)) for x, y in places] == [
        (round(x, 2), round(y, 2)) for x, y in flow.places
    ]
    for rect in (g.find(f"{SVG}rect") for g in group):
        assert rect is not None and float(rect.get("height", 0)) == h


def test_a_row_of_the_hand_function_keeps_every_index_in_view() -> None:
    for size in (10, 45, 90, 300):
        root = parse(svg.hand(DECK[:30], size=size))
        places = [translated(g) for g in card_groups(root)]
        w = size * _looks._RATIO
        for i, (x, y) in enumerate(places):
            index = _layout._index_box(x, y, size)
            for later in places[i + 1 :]:
                assert not overlap(index, (later[0], later[1], w, size))


def test_text_is_fitted_and_wrapped_to_its_room() -> None:
    assert _layout._fit("short", 12, 200) == "short"
    long = _layout._fit("a name much too long for its plate", 14, 80)
    assert long.endswith("…") and _layout._text_width(long, 14) <= 80
    lines = _layout._wrap("one · two · three · four", 14, 60)
    assert len(lines) > 1 and all(_layout._text_width(line, 14) <= 60 for line in lines)
    assert _layout._wrap("x" * 200, 14, 60)[0].endswith("…")


# ---------------------------------------------------------------------------------------------
# Nothing see-through.

_OPACITY = ("opacity", "fill-opacity", "stroke-opacity")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_no_card_and_nothing_else_is_see_through(theme: str) -> None:
    for rules in TABLES:
        for state in itertools.islice(seeded_states(rules, 1), 0, None, 3):
            pictures = [svg.state(state, theme=theme)]
            pictures += [
                svg.observation(observe(state, seat), theme=theme) for seat in range(rules.seats)
            ]
            for picture in pictures:
                root = parse(picture)
                for element in root.iter():
                    assert "style" not in element.attrib
                    for name in _OPACITY:
                        value = element.get(name)
                        assert value is None or float(value) >= 1, (name, value)
                for group in card_groups(root):
                    if "dimmed" in classes(group):
                        rect = group.find(f"{SVG}rect")
                        assert rect is not None
                        assert rect.get("fill") == _looks.THEMES[theme].dimmed


# ---------------------------------------------------------------------------------------------
# Names, languages and themes.

NAMES = ['<b>Zoé</b> & "co"', "O'Brien", "Ünïcødé 名前 ☺", "a" * 40, "Ève"]


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_names_label_the_seats_and_are_escaped(rules: Rules) -> None:
    names = NAMES[: rules.seats]
    state = find_state(rules, lambda s: s.phase is Phase.PLAY and len(s.tricks) >= 1)
    for seat in range(rules.seats):
        picture = svg.observation(observe(state, seat), names=names)
        root = parse(picture)  # well-formed, so the names were escaped
        assert "<b>" not in picture
        plates = {g.get("data-seat"): g for g in root.iter(f"{SVG}g") if g.get("class") == "seat"}
        for number, name in enumerate(names):
            title = plates[str(number)].find(f"{SVG}title")
            assert title is not None and title.text is not None
            assert title.text.startswith(name)
            shown = next(t.text or "" for t in plates[str(number)].iter(f"{SVG}text"))
            # Long names are cut short on the plate, and whole in its tooltip.
            assert shown.removesuffix(" (you)").rstrip("…") in name
        text = all_text(root)
        assert "seat 0" not in text and "Seat 0" not in text
        assert names[seat] in text
    trick = state.tricks[-1]
    root = parse(svg.trick(trick.cards, trick.leader, rules.seats, names=names))
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert "O'Brien" in labels and any(label and label.startswith("<b>Zoé") for label in labels)
    text = all_text(parse(svg.state(state, names=names)))
    assert all(name in text for name in names)


FRENCH_WORDS = ("Votre main", "Chien", "Donneur")
ENGLISH_WORDS = ("Your hand", "Dog", "Dealer")


@pytest.mark.parametrize(
    "contract", list(Contract), ids=[contract.name.lower() for contract in Contract]
)
def test_french_labels_name_the_contracts_in_full(contract: Contract) -> None:
    state = ft.new_deal(seed=3)
    state = play_out(state, [ft.Bid(contract), "pass", "pass", "pass"])
    texts = {
        lang: all_text(parse(svg.observation(observe(state, 2), lang=lang)))
        for lang in ("en", "fr")
    }
    assert all(word in texts["fr"] for word in (*FRENCH_WORDS, "Preneur", contract.french))
    assert not any(word in texts["fr"] for word in (*ENGLISH_WORDS, "Taker"))
    assert all(word in texts["en"] for word in (*ENGLISH_WORDS, "Taker"))
    assert contract.name.lower().replace("_", " ") in texts["en"]


def test_french_pictures_speak_french_from_the_bidding_to_the_score() -> None:
    found: set[str] = set()
    for rules in TABLES:
        for state in seeded_states(rules, 2):
            for seat in range(rules.seats):
                root = parse(svg.observation(observe(state, seat), lang="fr"))
                check_card_groups(root)  # the corners read R D C V
                assert root.get("lang") == "fr"
                text = all_text(root)
                found |= {
                    word
                    for word in (
                        "enchères",
                        "écart",
                        "sur",
                        "donne terminée",
                        "Appel",
                        "Scores :",
                        "Poignée",
                        "remporté par",
                    )
                    if word in text
                }
                for english in ("Your ", " cards", "Dealer", "Trick ", "won by", "Handful"):
                    assert english not in text, english
    assert len(found) == 8, found
    king = svg.card(ft.Card.parse("KH"), lang="fr")
    assert ">R<" in king and ">K<" not in king


def colourless(picture: str) -> str:
    return re.sub(r"#[0-9a-f]{6}", "#", picture)


def test_the_two_themes_differ_in_colours_only() -> None:
    state = find_state(FIVE_PLAYER, lambda s: s.phase is Phase.PLAY and bool(s.current_trick))
    for seat in range(5):
        light = svg.observation(observe(state, seat))
        assert light == svg.observation(observe(state, seat), theme="light")
        dark = svg.observation(observe(state, seat), theme="dark")
        assert light != dark and colourless(light) == colourless(dark)
        grounds = [parse(p).find(f"{SVG}rect") for p in (light, dark)]
        assert [g.get("fill") for g in grounds if g is not None] == [
            _looks.THEMES["light"].ground,
            _looks.THEMES["dark"].ground,
        ]
    assert svg.state(state) != svg.state(state, theme="dark")
    assert svg.trick(DECK[:3], 0, 3) != svg.trick(DECK[:3], 0, 3, theme="dark")


# ---------------------------------------------------------------------------------------------
# Nothing hidden: the picture is the same for two deals the seat cannot tell apart.


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_the_picture_is_the_same_for_deals_the_seat_cannot_tell_apart(rules: Rules) -> None:
    rng = random.Random(rules.seats)
    names = ["Ann", "Bo & Co", "<Cy>", "Dé", "E'e"][: rules.seats]
    views = 0
    for seed in itertools.count():
        if views >= 250:
            break
        for number, state in enumerate(
            deal_states(seed, "trumps" if seed % 3 else "plain", rules)
        ):
            if number % 3:
                continue
            seat = rng.randrange(rules.seats)
            found = twin(state, rng, seat)
            if found is None:
                continue
            other = found[0]
            options: dict[str, object] = {
                "names": rng.choice([None, names]),
                "lang": rng.choice(["en", "fr"]),
                "theme": rng.choice(["light", "dark"]),
                "width": rng.choice([None, 700]),
            }
            mine = svg.observation(observe(state, seat), **options)  # type: ignore[arg-type]
            assert mine == svg.observation(observe(other, seat), **options)  # type: ignore[arg-type]
            views += 1


# ---------------------------------------------------------------------------------------------
# Arguments.


def test_the_new_arguments_are_keyword_only() -> None:
    functions: list[tuple[Callable[..., object], tuple[str, ...]]] = [
        (svg.card, ("lang", "theme")),
        (svg.hand, ("lang", "theme")),
        (svg.trick, ("names", "lang", "theme")),
        (svg.observation, ("names", "lang", "theme")),
        (svg.state, ("names", "lang", "theme")),
    ]
    for function, names in functions:
        parameters = inspect.signature(function).parameters
        for name in names:
            assert parameters[name].kind is inspect.Parameter.KEYWORD_ONLY


OBS = observe(ft.new_deal(seed=1), 0)
STATE = ft.new_deal(seed=1)
KH = ft.Card.parse("KH")

REFUSALS: list[tuple[Callable[[], object], type[TarotError], str]] = [
    (lambda: svg.observation(OBS, names="Ann Bo Cy Di"), TarotTypeError, "names"),
    (lambda: svg.observation(OBS, names=["Ann", "Bo", "Cy"]), InvalidSettingsError, "4, one"),
    (lambda: svg.observation(OBS, names=["A", "B", "C", 4]), TarotTypeError, "4"),  # type: ignore[list-item]
    (lambda: svg.observation(OBS, names=["A", "B", "C", " "]), InvalidSettingsError, "' '"),
    (lambda: svg.observation(OBS, names=["A", "B", "C", "x" * 41]), InvalidSettingsError, "40"),
    (lambda: svg.observation(OBS, names=["A", "B", "C", "a\nb"]), InvalidSettingsError, "\\n"),
    (lambda: svg.observation(OBS, names=iter("ABCD")), TarotTypeError, "names"),  # type: ignore[arg-type]
    (lambda: svg.observation(OBS, lang="de"), InvalidSettingsError, "'de'"),
    (lambda: svg.observation(OBS, lang=None), TarotTypeError, "lang"),  # type: ignore[arg-type]
    (lambda: svg.observation(OBS, theme="blue"), InvalidSettingsError, "'light' or 'dark'"),
    (lambda: svg.observation(OBS, theme=1), TarotTypeError, "theme"),  # type: ignore[arg-type]
    (lambda: svg.state(STATE, names=["A", "B"]), InvalidSettingsError, "names"),
    (lambda: svg.state(STATE, lang="FR"), InvalidSettingsError, "lang"),
    (lambda: svg.trick([KH], 0, 3, names=["A", "B", "C", "D"]), InvalidSettingsError, "3"),
    (lambda: svg.trick([KH], 0, 3, theme="sepia"), InvalidSettingsError, "theme"),
    (lambda: svg.hand([KH], lang="es"), InvalidSettingsError, "'en' or 'fr'"),
    (lambda: svg.card(KH, theme=None), TarotTypeError, "theme"),  # type: ignore[arg-type]
    (lambda: svg.observation(OBS, spectator=1), TarotTypeError, "spectator"),  # type: ignore[arg-type]
    (lambda: svg.observation(OBS, spectator=True), InvalidSettingsError, "public view"),
    (lambda: svg.observation(attrs.evolve(OBS, public=True)), InvalidSettingsError, "public view"),
]


@pytest.mark.parametrize(("call", "error", "words"), REFUSALS)
def test_wrong_names_languages_and_themes_are_refused(
    call: Callable[[], object], error: type[TarotError], words: str
) -> None:
    assert_refused(call, error, words)


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_a_spectator_s_picture_says_you_to_no_seat(rules: Rules) -> None:
    state = play_out(ft.new_deal(seed=5, rules=rules), "pass " * (rules.seats - 1))
    assert state.current is not None
    public = attrs.evolve(ft.observe(state, state.current), hand=(), legal_actions=())
    for lang, you in (("en", "(you)"), ("fr", "(vous)")):
        seat = svg.observation(public, lang=lang)
        watched = svg.observation(public, lang=lang, spectator=True)
        assert you in seat and parse(seat).get("data-seat") == str(state.current)
        assert you not in watched and parse(watched).get("data-seat") is None
        hand = "Your hand" if lang == "en" else "Votre main"
        assert hand in seat and hand not in watched
        title = "What everyone sees" if lang == "en" else "Ce que voit toute la table"
        assert title in all_text(parse(watched)) and title not in seat


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_a_public_view_is_drawn_for_a_spectator_without_asking(rules: Rules) -> None:
    state = play_out(ft.new_deal(seed=5, rules=rules), "pass " * (rules.seats - 1))
    assert state.current is not None
    view = public_view(ft.observe(state, state.current))
    for lang, you in (("en", "(you)"), ("fr", "(vous)")):
        drawn = svg.observation(view, lang=lang)
        assert drawn == svg.observation(view, lang=lang, spectator=True)
        assert you not in drawn and parse(drawn).get("data-seat") is None
        unmarked = svg.observation(attrs.evolve(view, public=False), lang=lang)
        assert you in unmarked and parse(unmarked).get("data-seat") == str(state.current)
    assert view._repr_svg_() == svg.observation(view)


def test_the_settings_error_is_exported_by_the_pictures() -> None:
    assert svg.InvalidSettingsError is ft.errors.InvalidSettingsError
    assert "InvalidSettingsError" in svg.__all__


@given(a=st.from_type(object), b=st.text(max_size=3))
def test_whatever_names_languages_and_themes_only_tarot_errors_come_out(a: object, b: str) -> None:
    calls: list[Callable[[], object]] = [
        lambda: svg.observation(OBS, names=a),  # type: ignore[arg-type]
        lambda: svg.observation(OBS, lang=a),  # type: ignore[arg-type]
        lambda: svg.state(STATE, theme=a),  # type: ignore[arg-type]
        lambda: svg.observation(OBS, names=[b] * 4, lang="fr"),
        lambda: svg.trick([KH], 0, 3, names=[b, "x", "y"], lang=b),
    ]
    for call in calls:
        try:
            picture = call()
        except TarotError as error:
            assert len(str(error)) < 300
        else:
            parse(str(picture))
