"""The command-line options the subcommands share: seeds, counts, and the table's rules.

``--rules NAME`` names one of the presets of :data:`frenchtarot.rules.PRESETS` (read by
:func:`frenchtarot.rules.find_rules`, so ``3``, ``4`` and ``5`` name the FFT tables); a
command that also takes ``--players`` checks that both describe the same table.
"""

from __future__ import annotations

import argparse
from typing import Final

from frenchtarot.errors import InvalidRulesError
from frenchtarot.rules import PRESETS, RULES_BY_SEATS, Rules, find_rules

RULES_HELP: Final = (
    "the table's rules, by name: "
    + ", ".join(PRESETS)
    + " (or 3, 4, 5 for the FFT tables); the default is the FFT table of --players"
)


def seed_number(text: str) -> int:
    """An argparse type: a seed, a whole number 0 or more."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"the seed must be a whole number, not {text!r}"
        ) from None
    if seed < 0:
        raise argparse.ArgumentTypeError(f"the seed must be 0 or more, not {seed}")
    return seed


def level_number(text: str) -> int:
    """An argparse type: a difficulty level of :func:`frenchtarot.players.level`, 1 to 5."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"the level must be a whole number from 1 to 5, not {text!r}"
        ) from None
    if not 1 <= number <= 5:
        raise argparse.ArgumentTypeError(f"the level must be from 1 to 5, not {number}")
    return number


def rules_name(text: str) -> Rules:
    """An argparse type: a preset's name, read by :func:`~frenchtarot.rules.find_rules`."""
    try:
        return find_rules(text)
    except InvalidRulesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_table_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--players 3|4|5`` and ``--rules NAME``, both optional (see :func:`table_rules`)."""
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        choices=(3, 4, 5),
        help="table size (default 4, or the size of --rules)",
    )
    parser.add_argument("--rules", type=rules_name, default=None, metavar="NAME", help=RULES_HELP)


def table_rules(
    parser: argparse.ArgumentParser, rules: Rules | None, players: int | None
) -> Rules:
    """The rules ``--rules`` and ``--players`` ask for; a usage error if they disagree."""
    if rules is None:
        return RULES_BY_SEATS[4 if players is None else players]
    if players is not None and players != rules.seats:
        parser.error(mismatch(rules, players))
    return rules


def mismatch(rules: Rules, players: int, source: str = "") -> str:
    """The message for rules of another table size than the ``players`` asked by ``source``."""
    source = source or f"--players {players}"
    return f"--rules {rules.name} is a game of {rules.seats} players, not of {players} ({source})"
