"""How Clue's sentences name things, in the reader's language: the cards (as printed in each
language's edition, with the article a sentence needs), the kinds of cards, the holders, lists
("A, B and C") and decimals; and `Why`, a reason kept as a message and its values (card ids,
names, numbers), made into a sentence only when a seat's view shows it. So the solver's
knowledge, its caches and the background worker's results hold no sentence, and one search
serves a French and an English phone alike."""

from typing import NamedTuple

from babel import numbers

from ...core import i18n
from ...core.i18n import _
from .data import DATA, card_id
from .table import ENVELOPE


class Why(NamedTuple):
    """A sentence not yet made: its English message (marked with N_ where it is written) and its
    values, sorted by name. Card ids go under names starting with "card" ("card": the card as a
    sentence names it, "Card": the same at the start of a sentence, "cards": plain names joined
    by commas); anything else (a player's name, a number) is put in as it is."""

    msg: str
    args: tuple = ()


def why(msg: str, **kw) -> Why:
    return Why(msg, tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in kw.items())))


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def and_list(items: list[str]) -> str:
    """"A", "A and B", "A, B and C" in the reader's language."""
    if len(items) == 1:
        return items[0]
    # TRANSLATORS: the end of a list of names or cards: "Hades, the Potion and the Laboratory"
    return _("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def split(sentence: str) -> dict:
    """A sentence made with "{strong}" left in (the cards a page shows in bold), cut there:
    {"before": ..., "after": ...}; the page puts the bold part between."""
    before, _sep, after = sentence.partition("{strong}")
    return {"before": before, "after": after}


def decimal(text: str) -> str:
    """A number already written with a point ("12.5", "0.83"), with the reader's decimal sign."""
    loc = i18n.current()
    return text if loc == i18n.SOURCE else text.replace(".", numbers.get_decimal_symbol(loc))


def _edition_words(category: str) -> tuple[dict, dict, dict]:
    """For the cards of one category as the rules data names them: card id -> the name as
    printed, card id -> the name as a sentence says it (with its article, if any), and each name
    as another language prints it -> its card id (a lair name a French phone kept as it was
    offered is that lair for an English phone too)."""
    found = _EDITION.get(category)
    if found is None:
        plain, said, aka = {}, {}, {}
        for ed in DATA["editions"].values():
            for cat in ed["categories"]:
                if cat["name"] != category:
                    continue
                for i, name in enumerate(cat["cards"]):
                    plain[card_id(name)] = name
                    if cat.get("said"):
                        said[card_id(name)] = cat["said"][i]
        for loc in i18n.LOCALES:
            t = i18n.translations(loc)
            for cid, name in plain.items():
                aka.setdefault(t.gettext(name) if t is not None else name, cid)
        found = _EDITION[category] = (plain, said, aka)
    return found


_EDITION: dict = {}


class Names:
    """The names of one table's cards and holders in the language in use when it is made."""

    def __init__(self, state: dict):
        self.state = state
        self.locale = i18n.current()
        cards = state["cards"]
        first = state["categories"][0] if state["categories"] else None
        self.plain, self.said = {}, {}
        for c in cards:
            known, says, aka = _edition_words(c["category"])
            ours = aka.get(c["name"])  # the card of the rules data; a name the table typed is shown as typed
            self.plain[c["id"]] = _(known[ours]) if ours else c["name"]
            if ours and ours in says:
                self.said[c["id"]] = _(says[ours])
            elif c["category"] == first:
                self.said[c["id"]] = self.plain[c["id"]]
            else:
                # TRANSLATORS: a card the table named itself (a lair), as a sentence names it: "the Throne Room"
                self.said[c["id"]] = _("the {card}", card=c["name"])
        self.kinds = {k: _(k) for k in state["categories"]}

    def card(self, cid: str) -> str:
        return self.plain[cid]

    def says(self, cid: str) -> str:
        return self.said[cid]

    def cards(self, ids) -> str:
        return ", ".join(self.plain[c] for c in ids)

    def kind(self, category: str) -> str:
        return self.kinds.get(category, category)

    def holder(self, h: str) -> str:
        """A column of the notes: a player's name, or the envelope."""
        return _("envelope") if h == ENVELOPE else h

    def say(self, w) -> str:
        """A reason (`Why`) as a sentence; a plain string as it is."""
        if not isinstance(w, Why):
            return w
        kw = {}
        for key, value in w.args:
            if key == "card":
                kw[key] = self.says(value)
            elif key == "Card":
                kw[key] = cap(self.says(value))
            elif key == "cards":
                kw[key] = self.cards(value)
            else:
                kw[key] = value
        return _(w.msg, **kw)
