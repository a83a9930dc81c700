"""Integer action ids, legal-action masks and fixed-size tensors, for learning agents.

Reinforcement-learning libraries want a fixed, finite action space (integers from 0), a
mask of the legal ones, and observations of a fixed length. This module gives them, in
pure Python (lists of ints and floats, no NumPy), for each table size.

**Action ids.** Every action :func:`~frenchtarot.legal_actions` offers has an id, the same
in every deal of a table size; the ids of the actions offered in a position are ascending
in the canonical order of :func:`~frenchtarot.legal_actions`:

==========  ===================================================  ============================
ids         action                                               table sizes
==========  ===================================================  ============================
0           ``Pass()``                                           all
1 to 4      ``Bid(PETITE)``, ``GARDE``, ``GARDE_SANS``,           all
            ``GARDE_CONTRE``
5           ``AnnounceSlam()``                                   all
6 to 8      ``DeclareHandful``: simple, double, triple handful   all
9 to 86     ``Discard(DECK[id - 9])``                            all
87 to 164   ``Play(DECK[id - 87])``                              all
165 to 180  ``Call(card)``: the Jacks, Knights, Queens and       five players
            Kings, in the order of :data:`~frenchtarot.DECK`
==========  ===================================================  ============================

So :func:`num_actions` is 165 with three or four players and 181 with five. A handful has
one id per size: :func:`action_id` maps any display of that size to it, and
:func:`action_from_id` maps it back to the one display :func:`~frenchtarot.legal_actions`
offers (the canonical display).

The ids do not depend on the house rules (:attr:`~frenchtarot.Rules.contracts` and the
bonuses). A contract the table does not offer (``frenchtarot.rules.LUDICASH`` leaves out
the Petite) keeps the id of its ``Bid``, which is then never legal nor in a mask.

**Tensors.** :func:`observation_tensor` and :func:`information_state_tensor` turn an
:class:`~frenchtarot.Observation` (from :func:`~frenchtarot.observe`) into a list of floats
of a fixed length per table size. They read nothing but the observation, so they cannot
show a seat anything it may not know. The observation tensor is what the seat sees now;
the information-state tensor adds the order of events (the dealt hand, the écart in order,
every trick card by card), enough to tell apart every two positions whose
:attr:`~frenchtarot.Observation.key` differ. :func:`observation_fields` and
:func:`information_state_fields` list the fields, with their offsets, sizes and meaning.

The tensors' layout follows the shape of the table (seats, hand and dog sizes, whether a
partner is called), never its scoring knobs: the ``bids`` and ``contract`` fields keep a
slot for each of the four contracts, and the slot of a contract the table does not offer
stays zero. Nothing is scaled by a multiplier or a bonus; the ``score`` field holds the
deal's scores as they are, between ``-score_bound(rules)`` and ``score_bound(rules)``.

>>> import frenchtarot as ft
>>> from frenchtarot import encoding
>>> state = ft.new_deal(seed=1)
>>> encoding.num_actions(state.rules), encoding.legal_ids(state)
(165, [0, 1, 2, 3, 4])
>>> encoding.action_from_id(2, state)
Bid(contract=Contract.GARDE)
>>> tensor = encoding.observation_tensor(ft.observe(state, 1))
>>> len(tensor) == encoding.observation_tensor_size(ft.FOUR_PLAYER)
True
"""

from __future__ import annotations

from frenchtarot._checks import describe_value
from frenchtarot._core import tally as _tally
from frenchtarot._core.state import State
from frenchtarot._engine import legal_actions
from frenchtarot.actions import Action
from frenchtarot.encoding import _ids
from frenchtarot.encoding._ids import BID_IDS as BID_IDS
from frenchtarot.encoding._ids import CALL_BASE as CALL_BASE
from frenchtarot.encoding._ids import DISCARD_BASE as DISCARD_BASE
from frenchtarot.encoding._ids import HANDFUL_BASE as HANDFUL_BASE
from frenchtarot.encoding._ids import PASS_ID as PASS_ID
from frenchtarot.encoding._ids import PLAY_BASE as PLAY_BASE
from frenchtarot.encoding._ids import SLAM_ID as SLAM_ID
from frenchtarot.encoding._layout import CALLABLE as CALLABLE
from frenchtarot.encoding._layout import Field, TensorBuffer, layout
from frenchtarot.errors import EncodingError, TarotTypeError
from frenchtarot.observation import Observation
from frenchtarot.rules import Rules

