"""Bot names, difficulty levels and budgets: :func:`make_bot` and :func:`analyse`.

A *spec* names a bot and optionally its budget: ``random``, ``greedy``, ``pimc``,
``pimc:0.5s``, ``pimc:60it`` (worlds), ``ismcts``, ``ismcts:0.5s``, ``ismcts:2000it``,
``neural`` (the learned policy network; needs numpy), ``ismcts-neural`` (ISMCTS whose
leaves the network's value head scores; takes a budget like ``ismcts``),
``ismcts-policy`` (ISMCTS over only the root moves the network's policy likes best;
takes a budget), ``ismcts-world`` (ISMCTS whose leaves a value net reading the whole
sampled world scores; takes a budget), or a level of the ladder (:data:`LADDER`):
``level1`` to ``level8``, also written ``l3`` or just ``3``, four of them also named
``easy`` (3), ``medium`` (4), ``hard`` (7) and ``expert`` (8). A level may take a budget
suffix (``expert:1s``), and every level checks threats first
(:class:`~cuttle.bots.threats.GuardedBot`); the bare kinds do not. ``greedy`` takes a
share of random moves instead of a budget: ``greedy:35%``.

Bots from outside the package: ``ext:CMD`` (or ``ext:2s:CMD``, two seconds a move) is
another program speaking the engine protocol (:class:`~cuttle.bots.external.ExternalBot`,
``docs/protocol.md``); ``module.path:Name`` a Python class taking the seed, and a bare
name may be one an installed package declares in the ``cuttle.bots`` entry-point group
(:mod:`cuttle.bots.plugins`). These keep their case.
"""

from __future__ import annotations

import os
import re

from .base import Bot, SeatView
from .plugins import is_import_spec, make_plugin_bot, plugin_names

BOT_KINDS = (
    "random",
    "greedy",
    "pimc",
    "ismcts",
    "neural",
    "ismcts-neural",
    "ismcts-policy",
    "ismcts-world",
)
"""The bot names :func:`make_bot` accepts (besides the levels)."""

SEARCH_KINDS = ("pimc", "ismcts", "ismcts-neural", "ismcts-policy", "ismcts-world")
"""The bots that search for as long as their budget allows (``name:0.5s``)."""

LADDER: tuple[tuple[str, str, str], ...] = (
    ("level1", "random", "a random move, but it takes a win and blocks one"),
    ("level2", "greedy:50%", "greedy with a random move half the time"),
    ("easy", "greedy:30%", "greedy with a random move 30% of the time"),
    ("medium", "greedy", "greedy: the best move one ply ahead by a hand-tuned evaluation"),
    ("level5", "ismcts:10it", "ismcts at 10 iterations a move: the evaluation, barely searched"),
    ("level6", "ismcts:60it", "ismcts at 60 iterations a move"),
    ("hard", "ismcts:150it", "ismcts at 150 iterations a move"),
    (
        "expert",
        "ismcts:5000it",
        "ismcts at 5,000 iterations a move with implicit minimax values, on every core",
    ),
)
"""The bot ladder, weakest first: level *n* is ``LADDER[n - 1]`` as ``(name, bot spec,
what it plays)``. Every level checks threats first (:mod:`cuttle.bots.threats`): it
plays a winning move when it has one and, when the opponent could win on the next turn,
chooses only among the moves that stop it (or limit it best). Budgets are iterations,
so a level plays as strongly on a slow machine as on a fast one."""

LEVEL_NAMES: tuple[str, ...] = tuple(name for name, _spec, _plays in LADDER)
"""Each level's name, level 1 first (four of them are also ``easy`` ... ``expert``)."""

LEVELS: dict[str, str] = {name: plays for name, _spec, plays in LADDER}
"""Difficulty levels users pick, with what each one plays."""

LEVEL_SPECS: dict[str, str] = {name: spec for name, spec, _plays in LADDER}
"""The bot spec behind each level (the level adds the threat check to it, and its
search knobs of :data:`LEVEL_MINIMAX`)."""

