"""SVG pictures: well-formed, deterministic, typed, and never showing a hidden card."""

from __future__ import annotations

import doctest
import hashlib
import itertools
import math
import os
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import (
    DECK,
    FIVE_PLAYER,
    Card,
    InvalidCardError,
    InvalidRulesError,
    InvalidSeatError,
    Phase,
    Play,
    Rules,
    State,
    Suit,
    TarotError,
    TarotTypeError,
    apply,
    legal_actions,
    observe,
    svg,
)
from frenchtarot._checks import describe_value
from frenchtarot.rules import LUDICASH
from frenchtarot.svg import _draw as _svg_draw
from tests.builders import (
    HOUSE_RULES,
    choose,
    deal,
    named,
    play_out,
    random_deal,
    start,
    swap_deal,
    visible,
)
from tests.builders import cards as cards_of
from tests.strategies import TABLE_IDS, TABLES, anything, states

SVG = "{http://www.w3.org/2000/svg}"
SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
RANK_LABELS = {11: "J", 12: "C", 13: "Q", 14: "K"}


# ---------------------------------------------------------------------------------------------
# Reading pictures.


def parse(picture: str) -> ET.Element:
    """The picture's root element, after checking it is a standalone SVG document."""
    assert isinstance(picture, str)
    assert picture.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    assert re.fullmatch(r"0 0 [\d.]+ [\d.]+", root.get("viewBox", ""))
    for element in root.iter():
        assert element.tag.startswith(SVG), element.tag
        assert element.tag not in (f"{SVG}image", f"{SVG}script", f"{SVG}use")
        for name, value in element.attrib.items():
            assert "href" not in name
            assert "url(" not in value and "://" not in value, (name, value)
    return root


def faces(root: ET.Element, attribute: str = "data-card") -> list[Card]:
    """The cards drawn face up with ``attribute`` (``data-card`` or ``data-called``)."""
    return [
        Card.parse(element.get(attribute, ""))
        for element in root.iter()
        if attribute in element.attrib
    ]


def all_text(root: ET.Element) -> str:
    """Every distinct piece of text of the picture: text nodes, titles, attribute values."""
    pieces = set(root.itertext())
    pieces.update(value for element in root.iter() for value in element.attrib.values())
    return "\n".join(sorted(pieces))


_WORD = re.compile(r"[^\s:,()·;]+")
_NOTATIONS = {card.notation: card for card in DECK}
_NAMES = {name: card for card in DECK for name in (card.name_en, card.name_fr)}
# Longest first, and whole names only: "Trump 2" is not found in "Trump 21".
_NAME = re.compile(
    r"(?<!\w)(?:" + "|".join(map(re.escape, sorted(_NAMES, key=len, reverse=True))) + r")(?!\w)"
)


def cards_named_in(text: str) -> set[Card]:
    """Every card whose notation (in any case) is a word of ``text``, or whose English or
    French name is in it."""
    words = {word.upper() for word in _WORD.findall(text) if word.isascii()}
    named = {_NOTATIONS[word] for word in words if word in _NOTATIONS}
    named.update(_NAMES[name] for name in _NAME.findall(text))
    return named


FRENCH_RANK_LABELS = {11: "V", 12: "C", 13: "D", 14: "R"}


def face_label(card: Card, lang: str = "en") -> tuple[str, str]:
    if card.is_excuse:
        return "★", ""
    if card.suit is None:
        return str(card.rank), ""
    letters = FRENCH_RANK_LABELS if lang == "fr" else RANK_LABELS
    return letters.get(card.rank, str(card.rank)), SUIT_SYMBOLS[card.suit]


CARD_ATTRIBUTES = ("data-card", "data-called", "data-choice")
"""What names the card of a face: where it lies, the called card, a card to call."""


