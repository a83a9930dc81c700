"""The command line: print a whole deal, or play one seat of a deal in the terminal.

``python -m frenchtarot [--players 3|4|5] [--seed N]`` plays and prints one complete deal;
``python -m frenchtarot play [--players 3|4|5] [--seed N] [--seat S]`` lets a person play
one seat against the built-in players (see ``frenchtarot._play``).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from frenchtarot._dealing import new_deal
from frenchtarot._engine import apply
from frenchtarot.actions import AnnounceSlam, Bid, Call, DeclareHandful, Discard, Pass, Play
from frenchtarot.cards import Card
from frenchtarot.observation import observe
from frenchtarot.players import Player, RandomPlayer, SimplePlayer
from frenchtarot.rules import RULES_BY_SEATS
from frenchtarot.scoring import score
from frenchtarot.state import Phase, State


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards) or "-"


def describe_deal(start: State, players: Sequence[Player]) -> tuple[State, list[str]]:
    """Play ``start`` to the end with ``players`` and return the final state and a report."""
    lines = [f"{start.rules.seats} players ({start.rules.name}). Dealer: seat {start.dealer}"]
    lines += [f"  seat {seat}: {_cards(hand)}" for seat, hand in enumerate(start.hands)]
    lines.append(f"  dog:    {_cards(start.dog)}")
    state = start
    trick_count = 0
    while state.current is not None:
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
    lines.append(f"Score: {score(state)}")
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
        from frenchtarot._play import main_play

        return main_play(arguments[1:])
    parser = argparse.ArgumentParser(
        prog="python -m frenchtarot",
        description="Play one complete French Tarot deal between built-in players and print it.",
        epilog="To play a deal yourself against the built-in players: "
        "python -m frenchtarot play [--players 3|4|5] [--seed N] [--seat S]",
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


if __name__ == "__main__":
    sys.exit(main())
