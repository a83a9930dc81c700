"""The built-in players: SimplePlayer, RandomPlayer and MonteCarloPlayer, and play_deal."""

from __future__ import annotations

import random

import pytest

import frenchtarot as ft
from frenchtarot.players import (
    InvalidSettingsError,
    MonteCarloPlayer,
    Player,
    RandomPlayer,
    SimplePlayer,
    _hand_strength,
    play_deal,
)
from frenchtarot.rules import LUDICASH, RULES_BY_SEATS
from tests.builders import HOUSE_RULES

#: Ludicash (no Petite) and a custom table of each size with two contracts only.
HOUSE_TABLES: tuple[ft.Rules, ...] = (LUDICASH, *HOUSE_RULES.values())


def view(state: ft.State) -> ft.Observation:
    assert state.current is not None
    return ft.observe(state, state.current)


@pytest.mark.parametrize("seed", range(40))
def test_simple_players_only_take_legal_actions_and_finish_the_deal(seed: int) -> None:
    players = [SimplePlayer() for _ in range(4)]
    final = play_deal(ft.new_deal(seed=seed, dealer=seed % 4), players)
    assert final.is_terminal
    assert sum(ft.score(final).deltas) == 0


def test_simple_players_bid_and_play_most_deals() -> None:
    finals = [play_deal(ft.new_deal(seed=seed), [SimplePlayer()] * 4) for seed in range(60)]
    played = [final for final in finals if final.phase is ft.Phase.DONE]
    # A player that never bids would annul every deal; this one takes most of them.
    assert len(played) > 30
    assert {final.contract for final in played} >= {ft.Contract.PETITE, ft.Contract.GARDE}


def test_simple_player_shows_the_largest_handful_offered() -> None:
    trumps = [f"T{n}" for n in range(1, 16)]
    deck = [str(card) for card in ft.DECK if str(card) not in trumps]
    hands = [trumps + deck[:3], deck[3:21], deck[21:39], deck[39:57]]
    state = ft.deal_from(hands, deck[57:63], dealer=3)
    for word in ("pass", "pass", "pass", "petite"):  # seat 0 speaks first, then 1, 2, 3
        state = ft.apply(state, ft.parse_action(word))
    player = SimplePlayer()
    while state.phase is not ft.Phase.PLAY:  # seat 3's écart and slam decision
        state = ft.apply(state, player(view(state)))
    assert state.current == 0  # seat 0 leads, and may first show its 15 trumps
    state = ft.apply(state, player(view(state)))
    assert [(h.seat, h.size) for h in state.handfuls] == [(0, 15)]


def test_simple_player_wins_cheaply_and_feeds_its_own_camp() -> None:
    spades = [f"{r}S" for r in ("4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K")]
    hands = [
        [f"T{n}" for n in range(1, 19)],
        ["2H", "1H", *(f"{n}H" for n in range(3, 11)), "JH", "QH"]
        + ["T19", "T20", "T21", "EX", "1S", "2S"],
        ["CH", "KH", *spades, "1C", "2C", "3C", "4C", "5C"],
        [str(card) for card in ft.DECK if card.suit is ft.Suit.DIAMONDS]
        + ["6C", "7C", "8C", "9C"],
    ]
    state = ft.deal_from(hands, ["10C", "JC", "CC", "QC", "KC", "3S"], dealer=0)
    player = SimplePlayer()
    for word in ("garde_sans", "pass", "pass", "pass", "pass"):  # seat 1 takes and leads
        state = ft.apply(state, ft.parse_action(word))
    state = ft.apply(state, ft.Play("2H"))
    # Seat 2 (defence) beats the taker's card with the cheaper of its winning cards ...
    assert player(view(state)) == ft.Play("CH")
    state = ft.apply(state, ft.Play("CH"))
    # ... and seat 3, its partner, gives the trick its most valuable card.
    assert player(view(state)) == ft.Play("KD")