def check_card_groups(root: ET.Element) -> None:
    """Each card face shows the card its ``data-card`` (or ``data-called``, or
    ``data-choice``) names, with the corner letters of the picture's language."""
    lang = root.get("lang", "en")
    for group in root.iter(f"{SVG}g"):
        if "card" not in group.get("class", "").split():
            continue
        notations = [group.get(name) for name in CARD_ATTRIBUTES if name in group.attrib]
        assert len(notations) == 1, "a card face without its notation, or with two"
        notation = notations[0]
        assert notation is not None
        drawn = Card.parse(notation)
        title = group.find(f"{SVG}title")
        assert title is not None and title.text is not None
        assert drawn.name_en in title.text and drawn.name_fr in title.text
        texts = [t.text for t in group.iter(f"{SVG}text")]
        rank, symbol = face_label(drawn, lang)
        assert rank in texts
        assert (symbol in texts) if symbol else not set(texts) & set(SUIT_SYMBOLS.values())


# ---------------------------------------------------------------------------------------------
# What a seat may see (the ground truth, from the whole state).


def expected_faces(obs: ft.Observation) -> set[Card]:
    """The cards an observation picture draws face up, from the observation."""
    cards = set(obs.hand) | set(obs.current_trick) | set(obs.shown_discard)
    cards |= set(obs.dog or ()) | set(obs.discard or ()) | set(obs.shown_hand or ())
    for handful in obs.handfuls:
        cards |= set(handful.cards)
    if obs.tricks:
        cards |= set(obs.tricks[-1].cards)
    return cards


def check_observation_picture(state: State, seat: int) -> str:
    """Draw ``seat``'s observation and check it shows all it may and nothing more."""
    obs = observe(state, seat)
    picture = svg.observation(obs)
    root = parse(picture)
    check_card_groups(root)
    drawn = faces(root)
    allowed, names = visible(state, seat), named(state, seat)
    assert set(drawn) <= allowed, (seat, sorted(set(drawn) - allowed), state)
    assert set(drawn) == expected_faces(obs)
    assert set(faces(root, "data-called")) == ({state.called} if state.called else set())
    said = cards_named_in(all_text(root))
    assert said <= names, (seat, sorted(said - names), state)
    return picture


# ---------------------------------------------------------------------------------------------
# Seeded deals, stepped at random with a bias towards the rarer situations.


def deal_states(seed: int, mode: str, rules: Rules) -> Iterator[State]:
    """Every state of a deal from :func:`random_deal`, played out with :func:`choose`."""
    state = start(random_deal(seed, mode, rules))
    rng = random.Random(seed)
    yield state
    while not state.is_terminal:
        state = apply(state, choose(state, rng))
        yield state


def find_state(rules: Rules, wanted: Callable[[State], bool], mode: str = "plain") -> State:
    """The first state of the seeded deals that is ``wanted``."""
    for seed in range(1000):
        for state in deal_states(seed, mode, rules):
            if wanted(state):
                return state
    raise AssertionError("no such state")


def sampled(states: Iterator[State]) -> Iterator[State]:
    """Every state outside the play, every fifth one in it, and the last one."""
    for number, state in enumerate(states):
        if state.phase is not Phase.PLAY or number % 5 == 0 or state.is_terminal:
            yield state


# ---------------------------------------------------------------------------------------------
# Well-formed, and nothing hidden.


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
# At most 100 examples, also in the CI profile (500): each draws a whole picture per seat.
@settings(max_examples=min(settings().max_examples, 100))
@given(data=st.data())
def test_pictures_of_random_states_are_well_formed_and_show_nothing_hidden(
    rules: Rules, data: st.DataObject
) -> None:
    state = data.draw(states(rules=rules))
    root = parse(svg.state(state))
    check_card_groups(root)
    every = {card for hand in state.hands for card in hand} | set(state.dog) | set(state.discard)
    assert every <= set(faces(root))
    assert "Never show it to a player" in all_text(root)
    for seat in range(rules.seats):
        check_observation_picture(state, seat)


