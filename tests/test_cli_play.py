"""End-to-end tests of the terminal game: ``python -m frenchtarot play``.

The game is driven through :func:`frenchtarot._cli.terminal.main_play` with an input that answers
each prompt as it comes. The answers come from a :class:`Table`: the test's own copy of the
deal, moved in step with the game (the other seats are the same deterministic
:class:`~frenchtarot.players.SimplePlayer`), so that a test knows the true state at every
prompt and can check the transcript against it.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from collections.abc import Callable, Sequence

import pytest

import frenchtarot as ft
from frenchtarot._cli import _words, main
from frenchtarot._cli.terminal import HANDFUL_PROMPT, PROMPT, main_play, play_game
from frenchtarot.players import SimplePlayer

Answer = tuple[str, ft.Action]
"""What the person types, and the action it stands for."""
Policy = Callable[[ft.State], Answer]

_TOKEN = re.compile(
    r"(?<![A-Za-z0-9])(?:T1\d|T2[01]|T[1-9]|EX|(?:10|[1-9JCQK])[SHDC])(?![A-Za-z0-9])"
)
_GLYPHS = {card.glyph: card for card in ft.DECK}


def cards_in(text: str) -> set[ft.Card]:
    """Every card named in ``text``, by its notation or its glyph."""
    named = {ft.Card.parse(token) for token in _TOKEN.findall(text)}
    return named | {card for glyph, card in _GLYPHS.items() if glyph in text}


def unnamed(text: str) -> str:
    """``text`` without the choices of the call (five players).

    The taker chooses a card to call among cards it does not hold, Kings first: the list
    names hidden cards without showing them (nobody learns where they are), as the call
    itself does.
    """
    return re.sub(
        r"(--- Your turn \(seat \d\): call the card of your partner ---\n.*?\nChoices:\n)"
        r".*?(" + re.escape(PROMPT) + ")",
        r"\1\2",
        text,
        flags=re.S,
    )


def hidden_cards(state: ft.State, seat: int) -> set[ft.Card]:
    """The cards ``seat`` may not know in ``state``, worked out from the state itself.

    The other hands, but not the cards shown in a handful, nor the called card (it is named
    aloud), nor the dog once it is turned face up, nor a petit sec spread on the table; a
    dog that was never turned up; the cards another seat put in the écart, except the trumps
    (shown to all) and the cards of the dog (seen when it was turned up).
    """
    hidden: set[ft.Card] = set()
    for other in range(state.rules.seats):
        if other != seat:
            hidden.update(state.hand(other))
    contract = state.contract
    dog_shown = (
        contract is not None
        and contract.dog_is_shown
        and state.annulment is None
        and state.phase not in (ft.Phase.BIDDING, ft.Phase.CALL)
    )
    public: set[ft.Card] = set()
    if dog_shown:
        public.update(state.dog)
    else:
        hidden.update(state.dog)
    if state.taker != seat:
        hidden.update(card for card in state.discard if not card.is_trump)
    for handful in state.handfuls:
        public.update(handful.cards)
    if state.called is not None:
        public.add(state.called)
    annulment = state.annulment
    if annulment is not None and annulment.reason is ft.AnnulReason.PETIT_SEC:
        assert annulment.seat is not None
        public.update(state.hand(annulment.seat))
    return hidden - public


class Answers(io.StringIO):
    """An input whose lines are made when read: ``None`` from ``answer`` is the end of input."""

    def __init__(self, answer: Callable[[], str | None]) -> None:
        super().__init__()
        self._answer = answer

    # typeshed gives ``_io._IOBase.readline`` a bytes result, which StringIO overrides.
    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
        line = self._answer()
        return "" if line is None else line + "\n"


HandfulPolicy = Callable[[ft.State], tuple[str, "ft.DeclareHandful | None"]]
"""What the person answers to the handful question, and the handful it shows (or none)."""


def handfuls_offered(state: ft.State) -> list[ft.DeclareHandful]:
    return [a for a in ft.legal_actions(state) if isinstance(a, ft.DeclareHandful)]


def choices(state: ft.State) -> list[ft.Action]:
    """The numbered choices of the game: the legal actions but the handfuls."""
    return [a for a in ft.legal_actions(state) if not isinstance(a, ft.DeclareHandful)]


def no_handful(state: ft.State) -> tuple[str, ft.DeclareHandful | None]:
    return "no", None


def biggest_handful(state: ft.State) -> tuple[str, ft.DeclareHandful | None]:
    return "yes", max(handfuls_offered(state), key=lambda action: len(action.cards))


class Table:
    """The test's copy of the deal, answering each prompt of the game by ``policy``.

    A choice that is the only one is played by the game without a prompt, and here too.
    A first card chosen while a handful may be shown waits in ``pending`` for the answer to
    the handful question, given by ``handful``.

    Attributes:
        state: The true state of the deal, in step with the game.
        prompts: For each prompt: the length of the transcript then, and the state.
        questions: For each handful question: the length of the transcript then, and the
            state.
        bad: Other answers to give (before the right one) at the first prompt whose phase
            is the key, or at the prompt whose index in ``prompts`` is the key, recorded with
            their state in ``refused``; the key ``None`` is the handful question.
    """

    def __init__(
        self,
        policy: Policy,
        *,
        seed: int,
        players: int = 4,
        seat: int = 0,
        dealer: int = 0,
        stop_after: int | None = None,
        handful: HandfulPolicy = no_handful,
        confirm: bool = False,
        rules: ft.Rules | None = None,
    ) -> None:
        self.policy = policy
        self.handful = handful
        self.confirm = confirm
        self.args = [
            *("--players", str(players), "--seed", str(seed)),
            *("--seat", str(seat), "--dealer", str(dealer)),
            *(["--confirm"] if confirm else []),
        ]
        self.seat = seat
        rules = ft.RULES_BY_SEATS[players] if rules is None else rules
        self.state = ft.new_deal(seed=seed, dealer=dealer, rules=rules)
        self.out = io.StringIO()
        self.prompts: list[tuple[int, ft.State]] = []
        self.questions: list[tuple[int, ft.State]] = []
        self.forced: list[ft.Action] = []
        self.answers: list[Answer] = []
        self.pending: ft.Action | None = None
        self.bad: dict[ft.Phase | int | None, list[str]] = {}
        self.refused: list[tuple[str, ft.State]] = []
        self.stop_after = stop_after

    def _others(self) -> None:
        state = self.state
        while state.current is not None and self.pending is None:
            if state.current != self.seat:
                state = ft.apply(state, SimplePlayer()(ft.observe(state, state.current)))
                continue
            options = choices(state)
            if len(options) > 1 or self.confirm:
                break
            self.forced.append(options[0])
            if handfuls_offered(state):
                self.pending = options[0]  # the game asks about the handful at once
            else:
                state = ft.apply(state, options[0], seat=self.seat)
        self.state = state

    def _refuse(self, key: ft.Phase | int | None) -> str | None:
        bad = self.bad.get(key)
        if not bad:
            return None
        self.refused.append((bad[0], self.state))
        return bad.pop(0)

    def answer(self) -> str | None:
        self._others()
        transcript = self.out.getvalue()
        assert self.state.current == self.seat
        if self.stop_after is not None and len(self.prompts) >= self.stop_after:
            return None
        if self.pending is not None:
            assert transcript.endswith(HANDFUL_PROMPT)
            refused = self._refuse(None)
            if refused is not None:
                return refused
            self.questions.append((len(transcript), self.state))
            text, shown = self.handful(self.state)
            if shown is not None:
                self.state = ft.apply(self.state, shown, seat=self.seat)
            self.state = ft.apply(self.state, self.pending, seat=self.seat)
            self.pending = None
            return text
        assert transcript.endswith(PROMPT)
        refused = self._refuse(len(self.prompts))
        if refused is None:
            refused = self._refuse(self.state.phase)
        if refused is not None:
            return refused
        self.prompts.append((len(transcript), self.state))
        text, action = self.policy(self.state)
        self.answers.append((text, action))
        if isinstance(action, ft.Play) and handfuls_offered(self.state):
            self.pending = action
        else:
            self.state = ft.apply(self.state, action, seat=self.seat)
        return text

    def run(self, *extra: str) -> tuple[int, str]:
        code = main_play([*self.args, *extra], stdin=Answers(self.answer), stdout=self.out)
        if code == 0:
            self._others()
            assert self.state.is_terminal
        return code, self.out.getvalue()


def first(state: ft.State) -> Answer:
    return "1", choices(state)[0]


def last(state: ft.State) -> Answer:
    offered = choices(state)
    return str(len(offered)), offered[-1]


def taking(long: bool) -> Policy:
    """Bid Garde when allowed, else take the first legal action (a handful comes first
    in the play, when offered); type every answer's notation."""

    def policy(state: ft.State) -> Answer:
        garde = ft.Bid(ft.Contract.GARDE)
        action = garde if ft.is_legal(state, garde) else ft.legal_actions(state)[0]
        return (str(action) if long else action.notation(state)), action

    return policy


