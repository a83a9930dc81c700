"""House rules (issue #25): every scoring knob of :class:`~frenchtarot.Rules` at work.

* Ludicash against a scorer of its own, written below from the Ludicash page's formula
  with its numbers typed in (not read from the rules): a quick run of a hundred deals
  here, ``FRENCHTAROT_SOAK_DEALS`` deals in the soak step. The Petite is never offered.
* One table of finished deals built by hand, each knob changed in turn (the contracts
  offered, their multipliers, a flat or multiplied petit au bout, each slam bonus, the
  handful bonuses), each with its score worked out by hand in a comment.
* The refusal of a contract the table does not offer.
* A property over any valid :class:`Rules` (:func:`tests.strategies.valid_rules`): random
  deals keep every card, score 91 points and zero-sum deltas, offer only the table's
  contracts, leave a state unchanged when they refuse an action, and score what
  :func:`tests.reference.reference_score` says.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import attrs
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import (
    DECK,
    FOUR_PLAYER,
    Action,
    AnnounceSlam,
    Bid,
    Card,
    Contract,
    DeclareHandful,
    IllegalActionError,
    Pass,
    Phase,
    Play,
    Rule,
    Rules,
    State,
    apply,
    is_legal,
    legal_actions,
)
from frenchtarot.rules import LUDICASH
from frenchtarot.testing import check_conformance
from tests.builders import (
    HOUSE_RULES,
    assert_refused,
    autoplay,
    cards,
    deal,
    lowest_card,
    play_out,
    random_deal,
    run,
    scripted,
)
from tests.reference import reference_score, reference_winners
from tests.strategies import house_deals, max_actions, walk
from tests.test_scoring_examples import BY_NAME

PETIT = Card.parse("T1")
EXCUSE = Card.parse("EX")

# --- Ludicash, scored from its own page ------------------------------------------------------

#: The Ludicash contracts and what each multiplies by: no Petite there.
LUDICASH_MULTIPLIERS = {Contract.GARDE: 2, Contract.GARDE_SANS: 4, Contract.GARDE_CONTRE: 6}
LUDICASH_TARGETS = {0: 56, 1: 51, 2: 41, 3: 36}
LUDICASH_CONTRACT_POINTS = 25
LUDICASH_PETIT_AU_BOUT = 10  # multiplied by the contract, like the points
LUDICASH_HANDFULS = {10: 20, 13: 30, 15: 40}  # trumps shown: bonus, never multiplied
SLAM_ANNOUNCED_MADE = 400
SLAM_UNANNOUNCED_MADE = 200
SLAM_ANNOUNCED_MISSED = 200  # paid by the attack
SLAM_OF_THE_DEFENCE = 200  # won by the defence (DECISIONS.md), on top of a missed announcement


class LudicashScore(NamedTuple):
    multiplier: int
    unit: int
    deltas: tuple[int, ...]


def ludicash_score(state: State) -> LudicashScore:
    """The score of a Ludicash deal played out, from the Ludicash page's formula.

    The card points, the bouts and the trick winners are counted by ``tests/reference.py``;
    everything else (target, contract value, multiplier, petit au bout, handfuls, slam and
    the four shares) is worked out here with the page's numbers written in.
    """
    assert state.phase is Phase.DONE
    taker, contract = state.taker, state.contract
    assert taker is not None and contract is not None
    multiplier = LUDICASH_MULTIPLIERS[contract]  # a Petite would be a KeyError
    counted = reference_score(state)
    points = counted.taker_points
    assert points == int(points), "four players never count a half point"
    target = LUDICASH_TARGETS[counted.bouts]
    made = points >= target
    sign = 1 if made else -1
    base = LUDICASH_CONTRACT_POINTS + abs(int(points) - target)

    winners = reference_winners(state)
    taker_won = [winner == taker for winner in winners]
    # The Petit counts in the last trick, or in the one before when the Excuse took the last.
    last = len(state.tricks) - 1
    final = state.tricks[last]
    petit_trick: int | None = None
    if PETIT in final.cards:
        petit_trick = last
    elif EXCUSE in final.cards and PETIT in state.tricks[last - 1].cards:
        excuse_seat = (final.leader + final.cards.index(EXCUSE)) % 4
        if winners[last] == excuse_seat:
            petit_trick = last - 1
    petit = 0
    if petit_trick is not None:
        petit = LUDICASH_PETIT_AU_BOUT if taker_won[petit_trick] else -LUDICASH_PETIT_AU_BOUT

    handfuls = sum(LUDICASH_HANDFULS[len(handful.cards)] for handful in state.handfuls)
    if all(taker_won):
        slam = SLAM_ANNOUNCED_MADE if state.slam else SLAM_UNANNOUNCED_MADE
    else:
        slam = -SLAM_ANNOUNCED_MISSED if state.slam else 0
        if not any(taker_won):
            slam -= SLAM_OF_THE_DEFENCE
    unit = sign * base * multiplier + petit * multiplier + sign * handfuls + slam
    deltas = tuple(3 * unit if seat == taker else -unit for seat in range(4))
    return LudicashScore(multiplier, unit, deltas)


def outcome(state: State) -> list[str]:
    """What the deal exercised of the Ludicash scoring, as labels to count."""
    if state.phase is Phase.ANNULLED:
        return ["annulled"]
    score = ft.score(state)
    assert score.contract is not None
    labels = [score.contract.name.lower(), "made" if score.made else "lost"]
    if score.petit_au_bout is not None:
        labels.append(f"petit au bout {score.petit_au_bout.camp.name.lower()}")
    labels += [f"handful of {handful.size}" for handful in score.handfuls]
    slam = score.slam
    if slam.made_by is ft.Camp.ATTACK:
        labels.append("slam announced and made" if slam.announced else "slam unannounced")
    elif slam.announced:
        labels.append("slam announced and missed")
    if slam.made_by is ft.Camp.DEFENCE:
        labels.append("slam of the defence")
    return labels


#: Every label :func:`outcome` gives, each of which the soak run must meet.
EVERY_OUTCOME = {
    "annulled",
    "garde",
    "garde_sans",
    "garde_contre",
    "made",
    "lost",
    "petit au bout attack",
    "petit au bout defence",
    "handful of 10",
    "handful of 13",
    "handful of 15",
    "slam announced and made",
    "slam unannounced",
    "slam announced and missed",
    "slam of the defence",
}


def _strength(card: Card) -> int:
    return -1 if card.is_excuse else card.rank + (100 if card.is_trump else 0)


def strong_attack(rng: random.Random) -> Callable[[State, Sequence[Action]], Action]:
    """A policy for deals rich in trumps, so that slams and big handfuls come up: only a seat
    of ten trumps or more bids (any contract), the largest handful is shown most of the time,
    the taker plays its strongest card (the Excuse last) and the defenders their weakest."""

    def policy(state: State, legal: Sequence[Action]) -> Action:
        if state.phase is Phase.BIDDING:
            bids = [action for action in legal if isinstance(action, Bid)]
            trumps = sum(card.is_trump for card in state.hand(state.current or 0))
            return rng.choice(bids) if bids and trumps >= 10 else legal[0]
        shows = [action for action in legal if isinstance(action, DeclareHandful)]
        if shows and rng.random() < 0.7:
            return shows[-1]
        plays = [action for action in legal if isinstance(action, Play)]
        if not plays:
            return rng.choice(legal)
        if len(plays) > 1:
            plays = [action for action in plays if not action.card.is_excuse]
        pick = max if state.current == state.taker else min
        return pick(plays, key=lambda action: _strength(action.card))

    return policy


def check_ludicash_bidding(state: State, refuse: bool) -> None:
    """The Petite is never offered; with ``refuse``, it is refused for the rule it breaks."""
    offered = legal_actions(state)
    assert Bid(Contract.PETITE) not in offered
    assert {action.contract for action in offered if isinstance(action, Bid)} <= set(
        LUDICASH_MULTIPLIERS
    )
    assert not is_legal(state, Bid(Contract.PETITE))
    if refuse:
        error = assert_refused(state, Bid(Contract.PETITE), Rule.CONTRACT_NOT_OFFERED)
        assert "ludicash" in str(error)


def play_ludicash(seed: int) -> State:
    """Deal ``seed`` of Ludicash, played out one of three ways, checked along the way.

    Three deals in five: the bidding through ``apply`` (each word checked), then the fast
    path :func:`frenchtarot.rollout`. One in five: every action through ``apply``, every
    bidding state checked, and the end equal to a rollout from the same seed. One in five:
    a deal rich in trumps for one seat, played out by :func:`strong_attack`.
    """
    rng = random.Random(seed)
    way = seed % 5
    if way == 4:
        dealt_hands, dog, dealer = random_deal(seed, "trumps", LUDICASH)
        state = ft.deal_from(dealt_hands, dog, dealer=dealer, rules=LUDICASH)
        final = ft.rollout(state, policy=strong_attack(rng))
    else:
        start = ft.new_deal(seed=seed, dealer=seed % 4, rules=LUDICASH)
        state = start
        while state.phase is Phase.BIDDING:
            check_ludicash_bidding(state, refuse=seed % 50 == 0)
            state = apply(state, rng.choice(legal_actions(state)))
        if way == 3:
            while not state.is_terminal:
                state = apply(state, rng.choice(legal_actions(state)))
            assert ft.rollout(start, random.Random(seed)) == state, f"seed {seed}"
            final = state
        else:
            final = ft.rollout(state, rng)
    assert Bid(Contract.PETITE) not in final.history, f"seed {seed}"
    return final


def check_ludicash_deals(seeds: range) -> Counter[str]:
    """Play and score every deal of ``seeds``; the outcomes met, counted."""
    met: Counter[str] = Counter()
    for seed in seeds:
        final = play_ludicash(seed)
        assert final.is_terminal
        score = ft.score(final)
        assert sum(score.deltas) == 0
        if final.phase is Phase.DONE:
            expected = ludicash_score(final)
            found = LudicashScore(score.multiplier, score.unit, score.deltas)
            assert found == expected, f"seed {seed}: {score}"
        else:
            assert score.deltas == (0,) * 4 and score.multiplier == 0
        met.update(outcome(final))
    return met


#: The deals the main suite plays (the soak step plays ``FRENCHTAROT_SOAK_DEALS``).
QUICK_DEALS = 100


def test_ludicash_scores_by_its_own_formula() -> None:
    met = check_ludicash_deals(range(QUICK_DEALS))
    assert met.total() >= QUICK_DEALS
    assert {"garde", "garde_sans", "garde_contre", "made", "lost"} <= set(met)
    report = check_conformance(deals=3, seed=0, rules=LUDICASH)
    assert report.deals == 3


@pytest.mark.soak
def test_soak_ludicash_scores_by_its_own_formula(soak_deals: int) -> None:
    """``FRENCHTAROT_SOAK_DEALS`` Ludicash deals (10,000 by default), each scored by
    :func:`ludicash_score`, and one in a hundred (at least ten) through
    :func:`~frenchtarot.testing.check_conformance`."""
    met = check_ludicash_deals(range(soak_deals))
    if soak_deals >= 1000:
        assert set(met) == EVERY_OUTCOME, EVERY_OUTCOME - set(met)
    deals = max(10, soak_deals // 100)
    report = check_conformance(deals=deals, seed=QUICK_DEALS, rules=LUDICASH)
    assert report.deals == deals and report.finished > deals // 2


#: The soak step's conformance run is cut in this many parts, which xdist spreads over the
#: cores (the checker costs about 20 ms a deal).
CONFORMANCE_PARTS = 4


@pytest.mark.soak
@pytest.mark.parametrize("part", range(CONFORMANCE_PARTS))
def test_soak_ludicash_passes_the_conformance_checker(soak_deals: int, part: int) -> None:
    """Every one of ``FRENCHTAROT_SOAK_DEALS`` Ludicash deals (10,000 by default), from other
    seeds than the scored ones above, played through
    :func:`~frenchtarot.testing.check_conformance`: it checks every step of each deal, and
    that the Petite is never offered and always refused."""
    size = -(-soak_deals // CONFORMANCE_PARTS)
    first = 1_000_000 + part * size
    deals = max(0, min(size, soak_deals - part * size))
    if deals:
        report = check_conformance(deals=deals, seed=first, rules=LUDICASH)
        assert report.deals == deals and report.finished > deals // 2


def test_ludicash_scorer_agrees_with_the_rulebook_examples() -> None:
    """The scorer above, on the rulebook's worked examples that Ludicash can play (every one
    but the Petite), gives the totals the rulebook prints."""
    for name, total in [
        ("garde-handful-petit-au-bout", 318),
        ("garde-sans-petit-lost-at-the-end", 228),
        ("garde-defence-handful", 276),
        ("garde-announced-slam", 1746),
    ]:
        state = replay(name, LUDICASH)
        score = ludicash_score(state)
        assert score.deltas[1] == total, name
        assert ft.score(state).deltas == score.deltas


# --- Hand-built deals, one knob at a time ----------------------------------------------------

DOG = "1D 2D 3D 4D 5D 6D"  # six half-point cards: 3 points


def replay(name: str, rules: Rules) -> State:
    """One of the rulebook's worked examples (``test_scoring_examples.py``) played at a
    four-seat table of ``rules``: the same cards, the same actions."""
    example = BY_NAME[name]
    state = deal(example.hands, example.dog, dealer=example.dealer, rules=rules)
    return play_out(state, example.action_list())


def keep_last(state: State, seat: int, card: str) -> list[Card]:
    """``seat``'s hand in order with ``card`` moved to the end: a plan for :func:`scripted`."""
    kept = Card.parse(card)
    return [other for other in state.hand(seat) if other != kept] + [kept]


