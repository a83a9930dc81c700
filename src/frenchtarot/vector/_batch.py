"""The batch's storage: every deal's state as rows of arrays, and the dealing of new deals.

One row per deal. Sets of cards are two ``uint64`` words (see ``_tables``); seats, phases,
contracts and cards are small ints, -1 for none. The observation tensors live here too, in
one array of ``n`` rows that the transitions keep up to date (see ``_tensor``).
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from frenchtarot.rules import Rules
from frenchtarot.vector import _tables as T
from frenchtarot.vector._deal import Dealt, library_deals, numpy_deals
from frenchtarot.vector._tables import I64, U64

DEALINGS: Final = ("library", "numpy")
"""How new deals are dealt: ``"library"``, :func:`frenchtarot.new_deal`'s own shuffle for
the deal's seed; ``"numpy"``, a uniform shuffle of NumPy's generator, many deals at once."""

SEED_STRIDE: Final = 1 << 32
"""The deal numbered ``k`` of a batch seeded ``s`` has the seed ``s * SEED_STRIDE + k``."""
_HALF_ONE: Final = 0x3C00
"""The bits of 1.0 in float16."""


class Batch:
    """The state of ``n`` deals of one table, as arrays (one row per deal)."""

    def __init__(
        self,
        n: int,
        rules: Rules,
        seed: int,
        dealing: str,
        dtype: type[np.floating[Any]],
        recall: bool,
    ) -> None:
        table = T.table(rules, recall)
        seats, hand, dog = table.seats, table.hand_size, table.dog_size
        self.n = n
        self.rules = rules
        self.table = table
        self.seed = seed
        self.dealing = dealing
        self.dealt = 0
        """How many deals of the stream were dealt (some ahead, in the queue), those annulled
        at once (a petit sec) included."""
        self.rng = np.random.default_rng(seed)
        self.queue: Dealt | None = None
        """Deals dealt ahead, the next ones of the stream first."""

        def ints(*shape: int, fill: int = 0) -> NDArray[np.int64]:
            return np.full(shape, fill, I64)

        def words(*shape: int) -> NDArray[np.uint64]:
            return np.zeros(shape, U64)

        # Where the deal is, and who does what.
        self.phase = ints(n)
        self.cur = ints(n)
        self.dealer = ints(n)
        self.taker = ints(n, fill=-1)
        self.contract = ints(n, fill=-1)
        self.called = ints(n, fill=-1)
        self.partner = ints(n, fill=-1)
        self.slam = np.zeros(n, np.bool_)
        self.number = ints(n)
        """The deal's number in the batch's stream (which gives its seed and dealer)."""
        # The cards.
        self.hands_lo = words(n, seats)
        self.hands_hi = words(n, seats)
        self.dog_lo = words(n)
        self.dog_hi = words(n)
        self.disc_lo = words(n)
        self.disc_hi = words(n)
        # What was said and put aside, in order.
        self.words = np.zeros((n, seats), np.int8)
        self.nwords = ints(n)
        self.ecart = np.zeros((n, dog), np.int8)
        self.necart = ints(n)
        # The play: every card in order, the trick in progress, the tricks' winners.
        self.plays = np.zeros((n, seats * hand), np.int8)
        self.nplayed = ints(n)
        self.tricknum = ints(n)
        self.pos = ints(n)
        self.leader = ints(n)
        self.led = ints(n, fill=-1)
        self.top = ints(n, fill=-1)
        self.best = ints(n, fill=-2)
        self.best_seat = ints(n)
        self.trick_half = ints(n)
        self.winners = np.zeros((n, hand), np.int8)
        self.won_tricks = np.zeros((n, seats), np.int16)
        self.won_half = np.zeros((n, seats), np.int16)
        # The tricks of the cards the score asks about (-1: not played), the Excuse's player.
        self.petit_trick = ints(n, fill=-1)
        self.t21_trick = ints(n, fill=-1)
        self.excuse_trick = ints(n, fill=-1)
        self.excuse_seat = ints(n, fill=-1)
        # Five players: whether the called card was played, or lies in the dog.
        self.called_played = np.zeros(n, np.bool_)
        self.called_in_dog = np.zeros(n, np.bool_)
        # Handfuls: each seat's size (index into the rules' sizes, -1 none) and display.
        self.shown = np.full((n, seats), -1, np.int8)
        self.shown_lo = words(n, seats)
        self.ecart_shown = np.zeros(n, np.bool_)
        """Where the tensor shows the écart (the taker's turn, a Petite or Garde)."""
        if recall:  # what the information-state tensor adds
            self.played_lo = words(n, seats)
            self.played_hi = words(n, seats)
            """The cards each seat has played."""
            self.ecart_view = ints(n, fill=-1)
            """Whose écart the tensor shows in order: 1 the taker's, 0 the others', -1 none."""
            self.ecart_written = ints(n)
            """How many cards of the écart in order the tensor shows."""
        # The observation tensors of the seats to act (see _tensor).
        self.obs = np.zeros((n, table.size), dtype)
        self.flat = self.obs.reshape(-1)
        self.width = table.size
        # Fields of zeros and ones are written as bits: into the tensor itself (float32),
        # or, for float16, into its bit pattern (1.0 is 0x3C00), as NumPy converts small
        # ints to float16 about twenty times slower than to float32.
        half = dtype is np.float16
        self.bits: NDArray[Any] = self.obs.view(np.uint16) if half else self.obs
        self.one: Any = np.uint16(_HALF_ONE) if half else None
        """What a bit of 0 or 1 is multiplied by when written into :attr:`bits` (float16)."""
        self.one_hot: NDArray[Any] = (
            (table.one_hot * _HALF_ONE).astype(np.uint16) if half else table.one_hot
        )
        """``one_hot[seat]``, as written into :attr:`bits`."""

    def nbytes(self) -> tuple[int, int]:
        """The bytes held per deal: the state's, and the observation tensor's."""
        state = sum(
            value.nbytes
            for name, value in vars(self).items()
            if isinstance(value, np.ndarray)
            and name not in ("obs", "flat", "bits", "queue", "one", "one_hot")
        )
        return state // self.n, self.obs.nbytes // self.n

    # --- Dealing -----------------------------------------------------------------------------

    def restart(self) -> None:
        """Go back to the stream's first deal (the queue of deals dealt ahead is dropped)."""
        self.dealt = 0
        self.rng = np.random.default_rng(self.seed)
        self.queue = None

    def deal(self, slots: NDArray[np.int64]) -> None:
        """Deal a new deal in each of ``slots`` (the next ones of the stream)."""
        count = len(slots)
        if not count:
            return
        queue = self.queue
        while queue is None or len(queue.number) < count:
            ahead = 0 if queue is None else len(queue.number)
            fresh = self._deal_ahead(max(count - ahead, min(max(self.n // 8, 32), 512)))
            queue = fresh if queue is None else queue.then(fresh)
        taken = queue.part(0, count)
        self.queue = queue.part(count)
        self.hands_lo[slots] = taken.hands_lo
        self.hands_hi[slots] = taken.hands_hi
        self.dog_lo[slots] = taken.dog_lo
        self.dog_hi[slots] = taken.dog_hi
        self.number[slots] = taken.number
        self.dealer[slots] = taken.dealer
        self._start(slots)

    def _deal_ahead(self, count: int) -> Dealt:
        """The stream's next ``count`` deals, but those annulled at once (a petit sec)."""
        number = np.arange(self.dealt, self.dealt + count, dtype=I64)
        self.dealt += count
        if self.dealing == "numpy":
            return numpy_deals(self.rules, self.rng, number)
        return library_deals(self.rules, self.seed * SEED_STRIDE + number, number)

    def _start(self, slots: NDArray[np.int64]) -> None:
        """Put ``slots``, whose hands, dog, dealer and number are set, at the bidding's start."""
        table = self.table
        first = table.next_seat[self.dealer[slots]]
        self.phase[slots] = T.BIDDING
        self.cur[slots] = first
        self.leader[slots] = first
        for name in ("taker", "contract", "called", "partner", "led", "top"):
            getattr(self, name)[slots] = -1
        for name in ("petit_trick", "t21_trick", "excuse_trick", "excuse_seat"):
            getattr(self, name)[slots] = -1
        self.best[slots] = -2
        for name in ("nwords", "necart", "nplayed", "tricknum", "pos", "trick_half"):
            getattr(self, name)[slots] = 0
        self.best_seat[slots] = 0
        self.slam[slots] = False
        self.called_played[slots] = False
        self.called_in_dog[slots] = False
        self.disc_lo[slots] = 0
        self.disc_hi[slots] = 0
        self.won_tricks[slots] = 0
        self.won_half[slots] = 0
        self.shown[slots] = -1
        self.shown_lo[slots] = 0
        self.ecart_shown[slots] = False
        if table.recall:
            self.played_lo[slots] = 0
            self.played_hi[slots] = 0
            self.ecart_view[slots] = -1
            self.ecart_written[slots] = 0
        # The public part of the tensor: the dealer, the phase, the hands' sizes.
        offsets = table.offsets
        obs = self.obs
        obs[slots] = 0
        obs[slots, offsets["dealer"] + self.dealer[slots]] = 1
        obs[slots, offsets["phase"] + T.BIDDING] = 1
        size = offsets["hand_sizes"]
        obs[slots, size : size + table.seats] = table.hand_size
