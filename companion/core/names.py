"""How names compare: two names that look alike to a person are the same name."""

import unicodedata

INVISIBLE = {"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"}


def norm(name) -> str:
    """A name as compared: Unicode-normalised (NFKC), invisible characters dropped, spaces
    collapsed, case folded. "Zoë" typed either way and "ANN " both match "ann"."""
    if not isinstance(name, str):
        return ""
    text = "".join(ch for ch in unicodedata.normalize("NFKC", name) if ch not in INVISIBLE)
    return " ".join(text.split()).casefold()