def taker_slam(contract: str, announce: bool, handful: str = "") -> Callable[[Rules], State]:
    """Four seats, dealer 0: seat 1 holds T5 to T21 and the Excuse, seats 2 and 3 the four
    low trumps, the dog six low Diamonds. Seat 1 takes, shows ``handful`` if any, leads
    trumps from the lowest and the Excuse last: it wins every trick, the Excuse the last
    one, with all 91 points under a Garde sans and three bouts; the Petit falls early."""

    def play(rules: Rules) -> State:
        state = deal({1: run(5, 21, "EX"), 2: "T1 T2", 3: "T3 T4"}, DOG, rules=rules)
        state = play_out(state, f"{contract} pass pass pass {'slam' if announce else 'pass'}")
        if handful:
            state = apply(state, DeclareHandful(cards(handful)))
        state = autoplay(state, lowest_card)
        assert all(trick.winner == 1 for trick in state.tricks)
        assert state.tricks[-1].cards[0] == EXCUSE and PETIT not in state.tricks[-2].cards
        return state

    return play


def missed_slam(rules: Rules) -> State:
    """Four seats, dealer 0: seat 1 takes a Garde sans, announces the slam and wins the
    first 17 tricks with T5 to T21, then leads the Ace of Spades into seat 2's King, seat
    3's Excuse and seat 0's Two of Spades. The defence's one trick holds 0.5 + 4.5 + 4.5 +
    0.5 = 10 points and the Excuse: the attack has 81 points and two bouts (T1, T21)."""
    state = deal({1: run(5, 21, "1S"), 2: "T1 T2 KS", 3: "T3 T4 EX", 0: "2S"}, DOG, rules=rules)
    state = play_out(state, "garde_sans pass pass pass slam")
    plans = {
        1: cards(run(5, 21, "1S")),
        2: keep_last(state, 2, "KS"),
        3: keep_last(state, 3, "EX"),
        0: keep_last(state, 0, "2S"),
    }
    state = scripted(state, plans, 18)
    assert [trick.winner for trick in state.tricks] == [1] * 17 + [2]
    assert set(state.tricks[-1].cards) == set(cards("1S KS EX 2S"))
    return state


