"""Partials only show what the view gives: a lint of every game's templates with Jinja's own
parser (no arithmetic, no ordering), and a check that each partial reads only the keys its
region declares (its slice), following its includes."""

from pathlib import Path

import pytest
from jinja2 import Environment, nodes

from companion import games

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
ARITHMETIC = (nodes.Add, nodes.Sub, nodes.Mul, nodes.Div, nodes.FloorDiv, nodes.Mod, nodes.Pow)
ORDERING = {"lt", "gt", "lteq", "gteq"}
DECIDING_FILTERS = {"sort", "dictsort", "sum", "min", "max"}  # ordering or counting belongs to the game
ENV = Environment(extensions=["jinja2.ext.do", "jinja2.ext.loopcontrols"])


def parse(name: str):
    return ENV.parse((TEMPLATES / name).read_text(encoding="utf-8"))


def deciding(tree) -> list[str]:
    """Every arithmetic or ordering operation in a template, as 'line: what'."""
    found = []
    for node in tree.find_all(nodes.Node):
        if isinstance(node, ARITHMETIC):
            found.append(f"{node.lineno}: {type(node).__name__.lower()}")
        elif isinstance(node, nodes.Neg) and not isinstance(node.node, nodes.Const):
            found.append(f"{node.lineno}: negation")
        elif isinstance(node, nodes.Compare) and any(op.op in ORDERING for op in node.ops):
            found.append(f"{node.lineno}: ordering comparison")
        elif isinstance(node, nodes.Filter) and node.name in DECIDING_FILTERS:
            found.append(f"{node.lineno}: the {node.name} filter")
    return found


def game_templates():
    return sorted(str(p.relative_to(TEMPLATES)) for p in (TEMPLATES / "games").rglob("*.html"))


@pytest.mark.parametrize("name", game_templates())
def test_a_partial_does_no_arithmetic_and_no_ordering(name):
    assert deciding(parse(name)) == [], f"{name} decides what the game should: the view must give these values"


def includes(tree) -> list[str]:
    return [n.template.value for n in tree.find_all(nodes.Include) if isinstance(n.template, nodes.Const)]


def reads(name: str, seen=None) -> set[tuple[str, str | None]]:
    """What a partial (and what it includes) reads of `v`: (key, field) pairs, field None when the
    partial takes the whole key (or uses it in a way that is not one field)."""
    seen = set() if seen is None else seen
    if name in seen:
        return set()
    seen.add(name)
    tree = parse(name)
    out: set = set()
    parents = {}
    for node in tree.find_all(nodes.Node):
        for child in node.iter_child_nodes():
            parents[id(child)] = node
    for node in tree.find_all((nodes.Getattr, nodes.Getitem)):
        base = node.node
        if not (isinstance(base, nodes.Name) and base.name == "v"):
            continue
        key = node.attr if isinstance(node, nodes.Getattr) else getattr(node.arg, "value", None)
        parent = parents.get(id(node))
        field = None
        if isinstance(parent, nodes.Getattr) and parent.node is node:
            field = parent.attr
        elif isinstance(parent, nodes.Getitem) and parent.node is node and isinstance(parent.arg, nodes.Const):
            field = parent.arg.value
        out.add((key, field))
    for inc in includes(tree):
        out |= reads(inc, seen)
    return out


def regions():
    return [pytest.param(region, id=f"{gid}:{region.id}") for gid, game in games.all_games() for region in game.regions]


@pytest.mark.parametrize("region", regions())
def test_a_partial_reads_only_what_its_region_declares(region):
    whole = {k for k in region.reads if "." not in k} | ({"item", "index"} if region.each else set())
    fields = {tuple(k.split(".", 1)) for k in region.reads if "." in k}
    undeclared = sorted(f"v.{key}" + (f".{field}" if field else "") for key, field in reads(region.partial)
                        if key not in whole and (key, field) not in fields)
    assert undeclared == [], f"{region.partial} reads {', '.join(undeclared)}, which region {region.id!r} does not declare"


def test_a_one_tap_button_sends_a_switch_as_json(app):
    """A `json:` field of a one-tap button holds true or false as JSON (Python's True would be
    refused: three A Touch of Evil buttons failed this way)."""
    with app.test_request_context():
        act = app.jinja_env.get_template("games/_act.html").module.act
        html = str(act("ABC", "Go", {"type": "x", "json:on": True, "json:off": False, "json:none": None, "n": 3}))
    assert 'name="json:on" value="true"' in html and 'name="json:off" value="false"' in html
    assert 'name="json:none" value="null"' in html and 'name="n" value="3"' in html


def test_the_murder_button_of_the_mystery_phase_is_taken(client):
    """The Mystery Phase's Murder! button, posted exactly as the host's page holds it."""
    import re
    import urllib.parse

    t = client.create("touch-of-evil", name="Host")
    client.ok(t["code"], t["token"], type="configure", options={"villain": "banshee", "heroes": ["Eliza"]})
    client.ok(t["code"], t["token"], type="mystery_start")
    page = client.request("GET", f"/tables/{t['code']}", token=t["token"]).text
    form = next(f for f in re.findall(r"<form[^>]*>.*?</form>", page, re.S) if "Murder!" in f)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
    body = urllib.parse.urlencode(fields).encode()
    r = client.request("POST", f"/tables/{t['code']}/act", raw=body, token=t["token"],
                       headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status < 400, r.text[:300]
    assert "Murder!" in str(client.view(t["code"], t["token"]))
