"""The table-size parameters of a Tarot game, gathered in one :class:`Rules` object.

The engine reads the number of seats, hand and dog sizes, handful thresholds and the
taker's share of the score from here, so that the FFT three- and five-player games can be
added as further :class:`Rules` values.
"""

from __future__ import annotations

from typing import Final

import attrs

from frenchtarot._checks import whole_number
from frenchtarot.errors import InvalidSeatError

__all__ = ["FOUR_PLAYER", "Rules"]


@attrs.frozen
class Rules:
    """The parameters of one table size.

    Attributes:
        name: A short name, e.g. ``"four-player"``.
        seats: The number of players dealt in.
        hand_size: Cards dealt to each player.
        dog_size: Cards in the dog (*chien*).
        packet: Cards given to a player at a time during the deal.
        handfuls: ``(number of trumps, bonus)`` for the simple, double and triple handful.
        min_cut: The fewest cards the cut may take or leave.
    """

    name: str
    seats: int
    hand_size: int
    dog_size: int
    packet: int
    handfuls: tuple[tuple[int, int], ...]
    min_cut: int = 3

    def check_seat(self, seat: object) -> int:
        """Return ``seat`` as an ``int`` if it is a seat of this table.

        Any integer type is accepted (NumPy's included), but not ``bool``.

        Args:
            seat: The value to check.

        Returns:
            ``seat`` itself.

        Raises:
            InvalidSeatError: ``seat`` is outside 0 to ``seats - 1``.
            TarotTypeError: ``seat`` is not an int.
        """
        seat = whole_number(seat, "seat")
        if not 0 <= seat < self.seats:
            raise InvalidSeatError(f"seat must be from 0 to {self.seats - 1}, not {seat}")
        return seat

    def next_seat(self, seat: int) -> int:
        """The seat that plays after ``seat`` (the player on its right).

        Args:
            seat: A seat of this table.

        Returns:
            ``(seat + 1) % seats``.
        """
        return (seat + 1) % self.seats

    def is_attacker(self, seat: int, taker: int) -> bool:
        """Whether ``seat`` plays on the taker's side (in the four-player game, the taker).

        Args:
            seat: The seat asked about.
            taker: The taker's seat.

        Returns:
            ``True`` for the taker's camp, ``False`` for the defence.
        """
        return seat == taker

    def handful_bonus(self, size: int) -> int:
        """The bonus for a handful of ``size`` cards, 0 when that is not a handful size.

        Args:
            size: The number of cards shown.

        Returns:
            20, 30 or 40 in the four-player game, else 0.
        """
        for threshold, bonus in self.handfuls:
            if threshold == size:
                return bonus
        return 0


FOUR_PLAYER: Final = Rules(
    name="four-player",
    seats=4,
    hand_size=18,
    dog_size=6,
    packet=3,
    handfuls=((10, 20), (13, 30), (15, 40)),
)
"""The FFT four-player game: 18 cards each, a dog of 6, handfuls of 10, 13 and 15 trumps."""
