"""Every region of A Touch of Evil renders, reading only its slice, through a hunt with tracked
Heroes: a Death Wail waiting, a fight outside the Showdown, a lost Showdown, the Elders' skills,
Fall into Darkness's shared Wounds, the co-operative loss (the shared script tracks no Hero)."""

from companion import games
from companion.web.render import page_for

from ...rules import Dice, Game
from ...test_regions_render import DOTTED, Strict


def hunt():
    g = Game("touch-of-evil", {"villain": "banshee", "mode": "cooperative", "heroes": ["Eliza", "Valeria"],
                               "rules": {"advanced_coop_table": True}}, players=("Ann",))
    g.act("Ann", type="claim", name="Eliza")
    for name in ("Eliza", "Valeria"):
        g.act("host", type="hero", name=name, health=6, combat=3, cunning=2, spirit=2, location="Inn")
    g.act("host", type="elder", name="Judge Croft", honor=3, spirit=2)
    yield g
    g.act("host", rng=Dice(2, 3), type="coop_table")  # Fall into Darkness: its shared Wounds form
    yield g
    g.act("host", type="minion_place", name="Barrow Shades", location="Inn")
    g.act("Ann", type="fight_start", foe="minion:1")
    yield g
    g.act("Ann", type="fight_end")
    g.act("host", type="showdown_start", health=20, fight=3, party=["Eliza"])
    g.act("host", rng=Dice(6, 6, 1), type="showdown_villain")  # a Death Wail waits
    yield g
    g.act("host", type="knockout", hero="Eliza")  # the Showdown is lost
    yield g
    g.act("host", type="knockout", hero="Valeria")  # every Hero down: the hunt is lost
    yield g


def test_every_region_renders_through_a_hunt_with_heroes(renderer):  # noqa: F811
    game = games.get("touch-of-evil")
    for region in game.regions:
        DOTTED[region.id] = {k.split(".", 1)[0] for k in region.reads if "." in k}
    rendered = set()
    for g in hunt():
        for seat in g.table.seats.values():
            page = page_for(g.table, seat)
            for s in page.game:
                region_id = s.id.rsplit("-", 1)[0] if s.id not in DOTTED else s.id
                html = renderer.template(s.partial).render(v=Strict(s.data, region_id), code=page.code, title=page.title)
                rendered.add(s.partial) if html.strip() else None
    assert {r.partial for r in game.regions} - rendered <= {"games/touch-of-evil/configure.html"}
