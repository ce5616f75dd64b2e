"""``hellas accounts``: the host's command for player accounts (list, reset a password, delete).

It opens the same database as ``hellas serve`` (``--db``, else ``HELLAS_DB``, else the data
directory's file: ``cli/paths.py``) and works through ``server/accounts.py``, so a password set
here is hashed exactly as a sign-up's, and resetting it signs the player out everywhere.
"""

from __future__ import annotations

import datetime
import getpass
import sys

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hellas.cli.paths import default_db
from hellas.core.errors import HellasError, clip
from hellas.server.accounts import Accounts
from hellas.server.store import Store

accounts_app = typer.Typer(
    no_args_is_help=True, help="Player accounts of the web table: list, reset-password, delete."
)
console = Console()
err = Console(stderr=True)
DB_HELP = "database URL (default: as 'hellas serve')"


def _fail(message: str) -> None:
    err.print(f"[red]Error:[/] {escape(clip(message))}", soft_wrap=True)
    raise typer.Exit(2)


def _open(db: str | None) -> Accounts:
    """Return the accounts of the database ``db`` names (or the default one)."""
    url = db or default_db()[0]
    try:
        store = Store(url)
    except Exception as exc:
        _fail(f"cannot open the database {url!r}: {exc}")
        raise
    return Accounts(store.engine)


@accounts_app.command("list")
def list_accounts(db: str = typer.Option(None, "--db", help=DB_HELP)) -> None:
    """List every account: name, when it was made, games finished, seats linked."""
    rows = _open(db).listing()
    if not rows:
        console.print("No accounts yet.")
        return
    table = Table("name", "created (UTC)", "games", "seats")
    for row in rows:
        made = datetime.datetime.fromtimestamp(row["created"], datetime.UTC)
        table.add_row(
            escape(row["name"]),
            made.strftime("%Y-%m-%d %H:%M"),
            str(row["games"]),
            str(row["seats"]),
        )
    console.print(table)


@accounts_app.command("reset-password")
def reset_password(
    name: str = typer.Argument(..., help="the account's name (any case)"),
    password_stdin: bool = typer.Option(
        False, "--password-stdin", help="read the new password from standard input's first line"
    ),
    db: str = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    """Give an account a new password (asked twice, unseen) and sign it out everywhere."""
    books = _open(db)
    if books.find(name) is None:
        _fail(f"there is no account {name!r}")
    if password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        password = getpass.getpass("New password: ")
        if getpass.getpass("Again: ") != password:
            _fail("the two passwords differ; nothing changed")
    try:
        books.set_password(name, password)
    except HellasError as exc:
        _fail(str(exc))
    console.print(f"The password of {escape(name)} is changed; its sessions are ended.")


@accounts_app.command("delete")
def delete_account(
    name: str = typer.Argument(..., help="the account's name (any case)"),
    yes: bool = typer.Option(False, "--yes", help="do not ask for confirmation"),
    db: str = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    """Delete an account with its sessions, results, ratings and campaign (games stay)."""
    books = _open(db)
    if books.find(name) is None:
        _fail(f"there is no account {name!r}")
    if not yes and not typer.confirm(f"Delete the account {name!r} and its ratings?"):
        _fail("nothing deleted")
    try:
        gone = books.delete(name)
    except HellasError as exc:
        _fail(str(exc))
        return
    console.print(f"Deleted the account {escape(gone.name)}; its games stay, unlinked.")
