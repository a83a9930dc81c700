"""The batched environment, :class:`VectorEnv`, and what its steps return, :class:`VectorStep`."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from frenchtarot._checks import describe_value, whole_number
from frenchtarot._core.state import State
from frenchtarot._dealing import check_seed
from frenchtarot.encoding import describe_id
from frenchtarot.errors import (
    DealOverError,
    EncodingError,
    InvalidRulesError,
    InvalidSettingsError,
    TarotTypeError,
)
from frenchtarot.rules import FOUR_PLAYER, Rules
from frenchtarot.vector import _play, _score, _tensor
from frenchtarot.vector import _tables as T
from frenchtarot.vector._batch import DEALINGS, SEED_STRIDE, Batch
from frenchtarot.vector._convert import from_state, to_state
from frenchtarot.vector._tables import I64

__all__ = ["VectorEnv", "VectorStep"]


class VectorStep(NamedTuple):
    """What :meth:`VectorEnv.reset` and :meth:`VectorEnv.step` return, one row per deal.

    Attributes:
        current: The seat to act in each deal, shape ``(n,)``.
        mask: Each deal's legal-action mask (``bool``, shape ``(n, num_actions)``, read-only):
            the ids of :mod:`frenchtarot.encoding` that the seat to act may take.
        observation: The seat to act's observation tensor in each deal, shape ``(n,
            observation_size)``: row ``i`` equals
            ``encoding.observation_tensor(observe(env.state(i), current[i]))`` (or its
            ``information_state_tensor``, with ``perfect_recall=True``). A read-only
            view of the environment's buffer, which the next step overwrites: copy it to
            keep it.
        rewards: Each seat's score (``int32``, shape ``(n, seats)``) for the deals that
            ended with this step, as :attr:`frenchtarot.Score.deltas`; zeros elsewhere
            (and for an annulled deal).
        done: Which deals ended with this step (played out, or annulled when every seat
            passed). A deal that ended was replaced at once by the next deal of the
            stream: ``current``, ``mask`` and ``observation`` are those of the new deal.
    """

    current: NDArray[np.int64]
    mask: NDArray[np.bool_]
    observation: NDArray[Any]
    rewards: NDArray[np.int32]
    done: NDArray[np.bool_]


def _check_n(n: object) -> int:
    count = whole_number(n, "n")
    if count < 1:
        raise InvalidSettingsError(f"a batch holds at least one deal, not {count}")
    return count


class VectorEnv:
    """``n`` deals of one table played side by side, every one a step at each call.

    Each call of :meth:`step` takes one action id per deal (the ids of
    :mod:`frenchtarot.encoding`), for the seat to act in that deal, and applies them all.
    A deal that ends is replaced at once by the next deal of the batch's stream (auto-reset).

    **The stream of deals.** The deals are numbered from 0 in the order they are dealt: the
    ``n`` first by :meth:`reset`, one per row, then one for each deal that ends, row order
    within a step. Deal number ``k`` has the dealer ``k % seats``. With
    ``dealing="library"`` (the default) it is ``frenchtarot.new_deal(seed=seed * 2**32 + k,
    dealer=k % seats, rules=rules)``, the library's own shuffle (:attr:`deal_seeds` gives
    each row's seed); with ``dealing="numpy"`` the deals are a uniform shuffle drawn from
    ``numpy.random.default_rng(seed)``, faster at volume. A deal annulled as it is dealt (a
    petit sec: nobody ever acts in it) is skipped: the row takes the next deal.

    **Illegal actions.** :meth:`step` refuses the whole batch when any id is not legal in
    its deal, before changing anything: it raises :class:`~frenchtarot.errors.EncodingError`
    naming the first such deal, whose ``value`` is ``(deal index, action id)``.

    Args:
        n: The number of deals played at once.
        rules: The table: any :class:`~frenchtarot.Rules`, house rules included.
        seed: The stream's seed (0 or more); ``None`` draws one.
        dealing: ``"library"`` or ``"numpy"`` (see above).
        dtype: The observation tensor's type: ``numpy.float32`` (the default, what most
            networks take) or ``numpy.float16``, which holds every value a seat to act
            sees exactly (the counts and points are small; the score field is zero until
            the deal is over), steps as fast, and halves the memory: with four players a
            deal holds 436 bytes of state and a tensor of 4,680 bytes in float32, 2,340 in
            float16 (:meth:`memory`). Copying a float16 step into a float32 buffer of your
            own (``rollout[t] = step.observation``) converts it on the way.
        perfect_recall: Observe the information-state tensor
            (:func:`~frenchtarot.encoding.information_state_tensor`: the observation's
            fields, then the dealt hand, the écart in order and every trick card by card)
            instead of the observation tensor.

    Raises:
        InvalidSettingsError: ``n`` is below 1, or ``dealing`` or ``dtype`` unknown.
        InvalidDealError: ``seed`` is negative.
        TarotTypeError: An argument has the wrong type.

    >>> import numpy as np
    >>> import frenchtarot as ft
    >>> from frenchtarot.vector import VectorEnv
    >>> env = VectorEnv(3, seed=0)
    >>> first = env.reset()
    >>> first.current, first.mask.shape, first.observation.shape
    (array([1, 2, 3]), (3, 165), (3, 1170))
    >>> env.state(0) == ft.new_deal(seed=0, dealer=0)
    True
    >>> after = env.step(np.zeros(3, int))  # everyone passes once
    >>> after.current, after.done
    (array([2, 3, 0]), array([False, False, False]))
    """

    def __init__(
        self,
        n: int,
        *,
        rules: Rules = FOUR_PLAYER,
        seed: int | None = None,
        dealing: str = "library",
        dtype: type[np.floating[Any]] = np.float32,
        perfect_recall: bool = False,
    ) -> None:
        count = _check_n(n)
        if not isinstance(rules, Rules):
            raise TarotTypeError(f"expected Rules, not {describe_value(rules)}")
        seed = random.SystemRandom().randrange(SEED_STRIDE) if seed is None else check_seed(seed)
        if dealing not in DEALINGS:
            raise InvalidSettingsError(
                f"dealing must be 'library' or 'numpy', not {describe_value(dealing)}"
            )
        if dtype not in (np.float32, np.float16):
            raise InvalidSettingsError(
                f"dtype must be numpy.float32 or numpy.float16, not {describe_value(dtype)}"
            )
        if not isinstance(perfect_recall, bool):
            raise TarotTypeError(
                f"perfect_recall must be a bool, not {describe_value(perfect_recall)}"
            )
        self._batch = Batch(count, rules, seed, dealing, dtype, perfect_recall)
        self._rows = np.arange(count, dtype=I64)
        self._mask = np.zeros((count, self._batch.table.actions), np.bool_)
        self._view = self._batch.obs.view()
        self._view.flags.writeable = False
        self._started = False

    # --- What the environment is ----------------------------------------------------------

    @property
    def n(self) -> int:
        """The number of deals in the batch."""
        return self._batch.n

    @property
    def rules(self) -> Rules:
        """The table."""
        return self._batch.rules

    @property
    def seed(self) -> int:
        """The stream's seed."""
        return self._batch.seed

    @property
    def num_actions(self) -> int:
        """The number of action ids: :func:`frenchtarot.encoding.num_actions`."""
        return self._batch.table.actions

    @property
    def observation_size(self) -> int:
        """The tensors' length (:func:`.encoding.observation_tensor_size`, or more)."""
        return self._batch.width

    @property
    def deal_numbers(self) -> NDArray[np.int64]:
        """The number in the stream of the deal in each row (-1: set by :meth:`set_state`)."""
        numbers: NDArray[np.int64] = self._batch.number.copy()
        return numbers

    @property
    def deal_seeds(self) -> NDArray[np.int64]:
        """Each row's deal seed for :func:`frenchtarot.new_deal` (``dealing="library"``).

        -1 for a row set by :meth:`set_state`.
        """
        numbers = self._batch.number
        seeds: NDArray[np.int64] = np.where(numbers < 0, -1, self.seed * SEED_STRIDE + numbers)
        return seeds

    @property
    def dealers(self) -> NDArray[np.int64]:
        """The dealer of each row's deal."""
        dealers: NDArray[np.int64] = self._batch.dealer.copy()
        return dealers

    def memory(self) -> tuple[int, int]:
        """Bytes per deal: the deal's state, and its observation tensor.

        The state is every array of the batch's rows (hands, bids, tricks, the écart...);
        the tensor is the row of the observation buffer, which the transitions keep up to
        date and each step returns a view of. The legal-action masks (``num_actions``
        bytes a deal), the deals dealt ahead and the batch's scratch arrays are not
        counted.
        """
        return self._batch.nbytes()

    # --- Playing ----------------------------------------------------------------------------

    def reset(self) -> VectorStep:
        """Deal the stream's ``n`` first deals again, one per row.

        Returns:
            The first position of each deal (rewards zero, nothing done).
        """
        batch = self._batch
        batch.restart()
        batch.deal(self._rows)
        self._started = True
        return self._outputs(np.zeros((self.n, batch.table.seats), np.int32))

    def step(self, actions: ArrayLike) -> VectorStep:
        """Apply one action id per deal, for its seat to act; deals that end start again.

        Args:
            actions: ``n`` action ids (any integer array or sequence).

        Returns:
            The new positions, with the rewards and done flags of this step.

        Raises:
            EncodingError: An id is not legal in its deal (nothing was applied); its
                ``value`` is ``(deal index, action id)`` of the first such deal.
            TarotTypeError: ``actions`` is not ``n`` integers.
        """
        if not self._started:
            self.reset()
        batch = self._batch
        chosen = self._check(actions)
        phase = batch.phase
        counts = np.bincount(phase, minlength=7)
        groups = [
            (np.flatnonzero(phase == code), move)
            for code, move in (
                (T.BIDDING, _play.bid),
                (T.CALL, _play.call),
                (T.DISCARD, _play.discard),
                (T.SLAM, _play.slam),
            )
            if counts[code]
        ]
        if counts[T.PLAY]:
            idx = self._rows if counts[T.PLAY] == self.n else np.flatnonzero(phase == T.PLAY)
            cards = chosen[idx] >= T.PLAY_ID
            if cards.all():
                groups.append((idx, _play.play))
            else:
                groups += [(idx[cards], _play.play), (idx[~cards], _play.handful)]
        for idx, move in groups:
            if len(idx):
                move(batch, idx, chosen[idx])
        rewards = np.zeros((self.n, batch.table.seats), np.int32)
        ended = np.flatnonzero(batch.phase >= T.DONE)
        if len(ended):
            scored = ended[batch.phase[ended] == T.DONE]
            if len(scored):
                rewards[scored] = _score.score(batch, scored)
            batch.deal(ended)
        done = np.zeros(self.n, np.bool_)
        done[ended] = True
        return self._outputs(rewards, done)

    def _check(self, actions: ArrayLike) -> NDArray[np.int64]:
        chosen = np.asarray(actions)
        if chosen.shape != (self.n,) or chosen.dtype.kind not in "iu":
            raise TarotTypeError(
                f"expected {self.n} integer action ids, not an array of shape {chosen.shape} "
                f"and type {chosen.dtype}"
            )
        chosen = chosen.astype(I64)
        outside = (chosen < 0) | (chosen >= self.num_actions)
        legal = self._mask[self._rows, np.where(outside, 0, chosen)] & ~outside
        if not legal.all():
            refused = np.flatnonzero(~legal)
            row = int(refused[0])
            number = int(chosen[row])
            what = (
                f"action id {number} ({describe_id(number, self.rules)}) is not offered"
                if 0 <= number < self.num_actions
                else f"action id {number} is out of range (0 to {self.num_actions - 1})"
            )
            offered = " ".join(map(str, np.flatnonzero(self._mask[row]).tolist()))
            more = f" ({len(refused)} deals refused)" if len(refused) > 1 else ""
            raise EncodingError(
                f"deal {row}: {what}; the ids offered are {offered}{more}; nothing was applied",
                (row, number),
            )
        return chosen

    def _outputs(
        self, rewards: NDArray[np.int32], done: NDArray[np.bool_] | None = None
    ) -> VectorStep:
        batch = self._batch
        cur = batch.cur
        lo = batch.hands_lo[self._rows, cur]
        hi = batch.hands_hi[self._rows, cur]
        self._mask = _tensor.legal_mask(batch, lo, hi)
        self._mask.flags.writeable = False  # the next step checks the actions against it
        _tensor.write_seat_fields(batch, lo, hi)
        if done is None:
            done = np.zeros(self.n, np.bool_)
        return VectorStep(cur.copy(), self._mask, self._view, rewards, done)

    # --- One deal as a State ------------------------------------------------------------------

    def _row(self, i: object) -> int:
        row = whole_number(i, "deal index")
        if not 0 <= row < self.n:
            raise InvalidSettingsError(f"deal index must be from 0 to {self.n - 1}, not {row}")
        if not self._started:
            self.reset()
        return row

    def state(self, i: int) -> State:
        """The deal in row ``i`` as a :class:`~frenchtarot.State`, history included.

        It equals the state the scalar engine reaches by applying the same actions to the
        same deal, so :func:`frenchtarot.legal_actions`, :func:`frenchtarot.observe` and the
        rest can check the batch.

        Raises:
            InvalidSettingsError: ``i`` is not a row of the batch.
            TarotTypeError: ``i`` is not an int.
        """
        return to_state(self._batch, self._row(i))

    def set_state(self, i: int, state: State) -> None:
        """Put ``state``, a deal in progress, in row ``i`` (its next step goes on from there).

        The row's observation and mask are those of ``state`` at once: the next
        :meth:`step` takes an action legal in ``state``. (The last :class:`VectorStep`
        returned does not show the change; :meth:`observe` does.)

        Raises:
            DealOverError: ``state`` is over (nobody is to act).
            InvalidRulesError: ``state`` is of other rules than the batch's.
            InvalidSettingsError: ``i`` is not a row of the batch.
            TarotTypeError: ``state`` is not a State, or ``i`` not an int.
        """
        row = self._row(i)
        if not isinstance(state, State):
            raise TarotTypeError(f"expected a State, not {describe_value(state)}")
        if state.rules != self.rules:
            raise InvalidRulesError(
                f"the batch plays the {self.rules.name} rules, the state the {state.rules.name}"
            )
        if state.current is None:
            raise DealOverError("only a deal in progress can be put in the batch")
        from_state(self._batch, row, state)
        self._outputs(np.zeros((self.n, self._batch.table.seats), np.int32))

    def observe(self) -> VectorStep:
        """The batch's positions now, as the last step returned them (rewards zero)."""
        if not self._started:
            return self.reset()
        return self._outputs(np.zeros((self.n, self._batch.table.seats), np.int32))
