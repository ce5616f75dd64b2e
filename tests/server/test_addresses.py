"""Per-address limits key an IPv6 client by its /64 and IPv4 clients one by one."""

from hellas.server.addresses import client_key


def test_ipv6_addresses_of_one_64_share_one_key() -> None:
    assert client_key("2001:db8:1:2::1") == client_key("2001:db8:1:2:ffff:ffff:ffff:ffff")
    assert client_key("2001:db8:1:2::1") != client_key("2001:db8:1:3::1")


def test_ipv4_addresses_count_one_by_one_even_mapped_into_ipv6() -> None:
    assert client_key("127.0.0.1") != client_key("127.0.0.2")
    assert client_key("::ffff:127.0.0.2") == client_key("127.0.0.2")


def test_what_is_not_an_address_keeps_its_text_cut_short() -> None:
    assert client_key("testclient") == "testclient"
    assert client_key("x" * 500) == "x" * 64
    assert client_key(None) == "?"
