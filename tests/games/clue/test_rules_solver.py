"""The Clue deduction against a brute-force enumerator: sound, complete and exactly counted."""

import random

import pytest

from companion.games.clue import counting, weighing
from companion.games.clue import solver as cs
from companion.games.clue.sim import deals, play, possible_holders


def random_game(rng, cats_sizes, n_players, n_suggestions):
    return play(rng, cats_sizes, n_players, n_suggestions, wrong_accusation=0.3)


SIZES = [((2, 2, 3), 2), ((3, 3, 3), 3), ((3, 3, 4), 2), ((2, 3, 4), 3)]


@pytest.mark.parametrize("seed", range(60))
def test_forced_facts_are_sound_and_complete_against_brute_force(seed):
    rng = random.Random(seed)
    cats, players = SIZES[seed % len(SIZES)]
    k = random_game(rng, cats, players, rng.randrange(0, 7))
    possible = possible_holders(k)
    assert any(possible), "a real game always has its own deal"
    assert cs.solve(k)["possible"] == possible


@pytest.mark.parametrize("seed", range(40))
def test_probabilities_are_exact_against_brute_force(seed):
    rng = random.Random(1000 + seed)
    cats, players = SIZES[seed % len(SIZES)]
    k = random_game(rng, cats, players, rng.randrange(0, 5))
    truth = list(deals(k))
    got = counting.count(k, cs.solve(k)["possible"])
    assert got["total"] == len(truth)
    for c in range(k.n_cards):
        for h in range(k.holders):
            assert got["cells"][c][h] == sum(1 for d in truth if d[c] == h)
    triples = {}
    for d in truth:
        key = tuple(next(c for c in cats_ if d[c] == k.env) for cats_ in k.categories)
        triples[key] = triples.get(key, 0) + 1
    assert got["triples"] == triples


def test_a_fact_forced_only_by_hand_sizes():
    # 8 cards, 3 in the envelope; I hold 0, 2, 4; Ann holds 2 cards and passed on the lair 5.
    k = cs.Knowledge([[0, 1], [2, 3], [4, 5, 6, 7]], 8, ["Me", "Ann"], [3, 2])
    for c in range(8):
        k.facts.append((c, 0, c in (0, 2, 4), "hand"))
    k.facts.append((5, 1, False, "pass"))
    res = cs.solve(k)["possible"]
    # the envelope takes 1 and 3 (the only villain and object left); Ann's two cards can then only
    # be 6 and 7: her hand size forces it, and so the envelope's lair is 5
    assert res[6] == 1 << 1 and res[7] == 1 << 1
    assert res[5] == 1 << 2


def test_a_fact_forced_by_two_players_clauses_together():
    # three players; B and C each showed a card for triples that share only what's left
    k = cs.Knowledge([[0, 1], [2, 3], [4, 5, 6]], 7, ["Me", "B", "C"], [2, 1, 1])
    for c in range(7):
        k.facts.append((c, 0, c in (0, 2), "hand"))
    k.clauses.append((1, frozenset({1, 3, 4}), "B showed"))
    k.clauses.append((2, frozenset({1, 3, 5}), "C showed"))
    assert cs.solve(k)["possible"] == possible_holders(k)


def test_a_wrong_accusation_rules_its_triple_out_of_the_envelope():
    k = cs.Knowledge([[0, 1], [2, 3], [4, 5]], 6, ["Me", "Ann"], [2, 1])
    for c in range(6):
        k.facts.append((c, 0, c in (0, 2), "hand"))
    before = counting.count(k)["triples"]
    assert (1, 3, 4) in before
    k.exclusions.append(frozenset({1, 3, 4}))
    res = cs.solve(k)
    assert res["possible"][5] == 1 << 2  # the only lair left for the envelope
    assert (1, 3, 4) not in counting.count(k, res["possible"])["triples"]


def test_contradiction_is_reported():
    k = cs.Knowledge([[0, 1], [2, 3], [4, 5]], 6, ["Me", "Ann"], [2, 1])
    k.facts += [(0, 0, True, ""), (1, 0, True, ""), (2, 0, True, "")]
    with pytest.raises(cs.Contradiction):
        cs.solve(k)


