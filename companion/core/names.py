"""How names compare: two names that look alike to a person are the same name."""

import unicodedata
from functools import lru_cache

from .i18n import _

INVISIBLE = {"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"}


MARKS_MAX = 3  # accents stacked on one letter: Vietnamese uses two; more only piles marks above a name


def why_not_name(name: str) -> str | None:
    """A sentence when a name could not be shown as a name: accents piled on one letter (a letter
    with dozens of combining marks draws over the lines around it), or nothing but marks."""
    run = 0
    for ch in unicodedata.normalize("NFD", name):
        run = run + 1 if unicodedata.combining(ch) or unicodedata.category(ch) == "Me" else 0
        if run > MARKS_MAX:
            return _("A name may carry at most {n} accents on one letter.", n=MARKS_MAX)
    if all(unicodedata.combining(ch) or ch.isspace() for ch in name):
        return _("A name needs a letter, not only accents.")
    return None


def norm(name) -> str:
    """A name as compared: Unicode-normalised (NFKC), invisible characters dropped, spaces
    collapsed, case folded. "Zoë" typed either way and "ANN " both match "ann"."""
    if not isinstance(name, str):
        return ""
    return _norm(name)


@lru_cache(maxsize=4096)  # a table's few names are compared again and again (every seat's view)
def _norm(name: str) -> str:
    text = "".join(ch for ch in unicodedata.normalize("NFKC", name) if ch not in INVISIBLE)
    return " ".join(text.split()).casefold()
