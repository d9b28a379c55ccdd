"""What every chapter reads of a hunt: its villain, its mode and level, the board's spaces, the
Heroes by name, and the log and reminders every rule writes to."""

from ...core.errors import RuleError
from ...core.i18n import _
from .. import kernel
from .data import DATA, VILLAINS
from .text import tn, tr


def villain(state) -> dict:
    return VILLAINS[state["options"]["villain"]]


def cooperative(state) -> bool:
    """A co-operative game (a solo Hero Team plays by the co-operative rules)."""
    return state["options"]["mode"] in ("cooperative", "solo_team")


def level(state) -> dict:
    """The lone Hero's difficulty level (Normal for every other mode)."""
    return DATA["difficulty"][state["options"]["difficulty"] if state["options"]["mode"] == "lone_hero" else "normal"]


def more_secrets(state) -> bool:
    """More Secrets: an option, and a must for a lone Hero."""
    return bool(state["options"]["rules"].get("more_secrets")) or state["options"]["mode"] == "lone_hero"


def coop_track(state) -> bool:
    return cooperative(state) or level(state)["coop_track"]


def advanced_table(state) -> bool:
    return bool(state["options"]["rules"].get("advanced_coop_table")) or level(state)["advanced_table"]


def heal_dice(state) -> str:
    """The die the Villain heals with (the Bog Fiend's D6 in a co-operative game)."""
    rule = villain(state).get("healing") or {}
    return rule.get("coop_dice") if cooperative(state) and rule.get("coop_dice") else rule.get("dice", "d3")


# ------------------------------------------------------------------ the board

def locations(options) -> list[str]:
    if options.get("locations"):
        return list(options["locations"])
    out = list(DATA["locations"]["shadowbrook"])
    if options.get("mirror_lake", True):
        out += DATA["locations"]["mirror_lake"]
    return out


def roads(options) -> list[str]:
    return list(options["roads"]) if options.get("roads") is not None else list(DATA["locations"]["roads"])


def random_pool(options) -> list[str]:
    """The spaces a Random Location (a Lair card) can name: every space but the roads."""
    road = {r.lower() for r in roads(options)}
    return [x for x in locations(options) if x.lower() not in road] or locations(options)


def mirror_lake_spaces(options) -> set[str]:
    return set(DATA["locations"]["mirror_lake"]) if options.get("mirror_lake", True) else set()


def on_board(state, where: str | None):
    """Refuse a place that is not a space of this board."""
    if where not in locations(state["options"]):
        raise RuleError(_("{place} is not a space on this board.", place=tn(where)))


# ------------------------------------------------------------------ the Heroes by name

def hero_names(state) -> list[str]:
    return [h["name"] for h in state["heroes"]] or list(state["options"].get("heroes") or [])


def turns(state) -> dict:
    """The Heroes' turns this game turn, in the table's order from the First Player: who has
    played (ended its turn), who is Knocked Out (its turn is skipped) and whose turn it is now
    (None once every Hero still standing has played)."""
    names = [h["name"] for h in state["heroes"]]
    if not names:
        return {"order": [], "done": [], "current": None, "left": []}
    first = state["first"] % len(names)
    order = names[first:] + names[:first]
    ended = state.get("turns_ended") or {}
    done = list(ended.get("heroes", [])) if ended.get("round") == state["round"] else []
    out = {h["name"] for h in state["heroes"] if h["knocked_out"]}
    left = [n for n in order if n not in done and n not in out]
    return {"order": order, "done": done, "current": left[0] if left else None, "left": left}


def state_hero(state, name: str | None) -> dict | None:
    return kernel.lookup(state["heroes"], name) if name else None


def my_hero(state, seat) -> dict | None:
    return kernel.player_of(state["heroes"], seat) if seat is not None else None


may_act_for = kernel.may_act_for  # the host acts for any Hero; a player's phone for the Hero it plays


def heroes_at(state, loc: str | None) -> list[str]:
    return [h["name"] for h in state["heroes"] if loc and h["location"] == loc and not h["knocked_out"]]


# ------------------------------------------------------------------ the log and the reminders

def remind(state, text: str):
    """Add a reminder (a Msg: made in each reader's language by the view), unless the same one is
    already waiting (reminders never pile up)."""
    if text not in state["prompts"]:
        state["prompts"].append(text)


def note(state, text: str):
    """A line of the shared log: a Msg, made in the table's language by the view."""
    state["log"].append({"round": state["round"], "text": text})


# ------------------------------------------------------------------ moments

def not_over(state) -> str | None:
    """Why nothing can be done: the hunt is over (said in the request's language)."""
    return tr(state["lost"] or state["won"]) or None


def not_started(state) -> str | None:
    return _("The hunt has begun; start a new table to change the villain or the mode.") if state["log"] else None
