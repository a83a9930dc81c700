"""Play one deal in the terminal against the built-in players: ``python -m frenchtarot play``.

A person takes one seat (``--seat``, default 0); every other seat is a built-in player of
the difficulty ``--level`` (1 to 5, see :func:`frenchtarot.players.level`; 2 by default, a
:class:`~frenchtarot.players.SimplePlayer`, which answers at once and the same way every
time). Everything printed comes from the person's
:class:`~frenchtarot.Observation`, never from the :class:`~frenchtarot.State`: their own
hand, what the others bid, call and play as it happens, the dog when it is turned face up,
the trumps put in the écart, the handfuls, and the score once the deal is over. Hidden cards
(the other hands, a dog left face down, the non-trump cards of another seat's écart) are
never shown, not even at the end.

On the person's turn the choices are listed, numbered, under the trick so far; the hand is
shown once per trick (``hand`` shows it again). The answer is a number in the range shown or
an action in the library's notation (``garde``, ``call KS``, ``discard 2S`` or just ``2S``
in the écart, ``KH``), in English or French, with or without accents (``écart 2S``,
``passe``, ``garde sans``), cards with the French rank letters too (``RH`` for the roi de
cœur: see :mod:`frenchtarot._cli._words`). Anything else is answered with the library's own
message and asked again. A choice that is the only one is played for the person, and said
(``--confirm`` asks anyway). A handful is never a numbered choice: once the person has
chosen their first card, they are asked whether to show it (yes or no, *oui* or *non*).
``help`` (``aide``, ``?``) says what may be typed, ``last`` (``dernier``) shows the last
trick, ``score`` the points won so far; ``quit`` (``exit``, ``quitter``) and the end of the
input (Ctrl-D) leave the table.

Exit status: 0 when the deal was played to the end (annulled deals included), 1 when the
person left before the end (``quit``, end of input), 130 on Ctrl-C, and 2 for
bad command-line arguments (from :mod:`argparse`).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import textwrap
from collections.abc import Iterable, Sequence
from typing import Final, TextIO

from frenchtarot._cli import _words
from frenchtarot._cli._options import add_table_options, level_number, seed_number, table_rules
from frenchtarot._core.state import State
from frenchtarot._core.tally import TARGETS
from frenchtarot._dealing import new_deal
from frenchtarot._engine import apply
from frenchtarot._notation import parse_action
from frenchtarot.actions import (
    Action,
    AnnounceSlam,
    Bid,
    Call,
    Contract,
    DeclareHandful,
    Discard,
    Pass,
    Phase,
    Play,
)
from frenchtarot.cards import Card, Suit
from frenchtarot.errors import TarotError
from frenchtarot.observation import Observation, observe
from frenchtarot.players import Player, SimplePlayer, level
from frenchtarot.rules import RULES_BY_SEATS

__all__ = ["HANDFUL_PROMPT", "PROMPT", "main_play", "play_game"]

PROMPT: Final = "Your choice: "
"""What is written (without a new line) when the person is to answer."""
HANDFUL_PROMPT: Final = "Show a handful? (yes/no): "
"""The question asked after the first card is chosen, when a handful may be shown."""

DEFAULT_LEVEL: Final = 2
"""The other players' level unless ``--level`` says otherwise: the simple player."""
EXIT_DONE: Final = 0
EXIT_LEFT: Final = 1
EXIT_INTERRUPTED: Final = 130

_SUITS: Final = (
    (Suit.SPADES, "spades", "\u2660"),
    (Suit.HEARTS, "hearts", "\u2665"),
    (Suit.DIAMONDS, "diamonds", "\u2666"),
    (Suit.CLUBS, "clubs", "\u2663"),
)
_WIDTH: Final = 78
"""Where the list of choices is wrapped (a card glyph counted as two columns)."""
_SAMPLE: Final = "\U0001f0a1\u2660\u00e9"
"""A card glyph, a suit symbol and an accent: what the output stream must be able to write."""


