"""The runner of :func:`frenchtarot.testing.check_conformance`: the checks themselves.

Private: :mod:`frenchtarot.testing` checks the arguments, makes a :class:`_Run` and reports
what it counted; the run plays the deals, draws the probes and fails at the first broken
promise with a :class:`~frenchtarot.testing.ConformanceError`.
"""

from __future__ import annotations

import copy
import math
import pickle
import random
from collections.abc import Callable, Sequence
from typing import Final, NoReturn, Protocol, TypeVar

from frenchtarot._core import flow as _flow
from frenchtarot._core.state import State
from frenchtarot.actions import (
    ACTION_TYPES,
    Action,
    AnnounceSlam,
    Bid,
    Call,
    Contract,
    DeclareHandful,
    Discard,
    Pass,
    Phase,
    Play,
)
from frenchtarot.cards import DECK, Card
from frenchtarot.errors import ConformanceError, IllegalActionError, NotTerminalError, Rule
from frenchtarot.rules import Rules
from frenchtarot.scoring import Camp, Score, SlamResult

_T = TypeVar("_T")
_TOTAL_POINTS: Final = 91
_TARGETS: Final = (56, 51, 41, 36)
"""The points the taker needs with 0, 1, 2 or 3 bouts (the same at every table)."""
_CONTRACT_POINTS: Final = 25
_MAX_ACTIONS: Final = 500
"""A deal that has not ended after this many actions is taken to loop forever."""
_TERMINAL_PROBES: Final = 3
_TRUMPS: Final = tuple(card for card in DECK if card.is_trump)
_FACE_CARDS: Final = tuple(card for card in DECK if card.rank > 10 and not card.is_trump)


def _draw(rng: random.Random, n: int) -> int:
    """A whole number from 0 to ``n - 1`` drawn with ``Random.random()`` alone."""
    return min(int(rng.random() * n), n - 1)


def _sample(rng: random.Random, items: list[_T], k: int) -> list[_T]:
    """``k`` of ``items`` without repeats (a partial Fisher-Yates shuffle, in place)."""
    k = min(k, len(items))
    for i in range(k):
        j = i + _draw(rng, len(items) - i)
        items[i], items[j] = items[j], items[i]
    return items[:k]


def _same_display_size(action: Action, legal: Sequence[Action]) -> bool:
    """Whether ``action`` is a handful of a size that ``legal`` offers."""
    if not isinstance(action, DeclareHandful):
        return False
    size = len(action.cards)
    return any(isinstance(a, DeclareHandful) and len(a.cards) == size for a in legal)


class NewDealHook(Protocol):
    """The shape of :func:`frenchtarot.new_deal` that :func:`check_conformance` calls.

    :func:`frenchtarot.new_deal` itself fits, and so does any callable taking the same three
    keyword arguments and returning a :class:`~frenchtarot.State`.
    """

    def __call__(self, *, dealer: int, seed: int, rules: Rules) -> State:
        """Deal a new deal of ``rules`` from seat ``dealer``, shuffled from ``seed``.

        Args:
            dealer: The dealing seat.
            seed: The seed of the shuffle.
            rules: The table size.

        Returns:
            The first state of the deal, as :func:`~frenchtarot.new_deal` returns it.
        """
        ...


