"""The Heroes: each phone keeps its own Hero (the host acts for any), its counters, Items and
skills; a Knock Out sends it to the Town Hall (or the Monastery by the Mirror Lake)."""

from ...core.errors import RuleError
from ...core.i18n import _, ngettext
from ...core.table import PLAYER
from .chance import Chance
from .data import hero_data
from .hunt import (
    cooperative,
    level,
    locations,
    may_act_for,
    mirror_lake_spaces,
    my_hero,
    note,
    state_hero,
    turns,
    villain,
)
from .text import N_, SKILL_NAMES, joined, nm, tn, ungettext
from .villain import after_villain_kill, end_showdown

SKILLS = ("combat", "cunning", "spirit", "honor")
COUNTERS = ("bombs", "stone")
MAX_CARDS = 40


def new_hero(name: str) -> dict:
    h = hero_data(name) or {}
    return {"name": name, "seat": None, "investigations": 0, "wounds": 0, "health": h.get("health"),
            "location": h.get("start"), "items": [], "knocked_out": False, "knockouts": 0, "bombs": 0, "stone": 0,
            "combat": None, "cunning": None, "spirit": None, "honor": None}


def short_name(name: str) -> str:
    """A Hero's name before its title ("Eliza" for "Eliza, the Witch Hunter")."""
    return name.split(",")[0]


def known_hero(state, name: str) -> dict:
    h = state_hero(state, name)
    if h is None:
        raise RuleError(_("No Hero called {name} is in this hunt.", name=name))
    return h


def knock_out(state, name: str, chance):
    h = state_hero(state, name)
    state["knockouts"] += 1
    if h is not None:
        h["knocked_out"] = True
        h["knockouts"] += 1
        home = "Monastery" if h["location"] in mirror_lake_spaces(state["options"]) and "Monastery" in locations(state["options"]) else "Town Hall"
        h["location"] = home
        note(state, N_("{name} is Knocked Out and goes to the {place} (the rest as the base game says).", name=h["name"], place=nm(home)))
        if state["showdown"] and h["name"] in state["showdown"]["party"]:
            state["showdown"]["party"].remove(h["name"])
            state["showdown"]["out"].append(h["name"])
    else:
        note(state, N_("{name} is Knocked Out.", name=name))
    villain_kill(state, N_("a Hero was Knocked Out"), chance)
    if level(state)["third_knockout_loses"] and state["knockouts"] >= 3:
        state["lost"] = N_("Third Knock Out at the Apocalyptic level: the hunt is lost.")
    if state["showdown"] and not state["showdown"]["party"]:
        end_showdown(state, N_("every Hero of the party is Knocked Out"), chance, lost=True)
    every_hero_down(state)


def villain_kill(state, what: str, chance):
    """A Knock Out or an Elder's death: the Villain's gains (Willow Vine), and with Evil Endurance
    every Hero still standing takes +2 Wounds (+1 co-operatively); any it knocks out counts again."""
    after_villain_kill(state, what)
    if not state["options"]["rules"].get("evil_endurance"):
        return
    each = 1 if cooperative(state) else 2
    standing = [h for h in state["heroes"] if not h["knocked_out"]]
    for h in standing:
        h["wounds"] = capped(h, h["wounds"] + each)
    if standing:
        note(state, ungettext("Evil Endurance: {what}; {names} take +{n} Wound each.", "Evil Endurance: {what}; {names} take +{n} Wounds each.",
                              each, what=what, names=", ".join(h["name"] for h in standing)))
    for h in standing:
        if h["health"] and h["wounds"] >= h["health"] and not h["knocked_out"]:
            knock_out(state, h["name"], chance)


def every_hero_down(state):
    """The co-operative loss: every Hero Knocked Out at the same time gives the Villain the hunt
    (a solo team of 2 Heroes may play on: the option two_hero_team_plays_on)."""
    if not cooperative(state) or not state["heroes"] or state["lost"]:
        return
    if any(not h["knocked_out"] for h in state["heroes"]):
        return
    if state["options"]["mode"] == "solo_team" and len(state["heroes"]) == 2 and state["options"]["rules"].get("two_hero_team_plays_on"):
        note(state, N_("Both Heroes are Knocked Out: a team of two plays on (the option)."))
        return
    state["lost"] = N_("Every Hero is Knocked Out at once: {villain} wins the hunt.", villain=nm(villain(state)["name"]))
    note(state, state["lost"])


