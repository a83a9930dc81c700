"""The command line: print a whole deal, play one seat in the terminal, play a match.

``python -m frenchtarot [--players 3|4|5 | --rules NAME] [--seed N]`` plays and prints one
complete deal; ``python -m frenchtarot play [--players 3|4|5 | --rules NAME] [--seed N]
[--seat S] [--level N]`` lets a person play one seat against the built-in players of a
difficulty level (see ``frenchtarot._cli.terminal``); ``python -m frenchtarot match [--deals
N] [--players 3|4|5] [--seed N] [--save FILE]`` plays a game of several deals between the
built-in players and prints its score sheet;
``python -m frenchtarot replay FILE`` loads a saved record, replaying it, and prints it;
``python -m frenchtarot arena --players montecarlo,simple,simple,simple [--deals N]
[--workers W] [--seed N]`` compares built-in players in duplicate (see
:mod:`frenchtarot.arena`) and prints each one's mean score per deal with a 95% interval.

Every command ends politely (see :mod:`frenchtarot._cli._endings`): status 130 and one line
after Ctrl-C, 141 and silence when the reader of the output goes away, plain letters where
the terminal cannot encode a character; ``replay`` reads at most 16 MiB.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final

from frenchtarot import records
from frenchtarot._cli._endings import broken_pipe, interrupted, plain_output
from frenchtarot._cli._options import (
    RULES_HELP,
    add_table_options,
    mismatch,
    rules_name,
    seed_number,
    table_rules,
)
from frenchtarot._core.state import State
from frenchtarot._dealing import deal_from, new_deal
from frenchtarot._engine import apply
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
from frenchtarot.arena import ArenaStoppedError, duplicate, process_pool
from frenchtarot.bots import ProgramPlayer, serve
from frenchtarot.cards import Card
from frenchtarot.errors import RecordError, TarotError
from frenchtarot.match import Match, new_match, play_match
from frenchtarot.observation import Observation, observe
from frenchtarot.players import MonteCarloPlayer, Player, RandomPlayer, SimplePlayer
from frenchtarot.rules import RULES_BY_SEATS, Rules
from frenchtarot.scoring import score
from frenchtarot.server import main as main_serve


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards) or "-"


def describe_deal(
    start: State, players: Sequence[Player], *, until: int | None = None
) -> tuple[State, list[str]]:
    """Play ``start`` with ``players`` and return the final state and a report.

    The deal is played to its end, or until ``until`` actions have been taken.
    """
    lines = [f"{start.rules.seats} players ({start.rules.name}). Dealer: seat {start.dealer}"]
    lines += [f"  seat {seat}: {_cards(hand)}" for seat, hand in enumerate(start.hands)]
    lines.append(f"  dog:    {_cards(start.dog)}")
    state = start
    trick_count = 0
    while state.current is not None and (until is None or len(state.history) < until):
        seat = state.current
        phase = state.phase
        action = players[seat](observe(state, seat))
        state = apply(state, action)
        if phase is Phase.BIDDING:
            word = f"bids {action.contract.french}" if isinstance(action, Bid) else "passes"
            lines.append(f"Bidding: seat {seat} {word}")
        elif isinstance(action, Call):
            lines.append(f"Seat {seat} calls {action.card} ({action.card.name_en})")
        if phase in (Phase.BIDDING, Phase.CALL) and state.phase is Phase.DISCARD:
            lines.append(f"The dog is shown to all: {_cards(start.dog)}")
        elif isinstance(action, Discard) and state.phase is not Phase.DISCARD:
            lines.append(f"Écart of seat {seat}: {_cards(state.discard)}")
        elif isinstance(action, (AnnounceSlam, Pass)) and phase is Phase.SLAM:
            said = "announces" if isinstance(action, AnnounceSlam) else "does not announce"
            lines.append(f"Seat {seat} {said} a slam.")
        elif isinstance(action, DeclareHandful):
            lines.append(f"Seat {seat} shows a handful: {_cards(sorted(action.cards))}")
        elif isinstance(action, Play) and action.card == state.called:
            lines.append(f"Seat {seat} plays the called card: the partner is known")
        if len(state.tricks) > trick_count:
            trick_count = len(state.tricks)
            trick = state.tricks[-1]
            lines.append(
                f"Trick {trick_count:2}: led by seat {trick.leader}: "
                f"{_cards(trick.cards):<16} won by seat {trick.winner}"
            )
    if state.annulment is not None:
        lines.append(f"The deal is annulled: {state.annulment.reason.value}.")
    if state.is_terminal:
        lines.append(f"Score: {score(state)}")
    else:
        lines.append(f"The deal stops here, with seat {state.current} to act.")
    return state, lines


COMMANDS: Final = """\
commands:
  (none)    play one deal between the built-in players and print it (the options above)
  play      play a seat yourself against the built-in players, in the terminal
  match     play a game of several deals between the built-in players; print the sheet
  replay    load a saved deal or match record and print it
  arena     compare built-in players in duplicate: mean score per deal, 95% interval
  bot       run a built-in player as a bot program (the line protocol of frenchtarot.bots)
  serve     a table in the browser: humans and bots at one table (the server extra)