def defence_slam(announce: bool) -> Callable[[Rules], State]:
    """Four seats, dealer 0: seat 1 takes a Garde sans holding only the Two to the Ten of
    Spades and Hearts; seat 2 holds the Excuse, seat 0 the low trumps. The defence wins
    every trick: the attack has only the dog, 3 points and no bout. Seat 0 leads the Petit
    to the last trick and seat 2's Excuse takes it for the defence, which so has the petit
    au bout."""

    def play(rules: Rules) -> State:
        low = " ".join(f"{rank}{suit}" for suit in "SH" for rank in range(2, 11))
        state = deal({1: low, 2: "EX"}, DOG, rules=rules)
        state = play_out(state, f"garde_sans pass pass pass {'slam' if announce else 'pass'}")
        state = autoplay(state, lowest_card)
        assert all(trick.winner != 1 for trick in state.tricks)
        final = state.tricks[-1]
        assert final.winner == final.seat_of(EXCUSE) == 2 and final.seat_of(PETIT) == 0
        return state

    return play


def three_seat_slam(rules: Rules) -> State:
    """Three seats, dealer 0: seat 1 holds every trump, the Excuse and the Kings of Spades
    and Hearts; it takes a Garde contre (the dog's 3 points go to the defence), announces
    the slam and plays T2 to T21, the two Kings, the Petit, then the Excuse, which takes the
    last trick: 88 points, three bouts, and the Petit in the trick before the last counts
    au bout for the attack."""
    state = deal({1: run(1, 21, "EX KS KH")}, DOG, rules=rules)
    state = play_out(state, "garde_contre pass pass slam")
    state = scripted(state, {1: cards(run(2, 21, "KS KH T1 EX"))}, 24)
    assert all(trick.winner == 1 for trick in state.tricks)
    return state


