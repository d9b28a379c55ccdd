"""The JSON API of ../shared/API.md: tables, seats, view, actions, undo, log, OpenAPI."""

import json
from json.encoder import encode_basestring, encode_basestring_ascii
from operator import is_

from flask import Blueprint, Response, current_app, jsonify, request

from ..core.errors import BadInput, Forbidden
from ..core.i18n import _
from ..core.table import language
from ..core.views import log_for, view_for
from . import forms, openapi
from .security import bearer, creating, find_table, same_origin, token_for

bp = Blueprint("api", __name__, url_prefix="/api")


def tables():
    return current_app.extensions["tables"]


def body() -> dict:
    raw = request.get_data(cache=True) if request.content_length else b""
    if not raw:
        return {}
    data = forms.loads(raw)
    if not isinstance(data, dict):
        raise BadInput(_("The body must be a JSON object."))
    return data


def seat_of(code: str):
    table = find_table(code)
    if request.method != "GET" and not bearer() and not same_origin():
        raise Forbidden(_("A browser's cookie works only from this app's own pages."))
    return tables().authenticate(table.code, token_for(table.code))


FRAGMENTS_MAX = 20000  # JSON texts of a table's view parts kept (by identity); cleared whole when full


def _json(app):
    """jsonify's encoding (the app's settings, compact), made once: (any value, a plain value)."""
    kept = app.extensions.get("json view")
    if kept is None:
        provider = app.json
        whole = json.JSONEncoder(ensure_ascii=provider.ensure_ascii, sort_keys=provider.sort_keys,
                                 separators=(",", ":"), default=provider.default).encode
        text = encode_basestring_ascii if provider.ensure_ascii else encode_basestring

        def plain(v):
            kind = type(v)
            if kind is str:
                return text(v)
            if v is None:
                return "null"
            if kind is bool:
                return "true" if v else "false"
            if kind is int:
                return int.__repr__(v)
            return whole(v)

        kept = app.extensions["json view"] = (whole, plain)
    return kept


def encoded(table, value) -> str:
    """`value` (a view, or anything JSON holds) as jsonify writes it, its parts' texts kept for
    the table by identity: a view shares most parts with the version before (the game's view
    after a roll), so an answer encodes only what is new; a list that grew (the rolls) adds its
    new items' texts to the text of the list it grew from. Views and states
    are never changed in place (core.views), so an object's text stays true while it lives."""
    app = current_app._get_current_object()
    if app.debug or app.json.sort_keys:  # jsonify indents or sorts then: leave it to Flask
        return app.json.dumps(value)
    whole, plain = _json(app)
    memo = table.views.setdefault("shared", {}).setdefault("json", {})
    if len(memo) > FRAGMENTS_MAX:
        memo.clear()

    def part(v):
        if not isinstance(v, (dict, list)):
            return plain(v)
        kept = memo.get(id(v))
        if kept is not None and kept[0] is v:
            return kept[1]
        grown = memo.get(("grown", id(v[0]))) if type(v) is list and v else None  # the last list seen starting so
        if grown is not None and len(grown[0]) < len(v) and all(map(is_, grown[0], v)):
            text = grown[1][:-1] + "," + ",".join(map(whole, v[len(grown[0]):])) + "]"  # (never empty: v[0] is in)
        else:
            text = whole(v)
        if type(v) is list and v:
            memo[("grown", id(v[0]))] = (v, text)  # v holds v[0]: its id is never reused meanwhile
        memo[id(v)] = (v, text)  # the reference held keeps the id from being reused
        return text

    if not isinstance(value, dict) or not all(type(k) is str for k in value):
        return whole(value)
    return "{" + ",".join(f"{plain(k)}:{part(x)}" for k, x in value.items()) + "}"


def view_json(table, seat, **fields) -> Response:
    """A JSON answer holding this seat's view (as jsonify would write it, with fewer encodings)."""
    view = view_for(tables().module(table), table, seat)
    head = encoded(table, fields)[1:-1]
    text = "{" + head + ("," if head else "") + '"view":' + encoded(table, view) + "}"
    return current_app.response_class(text + "\n", mimetype=current_app.json.mimetype)


def answer(table, seat, status=200, **extra):
    return view_json(table, seat, version=table.version, **extra), status


@bp.post("/tables")
def create_table():
    data = body()
    with creating():
        table, seat, token = tables().create(data.get("game"), data.get("options"), data.get("name"),
                                             data.get("language"))
    return jsonify({"code": table.code, "token": token, "seat": seat.id,
                    "url": f"{request.host_url}tables/{table.code}", "language": language(table)}), 201


@bp.post("/tables/<code>/seats")
def add_seat(code):
    data = body()
    table = find_table(code)
    by = None
    if bearer() or token_for(table.code):
        _, by = seat_of(table.code)
    seat, token = tables().join(table.code, data.get("name"), data.get("role", "player"), by=by)
    return jsonify({"seat": seat.id, "token": token, "approved": seat.approved}), 201


@bp.post("/tables/<code>/seats/<seat_id>/approve")
def approve(code, seat_id):
    body()
    table, by = seat_of(code)
    seat = tables().approve(table.code, by, seat_id)
    return jsonify({"seat": seat.id, "approved": True})


@bp.post("/tables/<code>/seats/<seat_id>/token")
def new_token(code, seat_id):
    """The host gives a seat a new token; the old one (and its sockets) stop working at once."""
    body()
    table, by = seat_of(code)
    seat, token = tables().new_link(table.code, by, seat_id, personal=False)
    return jsonify({"seat": seat.id, "token": token})


@bp.delete("/tables/<code>/seats/<seat_id>")
def remove_seat(code, seat_id):
    table, by = seat_of(code)
    tables().remove_seat(table.code, by, seat_id)
    return Response(status=204)


@bp.delete("/tables/<code>")
def delete_table(code):
    table, by = seat_of(code)
    tables().delete(table.code, by)
    return Response(status=204)


@bp.get("/tables/<code>")
def get_table(code):
    table, seat = seat_of(code)
    return view_json(table, seat, game=table.game, version=table.version, language=language(table),
                     you={"seat": seat.id, "role": seat.role, "name": seat.name, "approved": seat.approved})


@bp.post("/tables/<code>/actions")
def post_action(code):
    data = body()
    table, seat = seat_of(code)
    table = tables().act(table.code, seat, data)
    return answer(table, seat)


@bp.post("/tables/<code>/undo")
def post_undo(code):
    data = body()
    table, seat = seat_of(code)
    table = tables().undo(table.code, seat, data)
    return answer(table, seat)


@bp.get("/tables/<code>/log")
def get_log(code):
    table, seat = seat_of(code)
    return jsonify({"events": log_for(tables().module(table), table, seat)})


@bp.get("/tables/<code>/export")
def export(code):
    """The host keeps the table's public log (what every seat saw) as JSON, e.g. before deleting it."""
    table, by = seat_of(code)
    return jsonify(tables().public_log(table.code, by))


@bp.get("/openapi.json")
def openapi_doc():
    return jsonify(openapi.document())
