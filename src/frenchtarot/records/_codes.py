"""The wire codes of the enums: fixed text, apart from the Python values and names.

An enum's value is no wire code: :class:`~frenchtarot.Contract`'s value is its FFT
multiplier, :class:`~frenchtarot.AnnulReason`'s an English sentence, and a member's
name may be renamed. A record writes each member by the code below, which a later version
of the format may add to but never changes. Re-exported by :mod:`frenchtarot.records`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, TypeVar

from frenchtarot._deal_values import AnnulReason
from frenchtarot._score_values import Camp
from frenchtarot.actions import Contract, Phase

__all__ = [
    "ANNULMENT_CODES",
    "CAMP_CODES",
    "CONTRACT_CODES",
    "PHASE_CODES",
    "by_code",
]

_Member = TypeVar("_Member")

PHASE_CODES: Final[Mapping[Phase, str]] = MappingProxyType(
    {
        Phase.BIDDING: "bidding",
        Phase.CALL: "call",
        Phase.DISCARD: "discard",
        Phase.SLAM: "slam",
        Phase.PLAY: "play",
        Phase.DONE: "done",
        Phase.ANNULLED: "annulled",
    }
)
"""The code of each :class:`~frenchtarot.Phase`, e.g. ``PHASE_CODES[Phase.PLAY] == "play"``."""

CONTRACT_CODES: Final[Mapping[Contract, str]] = MappingProxyType(
    {
        Contract.PETITE: "petite",
        Contract.GARDE: "garde",
        Contract.GARDE_SANS: "garde_sans",
        Contract.GARDE_CONTRE: "garde_contre",
    }
)
"""The code of each :class:`~frenchtarot.Contract`: the bid's notation (``"garde_sans"``),
neither the enum's value (its FFT multiplier, 4) nor its Python name."""

CAMP_CODES: Final[Mapping[Camp, str]] = MappingProxyType(
    {Camp.ATTACK: "attack", Camp.DEFENCE: "defence"}
)
"""The code of each :class:`~frenchtarot.Camp` (in a score's petit au bout and slam)."""

ANNULMENT_CODES: Final[Mapping[AnnulReason, str]] = MappingProxyType(
    {AnnulReason.PETIT_SEC: "petit_sec", AnnulReason.ALL_PASSED: "all_passed"}
)
"""The code of each :class:`~frenchtarot.AnnulReason`, why a deal was annulled (its
value is an English sentence)."""


def by_code(codes: Mapping[_Member, str]) -> dict[str, _Member]:
    """The members of a code table by their code: what a reader looks codes up in."""
    return {code: member for member, code in codes.items()}
