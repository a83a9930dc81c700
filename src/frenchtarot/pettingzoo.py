"""French Tarot as a PettingZoo AEC environment (the ``pettingzoo`` extra).

:func:`env` (or :class:`FrenchTarotEnv` itself) makes one deal per episode at a table of 3,
4 or 5 seats: the FFT table of ``seats``, or any :class:`~frenchtarot.Rules` given as
``rules`` (a preset's name will do: ``env(rules="ludicash")``). The agents are
``"seat_0"``, ``"seat_1"``... in seat order; the one to act is
:attr:`~FrenchTarotEnv.agent_selection`, as in every AEC environment.

* **Actions.** ``Discrete(num_actions)``: the ids of :mod:`frenchtarot.encoding` (165 with
  three or four players, 181 with five), the same under every rules of a table size: a
  contract the table does not offer keeps its id and is never in the mask. An action that
  is not offered raises :class:`~frenchtarot.encoding.EncodingError`; sample with the mask.
* **Observations.** ``{"observation": ..., "action_mask": ...}``: the seat's
  :func:`~frenchtarot.encoding.observation_tensor` (float32; with ``perfect_recall=True``,
  its :func:`~frenchtarot.encoding.information_state_tensor`), and its
  :func:`~frenchtarot.encoding.legal_mask` (int8; all zero unless the seat is to act). Both
  are built from :func:`~frenchtarot.observe`: nothing hidden reaches an agent.
* **Rewards.** Zero until the deal is over, then each seat's score for the deal (the
  :attr:`Score.deltas <frenchtarot.Score.deltas>`; zero for everyone when it is annulled).
  The ``score`` entries of the observation space are bounded by
  :func:`~frenchtarot.encoding.score_bound` of the rules.
* **Episodes.** ``reset(seed=...)`` deals again: the same seed gives the same deal.
  ``options={"dealer": seat}`` chooses the dealer (0 by default).
* **Rendering.** ``render_mode="ansi"``: :meth:`~FrenchTarotEnv.render` returns the whole
  table as text (every hand: it is for the person watching, not for the agents).

>>> from frenchtarot.pettingzoo import env
>>> table = env(seats=3)
>>> table.reset(seed=1)
>>> table.agents, table.agent_selection
(['seat_0', 'seat_1', 'seat_2'], 'seat_1')
>>> observation, reward, termination, truncation, info = table.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((978,), 5)
"""

from __future__ import annotations

import random
from typing import Any, Final

