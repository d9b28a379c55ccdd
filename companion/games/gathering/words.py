"""Sentences kept as ids and numbers, made in the reader's language when a seat's view is made.

The state never holds a rendered sentence: what the narration reads, what the table was told and
the recap keep a small recipe instead (the English message, its blanks, the ids to name), and
`render` writes it out in the language in force (the table's, under `i18n.for_table()`, for the
voice, the announcements and the shared log; the phone's for a player's own card).

    msg(N_("{name} is spared."), name="Ann")       # a sentence of the code (marked, translated when shown)
    line("Sadly, {names} did not survive the night.", names=both(["Ann"]))   # a script line
    own("Alas, {names}.", names=...)                # a line the table wrote itself (never translated)
    team("mischief"), char("hades"), both(["Ann", "Bob"]), count([...])      # names and lists
"""

from ...core.i18n import _, ngettext
from ...core.now import listed
from .data import CHARS, team_name


def msg(text: str, /, **kw) -> dict:
    return {"m": text, "kw": kw}


def line(text: str, /, **kw) -> dict:
    """A line of the game's script (rules_data), read in the reader's language."""
    return {"line": text, "kw": kw}


def own(text: str, /, **kw) -> dict:
    """A line the table rewrote for itself: its own words, never translated."""
    return {"own": text, "kw": kw}


def team(alignment: str) -> dict:
    return {"team": alignment}


def char(cid: str) -> dict:
    return {"char": cid}


def both(names: list) -> dict:
    """Names joined as a sentence joins them ("Ann and Bob")."""
    return {"and": list(names)}


def dealt(pairs: list) -> dict:
    """Each player with their character: 'Ann Maleficent, Bob Diablo'."""
    return {"dealt": [list(x) for x in pairs]}


def thumbs_count(down: int, claws: int, up: int) -> dict:
    """The thumbs' count as it is read out (the Claw marks, where counted, apart)."""
    return {"thumbs": [down, claws, up]}


def count(counts: list[dict]) -> dict:
    """The count as it is read out: 'The count: Gus 5 votes, Ann 2 votes (1 from Claw mark)'."""
    return {"count": [dict(c) for c in counts]}


# ---------------------------------------------------------------- writing it out

def char_name(cid: str) -> str:
    return _(CHARS[cid]["name"])


joined = listed  # names as a sentence lists them (core.now), every list of the game


def count_words(counts: list[dict]) -> str:
    def one(c):
        if c["claws"]:
            claws = ngettext("{n} from Claw mark", "{n} from Claw marks", c["claws"])
            return ngettext("{name} {n} vote ({claws})", "{name} {n} votes ({claws})", c["total"],
                            name=c["name"], claws=claws)
        return ngettext("{name} {n} vote", "{name} {n} votes", c["total"], name=c["name"])
    return _("The count: {tally}", tally=", ".join(one(c) for c in counts))


def render(x):
    """One recipe written out in the language in force (a plain value stays as it is)."""
    if isinstance(x, list):
        return [render(v) for v in x]
    if not isinstance(x, dict):
        return x
    kw = {k: render(v) for k, v in (x.get("kw") or {}).items()}
    if "m" in x:
        return _(x["m"], **kw)
    if "line" in x:
        return _(x["line"]).format(**kw)
    if "own" in x:
        return x["own"].format(**kw)
    if "team" in x:
        return team_name(x["team"])
    if "char" in x:
        return char_name(x["char"])
    if "and" in x:
        return joined(x["and"])
    if "dealt" in x:
        return ", ".join(f"{name} {char_name(cid)}" for name, cid in x["dealt"])
    if "thumbs" in x:
        down, claws, up = x["thumbs"]
        if claws:
            return ngettext("Thumbs down: {down} and {n} from Claw marks. Thumbs up: {up}.",
                            "Thumbs down: {down} and {n} from Claw marks. Thumbs up: {up}.", claws, down=down, up=up)
        return _("Thumbs down: {down}. Thumbs up: {up}.", down=down, up=up)
    if "count" in x:
        return count_words(x["count"])
    raise ValueError(f"not a sentence's recipe: {x!r}")


def text(x) -> str:
    """A recipe, or a sentence kept from before (a state folded by an older version), as text."""
    return x if isinstance(x, str) else render(x)
