"""Clue deduction, exact: every fact true in every deal consistent with one player's knowledge.

The knowledge is a set of constraints over "which holder has each card" (the holders are the
players and the envelope):
  - every card has exactly one holder; each player holds exactly their hand size;
  - the envelope holds exactly one card of each category;
  - facts: card c is (or is not) with holder h (own hand, cards shown, passes, own marks);
  - clauses: holder h has at least one of the cards S (a disproof the player did not see);
  - exclusions: the envelope is not exactly this triple (a wrong accusation).

`solve` finds the forced facts with a complete search (sound and complete: a cell is left open
only when a consistent deal exists each way, and each such deal is found and checked), and
`count` weighs every consistent deal equally (a shuffled deal makes them equally likely) to give
exact probabilities for each cell and each envelope triple.
"""

import time
from dataclasses import dataclass, field


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
        self.deadline = None  # a time.perf_counter() not to pass (None: no limit)
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
        if self.deadline is not None and not self.nodes & 31 and time.perf_counter() > self.deadline:
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
        s.deadline = time.perf_counter() + seconds
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


# ------------------------------------------------------------------ exact counting

def count(k: Knowledge, possible: list[int] | None = None, budget: int = 400_000,
          seconds: float | None = None, track: list[int] | None = None) -> dict | None:
    """Exact number of consistent deals, per cell and per envelope triple.

    Cards are assigned in a fixed order; the state is (hand space left per player, the envelope's
    pick per category, which clauses are still open), packed in one integer. Returns None past
    `budget` states or `seconds` (the caller then says the figures are estimated). With `track`,
    those cards are dealt last and the answer is {"joint": {(envelope triple, their holders): deals}}."""
    import itertools
    import math
    import time

    possible = possible or domains(k)
    n, env, P = k.n_cards, k.env, len(k.players)
    cat = category_of(k)
    tracked = list(track or ())
    # The envelope field of a category holds the class of the card there, not the card: cards of a
    # kind that every constraint treats alike (the same possible holders, in the same clauses and
    # exclusions; a tracked card is a class of its own) can be swapped in every deal, so each card
    # of a class is in the envelope in the same number of deals. Far fewer states, same counts.
    members: list[list[list[int]]] = []
    cls = [0] * n
    kind = _kind(k, possible)
    for cs in k.categories:
        kinds: dict = {}
        for c in cs:
            kinds.setdefault(("tracked", c) if c in tracked else kind(c), []).append(c)
        groups = list(kinds.values())
        for j, g in enumerate(groups):
            for c in g:
                cls[c] = j + 1
        members.append(groups)
    needs = [(h, frozenset(cards)) for h, cards, _ in k.clauses]
    needs += [(-1, frozenset(cards)) for cards in k.exclusions]  # -1: at least one NOT in the envelope
    first_need = {c: min((j for j, (_, cs) in enumerate(needs) if c in cs), default=len(needs)) for c in range(n)}
    order = sorted((c for c in range(n) if c not in tracked),
                   key=lambda c: (possible[c] & (possible[c] - 1) != 0, first_need[c], bin(possible[c]).count("1"), c))
    order += tracked  # dealt last: their holders are known in every final state
    pos = {c: i for i, c in enumerate(order)}
    last = [max(pos[c] for c in cs) for _, cs in needs]
    # the packed state: P fields of `b` bits (space left), one 4-bit field per category (the
    # envelope's card + 1, or 0), a 4-bit field per tracked card (its holder + 1), then one bit
    # per open need
    b = max(max(k.sizes), 1).bit_length()
    fmask = (1 << b) - 1
    eshift = b * P
    tshift = eshift + 4 * len(k.categories)
    nshift = tshift + 4 * len(tracked)
    start = sum(size << (b * h) for h, size in enumerate(k.sizes)) | (((1 << len(needs)) - 1) << nshift)
    avail = [[0] * k.holders for _ in range(n + 1)]
    env_avail = [[0] * len(k.categories) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        c = order[i]
        avail[i] = [avail[i + 1][h] + (1 if possible[c] >> h & 1 else 0) for h in range(k.holders)]
        env_avail[i] = list(env_avail[i + 1])
        if possible[c] >> env & 1:
            env_avail[i][cat[c]] += 1
    # per position: each holder option as (holder, checks) precomputed
    steps = []
    for i, c in enumerate(order):
        closing = 0
        for j, lp in enumerate(last):
            if lp == i:
                closing |= 1 << (nshift + j)
        opts = []
        holders = [h for h in range(k.holders) if possible[c] >> h & 1]
        for h in holders:
            clear = 0
            for j, (who, cs) in enumerate(needs):
                if c in cs and ((who >= 0 and h == who) or (who < 0 and h != env)):
                    clear |= 1 << (nshift + j)
            # players this card could have gone to but did not: their room shrinks by one
            # (a room at least the hand's size can never be short: left out)
            tight = tuple((h2 * b, avail[i + 1][h2]) for h2 in holders
                          if h2 != h and h2 < P and avail[i + 1][h2] < k.sizes[h2])
            env_need = None
            if h != env and possible[c] >> env & 1:
                env_need = (eshift + 4 * cat[c], env_avail[i + 1][cat[c]])
            mark = (h + 1) << (tshift + 4 * tracked.index(c)) if c in tracked else 0
            opts.append((h, clear, tight, env_need, mark))
        steps.append((c, closing, opts))

    def moves(i, state):
        c, closing, opts = steps[i]
        for h, clear, tight, env_need, mark in opts:
            if h == env:
                sh = eshift + 4 * cat[c]
                if state >> sh & 15:
                    continue
                new = state | (cls[c] << sh)
            else:
                if not state >> (b * h) & fmask:
                    continue
                new = state - (1 << (b * h))
            new = (new & ~clear) | mark
            if new & closing:
                continue
            short = False
            for sh, room in tight:
                if (new >> sh & fmask) > room:
                    short = True
                    break
            if short:
                continue
            if env_need is not None and not (new >> env_need[0] & 15) and not env_need[1]:
                continue
            yield h, new

    deadline = time.perf_counter() + seconds if seconds else None
    levels = [{start: 1}]
    for i in range(n):
        if deadline and time.perf_counter() > deadline:
            return None
        nxt: dict = {}
        get = nxt.get
        c, closing, opts = steps[i]
        # the moves of `moves`, written out for speed: (is the envelope, field shift, step, keep mask,
        # mark, rooms to check, envelope need)
        fast = []
        for h, clear, tight, env_need, mark in opts:
            if h == env:
                sh = eshift + 4 * cat[c]
                fast.append((True, sh, cls[c] << sh, ~clear, mark, tight, env_need))
            else:
                fast.append((False, b * h, 1 << (b * h), ~clear, mark, tight, env_need))
        for n_state, (state, ways) in enumerate(levels[-1].items()):
            if deadline and n_state & 4095 == 4095 and time.perf_counter() > deadline:
                return None
            for to_env, sh, step, keep, mark, tight, env_need in fast:
                if to_env:
                    if state >> sh & 15:
                        continue
                    new = ((state | step) & keep) | mark
                else:
                    if not state >> sh & fmask:
                        continue
                    new = ((state - step) & keep) | mark
                if new & closing:
                    continue
                short = False
                for tsh, room in tight:
                    if (new >> tsh & fmask) > room:
                        short = True
                        break
                if short:
                    continue
                if env_need is not None and not (new >> env_need[0] & 15) and not env_need[1]:
                    continue
                nxt[new] = get(new, 0) + ways
        levels.append(nxt)
        if len(nxt) > budget:
            return None
    done_mask = (1 << eshift) - 1  # every hand full: all space fields zero

    def final(state):
        if state & done_mask or state >> nshift:
            return False
        return all(state >> (eshift + 4 * j) & 15 for j in range(len(k.categories)))

    def classes(state):
        return tuple(members[j][(state >> (eshift + 4 * j) & 15) - 1] for j in range(len(k.categories)))

    if tracked:
        out: dict = {}
        for s_, ways in levels[-1].items():
            if final(s_):
                key = (tuple(g[0] for g in classes(s_)), tuple((s_ >> (tshift + 4 * t) & 15) - 1
                                                              for t in range(len(tracked))))
                out[key] = out.get(key, 0) + ways
        sizes = {tuple(g[0] for g in gs): math.prod(len(g) for g in gs) for gs in itertools.product(*members)}
        return {"joint": out, "sizes": sizes}
    ends = {s: 1 for s in levels[-1] if final(s)}
    total = sum(levels[-1][s] for s in ends)
    if total == 0:
        return {"total": 0, "cells": None, "triples": {}}
    triples: dict = {}
    for s_ in ends:
        gs = classes(s_)
        share, left = divmod(levels[-1][s_], math.prod(len(g) for g in gs))
        assert not left, "cards of a class are in the envelope equally often"
        for t in itertools.product(*gs):
            triples[t] = triples.get(t, 0) + share
    suffix = ends
    cells = [[0] * k.holders for _ in range(n)]
    for i in range(n - 1, -1, -1):
        c = order[i]
        row = cells[c]
        prev: dict = {}
        for state, ways in levels[i].items():
            acc = 0
            for h, key in moves(i, state):
                fin = suffix.get(key, 0)
                if fin:
                    row[h] += ways * fin
                    acc += fin
            if acc:
                prev[state] = acc
        suffix = prev
    return {"total": total, "cells": cells, "triples": triples}


def _kind(k: Knowledge, possible: list[int]):
    """Two cards of a kind that every constraint treats alike (the same possible holders, in the
    same clauses and exclusions) can be swapped in every deal."""
    def kind(c):
        return (possible[c], tuple(j for j, (_, cs, _) in enumerate(k.clauses) if c in cs),
                tuple(j for j, cs in enumerate(k.exclusions) if c in cs))
    return kind


def _information(env_p: dict, by_outcome: dict) -> tuple[float, float]:
    """The expected entropy reduction (bits) of the envelope's classes, and their entropy, from the
    weight of each class (`env_p`) and, per outcome ("nobody", or a disprover and the card shown),
    the weight of each class with it. (Over classes of cards that can be swapped in every deal,
    none of them tracked, the information is the same as over cards.)"""
    import math

    total = sum(env_p.values())
    h_env = -sum(w / total * math.log2(w / total) for w in env_p.values())
    h_after = 0.0
    for dist in by_outcome.values():
        po = sum(dist.values())
        h_after += -sum(w / total * math.log2(w / po) for w in dist.values() if w)
    return max(0.0, h_env - h_after), h_env


def _weigh_by_count(k: Knowledge, possible: list[int], seats: list[int], trio: list[int],
                    seconds: float) -> tuple[float, float, None] | None:
    """One suggestion's expected entropy reduction and the envelope's entropy, from one exact count
    that tracks the three cards (dealt last). None past `seconds`."""
    import math

    got = count(k, possible, budget=5_000_000, seconds=seconds, track=list(trio)) if seconds > 0 else None
    if got is None or not got["joint"]:
        return None
    env_p: dict = {}
    by_outcome: dict = {}
    for (env, holders), w in got["joint"].items():
        env_p[env] = env_p.get(env, 0) + w
        first = next((p for p in seats if p in holders), None)
        shows = [("nobody", None)] if first is None else [(first, trio[i]) for i, h in enumerate(holders) if h == first]
        for o in shows:
            d = by_outcome.setdefault(o, {})
            d[env] = d.get(env, 0) + w / len(shows)
    gain, h_env = _information(env_p, by_outcome)
    total = sum(env_p.values())
    return gain, h_env + sum(w / total * math.log2(got["sizes"][e]) for e, w in env_p.items()), None


def _category_deals(k: Knowledge, possible: list[int], cards: list[int], tracked: int, needs: list,
                    rank: list[int], kind, keep: int, must: int) -> tuple[dict, list]:
    """Every way to deal one category's cards on their own (one of them to the envelope, none past a
    hand's size), summed by what the rest of the deal needs to know: per (space used in each hand,
    packed 4 bits a player; the needs met among `keep`), the number of ways for each (the class of
    the envelope's card + 1, the seat rank of `tracked`'s holder). Ways missing a need of `must`
    (needs no other card can meet) are left out. The classes are the kinds, `tracked` alone."""
    env = k.env
    kinds: dict = {}
    for c in cards:
        kinds.setdefault(("tracked",) if c == tracked else kind(c), []).append(c)
    groups = list(kinds.values())
    cls = {c: j + 1 for j, g in enumerate(groups) for c in g}
    states = {(0, 0, 0, rank[env]): 1}  # (space used, needs met, envelope class, tracked's rank)
    for c in [c for c in cards if c != tracked] + [c for c in cards if c == tracked]:  # its rank last: fewer states
        opts = []
        for h in range(k.holders):
            if possible[c] >> h & 1:
                met = 0
                for j, (who, cs) in enumerate(needs):
                    if c in cs and (h == who if who >= 0 else h != env):
                        met |= 1 << j
                opts.append((h == env, 4 * h, k.sizes[h] if h < env else 0, 1 << (4 * h), met,
                             rank[h] if c == tracked else -1))
        nxt: dict = {}
        get = nxt.get
        mine = cls[c]
        for (used, met_, e, r), w in states.items():
            for to_env, sh, size, step, met, rr in opts:
                if to_env:
                    if e:
                        continue
                    key = (used, met_ | met, mine, r if rr < 0 else rr)
                else:
                    if (used >> sh & 15) >= size:
                        continue
                    key = (used + step, met_ | met, e, r if rr < 0 else rr)
                nxt[key] = get(key, 0) + w
        states = nxt
    table: dict = {}
    for (used, met, e, r), w in states.items():
        if e and met & must == must:
            d = table.setdefault((used, met & keep), {})
            d[(e, r)] = d.get((e, r), 0) + w
    return table, groups


def _weigher_by_categories(k: Knowledge, possible: list[int], me: int, room: int, deadline: float):
    """(weigh, the category joined once per card): weigh(a, b) -> (expected entropy reduction, the
    envelope's entropy, each card's probability of being in the envelope) of the suggestion
    (a, b, room), exact, or None past `deadline`.

    Each category's cards are dealt on their own (`_category_deals`): a few hundred kinds of ways
    each, with the one tracked card's seat rank. A deal is one way per category whose space used
    adds up to every hand size and whose needs met cover every clause and exclusion. The ways of
    `a`'s category (for each `a`) are joined once with the room's into the ways of the two, kept by
    space used and needs met; each suggestion then joins those with the ways of `b`'s category.
    Only what the outcome depends on is kept: the first seat clockwise holding one of the tracked
    cards dealt so far, and which of them it holds. The numbers of ways for every (envelope
    classes, partial outcome) are kept as the fixed-width fields of one integer, so that adding
    and scaling them is one integer operation."""
    import math
    import sys

    P = len(k.players)
    seats = [(me + j) % P for j in range(1, P)]
    none = P - 1  # the rank of a holder nobody asks: me or the envelope
    rank = [none] * k.holders
    for i, p in enumerate(seats):
        rank[p] = i
    cat_r = next(i for i, cs in enumerate(k.categories) if room in cs)
    first, second = [i for i in range(len(k.categories)) if i != cat_r]
    kind = _kind(k, possible)
    needs = [(h, frozenset(cs)) for h, cs, _ in k.clauses] + [(-1, frozenset(cs)) for cs in k.exclusions]
    full = (1 << len(needs)) - 1
    sat = []  # per category: the needs its cards can meet
    for cs in k.categories:
        m = 0
        for j, (who, need) in enumerate(needs):
            for c in need & set(cs):
                if (possible[c] >> who & 1) if who >= 0 else (possible[c] & ~(1 << k.env)):
                    m |= 1 << j
        sat.append(m)

    made: dict = {}

    def deals(ci, tracked):
        if (ci, tracked) not in made:
            keep = 0
            for j in range(len(k.categories)):
                if j != ci:
                    keep |= sat[j]
            made[(ci, tracked)] = _category_deals(k, possible, k.categories[ci], tracked, needs, rank, kind,
                                                  keep, full & ~keep)
        return made[(ci, tracked)]

    # a's category, joined with the room's once per card, is the one with fewer kinds of ways; b's
    # is joined once per suggestion
    ways = [sum(len(x) for x in deals(ci, k.categories[ci][0])[0].values()) for ci in (first, second)]
    swap = ways[1] < ways[0]
    cat_a, cat_b = (second, first) if swap else (first, second)

    width = -(-(k.holders ** k.n_cards).bit_length() // 64) * 64  # a field holds any number of deals
    fmask = (1 << width) - 1

    def fields(ways):
        n = -(-ways.bit_length() // width)
        if width == 64:
            return memoryview(ways.to_bytes(8 * n, sys.byteorder)).cast("Q")
        return [ways >> (width * i) & fmask for i in range(n)]
    sizes_packed = sum(s << (4 * h) for h, s in enumerate(k.sizes))
    need_ar = full & ~sat[cat_b] & sat[cat_a] & sat[cat_r]  # met by a's category or the room's, not b's
    need_b = sat[cat_b] & (sat[cat_a] | sat[cat_r])  # met by b's category, or else by the other two
    # the partial outcome of a's and the room's seat ranks: 3 * first rank + (0: a holds it, 1: the
    # room, 2: both), or 3 * none when neither is with a seat
    n_po = 3 * none + 1
    first_ar = [[3 * ra if ra < rr else 3 * rr + 1 if rr < ra else 3 * ra + 2 if ra < none else 3 * none
                 for rr in range(P)] for ra in range(P)]
    room_deals, groups_r = deals(cat_r, room)
    n_r = len(groups_r)
    room_by_used: dict = {}
    for (used, met), x in room_deals.items():
        by_rank = [0] * P  # per rank of a's holder: the ways, in fields (room's class, partial outcome)
        for (er, rr), w in x.items():
            for ra in range(P):
                by_rank[ra] += w << (width * ((er - 1) * n_po + first_ar[ra][rr]))
        room_by_used.setdefault(used, []).append((met, by_rank))
    decoding: dict = {}  # rank of b's holder -> per field: (classes of a and the room, outcomes, how many)

    def decode(rb):
        """What each field of a joined number of ways stands for, b's holder at seat rank `rb`: the
        envelope's classes of a's category and the room's (as (a's + 1) << 8 | (room's + 1) << 4),
        and the outcomes it leads to, each as often (a card shown: "a", "b" or "room")."""
        table = []
        for at in range(len(k.categories[cat_a]) * n_r * n_po):
            ea_r, po = divmod(at, n_po)
            ea, er = divmod(ea_r, n_r)
            r, who = divmod(po, 3)
            held = ["a", "room"] if who == 2 else [("a", "room")[who]]
            if rb < r or (rb == r and r == none):  # b's holder asked first, or nobody holds one
                outs = [(rb, "b") if rb < none else ("nobody",)]
            else:  # the first seat so far asked first (with b's holder: one of the cards each as often)
                outs = [(r, c) for c in held + (["b"] if rb == r else [])]
            table.append(((ea + 1) << 8 | (er + 1) << 4, outs, len(outs)))
        return table

    outcomes = [("nobody",)] + [(r, c) for r in range(none) for c in ("a", "b", "room")]

    room_fits: dict = {}  # space used by a's ways -> [(the room's space used, its ways, the sum, asked there)]
    room_merged: dict = {}  # (space used and needs met by a's ways, space used by the room's) -> [(needs asked met, ways)]
    b_deals: dict = {}
    joined: dict = {}  # per a: what join_a returns
    sums: dict = {}  # per a: {(space used, needs b's ways leave): the ways that meet them, in fields}

    def join_a(a, asked):
        """a's category's ways joined with the room's: {space used: {which of the needs `asked`
        there (by b's ways) they meet, as bits: ways, in fields (a's class, room's class, partial
        outcome)}}. Ways that meet none of them are of no use and left out."""
        table, groups = deals(cat_a, a)
        n_a = len(groups)
        out: dict = {}
        for (used_a, met_a), x in table.items():
            if time.perf_counter() > deadline:
                return None
            items = [(ea - 1, ra, w) for (ea, ra), w in x.items()]
            rooms = room_fits.get(used_a)
            if rooms is None:  # the room's ways whose space used adds up with a's to one b's ways leave
                rooms = room_fits[used_a] = [(used_r, lst, used_a + used_r, asked[used_a + used_r])
                                             for used_r, lst in room_by_used.items() if used_a + used_r in asked]
            for used_r, lst, used, index in rooms:
                merged = room_merged.get((used_a, met_a, used_r))
                if merged is None:  # the room's ways by which of the needs asked they meet with a's
                    merged = {}
                    for met_r, by_rank in lst:
                        met = met_a | met_r
                        if met & need_ar == need_ar:
                            meets = 0
                            for req, bit in index.items():
                                if met & req == req:
                                    meets |= bit
                            if meets:
                                got = merged.get(meets)
                                merged[meets] = by_rank if got is None else [
                                    w1 + w2 for w1, w2 in zip(got, by_rank, strict=True)]
                    merged = room_merged[(used_a, met_a, used_r)] = list(merged.items())
                if not merged:
                    continue
                by_meets = out.setdefault(used, {})
                for meets, by_rank in merged:
                    per_class = by_meets.get(meets)  # per class of a's category: ways, in fields
                    if per_class is None:
                        per_class = by_meets[meets] = [0] * n_a
                    for ea, ra, w in items:
                        per_class[ea] += w * by_rank[ra]
        step = width * n_r * n_po  # a's class is the outer field
        for by_meets in out.values():
            for meets, per_class in by_meets.items():
                by_meets[meets] = sum(ways << (step * ea) for ea, ways in enumerate(per_class))
        return out, groups

    asked: dict = {}  # space used by a's and the room's ways -> {needs b's ways leave them: a bit}

    def weigh(a, b):
        if swap:
            a, b = b, a
        if time.perf_counter() > deadline:
            return None
        if b not in b_deals:
            b_deals[b] = deals(cat_b, b)
        table_b, groups_b = b_deals[b]
        if not asked:  # the same for every b: which b is tracked changes no way's space or needs
            for used_b, met_b in table_b:
                index = asked.setdefault(sizes_packed - used_b, {})
                index.setdefault(need_b & ~met_b, 1 << len(index))
        if a not in joined:
            got = join_a(a, asked)
            if got is None:
                return None
            joined[a], sums[a] = got, {}
        (by_used, groups_a), cache = joined[a], sums[a]
        acc: dict = {}  # (b's class, b's holder's rank) -> ways, in fields (a's class, room's class, partial outcome)
        for (used_b, met_b), x in table_b.items():
            used = sizes_packed - used_b
            req = need_b & ~met_b
            v = cache.get((used, req))
            if v is None:  # the ways of a's category and the room's that meet what b's ways leave
                bit = asked[used][req]
                v = cache[(used, req)] = sum(ways for meets, ways in by_used.get(used, {}).items() if meets & bit)
            if v:
                for key, w in x.items():
                    acc[key] = acc.get(key, 0) + w * v
        if not acc:
            return None
        env_p: dict = {}
        by_outcome: dict = {o: {} for o in outcomes}
        for (eb, rb), ways in acc.items():
            table = decoding.get(rb)
            if table is None:
                table = decoding[rb] = decode(rb)
            for at, w in enumerate(fields(ways)):
                if w:
                    code, outs, n = table[at]
                    env = code | eb
                    env_p[env] = env_p.get(env, 0) + w
                    for o in outs:
                        d = by_outcome[o]
                        d[env] = d.get(env, 0) + w / n
        gain, h_env = _information(env_p, {o: d for o, d in by_outcome.items() if d})
        total = sum(env_p.values())

        def size(env):
            return len(groups_a[(env >> 8) - 1]) * len(groups_b[(env & 15) - 1]) * len(groups_r[(env >> 4 & 15) - 1])
        by_class: list[dict] = [{}, {}, {}]  # per category (a's, b's, the room's): class -> weight
        for e, w in env_p.items():
            for j, c in enumerate((e >> 8, e & 15, e >> 4 & 15)):
                by_class[j][c] = by_class[j].get(c, 0) + w
        in_envelope = {c: by_class[j].get(i + 1, 0) / total / len(g)
                       for j, groups in enumerate((groups_a, groups_b, groups_r))
                       for i, g in enumerate(groups) for c in g}
        return gain, h_env + sum(w / total * math.log2(size(e)) for e, w in env_p.items()), in_envelope

    return weigh, cat_a


def advise(k: Knowledge, possible: list[int], me: int, room: int, seconds: float = 5.0,
           partial: bool = False, by_categories: bool = True) -> dict | None:
    """For each suggestion `me` can make in `room`: the expected entropy reduction (bits) of the
    envelope's distribution, exact over the consistent deals (all counted the same), with a
    disprover holding several of the three showing each as often. None past `seconds`; with
    `partial`, past `seconds` the suggestions weighed so far (each figure exact), the most
    uncertain cards first, and how many of them there are ("weighed" of "suggestions"). (With the
    categories joined: one suggestion first, whose count tells how uncertain each card is; then
    the most uncertain card of the category joined once per card, with all its suggestions.)

    Each category's cards dealt on their own, then joined (`_weigher_by_categories`); with
    `by_categories=False`, one tracked count per suggestion instead (`_weigh_by_count`): the same
    figures, far slower."""
    import math
    import time

    end = time.perf_counter() + seconds
    cat_room = next(i for i, cs in enumerate(k.categories) if room in cs)
    others = [cs for i, cs in enumerate(k.categories) if i != cat_room]
    seats = [(me + j) % len(k.players) for j in range(1, len(k.players))]
    kind = _kind(k, possible)  # two cards of a kind: their suggestions weigh the same

    out = []
    env_h = None
    done: dict = {}
    pairs = [(a, b) for a in others[0] for b in others[1]]
    if by_categories:
        weigh, joined = _weigher_by_categories(k, possible, me, room, end)
    else:
        def weigh(a, b):
            return _weigh_by_count(k, possible, seats, [a, b, room], end - time.perf_counter())

    def entropy(q):
        return 0.0 if q <= 0 or q >= 1 else -(q * math.log2(q) + (1 - q) * math.log2(1 - q))

    ready: dict = {}
    if partial and by_categories:  # the least settled first, as the first suggestion weighed tells
        side = 0 if others[0] == k.categories[joined] else 1  # the card joined once, then all its suggestions
        first = max(pairs, key=lambda ab: (bin(possible[ab[side]]).count("1"), bin(possible[ab[1 - side]]).count("1")))
        got = ready[first] = weigh(*first)
        if got is None:
            return None
        in_envelope = got[2]
        pairs.sort(key=lambda ab: (ab[side] != first[side], ab != first, -entropy(in_envelope[ab[side]]),
                                   ab[side], -entropy(in_envelope[ab[1 - side]])))
    elif partial:  # first the suggestions whose cards' place in the envelope is least settled
        plain = count(k, possible, budget=5_000_000, seconds=seconds / 4)
        if plain and plain["total"]:
            def unsure(c):
                return entropy(plain["cells"][c][k.env] / plain["total"])
        else:
            def unsure(c):
                return bin(possible[c]).count("1")
        pairs.sort(key=lambda ab: -(unsure(ab[0]) + unsure(ab[1])))
    for a, b in pairs:
        key = (kind(a), kind(b))
        if key in done:
            out.append({"cards": [a, b, room], "gain": done[key]})
            continue
        got = ready.pop((a, b), None) or weigh(a, b)
        if got is None:
            if partial and done:
                break
            return None
        done[key], env_h, _ = got
        out.append({"cards": [a, b, room], "gain": done[key]})
    seen = {tuple(x["cards"][:2]) for x in out}
    for a, b in pairs:  # stopped early: the suggestions that weigh the same as one weighed
        if (a, b) not in seen and (kind(a), kind(b)) in done:
            out.append({"cards": [a, b, room], "gain": done[(kind(a), kind(b))]})
    out.sort(key=lambda x: -x["gain"])
    best = out[0]["gain"]
    return {"ranked": out, "entropy": env_h, "tied": sum(1 for x in out if abs(x["gain"] - best) < 1e-9),
            "weighed": len(done), "suggestions": len(pairs), "complete": len(out) == len(pairs)}


# ------------------------------------------------------------------ sampling, when counting is too big

def sample(k: Knowledge, possible: list[int], seconds: float = 0.1, want: int = 20000, rng=None) -> dict:
    """Estimates by sequential importance sampling (used only when exact counting is too big).

    Each sample deals the cards one by one in a random order, each to a holder its domain allows
    and who has room, and is weighted by the product of the choices it had; a deal breaking a
    clause weighs 0. Weighted shares estimate the exact ones without bias; the stated margin is
    1/sqrt(effective sample size), about a 95% bound on any one cell."""
    import random
    import time

    rng = rng or random.Random(0)
    env_h, P, n = k.env, len(k.players), k.n_cards
    cat = category_of(k)
    allowed = [[h for h in range(k.holders) if possible[c] >> h & 1] for c in range(n)]
    cells = [[0.0] * k.holders for _ in range(n)]
    triples: dict = {}
    total_w = total_w2 = 0.0
    drawn = 0
    end = time.perf_counter() + seconds
    cards = list(range(n))
    while drawn < want and time.perf_counter() < end:
        drawn += 1
        rng.shuffle(cards)
        space = list(k.sizes)
        env_open = [True] * len(k.categories)
        deal = [0] * n
        w = 1.0
        for c in cards:
            opts = [h for h in allowed[c] if (h == env_h and env_open[cat[c]]) or (h < P and space[h] > 0)]
            if not opts:
                w = 0.0
                break
            h = opts[rng.randrange(len(opts))] if len(opts) > 1 else opts[0]
            w *= len(opts)
            deal[c] = h
            if h == env_h:
                env_open[cat[c]] = False
            else:
                space[h] -= 1
        if w == 0.0 or any(env_open):
            continue
        if any(not any(deal[c] == h for c in cs) for h, cs, _ in k.clauses):
            continue
        if any(all(deal[c] == env_h for c in cs) for cs in k.exclusions):
            continue
        total_w += w
        total_w2 += w * w
        for c in range(n):
            cells[c][deal[c]] += w
        key = tuple(next(c for c in cs if deal[c] == env_h) for cs in k.categories)
        triples[key] = triples.get(key, 0.0) + w
    ess = (total_w * total_w / total_w2) if total_w2 else 0.0
    return {"total": total_w, "cells": cells, "triples": triples, "sampled": True, "drawn": drawn,
            "effective": ess, "margin": min(1.0, 1.0 / ess ** 0.5) if ess else 1.0}


def probabilities(k: Knowledge, possible: list[int], budget: int = 200_000, seconds: float = 0.2,
                  sample_seconds: float = 0.1) -> dict:
    """Exact counts when feasible (listing the deals, or counting states), else a sample with
    its stated margin."""
    exact = count(k, possible, budget=budget, seconds=seconds)
    if exact is not None:
        return {**exact, "sampled": False, "margin": 0.0}
    return sample(k, possible, seconds=sample_seconds)