def test_random_player_is_seeded_and_refuses_a_finished_deal() -> None:
    start = ft.new_deal(seed=9)
    first = play_deal(start, [RandomPlayer(seat) for seat in range(4)])
    second = play_deal(start, [RandomPlayer(seat) for seat in range(4)])
    assert first == second
    with pytest.raises(ft.DealOverError):
        RandomPlayer(0)(ft.observe(first, 0))
    with pytest.raises(ft.DealOverError):
        SimplePlayer()(ft.observe(first, 0))
    not_my_turn = ft.observe(start, 0)  # seat 1 speaks first
    with pytest.raises(ft.DealOverError, match="not its turn"):
        RandomPlayer(0)(not_my_turn)
    assert repr(RandomPlayer()) == "RandomPlayer()"
    assert repr(SimplePlayer()) == "SimplePlayer()"


def test_random_player_draws_uniformly_from_the_legal_actions() -> None:
    state = ft.new_deal(seed=2)
    player = RandomPlayer(5)
    drawn = {player(view(state)) for _ in range(200)}
    assert drawn == set(ft.legal_actions(state))


def test_players_are_given_only_their_own_seats_view() -> None:
    seen: list[tuple[int, int | None]] = []

    def spy(observation: ft.Observation) -> ft.Action:
        seen.append((observation.seat, observation.current))
        assert observation.legal_actions  # it is this seat's turn
        return observation.legal_actions[0]

    final = play_deal(ft.new_deal(seed=4), [spy] * 4)
    assert len(seen) == len(final.history)
    assert all(seat == current for seat, current in seen)


# The searching player.


@pytest.mark.parametrize("rules", [ft.THREE_PLAYER, ft.FOUR_PLAYER, ft.FIVE_PLAYER])
def test_monte_carlo_player_finishes_deals_of_every_table_size(rules: ft.Rules) -> None:
    searcher = MonteCarloPlayer(samples=2, rollouts=1, rng=1)
    players = [searcher] + [SimplePlayer()] * (rules.seats - 1)
    final = play_deal(ft.new_deal(seed=6, rules=rules), players)
    assert final.is_terminal


def test_monte_carlo_player_is_reproducible_with_a_seed() -> None:
    def deal(seed: int) -> ft.State:
        searchers = [MonteCarloPlayer(samples=2, rollouts=1, rng=seed + n) for n in range(3)]
        return play_deal(ft.new_deal(seed=11, rules=ft.THREE_PLAYER), searchers)

    assert deal(1) == deal(1)
    assert deal(1) != deal(2)  # other random draws, other cards (for this deal and seeds)
    shared = random.Random(4)
    assert MonteCarloPlayer(rng=shared)._rng is shared


def test_monte_carlo_player_leaves_everything_but_the_card_play_to_its_fallback() -> None:
    state = ft.new_deal(seed=1)
    calls: list[ft.Phase] = []

    def fallback(observation: ft.Observation) -> ft.Action:
        calls.append(observation.phase)
        return observation.legal_actions[0]

    searcher = MonteCarloPlayer(samples=1, rollouts=1, rng=0, fallback=fallback)
    assert searcher(view(state)) == ft.Pass()
    assert calls == [ft.Phase.BIDDING]
    assert MonteCarloPlayer().fallback.__class__ is SimplePlayer


def test_monte_carlo_player_plays_a_legal_card_late_in_a_deal() -> None:
    state = ft.new_deal(seed=5)
    rng = random.Random(5)
    while state.phase is not ft.Phase.PLAY or len(state.tricks) < 16:
        state = ft.apply(state, rng.choice(ft.legal_actions(state)))
    assert MonteCarloPlayer(samples=3, rollouts=2, rng=1)(view(state)) in ft.legal_actions(state)


def test_monte_carlo_player_beats_random_play_on_average() -> None:
    # A small duplicate match: the searcher against random players, three deals.
    from frenchtarot.arena import duplicate

    players = [MonteCarloPlayer(samples=3, rollouts=1, rng=2)] + [
        RandomPlayer(seat) for seat in range(3)
    ]
    result = duplicate(players, deals=3, seed=5)
    assert result.means[0] > max(result.means[1:])


@pytest.mark.parametrize(
    ("settings", "error"),
    [
        ({"samples": 0}, InvalidSettingsError),
        ({"rollouts": -1}, InvalidSettingsError),
        ({"samples": "3"}, ft.TarotTypeError),
        ({"rollouts": True}, ft.TarotTypeError),
        ({"rng": "seed"}, ft.TarotTypeError),
        ({"fallback": 3}, ft.TarotTypeError),
    ],
)
def test_monte_carlo_player_refuses_settings_that_cannot_work(
    settings: dict[str, object], error: type[Exception]
) -> None:
    with pytest.raises(error):
        MonteCarloPlayer(**settings)  # type: ignore[arg-type]
    assert issubclass(InvalidSettingsError, ValueError)