LEVEL_MINIMAX: dict[str, float] = {"expert": 0.3}
"""The levels whose search blends implicit minimax values into its mean rewards, with the
weight (:attr:`cuttle.bots.search.SearchParams.minimax`; ``docs/strength.md``, "Implicit
minimax"): it gains most where the search is long, so the top level only."""

_LEVEL_NUMBER = re.compile(r"^(?:level|l)?(\d+)$")


def level_name(text: str) -> str | None:
    """The level ``text`` names, or ``None``: ``"hard"``, ``"level7"``, ``"l7"`` and
    ``"7"`` all name ``"hard"`` (any case). A number off the ladder is an error."""
    low = text.strip().lower()
    if low in LEVELS:
        return low
    m = _LEVEL_NUMBER.match(low)
    if m is None:
        return None
    number = int(m.group(1))
    if not 1 <= number <= len(LADDER):
        raise ValueError(f"no bot level {text.strip()!r}: the levels are 1 to {len(LADDER)}")
    return LEVEL_NAMES[number - 1]


def level_number(name: str) -> int:
    """The ladder position (1 = weakest) of a level named as :func:`level_name` reads."""
    found = level_name(name)
    if found is None:
        raise ValueError(f"{name!r} is not a bot level")
    return LEVEL_NAMES.index(found) + 1


DEFAULT_ISMCTS_ITERATIONS = 1000
DEFAULT_PIMC_WORLDS = 40
_BUDGET = re.compile(r"^(?:(\d+(?:\.\d+)?)(s|ms)|(\d+)it)$")


def _parse_budget(text: str, spec: str) -> tuple[float | None, int | None]:
    """Return ``(seconds, iterations)`` of a budget suffix."""
    m = _BUDGET.match(text)
    if not m:
        raise ValueError(
            f"bad budget {text!r} in bot spec {spec!r}: write e.g. '0.5s', '250ms' or '2000it'"
        )
    if m.group(3) is not None:
        its = int(m.group(3))
        if its <= 0:
            raise ValueError(f"bot spec {spec!r}: the iteration budget must be positive")
        return None, its
    secs = float(m.group(1)) / (1000.0 if m.group(2) == "ms" else 1.0)
    if secs <= 0:
        raise ValueError(f"bot spec {spec!r}: the time budget must be positive")
    return secs, None


def default_workers() -> int:
    """Processes a multi-core search uses by default: the cores, at most 4."""
    return max(1, min(4, os.cpu_count() or 1))