def test_sampling_estimates_come_with_a_margin():
    rng = random.Random(5)
    k = random_game(rng, (6, 6, 9), 6, 3)
    res = cs.solve(k)
    est = counting.sample(k, res["possible"], seconds=0.2)
    assert est["sampled"] and 0 < est["margin"] <= 1
    exact = counting.count(k, res["possible"], seconds=5)
    for c in range(k.n_cards):  # within a generous bound of the exact share for envelope cells
        p_exact = exact["cells"][c][k.env] / exact["total"]
        p_est = est["cells"][c][k.env] / est["total"]
        assert abs(p_exact - p_est) <= max(0.25, 3 * est["margin"])


def brute_gains(k, me, room):
    """The advisor's figure by brute force: every consistent deal listed, I(envelope; outcome)."""
    import math
    from collections import defaultdict

    deals_ = list(deals(k))
    seats = [(me + j) % len(k.players) for j in range(1, len(k.players))]
    cat_room = next(i for i, cs in enumerate(k.categories) if room in cs)
    others = [cs for i, cs in enumerate(k.categories) if i != cat_room]
    gains = {}
    for a in others[0]:
        for b in others[1]:
            trio = (a, b, room)
            env = defaultdict(float)
            joint = defaultdict(float)
            for d in deals_:
                t = tuple(next(c for c in cs if d[c] == k.env) for cs in k.categories)
                env[t] += 1
                first = next((p for p in seats if any(d[c] == p for c in trio)), None)
                shows = [None] if first is None else [c for c in trio if d[c] == first]
                for c in shows:
                    joint[(first, c, t)] += 1 / len(shows)
            n = len(deals_)
            h_env = -sum(w / n * math.log2(w / n) for w in env.values())
            per_o = defaultdict(float)
            for (p, c, _t), w in joint.items():
                per_o[(p, c)] += w
            h_after = -sum(w / n * math.log2(w / per_o[(p, c)]) for (p, c, _t), w in joint.items())
            gains[trio] = h_env - h_after
    gains["entropy"] = h_env
    return gains


@pytest.mark.parametrize("seed", range(12))
def test_the_advisors_choice_matches_a_brute_force_expected_entropy(seed):
    rng = random.Random(500 + seed)
    cats, players = SIZES[seed % len(SIZES)]
    k = random_game(rng, cats, players, rng.randrange(0, 4))
    me = next(h for _c, h, _has, why in k.facts if why == "hand")
    room = rng.choice(k.categories[2])
    got = weighing.advise(k, cs.solve(k)["possible"], me, room)
    truth = brute_gains(k, me, room)
    assert abs(got["entropy"] - truth.pop("entropy")) < 1e-9
    assert {tuple(x["cards"]): round(x["gain"], 9) for x in got["ranked"]} == \
        {t: round(max(0.0, g), 9) for t, g in truth.items()}
    assert abs(got["ranked"][0]["gain"] - max(truth.values())) < 1e-9  # the advisor's pick is a best one


def independent_count(k):
    """Deals counted another way (for six players, where listing every deal is out of reach): for
    each envelope, the players' hands one player at a time, as sets of cards used so far."""
    import itertools

    dom = cs.domains(k)  # the entered facts only, not the solver's deductions
    per_triple = {}
    for trio in itertools.product(*k.categories):
        if any(not dom[c] >> k.env & 1 for c in trio) or any(set(x) <= set(trio) for x in k.exclusions):
            continue
        if any(dom[c] == 1 << k.env for c in range(k.n_cards) if c not in trio):
            continue
        rest = [c for c in range(k.n_cards) if c not in trio]
        ways = {0: 1}
        for p in range(len(k.players)):
            mine = [c for c in rest if dom[c] >> p & 1]
            must = [c for c in rest if dom[c] == 1 << p]
            need = [cards for h, cards, _ in k.clauses if h == p]
            hands = []
            for hand in itertools.combinations(mine, k.sizes[p]):
                hs = set(hand)
                if set(must) <= hs and all(hs & set(cards) for cards in need):
                    hands.append(sum(1 << c for c in hand))
            nxt = {}
            for used, w in ways.items():
                for h in hands:
                    if not used & h:
                        nxt[used | h] = nxt.get(used | h, 0) + w
            ways = nxt
        total = sum(ways.values())
        if total:
            per_triple[trio] = total
    return per_triple


