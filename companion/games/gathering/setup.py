"""Setting up: the table's readings, the players and the characters (the selection rules and
the rulebook's balance tips), and the deal of the characters and of Team Mischief."""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ...core.actions import NAME_MAX, Action, Name
from ...core.errors import RuleError
from ...core.i18n import N_, _
from .. import kernel
from .data import CHARS, MAYHEM, MISCHIEF, PLAYERS_MAX, PLAYERS_MIN, CharacterId, mischief_count
from .narration import READINGS
from .players import find, go, holder, record
from .words import char_name, dealt, joined, msg

# TRANSLATORS: the game's name on the box (the French edition: L'Assemblée des Vilains)
TITLE = N_("Gathering of the Wicked")


class GatheringOptions(BaseModel):
    """How to read what the rulebook leaves open (each shown in the app with its default)."""

    model_config = ConfigDict(extra="forbid", title="GatheringOptions")
    claws_in_thumbs_vote: bool = READINGS["claws_in_thumbs_vote"][0]
    henchman_rule_in_thumbs_vote: bool = READINGS["henchman_rule_in_thumbs_vote"][0]
    khan_claws_in_thumbs_vote: bool = READINGS["khan_claws_in_thumbs_vote"][0]
    hades_save_spent_on_locked: bool = READINGS["hades_save_spent_on_locked"][0]
    beginners: bool = READINGS["beginners"][0]


Options = GatheringOptions


class Setup(Action):
    """The players in seating order (6 to 12, the narrator not counted) and the characters."""

    type: Literal["setup"]
    players: list[Name] = Field(min_length=PLAYERS_MIN, max_length=PLAYERS_MAX)
    characters: list[CharacterId] = Field(min_length=PLAYERS_MIN, max_length=PLAYERS_MAX)


class Deal(Action):
    """Record the deal; whatever is left out the server deals at random.
    `alignments: "physical"` means the cards were dealt by hand: Team Mischief is recorded when
    it opens its eyes on the first night."""

    type: Literal["deal"]
    characters: dict[Name, CharacterId] | None = None
    mischief: list[Name] | None = None
    alignments: Literal["digital", "physical"] = "digital"


class SetOptions(Action):
    """Change how the table reads the rulebook's open questions."""

    type: Literal["options"]
    options: GatheringOptions


# ---------------------------------------------------------------- selection

def check_selection(characters: list[str], players: int):
    """The selection rules; each refusal says what to change."""
    if len(characters) != players:
        raise RuleError(_("Pick exactly one character per player: {players} players, {characters} characters.",
                          players=players, characters=len(characters)))
    if len(set(characters)) != len(characters):
        raise RuleError(_("Each character card exists once; a character was picked twice."))
    chosen = set(characters)
    for cid in characters:
        c = CHARS[cid]
        if "villain" in c and c["villain"] not in chosen:
            raise RuleError(_("{character} comes only with {villain}.", character=char_name(cid),
                              villain=char_name(c["villain"])))
        missing = [char_name(h) for h in c.get("henchmen", []) if h not in chosen]
        if missing:
            raise RuleError(_("{character} brings {henchmen}; add them or leave {character} out.",
                              character=char_name(cid), henchmen=joined(missing)))
    if players % 2 and not ({"stepmother", "shere_khan"} & chosen):
        raise RuleError(_("An odd number of players needs the Stepmother with Drizella and Anastasia, or Shere Khan."))


def warnings(characters: list[str], players: int, options: dict) -> list[str]:
    """The rulebook's balance tips that this selection breaks (they do not block)."""
    chosen, out = set(characters), []
    if options.get("beginners") and chosen & {"mother_gothel", "shere_khan"}:
        out.append(_("For beginners, leave out Mother Gothel and Shere Khan."))
    if players != 6 and "maleficent" not in chosen:
        out.append(_("Maleficent belongs in every game except with 6 players."))
    if players < 12 and {"mother_gothel", "hades"} <= chosen:
        out.append(_("Under 12 players, take Mother Gothel or Hades, not both."))
    if players < 12 and not chosen & {"mother_gothel", "hades"}:
        out.append(_("Under 12 players, take Mother Gothel or Hades."))
    if players < 10 and chosen & {"captain_hook", "the_queen"}:
        out.append(_("Under 10 players, Captain Hook and the Queen are best left out."))
    return out