class _Screen:
    """The output: card faces with or without glyphs, and text the stream can encode."""

    def __init__(self, out: TextIO, glyphs: bool) -> None:
        self._out = out
        encoding = getattr(out, "encoding", None)
        self._encoding: str | None = None  # None: the stream writes any character
        if isinstance(encoding, str):
            try:
                _SAMPLE.encode(encoding)
            except UnicodeEncodeError:
                self._encoding = encoding
            except LookupError:  # an encoding Python does not know: keep to ASCII
                self._encoding = "ascii"
        self.glyphs = glyphs and self._encoding is None

    def _safe(self, text: str) -> str:
        """``text`` as the stream can write it: accents dropped, else ``?``."""
        if self._encoding is None:
            return text
        plain = _words.plain_characters(text)
        return plain.encode(self._encoding, "replace").decode(self._encoding)

    def say(self, text: str = "") -> None:
        self._out.write(self._safe(text) + "\n")

    def say_all(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.say(line)

    def ask(self, prompt: str) -> None:
        self._out.write(self._safe(prompt))
        self._out.flush()

    def echo(self, line: str) -> None:
        self._out.write(self._safe(line if line.endswith("\n") else line + "\n"))

    def card(self, card: Card) -> str:
        """A card's face: its glyph and its notation (``"🂾 KH"``), or the notation alone."""
        return f"{card.glyph} {card}" if self.glyphs else str(card)

    def cards(self, cards: Iterable[Card]) -> str:
        return "  ".join(self.card(card) for card in cards) or "-"

    def suit(self, name: str, symbol: str) -> str:
        return f"{symbol} {name}" if self.glyphs else name


def _who(seat: int, me: int, other: str, mine: str) -> str:
    """``"Seat 2 bids"`` or ``"You bid"``: the subject and the verb in the right form."""
    return f"You {mine}" if seat == me else f"Seat {seat} {other}"


def _name(seat: int, me: int) -> str:
    return "you" if seat == me else f"seat {seat}"


def _whose(seat: int, me: int) -> str:
    return "your" if seat == me else f"seat {seat}'s"


def _hand_lines(screen: _Screen, hand: Sequence[Card]) -> list[str]:
    """The hand, one line for the trumps and the Excuse, then one per suit."""
    rows = [(screen.suit("trumps", " "), [card for card in hand if card.suit is None])]
    rows += [
        (screen.suit(name, symbol), [card for card in hand if card.suit is suit])
        for suit, name, symbol in _SUITS
    ]
    width = max(len(label) for label, _ in rows)
    return [f"  {label:<{width}}  {screen.cards(cards)}" for label, cards in rows if cards]


def _describe_hand(screen: _Screen, view: Observation) -> list[str]:
    count = len(view.hand)
    return [
        f"Your hand ({count} card{'' if count == 1 else 's'}):",
        *_hand_lines(screen, view.hand),
    ]


def _label(screen: _Screen, action: Action) -> str:
    """How a choice is listed: a card's face (typing the card picks it), else the notation."""
    if isinstance(action, (Play, Discard, Call)):
        return screen.card(action.card)
    return str(action)


def _choice_lines(screen: _Screen, options: Sequence[Action]) -> list[str]:
    """The choices, numbered from 1, wrapped at the screen's width."""
    lines: list[str] = []
    line = ""
    for number, action in enumerate(options, 1):
        item = f"{number:>2}) {_label(screen, action)}"
        columns = len(line) + len(item) + (1 if screen.glyphs else 0) + 2
        if line and columns > _WIDTH:
            lines.append(line)
            line = ""
        line = f"{line}  {item}" if line else f"  {item}"
    if line:
        lines.append(line)
    return lines


def _contract_line(screen: _Screen, view: Observation) -> str | None:
    """``"Contract: Garde, taken by seat 2; called 🂮 KS (partner unknown)."``, once known."""
    if view.phase is Phase.BIDDING or view.taker is None or view.contract is None:
        return None
    text = f"Contract: {view.contract.french}, taken by {_name(view.taker, view.seat)}"
    if view.called is not None:
        if view.partner is not None:
            partner = f"partner: {_name(view.partner, view.seat)}"
        elif view.alone:
            partner = "the taker plays alone"
        else:
            partner = "partner unknown"
        text += f"; called {screen.card(view.called)} ({partner})"
    if view.slam:
        text += "; slam announced"
    return text + "."


def _header(view: Observation) -> str:
    """The first line of the person's turn: ``--- Your turn (seat 0): trick 3 of 18 ---``."""
    phase = view.phase
    if phase is Phase.BIDDING:
        best = (
            "no bid yet"
            if view.contract is None or view.taker is None
            else f"highest bid {view.contract.french}, by {_name(view.taker, view.seat)}"
        )
        what = f"bidding ({best})"
    elif phase is Phase.CALL:
        what = "call the card of your partner"
    elif phase is Phase.DISCARD:
        done = len(view.discard or ())
        what = f"écart, put aside card {done + 1} of {view.rules.dog_size}"
    elif phase is Phase.SLAM:
        what = "announce a slam?"
    else:
        what = f"trick {len(view.tricks) + 1} of {view.rules.hand_size}"
    return f"--- Your turn (seat {view.seat}): {what} ---"


def _table_line(screen: _Screen, view: Observation) -> str:
    """The trick so far: ``On the table: seat 1 🃅 5D, seat 2 🃆 6D``, or who leads."""
    if not view.current_trick or view.leader is None:
        return "You lead this trick."
    seats = view.rules.seats
    played = ", ".join(
        f"{_name((view.leader + n) % seats, view.seat)} {screen.card(card)}"
        for n, card in enumerate(view.current_trick)
    )
    return f"On the table: {played}"


def _trick_line(screen: _Screen, view: Observation, number: int) -> str:
    """One finished trick: who led, each seat's card, who won."""
    trick = view.tricks[number]
    seats = view.rules.seats
    played = ", ".join(
        f"{_name((trick.leader + n) % seats, view.seat)} {screen.card(card)}"
        for n, card in enumerate(trick.cards)
    )
    return (
        f"Trick {number + 1}, led by {_name(trick.leader, view.seat)}: {played}; "
        f"won by {_name(trick.winner, view.seat)}."
    )


def _last_lines(screen: _Screen, view: Observation) -> list[str]:
    """What ``last`` shows: the last finished trick."""
    if not view.tricks:
        return ["No trick is finished yet."]
    return [_trick_line(screen, view, len(view.tricks) - 1)]


def _points(halves: int) -> str:
    return f"{halves / 2:g} point{'' if halves == 2 else 's'}"


def _score_lines(view: Observation) -> list[str]:
    """What ``score`` shows: the running total of the deal, as far as the person knows it.

    The card points and the bouts in the tricks won so far, by camp when the person knows
    the camps, else by seat (five players, partner unknown). The Excuse is counted for the
    seat that played it (it goes back to its camp), except in the last trick.
    """
    me = view.seat
    taker, contract = view.taker, view.contract
    if view.phase is Phase.BIDDING or taker is None or contract is None:
        return ["No score yet: the bidding is not over."]
    rules = view.rules
    seats = rules.seats
    halves = [0] * seats
    tricks = [0] * seats
    bouts: list[list[Card]] = [[] for _ in range(seats)]
    for number, trick in enumerate(view.tricks):
        tricks[trick.winner] += 1
        for card in trick.cards:
            kept = card.is_excuse and number < rules.hand_size - 1
            owner = trick.seat_of(card) if kept else trick.winner
            halves[owner] += round(card.points * 2)
            if card.is_bout:
                bouts[owner].append(card)
    lines = [
        f"After {len(view.tricks)} of {rules.hand_size} tricks; {contract.french}, taken by "
        f"{_name(taker, me)}:"
    ]

    def summary(label: str, members: Sequence[int]) -> str:
        won = sum(tricks[seat] for seat in members)
        held = sorted(card for seat in members for card in bouts[seat])
        text = f"  {label}: {won} trick{'' if won == 1 else 's'}, "
        text += _points(sum(halves[seat] for seat in members))
        return text + (f"; bouts {' '.join(map(str, held))}" if held else "")

    if rules.calls_partner and view.partner is None and not view.alone:
        for seat in range(seats):
            lines.append(summary(_name(seat, me) + (" (taker)" if seat == taker else ""), [seat]))
        lines.append("  (The partner is not known yet.)")
        return lines
    attack = [seat for seat in range(seats) if seat in (taker, view.partner)]
    defence = [seat for seat in range(seats) if seat not in attack]
    lines.append(summary(f"the taker's side ({', '.join(_name(s, me) for s in attack)})", attack))
    lines.append(summary(f"the defence ({', '.join(_name(s, me) for s in defence)})", defence))
    count = sum(len(bouts[seat]) for seat in attack)
    aside = _ASIDE.get(contract, "the écart counts for the taker")
    lines.append(
        f"  With {count} bout{'' if count == 1 else 's'} the taker needs {TARGETS[count]} "
        f"points ({aside})."
    )
    return lines


_ASIDE: Final = {
    Contract.GARDE_SANS: "the dog counts for the taker",
    Contract.GARDE_CONTRE: "the dog counts for the defence",
}
"""Where the cards set aside go, when not to the taker's écart."""


def _help_lines(view: Observation, count: int) -> list[str]:
    """What ``help`` shows: what may be typed now, and the words that work at any prompt."""
    lines = [f"Type a choice's number (1 to {count}) or the choice itself:"]
    phase = view.phase
    if phase is Phase.BIDDING:
        contracts = ", ".join(c.name.lower().replace("_", " ") for c in view.rules.offered)
        lines.append(f"  pass (passe), or a contract: {contracts}")
        lines.append("  (prise is the petite; garde sans/contre le chien work too)")
    elif phase is Phase.CALL:
        lines.append("  a card to call, e.g. KS or RS (call KS, appel KS)")
    elif phase is Phase.DISCARD:
        lines.append("  a card to put aside, e.g. 2S (discard 2S, ecart 2S, écart 2S)")
    elif phase is Phase.SLAM:
        lines.append("  slam (chelem) to announce a slam, pass (passe) not to")
    else:
        lines.append("  a card to play, e.g. KH or RH (play KH, joue KH)")
        lines.append("  handful T1 T2 ... (poignée ...) shows a handful of your own choosing")
    notes = [
        "Cards: a rank and a suit letter, as 10S, JD, KH. Ranks 1 (the Ace) to 10, J or V "
        "(jack, valet), C (knight, cavalier), Q or D (queen, dame), K or R (king, roi); "
        "suits S spades (pique), H hearts (cœur), D diamonds (carreau), C clubs (trèfle). "
        "Trumps T1 to T21, the Excuse EX. Suits are always these English letters: RH is "
        "the roi de cœur, and RC is refused (C is clubs here).",
        "At any prompt: hand (main) shows your hand, last (dernier) the last trick, score "
        "(points) the points won so far, help (aide, ?) this help, quit (quitter) leaves. "
        "Accents are optional: écart or ecart, poignée or poignee.",
        "When you have only one choice, it is played for you (--confirm to be asked).",
    ]
    for note in notes:
        lines += textwrap.wrap(note, _WIDTH, subsequent_indent="  ")
    return lines


def _turn_lines(
    screen: _Screen,
    view: Observation,
    options: Sequence[Action],
    *,
    contract: str | None,
    hand: bool,
    handful: bool,
) -> list[str]:
    """What the person is shown when it is their turn: the compact view.

    ``contract`` is the contract's line when it is new to the person, ``hand`` whether to
    show the hand (once per trick, and once for each of the bidding, the call, the écart
    and the slam decision), ``handful`` whether a handful is offered.
    """
    lines = ["", _header(view)]
    if contract is not None:
        lines.append(contract)
    if view.phase is Phase.DISCARD:
        lines.append(f"Your écart so far: {screen.cards(view.discard or ())}")
    if view.phase is Phase.PLAY:
        lines.append(_table_line(screen, view))
    if hand:
        lines += _describe_hand(screen, view)
    if handful:
        lines.append("You may show a handful: you will be asked once you have chosen your card.")
    lines.append("Choices:")
    lines += _choice_lines(screen, options)
    return lines


def _action_line(
    screen: _Screen, action: Action | None, seat: int, before: Observation, after: Observation
) -> str:
    """One sentence for one action, as the person saw it (``None``: an écart card unseen)."""
    me = before.seat
    if action is None:  # pragma: no cover - play_game counts these in one line
        return f"Seat {seat} puts a card face down in the écart."
    if isinstance(action, Pass):
        if before.phase is Phase.SLAM:
            return _who(seat, me, "does", "do") + " not announce a slam."
        return _who(seat, me, "passes", "pass") + "."
    if isinstance(action, Bid):
        return _who(seat, me, "bids", "bid") + f" {action.contract.french}."
    if isinstance(action, Call):
        card = action.card
        return _who(seat, me, "calls", "call") + f" {screen.card(card)} ({card.name_en})."
    if isinstance(action, Discard):
        shown = " (a trump: shown to everyone)" if action.card.is_trump else ""
        return _who(seat, me, "puts", "put") + f" {screen.card(action.card)} in the écart{shown}."
    if isinstance(action, AnnounceSlam):
        return _who(seat, me, "announces", "announce") + " a slam."
    if isinstance(action, DeclareHandful):
        cards = sorted(action.cards)
        return (
            _who(seat, me, "shows", "show") + f" a handful of {len(cards)}: {screen.cards(cards)}."
        )
    called = ", the called card" if action.card == after.called else ""
    return _who(seat, me, "plays", "play") + f" {screen.card(action.card)}{called}."


def _event_lines(screen: _Screen, seat: int, before: Observation, after: Observation) -> list[str]:
    """What the person learns from ``seat``'s action: the difference of two observations."""
    me = after.seat
    lines = [
        _action_line(screen, action, seat, before, after)
        for action in after.history[len(before.history) :]
    ]
    taker = after.taker
    bidding_over = before.phase is Phase.BIDDING and after.phase is not Phase.BIDDING
    if bidding_over and taker is not None and after.contract is not None:
        lines.append(
            f"The bidding is over: {_name(taker, me)} "
            f"{'take' if taker == me else 'takes'} with {after.contract.french}."
        )
        if not after.contract.dog_is_shown:
            lines.append("The dog stays face down.")
    if before.dog is None and after.dog is not None:
        lines.append(f"The dog is turned face up: {screen.cards(after.dog)}")
    if taker is not None and after.annulment is None:
        if after.partner is not None and before.partner is None:
            if after.partner == me:  # told at the call, to the partner alone
                lines.append(
                    f"You hold the called card: you are {_whose(taker, me)} partner "
                    "(the others do not know it yet)."
                )
            else:
                lines.append(f"Seat {after.partner} is {_whose(taker, me)} partner.")
        if after.alone and not before.alone:
            lines.append(
                "You play alone." if taker == me else f"Seat {taker} plays alone (no partner)."
            )
    if len(after.tricks) > len(before.tricks):
        number = len(after.tricks)
        winner = after.tricks[-1].winner
        lines.append(_who(winner, me, "wins", "win") + f" trick {number}.")
    for exchange in after.excuse_exchanges[len(before.excuse_exchanges) :]:
        lines.append(
            f"The Excuse goes back to {_name(exchange.giver, me)}, who owes "
            f"{_name(exchange.receiver, me)} a half-point card in exchange."
        )
    return lines


def _end_lines(screen: _Screen, view: Observation) -> list[str]:
    """The end of the deal: why it was annulled, or the score; and the person's result."""
    me = view.seat
    score = view.score
    lines = [""]
    if view.annulment is not None:
        lines.append(f"The deal is annulled: {view.annulment.reason.value}.")
        if view.shown_hand is not None and view.annulment.seat is not None:
            lines.append(
                f"{_name(view.annulment.seat, me).capitalize()} shows the petit sec: "
                f"{screen.cards(view.shown_hand)}"
            )
    else:
        lines.append("The deal is over.")
    if score is None:  # pragma: no cover - an observation of a finished deal has a score
        return lines
    lines.append(f"Score: {score}")
    delta = score.deltas[me]
    if score.annulment is not None or score.taker is None or score.contract is None:
        lines.append(f"You (seat {me}): {delta:+d}, nobody scores.")
        return lines
    verdict = "made" if score.made else "lost"
    contract = score.contract.french
    if score.taker == me:
        role = f"you took with {contract} and {verdict} it"
    elif score.partner == me:
        role = f"you were seat {score.taker}'s partner; the {contract} was {verdict}"
    else:
        role = f"you defended against seat {score.taker}'s {contract}; it was {verdict}"
    lines.append(f"You (seat {me}): {role}: {delta:+d}.")
    return lines


def _face_down(view: Observation, count: int) -> list[str]:
    """The line for ``count`` écart cards the taker put aside unseen (none for 0)."""
    if not count or view.taker is None:
        return []
    cards = "a card" if count == 1 else f"{count} cards"
    return [f"Seat {view.taker} puts {cards} face down in the écart."]


_NUMBER: Final = re.compile(r"[+-]?[0-9]+")
_LEVELS: Final = ("single", "double", "triple")


class _Game:
    """The person's side of the deal: what they are shown on their turns, what they type."""

    def __init__(self, screen: _Screen, stdin: TextIO, seat: int, *, confirm: bool) -> None:
        self.screen = screen
        self.stdin = stdin
        self.seat = seat
        self.confirm = confirm
        self.echo = not stdin.isatty()
        self._hand_shown: tuple[Phase, int] | None = None
        self._contract_said: str | None = None

    def _read(self, prompt: str) -> str | None:
        """One answer, without its end; ``None`` when the person leaves (end of input, quit)."""
        self.screen.ask(prompt)
        line = self.stdin.readline()
        if not line:
            self.screen.say()  # the prompt's line is not ended yet
            self.screen.say("End of input: you leave the table before the end of the deal.")
            return None
        if self.echo:
            self.screen.echo(line)
        text = line.strip()
        if _words.key(text) in _words.QUIT:
            self.screen.say("Goodbye: you leave the table before the end of the deal.")
            return None
        return text

    def _shown(self, word: str, view: Observation, count: int) -> bool:
        """Answer ``help``, ``last``, ``score`` and ``hand``; whether ``word`` was one."""
        if word in _words.HELP:
            self.screen.say_all(_help_lines(view, count))
        elif word in _words.LAST:
            self.screen.say_all(_last_lines(self.screen, view))
        elif word in _words.SCORE:
            self.screen.say_all(_score_lines(view))
        elif word in _words.HAND:
            self.screen.say_all(_describe_hand(self.screen, view))
        else:
            return False
        return True

    def turn(self, state: State) -> State | None:
        """The person's turn: show it, ask, apply; ``None`` when they leave."""
        view = observe(state, self.seat)
        handfuls = [a for a in view.legal_actions if isinstance(a, DeclareHandful)]
        options = [a for a in view.legal_actions if not isinstance(a, DeclareHandful)]
        action: Action | None
        if len(options) == 1 and not self.confirm:
            action = options[0]
            self.screen.say(f"Only one choice, played for you: {_label(self.screen, action)}.")
        else:
            contract = _contract_line(self.screen, view)
            stage = (view.phase, len(view.tricks))
            self.screen.say_all(
                _turn_lines(
                    self.screen,
                    view,
                    options,
                    contract=None if contract == self._contract_said else contract,
                    hand=stage != self._hand_shown,
                    handful=bool(handfuls),
                )
            )
            self._contract_said = contract
            self._hand_shown = stage
            action = self._choose(state, view, options)
            if action is None:
                return None
            if isinstance(action, DeclareHandful):  # typed in full: then the card
                return apply(state, action, seat=self.seat)
        if handfuls and isinstance(action, Play):
            shown = self._handful(state, view, handfuls)
            if shown is None:
                return None
            for handful in shown:
                state = apply(state, handful, seat=self.seat)
        return apply(state, action, seat=self.seat)

    def _choose(self, state: State, view: Observation, options: Sequence[Action]) -> Action | None:
        """Ask until the person names a legal action; ``None`` when they leave.

        A legal action is named by a number in the range shown, or in the notation.
        """
        count = len(options)
        while True:
            text = self._read(PROMPT)
            if text is None:
                return None
            word = _words.key(text)
            if self._shown(word, view, count):
                continue
            if _NUMBER.fullmatch(word):
                number = int(word) if len(word) <= 4 else 0
                if 1 <= number <= count:
                    return options[number - 1]
                shown = word if len(word) <= 12 else word[:12] + "..."
                span = "1" if count == 1 else f"1 to {count}"
                self.screen.say(f"'{shown}' is not a choice: type {span}.")
                continue
            try:
                action = parse_action(_words.cards_in_english(_words.plain(text)), view)
                apply(state, action, seat=self.seat)  # refused here with the rule's words
            except TarotError as error:
                self.screen.say(str(error))
                self.screen.say(f"(Type a number from 1 to {count}, an action, 'help' or 'quit'.)")
                continue
            return action

    def _handful(
        self, state: State, view: Observation, offered: Sequence[DeclareHandful]
    ) -> list[DeclareHandful] | None:
        """Ask whether to show a handful before the first card: yes, no, or which.

        Returns:
            The handful to show (one or none), or ``None`` when the person leaves.
        """
        rules = view.rules
        sizes = [size for size, _ in rules.handfuls]
        by_level: dict[int, DeclareHandful] = {}
        for action in offered:
            level = max(n for n, size in enumerate(sizes) if size <= len(action.cards))
            by_level.setdefault(level, action)
        best = max(by_level)
        kinds = " or ".join(
            f"a {_LEVELS[level]} ({sizes[level]} trumps, bonus {rules.handfuls[level][1]})"
            for level in sorted(by_level)
        )
        self.screen.say(f"Before your first card you may show a handful: {kinds}.")
        self.screen.say(
            f"Yes shows the {_LEVELS[best]}: {self.screen.cards(sorted(by_level[best].cards))}"
        )
        while True:
            text = self._read(HANDFUL_PROMPT)
            if text is None:
                return None
            word = _words.key(text)
            if word in _words.YES:
                return [by_level[best]]
            if word in _words.NO:
                return []
            for level, words in enumerate(_words.HANDFUL_LEVELS):
                if word in words and level in by_level:
                    return [by_level[level]]
            if word.split()[:1] in (["handful"], ["poignee"]):
                try:
                    shown = parse_action(_words.plain(text), view)
                    apply(state, shown, seat=self.seat)
                except TarotError as error:
                    self.screen.say(str(error))
                    continue
                assert isinstance(shown, DeclareHandful)  # what these words read
                return [shown]
            if word not in _words.HELP and self._shown(word, view, len(offered)):
                continue
            if word in _words.HELP:
                sizes_words = ", ".join(_LEVELS[level] for level in sorted(by_level))
                self.screen.say_all(
                    textwrap.wrap(
                        "A handful is a set of trumps shown before your first card: it scores "
                        "a bonus for the camp that wins the deal. yes (oui) shows the one "
                        f"above, no (non) none; {sizes_words} chooses a size; handful T1 T2 "
                        "... (poignée ...) shows the trumps you choose. Your card is played "
                        "next.",
                        _WIDTH,
                    )
                )
                continue
            self.screen.say("Answer yes or no (oui or non), or 'help'.")


def play_game(
    state: State,
    seat: int,
    *,
    stdin: TextIO,
    stdout: TextIO,
    players: Sequence[Player] | None = None,
    glyphs: bool = True,
    replay: str = "",
    confirm: bool = False,
) -> int:
    """Play ``state`` to the end with a person at ``seat``, through ``stdin`` and ``stdout``.

    Args:
        state: Where to start (usually a new deal).
        seat: The person's seat.
        stdin: Where the person's answers are read, one a line.
        stdout: Where the game is written.
        players: One player per seat, used for every seat but ``seat``; by default a
            :class:`~frenchtarot.players.SimplePlayer` for each.
        glyphs: Whether to show the Unicode card glyphs next to the notation (they are left
            out anyway when ``stdout`` cannot encode them).
        replay: A line telling how to play this deal again, written when leaving early.
        confirm: Ask even when the person has only one choice (by default it is played
            for them, and said).

    Returns:
        The exit status: 0 when the deal was played to the end, 1 when the person left
        (``quit``, ``exit``, ``quitter`` or the end of the input).
    """
    screen = _Screen(stdout, glyphs)
    others: Sequence[Player] = players or [SimplePlayer() for _ in range(state.rules.seats)]
    game = _Game(screen, stdin, seat, confirm=confirm)
    view = observe(state, seat)
    screen.say_all(_describe_hand(screen, view))
    face_down = 0  # écart cards another seat put aside since the last line written
    while state.current is not None:
        actor = state.current
        if actor == seat:
            screen.say_all(_face_down(view, face_down))
            face_down = 0
            after_turn = game.turn(state)
            if after_turn is None:
                screen.say_all([replay] if replay else [])
                return EXIT_LEFT
            state = after_turn
        else:
            state = apply(state, others[actor](observe(state, actor)), seat=actor)
        after = observe(state, seat)
        if actor != seat and after.history[len(view.history) :] == (None,):
            face_down += 1
        else:
            screen.say_all(_face_down(view, face_down))
            face_down = 0
            screen.say_all(_event_lines(screen, actor, view, after))
        view = after
    screen.say_all(_face_down(view, face_down))
    screen.say_all(_end_lines(screen, view))
    return EXIT_DONE


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m frenchtarot play",
        description=(
            "Play one French Tarot deal in the terminal: you hold one seat, the built-in "
            "players hold the others. Answer with a choice's number or an action "
            "(e.g. garde, call KS, discard 2S, KH; French words and card letters too: "
            "écart 2S, RH); 'help' at any prompt says more; 'quit' or Ctrl-D leaves."
        ),
        epilog=(
            "Exit status: 0 when the deal was played to the end, 1 when you left before "
            "(quit, end of input), 130 on Ctrl-C, 2 for bad arguments."
        ),
    )
    add_table_options(parser)
    parser.add_argument(
        "--seed",
        type=seed_number,
        default=None,
        help="seed of the deal, 0 or more (default: random)",
    )
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    parser.add_argument(
        "--level",
        type=level_number,
        default=DEFAULT_LEVEL,
        help=f"the other players' level, 1 (random) to 5 (the searcher, 0.25 s a "
        f"decision) (default {DEFAULT_LEVEL}, the simple player)",
    )
    parser.add_argument("--dealer", type=int, default=0, help="dealing seat (default 0)")
    parser.add_argument(
        "--no-glyphs",
        dest="glyphs",
        action="store_false",
        help="show cards by their notation only, without the Unicode card glyphs",
    )
    parser.add_argument(
        "--confirm",
        action="store_true",
        help="ask even when you have only one choice (by default it is played for you)",
    )
    return parser


