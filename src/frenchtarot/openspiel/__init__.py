"""French Tarot as an OpenSpiel game (the ``openspiel`` extra: ``frenchtarot[openspiel]``).

Importing this module registers the game ``french_tarot`` with OpenSpiel. It is a Python
game: OpenSpiel's C++ algorithms and tests run on it through ``pyspiel``. Its parameters:

* ``players``: 3, 4 or 5; 0, the default, takes the number of seats of ``rules`` (4 when
  ``rules`` is not set).
* ``rules``: the table, by the name of a preset (:data:`~frenchtarot.rules.PRESETS`, looked
  up as :func:`~frenchtarot.rules.find_rules` does: ``"ludicash"``, ``"five-player"``...)
  or of custom rules registered with :func:`register_rules`. Empty, the default, is the
  FFT table of ``players``. A preset of another number of seats than ``players`` is
  refused.
* ``dealer``: the seat that deals, 0 by default.

The game stores the parameters it resolved, so ``game.get_parameters()`` and the game's
string always name the table: ``french_tarot(dealer=0,players=4,rules=four-player)``.

* **Chance.** The deal is a sequence of chance nodes, one per card in the order of
  :data:`~frenchtarot.DECK`: the outcome is where the card goes, seat ``0 .. players - 1``
  or ``players`` for the dog, with probability the room left there over the cards left.
  Every deal is equally likely. Once only one place has room, the rest of the pack goes
  there at once, so a deal has at most 77 chance nodes.
* **Actions.** The player actions are the ids of :mod:`frenchtarot.encoding` (165 with
  three or four players, 181 with five), whatever the rules: a contract the table does not
  offer keeps its id and is never legal. ``action_to_string`` gives their notation, e.g.
  ``"garde"``, ``"play KH"``, ``"handful of 10"``.
* **Returns.** Each seat's score for the deal (:func:`frenchtarot.returns`), zero until
  the end; an annulled deal scores zero. The utility bounds are
  :func:`~frenchtarot.encoding.score_bound` of the rules.
* **Observations.** ``information_state_tensor`` is
  :func:`~frenchtarot.encoding.information_state_tensor` and ``observation_tensor`` is
  :func:`~frenchtarot.encoding.observation_tensor`, of the seat's
  :func:`~frenchtarot.observe`; ``information_state_string`` is the seat's
  :attr:`~frenchtarot.Observation.key` (one item a line) and ``observation_string`` the
  observation's text. While the deal is going on, they hold only the seat's cards so far.
  The tensors follow the deal: each action changes the few entries it changes, instead of
  the whole tensor being written again from the history at each call. Called from Python,
  a state's ``information_state_tensor`` and ``observation_tensor`` return a NumPy array
  of float32 (OpenSpiel's own binding makes a list of that many Python floats, which costs
  more than the rest of a step); called from C++, the observer fills OpenSpiel's buffer.
* **Serialization.** OpenSpiel serializes Python states by pickling them, which
  :class:`~frenchtarot.State` supports: ``serialize``, ``deserialize_state`` and
  ``pyspiel.serialize_game_and_state`` work.
* **Resampling.** ``resample_from_infostate`` draws a world the player cannot tell from
  the state (:func:`frenchtarot.sampling.sample_state`), so OpenSpiel's Python IS-MCTS
  (``open_spiel.python.algorithms.ismcts``) plays the game. OpenSpiel's C++ algorithms
  cannot call it: its bridge to Python games does not forward ``ResampleFromInfostate``.

**Custom rules.** OpenSpiel's game parameters are numbers and strings, so a
:class:`~frenchtarot.Rules` of your own is passed by its name: :func:`register_rules`
records it under its :attr:`~frenchtarot.Rules.name`, after which ``rules=<that name>``
loads it, in ``pyspiel.load_game`` as in a game string. :func:`load_game` does both at
once: ``load_game(rules=my_rules)``. OpenSpiel serializes a game as its string, so a
process that deserializes a game of custom rules must register the same rules first. A
name is registered once, to one value, and may not be one that a preset answers to.

>>> import pyspiel
>>> import frenchtarot.openspiel
>>> game = pyspiel.load_game("french_tarot(players=5)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(5, 181, 6)
>>> pyspiel.load_game("french_tarot(rules=ludicash)").get_parameters()
{'dealer': 0, 'players': 4, 'rules': 'ludicash'}
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np  # type: ignore[import-not-found, unused-ignore]
import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]

from frenchtarot import encoding
from frenchtarot._checks import describe_value
from frenchtarot._core.play import play_card
from frenchtarot._core.state import State
from frenchtarot._dealing import deal_from
from frenchtarot._engine import apply, legal_actions
from frenchtarot.actions import Action, Phase, Play
from frenchtarot.cards import DECK, Card
from frenchtarot.encoding import EncodingError
from frenchtarot.encoding._follow import Follower
from frenchtarot.encoding._ids import SHARED_ACTIONS, ids_of, offered_action
from frenchtarot.errors import (
    IllegalActionError,
    InvalidSeatError,
    TarotTypeError,
)
from frenchtarot.observation import observe
from frenchtarot.openspiel._observer import FrenchTarotObserver
from frenchtarot.openspiel._rules import FROM_RULES, register_rules, table_of
from frenchtarot.rules import Rules
from frenchtarot.sampling import InconsistentObservationError, sample_state
from frenchtarot.scoring import returns

__all__ = [
    "GAME_TYPE",
    "SHORT_NAME",
    "FrenchTarotGame",
    "FrenchTarotObserver",
    "FrenchTarotState",
    "load_game",
    "register_rules",
]

SHORT_NAME: Final = "french_tarot"
"""The name the game is registered under: ``pyspiel.load_game("french_tarot(players=3)")``."""
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_MOST_DRAWS: Final = 1000
"""How many worlds :meth:`FrenchTarotState.resample_from_infostate` draws at most."""

GAME_TYPE: Final = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="French Tarot (frenchtarot: FFT rules and house rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": FROM_RULES, "dealer": 0, "rules": ""},
)
"""The OpenSpiel game type of ``french_tarot``."""


def _max_moves(rules: Rules) -> int:
    """The most player actions in a deal: bids, call, écart, slam, handfuls, cards."""
    call = 1 if rules.calls_partner else 0
    seats = rules.seats
    return seats + call + rules.dog_size + 1 + seats + seats * rules.hand_size


def _game_info(rules: Rules) -> Any:
    """The OpenSpiel game info of one table size."""
    most = encoding.score_bound(rules)
    return pyspiel.GameInfo(
        num_distinct_actions=encoding.num_actions(rules),
        max_chance_outcomes=rules.seats + 1,
        num_players=rules.seats,
        min_utility=-float(most),
        max_utility=float(most),
        utility_sum=0.0,
        max_game_length=_max_moves(rules),
    )


class FrenchTarotGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game: make it with ``pyspiel.load_game("french_tarot(players=4)")``.

    The parameters the game keeps (``get_parameters()``, its string) are the resolved
    ones: the number of players and the name of the rules are always set.

    Args:
        params: The game parameters (see the module): ``players`` (3, 4 or 5, or 0 for
            the seats of ``rules``), ``rules`` (a preset's or a registered name; empty for
            the FFT table of ``players``) and ``dealer`` (a seat; 0 by default).

    Raises:
        InvalidRulesError: ``players`` is not 0, 3, 4 or 5; ``rules`` names no preset and
            no registered rules; or the rules are not of ``players`` seats.
        InvalidSeatError: ``dealer`` is not a seat of the table.
        TarotTypeError: ``rules`` is not a str.

    Attributes:
        rules: The table.
        dealer: The seat that deals.
        observation_size: The length of the observation tensor.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        rules = table_of(params.get("players", FROM_RULES), params.get("rules", ""))
        dealer = params.get("dealer", 0)
        if (
            isinstance(dealer, bool)
            or not isinstance(dealer, int)
            or not 0 <= dealer < rules.seats
        ):
            raise InvalidSeatError(
                f"the dealer must be a seat from 0 to {rules.seats - 1}, not {dealer!r}"
            )
        resolved = {"players": rules.seats, "dealer": dealer, "rules": rules.name}
        super().__init__(GAME_TYPE, _game_info(rules), resolved)
        self.rules: Rules = rules
        self.dealer: int = dealer
        self.observation_size: int = encoding.observation_tensor_size(rules)

    def new_initial_state(self) -> FrenchTarotState:
        """A state before the deal: the first chance node."""
        return FrenchTarotState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> FrenchTarotObserver:
        """The observer OpenSpiel uses for tensors and strings (see the class).

        Args:
            iig_obs_type: The kind of observation; ``None`` for the observation (without
                perfect recall).
            params: Observer parameters: none are supported.
        """
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return FrenchTarotObserver(self.rules, iig_obs_type, params)


class FrenchTarotState(pyspiel.State):  # type: ignore[misc]
    """A state of the OpenSpiel game: the deal being dealt, then a frenchtarot state.

    Attributes:
        tarot: The :class:`~frenchtarot.State` once every card is dealt, else ``None``.
    """

    def __init__(self, game: FrenchTarotGame) -> None:
        super().__init__(game)
        self._rules: Rules = game.rules
        self._dealer: int = game.dealer
        rules = game.rules
        self._places: list[list[Card]] = [[] for _ in range(rules.seats + 1)]
        self._room: list[int] = [rules.hand_size] * rules.seats + [rules.dog_size]
        self._dealt = 0
        """How many cards are dealt."""
        self._observation_size: int = game.observation_size
        self.tarot: State | None = None
        self._follower: Follower[Any] | None = None
        self._offered: tuple[State | None, list[int]] = (None, [])
        """The last state whose legal actions were asked for, and their ids."""

    @property
    def rules(self) -> Rules:
        """The table."""
        return self._rules

    def dealt_so_far(self, player: int) -> tuple[Card, ...]:
        """The cards dealt to ``player`` so far (all of them once the deal is over)."""
        return tuple(self._places[player])

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal player id."""
        tarot = self.tarot
        if tarot is None:
            return _CHANCE
        current = tarot.current
        return _TERMINAL if current is None else current

    def is_chance_node(self) -> bool:
        """Whether a card is being dealt (OpenSpiel's own answer, without its round trip)."""
        return self.tarot is None

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids of ``player`` (the player to act by default), ascending.

        OpenSpiel's own answer, without its round trip through C++ for a seat: at a chance
        node, the chance outcomes; for a seat that is not to act, and once the deal is over,
        none; for a negative player id at a player node, OpenSpiel's error.
        """
        tarot = self.tarot
        if tarot is None or (player is not None and player < 0):  # chance, or OpenSpiel's error
            if player is None:
                return list(pyspiel.State.legal_actions(self))
            return list(pyspiel.State.legal_actions(self, player))
        current = tarot.current
        if current is None or (player is not None and player != current):
            return []
        known, ids = self._offered
        if known is not tarot:
            ids = ids_of(legal_actions(tarot), self._rules)
            self._offered = (tarot, ids)
        return ids[:]

    def _ids(self, tarot: State) -> list[int]:
        """The ids of the actions offered in ``tarot`` (kept for the state last asked)."""
        known, ids = self._offered
        if known is not tarot:
            ids = ids_of(legal_actions(tarot), self._rules)
            self._offered = (tarot, ids)
        return ids

    def _legal_actions(self, player: int) -> list[int]:
        tarot = self.tarot
        assert tarot is not None and player == tarot.current
        return self._ids(tarot)[:]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Where the next card may go, with its probability: seats, then the dog."""
        left = 78 - self._dealt
        return [(place, room / left) for place, room in enumerate(self._room) if room]

    def _apply_action(self, action: int) -> None:
        before = self.tarot
        if before is not None:
            chosen = SHARED_ACTIONS[action] if 0 <= action < len(SHARED_ACTIONS) else None
            if chosen is None:  # a handful, a call, or no id: look among those offered
                chosen = offered_action(action, legal_actions(before), self._rules)
            try:
                if chosen.__class__ is Play and before.phase is Phase.PLAY:  # most steps
                    after = play_card(before, chosen, before.current)  # type: ignore[arg-type]
                else:
                    after = apply(before, chosen)
            except IllegalActionError:  # not offered: say so in the ids' terms
                offered_action(action, legal_actions(before), self._rules)
                raise  # pragma: no cover - an action apply refuses is never offered
            self.tarot = after
            if self._follower is not None:  # once a tensor was asked for
                self._follower.follow(before, chosen, after)
            return
        room = self._room
        if not 0 <= action < len(room) or not room[action]:
            raise EncodingError(
                f"chance outcome {action} is no place with room for the next card: the "
                f"outcomes are {[place for place, left in enumerate(room) if left]}",
                action,
            )
        places = self._places
        places[action].append(DECK[self._dealt])
        self._dealt += 1
        room[action] -= 1
        if room[action] and (self._dealt < 78 - room[action]):
            return
        open_places = [place for place, left in enumerate(room) if left]
        if len(open_places) == 1:  # the rest of the pack can only go there
            place = open_places[0]
            places[place].extend(DECK[self._dealt :])
            room[place] = 0
            self._dealt = 78
        if self._dealt == 78:
            self.tarot = deal_from(places[:-1], places[-1], dealer=self._dealer, rules=self._rules)

    def _following(self, tarot: State) -> Follower[Any]:
        """What keeps the tensors' public part up to date (made when a tensor is first asked)."""
        follower = self._follower
        if follower is None:
            self._follower = follower = Follower(self._rules, _zeros)
            follower.start(tarot)
        return follower

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> FrenchTarotState:
        """A state drawn uniformly among those ``player_id`` cannot tell from this one.

        Backed by :func:`frenchtarot.sampling.sample_state`. While the cards are being
        dealt, the cards the player has not received are spread again at random over the
        other places, each keeping its count. The new state is reached from the start
        through the game's own chance outcomes and action ids, so its history is that of
        a real play.

        Args:
            player_id: The seat whose information state is kept.
            probability_sampler: Returns a float in ``[0, 1)`` each call (OpenSpiel passes
                its random generator); it seeds the draw.

        Returns:
            A new state with the same information state for ``player_id``.

        Raises:
            InconsistentObservationError: No world fits (never for a state of this game).
        """
        rng = random.Random(int(probability_sampler() * 2**53))
        game = self.get_game()
        places = [0] * 78
        for place, cards in enumerate(self._places):
            for card in cards:
                places[card.index] = place
        dealt = sum(map(len, self._places))
        tarot = self.tarot
        if tarot is None:
            others = [n for n in range(dealt) if places[n] != player_id]
            spread = [places[n] for n in others]
            rng.shuffle(spread)
            for n, place in zip(others, spread, strict=True):
                places[n] = place
            return _replay(game, places[:dealt], ())
        seen = observe(tarot, player_id)
        for _ in range(_MOST_DRAWS):
            world = sample_state(seen, rng)
            for seat, hand in enumerate(world.dealt):
                for card in hand:
                    places[card.index] = seat
            for card in world.dog:
                places[card.index] = tarot.rules.seats
            state = _replay(game, places, world.history)
            # A handful is offered in one display per size (the lowest trumps), which says
            # more than the observation does: draw again when the world shows another one.
            if state.tarot is not None and observe(state.tarot, player_id) == seen:
                return state
        raise InconsistentObservationError(  # pragma: no cover - a world fits far sooner
            f"no world in {_MOST_DRAWS} draws shows seat {player_id} the same handfuls"
        )

    def information_state_tensor(self, player: int | None = None) -> Any:
        """The information-state tensor of ``player`` (the player to act by default).

        Returns:
            A new NumPy array of float32: the values OpenSpiel's binding would give.
        """
        tarot, follower = self.tarot, self._follower
        if (
            follower is not None
            and tarot is not None
            and player is not None
            and 0 <= player < self._rules.seats
        ):  # the usual call: one copy of the seat's buffer
            return follower.row(tarot, player).copy()
        return self._tensor(player, True)

    def observation_tensor(self, player: int | None = None) -> Any:
        """The observation tensor of ``player`` (the player to act by default).

        Returns:
            A new NumPy array of float32: the values OpenSpiel's binding would give.
        """
        return self._tensor(player, False)

    def _tensor(self, player: int | None, recall: bool) -> Any:
        tarot = self.tarot
        if player is None:
            player = self.current_player()
        if tarot is None or not 0 <= player < self._rules.seats:  # OpenSpiel's own way
            base = (
                pyspiel.State.information_state_tensor
                if recall
                else pyspiel.State.observation_tensor
            )
            return np.array(base(self, player), np.float32)
        row = self._following(tarot).row(tarot, player)
        return row.copy() if recall else row[: self._observation_size].copy()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return "deal to the dog" if action == self._rules.seats else f"deal to {action}"
        return encoding.describe_id(action, self._rules)

    def is_terminal(self) -> bool:
        """Whether the deal is over (played out or annulled)."""
        tarot = self.tarot
        return tarot is not None and tarot.is_terminal

    def returns(self) -> list[float]:
        """Each seat's score for the deal, zeros until it is over."""
        if self.tarot is None:
            return [0.0] * self._rules.seats
        return [float(value) for value in returns(self.tarot)]

    def __str__(self) -> str:
        lines = [f"{self._rules.name}, dealer {self._dealer}"]
        for seat, cards in enumerate(self._places):
            name = "dog" if seat == self._rules.seats else f"seat {seat}"
            lines.append(" ".join([f"{name}:", *map(str, cards)]))
        if self.tarot is not None:
            lines.append(" ".join(["moves:", *(str(action) for action in self.tarot.history)]))
        return "\n".join(lines)


