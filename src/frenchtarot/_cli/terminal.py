"""Play one deal in the terminal against the built-in players: ``python -m frenchtarot play``.

A person takes one seat (``--seat``, default 0); every other seat is a
:class:`~frenchtarot.players.SimplePlayer`. Everything printed comes from the person's
:class:`~frenchtarot.Observation`, never from the :class:`~frenchtarot.State`: their own
hand, what the others bid, call and play as it happens, the dog when it is turned face up,
the trumps put in the écart, the handfuls, and the score once the deal is over. Hidden cards
(the other hands, a dog left face down, the non-trump cards of another seat's écart) are
never shown, not even at the end.

On the person's turn the legal actions are listed, numbered; the answer is a number or an
action in the library's notation (``garde``, ``call KS``, ``discard 2S`` or just ``2S`` in
the écart, ``handful T1 ...``, ``KH``; French words too). Anything else is answered with
the library's own message and asked again. ``quit`` (or ``exit``) and the end of the input
(Ctrl-D) leave the table.

Exit status: 0 when the deal was played to the end (annulled deals included), 1 when the
person left before the end (``quit``, ``exit``, end of input), 130 on Ctrl-C, and 2 for
bad command-line arguments (from :mod:`argparse`).
"""

from __future__ import annotations

import argparse
import random
import sys
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Final, TextIO

from frenchtarot._cli._options import add_table_options, seed_number, table_rules
from frenchtarot._core.state import State
from frenchtarot._dealing import new_deal
from frenchtarot._engine import apply
from frenchtarot._notation import parse_action
from frenchtarot.actions import (
    Action,
    AnnounceSlam,
    Bid,
    Call,
    DeclareHandful,
    Discard,
    Pass,
    Phase,
    Play,
)
from frenchtarot.cards import Card, Suit
from frenchtarot.errors import TarotError
from frenchtarot.observation import Observation, observe
from frenchtarot.players import Player, SimplePlayer
from frenchtarot.rules import RULES_BY_SEATS

__all__ = ["PROMPT", "main_play", "play_game"]

PROMPT: Final = "Your choice: "
"""What is written (without a new line) when the person is to answer."""

EXIT_DONE: Final = 0
EXIT_LEFT: Final = 1
EXIT_INTERRUPTED: Final = 130

_QUIT_WORDS: Final = frozenset({"quit", "exit"})
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
        plain = "".join(
            c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)
        )
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
    if isinstance(action, DeclareHandful):
        return f"{action} ({len(action.cards)} cards)"
    return str(action)


def _choice_lines(screen: _Screen, view: Observation) -> list[str]:
    """The legal actions, numbered from 1, wrapped; a handful gets a line of its own."""
    lines: list[str] = []
    line = ""
    for number, action in enumerate(view.legal_actions, 1):
        item = f"{number:>2}) {_label(screen, action)}"
        alone = isinstance(action, DeclareHandful)
        columns = len(line) + len(item) + (1 if screen.glyphs else 0) + 2
        if line and (alone or columns > _WIDTH):
            lines.append(line)
            line = ""
        line = f"{line}  {item}" if line else f"  {item}"
        if alone:
            lines.append(line)
            line = ""
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


def _turn_lines(screen: _Screen, view: Observation) -> list[str]:
    """What the person is shown when it is their turn."""
    phase = view.phase
    lines = [""]
    if phase is Phase.BIDDING:
        best = (
            "no bid yet"
            if view.contract is None or view.taker is None
            else f"highest bid {view.contract.french}, by {_name(view.taker, view.seat)}"
        )
        lines.append(f"--- Your turn (seat {view.seat}): bidding ({best}) ---")
    elif phase is Phase.CALL:
        lines.append(f"--- Your turn (seat {view.seat}): call the card of your partner ---")
    elif phase is Phase.DISCARD:
        done = len(view.discard or ())
        lines.append(
            f"--- Your turn (seat {view.seat}): écart, put aside card {done + 1} "
            f"of {view.rules.dog_size} ---"
        )
    elif phase is Phase.SLAM:
        lines.append(f"--- Your turn (seat {view.seat}): announce a slam? ---")
    else:
        lines.append(
            f"--- Your turn (seat {view.seat}): trick {len(view.tricks) + 1} "
            f"of {view.rules.hand_size} ---"
        )
    contract = _contract_line(screen, view)
    if contract is not None:
        lines.append(contract)
    if phase is Phase.DISCARD:
        lines.append(f"The dog: {screen.cards(view.dog or ())}")
        lines.append(f"Your écart so far: {screen.cards(view.discard or ())}")
    if phase is Phase.PLAY:
        if view.current_trick and view.leader is not None:
            seats = view.rules.seats
            played = ", ".join(
                f"{_name((view.leader + n) % seats, view.seat)} {screen.card(card)}"
                for n, card in enumerate(view.current_trick)
            )
            lines.append(f"On the table: {played}")
        else:
            lines.append("You lead this trick.")
    lines += _describe_hand(screen, view)
    lines.append("Choices:")
    lines += _choice_lines(screen, view)
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


