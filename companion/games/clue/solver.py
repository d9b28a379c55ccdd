"""Clue deduction, exact: every fact true in every deal consistent with one player's knowledge.

The knowledge is a set of constraints over "which holder has each card" (the holders are the
players and the envelope):
  - every card has exactly one holder; each player holds exactly their hand size;
  - the envelope holds exactly one card of each category;
  - facts: card c is (or is not) with holder h (own hand, cards shown, passes, own marks);
  - clauses: holder h has at least one of the cards S (a disproof the player did not see);
  - exclusions: the envelope is not exactly this triple (a wrong accusation).

`solve` finds the forced facts with a complete search (sound and complete: a cell is left open
only when a consistent deal exists each way, and each such deal is found and checked). The odds
are counted in `counting`, the advisor's weighing is in `weighing`.
"""

import time
from dataclasses import dataclass, field

CLOCK = time.perf_counter  # what every time limit of the search, the counts and the advisor is measured on


def clock() -> float:
    """Now, on CLOCK: a test sets CLOCK to a counter of steps, so a budget runs out at the same
    step however busy the machine is."""
    return CLOCK()


@dataclass
class Knowledge:
    categories: list[list[int]]  # card indices per category
    n_cards: int
    players: list[str]
    sizes: list[int]  # hand size per player
    facts: list[tuple[int, int, bool, str]] = field(default_factory=list)  # (card, holder, has, reason)
    clauses: list[tuple[int, frozenset, str]] = field(default_factory=list)  # (holder, cards, reason)
    exclusions: list[frozenset] = field(default_factory=list)  # envelope is not all of these

    @property
    def env(self) -> int:
        return len(self.players)

    @property
    def holders(self) -> int:
        return len(self.players) + 1


class Contradiction(Exception):
    """The knowledge admits no deal at all (a mistake was entered)."""


class TooHard(Exception):
    """The search went past its node limit."""


# ------------------------------------------------------------------ domains and a quick check

def domains(k: Knowledge) -> list[int]:
    """Bitmask of possible holders per card after the plain facts."""
    full = (1 << k.holders) - 1
    dom = [full] * k.n_cards
    for c, h, has, _ in k.facts:
        dom[c] = dom[c] & (1 << h) if has else dom[c] & ~(1 << h)
    return dom


def category_of(k: Knowledge) -> list[int]:
    cat = [0] * k.n_cards
    for i, cards in enumerate(k.categories):
        for c in cards:
            cat[c] = i
    return cat