def five_seat_slam(rules: Rules) -> State:
    """Five seats, dealer 0: seat 1 holds T8 to T21 and the Excuse, takes a Garde contre
    (the dog's 1.5 points go to the defence), calls the King of Spades (seat 3's: the
    partner), announces the slam and wins every trick. The attack has 89.5 points, 90 with
    the half point of the camp that wins, and three bouts."""
    state = deal(
        {1: run(8, 21, "EX"), 0: "T1 T2", 2: "T3 T4 T5", 3: "KS T6", 4: "T7"},
        "1D 2D 3D",
        rules=rules,
    )
    state = play_out(state, "garde_contre pass pass pass pass call KS slam")
    state = scripted(state, {1: cards(run(8, 21, "EX"))}, 15)
    assert state.partner == 3
    assert all(trick.winner in (1, 3) for trick in state.tricks)
    return state


def house(**knobs: Any) -> Rules:
    """The FFT four-player table with the knobs given changed."""
    return attrs.evolve(FOUR_PLAYER, name="house", **knobs)


G, GS, GC, P = Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE, Contract.PETITE
HOUSE_3, HOUSE_4, HOUSE_5 = HOUSE_RULES[3], HOUSE_RULES[4], HOUSE_RULES[5]


class Worked(NamedTuple):
    """A deal played by hand under some rules, and its score worked out by hand."""

    rules: Rules
    play: Callable[[Rules], State]
    multiplier: int
    petit_au_bout: int | None  # signed for the attack; None without one
    handfuls: int  # the handful bonuses, signed for the attack
    slam: int  # signed for the attack
    unit: int
    deltas: tuple[int, ...]


