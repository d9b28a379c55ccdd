"""Dice drawn on the server. The faces are stored in the event, so a replay is exact."""

import re
import secrets

from .errors import BadInput
from .i18n import _

_SPEC = re.compile(r"^\s*(\d{0,2})\s*[dD]\s*(\d{1,3})\s*$")
MAX_DICE, MAX_FACES = 20, 100


def parse(spec: str) -> tuple[int, int]:
    """'2d6' -> (2, 6). Refuses anything beyond 20 dice of 100 faces."""
    m = _SPEC.match(spec or "")
    if not m:
        raise BadInput(_("'{spec}' is not a dice expression; write it like d6, 2d6 or 3d10.", spec=spec))
    count, faces = int(m.group(1) or 1), int(m.group(2))
    if not 1 <= count <= MAX_DICE:
        raise BadInput(_("Roll between 1 and {n} dice at a time.", n=MAX_DICE))
    if not 2 <= faces <= MAX_FACES:
        raise BadInput(_("A die needs between 2 and {n} faces.", n=MAX_FACES))
    return count, faces


def normal(spec: str) -> str:
    """The expression as the log shows it: 'd6' for one die (as API.md writes it), '2d6' for more."""
    count, faces = parse(spec)
    return f"{count}d{faces}" if count > 1 else f"d{faces}"


SYSTEM = secrets.SystemRandom()


def roll(spec: str, rng=SYSTEM) -> list[int]:
    count, faces = parse(spec)
    return [rng.randint(1, faces) for _i in range(count)]
