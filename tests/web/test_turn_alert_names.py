"""Turn alerts speak of people by name (issue 48): "Your decision, Ana" and what the other
seat did, "Normal bot took ...", never "Player 2".

A desktop notification is shown only while the page is hidden; headless Chromium never hides a
page, so the test page reports itself hidden (``document.visibilityState``) and records each
notification as it is made (the real ``Notification`` is still called, with the permission
granted).  The person gives a guest name through the page's own name box.
"""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Server

from .test_browser import create

TIMEOUT = 30_000
RECORD = """
Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
localStorage.setItem("hellas.alerts.notify", "1");
window.shown = [];
const Real = window.Notification;
window.Notification = class extends Real {
  constructor(title, options) {
    super(title, options);
    window.shown.push({ title, body: (options && options.body) || "" });
  }
};
"""


def test_a_turn_notification_names_the_person_and_the_other_seat(web: Server, browser: Any) -> None:
    data = create(web, "realms", {"players": 2}, ["human", "greedy"], seed=9)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["notifications"], origin=web.url)
    context.add_init_script(RECORD)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(web.url + data["you"]["link"])
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    page.fill("[data-testid=guest-name]", "Ana")
    page.click("[data-testid=guest-name-save]")
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=guest-name]')", timeout=TIMEOUT
    )
    # make choices until the turn has gone to the bot and come back: a notification then
    before = page.evaluate("() => window.shown.length")  # (one may have come as the page opened)
    for _ in range(100):
        if page.evaluate(f"() => window.shown.length > {before}"):
            break
        button = page.query_selector("[data-testid=choice]:not([disabled])")
        if button is not None:
            button.click()
        page.wait_for_timeout(200)
    shown = page.evaluate("() => window.shown")
    assert len(shown) > before, "no notification"
    title, body = shown[-1]["title"], shown[-1]["body"]
    assert title == "Hellas: Your decision, Ana (guest)", title
    assert body.startswith("Fantasy Realms: Greek Legends: Normal bot "), body
    for notice in shown:
        assert "Player " not in notice["title"] + notice["body"], notice
    assert not errors, errors
