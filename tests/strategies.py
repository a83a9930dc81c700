"""Typed Hypothesis strategies for frenchtarot: cards, deals, actions and reachable states.

Reachable states are built cheaply: a deal (from a seed or from explicit hands) and a
string of bytes, each of which picks one of the legal actions (see :func:`pick`). A failing
example shrinks to a short walk from a simple deal.

Every strategy that makes deals takes ``rules``: a table size, or ``None`` (the default) to
draw one of the three, so that every property covers the three-, four- and five-player
games. Draws shrink towards the four-player game.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

import attrs
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import (
    DECK,
    Action,
    AnnounceSlam,
    Bid,
    Call,
    Card,
    Contract,
    DeclareHandful,
    Discard,
    Pass,
    Play,
    Rules,
    State,
    Suit,
)
from frenchtarot.errors import InvalidRulesError, TarotTypeError
from frenchtarot.match import Match, new_match, play_match
from frenchtarot.players import RandomPlayer

#: The three table sizes, the four-player game first (Hypothesis shrinks towards it).
TABLES: tuple[Rules, ...] = (ft.FOUR_PLAYER, ft.THREE_PLAYER, ft.FIVE_PLAYER)
#: Test ids for a parametrization over :data:`TABLES`.
TABLE_IDS: tuple[str, ...] = tuple(rules.name for rules in TABLES)


def max_actions(rules: Rules) -> int:
    """The most actions a deal can take: the words, the call, the écart, the slam decision,
    one handful per seat and every card played (87 with four players, 90 with five)."""
    call = 1 if rules.calls_partner else 0
    return rules.seats + call + rules.dog_size + 1 + rules.seats + rules.seats * rules.hand_size


#: No deal of any table size takes more actions than this.
MAX_DEAL_ACTIONS = max(map(max_actions, TABLES))

TRUMPS: tuple[Card, ...] = tuple(card for card in DECK if card.is_trump)
EXCUSE: Card = Card(None, 0)


class DealCards(NamedTuple):
    """One hand per seat and a dog, together a permutation of :data:`DECK`."""

    hands: tuple[tuple[Card, ...], ...]
    dog: tuple[Card, ...]


class DealSpec(NamedTuple):
    """Everything :func:`frenchtarot.deal_from` takes."""

    hands: tuple[tuple[Card, ...], ...]
    dog: tuple[Card, ...]
    dealer: int
    rules: Rules | None = None
    """The table (house rules included); ``None`` for the FFT table of that many hands."""

    def deal(self) -> State:
        return ft.deal_from(self.hands, self.dog, dealer=self.dealer, rules=self.rules)


class Walk(NamedTuple):
    """A deal and the choices that lead from it to a state (see :func:`walk`)."""

    start: State
    choices: tuple[int, ...]


def cards() -> st.SearchStrategy[Card]:
    """Any one of the 78 cards."""
    return st.sampled_from(DECK)


def tables(rules: Rules | None = None) -> st.SearchStrategy[Rules]:
    """``rules`` itself, or one of the three table sizes when it is ``None``."""
    return st.just(rules) if rules is not None else st.sampled_from(TABLES)


def seats(rules: Rules = ft.FOUR_PLAYER) -> st.SearchStrategy[int]:
    """A seat of the table (four players by default)."""
    return st.integers(min_value=0, max_value=rules.seats - 1)


def seeds() -> st.SearchStrategy[int]:
    """A seed for :func:`frenchtarot.new_deal` (any int from 0, however large)."""
    return st.integers(min_value=0, max_value=2**64)


def _split(pack: Sequence[Card], rules: Rules) -> DealCards:
    size = rules.hand_size
    hands = tuple(tuple(pack[size * seat : size * seat + size]) for seat in range(rules.seats))
    return DealCards(hands, tuple(pack[size * rules.seats :]))


def hands(rules: Rules = ft.FOUR_PLAYER) -> st.SearchStrategy[DealCards]:
    """One hand per seat and a dog: a random permutation of the pack cut in order."""
    return st.permutations(DECK).map(lambda pack: _split(pack, rules))


def _valid_deals(rules: Rules) -> st.SearchStrategy[DealSpec]:
    return st.builds(
        lambda cards, dealer: DealSpec(cards.hands, cards.dog, dealer, rules),
        hands(rules),
        seats(rules),
    )


def valid_deals(rules: Rules | None = ft.FOUR_PLAYER) -> st.SearchStrategy[DealSpec]:
    """Valid arguments for :func:`frenchtarot.deal_from`, dealer included."""
    return tables(rules).flatmap(_valid_deals)


def _seeded_deals(rules: Rules) -> st.SearchStrategy[State]:
    return st.builds(
        lambda seed, dealer: ft.new_deal(seed=seed, dealer=dealer, rules=rules),
        seeds(),
        seats(rules),
    )


def _deals(rules: Rules) -> st.SearchStrategy[State]:
    return st.one_of(
        _seeded_deals(rules),
        _valid_deals(rules).map(DealSpec.deal),
        scarce_ecart_deals(rules).map(DealSpec.deal),
    )


def deals(rules: Rules | None = None) -> st.SearchStrategy[State]:
    """The first state of a deal: from :func:`frenchtarot.new_deal` or :func:`deal_from`.

    The explicit deals are either any permutation of the pack or a deal where the first
    seat to speak is rich in trumps (see :func:`scarce_ecart_deals`), so that handfuls and
    trumps in the écart come up. Some deals are a *petit sec*, already over.
    """
    return tables(rules).flatmap(_deals)


def choices(
    max_steps: int = MAX_DEAL_ACTIONS, *, min_steps: int = 0
) -> st.SearchStrategy[tuple[int, ...]]:
    """How to pick the next actions: one byte (0 to 255) per action (see :func:`walk`).

    One draw of bytes for a whole deal is much cheaper than one draw per action.
    """
    return st.binary(min_size=min_steps, max_size=max_steps).map(tuple)


@st.composite
def _walks(draw: st.DrawFn, min_steps: int, max_steps: int, rules: Rules | None) -> Walk:
    start = draw(deals(rules))
    # Half the walks go all the way, so that finished deals are common.
    if min_steps == max_steps or draw(st.booleans()):
        steps = max_steps
    else:
        steps = draw(st.integers(min_value=min_steps, max_value=max_steps))
    picks = draw(choices(steps, min_steps=steps))
    return Walk(start, picks)


def walks(
    max_steps: int = MAX_DEAL_ACTIONS, *, min_steps: int = 0, rules: Rules | None = None
) -> st.SearchStrategy[Walk]:
    """A deal and from ``min_steps`` to ``max_steps`` choices (often ``max_steps``)."""
    return _walks(min_steps, max_steps, rules)


def full_walks(rules: Rules | None = None) -> st.SearchStrategy[Walk]:
    """A deal and enough choices to reach its end, whatever is chosen."""
    return walks(MAX_DEAL_ACTIONS, min_steps=MAX_DEAL_ACTIONS, rules=rules)


def pick(state: State, legal: Sequence[Action], byte: int) -> Action:
    """The legal action that ``byte`` stands for.

    In the bidding, before any bid, even values pass and odd ones bid a contract; after a
    bid, one value in four outbids it and the others pass. So every contract is often
    played, and four passes happen now and then. When a handful may be shown, odd values
    show one. Otherwise the value is taken modulo the number of legal actions.
    """
    if state.phase is ft.Phase.BIDDING and len(legal) > 1:
        bids = len(legal) - 1
        if state.contract is None:
            return legal[0] if byte % 2 == 0 else legal[1 + (byte // 2) % bids]
        return legal[1 + (byte // 4) % bids] if byte % 4 == 1 else legal[0]
    if isinstance(legal[0], DeclareHandful) and byte % 2:
        shown = sum(1 for action in legal if isinstance(action, DeclareHandful))
        return legal[(byte // 2) % shown]
    return legal[byte % len(legal)]


def _salt(start: State) -> int:
    """A number that depends on the deal only, mixed into the drawn choices."""
    return sum((n + 1) * card.index for n, card in enumerate(start.dog))


def walk(start: State, picks: Sequence[int]) -> Iterator[tuple[State, Action | None]]:
    """Yield each state from ``start`` on with the action then chosen (``None`` at the end).

    Each byte of ``picks`` is mixed with its position and with the dog before it picks an
    action (see :func:`pick`): Hypothesis often draws runs of zeros, and these still make
    varied deals. The walk stops early when the deal ends.
    """
    salt = _salt(start)
    state = start
    for step, byte in enumerate(picks):
        legal = ft.legal_actions(state)
        if not legal:
            break
        action = pick(state, legal, (byte + salt + 101 * step) % 256)
        yield state, action
        state = ft.apply(state, action)
    yield state, None


def replay(start: State, picks: Sequence[int]) -> State:
    """The state reached from ``start`` by the choices ``picks`` (see :func:`walk`)."""
    *_, (last, _none) = walk(start, picks)
    return last


def _end_of(path: Walk) -> State:
    return replay(path.start, path.choices)


@st.composite
def _states(draw: st.DrawFn, max_steps: int, rules: Rules | None) -> State:
    path = [state for state, _action in walk(*draw(walks(max_steps, rules=rules)))]
    # Mixed like the choices, so that the state is spread along the deal even when
    # Hypothesis draws zeros.
    where = draw(st.integers(min_value=0, max_value=255)) + _salt(path[0])
    return path[where % len(path)]


def states(
    max_steps: int = MAX_DEAL_ACTIONS, *, rules: Rules | None = None
) -> st.SearchStrategy[State]:
    """A state reachable by legal play: a deal then up to ``max_steps`` legal actions.

    The state is drawn along the whole walk, so every phase of the deal comes up.
    """
    return _states(max_steps, rules)


def terminal_states(rules: Rules | None = None) -> st.SearchStrategy[State]:
    """A finished deal: played out, or annulled by a petit sec or every seat passing."""
    return full_walks(rules).map(_end_of)


def done_states(rules: Rules | None = None) -> st.SearchStrategy[State]:
    """A deal played out to the last trick (never annulled)."""
    return terminal_states(rules).filter(lambda state: state.phase is ft.Phase.DONE)


@st.composite
def _scarce_ecart_deals(draw: st.DrawFn, rules: Rules) -> DealSpec:
    dealer = draw(seats(rules))
    size = rules.hand_size
    # The high cards (trumps but the Petit, and the Excuse) fill what the Kings, the Petit
    # and the ordinary cards leave of the taker's hand and the dog; there are 21 of them.
    least = max(0, size + rules.dog_size - 5 - 21)
    ordinary = draw(st.integers(min_value=least, max_value=max(least, rules.dog_size + 1)))
    pack = draw(st.permutations(DECK))  # one draw orders every group below
    plain = [card for card in pack if card.suit is not None and not card.is_king]
    high = [card for card in pack if card.suit is None and card != TRUMPS[0]]
    chosen = {TRUMPS[0], *(c for c in pack if c.is_king), *plain[:ordinary]}
    chosen.update(high[: size + rules.dog_size - 5 - ordinary])
    group = [card for card in pack if card in chosen]
    rest = [card for card in pack if card not in chosen]
    first = (dealer + 1) % rules.seats
    dealt: list[tuple[Card, ...]] = []
    for seat in range(rules.seats):
        if seat == first:
            dealt.append(tuple(group[:size]))
        else:
            dealt.append(tuple(rest[:size]))
            rest = rest[size:]
    return DealSpec(tuple(dealt), tuple(group[size:]), dealer, rules)


def scarce_ecart_deals(rules: Rules | None = ft.FOUR_PLAYER) -> st.SearchStrategy[DealSpec]:
    """Deals where the first seat to speak may have to put trumps in the écart.

    That seat's cards and the dog together hold all four Kings, the Petit, a few ordinary
    cards (suit cards other than Kings: at most one more than the écart takes) and trumps
    or the Excuse for the rest, so that taking the dog leaves fewer ordinary cards than the
    écart needs more often than not.
    """
    return tables(rules).flatmap(_scarce_ecart_deals)


def _handful_cards() -> st.SearchStrategy[frozenset[Card]]:
    sizes = sorted({size for rules in TABLES for size, _bonus in rules.handfuls})
    trump_sets = st.sampled_from(sizes).flatmap(
        lambda size: st.lists(
            st.sampled_from((*TRUMPS, EXCUSE)), min_size=size, max_size=size, unique=True
        )
    )
    return st.one_of(trump_sets.map(frozenset), st.frozensets(cards(), max_size=16))


def actions() -> st.SearchStrategy[Action]:
    """Any well-formed action, legal or not in any given state.

    Handfuls are mostly of a size some table allows (8 to 18 trumps, the Excuse possibly
    among them), sometimes any set of cards.
    """
    return st.one_of(
        st.just(Pass()),
        st.builds(Bid, st.sampled_from(Contract)),
        st.builds(Call, cards()),
        st.just(AnnounceSlam()),
        st.builds(Discard, cards()),
        st.builds(Play, cards()),
        st.builds(DeclareHandful, _handful_cards()),
    )


@st.composite
def _matches(draw: st.DrawFn, deals: int, moves: int, finished: bool) -> Match:
    players = draw(st.sampled_from([4, 3, 5]))
    dead = players == 5 and draw(st.booleans())
    length = draw(st.sampled_from([1, 2, 3] if finished else [None, 1, 2, 3]))
    seed = draw(st.integers(min_value=0, max_value=2**40))
    match = new_match(players, deals=length, seed=seed, dead_player=dead)
    bots = [RandomPlayer(seed + n) for n in range(players)]
    if finished:
        return play_match(match, bots)
    played = draw(st.integers(min_value=0, max_value=deals))
    if played:
        match = play_match(match, bots, deals=played)
    for _ in range(draw(st.integers(min_value=0, max_value=moves))):
        if match.current is None:
            break
        match = match.apply(ft.legal_actions(match.current)[0])
    return match


def matches(*, deals: int = 2, moves: int = 30) -> st.SearchStrategy[Match]:
    """A match of any table size (five with or without a dead player), of one to three deals
    or open-ended, stopped after up to ``deals`` deals played by random players and up to
    ``moves`` actions of the next one."""
    return _matches(deals, moves, False)


def finished_matches() -> st.SearchStrategy[Match]:
    """A match of one to three deals of any table size, played to its end by random players."""
    return _matches(0, 0, True)


def scalars() -> st.SearchStrategy[object]:
    """Values of many types: numbers, text, bytes, cards, enums, tables, notations."""
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(min_value=-2, max_value=80),
        st.floats(),
        st.text(max_size=60),
        st.binary(max_size=20),
        st.complex_numbers(),
        st.sampled_from([object(), int, str, ..., NotImplemented]),
        st.sampled_from(DECK),
        st.sampled_from(list(Suit)),
        st.sampled_from(list(Contract)),
        st.sampled_from(TABLES),
        st.sampled_from(
            ["KH", "T21", "EX", "pass", "garde", "call KS", "discard 2S", "handful T1 T2"]
        ),
    )


def anything() -> st.SearchStrategy[object]:
    """Values of every type, containers of them included."""
    return st.recursive(
        scalars(),
        lambda inner: st.one_of(
            st.lists(inner, max_size=6),
            st.tuples(inner, inner),
            st.frozensets(st.sampled_from(DECK), max_size=8),
            st.dictionaries(st.text(max_size=5), inner, max_size=3),
        ),
        max_leaves=12,
    )


# --- House rules: any valid Rules, and Rules with one knob broken ----------------------------

#: The largest bonus or multiplier a :class:`Rules` accepts.
LARGEST_KNOB = 10_000


def bonuses() -> st.SearchStrategy[int]:
    """A petit au bout or slam bonus a table may set: 0, small, or up to the largest."""
    return st.one_of(
        st.integers(min_value=0, max_value=500),
        st.sampled_from([0, 5, 10, 200, 400, LARGEST_KNOB]),
    )


def rules_names() -> st.SearchStrategy[str]:
    """A name a table may have: printable, not blank (letters, digits, punctuation, symbols,
    and after the first character combining accents and spaces too)."""
    printable = st.characters(categories=("L", "N", "P", "S"))
    rest = st.text(
        st.one_of(printable, st.characters(min_codepoint=0x300, max_codepoint=0x36F), st.just(" "))
    )
    return st.builds(str.__add__, printable, rest)


@st.composite
def rising_contracts(draw: st.DrawFn) -> tuple[tuple[Contract, int], ...]:
    """A non-empty subset of the contracts, in the FFT order, with rising multipliers."""
    chosen = draw(st.sets(st.sampled_from(list(Contract)), min_size=1))
    multiplier = draw(st.integers(min_value=1, max_value=10))
    contracts = []
    for contract in sorted(chosen, key=lambda contract: contract.rank):
        contracts.append((contract, multiplier))
        multiplier += draw(st.integers(min_value=1, max_value=10))
    return tuple(contracts)


@st.composite
def _valid_rules(draw: st.DrawFn, table: Rules | None) -> Rules:
    base = draw(tables(table))
    handfuls = tuple(
        (size, draw(st.integers(min_value=1, max_value=200))) for size, _bonus in base.handfuls
    )
    return attrs.evolve(
        base,
        name=draw(rules_names()),
        handfuls=handfuls,
        calls_partner=base.seats == 5 and draw(st.booleans()),
        contracts=draw(st.one_of(rising_contracts(), st.just(base.contracts))),
        petit_au_bout=draw(bonuses()),
        petit_au_bout_multiplied=draw(st.booleans()),
        slam_announced=draw(bonuses()),
        slam_unannounced=draw(bonuses()),
        slam_missed=draw(bonuses()),
        slam_defence=draw(bonuses()),
    )


def valid_rules(table: Rules | None = None) -> st.SearchStrategy[Rules]:
    """Any valid :class:`Rules` of the size of ``table`` (any of the three when ``None``).

    The house-rule knobs are all drawn: a non-empty subset of the contracts in the FFT order
    with rising multipliers (or the FFT's), the handful bonuses, a petit au bout and slam
    bonuses from 0 up to the largest allowed, flat or multiplied, a name, and at five seats
    whether a partner is called. The table itself (seats, hands, dog, handful sizes) is the
    FFT's.
    """
    return _valid_rules(table)


@st.composite
def _house_deals(draw: st.DrawFn) -> State:
    rules = draw(valid_rules())
    dealer = draw(seats(rules))
    how = draw(st.sampled_from(["seed", "pack", "trumps"]))
    if how == "seed":
        return ft.new_deal(seed=draw(seeds()), dealer=dealer, rules=rules)
    if how == "pack":
        dealt = draw(hands(rules))
        return ft.deal_from(dealt.hands, dealt.dog, dealer=dealer, rules=rules)
    spec = draw(_scarce_ecart_deals(rules))
    return ft.deal_from(spec.hands, spec.dog, dealer=spec.dealer, rules=rules)


def house_deals() -> st.SearchStrategy[State]:
    """The first state of a deal at a table of :func:`valid_rules`: from a seed, from any
    permutation of the pack, or with the first seat to speak rich in trumps (see
    :func:`scarce_ecart_deals`). Some are a *petit sec*, already over."""
    return _house_deals()


class BrokenRules(NamedTuple):
    """The fields of a :class:`Rules` with one knob broken, and the error it must raise."""

    knob: str
    fields: dict[str, Any]
    error: type[Exception]


def _two_contracts(draw: st.DrawFn) -> tuple[Contract, Contract]:
    """Two different contracts, lower first."""
    pair = draw(st.lists(st.sampled_from(list(Contract)), min_size=2, max_size=2, unique=True))
    low, high = sorted(pair, key=lambda contract: contract.rank)
    return low, high


@st.composite
def _broken_rules(draw: st.DrawFn) -> BrokenRules:
    fields = attrs.asdict(draw(valid_rules()), recurse=False)
    knob = draw(
        st.sampled_from(
            [
                "calls_partner",
                "no contract",
                "contracts out of order",
                "contract twice",
                "multipliers not rising",
                "multiplier out of range",
                "negative bonus",
                "bonus too large",
                "handful bonus",
                "blank name",
                "wrong type",
            ]
        )
    )
    error: type[Exception] = InvalidRulesError
    multiplier = draw(st.integers(min_value=1, max_value=50))
    rise = draw(st.integers(min_value=1, max_value=50))
    bonus_field = draw(
        st.sampled_from(
            ["petit_au_bout", "slam_announced", "slam_unannounced", "slam_missed", "slam_defence"]
        )
    )
    if knob == "calls_partner":
        table = draw(st.sampled_from([ft.THREE_PLAYER, ft.FOUR_PLAYER]))
        for field in ("seats", "hand_size", "dog_size", "packet", "handfuls"):
            fields[field] = getattr(table, field)
        fields["calls_partner"] = True
    elif knob == "no contract":
        fields["contracts"] = ()
    elif knob == "contracts out of order":
        low, high = _two_contracts(draw)
        fields["contracts"] = ((high, multiplier), (low, multiplier + rise))
    elif knob == "contract twice":
        contract = draw(st.sampled_from(list(Contract)))
        fields["contracts"] = ((contract, multiplier), (contract, multiplier + rise))
    elif knob == "multipliers not rising":
        low, high = _two_contracts(draw)
        fields["contracts"] = ((low, multiplier + rise - 1), (high, multiplier))
    elif knob == "multiplier out of range":
        contract = draw(st.sampled_from(list(Contract)))
        bad = draw(st.sampled_from([0, -1, -multiplier, LARGEST_KNOB + multiplier]))
        fields["contracts"] = ((contract, bad),)
    elif knob == "negative bonus":
        fields[bonus_field] = -multiplier
    elif knob == "bonus too large":
        fields[bonus_field] = LARGEST_KNOB + multiplier
    elif knob == "handful bonus":
        which = draw(st.integers(min_value=0, max_value=2))
        bad = draw(st.sampled_from([0, -multiplier, LARGEST_KNOB + multiplier]))
        handfuls = list(fields["handfuls"])
        handfuls[which] = (handfuls[which][0], bad)
        fields["handfuls"] = tuple(handfuls)
    elif knob == "blank name":
        fields["name"] = draw(st.sampled_from(["", " ", "   ", "\t", "\n", "a\nb", "x\x00"]))
    else:
        error = TarotTypeError
        field, value = draw(st.sampled_from(WRONG_TYPES))
        fields[field] = value
        knob = f"{field} = {value!r}"
    return BrokenRules(knob, fields, error)


#: A value of the wrong type for each house-rule knob (and the name).
WRONG_TYPES: tuple[tuple[str, object], ...] = (
    ("name", None),
    ("name", 4),
    ("name", b"ludicash"),
    ("petit_au_bout", 10.0),
    ("petit_au_bout", "10"),
    ("petit_au_bout", True),
    ("petit_au_bout", None),
    ("petit_au_bout_multiplied", 1),
    ("petit_au_bout_multiplied", "yes"),
    ("petit_au_bout_multiplied", None),
    ("slam_announced", 400.0),
    ("slam_unannounced", "200"),
    ("slam_missed", False),
    ("slam_defence", None),
    ("calls_partner", 0),
    ("contracts", [(Contract.GARDE, 2)]),
    ("contracts", None),
    ("contracts", Contract.GARDE),
    ("contracts", ((Contract.GARDE, 2.0),)),
    ("contracts", ((Contract.GARDE, True),)),
    ("contracts", (("garde", 2),)),
    ("contracts", ((2, Contract.GARDE),)),
    ("contracts", ([Contract.GARDE, 2],)),
    ("contracts", ((Contract.GARDE, 2, 3),)),
    ("contracts", (Contract.GARDE, Contract.GARDE_SANS)),
)


def broken_rules() -> st.SearchStrategy[BrokenRules]:
    """The fields of a valid :class:`Rules` (see :func:`valid_rules`) with one knob broken.

    One of: a partner called at three or four seats, no contract, two contracts out of the
    FFT order, a contract listed twice, multipliers that do not rise, a multiplier of 0,
    below or above the largest, a negative or too large petit au bout or slam bonus, a
    handful bonus of 0, below or too large, a blank or unprintable name, or a value of the
    wrong type. Each must be refused with :class:`~frenchtarot.InvalidRulesError`, the
    wrong types with :class:`~frenchtarot.TarotTypeError`.
    """
    return _broken_rules()
