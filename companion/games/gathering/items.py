"""What each seat must do or know now (`now`, first on its page) and the news pinned to the top of
its screen (`news`), for Gathering of the Wicked.

The narrator's next beat is pinned (ids `beat-...` carry its taps; `step-...` only say where the
taps are): wherever the narrator is scrolled (the end of a long deal form, the last row of the
ballots), the next tap is on screen. A player's items come from public facts only, the same for
every player in the same place whatever their team or spent power, and at the same moment: the
vote or the thumbs to cast (pinned, with the taps), the dawn, the vote's result and the win.
"""

from ...core.i18n import _, ngettext
from ...core.now import INFO, MOVE, PROMPT, WARN, WIN, act, item
from .data import STEP_NAMES, team_name
from .players import find, living
from .words import joined

CHIP = "chip"


def names_taps(kind: str, field: str, names: list[str], cls: str = CHIP) -> list[dict]:
    return [act(n, {"type": kind, field: n}, cls) for n in names]


# ---------------------------------------------------------------- the whole table's news

def dawn_item(state) -> dict | None:
    """What the dawn brought, in one sentence (nobody, a fall, the mirror's reveal)."""
    n = state["night"] or {}
    said = []
    victim = find(state, n["victim"], alive=False) if n.get("victim") else None
    if victim and not victim["alive"] and not (n.get("lock") == victim["name"] or n.get("saved")):
        said.append(_("{name} fell in the night: Team {team}.", name=victim["name"], team=team_name(victim["alignment"])))
    else:
        said.append(_("Nobody fell in the night."))
    if n.get("mirror"):
        shown = find(state, n["mirror"], alive=False)
        said.append(_("The mirror showed {name}: Team {team}.", name=shown["name"], team=team_name(shown["alignment"]))
                    if shown["alive"] else
                    _("The mirror showed {name}: Team {team}, who falls.", name=shown["name"],
                      team=team_name(shown["alignment"])))
    return item(f"dawn-{state['round']}", _("Day {n}: {news}", n=state["round"], news=" ".join(said)), INFO)


def count_detail(lv: dict) -> str:
    if lv.get("thumbs"):
        t = lv["thumbs"]
        if t["claws"]:
            return ngettext("Thumbs down {down} ({n} from Claw marks) · thumbs up {up}",
                            "Thumbs down {down} ({n} from Claw marks) · thumbs up {up}", t["claws"],
                            down=t["down"], up=t["save"])
        return _("Thumbs down {down} · thumbs up {up}", down=t["down"], up=t["save"])
    return " · ".join(f"{c['name']} {c['total']}" for c in lv.get("counts") or [])


def fallen_by(state, lv: dict) -> list[dict]:
    """Who fell by this vote: the defeats the recap holds after the vote's own entry."""
    recap = state["recap"]
    at = max((k for k, r in enumerate(recap) if r["kind"] in ("vote", "thumbs") and r["round"] == lv["round"]),
             default=len(recap))
    return [r for r in recap[at:] if r["kind"] == "defeat"]


def vote_item(state, lv: dict) -> dict:
    fallen = fallen_by(state, lv)
    day = state["day"] or {}
    if fallen:
        who = joined([_("{name} (Team {team})", name=r["player"], team=team_name(r["alignment"])) for r in fallen])
        said = ngettext("{names} falls.", "{names} fall.", len(fallen), names=who)
    elif state["step"] == "crown_decides" and day.get("tie"):
        said = _("{names} are tied; {crown}, who holds the Crown, picks who falls.", names=joined(day["tie"]),
                 crown=state["crown"])
    elif lv.get("accused"):
        said = _("{name} is spared.", name=lv["accused"])
    else:
        said = _("a tie and no Crown: nobody falls.")
    text = (_("Thumbs on {name}: {said}", name=lv["accused"], said=said) if lv.get("accused")
            else _("Day {n}'s vote: {said}", n=lv["round"], said=said))
    return item(f"vote-{lv['round']}-{lv.get('accused') or 'all'}-{len(fallen)}", text, WARN,
                detail=count_detail(lv))


def table_news(state) -> list[dict]:
    """The table's news, the same on every phone: the win; else the day's vote once counted;
    else the dawn, until the vote opens; at night the last day's vote until the next dawn."""
    if state["phase"] == "over":
        return [item("win", _("Team {team} wins!", team=team_name(state["winner"])), WIN,
                     detail=_("Every card is face up now: see the Gathering below."))]
    lv = state.get("last_vote")
    if state["phase"] == "day":
        if lv and lv["round"] == state["round"] and lv.get("outcome"):
            return [vote_item(state, lv)]
        debating = state["step"] in ("prisoner", "crown_successor") or not (state["day"] or {}).get("called")
        return [dawn_item(state)] if state["night"] and debating and state["step"] != "thumbs" else []
    if state["phase"] == "night" and lv and lv["round"] == state["round"] - 1 and lv.get("outcome"):
        return [vote_item(state, lv)]
    return []


