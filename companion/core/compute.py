"""Where a game's view may send heavy work: the table's background worker, or nowhere (then the
game computes inline, as the rule tests and `companion replay` do). Set around each view by
`core.views.view_for`, from the table; no Flask here."""

from contextvars import ContextVar

current: ContextVar = ContextVar("compute", default=None)
