"""The rules core: the one place where the rules of the game are written.

Everything here trusts its arguments (the checked entry points above it check them) and
works on the compact representation of a deal: cards as indices, sets of cards as bit masks.
The compiled build compiles this folder with mypyc, and mutation testing mutates it, as one.

- ``masks``: bit tables of the pack (suits, trumps, points);
- ``flow``: the order of play, the one place that says who acts next and when a phase ends;
- ``shuffle``: the physical deal (shuffle, cut, packets) and a deal's first state;
- ``calling``, ``ecart``, ``handful``, ``tricks``: the rule of each decision;
- ``transitions``: the legal actions and the state each one leads to;
- ``simulate``: random playouts on the masks, for :func:`frenchtarot.rollout`;
- ``tally``: the count of a deal played out;
- ``state``: :class:`~frenchtarot.State`, the only reader of its own storage.
"""