Run python -m frenchtarot COMMAND --help for a command's options. Examples:
  python -m frenchtarot --rules ludicash --seed 1
  python -m frenchtarot play --players 5
  python -m frenchtarot match --deals 5 --save game.json
  python -m frenchtarot replay game.json
  python -m frenchtarot arena --players montecarlo,simple,simple,simple --deals 200

Exit status: 0 done; 1 an error (a file that cannot be read or written); 2 bad
arguments; 130 after Ctrl-C; 141 when the reader of the output went away (a broken
pipe, as in python -m frenchtarot | head -1).
"""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit status (see ``python -m frenchtarot --help``).

    Args:
        argv: The arguments; ``None`` for the process's own (``sys.argv[1:]``), in which case
            the standard streams are also set to write the characters they cannot encode
            plainly (``é`` as ``e``) instead of failing.

    Returns:
        The exit status. Ctrl-C ends the command with one line on standard error and status
        130; a broken pipe ends it silently with status 141. Bad arguments raise
        ``SystemExit(2)`` (from :mod:`argparse`).
    """
    if argv is None:
        plain_output(sys.stdout, sys.stderr)
    arguments = list(sys.argv[1:] if argv is None else argv)
    command = arguments[0] if arguments else ""
    try:
        if command == "play":
            from frenchtarot._cli.terminal import main_play

            status = main_play(arguments[1:])
        elif command in _COMMANDS:
            status = _COMMANDS[command](arguments[1:])
        else:
            status = main_deal(arguments)
        sys.stdout.flush()  # here, where a broken pipe is caught, rather than at exit
    except KeyboardInterrupt:
        return interrupted()
    except BrokenPipeError:
        return broken_pipe()
    return status


