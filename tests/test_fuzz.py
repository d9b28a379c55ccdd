"""Issue 11.5: fuzzing in `make test`, bounded in time, the same inputs on every run (derandomized).

1. Property-based mutation (Hypothesis): every action of every game, built from its own pydantic
   model with the game's own names, cards and places (so many are accepted and the table moves
   on), then mutated (a field dropped, added, retyped, nested, or garbage), sent through the JSON
   API as every role (host, approved player, pending seat, display), with undos mixed in.
2. Schemathesis against /api/openapi.json, for every game's table: positive and negative cases
   of every operation of the document.

Each answer: never a 500 (nor a refusal that hides a fault of ours: `fault`, `unviewable`), and
a refused request changes nothing (the version and the views stay as they were). Set
FUZZ_REPORT=path to append the counts of a run to that file (the README's figures).
"""

import json
import os
import types
import typing
from collections import Counter

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from schemathesis import GenerationMode

from companion import games
from companion.core.views import view_for
from companion.games import clue, touch_of_evil, villainous
from companion.games import gathering as g
from companion.web import create_app
from companion.web.security import Limiter

from .games.gathering.test_rules import EIGHT
from .helpers import Api, InProcess

ROLES = ("host", "player", "pending", "display")
FAULTS = ("internal", "fault", "unviewable")
MUTATION_EXAMPLES = 300  # per game
SCHEMATHESIS_EXAMPLES = 150  # per game
FUZZ = settings(deadline=None, database=None, derandomize=True, print_blob=True,
                suppress_health_check=list(HealthCheck))

SETUPS = {
    "gathering": None,  # seated and dealt below
    "clue": {"players": ["Ann", "Bob", "Cat"]},
    "villainous": {"players": [{"name": "Ann", "villain": "jafar"}, {"name": "Bob", "villain": "ursula"},
                               {"name": "Cat", "villain": "prince_john"}]},
    "touch-of-evil": {"villain": "banshee", "heroes": ["Eliza", "Valeria"], "mode": "cooperative"},
}


def vocabulary(game: str) -> list:
    """The words a game's actions take: names, ids, places; and a few that are almost right."""
    words = ["Ann", "Bob", "Cat", "ann", "\u0410nn", "Nobody", "", " ", "host", "envelope", "x" * 41]
    if game == "gathering":
        words += [n for n, _ in EIGHT] + [c for _, c in EIGHT] + list(g.CHARS)
        words += ["start", "pause", "add", "save", "defeat", "digital", "physical", "spy", "night"]
    elif game == "clue":
        words += [c["id"] for ed in clue.DATA["editions"].values() for cat in ed["categories"]
                  for c in ({"id": clue.card_id(n)} for n in cat["cards"])] + clue.MOVERS + ["Dr. Facilier", "classic"]
    elif game == "villainous":
        words += list(villainous.VILLAINS) + [loc for v in villainous.VILLAINS.values() for loc in v["locations"]]
    else:
        words += touch_of_evil.locations({}) + list(touch_of_evil.VILLAINS) + ["Lord Hanbrook", "Judge Croft",
                                                                               "Eliza", "Valeria", "Watchman"]
    return words


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
                    | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)


