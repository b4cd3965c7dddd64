"""The ``cuttle`` command: rule sets, positions, moves, records, simulations and play.

:func:`cuttle.cli.main.main` dispatches to one module per command group:
:mod:`~cuttle.cli.positions` (``rules``, ``new``, ``moves``, ``apply``),
:mod:`~cuttle.cli.replay`, :mod:`~cuttle.cli.simulate` and :mod:`~cuttle.cli.play`;
:mod:`~cuttle.cli.render` draws a position as text.
"""
