"""The immutable state of one deal: :class:`State` and the records it holds.

A :class:`State` is never changed. :func:`frenchtarot.apply` returns a new state and leaves
its argument as it was, so states can be kept, compared, hashed, pickled and shared freely.
Make states with :func:`frenchtarot.new_deal` or :func:`frenchtarot.deal_from`, not with the
class itself.

This module is the public home of these names; the class itself lives in the rules core
(``frenchtarot._core.state``), which the compiled build compiles.
"""

from __future__ import annotations

from frenchtarot._core.state import State
from frenchtarot._deal_values import Annulment, AnnulReason, Handful, Trick
from frenchtarot.actions import Phase

__all__ = ["AnnulReason", "Annulment", "Handful", "Phase", "State", "Trick"]
