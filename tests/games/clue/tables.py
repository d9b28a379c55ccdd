"""The Clue tables the tests play: seated from options, each player with a seat of their name."""

from ...rules import Game


def game(players=("Ann", "Bob", "Cat"), **options):
    """A table of these players, seated from the options, each with a seat of their name."""
    return Game("clue", {"players": list(players), **options}, players=players)


def unseated(players=("Ann", "Bob", "Cat")):
    """A table created without players: the host seats them with the setup form."""
    return Game("clue", players=players)


ANN_HAND = ["ursula", "evil_queen", "talisman", "potion", "laboratory", "lair_2"]  # Ann's six cards
PLAYERS = ("Ann", "Bob", "Cat")
ANN = ANN_HAND
BOB = ["jafar", "hades", "shell", "scarab", "lair_3", "lair_4"]


def played(host_player=None):
    """Ann and Bob with their hands, two suggestions (Ann shown the Shell, Bob noting what he
    showed), Ann's mark and Cat's wrong accusation."""
    opts = {"players": list(PLAYERS), "movers": {"Ann": "Evil Queen"}}
    if host_player:
        opts["host_player"] = host_player
    g = Game("clue", opts, players=PLAYERS)
    ann = "host" if host_player == "Ann" else "Ann"
    g.act(ann, type="hand", cards=ANN)
    g.act("Bob", type="hand", cards=BOB)
    g.act(ann, type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob", shown="shell")
    g.act("Bob", type="showed", suggestion=1, card="shell")
    g.act("Bob", type="suggestion", by="Bob", cards=["ursula", "potion", "lair_5"], disproved_by="Ann")
    g.act(ann, type="mark", card="hades", holder="Cat", value="lacks")
    g.act("Cat", type="accusation", by="Cat", cards=["maleficent", "scepter", "lair_9"], correct=False)
    return g


def grid(view):
    return {k: view[k] for k in ("notes", "probabilities", "envelope")}
