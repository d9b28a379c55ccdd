"""The Shadow Track and the terrain it answers to: each step toward Darkness (or back), the stage
boundaries that wake a Villain's ability (Devil's Stench, End of Time), Valeria's Power of Darkness,
Darkness itself; Swamps that flood, Summoning Circles that open into Voids; Holding Back the Darkness."""

from ...core.errors import RuleError
from ...core.i18n import _
from .board import add_minion
from .chance import Chance
from .data import hero_data
from .hunt import cooperative, not_over, note, on_board, remind, villain
from .text import N_, nm, tn, ungettext

RITUAL = {4: "Crimson Hand", 5: "Traitor", 6: "Fallen"}  # a new Circle's D6


def stage_of(track, value: int) -> int:
    return max(i for i, start in enumerate(track["stages"]) if value >= start)


def move_shadow(state, steps: int, reason: str, chance: Chance):
    """Move the track (`reason` a Msg or a name); each stage boundary crossed (either way) fires the Villain's stage ability
    once (Devil's Stench, End of Time), whatever moved the track."""
    track = state["track"]
    before = state["shadow"]
    after = max(0, min(track["length"], before + steps))
    if after == before:
        if steps:
            note(state, N_("The Shadow Track cannot move further ({reason}).", reason=nm(reason)))
        return
    state["shadow"] = after
    state["shadow_log"].append({"from": before, "to": after, "reason": reason, "round": state["round"]})
    note(state, N_("Shadow Track {before} → {after}: {reason}.", before=before, after=after, reason=nm(reason)))
    v = villain(state)
    low, high = sorted((before, after))
    crossed = [s for s in track["stages"][1:] if low < s <= high]
    for boundary in (crossed if v.get("on_stage") else ()):
        if v.get("terrain") == "swamp":
            devils_stench(state, boundary, chance)
        else:
            state["prompts"].append(N_("{ability} (the track crossed step {step}.)", ability=nm(v["on_stage"]), step=boundary))
    if after > before:
        power_of_darkness(state, after - before)
    if after >= track["length"] and not state["lost"]:
        state["lost"] = N_("The Shadow Track has reached Darkness: the Villain wins.")
        note(state, state["lost"])


def power_of_darkness(state, steps: int):
    """Heroes who gain by each step toward Darkness (Valeria)."""
    for h in state["heroes"]:
        data = hero_data(h["name"])
        if data and data.get("on_shadow_step"):
            gain = data["on_shadow_step"] * steps
            h["investigations"] += gain
            note(state, ungettext("Power of Darkness: {name} gains {n} Investigation (now {total}).",
                                  "Power of Darkness: {name} gains {n} Investigations (now {total}).", gain,
                                  name=h["name"], total=h["investigations"]))


def devils_stench(state, boundary: int, chance: Chance):
    """Devil's Stench, once per stage boundary crossed: the Lair deck moves, Rural Flooding in a
    Random Location (2 Investigations and a Swamp, escalating), a Mosquito Swarm on every Flooded space."""
    where = chance.place()
    state["prompts"].append(N_("Devil's Stench (the track crossed step {step}): move the Lair deck. Rural Flooding at {place}: "
                               "2 Investigations there; a Mosquito Swarm goes on every Flooded space.", step=boundary, place=nm(where)))
    note(state, N_("Devil's Stench: Rural Flooding at {place} (2 Investigations).", place=nm(where)))
    place_terrain(state, where, "swamp", N_("Devil's Stench: Rural Flooding"), chance)
    for loc, t in list(state["terrain"].items()):
        if t == "flooded":
            add_minion(state, "Mosquito Swarm", loc)


