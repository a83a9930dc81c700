"""The command line: print a whole deal, play one seat in the terminal, play a match.

``python -m frenchtarot [--players 3|4|5] [--seed N]`` plays and prints one complete deal;
``python -m frenchtarot play [--players 3|4|5] [--seed N] [--seat S]`` lets a person play
one seat against the built-in players (see ``frenchtarot._cli.terminal``);
``python -m frenchtarot match [--deals N] [--players 3|4|5] [--seed N] [--save FILE]`` plays
a game of several deals between the built-in players and prints its score sheet;
``python -m frenchtarot replay FILE`` loads a saved record, replaying it, and prints it;
``python -m frenchtarot arena --players montecarlo,simple,simple,simple [--deals N]
[--workers W] [--seed N]`` compares built-in players in duplicate (see
:mod:`frenchtarot.arena`) and prints each one's mean score per deal with a 95% interval.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from frenchtarot import records
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
from frenchtarot.arena import duplicate
from frenchtarot.cards import Card
from frenchtarot.errors import RecordError, TarotError
from frenchtarot.match import Match, new_match, play_match
from frenchtarot.observation import Observation, observe
from frenchtarot.players import MonteCarloPlayer, Player, RandomPlayer, SimplePlayer
from frenchtarot.rules import RULES_BY_SEATS
from frenchtarot.scoring import score


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


def _seed(text: str) -> int:
    """An argparse type: a whole number, 0 or more."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"the seed must be a whole number, not {text!r}"
        ) from None
    if seed < 0:
        raise argparse.ArgumentTypeError(f"the seed must be 0 or more, not {seed}")
    return seed


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line: print one deal, or ``play`` one against the built-in players."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["play"]:
        from frenchtarot._cli.terminal import main_play

        return main_play(arguments[1:])
    if arguments[:1] == ["match"]:
        return main_match(arguments[1:])
    if arguments[:1] == ["replay"]:
        return main_replay(arguments[1:])
    if arguments[:1] == ["arena"]:
        return main_arena(arguments[1:])
    parser = argparse.ArgumentParser(
        prog="python -m frenchtarot",
        description="Play one complete French Tarot deal between built-in players and print it.",
        epilog="To play a deal yourself against the built-in players: "
        "python -m frenchtarot play [--players 3|4|5] [--seed N] [--seat S]. "
        "To play a game of several deals: python -m frenchtarot match --deals 5 --save "
        "game.json; to print a saved game or deal: python -m frenchtarot replay game.json; to "
        "compare players in duplicate: python -m frenchtarot arena --players "
        "montecarlo,simple,simple,simple --deals 200",
    )
    parser.add_argument(
        "--players", type=int, default=4, choices=(3, 4, 5), help="table size (default 4)"
    )
    parser.add_argument(
        "--seed",
        type=_seed,
        default=None,
        help="seed of the deal and players, 0 or more (default: random)",
    )
    parser.add_argument("--dealer", type=int, default=0, help="dealing seat (default 0)")
    parser.add_argument(
        "--random", action="store_true", help="random players instead of simple ones"
    )
    args = parser.parse_args(arguments)
    rules = RULES_BY_SEATS[args.players]
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


