"""Where a game's view may send heavy work: the table's background worker, or nowhere (then the
game computes inline, as the rule tests and `companion replay` do). Set around each view by
`core.views.view_for`, from the table; no Flask here."""

from contextvars import ContextVar

current: ContextVar = ContextVar("compute", default=None)
# The seat (core.table.Seat) whose action is being checked and answered (set by
# `tables.Tables.act` around the commit), or None: a game may then leave for later the heavy part of the other seats' views
# (pushed when the worker has it), so that the answer waits only for its own.
answering: ContextVar = ContextVar("answering", default=None)
