"""Names that a person cannot tell apart are one name.

`clean` is what a seat's name is stored as: Unicode-normalised (NFKC), with zero-width, format
and control characters taken out and runs of spaces made one. `skeleton` is what two names are
compared by at a table: the cleaned name, case folded, with the common look-alike letters of
Cyrillic and Greek (and a few Latin ones: dotless i, the long s) read as the Latin letter they
imitate, in the spirit of Unicode's confusable skeletons (UTS #39). So "Ann", Cyrillic "Аnn",
"Ann" with a zero-width space and both forms of "Zoë" are the same name.
"""

import unicodedata

# lower case (the skeleton is taken after case folding) -> the Latin letters it imitates
LOOKALIKES = {
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "ë", "г": "r", "һ": "h", "і": "i", "ї": "ï", "ј": "j", "к": "k",
    "ӏ": "l", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "ү": "y", "ѵ": "v", "ь": "b", "ɡ": "g",
    # Greek
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "n", "ι": "i", "κ": "k", "μ": "u", "ν": "v", "ο": "o",
    "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ϲ": "c", "ϳ": "j", "ω": "w",
    # Latin look-alikes and digits read as letters
    "ı": "i", "ȷ": "j", "ſ": "f", "ɑ": "a", "ǀ": "l", "|": "l", "1": "l", "0": "o",
}


def clean(name: str) -> str:
    """The name as stored: NFKC, no control or format (zero-width, direction) characters, one
    space between words."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn")
                   or ch in "\t\n")
    return " ".join(text.split())


def skeleton(name: str) -> str:
    """What a name looks like: two names with one skeleton collide."""
    text = clean(name).casefold()
    text = "".join(LOOKALIKES.get(ch, ch) for ch in text)
    return unicodedata.normalize("NFC", text)
