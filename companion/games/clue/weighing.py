"""Clue's advisor, the weighing: for each suggestion a player can make in a lair, the expected
information (bits) it reveals about the envelope, exact over every deal that fits their notes."""

from .counting import _kind, count
from .solver import Knowledge, clock


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
            if clock() > deadline:
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
        if clock() > deadline:
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

    end = clock() + seconds
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
            return _weigh_by_count(k, possible, seats, [a, b, room], end - clock())

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