# ---------------------------------------------------------------- a player's phone

def player_prompt(state, me: dict) -> list[dict]:
    """The vote or the thumbs this player casts now, pinned with its taps; nothing once cast."""
    day = state["day"] or {}
    if not me["alive"] or state["phase"] != "day":
        return []
    if state["step"] == "vote" and day.get("called") and me["name"] not in day.get("ballots", {}):
        others = [p["name"] for p in living(state) if p is not me]
        return [item(f"ballot-{state['round']}", _("Your secret vote: whom do you want gone?"), PROMPT,
                     names_taps("ballot", "target", others))]
    th = day.get("thumbs")
    if state["step"] == "thumbs" and th and me["name"] not in (th["accused"], *th["ballots"]):
        return [item(f"thumbs-{state['round']}", _("Off with their head! Your thumb on {name}:", name=th["accused"]),
                     PROMPT, [act(_("Thumb up: spare"), {"type": "thumb", "vote": "save"}),
                              act(_("Thumb down: defeat"), {"type": "thumb", "vote": "defeat"})])]
    return []


def player_now(state, me: dict | None) -> list[dict]:
    """Where the game stands for this player, in words every player in the same place reads."""
    if me is None:
        text = (_("You are at the table: the narrator seats the players before dealing the cards.")
                if state["phase"] == "setup" else
                _("You are at the table, not among this game's players: you follow it from here."))
        return [item("seat-later", text, INFO)]
    r, step, day = state["round"], state["step"], state["day"] or {}
    fallen = None if me["alive"] else _("You have fallen: stay silent; you still win or lose with your team.")
    if state["phase"] == "setup":
        text = _("The narrator is dealing the cards: yours shows below once dealt.")
    elif state["phase"] == "night":
        dusk = (state["night"] or {}).get("at", [0])[0] < 0
        text = (_("Night {n} is coming: the narrator tells everyone when to close their eyes.", n=r) if dusk
                else _("Night {n}: eyes closed until the narrator wakes the Gathering.", n=r))
    elif state["phase"] == "over":
        # the end: the result on every phone, the fallen's too (nothing is left to stay silent about)
        return [item("now-over", _("The game is over: Team {team} wins.", team=team_name(state["winner"])), INFO)]
    elif step == "prisoner":
        text = _("Day {n}: Captain Hook takes a prisoner.", n=r)
    elif step == "crown_successor":
        text = _("Day {n}: {name} hands the Crown on.", n=r, name=state["successor_for"])
    elif step == "crown_decides":
        text = _("Day {n}: the vote is tied; {crown}, who holds the Crown, picks who falls.", n=r, crown=state["crown"])
    elif step == "thumbs":
        th = day["thumbs"]
        cast = th["ballots"].get(me["name"])
        text = (_("Day {n}: you are accused and do not vote.", n=r) if me["name"] == th["accused"] else
                _("Day {n}: thumbs on {name}; yours is in.", n=r, name=th["accused"]) if cast else
                _("Day {n}: thumbs on {name}.", n=r, name=th["accused"]))
    elif day.get("called"):
        text = (_("Day {n}: your vote is in; the votes show when the last one is.", n=r) if me["name"] in day["ballots"]
                else _("Day {n}: the vote is open.", n=r))
    else:
        text = _("Day {n}: debate. The vote opens at the narrator's signal.", n=r)
    return [item(f"now-{state['phase']}-{r}", text, MOVE if fallen is None else INFO, detail=fallen)]


# ---------------------------------------------------------------- the narrator's phone

def narrator_now(state) -> list[dict]:
    """Before the first night the forms are the move: said in a line at the top."""
    if state["step"] == "setup":
        return [item("step-setup", _("Seat the players below: their names in seating order, then one character each."),
                     MOVE)]
    if state["step"] == "deal":
        return [item("step-deal", _("Deal below: choose characters and Team Mischief by hand, or leave them to "
                                    "chance, then tap Deal and let night fall."), MOVE)]
    return []