MODES = ("plain", "trumps", "petit_sec", "trumps")


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_observation_pictures_of_seeded_deals_show_only_what_each_seat_may_see(
    rules: Rules,
) -> None:
    seen_phases: set[Phase] = set()
    shown = {"dog": False, "handful": False, "petit sec": False}
    for seed, mode in enumerate(MODES):
        for state in sampled(deal_states(seed, mode, rules)):
            seen_phases.add(state.phase)
            shown["dog"] |= observe(state, 0).dog is not None
            shown["handful"] |= bool(state.handfuls)
            shown["petit sec"] |= state.annulment is not None and state.annulment.seat is not None
            for seat in range(rules.seats):
                check_observation_picture(state, seat)
    assert {Phase.BIDDING, Phase.DISCARD, Phase.PLAY, Phase.DONE} <= seen_phases
    assert Phase.ANNULLED in seen_phases
    assert shown["dog"] and shown["handful"] and shown["petit sec"], shown


@pytest.mark.parametrize("rules", [LUDICASH, *HOUSE_RULES.values()], ids=lambda rules: rules.name)
def test_pictures_under_house_rules_name_the_contract_and_the_tables_multiplier(
    rules: Rules,
) -> None:
    rng = random.Random(rules.seats)
    offered = {words(contract) for contract in rules.offered}
    ends = 0
    for seed in range(2):
        state = ft.new_deal(seed=seed, dealer=seed % rules.seats, rules=rules)
        states = [state]
        while not state.is_terminal:
            state = apply(state, choose(state, rng))
            states.append(state)
        for state in sampled(iter(states)):
            pictures: list[str] = [svg.state(state)]
            pictures += [check_observation_picture(state, seat) for seat in range(rules.seats)]
            texts = [all_text(parse(picture)) for picture in pictures]
            for text in texts:
                # A contract the table leaves out is never offered, bid or named.
                assert contracts_named(text) <= offered, (rules.name, text)
                if state.contract is not None and state.taker is not None:
                    assert words(state.contract) in contracts_named(text)
            if state.phase is Phase.DONE:
                ends += 1
                result = ft.score(state)
                assert result.contract is not None
                line = (
                    f"{words(result.contract).capitalize()} (x{rules.multiplier(result.contract)})"
                )
                for text in texts:
                    assert f"{line} by seat {result.taker}" in text
                    assert f"unit {result.unit:+d}" in text
    assert ends >= 1


def words(contract: ft.Contract) -> str:
    """A contract as the pictures write it: ``"garde sans"``."""
    return contract.name.lower().replace("_", " ")


_CONTRACT = re.compile(r"garde sans|garde contre|garde|petite")


def contracts_named(text: str) -> set[str]:
    """The contracts a picture's text names, in the words of :func:`words`."""
    return set(_CONTRACT.findall(text.lower().replace("_", " ")))


def test_a_defender_sees_the_trumps_put_in_the_ecart_and_backs_for_the_rest() -> None:
    # Seat 1 speaks first and takes a dog of Kings and two small cards: with 18 trumps, it
    # must put four trumps in the écart.
    state = deal({1: " ".join(f"T{rank}" for rank in range(2, 20))}, "KS KH KD KC 2S 3S")
    state = play_out(state, "garde pass pass pass")
    while state.phase is Phase.DISCARD:
        state = apply(state, legal_actions(state)[0])
    trumps = {card for card in state.discard if card.is_trump}
    assert len(trumps) == 4
    for defender in (0, 2, 3):
        root = parse(check_observation_picture(state, defender))
        assert trumps <= set(faces(root))
        backs = [g for g in root.iter(f"{SVG}g") if g.get("class") == "back"]
        assert len(backs) == 2
        assert "trumps shown" in all_text(root)
    taker = parse(check_observation_picture(state, 1))
    assert set(state.discard) <= set(faces(taker))
    assert "Your écart" in all_text(taker)


# ---------------------------------------------------------------------------------------------
# The partner stays secret.


