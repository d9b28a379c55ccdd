"""Clue as plain text: one player's game exported (the public log and that player's own private
entries, in the order they were made) and read back into a new table, line by line, with a
sentence naming the line when it does not read."""

import re
from typing import Literal

from pydantic import Field

from ...core.actions import Action, Name
from ...core.errors import RuleError
from ...core.i18n import N_, _, ngettext
from .. import kernel
from .data import DATA, card_id
from .log import check_suggestion, find_suggestion
from .table import EMPTY, ENVELOPE, mine, player, seat, setup, tick, triple

IMPORT_MAX = 20_000  # characters: a long six-player game exports under 15,000; an export this long still
# fits the body limit of 64 KB as JSON or as a form (its commas, colons and line ends take 3 to 6 bytes there)


class Import(Action):
    """Start this (new, unseated) table from a game exported as text: the players, the public
    log, and the private entries of the player whose notes it carries."""

    type: Literal["import"]
    text: str = Field(min_length=1, max_length=IMPORT_MAX)
    host_player: Name | None = Field(default=None, description=(
        "The player the host's phone plays (else the text's own answer to 'Host plays')."))


def do_import(state, a, _seat):
    return load(state, a)


HEAD = "Clue companion game, exported as text (paste it into a new table to carry on)"


def export(state: dict, name: str) -> str:
    """The game as `name` knows it: everything on the public log, and `name`'s own hand, marks,
    cards shown to them and cards they showed. Nothing of any other player's private entries."""
    names = {x["id"]: x["name"] for x in state["cards"]}
    ed_key = next((k for k, v in DATA["editions"].items() if v["name"] == state["edition"]), state["edition"])
    lines = [HEAD, f"Card set: {ed_key}"]
    renamable = [cat["name"] for cat in DATA["editions"][ed_key]["categories"] if cat.get("renamable")] \
        if ed_key in DATA["editions"] else []
    for x in state["cards"]:
        if x["category"] in renamable:
            lines.append(f"{x['category']}: {x['name']}")
    for i, p in enumerate(state["players"]):
        mover = state["movers"].get(p)
        lines.append(f"Player: {p}, {state['sizes'][i]} cards" + (f", mover {mover}" if mover else ""))
    lines.append(f"Notes of: {name}")
    if state.get("host_player") == name:
        lines.append("Host plays: yes")
    lines.append(f"Turn: {state.get('turn', 0)}, {state['players'][state['current']]}")
    priv = state["private"].get(name) or EMPTY
    at = priv.get("at") or {}
    rows: list[tuple[int, int, str]] = []  # (when, order, line)

    def trip(ids):
        return ", ".join(names[i] for i in ids)

    if priv["hand"] is not None:
        rows.append((at.get("hand", 0), 0, "Hand: " + trip(priv["hand"])))
    showed = priv.get("showed") or {}
    for s in state["suggestions"]:
        d = f"disproved by {s['disproved_by']}" if s["disproved_by"] else "nobody disproved"
        rows.append((s.get("logged", s.get("at", 0)), 1, f"#{s['id']}, turn {s.get('turn', 0)}: {s['by']} suggested {trip(s['cards'])}; {d}"))
        shown = priv["shown"].get(str(s["id"]))
        if shown and s["by"] == name:
            rows.append((at.get(f"shown:{s['id']}", s.get("at", 0)), 2, f"Shown to me for #{s['id']}: {names[shown]}"))
        if str(s["id"]) in showed:
            rows.append((s.get("at", 0), 3, f"I showed for #{s['id']}: {names[showed[str(s['id'])]]}"))
    for a in state["accusations"]:
        rows.append((a.get("at", 0), 1, f"Accusation: {a['by']} accused {trip(a['cards'])}: "
                                        + ("right" if a["correct"] else "wrong")))
    for key, value in priv["marks"].items():
        cid, holder = key.split("|", 1)
        where = "in the envelope" if holder == ENVELOPE else f"with {holder}"
        rows.append((at.get("mark:" + key, 0), 4, f"Mark: {names[cid]} {where}: {value}"))
    rows.sort(key=lambda r: (r[0], r[1]))
    return "\n".join(lines + [r[2] for r in rows]) + "\n"


