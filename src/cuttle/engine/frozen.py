"""An immutable, hashable mapping for rule-set data."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import fields
from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")


def _order(item: tuple[Any, Any]) -> tuple[str, Any]:
    return (type(item[0]).__name__, item[0])


class FrozenMap(Mapping[K, V]):
    """A read-only mapping kept as a sorted tuple of pairs: hashable, and equal to any
    mapping with the same items. Build a changed copy with ``FrozenMap({**m, k: v})``."""

    __slots__ = ("_dict", "_hash", "_items")
    _dict: dict[K, V]
    _hash: int
    _items: tuple[tuple[K, V], ...]

    def __init__(self, data: Mapping[K, V] | None = None) -> None:
        """Freeze the items of ``data``."""
        items = tuple(sorted((data or {}).items(), key=_order))
        object.__setattr__(self, "_items", items)
        object.__setattr__(self, "_dict", dict(items))
        object.__setattr__(self, "_hash", hash(items))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a FrozenMap cannot be changed")

    def __getitem__(self, key: K) -> V:
        return self._dict[key]

    def get(self, key: K, default: Any = None) -> Any:
        """Return the value of ``key``, or ``default``."""
        return self._dict.get(key, default)

    def __iter__(self) -> Iterator[K]:
        return iter(self._dict)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._dict

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._items == other._items
        if isinstance(other, Mapping):
            return self._dict == dict(other.items())
        return NotImplemented

    def items_tuple(self) -> tuple[tuple[K, V], ...]:
        """The items as a sorted tuple of pairs."""
        return self._items

    def __repr__(self) -> str:
        return f"FrozenMap({self._dict!r})"

    def __reduce__(self) -> tuple[Any, tuple[dict[K, V]]]:
        return (FrozenMap, (self._dict,))


def rebuilt_by_constructor(obj: Any) -> tuple[type[Any], tuple[Any, ...]]:
    """``__reduce__`` of a frozen dataclass: its class and its ``__init__`` fields in
    order. A mypyc-compiled frozen dataclass cannot be unpickled attribute by attribute
    (its ``__setattr__`` refuses), so it is rebuilt through its constructor."""
    return (type(obj), tuple(getattr(obj, f.name) for f in fields(obj) if f.init))
