"""Which engine runs: the compiled core or the plain Python source it is built from.

``setup.py`` compiles the engine's hot modules with mypyc (``cuttle.engine.core``,
``game``, ``moves``, ``table``, ``cards``, ``effect``, ``rules`` and the effect
primitives) and the search's (:data:`COMPILED_BOTS`); a compiled module lies beside its
``.py`` source and Python's import system prefers it.
With ``CUTTLE_PURE_PYTHON=1`` (any value but empty or ``0``) in the environment when
:mod:`cuttle` is first imported, :class:`PlainSourceFinder` loads every engine module
from its ``.py`` source instead, so one install runs either path; the Cython encoder
(``cuttle.bots._fastenc``, no ``.py`` of its own) reads the same variable.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from importlib.util import find_spec, spec_from_file_location
from types import ModuleType

ENGINE = "cuttle.engine"
"""The package whose modules may be compiled (and its subpackages)."""

COMPILED_BOTS = ("belief", "evaluate", "policy", "search", "world")
"""The modules of :mod:`cuttle.bots` compiled with the engine (``setup.py``): the search's
tree, rollout policy, evaluation and world sampler."""

_BOT_MODULES = frozenset(f"cuttle.bots.{name}" for name in COMPILED_BOTS)

PURE: bool = os.environ.get("CUTTLE_PURE_PYTHON", "") not in ("", "0")
"""Whether ``CUTTLE_PURE_PYTHON`` asks for the plain source (read once, at import)."""


class PlainSourceFinder(MetaPathFinder):
    """Find the modules ``setup.py`` may compile (``cuttle.engine`` and below, and
    :data:`COMPILED_BOTS` of ``cuttle.bots``) as their ``.py`` source, ahead of any
    compiled module beside it."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        """The source spec of ``fullname`` if it is an engine module with a ``.py`` file
        (or a package with an ``__init__.py``) on ``path``; else None."""
        if path is None or not (fullname.startswith(ENGINE) or fullname in _BOT_MODULES):
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


def stale_sources(library: str, package: str | None = None) -> list[str]:
    """The engine's ``.py`` files changed since the compiled ``library`` was built, in a
    source checkout (a ``setup.py`` beside ``src/``); none in an installed wheel.

    Python prefers a compiled module to its source, so after an edit the old compiled
    code would go on running until the next ``make setup``: the plain source runs
    instead, with a warning, until it is rebuilt. ``package`` is the ``cuttle`` package's
    folder (this one by default).
    """
    package = package or os.path.dirname(os.path.abspath(__file__))
    if not os.path.isfile(os.path.join(package, "..", "..", "setup.py")):
        return []
    built = os.path.getmtime(library)
    stale: list[str] = []
    sources = [os.path.join(package, "bots", name + ".py") for name in COMPILED_BOTS]
    for folder, _dirs, files in os.walk(os.path.join(package, "engine")):
        sources += [os.path.join(folder, name) for name in files if name.endswith(".py")]
    for path in sources:
        if os.path.isfile(path) and os.path.getmtime(path) > built:
            stale.append(os.path.relpath(path, package))
    return sorted(stale)


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
    if STALE:
        return "pure-Python engine: the compiled engine is older than its source (make setup)"
    return (
        "pure-Python engine: the compiled engine is not built"
        " (no C compiler, or COMPILE_ENGINE=0; make setup builds it)"
    )


SHARED_LIBRARY = "cuttle_engine__mypyc"
"""The compiled engine's shared library (``setup.py``'s mypyc group): every compiled
module needs it, so where it is missing (a partial build) the plain source runs."""

STALE: list[str] = []
"""The engine sources newer than the compiled engine (:func:`stale_sources`)."""

_library = None if PURE else find_spec(SHARED_LIBRARY)
if _library is not None and _library.origin:
    STALE = stale_sources(_library.origin)
    if STALE:
        warnings.warn(
            f"cuttle: the compiled engine is older than {', '.join(STALE[:3])}"
            f"{' and more' if len(STALE) > 3 else ''}; running the plain source until"
            " `make setup` rebuilds it",
            RuntimeWarning,
            stacklevel=1,
        )
if PURE or _library is None or STALE:
    use_plain_source()
