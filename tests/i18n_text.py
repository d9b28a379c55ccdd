"""What the French checks read: every English sentence the catalogs know, to find one left on a page.

`english_left(text)` answers the English sentences (as written in the code, the placeholders matched
by anything) that appear in a page's visible text although the catalog's translation differs.
Names people typed (players, tables) are theirs, so single words and the words of a sentence that
reads the same in both languages are never counted.
"""

import re
from functools import cache

from babel.messages.pofile import read_po

from companion.catalogs import domains

PLACEHOLDER = re.compile(r"\{\w*\}")


@cache
def _patterns(locale: str = "fr") -> tuple[tuple[str, str, re.Pattern], ...]:
    found = []
    for domain in domains():
        po = domain.po(locale)
        if not po.is_file():
            continue
        with po.open("rb") as fp:
            catalog = read_po(fp, locale=locale)
        for m in catalog:
            if not m.id:
                continue
            ids = list(m.id) if isinstance(m.id, (list, tuple)) else [m.id]
            strings = list(m.string) if isinstance(m.string, (list, tuple)) else [m.string]
            for source in ids:
                if source in strings:
                    continue  # the same in both languages (a name, "OK")
                words = PLACEHOLDER.sub(" ", source).split()
                if len(words) < 2 or sum(len(w) for w in words) < 8:
                    continue  # one word or a scrap: too likely inside a name or a French sentence
                pieces = PLACEHOLDER.split(" ".join(source.split()))
                rx = re.compile(r"(?<!\w)" + r".{1,80}?".join(re.escape(p) for p in pieces) + r"(?!\w)", re.S)
                found.append((source, max(pieces, key=len), rx))
    return tuple(found)


def english_left(text: str, locale: str = "fr") -> list[str]:
    flat = " ".join(text.split())
    # the longest fixed piece first (a substring test), the pattern only where it is found
    return [source for source, piece, rx in _patterns(locale) if piece in flat and rx.search(flat)]


# Words English sentences are made of and French ones never hold: a sentence nobody marked for
# translation (so no catalog knows it) still shows itself by them.
ENGLISH_ONLY = frozenset("""the and you your with is are was were of this that these those for from has have
had will would who what when which they their it its be been not there here into than then
them he she his her we our us my by at or an if can can't don't doesn't it's you're""".split())
# a word whole, accents and all ("Forêt" is not "For"); letters run into digits are no word (the
# table's code "BE6NNUP" says no "be")
WORD = re.compile(r"(?<![\w])[^\W\d_]+(?:'[^\W\d_]+)*(?![\w])")


def english_words(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """Each English-only word of the visible text with a little around it (names typed by the
    test's people must not be such words; `allowed` lists any the page shows on purpose)."""
    flat = " ".join(text.split())
    hits = []
    for m in WORD.finditer(flat):
        word = m.group(0)
        if word.lower() in ENGLISH_ONLY and word not in allowed:
            hits.append(flat[max(0, m.start() - 30):m.end() + 30])
    return hits
