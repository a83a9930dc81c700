"""The game of several deals: the draw for the dealer, the deal going round, the dead player,
the end after N scored deals, the score sheet and ranks (sheets made by hand and teams: in
test_sheet.py)."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given

import frenchtarot as ft
from frenchtarot import AnnulReason, Bid, Card, Contract, Pass
from frenchtarot.errors import InvalidMatchError
from frenchtarot.match import (
    DealerDraw,
    Match,
    ScoreSheet,
    SheetRow,
    Standing,
    dealer_from_draw,
    draw_for_dealer,
    new_match,
    play_match,
)
from frenchtarot.players import RandomPlayer, SimplePlayer
from tests.builders import HOUSE_RULES, cards
from tests.strategies import finished_matches


def draws(text: str) -> tuple[tuple[int, Card], ...]:
    """``"0:EX 0:7H 1:7C"`` as (player, card) pairs."""
    pairs = (word.split(":") for word in text.split())
    return tuple((int(player), Card.parse(card)) for player, card in pairs)


# The draw for the dealer ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("drawn", "dealer", "why"),
    [
        ("T1 KS 3S 3C", 3, "suit cards are below trumps; equal ranks: Clubs lowest"),
        ("1S 1H 1D 2C", 2, "equal ranks: Diamonds below Hearts and Spades"),
        ("1S 1H 1D 1C", 3, "the Ace of Clubs is the lowest card of the pack"),
        ("KS QC T1", 1, "the rank decides before the suit"),
        ("T21 T2 T7", 1, "trumps go by their number"),
        ("T1 KC 2H 9S 10D", 2, "five players: the Two is the lowest card drawn"),
        ("KS T1 KH", 2, "a Heart is below a Spade of the same rank"),
        ("T1 T2 KS", 2, "any suit card is below every trump, even the King below the Petit"),
    ],
)
def test_the_lowest_card_deals(drawn: str, dealer: int, why: str) -> None:
    assert dealer_from_draw(cards(drawn)) == dealer, why


@pytest.mark.parametrize(
    "drawn",
    ["EX KS 3S", "KS 3S", "KS 3S 4S 5S 6S 7S", "KS KS 3C"],
)
def test_a_draw_that_is_not_one_card_each_from_one_pack_is_refused(drawn: str) -> None:
    with pytest.raises(InvalidMatchError):
        dealer_from_draw(cards(drawn))


def test_the_excuse_is_redrawn() -> None:
    draw = DealerDraw(draws("0:7H 1:EX 1:7C 2:T2"))
    assert draw.cards == tuple(cards("7H 7C T2"))
    assert draw.redrawn == (1,)
    assert draw.dealer == 1


@pytest.mark.parametrize(
    "text",
    [
        "0:7H 2:7C 1:T2",  # out of turn
        "0:7H 1:7H 2:T2",  # a card twice
        "0:7H 1:7C 2:EX",  # the last player ends on the Excuse
        "0:7H 1:7C",  # two players
        "0:7H 0:8H 1:7C 2:T2",  # a player keeps drawing
    ],
)
def test_draws_that_do_not_follow_the_procedure_are_refused(text: str) -> None:
    with pytest.raises(InvalidMatchError):
        DealerDraw(draws(text))


def test_drawing_the_excuse_draws_again_from_the_pack() -> None:
    found = []
    for seed in range(300):
        draw = draw_for_dealer(random.Random(seed), 5)
        if draw.redrawn:
            found.append(draw)
    assert found, "no seed below 300 drew the Excuse"
    for draw in found:
        assert Card.parse("EX") not in draw.cards
        for (player, card), (after, _next) in zip(draw.draws, draw.draws[1:], strict=False):
            if card.is_excuse:
                assert after == player  # the same player draws again at once


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_draw_is_seeded_and_the_lowest_card_deals(players: int) -> None:
    for seed in range(40):
        draw = draw_for_dealer(random.Random(seed), players)
        assert draw == draw_for_dealer(random.Random(seed), players)
        assert len(draw.cards) == players == len(set(draw.cards))
        lowest = min(
            draw.cards,
            key=lambda card: (
                card.is_trump,
                card.rank,
                "CDHS".index(card.suit.value if card.suit else "C"),
            ),
        )
        assert draw.cards[draw.dealer] is lowest


def test_a_new_match_draws_for_its_first_dealer() -> None:
    match = new_match(4, seed=11)
    assert match.draw == draw_for_dealer(random.Random(11), 4)
    assert match.draw is not None and match.first_dealer == match.draw.dealer
    assert match.current is not None and match.current.dealer == match.first_dealer
    given_dealer = new_match(4, seed=11, dealer=2)
    assert given_dealer.draw is None and given_dealer.dealer == 2


# The deal going round --------------------------------------------------------------------


def seed_without_petit_sec(players: int, dead: bool, deals: int) -> int:
    """A seed whose first ``deals`` deals are not petit sec (so the script sets every
    annulment itself)."""
    for seed in range(100):
        match = new_match(players, seed=seed, dealer=0, deals=None, dead_player=dead)
        if not match.deals:
            starts = [
                ft.new_deal(seed=ft.match.deal_seed(seed, n), rules=match.rules)
                for n in range(deals)
            ]
            if not any(start.is_terminal for start in starts):
                return seed
    raise AssertionError("no seed found")


def scored(match: Match) -> Match:
    """The match after the current deal is played out: the first speaker takes a Petite."""
    assert match.current is not None
    state = ft.apply(match.current, Bid(Contract.PETITE))
    while state.current is not None:
        state = ft.apply(state, ft.legal_actions(state)[-1])
    return match.update(state)


def annulled(match: Match) -> Match:
    """The match after everyone passes in the current deal."""
    for _ in range(match.rules.seats):
        match = match.apply(Pass())
    return match


@pytest.mark.parametrize(
    ("players", "dead", "script", "dealers"),
    [
        (4, False, "S S S S S", [0, 1, 2, 3, 0, 1]),
        (4, False, "S A S A A S", [0, 1, 2, 3, 0, 1, 2]),
        (3, False, "A A S A", [0, 1, 2, 0, 1]),
        (5, False, "S A S S A S", [0, 1, 2, 3, 4, 0, 1]),
        (5, True, "S S S S S", [0, 1, 2, 3, 4, 0]),
        (5, True, "S A S S A A S", [0, 1, 1, 2, 3, 3, 3, 4]),
        (5, True, "A A S", [0, 0, 0, 1]),
    ],
)
def test_the_deal_passes_round(players: int, dead: bool, script: str, dealers: list[int]) -> None:
    """After every deal the next player deals, annulled deals included; with a dead player
    the same dealer deals again after an annulled deal."""
    seed = seed_without_petit_sec(players, dead, len(dealers))
    match = new_match(players, seed=seed, dealer=0, deals=None, dead_player=dead)
    for step in script.split():
        match = scored(match) if step == "S" else annulled(match)
    assert match.dealers() == tuple(dealers)
    assert [deal.annulment is not None for deal in match.deals] == [
        step == "A" for step in script.split()
    ]
    assert match.dealer == dealers[-1]
    assert match.current is not None
    if dead:
        assert match.current.dealer == 3
        assert match.players_of(len(match.deals)) == tuple(
            (dealers[-1] + 1 + seat) % 5 for seat in range(4)
        )
    else:
        assert match.current.dealer == dealers[-1]


def test_an_annulled_deal_is_redealt_and_not_counted() -> None:
    seed = seed_without_petit_sec(4, False, 4)
    match = new_match(4, seed=seed, dealer=0, deals=2)
    match = annulled(scored(annulled(match)))
    assert len(match.deals) == 3 and len(match.scored) == 1 and not match.is_over
    assert match.deals[0].annulment == ft.Annulment(AnnulReason.ALL_PASSED)
    match = scored(match)
    assert match.is_over and match.current is None and len(match.sheet.rows) == 2


def test_a_petit_sec_dealt_is_redealt_at_once() -> None:
    for seed in range(400):
        match = new_match(4, seed=seed, deals=1)
        if match.deals:
            break
    else:
        raise AssertionError("no petit sec in 400 matches")
    assert match.deals[0].annulment is not None
    assert match.deals[0].annulment.reason is AnnulReason.PETIT_SEC
    assert match.current is not None and not match.current.is_terminal
    assert match.dealer == (match.first_dealer + 1) % 4


# N deals, or never ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "deals"), [(3, 3), (4, 5), (5, 7), (4, 1)])
def test_the_match_ends_after_n_scored_deals(players: int, deals: int) -> None:
    match = play_match(new_match(players, deals=deals, seed=deals), [SimplePlayer()] * players)
    assert match.is_over and match.current is None and match.dealer is None
    assert len(match.scored) == deals == len(match.sheet.rows)
    with pytest.raises(ft.DealOverError):
        match.apply(Pass())
    with pytest.raises(ft.DealOverError):
        match.act(Pass(), 0)


def test_an_open_ended_match_never_ends() -> None:
    match = new_match(4, deals=None, seed=3)
    with pytest.raises(InvalidMatchError):
        play_match(match, [SimplePlayer()] * 4)
    match = play_match(match, [SimplePlayer()] * 4, deals=6)
    assert len(match.scored) == 6 and not match.is_over
    match = play_match(match, [SimplePlayer()] * 4, deals=2)
    assert len(match.scored) == 8 and not match.is_over


# The dead player -------------------------------------------------------------------------


def test_five_with_a_dead_player_play_four_player_deals() -> None:
    match = new_match(5, dead_player=True, deals=6, seed=4, names="ABCDE")
    assert match.rules is ft.FOUR_PLAYER
    match = play_match(match, [RandomPlayer(n) for n in range(5)])
    dealers = match.dealers()
    for row in match.sheet.rows:
        assert row.dead == row.dealer
        assert row.scores[row.dealer] == 0
        assert row.dealer not in (row.taker, row.partner)
        assert sum(row.scores) == 0
    scored_dealers = [
        d for d, deal in zip(dealers, match.deals, strict=True) if not deal.annulment
    ]
    assert [row.dealer for row in match.sheet.rows] == scored_dealers
    assert "-" in str(match.sheet).splitlines()[1]


def test_the_dead_players_sheet_puts_each_seats_score_on_its_player() -> None:
    """Each deal's seat ``s`` is player ``players_of(k)[s]``: the sheet gives that player the
    seat's score, the taker and partner are players, and the dealer (dead) gets zero."""
    match = new_match(5, dead_player=True, deals=5, seed=7, dealer=3)
    match = play_match(match, [RandomPlayer(n) for n in range(5)])
    deals = [(k, deal) for k, deal in enumerate(match.deals) if deal.annulment is None]
    assert len(deals) == len(match.sheet.rows) == 5
    for (number, deal), row in zip(deals, match.sheet.rows, strict=True):
        seats = match.players_of(number)
        result = ft.score(deal)
        assert row.dealer not in seats and sorted((*seats, row.dealer)) == [0, 1, 2, 3, 4]
        assert seats == tuple((row.dealer + n) % 5 for n in (1, 2, 3, 4))
        expected = [0] * 5
        for seat, delta in enumerate(result.deltas):
            expected[seats[seat]] = delta
        assert list(row.scores) == expected
        assert result.taker is not None and row.taker == seats[result.taker]
    assert match.sheet.rows[0].dealer == 3