def capped(h: dict, wounds: int) -> int:
    """A Hero's Wounds never pass its Health: the Wound that reaches it knocks the Hero out, and
    the Damage beyond it is lost (a Knocked Out Hero shows Health of Health until it recovers)."""
    wounds = max(0, wounds)
    return min(wounds, h["health"]) if h["health"] else wounds


def take_wounds(state, h: dict, n: int, chance):
    """Wounds up to the Hero's Health knock it out."""
    h["wounds"] = capped(h, h["wounds"] + n)
    if h["health"] and h["wounds"] >= h["health"] and not h["knocked_out"]:
        knock_out(state, h["name"], chance)


HUNTER_DICE = 2  # Eliza's Hunter: +2 Battle Dice against a Ghost, Demon or Magik foe
HUNTERS = ("Eliza, the Witch Hunter",)
HUNTED = ("The Banshee", "Traitor", "Fallen")  # Ghost (the Banshee's ability), Minion – Demon (the Banshee's table)
SPIRIT_FIGHTERS = ("Brother Marcus",)  # Faith: may use Spirit instead of Combat in a Battle


def battle_dice(h: dict, foe: str | None, skill: str = "combat") -> tuple[int | None, list[str]]:
    """A Hero's Battle Dice from its sheet against `foe`: the skill the fight asks (Spirit instead
    of Combat where the Hero may and it is higher), +2 for a Hunter against a Ghost or Demon."""
    sheet = (hero_data(h["name"]) or {}).get("name", h["name"])  # "Eliza" is Eliza, the Witch Hunter
    if skill == "combat" and sheet in SPIRIT_FIGHTERS and (h["spirit"] or 0) > (h["combat"] or 0):
        skill = "spirit"
    if h[skill] is None:
        return None, [N_("{skill} not on {name}'s phone", skill=SKILL_NAMES[skill], name=short_name(h["name"]))]
    n, why = h[skill], [N_("{skill} {n}", skill=SKILL_NAMES[skill], n=h[skill])]
    if sheet in HUNTERS and foe in HUNTED:
        n, why = n + HUNTER_DICE, [*why, N_("+{n} Hunter", n=HUNTER_DICE)]
    return n, why


def choices(h: dict) -> dict:
    """What the Hero's sheet may take off now (a button is offered only when it may)."""
    return {"lose_investigation": h["investigations"] > 0, "heal": h["wounds"] > 0,
            "unspend_bomb": h["bombs"] > 0, "remove_stone": h["stone"] > 0}


# ------------------------------------------------------------------ moves

def change_hero(state, a, seat):
    """`hero`: a Hero's own counters, space, cards and skills (its phone, or the host)."""
    h = known_hero(state, a["name"])
    may_act_for(seat, h["name"], (my_hero(state, seat) or {}).get("name"))
    changes = []
    if a["location"] is not None:
        if a["location"] not in locations(state["options"]):
            raise RuleError(_("{place} is not a space on this board.", place=tn(a["location"])))
        h["location"] = a["location"]
        changes.append(N_("at {place}", place=nm(a["location"])))
    if a["health"] is not None:
        h["health"] = a["health"]
        changes.append(N_("Health {n}", n=a["health"]))
    if a["investigations"]:
        if h["investigations"] + a["investigations"] < 0:
            raise RuleError(ngettext("{name} holds only {n} Investigation.", "{name} holds only {n} Investigations.",
                                     h["investigations"], name=h["name"]))
        h["investigations"] += a["investigations"]
        changes.append(ungettext("{n} Investigation", "{n} Investigations", h["investigations"]))
    if a["wounds"]:
        h["wounds"] = capped(h, h["wounds"] + a["wounds"])
        changes.append(ungettext("{n} Wound", "{n} Wounds", h["wounds"]))
    for counter in COUNTERS:
        if a[counter]:
            if h[counter] + a[counter] < 0:
                raise RuleError(_("{name} has no Bombs spent to take off.", name=h["name"]) if counter == "bombs"
                                else _("{name} has no Transformation markers to take off.", name=h["name"]))
            h[counter] += a[counter]
            changes.append(ungettext("{n} Bomb spent", "{n} Bombs spent", h[counter]) if counter == "bombs"
                           else ungettext("{n} Transformation marker", "{n} Transformation markers", h[counter]))
    for skill in SKILLS:
        if a[skill] is not None:
            h[skill] = a[skill]
            changes.append(N_("{skill} {n}", skill=SKILL_NAMES[skill], n=a[skill]))
    changes += change_cards(h, a)
    if not changes:
        raise RuleError(_("Nothing to change."))
    note(state, N_("{name}: {changes}.", name=h["name"], changes=joined(changes)))
    take_wounds(state, h, 0, Chance(state, a))