__all__ = [
    "EncodingError",
    "Field",
    "TensorBuffer",
    "action_from_id",
    "action_id",
    "describe_id",
    "information_state_fields",
    "information_state_tensor",
    "information_state_tensor_size",
    "legal_ids",
    "legal_mask",
    "num_actions",
    "observation_fields",
    "observation_tensor",
    "observation_tensor_size",
    "score_bound",
    "write_tensor",
]


def _check_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise TarotTypeError(f"expected Rules, not {describe_value(rules)}")
    return rules


def num_actions(rules: Rules) -> int:
    """How many action ids a table size has: 165 (three or four players) or 181 (five).

    Args:
        rules: The table size.

    Returns:
        One more than the largest id.

    Raises:
        TarotTypeError: ``rules`` is not a :class:`~frenchtarot.Rules`.

    >>> import frenchtarot as ft
    >>> from frenchtarot.encoding import num_actions
    >>> [num_actions(ft.RULES_BY_SEATS[n]) for n in (3, 4, 5)]
    [165, 165, 181]
    """
    return _ids.num_actions(_check_rules(rules))


def score_bound(rules: Rules) -> int:
    """A bound on any seat's score for a deal: ``-bound <= delta <= bound``.

    Not the tightest bound: it adds up bonuses that cannot all happen in one deal. The
    adapters use it for utility ranges and observation bounds. It reads the table's
    scoring knobs: the highest multiplier offered, the petit au bout, the handful and slam
    bonuses.

    Args:
        rules: The table.

    Returns:
        More than the largest unit a deal could have (a handful for every seat included),
        times ``seats - 1`` (what a taker playing alone receives).

    Raises:
        TarotTypeError: ``rules`` is not a :class:`~frenchtarot.Rules`.
    """
    rules = _check_rules(rules)
    # The multiplied part: the contract's points, a margin no larger than the highest target
    # (a camp's points lie between 0 and 91) and the petit au bout, times the highest
    # multiplier (a flat petit au bout is counted multiplied too: a bound, not the tightest).
    most_multiplied = (_tally.CONTRACT_POINTS + max(_tally.TARGETS) + rules.petit_au_bout) * max(
        multiplier for _contract, multiplier in rules.contracts
    )
    most_handfuls = rules.seats * max(bonus for _size, bonus in rules.handfuls)
    most_slam = max(rules.slam_announced, rules.slam_unannounced) + max(
        rules.slam_missed + rules.slam_defence, 0
    )
    return (most_multiplied + most_handfuls + most_slam) * (rules.seats - 1)


def action_id(action: Action, rules: Rules) -> int:
    """The id of ``action`` (see the module's table).

    A :class:`~frenchtarot.DeclareHandful` has the id of its size, whatever cards it shows.

    Args:
        action: Any action.
        rules: The table size.

    Returns:
        An int from 0 to ``num_actions(rules) - 1``.

    Raises:
        EncodingError: The action has no id at this table: a handful of a size that is not
            a handful size of ``rules``, or a :class:`~frenchtarot.Call` of a card that is
            never called, or at a table where nobody calls.
        TarotTypeError: ``action`` is not an action or ``rules`` not a Rules.

    >>> import frenchtarot as ft
    >>> from frenchtarot.encoding import action_id
    >>> action_id(ft.Play("KH"), ft.FOUR_PLAYER), action_id(ft.Call("KH"), ft.FIVE_PLAYER)
    (136, 172)
    """
    return _ids.id_of(action, _check_rules(rules))


def _offered(position: State | Observation) -> tuple[Action, ...]:
    if isinstance(position, State):
        return legal_actions(position)
    if isinstance(position, Observation):
        return position.legal_actions
    raise TarotTypeError(f"expected a State or an Observation, not {describe_value(position)}")