def test_the_dead_player_may_not_act_and_seats_are_the_players_after_the_dealer() -> None:
    match = new_match(5, dead_player=True, seed=2, dealer=1)
    assert match.players_of(0) == (2, 3, 4, 0)
    with pytest.raises(ft.InvalidSeatError, match="sits it out"):
        match.act(Pass(), 1)
    with pytest.raises(ft.IllegalActionError):
        match.act(Pass(), 3)  # player 2 (seat 0) speaks first
    moved = match.act(Pass(), 2)
    assert moved.current is not None and moved.current.moves == ((0, Pass()),)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"players": 4, "dead_player": True}, InvalidMatchError),
        ({"players": 6}, InvalidMatchError),
        ({"players": 2}, InvalidMatchError),
        ({"players": 4, "deals": 0}, InvalidMatchError),
        ({"players": 4, "names": ["a", "b", "c"]}, InvalidMatchError),
        ({"players": 4, "names": ["a", "b", "c", "a"]}, InvalidMatchError),
        ({"players": 3, "names": ["a", " ", "c"]}, InvalidMatchError),
        ({"players": 4, "seed": -1}, ft.InvalidDealError),
        ({"players": 4, "seed": 2**63}, ft.InvalidDealError),  # a record's seed fits 64 bits
        ({"players": 4, "seed": 10**5000}, ft.InvalidDealError),
        ({"players": 4, "dealer": 4}, ft.InvalidSeatError),
        ({"players": "4"}, ft.TarotTypeError),
        ({"players": 4, "dead_player": 1}, ft.TarotTypeError),
        ({"players": 4, "names": "abcd"}, None),
    ],
)
def test_new_match_checks_its_arguments(
    kwargs: dict[str, object], error: type[Exception] | None
) -> None:
    if error is None:
        assert new_match(**kwargs).names == ("a", "b", "c", "d")  # type: ignore[arg-type]
    else:
        with pytest.raises(error):
            new_match(**kwargs)  # type: ignore[arg-type]


