"""frenchtarot: the rules of French Tarot (FFT), as an immutable, typed state machine.

The root holds the deal: its values (cards, actions, rules, the state, an observation, a
score), the functions that move a deal forward, and the errors they raise. The features
live in modules of their own, which ``import frenchtarot`` does not load:
:mod:`frenchtarot.match` (a game of several deals), :mod:`frenchtarot.records` (JSON),
:mod:`frenchtarot.svg` (pictures), :mod:`frenchtarot.players`, :mod:`frenchtarot.arena`,
:mod:`frenchtarot.sampling`, :mod:`frenchtarot.encoding`, :mod:`frenchtarot.testing` and the
learning adapters. Every exception class is in :mod:`frenchtarot.errors`.

>>> import random
>>> import frenchtarot as ft
>>> state = ft.new_deal(seed=7)
>>> rng = random.Random(7)
>>> while not state.is_terminal:
...     state = ft.apply(state, rng.choice(ft.legal_actions(state)))
>>> sum(ft.score(state).deltas)
0
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from frenchtarot._act import act
from frenchtarot._core.state import COMPILED, State
from frenchtarot._deal_values import Annulment, AnnulReason, Handful, Trick
from frenchtarot._dealing import deal_from, new_deal
from frenchtarot._engine import apply, is_legal, legal_actions
from frenchtarot._notation import parse_action
from frenchtarot._rollout import Policy, rollout
from frenchtarot.actions import (
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
from frenchtarot.cards import DECK, Card, Suit
from frenchtarot.errors import (
    DealOverError,
    IllegalActionError,
    InvalidCardError,
    InvalidDealError,
    InvalidRulesError,
    InvalidSeatError,
    NotationError,
    NotTerminalError,
    Rule,
    TarotError,
    TarotTypeError,
)
from frenchtarot.observation import ExcuseExchange, Observation, information_state_key, observe
from frenchtarot.rules import (
    FIVE_PLAYER,
    FOUR_PLAYER,
    LUDICASH,
    RULES_BY_SEATS,
    THREE_PLAYER,
    Rules,
)
from frenchtarot.scoring import Camp, Score, returns, score

try:
    __version__ = version("frenchtarot")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"

compiled: bool = COMPILED
"""Whether the compiled build runs (mypyc extensions), ``False`` for the pure-Python build.

Both builds behave the same (the test suite runs against each); the compiled one is faster.
See the development page of the docs for how to build it.
"""

__all__ = [
    "DECK",
    "FIVE_PLAYER",
    "FOUR_PLAYER",
    "LUDICASH",
    "RULES_BY_SEATS",
    "THREE_PLAYER",
    "Action",
    "AnnounceSlam",
    "AnnulReason",
    "Annulment",
    "Bid",
    "Call",
    "Camp",
    "Card",
    "Contract",
    "DealOverError",
    "DeclareHandful",
    "Discard",
    "ExcuseExchange",
    "Handful",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidRulesError",
    "InvalidSeatError",
    "NotTerminalError",
    "NotationError",
    "Observation",
    "Pass",
    "Phase",
    "Play",
    "Policy",
    "Rule",
    "Rules",
    "Score",
    "State",
    "Suit",
    "TarotError",
    "TarotTypeError",
    "Trick",
    "__version__",
    "act",
    "apply",
    "compiled",
    "deal_from",
    "information_state_key",
    "is_legal",
    "legal_actions",
    "new_deal",
    "observe",
    "parse_action",
    "returns",
    "rollout",
    "score",
]
