"""Chance, drawn before the event is stored: each action that may meet chance carries its own pool
of Random Locations and D6s (and its table roll), and the rules take from it in order, so a replay
of the log is exact."""

from ...core.i18n import N_
from .actions import current
from .hunt import heal_dice, random_pool, villain

POOL = 12  # Random Locations an action carries
DICE = 40  # D6s an action carries (re-rolls, rituals, Wings, Battle Dice of a Showdown round)

NO_POOL = ("configure", "facts", "dismiss", "villain", "claim", "battle", "heal")


class Chance:
    """This action's pool: the next Random Location, the next D6. Every draw is counted in the
    state (`drawn`), so Undo knows the table has seen it."""

    def __init__(self, state: dict, action: dict):
        self.state = state
        self.places = list(action.get("places") or [])
        self.d6s = list(action.get("d6s") or [])
        self.picks = action.get("pick") or 0

    def place(self, avoid: str | None = None) -> str:
        """The next Random Location (never `avoid` where the pool allows)."""
        self.state["drawn"] = self.state.get("drawn", 0) + 1
        for i, p in enumerate(self.places):
            if p != avoid:
                return self.places.pop(i)
        pool = random_pool(self.state["options"])
        return ([x for x in pool if x != avoid] or pool)[0]

    def d6(self) -> int:
        self.state["drawn"] = self.state.get("drawn", 0) + 1
        return self.d6s.pop(0) if self.d6s else 1

    def pick(self) -> int:
        """A number from 0 to 59 (a multiple of every count from 1 to 6): modulo a count of
        choices it picks one of them evenly."""
        self.state["drawn"] = self.state.get("drawn", 0) + 1
        return self.picks


def shared(dice: str, faces: list[int], purpose: str, **kw) -> dict:
    """A roll the table's shared roll log shows; its purpose is kept as written in English, with
    its blanks (`kw`): the roll log says it in the table's language (core.views)."""
    return {"dice": dice, "faces": faces, "purpose": purpose, **({"purpose_kw": kw} if kw else {})}


def prepare(state, action, seat, rng):
    """The action with its chance drawn (an older `{"type": "showdown", "op": ...}` form is drawn
    for as the type it stands for; the action is stored as it was sent)."""
    kind = current(action)["type"]
    out = dict(action)
    pool = random_pool(state["options"])
    if kind in ("minion_table", "base_coop_table"):
        out["roll"] = rng.randint(1, 6)
        out["_roll"] = shared("d6", [out["roll"]], N_("Villain Minion Table") if kind == "minion_table" else N_("Co-operative table"))
    elif kind == "coop_table":
        faces = [rng.randint(1, 6), rng.randint(1, 6)]
        out["roll"] = sum(faces)
        out["_roll"] = shared("2d6", faces, N_("Advanced Co-operative table"))
    elif kind == "heal":
        dice = heal_dice(state)
        out["roll"] = rng.randint(1, int(dice[1:]))
        out["_roll"] = shared(dice, [out["roll"]], N_("Villain healing"))
        return out if villain(state).get("healing") else action
    elif kind.startswith("watchman_"):
        where = state["watchman"]["location"]
        out["roll"] = rng.randint(1, 6)
        out["new_location"] = rng.choice([x for x in pool if x != where] or pool)
        if kind == "watchman_after_battle":
            out["_roll"] = shared("d6", [out["roll"]], N_("after the Battle with the Watchman"))
    elif kind in ("terrain", "resolve"):
        out["roll"] = rng.randint(1, 6)
    elif kind == "movement":
        out["roll"] = rng.randint(1, 6)
        out["_roll"] = shared("d6", [out["roll"]], N_("movement ({name})"), name=action.get("hero") or seat.name)
        return out
    elif kind == "battle":
        # shown by the game as hits, attributed (the shared tray's big number would be their sum)
        return {**action, "faces": [rng.randint(1, 6) for _attempt in range(action["dice"])]}
    if kind in NO_POOL:
        return out
    out["places"] = [rng.choice(pool) for _attempt in range(POOL)]
    out["d6s"] = [rng.randint(1, 6) for _attempt in range(DICE)]
    out["pick"] = rng.randint(0, 59)
    return out