class Search:
    """Depth-first search for one consistent deal, with propagation of counts and clauses."""

    def __init__(self, k: Knowledge):
        self.k = k
        self.cat = category_of(k)
        self.base = domains(k)
        self.nodes = 0
        self.limit = None  # nodes at most (None: no limit)
        self.deadline = None  # a clock() not to pass (None: no limit)
        self.by_holder = [[cards for h2, cards, _ in k.clauses if h2 == h] for h in range(len(k.players))]
        weight = [0] * k.n_cards  # how many clauses name each card: branch on those first
        for _, cards, _ in k.clauses:
            for c in cards:
                weight[c] += 1
        self.weight = weight

    def propagate(self, dom: list[int]) -> list[int] | None:
        """Tighten the domains until nothing changes; None when a contradiction shows."""
        k = self.k
        P, env_h, n = len(k.players), k.env, k.n_cards
        env = 1 << env_h
        dom = list(dom)
        while True:
            changed = False
            fixed = [0] * (P + 1)
            maybe = [0] * (P + 1)
            for d in dom:
                if d == 0:
                    return None
                if d & (d - 1) == 0:
                    fixed[d.bit_length() - 1] += 1
                while d:
                    b = d & -d
                    d ^= b
                    maybe[b.bit_length() - 1] += 1
            for h in range(P):
                size = k.sizes[h]
                if fixed[h] > size or maybe[h] < size:
                    return None
                if fixed[h] == size and maybe[h] > size:  # hand full: no other card is here
                    bit = 1 << h
                    for c in range(n):
                        if dom[c] & bit and dom[c] != bit:
                            dom[c] &= ~bit
                    changed = True
                elif maybe[h] == size and fixed[h] < size:  # every candidate is needed
                    bit = 1 << h
                    for c in range(n):
                        if dom[c] & bit:
                            dom[c] = bit
                    changed = True
            for cards in k.categories:
                nfixed = 0
                opened = None
                nopen = 0
                for c in cards:
                    if dom[c] == env:
                        nfixed += 1
                    elif dom[c] & env:
                        nopen += 1
                        opened = c
                if nfixed > 1 or nfixed + nopen == 0:
                    return None
                if nfixed == 1 and nopen:
                    for c in cards:
                        if dom[c] != env:
                            dom[c] &= ~env
                    changed = True
                elif nfixed == 0 and nopen == 1:
                    dom[opened] = env
                    changed = True
            for h, cards, _ in k.clauses:
                bit = 1 << h
                nopen, last = 0, None
                for c in cards:
                    if dom[c] == bit:
                        nopen = -1
                        break
                    if dom[c] & bit:
                        nopen += 1
                        last = c
                if nopen == 0:
                    return None
                if nopen == 1:
                    dom[last] = bit
                    changed = True
            for h in range(P):  # disjoint open clauses each need a free slot of h's hand
                if not self.by_holder[h]:
                    continue
                bit = 1 << h
                room = k.sizes[h] - fixed[h]
                opened = []
                for cards in self.by_holder[h]:
                    if any(dom[c] == bit for c in cards):
                        continue
                    opened.append({c for c in cards if dom[c] & bit})
                opened.sort(key=len)
                used: set = set()
                packed = 0
                for cl in opened:
                    if not cl & used:
                        used |= cl
                        packed += 1
                if packed > room:
                    return None
                if packed == room and packed:  # every free slot goes to those clauses: nothing else is here
                    for c in range(n):
                        if dom[c] & bit and dom[c] != bit and c not in used:
                            dom[c] &= ~bit
                            changed = True
            for cards in k.exclusions:
                rest = [c for c in cards if dom[c] != env]
                if not rest:
                    return None
                if len(rest) == 1 and dom[rest[0]] & env:
                    dom[rest[0]] &= ~env
                    changed = True
            if not changed:
                return dom

    def find(self, dom: list[int], seen: list[int] | None = None) -> list[int] | None:
        """One consistent deal within `dom`. With `seen` (per card, the holders already seen in
        some deal), the search tries unseen holders first, so each deal found covers more."""
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise TooHard
        if self.deadline is not None and not self.nodes & 31 and clock() > self.deadline:
            raise TooHard
        dom = self.propagate(dom)
        if dom is None:
            return None
        open_cards = [c for c in range(self.k.n_cards) if dom[c] & (dom[c] - 1)]
        if not open_cards:
            return dom
        c = min(open_cards, key=lambda x: (bin(dom[x]).count("1"), -self.weight[x]))
        d = dom[c]
        if seen is not None:
            fresh = d & ~seen[c]
            bits = [1 << h for h in range(d.bit_length()) if fresh >> h & 1]
            bits += [1 << h for h in range(d.bit_length()) if (d & ~fresh) >> h & 1]
        else:
            bits = [1 << h for h in range(d.bit_length()) if d >> h & 1]
        for bit in bits:
            trial = list(dom)
            trial[c] = bit
            found = self.find(trial, seen)
            if found is not None:
                return found
        return None


def consistent(k: Knowledge, limit: int = 20_000) -> bool | None:
    """Whether some deal fits k (None: not found out within `limit` search nodes)."""
    s = Search(k)
    s.limit = limit
    start = s.propagate(s.base)
    if start is None:
        return False
    try:
        return s.find(start) is not None
    except TooHard:
        return None


def solve(k: Knowledge, seconds: float | None = None) -> dict:
    """Every forced fact. Returns {"possible": per card a bitmask of holders some deal allows,
    "solution_example": one deal}. Raises Contradiction if no deal fits, TooHard past `seconds`."""
    s = Search(k)
    if seconds is not None:
        s.deadline = clock() + seconds
    start = s.propagate(s.base)
    if start is None or (first := s.find(start)) is None:
        raise Contradiction("No deal fits what was entered; an entry is probably wrong.")
    witnessed = [first[c] for c in range(k.n_cards)]  # one-hot per card: seen possible
    dom = list(start)
    for c in range(k.n_cards):
        d = dom[c] & ~witnessed[c]
        while d:
            bit = d & -d
            d ^= bit
            trial = list(dom)
            trial[c] = bit
            found = s.find(trial, witnessed)
            if found is None:
                dom[c] &= ~bit  # no deal puts c there: c is not with that holder
                tightened = s.propagate(dom)
                dom = tightened if tightened is not None else dom
            else:
                for x in range(k.n_cards):
                    witnessed[x] |= found[x]
    return {"possible": [dom[c] & witnessed[c] for c in range(k.n_cards)], "example": first, "nodes": s.nodes}