# ---------------------------------------------------------------- the first state, the setup and the deal

def setup(options: dict) -> dict:
    return {"options": {**{k: v[0] for k, v in READINGS.items()}, **options}, "phase": "setup", "round": 0,
            "players": [], "characters": [], "crown": None, "prisoner": None, "winner": None, "step": "setup",
            "night": None, "day": None, "last_lock": None, "used": {}, "successor_for": None, "then": None,
            "alignments_known": True, "recap": [], "timer": None, "script": {}, "announce": [],
            "last_vote": None, "say": {"n": 0, "parts": []}, "votes": [], "corrections": []}


def do_setup(state, a, _seat):
    names = a["players"]
    kernel.roster(names, PLAYERS_MIN, PLAYERS_MAX, _(TITLE))
    check_selection(a["characters"], len(names))
    state["players"] = [{"name": n, "character": None, "alignment": None, "alive": True, "claw_marks": 0,
                         "revealed": False} for n in names]
    state["characters"] = list(a["characters"])
    state["step"] = "deal"  # still the setup phase (API.md's phases), now waiting for the deal


def draw_deal(state, action, rng) -> dict:
    """The deal with whatever it leaves out dealt at random (drawn before the event is kept)."""
    players = [p["name"] for p in state["players"]]
    given = {find(state, n, alive=False)["name"]: c for n, c in (action.get("characters") or {}).items()}
    left = [c for c in state["characters"] if c not in given.values()]
    rng.shuffle(left)
    chars = {n: given.get(n) or left.pop() for n in players} if len(left) == len(players) - len(given) else given
    mischief = action.get("mischief")
    if mischief is None and action.get("alignments", "digital") == "digital":
        mischief = rng.sample(players, mischief_count(len(players)))
    return {**action, "characters": chars, "mischief": mischief}


def do_deal(state, a, _seat):
    chars = a["characters"]
    if sorted(chars.values()) != sorted(state["characters"]) or len(chars) != len(state["players"]):
        raise RuleError(_("Deal each selected character to exactly one player."))
    for p in state["players"]:
        p["character"] = chars[p["name"]]
    if a.get("mischief") is not None:
        set_mischief(state, a["mischief"])
    else:
        state["alignments_known"] = False
    prince = holder(state, "prince_john")
    state["crown"] = prince["name"] if prince else None
    record(state, "deal", msg(N_("Characters dealt face up: {dealt}"),
                              dealt=dealt([(p["name"], p["character"]) for p in state["players"]])))
    go(state, "night")


def set_mischief(state, names: list[str]):
    members = {find(state, n, alive=False)["name"] for n in names}
    need = mischief_count(len(state["players"]))
    if len(members) != need:
        raise RuleError(_("With {players} players, Team Mischief has exactly {n}.", players=len(state["players"]),
                          n=need))
    for p in state["players"]:
        p["alignment"] = MISCHIEF if p["name"] in members else MAYHEM
    state["alignments_known"] = True


def do_options(state, a, _seat):
    state["options"] = a["options"]


def setup_form(state) -> dict:
    """The narrator's setup form: as many name fields as the game takes players, and its limits."""
    return {"min": PLAYERS_MIN, "max": PLAYERS_MAX, "name_max": NAME_MAX,
            "heading": _("Players, in seating order ({low} to {high}; you, the narrator, are not counted)",
                         low=PLAYERS_MIN, high=PLAYERS_MAX),
            "inputs": [{"id": f"g-p{i}", "label": _("Player {n}", n=i + 1)} for i in range(PLAYERS_MAX)]}
