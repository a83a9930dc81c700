"""Score sheets and rankings: :class:`ScoreSheet` and :func:`team_standings`.

The players' names and their checks, the rows of a sheet and the lines of a ranking.

Re-exported by :mod:`frenchtarot.match`, where users find them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

from frenchtarot._checks import describe_value, quote
from frenchtarot.actions import Contract
from frenchtarot.errors import InvalidMatchError, TarotTypeError

__all__ = ["ScoreSheet", "SheetRow", "Standing", "check_names", "rank", "team_standings"]

_TEAM_SIZES: Final = (2, 4)
_MOST_NAME: Final = 40


def _check_name(name: object) -> str:
    if not isinstance(name, str):
        raise TarotTypeError(f"a player's name must be a str, not {describe_value(name)}")
    if not name.strip() or len(name) > _MOST_NAME or not name.isprintable():
        raise InvalidMatchError(
            f"a player's name must be 1 to {_MOST_NAME} printable characters, not a blank, "
            f"not {quote(name)}"
        )
    return name


def check_names(names: object, players: int) -> tuple[str, ...]:
    """``names`` as a tuple if it is ``players`` distinct names.

    Raises:
        InvalidMatchError: The wrong number of names, a blank or a repeated name.
        TarotTypeError: ``names`` is not a sequence of strings.
    """
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
        raise TarotTypeError(f"names must be a sequence of str, not {describe_value(names)}")
    if len(names) != players:
        raise InvalidMatchError(f"expected {players} names, one per player, got {len(names)}")
    checked = tuple(_check_name(name) for name in names)
    if len(set(checked)) != len(checked):
        raise InvalidMatchError(f"each player needs a name of their own: {checked}")
    return checked


@attrs.frozen
class Standing:
    """One line of a ranking.

    Attributes:
        rank: 1 for the best total; equal totals share a rank, and the next rank counts
            the players above it (1, 2, 2, 4).
        name: The player's (or team's) name.
        total: The total score.
    """

    rank: int
    name: str
    total: int


def rank(totals: Mapping[str, int]) -> tuple[Standing, ...]:
    """Rank names by decreasing total; equal totals share a rank (1, 2, 2, 4)."""
    ordered = sorted(totals.items(), key=lambda item: -item[1])  # stable: ties keep order
    standings: list[Standing] = []
    for position, (name, total) in enumerate(ordered):
        shared = standings and standings[-1].total == total
        standings.append(Standing(standings[-1].rank if shared else position + 1, name, total))
    return tuple(standings)


def _tuple(values: Iterable[Any], what: str) -> tuple[Any, ...]:
    """``values`` as a tuple, for the fields of a sheet made by hand."""
    if isinstance(values, tuple):
        return values
    if isinstance(values, (bytes, Mapping)) or not isinstance(values, Iterable):
        raise TarotTypeError(f"{what} must be a sequence, not {describe_value(values)}")
    return tuple(values)


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    return _tuple(values, "scores and totals")


def _names(values: Iterable[str]) -> tuple[str, ...]:
    return _tuple(values, "names")


def _rows(values: Iterable[SheetRow]) -> tuple[SheetRow, ...]:
    return _tuple(values, "rows")


@attrs.frozen
class SheetRow:
    """The score sheet's line for one scored deal.

    Attributes:
        number: The deal's number on the sheet, from 1 (annulled deals are not written).
        dealer: The player who dealt.
        dead: The player who sat the deal out (the dealer, at five with a dead player), or
            ``None``.
        taker: The player who took.
        partner: The taker's partner (five players, called card), or ``None``.
        contract: The contract played.
        made: Whether the contract was made.
        scores: Each player's score for the deal, player 0 first; they sum to zero.
        totals: Each player's running total after this deal; they sum to zero.
    """

    number: int
    dealer: int
    dead: int | None
    taker: int
    partner: int | None
    contract: Contract
    made: bool
    scores: tuple[int, ...] = attrs.field(converter=_ints)
    totals: tuple[int, ...] = attrs.field(converter=_ints)


@attrs.frozen
class ScoreSheet:
    """The score sheet of a match: one row per scored deal, running totals and ranking.

    Made by :attr:`Match.sheet`; one made by hand (a table played elsewhere, for
    :func:`team_standings`) takes any sequences, kept as tuples.

    Attributes:
        names: The players' names, player 0 first.
        rows: One row per scored deal, in order.

    Raises:
        InvalidMatchError: A row whose scores or totals are not one per player.
        TarotTypeError: A name that is not a str, or a row that is not a :class:`SheetRow`.

    >>> from frenchtarot.match import new_match, play_match
    >>> from frenchtarot.players import SimplePlayer
    >>> match = play_match(new_match(3, deals=2, seed=5), [SimplePlayer()] * 3)
    >>> print(match.sheet)
    deal  dealer  taker   contract                 seat 0        seat 1        seat 2
       1  seat 1  seat 0  petite made           +74 (+74)     -37 (-37)     -37 (-37)
       2  seat 0  seat 2  petite made           -42 (+32)     -42 (-79)     +84 (+47)
    total                                             +32           -79           +47
    ranking: 1. seat 2 +47, 2. seat 0 +32, 3. seat 1 -79

    Seat 2's deal was annulled (everyone passed), so seat 0 dealt the second scored deal.
    """

    names: tuple[str, ...] = attrs.field(converter=_names)
    rows: tuple[SheetRow, ...] = attrs.field(converter=_rows)

    def __attrs_post_init__(self) -> None:
        for name in self.names:
            if not isinstance(name, str):
                raise TarotTypeError(f"a player's name must be a str, not {describe_value(name)}")
        for row in self.rows:
            if not isinstance(row, SheetRow):
                raise TarotTypeError(f"rows must be SheetRow values, not {describe_value(row)}")
            if len(row.scores) != len(self.names) or len(row.totals) != len(self.names):
                raise InvalidMatchError(
                    f"row {describe_value(row.number)} has {len(row.scores)} scores and "
                    f"{len(row.totals)} totals for {len(self.names)} players"
                )

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's total so far, player 0 first (zeros before the first deal)."""
        return self.rows[-1].totals if self.rows else (0,) * len(self.names)

    @property
    def ranking(self) -> tuple[Standing, ...]:
        """The players by decreasing total; equal totals share a rank (1, 2, 2, 4)."""
        return rank(dict(zip(self.names, self.totals, strict=True)))

    def __str__(self) -> str:
        who = max(6, *(len(name) for name in self.names))
        width = max(14, *(len(name) + 2 for name in self.names))
        head = f"deal  {'dealer':<{who}}  {'taker':<{who}}  {'contract':<17}"
        lines = [head + "".join(f"{name:>{width}}" for name in self.names)]
        for row in self.rows:
            verdict = f"{row.contract.name.lower()} {'made' if row.made else 'lost'}"
            line = f"{row.number:>4}  {self.names[row.dealer]:<{who}}  "
            line += f"{self.names[row.taker]:<{who}}  {verdict:<17}"
            for player, (delta, total) in enumerate(zip(row.scores, row.totals, strict=True)):
                cell = "-" if player == row.dead else f"{delta:+d} ({total:+d})"
                line += f"{cell:>{width}}"
            lines.append(line)
        totals = "".join(f"{total:>+{width}d}" for total in self.totals)
        lines.append(f"{'total':<{len(head)}}{totals}")
        ranking = ", ".join(f"{line.rank}. {line.name} {line.total:+d}" for line in self.ranking)
        lines.append(f"ranking: {ranking}")
        return "\n".join(lines)


