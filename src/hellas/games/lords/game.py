"""The Lords of Hellas game object: the base game on the Hellas contract."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hellas.core.capabilities import ContentPacks, Coverage, Narration, SearchHints
from hellas.core.errors import OptionError
from hellas.core.game import (
    BotFactory,
    BotLevel,
    Choice,
    ChoiceTable,
    Event,
    Game,
    GameMeta,
    Outcome,
    View,
    WebModules,
    check_seat,
)
from hellas.core.options import OptionSchema, OptionSpec
from hellas.core.rng import Rng
from hellas.games.lords import hooks, modules, rules
from hellas.games.lords.board import MAX_HOPLITES, MAX_PRIESTS, priests_owned
from hellas.games.lords.cards import deck_cards
from hellas.games.lords.choices import table
from hellas.games.lords.content import Content, configured, fingerprint
from hellas.games.lords.notes import LordsEvents, Notes
from hellas.games.lords.offers import LordsCoverage, LordsNarration, LordsPacks, LordsSearch
from hellas.games.lords.packs import installed, pack_modules
from hellas.games.lords.state import LordsState
from hellas.games.lords.value import chances
from hellas.games.lords.view import determinize, view

VERSION = "0.5"
SEARCHED = frozenset({"turn", "battle", "march", "recruit", "hoplites"})  # worth searching

OPTIONS = OptionSchema(
    (
        OptionSpec(
            "players",
            "int",
            3,
            "number of players (2-4; 5 with a fifth Hero from a module or content pack)",
            minimum=2,
            maximum=5,
        ),
        OptionSpec(
            "turn_limit",
            "int",
            0,
            "end the game without a winner after this many turns (0: play until someone wins)",
            minimum=0,
            maximum=10_000,
        ),
        OptionSpec(
            "modules",
            "list",
            [],
            "Dark Ages modules, a comma list (poseidon, poseidon-simple, atlantis, cleito, "
            "orichalkum, hades, hades-simple, hephaestus, hephaestus-simple, heroes-monsters, "
            "combat-cards, chiron, opportunity)",
            choices=modules.IDS,
        ),
        OptionSpec(
            "additional_combat_cards",
            "bool",
            False,
            "add the 6 additional Combat Cards (the same as the combat-cards module)",
            legacy=True,
        ),
        OptionSpec(
            "printed_only",
            "bool",
            False,
            "play with the printed (legible) cards only: no provisional stand-in cards for the "
            "Dark Ages cards the rulebook does not show",
        ),
        OptionSpec(
            "content",
            "str",
            "",
            "a content pack folder overriding the built-in data",
            local_only=True,
        ),
        OptionSpec(
            "pack_fingerprint",
            "str",
            "",
            "the content pack's fingerprint, set from the folder: a saved game refuses a pack "
            "whose files changed",
            legacy=True,
        ),
    )
)

META = GameMeta(
    id="lords",
    title="Lords of Hellas",
    version=VERSION,
    min_seats=2,
    max_seats=5,
    options=OPTIONS,
    rulebook="lords-of-hellas.txt",
    summary="Area control, monster hunts and quests: armies, temples, monuments.",
    rated=True,
    report_layout=("players",),
    encoder="hellas.rl.encoders.lords:LordsEncoder",
    max_decisions=200_000,
    bench_peers=(("pgx", "backgammon"),),
    # the hot modules the optional compiled build compiles (mypyc; core/compiled.py)
    compiled=(
        "hellas.games.lords.artifacts",
        "hellas.games.lords.battle",
        "hellas.games.lords.board",
        "hellas.games.lords.bots",
        "hellas.games.lords.cards",
        "hellas.games.lords.choices",
        "hellas.games.lords.content",
        "hellas.games.lords.hooks",
        "hellas.games.lords.hunt",
        "hellas.games.lords.monster_phase",
        "hellas.games.lords.monsters",
        "hellas.games.lords.movement",
        "hellas.games.lords.phases",
        "hellas.games.lords.quests",
        "hellas.games.lords.rules",
        "hellas.games.lords.state",
        "hellas.games.lords.turn",
        "hellas.games.lords.value",
        "hellas.games.lords.view",
        "hellas.rl.encoders.lords",
        "hellas.rl.encoders.lords_modules",
        "hellas.rl.encoders.lords_state",
    ),
    web=WebModules.standard(),  # in games/lords/web/
)


class LordsGame(Game[LordsState]):
    """Lords of Hellas on the Hellas contract."""

    meta = META
    state_class = LordsState
    # The heuristic's move for the searching seat reads the public board and that seat's own
    # cards, which every determinization keeps: search works it out once per node.
    policy_reads_samples = False

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Return complete options; ``modules`` becomes its canonical comma list."""
        validated = self.meta.validate(modules.unalias(raw))
        chosen = validated["modules"]
        items = chosen.split(",") if isinstance(chosen, str) else list(chosen)
        if validated["content"]:  # a pack plays with the modules its pack.toml names
            items.extend(pack_modules(validated["content"]))
        if validated["additional_combat_cards"]:
            items.append("combat-cards")
        names, _ = modules.normalize(items, int(validated["players"]))
        validated["modules"] = names
        validated["additional_combat_cards"] = "combat-cards" in names.split(",")
        if not validated["content"]:
            validated["pack_fingerprint"] = ""  # no pack, nothing to name
        elif not validated["pack_fingerprint"]:
            validated["pack_fingerprint"] = fingerprint(validated["content"])
        return validated

    def capabilities(self) -> Mapping[type, Any]:
        """Return search hints, narration, content packs and the test harness's coverage."""
        return {
            SearchHints: LordsSearch(self),
            Narration: LordsNarration(self),
            ContentPacks: LordsPacks(self),
            Coverage: LordsCoverage(self),
        }

    def content_packs(self, root: str) -> list[dict[str, Any]]:
        """Return the content packs under ``root``, each checked (``packs.installed``)."""
        return installed(root)

    def option_warnings(self, options: Mapping[str, Any]) -> list[str]:
        """Return advice about a valid option set (e.g. several expansion-icon modules)."""
        validated = self.validate_options(options)
        return modules.normalize(validated["modules"].split(","), int(validated["players"]))[1]

    @property
    def table(self) -> ChoiceTable:
        """Return the core box's choice table (a game's own: ``choice_table``)."""
        return table(configured())

    @table.setter
    def table(self, value: ChoiceTable) -> None:
        raise AttributeError("the Lords choice table follows each game's content")

    def choice_table(self, s: LordsState) -> ChoiceTable:
        """Return the choice table of ``s``'s content (its modules and content pack)."""
        return table(s.content)

    def content(self, options: Mapping[str, Any]) -> Content:
        """Return the content an option set plays with (base data, modules, pack)."""
        validated = self.validate_options(options)
        return configured(
            validated["modules"],
            validated["content"],
            validated["pack_fingerprint"],
            validated["printed_only"],
        )

    def new(self, options: Mapping[str, Any], seed: int) -> LordsState:
        """Return a game after Game Preparation, at the first hero pick.

        The content (base data + modules + pack) is built once here, as an immutable value the
        state carries: any number of games with different modules and packs share a process.
        """
        validated = self.validate_options(options)
        c = self.content(validated)
        heroes = len(c.heroes)
        if "cleito" in str(validated["modules"]).split(","):
            # "Cleito could replace any Hero from the base game": alone (without Atlantis,
            # whose components make the fifth player) she adds no seat
            heroes -= 1
        if validated["players"] > heroes:
            raise OptionError(
                f"players: {validated['players']} players need as many Heroes; the content "
                f"in use has {heroes} (Atlantis or a content pack may add a fifth; Cleito "
                "alone only replaces one)"
            )
        return rules.new_state(c, validated, seed)

    def to_act(self, s: LordsState) -> int | None:
        """Return the seat to act, or ``None`` once someone has won."""
        return None if s.result is not None or not s.stack else rules.actor(s)

    def choices(self, s: LordsState) -> Sequence[Choice]:
        """Return the legal choices."""
        return rules.legal(s)

    def resolve(self, s: LordsState, choice: Choice | str) -> Choice:
        """Return the legal choice matching ``choice`` (object or key) or raise IllegalChoice.

        The common cases first - a key of the state's own table, or its object, that is legal:
        one look-up and one identity check against the cached legal list - and anything else
        through ``Game.resolve``.
        """
        legal = s.cache
        if legal is None:
            legal = rules.legal(s)
        known = table(s.content).by_key().get(choice) if type(choice) is str else choice
        if known is not None and known in legal:
            return known  # in the legal list: a Choice
        return super().resolve(s, choice)

    def apply(self, s: LordsState, choice: Choice | str) -> list[Event]:
        """Apply a legal choice (object or key) and return the events; raise IllegalChoice.

        The events are rendered from the rules' notes when someone reads them (``notes.py``).
        """
        legal = self.resolve(s, choice)
        events = LordsEvents()
        notes: Notes = []
        events.notes = notes
        rules.play(s, legal, notes)
        return events

    def _apply(self, s: LordsState, choice: Choice, log: bool) -> list[Event]:
        if not log:
            rules.play(s, choice, None)
            return []
        events = LordsEvents()
        notes: Notes = []
        events.notes = notes
        rules.play(s, choice, notes)
        return events

    def view(self, s: LordsState, seat: int | None) -> View:
        """Return what ``seat`` may know."""
        check_seat(seat, s.n)
        return view(s, seat)

    def hand_words(self, s: LordsState, seat: int) -> list[str]:
        """Return the names of the Combat Cards in ``seat``'s hand."""
        return [s.content.combat[x].name for x in s.hands[seat]]

    def outcome(self, s: LordsState) -> Outcome | None:
        """Return the winner (1 point) or a draw at the turn limit (0 for all)."""
        if s.result is None:
            return None
        winner = int(s.result.get("winner", -1))
        scores = tuple(1.0 if q == winner else 0.0 for q in range(s.n))
        return Outcome(
            scores,
            (winner,) if winner >= 0 else (),
            s.result["text"],
            {
                "condition": s.result["condition"],
                "turns": s.turn,
                # turns pass clockwise one seat at a time, so the first turn's seat follows;
                # numbered from 1 like every seat people read
                "starter": (s.current - s.turn + 1) % s.n + 1,
                "starter_won": int(winner >= 0 and winner == (s.current - s.turn + 1) % s.n),
            },
        )

    def determinize(self, s: LordsState, seat: int, rng: Rng) -> LordsState:
        """Return a copy with hidden cards and deck orders re-dealt."""
        return determinize(s, seat, rng)

    def bot_levels(self) -> Sequence[BotLevel]:
        """Return the bot levels people pick (``levels.py``)."""
        from hellas.games.lords.levels import LEVELS  # noqa: PLC0415

        return LEVELS

    def bots(self) -> Mapping[str, BotFactory]:
        """Return the Lords heuristic bot."""
        from hellas.games.lords.bots import HeuristicBot  # noqa: PLC0415

        return {"heuristic": HeuristicBot, "bot": HeuristicBot}

    def rollout_policy(self) -> Callable[[LordsState, Rng], Choice]:
        """Return the heuristic as the search policy (it reads the state it is given)."""
        from hellas.games.lords.bots import choose  # noqa: PLC0415

        return choose

    def worth_searching(self, s: LordsState) -> bool:
        """Search turn steps, Battles, Hoplite moves and recruits; the heuristic does the rest."""
        return bool(s.stack) and s.stack[-1]["k"] in SEARCHED

    def round_done(self, s: LordsState, seat: int) -> bool:
        """End a lookahead round when ``seat`` is back at a step of its own turn."""
        return s.current == seat and bool(s.stack) and s.stack[-1]["k"] == "turn"

    def lookahead_settings(self) -> Mapping[str, Any]:
        """Return the lookahead bot's settings: heuristic rollouts for one round, then value.

        Whole-game rollouts cost about 0.07 s each; one round (every seat answers once) is
        enough for the learned position value to tell the moves apart (docs/benchmarks.md).
        """
        return {"samples": 8, "full": False, "horizon": "round", "margin": 0.01, "z": 1.0}

    def rollout_depth(self, s: LordsState) -> int | None:
        """Evaluate search leaves at once: random play to the end takes thousands of steps."""
        return 0

    def evaluate(self, s: LordsState, seat: int) -> float:
        """Return the seat's win chance from the learned position value (``lords.value``)."""
        return self.evaluate_seats(s, [seat])[0]

    def evaluate_seats(self, s: LordsState, seats: Sequence[int]) -> list[float]:
        """Return ``evaluate`` for each of ``seats``, valuing the board once for all seats."""
        every = chances(s)
        return [every[seat] for seat in seats]

    def seat_name(self, view: View, seat: int) -> str:
        """Return the seat's hero and number, e.g. ``Jason (seat 2)``."""
        return f"{view['players_info'][seat]['name']} (seat {seat + 1})"

    def renderer(self) -> Callable[[View], Any]:
        """Return the terminal renderer."""
        from hellas.games.lords.render import render  # noqa: PLC0415

        return render

    def benchmarks(self, seconds: float) -> dict[str, float]:
        """Return how long random 4-player games take to the end, and how they end."""
        from hellas.games.lords.bench import game_times  # noqa: PLC0415

        return game_times(self, seconds)

    def conformance_options(self) -> list[dict[str, Any]]:
        """Return 2-4 players with and without the additional cards, then every module."""
        base: list[dict[str, Any]] = [
            {"players": p, "turn_limit": 60, "additional_combat_cards": extra}
            for p in (2, 3, 4)
            for extra in (False, True)
        ]
        # every Dark Ages module (Atlantis at its 5 players, with Poseidon), and combinations
        # whose modules share hook points
        sets = [m for m in modules.IDS if m not in ("atlantis", "combat-cards")]
        sets += ["poseidon,atlantis", "poseidon-simple,atlantis,heroes-monsters"]
        sets += ["poseidon,hades", "hephaestus,chiron,combat-cards", "orichalkum,opportunity,hades"]
        return base + [
            {"players": 5 if "atlantis" in m else 2 + i % 3, "turn_limit": 40, "modules": m}
            for i, m in enumerate(sets)
        ]

    def check_invariants(self, s: LordsState) -> None:
        """Hoplites, Priests and cards are conserved; bounds hold."""
        hooks.run(s, "invariants")
        c = s.content
        regions = len(c.regions)
        for q in range(s.n):
            on_map = sum(s.hoplites(r, q) for r in range(regions))
            on_map += hooks.total(s, "hoplites_held", q)  # e.g. on a module's board
            on_map += s.mod["fx"]["removed"][q] if "fx" in s.mod else 0  # out of the game
            if on_map + s.supply[q] != MAX_HOPLITES or min(s.hop[q :: s.n]) < 0:
                raise AssertionError(
                    f"seat {q}: {on_map} Hoplites on the map + {s.supply[q]} in supply != 15"
                )
            if priests_owned(s, q) > MAX_PRIESTS or s.priests[q] < 0:
                raise AssertionError(f"seat {q} owns too many Priests")
            if any(not 1 <= v <= 5 for v in s.attrs[q * s.na : (q + 1) * s.na]):
                raise AssertionError(f"seat {q} has an Attribute out of 1-5")
        for r in range(regions):
            if s.fort[r] >= 0 and not c.regions[r].city:
                raise AssertionError(f"a Fortified Hoplite outside a City in {c.regions[r].id}")
        total = len(s.combat_deck) + len(s.combat_discard) + sum(len(h) for h in s.hands)
        attack_cards = len(s.attack_deck) + len(s.attack_discard)
        for f in s.stack:
            if f["k"] == "battle":
                total += sum(len(side) for side in f["played"])
                # reusable cards (Relics ...) and copies played: not from the deck
                total -= sum(len(side) for side in f.get("kept", ()))
            elif f["k"] == "hunt":
                total += sum(1 for x in f["committed"] if c.combat[x].kind == "deck")
                attack_cards += len(f["drawn"]) + (f["attack"] >= 0)
        if attack_cards != sum(a.count for a in c.attack_cards):
            raise AssertionError(f"Monster Attack cards: {attack_cards} are not all there")
        events = len(s.event_deck) + len(s.event_discard) + len(s.quest_slots)
        events += sum(len(e) for e in s.evolutions) + sum(1 for q in s.quest_cards if q >= 0)
        events += hooks.total(s, "event_count")  # module cards held out of the decks
        if events != hooks.event_total(s, len(c.events)):
            raise AssertionError(f"Event cards duplicated: {events}")
        for m in range(len(c.monsters)):
            if len(set(s.wounds[m])) != len(s.wounds[m]):
                raise AssertionError(f"a Wound symbol of monster {m} covered twice")
        expected = sum(card.count for card in deck_cards(s.content, s.options))
        if total != expected:
            raise AssertionError(f"Combat Cards: {total} != {expected}")
        blessings = len(s.blessing_deck) + sum(len(b) for b in s.blessings)
        for f in s.stack:
            if f["k"] == "draft":
                blessings += len(f["cards"])
        if blessings > len(c.blessings):
            raise AssertionError("Blessings duplicated")


GAME = LordsGame()