@pytest.mark.parametrize("seed", range(6))
def test_six_player_counts_are_exact_against_an_independent_counter(seed):
    rng = random.Random(700 + seed)
    k = play(rng, (6, 6, 9), 6, 12 + 4 * seed, wrong_accusation=0.5)
    got = counting.count(k, cs.solve(k)["possible"], budget=5_000_000, seconds=60)
    truth = independent_count(k)
    assert got["total"] == sum(truth.values()) and got["triples"] == truth
    for c in range(k.n_cards):  # the envelope column: each card's share, from the triples
        assert got["cells"][c][k.env] == sum(w for t, w in truth.items() if c in t)


@pytest.mark.parametrize("seed", [30, 48])
def test_the_advisor_out_of_budget_ranks_only_the_suggestions_it_weighed_each_exactly(seed, steps):
    """The budget counted in readings of the clock (`steps`): the same cut however busy the machine."""
    rng = random.Random(900 + seed)
    k = play(rng, (6, 6, 9), 6, rng.randint(3, 8))  # early: a few clauses, the slowest to weigh
    me = next(h for _c, h, _has, why in k.facts if why == "hand")
    room = k.categories[2][seed % 9]
    possible = cs.solve(k)["possible"]
    full = weighing.advise(k, possible, me, room, seconds=10 ** 12)
    assert full["complete"] and len(full["ranked"]) == full["suggestions"] == 36
    budget = steps.now // 2  # half the readings the whole weighing takes
    steps.now = 0
    part = weighing.advise(k, possible, me, room, seconds=budget, partial=True)
    assert steps.now <= budget + 2  # it stops at its first reading past the budget (the join under way gives up too)
    assert part and not part["complete"] and 0 < len(part["ranked"]) < 36
    exact = {tuple(x["cards"]): x["gain"] for x in full["ranked"]}
    for x in part["ranked"]:  # every figure shown is the exact one
        assert abs(x["gain"] - exact[tuple(x["cards"])]) < 1e-12
    assert abs(part["entropy"] - full["entropy"]) < 1e-9
    steps.now = 0
    assert weighing.advise(k, possible, me, room, seconds=budget) is None  # without `partial`: nothing rather than a part


@pytest.mark.parametrize("seed", [0, 1, 2, 4, 6, 7, 8, 10, 14, 20])
def test_the_advisor_joining_categories_weighs_as_one_count_per_suggestion(seed):
    """Six players, from no suggestion to twenty (a few clauses: where the join differs most from
    counting), some with a wrong accusation: the same gains, entropy and ranking either way."""
    rng = random.Random(1200 + seed)
    k = play(rng, (6, 6, 9), 6, [0, 1, 2, 3, 4, 5, 6, 8, 10, 14, 20, 30][seed % 12], wrong_accusation=0.3)
    me = next(h for _c, h, _has, why in k.facts if why == "hand")
    room = rng.choice(k.categories[2])
    possible = cs.solve(k)["possible"]
    joined = weighing.advise(k, possible, me, room, seconds=60)
    counted = weighing.advise(k, possible, me, room, seconds=120, by_categories=False)
    assert joined["complete"] and counted["complete"] and joined["weighed"] == counted["weighed"]
    gains = {tuple(x["cards"]): x["gain"] for x in counted["ranked"]}
    assert len(gains) == 36 and {tuple(x["cards"]) for x in joined["ranked"]} == set(gains)
    for x in joined["ranked"]:
        assert abs(x["gain"] - gains[tuple(x["cards"])]) < 1e-9
    for x, y in zip(joined["ranked"], counted["ranked"], strict=True):  # the same ranking, up to ties
        assert abs(x["gain"] - y["gain"]) < 1e-9
    assert abs(joined["entropy"] - counted["entropy"]) < 1e-9 and joined["tied"] == counted["tied"]
    assert max(gains.values()) > 0  # a suggestion that tells something: the comparison is not of zeros
