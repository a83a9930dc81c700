"""Sure-trick bounds in points: what one camp wins whatever the other camp plays.

The quick tricks of the bridge double-dummy solvers, counted in card points for the rules of
``_core/tricks.py``: at the start of a trick, with every hand known,

- *master trumps*: when the highest trumps still to play all belong to one camp, each trick
  in which one of them is played is won by that camp (no card beats the highest trump of
  the trick, and it is one of the camp's). A seat plays one card a trick, so the camp wins
  at least as many tricks as one of its seats holds of those trumps;
- *the leader's masters*: the seat on lead cashes the top cards of a suit that it holds in
  sequence from the top (the highest of the suit still to play, then the next...), each
  trick keeping the lead, for as many rounds as no other seat can ruff (a seat with trumps
  ruffs once it has no card of the suit; a seat without trumps never does, and the Excuse
  played instead of following only keeps the suit longer); then the next suit, and so on:
  a seat with trumps has followed suit every round, so its other suits are as they were.
  The leader's master trumps are tricks of their own after those.

Each such trick brings the camp its winning card and at least a half point from each other
seat (every card is worth a half point at least; the Excuse of the other camp is exchanged
for a half-point card). One exception from ``_core/tricks.py``: the Excuse led to the last
trick by a camp that won every other trick wins it, so a single sure trick is not counted
while the other camp holds the Excuse and this camp has won no trick (it could be the last
one). Two sure tricks or more include one before the last, which ends that exception.

Compiled by mypyc with :mod:`frenchtarot.solver._search`.
"""

from __future__ import annotations


def sure_marked(
    hands: list[int],
    owner_of: list[int],
    camp: int,
    side: int,
    leader: int,
    trumps: int,
    suits: list[int],
    half: list[int],
    excuse_bit: int,
    won: bool,
    lead: bool,
) -> tuple[int, int]:
    """The half points that the camp ``side`` wins for sure from the rest of the play.

    Args:
        hands: Each seat's cards still to play (masks of labels; equal sizes: a trick's
            start).
        owner_of: Each label's seat (read for the cards still to play).
        camp: The attack's seats as a mask (bit ``seat`` set for an attacker).
        side: 1 for the attack's sure points, 0 for the defence's.
        leader: The seat on lead.
        trumps: The mask of the trumps' labels (a higher label is a higher trump).
        suits: The masks of the four suits' labels (a higher label is a higher card).
        half: Each label's points in half points.
        excuse_bit: The Excuse's label as a mask.
        won: Whether the camp ``side`` has won a trick in the deal so far.
        lead: Whether the leader may lead any card (not the opening lead's restriction).

    Returns:
        A lower bound on the half points the camp adds to its tally (0 when none is sure),
        and the cards whose rank it read in the suits (for the partition search of
        ``_search.py``): in each suit the leader cashes, the lowest card it looked at (the
        last of the run, or the card that ended it). Every other card is read by its suit
        and owner only (the trumps are always kept exact).
    """
    seats = len(hands)
    live = 0
    for hand in hands:
        live |= hand
    # Master trumps: the run of the highest trumps held by the camp, counted per seat (five
    # bits a seat for the count, eight for the half points: machine-sized ints, no lists).
    counts = 0
    halves = 0
    left = live & trumps
    while left:
        card = left.bit_length() - 1
        bit = 1 << card
        owner = owner_of[card]
        if (camp >> owner & 1) != side:
            break
        counts += 1 << 5 * owner
        halves += half[card] << 8 * owner
        left ^= bit
    tricks = 0
    points = 0
    cash = 0  # the tricks the leader cashes in a suit, when they are counted
    marks = 0
    if counts:
        for seat in range(seats):
            count = counts >> 5 * seat & 31
            held = halves >> 8 * seat & 255
            if count > tricks or (count == tricks and held > points):
                tricks = count
                points = held
    # The leader's masters, suit after suit, then its master trumps.
    if lead and (camp >> leader & 1) == side:
        hand = hands[leader]
        best_run = 0
        best_half = 0
        for suit in suits:
            mine = hand & suit
            if not mine:
                continue
            rounds = hand.bit_count()
            for seat in range(seats):
                if seat != leader and hands[seat] & trumps:
                    held = (hands[seat] & suit).bit_count()
                    if held < rounds:
                        rounds = held
            run = 0
            run_half = 0
            cards = live & suit
            while cards and run < rounds:
                card = cards.bit_length() - 1
                marks |= 1 << card  # only its lowest card in the suit counts
                if not mine >> card & 1:
                    break
                run += 1
                run_half += half[card]
                cards ^= 1 << card
            best_run += run
            best_half += run_half
        run = best_run + (counts >> 5 * leader & 31)
        run_half = best_half + (halves >> 8 * leader & 255)
        if run * (seats - 1) + run_half > tricks * (seats - 1) + points:
            tricks = run
            points = run_half
            cash = best_run
    sure = 0
    if tricks:
        sure = points + tricks * (seats - 1)
    if live & excuse_bit:
        seat = owner_of[excuse_bit.bit_length() - 1]
        if (camp >> seat & 1) != side:
            if tricks == 1 and not won:
                sure = 0
        # The camp's Excuse, played before the last trick, keeps it 8 half points more
        # than the half point counted for it above (if the leader cashes, after its suit).
        elif hands[leader].bit_count() >= 2 and (
            seat != leader or cash + 1 < hands[leader].bit_count()
        ):
            sure += 8
    return sure, marks
