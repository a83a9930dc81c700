"""A plain reference for the solver, and the positions its tests are drawn from.

:func:`minimax` and :func:`reference_value` share nothing with ``frenchtarot.solver``: they
walk every legal card through the public rules (``legal_actions`` and ``apply``, cards only)
to the end of the deal and score the final state with :func:`frenchtarot.score`, the attack
maximising and the defence minimising. :func:`reference_value` is the same walk with
textbook alpha-beta pruning (no table, no ordering, no merging, no bounds), which returns
the minimax value exactly; :func:`minimax` checks it on the smallest positions.

:func:`positions` plays deals to a few tricks from the end, in styles that bring about the
cases the solver must get right: the Excuse kept to the end (led, or in the last trick),
the Petit kept to the end (petit au bout), one camp winning every trick so far (the Excuse's
last-trick exception, the slam, announced or not), handfuls shown (in the score).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import frenchtarot as ft
from frenchtarot import Action, Card, Contract, Phase, Play, Rules, State
from frenchtarot.solver import Objective

EXCUSE = Card.parse("EX")
PETIT = Card.parse("T1")
STYLES = ("random", "keep", "strong", "weak")
"""``random``: random cards; ``keep``: the Excuse and the Petit kept while possible;
``strong``: the taker dealt the Excuse and the top trumps, the attack playing high and the
defence low; ``weak``: the taker dealt low cards, the defence playing high."""


def final_value(state: State, objective: Objective) -> float:
    """The value of a deal played out, from :func:`frenchtarot.score`."""
    result = ft.score(state)
    assert result.taker is not None
    if objective is Objective.POINTS:
        return result.taker_points
    if objective is Objective.SCORE:
        return result.deltas[result.taker]
    return 1 if result.made else 0


def _cards(state: State) -> list[Play]:
    return [action for action in ft.legal_actions(state) if isinstance(action, Play)]


def minimax(state: State, objective: Objective) -> float:
    """The value of ``state`` for the attack by plain minimax over every legal card."""
    if state.is_terminal:
        return final_value(state, objective)
    values = [minimax(ft.apply(state, action), objective) for action in _cards(state)]
    return max(values) if state.current in state.attackers else min(values)


def reference_value(
    state: State, objective: Objective, alpha: float = -1e9, beta: float = 1e9
) -> float:
    """The minimax value of ``state`` by textbook alpha-beta (exact with the full window)."""
    if state.is_terminal:
        return final_value(state, objective)
    attack = state.current in state.attackers
    best = -1e9 if attack else 1e9
    for action in _cards(state):
        value = reference_value(ft.apply(state, action), objective, alpha, beta)
        if attack:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def _crafted(rules: Rules, rng: random.Random, style: str) -> State:
    """A deal where seat 1 (the first bidder, who takes) is dealt a strong or weak hand."""
    pack = list(ft.DECK)
    rng.shuffle(pack)
    size = rules.hand_size
    trumps = sorted((card for card in pack if card.is_trump), key=lambda c: c.index)
    if style == "strong":
        extra = rng.randrange(0, 3)
        chosen = [EXCUSE] + trumps[-(size - 1 - extra) :]
    else:
        plain = [card for card in pack if not card.is_trump and not card.is_excuse]
        plain.sort(key=lambda c: (c.index - 22) % 14)
        chosen = plain[: size - rng.randrange(0, 2)]
    rest = [card for card in pack if card not in chosen]
    taker_hand = chosen + rest[: size - len(chosen)]
    rest = rest[size - len(chosen) :]
    hands: list[list[Card]] = []
    for seat in range(rules.seats):
        if seat == 1:
            hands.append(taker_hand)
        else:
            hands.append(rest[:size])
            rest = rest[size:]
    return ft.deal_from(hands, rest, dealer=0, rules=rules)


def _choose(state: State, rng: random.Random, style: str, keep: bool) -> Action:
    """The card (or handful) of the seat to play, in ``style``."""
    legal = ft.legal_actions(state)
    shows = [action for action in legal if not isinstance(action, Play)]
    if shows and rng.random() < 0.3:
        return rng.choice(shows)
    cards = _cards(state)
    kept = [a for a in cards if a.card not in (EXCUSE, PETIT)] if keep else cards
    pool = kept or cards
    if style in ("strong", "weak"):
        high = (state.current in state.attackers) == (style == "strong")
        ranked = sorted(pool, key=lambda a: (a.card.is_trump, (a.card.index - 22) % 14))
        return ranked[-1] if high else ranked[0]
    return rng.choice(pool)


def play_to(rules: Rules, seed: int, tricks_left: int, style: str) -> State:
    """A state of the card play with ``tricks_left`` tricks to finish (the current included).

    The trick in progress may already hold some cards. Seat 1 takes at a random contract
    (at five, it calls a random King or card it may call); a slam is announced one time in
    four.
    """
    rng = random.Random(seed * 7919 + tricks_left * 31 + STYLES.index(style))
    if style in ("strong", "weak"):
        state = _crafted(rules, rng, style)
    else:
        state = ft.new_deal(dealer=0, seed=seed, rules=rules)
    if state.is_terminal:  # a petit sec: deal again
        return play_to(rules, seed + 100_003, tricks_left, style)
    contract = rng.choice(rules.offered)
    keep = style != "random"
    into = rng.randrange(rules.seats)
    while True:
        if state.phase is Phase.BIDDING:
            action: Action = ft.Bid(contract) if state.current == 1 else ft.Pass()
        elif state.phase is Phase.SLAM:
            action = ft.AnnounceSlam() if rng.random() < 0.25 else ft.Pass()
        elif state.phase is Phase.PLAY:
            done = len(state.tricks)
            if done == rules.hand_size - tricks_left:
                if len(state.current_trick) == into:
                    return state
                leads = not state.current_trick and EXCUSE in state.hand(state.current or 0)
                if leads and rng.random() < 0.7:  # the Excuse led to the trick in progress
                    state = ft.apply(state, Play(EXCUSE))
                    continue
            action = _choose(state, rng, style, keep)
        else:
            action = rng.choice(ft.legal_actions(state))
        state = ft.apply(state, action)


def positions(
    rules: Rules,
    count: int,
    low: int,
    high: int,
    seed: int = 0,
    styles: tuple[str, ...] = STYLES,
) -> Iterator[tuple[str, State]]:
    """``count`` positions of ``low`` to ``high`` tricks left, the ``styles`` in turn."""
    for number in range(count):
        style = styles[number % len(styles)]
        tricks_left = low + number % (high - low + 1)
        yield style, play_to(rules, seed + number, tricks_left, style)


def one_camp_won_all(state: State) -> bool:
    """Whether one camp won every completed trick (and there is one)."""
    winners = {trick.winner in state.attackers for trick in state.tricks}
    return len(winners) == 1


def features(state: State) -> set[str]:
    """The cases ``state`` exercises, by name."""
    found = set()
    held = {card for hand in state.hands for card in hand} | set(state.current_trick)
    if EXCUSE in held:
        found.add("excuse")
        if EXCUSE in state.current_trick[:1]:
            found.add("excuse led")
    if PETIT in held:
        found.add("petit")
    if one_camp_won_all(state):
        found.add("sweep")
        if state.slam:
            found.add("sweep announced")
    if state.handfuls:
        found.add("handful")
    if state.contract is Contract.GARDE_SANS:
        found.add("garde sans")
    return found
