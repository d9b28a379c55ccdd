"""What every game needs the same way: finding a player by name, the roster's checks, which
player a seat plays, role guards, a table of moves (who may make each, and when) and the log.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..core.errors import Forbidden, RuleError
from ..core.i18n import N_, _
from ..core.names import norm
from ..core.table import DISPLAY, HOST, PLAYER

DISPLAY_REFUSAL = N_("The display shows the table; it does not play.")  # refusals are translated when raised


def same(a, b) -> bool:
    return norm(a) == norm(b)


def lookup(people: Iterable, name, key: Callable = lambda p: p["name"]):
    """The one whose name matches, or None."""
    wanted = norm(name)
    return next((p for p in people if norm(key(p)) == wanted), None)


def find(people: Iterable, name, key: Callable = lambda p: p["name"]):
    """The one whose name matches; a sentence when nobody does."""
    found = lookup(people, name, key)
    if found is None:
        raise RuleError(_("No player is called {name}.", name=name))
    return found


def roster(names: list[str], low: int, high: int, game: str):
    """A list of players: between low and high, every name different."""
    if not low <= len(names) <= high:
        raise RuleError(_("{game} takes {low} to {high} players.", game=_(game), low=low, high=high))
    if len({norm(n) for n in names}) != len(names):
        raise RuleError(_("Each player needs a different name."))


def player_of(people: Iterable, seat, key: Callable = lambda p: p["name"]):
    """The player a seat plays: by its seat id where the setup recorded one, else by name.
    Only player seats play; the host and the display play nobody."""
    if seat.trusted != PLAYER:
        return None
    people = list(people)
    by_id = next((p for p in people if isinstance(p, dict) and p.get("seat") == seat.id), None)
    return by_id if by_id is not None else lookup(people, seat.name, key)


# ---------------------------------------------------------------- role guards

def not_display(seat, message: str = DISPLAY_REFUSAL):
    if seat.trusted == DISPLAY:
        raise Forbidden(_(message))


def host_only(seat, message: str = N_("Only the host can do that.")):
    if seat.trusted != HOST:
        raise Forbidden(_(message))


def may_act_for(seat, name: str, plays: str | None = None):
    """The host acts for anyone; a player for the one they play."""
    if seat.trusted == HOST:
        return
    not_display(seat)
    if plays is None or not same(plays, name):
        raise Forbidden(_("Only {name} or the host can do that for {name}.", name=name))


# ---------------------------------------------------------------- moves

@dataclass(frozen=True)
class Move:
    handler: Callable               # (state, action, seat) -> None (changes state in place) or a new state
    roles: tuple[str, ...] = (HOST, PLAYER)
    when: Callable | None = None    # (state) -> a sentence why not now, or None
    refusal: str | None = None      # to a seat whose role may not (else the display hears display_refusal)


def dispatch(moves: dict[str, Move], state: dict, action: dict, seat, display_refusal: str = DISPLAY_REFUSAL) -> dict:
    """Run one action through the game's table of moves: the role, then the moment, then the
    handler (which checks the rest and changes the state)."""
    move = moves.get(action["type"])
    if move is None:
        raise RuleError(_("Unknown action {type}.", type=repr(action["type"])))
    if seat.trusted not in move.roles:  # a game's refusals are marked with N_ and translated here
        if move.refusal:
            raise Forbidden(_(move.refusal))
        raise Forbidden(_(display_refusal) if seat.trusted == DISPLAY else _("Only the host can do that."))
    if move.when is not None:
        why = move.when(state)
        if why:
            raise RuleError(why)
    result = move.handler(state, action, seat)  # a handler may return a whole new state
    return state if result is None else result


def note(log: list, text: str, **facts):
    """Add a line to a game's public log."""
    log.append({"text": text, **facts})
