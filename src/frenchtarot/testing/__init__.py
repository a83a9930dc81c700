"""A conformance checker for the :mod:`frenchtarot` API: :func:`check_conformance`.

:func:`check_conformance` plays random deals through :func:`~frenchtarot.new_deal`,
:func:`~frenchtarot.legal_actions`, :func:`~frenchtarot.apply`, :func:`~frenchtarot.is_legal`
and :func:`~frenchtarot.score`, and checks at every step the promises those functions make,
in the spirit of the random-play API tests of game libraries such as OpenSpiel and pgx.

Run it on the library itself (it is part of the test suite), or pass your own callables to
check code that wraps the library: an adapter for a game framework, a caching layer, a
remote client. It stops at the first broken promise with a :class:`ConformanceError` that
says which check failed, on which deal and after which actions, so the failure can be
replayed.

>>> from frenchtarot.testing import check_conformance
>>> report = check_conformance(deals=5, seed=2)
>>> report.deals, report.finished + report.annulled
(5, 5)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from frenchtarot._checks import describe_value, whole_number
from frenchtarot._core.state import State
from frenchtarot._dealing import check_seed
from frenchtarot._dealing import new_deal as _library_new_deal
from frenchtarot._engine import apply as _library_apply
from frenchtarot._engine import is_legal as _library_is_legal
from frenchtarot._engine import legal_actions as _library_legal_actions
from frenchtarot.actions import Action
from frenchtarot.errors import (
    ConformanceError,
    InvalidDealError,
    InvalidDealTypeError,
    Rule,
    TarotTypeError,
)
from frenchtarot.rules import FOUR_PLAYER, Rules
from frenchtarot.scoring import Score
from frenchtarot.scoring import score as _library_score
from frenchtarot.testing._conformance import NewDealHook, _Run

__all__ = ["ConformanceError", "ConformanceReport", "NewDealHook", "check_conformance"]


@attrs.frozen
class ConformanceReport:
    """What :func:`check_conformance` checked, when every check passed.

    Attributes:
        deals: The deals played.
        finished: How many of them were played out to the last trick.
        annulled: How many were annulled (a petit sec, or four passes).
        actions: The actions chosen and applied along the deals.
        probes: The extra actions tried without being kept, legal or not.
        refusals: How many of the probes were refused, as they had to be.
        rules: Every :class:`~frenchtarot.Rule` named by a refusal.
    """

    deals: int
    finished: int
    annulled: int
    actions: int
    probes: int
    refusals: int
    rules: frozenset[Rule]

    def __str__(self) -> str:
        return (
            f"{self.deals} deals ({self.finished} played out, {self.annulled} annulled), "
            f"{self.actions} actions, {self.probes} probes ({self.refusals} refused, "
            f"{len(self.rules)} rules seen): conformant"
        )


def check_conformance(
    *,
    deals: int = 100,
    seed: int = 0,
    probes: int = 8,
    rules: Rules = FOUR_PLAYER,
    new_deal: NewDealHook = _library_new_deal,
    legal_actions: Callable[[State], Sequence[Action]] = _library_legal_actions,
    apply: Callable[[State, Action], State] = _library_apply,
    is_legal: Callable[[State, Action], bool] = _library_is_legal,
    score: Callable[[State], Score] = _library_score,
) -> ConformanceReport:
    """Play random deals and check that the API keeps its promises at every step.

    Deal number ``i`` is dealt with ``new_deal(dealer=(seed + i) % seats, seed=seed + i,
    rules=rules)`` and
    played to its end by choosing uniformly among the legal actions, with choices drawn
    from ``random.Random(seed + i).random()``, so a run is the same on every Python version.
    These are checked:

    * ``legal_actions`` lists well-formed actions without repeats, is empty exactly when the
      deal is over (:attr:`~frenchtarot.State.current` is ``None``), gives the same list
      for an equal state, and never lists a bid of a contract the table does not offer
      (:attr:`Rules.contracts <frenchtarot.Rules.contracts>`);
    * ``apply`` accepts every listed action, ``is_legal`` agrees, and the new state's
      history is the old one plus that action; a played card is in the hand of the seat
      to act;
    * ``apply`` never changes its input: the state stays equal to a pickled copy taken
      before, with the same hash;
    * every state survives a pickle round trip, equal and with an equal hash;
    * the 78 cards are each in exactly one place: a hand, the dog (until the taker takes
      it), the écart, a completed trick or the trick in progress;
    * probes (actions drawn from the bids, the slam, the calls, the cards of the seat to
      act, a handful of its trumps and random cards) that are not listed are refused with an
      :class:`~frenchtarot.IllegalActionError` naming a :class:`~frenchtarot.Rule`, leave
      the state unchanged, and ``is_legal`` says ``False``. The one exception is a handful:
      ``legal_actions`` offers one display per size, and ``apply`` may accept another
      display of a listed size. In the bidding, a bid of a contract the table leaves out
      is refused for :attr:`Rule.CONTRACT_NOT_OFFERED
      <frenchtarot.Rule.CONTRACT_NOT_OFFERED>`, and nothing else is refused for that rule;
    * once the deal is over, actions are refused with :attr:`Rule.GAME_OVER
      <frenchtarot.Rule.GAME_OVER>`; before that, ``score`` raises
      :class:`~frenchtarot.NotTerminalError`;
    * at the end, ``score`` gives a :class:`~frenchtarot.Score` whose deltas sum to zero,
      all zero for an annulled deal. For a played deal: the camps' card points add up to
      91; the taker and the contract are the state's; the target fits the bouts, and
      ``made`` and ``margin`` fit the points; the score is worth what ``rules`` say, the
      :attr:`~frenchtarot.Score.multiplier` being ``rules.multiplier(contract)``, the petit
      au bout ``rules.petit_au_bout`` (times the multiplier unless the table adds it flat),
      each handful shown its ``rules.handful_bonus``, the slam its ``rules.slam_*`` bonus;
      the unit is ``(25 + margin) x multiplier`` (negative when lost) plus those bonuses;
      every defender scores minus the unit, the partner (five players) the unit, and the
      taker the rest.

    Args:
        deals: How many deals to play.
        seed: The seed of the first deal (0 or more); the others follow it.
        probes: How many probe actions to try at each step (0 for none).
        rules: The table of the deals, its size and house rules: any
            :class:`~frenchtarot.Rules`, e.g. :data:`~frenchtarot.THREE_PLAYER`,
            :data:`~frenchtarot.FOUR_PLAYER` (the default), :data:`~frenchtarot.FIVE_PLAYER`,
            :data:`~frenchtarot.rules.LUDICASH` or a table of your own.
        new_deal: Deals a new deal; :func:`frenchtarot.new_deal` by default.
        legal_actions: :func:`frenchtarot.legal_actions` or a stand-in.
        apply: Takes the seat to act's action; :func:`frenchtarot.apply` or a stand-in.
        is_legal: :func:`frenchtarot.is_legal` or a stand-in.
        score: :func:`frenchtarot.score` or a stand-in.

    Returns:
        Counts of what was checked.

    Raises:
        ConformanceError: A check failed; the message says which, where and how.
        InvalidDealError: ``deals``, ``probes`` or ``seed`` is negative; an
            :class:`~frenchtarot.errors.InvalidDealTypeError` (also a :class:`TypeError`) when one
            of them is not an integer (``bool`` included) or ``rules`` is not a
            :class:`~frenchtarot.Rules`.

    A wrapper that drops the first legal action is caught at once: a probe finds that
    ``apply`` accepts the pass it leaves out.

    >>> import frenchtarot as ft
    >>> from frenchtarot.testing import ConformanceError, check_conformance
    >>> def forgetful(state):
    ...     return ft.legal_actions(state)[1:]
    >>> try:
    ...     check_conformance(deals=1, legal_actions=forgetful)
    ... except ConformanceError as error:
    ...     print(f"{error.check} at step {error.step}: {error.detail}")
    legal-actions at step 0: apply accepts pass, which legal_actions does not list

    Under house rules, a stand-in that still lists the FFT contracts is caught as soon as
    it lists one the table leaves out:

    >>> from frenchtarot.rules import LUDICASH
    >>> def every_contract(state):
    ...     legal = ft.legal_actions(state)
    ...     if state.phase is not ft.Phase.BIDDING or state.contract is not None:
    ...         return legal
    ...     return (ft.Pass(), *(ft.Bid(contract) for contract in ft.Contract))
    >>> try:
    ...     check_conformance(deals=1, rules=LUDICASH, legal_actions=every_contract)
    ... except ConformanceError as error:
    ...     print(error.detail)
    legal_actions lists petite, but the ludicash rules offer only garde, garde_sans, \
garde_contre
    """
    seed = check_seed(seed)
    for name, value in (("deals", deals), ("probes", probes)):
        try:
            count = whole_number(value, name)
        except TarotTypeError as error:
            raise InvalidDealTypeError(str(error)) from None
        if count < 0:
            raise InvalidDealError(f"{name} must be at least 0, not {count}")
    if not isinstance(rules, Rules):
        raise InvalidDealTypeError(f"rules must be a Rules value, not {describe_value(rules)}")
    run = _Run(new_deal, legal_actions, apply, is_legal, score, probes, rules)
    for number in range(deals):
        run.play(seed + number)
    return ConformanceReport(
        deals=deals,
        finished=run.finished,
        annulled=run.annulled,
        actions=run.actions,
        probes=run.probes,
        refusals=run.refusals,
        rules=frozenset(run.rules),
    )
