"""What each seat of a Clue table sees: the public log and the turn for everyone; a player's
own notes, advisor and history on their own phone (and the host's, when the host plays)."""

from ...core.table import HOST, PLAYER
from .data import DATA
from .log import suggest_default, why_not_change, why_not_suggest
from .notes import notes
from .table import EMPTY, plays
from .text import export


def view(state: dict, seat_) -> dict:
    out = {"players": [{"name": p, "hand_size": state["sizes"][i], "mover": state["movers"].get(p),
                        "out": p in state["out"]} for i, p in enumerate(state["players"])],
           "cards": state["cards"], "categories": state["categories"], "edition": state["edition"],
           "suggestions": state["suggestions"], "accusations": state["accusations"],
           "current": state["players"][state["current"]] if state["players"] else None,
           "winner": state["winner"], "editions": {k: v["name"] for k, v in DATA["editions"].items()},
           "seated": bool(state["players"]), "card_names": {c["id"]: c["name"] for c in state["cards"]},
           "suggesters": [p for p in state["players"] if why_not_suggest(state, p) is None],
           "accusers": [p for p in state["players"] if p not in state["out"]],
           "movers": MOVERS, "short": short_names(state["players"]),
           "suggest_default": suggest_default(state),
           "editable": [s["id"] for s in state["suggestions"]
                        if seat_.trusted in (HOST, PLAYER) and why_not_change(state, s, seat_) is None],
           "model": MODEL, "next_id": state["next_id"]}
    name = plays(state, seat_) if state["players"] else None
    if name:
        priv = state["private"].get(name) or EMPTY
        out.update({"me": name, "hand": priv["hand"], "shown": priv["shown"], "marks": priv["marks"],
                    "my_size": state["sizes"][state["players"].index(name)],
                    "to_show": [s for s in state["suggestions"] if s["by"] == name and s["disproved_by"]
                                and str(s["id"]) not in priv["shown"]],
                    **showing(state, name, priv)})
        out.update(notes(state, name))
        out["export"] = export(state, name)
    return out


def showing(state, name: str, priv: dict) -> dict:
    """Which card you showed to whom, and the disproofs you have not noted yet (with the card you
    showed that player before, when it is among the three: showing it again tells them nothing new)."""
    showed = priv.get("showed") or {}
    by_id = {str(s["id"]): s for s in state["suggestions"]}
    done = [{"id": int(sid), "to": by_id[sid]["by"], "card": c} for sid, c in showed.items() if sid in by_id]
    todo = []
    for s in state["suggestions"]:
        if s["disproved_by"] != name or str(s["id"]) in showed:
            continue
        choices = [c for c in s["cards"] if priv["hand"] is None or c in priv["hand"]]
        before = next((x["card"] for x in done if x["to"] == s["by"] and x["card"] in choices), None)
        todo.append({"id": s["id"], "to": s["by"], "choices": choices, "before": before})
    return {"showed": done, "to_record": todo, "room": priv.get("room")}


def short_names(players: list[str]) -> dict[str, str]:
    """Column headings a 390 px phone can show for six players: the shortest distinct prefixes
    (at least two letters), with a legend under the grid."""
    out = {}
    for p in players:
        n = 2
        while n < len(p) and any(q != p and q[:n].casefold() == p[:n].casefold() for q in players):
            n += 1
        out[p] = p[:n]
    return out


MODEL = ("Every deal of the cards that fits what you know counts the same; which card a player chooses to show "
         "you is not guessed at.")
MOVERS = ["Ursula", "Evil Queen", "Dr. Facilier", "Jafar", "Hades", "Maleficent"]
