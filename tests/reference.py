"""An independent reference for the score, written from the rulebook and DECISIONS.md.

It shares no code with the library: card values come from the ranks, every trick winner is
worked out again (the Excuse's last-trick exception included), and the camps, the Excuse
exchange, the bouts, the half point and the bonuses are counted from the tricks themselves,
for every table size. :func:`reference_score` must agree with :func:`frenchtarot.score`
field by field (``test_scoring.py``, ``test_golden.py``).

The scoring knobs (the multipliers, the petit au bout, the slam and handful bonuses) are read
from the deal's :class:`~frenchtarot.Rules`, as the house rules set them; the FFT numbers are
written out here from the rulebook, and ``test_rules.py`` checks that the FFT presets carry
exactly them (:data:`FFT_KNOBS`).
"""

from __future__ import annotations

from frenchtarot import Camp, Card, Contract, Phase, Score, State
from frenchtarot.scoring import HandfulBonus, PetitAuBout, SlamResult

EXCUSE = Card.parse("EX")
PETIT = Card.parse("T1")
TWENTY_ONE = Card.parse("T21")

TARGET_BY_BOUTS = {0: 56, 1: 51, 2: 41, 3: 36}
MULTIPLIER = {
    Contract.PETITE: 1,
    Contract.GARDE: 2,
    Contract.GARDE_SANS: 4,
    Contract.GARDE_CONTRE: 6,
}
"""The FFT multiplier of each contract."""
FFT_KNOBS: dict[str, object] = {
    "contracts": tuple(MULTIPLIER.items()),
    "petit_au_bout": 10,
    "petit_au_bout_multiplied": True,
    "slam_announced": 400,
    "slam_unannounced": 200,
    "slam_missed": 200,
    "slam_defence": 200,
}
"""The FFT's scoring numbers, from the rulebook, by the name of the :class:`Rules` field."""
FFT_HANDFULS: dict[int, tuple[tuple[int, int], ...]] = {
    3: ((13, 20), (15, 30), (18, 40)),
    4: ((10, 20), (13, 30), (15, 40)),
    5: ((8, 20), (10, 30), (13, 40)),
}
HONOUR_POINTS = {14: 4.5, 13: 3.5, 12: 2.5, 11: 1.5}  # King, Queen, Knight, Jack
BOUT_CARDS = (PETIT, TWENTY_ONE, EXCUSE)


def card_points(card: Card) -> float:
    """What ``card`` is worth: 4.5 a bout or a King, 3.5 a Queen, 2.5 a Knight, 1.5 a Jack,
    0.5 any other card."""
    if card in BOUT_CARDS:
        return 4.5
    if card.suit is None:
        return 0.5
    return HONOUR_POINTS.get(card.rank, 0.5)


def best_position(played: tuple[Card, ...]) -> int:
    """The position of the card that takes the trick by rank (the Excuse never does)."""
    positions = [n for n, card in enumerate(played) if card != EXCUSE]
    trumps = [n for n in positions if played[n].suit is None]
    if trumps:
        return max(trumps, key=lambda n: played[n].rank)
    led = played[positions[0]].suit
    return max((n for n in positions if played[n].suit == led), key=lambda n: played[n].rank)


def attack_of(state: State) -> set[int]:
    """The seats of the attack: the taker and, with five players, its partner."""
    return {seat for seat in (state.taker, state.partner) if seat is not None}


def reference_winners(state: State) -> list[int]:
    """Every trick's winner, worked out again, with the Excuse's last-trick exception."""
    seats, last = state.rules.seats, state.rules.hand_size - 1
    attack = attack_of(state)
    assert state.taker is not None
    leader = state.taker if state.slam else (state.dealer + 1) % seats
    found: list[int] = []
    for number, trick in enumerate(state.tricks):
        assert trick.leader == leader, f"trick {number} led by the wrong seat"
        assert len(trick.cards) == seats
        winner = (leader + best_position(trick.cards)) % seats
        if number == last and EXCUSE in trick.cards:
            owner = (leader + trick.cards.index(EXCUSE)) % seats
            if all((earlier in attack) == (owner in attack) for earlier in found):
                winner = owner
        found.append(winner)
        leader = winner
    return found


