"""What production's outbound door may call (idp/outbound/addresses.py): a globally routable
address, and never a private one written in IPv6.

Abuse and degraded cases:

- A relying service registers `jwks_uri = "http://[64:ff9b::a9fe:a9fe]/"`: the cloud metadata
  service (169.254.169.254) through the NAT64 well-known prefix, which a translator on an IPv6-only
  network turns back into that IPv4 address. It must be refused before a connection is tried, as
  169.254.169.254 itself is; so must 127.0.0.1, 10.0.0.1 and every address that is not global
  written in any IPv6 that embeds an IPv4 address: IPv4-mapped (`::ffff:a9fe:a9fe`), the NAT64
  well-known (`64:ff9b::/96`) and local-use (`64:ff9b:1::/48`) prefixes, 6to4 (`2002:a9fe:a9fe::`),
  Teredo (`2001:0::/32`), IPv4-compatible (`::a9fe:a9fe`), IPv4-translated (`::ffff:0:a9fe:a9fe`).
- The same service's name resolves (or rebinds) to such an address: the address resolved is judged,
  then the peer of the connection made (test_outbound.py); the same rule decides both.
- An IPv6 address outside the global unicast space (2000::/3) that the standard library of this
  Python still calls global — site-local `fec0::/10`, the SRv6 block `5f00::/16`, the reserved
  `::/8` — or a documentation block it does not know yet (`3fff::/20`): refused, whatever the
  Python version's tables say.
- A NAT64 address (well-known prefix) that embeds a public IPv4 address: it passes, judged as that
  IPv4 address. It is how an IPv6-only network with DNS64 reaches every IPv4-only service (its
  resolver answers them in that prefix), and its translator connects to exactly the embedded
  address, so judging the IPv4 address is judging the destination.
- A 6to4 or Teredo address that embeds a public IPv4 address: refused. Its IPv4 address is a
  tunnel's end (a site's 6to4 router, a Teredo server and a NAT), not the host called, which stands
  behind it where no check can see; 6to4 is deprecated (RFC 7526) and nobody serves from it. The
  NAT64 local-use prefix is refused too: it exists to translate to networks the well-known prefix
  must not name (private ones), in a layout only its operator knows.
"""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from idp import outbound
from idp.outbound.addresses import public

PRODUCTION = outbound.Policy(deadline_seconds=1)
# pure functions: many examples cost little; the same ones every run, and no example database
EXAMPLES = settings(max_examples=500, derandomize=True, deadline=None, database=None)

ipv4 = st.integers(0, 2**32 - 1).map(ipaddress.IPv4Address)
ipv6 = st.integers(0, 2**128 - 1).map(ipaddress.IPv6Address)
NOT_GLOBAL_V4 = (
    "0.0.0.0/8",
    "10.0.0.0/8",
    "100.64.0.0/10",
    "127.0.0.0/8",
    "169.254.0.0/16",
    "172.16.0.0/12",
    "192.0.0.0/29",
    "192.0.2.0/24",
    "192.168.0.0/16",
    "198.18.0.0/15",
    "198.51.100.0/24",
    "203.0.113.0/24",
    "224.0.0.0/4",
    "240.0.0.0/4",
)


def in_network(network: str):
    block = ipaddress.ip_network(network)
    return st.integers(0, block.num_addresses - 1).map(lambda offset: block[offset])


not_global_v4 = st.sampled_from(NOT_GLOBAL_V4).flatmap(in_network)


def v6(number: int) -> str:
    return str(ipaddress.IPv6Address(number))


def mapped(address: ipaddress.IPv4Address) -> str:
    return v6(0xFFFF << 32 | int(address))


def nat64(address: ipaddress.IPv4Address) -> str:
    return v6(0x64FF9B << 96 | int(address))


def nat64_local(address: ipaddress.IPv4Address) -> str:
    # 64:ff9b:1::/48 carrying the address at the end, as a /96 inside it would
    return v6(0x64FF9B0001 << 80 | int(address))


def sixtofour(address: ipaddress.IPv4Address, rest: int = 1) -> str:
    return v6(0x2002 << 112 | int(address) << 80 | rest)


def teredo(address: ipaddress.IPv4Address) -> str:
    # 2001:0:<server>:<flags>:<port>:<client, each bit inverted>
    return v6(0x20010000 << 96 | int(ipaddress.IPv4Address("65.54.227.120")) << 64 | (~int(address) & 0xFFFFFFFF))