def team_standings(
    sheets: Sequence[ScoreSheet], teams: Mapping[str, Sequence[str]]
) -> tuple[Standing, ...]:
    """Rank teams of 2 or 4 players by the sum of their members' totals.

    In a team tournament the members of a team sit at different tables, so that they never
    play against each other: a team adds totals from several score sheets.

    Args:
        sheets: The score sheets of the tables; every name appears on one sheet only.
        teams: Each team's name and its members' names (2 or 4 each, each player in one
            team at most).

    Returns:
        The teams by decreasing total; equal totals share a rank (1, 2, 2, 4).

    Raises:
        InvalidMatchError: A team of another size, a member on no sheet, a player in two
            teams or named on two sheets, or two members of a team at one table.
        TarotTypeError: ``sheets`` is not a sequence of score sheets or ``teams`` not a
            mapping of names to sequences of names.

    >>> from frenchtarot.match import ScoreSheet, team_standings
    >>> north = ScoreSheet(("Ann", "Bob", "Cy", "Di"), ())
    >>> south = ScoreSheet(("Ed", "Flo", "Gus", "Hal"), ())
    >>> team_standings([north, south], {"red": ["Ann", "Ed"], "blue": ["Bob", "Flo"]})
    (Standing(rank=1, name='red', total=0), Standing(rank=1, name='blue', total=0))
    """
    if isinstance(sheets, (str, bytes)) or not isinstance(sheets, Sequence):
        raise TarotTypeError(
            f"sheets must be a sequence of ScoreSheet, not {describe_value(sheets)}"
        )
    where: dict[str, tuple[int, int]] = {}
    for table, sheet in enumerate(sheets):
        if not isinstance(sheet, ScoreSheet):
            raise TarotTypeError(
                f"sheets must hold ScoreSheet values, not {describe_value(sheet)}"
            )
        for total, name in zip(sheet.totals, sheet.names, strict=True):
            if name in where:
                raise InvalidMatchError(f"{quote(name)} is named on two sheets")
            where[name] = (table, total)
    if not isinstance(teams, Mapping):
        raise TarotTypeError(f"teams must be a mapping of names, not {describe_value(teams)}")
    totals: dict[str, int] = {}
    placed: set[str] = set()
    for team, members in teams.items():
        _check_name(team)
        if isinstance(members, (str, bytes)) or not isinstance(members, Sequence):
            raise TarotTypeError(
                f"team {quote(team)} must be a sequence of names, not {describe_value(members)}"
            )
        if len(members) not in _TEAM_SIZES:
            raise InvalidMatchError(f"a team has 2 or 4 players; {quote(team)} has {len(members)}")
        tables: set[int] = set()
        total = 0
        for member in members:
            if not isinstance(member, str):
                raise TarotTypeError(
                    f"a member's name must be a str, not {describe_value(member)}"
                )
            if member not in where:
                raise InvalidMatchError(f"{quote(member)} of team {quote(team)} is on no sheet")
            if member in placed:
                raise InvalidMatchError(f"{quote(member)} plays in two teams")
            placed.add(member)
            table, points = where[member]
            if table in tables:
                raise InvalidMatchError(
                    f"two players of team {quote(team)} sit at one table: teammates never "
                    "play against each other"
                )
            tables.add(table)
            total += points
        totals[team] = total
    return rank(totals)
