"""Clue's odds: the exact number of deals that fit one player's knowledge, per cell and per
envelope triple (`count`), or an unbiased sample with its margin when counting is too big
(`sample`). Every fitting deal counts the same (a shuffled deal makes them equally likely)."""

from .solver import Knowledge, category_of, clock, domains

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

    deadline = clock() + seconds if seconds else None
    levels = [{start: 1}]
    for i in range(n):
        if deadline and clock() > deadline:
            return None
        nxt: dict = {}
        get = nxt.get
        c, closing, opts = steps[i]
        # each holder option as a move, written out for speed: (is the envelope, field shift, step, keep mask,
        # mark, rooms to check, envelope need)
        fast = []
        for h, clear, tight, env_need, mark in opts:
            if h == env:
                sh = eshift + 4 * cat[c]
                fast.append((True, sh, cls[c] << sh, ~clear, mark, tight, env_need))
            else:
                fast.append((False, b * h, 1 << (b * h), ~clear, mark, tight, env_need))
        for n_state, (state, ways) in enumerate(levels[-1].items()):
            if deadline and n_state & 4095 == 4095 and clock() > deadline:
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
    # Backwards: the deals that finish from each state, and per cell the deals through it. A move's
    # checks (a closing need, a room, the envelope) depend only on the state it leads to, which the
    # forward pass already kept or dropped: only the source's room is checked here (else the
    # packed fields would borrow), and a state not kept simply finishes no deal.
    suffix = ends
    cells = [[0] * k.holders for _ in range(n)]
    for i in range(n - 1, -1, -1):
        c, _closing, opts = steps[i]
        row = cells[c]
        prev: dict = {}
        fin_of = suffix.get
        fast = []
        for h, clear, _tight, _env_need, mark in opts:
            if h == env:
                sh = eshift + 4 * cat[c]
                fast.append((h, True, sh, cls[c] << sh, ~clear, mark))
            else:
                fast.append((h, False, b * h, 1 << (b * h), ~clear, mark))
        sums = [0] * len(fast)
        for state, ways in levels[i].items():
            acc = 0
            for j, (_h, to_env, sh, step, keep, mark) in enumerate(fast):
                if to_env:
                    if state >> sh & 15:
                        continue
                    fin = fin_of(((state | step) & keep) | mark)
                else:
                    if not state >> sh & fmask:
                        continue
                    fin = fin_of(((state - step) & keep) | mark)
                if fin:
                    sums[j] += ways * fin
                    acc += fin
            if acc:
                prev[state] = acc
        for (h, *_rest), total_h in zip(fast, sums, strict=True):
            row[h] += total_h
        suffix = prev
    return {"total": total, "cells": cells, "triples": triples}


def _kind(k: Knowledge, possible: list[int]):
    """Two cards of a kind that every constraint treats alike (the same possible holders, in the
    same clauses and exclusions) can be swapped in every deal."""
    def kind(c):
        return (possible[c], tuple(j for j, (_, cs, _) in enumerate(k.clauses) if c in cs),
                tuple(j for j, cs in enumerate(k.exclusions) if c in cs))
    return kind



# ------------------------------------------------------------------ sampling, when counting is too big

def sample(k: Knowledge, possible: list[int], seconds: float = 0.1, want: int = 20000, rng=None) -> dict:
    """Estimates by sequential importance sampling (used only when exact counting is too big).

    Each sample deals the cards one by one in a random order, each to a holder its domain allows
    and who has room, and is weighted by the product of the choices it had; a deal breaking a
    clause weighs 0. Weighted shares estimate the exact ones without bias; the stated margin is
    1/sqrt(effective sample size), about a 95% bound on any one cell."""
    import random

    rng = rng or random.Random(0)
    env_h, P, n = k.env, len(k.players), k.n_cards
    cat = category_of(k)
    allowed = [[h for h in range(k.holders) if possible[c] >> h & 1] for c in range(n)]
    cells = [[0.0] * k.holders for _ in range(n)]
    triples: dict = {}
    total_w = total_w2 = 0.0
    drawn = 0
    end = clock() + seconds
    cards = list(range(n))
    while drawn < want and clock() < end:
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
