"""Walk everything an object holds through its fields and slots, private ones included."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from enum import Enum
from typing import Any


def slot_names(cls: type) -> list[str]:
    names: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    return names


def reachable(obj: Any) -> Iterator[Any]:
    """Every value held by *obj*, directly or through containers, dataclasses and slots.

    Classes, functions and modules are not entered (they are shared code, not data), nor are
    enum members (singletons of their class).
    """
    seen: set[int] = set()
    stack = [obj]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        if isinstance(item, (str, bytes, int, float, type(None), Enum, type)):
            continue
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
        else:
            names = set(slot_names(type(item)))
            if dataclasses.is_dataclass(item):
                names |= {f.name for f in dataclasses.fields(item)}
            names |= set(getattr(item, "__dict__", {}))
            for name in names:
                if name in ("__weakref__", "__dict__"):
                    continue
                if hasattr(item, name):
                    stack.append(getattr(item, name))