def test_update_takes_only_later_points_of_the_deal_in_progress() -> None:
    match = new_match(4, seed=9)
    assert match.current is not None
    later = ft.apply(match.current, Pass())
    assert match.update(later).current == later
    assert match.update(later) == match.apply(Pass())
    other = ft.new_deal(seed=1, dealer=match.current.dealer)
    with pytest.raises(InvalidMatchError):
        match.update(other)
    with pytest.raises(InvalidMatchError):
        match.apply(Pass()).update(match.current)  # an earlier point
    with pytest.raises(ft.TarotTypeError):
        match.update("state")  # type: ignore[arg-type]


def test_a_match_is_an_immutable_value() -> None:
    match = new_match(3, seed=1)
    assert match == new_match(3, seed=1) and hash(match) == hash(new_match(3, seed=1))
    assert "three-player" in repr(match) and "dealer" in repr(match)
    with pytest.raises(AttributeError):
        match.seed = 2  # type: ignore[misc]


def test_a_seed_is_drawn_and_kept_when_none_is_given() -> None:
    match = new_match(4)
    assert match.seed >= 0
    assert new_match(4, seed=match.seed) == match


# The score sheet -----------------------------------------------------------------------


def sheet_of(totals: list[int], names: str = "ABCD") -> ScoreSheet:
    """A sheet with one row whose scores are ``totals``."""
    row = SheetRow(1, 0, None, 0, None, Contract.GARDE, True, tuple(totals), tuple(totals))
    return ScoreSheet(tuple(names[: len(totals)]), (row,))


