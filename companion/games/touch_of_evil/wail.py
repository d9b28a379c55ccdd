"""The Banshee's Death Wail: each 6 among her Battle Dice costs the Hero it struck 2 Investigations
or 1 more Damage, the Hero's choice, asked on the Hero's phone (or the host's) one six at a time."""

from ...core.errors import RuleError
from ...core.i18n import _, ngettext
from ...core.table import HOST
from .chance import Chance
from .heroes import known_hero, short_name, take_wounds
from .hunt import may_act_for, my_hero, not_over, note
from .text import N_, ungettext

WAIL_COST = 2  # Investigations a six costs, else 1 more Damage


def wail(state, hero: str, sixes: int):
    """The Hero struck by `sixes` sixes owes that many answers."""
    if not sixes:
        return
    owed = next((w for w in waiting(state) if w["hero"] == hero), None)
    if owed:
        owed["left"] += sixes
    else:
        state.setdefault("death_wail", []).append({"hero": hero, "left": sixes})


def waiting(state) -> list[dict]:
    return state.get("death_wail") or []


def why_not_answer(state) -> str | None:
    return not_over(state) or (None if waiting(state) else _("No Death Wail waits for an answer."))


def death_wail(state, a, seat):
    """`death_wail`: one six answered: `pay` 2 Investigations (true) or take 1 more Damage (false)."""
    mine = my_hero(state, seat)
    name = a["hero"] or (mine or {}).get("name")
    if not name:
        raise RuleError(_("Say which Hero answers the Death Wail."))
    h = known_hero(state, name)
    may_act_for(seat, h["name"], (mine or {}).get("name"))
    owed = next((w for w in waiting(state) if w["hero"] == h["name"]), None)
    if owed is None:
        raise RuleError(_("No Death Wail waits for {name}.", name=h["name"]))
    if a["pay"]:
        if h["investigations"] < WAIL_COST:
            raise RuleError(ngettext("{name} holds only {n} Investigation: take the Damage.",
                                     "{name} holds only {n} Investigations: take the Damage.", h["investigations"], name=h["name"]))
        h["investigations"] -= WAIL_COST
        note(state, N_("Death Wail: {name} pays {n} Investigations.", name=h["name"], n=WAIL_COST))
    else:
        note(state, N_("Death Wail: {name} takes 1 more Damage.", name=h["name"]))
    owed["left"] -= 1
    if owed["left"] == 0:
        state["death_wail"].remove(owed)
    if not a["pay"]:
        take_wounds(state, h, 1, Chance(state, a))
        if h["knocked_out"]:  # a Hero Knocked Out owes nothing more
            state["death_wail"] = [w for w in waiting(state) if w["hero"] != h["name"]]


def wail_view(state, seat) -> list[dict]:
    """Each Hero's Death Wail still to answer, and whether this seat answers it (and may pay)."""
    mine = my_hero(state, seat)
    out = []
    for w in waiting(state):
        h = known_hero(state, w["hero"])
        answers = not not_over(state) and (seat.trusted == HOST or (mine is not None and mine["name"] == h["name"]))
        out.append({"hero": h["name"], "short": short_name(h["name"]), "left": w["left"], "answers": answers,
                    "may_pay": h["investigations"] >= WAIL_COST,
                    "label": ungettext("Death Wail: {name} answers {n} six: {cost} Investigations or 1 more Damage each.",
                                       "Death Wail: {name} answers {n} sixes: {cost} Investigations or 1 more Damage each.", w["left"],
                                       name=short_name(h["name"]), cost=WAIL_COST)})
    return out
