"""Every declared region of every game renders from real views (scripted games, every role), and
a partial that reads a key its region does not declare fails here: the slice it is given holds
exactly the declared keys, and reading anything else raises instead of showing nothing."""

import pytest

from companion import games
from companion.core.errors import Refusal
from companion.web.render import page_for

from .rules import Game


class UndeclaredRead(Exception):
    pass


class Strict(dict):
    """A slice: reading a key it does not hold is an error, not an empty value."""

    def __init__(self, data, where):
        super().__init__({k: Strict(v, f"{where}.{k}") if isinstance(v, dict) and k in DOTTED.get(where, ()) else v
                          for k, v in data.items()})
        self.where = where

    def __getitem__(self, key):
        if not super().__contains__(key):
            raise UndeclaredRead(f"{self.where} reads {key!r}, which its region does not declare")
        return super().__getitem__(key)


DOTTED: dict = {}  # region id -> keys declared only field by field ("seat.acts_as"): their dicts are strict too


def attempt(g: Game, who, **action) -> bool:
    try:
        g.act(who, **action)
        return True
    except Refusal:
        return False


def villainous():
    g = Game("villainous", {"players": [{"name": "Ann", "villain": "captain_hook"},
                                        {"name": "Bob", "villain": "jafar"}]}, players=("Ann", "Bob"))
    yield g
    for location in (g.view("host").get("locations") or []):
        if attempt(g, "host", type="move", location=location if isinstance(location, str) else location.get("name", "")):
            break
    attempt(g, "host", type="power", player="Ann", delta=3)
    yield g
    attempt(g, "host", type="fate", by="Bob", target="Ann")
    attempt(g, "host", type="end_turn")
    yield g
    attempt(g, "host", type="power", player="Bob", delta=30)
    yield g


GATHERING = [("Ann", "maleficent"), ("Bob", "diablo"), ("Cat", "hades"), ("Dan", "pain_and_panic"),
             ("Eve", "prince_john"), ("Fay", "sir_hiss"), ("Gus", "queen_of_hearts"), ("Hal", "king_of_hearts")]


def gathering():
    names = [n for n, _ in GATHERING]
    g = Game("gathering", players=names)
    yield g
    g.act("host", type="setup", players=names, characters=[c for _, c in GATHERING])
    g.act("host", type="deal", characters=dict(GATHERING), mischief=["Dan", "Eve"])
    yield g
    for _ in range(60):  # walk the nights and days: each step answered with the first target it takes
        v = g.view("host")
        if v["phase"] == "over":
            break
        step = v.get("step")
        alive = [p["name"] for p in v["players"] if p["alive"]]
        tried = [dict(type=step, target=t) for t in alive] + [dict(type=step, save=False), dict(type=step, target=None),
                                                               dict(type=step, player=alive[0])]
        if step in ("vote", "ballot") or step is None:
            tried = [dict(type="vote", votes={p: alive[0] if p != alive[0] else alive[1] for p in alive})]
        tried += [dict(type="beat"), dict(type="script", key="next")]
        if not any(attempt(g, "host", **a) for a in tried):
            break
        yield g
    yield g


def clue():
    g = Game("clue", {"players": ["Ann", "Bob", "Cat"]}, players=("Ann", "Bob", "Cat"))
    yield g
    cards = [c["id"] for c in g.view("host")["cards"]]
    attempt(g, "Ann", type="hand", cards=cards[:6])
    yield g
    suggestion = [cards[0], cards[6], cards[12]]
    attempt(g, "host", type="suggestion", by="Ann", cards=suggestion, disproved_by="Bob")
    yield g
    sid = g.view("Ann")["suggestions"][-1]["id"] if g.view("Ann")["suggestions"] else 0
    attempt(g, "Ann", type="shown", suggestion=sid, card=cards[6])
    attempt(g, "Ann", type="mark", card=cards[13], holder="Cat", value="has")
    yield g
    attempt(g, "host", type="accusation", by="Cat", cards=[cards[1], cards[7], cards[13]], correct=False)
    yield g


def touch_of_evil():
    g = Game("touch-of-evil", {}, players=("Ann", "Bob"))
    yield g
    for action in (dict(type="shadow", steps=1), dict(type="roll", dice="2d6"), dict(type="shadow", steps=3)):
        attempt(g, "host", **action)
        yield g


SCRIPTS = {"villainous": villainous, "gathering": gathering, "clue": clue, "touch-of-evil": touch_of_evil}


def test_every_game_has_a_script_here():
    assert set(SCRIPTS) == set(games.IDS)


@pytest.mark.parametrize("game_id", sorted(SCRIPTS))
def test_every_region_renders_from_real_views_and_reads_only_its_slice(game_id, renderer):
    game = games.get(game_id)
    for region in game.regions:
        DOTTED[region.id] = {k.split(".", 1)[0] for k in region.reads if "." in k}
    rendered: set[str] = set()
    for g in SCRIPTS[game_id]():
        table = g.table
        for seat in table.seats.values():
            page = page_for(table, seat)
            for s in page.game:
                region_id = s.id.rsplit("-", 1)[0] if s.id not in DOTTED else s.id
                html = renderer.template(s.partial).render(v=Strict(s.data, region_id), code=page.code, title=page.title)
                rendered.add(s.partial) if html.strip() else None
    declared = {r.partial for r in game.regions}
    assert rendered, f"no region of {game_id} rendered anything"
    assert 4 * len(rendered) >= 3 * len(declared), f"too few of {game_id}'s regions were reached: {sorted(declared - rendered)}"


def test_a_partial_reading_an_undeclared_key_fails_here(renderer):
    template = renderer.env.from_string("{{ v.declared }} {{ v.undeclared }}")
    assert template.render(v=Strict({"declared": 1, "undeclared": 2}, "r")) == "1 2"
    with pytest.raises(UndeclaredRead, match="'undeclared'"):
        template.render(v=Strict({"declared": 1}, "r"))


def test_the_narrators_and_the_players_dice_are_one_rendering_and_only_seats_that_act_have_the_dice_form(renderer):
    g = Game("gathering", players=["Ann", "Bob"])
    g.join("Zed", approved=False)  # waiting for the host: sees as the display does
    g.act("host", type="roll", dice="2d6")
    table = g.table
    dice = {}
    for who in ("host", "Ann", "Bob", "display", "Zed"):
        page = page_for(table, g.seat(who))
        s = next(s for s in page.after if s.id == "dice")
        dice[who] = (s.key, renderer.template(s.partial).render(v=s.data, code=page.code, title=page.title))
    assert dice["host"][0] == dice["Ann"][0] == dice["Bob"][0]  # one slice: rendered once for the three
    for who in ("host", "Ann", "Bob"):
        assert 'name="dice"' in dice[who][1] and "2d6" in dice[who][1]
    for who in ("display", "Zed"):
        assert 'name="dice"' not in dice[who][1] and "2d6" in dice[who][1]  # the roll, no form to roll
