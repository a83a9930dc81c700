"""Play one deal in the terminal against the built-in players: ``python -m frenchtarot play``.

A person takes one seat (``--seat``, default 0); every other seat is a built-in player of
the difficulty ``--level`` (1 to 5, see :func:`frenchtarot.players.level`; 2 by default, a
:class:`~frenchtarot.players.SimplePlayer`, which answers at once and the same way every
time). Everything printed comes from the person's
:class:`~frenchtarot.Observation`, never from the :class:`~frenchtarot.State`, and hidden
cards are never shown, not even at the end: what is printed, and how, is
:mod:`frenchtarot._cli._screen`.

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
from collections.abc import Sequence
from typing import Final, TextIO

from frenchtarot._cli import _words
from frenchtarot._cli._options import add_table_options, level_number, seed_number, table_rules
from frenchtarot._cli._screen import (
    WIDTH,
    Screen,
    action_label,
    contract_line,
    describe_hand,
    end_lines,
    event_lines,
    face_down,
    help_lines,
    last_lines,
    score_lines,
    turn_lines,
)
from frenchtarot._core.state import State
from frenchtarot._dealing import new_deal
from frenchtarot._engine import apply
from frenchtarot._notation import parse_action
from frenchtarot.actions import Action, DeclareHandful, Phase, Play
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


_NUMBER: Final = re.compile(r"[+-]?[0-9]+")
_LEVELS: Final = ("single", "double", "triple")


class _Game:
    """The person's side of the deal: what they are shown on their turns, what they type."""

    def __init__(self, screen: Screen, stdin: TextIO, seat: int, *, confirm: bool) -> None:
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
            self.screen.say_all(help_lines(view, count))
        elif word in _words.LAST:
            self.screen.say_all(last_lines(self.screen, view))
        elif word in _words.SCORE:
            self.screen.say_all(score_lines(view))
        elif word in _words.HAND:
            self.screen.say_all(describe_hand(self.screen, view))
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
            self.screen.say(
                f"Only one choice, played for you: {action_label(self.screen, action)}."
            )
        else:
            contract = contract_line(self.screen, view)
            stage = (view.phase, len(view.tricks))
            self.screen.say_all(
                turn_lines(
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
                        WIDTH,
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
    screen = Screen(stdout, glyphs)
    others: Sequence[Player] = players or [SimplePlayer() for _ in range(state.rules.seats)]
    game = _Game(screen, stdin, seat, confirm=confirm)
    view = observe(state, seat)
    screen.say_all(describe_hand(screen, view))
    unseen = 0  # écart cards another seat put aside since the last line written
    while state.current is not None:
        actor = state.current
        if actor == seat:
            screen.say_all(face_down(view, unseen))
            unseen = 0
            after_turn = game.turn(state)
            if after_turn is None:
                screen.say_all([replay] if replay else [])
                return EXIT_LEFT
            state = after_turn
        else:
            state = apply(state, others[actor](observe(state, actor)), seat=actor)
        after = observe(state, seat)
        if actor != seat and after.history[len(view.history) :] == (None,):
            unseen += 1
        else:
            screen.say_all(face_down(view, unseen))
            unseen = 0
            screen.say_all(event_lines(screen, actor, view, after))
        view = after
    screen.say_all(face_down(view, unseen))
    screen.say_all(end_lines(screen, view))
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
    screen = Screen(out, args.glyphs)
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
