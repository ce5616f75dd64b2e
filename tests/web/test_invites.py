"""Invites that follow people, in Chromium (issue 48 item 1): two people (two browser contexts)
and two devices of one account (two more contexts, signed in as the same account).

A friend signed in who opens a private seat link has the seat attached to the account: their
other device lists it under "My tables" and the others see the account's name.  A guest who
holds a seat and then signs in is offered to attach it, and after that it follows the account.
"""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Server

from .test_names import DESKTOP, PASSWORD, PHONE, open_page, person, seat_names

TIMEOUT = 60_000
REALMS = {"game": "realms", "options": {"players": 2}, "seats": ["human", "human"]}


def signed_in_device(browser: Any, web: Server, name: str, viewport: dict[str, int]) -> Any:
    """Another device of an existing account: a fresh context that signs in."""
    context = browser.new_context(viewport=viewport)
    r = context.request.post(
        web.url + "/api/account/signin", data={"name": name, "password": PASSWORD}
    )
    assert r.ok, r.text()
    return context


def my_tables_list(context: Any, web: Server, table: str) -> Any:
    """Open the lobby on a device and wait until "My tables" lists ``table``."""
    page = open_page(context, web.url + "/")
    page.wait_for_selector(f"[data-testid=my-tables] [data-table='{table}']", timeout=TIMEOUT)
    return page


def test_an_invite_opened_signed_in_follows_the_account_to_its_other_device(
    web: Server, browser: Any
) -> None:
    ana = person(browser, web, DESKTOP, "Ana")
    made = ana.request.post(web.url + "/api/tables", data={**REALMS, "private": True}).json()
    table, invite = made["id"], made["invites"][0]["link"]
    host = open_page(ana, web.url + made["you"]["link"])
    # Bea, signed in on her laptop, opens the secret link Ana sent
    laptop = person(browser, web, DESKTOP, "Bea")
    seat = open_page(laptop, web.url + invite)
    seat.wait_for_function(
        "() => [...document.querySelectorAll('#seats .seat-name')].some("
        "n => n.textContent.startsWith('Bea'))",
        timeout=TIMEOUT,
    )
    assert seat.query_selector("[data-testid=guest-name]") is None  # no guest name asked
    host.wait_for_function(
        "() => document.querySelector('#seats').textContent.includes('Bea')", timeout=TIMEOUT
    )
    assert "guest" not in seat_names(host)[1]
    # her phone, signed in as Bea, lists the table and opens her seat there
    phone = signed_in_device(browser, web, "Bea", PHONE)
    lobby = my_tables_list(phone, web, table)
    mine = f"[data-testid=my-tables] [data-table='{table}'] [data-testid=my-table-link]"
    link = lobby.get_attribute(mine, "href")
    assert link and "seat=1" in link
    again = open_page(phone, link if link.startswith("http") else web.url + link)
    assert "You are Bea" in again.inner_text("#role")
    for page in (host, seat, lobby, again):
        assert not page.errors, page.errors


def test_a_guest_who_signs_in_is_offered_to_attach_their_seat(web: Server, browser: Any) -> None:
    ana = person(browser, web, DESKTOP, "Cleo")
    made = ana.request.post(web.url + "/api/tables", data=REALMS).json()
    table = made["id"]
    guest = person(browser, web, DESKTOP)  # no account yet
    claimed = guest.request.post(web.url + f"/api/tables/{table}/claim", data={"seat": 1}).json()
    seat = open_page(guest, web.url + claimed["link"])  # the page remembers the seat here
    seat.wait_for_selector("[data-testid=guest-name]", timeout=TIMEOUT)
    lobby = open_page(guest, web.url + "/")
    lobby.click("[data-testid=account-open]")
    lobby.fill("[data-testid=account-user]", "Eva")
    lobby.fill("[data-testid=account-password]", PASSWORD)
    lobby.click("[data-testid=sign-up]")
    offer = lobby.wait_for_selector("[data-testid=attach-offer]", timeout=TIMEOUT)
    assert "1 seat" in offer.inner_text() and "Eva" in offer.inner_text()
    lobby.click("[data-testid=attach-seats]")
    done = lobby.wait_for_selector("[data-testid=attach-done]", timeout=TIMEOUT)
    assert done.inner_text().startswith("1 seat attached to Eva")
    # the seat now goes by the account's name, and her other device has it
    _s, info = web.get(f"/api/tables/{table}")
    assert info["seats"][1]["name"] == "Eva" and info["seats"][1]["account"] == "Eva"
    other = signed_in_device(browser, web, "Eva", PHONE)
    listed = my_tables_list(other, web, table)
    for page in (seat, lobby, listed):
        assert not page.errors, page.errors