def _zeros(size: int) -> Any:
    return np.zeros(size, np.float32)


def _replay(game: Any, places: list[int], history: Sequence[Action]) -> FrenchTarotState:
    """The state reached by dealing card ``n`` to ``places[n]``, then taking ``history``."""
    state: FrenchTarotState = game.new_initial_state()
    for place in places:
        if not state.is_chance_node():
            break
        state.apply_action(place)
    for action in history:
        assert state.tarot is not None
        state.apply_action(encoding.action_id(action, state.tarot.rules))
    return state


def load_game(
    players: int | None = None, dealer: int = 0, rules: Rules | str | None = None
) -> Any:
    """The registered game for a table: ``pyspiel.load_game`` with its parameters.

    Args:
        players: 3, 4 or 5; ``None`` for the seats of ``rules`` (4 without ``rules``).
        dealer: The seat that deals.
        rules: The table: any :class:`~frenchtarot.Rules` (custom rules are registered
            with :func:`register_rules` first), or the name of a preset or of registered
            rules; ``None`` for the FFT table of ``players``.

    Returns:
        A ``pyspiel.Game`` (a :class:`FrenchTarotGame`).

    Raises:
        InvalidRulesError: ``players`` is not 3, 4 or 5, ``rules`` names no table or
            cannot be registered, or the rules are not of ``players`` seats.
        InvalidSeatError: ``dealer`` is not a seat of the table.
        TarotTypeError: ``rules`` is neither Rules nor a str.

    >>> from frenchtarot.openspiel import load_game
    >>> game = load_game(3)
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
    (1, ['pass', 'petite', 'garde', 'garde_sans', 'garde_contre'])
    """
    count = FROM_RULES if players is None else players
    if rules is None:
        name = ""
    elif isinstance(rules, Rules):
        name = register_rules(rules)
    elif isinstance(rules, str):
        name = rules
    else:
        raise TarotTypeError(f"rules must be Rules or a str, not {describe_value(rules)}")
    table_of(count, name)  # the library's errors, rather than OpenSpiel's
    return pyspiel.load_game(SHORT_NAME, {"players": count, "dealer": dealer, "rules": name})


pyspiel.register_game(GAME_TYPE, FrenchTarotGame)
