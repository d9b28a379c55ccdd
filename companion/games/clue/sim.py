"""Random Clue games played by the rules, seen by one player: for the property tests and the
benchmark (a real deal; each suggestion disproved honestly by the first player to the left who
can; optionally a wrong accusation)."""

from .solver import Knowledge


def play(rng, cat_sizes, n_players, n_suggestions, wrong_accusation=0.0) -> Knowledge:
    cats, start = [], 0
    for size in cat_sizes:
        cats.append(list(range(start, start + size)))
        start += size
    n = start
    env = [rng.choice(c) for c in cats]
    rest = [c for c in range(n) if c not in env]
    rng.shuffle(rest)
    hands = [rest[i::n_players] for i in range(n_players)]
    owner = {c: i for i, h in enumerate(hands) for c in h}
    me = rng.randrange(n_players)
    k = Knowledge(cats, n, [f"P{i}" for i in range(n_players)], [len(h) for h in hands])
    for c in range(n):
        k.facts.append((c, me, c in hands[me], "hand"))
    for s in range(n_suggestions):
        by = rng.randrange(n_players) if s % 2 else s % n_players
        trip = [rng.choice(c) for c in cats]
        for j in range(1, n_players):
            p = (by + j) % n_players
            have = [c for c in trip if owner.get(c) == p]
            if have:
                if by == me:
                    k.facts.append((rng.choice(have), p, True, "shown"))
                else:
                    k.clauses.append((p, frozenset(trip), "clause"))
                break
            for c in trip:
                k.facts.append((c, p, False, "pass"))
    if wrong_accusation and rng.random() < wrong_accusation:
        wrong = [rng.choice(c) for c in cats]
        if wrong != env:
            k.exclusions.append(frozenset(wrong))
    return k


def deals(k: Knowledge):
    """Every deal consistent with k, by brute force (small games only: the reference the
    solver is checked against)."""
    import itertools

    def hands(cards, sizes):
        if not sizes:
            yield []
            return
        for hand in itertools.combinations(cards, sizes[0]):
            left = [c for c in cards if c not in hand]
            for rest in hands(left, sizes[1:]):
                yield [hand, *rest]

    for pick in itertools.product(*k.categories):
        rest = [c for c in range(k.n_cards) if c not in pick]
        for split in hands(rest, k.sizes):
            deal = {c: k.env for c in pick}
            for h, hand in enumerate(split):
                for c in hand:
                    deal[c] = h
            if all((deal[c] == h) == has for c, h, has, _ in k.facts) and \
               all(any(deal[c] == h for c in cards) for h, cards, _ in k.clauses) and \
               all(not all(deal[c] == k.env for c in cards) for cards in k.exclusions):
                yield deal


def possible_holders(k: Knowledge) -> list[int]:
    """Per card, the holders some consistent deal gives it (brute force)."""
    possible = [0] * k.n_cards
    for deal in deals(k):
        for c, h in deal.items():
            possible[c] |= 1 << h
    return possible
