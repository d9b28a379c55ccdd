"""Issue 11.9 (look-alike names collide at a table) and 11.10 (the narrator's log shows a secret
ballot only as cast until the count). Through the rule harness: the table service the API calls."""

import pytest

from companion.core.errors import RuleError
from companion.lookalike import clean, skeleton

from .games.gathering.test_rules import EIGHT, game, night
from .rules import Game


@pytest.mark.parametrize("taken,newcomer", [
    ("Ann", "\u0410nn"),          # Cyrillic capital A
    ("Ann", "\u0391nn"),          # Greek capital Alpha
    ("Ann", "Ann\u200b"),         # a zero-width space
    ("Ann", "A\u200dnn"),         # a zero-width joiner inside
    ("Ann", "ANN"),
    ("Ann", "\uff21nn"),          # a full-width A (NFKC)
    ("Zo\u00eb", "Zoe\u0308"),   # both Unicode forms of Zoë
    ("Oscar", "\u041escar"),      # Cyrillic O
    ("Paco", "\u0440aco"),        # Cyrillic er
    ("Bob", "B\u043eb"),          # Cyrillic o
])
def test_look_alike_names_collide_with_a_clear_422(taken, newcomer):
    g = Game("villainous", display=None, players=[taken])
    with pytest.raises(RuleError, match="taken at this table") as err:
        g.join(newcomer)
    assert err.value.status == 422 and err.value.code == "name_taken"


def test_different_names_do_not_collide():
    g = Game("villainous", display=None, players=["Ann", "Zoe"])
    for name in ("Anne", "Zoë", "Bob", "Dan", "Дмитрий"):
        g.join(name)


def test_a_name_is_stored_normalised_without_invisible_or_control_characters():
    g = Game("villainous", display=None)
    assert g.join("  Bo\u200bb\u0007  the\u00a0 Great\u202e ").name == "Bob the Great"
    assert clean("Zoe\u0308") == "Zo\u00eb" and skeleton("\u0410NN") == skeleton("ann")
    with pytest.raises(Exception, match="name is needed"):
        g.join("\u200b\u200d")


def test_the_narrators_log_shows_a_secret_ballot_only_as_cast_until_the_count():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    t.act("host", type="beat")  # the narrator calls the vote
    names = [p["name"] for p in t.state["players"] if p["alive"]]
    *early, last = names
    for n in early:
        t.act(n, type="ballot", target="Gus" if n != "Gus" else "Ann")
    ballots = [e for e in t.log("host") if e["kind"] == "action" and e["action"]["type"] == "ballot"]
    assert len(ballots) == len(early) and all(e["action"] == {"type": "ballot"} for e in ballots)
    assert t.log("Ann")[-len(early):][0]["action"]["target"] == "Gus"  # a voter still sees their own ballot
    t.act("host", type="ballot", voter=last, target="Gus")  # the narrator enters the last one: the count
    ballots = [e for e in t.log("host") if e["kind"] == "action" and e["action"]["type"] == "ballot"]
    assert all(e["action"].get("target") for e in ballots)  # counted: the narrator sees every ballot now
    assert all(e["action"] == {"type": "ballot"} for e in t.log("display") if e["kind"] == "action"
               and e["action"]["type"] == "ballot")  # the others never see whom a ballot named