PLAYER = re.compile(r"^Player: (.+?), (\d+) cards?(?:, mover (.+))?$")
SUGGESTION = re.compile(r"^#(\d+), turn (\d+): (.+?) suggested (.+?); (?:disproved by (.+)|nobody disproved)$")
SHOWN = re.compile(r"^(Shown to me|I showed) for #(\d+): (.+)$")
ACCUSATION = re.compile(r"^Accusation: (.+?) accused (.+): (right|wrong)$")
MARK = re.compile(r"^Mark: (.+) (?:in the (envelope)|with (.+)): (has|lacks)$")
TURN = re.compile(r"^Turn: (\d+), (.+)$")


def lined(sentence: str) -> RuleError:
    """A refusal that already names its line."""
    err = RuleError(sentence)
    err.lined = True
    return err


def load(state: dict, action: dict) -> dict:
    """A new table's state from an exported text; a RuleError naming the line that does not read
    (the table is left as it was: the state is built apart and only returned when whole)."""
    if state["players"]:
        raise RuleError(_("This table already has players: import a game into a new table."))
    text = action["text"].replace("\r\n", "\n")
    lines = [(n, line.strip()) for n, line in enumerate(text.split("\n"), 1) if line.strip()]
    if not lines or not lines[0][1].startswith("Clue companion game"):
        raise RuleError(_("That is not a game exported from this app: its first line should start "
                          "'Clue companion game'."))
    head: dict = {"players": [], "sizes": {}, "movers": {}, "lairs": []}
    body = []
    for n, line in lines[1:]:
        key = line.split(":", 1)[0]
        value = line.split(":", 1)[1].strip() if ":" in line else ""
        if body or line.startswith(("#", "Hand:", "Shown to me", "I showed", "Accusation:", "Mark:")):
            body.append((n, line))
        elif key == "Card set":
            head["edition"] = value
        elif key == "Player":
            m = PLAYER.match(line)
            if not m:
                raise RuleError(_("Line {n} should read 'Player: NAME, N cards' (optionally ', mover VILLAIN').", n=n))
            head["players"].append(m.group(1))
            head["sizes"][m.group(1)] = int(m.group(2))
            if m.group(3):
                head["movers"][m.group(1)] = m.group(3)
        elif key == "Notes of":
            head["notes_of"] = value
        elif key == "Host plays":
            head["host_plays"] = value.lower() == "yes"
        elif key == "Turn":
            m = TURN.match(line)
            if not m:
                raise RuleError(_("Line {n} should read 'Turn: NUMBER, NAME'.", n=n))
            head["turn"] = (int(m.group(1)), m.group(2), n)
        elif key in {cat["name"] for ed in DATA["editions"].values() for cat in ed["categories"]
                     if cat.get("renamable")}:
            head["lairs"].append(value)
        else:
            raise RuleError(_("Line {n} does not read as part of an exported game: {line}.", n=n, line=repr(line[:60])))
    if "edition" not in head:
        raise RuleError(_("The text names no card set (a line 'Card set: ...')."))
    if head["edition"] not in DATA["editions"]:
        raise RuleError(_("Unknown card set {edition}; this app knows {known}.", edition=repr(head["edition"]),
                          known=", ".join(DATA["editions"])))
    if len(head["players"]) != len(set(head["players"])):
        raise RuleError(_("A player is listed twice."))
    new = setup({})
    try:
        seat(new, {"players": head["players"], "hand_sizes": head["sizes"], "movers": head["movers"],
                     "edition": head["edition"], "lairs": head["lairs"] or None})
    except RuleError as err:
        raise RuleError(_("The players and cards do not fit: {error}", error=str(err)[:1].lower() + str(err)[1:])) from None
    name = head.get("notes_of")
    if name is not None:
        found = kernel.lookup(new["players"], name, key=str)
        if found is None:
            raise RuleError(_("The notes are said to be {name}'s, who is not among the players.", name=name))
        name = found
    host = action.get("host_player")
    if host is not None:
        new["host_player"] = kernel.lookup(new["players"], host, key=str)
        if new["host_player"] is None:
            raise RuleError(_("{name} is not one of the imported players, so the host cannot play them.", name=host))
    elif head.get("host_plays") and name:
        new["host_player"] = name
    index = {card_id(x["name"]): x["id"] for x in new["cards"]}

    def cards_of(n, text, count=None):
        out = []
        for part in text.split(","):
            cid = index.get(card_id(part))
            if cid is None:
                raise lined(_("Line {n}: there is no card {card} in this game.", n=n, card=repr(part.strip())))
            out.append(cid)
        if count and len(out) != count:
            raise lined(_("Line {n}: a suggestion or accusation names {count} cards.", n=n, count=count))
        return out

    def own(n, what):
        if name is None:
            raise lined(_(what, n=n))
        return mine(new, name)

    for n, line in body:
        try:
            if line.startswith("#"):
                m = SUGGESTION.match(line)
                if not m:
                    raise RuleError(_("it should read '#N, turn T: NAME suggested A, B, C; disproved by NAME' "
                                      "(or '; nobody disproved')."))
                sid = int(m.group(1))
                if any(s["id"] == sid for s in new["suggestions"]):
                    raise RuleError(_("#{id} is there twice.", id=sid))
                s = check_suggestion(new, {"by": m.group(3), "cards": cards_of(n, m.group(4), 3),
                                             "disproved_by": m.group(5)}, was={"by": m.group(3)})
                new["turn"] = int(m.group(2))
                new["current"] = new["players"].index(s["by"])
                new["suggestions"].append({"id": sid, **s, "turn": int(m.group(2)), "at": tick(new), "seat": None,
                                           "author": "imported"})
                new["next_id"] = max(new["next_id"], sid + 1)
                new["suggested"] = int(m.group(2))
            elif line.startswith("Hand:"):
                priv = own(n, N_("Line {n} is a hand, but the text does not say whose notes these are ('Notes of: NAME')."))
                cards = sorted(set(cards_of(n, line[5:])))
                size = new["sizes"][new["players"].index(name)]
                if len(cards) != size:
                    raise RuleError(ngettext("{name}'s hand has {n} card; the line names {count}.",
                                             "{name}'s hand has {n} cards; the line names {count}.", size, name=name,
                                             count=len(cards)))
                priv["hand"] = cards
                priv["at"]["hand"] = tick(new)
            elif line.startswith(("Shown to me", "I showed")):
                m = SHOWN.match(line)
                if not m:
                    raise RuleError(_("it should read 'Shown to me for #N: CARD' or 'I showed for #N: CARD'."))
                priv = own(n, N_("Line {n} is a card shown, but the text does not say whose notes these are ('Notes of: NAME')."))
                s = find_suggestion(new, int(m.group(2)))
                cid = cards_of(n, m.group(3), 1)[0]
                if cid not in s["cards"]:
                    raise RuleError(_("the card must be one of the three suggested in #{id}.", id=s["id"]))
                if m.group(1) == "Shown to me":
                    if s["by"] != name or s["disproved_by"] is None:
                        raise RuleError(_("{name} was not shown a card for #{id}.", name=name, id=s["id"]))
                    priv["shown"][str(s["id"])] = cid
                    priv["at"][f"shown:{s['id']}"] = tick(new)
                else:
                    if s["disproved_by"] != name:
                        raise RuleError(_("{name} did not disprove #{id}.", name=name, id=s["id"]))
                    priv.setdefault("showed", {})[str(s["id"])] = cid
            elif line.startswith("Accusation:"):
                m = ACCUSATION.match(line)
                if not m:
                    raise RuleError(_("it should read 'Accusation: NAME accused A, B, C: right' (or ': wrong')."))
                by = player(new, m.group(1))
                if by in new["out"] or new["winner"]:
                    raise RuleError(_("{name} cannot accuse here (already out, or the game was over).", name=by))
                right = m.group(3) == "right"
                new["accusations"].append({"by": by, "cards": triple(new, cards_of(n, m.group(2), 3)),
                                           "correct": right, "at": tick(new)})
                if right:
                    new["winner"] = by
                else:
                    new["out"].append(by)
            elif line.startswith("Mark:"):
                m = MARK.match(line)
                if not m:
                    raise RuleError(_("it should read 'Mark: CARD with NAME: has' (or 'in the envelope', 'lacks')."))
                priv = own(n, N_("Line {n} is a mark, but the text does not say whose notes these are ('Notes of: NAME')."))
                cid = cards_of(n, m.group(1), 1)[0]
                holder = ENVELOPE if m.group(2) else player(new, m.group(3))
                priv["marks"][f"{cid}|{holder}"] = m.group(4)
                priv["at"][f"mark:{cid}|{holder}"] = tick(new)
            else:
                raise RuleError(_("it does not read as an entry: {line}.", line=repr(line[:60])))
        except RuleError as err:
            text = str(err)
            if not getattr(err, "lined", False):
                text = _("Line {n}: {error}", n=n, error=text)
            raise RuleError(text) from None
    if "turn" in head:
        turn, who, n = head["turn"]
        p = kernel.lookup(new["players"], who, key=str)
        if p is None:
            raise RuleError(_("Line {n}: {name} is not one of the players.", n=n, name=who))
        new["current"], new["turn"] = new["players"].index(p), turn
    return new
