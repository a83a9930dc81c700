"""Notation that knows the position: ``parse_action(text, state)`` and ``action.notation(state)``.

Issue 15, "Text from clients": a card alone is read as the card action of the phase (a call
at the call, a discard in the écart, a play otherwise); French words are read as well as
English; a word that needs a card says what is missing, naming the choices of the seat to
act; and ``action.notation(state)`` is the inverse of ``parse_action(text, state)``, the way
python-chess has ``san`` and ``parse_san``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import (
    DECK,
    FIVE_PLAYER,
    FOUR_PLAYER,
    THREE_PLAYER,
    Action,
    AnnounceSlam,
    Bid,
    Call,
    Card,
    Contract,
    DeclareHandful,
    Discard,
    NotationError,
    Observation,
    Pass,
    Phase,
    Play,
    Rule,
    Rules,
    State,
    TarotTypeError,
    apply,
    legal_actions,
    observe,
    parse_action,
)
from tests.builders import deal, play_out
from tests.strategies import TABLES, actions, walk, walks

MESSAGE_LIMIT = 300
"""The hardening bound on every message (see ``test_notation_hardening.py``)."""

# Seat 1 speaks first (seat 0 deals), takes a Garde and so leads the first trick: with ten
# trumps and the Excuse (and the dog's trumps after the écart) it may show a handful there.
HAND = "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 EX KS 2S 3S"
TAKER = 1


def reach(rules: Rules, phase: Phase) -> State:
    """A state of ``phase`` in the same deal: seat 1 takes a Garde (and calls KH at five).

    From the écart on, the taker puts aside the first cards offered, declines the slam, and
    every seat plays its first legal card (never showing a handful) until ``phase``.
    """
    state = deal({TAKER: HAND}, rules=rules)
    if phase is Phase.BIDDING:
        return state
    state = play_out(state, ["garde", *["pass"] * (rules.seats - 1)])
    if phase is Phase.CALL:
        return state
    if rules.calls_partner:
        state = play_out(state, "call KH")
    while state.phase is not phase:
        state = apply(state, next(a for a in legal_actions(state) if _plain(a)))
    return state


def _plain(action: Action) -> bool:
    return not isinstance(action, (AnnounceSlam, DeclareHandful))


def refusal(text: str, state: State | Observation | None = None) -> str:
    """The message of the NotationError ``parse_action(text, state)`` raises."""
    with pytest.raises(NotationError) as info:
        parse_action(text, state)
    assert info.value.text is text
    if len(text) <= 40 and len(repr(text)) <= 80:  # longer texts are quoted in part
        assert repr(text) in str(info.value)
    assert len(str(info.value)) <= MESSAGE_LIMIT
    return str(info.value)


# ---------------------------------------------------------------------------------------------
# A card alone, in each phase, at four and five players (and three).

CARD_ALONE = [
    (FOUR_PLAYER, Phase.BIDDING, Play),
    (FOUR_PLAYER, Phase.DISCARD, Discard),
    (FOUR_PLAYER, Phase.SLAM, Play),
    (FOUR_PLAYER, Phase.PLAY, Play),
    (FOUR_PLAYER, Phase.DONE, Play),
    (FIVE_PLAYER, Phase.BIDDING, Play),
    (FIVE_PLAYER, Phase.CALL, Call),
    (FIVE_PLAYER, Phase.DISCARD, Discard),
    (FIVE_PLAYER, Phase.SLAM, Play),
    (FIVE_PLAYER, Phase.PLAY, Play),
    (FIVE_PLAYER, Phase.DONE, Play),
    (THREE_PLAYER, Phase.DISCARD, Discard),
    (THREE_PLAYER, Phase.PLAY, Play),
]


@pytest.mark.parametrize(
    ("rules", "phase", "kind"),
    CARD_ALONE,
    ids=[f"{rules.seats}p-{phase.value}" for rules, phase, _ in CARD_ALONE],
)
@pytest.mark.parametrize("text", ["KH", "2s", " t21 ", "Ex", "10D"])
def test_a_card_alone_is_the_card_action_of_the_phase(
    rules: Rules, phase: Phase, kind: type[Play | Discard | Call], text: str
) -> None:
    state = reach(rules, phase)
    assert state.phase is phase
    card = Card.parse(text)
    assert parse_action(text, state) == kind(card)
    # An observation is a position too, from any seat.
    for seat in range(rules.seats):
        assert parse_action(text, observe(state, seat)) == kind(card)
    # Without a position a card alone is a play, as it always was.
    assert parse_action(text) == Play(card)


@pytest.mark.parametrize(
    ("rules", "phase", "script"),
    [
        (FOUR_PLAYER, Phase.DISCARD, "2S 3S 3H 4H 5H 6H"),
        (THREE_PLAYER, Phase.DISCARD, "2S 3S 9H 10H JH CH"),
        (FIVE_PLAYER, Phase.CALL, "KH"),
        (FIVE_PLAYER, Phase.DISCARD, "2S 3S 10S"),
    ],
)
def test_bare_cards_are_applied_in_the_call_and_the_ecart(
    rules: Rules, phase: Phase, script: str
) -> None:
    state = reach(rules, phase)
    expected = Discard if phase is Phase.DISCARD else Call
    for text in script.split():
        action = parse_action(text, state)
        assert action == expected(text)
        state = apply(state, action)
    assert state.phase is (Phase.DISCARD if phase is Phase.CALL else Phase.SLAM)


def test_the_full_forms_are_read_in_any_phase_and_apply_decides() -> None:
    # The position guides the reading of a card alone only: "discard 2S" is a Discard in
    # the play, and apply refuses it there.
    play = reach(FOUR_PLAYER, Phase.PLAY)
    ecart = reach(FOUR_PLAYER, Phase.DISCARD)
    assert parse_action("discard 2S", play) == Discard("2S")
    assert parse_action("call KS", play) == Call("KS")
    assert parse_action("play 2S", ecart) == Play("2S")
    assert parse_action("joue 2s", ecart) == Play("2S")
    assert parse_action("handful T1 T2", ecart) == DeclareHandful(["T1", "T2"])
    assert parse_action("garde", play) == Bid(Contract.GARDE)
    for state, text in [(play, "discard 2S"), (ecart, "play 2S"), (play, "garde")]:
        with pytest.raises(ft.IllegalActionError) as info:
            apply(state, parse_action(text, state))
        assert info.value.rule is Rule.WRONG_PHASE


def test_pass_and_slam_are_the_same_in_every_phase() -> None:
    for rules in TABLES:
        for phase in (Phase.BIDDING, Phase.SLAM, Phase.PLAY):
            state = reach(rules, phase)
            for text in ("pass", "PASS", "passe"):
                assert parse_action(text, state) == Pass()
            for text in ("slam", "chelem", "Chelem"):
                assert parse_action(text, state) == AnnounceSlam()


# ---------------------------------------------------------------------------------------------
# French words.

FRENCH = [
    ("passe", Pass()),
    ("PASSE", Pass()),
    ("prise", Bid(Contract.PETITE)),
    ("Prise", Bid(Contract.PETITE)),
    ("petite", Bid(Contract.PETITE)),
    ("garde", Bid(Contract.GARDE)),
    ("garde sans", Bid(Contract.GARDE_SANS)),
    ("Garde  Sans", Bid(Contract.GARDE_SANS)),
    ("garde_sans", Bid(Contract.GARDE_SANS)),
    ("gardesans", Bid(Contract.GARDE_SANS)),
    ("garde sans le chien", Bid(Contract.GARDE_SANS)),
    ("GARDE SANS LE CHIEN", Bid(Contract.GARDE_SANS)),
    ("garde_sans_le_chien", Bid(Contract.GARDE_SANS)),
    ("garde contre", Bid(Contract.GARDE_CONTRE)),
    ("garde_contre", Bid(Contract.GARDE_CONTRE)),
    ("gardecontre", Bid(Contract.GARDE_CONTRE)),
    ("garde contre le chien", Bid(Contract.GARDE_CONTRE)),
    ("\tgarde\ncontre  le chien ", Bid(Contract.GARDE_CONTRE)),
    ("chelem", AnnounceSlam()),
    ("poignee T1 T2 T3", DeclareHandful(["T1", "T2", "T3"])),
    ("Poignee t3 ex t1", DeclareHandful(["T1", "T3", "EX"])),
    ("appel KS", Call("KS")),
    ("appelle qh", Call("QH")),
    ("ecart 2S", Discard("2S")),
    ("ECARTE 10d", Discard("10D")),
    ("joue KH", Play("KH")),
    ("play KH", Play("KH")),
]


@pytest.mark.parametrize(("text", "action"), FRENCH, ids=[text for text, _ in FRENCH])
def test_french_words(text: str, action: Action) -> None:
    # The same in every position: these words say everything, the position adds nothing.
    assert parse_action(text) == action
    for rules in TABLES:
        for phase in (Phase.BIDDING, Phase.DISCARD, Phase.PLAY):
            assert parse_action(text, reach(rules, phase)) == action
    # What str() writes is the English notation.
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    "text",
    [
        "garde-sans",
        "garde sans chien",
        "garde le chien",
        "sans",
        "contre",
        "garde garde",
        "garde sans sans",
        "gardesans le chien",
        "prise garde",
        "passe passe",
        "chelem now",
        "le chien",
        "appel",
        "appel KS QS",
        "ecart ZZ",
        "joue",
        "joue KH QH",
        "poignee T1 T1",
        "poignee ZZ",
        "prendre",
    ],
)
def test_french_misspellings_are_refused(text: str) -> None:
    refusal(text)
    refusal(text, reach(FOUR_PLAYER, Phase.PLAY))


@pytest.mark.parametrize(
    "text", ["poignée T1", "écart 2S", "écarte 2S", "passé", "garde sans le chien\u00a0"]
)
def test_accented_words_are_refused_as_non_ascii(text: str) -> None:
    # Notation is ASCII only (the hardening of issue 14): write the words without accents.
    for state in (None, reach(FOUR_PLAYER, Phase.DISCARD)):
        assert "non-ASCII" in refusal(text, state)


# ---------------------------------------------------------------------------------------------
# A word without its card: the message says what is missing.


@pytest.mark.parametrize(
    ("text", "example"),
    [
        ("discard", "'discard 2S'"),
        ("DISCARD", "'discard 2S'"),
        ("ecart", "'ecart 2S'"),
        ("ecarte", "'ecarte 2S'"),
        ("call", "'call KS'"),
        ("appel", "'appel KS'"),
        ("appelle", "'appelle KS'"),
        ("play", "'play KH'"),
        ("joue", "'joue KH'"),
    ],
)
def test_a_word_without_its_card_says_a_card_must_follow(text: str, example: str) -> None:
    message = refusal(text)
    assert "is not a card" not in message
    assert f"a card must follow {text.lower()!r}, e.g. {example}" in message


def test_discard_alone_lists_what_the_taker_may_put_aside() -> None:
    for rules in TABLES:
        state = reach(rules, Phase.DISCARD)
        allowed = " ".join(str(a.card) for a in legal_actions(state) if isinstance(a, Discard))
        for text in ("discard", "ecart", " Ecarte "):
            message = refusal(text, state)
            assert f"discard what? seat {TAKER}, the taker, may put aside {allowed}" in message
            assert "the card alone will do" in message
    assert "may put aside 2S 3S 3H 4H 5H 6H (" in refusal(
        "discard", reach(FOUR_PLAYER, Phase.DISCARD)
    )


def test_call_alone_lists_the_callable_cards() -> None:
    state = reach(FIVE_PLAYER, Phase.CALL)
    for text in ("call", "appel", "APPELLE"):
        message = refusal(text, state)
        assert f"call what? seat {TAKER}, the taker, may call KS KH KD KC" in message


def test_play_alone_lists_the_legal_cards_and_the_trick() -> None:
    state = play_out(reach(FOUR_PLAYER, Phase.PLAY), "T1")
    legal = " ".join(str(a.card) for a in legal_actions(state) if isinstance(a, Play))
    for text in ("play", "joue"):
        message = refusal(text, state)
        assert f"play what? seat {state.current} may play {legal} in trick 1" in message


def test_handful_alone_lists_the_sizes_and_the_offered_displays() -> None:
    for rules, sizes in [(FOUR_PLAYER, "10, 13 or 15"), (FIVE_PLAYER, "8, 10 or 13")]:
        state = reach(rules, Phase.PLAY)
        offered = [str(a) for a in legal_actions(state) if isinstance(a, DeclareHandful)]
        assert offered
        for text in ("handful", "poignee"):
            message = refusal(text, state)
            assert f"handful of what? a handful is {sizes} trumps" in message
            assert f"seat {TAKER} may show e.g. {offered[0]}" in message
    # Without a position, "handful" alone is still the empty handful (apply refuses it).
    assert parse_action("handful") == DeclareHandful(())
    assert parse_action("poignee") == DeclareHandful(())


@pytest.mark.parametrize(
    ("rules", "phase", "text", "said"),
    [
        (
            FOUR_PLAYER,
            Phase.BIDDING,
            "discard",
            "nothing is put aside now: the deal is in the bidding phase",
        ),
        (
            FOUR_PLAYER,
            Phase.PLAY,
            "ecart",
            "nothing is put aside now: the deal is in the play phase",
        ),
        (
            FOUR_PLAYER,
            Phase.DISCARD,
            "call",
            "no card is called now: the deal is in the discard phase (only five players call a",
        ),
        (
            FIVE_PLAYER,
            Phase.DISCARD,
            "call",
            "no card is called now: the deal is in the discard phase",
        ),
        (
            FIVE_PLAYER,
            Phase.CALL,
            "discard",
            "nothing is put aside now: the deal is in the call phase",
        ),
        (FOUR_PLAYER, Phase.SLAM, "play", "no card is played now: the deal is in the slam phase"),
        (
            FIVE_PLAYER,
            Phase.CALL,
            "handful",
            "no handful is shown now: the deal is in the call phase",
        ),
        (
            THREE_PLAYER,
            Phase.BIDDING,
            "poignee",
            "no handful is shown now: the deal is in the bidding phase",
        ),
        (FOUR_PLAYER, Phase.DONE, "discard", "discard what? the deal is over (done)"),
        (FOUR_PLAYER, Phase.DONE, "handful", "handful of what? the deal is over (done)"),
        (FOUR_PLAYER, Phase.DONE, "joue", "play what? the deal is over (done)"),
    ],
)
def test_a_word_out_of_its_phase_names_the_phase(
    rules: Rules, phase: Phase, text: str, said: str
) -> None:
    assert said in refusal(text, reach(rules, phase))


def test_handful_alone_says_why_no_handful_can_be_shown() -> None:
    start = reach(FOUR_PLAYER, Phase.PLAY)
    shown = play_out(start, [legal_actions(start)[0]])
    assert f"seat {TAKER} may show no handful: seat {TAKER} has shown one already" in refusal(
        "handful", shown
    )
    later = play_out(start, "T1 7H JD T17")
    assert "may show no handful: the first trick is over" in refusal("handful", later)
    # Seat 2, second to play, holds no trump here.
    second = play_out(start, "T1")
    assert "seat 2 holds too few trumps (a handful is 10, 13 or 15)" in refusal("handful", second)
    # An observation from another seat does not know that seat's trumps.
    message = refusal("handful", observe(second, 0))
    assert "a handful is 10, 13 or 15 trumps, shown before one's first card" in message


def test_an_observation_lists_choices_only_for_its_own_turn() -> None:
    state = reach(FOUR_PLAYER, Phase.DISCARD)
    mine = refusal("discard", observe(state, TAKER))
    assert mine == refusal("discard", state)
    other = refusal("discard", observe(state, 0))
    assert "seat 1, the taker, is putting cards aside: one must follow" in other
    assert "2S" not in other


@pytest.mark.parametrize(
    ("rules", "phase", "said"),
    [
        (
            FOUR_PLAYER,
            Phase.BIDDING,
            "seat 1 is to bid: pass, petite, garde, garde_sans or garde_contre",
        ),
        (FIVE_PLAYER, Phase.CALL, "seat 1, the taker, is to call a card: KS KH KD KC"),
        (
            FOUR_PLAYER,
            Phase.DISCARD,
            "seat 1, the taker, is to put a card aside: 2S 3S 3H 4H 5H 6H",
        ),
        (FOUR_PLAYER, Phase.SLAM, "seat 1, the taker, is to say slam or pass"),
        (FOUR_PLAYER, Phase.PLAY, "seat 1 is to play a card in trick 1: T1 T2 "),
        (FOUR_PLAYER, Phase.DONE, "the deal is over (done): no action is taken"),
    ],
)
def test_an_unknown_text_is_answered_with_the_choices_of_the_position(
    rules: Rules, phase: Phase, said: str
) -> None:
    state = reach(rules, phase)
    message = refusal("bid garde", state)
    assert said in message
    assert "'xyz' is not a card; " + said in refusal("xyz", state)


def test_the_handful_is_mentioned_when_one_is_offered() -> None:
    assert refusal("xyz", reach(FOUR_PLAYER, Phase.PLAY)).endswith("; or 'handful <cards...>'")


def test_without_a_position_the_messages_are_unchanged() -> None:
    assert refusal("take it") == (
        "invalid action notation 'take it': expected pass, petite, garde, garde_sans, "
        "garde_contre, slam, a card (e.g. 'KH'), 'call <card>', 'discard <card>' or "
        "'handful <cards...>'"
    )
    assert "'XX' is not a card" in refusal("discard XX")


# ---------------------------------------------------------------------------------------------
# Bounds: the hardening holds with a position, and messages stay short.


def every_position() -> Iterator[State]:
    for rules in TABLES:
        for phase in Phase:
            if phase is Phase.ANNULLED or (phase is Phase.CALL and not rules.calls_partner):
                continue
            yield reach(rules, phase)


POSITIONS = list(every_position())


def test_the_bounds_hold_with_a_position() -> None:
    padded = "  ".join(("handful " + " ".join(f"T{n}" for n in range(1, 22)) + " EX").split())
    for state in POSITIONS:
        assert isinstance(parse_action(padded.center(400), state), DeclareHandful)
        assert "401 characters" in refusal(padded.center(401), state)
        assert "24 words" in refusal(padded + " KH", state)
        assert "non-ASCII" in refusal("K\u017f", state)
        assert "T2 shown twice" in refusal("handful T2 T1 T2", state)


@pytest.mark.parametrize("word", ["discard", "call", "play", "handful", "xyz", "ecarte", "T0"])
def test_messages_stay_short_with_a_position_and_a_long_text(word: str) -> None:
    for state in POSITIONS:
        for text in (word, word.center(400), "\x0b" * 390 + word, word + " ?" * 20):
            for position in (state, observe(state, TAKER)):
                refusal(text, position)


@given(st.data())
def test_messages_stay_short_in_random_positions(data: st.DataObject) -> None:
    start, picks = data.draw(walks())
    path = [state for state, _action in walk(start, picks)]
    state = data.draw(st.sampled_from(path))
    word = data.draw(
        st.sampled_from(["discard", "call", "play", "handful", "poignee", "appel", "xyz", "KX"])
    )
    pad = data.draw(st.sampled_from(["", " " * 180, "\t" * 390]))
    text = (pad + word + pad)[:400]
    refusal(text, state)
    seat = data.draw(st.integers(0, state.rules.seats - 1))
    refusal(text, observe(state, seat))


@pytest.mark.parametrize(
    "position",
    [5, "state", Pass(), FOUR_PLAYER, [], 10**5000],
    ids=["int", "str", "action", "rules", "list", "huge-int"],
)
def test_a_position_must_be_a_state_or_an_observation(position: object) -> None:
    with pytest.raises(TarotTypeError) as info:
        parse_action("pass", position)  # type: ignore[arg-type]
    assert "must be a State or an Observation" in str(info.value)
    assert len(str(info.value)) <= MESSAGE_LIMIT
    for action in (Pass(), Play("KH"), DeclareHandful(["T1"])):
        with pytest.raises(TarotTypeError):
            action.notation(position)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# The inverse: action.notation(state).


@pytest.mark.parametrize(
    ("action", "phase", "text"),
    [
        (Play("KH"), Phase.PLAY, "KH"),
        (Play("KH"), Phase.BIDDING, "KH"),
        (Play("KH"), Phase.SLAM, "KH"),
        (Play("KH"), Phase.DISCARD, "play KH"),
        (Play("KH"), Phase.CALL, "play KH"),
        (Discard("2S"), Phase.DISCARD, "2S"),
        (Discard("2S"), Phase.PLAY, "discard 2S"),
        (Discard("2S"), Phase.CALL, "discard 2S"),
        (Call("KS"), Phase.CALL, "KS"),
        (Call("KS"), Phase.DISCARD, "call KS"),
        (Call("KS"), Phase.PLAY, "call KS"),
        (Pass(), Phase.SLAM, "pass"),
        (Bid(Contract.GARDE_SANS), Phase.BIDDING, "garde_sans"),
        (AnnounceSlam(), Phase.SLAM, "slam"),
        (DeclareHandful(["T2", "T1"]), Phase.PLAY, "handful T1 T2"),
    ],
    ids=lambda value: str(value).replace(" ", "_"),
)
def test_notation_in_a_phase(action: Action, phase: Phase, text: str) -> None:
    state = reach(FIVE_PLAYER, phase)
    assert action.notation(state) == text
    assert action.notation(observe(state, 3)) == text
    assert parse_action(text, state) == action


@given(actions())
def test_notation_without_a_position_is_str(action: Action) -> None:
    assert action.notation() == str(action)
    assert action.notation(None) == str(action)
    assert parse_action(action.notation()) == action


@given(actions(), st.sampled_from(POSITIONS))
def test_notation_reads_back_in_any_position_for_any_action(action: Action, state: State) -> None:
    # Not only the offered actions: every action has a text read back as itself, save the
    # empty handful, which "handful" alone stands for only without a position.
    text = action.notation(state)
    assert len(text) <= len(str(action)) or text == f"play {action}"
    if action == DeclareHandful(()):
        refusal(text, state)
        return
    assert parse_action(text, state) == action
    assert parse_action(text, observe(state, 0)) == action


def check_offered(state: State) -> None:
    """The round trips for every action offered in ``state``."""
    observation = observe(state, state.current) if state.current is not None else None
    for action in legal_actions(state):
        text = action.notation(state)
        assert parse_action(text, state) == action, (text, state.phase)
        assert parse_action(str(action)) == action
        assert action.notation(observation) == text
        assert parse_action(text, observation) == action
        if isinstance(action, (Discard, Call)) or (
            isinstance(action, Play) and state.phase is Phase.PLAY
        ):
            assert text == str(action.card)  # the card alone, in its phase
        else:
            assert text == str(action)


@given(walks())
def test_every_offered_action_round_trips_along_random_deals(
    path: tuple[State, tuple[int, ...]],
) -> None:
    for state, _action in walk(*path):
        check_offered(state)


def choose(state: State, rng: random.Random) -> Action:
    """A random legal action; in the bidding, mostly one bid and passes, so that every
    contract is played and the call, the écart and the play come up."""
    offered = legal_actions(state)
    if state.phase is Phase.BIDDING and len(offered) > 1:
        if state.contract is None:
            return rng.choice(offered[1:]) if rng.random() < 0.6 else offered[0]
        return rng.choice(offered[1:]) if rng.random() < 0.1 else offered[0]
    return rng.choice(offered)


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: f"{rules.seats}p")
def test_every_offered_action_round_trips_in_seeded_deals(rules: Rules) -> None:
    phases: set[Phase] = set()
    for seed in range(40):
        state = ft.new_deal(seed=seed, rules=rules)
        rng = random.Random(seed)
        while not state.is_terminal:
            check_offered(state)
            phases.add(state.phase)
            choice = choose(state, rng)
            # Take the step through its notation: the text is all a client would send.
            state = apply(state, parse_action(choice.notation(state), state))
        check_offered(state)
    expected = {Phase.BIDDING, Phase.DISCARD, Phase.SLAM, Phase.PLAY}
    assert phases >= (expected | {Phase.CALL} if rules.calls_partner else expected)


def test_a_whole_deal_is_played_from_bare_cards() -> None:
    # The record of a deal in the position's notation reads back, step by step, to the
    # same deal: "3S" in the écart, "KS" at the call and "KH" in the play.
    for rules in TABLES:
        state = ft.new_deal(seed=11, rules=rules)
        rng = random.Random(11)
        record: list[str] = []
        while not state.is_terminal:
            action = Bid(Contract.GARDE) if not state.history else choose(state, rng)
            record.append(action.notation(state))
            state = apply(state, action)
        replay = ft.new_deal(seed=11, rules=rules)
        for text in record:
            replay = apply(replay, parse_action(text, replay))
        assert replay == state
        assert not any(text.startswith(("discard", "call", "play")) for text in record)


def test_str_is_still_the_full_form() -> None:
    assert [str(a) for a in (Call("KS"), Discard("2S"), Play("KH"))] == [
        "call KS",
        "discard 2S",
        "KH",
    ]
    assert all(Discard(card).notation() == f"discard {card}" for card in DECK)
