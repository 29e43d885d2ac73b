"""Who a request comes from: its peer address, or — only when that peer is a trusted proxy —
the last address its X-Forwarded-For chain names that is not itself a trusted proxy."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def address(scope: Mapping[str, Any], trusted: Iterable[str] = ()) -> str | None:
    client = scope.get("client")
    peer: str | None = str(client[0]) if client else None
    trusted = set(trusted)
    if peer is None or peer not in trusted:
        return peer  # a client talking to us directly cannot choose its address
    forwarded = [value.decode("latin-1") for name, value in scope.get("headers", ())
                 if name == b"x-forwarded-for"]
    hops = [h.strip() for line in forwarded for h in line.split(",") if h.strip()]
    for hop in reversed(hops):  # proxies append: the rightmost untrusted hop is the client
        if hop not in trusted:
            return str(hop[:64])
    return peer
