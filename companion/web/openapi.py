"""The OpenAPI 3.1 document, generated from the same pydantic models that validate actions."""

from functools import lru_cache

from pydantic.json_schema import models_json_schema

from .. import games
from ..core import i18n
from ..core.actions import COMMON

ERR = {"type": "object", "required": ["error", "code"],
       "properties": {"error": {"type": "string"}, "code": {"type": "string"}}}


def _ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema):
    return {"content": {"application/json": {"schema": schema}}}


def _errors(*codes):
    text = {400: "Malformed input", 401: "No token, or not this table's", 403: "This seat may not do this",
            404: "No such table", 409: "expected_version is stale", 422: "The rules forbid it now",
            413: "The body is over 64 KB", 429: "Too many wrong codes, or tables created"}
    return {str(c): {"description": text[c], **_json(_ref("Error"))} for c in codes}


@lru_cache(maxsize=1)
def document() -> dict:
    models = list(COMMON)
    for _, module in games.all_games():
        models += [m for m in (*module.actions, module.options) if m not in models]
    keys, defs = models_json_schema([(m, "validation") for m in models], ref_template="#/components/schemas/{model}")
    ref = {m: keys[(m, "validation")] for m in models}
    schemas = dict(defs.get("$defs", {}))
    schemas["Error"] = ERR
    for gid, module in games.all_games():
        schemas[f"Action_{gid}"] = {"oneOf": [ref[m] for m in (*COMMON, *module.actions)],
                                    "discriminator": {"propertyName": "type"},
                                    "description": f"Every action of the game {gid}."}
    any_action = {"oneOf": [_ref(f"Action_{g}") for g in games.IDS]}
    bearer = [{"bearer": []}]
    view = {"type": "object", "required": ["version", "view"],
            "properties": {"version": {"type": "integer"}, "view": {"type": "object"}}}
    code = [{"name": "code", "in": "path", "required": True, "schema": {"type": "string"}}]
    seat = code + [{"name": "seat", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 0}}]
    return {
        "openapi": "3.1.0",
        "info": {"title": "Table companion API", "version": "1.0.0",
                 "description": "Every change is one action applied by the server to one table."},
        "components": {"schemas": schemas, "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
        "paths": {
            "/api/tables": {"post": {
                "summary": "Create a table; the answer is the host's seat.",
                "requestBody": _json({"type": "object", "required": ["game"], "properties": {
                    "game": {"enum": list(games.IDS)}, "options": {"oneOf": [ref[games.get(g).options] for g in games.IDS]},
                    "name": {"type": "string", "maxLength": 40},
                    "language": {"enum": list(i18n.LOCALES),
                                 "description": "The table's language (narration, display, shared log); default: "
                                                "the request's (Accept-Language)."}}}),
                "responses": {"201": {"description": "Created", **_json({"type": "object", "properties": {
                    "code": {"type": "string"}, "token": {"type": "string"}, "seat": {"type": "integer"},
                    "url": {"type": "string"}, "language": {"enum": list(i18n.LOCALES)}}})}, **_errors(400, 422)}}},
            "/api/tables/{code}/seats": {"post": {
                "summary": "Join a table. With the host's token the seat is approved at once.",
                "parameters": code,
                "requestBody": _json({"type": "object", "required": ["name"], "properties": {
                    "name": {"type": "string", "maxLength": 40}, "role": {"enum": ["player", "display"]}}}),
                "responses": {"201": {"description": "Joined", **_json({"type": "object", "properties": {
                    "seat": {"type": "integer"}, "token": {"type": "string"}, "approved": {"type": "boolean"}}})},
                    **_errors(400, 401, 404, 422, 429)}}},
            "/api/tables/{code}/seats/{seat}/approve": {"post": {
                "summary": "Approve a pending seat (host only).", "security": bearer, "parameters": seat,
                "responses": {"200": {"description": "Approved"}, **_errors(400, 401, 403, 404, 429)}}},
            "/api/tables/{code}/seats/{seat}/token": {"post": {
                "summary": "Give a seat a new token (host only): its old token stops working and its sockets close.",
                "security": bearer, "parameters": seat,
                "responses": {"200": {"description": "The new token", **_json({"type": "object", "properties": {
                    "seat": {"type": "integer"}, "token": {"type": "string"}}})},
                    **_errors(400, 401, 403, 404, 422, 429)}}},
            "/api/tables/{code}/seats/{seat}": {"delete": {
                "summary": "Remove a seat, pending or approved (host only): its token stops working and its sockets close.",
                "security": bearer, "parameters": seat,
                "responses": {"204": {"description": "Removed"}, **_errors(401, 403, 404, 422, 429)}}},
            "/api/tables/{code}": {"get": {
                "summary": "The table as this seat may see it.", "security": bearer, "parameters": code,
                "responses": {"200": {"description": "The view", **_json({"type": "object", "properties": {
                    "game": {"type": "string"}, "version": {"type": "integer"}, "you": {"type": "object"},
                    "language": {"enum": list(i18n.LOCALES)}, "view": {"type": "object"}}})},
                    **_errors(401, 404, 429)}},
                "delete": {
                "summary": "End the table (host only): its seats, log and notes are deleted; then 404.",
                "security": bearer, "parameters": code,
                "responses": {"204": {"description": "Deleted"}, **_errors(401, 403, 404, 429)}}},
            "/api/tables/{code}/actions": {"post": {
                "summary": "Apply one action.", "security": bearer, "parameters": code,
                "requestBody": _json(any_action),
                "responses": {"200": {"description": "Applied", **_json(view)},
                              **_errors(400, 401, 403, 404, 409, 422, 429)}}},
            "/api/tables/{code}/undo": {"post": {
                "summary": "Take back the last action (host: any; others: their own while it is last).",
                "security": bearer, "parameters": code,
                "requestBody": _json({"type": "object", "properties": {"expected_version": {"type": "integer"}}}),
                "responses": {"200": {"description": "Taken back", **_json(view)},
                              **_errors(400, 401, 403, 404, 409, 422, 429)}}},
            "/api/tables/{code}/log": {"get": {
                "summary": "The event log as this seat may see it.", "security": bearer, "parameters": code,
                "responses": {"200": {"description": "Events", **_json({"type": "object", "properties": {
                    "events": {"type": "array", "items": {"type": "object"}}}})}, **_errors(401, 404, 429)}}},
            "/api/tables/{code}/export": {"get": {
                "summary": "The table's public log and final public view, to keep (host only).",
                "security": bearer, "parameters": code,
                "responses": {"200": {"description": "The public log", **_json({"type": "object", "properties": {
                    "code": {"type": "string"}, "game": {"type": "string"}, "events": {"type": "array"},
                    "final": {"type": "object"}}})}, **_errors(401, 403, 404, 429)}}},
            "/api/openapi.json": {"get": {"summary": "This document.",
                                          "responses": {"200": {"description": "OpenAPI 3.1"}}}},
            "/healthz": {"get": {
                "summary": "Whether this process can serve: its store answers and, with PostgreSQL, it hears the "
                           "other processes and is not shutting down (for a load balancer).",
                "responses": {
                    "200": {"description": "Healthy", **_json({"type": "object", "required": ["ok"], "properties": {
                        "ok": {"const": True}, "sockets": {"type": "integer"},
                        "store": {"enum": ["sqlite", "postgresql"]}}})},
                    "503": {"description": "Not able to serve", **_json({"type": "object", "properties": {
                        "ok": {"const": False}, "error": {"type": "string"}}})}}}},
        },
    }
