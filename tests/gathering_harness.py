"""Builds Gathering of the Wicked states for rule tests."""

import random

from companion import games
from companion.core.actions import parse
from companion.core.table import Seat
from companion.games import gathering as g

HOST = Seat(0, "Narrator", "host")
RNG = random.Random(3)

EIGHT = [("Ann", "maleficent"), ("Bob", "diablo"), ("Cat", "hades"), ("Dan", "pain_and_panic"),
         ("Eve", "prince_john"), ("Fay", "sir_hiss"), ("Gus", "queen_of_hearts"), ("Hal", "king_of_hearts")]
TWELVE = [("Ann", "maleficent"), ("Bob", "diablo"), ("Cat", "mother_gothel"), ("Dan", "stabbington_brothers"),
          ("Eve", "prince_john"), ("Fay", "sir_hiss"), ("Gus", "captain_hook"), ("Hal", "mr_smee"),
          ("Ida", "the_queen"), ("Jon", "magic_mirror"), ("Kim", "hades"), ("Lou", "pain_and_panic")]
SEVEN_KHAN = [("Ann", "maleficent"), ("Bob", "diablo"), ("Cat", "hades"), ("Dan", "pain_and_panic"),
              ("Eve", "prince_john"), ("Fay", "sir_hiss"), ("Kit", "shere_khan")]


def game(chars, mischief, **options):
    s = g.setup(options)
    act(s, type="setup", players=[n for n, _ in chars], characters=[c for _, c in chars])
    act(s, type="deal", characters=dict(chars), mischief=mischief)
    return s


def act(s, seat=HOST, **action):
    """Validate as the server does (the same pydantic models), draw chance, apply."""
    action = parse(games.actions("gathering"), action)
    return g.apply(s, g.prepare(s, action, seat, RNG), seat)


def night(s, target, spy=None, lock=None, save=False, mirror=None):
    """Run the night's steps with these choices; returns the keys of the steps called."""
    called = []
    while s["phase"] == "night":
        step = s["step"]
        called.append(step)
        if step == "spy":
            act(s, type="spy", target=spy or next(p["name"] for p in s["players"]
                                                  if p["alive"] and p["character"] != "maleficent"))
        elif step == "lock_away":
            act(s, type="lock_away", target=lock or next(p["name"] for p in s["players"]
                                                         if p["alive"] and p["name"] != s["last_lock"]))
        elif step == "mischief_target":
            act(s, type="mischief_target", target=target)
        elif step == "hades":
            act(s, type="hades", save=save)
        elif step == "mirror":
            act(s, type="mirror", target=mirror)
        else:
            break
    return called


def alive(s, name):
    return next(p for p in s["players"] if p["name"] == name)["alive"]


def votes_all(s, target, **exceptions):
    """Everyone standing votes for target (or, for target itself, for someone else), with exceptions."""
    standing = [p["name"] for p in s["players"] if p["alive"]]
    other = next(n for n in standing if n != target)
    votes = {n: (target if n != target else other) for n in standing}
    votes.update(exceptions)
    return votes