def make_bot(spec: str, seed: int | None = None, *, workers: int | None = None) -> Bot:
    """Build a bot from ``spec`` (see the module doc), seeded with ``seed``.

    ``workers`` sets the processes an ``ismcts`` search may use (default: every core for
    budgets large enough to gain from it; pass 1 when games already run in parallel).
    Raises :class:`ValueError` with the accepted names for an unknown spec.
    """
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError("a bot spec must be a non-empty name, e.g. 'greedy'")
    outside = _outside_bot(spec.strip(), seed)
    if outside is not None:
        return outside
    text = spec.strip().lower()
    kind, _, budget = text.partition(":")
    level = level_name(kind)
    name = text
    if level is not None:
        base_kind, _, base_budget = LEVEL_SPECS[level].partition(":")
        kind = base_kind
        name = f"{level}:{budget}" if budget else level
        budget = budget or base_budget
    noise = 0.4 if kind == "greedy-noisy" else 0.0
    if kind in ("greedy", "greedy-noisy") and budget.endswith("%"):
        noise = _parse_noise(budget, spec)
        budget = ""
    seconds, iterations = _parse_budget(budget, spec) if budget else (None, None)
    if kind == "random":
        if budget:
            raise ValueError(f"bot spec {spec!r}: 'random' takes no budget")
        from .random_bot import RandomBot

        bot: Bot = RandomBot(seed)
    elif kind in ("greedy", "greedy-noisy"):
        if budget:
            raise ValueError(
                f"bot spec {spec!r}: 'greedy' takes no budget, only a share of random "
                "moves such as 'greedy:30%'"
            )
        from .greedy import GreedyBot

        bot = GreedyBot(seed, noise=noise)
    elif kind == "pimc":
        from .pimc import PIMCBot

        if seconds is None and iterations is None:
            iterations = DEFAULT_PIMC_WORLDS
        bot = PIMCBot(seed, worlds=iterations, seconds=seconds)
    elif kind == "neural":
        if budget:
            raise ValueError(f"bot spec {spec!r}: 'neural' takes no budget")
        bot = _neural_bot(seed)
    elif kind in ("ismcts", "ismcts-neural", "ismcts-policy", "ismcts-world"):
        from .ismcts import ISMCTSBot, SearchParams
        from .parallel import worth_parallel

        if seconds is None and iterations is None:
            iterations = DEFAULT_ISMCTS_ITERATIONS
        evaluator = "heuristic"
        if kind == "ismcts-neural":
            _neural_bot(seed)  # fail early, with the reason, if the net cannot load
            evaluator = "neural"
        if kind == "ismcts-world":
            _world_net()
            evaluator = "world"
        prior = "none"
        if kind == "ismcts-policy":
            _neural_bot(seed)
            prior = "neural"
        params = SearchParams(
            iterations=iterations,
            seconds=seconds,
            evaluator=evaluator,
            prior=prior,
            minimax=LEVEL_MINIMAX.get(level, 0.0) if level is not None else 0.0,
        )
        if workers is None:
            workers = default_workers() if worth_parallel(params) else 1
        bot = ISMCTSBot(seed, params, workers=max(1, workers))
    else:
        names = ", ".join([*BOT_KINDS, *LEVELS, *plugin_names()])
        raise ValueError(
            f"unknown bot {spec!r}; choose one of: {names}, a level number 1 to "
            f"{len(LADDER)}, ext:COMMAND or module.path:Class"
        )
    bot.name = name
    if level is not None:
        from .threats import GuardedBot

        guarded = GuardedBot(bot, None if seed is None else seed + 7919)
        guarded.name = name
        return guarded
    return bot


def _parse_noise(text: str, spec: str) -> float:
    """The share of random moves in a ``greedy:30%`` spec, as a fraction."""
    try:
        share = float(text[:-1])
    except ValueError:
        share = -1.0
    if not 0 <= share <= 100:
        raise ValueError(f"bot spec {spec!r}: the share of random moves must be 0% to 100%")
    return share / 100.0


def _ours(kind: str) -> bool:
    """Whether ``kind`` (a spec's part before ``:``, lowered) names one of our bots."""
    if kind in BOT_KINDS or kind == "greedy-noisy":
        return True
    try:
        return level_name(kind) is not None
    except ValueError:
        return True  # a level off the ladder: make_bot says so


def normal_spec(spec: str) -> str:
    """``spec`` stripped, our own bots' names lowered (``GREEDY`` is ``greedy``); an
    external command, a plug-in's import path or an installed plug-in's name is kept."""
    spec = spec.strip()
    low = spec.lower()
    kind, sep, rest = low.partition(":")
    if _ours(kind):
        try:
            level = level_name(kind)
        except ValueError:
            level = None
        return f"{level}{sep}{rest}" if level is not None else low
    if external_spec(spec) is not None or is_import_spec(spec) or spec in plugin_names():
        return spec
    return low