class _Run:
    """The checks of one :func:`check_conformance` call, and what they have counted."""

    def __init__(
        self,
        new_deal: NewDealHook,
        legal_actions: Callable[[State], Sequence[Action]],
        apply: Callable[[State, Action], State],
        is_legal: Callable[[State, Action], bool],
        score: Callable[[State], Score],
        probes: int,
        rules: Rules,
    ) -> None:
        self.table = rules
        # The bids of the contracts this table leaves out: never listed, always refused for
        # CONTRACT_NOT_OFFERED in the bidding. Empty under the FFT rules, which then pay
        # nothing for these checks.
        self.not_offered = frozenset(Bid(c) for c in Contract if not rules.offers(c))
        self.new_deal = new_deal
        self.legal_actions = legal_actions
        self.apply = apply
        self.is_legal = is_legal
        self.score = score
        self.probe_count = probes
        self.finished = 0
        self.annulled = 0
        self.actions = 0
        self.probes = 0
        self.refusals = 0
        self.rules: set[Rule] = set()
        self.seed = 0
        self.history: tuple[Action, ...] = ()
        self.probe_rng = random.Random(0)

    # Reporting.

    def fail(self, check: str, detail: str) -> NoReturn:
        raise ConformanceError(
            check, detail, seed=self.seed, step=len(self.history), history=self.history
        )

    def guard(self, check: str, what: str, call: Callable[[], _T]) -> _T:
        """Run ``call``; an unexpected exception fails ``check``."""
        try:
            return call()
        except ConformanceError:
            raise
        except Exception as error:
            self.fail(check, f"{what} raised {type(error).__name__}: {error}")

    # One deal.

    def play(self, seed: int) -> None:
        self.seed = seed
        self.history = ()
        table = self.table
        dealer = seed % table.seats
        state = self.guard(
            "new-deal", "new_deal", lambda: self.new_deal(dealer=dealer, seed=seed, rules=table)
        )
        if not isinstance(state, State):
            self.fail("new-deal", f"new_deal returned {type(state).__name__}, not a State")
        if state.rules != table:
            self.fail("new-deal", f"new_deal({table.name}) dealt a {state.rules.name} deal")
        if state.dealer != dealer or state.history:
            self.fail(
                "new-deal",
                f"new_deal(dealer={dealer}) gave dealer {state.dealer} "
                f"and {len(state.history)} actions already taken",
            )
        rng = random.Random(seed)
        # The probes draw from their own generator, so the deal played does not depend on
        # how many probes are tried.
        self.probe_rng = random.Random(f"probes {seed}")
        snapshot = self.check_state(state)
        while state.current is not None:
            if len(state.history) >= _MAX_ACTIONS:
                self.fail("termination", f"the deal has not ended after {_MAX_ACTIONS} actions")
            if not state.history:
                self.check_not_scorable(state)
            state = self.step(state, snapshot, rng)
            snapshot = self.check_state(state)
        self.history = state.history
        self.check_terminal(state, snapshot)
        self.check_score(state)

    def step(self, state: State, snapshot: State, rng: random.Random) -> State:
        """Check everything at a non-terminal ``state`` and return the next one."""
        digest = hash(state)
        # ``before`` shares the fields of ``state``: comparing the two is quick, so it is done
        # after every call of ``apply``; the pickled ``snapshot`` also catches changes made
        # deeper down, and is compared once per step.
        before = copy.copy(state)
        legal = self.listed(state, snapshot)
        if not legal:
            self.fail(
                "legal-actions", f"legal_actions is empty, but seat {state.current} is to act"
            )
        chosen = _draw(rng, len(legal))
        results = [self.accepted(state, before, action) for action in legal]
        action, result = legal[chosen], results[chosen]
        self.check_turn(state, action)
        for probe in self.probe_actions(state):
            self.probes += 1
            if probe in legal:
                self.accepted(state, before, probe)
            else:
                self.refused(state, before, probe, legal)
        if hash(state) != digest or state != snapshot:
            self.fail("apply-pure", "the state changed while actions were applied to it")
        self.actions += 1
        self.history = result.history
        return result

    # The checks.

    def check_state(self, state: State) -> State:
        """Check a state reached by the deal; return a pickled copy of it."""
        self.history = state.history
        if state.is_terminal != (state.current is None):
            self.fail("terminal", f"is_terminal is {state.is_terminal}, current {state.current}")
        twin: object = self.guard("pickle", "pickling", lambda: pickle.loads(pickle.dumps(state)))
        if not isinstance(twin, State) or twin != state or hash(twin) != hash(state):
            self.fail("pickle", "a pickle round trip gave a different state")
        self.check_cards(state)
        return twin

    def check_cards(self, state: State) -> None:
        places: list[tuple[str, Sequence[Card]]] = [
            (f"the hand of seat {seat}", state.hand(seat)) for seat in range(state.rules.seats)
        ]
        if not _flow.dog_is_public(state.phase, state.contract):
            places.append(("the dog", state.dog))
        places.append(("the écart", state.discard))
        places.extend((f"trick {n + 1}", trick.cards) for n, trick in enumerate(state.tricks))
        places.append(("the trick in progress", state.current_trick))
        where: dict[Card, str] = {}
        for place, cards in places:
            for card in cards:
                if card in where:
                    self.fail("cards", f"{card} is both in {where[card]} and in {place}")
                where[card] = place
        missing = [str(card) for card in DECK if card not in where]
        if missing:
            self.fail("cards", f"{' '.join(missing)} not found anywhere")

    def listed(self, state: State, snapshot: State) -> tuple[Action, ...]:
        """The legal actions at ``state``, checked for form, repeats and stability."""
        legal = tuple(
            self.guard("legal-actions", "legal_actions", lambda: self.legal_actions(state))
        )
        for action in legal:
            if not isinstance(action, ACTION_TYPES):
                self.fail("legal-actions", f"legal_actions lists {action!r}, not an action")
        if len(set(legal)) != len(legal):
            self.fail("legal-actions", "legal_actions lists an action twice")
        if self.not_offered and not self.not_offered.isdisjoint(legal):
            bid = next(action for action in legal if action in self.not_offered)
            self.fail(
                "legal-actions",
                f"legal_actions lists {bid}, but the {self.table.name} rules offer only "
                + ", ".join(c.name.lower() for c in self.table.offered),
            )
        again = tuple(
            self.guard("legal-actions", "legal_actions", lambda: self.legal_actions(snapshot))
        )
        if again != legal:
            self.fail("legal-actions", "legal_actions differs between two equal states")
        return legal

    def accepted(self, state: State, before: State, action: Action) -> State:
        """Apply ``action``, which must be accepted; return the new state."""
        try:
            result = self.apply(state, action)
        except IllegalActionError as error:
            self.fail(
                "legal-actions",
                f"apply refused {action}, which legal_actions lists ({error.rule.name}: {error})",
            )
        except ConformanceError:
            raise
        except Exception as error:
            self.fail("apply", f"apply({action}) raised {type(error).__name__}: {error}")
        self.unchanged(state, before, action)
        if not isinstance(result, State):
            self.fail("apply", f"apply({action}) returned {type(result).__name__}, not a State")
        if result.history != (*state.history, action):
            self.fail("apply", f"after apply({action}) the history is not the old one plus it")
        if not self.guard("is-legal", "is_legal", lambda: self.is_legal(state, action)):
            self.fail("is-legal", f"is_legal says {action} is illegal, but apply accepts it")
        self.unchanged(state, before, action)
        return result

    def refused(
        self, state: State, before: State, action: Action, legal: Sequence[Action]
    ) -> Rule | None:
        """Apply ``action``, which ``legal_actions`` does not list: it must be refused.

        Returns the rule named by the refusal, or ``None`` for a handful of a listed size
        that was accepted.
        """
        try:
            self.apply(state, action)
        except IllegalActionError as error:
            if not isinstance(error.rule, Rule):
                self.fail("refusal", f"refusing {action} names no Rule: {error.rule!r}")
            self.unchanged(state, before, action)
            if self.guard("is-legal", "is_legal", lambda: self.is_legal(state, action)):
                self.fail("is-legal", f"is_legal says {action} is legal, but apply refuses it")
            self.unchanged(state, before, action)
            self.check_contract_refusal(state, action, error.rule)
            self.refusals += 1
            self.rules.add(error.rule)
            return error.rule
        except ConformanceError:
            raise
        except Exception as error:
            self.fail(
                "refusal",
                f"apply({action}) raised {type(error).__name__} instead of IllegalActionError",
            )
        if _same_display_size(action, legal):
            self.accepted(state, before, action)
            return None
        self.fail("legal-actions", f"apply accepts {action}, which legal_actions does not list")

    def check_contract_refusal(self, state: State, action: Action, rule: Rule) -> None:
        """Check the rule of a refusal against the contracts the table offers.

        In the bidding, a bid of a contract the table leaves out is refused for
        ``CONTRACT_NOT_OFFERED``, and that rule names nothing else.
        """
        left_out = action in self.not_offered if self.not_offered else False
        if left_out and state.phase is Phase.BIDDING and rule is not Rule.CONTRACT_NOT_OFFERED:
            self.fail(
                "refusal",
                f"{action} is refused for {rule.name}, not CONTRACT_NOT_OFFERED: the "
                f"{self.table.name} rules do not offer it",
            )
        if rule is Rule.CONTRACT_NOT_OFFERED and not left_out:
            self.fail(
                "refusal",
                f"{action} is refused for CONTRACT_NOT_OFFERED, but it is not a bid of a "
                f"contract the {self.table.name} rules leave out",
            )

    def unchanged(self, state: State, before: State, action: Action) -> None:
        if state != before:
            self.fail("apply-pure", f"apply({action}) changed the state it was given")

    def check_turn(self, state: State, action: Action) -> None:
        seat = state.current
        assert seat is not None
        if isinstance(action, (Play, Discard)) and action.card not in state.hand(seat):
            self.fail("turn", f"{action} is listed but seat {seat} does not hold {action.card}")

    def probe_actions(self, state: State) -> list[Action]:
        """Actions worth trying at ``state``, of which ``probe_count`` are drawn.

        The candidates are the words of the bidding and the slam, one ``Play``, one
        ``Discard`` and one ``Call`` of a random card, and what the phase calls for: a
        ``Call`` of each King, Queen, Knight and Jack at the call; a ``Discard`` of each card
        of the taker's hand in the écart; in the play, a ``Play`` of each card of the seat's
        hand and a handful of each size from the seat's trumps. Only the drawn probes are
        built, to keep the checks fast.
        """
        if not self.probe_count:
            return []
        rng = self.probe_rng
        seat = state.current
        assert seat is not None
        phase = state.phase
        words: list[Action] = [
            Pass(),
            AnnounceSlam(),
            *(Bid(c) for c in Contract),
            Play(DECK[_draw(rng, len(DECK))]),
            Discard(DECK[_draw(rng, len(DECK))]),
            Call(DECK[_draw(rng, len(DECK))]),
        ]
        hand: tuple[Card, ...] = ()
        if phase in (Phase.DISCARD, Phase.PLAY):
            hand = state.hand(seat)
        elif phase is Phase.CALL:
            hand = _FACE_CARDS
        sizes = [size for size, _bonus in state.rules.handfuls] if phase is Phase.PLAY else []
        total = len(words) + len(hand) + len(sizes)
        probes: list[Action] = []
        for pick in _sample(rng, list(range(total)), self.probe_count):
            if pick < len(words):
                probes.append(words[pick])
            elif pick < len(words) + len(hand):
                card = hand[pick - len(words)]
                probes.append(
                    Discard(card)
                    if phase is Phase.DISCARD
                    else Call(card)
                    if phase is Phase.CALL
                    else Play(card)
                )
            else:
                probes.append(self.handful_probe(state, sizes[pick - len(words) - len(hand)]))
        return probes

    def handful_probe(self, state: State, size: int) -> DeclareHandful:
        """A handful of ``size`` cards drawn from what the seat to act may show.

        When the seat has too few trumps, the cards are drawn from all the trumps.
        """
        seat = state.current
        showable = [card for card in state.hand(seat or 0) if card.is_trump or card.is_excuse]
        if seat == state.taker:
            showable += [card for card in state.discard if card.is_trump]
        pool = showable if len(showable) >= size else list(_TRUMPS)
        shown: list[Card] = _sample(self.probe_rng, pool, size)
        return DeclareHandful(shown)

    def check_terminal(self, state: State, snapshot: State) -> None:
        """Check a finished deal: nothing listed, everything refused for ``GAME_OVER``."""
        before = copy.copy(state)
        legal = self.listed(state, snapshot)
        if legal:
            self.fail("legal-actions", f"the deal is over, yet legal_actions lists {legal[0]}")
        if state.phase not in (Phase.DONE, Phase.ANNULLED):
            self.fail("terminal", f"no seat is to act, but the phase is {state.phase.name}")
        candidates: list[Action] = [
            Pass(),
            Bid(Contract.GARDE_CONTRE),
            Play(DECK[_draw(self.probe_rng, len(DECK))]),
            Discard(DECK[_draw(self.probe_rng, len(DECK))]),
        ]
        for probe in _sample(self.probe_rng, candidates, min(self.probe_count, _TERMINAL_PROBES)):
            self.probes += 1
            rule = self.refused(state, before, probe, legal)
            if rule is not Rule.GAME_OVER:
                self.fail("game-over", f"after the end, {probe} is refused for {rule}")

    def check_not_scorable(self, state: State) -> None:
        try:
            self.score(state)
        except NotTerminalError:
            return
        except Exception as error:
            self.fail(
                "score",
                f"score raised {type(error).__name__}, not NotTerminalError, "
                "on an unfinished deal",
            )
        self.fail("score", "score accepted an unfinished deal")

    def check_score(self, state: State) -> None:
        result = self.guard("score", "score", lambda: self.score(state))
        if not isinstance(result, Score):
            self.fail("score", f"score returned {type(result).__name__}, not a Score")
        deltas = result.deltas
        seats = state.rules.seats
        if len(deltas) != seats or sum(deltas) != 0:
            self.fail("score", f"the deltas {deltas} do not sum to zero over {seats} seats")
        if state.phase is Phase.ANNULLED:
            self.annulled += 1
            if any(deltas):
                self.fail("score", f"an annulled deal scores {deltas}, not zeros")
            return
        self.finished += 1
        points = result.taker_points + result.defence_points
        if points != _TOTAL_POINTS:
            self.fail("score", f"the camps' card points add up to {points}, not 91")
        taker, partner = state.taker, state.partner
        assert taker is not None
        if (result.taker, result.contract) != (taker, state.contract):
            self.fail(
                "score",
                f"the score names seat {result.taker} and {_name(result.contract)}, but seat "
                f"{taker} took with {_name(state.contract)}",
            )
        self.check_unit(state, result)
        defenders = [s for s in range(seats) if s not in (taker, partner)]
        each = -result.unit
        share = -(len(defenders) - (partner is not None)) * each
        if (
            any(deltas[s] != each for s in defenders)
            or (partner is not None and deltas[partner] != -each)
            or deltas[taker] != share
        ):
            self.fail(
                "score",
                f"the deltas {deltas} do not give each defender {each} (minus the unit), the "
                f"partner ({partner}) the opposite and the taker (seat {taker}) {share}",
            )

    def check_unit(self, state: State, result: Score) -> None:
        """Check the unit of a played deal against its parts and the table's house rules.

        ``unit = (25 + margin) x multiplier`` (negative when lost) plus the petit au bout,
        the handfuls and the slam, each worth what the table's rules say: the contract's
        multiplier, the petit au bout multiplied or flat, the handful and slam bonuses.
        """
        table = self.table
        contract = result.contract
        assert contract is not None  # the same as the state's, checked by the caller
        if not table.offers(contract):
            self.fail("score", f"{_name(contract)} was played, but the {table.name} rules omit it")
        multiplier = table.multiplier(contract)
        if result.multiplier != multiplier:
            self.fail(
                "score",
                f"the score multiplies by {result.multiplier}, but the {table.name} rules "
                f"multiply {_name(contract)} by {multiplier}",
            )
        if not 0 <= result.bouts < len(_TARGETS) or result.target != _TARGETS[result.bouts]:
            self.fail("score", f"the target is {result.target} with {result.bouts} bouts")
        made = result.taker_points >= result.target
        margin = math.ceil(abs(result.taker_points - result.target))
        if (result.made, result.margin) != (made, margin):
            self.fail(
                "score",
                f"{result.taker_points:g} points against a target of {result.target} is "
                f"{'made' if made else 'lost'} by {margin}, not "
                f"{'made' if result.made else 'lost'} by {result.margin}",
            )
        sign = 1 if made else -1
        unit = sign * (_CONTRACT_POINTS + margin) * multiplier
        petit = result.petit_au_bout
        if petit is not None:
            value = table.petit_au_bout * (multiplier if table.petit_au_bout_multiplied else 1)
            if petit.camp is not Camp.ATTACK:
                value = -value
            if petit.value != value:
                self.fail(
                    "score",
                    f"the petit au bout won by the {petit.camp.value} is worth {petit.value} "
                    f"to the attack, not {value} under the {table.name} rules",
                )
            unit += petit.value
        shown = [(h.seat, h.size) for h in state.handfuls]
        if [(h.seat, h.size) for h in result.handfuls] != shown:
            self.fail("score", f"the score's handfuls are not the (seat, size) {shown} shown")
        for handful in result.handfuls:
            if handful.value != sign * table.handful_bonus(handful.size):
                self.fail(
                    "score",
                    f"the handful of {handful.size} is worth {handful.value}, not "
                    f"{sign * table.handful_bonus(handful.size)} under the {table.name} rules",
                )
            unit += handful.value
        slam = result.slam
        expected = _slam_value(table, slam)
        if slam.announced != state.slam or slam.value != expected:
            self.fail(
                "score",
                f"the slam ({slam.describe()}, announced: {state.slam}) is worth {slam.value}, "
                f"not {expected} under the {table.name} rules",
            )
        unit += slam.value
        if result.unit != unit:
            self.fail("score", f"the unit is {result.unit}, but its parts add up to {unit}")


def _name(contract: Contract | None) -> str:
    return "no contract" if contract is None else contract.name.lower()


def _slam_value(rules: Rules, slam: SlamResult) -> int:
    """What ``slam`` is worth to the attack under ``rules``."""
    if slam.made_by is Camp.ATTACK:
        return rules.slam_announced if slam.announced else rules.slam_unannounced
    missed = -rules.slam_missed if slam.announced else 0
    return missed - rules.slam_defence if slam.made_by is Camp.DEFENCE else missed
