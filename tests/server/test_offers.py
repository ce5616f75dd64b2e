"""What a game declares reaches the server through the registry alone (issue 51).

A game added with one registry line whose metadata says ``rated`` and ``campaign`` gets a
leaderboard, ratings and a campaign grid on its players' profiles, with no game id written in
the server: here Nim (tests/nim) with those two properties and a one-step campaign.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence

import pytest
from fastapi.testclient import TestClient

from hellas.core.capabilities import Campaign, CampaignResult
from hellas.core.game import Outcome, View
from hellas.games import REGISTRY
from tests.nim import META, NimGame

from .test_accounts import as_, play_out, signup, site

__all__ = ["site"]  # the fixture, shared with the accounts tests


class NimCampaign(Campaign):
    """One step at one level: seat 1 wins it by taking the last stone."""

    title = "Nim campaign"
    step_noun = "Heap"

    def levels(self) -> Sequence[tuple[str, str]]:
        """Return the one level."""
        return (("pebbles", "Pebbles"),)

    def steps(self) -> Sequence[str]:
        """Return the one step."""
        return ("1. The first heap",)

    def result(self, public: View, outcome: Outcome) -> CampaignResult | None:
        """Return the step, won when seat 1 took the last stone."""
        return CampaignResult("pebbles", 1, 0 in outcome.winners)


class RatedNim(NimGame):
    """Nim declared rated and played as a campaign, as a fifth game would be."""

    meta = dataclasses.replace(META, id="ratednim", rated=True, campaign=True)

    def capabilities(self) -> dict[type, object]:
        """Return its campaign."""
        return {Campaign: NimCampaign(self)}


@pytest.fixture
def rated_nim() -> Iterator[None]:
    REGISTRY.register(RatedNim())
    try:
        yield
    finally:
        REGISTRY.unregister("ratednim")


def test_a_rated_campaign_game_added_by_registration_is_rated_and_kept(
    rated_nim: None, site: tuple[TestClient, str]
) -> None:
    client, _ = site
    assert client.get("/api/leaderboard/ratednim").json()["players"] == []
    listed = {g["id"]: g for g in client.get("/api/games").json()}
    assert listed["ratednim"]["rated"] and listed["ratednim"]["campaign"]
    assert not listed["legends"]["rated"] and listed["legends"]["score_kind"] == "team"
    ana, bo = signup(client, "Ana"), signup(client, "Bo")
    as_(client, ana)
    made = client.post(
        "/api/tables",
        json={"game": "ratednim", "options": {"heap": 3}, "seats": ["human", "human"]},
    ).json()
    as_(client, bo)
    claimed = client.post(f"/api/tables/{made['id']}/claim", json={"seat": 1}).json()
    as_(client, ana)
    mine = client.get("/api/account/seats").json()
    play_out(client, made["id"], {0: mine[0]["token"], 1: claimed["token"]}, ["take:3"])
    board = client.get("/api/leaderboard/ratednim").json()
    assert board["title"] == "Nim" and [p["name"] for p in board["players"]] == ["Ana", "Bo"]
    profile = client.get("/api/accounts/Ana").json()
    assert [r["game"] for r in profile["ratings"]] == ["ratednim"]
    assert profile["history"][0]["result"] == "Won"
    grid = next(c for c in profile["campaigns"] if c["game"] == "ratednim")
    assert grid["title"] == "Nim campaign" and grid["noun"] == "Heap"
    assert grid["levels"] == [{"id": "pebbles", "title": "Pebbles"}]
    assert grid["cells"]["pebbles"] == [{"step": 1, "status": "won", "won": 1, "lost": 0}]
    lost = client.get("/api/accounts/Bo").json()
    assert lost["history"][0]["result"] == "Place 2 of 2"
    bo_grid = next(c for c in lost["campaigns"] if c["game"] == "ratednim")  # the game's step,
    assert bo_grid["cells"]["pebbles"][0]["status"] == "won"  # kept for every account there


def test_an_unrated_game_has_no_leaderboard(site: tuple[TestClient, str]) -> None:
    client, _ = site
    r = client.get("/api/leaderboard/legends")
    assert r.status_code == 404 and "realms" in r.json()["message"]