def main_deal(arguments: Sequence[str]) -> int:
    """``python -m frenchtarot``: play one deal between the built-in players, print it."""
    parser = argparse.ArgumentParser(
        prog="python -m frenchtarot",
        usage="%(prog)s [COMMAND] [options]",
        description="Play one complete French Tarot deal between built-in players and print "
        "it, or run one of the commands below.",
        epilog=COMMANDS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_table_options(parser)
    parser.add_argument(
        "--seed",
        type=seed_number,
        default=None,
        help="seed of the deal and players, 0 or more (default: random)",
    )
    parser.add_argument("--dealer", type=int, default=0, help="dealing seat (default 0)")
    parser.add_argument(
        "--random", action="store_true", help="random players instead of simple ones"
    )
    args = parser.parse_args(list(arguments))
    rules = table_rules(parser, args.rules, args.players)
    if not 0 <= args.dealer < rules.seats:
        parser.error(f"--dealer must be a seat from 0 to {rules.seats - 1}")
    seed = args.seed
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    players: list[Player] = [
        RandomPlayer(seed * rules.seats + seat) if args.random else SimplePlayer()
        for seat in range(rules.seats)
    ]
    _, lines = describe_deal(new_deal(dealer=args.dealer, seed=seed, rules=rules), players)
    print(f"Seed: {seed} (repeat with --seed {seed})")
    print("\n".join(lines))
    return 0


def describe_match(match: Match) -> list[str]:
    """The lines printed for a match: the draw for the dealer, each deal, the score sheet."""
    names = match.names
    lines = [f"{match.players} players ({match.rules.name}"]
    lines[0] += ", the dealer sits out)." if match.dead_player else ")."
    if match.draw is not None:
        drawn = ", ".join(f"{names[player]} {card}" for player, card in match.draw.draws)
        lines.append(f"Draw for the dealer: {drawn}. {names[match.first_dealer]} deals first.")
    for number, (deal, dealer) in enumerate(zip(match.deals, match.dealers(), strict=False)):
        line = f"Deal {number + 1}, dealt by {names[dealer]}: "
        if deal.annulment is not None:
            lines.append(line + f"annulled ({deal.annulment.reason.value}), dealt again.")
            continue
        players = match.players_of(number)
        result = score(deal)
        assert result.taker is not None and result.contract is not None
        verdict = "made" if result.made else "lost"
        line += f"{names[players[result.taker]]} {result.contract.name.lower()} {verdict} "
        lines.append(line + f"by {result.margin}, unit {result.unit:+d}.")
    if match.current is not None:
        lines.append(f"Deal in progress, dealt by {names[match.dealers()[-1]]}.")
    lines.append("")
    lines.append(str(match.sheet))
    return lines


def _deals(text: str) -> int:
    """An argparse type: a number of deals, 1 or more."""
    try:
        deals = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if deals < 1:
        raise argparse.ArgumentTypeError(f"a game has 1 deal or more, not {deals}")
    return deals


def _match_players(
    parser: argparse.ArgumentParser, rules: Rules | None, players: int | None, dead: bool
) -> int:
    """The number of players of ``match``, from ``--players``, ``--rules``, ``--dead-player``.

    With a dead player, five sit at the four-player game: ``--rules`` names the deals' rules.
    """
    if dead and players not in (None, 5):
        parser.error("--dead-player needs --players 5")
    if rules is None:
        return 5 if dead else 4 if players is None else players
    if dead and rules.seats != 4:
        parser.error(
            f"--dead-player plays the four-player game, not --rules {rules.name} "
            f"({rules.seats} players)"
        )
    if not dead and players is not None and players != rules.seats:
        parser.error(mismatch(rules, players))
    return 5 if dead else rules.seats


def main_match(argv: Sequence[str]) -> int:
    """``python -m frenchtarot match``: play a match between built-in players, print it."""
    parser = argparse.ArgumentParser(
        prog="python -m frenchtarot match",
        description="Play a game of several deals between the built-in players and print the "
        "score sheet.",
    )
    parser.add_argument("--deals", type=_deals, default=5, help="scored deals (default 5)")
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        choices=(3, 4, 5),
        help="players (default 4, or the size of --rules)",
    )
    parser.add_argument(
        "--rules",
        type=rules_name,
        default=None,
        metavar="NAME",
        help=RULES_HELP,
    )
    parser.add_argument(
        "--dead-player",
        action="store_true",
        help="five players at the four-player game, the dealer sitting out",
    )
    parser.add_argument(
        "--seed",
        type=seed_number,
        default=None,
        help="seed of the match, 0 or more (default: random)",
    )
    parser.add_argument("--names", default=None, help="the players' names, comma-separated")
    parser.add_argument(
        "--random", action="store_true", help="random players instead of simple ones"
    )
    parser.add_argument("--save", metavar="FILE", help="save the match as a JSON record")
    args = parser.parse_args(list(argv))
    players = _match_players(parser, args.rules, args.players, args.dead_player)
    seed = random.SystemRandom().randrange(2**32) if args.seed is None else args.seed
    names = None if args.names is None else [name.strip() for name in args.names.split(",")]
    try:
        match = new_match(
            players,
            names=names,
            deals=args.deals,
            seed=seed,
            dead_player=args.dead_player,
            rules=args.rules,
        )
    except TarotError as error:
        parser.error(str(error))
    bots: list[Player] = [
        RandomPlayer(seed * match.players + n) if args.random else SimplePlayer()
        for n in range(match.players)
    ]
    # The seed first, at once: a long match can be stopped and played again.
    print(f"Seed: {seed} (repeat with --seed {seed})", flush=True)
    match = play_match(match, bots)
    print("\n".join(describe_match(match)))
    if args.save:
        try:
            with open(args.save, "w", encoding="utf-8") as file:
                records.dump(match, file, indent=1)
        except OSError as error:
            print(f"error: cannot save {args.save}: {error.strerror}", file=sys.stderr)
            return 1
        print(f"Saved to {args.save}")
    return 0


MAX_RECORD_BYTES: Final = records.MOST_BYTES
"""The largest record ``replay`` reads: 16 MiB (a match of a thousand deals, saved by
``match --save``, takes about 3). A larger file, or an endless one such as ``/dev/zero``,
is refused after reading that much."""