def test_the_partner_is_not_shown_to_a_seat_that_may_not_know_it() -> None:
    """Five players: move the partner's role to another defender (by exchanging the called
    card with a card of its suit); until either card is played, every other seat's picture
    is the same, and none of them names a partner."""
    deals = 0
    for seed in itertools.count(1):
        if deals == 5:
            break
        dealt = random_deal(seed, "plain", FIVE_PLAYER)
        end = list(deal_states(seed, "plain", FIVE_PLAYER))[-1]
        called, partner, taker = end.called, end.partner, end.taker
        if called is None or partner is None:
            continue
        hands = dealt[0]
        moved = [
            (seat, card)
            for seat, hand in enumerate(hands)
            if seat not in (taker, partner)
            for card in hand
            if card.suit is called.suit
        ]
        if not moved:
            continue
        other, swapped = moved[0]
        deals += 1
        state, twin = start(dealt), start(swap_deal(dealt, called, swapped))
        for action in end.history:
            if isinstance(action, Play) and action.card in (called, swapped):
                break
            state, twin = apply(state, action), apply(twin, action)
            assert twin.partner in (None, other)
            for seat in sorted(set(range(5)) - {partner, other}):
                mine = svg.observation(observe(state, seat))
                assert mine == svg.observation(observe(twin, seat)), (seed, seat, state)
                if state.called is not None:
                    assert "partner: seat" not in mine and "partner unknown" in mine
            if state.called is not None:
                own = svg.observation(observe(state, partner))
                assert f"partner: seat {partner} (you)" in own
    assert deals == 5


def test_the_partner_is_shown_once_the_called_card_is_played() -> None:
    end = find_state(FIVE_PLAYER, lambda s: s.partner is not None and s.phase is Phase.DONE)
    for seat in range(5):
        text = all_text(parse(svg.observation(observe(end, seat))))
        assert f"partner: seat {end.partner}" in text
        assert f"with seat {end.partner}" in text


def test_the_score_is_shown_to_every_seat_once_the_deal_is_over() -> None:
    end = find_state(ft.FOUR_PLAYER, lambda s: s.phase is Phase.DONE and s.slam)
    result = ft.score(end)
    for seat in range(4):
        text = all_text(parse(svg.observation(observe(end, seat))))
        assert "slam announced" in text
        assert f"unit {result.unit:+d}" in text
        for other, delta in enumerate(result.deltas):
            assert f"seat {other}: {delta:+d}" in text and f"score {delta:+d}" in text


# ---------------------------------------------------------------------------------------------
# Cards, hands and tricks.


@pytest.mark.parametrize("card", DECK, ids=str)
def test_every_card_is_drawn_with_its_rank_suit_and_names(card: Card) -> None:
    picture = svg.card(card)
    root = parse(picture)
    check_card_groups(root)
    assert faces(root) == [card]
    text = all_text(root)
    assert card.name_en in text and card.notation in text
    red = card.suit in (Suit.HEARTS, Suit.DIAMONDS)
    assert ('fill="#c0172d"' in picture) is red


def test_a_hand_is_drawn_in_the_order_given() -> None:
    cards = cards_of("KH T21 EX 10S 1C")
    root = parse(svg.hand(cards, size=60))
    assert faces(root) == cards
    check_card_groups(root)
    empty = parse(svg.hand([]))
    assert faces(empty) == []


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_a_trick_lays_each_card_in_front_of_its_seat_without_overlap(seats: int) -> None:
    cards = cards_of("KH T3 2H QH 7H")[:seats]
    for bottom, leader in itertools.product(range(seats), range(seats)):
        picture = svg.trick(cards, leader, seats, bottom=bottom, winner=(leader + 1) % seats)
        root = parse(picture)
        assert faces(root) == cards  # in the order of play
        boxes = card_boxes(root)
        assert len(boxes) == seats
        for a, b in itertools.combinations(boxes, 2):
            assert not overlap(a, b), (seats, bottom, a, b)
        text = all_text(root)
        assert all(f"seat {seat}" in text for seat in range(seats))
        assert f"won by seat {(leader + 1) % seats}" in text
        assert sum(e.get("class") == "winner" for e in root.iter()) == 1
        # The bottom seat's card (or place) is the lowest one on the picture.
        lowest = max(boxes, key=lambda box: box[1])
        assert lowest == seat_box(root, bottom, leader, seats, cards)
    partial = parse(svg.trick(cards[:1], 0, seats))
    spots = [e for e in partial.iter(f"{SVG}rect") if e.get("class") == "spot"]
    assert len(spots) == seats - 1