def split_specs(text: str) -> list[str]:
    """A comma-separated list of bot specs (``--bots``), stripped, empty ones dropped.

    A comma inside quotes belongs to the spec (``ext:"./bot --a,b",greedy``), and our
    own bots' names are lowered (``GREEDY`` is ``greedy``); an external command or a
    plug-in's path keeps its case.
    """
    specs: list[str] = []
    current: list[str] = []
    quote = ""
    for ch in text + ",":
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == ",":
            spec = "".join(current).strip()
            if spec:
                specs.append(normal_spec(spec))
            current = []
            continue
        current.append(ch)
    return specs


def external_spec(spec: str) -> tuple[float | None, str] | None:
    """``"ext:2s:./bot -x"`` -> ``(2.0, "./bot -x")``; ``"ext:CMD"`` -> ``(None, "CMD")``;
    ``None`` for a spec that is not ``ext:``. Raises ``ValueError`` for a bad budget."""
    kind, sep, rest = spec.strip().partition(":")
    if not sep or kind.lower() != "ext":
        return None
    seconds: float | None = None
    budget, sep, command = rest.partition(":")
    if sep and _BUDGET.match(budget.strip().lower()) and not budget.strip().endswith("it"):
        seconds, _ = _parse_budget(budget.strip().lower(), spec)
        rest = command
    rest = rest.strip()
    if len(rest) > 1 and rest[0] == rest[-1] and rest[0] in "\"'":
        rest = rest[1:-1].strip()  # the whole command quoted: ext:"./bot --fast"
    return seconds, rest


def _outside_bot(spec: str, seed: int | None) -> Bot | None:
    """The external program or plug-in ``spec`` names, or ``None`` for our own bots."""
    ext = external_spec(spec)
    if ext is not None:
        from .external import DEFAULT_MOVE_SECONDS, ExternalBot

        seconds, command = ext
        bot = ExternalBot(command, seed, seconds=seconds or DEFAULT_MOVE_SECONDS)
        bot.name = spec
        return bot
    kind = spec.partition(":")[0].lower()
    if _ours(kind):
        return None
    if is_import_spec(spec) or (":" not in spec and spec in plugin_names()):
        return make_plugin_bot(spec, seed)
    return None


def _world_net() -> None:
    """Load the whole-world value net, or raise a :class:`ValueError` saying why not."""
    try:
        from .neural import load_world
    except ImportError as exc:
        raise ValueError(
            "'ismcts-world' needs numpy: pip install numpy (or the 'research' extra)"
        ) from exc
    try:
        load_world()
    except (OSError, ValueError, KeyError) as exc:
        raise ValueError(f"'ismcts-world' cannot load its network: {exc}") from exc


def _neural_bot(seed: int | None) -> Bot:
    """The ``neural`` bot, or a :class:`ValueError` saying what is missing."""
    try:
        from .neural import NeuralBot
    except ImportError as exc:
        raise ValueError(
            "the 'neural' bot needs numpy: pip install numpy (or the 'research' extra)"
        ) from exc
    try:
        return NeuralBot(seed)
    except (OSError, ValueError) as exc:  # a missing or unreadable weights file
        raise ValueError(f"the 'neural' bot cannot load its network: {exc}") from exc


def analyse(
    view: SeatView,
    *,
    seconds: float | None = None,
    iterations: int | None = None,
    seed: int | None = None,
    workers: int | None = None,
) -> list[tuple[str, float]]:
    """Return ``view.legal`` with estimated win chances for the seat to act, best first.

    It runs an ISMCTS search from ``view`` alone (default budget: 1 s; worlds dealt by
    ``view.rules``, weighted by ``view.history``) and reports each root move's mean
    reward; moves are ordered by how much the search visited them.
    """
    from .ismcts import ISMCTSBot, SearchParams
    from .parallel import worth_parallel

    if not view.legal:
        return []
    if seconds is None and iterations is None:
        seconds = 1.0
    params = SearchParams(iterations=iterations, seconds=seconds)
    if workers is None:
        workers = default_workers() if worth_parallel(params) else 1
    bot = ISMCTSBot(seed, params, workers=workers)
    return [(m, q) for m, q, _n in bot.analyse(view)]
