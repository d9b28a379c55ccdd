"""Who may be chosen for each choice of the game. The narrator's page offers exactly these; the
actions refuse with the same function."""

from ...core.errors import RuleError
from ...core.i18n import _
from .data import MISCHIEF
from .players import find

CHOOSES = ("spy", "lock_away", "mischief_target", "mirror", "crown_successor", "prisoner", "crown_decides")


def why_not(state, kind: str, p: dict) -> str | None:
    """Why p cannot be chosen for `kind` now (None: p can)."""
    if not p["alive"]:
        return _("{name} has already fallen.", name=p["name"])
    n = state["night"] or {}
    if kind == "spy" and p["character"] == "maleficent":
        return _("Maleficent picks someone else to spy on.")
    if kind == "lock_away" and state["last_lock"] == p["name"]:
        return _("Mother Gothel cannot lock away {name} two nights in a row.", name=p["name"])
    if kind == "mischief_target" and p["alignment"] == MISCHIEF:
        return _("Team Mischief cannot choose one of its own.")
    if kind == "mirror" and p["character"] == "the_queen":
        return _("The Queen reveals another player, not herself.")
    if kind == "mirror" and p["name"] == n.get("victim"):
        return _("The Queen cannot reveal the player Team Mischief chose tonight.")
    if kind == "prisoner" and p["character"] == "captain_hook":
        return _("Captain Hook takes someone else prisoner.")
    if kind == "crown_decides" and p["name"] not in ((state["day"] or {}).get("tie") or ()):
        return _("The Crown picks among the tied players: {names}.", names=", ".join(state["day"]["tie"]))
    return None


def chosen(state, kind: str, name: str) -> dict:
    """The player named for `kind`, or a sentence saying why not."""
    p = find(state, name)
    why = why_not(state, kind, p)
    if why:
        raise RuleError(why)
    return p


def targets(state, kind: str) -> list[str]:
    return [p["name"] for p in state["players"] if why_not(state, kind, p) is None]
