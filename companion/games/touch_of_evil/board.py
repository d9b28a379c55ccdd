"""The board's Minions and the Watchman: placed, moved, wounded (the Fallen's Wings, the Living
Statues' stone), taken off; the Watchman unique, moving after each Battle, gone for good on a 6."""

from ...core.errors import RuleError
from ...core.i18n import _
from .actions import BATTLE_HITS
from .chance import Chance
from .data import MINIONS
from .hunt import locations, not_over, note, on_board, villain
from .text import N_, joined, nm, tn, ungettext

BATTLE_DICE = 3  # the Battle form's pool to start from


def battle_form() -> dict:
    return {"dice": BATTLE_DICE, "hits": [{"value": k, "label": nm(n)} for k, n in BATTLE_HITS.items()]}


def add_minion(state, name: str, loc: str):
    if name.lower() == "watchman":
        return watchman_place(state, loc)
    state["minions"].append({"id": state["next_minion"], "name": name, "location": loc, "wounds": 0})
    state["next_minion"] += 1
    note(state, N_("{minion} appears at {place}.", minion=nm(name), place=nm(loc)))


def watchman_place(state, where: str):
    w = state["watchman"]
    if w["status"] == "gone":
        state["minions"].append({"id": state["next_minion"], "name": "Barrow Shades", "location": where, "wounds": 0})
        state["next_minion"] += 1
        note(state, N_("The Watchman is gone for good: Barrow Shades appear at {place}.", place=nm(where)))
        return
    if w["status"] == "board":
        note(state, N_("The Watchman is unique: it moves from {start} to {place}.", start=nm(w["location"]), place=nm(where)))
    else:
        note(state, N_("The Watchman appears at {place}.", place=nm(where)))
    state["watchman"] = {"status": "board", "location": where}


def minion_dice(state, m: dict) -> tuple[int, list[str]]:
    """A Minion's Battle Dice now: its printed dice, +1 per Wound it bears (the Crimson Hand), +2 on
    a Swamp or a Flooded space (the Mosquito Swarm), +1 for every Minion while the track is red
    (the Horror's So, It's Time to End It)."""
    info = MINIONS.get(m["name"], {})
    n, why = info.get("dice", 0), []
    if info.get("dice_per_wound") and m["wounds"]:
        n += info["dice_per_wound"] * m["wounds"]
        why.append(N_("+{n} for its Wounds", n=info["dice_per_wound"] * m["wounds"]))
    if info.get("swamp_dice") and state["terrain"].get(m["location"]) in ("swamp", "flooded"):
        n += info["swamp_dice"]
        why.append(N_("+{n} on a Swamp", n=info["swamp_dice"]))
    red = villain(state).get("red_minion_dice")
    if red and state["shadow"] >= state["track"]["red_from"]:
        n += red
        why.append(N_("+{n} while the track is red", n=red))
    return n, why


def minion_view(state, m: dict) -> dict:
    """A Minion on the board as the page shows it: Health, reward, and its Battle Dice with their modifiers."""
    info = MINIONS.get(m["name"], {})
    dice, why = minion_dice(state, m)
    return {**m, "name": nm(m["name"]), "location": nm(m["location"]), "health": info.get("health"), "reward": info.get("reward"),
            "dice": dice, "dice_why": joined(why), "move_label": N_("Move {minion} from {place} to", minion=nm(m["name"]), place=nm(m["location"])),
            "wound_label": N_("1 Damage to {minion}", minion=nm(m["name"])), "at": m["location"]}


def minion_choices(state) -> list[str]:
    return list(villain(state).get("foes", []))


def on_the_board(state, a) -> dict:
    m = next((m for m in state["minions"] if m["id"] == a.get("id")), None)
    if m is None:
        raise RuleError(_("There is no such Minion on the board."))
    return m


def wound_minion(state, m: dict, n: int, chance: Chance) -> bool:
    """Damage dealt to a Minion: the Fallen's Wings shrug off each Damage on 4+, the Living
    Statues all of a blow on one 4+; at its Health the Minion is destroyed and pays its reward."""
    info = MINIONS.get(m["name"], {})
    ignore = info.get("ignore")
    taken, rolls = n, []
    if ignore and ignore["per"] == "damage":
        rolls = [chance.d6() for _attempt in range(n)]
        taken = sum(1 for r in rolls if r < ignore["at_least"])
    elif ignore:
        rolls = [chance.d6()]
        taken = 0 if rolls[0] >= ignore["at_least"] else n
    m["wounds"] += taken
    where = {"minion": nm(m["name"]), "place": nm(m["location"]), "taken": taken}
    if rolls:
        note(state, N_("{minion} at {place} takes {taken} of {n} Damage (rolled {faces}: {ignored} ignored).",
                       **where, n=n, faces=" ".join(map(str, rolls)), ignored=n - taken))
    else:
        note(state, N_("{minion} at {place} takes {taken} of {n} Damage.", **where, n=n))
    if info.get("health") and m["wounds"] >= info["health"]:
        state["minions"].remove(m)
        note(state, N_("{minion} is destroyed: the Hero gains {n} Investigations.", minion=nm(m["name"]), n=info["reward"]))
        return True
    return False


