"""Who a client is, for every per-address limit: one key per IPv4 address or IPv6 /64.

Every limit that counts a client by its address (request rates, creations, connections, the
tarpit) keys it with :func:`client_key`.  An IPv6 host is usually given a whole /64 by its
provider, so counting single IPv6 addresses would hand one attacker 2**64 fresh budgets; the
/64 is the smallest block one subscriber can be told apart by.  IPv4 addresses (and IPv4
addresses mapped into IPv6) count one by one.  Anything that is not an address (a Unix socket,
a test client) keeps its text, cut short.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

IPV6_PREFIX = 64  # bits of an IPv6 address that name one client


@lru_cache(maxsize=65536)
def client_key(host: str | None) -> str:
    """Return the key per-address limits count ``host`` under (an IPv6 address: its /64)."""
    if not host:
        return "?"
    try:
        ip = ipaddress.ip_address(host.strip("[]").split("%", 1)[0])
    except ValueError:
        return host[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        network = ipaddress.IPv6Network((int(ip), IPV6_PREFIX), strict=False)
        return f"{network.network_address}/{IPV6_PREFIX}"
    return str(ip)
