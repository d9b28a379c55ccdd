"""The deal for players without a phone: the narrator's phone shows one player's card at a time,
full screen with nothing else on it, behind a hold, and the app records that each has seen
theirs. The narrator's own list of the teams stays behind a hold of its own."""

from typing import Literal

from pydantic import Field

from ...core.actions import Action, Name
from ...core.errors import RuleError
from ...core.i18n import N_, _
from .players import find, game_over, record
from .words import msg


class ShowCard(Action):
    """The narrator shows a player's own card full screen (`player`), or puts it away (null)."""

    type: Literal["show_card"]
    player: Name | None = Field(default=None, description="The player whose card to show; null puts it away.")


class CardSeen(Action):
    """The player the narrator showed their card to has seen it."""

    type: Literal["card_seen"]
    player: Name


ACTIONS = (ShowCard, CardSeen)


def dealt(state) -> str | None:
    """Why no card can be shown now (None: it can)."""
    if state["phase"] == "over":
        return game_over(state)
    if state["phase"] not in ("night", "day"):
        return _("The cards are shown once they are dealt.")
    if not state["alignments_known"]:
        return _("The team cards were dealt by hand: each player looks at their own.")
    return None


def do_show_card(state, a, _seat):
    state["showing"] = find(state, a["player"], alive=False)["name"] if a.get("player") else None


def do_card_seen(state, a, _seat):
    p = find(state, a["player"], alive=False)
    if state.get("showing") != p["name"]:
        raise RuleError(_("Show {name} their card first.", name=p["name"]))
    seen = state.setdefault("cards_seen", [])
    if p["name"] not in seen:
        seen.append(p["name"])
        record(state, "card_seen", msg(N_("{name} has seen their card on the narrator's phone."), name=p["name"]),
               player=p["name"])
    state["showing"] = None


def cards_view(state, own_card) -> dict | None:
    """The narrator's list of players to show their card to (who has seen theirs), the card shown
    full screen now, and Team Mischief for the narrator's own hold."""
    if dealt(state):
        return None
    seen = state.get("cards_seen", [])
    showing = state.get("showing")
    shown = find(state, showing, alive=False) if showing else None
    return {"rows": [{"name": p["name"], "seen": p["name"] in seen} for p in state["players"] if p["alive"]],
            "showing": {"name": shown["name"], **own_card(state, shown)} if shown else None,
            "mischief": ", ".join(p["name"] for p in state["players"] if p["alignment"] == "mischief")}
