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
    for cs in k.categories:
        kinds: dict = {}
        for c in cs:
            key = ("tracked", c) if c in tracked else \
                (possible[c], tuple(j for j, (_, cc, _) in enumerate(k.clauses) if c in cc),
                 tuple(j for j, cc in enumerate(k.exclusions) if c in cc))
            kinds.setdefault(key, []).append(c)
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
            opts.append((h, clear | 0, tight, env_need, mark))
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


def advise(k: Knowledge, possible: list[int], me: int, room: int, seconds: float = 5.0,
           partial: bool = False) -> dict | None:
    """For each suggestion `me` can make in `room`: the expected entropy reduction (bits) of the
    envelope's distribution, exact over the consistent deals (all counted the same), with a
    disprover holding several of the three showing each as often. None past `seconds`; with
    `partial`, past `seconds` the suggestions weighed so far (each figure exact), the most
    uncertain cards first, and how many of them there are ("weighed" of "suggestions")."""
    import math
    import time

    end = time.perf_counter() + seconds
    cat_room = next(i for i, cs in enumerate(k.categories) if room in cs)
    others = [cs for i, cs in enumerate(k.categories) if i != cat_room]
    seats = [(me + j) % len(k.players) for j in range(1, len(k.players))]
    # two cards of a kind that every constraint treats alike (the same possible holders, in the
    # same clauses and exclusions) can be swapped in every deal: their suggestions weigh the same
    def kind(c):
        return (possible[c], tuple(j for j, (_, cs, _) in enumerate(k.clauses) if c in cs),
                tuple(j for j, cs in enumerate(k.exclusions) if c in cs))

    out = []
    env_h = None
    done: dict = {}
    pairs = [(a, b) for a in others[0] for b in others[1]]
    if partial:  # first the suggestions whose cards' place in the envelope is least settled
        plain = count(k, possible, budget=5_000_000, seconds=seconds / 4)
        if plain and plain["total"]:
            def unsure(c):
                q = plain["cells"][c][k.env] / plain["total"]
                return 0.0 if q <= 0 or q >= 1 else -(q * math.log2(q) + (1 - q) * math.log2(1 - q))
        else:
            def unsure(c):
                return bin(possible[c]).count("1")
        pairs.sort(key=lambda ab: -(unsure(ab[0]) + unsure(ab[1])))
    for a, b in pairs:
        key = (kind(a), kind(b))
        if key in done:
            out.append({"cards": [a, b, room], "gain": done[key]})
            continue
        left = end - time.perf_counter()
        got = count(k, possible, budget=5_000_000, seconds=left, track=[a, b, room]) if left > 0 else None
        if got is None:
            if partial and done:
                break
            return None
        trio = [a, b, room]
        joint = got["joint"]
        total = sum(joint.values())
        if not total:
            return None
        env_p: dict = {}
        outcome: dict = {}  # outcome -> {envelope: weight}
        for (env, holders), w in joint.items():
            env_p[env] = env_p.get(env, 0) + w
            first = next((p for p in seats if p in holders), None)
            if first is None:
                shows = [("nobody", None)]
            else:
                shows = [(first, trio[i]) for i, h in enumerate(holders) if h == first]
            for o in shows:
                d = outcome.setdefault(o, {})
                d[env] = d.get(env, 0) + w / len(shows)
        # over classes of envelopes (see count): the information is the same as over envelopes
        h_env = -sum(w / total * math.log2(w / total) for w in env_p.values())
        h_after = 0.0
        for dist in outcome.values():
            po = sum(dist.values())
            h_after += -sum(w / total * math.log2(w / po) for w in dist.values() if w)
        done[key] = max(0.0, h_env - h_after)
        out.append({"cards": trio, "gain": done[key]})
        env_h = h_env + sum(w / total * math.log2(got["sizes"][e]) for e, w in env_p.items())
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

