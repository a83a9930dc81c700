"""Score sheets made by hand, checked row by row as they are made, and the standings of
team tournaments of several rounds (the sheets of matches and their ranks: test_match.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import Contract
from frenchtarot.errors import InvalidMatchError
from frenchtarot.match import (
    ScoreSheet,
    SheetRow,
    Standing,
    new_match,
    play_match,
    team_standings,
)
from frenchtarot.players import SimplePlayer


def row(
    number: int,
    scores: Sequence[object],
    totals: Sequence[object],
    **fields: object,
) -> SheetRow:
    """A row of a four-player deal: player 0 deals and takes a Garde, made, unless told."""
    values: dict[str, object] = {
        "dealer": 0,
        "dead": None,
        "taker": 0,
        "partner": None,
        "contract": Contract.GARDE,
        "made": True,
    }
    values.update(fields)
    return SheetRow(number, scores=scores, totals=totals, **values)  # type: ignore[arg-type]


def changed(row: SheetRow, **fields: object) -> SheetRow:
    """``row`` with ``fields`` changed, to values of any type."""
    return attrs.evolve(row, **fields)  # type: ignore[arg-type]


def rows_of(*scores: Sequence[int]) -> list[SheetRow]:
    """Rows numbered from 1 whose scores are ``scores`` and whose totals add them up."""
    rows: list[SheetRow] = []
    totals = [0] * len(scores[0])
    for number, deltas in enumerate(scores, start=1):
        totals = [total + delta for total, delta in zip(totals, deltas, strict=True)]
        rows.append(row(number, deltas, totals))
    return rows


def sheet(names: str, *scores: Sequence[int]) -> ScoreSheet:
    """The sheet of the players ``names`` (separated by spaces) with rows of ``scores``."""
    return ScoreSheet(names.split(), rows_of(*scores))


# Sheets made by hand ---------------------------------------------------------------------


GOOD = rows_of([30, -10, -20], [-60, 30, 30])
"""Two rows of three players: totals (+30, -10, -20), then (-30, +20, +10)."""


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (
            [row(1, [60, -30, -20], [60, -30, -20])],
            "row 1: the scores sum to +10, not 0",
        ),
        (
            [GOOD[0], row(2, [10, 0, -15], [40, -10, -35])],
            "row 2: the scores sum to -5, not 0",
        ),
        (
            [row(1, [30, -10, -20], [30, -20, -10])],
            "row 1: the total of player 1 ('B') is -20, not -10: its score, as a sheet starts "
            "from zero",
        ),
        (
            [GOOD[0], row(2, [-60, 30, 30], [-30, 10, 20])],
            "row 2: the total of player 1 ('B') is +10, not +20: -10 on row 1 plus +30 on this "
            "row",
        ),
        (
            [*GOOD, row(3, [9, -9, 0], [9, -9, 0])],  # the row's scores, not added up
            "row 3: the total of player 0 ('A') is +9, not -21: -30 on row 2 plus +9 on this row",
        ),
        (
            [GOOD[0], changed(GOOD[1], number=3)],
            "row 2 is numbered 3: rows are numbered 1, 2, 3... in order, so it should be 2",
        ),
        (
            [changed(GOOD[0], number=0)],
            "row 1 is numbered 0: rows are numbered 1, 2, 3... in order, so it should be 1",
        ),
        (
            [GOOD[0], changed(GOOD[1], number=1)],
            "row 2 is numbered 1: rows are numbered 1, 2, 3... in order, so it should be 2",
        ),
        (
            [GOOD[0], changed(GOOD[1], dealer=3)],
            "row 2: the dealer must be a player from 0 to 2, not 3",
        ),
        (
            [changed(GOOD[0], taker=-1)],
            "row 1: the taker must be a player from 0 to 2, not -1",
        ),
        (
            [GOOD[0], changed(GOOD[1], partner=5)],
            "row 2: the partner must be a player from 0 to 2, not 5",
        ),
        (
            [changed(GOOD[0], dead=3)],
            "row 1: the dead player must be a player from 0 to 2, not 3",
        ),
        (
            [GOOD[0], row(2, [1, -1, 0, 0], [31, -11, -20, 0])],
            "row 2: 4 scores and 4 totals for 3 players; expected one of each per player",
        ),
        (
            [row(1, [30, -10, -20], [30, -10])],
            "row 1: 3 scores and 2 totals for 3 players; expected one of each per player",
        ),
    ],
)
def test_a_sheet_that_does_not_add_up_is_refused_with_the_row_named(
    rows: list[SheetRow], message: str
) -> None:
    with pytest.raises(InvalidMatchError, match=f"^{re.escape(message)}$"):
        ScoreSheet("ABC", rows)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([changed(GOOD[0], number="1")], "row 1: its number must be an int, not '1'"),
        ([changed(GOOD[0], number=True)], "row 1: its number must be an int, not True"),
        (
            [GOOD[0], changed(GOOD[1], dealer=True)],
            "row 2: the dealer must be a player (an int), not True",
        ),
        (
            [changed(GOOD[0], taker=1.0)],
            "row 1: the taker must be a player (an int), not 1.0",
        ),
        (
            [changed(GOOD[0], partner="B")],
            "row 1: the partner must be a player (an int or None), not 'B'",
        ),
        (
            [changed(GOOD[0], dead=False)],
            "row 1: the dead player must be a player (an int or None), not False",
        ),
        (
            [changed(GOOD[0], contract="garde")],
            "row 1: the contract must be a Contract, not 'garde'",
        ),
        ([changed(GOOD[0], made=1)], "row 1: made must be a bool, not 1"),
        (
            [GOOD[0], row(2, [-60, 30, 30.0], [-30, 20, 10])],
            "row 2: scores and totals must be ints, not 30.0",
        ),
        (
            [row(1, [1, -1, 0], [True, -1, 0])],
            "row 1: scores and totals must be ints, not True",
        ),
        ([GOOD[0], (1, 2)], "row 2 must be a SheetRow, not tuple"),
    ],
)
def test_a_row_of_the_wrong_types_is_refused_with_the_row_named(
    rows: list[SheetRow], message: str
) -> None:
    with pytest.raises(ft.TarotTypeError, match=f"^{re.escape(message)}$"):
        ScoreSheet("ABC", rows)


def test_a_sheet_made_by_hand_that_adds_up_is_kept_as_tuples() -> None:
    rows = [
        row(1, [0, 120, -40, -40, -40], [0, 120, -40, -40, -40], dealer=0, dead=0, taker=1),
        row(2, [20, 0, 20, -60, 20], [20, 120, -20, -100, -20], dealer=1, dead=1, taker=3),
        row(
            3,
            [-30, -30, 60, 0, 0],
            [-10, 90, 40, -100, -20],
            dealer=2,
            taker=2,
            partner=1,
            contract=Contract.PETITE,
            made=False,
        ),
    ]
    sheet = ScoreSheet(["Ann", "Bob", "Cy", "Di", "Ed"], rows)
    assert sheet.names == ("Ann", "Bob", "Cy", "Di", "Ed") and sheet.rows == tuple(rows)
    assert rows[0].scores == (0, 120, -40, -40, -40)
    assert sheet.totals == (-10, 90, 40, -100, -20)
    assert [(line.name, line.rank) for line in sheet.ranking] == [
        ("Bob", 1),
        ("Cy", 2),
        ("Ann", 3),
        ("Ed", 4),
        ("Di", 5),
    ]
    assert hash(sheet) == hash(ScoreSheet(tuple(sheet.names), tuple(rows)))
    assert "   3  Cy      Cy      petite lost" in str(sheet)


def test_an_empty_sheet_is_accepted_and_other_containers_are_refused() -> None:
    assert ScoreSheet(["A", "B", "C"], []).totals == (0, 0, 0)
    with pytest.raises(ft.TarotTypeError):
        ScoreSheet(("A", "B", "C", "D"), 3)  # type: ignore[arg-type]
    with pytest.raises(ft.TarotTypeError):
        ScoreSheet(("A", "B", "C", "D"), "x")  # type: ignore[arg-type]
    with pytest.raises(ft.TarotTypeError, match="name must be a str, not 1"):
        ScoreSheet((1, "B", "C", "D"), ())  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "dead", "deals", "seed"),
    [(3, False, 4, 1), (4, False, 5, 2), (5, False, 3, 3), (5, True, 5, 4), (4, False, 7, 9)],
)
def test_the_sheets_of_real_matches_are_accepted(
    players: int, dead: bool, deals: int, seed: int
) -> None:
    match = new_match(players, deals=deals, seed=seed, dead_player=dead)
    sheet = play_match(match, [SimplePlayer()] * players).sheet
    assert len(sheet.rows) == deals and sum(sheet.totals) == 0
    assert ScoreSheet(list(sheet.names), list(sheet.rows)) == sheet


@st.composite
def sheet_rows(draw: st.DrawFn) -> tuple[list[str], list[SheetRow]]:
    """The names and rows of a sheet that adds up: random zero-sum scores, their totals."""
    players = draw(st.integers(3, 5))
    seats = st.integers(0, players - 1)
    totals = [0] * players
    rows: list[SheetRow] = []
    for number in range(1, draw(st.integers(1, 6)) + 1):
        scores = draw(st.lists(st.integers(-3000, 3000), min_size=players, max_size=players))
        scores[draw(seats)] -= sum(scores)  # anyone may balance the row
        totals = [total + score for total, score in zip(totals, scores, strict=True)]
        rows.append(
            SheetRow(
                number,
                draw(seats),
                draw(st.none() | seats),
                draw(seats),
                draw(st.none() | seats),
                draw(st.sampled_from(Contract)),
                draw(st.booleans()),
                scores,
                totals,
            )
        )
    return [f"P{player}" for player in range(players)], rows


@given(sheet_rows())
def test_a_random_sheet_that_adds_up_is_accepted(drawn: tuple[list[str], list[SheetRow]]) -> None:
    names, rows = drawn
    sheet = ScoreSheet(names, rows)
    columns = [sum(row.scores[player] for row in rows) for player in range(len(names))]
    assert list(sheet.totals) == columns and sum(columns) == 0


@given(sheet_rows(), st.data())
def test_changing_one_score_or_total_is_refused_at_its_row(
    drawn: tuple[list[str], list[SheetRow]], data: st.DataObject
) -> None:
    names, rows = drawn
    index = data.draw(st.integers(0, len(rows) - 1), label="row index")
    field = data.draw(st.sampled_from(["scores", "totals"]), label="field")
    player = data.draw(st.integers(0, len(names) - 1), label="player")
    change = data.draw(st.integers(-500, 500).filter(bool), label="change")
    values = list(getattr(rows[index], field))
    values[player] += change
    rows[index] = changed(rows[index], **{field: values})
    with pytest.raises(InvalidMatchError, match=f"^row {index + 1}: "):
        ScoreSheet(names, rows)


# Team standings --------------------------------------------------------------------------

# A tournament of three rounds: eight players at two tables per round, each table holding one
# member of each team of two; the seats change from round to round.
ROUNDS = [
    sheet("Ann Cy Ed Gus", [90, -30, -30, -30], [-50, -50, 150, -50]),  # (+40, -80, +120, -80)
    sheet("Bob Di Flo Hal", [-20, 60, -20, -20]),
    sheet("Gus Ann Flo Di", [-40, -40, 120, -40], [30, 30, 30, -90]),  # (-10, -10, +150, -130)
    sheet("Bob Cy Ed Hal", [210, -70, -70, -70]),
    sheet("Ann Cy Flo Hal", [-60, -60, -60, 180], [100, -100, 0, 0]),  # (+40, -160, -60, +180)
    sheet("Bob Di Ed Gus", [-60, 60, -60, 60]),
]
# Over the three rounds: Ann 40 - 10 + 40 = +70, Bob -20 + 210 - 60 = +130,
# Cy -80 - 70 - 160 = -310, Di 60 - 130 + 60 = -10, Ed 120 - 70 - 60 = -10,
# Flo -20 + 150 - 60 = +70, Gus -80 - 10 + 60 = -30, Hal -20 - 70 + 180 = +90.
TEAMS = {
    "red": ["Ann", "Bob"],
    "blue": ["Cy", "Di"],
    "green": ["Ed", "Flo"],
    "gold": ["Gus", "Hal"],
}


def test_a_team_tournament_of_three_rounds_adds_every_sheet() -> None:
    assert team_standings(ROUNDS, TEAMS) == (
        Standing(1, "red", 200),
        Standing(2, "green", 60),  # tied with gold: both second, the next one is fourth
        Standing(2, "gold", 60),
        Standing(4, "blue", -320),
    )


def test_a_team_ranking_takes_any_rounds_and_leaves_out_players_of_no_team() -> None:
    first_round = ROUNDS[:2]  # Ann +40, Bob -20, Ed +120, Flo -20, Gus -80, Hal -20
    assert team_standings(first_round, {"red": ["Ann", "Bob"], "gold": ["Gus", "Hal"]}) == (
        Standing(1, "red", 20),
        Standing(2, "gold", -100),
    )
    assert team_standings(first_round, {"mixed": ["Gus", "Flo"], "other": ["Ed", "Hal"]}) == (
        Standing(1, "other", 100),
        Standing(2, "mixed", -100),
    )
    assert team_standings(ROUNDS, {}) == ()


TABLES = [
    sheet("A B C D", [100, -20, -50, -30]),
    sheet("E F G H", [-60, 60, 30, -30]),
    sheet("I J K L", [5, -5, 0, 0]),
    sheet("M N O P", [0, 0, 0, 0]),
]


@pytest.mark.parametrize(
    ("teams", "expected"),
    [
        ({"red": ["A", "E"], "blue": ["B", "F"]}, [("red", 40, 1), ("blue", 40, 1)]),
        ({"red": ["C", "H"], "blue": ["D", "G"]}, [("blue", 0, 1), ("red", -80, 2)]),
        (
            {"four": ["A", "F", "J", "M"], "rest": ["B", "E", "I", "N"]},
            [("four", 155, 1), ("rest", -75, 2)],
        ),
        (
            {"x": ["B", "G"], "y": ["A", "H"], "z": ["C", "F"]},
            [("y", 70, 1), ("x", 10, 2), ("z", 10, 2)],
        ),
    ],
)
def test_teams_of_two_or_four_add_their_members_totals(
    teams: dict[str, list[str]], expected: list[tuple[str, int, int]]
) -> None:
    standings = team_standings(TABLES, teams)
    assert [(line.name, line.total, line.rank) for line in standings] == expected


@pytest.mark.parametrize(
    ("sheets", "teams", "message"),
    [
        (
            ROUNDS,
            {"red": ["Ann", "Cy"]},
            "'Ann' and 'Cy' of team 'red' are both on sheets[0]: members of a team never sit "
            "at one table",
        ),
        (
            ROUNDS,
            {"red": ["Ann", "Bob"], "blue": ["Ann", "Di"]},
            "'Ann' plays in two teams, 'red' and 'blue'; a player is in one team at most",
        ),
        (  # apart in the first round, together in the second
            ROUNDS,
            {"red": ["Di", "Ann"]},
            "'Di' and 'Ann' of team 'red' are both on sheets[2]: members of a team never sit "
            "at one table",
        ),
        (
            ROUNDS,
            {"red": ["Ann", "Zoe"]},
            "'Zoe' of team 'red' is on no sheet",
        ),
        (
            ROUNDS,
            {"red": ["Ann", "Ann"]},
            "'Ann' is named twice in team 'red'",
        ),
        (ROUNDS, {"red": ["Ann", "Bob", "Cy"]}, "a team has 2 or 4 players; 'red' has 3"),
        (ROUNDS, {"red": ["Ann"]}, "a team has 2 or 4 players; 'red' has 1"),
        (ROUNDS, {"red": []}, "a team has 2 or 4 players; 'red' has 0"),
        (
            ROUNDS,
            {"red": ["Ann", "Bob", "Di", "Ed", "Gus"]},
            "a team has 2 or 4 players; 'red' has 5",
        ),
        (
            ROUNDS,
            {" ": ["Ann", "Bob"]},
            "a player's name must be 1 to 40 printable characters, not a blank, not ' '",
        ),
    ],
)
def test_teams_that_break_the_rules_are_refused(
    sheets: list[ScoreSheet], teams: dict[str, list[str]], message: str
) -> None:
    with pytest.raises(InvalidMatchError, match=f"^{re.escape(message)}$"):
        team_standings(sheets, teams)


@pytest.mark.parametrize(
    ("sheets", "teams", "message"),
    [
        ("ABCD", TEAMS, "sheets must be a sequence of ScoreSheet, not 'ABCD'"),
        ([ROUNDS[0], "x"], TEAMS, "sheets must hold ScoreSheet values, not 'x'"),
        (ROUNDS, [("red", ["Ann", "Bob"])], "teams must be a mapping of names, not list"),
        (ROUNDS, {"red": "AnnBob"}, "team 'red' must be a sequence of names, not 'AnnBob'"),
        (ROUNDS, {"red": ["Ann", 3]}, "a member's name must be a str, not 3"),
        (ROUNDS, {1: ["Ann", "Bob"]}, "a team's name must be a str, not 1"),
    ],
)
def test_sheets_and_teams_of_the_wrong_types_are_refused(
    sheets: object, teams: object, message: str
) -> None:
    with pytest.raises(ft.TarotTypeError, match=f"^{re.escape(message)}$"):
        team_standings(sheets, teams)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("names", "words"),
    [
        pytest.param(("A", "B"), "3, 4 or 5 players, not 2", id="two"),
        pytest.param(("A", "B", "C", "D", "E", "F"), "not 6", id="six"),
        pytest.param(("A", "B", "A"), "a name of their own", id="repeated"),
        pytest.param(("A", " ", "C"), "not a blank", id="blank"),
        pytest.param(("A", "B\nC", "D"), "printable", id="newline"),
    ],
)
def test_a_sheet_needs_three_to_five_distinct_names(names: tuple[str, ...], words: str) -> None:
    with pytest.raises(InvalidMatchError, match=re.escape(words)):
        ScoreSheet(names, ())