def main_match(argv: Sequence[str]) -> int:
    """``python -m frenchtarot match``: play a match between built-in players, print it."""
    parser = argparse.ArgumentParser(
        prog="python -m frenchtarot match",
        description="Play a game of several deals between the built-in players and print the "
        "score sheet.",
    )
    parser.add_argument("--deals", type=_deals, default=5, help="scored deals (default 5)")
    parser.add_argument(
        "--players", type=int, default=4, choices=(3, 4, 5), help="players (default 4)"
    )
    parser.add_argument(
        "--dead-player",
        action="store_true",
        help="five players at the four-player game, the dealer sitting out",
    )
    parser.add_argument(
        "--seed", type=_seed, default=None, help="seed of the match, 0 or more (default: random)"
    )
    parser.add_argument("--names", default=None, help="the players' names, comma-separated")
    parser.add_argument(
        "--random", action="store_true", help="random players instead of simple ones"
    )
    parser.add_argument("--save", metavar="FILE", help="save the match as a JSON record")
    args = parser.parse_args(list(argv))
    if args.dead_player and args.players != 5:
        parser.error("--dead-player needs --players 5")
    seed = random.SystemRandom().randrange(2**32) if args.seed is None else args.seed
    names = None if args.names is None else [name.strip() for name in args.names.split(",")]
    try:
        match = new_match(
            args.players,
            names=names,
            deals=args.deals,
            seed=seed,
            dead_player=args.dead_player,
        )
    except TarotError as error:
        parser.error(str(error))
    bots: list[Player] = [
        RandomPlayer(seed * match.players + n) if args.random else SimplePlayer()
        for n in range(match.players)
    ]
    match = play_match(match, bots)
    print(f"Seed: {seed} (repeat with --seed {seed})")
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
            record = records.load(file)
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


def _progress_bar(done: int, total: int) -> None:
    """Draw ``[#####.....]  done/total deals`` on standard error, over the previous one."""
    filled = 30 * done // total
    bar = "#" * filled + "." * (30 - filled)
    end = "\n" if done == total else ""
    print(f"\r[{bar}] {done}/{total} deals", end=end, file=sys.stderr, flush=True)


def main_arena(argv: Sequence[str]) -> int:
    """``python -m frenchtarot arena``: compare built-in players in duplicate."""
    parser = argparse.ArgumentParser(
        prog="python -m frenchtarot arena",
        description="Play deals in duplicate (each deal once per seat rotation, so that every "
        "player holds every hand) and print each player's mean score per deal with a 95% "
        "confidence interval.",
    )
    parser.add_argument(
        "--players",
        default="montecarlo,simple,simple,simple",
        help="3 to 5 comma-separated players among "
        + ", ".join(ARENA_PLAYERS)
        + " (default montecarlo,simple,simple,simple)",
    )
    parser.add_argument("--deals", type=_deals, default=100, help="deals (default 100)")
    parser.add_argument(
        "--workers", type=_deals, default=1, help="worker processes (default 1: in process)"
    )
    parser.add_argument(
        "--seed", type=_seed, default=None, help="seed of the deals, 0 or more (default: random)"
    )
    parser.add_argument(
        "--samples", type=_deals, default=12, help="montecarlo: worlds per decision (default 12)"
    )
    parser.add_argument(
        "--rollouts", type=_deals, default=1, help="montecarlo: playouts per card (default 1)"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(list(argv))
    names = [name.strip().lower() for name in args.players.split(",")]
    unknown = [name for name in names if name not in ARENA_PLAYERS]
    if unknown:
        parser.error(f"unknown player {unknown[0]!r}: choose among {', '.join(ARENA_PLAYERS)}")
    if len(names) not in RULES_BY_SEATS:
        parser.error(f"the arena takes 3, 4 or 5 players, not {len(names)}")
    seed = random.SystemRandom().randrange(2**32) if args.seed is None else args.seed
    players = [
        _arena_player(name, seed * len(names) + n, args.samples, args.rollouts)
        for n, name in enumerate(names)
    ]
    labels = [f"{n}: {name}" for n, name in enumerate(names)]
    progress = None if args.quiet else _progress_bar
    if args.workers == 1:
        result = duplicate(players, deals=args.deals, seed=seed, progress=progress, names=labels)
    else:
        # Spawned, as on every platform: forking a process that runs threads may hang.
        spawn = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=args.workers, mp_context=spawn) as executor:
            result = duplicate(
                players,
                deals=args.deals,
                seed=seed,
                executor=executor,
                progress=progress,
                names=labels,
            )
    print(f"Seed: {seed} (repeat with --seed {seed})")
    print(result)
    return 0


class _Replayer:
    """A player that plays back the actions of a recorded deal, in order."""

    def __init__(self, state: State) -> None:
        self._actions = iter(state.history)

    def __call__(self, observation: Observation) -> Action:
        return next(self._actions)


if __name__ == "__main__":
    sys.exit(main())
