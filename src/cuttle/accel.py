"""Which engine runs: the compiled core or the plain Python source it is built from.

``setup.py`` compiles the engine's hot modules with mypyc (``cuttle.engine.core``,
``game``, ``moves``, ``table``, ``cards``, ``effect`` and the effect primitives); the
compiled module lies beside its ``.py`` source and Python's import system prefers it.
With ``CUTTLE_PURE_PYTHON=1`` (any value but empty or ``0``) in the environment when
:mod:`cuttle` is first imported, :class:`PlainSourceFinder` loads every engine module
from its ``.py`` source instead, so one install runs either path; the Cython encoder
(``cuttle.bots._fastenc``, no ``.py`` of its own) reads the same variable.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from importlib.util import find_spec, spec_from_file_location
from types import ModuleType

ENGINE = "cuttle.engine"
"""The package whose modules may be compiled (and its subpackages)."""

PURE: bool = os.environ.get("CUTTLE_PURE_PYTHON", "") not in ("", "0")
"""Whether ``CUTTLE_PURE_PYTHON`` asks for the plain source (read once, at import)."""


class PlainSourceFinder(MetaPathFinder):
    """Find the engine's modules (``cuttle.engine`` and below, the ones ``setup.py``
    may compile) as their ``.py`` source, ahead of any compiled module beside it."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        """The source spec of ``fullname`` if it is an engine module with a ``.py`` file
        (or a package with an ``__init__.py``) on ``path``; else None."""
        if path is None or not fullname.startswith(ENGINE):
            return None
        leaf = fullname.rpartition(".")[2]
        for entry in path:
            module = os.path.join(entry, leaf + ".py")
            if os.path.isfile(module):
                return spec_from_file_location(fullname, module)
            package = os.path.join(entry, leaf, "__init__.py")
            if os.path.isfile(package):
                return spec_from_file_location(
                    fullname, package, submodule_search_locations=[os.path.dirname(package)]
                )
        return None


def use_plain_source() -> None:
    """Load every engine module imported from now on from its ``.py`` source."""
    if not any(isinstance(f, PlainSourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, PlainSourceFinder())


def engine_compiled() -> bool:
    """Whether the engine's core running in this process is the compiled one."""
    from .engine import core

    return not (core.__file__ or "").endswith(".py")


def engine_path() -> str:
    """Which engine runs, in words (for ``cuttle --version``)."""
    if engine_compiled():
        return "compiled engine (mypyc)"
    if PURE:
        return "pure-Python engine: CUTTLE_PURE_PYTHON=1"
    return "pure-Python engine: the compiled engine is not built (make setup COMPILE_ENGINE=1)"


SHARED_LIBRARY = "cuttle_engine__mypyc"
"""The compiled engine's shared library (``setup.py``'s mypyc group): every compiled
module needs it, so where it is missing (a partial build) the plain source runs."""

if PURE or find_spec(SHARED_LIBRARY) is None:
    use_plain_source()