def _ask(
    state: State, view: Observation, stdin: TextIO, screen: _Screen, echo: bool
) -> State | None:
    """Ask the person until they give a legal action; the new state, or ``None`` to leave."""
    while True:
        screen.ask(PROMPT)
        text = _read(stdin, screen, echo)
        if text is None or text.lower() in _QUIT_WORDS:
            if text is None:  # the prompt's line is not ended yet
                screen.say()
            why = "End of input" if text is None else "Goodbye"
            screen.say(f"{why}: you leave the table before the end of the deal.")
            return None
        try:
            return apply(state, _choose(text, view), seat=view.seat)
        except TarotError as error:
            screen.say(str(error))
            count = len(view.legal_actions)
            screen.say(f"(Type a number from 1 to {count}, an action, or 'quit'.)")


def _read(stdin: TextIO, screen: _Screen, echo: bool) -> str | None:
    """One line of input without its end, or ``None`` at the end of the input."""
    line = stdin.readline()
    if not line:
        return None
    if echo:
        screen.echo(line)
    return line.strip()


def _choose(text: str, view: Observation) -> Action:
    """The action meant by ``text``: a choice's number, or any notation the library reads."""
    offered = view.legal_actions
    if text.isascii() and text.isdigit() and len(text) <= 3 and 1 <= int(text) <= len(offered):
        return offered[int(text) - 1]
    return parse_action(text, view)


def play_game(
    state: State,
    seat: int,
    *,
    stdin: TextIO,
    stdout: TextIO,
    players: Sequence[Player] | None = None,
    glyphs: bool = True,
    replay: str = "",
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

    Returns:
        The exit status: 0 when the deal was played to the end, 1 when the person left
        (``quit``, ``exit`` or the end of the input).
    """
    screen = _Screen(stdout, glyphs)
    others: Sequence[Player] = players or [SimplePlayer() for _ in range(state.rules.seats)]
    echo = not stdin.isatty()
    view = observe(state, seat)
    screen.say_all(_describe_hand(screen, view))
    face_down = 0  # écart cards another seat put aside since the last line written
    while state.current is not None:
        actor = state.current
        if actor == seat:
            screen.say_all(_face_down(view, face_down))
            face_down = 0
            screen.say_all(_turn_lines(screen, view))
            after_turn = _ask(state, view, stdin, screen, echo)
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
            "(e.g. garde, call KS, discard 2S, KH); 'quit' or Ctrl-D leaves."
        ),
        epilog=(
            "Exit status: 0 when the deal was played to the end, 1 when you left before "
            "(quit, exit, end of input), 130 on Ctrl-C, 2 for bad arguments."
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
    parser.add_argument("--dealer", type=int, default=0, help="dealing seat (default 0)")
    parser.add_argument(
        "--no-glyphs",
        dest="glyphs",
        action="store_false",
        help="show cards by their notation only, without the Unicode card glyphs",
    )
    return parser


def main_play(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Run ``python -m frenchtarot play [--players 3|4|5 | --rules NAME] [--seed N] [--seat S]``.

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
    replay = (
        f"Replay this deal with: python -m frenchtarot play {table} "
        f"--seed {seed} --seat {args.seat} --dealer {args.dealer}"
    )
    others = ", ".join(str(s) for s in range(rules.seats) if s != args.seat)
    screen.say(f"Seed: {seed}")
    screen.say(replay)
    screen.say(
        f"French Tarot, {rules.seats} players ({rules.name} rules). You are seat {args.seat}; "
        f"seat {args.dealer} "
        f"deals and seat {(args.dealer + 1) % rules.seats} speaks first. "
        f"The built-in players hold seats {others}."
    )
    state = new_deal(seed=seed, dealer=args.dealer, rules=rules)
    try:
        return play_game(
            state, args.seat, stdin=source, stdout=out, glyphs=args.glyphs, replay=replay
        )
    except KeyboardInterrupt:
        screen.say("")
        screen.say("Interrupted: you leave the table.")
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main_play())