def change_cards(h: dict, a) -> list[str]:
    changes = []
    if a["item"]:
        if len(h["items"]) >= MAX_CARDS:
            raise RuleError(_("That is more cards than any Hero carries."))
        h["items"].append(a["item"])
        changes.append(N_("takes {card}", card=a["item"]))
    if a["drop"] is not None:
        if a["drop"] >= len(h["items"]):
            raise RuleError(_("{name} has no such card.", name=h["name"]))
        changes.append(N_("gives up {card}", card=h["items"].pop(a["drop"])))
    return changes


def acting_hero(state, a, seat, unnamed: str) -> dict:
    """The Hero an action names, or the phone's own; a phone acts only for its own Hero."""
    mine = my_hero(state, seat)
    if not (a["hero"] or mine):
        raise RuleError(unnamed)
    h = known_hero(state, a["hero"] or mine["name"])
    may_act_for(seat, h["name"], (mine or {}).get("name"))
    return h


def movement(state, a, seat):
    """`movement`: the Hero's movement D6 this turn (a 1 also draws a free Event: the rulebook's
    Mirror Lake note), kept on its card until the turn ends."""
    h = acting_hero(state, a, seat, _("Say which Hero rolls for movement."))
    if h["knocked_out"]:
        raise RuleError(_("{name} is Knocked Out: it does not move this turn.", name=h["name"]))
    h["moved"] = {"roll": a["roll"], "round": state["round"]}
    note(state, N_("{name} rolls {roll} for movement (a 1: a free Event).", name=h["name"], roll=a["roll"]) if a["roll"] == 1
         else N_("{name} rolls {roll} for movement.", name=h["name"], roll=a["roll"]))


def end_turn(state, a, seat):
    """`end_turn`: a Hero has played its turn this game turn (moved, dealt with where it stopped);
    the next Hero in the table's order plays, and once every Hero standing has played the host
    starts the Mystery Phase. A Hero may end its turn out of the table's order: the board is the
    truth, the app follows it."""
    h = acting_hero(state, a, seat, _("Say which Hero's turn ends."))
    if state["mystery"]:
        raise RuleError(_("The Mystery Phase is under way: the Heroes' turns of this game turn are over."))
    if state["showdown"]:
        raise RuleError(_("Finish the Showdown first."))
    if (state.get("fight") or {}).get("hero") == h["name"]:
        raise RuleError(_("{name} is in a fight: finish it first.", name=h["name"]))
    if h["knocked_out"]:
        raise RuleError(_("{name} is Knocked Out: its turn is skipped until the Mystery Phase.", name=h["name"]))
    t = turns(state)
    if h["name"] in t["done"]:
        raise RuleError(_("{name} has already played this turn.", name=h["name"]))
    state["turns_ended"] = {"round": state["round"], "heroes": [*t["done"], h["name"]]}
    note(state, N_("{name} ends its turn.", name=h["name"]))


def claim(state, a, seat):
    """`claim`: a player's phone takes a Hero (one phone a Hero)."""
    h = known_hero(state, a["name"])
    if seat.trusted != PLAYER:
        raise RuleError(_("A player's phone takes a Hero."))
    mine = my_hero(state, seat)
    if mine is not None:
        raise RuleError(_("This phone already plays {name}.", name=mine["name"]))
    if h["seat"] is not None:
        raise RuleError(_("Another phone plays {name}.", name=h["name"]))
    h["seat"] = seat.id
    note(state, N_("{player}'s phone plays {name}.", player=seat.name, name=h["name"]))


def knockout(state, a, seat):
    """`knockout`: a Hero is Knocked Out (for Willow Vine, Evil Endurance and the Apocalyptic level)."""
    if state["heroes"]:
        known_hero(state, a["hero"])
    h = state_hero(state, a["hero"])
    if h and h["knocked_out"]:
        raise RuleError(_("{name} is Knocked Out already.", name=h["name"]))
    knock_out(state, a["hero"], Chance(state, a))