def compatible(address: ipaddress.IPv4Address) -> str:
    return v6(int(address))


def translated(address: ipaddress.IPv4Address) -> str:
    return v6(0xFFFF << 48 | int(address))


TUNNELS = (nat64_local, sixtofour, teredo, compatible, translated)


@pytest.mark.parametrize(
    "address",
    [
        "10.0.0.1",
        "172.16.0.1",
        "192.168.1.1",
        "127.0.0.1",
        "169.254.169.254",
        "100.64.0.1",
        "0.0.0.0",
        "224.0.0.1",
        "255.255.255.255",
        "::1",
        "::",
        "fe80::1",
        "fc00::1",
        "ff0e::1",
    ],
)
def test_private_loopback_link_local_and_other_unroutable_addresses_are_not_public(address):
    assert not public(address)


@pytest.mark.parametrize("address", ["8.8.8.8", "93.184.216.34", "2001:4860:4860::8888"])
def test_routable_addresses_are_public(address):
    assert public(address)


@pytest.mark.parametrize(
    "address",
    [
        "64:ff9b::a9fe:a9fe",
        "64:ff9b::7f00:1",
        "64:ff9b::a00:1",
        "64:ff9b:1::a9fe:a9fe",
        "2002:a9fe:a9fe::1",
        "2002:7f00:1::1",
        "2001:0:4136:e378:8000:63bf:5601:5601",
        "::a9fe:a9fe",
        "::ffff:0:a9fe:a9fe",
        "::ffff:169.254.169.254",
    ],
)
def test_a_private_ipv4_address_written_in_ipv6_is_not_public(address):
    assert not public(address)


@pytest.mark.parametrize("address", ["fec0::1", "5f00::1", "3fff::1", "100::1", "2001:db8::1", "::8.8.8.8"])
def test_an_ipv6_address_outside_global_unicast_or_in_a_documentation_block_is_not_public(address):
    assert not public(address)


@pytest.mark.parametrize("address", ["2002:808:808::1", "2001:0:4136:e378:8000:63bf:f7f7:f7f7", "64:ff9b:1::808:808"])
def test_a_tunnel_to_a_public_ipv4_address_is_not_public(address):
    assert not public(address)


@pytest.mark.parametrize("address", ["64:ff9b::808:808", "64:ff9b::8.8.8.8", "::ffff:8.8.8.8", "2606:4700:4700::1111"])
def test_a_nat64_or_mapped_public_ipv4_address_and_a_global_ipv6_one_are_public(address):
    assert public(address)


@EXAMPLES
@given(ipv4)
def test_an_ipv4_address_mapped_or_behind_the_nat64_prefix_is_judged_as_itself(address):
    assert public(mapped(address)) == public(nat64(address)) == public(str(address))


@EXAMPLES
@given(not_global_v4)
def test_no_address_of_a_network_that_is_not_global_is_public_however_it_is_written(address):
    assert not any(public(write(address)) for write in (str, mapped, nat64, *TUNNELS))


@EXAMPLES
@given(ipv4, st.sampled_from(TUNNELS))
def test_no_tunnel_address_is_public_whatever_it_embeds(address, write):
    assert not public(write(address))


@EXAMPLES
@given(ipv6)
def test_an_ipv6_address_is_public_only_if_the_standard_library_calls_it_or_its_ipv4_address_global(address):
    embedded = address.ipv4_mapped or (
        ipaddress.IPv4Address(int(address) & 0xFFFFFFFF) if address in ipaddress.ip_network("64:ff9b::/96") else None
    )
    if public(str(address)):
        assert (embedded or address).is_global
        assert embedded is not None or address in ipaddress.ip_network("2000::/3")


@EXAMPLES
@given(ipv6.filter(lambda address: address not in ipaddress.ip_network("2000::/3")))
def test_no_ipv6_address_outside_global_unicast_is_public_unless_it_carries_an_ipv4_address(address):
    if address.ipv4_mapped is None and address not in ipaddress.ip_network("64:ff9b::/96"):
        assert not public(str(address))


def test_production_refuses_the_metadata_service_through_nat64_before_trying_it():
    with pytest.raises(outbound.OutboundError) as refused:
        outbound.call("test", "GET", "http://[64:ff9b::a9fe:a9fe]/latest/meta-data/", PRODUCTION)
    assert refused.value.outcome == "refused_destination"