def legal_ids(position: State | Observation) -> list[int]:
    """The ids of the actions offered in ``position``, ascending.

    Args:
        position: A state, or an observation (which offers actions only to the seat to act).

    Returns:
        ``[action_id(a, rules) for a in legal_actions(state)]``, empty when nothing is
        offered.

    Raises:
        TarotTypeError: ``position`` is neither a State nor an Observation.
    """
    return _ids.ids_of(_offered(position), position.rules)


def legal_mask(position: State | Observation) -> list[int]:
    """One 0 or 1 per action id: 1 for the actions offered in ``position``.

    Args:
        position: A state, or an observation (all zeros unless its seat is to act).

    Returns:
        A list of :func:`num_actions` ints.

    Raises:
        TarotTypeError: ``position`` is neither a State nor an Observation.

    >>> import frenchtarot as ft
    >>> from frenchtarot.encoding import legal_mask
    >>> legal_mask(ft.new_deal(seed=1))[:7]
    [1, 1, 1, 1, 1, 0, 0]
    """
    ids = legal_ids(position)
    mask = [0] * num_actions(position.rules)
    for number in ids:
        mask[number] = 1
    return mask


def action_from_id(number: int, position: State | Observation) -> Action:
    """The action offered in ``position`` whose id is ``number``.

    For a handful id, that is the display :func:`~frenchtarot.legal_actions` offers for that
    size.

    Args:
        number: An action id.
        position: The state, or the observation of the seat to act.

    Returns:
        The action, ready for :func:`~frenchtarot.apply`.

    Raises:
        EncodingError: ``number`` is outside ``0 .. num_actions - 1`` or stands for no
            action offered in ``position``; the message lists the ids that are.
        TarotTypeError: ``number`` is not an int, or ``position`` neither a State nor an
            Observation.

    >>> import frenchtarot as ft
    >>> from frenchtarot.encoding import action_from_id
    >>> action_from_id(5, ft.new_deal(seed=1))
    Traceback (most recent call last):
    ...
    frenchtarot.errors.EncodingError: action id 5 (slam) is not offered here; the ids \
offered are 0 1 2 3 4
    """
    if isinstance(number, bool) or not hasattr(number, "__index__"):
        raise TarotTypeError(f"an action id must be an int, not {describe_value(number)}")
    return _ids.offered_action(int(number.__index__()), _offered(position), position.rules)


def describe_id(number: int, rules: Rules) -> str:
    """A short text for an action id, e.g. ``"play KH"`` or ``"handful of 13"``.

    Args:
        number: An action id of ``rules``.
        rules: The table size.

    Returns:
        The action's notation; for a handful, its size.

    Raises:
        EncodingError: ``number`` is not an id of ``rules``.
        TarotTypeError: ``rules`` is not a Rules.

    >>> import frenchtarot as ft
    >>> from frenchtarot.encoding import describe_id
    >>> [describe_id(n, ft.FOUR_PLAYER) for n in (0, 3, 7, 9, 136)]
    ['pass', 'garde_sans', 'handful of 13', 'discard T1', 'play KH']
    """
    return _ids.describe(number, _check_rules(rules))


# ---------------------------------------------------------------------------------------------
# Tensors (the fields and their writers: frenchtarot.encoding._layout)


def observation_fields(rules: Rules) -> tuple[Field, ...]:
    """The fields of :func:`observation_tensor` at a table size, in order.

    Args:
        rules: The table size.

    Returns:
        The fields; each is ``tensor[field.offset:field.end]``.

    Raises:
        TarotTypeError: ``rules`` is not a Rules.

    >>> import frenchtarot as ft
    >>> from frenchtarot.encoding import observation_fields
    >>> [field.name for field in observation_fields(ft.FOUR_PLAYER)][:6]
    ['seat', 'dealer', 'phase', 'current', 'hand', 'hand_sizes']
    """
    return layout(_check_rules(rules), False)[0]


def information_state_fields(rules: Rules) -> tuple[Field, ...]:
    """The fields of :func:`information_state_tensor`: those of the observation, then more.

    Args:
        rules: The table size.

    Returns:
        The fields, in order.

    Raises:
        TarotTypeError: ``rules`` is not a Rules.
    """
    return layout(_check_rules(rules), True)[0]