def reference_score(state: State) -> Score:
    """The score of a finished deal (played out or annulled), from the rules alone."""
    seats, last = state.rules.seats, state.rules.hand_size - 1
    if state.phase is Phase.ANNULLED:
        return Score(
            annulment=state.annulment,
            taker=None,
            contract=None,
            taker_points=0.0,
            defence_points=0.0,
            bouts=0,
            target=0,
            made=False,
            margin=0,
            petit_au_bout=None,
            handfuls=(),
            slam=SlamResult(announced=False, made_by=None, value=0),
            unit=0,
            deltas=(0,) * seats,
            multiplier=0,
        )
    taker, contract, partner = state.taker, state.contract, state.partner
    assert taker is not None and contract is not None
    assert len(state.tricks) == state.rules.hand_size
    attack = attack_of(state)
    won = reference_winners(state)
    attack_cards = list(state.discard)
    if contract is Contract.GARDE_SANS:
        attack_cards += state.dog
    exchange = 0.0  # the half point the Excuse's owner hands over when it stays with them
    for number, trick in enumerate(state.tricks):
        attack_won = won[number] in attack
        for position, card in enumerate(trick.cards):
            if card == EXCUSE and number < last:
                owner_attacks = (trick.leader + position) % seats in attack
                if owner_attacks:
                    attack_cards.append(card)
                if owner_attacks and not attack_won:
                    exchange = -0.5
                elif attack_won and not owner_attacks:
                    exchange = 0.5
            elif attack_won:
                attack_cards.append(card)
    points = sum(card_points(card) for card in attack_cards) + exchange
    bouts = sum(card in BOUT_CARDS for card in attack_cards)
    target = TARGET_BY_BOUTS[bouts]
    made = points >= target
    whole = points if points == int(points) else points + (0.5 if made else -0.5)
    margin = int(abs(whole - target))
    sign = 1 if made else -1
    rules = state.rules
    multiplier = dict(rules.contracts)[contract]
    bonus = rules.petit_au_bout * (multiplier if rules.petit_au_bout_multiplied else 1)

    number = last
    final = state.tricks[last]
    excuse_took_it = (
        EXCUSE in final.cards and won[last] == (final.leader + final.cards.index(EXCUSE)) % seats
    )
    if excuse_took_it and PETIT not in final.cards:
        number = last - 1
    petit_au_bout = None
    if PETIT in state.tricks[number].cards:
        if won[number] in attack:
            petit_au_bout = PetitAuBout(Camp.ATTACK, bonus)
        else:
            petit_au_bout = PetitAuBout(Camp.DEFENCE, -bonus)

    by_size = dict(rules.handfuls)
    handfuls = tuple(
        HandfulBonus(h.seat, len(h.cards), sign * by_size[len(h.cards)]) for h in state.handfuls
    )
    made_bonus = rules.slam_announced if state.slam else rules.slam_unannounced
    missed, defence = rules.slam_missed, rules.slam_defence
    if all(winner in attack for winner in won):
        slam = SlamResult(state.slam, Camp.ATTACK, made_bonus)
    elif not any(winner in attack for winner in won):
        slam = SlamResult(state.slam, Camp.DEFENCE, -defence - (missed if state.slam else 0))
    else:
        slam = SlamResult(state.slam, None, -missed if state.slam else 0)
    unit = (
        sign * (25 + margin) * multiplier
        + (petit_au_bout.value if petit_au_bout else 0)
        + sum(h.value for h in handfuls)
        + slam.value
    )
    # The defenders each pay (or win) the unit; the partner has one share, the taker the rest.
    defenders = seats - len(attack)
    taker_share = defenders * unit - (unit if partner is not None else 0)
    deltas = tuple(
        taker_share if seat == taker else unit if seat == partner else -unit
        for seat in range(seats)
    )
    return Score(
        annulment=None,
        taker=taker,
        contract=contract,
        taker_points=points,
        defence_points=91 - points,
        bouts=bouts,
        target=target,
        made=made,
        margin=margin,
        petit_au_bout=petit_au_bout,
        handfuls=handfuls,
        slam=slam,
        unit=unit,
        deltas=deltas,
        called=state.called,
        partner=partner,
        multiplier=multiplier,
    )