# ------------------------------------------------------------------ moves: Minions

def minion_place(state, a, seat):
    """`minion_place`: one of the Villain's Minions (or its Watchman) goes on a space."""
    if not a["name"] or not a.get("location"):
        raise RuleError(_("Name the Minion and where it goes."))
    on_board(state, a["location"])
    if a["name"].lower() == "watchman":
        if not villain(state).get("watchman"):
            raise RuleError(_("Only the Banshee brings the Watchman."))
        return watchman_place(state, a["location"])
    known = {n.lower(): n for n in minion_choices(state)}
    if a["name"].lower() not in known:
        raise RuleError(_("{villain}'s Minions are {minions}.", villain=tn(villain(state)["name"]),
                          minions=", ".join(tn(n) for n in minion_choices(state))))
    add_minion(state, known[a["name"].lower()], a["location"])


def minion_move(state, a, seat):
    m = on_the_board(state, a)
    if a.get("location") not in locations(state["options"]):
        raise RuleError(_("Say where the Minion moves."))
    if a["location"] == m["location"]:
        raise RuleError(_("{minion} is at {place} already.", minion=tn(m["name"]), place=tn(m["location"])))
    note(state, N_("{minion} moves {start} → {place}.", minion=nm(m["name"]), start=nm(m["location"]), place=nm(a["location"])))
    m["location"] = a["location"]


def minion_remove(state, a, seat):
    m = on_the_board(state, a)
    state["minions"].remove(m)
    note(state, N_("{minion} at {place} is removed.", minion=nm(m["name"]), place=nm(m["location"])))


def minion_wound(state, a, seat):
    wound_minion(state, on_the_board(state, a), a["wounds"], Chance(state, a))


# ------------------------------------------------------------------ moves: the Watchman

def brings_watchman(state) -> str | None:
    """Why the Watchman cannot be placed now (None: it can)."""
    if not_over(state):
        return not_over(state)
    return None if villain(state).get("watchman") else _("Only the Banshee brings the Watchman.")


def watchman_on_board(state) -> str | None:
    """Why the Watchman on the board cannot be fought or taken off now (None: it can)."""
    return brings_watchman(state) or (None if state["watchman"]["status"] == "board" else _("The Watchman is not on the board."))


def watchman_place_move(state, a, seat):
    """`watchman_place`: the Watchman goes on a space (or moves there if it stands elsewhere)."""
    where = a.get("location") or a["new_location"]
    on_board(state, where)
    watchman_place(state, where)


def watchman_remove(state, a, seat):
    """Removed from play like any Minion; it may come back later."""
    state["watchman"] = {"status": "none", "location": None}
    note(state, N_("The Watchman is off the board (it may return)."))


def watchman_after_battle(state, a, seat):
    if a["roll"] == 6:
        state["watchman"] = {"status": "gone", "location": None}
        note(state, N_("After the Battle the roll is 6: 5 more Investigations, and the Watchman leaves the game for good."))
    else:
        note(state, N_("After the Battle the roll is {roll}: the Watchman moves to {place}.", roll=a["roll"], place=nm(a["new_location"])))
        state["watchman"] = {"status": "board", "location": a["new_location"]}


def battle(state, a, seat):
    """`battle`: a pool of Battle Dice (rolled by the server) against a hit number."""
    hits = sum(1 for f in a["faces"] if f >= a["hit"])
    who = a.get("hero") or seat.name
    state["last_battle"] = {"faces": a["faces"], "hit": a["hit"], "hits": hits, "who": who, "round": state["round"],
                            "seq": len(state["log"])}
    note(state, ungettext("Battle Dice for {who}: {dice} dice hitting on {hit}+: {n} hit.",
                          "Battle Dice for {who}: {dice} dice hitting on {hit}+: {n} hits.", hits, who=who, dice=a["dice"], hit=a["hit"]))


def battle_view(state) -> dict | None:
    """The last free Battle roll while it is news: attributed, shown as hits, gone once the turn
    ends or a table result, a fight or a Showdown came after it."""
    b = state.get("last_battle")
    if not b or b.get("round") != state["round"] or "who" not in b:
        return None
    later = [x for x in (state["last"], state.get("showdown"), state.get("fight")) if x and x.get("seq", -1) > b["seq"]]
    if later:
        return None
    return {**b, "label": ungettext("{who}: {n} hit", "{who}: {n} hits", b["hits"], who=b["who"]),
            "detail": N_("{dice} Battle Dice hitting on {hit}+: {faces}", dice=len(b["faces"]), hit=b["hit"], faces=" ".join(map(str, b["faces"])))}