def test_monte_carlo_player_refuses_a_finished_deal_and_says_what_it_is() -> None:
    final = play_deal(ft.new_deal(seed=9), [SimplePlayer()] * 4)
    with pytest.raises(ft.DealOverError):
        MonteCarloPlayer(rng=1)(ft.observe(final, 0))
    assert repr(MonteCarloPlayer(5, 3)) == "MonteCarloPlayer(samples=5, rollouts=3)"


# House rules.


def opening(rules: ft.Rules, low: int, high: int) -> ft.State:
    """The first deal of ``rules`` whose first speaker's hand is worth ``low`` to ``high - 1``
    to the simple player (dealt as the FFT table of that size deals it)."""
    fft = RULES_BY_SEATS[rules.seats]
    for seed in range(3000):
        dealt = ft.new_deal(seed=seed, rules=fft)
        if dealt.current is not None and low <= _hand_strength(dealt.hand(dealt.current)) < high:
            return ft.deal_from(dealt.dealt, dealt.dog, dealer=dealt.dealer, rules=rules)
    raise AssertionError(f"no {rules.name} hand is worth {low} to {high - 1}")


P, G, GS, GC = ft.Contract


@pytest.mark.parametrize(
    ("rules", "low", "high", "fft_bid", "bid"),
    [
        (LUDICASH, 38, 47, P, None),  # a Petite's hand passes rather than bid a Garde
        (LUDICASH, 47, 58, G, G),
        (HOUSE_RULES[3], 38, 47, P, None),
        (HOUSE_RULES[3], 47, 58, G, G),
        (HOUSE_RULES[4], 47, 58, G, P),  # no Garde: the highest contract offered below
        (HOUSE_RULES[4], 58, 66, GS, GS),
        (HOUSE_RULES[5], 58, 66, GS, G),
        (HOUSE_RULES[5], 66, 999, GC, GC),
    ],
    ids=lambda value: value.name if isinstance(value, ft.Rules) else None,
)
def test_simple_player_bids_the_highest_offered_contract_its_hand_reaches(
    rules: ft.Rules, low: int, high: int, fft_bid: ft.Contract, bid: ft.Contract | None
) -> None:
    state = opening(rules, low, high)
    fft = ft.deal_from(
        state.dealt, state.dog, dealer=state.dealer, rules=RULES_BY_SEATS[rules.seats]
    )
    assert SimplePlayer()(view(fft)) == ft.Bid(fft_bid)
    assert SimplePlayer()(view(state)) == (ft.Pass() if bid is None else ft.Bid(bid))


def house_tables(rules: ft.Rules) -> list[list[Player]]:
    """Tables of every kind of player for ``rules``: simple, random, and a searcher."""
    seats = rules.seats
    searcher = MonteCarloPlayer(samples=2, rollouts=1, rng=rules.seats)
    return [
        [SimplePlayer()] * seats,
        [RandomPlayer(seat) for seat in range(seats)],
        [searcher, SimplePlayer(), *(RandomPlayer(seat) for seat in range(seats - 2))],
    ]


@pytest.mark.parametrize("rules", HOUSE_TABLES, ids=lambda rules: rules.name)
def test_every_player_plays_only_legal_actions_under_house_rules(rules: ft.Rules) -> None:
    contracts: set[ft.Contract] = set()
    for number, players in enumerate(house_tables(rules)):
        for seed in range(2 if number == 2 else 8):  # the searcher is the slow one
            start = ft.new_deal(seed=seed, dealer=seed % rules.seats, rules=rules)
            final = play_deal(start, players)  # an illegal action would raise here
            assert final.is_terminal and final.rules == rules
            bids = {action.contract for action in final.history if isinstance(action, ft.Bid)}
            assert all(rules.offers(contract) for contract in bids)
            contracts |= bids
            result = ft.score(final)
            assert sum(result.deltas) == 0
            if result.contract is not None:
                assert result.multiplier == rules.multiplier(result.contract)
    assert contracts == set(rules.offered)  # every contract offered was bid at least once