Box = tuple[float, float, float, float]


def _translate(element: ET.Element) -> tuple[float, float]:
    match = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", element.get("transform", ""))
    assert match is not None
    return float(match.group(1)), float(match.group(2))


def rect_box(rect: ET.Element) -> Box:
    x, y, width, height = (float(rect.get(key, 0)) for key in ("x", "y", "width", "height"))
    return x, y, width, height


def card_boxes(root: ET.Element) -> list[Box]:
    """The boxes of the cards (and empty places) of the trick, in document order."""
    boxes: list[Box] = []
    for element in root.iter():
        if element.get("class") == "card":
            x, y = _translate(element)
            rect = element.find(f"{SVG}rect")
            assert rect is not None
            boxes.append((x, y, float(rect.get("width", 0)), float(rect.get("height", 0))))
        elif element.get("class") == "spot":
            boxes.append(rect_box(element))
    return boxes


def seat_box(root: ET.Element, seat: int, leader: int, seats: int, cards: list[Card]) -> Box:
    order = (seat - leader) % seats
    for element in root.iter():
        if element.get("data-card") == str(cards[order]):
            x, y = _translate(element)
            rect = element.find(f"{SVG}rect")
            assert rect is not None
            return x, y, float(rect.get("width", 0)), float(rect.get("height", 0))
    raise AssertionError("no card for the seat")


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
def test_the_table_of_an_observation_has_no_overlapping_plates_or_cards(rules: Rules) -> None:
    state = find_state(
        rules, lambda s: s.phase is Phase.PLAY and len(s.current_trick) == rules.seats - 1
    )
    for seat in range(rules.seats):
        root = parse(svg.observation(observe(state, seat)))
        felt = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "table")
        table = card_boxes(felt)
        assert len(table) == rules.seats
        plates = []
        for group in felt.iter(f"{SVG}g"):
            if group.get("class") == "seat":
                rect = group.find(f"{SVG}rect")
                assert rect is not None
                plates.append(rect_box(rect))
        assert len(plates) == rules.seats
        for a, b in itertools.combinations([*table, *plates], 2):
            assert not overlap(a, b), (rules.name, seat, a, b)


# ---------------------------------------------------------------------------------------------
# Determinism, Jupyter, docs.


def _pictures() -> list[str]:
    pictures: list[str] = []
    for rules in TABLES:
        for state in itertools.islice(sampled(deal_states(7, "trumps", rules)), 0, None, 4):
            pictures.append(svg.state(state))
            pictures.extend(svg.observation(observe(state, seat)) for seat in range(rules.seats))
            names = ["Ann", "Bé & <Co>", "Cy", "Dé", "Eve"][: rules.seats]
            pictures.append(svg.state(state, names=names, lang="fr", theme="dark"))
            pictures.append(svg.observation(observe(state, 0), names=names, lang="fr"))
    pictures.append(svg.hand(DECK[:30]))
    pictures.append(svg.trick(DECK[:3], 1, 3))
    return pictures


_DIGEST_SCRIPT = """
import hashlib, sys
sys.path.insert(0, {root!r})
from tests.test_svg import _pictures
print(hashlib.sha256("".join(_pictures()).encode()).hexdigest())
"""