def example(name: str) -> Callable[[Rules], State]:
    return lambda rules: replay(name, rules)


EX1 = example("garde-handful-petit-au-bout")  # Garde, 49 points, 2 bouts: made by 8;
# the taker's simple handful; the Petit au bout for the taker.
EX2 = example("garde-sans-petit-lost-at-the-end")  # Garde sans made by 4 (55, 1 bout);
# the Petit caught in the last trick by the defence.
EX3 = example("petite-set-by-seven")  # Petite lost by 7 (44, 1 bout); the taker's
# simple handful; the Petit au bout for the taker.
EX4 = example("garde-defence-handful")  # Garde made by 11 (52, 2 bouts); a defender's
# simple handful.
EX5 = example("garde-announced-slam")  # Garde, slam announced and made, 87 points and
# 2 bouts (made by 46); the taker's simple handful; the Petit au bout for the taker.

# Tables of four seats, each changing the FFT's knobs named.
GARDE_X3 = house(contracts=((G, 3), (GS, 5), (GC, 8)))
PETITE_X2 = house(contracts=((P, 2), (G, 3)))
ONLY_GARDE_SANS_X7 = house(contracts=((GS, 7),))
ONLY_GARDE_X5 = house(contracts=((G, 5),))
FLAT_15 = house(petit_au_bout=15, petit_au_bout_multiplied=False)
MULTIPLIED_15 = house(petit_au_bout=15)
NO_PETIT_BONUS = house(petit_au_bout=0)
ONLY_PETITE_X3_FLAT_15 = house(
    contracts=((P, 3),), petit_au_bout=15, petit_au_bout_multiplied=False
)
ANNOUNCED_1000 = house(slam_announced=1000)
UNANNOUNCED_0 = house(slam_unannounced=0)
MISSED_0 = house(slam_missed=0)
DEFENCE_0 = house(slam_defence=0)
HANDFULS_25 = house(handfuls=((10, 25), (13, 35), (15, 45)))
HANDFULS_50 = house(handfuls=((10, 50), (13, 60), (15, 70)))

SLAM_ANNOUNCED = taker_slam("garde_sans", True)
SLAM_UNANNOUNCED = taker_slam("garde_sans", False)
SLAM_DOUBLE_HANDFUL = taker_slam("garde_sans", True, run(5, 17))  # 13 trumps shown
SLAM_TRIPLE_HANDFUL = taker_slam("garde_sans", True, run(5, 19))  # 15 trumps shown
DEFENCE_SLAM = defence_slam(False)
DEFENCE_SLAM_ANNOUNCED = defence_slam(True)

