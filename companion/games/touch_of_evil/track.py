"""The Shadow Track and the terrain it answers to: each step toward Darkness (or back), the stage
boundaries that wake a Villain's ability (Devil's Stench, End of Time), Valeria's Power of Darkness,
Darkness itself; Swamps that flood, Summoning Circles that open into Voids; Holding Back the Darkness."""

from ...core.errors import RuleError
from .board import add_minion
from .chance import Chance
from .data import hero_data
from .hunt import cooperative, not_over, note, on_board, remind, villain

RITUAL = {4: "Crimson Hand", 5: "Traitor", 6: "Fallen"}  # a new Circle's D6


def stage_of(track, value: int) -> int:
    return max(i for i, start in enumerate(track["stages"]) if value >= start)


def move_shadow(state, steps: int, reason: str, chance: Chance):
    """Move the track; each stage boundary crossed (either way) fires the Villain's stage ability
    once (Devil's Stench, End of Time), whatever moved the track."""
    track = state["track"]
    before = state["shadow"]
    after = max(0, min(track["length"], before + steps))
    if after == before:
        if steps:
            note(state, f"The Shadow Track cannot move further ({reason}).")
        return
    state["shadow"] = after
    state["shadow_log"].append({"from": before, "to": after, "reason": reason, "round": state["round"]})
    note(state, f"Shadow Track {before} → {after}: {reason}.")
    v = villain(state)
    low, high = sorted((before, after))
    crossed = [s for s in track["stages"][1:] if low < s <= high]
    for boundary in (crossed if v.get("on_stage") else ()):
        if v.get("terrain") == "swamp":
            devils_stench(state, boundary, chance)
        else:
            state["prompts"].append(v["on_stage"] + f" (the track crossed step {boundary}.)")
    if after > before:
        power_of_darkness(state, after - before)
    if after >= track["length"] and not state["lost"]:
        state["lost"] = "The Shadow Track has reached Darkness: the Villain wins."
        note(state, state["lost"])


def power_of_darkness(state, steps: int):
    """Heroes who gain by each step toward Darkness (Valeria)."""
    for h in state["heroes"]:
        data = hero_data(h["name"])
        if data and data.get("on_shadow_step"):
            gain = data["on_shadow_step"] * steps
            h["investigations"] += gain
            note(state, f"Power of Darkness: {h['name']} gains {gain} Investigation(s) (now {h['investigations']}).")


def devils_stench(state, boundary: int, chance: Chance):
    """Devil's Stench, once per stage boundary crossed: the Lair deck moves, Rural Flooding in a
    Random Location (2 Investigations and a Swamp, escalating), a Mosquito Swarm on every Flooded space."""
    where = chance.place()
    state["prompts"].append(f"Devil's Stench (the track crossed step {boundary}): move the Lair deck. Rural Flooding at {where}: "
                            f"2 Investigations there; a Mosquito Swarm goes on every Flooded space.")
    note(state, f"Devil's Stench: Rural Flooding at {where} (2 Investigations).")
    place_terrain(state, where, "swamp", "Devil's Stench: Rural Flooding", chance)
    for loc, t in list(state["terrain"].items()):
        if t == "flooded":
            add_minion(state, "Mosquito Swarm", loc)


def place_terrain(state, loc: str, kind: str, reason: str, chance: Chance, ritual_roll: int | None = None):
    """Swamp → Flooded (and Swamps next door); Flooded → the track moves. Circle → Void;
    Void → the track moves (2 steps by the Minion Table, 1 by the terrain rules: a table option)."""
    have = state["terrain"].get(loc)
    if kind == "swamp":
        if have is None:
            state["terrain"][loc] = "swamp"
            note(state, f"Swamp at {loc} ({reason}).")
        elif have == "swamp":
            state["terrain"][loc] = "flooded"
            note(state, f"{loc} floods ({reason}): its Game Text and deck leave the game.")
            remind(state, f"{loc} is Flooded: put a Swamp on every space next to it (tap them under Board).")
        else:
            move_shadow(state, 2, f"{reason}: {loc} was already Flooded", chance)
    elif kind == "circle":
        if have is None:
            state["terrain"][loc] = "circle"
            note(state, f"Summoning Circle at {loc} ({reason}).")
            if ritual_roll is not None:
                extra = RITUAL.get(ritual_roll)
                note(state, f"Ritual roll {ritual_roll}: " + (f"a {extra} appears on the new Circle." if extra else "nothing more."))
                if extra:
                    add_minion(state, extra, loc)
        elif have == "circle":
            state["terrain"][loc] = "void"
            note(state, f"The Circle at {loc} opens into a Void ({reason}).")
        else:
            steps = state["options"].get("void_overflow_steps", 2)
            move_shadow(state, steps, f"{reason}: a Void already gapes at {loc}", chance)


