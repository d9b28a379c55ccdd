"""The Showdown: the Hunting Party and its Elders against the Villain's Health and Fight dice (from
its sheet), each Hero's attack (a Permission Token +2 dice, the Horror's Last Hope), the Villain's
attack on every Hero of the party (the Gargoyle's re-rolled misses, Stone Touch, Death Wail), the
end of a Battle Round (the Bog Fiend's Ferocity), and the end without a win.

Who may act: the host for any Hero; a player's phone only for its own Hero (it begins a Showdown
for its Hero alone, attacks with it, and rolls the Villain's attack and the round's end while its
Hero fights). A phone that plays no Hero is refused. `seat_refusal` decides it for the moves and
for the view, so the page offers exactly what the game accepts.
"""

from ...core.errors import Forbidden, RuleError
from ...core.i18n import N_ as mark
from ...core.i18n import _, ngettext
from ...core.table import HOST, PLAYER
from .. import kernel
from .chance import Chance
from .data import VILLAINS
from .heroes import battle_dice, known_hero, short_name, take_wounds
from .hunt import heal_dice, level, locations, my_hero, not_over, note, remind, state_hero, villain
from .text import N_, joined, nm, tn, ungettext
from .villain import check_defeat, end_showdown, villain_health
from .wail import wail

HIT = 5  # a Battle Die hits on 5 or 6
HIT_LABEL = N_("hits on {faces}", faces=N_("{a} or {b}", a=HIT, b=6))  # "hits on 5 or 6"
TOKEN_DICE = 2  # a Permission Token's extra Battle Dice
LAST_HOPE_COST = 2  # Investigations a Last Hope die costs
MAX_DICE = 30
NO_HERO = mark("This phone plays no Hero: a Hero's phone acts in a Showdown for its own Hero, and the host for anyone.")


# ------------------------------------------------------------------ who may, when

def why_not_begin(state) -> str | None:
    """Why no Showdown can begin now (None: one can)."""
    if not_over(state):
        return not_over(state)
    if state["showdown"]:
        return _("A Showdown is already under way.")
    if state["mystery"]:
        return _("Finish the Mystery Phase first.")
    return None


def why_not_during(state) -> str | None:
    """Why no Showdown move can be made now (None: one can)."""
    return not_over(state) or (None if state["showdown"] else _("No Showdown is under way."))


def why_not_villain_attack(state) -> str | None:
    if why_not_during(state):
        return why_not_during(state)
    return _("The Villain has attacked this Battle Round already.") if state["showdown"]["villain_rolled"] else None


def seat_refusal(state, seat, hero: str | None = None) -> str | None:
    """Why this seat may not act in the Showdown (for `hero`, when one is named; else for the
    whole party), or None. The host acts for anyone; a player for its own Hero only."""
    if seat.trusted == HOST:
        return None
    mine = my_hero(state, seat)
    if mine is None:
        return _(NO_HERO)
    if hero is not None and not kernel.same(hero, mine["name"]):
        return _("Only {name}'s phone or the host can do that for {name}.", name=hero)
    s = state["showdown"]
    if hero is None and s and mine["name"] not in s["party"]:
        return _("{name} is not fighting in this Showdown: a fighting Hero's phone or the host does that.", name=mine["name"])
    return None


def refuse_seat(state, seat, hero: str | None = None):
    why = seat_refusal(state, seat, hero)
    if why:
        raise Forbidden(why)


def villain_fight(state, hero: dict) -> tuple[int, list[str]]:
    s, v = state["showdown"], state["options"]["villain"]
    dice, why = s["fight"], []
    if VILLAINS[v].get("swamp_lair_wound") and state["terrain"].get(s["location"]) in ("swamp", "flooded"):
        dice += 1
        why.append(N_("+1 Swamp Lair"))
    if v == "banshee" and hero.get("spirit") is not None and hero["spirit"] < 4:
        dice += 1
        why.append(N_("+1 Ghost"))
    return dice, why


START_DICE = 3  # what an attack form offers when the Hero's sheet is not on its phone


def default_dice(state, h: dict) -> tuple[int, str]:
    """The dice an attack form offers, and why: what this Hero rolled last in this Showdown (the
    table's own count stays from one Battle Round to the next), else its Combat with what the app
    knows (Spirit for Faith, +2 Hunter), else 3 to start from."""
    s = state["showdown"] or {}
    kept = (s.get("dice") or {}).get(h["name"])
    if kept is not None:
        return kept, N_("as in the last Battle Round")
    n, why = battle_dice(h, villain(state)["name"])
    return (n, joined(why)) if n is not None else (START_DICE, N_("{why}: 3 to start from", why=why[0]))


def hits(faces: list[int]) -> int:
    return sum(1 for f in faces if f >= HIT)