def main_replay(argv: Sequence[str]) -> int:
    """``python -m frenchtarot replay FILE``: load a saved record and print it."""
    parser = argparse.ArgumentParser(
        prog="python -m frenchtarot replay",
        description="Load a saved deal or match (every action is replayed through the rules) "
        "and print it.",
    )
    parser.add_argument("file", help="a JSON record written by --save or frenchtarot.records")
    args = parser.parse_args(list(argv))
    try:
        with open(args.file, "rb") as file:
            data = file.read(MAX_RECORD_BYTES + 1)
        if len(data) > MAX_RECORD_BYTES:
            print(
                f"error: {args.file}: more than {MAX_RECORD_BYTES >> 20} MiB, "
                "too large for a record",
                file=sys.stderr,
            )
            return 1
        record = records.loads(data)
    except OSError as error:
        print(f"error: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 1
    except RecordError as error:
        print(f"error: {args.file}: {error}", file=sys.stderr)
        return 1
    if isinstance(record, Match):
        print("\n".join(describe_match(record)))
        return 0
    if not isinstance(record, State):
        print(f"error: {args.file}: not a deal or a match record", file=sys.stderr)
        return 1
    start = deal_from(record.dealt, record.dog, dealer=record.dealer, rules=record.rules)
    replayer = _Replayer(record)
    _, lines = describe_deal(start, [replayer] * record.rules.seats, until=len(record.history))
    print("\n".join(lines))
    return 0


#: The players ``arena --players`` knows, by name.
ARENA_PLAYERS = ("montecarlo", "random", "simple")


def _arena_player(name: str, seed: int, samples: int, rollouts: int) -> Player:
    if name == "montecarlo":
        return MonteCarloPlayer(samples, rollouts, rng=seed)
    if name == "random":
        return RandomPlayer(seed)
    return SimplePlayer()


class _ProgressBar:
    """Draws ``[#####.....] done/total deals`` on standard error, over the previous one."""

    def __init__(self) -> None:
        self.open = False
        """Whether the bar's line is not ended yet (a message must start a new one)."""

    def __call__(self, done: int, total: int) -> None:
        filled = 30 * done // total
        bar = "#" * filled + "." * (30 - filled)
        self.open = done != total
        end = "" if self.open else "\n"
        print(f"\r[{bar}] {done}/{total} deals", end=end, file=sys.stderr, flush=True)

    def end_line(self) -> None:
        """End the bar's line, if it is open: before ``Interrupted.``."""
        if self.open:
            print(file=sys.stderr, flush=True)
            self.open = False


def _seat_player(
    parser: argparse.ArgumentParser, spec: str, seed: int, args: argparse.Namespace
) -> tuple[Player, str]:
    """The player of one ``--seat`` (or ``--players`` item), and its label."""
    if spec.startswith("cmd:"):
        command = spec[4:].strip()
        try:
            program = ProgramPlayer(command, time_limit=args.time_limit)
        except (TarotError, ValueError) as error:  # shlex: "No closing quotation"
            parser.error(f"--seat {spec!r}: {error}")
        return program, spec
    name = spec.strip().lower()
    if name not in ARENA_PLAYERS:
        parser.error(
            f"unknown player {name!r}: choose among {', '.join(ARENA_PLAYERS)}, or "
            "cmd:PROGRAM for a bot program"
        )
    return _arena_player(name, seed, args.samples, args.rollouts), name


def main_arena(argv: Sequence[str]) -> int:
    """``python -m frenchtarot arena``: compare players in duplicate."""
    parser = argparse.ArgumentParser(
        prog="python -m frenchtarot arena",
        description="Play deals in duplicate (each deal once per seat rotation, so that every "
        "player holds every hand) and print each player's mean score per deal with a 95% "
        "confidence interval. A player is a built-in one or a bot program speaking the line "
        "protocol of frenchtarot.bots (--seat cmd:PROGRAM).",
    )
    parser.add_argument(
        "--players",
        default="montecarlo,simple,simple,simple",
        help="3 to 5 comma-separated players among "
        + ", ".join(ARENA_PLAYERS)
        + " (default montecarlo,simple,simple,simple)",
    )
    parser.add_argument(
        "--seat",
        action="append",
        metavar="PLAYER",
        help="one seat's player, in seat order, instead of --players: a built-in player or "
        "cmd:PROGRAM (a bot program and its arguments, e.g. 'cmd:node mybot.js'); repeat it "
        "for each seat",
    )
    parser.add_argument("--deals", type=_deals, default=100, help="deals (default 100)")
    parser.add_argument(
        "--workers", type=_deals, default=1, help="worker processes (default 1: in process)"
    )
    parser.add_argument(
        "--seed",
        type=seed_number,
        default=None,
        help="seed of the deals, 0 or more (default: random)",
    )
    parser.add_argument(
        "--samples", type=_deals, default=12, help="montecarlo: worlds per decision (default 12)"
    )
    parser.add_argument(
        "--rollouts", type=_deals, default=1, help="montecarlo: playouts per card (default 1)"
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=5.0,
        help="bot programs: seconds for each answer (default 5)",
    )
    parser.add_argument(
        "--on-error",
        choices=("record", "raise"),
        default="record",
        help="a deal a player fails: record it and play on (default), or stop",
    )
    parser.add_argument(
        "--journal",
        metavar="FILE",
        help="write each finished deal to FILE (JSON Lines); run again to resume from it",
    )
    parser.add_argument(
        "--rules",
        type=rules_name,
        default=None,
        metavar="NAME",
        help=RULES_HELP,
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(list(argv))
    specs = args.seat if args.seat else args.players.split(",")
    if len(specs) not in RULES_BY_SEATS:
        parser.error(f"the arena takes 3, 4 or 5 players, not {len(specs)}")
    if args.rules is not None and args.rules.seats != len(specs):
        parser.error(mismatch(args.rules, len(specs), f"--players lists {len(specs)}"))
    if not 0 < args.time_limit < float("inf"):
        parser.error(f"--time-limit must be above 0 seconds, not {args.time_limit}")
    seed = random.SystemRandom().randrange(2**32) if args.seed is None else args.seed
    seated = [
        _seat_player(parser, spec, seed * len(specs) + n, args) for n, spec in enumerate(specs)
    ]
    players = [player for player, _ in seated]
    labels = [f"{n}: {label}" for n, (_, label) in enumerate(seated)]
    bar = _ProgressBar()
    options: dict[str, Any] = {
        "deals": args.deals,
        "seed": seed,
        "progress": None if args.quiet else bar,
        "names": labels,
        "rules": args.rules,
        "on_error": args.on_error,
        "journal": args.journal,
    }
    print(f"Seed: {seed} (repeat with --seed {seed})", flush=True)
    try:
        if args.workers == 1:
            result = duplicate(players, **options)
        else:
            # Workers that leave Ctrl-C to this process, which cancels what is queued.
            with process_pool(args.workers) as pool:
                result = duplicate(players, executor=pool, **options)
    except KeyboardInterrupt:  # ArenaInterrupted too: the journal keeps the deals finished
        bar.end_line()
        raise
    except ArenaStoppedError as error:
        bar.end_line()
        print(f"python -m frenchtarot arena: {error}", file=sys.stderr)
        return 1
    print(result)
    return 0


def main_bot(argv: Sequence[str]) -> int:
    """``python -m frenchtarot bot``: a built-in player as a bot program (line protocol)."""
    parser = argparse.ArgumentParser(
        prog="python -m frenchtarot bot",
        description="Run a built-in player as a bot program speaking the line protocol of "
        "frenchtarot.bots on its standard input and output, for an engine to drive.",
    )
    parser.add_argument("player", choices=ARENA_PLAYERS, help="the player to run")
    parser.add_argument(
        "--seed", type=seed_number, default=0, help="seed of a player's choices (default 0)"
    )
    parser.add_argument(
        "--samples", type=_deals, default=12, help="montecarlo: worlds per decision (default 12)"
    )
    parser.add_argument(
        "--rollouts", type=_deals, default=1, help="montecarlo: playouts per card (default 1)"
    )
    args = parser.parse_args(list(argv))
    player = _arena_player(args.player, args.seed, args.samples, args.rollouts)
    return serve(player, name=f"frenchtarot-{args.player}")


_COMMANDS: Final[dict[str, Callable[[Sequence[str]], int]]] = {
    "match": main_match,
    "replay": main_replay,
    "arena": main_arena,
    "bot": main_bot,
    "serve": main_serve,
}
"""The commands besides ``play`` (imported only when asked for) and the deal printer."""


class _Replayer:
    """A player that plays back the actions of a recorded deal, in order."""

    def __init__(self, state: State) -> None:
        self._actions = iter(state.history)

    def __call__(self, observation: Observation) -> Action:
        return next(self._actions)


if __name__ == "__main__":
    sys.exit(main())