# Worked(rules, deal, multiplier, petit au bout, handfuls, slam, unit, deltas)
WORKED = [
    # --- The contracts offered and their multipliers ---
    pytest.param(
        # Garde x3 made by 11, the defence's handful to the attack: (25+11)x3 + 20 = 128.
        Worked(GARDE_X3, EX4, 3, None, 20, 0, 128, (-128, 384, -128, -128)),
        id="garde-x3",
    ),
    pytest.param(
        # Ludicash keeps the FFT's Garde x2: (25+11)x2 + 20 = 92, the rulebook's total.
        Worked(LUDICASH, EX4, 2, None, 20, 0, 92, (-92, 276, -92, -92)),
        id="ludicash-garde-x2",
    ),
    pytest.param(
        # Petite x2 lost by 7, the taker's handful to the defence, the Petit au bout (10,
        # multiplied) to the taker: -(25+7)x2 - 20 + 10x2 = -64.
        Worked(PETITE_X2, EX3, 2, 20, -20, 0, -64, (64, -192, 64, 64)),
        id="petite-x2",
    ),
    pytest.param(
        # A table of one contract, Garde sans x7, made by 4, the Petit au bout (10 x7) to the
        # defence: (25+4)x7 - 10x7 = 203 - 70 = 133.
        Worked(ONLY_GARDE_SANS_X7, EX2, 7, -70, 0, 0, 133, (-133, 399, -133, -133)),
        id="garde-sans-alone-x7",
    ),
    pytest.param(
        # Garde x5 with an announced slam: (25+46)x5 + 10x5 + 20 + 400 = 355+50+420 = 825.
        Worked(ONLY_GARDE_X5, EX5, 5, 50, 20, 400, 825, (-825, 2475, -825, -825)),
        id="garde-x5-slam",
    ),
    # --- The petit au bout, flat or multiplied ---
    pytest.param(
        # A flat 15 after the Garde's x2: (25+8)x2 + 15 + 20 = 101.
        Worked(FLAT_15, EX1, 2, 15, 20, 0, 101, (-101, 303, -101, -101)),
        id="flat-15-to-the-attack",
    ),
    pytest.param(
        # The same 15 multiplied: (25+8+15)x2 + 20 = 116.
        Worked(MULTIPLIED_15, EX1, 2, 30, 20, 0, 116, (-116, 348, -116, -116)),
        id="multiplied-15-to-the-attack",
    ),
    pytest.param(
        # A flat 15 to the defence after Garde sans x4 made by 4: (25+4)x4 - 15 = 101.
        Worked(FLAT_15, EX2, 4, -15, 0, 0, 101, (-101, 303, -101, -101)),
        id="flat-15-to-the-defence",
    ),
    pytest.param(
        # No petit au bout bonus at all: (25+8)x2 + 0 + 20 = 86.
        Worked(NO_PETIT_BONUS, EX1, 2, 0, 20, 0, 86, (-86, 258, -86, -86)),
        id="petit-au-bout-0",
    ),
    pytest.param(
        # A flat 15 to a taker who lost a Petite x3 by 7: -(25+7)x3 - 20 + 15 = -101.
        Worked(ONLY_PETITE_X3_FLAT_15, EX3, 3, 15, -20, 0, -101, (101, -303, 101, 101)),
        id="flat-15-contract-lost",
    ),
    pytest.param(
        # House rules of three seats, Garde contre x7, a flat 15 for the Petit played just
        # before the Excuse takes the last trick, announced slam 500: 88 points, 3 bouts,
        # made by 52: (25+52)x7 + 15 + 500 = 539 + 515 = 1054; the taker wins it twice.
        Worked(HOUSE_3, three_seat_slam, 7, 15, 0, 500, 1054, (-1054, 2108, -1054)),
        id="three-seats-flat-15-slam",
    ),
    # --- Slam bonuses ---
    pytest.param(
        # Announced and made, Garde sans x5 by 55 (91 points, 3 bouts): 80x5 + 500 = 900.
        Worked(HOUSE_4, SLAM_ANNOUNCED, 5, None, 0, 500, 900, (-900, 2700, -900, -900)),
        id="slam-announced-500",
    ),
    pytest.param(
        # Made without an announcement: 80x5 + 250 = 650.
        Worked(HOUSE_4, SLAM_UNANNOUNCED, 5, None, 0, 250, 650, (-650, 1950, -650, -650)),
        id="slam-unannounced-250",
    ),
    pytest.param(
        # Ludicash, Garde sans x4: 80x4 + 400 = 720 announced...
        Worked(LUDICASH, SLAM_ANNOUNCED, 4, None, 0, 400, 720, (-720, 2160, -720, -720)),
        id="ludicash-slam-announced",
    ),
    pytest.param(
        # ... and 80x4 + 200 = 520 unannounced.
        Worked(LUDICASH, SLAM_UNANNOUNCED, 4, None, 0, 200, 520, (-520, 1560, -520, -520)),
        id="ludicash-slam-unannounced",
    ),
    pytest.param(
        # An unannounced slam worth nothing: 80x4 + 0 = 320.
        Worked(UNANNOUNCED_0, SLAM_UNANNOUNCED, 4, None, 0, 0, 320, (-320, 960, -320, -320)),
        id="slam-unannounced-0",
    ),
    pytest.param(
        # The rulebook's announced slam, worth 1000 here: (25+46)x2 + 10x2 + 20 + 1000 = 1182.
        Worked(ANNOUNCED_1000, EX5, 2, 20, 20, 1000, 1182, (-1182, 3546, -1182, -1182)),
        id="slam-announced-1000",
    ),
    pytest.param(
        # Announced and missed (81 points, 2 bouts: made by 40), Garde sans x5, the attack
        # pays 150: (25+40)x5 - 150 = 325 - 150 = 175.
        Worked(HOUSE_4, missed_slam, 5, None, 0, -150, 175, (-175, 525, -175, -175)),
        id="slam-missed-150",
    ),
    pytest.param(
        # Ludicash: (25+40)x4 - 200 = 60.
        Worked(LUDICASH, missed_slam, 4, None, 0, -200, 60, (-60, 180, -60, -60)),
        id="ludicash-slam-missed",
    ),
    pytest.param(
        # A missed slam that costs nothing: (25+40)x4 = 260.
        Worked(MISSED_0, missed_slam, 4, None, 0, 0, 260, (-260, 780, -260, -260)),
        id="slam-missed-0",
    ),
    pytest.param(
        # The defence takes every trick: 3 points, no bout, lost by 53 at Garde sans x5, a
        # flat 15 for the defence's Petit au bout, the defence's slam 300:
        # -(25+53)x5 - 15 - 300 = -390 - 315 = -705.
        Worked(HOUSE_4, DEFENCE_SLAM, 5, -15, 0, -300, -705, (705, -2115, 705, 705)),
        id="defence-slam-300",
    ),
    pytest.param(
        # The same after an announcement (150 more): -390 - 15 - 150 - 300 = -855.
        Worked(HOUSE_4, DEFENCE_SLAM_ANNOUNCED, 5, -15, 0, -450, -855, (855, -2565, 855, 855)),
        id="defence-slam-after-announcement",
    ),
    pytest.param(
        # Ludicash, Garde sans x4, the Petit au bout multiplied:
        # -(25+53)x4 - 10x4 - 200 = -312 - 40 - 200 = -552.
        Worked(LUDICASH, DEFENCE_SLAM, 4, -40, 0, -200, -552, (552, -1656, 552, 552)),
        id="ludicash-defence-slam",
    ),
    pytest.param(
        # A defence slam worth nothing: -(25+53)x4 - 10x4 = -352.
        Worked(DEFENCE_0, DEFENCE_SLAM, 4, -40, 0, 0, -352, (352, -1056, 352, 352)),
        id="defence-slam-0",
    ),
    pytest.param(
        # Five seats with a partner, Garde contre x7, announced slam 500: 89.5 points count
        # 90, 3 bouts, made by 54: (25+54)x7 + 500 = 553 + 500 = 1053; the taker wins it
        # twice, the partner once.
        Worked(HOUSE_5, five_seat_slam, 7, None, 0, 500, 1053, (-1053, 2106, -1053, 1053, -1053)),
        id="five-seats-slam",
    ),
    # --- Handful bonuses ---
    pytest.param(
        # The taker's simple handful worth 25: (25+8)x2 + 10x2 + 25 = 111.
        Worked(HANDFULS_25, EX1, 2, 20, 25, 0, 111, (-111, 333, -111, -111)),
        id="simple-handful-25",
    ),
    pytest.param(
        # A defender's simple handful worth 50 goes to the attack that made it:
        # (25+11)x2 + 50 = 122.
        Worked(HANDFULS_50, EX4, 2, None, 50, 0, 122, (-122, 366, -122, -122)),
        id="defence-handful-50-attack-made",
    ),
    pytest.param(
        # The taker's simple handful worth 50 goes to the defence that beat it:
        # -(25+7) - 50 + 10 = -72.
        Worked(HANDFULS_50, EX3, 1, 10, -50, 0, -72, (72, -216, 72, 72)),
        id="taker-handful-50-attack-lost",
    ),
    pytest.param(
        # A double handful (13 trumps) worth 35 with the announced slam: 80x5 + 35 + 500 = 935.
        Worked(HOUSE_4, SLAM_DOUBLE_HANDFUL, 5, None, 35, 500, 935, (-935, 2805, -935, -935)),
        id="double-handful-35",
    ),
    pytest.param(
        # A triple handful (15 trumps) worth 45: 80x5 + 45 + 500 = 945.
        Worked(HOUSE_4, SLAM_TRIPLE_HANDFUL, 5, None, 45, 500, 945, (-945, 2835, -945, -945)),
        id="triple-handful-45",
    ),
    pytest.param(
        # Ludicash's triple handful is the FFT's 40: 80x4 + 40 + 400 = 760.
        Worked(LUDICASH, SLAM_TRIPLE_HANDFUL, 4, None, 40, 400, 760, (-760, 2280, -760, -760)),
        id="ludicash-triple-handful",
    ),
]


