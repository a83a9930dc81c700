"""The built-in players: SimplePlayer, RandomPlayer and MonteCarloPlayer, and play_deal."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings

import frenchtarot as ft
from frenchtarot._core import masks
from frenchtarot.players import (
    InvalidSettingsError,
    MonteCarloPlayer,
    Player,
    RandomPlayer,
    SimplePlayer,
    play_deal,
)
from frenchtarot.players._hand import BID_THRESHOLDS, hand_value
from frenchtarot.rules import LUDICASH, RULES_BY_SEATS
from tests.builders import HOUSE_RULES
from tests.strategies import choices, deals, house_deals, walk

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


def test_simple_players_bid_and_play_many_deals() -> None:
    finals = [play_deal(ft.new_deal(seed=seed), [SimplePlayer()] * 4) for seed in range(60)]
    played = [final for final in finals if final.phase is ft.Phase.DONE]
    # A player that never bids would annul every deal; this one takes many of them.
    assert len(played) > 20
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


def test_simple_player_wins_surely_and_feeds_its_own_camp() -> None:
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
    # Seat 2 (defence), with only its partners to play after it, wins with its King: sure
    # to hold the trick, and the most points of its winning cards ...
    assert player(view(state)) == ft.Play("KH")
    state = ft.apply(state, ft.Play("KH"))
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
        value = hand_value(masks.mask_of(dealt.hand(dealt.current or 0)), rules.seats)
        if dealt.current is not None and low <= value < high:
            return ft.deal_from(dealt.dealt, dealt.dog, dealer=dealt.dealer, rules=rules)
    raise AssertionError(f"no {rules.name} hand is worth {low} to {high - 1}")


P, G, GS, GC = ft.Contract


def band(seats: int, contract: ft.Contract) -> tuple[int, int]:
    """The hand values that bid ``contract`` at an FFT table of ``seats`` players."""
    thresholds = dict(BID_THRESHOLDS[seats])
    above = [value for c, value in thresholds.items() if c.rank > contract.rank]
    return thresholds[contract], min(above, default=999)


@pytest.mark.parametrize(
    ("rules", "fft_bid", "bid"),
    [
        (LUDICASH, P, None),  # a Petite's hand passes rather than bid a Garde
        (LUDICASH, G, G),
        (HOUSE_RULES[3], P, None),
        (HOUSE_RULES[3], G, G),
        (HOUSE_RULES[4], G, P),  # no Garde: the highest contract offered below
        (HOUSE_RULES[4], GS, GS),
        (HOUSE_RULES[5], GS, G),
        (HOUSE_RULES[5], GC, GC),
    ],
    ids=lambda value: value.name if isinstance(value, ft.Rules) else None,
)
def test_simple_player_bids_the_highest_offered_contract_its_hand_reaches(
    rules: ft.Rules, fft_bid: ft.Contract, bid: ft.Contract | None
) -> None:
    low, high = band(rules.seats, fft_bid)
    assert low < high, f"the tuned thresholds leave no hand for {fft_bid.name}"
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


# The simple player's rules of thumb.


def hand_of(text: str, rules: ft.Rules = ft.FOUR_PLAYER) -> ft.State:
    """A deal whose first speaker (seat 0, the dealer being the last seat) holds ``text``,
    the rest of the pack dealt in order to the other seats and the dog."""
    mine = text.split()
    rest = [str(card) for card in ft.DECK if str(card) not in mine]
    size = rules.hand_size
    hands = [mine] + [rest[size * n : size * n + size] for n in range(rules.seats - 1)]
    dog = rest[size * (rules.seats - 1) :]
    return ft.deal_from(hands, dog, dealer=rules.seats - 1, rules=rules)


STRONG = "T1 T21 EX T5 T8 T12 T15 T17 T19 KS QS 3S KH 2H 5H 1D 4D 6C"
"""Three bouts, eight trumps, two Kings (one guarded by its Queen)."""


@pytest.mark.parametrize(
    ("hand", "least", "most"),
    [
        (STRONG, G, GC),  # three bouts: at least a Garde
        ("T21 EX T16 T18 T19 T20 T10 T6 T3 KS KH KD QD 2D 3D 1C 2C 3C", G, GC),  # two bouts
        ("T21 T14 T10 T7 T4 T2 KS 5S 3S KH 7H 4H 2H 6D 4D 1D 8C 3C", None, P),  # one bout, thin
        ("T2 T3 T4 T6 1S 2S 3S 4S 1H 2H 3H 4H 1D 2D 3D 1C 2C 3C", None, None),  # nothing
        ("T6 T7 T9 T11 QS JS 4S CH 6H 3H 9D 8D 5D 2D 10C 9C 6C 4C", None, None),  # no bout
    ],
    ids=["three bouts", "two bouts and high trumps", "one bout, thin", "nothing", "no bout"],
)
def test_simple_player_bids_by_bouts_trumps_and_kings(
    hand: str, least: ft.Contract | None, most: ft.Contract | None
) -> None:
    action = SimplePlayer()(view(hand_of(hand)))
    bid = action.contract if isinstance(action, ft.Bid) else None
    rank = -1 if bid is None else bid.rank
    assert (-1 if least is None else least.rank) <= rank <= (-1 if most is None else most.rank)


def test_simple_player_bids_at_every_table_size_and_weighs_the_hand_by_it() -> None:
    for rules in (ft.THREE_PLAYER, ft.FOUR_PLAYER, ft.FIVE_PLAYER):
        size = rules.hand_size
        strong = (
            STRONG.split()[:size]
            if size < 18
            else STRONG.split()
            + ["7C", "8C", "9C"][: size - 18]
            + ["T20", "T18", "T16"][: max(0, size - 21)]
        )
        action = SimplePlayer()(view(hand_of(" ".join(strong), rules)))
        assert isinstance(action, ft.Bid), rules.name


def take(state: ft.State, *words: str) -> ft.State:
    for word in words:
        state = ft.apply(state, ft.parse_action(word))
    return state


def test_simple_player_makes_voids_in_its_ecart_and_never_puts_aside_what_is_forbidden() -> None:
    hand = "T21 T20 T19 T18 T17 T16 EX KS QS CS JS 10S 9S KH QH 3D 2C 4C"
    state = hand_of(hand)
    dog = set(state.dog)
    state = take(state, "garde", "pass", "pass", "pass")
    player = SimplePlayer()
    while state.phase is ft.Phase.DISCARD:
        state = ft.apply(state, player(view(state)))
    ecart = {a.card for a in state.history if isinstance(a, ft.Discard)}
    assert not any(card.is_king or card.is_bout or card.is_trump for card in ecart)
    held = set(state.hand(0))
    for suit in ft.Suit:
        cards = {card for card in held | ecart if card.suit is suit}
        if len(cards) <= 6 and not any(card.is_king for card in cards) and cards <= ecart | dog:
            continue
    # The short suits without their King go whole: diamonds and clubs (the dog's too).
    short = {c for c in set(state.dealt[0]) | dog if c.suit in (ft.Suit.DIAMONDS, ft.Suit.CLUBS)}
    if len(short) <= 6:
        assert short <= ecart


@pytest.mark.parametrize(
    ("hand", "called"),
    [
        ("T21 EX T1 T5 T9 T13 T17 KS 2S 1H 3H 5H 7H 9H 2D", "KH"),  # its longest suit, hearts
        ("T21 EX T1 T5 T9 T13 T17 KS 2S 1H 3H 1D 3D 5D 7D", "KD"),
        ("T21 T1 KS KH KD KC QS 2S 3S 4S 5S 1H 2H 1D 1C", "QH"),  # every King: a Queen
    ],
)
def test_simple_player_calls_the_king_of_its_longest_suit(hand: str, called: str) -> None:
    state = take(hand_of(hand, ft.FIVE_PLAYER), "garde", "pass", "pass", "pass", "pass")
    assert state.phase is ft.Phase.CALL
    assert SimplePlayer()(view(state)) == ft.Call(called)


def self_play(rules: ft.Rules, seeds: range) -> Iterator[tuple[ft.State, ft.Action]]:
    """Every state of deals played by simple players, with the action taken."""
    player = SimplePlayer()
    for seed in seeds:
        state = ft.new_deal(seed=seed, rules=rules, dealer=seed % rules.seats)
        while state.current is not None:
            action = player(view(state))
            yield state, action
            state = ft.apply(state, action)


def known_camp(observation: ft.Observation, seat: int) -> bool:
    """Whether ``observation``'s seat knows that ``seat`` is in its own camp."""
    attack = {observation.taker, observation.partner} - {None}
    if observation.seat in attack:
        return seat in attack
    if observation.rules.seats == 5 and observation.partner is None and not observation.alone:
        return False
    return seat not in attack


