"""Sentences kept as ids and values, made in the reader's language only when a seat's view is made.

The rules write every line they keep (the log, the reminders, a table result's lines, the end of
the hunt) as a `Msg`: its English source (the catalog's id) and its values, never a sentence in a
language. A `Msg` is also a `str` whose value is the English sentence, so a rule may still compare
or search it; `tr` makes the sentence in the language in force (the phone's, or the table's inside
`i18n.for_table()`), its values too (a place's or a Minion's name is a `Msg` of its own).

    N_("{name} appears at {place}.", name=nm(minion), place=nm(where))      # kept, made later
    ungettext("{n} Investigation", "{n} Investigations", n)                   # kept, with its plural
    nm("Olde Woods")                                                           # a name the catalog may know

(`N_` and `ungettext` are names Babel's extractor knows: the sentences reach the catalog.)
Refusals are said at once, in the request's language: `raise RuleError(_("..."))`.
"""

from __future__ import annotations

from ...core import i18n


class Msg(str):
    """A sentence as its English source and its values; its str value is the English sentence."""

    def __new__(cls, msgid: str, kw: dict | None = None, plural: str | None = None, n: int | None = None):
        kw = dict(kw or {})
        if plural is not None:
            kw.setdefault("n", n)
        source = msgid if plural is None or n == 1 else plural
        self = super().__new__(cls, source.format(**kw) if kw else source)
        self.msgid, self.kw, self.plural, self.n = msgid, kw, plural, n
        return self

    def __reduce__(self):
        return (Msg, (self.msgid, self.kw, self.plural, self.n))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self  # never changed once made


def N_(msgid: str, /, **kw) -> Msg:  # noqa: N802 (the name Babel's extractor looks for)
    return Msg(msgid, kw)


def ungettext(singular: str, plural: str, n: int, /, **kw) -> Msg:
    """A kept sentence with a plural (the name Babel's extractor knows for ngettext)."""
    return Msg(singular, kw, plural, n)


def nm(name) -> Msg | None:
    """A name from the box (a place, a Minion, a Villain, an Elder, a table's entry): the catalog
    may give it in another language; a name the table typed is shown as typed."""
    return None if name is None else name if isinstance(name, Msg) else Msg(str(name))


def joined(names, sep: str = ", ") -> Msg:
    """Names in a list, each made in the reader's language."""
    return _Joined([nm(n) for n in names], sep)


class _Joined(Msg):
    def __new__(cls, names: list, sep: str):
        self = str.__new__(cls, sep.join(str(n) for n in names))
        self.msgid, self.kw, self.plural, self.n = None, {}, None, None
        self.names, self.sep = names, sep
        return self

    def __reduce__(self):
        return (_Joined, (self.names, self.sep))


def tr(x):
    """`x` made in the language in force: every Msg in it (in dicts, lists) becomes its sentence."""
    if isinstance(x, Msg):
        if isinstance(x, _Joined):
            return x.sep.join(tr(n) for n in x.names)
        kw = {k: tr(v) for k, v in x.kw.items()}
        if x.plural is not None:
            kw.pop("n", None)
            return i18n.ngettext(x.msgid, x.plural, x.n, **kw)
        return i18n._(x.msgid, **kw) if kw else i18n._(x.msgid)
    if isinstance(x, dict):
        return {k: tr(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [tr(v) for v in x]
    return x


def tn(name) -> str | None:
    """A name from the box, said now in the language in force (in a refusal)."""
    return tr(nm(name))


SKILL_NAMES = {"combat": N_("Combat"), "cunning": N_("Cunning"), "spirit": N_("Spirit"), "honor": N_("Honor")}


def said_in_any_language(names) -> dict[str, str]:
    """Each name as every language the app speaks writes it, mapped back to the name: what a form
    shows translated comes back as the name it stands for, whatever the phone's language (the same
    answer when the log is read again later, in another language)."""
    back = {}
    for locale in i18n.LOCALES:
        with i18n.use(locale):
            for n in names:
                back.setdefault(tr(nm(n)), n)
    return back