def place_terrain(state, loc: str, kind: str, reason: str, chance: Chance, ritual_roll: int | None = None):
    """Swamp → Flooded (and Swamps next door); Flooded → the track moves. Circle → Void;
    Void → the track moves (2 steps by the Minion Table, 1 by the terrain rules: a table option).
    `reason`: a Msg or a name."""
    reason = nm(reason)
    place = nm(loc)
    have = state["terrain"].get(loc)
    if kind == "swamp":
        if have is None:
            state["terrain"][loc] = "swamp"
            note(state, N_("Swamp at {place} ({reason}).", place=place, reason=reason))
        elif have == "swamp":
            state["terrain"][loc] = "flooded"
            note(state, N_("{place} floods ({reason}): its Game Text and deck leave the game.", place=place, reason=reason))
            remind(state, N_("{place} is Flooded: put a Swamp on every space next to it (tap them under Board).", place=place))
        else:
            move_shadow(state, 2, N_("{reason}: {place} was already Flooded", reason=reason, place=place), chance)
    elif kind == "circle":
        if have is None:
            state["terrain"][loc] = "circle"
            note(state, N_("Summoning Circle at {place} ({reason}).", place=place, reason=reason))
            if ritual_roll is not None:
                extra = RITUAL.get(ritual_roll)
                note(state, N_("Ritual roll {roll}: a {minion} appears on the new Circle.", roll=ritual_roll, minion=nm(extra)) if extra
                     else N_("Ritual roll {roll}: nothing more.", roll=ritual_roll))
                if extra:
                    add_minion(state, extra, loc)
        elif have == "circle":
            state["terrain"][loc] = "void"
            note(state, N_("The Circle at {place} opens into a Void ({reason}).", place=place, reason=reason))
        else:
            steps = state["options"].get("void_overflow_steps", 2)
            move_shadow(state, steps, N_("{reason}: a Void already gapes at {place}", reason=reason, place=place), chance)


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
        return _("Holding Back the Darkness is not one of this hunt's rules.")
    if not cooperative(state):
        return _("Holding Back the Darkness is for co-operative games.")
    m = state["mystery"]
    if not m or m["index"] > next(i for i, st in enumerate(m["steps"]) if st["key"] == "mystery_card"):
        return _("The Darkness is held back at the start of a Mystery Phase.")
    if m.get("held_back"):
        return _("The Darkness was held back this turn already.")
    if state["shadow"] < state["track"]["red_from"]:
        return _("The Shadow Track is not in the red.")
    if not state["heroes"]:
        return _("The app tracks no Hero to pay.")
    poor = [h["name"] for h in state["heroes"] if h["investigations"] < 2]
    if poor:
        return _("Every Hero pays 2 Investigations, and {names} cannot.", names=", ".join(poor))
    return None


# ------------------------------------------------------------------ moves

def shadow(state, a, seat):
    """`shadow`: the track moved by hand."""
    if a["steps"] == 0:
        raise RuleError(_("Move the Shadow Track at least one step."))
    move_shadow(state, a["steps"], a["reason"] or N_("moved by hand"), Chance(state, a))


def hold_back(state, a, seat):
    """`hold_back`: every Hero pays 2 Investigations, the track moves 1 back (the moment is checked
    by the move's `when`, why_not_hold_back)."""
    for h in state["heroes"]:
        h["investigations"] -= 2
    state["mystery"]["held_back"] = True
    move_shadow(state, -1, N_("Holding Back the Darkness (every Hero paid 2 Investigations)"), Chance(state, a))


def terrain(state, a, seat):
    """`terrain`: the Villain's own marker placed by hand on a space (escalating)."""
    loc = a["location"]
    on_board(state, loc)
    own = villain(state).get("terrain")
    if not own:
        raise RuleError(_("{villain} brings no terrain markers.", villain=tn(villain(state)["name"])))
    kind = a["terrain"] or own
    if kind != own:
        raise RuleError(_("{villain} brings Swamps, not those.", villain=tn(villain(state)["name"])) if own == "swamp"
                        else _("{villain} brings Summoning Circles, not those.", villain=tn(villain(state)["name"])))
    chance = Chance(state, a)
    if kind == "circle" and state["terrain"].get(loc) is None:
        place_terrain(state, loc, "circle", N_("placed by hand"), chance, ritual_roll=a["roll"])
    else:
        place_terrain(state, loc, kind, N_("placed by hand"), chance)


def terrain_clear(state, a, seat):
    """`terrain_clear`: a space cleared of its markers."""
    loc = a["location"]
    on_board(state, loc)
    if loc not in state["terrain"]:
        raise RuleError(_("{place} has no marker.", place=tn(loc)))
    state["terrain"].pop(loc)
    note(state, N_("{place} is cleared of markers.", place=nm(loc)))
