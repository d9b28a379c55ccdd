"""The JSON API of ../shared/API.md: tables, seats, view, actions, undo, log, OpenAPI."""

from flask import Blueprint, current_app, jsonify, request

from ..core.errors import BadInput, Forbidden
from ..core.views import log_for, view_for
from . import openapi
from .security import bearer, find_table, same_origin, token_for

bp = Blueprint("api", __name__, url_prefix="/api")


def tables():
    return current_app.extensions["tables"]


def body() -> dict:
    data = request.get_json(silent=True, force=True) if request.content_length else {}
    if data is None:
        raise BadInput("The body is not valid JSON.")
    if not isinstance(data, dict):
        raise BadInput("The body must be a JSON object.")
    return data


def seat_of(code: str):
    table = find_table(code)
    if request.method == "POST" and not bearer() and not same_origin():
        raise Forbidden("A browser's cookie works only from this app's own pages.")
    return tables().authenticate(table.code, token_for(table.code))


def answer(table, seat, status=200, **extra):
    module = tables().module(table)
    return jsonify({"version": table.version, "view": view_for(module, table, seat), **extra}), status


@bp.post("/tables")
def create_table():
    data = body()
    table, seat, token = tables().create(data.get("game"), data.get("options"), data.get("name"))
    return jsonify({"code": table.code, "token": token, "seat": seat.id,
                    "url": f"{request.host_url}tables/{table.code}"}), 201


@bp.post("/tables/<code>/seats")
def add_seat(code):
    data = body()
    table = find_table(code)
    by = None
    if bearer() or token_for(table.code):
        _, by = tables().authenticate(table.code, token_for(table.code))
    seat, token = tables().join(table.code, data.get("name"), data.get("role", "player"), by=by)
    return jsonify({"seat": seat.id, "token": token, "approved": seat.approved}), 201


@bp.post("/tables/<code>/seats/<seat_id>/approve")
def approve(code, seat_id):
    body()
    table, by = seat_of(code)
    seat = tables().approve(table.code, by, int(seat_id) if seat_id.isdigit() else seat_id)
    return jsonify({"seat": seat.id, "approved": True})


@bp.get("/tables/<code>")
def get_table(code):
    table, seat = seat_of(code)
    module = tables().module(table)
    return jsonify({"game": table.game, "version": table.version,
                    "you": {"seat": seat.id, "role": seat.role, "name": seat.name, "approved": seat.approved},
                    "view": view_for(module, table, seat)})


@bp.post("/tables/<code>/actions")
def post_action(code):
    data = body()
    table, seat = seat_of(code)
    tables().act(table.code, seat, data)
    return answer(table, seat)


@bp.post("/tables/<code>/undo")
def post_undo(code):
    data = body()
    table, seat = seat_of(code)
    tables().undo(table.code, seat, data)
    return answer(table, seat)


@bp.get("/tables/<code>/log")
def get_log(code):
    table, seat = seat_of(code)
    return jsonify({"events": log_for(tables().module(table), table, seat)})


@bp.get("/openapi.json")
def openapi_doc():
    return jsonify(openapi.document())