def run_answering_1(args: Sequence[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main_play(args, stdin=io.StringIO("1\n" * 120), stdout=out)
    return code, out.getvalue()


# --- A whole deal ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_answering_1_plays_a_whole_deal_to_the_score(players: int) -> None:
    table = Table(first, seed=33, players=players)
    code, out = table.run()
    assert code == 0
    assert out.startswith("Seed: 33\n")
    score = ft.score(table.state)
    assert f"\nScore: {score}\n" in out
    assert "You (seat 0): " in out.splitlines()[-1]
    assert out.splitlines()[-1].endswith(f"{score.deltas[0]:+d}.")
    # One prompt per action of the person, each followed by the echoed answer.
    assert out.count(PROMPT) == len(table.prompts)
    assert out.count(f"{PROMPT}1\n") == len(table.prompts)


def test_a_plain_stringio_input_plays_a_deal() -> None:
    code, out = run_answering_1(["--seed", "33"])
    assert code == 0
    assert "\nScore: " in out
    assert "\nThe deal is over.\n" in out


def test_the_transcript_reports_the_others_actions_in_english() -> None:
    table = Table(first, seed=33)
    _, out = table.run()
    assert "Seat 1 bids Petite.\n" in out
    assert "Seat 2 passes.\n" in out
    assert "You pass.\n" in out
    assert "The bidding is over: seat 1 takes with Petite.\n" in out
    assert "Seat 1 puts 6 cards face down in the écart.\n" in out
    assert "Seat 1 does not announce a slam.\n" in out
    king = ft.Card.parse("KS")
    assert f"Seat 1 plays {king.glyph} KS.\n" in out
    assert "Seat 1 wins trick 1.\n" in out
    for word in ("passe ", "says", "Bidding:"):
        assert word not in out


def test_the_turn_shows_the_hand_the_table_and_numbered_choices() -> None:
    table = Table(first, seed=33)
    _, out = table.run()
    bidding = out[: table.prompts[0][0]]
    assert "--- Your turn (seat 0): bidding (highest bid Petite, by seat 1) ---" in bidding
    assert "   1) pass   2) garde   3) garde_sans   4) garde_contre\n" in bidding
    hand = table.prompts[0][1].hand(0)
    for card in hand:
        assert f"{card.glyph} {card}" in bidding
    play = out[table.prompts[0][0] : table.prompts[1][0]]
    assert "--- Your turn (seat 0): trick 1 of 18 ---" in play
    assert "Contract: Petite, taken by seat 1." in play
    led, second, third = (ft.Card.parse(text) for text in ("KS", "4S", "1S"))
    assert (
        f"On the table: seat 1 {led.glyph} KS, seat 2 {second.glyph} 4S, seat 3 {third.glyph} 1S\n"
    ) in play


# --- Bad input ------------------------------------------------------------------------------


def test_bad_input_gets_the_library_message_and_the_prompt_again() -> None:
    table = Table(first, seed=33)
    table.bad[ft.Phase.BIDDING] = ["xyz", "99", "", "petite", "KH"]
    table.bad[ft.Phase.PLAY] = ["0", "play", "discard 2D"]
    code, out = table.run()
    assert code == 0
    assert "\nScore: " in out
    assert len(table.refused) == 8
    numbers = [(text, state) for text, state in table.refused if text.isdigit()]
    assert [text for text, _ in numbers] == ["99", "0"]
    for text, state in numbers:
        count = len(choices(state))
        assert f"{PROMPT}{text}\n'{text}' is not a choice: type 1 to {count}.\n{PROMPT}" in out
    for text, state in table.refused:
        if text.isdigit():
            continue
        view = ft.observe(state, 0)
        try:
            ft.apply(state, ft.parse_action(text, view), seat=0)
        except ft.TarotError as error:
            message = str(error)
        else:  # pragma: no cover - the answers above are all refused
            pytest.fail(f"{text!r} was accepted")
        count = len(choices(state))
        expected = (
            f"{PROMPT}{text}\n{message}\n"
            f"(Type a number from 1 to {count}, an action, 'help' or 'quit'.)\n{PROMPT}"
        )
        assert expected in out
    # The messages are the library's, e.g.:
    assert "invalid action notation 'xyz': 'xyz' is not a card" in out
    assert "invalid action notation '': " in out
    assert "illegal action petite" in out
    assert ft.Rule.BID_TOO_LOW.value in out


def test_an_illegal_card_is_refused_with_the_rule_and_the_game_goes_on() -> None:
    table = Table(first, seed=33)
    state = ft.new_deal(seed=33)
    # In trick 1 seat 0 must follow spades: a heart and a card of another hand are refused.
    table.bad[ft.Phase.PLAY] = ["1H", "KD"]
    assert ft.Card.parse("1H") in state.hand(0)
    assert ft.Card.parse("KD") not in state.hand(0)
    code, out = table.run()
    assert code == 0
    refusals = [line for line in out.splitlines() if line.startswith("illegal action")]
    assert len(refusals) == 2
    assert refusals[0].startswith("illegal action 1H")
    assert ft.Rule.MUST_FOLLOW_SUIT.value in refusals[0]
    assert refusals[1].startswith("illegal action KD")
    assert ft.Rule.CARD_NOT_IN_HAND.value in refusals[1]
    # After the refusals, the first choice was played.
    assert f"{PROMPT}1\nYou play {ft.Card.parse('6S').glyph} 6S.\n" in out


def test_numbers_are_checked_against_the_range_shown() -> None:
    table = Table(first, seed=33)
    table.bad[ft.Phase.BIDDING] = ["5", "-1", "0", "+7", "1000000000000000000000000"]
    table.bad[ft.Phase.PLAY] = ["99"]
    code, out = table.run()
    assert code == 0
    assert "   1) pass   2) garde   3) garde_sans   4) garde_contre\n" in out
    for text in ("5", "-1", "0", "+7"):
        assert f"{PROMPT}{text}\n'{text}' is not a choice: type 1 to 4.\n{PROMPT}" in out
    assert "'100000000000...' is not a choice: type 1 to 4.\n" in out
    play = table.refused[-1][1]
    count = len(choices(play))
    assert f"{PROMPT}99\n'99' is not a choice: type 1 to {count}.\n{PROMPT}" in out
    assert "not a card" not in out


# --- Notation answers, table sizes, the taker -----------------------------------------------


def find_taker(players: int, long: bool) -> tuple[Table, int, str]:
    """A deal where seat 1 speaks first, bids Garde and keeps it."""
    for seed in range(40):
        table = Table(taking(long), seed=seed, players=players, seat=1)
        code, out = table.run()
        assert code == 0
        if table.state.taker == 1 and table.state.contract is ft.Contract.GARDE:
            return table, code, out
    pytest.fail("no deal in 40 where seat 1 takes a Garde")  # pragma: no cover


@pytest.mark.parametrize("long", [False, True], ids=["short", "long"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_notation_answers_play_a_deal_as_the_taker(players: int, long: bool) -> None:
    table, _, out = find_taker(players, long)
    rules = ft.RULES_BY_SEATS[players]
    assert f"{PROMPT}garde\nYou bid Garde.\n" in out
    assert "The bidding is over: you take with Garde.\n" in out
    assert "The dog is turned face up: " in out
    assert f"--- Your turn (seat 1): écart, put aside card {rules.dog_size} of " in out
    discards = [a for a in table.state.history if isinstance(a, ft.Discard)]
    assert len(discards) == rules.dog_size
    for discard in discards:
        typed = str(discard) if long else str(discard.card)
        assert f"{PROMPT}{typed}\nYou put {discard.card.glyph} {discard.card} in the écart" in out
    plays = [str(a) for a in table.state.history if isinstance(a, ft.Play)]
    assert any(f"{PROMPT}{text}\nYou play " in out for text in plays)
    if players == 5:
        called = table.state.called
        assert called is not None
        typed = f"call {called}" if long else str(called)
        assert f"{PROMPT}{typed}\nYou call {called.glyph} {called} ({called.name_en}).\n" in out
        assert "--- Your turn (seat 1): call the card of your partner ---" in out
    assert f"\nScore: {ft.score(table.state)}\n" in out
    assert "You (seat 1): you took with Garde and " in out


def test_french_words_and_case_are_accepted() -> None:
    table = Table(lambda state: ("PASSE", ft.Pass()), seed=33, stop_after=1)
    code, out = table.run()
    assert code == 1
    assert f"{PROMPT}PASSE\nYou pass.\n" in out


def test_a_handful_can_be_shown_by_its_notation() -> None:
    for seed in range(2000):
        hand = ft.new_deal(seed=seed).hand(0)
        if sum(card.is_trump or card.is_excuse for card in hand) < 10:
            continue
        # Garde, then the first choice: in the play, a handful comes first when offered.
        table = Table(taking(long=True), seed=seed)
        code, out = table.run()
        assert code == 0
        if any(handful.seat == 0 for handful in table.state.handfuls):
            break
    else:  # pragma: no cover
        pytest.fail("no deal in 2000 where seat 0 shows a handful")
    shown = next(a for a in table.state.history if isinstance(a, ft.DeclareHandful))
    assert f"{PROMPT}{shown}\nYou show a handful of {len(shown.cards)}: " in out
    # The handful was not among the numbered choices, and no question followed.
    assert "handful" not in out[: out.index(f"{PROMPT}{shown}")].split("Choices:")[-1]
    assert HANDFUL_PROMPT not in out


def test_five_players_the_partner_is_told_only_to_the_partner() -> None:
    for seed in range(60):
        table = Table(first, seed=seed, players=5)
        _, out = table.run()
        state = table.state
        if state.partner == 0 and state.taker != 0:
            break
    else:  # pragma: no cover
        pytest.fail("no deal in 60 where seat 0 is the partner")
    assert state.called is not None and state.taker is not None
    told = f"You hold the called card: you are seat {state.taker}'s partner"
    assert told in out
    # It is said right after the call, before any card is played.
    assert out.index(told) < out.index("--- Your turn (seat 0): trick 1 of 15 ---")


# --- The handful question, forced moves, help, French, last and score (issue #26) ----------


def garde_then_first(state: ft.State) -> Answer:
    """Bid Garde when allowed, else answer 1."""
    garde = ft.Bid(ft.Contract.GARDE)
    return ("garde", garde) if ft.is_legal(state, garde) else first(state)


def answering(text: str, size: int | None) -> HandfulPolicy:
    """Answer ``text`` to the handful question, which shows the offered one of ``size``."""

    def policy(state: ft.State) -> tuple[str, ft.DeclareHandful | None]:
        offered = [a for a in handfuls_offered(state) if len(a.cards) == size]
        return text, (offered[0] if offered else None)

    return policy


HANDFUL_SEED = 282
"""Seat 0 takes a Garde and, with the dog, holds 13 trumps: a single or a double handful."""


@pytest.mark.parametrize(
    ("text", "size"),
    [("yes", 13), ("Oui", 13), ("single", 10), ("simple", 10), ("no", None), ("non", None)],
)
def test_the_handful_is_a_yes_or_no_question_after_the_first_card(
    text: str, size: int | None
) -> None:
    table = Table(garde_then_first, seed=HANDFUL_SEED, handful=answering(text, size))
    table.bad[None] = ["1", "maybe"]
    code, out = table.run()
    assert code == 0
    assert len(table.questions) == 1
    start, state = table.questions[0]
    first_card = next(
        a for a in table.state.history[len(state.history) :] if isinstance(a, ft.Play)
    )
    turn = out[: out.index(HANDFUL_PROMPT)]
    turn = turn[turn.rindex("--- Your turn (seat 0): trick 1 of 18 ---") :]
    # The card first, among choices that are cards only; then the question.
    choices_listed = turn[turn.index("Choices:") : turn.index(PROMPT)]
    assert "handful" not in choices_listed
    assert "You may show a handful: you will be asked once you have chosen your card.\n" in turn
    double = max(handfuls_offered(state), key=lambda action: len(action.cards))
    assert turn.endswith(
        f"{PROMPT}1\n"
        "Before your first card you may show a handful: a single (10 trumps, bonus 20) or a "
        "double (13 trumps, bonus 30).\n"
        f"Yes shows the double: {'  '.join(f'{c.glyph} {c}' for c in sorted(double.cards))}\n"
    )
    refusal = "Answer yes or no (oui or non), or 'help'.\n"
    assert f"{HANDFUL_PROMPT}1\n{refusal}{HANDFUL_PROMPT}maybe\n{refusal}" in out
    after = out[start:]
    if size is None:
        assert after.startswith(f"{text}\nYou play {first_card.card.glyph} {first_card.card}.\n")
        assert not table.state.handfuls
    else:
        assert after.startswith(f"{text}\nYou show a handful of {size}: ")
        assert f"\nYou play {first_card.card.glyph} {first_card.card}.\n" in after
        assert [handful.size for handful in table.state.handfuls] == [size]
    assert out.count(HANDFUL_PROMPT) == 3


def test_the_handful_question_has_help_and_takes_chosen_cards() -> None:
    trumps = "T4 T5 T7 T9 T10 T11 T13 T15 T17 T18"  # the offered single shows T2 T4...

    def choose(state: ft.State) -> tuple[str, ft.DeclareHandful | None]:
        return f"poignée {trumps}", ft.DeclareHandful(ft.Card.parse(t) for t in trumps.split())

    table = Table(garde_then_first, seed=HANDFUL_SEED, handful=choose)
    table.bad[None] = ["aide", "triple", "handful T1", "last"]
    code, out = table.run()
    assert code == 0
    assert (
        f"{HANDFUL_PROMPT}aide\nA handful is a set of trumps shown before your first card" in out
    )
    assert f"{HANDFUL_PROMPT}triple\nAnswer yes or no" in out  # no triple is offered
    assert f"{HANDFUL_PROMPT}handful T1\nillegal action handful T1 " in out
    assert f"{HANDFUL_PROMPT}last\nNo trick is finished yet.\n{HANDFUL_PROMPT}" in out
    assert f"{HANDFUL_PROMPT}poignée {trumps}\nYou show a handful of 10: " in out
    assert str(table.state.handfuls[0].cards[0]) == "T4"


def test_forced_moves_are_played_and_said_unless_confirm() -> None:
    table = Table(first, seed=33)
    code, out = table.run()
    assert code == 0
    assert table.forced  # the last trick at least
    lines = out.splitlines()
    said = [n for n, line in enumerate(lines) if line.startswith("Only one choice, played")]
    assert len(said) == len(table.forced)
    for n, action in zip(said, table.forced, strict=True):
        assert isinstance(action, ft.Play)
        face = f"{action.card.glyph} {action.card}"
        assert lines[n] == f"Only one choice, played for you: {face}."
        assert lines[n + 1] == f"You play {face}."
    # With --confirm every move is asked, forced or not.
    confirming = Table(first, seed=33, confirm=True)
    code, asked = confirming.run()
    assert code == 0
    assert not confirming.forced and "Only one choice" not in asked
    assert len(confirming.prompts) == len(table.prompts) + len(table.forced)
    assert f"   1) {face}\n{PROMPT}1\nYou play {face}.\n" in asked


def test_a_forced_pass_after_a_garde_contre() -> None:
    def bold(view: ft.Observation) -> ft.Action:
        garde_contre = ft.Bid(ft.Contract.GARDE_CONTRE)
        return garde_contre if garde_contre in view.legal_actions else SimplePlayer()(view)

    out = io.StringIO()
    state = ft.new_deal(seed=33)
    players: list[ft.players.Player] = [SimplePlayer(), bold, SimplePlayer(), SimplePlayer()]
    code = play_game(state, 2, stdin=io.StringIO("1\n" * 30), stdout=out, players=players)
    assert code == 0
    text = out.getvalue()
    bid = f"Seat 1 bids {ft.Contract.GARDE_CONTRE.french}.\n"
    assert f"{bid}Only one choice, played for you: pass.\nYou pass.\n" in text


def test_help_says_what_may_be_typed_in_each_phase() -> None:
    table, _, _ = find_taker(5, long=False)
    table = Table(taking(False), seed=int(table.args[3]), players=5, seat=1)
    table.bad[ft.Phase.BIDDING] = ["help"]
    table.bad[ft.Phase.CALL] = ["help"]
    table.bad[ft.Phase.DISCARD] = ["Help"]
    table.bad[ft.Phase.SLAM] = ["HELP"]
    table.bad[ft.Phase.PLAY] = ["?", "aide"]
    code, out = table.run()
    assert code == 0
    for word, line in [
        ("help\n", "  a card to call, e.g. KS or RS (call KS, appel KS)\n"),
        ("Help\n", "  a card to put aside, e.g. 2S (discard 2S, ecart 2S, écart 2S)\n"),
        ("HELP\n", "  slam (chelem) to announce a slam, pass (passe) not to\n"),
    ]:
        assert f"{PROMPT}{word}Type a choice's number (1 to " in out
        assert f") or the choice itself:\n{line}" in out
    bidding = out[out.index(f"{PROMPT}help\n") :]
    assert bidding.startswith(
        f"{PROMPT}help\nType a choice's number (1 to {len(choices(table.refused[0][1]))}) or "
        "the choice itself:\n  pass (passe), or a contract: petite, garde, garde sans, "
        "garde contre\n"
    )
    play = out[out.index(f"{PROMPT}?\n") :]
    assert "  a card to play, e.g. KH or RH (play KH, joue KH)\n" in play
    assert "\n  letters: RH is the roi de cœur, and RC is refused (C is clubs here).\n" in play
    assert f"{PROMPT}aide\nType a choice's number" in out
    assert out.count("When you have only one choice, it is played for you") == 6


FRENCH_RANKS = {"K": "R", "Q": "D", "J": "V"}


def in_french(card: ft.Card) -> str:
    """The card with its French rank letter, where it is not ambiguous (not the clubs)."""
    text = str(card)
    if text[0] in FRENCH_RANKS and not text.endswith("C"):
        return FRENCH_RANKS[text[0]] + text[1:]
    return text


def french(state: ft.State) -> Answer:
    """Garde when allowed, else the first choice, typed in French with accents and letters."""
    garde = ft.Bid(ft.Contract.GARDE)
    action = garde if ft.is_legal(state, garde) else choices(state)[0]
    if isinstance(action, ft.Pass):
        return "Passe", action
    if isinstance(action, ft.Bid):
        return "gardé" if action.contract is ft.Contract.GARDE else "prise", action
    if isinstance(action, ft.Discard):
        return f"écart {in_french(action.card)}", action
    if isinstance(action, ft.Call):
        return f"appelle {in_french(action.card)}", action
    if isinstance(action, ft.Play):
        return f"joue {in_french(action.card)}", action
    return "chelem" if isinstance(action, ft.AnnounceSlam) else "passe", action


def test_french_words_with_accents_and_french_card_letters() -> None:
    def yes(state: ft.State) -> tuple[str, ft.DeclareHandful | None]:
        return "oui", biggest_handful(state)[1]

    french_letter = re.compile(r"\b[RDV][SHD]\b")
    for seed in range(40):
        table = Table(french, seed=seed, players=5, seat=1, handful=yes)
        code, out = table.run()
        assert code == 0
        if table.state.taker == 1 and any(french_letter.search(t) for t, _ in table.answers):
            break
    else:  # pragma: no cover
        pytest.fail("no deal in 40 where seat 1 takes and types a French rank letter")
    assert f"{PROMPT}gardé\nYou bid Garde.\n" in out
    checked = 0
    for text, action in table.answers:
        if isinstance(action, (ft.Discard, ft.Call, ft.Play)):
            face = f"{action.card.glyph} {action.card}"
            verb = {ft.Discard: "put", ft.Call: "call", ft.Play: "play"}[type(action)]
            answered = f"{PROMPT}{text}\n"
            assert answered in out
            if not out.split(answered, 1)[1].startswith("Before your first card"):
                assert f"{answered}You {verb} {face}" in out
                checked += 1
    assert checked >= 3 + 1 + 10  # the écart, the call and most cards (some are forced)
    assert any(french_letter.search(text) for text, _ in table.answers)
    assert any(text.startswith("écart ") for text, _ in table.answers)
    assert any(text.startswith("appelle ") for text, _ in table.answers)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("RH", "KH"),
        ("joue dd", "joue QD"),
        ("jouer vs", "joue JS"),
        ("écarter 2S", "ecart 2S"),
        ("poignée T1 T2", "poignee T1 T2"),
        ("  Garde   Sans  ", "Garde Sans"),
        ("CC", "CC"),
        ("10D", "10D"),
        ("RS RD", "KS KD"),
    ],
)
def test_words_are_read_in_english(text: str, expected: str) -> None:
    assert _words.cards_in_english(_words.plain(text)) == expected


@pytest.mark.parametrize("text", ["RC", "joue dc", "appel VC"])
def test_a_french_rank_before_c_is_ambiguous(text: str) -> None:
    with pytest.raises(ft.NotationError, match="C is clubs"):
        _words.cards_in_english(text)


def test_an_ambiguous_card_is_refused_and_asked_again() -> None:
    table = Table(first, seed=33)
    table.bad[ft.Phase.PLAY] = ["RC"]
    code, out = table.run()
    assert code == 0
    assert (
        f"{PROMPT}RC\n'RC' is ambiguous: suits are written S, H, D, C as in English, so C is "
        "clubs (trèfle), not cœur; type KC for clubs or RH (KH) for hearts\n"
    ) in out


def test_last_shows_the_last_trick_and_score_the_points_so_far() -> None:
    table = Table(first, seed=33)
    table.bad[ft.Phase.BIDDING] = ["last", "score"]
    code, out = table.run()
    assert code == 0
    assert f"{PROMPT}last\nNo trick is finished yet.\n{PROMPT}" in out
    assert f"{PROMPT}score\nNo score yet: the bidding is not over.\n{PROMPT}" in out
    # Later in the play, both: checked against the state of the deal then.
    table = Table(first, seed=33)
    table.bad[9] = ["dernier", "points"]
    code, out = table.run()
    assert code == 0
    state = table.refused[-1][1]
    view = ft.observe(state, 0)
    trick = state.tricks[-1]
    number = len(state.tricks)
    played = ", ".join(
        f"{'you' if (trick.leader + n) % 4 == 0 else f'seat {(trick.leader + n) % 4}'} "
        f"{card.glyph} {card}"
        for n, card in enumerate(trick.cards)
    )
    winner = "you" if trick.winner == 0 else f"seat {trick.winner}"
    leader = "you" if trick.leader == 0 else f"seat {trick.leader}"
    assert (
        f"{PROMPT}dernier\nTrick {number}, led by {leader}: {played}; won by {winner}.\n"
    ) in out
    score = out[out.index(f"{PROMPT}points\n") :].splitlines()[1:5]
    assert view.taker == 1 and view.contract is ft.Contract.PETITE
    assert score[0] == f"After {number} of 18 tricks; Petite, taken by seat 1:"
    taker_side = [t for t in state.tricks if t.winner == 1]
    assert score[1].startswith(f"  the taker's side (seat 1): {len(taker_side)} trick")
    assert score[2].startswith(
        f"  the defence (you, seat 2, seat 3): {number - len(taker_side)} trick"
    )
    total = sum(card.points for t in state.tricks for card in t.cards)
    found = [re.search(r"\): \d+ tricks?, ([0-9.]+) points?", line) for line in score[1:3]]
    points = [float(match.group(1)) for match in found if match is not None]
    assert sum(points) == total
    assert score[3].startswith("  With ") and " the taker needs " in score[3]


def test_score_by_seat_while_the_partner_is_unknown() -> None:
    for seed in range(40):
        table = Table(first, seed=seed, players=5)
        table.bad[ft.Phase.PLAY] = ["score"]
        code, out = table.run()
        assert code == 0
        if "(The partner is not known yet.)" in out:
            break
    else:  # pragma: no cover
        pytest.fail("no deal in 40 where seat 0 asks the score before the partner is known")
    lines = out[out.index(f"{PROMPT}score\n") :].splitlines()
    assert lines[1].startswith("After 0 of 15 tricks; ")
    assert [line.split(":")[0] for line in lines[2:7]] == [
        "  you" + (" (taker)" if table.state.taker == 0 else ""),
        *(
            f"  seat {seat}" + (" (taker)" if table.state.taker == seat else "")
            for seat in range(1, 5)
        ),
    ]


def test_the_hand_is_shown_once_per_trick_and_once_for_the_ecart() -> None:
    table, _, out = find_taker(4, long=False)
    discard = out[out.index("écart, put aside card 1 of 6") : out.index("card 6 of 6")]
    assert discard.count("Your hand (") == 1
    turns = out.count("--- Your turn (seat 1): trick ")
    hands = out[out.index("--- Your turn (seat 1): trick 1 ") :].count("Your hand (")
    assert hands == turns
    table = Table(first, seed=33)
    table.bad[ft.Phase.PLAY] = ["hand", "main"]
    _, out = table.run()
    assert f"{PROMPT}hand\nYour hand (18 cards):\n" in out
    assert f"{PROMPT}main\nYour hand (18 cards):\n" in out


# --- Annulled deals -------------------------------------------------------------------------


def test_every_player_passing_annuls_the_deal() -> None:
    table = Table(first, seed=7)
    code, out = table.run()
    assert code == 0
    assert "The deal is annulled: every player passed.\n" in out
    assert "You (seat 0): +0, nobody scores.\n" in out


def test_a_petit_sec_is_shown_and_the_deal_annulled() -> None:
    table = Table(first, seed=430)
    state = table.state
    assert state.annulment is not None and state.annulment.seat == 2
    code, out = table.run()
    assert code == 0
    assert PROMPT not in out
    assert "The deal is annulled: a player held the Petit as their only trump" in out
    assert "Seat 2 shows the petit sec: " in out
    assert cards_in(out) - set(state.hand(0)) == set(state.hand(2))


# --- What the person may see ----------------------------------------------------------------


@pytest.mark.parametrize("policy", [first, last, taking(False)], ids=["first", "last", "garde"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_transcript_never_shows_a_hidden_card(players: int, policy: Policy) -> None:
    for seed in range(4):
        table = Table(policy, seed=seed, players=players, seat=seed % players)
        code, out = table.run()
        assert code == 0
        seen = 0
        for position, state in table.prompts:
            shown = cards_in(unnamed(out[:position]))
            assert not shown & hidden_cards(state, table.seat), (seed, position)
            seen = max(seen, len(shown))
        assert not cards_in(unnamed(out)) & hidden_cards(table.state, table.seat), seed
        assert seen


def test_the_leak_check_sees_hidden_cards() -> None:
    state = ft.new_deal(seed=33)
    text = f"seat 1 holds {state.hand(1)[0]} and {state.hand(2)[0].glyph}"
    assert cards_in(text) & hidden_cards(state, 0) == {state.hand(1)[0], state.hand(2)[0]}
    assert not cards_in("Seed: 5, seat 10, trick 11 of 18, 0:+96 1:-192, T10C EXIT")


def test_only_the_call_choices_are_left_out_of_the_leak_check() -> None:
    text = (
        "Seat 2 plays KH.\n--- Your turn (seat 0): call the card of your partner ---\n"
        f"Your hand (1 card):\n  spades  2S\nChoices:\n   1) KS   2) KD\n{PROMPT}1\n"
        f"You call KS (King of Spades).\n{PROMPT}"
    )
    assert {str(card) for card in cards_in(unnamed(text))} == {"KH", "2S", "KS"}


def test_a_face_down_dog_is_never_shown_even_at_the_end() -> None:
    for seed in range(40):
        table = Table(last, seed=seed, seat=1)  # seat 1 speaks first: Garde contre
        code, out = table.run()
        if table.state.taker == 1:
            break
    else:  # pragma: no cover
        pytest.fail("no deal where seat 1 keeps a Garde contre")
    assert code == 0
    assert table.state.contract is ft.Contract.GARDE_CONTRE
    assert "The dog stays face down.\n" in out
    assert not cards_in(out) & set(table.state.dog)


# --- Leaving, seeds, arguments --------------------------------------------------------------


def test_end_of_input_at_the_first_prompt_leaves_cleanly() -> None:
    out = io.StringIO()
    code = main_play(["--seed", "33"], stdin=io.StringIO(""), stdout=out)
    assert code == 1
    lines = out.getvalue().splitlines()
    assert lines[-2:] == [
        "End of input: you leave the table before the end of the deal.",
        "Replay this deal with: python -m frenchtarot play --players 4 --seed 33 --seat 0 "
        "--dealer 0",
    ]
    assert lines[-3] == PROMPT


def test_end_of_input_in_the_middle_of_the_deal_leaves_cleanly() -> None:
    table = Table(first, seed=33, stop_after=4)
    code, out = table.run()
    assert code == 1
    assert len(table.prompts) == 4
    assert "End of input: you leave the table" in out
    assert "Score:" not in out


@pytest.mark.parametrize("word", ["quit", "QUIT", "  exit  ", "quitter", "Quitter"])
def test_quit_leaves_the_table(word: str) -> None:
    out = io.StringIO()
    code = main_play(["--seed", "33"], stdin=io.StringIO(f"1\n{word}\n1\n"), stdout=out)
    assert code == 1
    text = out.getvalue()
    assert f"{PROMPT}{word}\nGoodbye: you leave the table before the end of the deal.\n" in text
    assert text.count(PROMPT) == 2


def test_ctrl_c_leaves_the_table() -> None:
    def interrupt() -> str | None:
        raise KeyboardInterrupt

    out = io.StringIO()
    code = main_play(["--seed", "33"], stdin=Answers(interrupt), stdout=out)
    assert code == 130
    assert out.getvalue().endswith("\nInterrupted: you leave the table.\n")


def test_the_seed_is_printed_and_the_same_seed_and_answers_replay_the_deal() -> None:
    code, out = run_answering_1([])
    assert code == 0
    match = re.match(r"Seed: (\d+)\n", out)
    assert match is not None
    seed = match.group(1)
    assert f"python -m frenchtarot play --players 4 --seed {seed} --seat 0 --dealer 0" in out
    assert run_answering_1(["--seed", seed]) == (0, out)
    assert run_answering_1(["--seed", seed, "--seat", "2"])[1] != out


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "6"],
        ["--seat", "4"],
        ["--players", "3", "--seat", "3"],
        ["--seat", "-1"],
        ["--dealer", "5"],
        ["--seed", "-1"],
        ["--seed", "x"],
    ],
)
def test_bad_arguments_exit_with_status_2(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main_play(args, stdin=io.StringIO(""), stdout=io.StringIO())
    assert exit_info.value.code == 2
    assert "error:" in capsys.readouterr().err


# --- Glyphs and encodings -------------------------------------------------------------------


def test_no_glyphs_shows_the_notation_only() -> None:
    out = io.StringIO()
    code = main_play(["--seed", "33", "--no-glyphs"], stdin=io.StringIO("1\n" * 120), stdout=out)
    assert code == 0
    text = out.getvalue()
    assert not set(_GLYPHS) & set(text)
    assert "Seat 1 plays KS.\n" in text
    assert "\n  trumps    T2  T4  T10  T11  T13\n  spades    6S  8S  CS\n" in text


class Terminal(io.StringIO):
    """A StringIO that says it is a terminal, with the encoding given."""

    def __init__(self, text: str = "", encoding: str | None = None) -> None:
        super().__init__(text)
        self._encoding = encoding

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding or "utf-8"

    def isatty(self) -> bool:
        return True


def test_answers_typed_at_a_terminal_are_not_echoed_again() -> None:
    out = io.StringIO()
    code = main_play(["--seed", "33"], stdin=Terminal("1\n" * 120), stdout=out)
    assert code == 0
    assert f"{PROMPT}1\n" not in out.getvalue()
    assert f"{PROMPT}You pass.\n" in out.getvalue()


def test_an_unknown_output_encoding_gets_ascii() -> None:
    out = Terminal(encoding="x-no-such-encoding")
    code = main_play(["--seed", "33"], stdin=io.StringIO("1\n" * 120), stdout=out)
    assert code == 0
    assert out.getvalue().isascii()
    assert "Seat 1 plays KS.\n" in out.getvalue()


def test_an_ascii_terminal_gets_plain_text() -> None:
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii", newline="\n")
    code = main_play(["--seed", "33"], stdin=io.StringIO("1\n" * 120), stdout=out)
    out.flush()
    text = raw.getvalue().decode("ascii")
    assert code == 0
    assert "Seat 1 puts 6 cards face down in the ecart.\n" in text
    assert "Seat 1 plays KS.\n" in text


# --- The command ----------------------------------------------------------------------------


def run_command(args: Sequence[str], answers: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args],
        input=answers,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8", **env},
        timeout=60,
        check=False,
    )


def test_the_module_runs_as_a_program() -> None:
    result = run_command(["frenchtarot._cli.terminal", "--seed", "33"], "1\n" * 120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Seed: 33\n")
    assert "\nScore: " in result.stdout
    assert f"{PROMPT}1\n" in result.stdout


def test_the_program_on_an_ascii_terminal_does_not_fail() -> None:
    result = run_command(
        ["frenchtarot._cli.terminal", "--seed", "33"], "1\n" * 120, PYTHONIOENCODING="ascii"
    )
    assert result.returncode == 0, result.stderr
    assert "Seat 1 puts 6 cards face down in the ecart." in result.stdout


def test_python_m_frenchtarot_play() -> None:
    result = run_command(["frenchtarot", "play", "--seed", "33"], "1\n" * 120)
    if result.returncode == 2 and "unrecognized arguments" in result.stderr:
        pytest.skip("`play` is not wired into frenchtarot/__main__.py yet")
    assert result.returncode == 0, result.stderr
    assert result.stdout == run_answering_1(["--seed", "33"])[1]
    plain = run_command(["frenchtarot", "--seed", "33"], "")
    assert plain.returncode == 0, plain.stderr
    assert "Score:" in plain.stdout


# python -m frenchtarot arena


def test_arena_prints_the_table_with_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--players", "simple,random,random", "--deals", "3", "--seed", "4"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[0] == "Seed: 4 (repeat with --seed 4)"
    assert lines[1] == "3 deals x 3 rotations, seed 4"
    assert [line.split()[1] for line in lines[3:]] == ["simple", "random", "random"]
    assert all(re.search(r"\[-?\d+\.\d\d, -?\d+\.\d\d\]$", line) for line in lines[3:])
    assert "[" + "#" * 30 + "] 3/3 deals" in captured.err  # the progress bar


def test_arena_gives_the_same_table_with_worker_processes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    command = ["arena", "--players", "montecarlo,simple,random", "--deals", "2", "--seed", "6"]
    command += ["--samples", "2", "--quiet"]
    assert main(command) == 0
    alone = capsys.readouterr()
    assert main([*command, "--workers", "2"]) == 0
    assert capsys.readouterr().out == alone.out
    assert alone.err == ""


@pytest.mark.parametrize(
    ("players", "message"),
    [("simple,robot,simple", "unknown player 'robot'"), ("simple,simple", "3, 4 or 5 players")],
)
def test_arena_refuses_unknown_players_and_table_sizes(
    players: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["arena", "--players", players])
    assert message in capsys.readouterr().err


def test_play_with_the_ludicash_rules_offers_no_petite() -> None:
    code, out = run_answering_1(["--rules", "ludicash", "--seed", "33"])
    assert code == 0
    assert "French Tarot, 4 players (ludicash rules)." in out
    assert "Replay this deal with: python -m frenchtarot play --rules ludicash --seed 33 " in out
    assert "petite" not in out.lower()
    assert "1) pass   2) garde   3) garde_sans   4) garde_contre" in out
