"""The optional compiled parts: the engine's core (``cuttle.engine``, compiled with mypyc
from the same typed source) and the research encoding's accelerator
(``cuttle.bots._fastenc``, Cython).

Everything else is in ``pyproject.toml``. Both are optional: without mypy (mypyc),
Cython or a C compiler the package installs and runs on its plain Python source (the
reference), which ``CUTTLE_PURE_PYTHON=1`` also selects at run time (``cuttle.accel``);
``cuttle --version`` says which engine runs.
"""

import os
import sys

from setuptools import Extension, setup

ENGINE = "src/cuttle/engine/"
COMPILED_ENGINE = [
    ENGINE + name
    for name in (
        "cards.py",
        "moves.py",
        "table.py",
        "effect.py",
        "rules.py",
        "core.py",
        "game.py",
        "playout.py",
    )
] + sorted(
    ENGINE + "effects/" + name for name in os.listdir(ENGINE + "effects") if name.endswith(".py")
)
"""The engine modules mypyc compiles: the hot path of a game (cards, moves, the table's
data, the rule set, the core, the effect primitives). The rest of the engine (notation,
records, words) stays plain Python on both paths."""
BOTS = "src/cuttle/bots/"
COMPILED_BOTS = [
    BOTS + name + ".py" for name in ("belief", "evaluate", "policy", "search", "world")
]
"""The search's modules mypyc compiles with the engine: the tree, the rollout policy,
the evaluation and the world sampler (``cuttle.accel.COMPILED_BOTS`` names them too)."""


def engine_modules() -> list[Extension]:
    """The mypyc-compiled engine, built by default; none where ``CUTTLE_COMPILE_ENGINE=0``
    asks for the plain source only at build time (``make setup COMPILE_ENGINE=0``).

    ``CUTTLE_MYPYC_OPT`` sets the C compiler's optimisation level (3 by default; the
    wheel test builds at 0, where only what the wheel carries is checked, not its speed).
    """
    if os.environ.get("CUTTLE_COMPILE_ENGINE", "1") == "0":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # no mypy: the plain source only
        return []
    print("cuttle: compiling the engine and the search with mypyc", file=sys.stderr)
    try:
        built = mypycify(
            # An isolated build has none of the package's dependencies (numpy, Babel...):
            # what the compiled modules import from them is typed Any, and the modules
            # that are not compiled are read for their types, their errors left to mypy.
            [
                "--strict",
                "--follow-imports=silent",
                "--ignore-missing-imports",
                *COMPILED_ENGINE,
                *COMPILED_BOTS,
            ],
            opt_level=os.environ.get("CUTTLE_MYPYC_OPT", "3"),
            group_name="cuttle_engine",
        )
    except (Exception, SystemExit) as exc:  # mypyc refused: the plain source, said out loud
        print(f"warning: the compiled engine is not built ({exc!r})", file=sys.stderr)
        return []
    for ext in built:
        ext.optional = True  # no C compiler: the plain source
    return built


def fastenc_modules() -> list[Extension]:
    """The Cython accelerator of the research encoding, or none (without Cython)."""
    try:
        from Cython.Build import cythonize
    except ImportError:  # no Cython: the pure-Python encoder only
        return []
    built = cythonize(
        [
            Extension(
                "cuttle.bots._fastenc",
                ["src/cuttle/bots/_fastenc.pyx"],
                optional=True,
            )
        ],
        compiler_directives={"language_level": "3"},
        quiet=True,
    )
    for ext in built:
        ext.optional = True  # cythonize() makes new Extension objects without the flag
    return built


def c_compiler_found() -> bool:
    """Whether the C compiler the build would call is on this machine (``CC``, else the
    one Python was built with). Without one, the plain source is installed at once,
    said out loud, rather than after mypyc and Cython have written C nobody compiles."""
    import shlex
    import shutil
    import sysconfig

    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = shlex.split(cc)
    return bool(words) and shutil.which(words[0]) is not None


BUILDING: frozenset[str] = frozenset(
    ("build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install", "sdist")
)
"""The commands that build or ship the extensions. pip asks this script for its build
requirements (``egg_info``) and its metadata (``dist_info``) before it builds, and
neither needs them: mypycify type-checks the engine and writes its C at every call
(15 s or so), so it is left out of those calls."""


def builds_extensions(argv: list[str]) -> bool:
    """Whether the command line ``argv`` (``sys.argv``) builds or ships the extensions."""
    return any(word in BUILDING for word in argv[1:])


if not builds_extensions(sys.argv):
    setup()
elif c_compiler_found():
    setup(ext_modules=[*engine_modules(), *fastenc_modules()])
else:
    print(
        "warning: no C compiler found: the compiled engine and the encoder's accelerator"
        " are not built; the plain Python source is installed",
        file=sys.stderr,
    )
    setup()