def summoning_ritual(state, where: str, reason: str, chance: Chance):
    """A Summoning Circle and, for a new Circle, the ritual's D6 (4 Crimson Hand, 5 Traitor, 6 Fallen)."""
    roll = chance.d6() if state["terrain"].get(where) is None else None
    place_terrain(state, where, "circle", reason, chance, ritual_roll=roll)
    return roll


def why_not_hold_back(state) -> str | None:
    """Why the Heroes cannot Hold Back the Darkness now (None: they can)."""
    if not_over(state):
        return not_over(state)
    if not state["options"]["rules"].get("holding_back_the_darkness"):
        return "Holding Back the Darkness is not one of this hunt's rules."
    if not cooperative(state):
        return "Holding Back the Darkness is for co-operative games."
    m = state["mystery"]
    if not m or m["index"] > next(i for i, st in enumerate(m["steps"]) if st["key"] == "mystery_card"):
        return "The Darkness is held back at the start of a Mystery Phase."
    if m.get("held_back"):
        return "The Darkness was held back this turn already."
    if state["shadow"] < state["track"]["red_from"]:
        return "The Shadow Track is not in the red."
    if not state["heroes"]:
        return "The app tracks no Hero to pay."
    poor = [h["name"] for h in state["heroes"] if h["investigations"] < 2]
    if poor:
        return f"Every Hero pays 2 Investigations, and {', '.join(poor)} cannot."
    return None


# ------------------------------------------------------------------ moves

def shadow(state, a, seat):
    """`shadow`: the track moved by hand."""
    if a["steps"] == 0:
        raise RuleError("Move the Shadow Track at least one step.")
    move_shadow(state, a["steps"], a["reason"] or "moved by hand", Chance(state, a))


def hold_back(state, a, seat):
    """`hold_back`: every Hero pays 2 Investigations, the track moves 1 back (the moment is checked
    by the move's `when`, why_not_hold_back)."""
    for h in state["heroes"]:
        h["investigations"] -= 2
    state["mystery"]["held_back"] = True
    move_shadow(state, -1, "Holding Back the Darkness (every Hero paid 2 Investigations)", Chance(state, a))


def terrain(state, a, seat):
    """`terrain`: the Villain's own marker placed by hand on a space (escalating)."""
    loc = a["location"]
    on_board(state, loc)
    own = villain(state).get("terrain")
    if not own:
        raise RuleError(f"{villain(state)['name']} brings no terrain markers.")
    kind = a["terrain"] or own
    if kind != own:
        raise RuleError(f"{villain(state)['name']} brings {'Swamps' if own == 'swamp' else 'Summoning Circles'}, not those.")
    chance = Chance(state, a)
    if kind == "circle" and state["terrain"].get(loc) is None:
        place_terrain(state, loc, "circle", "placed by hand", chance, ritual_roll=a["roll"])
    else:
        place_terrain(state, loc, kind, "placed by hand", chance)


def terrain_clear(state, a, seat):
    """`terrain_clear`: a space cleared of its markers."""
    loc = a["location"]
    on_board(state, loc)
    if loc not in state["terrain"]:
        raise RuleError(f"{loc} has no marker.")
    state["terrain"].pop(loc)
    note(state, f"{loc} is cleared of markers.")
