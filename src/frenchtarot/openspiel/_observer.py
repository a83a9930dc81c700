"""The game's Python observer: the tensors and strings OpenSpiel asks a seat for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np  # type: ignore[import-not-found, unused-ignore]
import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]

from frenchtarot import encoding
from frenchtarot.encoding import EncodingError
from frenchtarot.observation import observe
from frenchtarot.rules import Rules

if TYPE_CHECKING:
    from frenchtarot.openspiel import FrenchTarotState

__all__ = ["FrenchTarotObserver"]

_DEALING_FIELDS: Final = ("seat", "hand", "dealt_hand")


class FrenchTarotObserver:
    """OpenSpiel's Python observer: the tensors and strings of :mod:`frenchtarot.encoding`.

    With perfect recall (the information state), the tensor is
    :func:`~frenchtarot.encoding.information_state_tensor` and the string the seat's
    :attr:`~frenchtarot.Observation.key`; without, the tensor is
    :func:`~frenchtarot.encoding.observation_tensor` and the string the observation's text.
    During the deal, only the ``seat``, ``hand`` (and ``dealt_hand``) fields are set.

    Args:
        rules: The table size.
        iig_obs_type: OpenSpiel's observation type: public information and the seat's own
            private information, with or without perfect recall.
        params: Observer parameters: none are supported.

    Raises:
        EncodingError: ``params`` is not empty, or the observation type is not one of the
            two supported.

    Attributes:
        tensor: The flat tensor, a NumPy array of float32, refreshed by :meth:`set_from`.
        dict: The fields of the tensor (see :func:`~frenchtarot.encoding.observation_fields`),
            as views of :attr:`tensor`.
    """

    def __init__(self, rules: Rules, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise EncodingError(f"observer parameters are not supported, got {params!r}", params)
        if (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            kind = (
                f"public_info={iig_obs_type.public_info}, "
                f"private_info={iig_obs_type.private_info.name}"
            )
            raise EncodingError(
                "a French Tarot observer sees the public information and the seat's own "
                f"cards (public_info=True, private_info=SINGLE_PLAYER), not {kind}",
                iig_obs_type,
            )
        self.rules = rules
        self.perfect_recall: bool = bool(iig_obs_type.perfect_recall)
        if self.perfect_recall:
            fields = encoding.information_state_fields(rules)
        else:
            fields = encoding.observation_fields(rules)
        self._fields = {field.name: field for field in fields}
        self.tensor = np.zeros(fields[-1].end, np.float32)
        self.dict = {field.name: self.tensor[field.offset : field.end] for field in fields}
        self._views = dict(self.dict)

    def set_from(self, state: FrenchTarotState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` knows of ``state``."""
        tarot = state.tarot
        if tarot is None:
            self.tensor.fill(0.0)
            self._views["seat"][player] = 1.0
            for name in _DEALING_FIELDS[1:]:
                if name in self._views:
                    for card in state.dealt_so_far(player):
                        self._views[name][card.index] = 1.0
            return
        state._following(tarot).write(tarot, player, self.tensor)

    def string_from(self, state: FrenchTarotState, player: int) -> str:
        """What ``player`` knows of ``state``, as text."""
        tarot = state.tarot
        if tarot is None:
            dealt = sum(len(state.dealt_so_far(p)) for p in range(self.rules.seats + 1))
            cards = " ".join(map(str, sorted(state.dealt_so_far(player))))
            return f"seat {player}, dealing ({dealt} cards dealt)\nhand: {cards}"
        observation = observe(tarot, player)
        if self.perfect_recall:
            return "\n".join(map(str, observation.key))
        return str(observation)
