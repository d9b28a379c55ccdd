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