@pytest.mark.parametrize("worked", WORKED)
def test_each_knob_scores_the_hand_worked_example(worked: Worked) -> None:
    state = worked.play(worked.rules)
    assert state.phase is Phase.DONE and state.rules == worked.rules
    score = ft.score(state)
    petit = score.petit_au_bout
    assert score.multiplier == worked.multiplier
    assert (petit.value if petit is not None else None) == worked.petit_au_bout
    assert sum(handful.value for handful in score.handfuls) == worked.handfuls
    assert score.slam.value == worked.slam
    assert score.unit == worked.unit
    assert score.deltas == worked.deltas
    assert sum(score.deltas) == 0
    assert score == reference_score(state)


def test_the_knobs_change_nothing_but_the_score() -> None:
    """The same actions are legal and reach the same cards under FFT and house rules."""
    fft, custom = EX1(FOUR_PLAYER), EX1(house(petit_au_bout=15, slam_missed=0))
    assert fft.tricks == custom.tricks and fft.handfuls == custom.handfuls
    assert ft.score(fft).unit == 106 != ft.score(custom).unit


# --- A contract the table does not offer -------------------------------------------------


def test_ludicash_refuses_the_petite_and_names_its_rules() -> None:
    state = deal({}, rules=LUDICASH)
    assert legal_actions(state) == (Pass(), Bid(G), Bid(GS), Bid(GC))
    error = assert_refused(state, Bid(P), Rule.CONTRACT_NOT_OFFERED)
    assert error.seat == 1
    assert "the ludicash rules offer garde, garde_sans, garde_contre" in str(error)
    # Still refused for that rule once a Garde is bid (not as too low).
    after = play_out(state, "garde")
    assert_refused(after, Bid(P), Rule.CONTRACT_NOT_OFFERED)
    assert_refused(after, Bid(G), Rule.BID_TOO_LOW)