# ------------------------------------------------------------------ moves

def party_of(state, a, seat) -> list[str]:
    """The Hunting Party: the Heroes named (a player's phone: its own Hero alone), every Hero
    standing when the host names none."""
    mine = my_hero(state, seat)
    if seat.trusted != HOST:
        others = [n for n in (a["party"] or []) if not kernel.same(n, mine["name"])]
        if others:
            raise Forbidden(_("From {name}'s phone a Showdown begins for {name} alone; the host gathers a larger Hunting Party.",
                              name=mine["name"]))
        party = [mine["name"]]
    else:
        party = a["party"] if a["party"] is not None else [h["name"] for h in state["heroes"] if not h["knocked_out"]]
    names = []
    for n in party:
        h = known_hero(state, n)
        if h["knocked_out"]:
            raise RuleError(_("{name} is Knocked Out.", name=h["name"]))
        if h["name"] not in names:
            names.append(h["name"])
    if not names:
        raise RuleError(_("A Showdown needs at least one Hero."))
    return names


def showdown_start(state, a, seat):
    """`showdown_start`: the party (and the Elders who join) against the Villain at its Lair."""
    refuse_seat(state, seat)
    health = a["health"] or state["sheet"]["health"]
    fight = a["fight"] or state["sheet"]["fight"]
    if not health or not fight:
        raise RuleError(_("Give the Villain's Health and Fight dice from its sheet (the rulebook does not print them)."))
    names = party_of(state, a, seat)
    elders = []
    for n in a["elders"] or []:
        e = kernel.lookup(state["elders"], n)
        if e is None or e["status"] != "alive":
            raise RuleError(_("{name} is not a living Town Elder.", name=tn(n)))
        elders.append(e["name"])
    where = a["location"]
    if where and where not in locations(state["options"]):
        raise RuleError(_("{place} is not a space on this board.", place=tn(where)))
    state["sheet"] = {"health": health, "fight": fight}
    state["showdown"] = {"party": names, "out": [], "elders": elders, "health": health, "fight": fight, "bonus": a["bonus"],
                         "location": where, "round": 1, "attacked": [], "villain_rolled": False, "rolls": [],
                         "seq": len(state["log"])}
    for n in names:
        if where:
            state_hero(state, n)["location"] = where
    said = {"party": ", ".join(names), "villain": nm(villain(state)["name"]), "health": villain_health(state), "fight": fight,
            "place": nm(where), "elders": joined(elders)}
    if where and elders:
        line = N_("Showdown at {place}: {party} with {elders} against {villain} (Health {health}, Fight {fight}).", **said)
    elif where:
        line = N_("Showdown at {place}: {party} against {villain} (Health {health}, Fight {fight}).", **said)
    elif elders:
        line = N_("Showdown: {party} with {elders} against {villain} (Health {health}, Fight {fight}).", **said)
    else:
        line = N_("Showdown: {party} against {villain} (Health {health}, Fight {fight}).", **said)
    note(state, line)
    if level(state)["showdown_table"]:
        remind(state, N_("Insane / Apocalyptic: roll on the base game's Additional Showdown Table each Battle Round."))


def attack_dice(state, h: dict, a) -> tuple[int, list[str]]:
    """The attack's Battle Dice: Combat (or as given), a Permission Token, Last Hope; what it costs is paid."""
    s = state["showdown"]
    n = a["attack_dice"] if a["attack_dice"] is not None else battle_dice(h, villain(state)["name"])[0]
    if not n:
        raise RuleError(_("Give {name}'s Battle Dice (Combat) for this attack.", name=h["name"]))
    s.setdefault("dice", {})[h["name"]] = n  # offered again next Battle Round
    extra = []
    if a["token_from"]:
        e = kernel.lookup(state["elders"], a["token_from"])
        if e is None or e["name"] not in s["elders"]:
            raise RuleError(_("{name} is not in the Hunting Party.", name=tn(a["token_from"])))
        if e["permission"] < 1:
            raise RuleError(_("{name} has no Permission Token.", name=tn(e["name"])))
        e["permission"] -= 1
        n += TOKEN_DICE
        extra.append(N_("{name}'s Permission Token +{n}", name=nm(e["name"]), n=TOKEN_DICE))
    if a["last_hope"]:
        if not has_last_hope(state):
            raise RuleError(_("Last Hope is the Unspeakable Horror's."))
        if h["investigations"] < LAST_HOPE_COST * a["last_hope"]:
            raise RuleError(ngettext("{name} holds only {n} Investigation.", "{name} holds only {n} Investigations.",
                                     h["investigations"], name=h["name"]))
        h["investigations"] -= LAST_HOPE_COST * a["last_hope"]
        n += a["last_hope"]
        extra.append(N_("Last Hope +{n}", n=a["last_hope"]))
    return n, extra


