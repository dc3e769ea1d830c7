"""Which addresses production's outbound door may call (network.py asks it of each address
resolved and of the peer of each connection made): the globally routable ones.

An IPv4 address is public when the standard library calls it global (the IANA special-purpose
registry) and it is not multicast, nor the deprecated 6to4 relays' anycast block.

An IPv6 address may carry an IPv4 one, and a private IPv4 address must not pass in IPv6 writing:

- judged as the IPv4 address it carries: IPv4-mapped (`::ffff:0:0/96`, what a dual-stack socket
  shows of an IPv4 peer) and the NAT64 well-known prefix (`64:ff9b::/96`, RFC 6052). A NAT64
  address is how an IPv6-only network with DNS64 reaches every IPv4-only service, and its
  translator connects to exactly the address carried, so that a public one passes: judging it is
  judging the destination. RFC 6052 forbids the prefix for addresses that are not global;
  refusing them here does not rely on the translator honouring that;
- refused whatever they carry: 6to4 (`2002::/16`) and Teredo (`2001::/32`), whose IPv4 address is
  a tunnel's end (a site's router, a Teredo server and a NAT), not the host called, which stands
  behind it where no check sees (6to4 is deprecated, RFC 7526); the NAT64 local-use prefix
  (`64:ff9b:1::/48`, RFC 8215), made to translate to what the well-known prefix must not name,
  in a layout only its operator knows; IPv4-compatible and IPv4-translated addresses, inside
  `::/8` below.

Any other IPv6 address is public when it lies in the global unicast space (`2000::/3`: none
outside it is routed on the internet, whatever an older standard library says of site-local
`fec0::/10` or of `5f00::/16`), the standard library calls it global, and it is in no block
below (the documentation block `3fff::/20`, newer than some Python versions' tables). The rule
is this module's, not a Python version's: a newer standard library may only refuse more.

A NAT64 translator on a network-specific prefix (any global /96 its operator chose) cannot be told
from a global address: an operator who runs one knows where it leads (docs/operations.md,
"Outbound calls").
"""

from __future__ import annotations

import ipaddress

GLOBAL_UNICAST = ipaddress.ip_network("2000::/3")
MAPPED = ipaddress.ip_network("::ffff:0:0/96")
NAT64 = ipaddress.ip_network("64:ff9b::/96")
# Inside the space where the standard library might call them global, and never a destination.
REFUSED = (
    ipaddress.ip_network("192.88.99.0/24"),  # 6to4 relays' anycast (deprecated, RFC 7526)
    ipaddress.ip_network("2001::/32"),  # Teredo
    ipaddress.ip_network("2001:db8::/32"),  # documentation
    ipaddress.ip_network("2002::/16"),  # 6to4
    ipaddress.ip_network("3fff::/20"),  # documentation (RFC 9637)
)


def public(address: str) -> bool:
    """May production call this address (a zone, `%eth0`, ignored)?"""
    ip = ipaddress.ip_address(address.split("%")[0])
    if isinstance(ip, ipaddress.IPv6Address):
        if ip in MAPPED or ip in NAT64:
            ip = ipaddress.IPv4Address(int(ip) & 0xFFFF_FFFF)
        elif ip not in GLOBAL_UNICAST:
            return False
    return ip.is_global and not ip.is_multicast and not any(ip in block for block in REFUSED)