TABLES_OFFERING = [
    pytest.param(rules, id=rules.name)
    for rules in (*HOUSE_RULES.values(), LUDICASH, house(contracts=((GS, 3),)))
]


@pytest.mark.parametrize("rules", TABLES_OFFERING)
def test_check_conformance_passes_under_house_rules(rules: Rules) -> None:
    report = check_conformance(deals=3, seed=7, rules=rules)
    assert report.deals == 3 and report.refusals > 0


@pytest.mark.parametrize("rules", TABLES_OFFERING)
def test_only_the_contracts_offered_are_legal(rules: Rules) -> None:
    state = deal({}, rules=rules)
    assert [a.contract for a in legal_actions(state) if isinstance(a, Bid)] == list(rules.offered)
    for contract in Contract:
        if rules.offers(contract):
            assert is_legal(state, Bid(contract))
            continue
        error = assert_refused(state, Bid(contract), Rule.CONTRACT_NOT_OFFERED)
        assert f"the {rules.name} rules offer " in str(error)
        assert ", ".join(c.name.lower() for c in rules.offered) in str(error)
    # Once the highest contract offered is bid, the others can only pass.
    state = apply(state, Bid(rules.offered[-1]))
    for _ in range(rules.seats - 1):
        assert legal_actions(state) == (Pass(),)
        state = apply(state, Pass())


def test_a_refused_bid_changes_nothing_under_house_rules() -> None:
    state = play_out(deal({}, rules=HOUSE_4), "petite")
    for action in (Bid(G), Bid(GC), Bid(P)):
        before = pickle.loads(pickle.dumps(state))
        with pytest.raises(IllegalActionError):
            apply(state, action)
        assert state == before and hash(state) == hash(before)
    assert legal_actions(state) == (Pass(), Bid(GS))


# --- Any valid Rules: random deals keep the invariants -----------------------------------


def accounted(state: State) -> list[Card]:
    """Every card the state holds: the hands, the dog until the taker takes it, the écart,
    the tricks and the trick being played."""
    contract = state.contract
    dog_taken = (
        contract is not None
        and contract.dog_is_shown
        and state.phase not in (Phase.BIDDING, Phase.CALL, Phase.ANNULLED)
    )
    return [
        *(card for hand in state.hands for card in hand),
        *(() if dog_taken else state.dog),
        *state.discard,
        *(card for trick in state.tricks for card in trick.cards),
        *state.current_trick,
    ]


#: Actions tried, when not offered, at each step: one of them each time.
PROBES: list[Action] = [
    *(Bid(contract) for contract in Contract),
    Pass(),
    AnnounceSlam(),
    *(Play(card) for card in DECK[::7]),
]


@settings(max_examples=min(settings().max_examples, 60))
@given(house_deals(), st.data())
def test_any_valid_rules_keep_the_invariants(start: State, data: st.DataObject) -> None:
    """A deal at any valid table, played to its end by drawn choices (see
    :func:`tests.strategies.walk`): at every step the 78 cards are all there, the bidding
    offers exactly the table's contracts above the highest bid, and an action not offered
    (one of :data:`PROBES`) is refused, a contract the table lacks for that rule, the state
    left equal to a copy taken before. The end scores as the reference does."""
    rules = start.rules
    steps = max_actions(rules)
    picks = data.draw(st.binary(min_size=steps, max_size=steps).map(tuple), label="picks")
    state = start
    for step, (state, _action) in enumerate(walk(start, picks)):
        held = accounted(state)
        assert len(held) == 78 and set(held) == set(DECK), f"step {step}"
        offered = legal_actions(state)
        if state.phase is Phase.BIDDING:
            bids = [action.contract for action in offered if isinstance(action, Bid)]
            highest = state.contract
            assert bids == [c for c in rules.offered if highest is None or c > highest]
        probe = PROBES[step % len(PROBES)]
        if probe not in offered:
            before = pickle.loads(pickle.dumps(state))
            assert not is_legal(state, probe)
            with pytest.raises(IllegalActionError) as refused:
                apply(state, probe)
            if (
                state.phase is Phase.BIDDING
                and isinstance(probe, Bid)
                and not rules.offers(probe.contract)
            ):
                assert refused.value.rule is Rule.CONTRACT_NOT_OFFERED
            assert state == before and hash(state) == hash(before)
            assert legal_actions(state) == offered
    assert state.is_terminal
    assert all(
        not isinstance(action, Bid) or rules.offers(action.contract) for action in state.history
    )
    score = ft.score(state)
    event(f"{rules.seats} seats, {state.phase.name.lower()}")
    assert sum(score.deltas) == 0
    if state.phase is Phase.DONE:
        assert state.contract is not None
        assert score.taker_points + score.defence_points == 91
        assert score.multiplier == rules.multiplier(state.contract)
    assert score == reference_score(state)