import numpy as np  # type: ignore[import-not-found, unused-ignore]
from gymnasium import spaces  # type: ignore[import-not-found, unused-ignore]
from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped, import-not-found, unused-ignore]
from pettingzoo.utils.env_logger import (  # type: ignore[import-untyped, import-not-found, unused-ignore]
    EnvLogger,
)
from pettingzoo.utils.wrappers.order_enforcing import (  # type: ignore[import-untyped, import-not-found, unused-ignore]
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from frenchtarot import encoding, errors
from frenchtarot._checks import describe_value
from frenchtarot._core.play import legal_cards, play_card
from frenchtarot._core.state import State
from frenchtarot._dealing import new_deal
from frenchtarot._engine import apply, legal_actions
from frenchtarot.actions import PLAYS, Action, DeclareHandful, Phase, Play
from frenchtarot.encoding._follow import Follower
from frenchtarot.encoding._ids import PLAY_BASE, SHARED_ACTIONS, id_of, ids_of, offered_action
from frenchtarot.errors import IllegalActionError, InvalidRulesError, TarotTypeError
from frenchtarot.rules import RULES_BY_SEATS, Rules, find_rules
from frenchtarot.scoring import returns

__all__ = ["FrenchTarotEnv", "env"]

_MOST_POINTS: Final = 91.0
"""The card points of the whole pack."""
_DEFAULT_SEATS: Final = 4
_PLAY: Final = Phase.PLAY
_SHARED: Final = len(SHARED_ACTIONS)
_INT8: Final = np.dtype(np.int8)
"""The mask's type, made once: NumPy makes an array quicker from a dtype than from a type."""
_BITS: Final = bytes.maketrans(b"01", b"\x00\x01")
"""Turns the binary digits of a mask of cards into bytes of 0 and 1."""
_PAST_CARDS: Final = 1 << 78
"""A bit above every card's: ``bin`` of a mask with it has the same length whatever the mask
(``0b1`` then a digit a card), cheaper to cut than formatting with a width."""
_CARD_IDS: Final = range(PLAY_BASE, PLAY_BASE + 78)
"""The ids of the cards played."""


def _bounds(rules: Rules, perfect_recall: bool) -> tuple[Any, Any]:
    """The lowest and highest value of each entry of a tensor."""
    if perfect_recall:
        fields = encoding.information_state_fields(rules)
    else:
        fields = encoding.observation_fields(rules)
    low = np.zeros(fields[-1].end, np.float32)
    high = np.ones(fields[-1].end, np.float32)
    seats = rules.seats
    for field in fields:
        if field.name == "hand_sizes":
            high[field.offset : field.end] = rules.hand_size + rules.dog_size
        elif field.name == "won":
            high[field.offset : field.offset + seats] = rules.hand_size
            high[field.offset + seats : field.end] = _MOST_POINTS
        elif field.name == "score":
            most = encoding.score_bound(rules)
            low[field.offset : field.end] = -most
            high[field.offset : field.end] = most
    return low, high


def _zeros(size: int) -> Any:
    return np.zeros(size, np.float32)


def _table(seats: object, rules: object) -> Rules:
    """The rules of the arguments ``seats`` and ``rules``."""
    if seats is not None and (
        isinstance(seats, bool) or not isinstance(seats, int) or seats not in RULES_BY_SEATS
    ):
        raise InvalidRulesError(f"French Tarot is played by 3, 4 or 5 seats, not {seats!r}")
    if rules is None:
        return RULES_BY_SEATS[_DEFAULT_SEATS if seats is None else seats]
    if isinstance(rules, str):
        rules = find_rules(rules)
    if not isinstance(rules, Rules):
        raise TarotTypeError(
            f"rules must be Rules or a preset's name, not {describe_value(rules)}"
        )
    if seats is not None and seats != rules.seats:
        raise InvalidRulesError(
            f"seats={seats} does not match the {rules.name} rules, a table of "
            f"{rules.seats} seats: set seats to {rules.seats}, or leave it out"
        )
    return rules


class FrenchTarotEnv(AECEnv):  # type: ignore[misc]
    """One deal of French Tarot per episode, as a PettingZoo AEC environment.

    Prefer :func:`env`, which adds PettingZoo's order-enforcing wrapper.

    Args:
        seats: 3, 4 or 5; ``None`` for the seats of ``rules`` (4 without ``rules``).
        render_mode: ``"ansi"`` or ``None``.
        perfect_recall: Observe the information-state tensor instead of the observation
            tensor.
        rules: The table: any :class:`~frenchtarot.Rules`, or a preset's name (see
            :func:`~frenchtarot.rules.find_rules`); ``None`` for the FFT table of
            ``seats``.

    Raises:
        InvalidRulesError: ``seats`` is not 3, 4 or 5, ``rules`` names no preset or is a
            table of other than ``seats`` seats, or ``render_mode`` is neither ``"ansi"``
            nor ``None``.
        TarotTypeError: ``perfect_recall`` is not a bool, or ``rules`` is neither Rules
            nor a str.

    Attributes:
        rules: The table.
        tarot: The :class:`~frenchtarot.State` of the deal (``None`` before the first
            :meth:`reset`): the whole table, for logging and tests, never for the agents.
    """

    metadata: Final = {
        "render_modes": ["ansi"],
        "name": "french_tarot_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        seats: int | None = None,
        render_mode: str | None = None,
        perfect_recall: bool = False,
        rules: Rules | str | None = None,
    ) -> None:
        super().__init__()
        rules = _table(seats, rules)
        if render_mode not in (None, "ansi"):
            raise InvalidRulesError(f"the render mode must be 'ansi' or None, not {render_mode!r}")
        if not isinstance(perfect_recall, bool):
            raise TarotTypeError(f"perfect_recall must be a bool, not {perfect_recall!r}")
        self.rules: Rules = rules
        self.render_mode = render_mode
        self.perfect_recall = perfect_recall
        self.possible_agents: list[str] = [f"seat_{seat}" for seat in range(rules.seats)]
        self.agents: list[str] = []
        low, high = _bounds(rules, perfect_recall)
        total = encoding.num_actions(rules)
        self._size: int = len(low)
        self._actions: int = total
        self._before_cards = bytearray(PLAY_BASE)
        """The mask's bytes before the cards' ids: a bytearray, so that the mask is one."""
        self._after_cards = bytes(total - PLAY_BASE - 78)
        space = spaces.Dict(
            {
                "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(total,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {agent: spaces.Discrete(total) for agent in self.possible_agents}
        self.tarot: State | None = None
        self._follower = Follower(rules, _zeros, perfect_recall)
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._rng = random.Random()

    def observation_space(self, agent: str) -> Any:
        """The observation space of ``agent`` (the same for every seat)."""
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> Any:
        """The action space of ``agent``: ``Discrete(num_actions)``."""
        return self.action_spaces[self._agent(agent)]

    def _agent(self, agent: object) -> str:
        """``agent``, one of :attr:`possible_agents`.

        Raises:
            InvalidSeatError: ``agent`` is not an agent of this table; the message lists
                them.
        """
        if not isinstance(agent, str) or agent not in self.possible_agents:
            raise errors.InvalidSeatError(
                f"no agent {describe_value(agent)} at this table: the agents are "
                + ", ".join(self.possible_agents)
            )
        return agent

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal again.

        Args:
            seed: Seeds the deals of this and the next episodes; ``None`` goes on from the
                last seed (or the operating system's randomness).
            options: ``{"dealer": seat}`` chooses the dealer; other keys are ignored.
        """
        if seed is not None:
            self._rng = random.Random(seed)
        dealer = (options or {}).get("dealer", 0)
        self.tarot = new_deal(seed=self._rng.randrange(2**63), dealer=dealer, rules=self.rules)
        self._follower.start(self.tarot)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        state = self.tarot
        assert state is not None
        if state.current is not None:
            self.agent_selection = self.possible_agents[state.current]
            return
        follower = self._follower
        # The follower scored the deal it followed to its end: not scored twice.
        deltas = follower.deltas if follower.state is state else returns(state)
        for agent, delta in zip(self.possible_agents, deltas, strict=True):
            self.rewards[agent] = float(delta)
            self.terminations[agent] = True
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees: its tensor and its action mask."""
        seat = self._seat_of.get(agent) if isinstance(agent, str) else None
        if seat is None:
            self._agent(agent)  # raises
        if self.tarot is None:
            raise TarotTypeError("call reset() before observe()")
        assert seat is not None
        return self._observe(seat)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, cumulative reward, flags and info."""
        agent = self.agent_selection
        observation = self._observe(self._seat_of[agent]) if observe else None
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def _observe(self, seat: int) -> dict[str, Any]:
        state: State = self.tarot  # type: ignore[assignment]
        tensor = self._follower.row(state, seat).copy()
        if state.current != seat:
            return {"observation": tensor, "action_mask": np.zeros(self._actions, _INT8)}
        if state.phase is _PLAY:
            # The ids of the cards follow one another: the mask's bytes are the bits of the
            # legal cards' mask (its binary digits, lowest card first, after the ``0b1`` of
            # _PAST_CARDS), between zeros; an array over a new bytearray of them costs less
            # than setting the ids one by one.
            digits = bin(legal_cards(state) | _PAST_CARDS).encode()[80:2:-1].translate(_BITS)
            data = self._before_cards + digits
            if self._after_cards:  # the calls' ids, five players
                data += self._after_cards
            if not state.tricks:  # the first trick: the handfuls on offer come first
                for action in legal_actions(state):
                    if action.__class__ is not DeclareHandful:
                        break
                    data[id_of(action, self.rules)] = 1
        else:
            data = bytearray(self._actions)
            for number in ids_of(legal_actions(state), self.rules):
                data[number] = 1
        mask = np.ndarray(self._actions, _INT8, data)
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The selected agent takes ``action`` (``None`` once its episode is over).

        Raises:
            EncodingError: ``action`` is not the id of an action offered to the agent.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state: State = self.tarot  # type: ignore[assignment]
        if action.__class__ is int and action in _CARD_IDS and state.phase is _PLAY:
            # A card's id in the play, most steps: straight to the core's play rule.
            chosen: Action = PLAYS[action - PLAY_BASE]
            try:
                after = play_card(state, chosen, state.current)  # type: ignore[arg-type]
            except IllegalActionError:  # not offered: say so in the ids' terms
                offered_action(action, legal_actions(state), self.rules)
                raise  # pragma: no cover - a card play_card refuses is never offered
        elif action.__class__ is int or (
            isinstance(action, (int, np.integer)) and not isinstance(action, bool)
        ):
            number = int(action)
            shared = SHARED_ACTIONS[number] if 0 <= number < _SHARED else None
            if shared is None:  # a handful, a call, or no id: look among those offered
                chosen = offered_action(number, legal_actions(state), self.rules)
            else:
                chosen = shared
            try:
                if chosen.__class__ is Play and state.phase is _PLAY:  # most steps
                    after = play_card(state, chosen, state.current)  # type: ignore[arg-type]
                else:
                    after = apply(state, chosen)
            except IllegalActionError:  # not offered: say so in the ids' terms
                offered_action(number, legal_actions(state), self.rules)
                raise  # pragma: no cover - an action apply refuses is never offered
        else:  # not an int: action_from_id says why
            chosen = encoding.action_from_id(action, state)  # type: ignore[arg-type]
            after = apply(state, chosen)
        # The rewards are all zero until the deal ends, and nothing is stepped after that
        # but the dead steps, which clear them: only the actor's cumulative reward resets.
        self._cumulative_rewards[agent] = 0.0
        self.tarot = after
        self._follower.follow(state, chosen, after)
        current = after.current
        if current is not None:
            self.agent_selection = self.possible_agents[current]
        else:
            self._select()

    def render(self) -> str | None:
        """The whole table as text (``render_mode="ansi"``), or ``None`` without a mode."""
        state = self.tarot
        if self.render_mode is None or state is None:
            return None
        to_act = "over" if state.current is None else f"seat {state.current} to act"
        lines = [f"{self.rules.name}, dealer {state.dealer}, {state.phase.value}, {to_act}"]
        for seat, hand in enumerate(state.hands):
            lines.append(" ".join([f"seat {seat}:", *map(str, hand)]))
        if state.contract is not None:
            lines.append(f"taker {state.taker} ({state.contract.name.lower()})")
        if state.current_trick:
            lines.append(" ".join(["trick:", *map(str, state.current_trick)]))
        lines.append(f"tricks played: {len(state.tricks)}")
        if state.is_terminal:
            lines.append("scores: " + " ".join(map(str, returns(state))))
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""


def env(
    seats: int | None = None,
    render_mode: str | None = None,
    perfect_recall: bool = False,
    rules: Rules | str | None = None,
) -> Any:
    """A :class:`FrenchTarotEnv` behind PettingZoo's order-enforcing wrapper.

    Args:
        seats: 3, 4 or 5; ``None`` for the seats of ``rules`` (4 without ``rules``).
        render_mode: ``"ansi"`` or ``None``.
        perfect_recall: Observe the information-state tensor instead of the observation
            tensor.
        rules: The table: any :class:`~frenchtarot.Rules`, or a preset's name; ``None``
            for the FFT table of ``seats``.

    Returns:
        The wrapped environment.

    Raises:
        InvalidRulesError: ``seats`` is not 3, 4 or 5, ``rules`` names no preset or does
            not match ``seats``, or ``render_mode`` is unknown.
        TarotTypeError: ``perfect_recall`` is not a bool, or ``rules`` is neither Rules
            nor a str.

    >>> from frenchtarot.rules import LUDICASH
    >>> table = env(rules=LUDICASH)
    >>> table.reset(seed=1)
    >>> observation, *_rest = table.last()
    >>> bool(observation["action_mask"][1])  # Bid(PETITE): never offered at Ludicash
    False
    """
    raw = FrenchTarotEnv(
        seats=seats, render_mode=render_mode, perfect_recall=perfect_recall, rules=rules
    )
    return _OrderEnforcing(raw)


def _before_reset(name: str) -> AttributeError:
    return AttributeError(f"{name} cannot be accessed before reset")


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper, reading the environment's bookkeeping directly.

    The same checks: the attributes of an episode cannot be read before ``reset``. Its
    parent finds each of them through two ``__getattr__`` look-ups, which cost more than a
    step of the game; here they are properties, and :meth:`last` asks the environment.
    """

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise _before_reset("agents")
        agents: list[str] = self.env.agents
        return agents

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise _before_reset("agent_selection")
        selected: str = self.env.agent_selection
        return selected

    @property
    def rewards(self) -> dict[str, float]:
        if not self._has_reset:
            raise _before_reset("rewards")
        rewards: dict[str, float] = self.env.rewards
        return rewards

    @property
    def terminations(self) -> dict[str, bool]:
        if not self._has_reset:
            raise _before_reset("terminations")
        terminations: dict[str, bool] = self.env.terminations
        return terminations

    @property
    def truncations(self) -> dict[str, bool]:
        if not self._has_reset:
            raise _before_reset("truncations")
        truncations: dict[str, bool] = self.env.truncations
        return truncations

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        if not self._has_reset:
            raise _before_reset("infos")
        infos: dict[str, dict[str, Any]] = self.env.infos
        return infos

    def agent_iter(self, max_iter: int = 2**63) -> _Agents:
        """The agents to act in turn, as the parent's: the same checks, fewer look-ups."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Agents(self, max_iter)

    def step(self, action: Any) -> None:
        """The selected agent acts (the parent's checks, one call less)."""
        env = self.env
        if self._has_reset and env.agents:
            self._has_updated = True
            env.step(action)
        else:
            super().step(action)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, cumulative reward, flags and info."""
        if not self._has_reset:
            raise _before_reset("agent_selection")
        env: FrenchTarotEnv = self.env  # its last(), one call less
        agent = env.agent_selection
        return (
            env._observe(env._seat_of[agent]) if observe else None,
            env._cumulative_rewards[agent],
            env.terminations[agent],
            env.truncations[agent],
            env.infos[agent],
        )


class _Agents(AECOrderEnforcingIterable):  # type: ignore[misc]
    """PettingZoo's iterable of the agents to act, whose iterator reads the table directly."""

    def __iter__(self) -> _AgentIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's order-enforcing iterator over the agents to act, with the same checks.

    Its parent reads the table's agents and selection through the wrapper (a property
    each, then the environment's attribute); this one reads the environment's attributes,
    which the wrapper's properties return once the table was reset, as it has been for an
    iterator to exist. It keeps the environment beside the wrapper: an attribute of the
    wrapper is read through its ``__getattr__`` hook, slower than this iterator's own.
    """

    def __init__(self, env: _OrderEnforcing, max_iter: int) -> None:
        super().__init__(env, max_iter)
        self._table: FrenchTarotEnv = env.env

    def __next__(self) -> str:
        wrapper = self.env
        table = self._table
        if not table.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        agent: str = table.agent_selection
        return agent