def observation_tensor_size(rules: Rules) -> int:
    """The length of every :func:`observation_tensor` at a table size.

    Args:
        rules: The table size.

    Returns:
        The length.

    Raises:
        TarotTypeError: ``rules`` is not a Rules.

    >>> import frenchtarot as ft
    >>> from frenchtarot.encoding import observation_tensor_size
    >>> [observation_tensor_size(ft.RULES_BY_SEATS[n]) for n in (3, 4, 5)]
    [978, 1170, 1384]
    """
    return observation_fields(rules)[-1].end


def information_state_tensor_size(rules: Rules) -> int:
    """The length of every :func:`information_state_tensor` at a table size.

    Args:
        rules: The table size.

    Returns:
        The length.

    Raises:
        TarotTypeError: ``rules`` is not a Rules.

    >>> import frenchtarot as ft
    >>> from frenchtarot.encoding import information_state_tensor_size
    >>> [information_state_tensor_size(ft.RULES_BY_SEATS[n]) for n in (3, 4, 5)]
    [7218, 7410, 7624]
    """
    return information_state_fields(rules)[-1].end


def _check_observation(observation: object) -> Observation:
    if not isinstance(observation, Observation):
        raise TarotTypeError(
            "expected an Observation (from frenchtarot.observe), not "
            f"{describe_value(observation)}"
        )
    return observation


def _tensor(observation: Observation, recall: bool) -> list[float]:
    fields, writers = layout(observation.rules, recall)
    tensor = [0.0] * fields[-1].end
    for field, writer in zip(fields, writers, strict=True):
        writer(tensor, field.offset, observation)
    return tensor


def write_tensor(
    observation: Observation, out: TensorBuffer, *, perfect_recall: bool = False
) -> None:
    """Write a tensor into ``out``, which holds zeros: only its nonzero entries are set.

    This fills a NumPy array (or any buffer) without making a list first, much faster than
    converting the list of :func:`observation_tensor`: the tensors are mostly zeros.

    Args:
        observation: A seat's observation, from :func:`~frenchtarot.observe`.
        out: Zeros, as many as the tensor's length, e.g. ``numpy.zeros(size, "float32")``.
        perfect_recall: Write :func:`information_state_tensor` instead of
            :func:`observation_tensor`.

    Raises:
        EncodingError: ``out`` is not the tensor's length.
        TarotTypeError: ``observation`` is not an :class:`~frenchtarot.Observation`.

    >>> import frenchtarot as ft
    >>> from frenchtarot.encoding import observation_tensor, write_tensor
    >>> seen = ft.observe(ft.new_deal(seed=1), 2)
    >>> out = [0.0] * len(observation_tensor(seen))
    >>> write_tensor(seen, out)
    >>> out == observation_tensor(seen)
    True
    """
    fields, writers = layout(_check_observation(observation).rules, perfect_recall)
    size = fields[-1].end
    if len(out) != size:
        kind = "information-state" if perfect_recall else "observation"
        raise EncodingError(
            f"the {observation.rules.name} {kind} tensor has {size} entries, not {len(out)}",
            out,
        )
    for field, writer in zip(fields, writers, strict=True):
        writer(out, field.offset, observation)


def observation_tensor(observation: Observation) -> list[float]:
    """What a seat sees now, as a list of floats (see :func:`observation_fields`).

    Entries are 0 or 1 except the counts (``hand_sizes``, ``won``) and the ``score``.

    Args:
        observation: A seat's observation, from :func:`~frenchtarot.observe`.

    Returns:
        A list of :func:`observation_tensor_size` floats.

    Raises:
        TarotTypeError: ``observation`` is not an :class:`~frenchtarot.Observation`.
    """
    return _tensor(_check_observation(observation), False)


def information_state_tensor(observation: Observation) -> list[float]:
    """All a seat has seen since the deal, in order, as a list of floats.

    The observation tensor's fields come first, then the dealt hand, the écart in order
    and every trick card by card (see :func:`information_state_fields`).

    Args:
        observation: A seat's observation, from :func:`~frenchtarot.observe`.

    Returns:
        A list of :func:`information_state_tensor_size` floats.

    Raises:
        TarotTypeError: ``observation`` is not an :class:`~frenchtarot.Observation`.
    """
    return _tensor(_check_observation(observation), True)
