"""Score sheets and rankings: :class:`ScoreSheet` and :func:`team_standings`.

The players' names and their checks, the rows of a sheet and the lines of a ranking.

Re-exported by :mod:`frenchtarot.match`, where users find them.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, TypeGuard

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

    A row is checked by the :class:`ScoreSheet` that holds it, not on its own: only the
    sheet knows its players and the totals of the row before.

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


def _signed(value: int) -> str:
    """``value`` with its sign, for an error message (a huge int only by its size)."""
    return f"{value:+d}" if value.bit_length() <= 128 else f"an int of {value.bit_length()} bits"


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_row(
    row: object, position: int, names: tuple[str, ...], previous: tuple[int, ...]
) -> None:
    """Check the sheet's row ``position`` (from 1), whose previous totals are ``previous``.

    Raises:
        InvalidMatchError: The row is misnumbered, names a seat that is no player, or its
            scores or totals do not add up.
        TarotTypeError: The row, or one of its fields, is of the wrong type.
    """
    if not isinstance(row, SheetRow):
        raise TarotTypeError(f"row {position} must be a SheetRow, not {describe_value(row)}")
    where = f"row {position}"
    if not _is_int(row.number):
        raise TarotTypeError(
            f"{where}: its number must be an int, not {describe_value(row.number)}"
        )
    if row.number != position:
        raise InvalidMatchError(
            f"{where} is numbered {describe_value(row.number)}: rows are numbered 1, 2, 3... "
            f"in order, so it should be {position}"
        )
    players = len(names)
    for field, seat, optional in (
        ("dealer", row.dealer, False),
        ("dead player", row.dead, True),
        ("taker", row.taker, False),
        ("partner", row.partner, True),
    ):
        if seat is None and optional:
            continue
        if not _is_int(seat):
            none = " or None" if optional else ""
            raise TarotTypeError(
                f"{where}: the {field} must be a player (an int{none}), not {describe_value(seat)}"
            )
        if not 0 <= seat < players:
            raise InvalidMatchError(
                f"{where}: the {field} must be a player from 0 to {players - 1}, "
                f"not {describe_value(seat)}"
            )
    if not isinstance(row.contract, Contract):
        raise TarotTypeError(
            f"{where}: the contract must be a Contract, not {describe_value(row.contract)}"
        )
    if not isinstance(row.made, bool):
        raise TarotTypeError(f"{where}: made must be a bool, not {describe_value(row.made)}")
    scores, totals = row.scores, row.totals
    if len(scores) != players or len(totals) != players:
        raise InvalidMatchError(
            f"{where}: {len(scores)} scores and {len(totals)} totals for {players} players; "
            "expected one of each per player"
        )
    for value in scores + totals:
        if not _is_int(value):
            raise TarotTypeError(
                f"{where}: scores and totals must be ints, not {describe_value(value)}"
            )
    balance = sum(scores)
    if balance:
        raise InvalidMatchError(f"{where}: the scores sum to {_signed(balance)}, not 0")
    if totals != tuple(map(operator.add, previous, scores)):
        player = next(
            player
            for player, (before, score, total) in enumerate(
                zip(previous, scores, totals, strict=True)
            )
            if before + score != total
        )
        before, score, total = previous[player], scores[player], totals[player]
        why = (
            "its score, as a sheet starts from zero"
            if position == 1
            else f"{_signed(before)} on row {position - 1} plus {_signed(score)} on this row"
        )
        raise InvalidMatchError(
            f"{where}: the total of player {player} ({quote(names[player])}) is "
            f"{_signed(total)}, not {_signed(before + score)}: {why}"
        )


@attrs.frozen
class ScoreSheet:
    """The score sheet of a match: one row per scored deal, running totals and ranking.

    Made by :attr:`Match.sheet`; one can also be made by hand (a table played elsewhere,
    for :func:`team_standings`): any sequences are taken and kept as tuples, and every row
    is checked when the sheet is made, so that a sheet always adds up.

    Attributes:
        names: The players' names, player 0 first.
        rows: One row per scored deal, in order.

    Raises:
        InvalidMatchError: Other than 3 to 5 players, a blank or repeated name (a name is
            1 to 40 printable characters); a row numbered other than 1, 2, 3... in order;
            a dealer, dead player, taker or partner that is not a player of the sheet (0
            to one less than the number of names); scores or totals that are not one per
            player; scores that do not sum to zero; totals other than the previous row's
            totals plus the row's scores (the first row's: its scores). The message names
            the row.
        TarotTypeError: A name that is not a str, a row that is not a :class:`SheetRow`, or
            a field of a row of the wrong type (an int that is a bool, a contract that is
            not a :class:`~frenchtarot.Contract`, ``made`` that is not a bool).

    >>> from frenchtarot.match import new_match, play_match
    >>> from frenchtarot.players import SimplePlayer
    >>> match = play_match(new_match(3, deals=2, seed=5), [SimplePlayer()] * 3)
    >>> print(match.sheet)
    deal  dealer  taker   contract                 seat 0        seat 1        seat 2
       1  seat 1  seat 0  garde made          +168 (+168)     -84 (-84)     -84 (-84)
       2  seat 2  seat 0  garde made          +108 (+276)    -54 (-138)    -54 (-138)
    total                                            +276          -138          -138
    ranking: 1. seat 0 +276, 2. seat 1 -138, 2. seat 2 -138

    Seat 2's deal was annulled (everyone passed), so seat 0 dealt the second scored deal.

    A sheet made by hand that does not add up is refused:

    >>> from frenchtarot.match import ScoreSheet, SheetRow
    >>> row = SheetRow(1, 0, None, 1, None, Contract.GARDE, True, [60, -30, -20], [60, -30, -20])
    >>> ScoreSheet(["Ann", "Bob", "Cy"], [row])
    Traceback (most recent call last):
    ...
    frenchtarot.errors.InvalidMatchError: row 1: the scores sum to +10, not 0
    """

    names: tuple[str, ...] = attrs.field(converter=_names)
    rows: tuple[SheetRow, ...] = attrs.field(converter=_rows)

    def __attrs_post_init__(self) -> None:
        if not 3 <= len(self.names) <= 5:
            raise InvalidMatchError(f"a score sheet has 3, 4 or 5 players, not {len(self.names)}")
        check_names(self.names, len(self.names))
        previous = (0,) * len(self.names)
        for position, row in enumerate(self.rows, start=1):
            _check_row(row, position, self.names, previous)
            previous = row.totals

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

    A team tournament may have several rounds, each played at several tables, one score
    sheet per table and round. A player's total is the sum of their totals on every sheet
    they sat on, and a team's total the sum of its members' totals. Members of a team never
    play against each other, so no sheet may name two of them.

    Args:
        sheets: The score sheets of every table of every round. A player may be named on
            several sheets (one per round), but only once on each.
        teams: Each team's name and its members' names (2 or 4 each, each player in one
            team at most). Players of the sheets who are in no team are left out.

    Returns:
        The teams by decreasing total; equal totals share a rank (1, 2, 2, 4).

    Raises:
        InvalidMatchError: A team of another size, a member on no sheet, a player in two
            teams (or twice in one), or two members of a team on the same sheet.
        TarotTypeError: ``sheets`` is not a sequence of score sheets or ``teams`` not a
            mapping of names to sequences of names.

    Two rounds at two tables, and two teams whose members sit at different tables in
    each round:

    >>> from frenchtarot import Contract
    >>> from frenchtarot.match import ScoreSheet, SheetRow, team_standings
    >>> def table(names, scores):
    ...     row = SheetRow(1, 0, None, 0, None, Contract.GARDE, True, scores, scores)
    ...     return ScoreSheet(names, [row])
    >>> first_round = [
    ...     table(["Ann", "Bob", "Cy", "Di"], [150, -50, -50, -50]),
    ...     table(["Ed", "Flo", "Gus", "Hal"], [-40, -40, 120, -40]),
    ... ]
    >>> second_round = [
    ...     table(["Ann", "Flo", "Cy", "Hal"], [-60, 180, -60, -60]),
    ...     table(["Ed", "Bob", "Gus", "Di"], [-70, -70, -70, 210]),
    ... ]
    >>> for line in team_standings(
    ...     first_round + second_round, {"red": ["Ann", "Ed"], "blue": ["Bob", "Flo"]}
    ... ):
    ...     print(line)
    Standing(rank=1, name='blue', total=20)
    Standing(rank=2, name='red', total=-20)
    """
    if isinstance(sheets, (str, bytes)) or not isinstance(sheets, Sequence):
        raise TarotTypeError(
            f"sheets must be a sequence of ScoreSheet, not {describe_value(sheets)}"
        )
    totals: dict[str, int] = {}
    seated: dict[str, list[int]] = {}
    for index, sheet in enumerate(sheets):
        if not isinstance(sheet, ScoreSheet):
            raise TarotTypeError(
                f"sheets must hold ScoreSheet values, not {describe_value(sheet)}"
            )
        for name, total in zip(sheet.names, sheet.totals, strict=True):
            totals[name] = totals.get(name, 0) + total
            seated.setdefault(name, []).append(index)
    if not isinstance(teams, Mapping):
        raise TarotTypeError(f"teams must be a mapping of names, not {describe_value(teams)}")
    team_totals: dict[str, int] = {}
    team_of: dict[str, str] = {}
    for team, members in teams.items():
        if not isinstance(team, str):
            raise TarotTypeError(f"a team's name must be a str, not {describe_value(team)}")
        _check_name(team)
        if isinstance(members, (str, bytes)) or not isinstance(members, Sequence):
            raise TarotTypeError(
                f"team {quote(team)} must be a sequence of names, not {describe_value(members)}"
            )
        if len(members) not in _TEAM_SIZES:
            raise InvalidMatchError(f"a team has 2 or 4 players; {quote(team)} has {len(members)}")
        at_sheet: dict[int, str] = {}
        for member in members:
            if not isinstance(member, str):
                raise TarotTypeError(
                    f"a member's name must be a str, not {describe_value(member)}"
                )
            if member in team_of:
                raise InvalidMatchError(
                    f"{quote(member)} is named twice in team {quote(team)}"
                    if team_of[member] == team
                    else f"{quote(member)} plays in two teams, {quote(team_of[member])} "
                    f"and {quote(team)}; a player is in one team at most"
                )
            if member not in totals:
                raise InvalidMatchError(f"{quote(member)} of team {quote(team)} is on no sheet")
            team_of[member] = team
            for index in seated[member]:
                if index in at_sheet:
                    raise InvalidMatchError(
                        f"{quote(at_sheet[index])} and {quote(member)} of team {quote(team)} "
                        f"are both on sheets[{index}]: members of a team never sit at one table"
                    )
                at_sheet[index] = member
        team_totals[team] = sum(totals[member] for member in members)
    return rank(team_totals)