def test_pictures_are_the_same_for_the_same_input_in_every_process() -> None:
    first, second = _pictures(), _pictures()
    assert first == second
    digest = hashlib.sha256("".join(first).encode()).hexdigest()
    root = str(Path(__file__).resolve().parent.parent)
    for seed in ("0", "12345"):
        out = subprocess.run(
            [sys.executable, "-c", _DIGEST_SCRIPT.format(root=root)],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
        assert out.stdout.strip() == digest


def test_pictures_are_strings_that_jupyter_shows() -> None:
    picture = svg.card(Card.parse("EX"))
    assert isinstance(picture, str) and isinstance(picture, svg.Picture)
    assert picture._repr_svg_() == picture
    assert type(picture._repr_svg_()) is str


@pytest.mark.skipif(
    not (hasattr(State, "_repr_svg_") and hasattr(ft.Observation, "_repr_svg_")),
    reason="State and Observation have no _repr_svg_ yet",
)
def test_jupyter_shows_states_and_observations_as_pictures() -> None:
    state = find_state(ft.FIVE_PLAYER, lambda s: s.phase is Phase.PLAY and bool(s.current_trick))
    assert getattr(state, "_repr_svg_")() == svg.state(state)  # noqa: B009
    for seat in range(5):
        obs = observe(state, seat)
        assert getattr(obs, "_repr_svg_")() == svg.observation(obs)  # noqa: B009


def test_width_scales_the_picture_but_not_its_drawing() -> None:
    state = ft.new_deal(seed=3)
    natural, scaled = (
        svg.observation(observe(state, 0)),
        svg.observation(observe(state, 0), width=410),
    )
    a, b = parse(natural), parse(scaled)
    assert a.get("viewBox") == b.get("viewBox")
    assert float(a.get("width", 0)) == 820 and float(b.get("width", 0)) == 410
    assert float(b.get("height", 0)) == pytest.approx(float(a.get("height", 0)) / 2, abs=0.01)


def test_text_is_escaped() -> None:
    text = _svg_draw._text(0, 0, "<b> & 'c' \"d\"", 10, fill="#000000")
    element = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{text}</svg>')[0]
    assert element.text == "<b> & 'c' \"d\""
    title = _svg_draw._document(10, 10, [], 'a "title" & <more>', 1.0, lang="en")
    assert ET.fromstring(title).get("aria-label") == 'a "title" & <more>'


def test_the_docstring_examples() -> None:
    failures, tried = doctest.testmod(svg)
    assert tried >= 10 and failures == 0


# ---------------------------------------------------------------------------------------------
# Refusals.

KH = Card.parse("KH")
A_STATE = ft.new_deal(seed=1)


REFUSALS: list[tuple[Callable[[], object], type[TarotError], str]] = [
    (lambda: svg.card("KH"), TarotTypeError, "'KH'"),  # type: ignore[arg-type]
    (lambda: svg.card(KH, size="big"), TarotTypeError, "'big'"),  # type: ignore[arg-type]
    (lambda: svg.card(KH, size=True), TarotTypeError, "True"),
    (lambda: svg.card(KH, size=0), svg.InvalidSizeError, "0"),
    (lambda: svg.card(KH, size=math.nan), svg.InvalidSizeError, "nan"),
    (lambda: svg.card(KH, size=10**6), svg.InvalidSizeError, "1000000"),
    (lambda: svg.card(KH, size=10**40), svg.InvalidSizeError, "not int"),
    (lambda: svg.card(KH, size=10**400), svg.InvalidSizeError, "not int"),
    (lambda: svg.card(KH, size=-math.inf), svg.InvalidSizeError, "-inf"),
    (lambda: svg.hand("KH QH"), TarotTypeError, "'KH QH'"),  # type: ignore[arg-type]
    (lambda: svg.hand(KH), TarotTypeError, "iterable of cards"),  # type: ignore[arg-type]
    (lambda: svg.hand([KH, "QH"]), TarotTypeError, "'QH'"),  # type: ignore[list-item]
    (lambda: svg.hand([KH, KH]), InvalidCardError, "twice"),
    (lambda: svg.hand(itertools.cycle(DECK)), InvalidCardError, "more than 78"),
    (lambda: svg.hand(None), TarotTypeError, "None"),  # type: ignore[arg-type]
    (lambda: svg.trick([KH], "0", 4), TarotTypeError, "'0'"),  # type: ignore[arg-type]
    (lambda: svg.trick([KH], 0, 4.0), TarotTypeError, "4.0"),  # type: ignore[arg-type]
    (lambda: svg.trick([KH], 0, 6), InvalidRulesError, "6"),
    (lambda: svg.trick([KH], 4, 4), InvalidSeatError, "leader"),
    (lambda: svg.trick([KH], 0, 4, bottom=-1), InvalidSeatError, "bottom"),
    (lambda: svg.trick([KH], 0, 4, winner=9), InvalidSeatError, "winner"),
    (lambda: svg.trick(DECK[:4], 0, 3), InvalidCardError, "more than 3"),
    (lambda: svg.observation(A_STATE), TarotTypeError, "State"),  # type: ignore[arg-type]
    (lambda: svg.observation(None), TarotTypeError, "None"),  # type: ignore[arg-type]
    (
        lambda: svg.observation(observe(A_STATE, 0), width="wide"),  # type: ignore[arg-type]
        TarotTypeError,
        "'wide'",
    ),
    (lambda: svg.observation(observe(A_STATE, 0), width=5), svg.InvalidSizeError, "5"),
    (lambda: svg.state(observe(A_STATE, 0)), TarotTypeError, "Observation"),  # type: ignore[arg-type]
    (lambda: svg.state(A_STATE, bottom=4), InvalidSeatError, "bottom"),
    (lambda: svg.state(A_STATE, bottom=None), TarotTypeError, "None"),  # type: ignore[arg-type]
]


def assert_refused(call: Callable[[], object], error: type[TarotError], words: str) -> None:
    """``call`` raises ``error`` (a TypeError or a ValueError as well) with a short message
    that holds ``words``."""
    with pytest.raises(error) as caught:
        call()
    assert words in str(caught.value)
    assert len(str(caught.value)) < 200
    builtin = TypeError if issubclass(error, TarotTypeError) else ValueError
    assert isinstance(caught.value, builtin)


@pytest.mark.parametrize(("call", "error", "words"), REFUSALS)
def test_wrong_arguments_are_refused_with_a_tarot_error(
    call: Callable[[], object], error: type[TarotError], words: str
) -> None:
    assert_refused(call, error, words)


def test_numbers_of_any_numeric_type_are_sizes() -> None:
    assert parse(svg.card(KH, size=45.5)).get("height") == "47.5"
    assert svg.trick([KH], 0, 4, size=60) == svg.trick([KH], 0, 4, size=60.0)


def arguments() -> st.SearchStrategy[object]:
    """Anything, or one of the values the pictures take."""
    return st.one_of(
        anything(), st.sampled_from([A_STATE, observe(A_STATE, 1), object(), FIVE_PLAYER])
    )


@given(a=arguments(), b=arguments(), c=arguments())
def test_whatever_they_are_given_only_tarot_errors_come_out(
    a: object, b: object, c: object
) -> None:
    calls: list[Callable[[], object]] = [
        lambda: svg.card(a),  # type: ignore[arg-type]
        lambda: svg.card(KH, size=a),  # type: ignore[arg-type]
        lambda: svg.hand(a),  # type: ignore[arg-type]
        lambda: svg.hand([KH], size=b),  # type: ignore[arg-type]
        lambda: svg.trick(a, b, c),  # type: ignore[arg-type]
        lambda: svg.trick([KH], 0, 4, bottom=a, winner=b),  # type: ignore[arg-type]
        lambda: svg.observation(a),  # type: ignore[arg-type]
        lambda: svg.observation(observe(A_STATE, 0), width=a),  # type: ignore[arg-type]
        lambda: svg.state(a),  # type: ignore[arg-type]
        lambda: svg.state(A_STATE, bottom=a, width=b),  # type: ignore[arg-type]
    ]
    for call in calls:
        try:
            picture = call()
        except TarotError as error:
            assert len(str(error)) < 300, describe_value(error)
        else:
            parse(str(picture))