TABLES = [ft.THREE_PLAYER, ft.FOUR_PLAYER, ft.FIVE_PLAYER]


def held_elsewhere(observation: ft.Observation) -> set[ft.Card]:
    """The cards another seat may still hold: neither in this hand, played, nor put aside
    where this seat saw them (the dog shown and the handfuls shown are still in play)."""
    gone = set(observation.hand) | set(observation.current_trick)
    for trick in observation.tricks:
        gone |= set(trick.cards)
    gone |= set(observation.discard or ()) | set(observation.shown_discard)
    return set(ft.DECK) - gone


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_simple_player_never_loses_the_excuse_in_the_last_trick(rules: ft.Rules) -> None:
    excuse = ft.Card.parse("EX")
    checked = 0
    for state, action in self_play(rules, range(100)):
        hand = state.hand(state.current or 0)
        if state.phase is ft.Phase.PLAY and len(hand) == 2 and excuse in hand and not state.slam:
            assert action == ft.Play(excuse)
            checked += 1
    assert checked > 5


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_simple_player_saves_the_petit_and_keeps_it_out_of_lost_tricks(rules: ft.Rules) -> None:
    petit = ft.Card.parse("T1")
    saved = kept = 0
    for state, action in self_play(rules, range(150)):
        seat = state.current
        plays = [a for a in ft.legal_actions(state) if isinstance(a, ft.Play)]
        if state.phase is not ft.Phase.PLAY or ft.Play(petit) not in plays or len(plays) < 2:
            continue
        observation = view(state)
        trick = observation.current_trick
        if len(trick) != rules.seats - 1 or (len(plays) == 2 and ft.Play("EX") in plays):
            continue  # not the last to play, or the Excuse rule first
        winner = observation.winning_seat
        assert winner is not None and seat is not None
        if known_camp(observation, winner):
            assert action == ft.Play(petit)  # its camp takes the trick: the Petit is saved
            saved += 1
        elif any(card.is_trump for card in trick):
            assert action != ft.Play(petit)  # the Petit would be lost
            kept += 1
    assert saved > 3 and kept > 3


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_simple_player_leads_the_petit_and_its_master_cards_once_the_trumps_are_out(
    rules: ft.Rules,
) -> None:
    petit_leads = master_leads = 0
    for state, action in self_play(rules, range(150)):
        if state.phase is not ft.Phase.PLAY or state.current_trick:
            continue
        observation = view(state)
        hand = set(observation.hand)
        out = held_elsewhere(observation)
        if any(card.is_trump for card in out) or len(hand) <= 2:
            continue
        plays = {a.card for a in observation.legal_actions if isinstance(a, ft.Play)}
        if ft.Card.parse("T1") in plays:
            assert action == ft.Play("T1")
            petit_leads += 1
            continue
        masters = {
            card
            for card in plays
            if card.suit is not None
            and not any(c.suit is card.suit and c > card for c in out)
            and card == max(c for c in hand if c.suit is card.suit)
        }
        if masters:
            assert isinstance(action, ft.Play) and action.card in masters
            master_leads += 1
    assert petit_leads > 0 and master_leads > 3


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_simple_player_gives_points_to_a_trick_its_camp_holds_for_sure(rules: ft.Rules) -> None:
    fed = 0
    for state, action in self_play(rules, range(80)):
        if state.phase is not ft.Phase.PLAY:
            continue
        observation = view(state)
        trick = observation.current_trick
        plays = [a.card for a in observation.legal_actions if isinstance(a, ft.Play)]
        plays = [card for card in plays if not card.is_excuse]  # the Excuse comes back
        winner = observation.winning_seat
        if len(trick) != rules.seats - 1 or winner is None or not known_camp(observation, winner):
            continue
        if any(card.is_trump for card in plays) or len(plays) < 2:
            continue  # only plain cards to give: the most valuable goes
        assert isinstance(action, ft.Play)
        assert action.card.points == max(card.points for card in plays)
        fed += 1
    assert fed > 20


