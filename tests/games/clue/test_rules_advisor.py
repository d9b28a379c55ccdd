"""Clue's advisor: the suggestion in your lair expected to reveal the most, yours alone, and
not something Undo takes back."""

from .tables import ANN_HAND, game


def test_the_advisor_names_the_suggestion_expected_to_reveal_the_most_in_your_lair():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    g.act("host", type="suggestion", by="Cat", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    assert g.view("Ann")["advice"] is None  # nothing asked yet
    a = g.act("Ann", type="advise", room="lair_4")["advice"]
    assert a["room"] == "lair_4" and not a["pending"] and not a["too_hard"]
    assert all(r["cards"][2] == "lair_4" for r in a["ranked"]) and a["ranked"][0]["gain"] > 0
    assert a["ranked"] == sorted(a["ranked"], key=lambda r: -r["gain"]) and a["complete"]
    assert "advice" not in g.view("Bob") or g.view("Bob")["advice"] is None  # Ann's question is hers
    assert g.refused("Ann", type="advise", room="jafar") == "Choose a lair: you suggest in the one you are in."


def test_asking_the_advisor_is_not_what_undo_takes_back():
    g = game()
    g.act("Ann", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    view = g.act("Ann", type="advise", room="lair_4")
    assert view["undo"]["label"] == "Undo: Ann's suggestion"
    assert g.undo("Ann")["suggestions"] == [] and g.view("Ann")["room"] == "lair_4"


def test_the_advisor_says_when_several_suggestions_tie_as_the_best():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    a = g.act("Ann", type="advise", room="lair_4")["advice"]
    assert a["tied"] > 1 and a["several_best"]  # nothing entered yet: the unknown cards weigh alike
    g.act("host", type="suggestion", by="Cat", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    a = g.view("Ann")["advice"]
    assert a["several_best"] == (a["tied"] > 1)
