"""Who a request comes from, as the per-client limits count it: its peer address, or — only
when that peer is a trusted proxy — the last address its X-Forwarded-For chain names that is
not itself a trusted proxy; then keyed by :func:`key`."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Mapping
from typing import Any

#: an IPv6 host is given a whole /64 by its network (RFC 6177) and picks addresses in it at
#: will (privacy addresses, RFC 8981): one /64 is one client
IPV6_PREFIX = 64


def address(scope: Mapping[str, Any], trusted: Iterable[str] = ()) -> str | None:
    client = scope.get("client")
    peer: str | None = str(client[0]) if client else None
    trusted = set(trusted)
    if peer is None or peer not in trusted:
        # a client talking to us directly cannot choose its address
        return None if peer is None else key(peer)
    forwarded = [value.decode("latin-1") for name, value in scope.get("headers", ())
                 if name == b"x-forwarded-for"]
    hops = [h.strip() for line in forwarded for h in line.split(",") if h.strip()]
    for hop in reversed(hops):  # proxies append: the rightmost untrusted hop is the client
        if hop not in trusted:
            return key(hop[:64])
    return key(peer)


def key(text: str) -> str:
    """One client's key: an IPv4 address as it is, an IPv6 address as its /64 (an
    IPv4-mapped one as its IPv4 address); anything else (a proxy's ``unknown``) as written."""
    try:
        ip = ipaddress.ip_address(text.strip("[]"))
    except ValueError:
        return text
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, IPV6_PREFIX), strict=False))
    return str(ip)