def has_last_hope(state) -> bool:
    return state["options"]["villain"] == "unspeakable_horror"


def showdown_attack(state, a, seat):
    """`showdown_attack`: one Hero of the party attacks, once a Battle Round."""
    s = state["showdown"]
    mine = my_hero(state, seat)
    if seat.trusted != HOST and mine is None:
        raise Forbidden(_(NO_HERO))
    h = state_hero(state, a["hero"] or (mine or {}).get("name"))
    if h is None:
        raise RuleError(_("Say which Hero attacks."))
    refuse_seat(state, seat, h["name"])
    if h["name"] not in s["party"]:
        raise RuleError(_("{name} is not fighting in this Showdown.", name=h["name"]))
    if h["name"] in s["attacked"]:
        raise RuleError(_("{name} has attacked this Battle Round already.", name=h["name"]))
    n, extra = attack_dice(state, h, a)
    chance = Chance(state, a)
    faces = [chance.d6() for _attempt in range(min(n, MAX_DICE))]
    s["attacked"].append(h["name"])
    s["rolls"].append({"who": h["name"], "faces": faces, "hits": hits(faces)})
    state["wounds"] += hits(faces)
    said = {"name": h["name"], "dice": n, "faces": " ".join(map(str, faces)), "villain": nm(villain(state)["name"])}
    if extra:
        note(state, ungettext("{name} attacks with {dice} dice ({extra}): {faces}, {n} Wound on {villain}.",
                              "{name} attacks with {dice} dice ({extra}): {faces}, {n} Wounds on {villain}.", hits(faces),
                              **said, extra=joined(extra)))
    else:
        note(state, ungettext("{name} attacks with {dice} dice: {faces}, {n} Wound on {villain}.",
                              "{name} attacks with {dice} dice: {faces}, {n} Wounds on {villain}.", hits(faces), **said))
    check_defeat(state)


def showdown_villain(state, a, seat):
    """`showdown_villain`: the Villain attacks every Hero of the party, once a Battle Round."""
    refuse_seat(state, seat)
    s = state["showdown"]
    s["villain_rolled"] = True
    v = state["options"]["villain"]
    chance = Chance(state, a)
    for name in list(s["party"]):
        h = state_hero(state, name)
        dice, why = villain_fight(state, h)
        faces = [chance.d6() for _attempt in range(dice)]
        if v == "gargoyle":  # Underwater Attack: its misses rolled again first, once an attack
            faces = [f if f >= HIT else chance.d6() for f in faces]
            why.append(N_("misses re-rolled"))
        sixes = sum(1 for f in faces if f == 6)
        s["rolls"].append({"who": N_("{villain} → {name}", villain=nm(villain(state)["name"]), name=name), "faces": faces, "hits": hits(faces)})
        said = {"villain": nm(villain(state)["name"]), "name": name, "dice": dice, "faces": " ".join(map(str, faces))}
        if why:
            text = ungettext("{villain} attacks {name} with {dice} dice ({why}): {faces}, {n} Wound",
                             "{villain} attacks {name} with {dice} dice ({why}): {faces}, {n} Wounds", hits(faces), **said, why=joined(why))
        else:
            text = ungettext("{villain} attacks {name} with {dice} dice: {faces}, {n} Wound",
                             "{villain} attacks {name} with {dice} dice: {faces}, {n} Wounds", hits(faces), **said)
        if sixes and v == "gargoyle":
            text = N_("{attack}; {n} Stone Touch (a Stone Curse; Cunning 5+ dodges one each)", attack=text, n=sixes)
        if sixes and v == "banshee":
            text = N_("{attack}; Death Wail: {n} × pay 2 Investigations or take 1 more Damage ({name}'s phone answers)",
                      attack=text, n=sixes, name=short_name(name))
        note(state, N_("{attack}. Armour, Items and Events: adjust on the Hero's phone.", attack=text))
        take_wounds(state, h, hits(faces), chance)
        if not h["knocked_out"] and v == "banshee":
            wail(state, name, sixes)


def showdown_round(state, a, seat):
    """`showdown_round`: the Battle Round ends (the Bog Fiend's Ferocity heals it)."""
    refuse_seat(state, seat)
    s = state["showdown"]
    heal = ""
    rule = villain(state).get("healing") or {}
    if rule.get("after") == "showdown_round":
        chance = Chance(state, a)
        dice = heal_dice(state)
        roll = (chance.d6() - 1) % 3 + 1 if dice == "d3" else chance.d6()
        healed = min(state["wounds"], roll)
        state["wounds"] -= healed
        heal = N_("Ferocity: {villain} heals {n} ({dice} {roll}).", villain=nm(villain(state)["name"]), n=healed, dice=dice, roll=roll)
    note(state, N_("Battle Round {n} ends. {heal}", n=s["round"], heal=heal) if heal else N_("Battle Round {n} ends.", n=s["round"]))
    s["round"] += 1
    s["attacked"], s["villain_rolled"] = [], False