def night_beat(state, extra: dict) -> dict | None:
    """The night's next beat, pinned: its taps, or where its taps are (a full-screen card, a form)."""
    beat, n, r = extra.get("beat"), state["night"], state["round"]
    if not beat or not n:
        return None
    i, j = n["at"]
    key, choices, victim = beat["key"], extra["choices"], n["victim"]
    bid = f"{r}-{i}-{j}"
    if key == "dusk":
        return item(f"beat-{bid}", _("{heading}. When the table is ready:", heading=extra["dusk_heading"]), MOVE,
                    [act(_("Night falls"), {"type": "beat"})])
    if beat["reveal"]:
        return item(f"step-{bid}", _("On your screen for {name} only: close it when they have seen it.",
                                     name=beat["reveal"]["to"]), MOVE)
    if key == "spy_tell":
        return item(f"beat-{bid}", _("Maleficent wakes again. When Diablo has told her:"), MOVE,
                    [act(_("Diablo has answered"), {"type": "beat"})])
    if key == "mischief_wake":
        return item(f"step-{bid}", _("Team Mischief opens its eyes: tick its members in the card below."), MOVE)
    if key == "spy_wake":
        return item(f"beat-{bid}", _("Whom does Maleficent point at?"), MOVE, names_taps("spy", "target", choices))
    if key == "lock_away_wake":
        asked = (_("Whom does Mother Gothel lock away? (Not {name} again.)", name=state["last_lock"])
                 if state["last_lock"] else _("Whom does Mother Gothel lock away?"))
        return item(f"beat-{bid}", asked, MOVE, names_taps("lock_away", "target", choices))
    if key == "mischief_target_wake":
        return item(f"beat-{bid}", _("Whom does Team Mischief choose?"), MOVE,
                    names_taps("mischief_target", "target", choices))
    if key == "hades_ask":
        decoy = extra.get("decoy")
        asked = (_("Hades was shown {name} (already locked away). His thumb:", name=victim) if n["lock"] == victim
                 else _("Hades was shown {name}. His thumb:", name=victim))
        return item(f"beat-answer-{bid}", asked, MOVE,
                    [act(_("Hades saves {name}", name=victim), {"type": "hades", "json:save": True},
                         "spent" if decoy else ""),
                     act(_("Hades keeps his power"), {"type": "hades", "json:save": False}, "secondary")],
                    detail=_("Decoy: his save is spent. Give him the pause a real answer takes, then tap "
                             "“keeps his power”.") if decoy else None)
    if key == "mirror_ask":
        return item(f"beat-answer-{bid}", _("The Queen was shown {name}. Whom does she unmask?", name=victim), MOVE,
                    [*names_taps("mirror", "target", choices),
                     act(_("She keeps her mirror"), {"type": "mirror"}, "secondary")])
    step = n["steps"][i]["key"]
    return item(f"step-{bid}", _(STEP_NAMES[step]) if step in STEP_NAMES else _("The night goes on."), MOVE)


def day_beat(state, extra: dict) -> dict | None:
    step, r, day = state["step"], state["round"], state["day"] or {}
    choices = extra["choices"]
    if step == "crown_successor":
        return item(f"beat-{r}-successor-{state['successor_for']}",
                    _("{name} hands the Crown to:", name=state["successor_for"]),
                    MOVE, names_taps("crown_successor", "player", choices))
    if step == "prisoner":
        return item(f"beat-{r}-prisoner", _("Captain Hook hands the Rope to:"), MOVE,
                    names_taps("prisoner", "target", choices))
    if step == "crown_decides":
        return item(f"beat-{r}-crown", _("The vote is tied. {name} (the Crown) picks who falls:", name=state["crown"]),
                    MOVE, names_taps("crown_decides", "player", choices))
    if step == "vote" and not day.get("called"):
        return item(f"beat-{r}-call", _("Day {n}: the debate. When it is time to vote:", n=r), MOVE,
                    [act(_("Call the vote"), {"type": "beat"})])
    if step == "vote":
        missing = extra["ballots_missing"]
        return item(f"step-{r}-ballots", _("Votes in: {done} of {all}. Still to vote: {names}.",
                                           done=len(living(state)) - len(missing), all=len(living(state)),
                                           names=", ".join(missing)), MOVE,
                    detail=_("Tap in the votes of players without a phone below."))
    if step == "thumbs":
        th = day["thumbs"]
        voters = [p["name"] for p in living(state) if p["name"] != th["accused"]]
        missing = [v for v in voters if v not in th["ballots"]]
        return item(f"step-{r}-thumbs", _("Thumbs on {name}: {done} of {all} in. Still to vote: {names}.",
                                          name=th["accused"], done=len(voters) - len(missing), all=len(voters),
                                          names=", ".join(missing)), MOVE,
                    detail=_("Tap in the thumbs of players without a phone below."))
    return None


def narrator_news(state, extra: dict) -> list[dict]:
    if state["phase"] == "over":
        return table_news(state)
    beat = night_beat(state, extra) if state["phase"] == "night" else day_beat(state, extra)
    return [beat] if beat else []