def main_play(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Run ``python -m frenchtarot play [--players 3|4|5 | --rules NAME] [--seed N] [--seat S]``.

    ``--level N`` (1 to 5) sets the difficulty of the other seats (2 by default).

    Args:
        argv: The arguments after ``play``; ``None`` for ``sys.argv[1:]``.
        stdin: Where the answers are read (default :data:`sys.stdin`).
        stdout: Where the game is written (default :data:`sys.stdout`).

    Returns:
        The exit status: 0 when the deal was played to the end, 1 when the person left
        before the end, 130 on Ctrl-C. Bad arguments exit with status 2 (``SystemExit``,
        from :mod:`argparse`).
    """
    parser = _parser()
    args = parser.parse_args(argv)
    rules = table_rules(parser, args.rules, args.players)
    if not 0 <= args.seat < rules.seats:
        parser.error(f"--seat must be a seat from 0 to {rules.seats - 1}")
    if not 0 <= args.dealer < rules.seats:
        parser.error(f"--dealer must be a seat from 0 to {rules.seats - 1}")
    seed = args.seed
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    source = sys.stdin if stdin is None else stdin
    out = sys.stdout if stdout is None else stdout
    screen = _Screen(out, args.glyphs)
    table = (
        f"--players {rules.seats}"
        if rules == RULES_BY_SEATS[rules.seats]
        else f"--rules {rules.name}"
    )
    strength = "" if args.level == DEFAULT_LEVEL else f" --level {args.level}"
    replay = (
        f"Replay this deal with: python -m frenchtarot play {table} "
        f"--seed {seed} --seat {args.seat} --dealer {args.dealer}{strength}"
    )
    others = ", ".join(str(s) for s in range(rules.seats) if s != args.seat)
    screen.say(f"Seed: {seed}")
    screen.say(replay)
    screen.say(
        f"French Tarot, {rules.seats} players ({rules.name} rules). You are seat {args.seat}; "
        f"seat {args.dealer} "
        f"deals and seat {(args.dealer + 1) % rules.seats} speaks first. "
        f"The built-in players hold seats {others}. Type 'help' at any prompt for help."
    )
    state = new_deal(seed=seed, dealer=args.dealer, rules=rules)
    try:
        return play_game(
            state,
            args.seat,
            stdin=source,
            stdout=out,
            players=[level(args.level, seed=seed + number) for number in range(rules.seats)],
            glyphs=args.glyphs,
            replay=replay,
            confirm=args.confirm,
        )
    except KeyboardInterrupt:
        screen.say("")
        screen.say("Interrupted: you leave the table.")
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main_play())