def showdown_end(state, a, seat):
    """`showdown_end`: the Heroes leave the fight; the Villain lives."""
    refuse_seat(state, seat)
    end_showdown(state, N_("the Heroes leave the fight"), Chance(state, a))


# ------------------------------------------------------------------ what a seat sees

def view_start(state, seat) -> dict | None:
    """The form that begins a Showdown, for a seat that may begin one now (else None)."""
    if why_not_begin(state) or seat_refusal(state, seat):
        return None
    mine = my_hero(state, seat)
    fighters = [h["name"] for h in state["heroes"] if not h["knocked_out"] and (seat.trusted == HOST or h is mine)]
    if not fighters:
        return None
    return {"fighters": fighters, "elders": [e["name"] for e in state["elders"] if e["status"] == "alive"],
            "health": state["sheet"]["health"], "fight": state["sheet"]["fight"], "locations": locations(state["options"]),
            "elder_labels": [{"value": e["name"], "label": nm(e["name"])} for e in state["elders"] if e["status"] == "alive"],
            "places": [{"value": x, "label": nm(x)} for x in locations(state["options"])]}


def view_showdown(state, seat) -> dict | None:
    """The Showdown under way as this seat sees it: the numbers, and the controls it may use."""
    s = state["showdown"]
    if not s:
        return None
    total = villain_health(state)
    acts = why_not_during(state) is None and seat.trusted in (HOST, PLAYER) and seat_refusal(state, seat) is None
    tokens = [{"name": e["name"], "label": N_("{name}'s token (+{n})", name=nm(e["name"]), n=TOKEN_DICE)}
              for e in state["elders"] if e["name"] in s["elders"] and e["permission"] > 0]
    attackers = [{"name": n, "short": short_name(n), "dice": default_dice(state, state_hero(state, n))[0],
                  "why": default_dice(state, state_hero(state, n))[1], "label": N_("{name} attacks with these", name=short_name(n)),
                  "dice_label": N_("{name}'s Battle Dice", name=n)}
                 for n in s["party"] if n not in s["attacked"] and why_not_during(state) is None
                 and seat.trusted in (HOST, PLAYER) and seat_refusal(state, seat, n) is None]
    left = max(0, total - state["wounds"])
    said = {"total": total, "villain": nm(villain(state)["name"]), "place": nm(s["location"]), "round": s["round"]}
    sheet = {"health": s["health"], "fight": s["fight"], "hits": HIT_LABEL}
    party = {"party": ", ".join(s["party"]) if s["party"] else N_("nobody"), "elders": joined(s["elders"]), "out": ", ".join(s["out"])}
    labels = {
        "left": (N_("of {total} Health left · {villain} at {place} · Battle Round {round}", **said) if s["location"]
                 else N_("of {total} Health left · {villain} · Battle Round {round}", **said)),
        "sheet": (N_("Health {health} from the sheet, with +1 Wound markers and bonuses · Fight {fight} dice · {hits}.", **sheet)
                  if total != s["health"] else N_("Health {health} from the sheet · Fight {fight} dice · {hits}.", **sheet)),
        "party": {(True, True): N_("Hunting Party: {party} · Elders: {elders} · Knocked Out: {out}", **party),
                  (True, False): N_("Hunting Party: {party} · Elders: {elders}", **party),
                  (False, True): N_("Hunting Party: {party} · Knocked Out: {out}", **party),
                  (False, False): N_("Hunting Party: {party}", **party)}[(bool(s["elders"]), bool(s["out"]))],
    }
    lines = [ungettext("{who}: {faces} → {n} hit", "{who}: {faces} → {n} hits", r["hits"], who=r["who"],
                       faces=" ".join(map(str, r["faces"]))) for r in s["rolls"][-8:]]
    return {**s, "total": total, "left": left, "has_bonus": total != s["health"], "labels": labels,
            "hit_label": HIT_LABEL, "recent_rolls": s["rolls"][-8:], "roll_lines": lines, "attackers": attackers,
            "token_choices": tokens, "offers_tokens": bool(s["elders"]), "last_hope": has_last_hope(state),
            "last_hope_label": N_("Last Hope dice ({n} Investigations each)", n=LAST_HOPE_COST),
            "place": nm(s["location"]), "elder_names": joined(s["elders"]),
            "may_villain": acts and why_not_villain_attack(state) is None, "may_round": acts, "may_end": acts}