@pytest.mark.parametrize(
    ("totals", "ranks"),
    [
        ([30, -10, -10, -10], {"A": 1, "B": 2, "C": 2, "D": 2}),
        ([10, -5, -5, 0], {"A": 1, "D": 2, "B": 3, "C": 3}),
        ([30, 30, -60, 0], {"A": 1, "B": 1, "D": 3, "C": 4}),
        ([0, 0, 0, 0], {"A": 1, "B": 1, "C": 1, "D": 1}),
        ([-20, 40, -20], {"B": 1, "A": 2, "C": 2}),
        ([1, 2, 3, 4, -10], {"D": 1, "C": 2, "B": 3, "A": 4, "E": 5}),
    ],
)
def test_equal_totals_share_a_rank(totals: list[int], ranks: dict[str, int]) -> None:
    """Competition ranking: players tied share the rank, and the next rank counts every
    player above it (1, 2, 2, 4)."""
    ranking = sheet_of(totals, "ABCDE").ranking
    assert {line.name: line.rank for line in ranking} == ranks
    assert [line.name for line in ranking] == list(ranks)  # ties keep the seat order
    assert [line.total for line in ranking] == sorted(totals, reverse=True)


def test_a_sheet_before_any_deal_ranks_everyone_first() -> None:
    sheet = new_match(4, seed=1).sheet
    assert sheet.rows == () and sheet.totals == (0, 0, 0, 0)
    assert {line.rank for line in sheet.ranking} == {1}


