"""An action's JSON answer is encoded from the texts of the view's parts kept by identity
(companion.web.api.encoded, issue 27): it must be byte for byte what jsonify writes."""

import json

from companion.core.views import view_for

PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def test_the_answer_is_byte_for_byte_what_jsonify_writes_as_the_rolls_grow_and_the_game_moves(app, client):
    from companion.web import api

    t = client.create("gathering", name="Host")
    code, token = t["code"], t["token"]
    for name in PLAYERS:
        client.join(code, name, token=token)
    tables = app.extensions["tables"]
    bodies = [{"type": "setup", "players": PLAYERS,
               "characters": ["maleficent", "diablo", "hades", "pain_and_panic", "prince_john", "sir_hiss"]},
              {"type": "deal"}] + [{"type": "roll", "dice": "2d6", "purpose": f"try {i}"} for i in range(12)]
    for body in bodies:
        r = client.act(code, token, **body)
        assert r.status == 200, r.json
        with app.app_context():
            table = tables.get(code)
            for seat in table.seats.values():
                view = view_for(tables.module(table), table, seat)
                assert api.encoded(table, view) == app.json.dumps(view, separators=(",", ":"))
            host = view_for(tables.module(table), table, table.seats[0])
            assert r.json == {"version": table.version, "view": json.loads(api.encoded(table, host))}
