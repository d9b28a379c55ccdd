"""The table service's refusals that depend on what was asked: each a whole sentence, so that
every language can say it its own way (companion/tables.py raises them)."""

from .i18n import N_, _
from .table import HOST, Seat

# What only the host may do, and what a busy table could not do, each as a whole sentence
HOST_ONLY = {
    "approve a seat": N_("Only the host can approve a seat."),
    "remove a seat": N_("Only the host can remove a seat."),
    "give a seat a new link": N_("Only the host can give a seat a new link."),
    "end and delete the table": N_("Only the host can end and delete the table."),
    "download the table's log": N_("Only the host can download the table's log."),
}
BUSY = {
    "seat someone": N_("The table is too busy to seat someone just now; try again."),
    "approve a seat": N_("The table is too busy to approve a seat just now; try again."),
    "remove a seat": N_("The table is too busy to remove a seat just now; try again."),
    "give a new link": N_("The table is too busy to give a new link just now; try again."),
    "use that link": N_("The table is too busy to use that link just now; try again."),
    "take that": N_("The table is too busy to take that just now; try again."),
    "take that back": N_("The table is too busy to take that back just now; try again."),
}


def taken(name: str, other: Seat) -> str:
    """Why a name is refused: another seat's name looks just like it."""
    if other.role == HOST:
        if other.name == name:
            return _("The name {name} is taken at this table by the host: if you are the host, play from the host's "
                     "phone; else choose another name.", name=name)
        return _("The name {name} is taken at this table by the host (it looks just like {other}): if you are the "
                 "host, play from the host's phone; else choose another name.", name=name, other=other.name)
    if other.name == name:
        return _("The name {name} is taken at this table; choose another.", name=name)
    return _("The name {name} is taken at this table (it looks just like {other}); choose another.", name=name,
             other=other.name)