@settings(max_examples=40, deadline=None)
@given(deals(None), choices())
def test_simple_player_always_takes_a_legal_action(
    start: ft.State, picks: tuple[int, ...]
) -> None:
    player = SimplePlayer()
    for state, _action in walk(start, picks):
        if state.current is None:
            break
        assert player(view(state)) in ft.legal_actions(state)


@settings(max_examples=40, deadline=None)
@given(house_deals(), choices())
def test_simple_player_always_takes_a_legal_action_under_any_rules(
    start: ft.State, picks: tuple[int, ...]
) -> None:
    player = SimplePlayer()
    for state, _action in walk(start, picks):
        if state.current is None:
            break
        assert player(view(state)) in ft.legal_actions(state)


def test_play_deal_lets_a_players_exception_through_unchanged() -> None:
    class Broken(Exception):
        pass

    def broken(observation: ft.Observation) -> ft.Action:
        raise Broken(observation.seat)

    with pytest.raises(Broken) as caught:
        play_deal(ft.new_deal(seed=1), [SimplePlayer(), broken, SimplePlayer(), SimplePlayer()])
    assert caught.value.args == (1,)


def test_a_bolder_simple_player_bids_hands_the_default_one_passes() -> None:
    for seed in range(200):
        state = ft.new_deal(seed=seed)
        if state.current is None:
            continue
        value = hand_value(masks.mask_of(state.hand(state.current)), 4)
        lowest = min(threshold for _contract, threshold in BID_THRESHOLDS[4])
        if lowest - 8 <= value < lowest:
            break
    else:
        raise AssertionError("no hand just below the lowest threshold")
    assert SimplePlayer()(view(state)) == ft.Pass()
    assert isinstance(SimplePlayer(boldness=8)(view(state)), ft.Bid)
    assert repr(SimplePlayer(boldness=8)) == "SimplePlayer(boldness=8)"
    with pytest.raises(ft.TarotTypeError, match="boldness"):
        SimplePlayer(boldness="8")  # type: ignore[arg-type]
    with pytest.raises(ft.TarotTypeError, match="boldness"):
        SimplePlayer(boldness=True)
