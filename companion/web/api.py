"""The JSON API of ../shared/API.md: tables, seats, view, actions, undo, log, OpenAPI."""


from flask import Blueprint, Response, current_app, jsonify, request

from ..core.errors import BadInput, Forbidden
from ..core.i18n import _
from ..core.table import language
from ..core.views import json_text, log_for, view_for
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


def encoded(table, value) -> str:
    """`value` as jsonify writes it: by core.views.json_text, which keeps the texts of a table's
    view parts by identity (the check before the commit wrote most of them), unless the app
    writes JSON otherwise (indented in debug, sorted keys, not ASCII): then by the app."""
    app = current_app._get_current_object()
    provider = app.json
    if app.debug or provider.sort_keys or not provider.ensure_ascii:
        return provider.dumps(value)
    return json_text(table, value)


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