def test_a_standing_is_an_immutable_value() -> None:
    assert Standing(1, "A", 3) == Standing(1, "A", 3) != Standing(2, "A", 3)
    assert hash(Standing(1, "A", 3)) == hash(Standing(1, "A", 3))
    with pytest.raises(AttributeError):
        Standing(1, "A", 3).rank = 2  # type: ignore[misc]


@given(finished_matches())
def test_every_row_and_running_total_sums_to_zero_and_the_ranking_is_ordered(
    match: Match,
) -> None:
    sheet = match.sheet
    running = [0] * match.players
    for number, row in enumerate(sheet.rows, start=1):
        assert row.number == number
        assert sum(row.scores) == 0 and sum(row.totals) == 0
        running = [total + score for total, score in zip(running, row.scores, strict=True)]
        assert list(row.totals) == running
    assert list(sheet.totals) == running
    ranking = sheet.ranking
    assert sorted(line.name for line in ranking) == sorted(match.names)
    assert [line.total for line in ranking] == sorted(sheet.totals, reverse=True)
    for before, after in itertools.pairwise(ranking):
        assert before.rank <= after.rank
        assert (before.rank == after.rank) == (before.total == after.total)
    assert ranking[0].rank == 1
    assert all(
        line.rank == 1 + sum(other.total > line.total for other in ranking) for line in ranking
    )


# --- House rules: every deal of a match is played under the match's rules ------------------


@pytest.mark.parametrize(
    ("players", "dead", "rules"),
    [
        pytest.param(4, False, "ludicash", id="ludicash"),
        pytest.param(3, False, "house-3", id="house-3"),
        pytest.param(5, False, "house-5", id="house-5"),
        pytest.param(5, True, "house-4", id="house-4-dead-player"),
    ],
)
def test_a_match_plays_every_deal_under_its_rules(players: int, dead: bool, rules: str) -> None:
    table = ft.rules.LUDICASH if rules == "ludicash" else HOUSE_RULES[int(rules[-1])]
    match = play_match(
        new_match(players, rules=table, deals=3, seed=7, dead_player=dead),
        [SimplePlayer()] * players,
    )
    assert match.rules == table
    assert match.is_over and len(match.sheet.rows) == 3
    for deal in match.deals:
        assert deal.rules == table
        assert all(
            not isinstance(action, Bid) or table.offers(action.contract) for action in deal.history
        )


@pytest.mark.parametrize(
    ("players", "dead", "rules", "words"),
    [
        pytest.param(3, False, ft.FOUR_PLAYER, ["four-player", "seat 4", "seat 3"], id="3-4"),
        pytest.param(5, True, ft.FIVE_PLAYER, ["seat 5", "seat 4", "dead player"], id="dead-5"),
        pytest.param(4, False, ft.rules.LUDICASH, None, id="ludicash-fits"),
    ],
)
def test_match_rules_must_seat_the_players(
    players: int, dead: bool, rules: ft.Rules, words: list[str] | None
) -> None:
    if words is None:
        assert new_match(players, rules=rules, seed=1, dead_player=dead).rules is rules
        return
    with pytest.raises(InvalidMatchError) as caught:
        new_match(players, rules=rules, seed=1, dead_player=dead)
    assert all(word in str(caught.value) for word in words), str(caught.value)


def test_match_rules_must_be_rules() -> None:
    with pytest.raises(ft.TarotTypeError, match="rules must be a Rules, not 'ludicash'"):
        new_match(rules="ludicash")  # type: ignore[arg-type]