def of_type(tp, words, depth=0):
    """A strategy of plausible values for a field's annotation."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    word = st.sampled_from(words) | st.text(max_size=12)
    if origin is typing.Annotated:
        return of_type(args[0], words, depth)
    if origin is typing.Literal:
        return st.sampled_from(args)
    if origin in (typing.Union, types.UnionType):
        return st.one_of([of_type(a, words, depth) for a in args])
    if origin is list:
        return st.lists(of_type(args[0], words, depth + 1), max_size=9 if depth == 0 else 3)
    if origin is dict:
        return st.dictionaries(of_type(args[0], words, depth + 1), of_type(args[1], words, depth + 1), max_size=9)
    if tp is type(None):
        return st.none()
    if tp is bool:
        return st.booleans()
    if tp is int:
        return st.integers(-3, 25) | st.sampled_from([0, 1, 6, 18, 80, 81, -81, 10**9])
    if tp is float:
        return st.floats(0, 2e9, allow_nan=False) | st.integers(0, 10**6)
    if tp is str:
        return word
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return model_body(tp, words, depth + 1)
    return JSON


def model_body(model, words, depth=0):
    required, optional = {}, {}
    for name, field in model.model_fields.items():
        if name == "expected_version":
            continue
        s = of_type(field.annotation, words, depth)
        (required if field.is_required() else optional)[name] = s
    return st.fixed_dictionaries(required, optional=optional)


@st.composite
def mutated(draw, body_strategy):
    body = dict(draw(body_strategy))
    how = draw(st.sampled_from(["none", "none", "none", "drop", "add", "retype", "nest", "huge", "expected"]))
    keys = [k for k in body if k != "type"]
    if how == "drop" and body:
        body.pop(draw(st.sampled_from(sorted(body))))
    elif how == "add":
        body[draw(st.text(min_size=1, max_size=10))] = draw(JSON)
    elif how == "retype" and keys:
        body[draw(st.sampled_from(keys))] = draw(JSON)
    elif how == "nest" and keys:
        k = draw(st.sampled_from(keys))
        for _ in range(draw(st.integers(1, 40))):
            body[k] = [body[k]]
    elif how == "huge" and keys:
        body[draw(st.sampled_from(keys))] = draw(st.sampled_from(["\u0000" * 50, "💀" * 3000, "9" * 5000, 10**30]))
    elif how == "expected":
        body["expected_version"] = draw(st.integers(-1, 400) | JSON)
    return body


class Table:
    """One table of one game with a seat of each role, reached through the JSON API in process."""

    def __init__(self, tmp_path, game):
        self.app = create_app(str(tmp_path / f"{game}.db"))
        self.app.extensions["limiter"] = Limiter(10**9)  # the fuzzer guesses codes all the time
        self.app.extensions["create_limiter"] = Limiter(10**9)
        # views compared before and after a refusal: Clue's odds computed here, not arriving later
        self.app.extensions["tables"].compute.close()
        self.app.extensions["tables"].compute = None
        self.c = InProcess(self.app)
        api = Api(self.c)
        t = api.create(game, SETUPS[game], name="Host")
        self.code, self.game = t["code"], game
        self.tokens = {"host": t["token"]}
        if game == "gathering":
            for name, _ in EIGHT:
                seat = api.join(self.code, name, token=t["token"])
                self.tokens.setdefault("player", seat["token"])
            api.ok(self.code, t["token"], type="setup", players=[n for n, _ in EIGHT], characters=[c for _, c in EIGHT])
        else:
            self.tokens["player"] = api.join(self.code, "Ann", token=t["token"])["token"]
        self.tokens["display"] = api.join(self.code, "Board", role="display", token=t["token"])["token"]
        self.tokens["pending"] = api.join(self.code, "Stranger")["token"]
        self.tables = self.app.extensions["tables"]
        self.counts = Counter()

    def snapshot(self, role):
        table = self.tables.get(self.code)
        module = self.tables.module(table)
        _, host = self.tables.authenticate(self.code, self.tokens["host"])
        _, seat = self.tables.authenticate(self.code, self.tokens[role])
        return table.version, json.dumps([view_for(module, table, host), view_for(module, table, seat)], sort_keys=True)

    def send(self, role, body, path="actions"):
        before = self.snapshot(role)
        r = self.c("POST", f"/api/tables/{self.code}/{path}", raw=json.dumps(body).encode(), token=self.tokens[role])
        self.counts[r.status] += 1
        assert r.status < 500, (role, body, r.text[:300])
        if r.status >= 400:
            assert r.json and r.json["error"] and r.json["code"] not in FAULTS, (role, body, r.text[:300])
            assert self.snapshot(role) == before, ("a refused request changed the table", role, body)
        else:
            assert r.status == 200 and r.json["version"] == before[0] + 1, (role, body, r.text[:200])


def report(kind, game, counts):
    path = os.environ.get("FUZZ_REPORT")
    if path:
        with open(path, "a") as f:
            f.write(json.dumps({"kind": kind, "game": game, "requests": sum(counts.values()),
                                "statuses": dict(sorted(counts.items()))}) + "\n")


@pytest.mark.parametrize("game", games.IDS)
def test_mutated_actions_of_every_game_as_every_role_never_get_a_500_and_refusals_change_nothing(tmp_path, game):
    table = Table(tmp_path, game)
    words = vocabulary(game)
    models = games.actions(game)
    bodies = {m: model_body(m, words).map(lambda b, m=m: {"type": m.model_fields["type"].annotation.__args__[0], **b})
              for m in models}

    @settings(FUZZ, max_examples=len(models) * len(ROLES))
    @given(data=st.data())
    def every_action_as_every_role(data):  # each (action, role) once at least
        i = data.draw(st.integers(0, len(models) * len(ROLES) - 1))
        model, role = models[i // len(ROLES)], ROLES[i % len(ROLES)]
        table.send(role, data.draw(bodies[model]))

    @settings(FUZZ, max_examples=MUTATION_EXAMPLES)
    @given(data=st.data())
    def mutations(data):
        role = data.draw(st.sampled_from(ROLES))
        if data.draw(st.integers(0, 19)) == 0:
            table.send(role, data.draw(st.fixed_dictionaries({}, optional={"expected_version": JSON})), path="undo")
        elif data.draw(st.integers(0, 29)) == 0:
            table.send(role, data.draw(JSON))  # not even an object
        else:
            table.send(role, data.draw(mutated(bodies[data.draw(st.sampled_from(models))])))

    for model in models:  # and deterministically: every action, as every role
        for role in ROLES:
            table.send(role, {"type": model.model_fields["type"].annotation.__args__[0]})
    every_action_as_every_role()
    mutations()
    report("mutation", game, table.counts)
    assert table.counts[200] > 0 and sum(table.counts.values()) >= MUTATION_EXAMPLES  # it did act, and refuse


@pytest.mark.parametrize("game", games.IDS)
def test_schemathesis_finds_no_500_in_the_openapi_document(tmp_path, game):
    table = Table(tmp_path, game)
    doc = json.loads(table.c("GET", "/api/openapi.json").text)  # the served document, this game's actions in it
    doc["paths"]["/api/tables/{code}/actions"]["post"]["requestBody"]["content"]["application/json"]["schema"] = {
        "$ref": f"#/components/schemas/Action_{game}"}
    create = doc["paths"]["/api/tables"]["post"]["requestBody"]["content"]["application/json"]["schema"]["properties"]
    create["game"] = {"enum": [game]}
    create["options"] = {"$ref": "#/components/schemas/" + games.get(game).options.__name__}
    schema = schemathesis.openapi.from_dict(doc)
    schema.app, schema.location = table.app, "/api/openapi.json"
    strategy = st.one_of(schema.as_strategy(GenerationMode.POSITIVE), schema.as_strategy(GenerationMode.NEGATIVE))
    counts = Counter()

    @settings(FUZZ, max_examples=SCHEMATHESIS_EXAMPLES)
    @given(case=strategy, role=st.sampled_from(ROLES + ("none",)), guess=st.integers(0, 9), seat=st.integers(0, 9))
    def run(case, role, guess, seat):
        if "code" in (case.path_parameters or {}) and guess < 9:  # mostly this table; sometimes a guess
            case.path_parameters["code"] = table.code
            if "seat" in case.path_parameters and seat < 9:
                case.path_parameters["seat"] = seat  # mostly a seat of this table
        if role == "host" and (case.method == "DELETE" or case.formatted_path.endswith("/token")):
            role = "player"  # the host may end the table or revoke seats: tested elsewhere, not here
        headers = {"Accept-Encoding": "identity"}
        if role != "none":
            headers["Authorization"] = f"Bearer {table.tokens[role]}"
        before = table.snapshot("host")
        r = case.call(headers=headers)
        counts[r.status_code] += 1
        if os.environ.get("FUZZ_DEBUG") and r.status_code == 404:
            print("404", case.method, case.formatted_path, r.text[:80])
        assert r.status_code < 500, (case.method, case.formatted_path, case.body, r.text[:300])
        if r.status_code >= 400:
            body = json.loads(r.text)
            assert body["error"] and body["code"] not in FAULTS, r.text[:300]
            assert table.snapshot("host") == before, ("a refused request changed the table", case.method,
                                                      case.formatted_path, case.body)

    run()
    report("schemathesis", game, counts)
    assert counts and all(s < 500 for s in counts)
