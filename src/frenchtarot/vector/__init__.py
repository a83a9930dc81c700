"""Many deals at once, as NumPy arrays: a batched environment for learning at speed.

The ``vector`` extra (``frenchtarot[vector]``, NumPy). :class:`VectorEnv` holds ``n``
deals of one table and plays one action in each at every :meth:`~VectorEnv.step`, with
NumPy operations over the whole batch instead of a Python loop over the deals. It speaks
the language of :mod:`frenchtarot.encoding`: the action ids, the legal-action masks and the
observation tensors are those of the scalar library, value for value, for every table and
every :class:`~frenchtarot.Rules` (house rules included). Each step returns the seat to act
in every deal, its legal-action mask and its observation tensor, and the scores of the
deals that ended; a deal that ends starts again at once with the next deal of a
reproducible stream.

The rules are written a second time here, for arrays; the scalar engine checks them: any
deal of the batch converts to a :class:`~frenchtarot.State` (:meth:`VectorEnv.state`) equal
to the one :func:`frenchtarot.apply` reaches with the same actions, and back
(:meth:`VectorEnv.set_state`). The test suite plays thousands of deals of every table both
ways and compares them at every step.

>>> import numpy as np
>>> from frenchtarot.vector import VectorEnv
>>> env = VectorEnv(64, seed=1)
>>> step = env.reset()
>>> rng = np.random.default_rng(1)
>>> scores = []
>>> while len(scores) < 100:
...     choice = (rng.random(step.mask.shape) * step.mask).argmax(axis=1)  # random legal ids
...     step = env.step(choice)
...     scores += step.rewards[step.done].sum(axis=1).tolist()
>>> set(scores)  # every deal's scores sum to zero
{0}
"""

from __future__ import annotations

from frenchtarot.errors import EncodingError
from frenchtarot.vector._env import VectorEnv, VectorStep

__all__ = ["EncodingError", "VectorEnv", "VectorStep"]
