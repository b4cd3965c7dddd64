"""Type stub of the compiled accelerator (``_fastenc.pyx``, built by ``setup.py``)."""

from collections.abc import Callable
from typing import Any

import numpy as np

class ObsWriter:
    def __init__(
        self,
        n: int,
        cap: int,
        goals: Any,
        templates: list[bytes],
        rel: Any,
        offsets: dict[str, int],
        point_value: Any,
        rank: Any,
        king: int,
        queen: int,
        phase_slot: dict[str, int],
        phase_other: int,
        kind_slot: dict[str, int],
        kind_other: int,
    ) -> None: ...
    make: Any
    def encode(self, game: Any, seat: int, chosen: Any, out: np.ndarray) -> np.ndarray: ...
    def encode_new(self, game: Any, seat: int, chosen: Any) -> np.ndarray: ...

class ActionKeys:
    def __init__(
        self, table: np.ndarray, discard_verb: int, n_actions: int, discard_base: int = -1
    ) -> None: ...
    make: Any
    def legal_map_new(
        self, legal: list[Any], actor: int, players: int
    ) -> tuple[dict[int, Any], np.ndarray] | None: ...
    def legal_map(
        self, legal: list[Any], actor: int, players: int, mask: np.ndarray | None
    ) -> dict[int, Any] | None: ...
    def legal_map_obs_new(
        self, legal: list[Any], writer: ObsWriter, game: Any, seat: int
    ) -> tuple[dict[int, Any], np.ndarray, np.ndarray] | None: ...

class ValueNet:
    def __init__(
        self, weights: list[np.ndarray], biases: list[np.ndarray], wv: np.ndarray, bv: float
    ) -> None: ...
    def value(self, obs: np.ndarray) -> float: ...

class Stepper:
    def __init__(
        self,
        keys: ActionKeys,
        writer: ObsWriter,
        obs: np.ndarray,
        mask: np.ndarray,
        texts: dict[Any, str],
        text_of: Callable[[Any], str],
        discard_done: int = -1,
    ) -> None: ...
    def advance_all(
        self,
        games: list[Any],
        actions: list[Any],
        seats: list[int],
        rngs: list[list[Any] | None],
        done: list[bool],
        legal_out: list[list[int]],
    ) -> list[tuple[int, int]]: ...
    def advance_stream_all(
        self,
        games: list[Any],
        actions: list[Any],
        seats: list[int],
        gens: list[Any],
        done: list[bool],
        legal_out: list[list[int]],
        deal: Callable[[Any], Any] | None,
        seat_choice: list[int],
        dealt: list[bool],
    ) -> list[tuple[int, int]]: ...
    def forget_row(self, i: int) -> None: ...
