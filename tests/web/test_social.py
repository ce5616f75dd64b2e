"""Browser tests of tables people come back to: rematch, table talk, turn alerts, timers.

Each person is a separate browser context (its own storage), as on separate machines.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.conftest import Server, start_server, stop_server
from tests.server.test_rematch import play_out

from .conftest import shot

TIMEOUT = 30_000
NOTIFY_SPY = """
window.permissionAsks = 0;
if (window.Notification) {
  const ask = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = (...args) => {
    window.permissionAsks += 1;
    return ask(...args);
  };
}
"""


def open_page(browser: Any, url: str, notifications: bool = False) -> Any:
    """Open ``url`` in a fresh browser context and wait until the page has drawn."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    if notifications:
        context.grant_permissions(["notifications"])
    context.add_init_script(NOTIFY_SPY)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    page.errors = errors
    return page


def private_table(web: Server, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    body = {"game": game, "options": {"players": len(seats)}, "seats": seats, "private": True}
    status, data = web.post("/api/tables", {**body, "seed": 9, **extra})
    assert status == 200, data
    return data  # type: ignore[no-any-return]


def tokens_of(data: dict[str, Any]) -> dict[int, str]:
    tokens = {data["you"]["seat"]: data["you"]["token"]}
    tokens.update({i["seat"]: i["token"] for i in data["invites"]})
    return tokens


def seat_url(web: Server, table: str, seat: int, token: str) -> str:
    return f"{web.url}/table/{table}#seat={seat}&token={token}"


def test_rematch_from_the_results_and_everyone_is_told(web: Server, browser: Any) -> None:
    data = private_table(web, "realms", ["human", "greedy", "human"])
    table, tokens = data["id"], tokens_of(data)
    play_out(web, table, tokens)
    host = open_page(browser, seat_url(web, table, 0, tokens[0]))
    friend = open_page(browser, seat_url(web, table, 2, tokens[2]))
    watcher = open_page(browser, f"{web.url}/table/{table}")
    for page in (host, friend, watcher):
        page.wait_for_selector("[data-testid=outcome]", timeout=TIMEOUT)
    assert not watcher.query_selector("[data-testid=rematch]")  # spectators cannot ask
    shot(host, "social-rematch-offered")
    host.click("[data-testid=rematch]")
    host.wait_for_url(lambda url: table not in url and "#seat=0&token=" in url, timeout=TIMEOUT)
    host.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    new = host.url.split("/table/")[1].split("#")[0]
    assert new != table and "Player 1" in host.inner_text("#role")
    # the others hear of it live, and go in through the token they already hold
    for page in (friend, watcher):
        page.wait_for_selector("[data-testid=rematch-ready]", timeout=TIMEOUT)
        assert "Rematch ready — join" in page.inner_text("[data-testid=rematch-ready]").replace(
            "watch it", "join"
        )
    shot(friend, "social-rematch-ready")
    lobby = friend.context.new_page()  # "My tables" offers the rematch too
    lobby.goto(web.url + "/")
    lobby.wait_for_selector(
        f"[data-testid=my-table][data-table='{table}'] [data-testid=my-rematch]", timeout=TIMEOUT
    )
    assert f"/table/{new}#seat=2&token=" in lobby.get_attribute(
        f"[data-table='{table}'] [data-testid=my-rematch]", "href"
    )
    lobby.close()
    friend.click("[data-testid=rematch-join]")
    friend.wait_for_url(f"**/table/{new}#seat=2&token=*", timeout=TIMEOUT)
    friend.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    assert "Player 3" in friend.inner_text("#role")
    assert "bot" in friend.inner_text("[data-testid=seats]")  # the bot seat stays a bot
    watcher.click("[data-testid=rematch-join]")
    watcher.wait_for_url(f"**/table/{new}", timeout=TIMEOUT)
    for page in (host, friend, watcher):
        assert not page.errors, page.errors


def test_table_talk_is_text_never_html_and_the_creator_hides(web: Server, browser: Any) -> None:
    data = private_table(web, "realms", ["human", "human"])
    table, tokens = data["id"], tokens_of(data)
    host = open_page(browser, seat_url(web, table, 0, tokens[0]))
    friend = open_page(browser, seat_url(web, table, 1, tokens[1]))
    watcher = open_page(browser, f"{web.url}/table/{table}")
    nasty = "<img src=x onerror=window.pwned=1> <b>bold?</b>"
    friend.fill("[data-testid=chat-input]", nasty)
    friend.click("[data-testid=chat-send]")
    for page in (host, friend, watcher):
        line = page.wait_for_selector("[data-testid=chat-line]", timeout=TIMEOUT)
        assert nasty in line.inner_text()
        assert not page.query_selector("[data-testid=chat-list] img, [data-testid=chat-list] b")
        assert page.evaluate("() => window.pwned === undefined")
    assert not friend.query_selector("[data-testid=chat-hide]")  # only the creator hides
    watcher.fill("[data-testid=chat-input]", "Good luck both")
    watcher.click("[data-testid=chat-send]")
    host.wait_for_selector("[data-testid=chat-line]:has-text('Good luck both')", timeout=TIMEOUT)
    shot(host, "social-chat")
    host.click("[data-testid=chat-line]:has-text('bold?') [data-testid=chat-hide]")
    friend.wait_for_selector(".chat-line.hidden-message", timeout=TIMEOUT)
    assert "bold?" not in friend.inner_text("[data-testid=chat-list]")
    assert "hidden by the table's creator" in watcher.inner_text("[data-testid=chat-list]")
    # the replay shows each message from the step it was written at
    play_out(web, table, tokens)
    host.wait_for_selector("[data-testid=outcome]", timeout=TIMEOUT)
    host.fill("[data-testid=chat-input]", "Well, that was close")  # written at the last step
    host.click("[data-testid=chat-send]")
    friend.wait_for_selector("[data-testid=chat-line]:has-text('that was close')", timeout=TIMEOUT)
    replay = open_page(browser, f"{web.url}/replay/{table}?step=0")
    replay.wait_for_selector("[data-testid=replay-chat] [data-testid=chat-line]", timeout=TIMEOUT)
    said = replay.inner_text("[data-testid=replay-chat]")
    assert "Good luck both" in said and "that was close" not in said  # not yet at step 0
    replay.click("[data-testid=last]")
    replay.wait_for_selector(
        "[data-testid=replay-chat] [data-testid=chat-line]:has-text('that was close')",
        timeout=TIMEOUT,
    )
    shot(replay, "social-replay-chat")
    for page in (host, friend, watcher, replay):
        assert not page.errors, page.errors


def test_legends_tables_offer_reactions_only_and_say_why(web: Server, browser: Any) -> None:
    data = private_table(web, "legends", ["human", "human"])
    table, tokens = data["id"], tokens_of(data)
    page = open_page(browser, seat_url(web, table, 0, tokens[0]))
    page.wait_for_selector("[data-testid=reaction]", timeout=TIMEOUT)
    assert not page.query_selector("[data-testid=chat-input]")
    assert "forbids talking" in page.inner_text("[data-testid=chat-note]")
    page.click("[data-testid=reaction][data-reaction=well-played]")
    page.wait_for_selector("[data-testid=chat-line]:has-text('Well played')", timeout=TIMEOUT)
    shot(page, "social-legends-reactions")
    assert not page.errors, page.errors


def test_turn_alerts_title_icon_and_opt_in_notifications(web: Server, browser: Any) -> None:
    data = private_table(web, "realms", ["human", "greedy"])
    table, token = data["id"], data["you"]["token"]
    page = open_page(browser, seat_url(web, table, 0, token))
    page.wait_for_selector("[data-testid=status].mine", timeout=TIMEOUT)
    assert page.title().startswith("● Your decision")
    icon = page.get_attribute("link[rel~=icon]", "href")
    assert "ffcc33" in icon  # the gold dot
    assert page.evaluate("() => window.permissionAsks") == 0  # never asked by default
    page.click("[data-testid=alerts] summary")
    page.check("[data-testid=alert-sound]")
    page.click("[data-testid=alert-notify]")  # only now does the browser ask
    page.wait_for_function("() => window.permissionAsks === 1", timeout=TIMEOUT)
    page.wait_for_selector("[data-testid=alert-why]:has-text('did not allow')", timeout=TIMEOUT)
    assert not page.is_checked("[data-testid=alert-notify]")  # headless chromium said no
    page.context.grant_permissions(["notifications"], origin=web.url)
    page.check("[data-testid=alert-notify]")  # allowed: no prompt needed any more
    assert page.is_checked("[data-testid=alert-notify]")
    shot(page, "social-turn-alerts")
    turns = int(page.evaluate("() => document.documentElement.dataset.turns || '0'"))
    # my moves, until the turn passes to the bot and comes back: then the alert sounds
    done = (
        f"() => Number(document.documentElement.dataset.turns || 0) > {turns} "
        "&& Number(document.documentElement.dataset.alerts || 0) > 0"
    )
    for _ in range(100):
        if page.evaluate(done):
            break
        button = page.query_selector("[data-testid=choice]:not([disabled])")
        if button is not None:
            button.click()
        page.wait_for_timeout(200)
    assert page.evaluate(done)
    # the lobby's "My tables" puts this table first, as "Your turn", and says so in the title
    lobby = page.context.new_page()
    lobby.goto(web.url + "/")
    lobby.wait_for_selector(f"[data-testid=my-table][data-table='{table}']", timeout=TIMEOUT)
    lobby.wait_for_selector("[data-testid=my-table][data-status=your-turn]", timeout=TIMEOUT)
    first = lobby.locator("[data-testid=my-table]").first
    assert first.get_attribute("data-table") == table
    assert lobby.title().startswith("(1) Your turn")
    assert not page.errors, page.errors


def test_a_timed_seat_runs_out_goes_to_a_bot_and_comes_back(browser: Any, tmp_path: Path) -> None:
    # a server whose bots take their time, so the game goes on while the page is looked at
    web = start_server(f"sqlite:///{tmp_path / 'timed.db'}", bot_delay=1.0)
    try:
        data = private_table(
            web, "lords", ["human", "heuristic"], pace={"per_move": 4, "reserve": 0}
        )
        table, token = data["id"], data["you"]["token"]
        page = open_page(browser, seat_url(web, table, 0, token))
        page.wait_for_selector("[data-testid=clock-left]", timeout=TIMEOUT)
        assert "You have" in page.inner_text("[data-testid=clock]")
        shot(page, "social-clock")
        page.wait_for_selector("[data-testid=timed-out]", timeout=60_000)
        assert "Take my seat back" in page.inner_text("[data-testid=bot-toggle]")
        shot(page, "social-timed-out")
        page.click("[data-testid=bot-toggle]")
        page.wait_for_selector("[data-testid=timed-out]", state="detached", timeout=TIMEOUT)
        page.wait_for_selector(
            "[data-testid=bot-toggle]:has-text('Let a bot play')", timeout=TIMEOUT
        )
        assert not page.errors, page.errors
    finally:
        stop_server(web)


def test_the_lobby_creates_a_table_over_days(web: Server, browser: Any) -> None:
    page = open_page(browser, web.url + "/")
    page.select_option("#game", "realms")
    page.fill("#options [name=players]", "2")
    page.dispatch_event("#options [name=players]", "change")
    selects = page.query_selector_all("select[data-testid=seat]")
    selects[1].select_option("greedy")
    page.select_option("[data-testid=pace]", "days")
    page.check("[data-testid=mute-spectators]")
    page.click("#create")
    page.wait_for_url("**/table/**", timeout=TIMEOUT)
    page.wait_for_selector("[data-testid=clock-left]", timeout=TIMEOUT)
    assert "Over days: 1 day a decision, 2 days in reserve" in page.inner_text(
        "[data-testid=clock]"
    )
    table = page.url.split("/table/")[1].split("#")[0]
    watcher = open_page(browser, f"{web.url}/table/{table}")
    watcher.wait_for_selector("[data-testid=chat-note]:has-text('muted')", timeout=TIMEOUT)
    assert not watcher.query_selector("[data-testid=chat-input]")
    assert not page.errors and not watcher.errors
