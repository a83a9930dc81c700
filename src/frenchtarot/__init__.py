"""frenchtarot: the rules of French Tarot (FFT), as an immutable, typed state machine.

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

from frenchtarot import records as records
from frenchtarot import state as _state_module
from frenchtarot._dealing import deal_from, new_deal
from frenchtarot._engine import act, apply, is_legal, legal_actions
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
    Play,
    parse_action,
)
from frenchtarot.cards import DECK, Card, Suit
from frenchtarot.errors import (
    DealOverError,
    IllegalActionError,
    InvalidCardError,
    InvalidDealerError,
    InvalidDealError,
    InvalidDealTypeError,
    InvalidMatchError,
    InvalidRulesError,
    InvalidSeatError,
    NotationError,
    NotTerminalError,
    RecordError,
    Rule,
    TarotError,
    TarotTypeError,
)
from frenchtarot.match import (
    DealerDraw,
    Match,
    ScoreSheet,
    SheetRow,
    Standing,
    dealer_from_draw,
    draw_for_dealer,
    new_match,
    play_match,
    team_standings,
)
from frenchtarot.observation import ExcuseExchange, Observation, information_state_key, observe
from frenchtarot.rules import FIVE_PLAYER, FOUR_PLAYER, RULES_BY_SEATS, THREE_PLAYER, Rules
from frenchtarot.scoring import Camp, HandfulBonus, PetitAuBout, Score, SlamResult, returns, score
from frenchtarot.state import Annulment, AnnulReason, Handful, Phase, State, Trick

try:
    __version__ = version("frenchtarot")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"

compiled: bool = _state_module.COMPILED
"""Whether the compiled build runs (mypyc extensions), ``False`` for the pure-Python build.

Both builds behave the same (the test suite runs against each); the compiled one is faster.
See the development page of the docs for how to build it.
"""

__all__ = [
    "DECK",
    "FIVE_PLAYER",
    "FOUR_PLAYER",
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
    "DealerDraw",
    "DeclareHandful",
    "Discard",
    "ExcuseExchange",
    "Handful",
    "HandfulBonus",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidDealTypeError",
    "InvalidDealerError",
    "InvalidMatchError",
    "InvalidRulesError",
    "InvalidSeatError",
    "Match",
    "NotTerminalError",
    "NotationError",
    "Observation",
    "Pass",
    "PetitAuBout",
    "Phase",
    "Play",
    "Policy",
    "RecordError",
    "Rule",
    "Rules",
    "Score",
    "ScoreSheet",
    "SheetRow",
    "SlamResult",
    "Standing",
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
    "dealer_from_draw",
    "draw_for_dealer",
    "information_state_key",
    "is_legal",
    "legal_actions",
    "new_deal",
    "new_match",
    "observe",
    "parse_action",
    "play_match",
    "returns",
    "rollout",
    "score",
    "team_standings",
]
