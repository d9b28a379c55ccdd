"""Every Clue test runs its searches on a clock that stands still (`solver.CLOCK`): no time
limit of the search, the odds, the conflict's narrowing or the advisor ever runs out, so what a
test sees never depends on how busy the machine is. A test of a limit running out sets its own
clock (`Steps`, counting the readings)."""

import pytest

from companion.games.clue import solver


class Steps:
    """A clock that moves one step each time it is read: a budget of N runs out at the Nth
    reading, at the same point of the search however busy the machine is."""

    def __init__(self):
        self.now = 0

    def __call__(self) -> float:
        self.now += 1
        return float(self.now)


@pytest.fixture(autouse=True)
def still_clock(monkeypatch):
    monkeypatch.setattr(solver, "CLOCK", lambda: 0.0)


@pytest.fixture
def steps(monkeypatch):
    clock = Steps()
    monkeypatch.setattr(solver, "CLOCK", clock)
    return clock
