"""The htmx pages: home, join, and the table page for every role."""

import io
import json

import segno
from flask import (
    Blueprint,
    Response,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    send_from_directory,
)

from .. import games
from ..core import i18n
from ..core.errors import Forbidden, Refusal, TooMany
from ..core.i18n import N_, _
from ..core.views import reader
from ..tables import normal_code
from . import forms
from .render import page_for
from .security import cookie_name, creating, find_table, same_origin, token_for, wrong_guess

bp = Blueprint("pages", __name__)
COOKIE_AGE = 60 * 60 * 24 * 30


def tables():
    return current_app.extensions["tables"]


def hub():
    return current_app.extensions["hub"]


def htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


@bp.record_once
def _register(state):
    state.app.extensions["pages_error"] = error_page


def error_page(message: str, status: int):
    if htmx():
        return render_template("_flash.html", message=message, kind="error"), status
    return render_template("error.html", message=message, status=status), status


@bp.before_request
def guard():
    if request.method == "POST" and not same_origin():
        raise Forbidden(_("This request did not come from this app's own pages."))


def with_cookie(resp, code, token):
    resp.set_cookie(cookie_name(code), token, max_age=COOKIE_AGE, httponly=True, samesite="Lax",
                    secure=request.is_secure, path="/")
    return resp


def reading(table, seat):
    """The language a seat's page is made in: the phone's, a display's the table's."""
    return i18n.use(*reader(table, seat))


def join_url(code: str) -> str:
    return f"{request.host_url}join/{code}"


def seated(code: str):
    """The table and this browser's seat, or None when it holds no seat there."""
    table = find_table(code)
    token = token_for(table.code)
    if not token:
        return table, None
    try:
        return tables().authenticate(table.code, token)
    except Refusal:
        return table, None


@bp.get("/")
def home():
    return render_template("home.html", games=games.all_games(), mine=my_tables())


def my_tables(limit: int = 12) -> list[dict]:
    """The tables this browser holds a seat at (from its seat cookies), so nobody retypes a code."""
    out = []
    for name in list(request.cookies)[:50]:
        if not name.startswith("seat_"):
            continue
        try:
            table, seat = tables().authenticate(normal_code(name[5:]), request.cookies[name])
        except Refusal:
            try:  # a cookie for no seat counts as a wrong guess: many of them look nothing up for free
                wrong_guess()
            except TooMany:
                break
            continue
        out.append({"code": table.code, "title": games.get(table.game).title, "seat": seat.name, "role": seat.role})
        if len(out) >= limit:
            break
    return out


@bp.post("/tables")
def create():
    with creating():
        table, seat, token = tables().create(request.form.get("game"), {}, request.form.get("name") or None,
                                             request.form.get("language") or None)
    return with_cookie(redirect(f"/tables/{table.code}", 303), table.code, token)


@bp.get("/join")
def join_by_code():
    code = normal_code(request.args.get("code", ""))
    if not code:
        return redirect("/", 303)
    return redirect(f"/join/{code}", 303)


@bp.route("/join/<code>", methods=["GET", "POST"])
def join(code):
    table, seat = seated(normal_code(code))
    if seat is not None:
        return redirect(f"/tables/{table.code}", 303)
    if request.method == "GET":
        return render_template("join.html", table=table, game=games.get(table.game))
    try:
        seat, token = tables().join(table.code, request.form.get("name"), request.form.get("role", "player"))
    except Refusal as err:
        return render_template("join.html", table=table, game=games.get(table.game), error=err.message,
                               name=request.form.get("name", "")), err.status
    return with_cookie(redirect(f"/tables/{table.code}", 303), table.code, token)


@bp.route("/tables/<code>/claim", methods=["GET", "POST"])
def claim(code):
    """A personal join link (the host's QR code): /tables/CODE/claim#t=LINK. The link's token is
    after the '#', so no server or proxy ever logs it; the page posts it (static/js/app.js). It
    works once: the first browser gets the seat, with a token of its own, as a cookie."""
    table, seat = seated(normal_code(code))
    if request.method == "GET":
        return render_template("join.html", table=table, game=games.get(table.game), claim=True, seat=seat)
    if seat is not None:
        raise Forbidden(_("This browser already holds the seat {name} at this table; open the link on the "
                          "phone it is meant for.", name=seat.name))
    table, seat, token = tables().claim(table.code, request.form.get("t", ""))
    return with_cookie(redirect(f"/tables/{table.code}", 303), table.code, token)


@bp.get("/tables/<code>")
def table_page(code):
    table, seat = seated(normal_code(code))
    if seat is None:
        return redirect(f"/join/{table.code}", 303)
    with reading(table, seat):
        page = page_for(table, seat)
        return render_template("table.html", regions=hub().renderer.whole(page), digest=page.digest, page=page)


@bp.get("/tables/<code>/qr.svg")
def qr(code):
    table = find_table(normal_code(code))
    return svg_qr(join_url(table.code))


def svg_qr(text: str) -> Response:
    buf = io.BytesIO()
    segno.make(text, error="m").save(buf, kind="svg", scale=6, border=2, dark="#000", light="#fff",
                                     xmldecl=False, svgns=True, title=_("Join code"))
    return Response(buf.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "private, max-age=3600"})


def seat_or_refuse(code: str):
    table, seat = seated(normal_code(code))
    if seat is None:
        raise Forbidden(_("This browser holds no seat at this table; join it first."))
    return table, seat


def answer(table, seat, **flash):
    """The answer to an htmx form: the flash message (swapped into #flash). A page whose socket
    is live already has the new regions (the push precedes this answer); otherwise they come
    here too, out of band."""
    if not htmx():
        return redirect(f"/tables/{table.code}", 303)
    parts = [render_template("_flash.html", kind="ok", **flash)]
    if not hub().connected(table.code, seat.id):
        mine = table.seats[seat.id]
        with reading(table, mine):
            parts.append(hub().renderer.whole(page_for(table, mine), oob=True))
    return Response("\n".join(parts), mimetype="text/html")


def after_change(table, seat, message=None):
    return answer(table, seat, message=message)


@bp.post("/tables/<code>/act")
def act(code):
    table, seat = seat_or_refuse(code)
    table = tables().act(table.code, seat, forms.decode(request.form))
    return after_change(table, seat)


@bp.post("/tables/<code>/undo")
def undo(code):
    table, seat = seat_or_refuse(code)
    table = tables().undo(table.code, seat, {})
    return after_change(table, seat, _("Taken back."))


@bp.post("/tables/<code>/seats")
def add_seat(code):
    """The host adds a seat and shows its personal join QR code once."""
    table, host = seat_or_refuse(code)
    if host.trusted != "host":
        raise Forbidden(_("Only the host can add a seat for someone else."))
    seat, token = tables().join(table.code, request.form.get("name"), request.form.get("role", "player"), by=host,
                                personal=True)
    return personal_link(table, host, seat, token)


def personal_link(table, host, seat, token):
    """The one-time link's QR code, shown once to the host. The token is after the '#'."""
    link = f"{request.host_url}tables/{table.code}/claim#t={token}"
    buf = io.BytesIO()
    segno.make(link, error="m").save(buf, kind="svg", scale=5, border=2, dark="#000", light="#fff",
                                     xmldecl=False, svgns=True, title=_("Join link for {name}", name=seat.name))
    svg = buf.getvalue().decode()
    return answer(table, host, qr_svg=svg, qr_name=seat.name, qr_link=link)


@bp.post("/tables/<code>/seats/<seat_id>/approve")
def approve(code, seat_id):
    table, host = seat_or_refuse(code)
    seat = tables().approve(table.code, host, seat_id)
    return after_change(table, host, _("{name} is approved.", name=seat.name))


@bp.post("/tables/<code>/seats/<seat_id>/remove")
def remove_seat(code, seat_id):
    """The host removes a seat: its phone stops working here at once."""
    table, host = seat_or_refuse(code)
    seat = tables().remove_seat(table.code, host, seat_id)
    return after_change(table, host, _("{name}'s seat is removed.", name=seat.name))


@bp.post("/tables/<code>/seats/<seat_id>/link")
def new_link(code, seat_id):
    """A new personal link for a seat: the old link and the phone that holds the seat stop working."""
    table, host = seat_or_refuse(code)
    seat, token = tables().new_link(table.code, host, seat_id)
    return personal_link(table, host, seat, token)


@bp.post("/tables/<code>/delete")
def delete_table(code):
    """The host ends the table: everything about it is deleted; every seat stops working."""
    table, host = seat_or_refuse(code)
    tables().delete(table.code, host)
    if htmx():
        resp = Response("", headers={"HX-Redirect": "/"})
    else:
        resp = redirect("/", 303)
    resp.delete_cookie(cookie_name(table.code), path="/")
    return resp


@bp.get("/tables/<code>/log.json")
def log_json(code):
    """The table's public log as a file, for the host to keep."""
    table, host = seat_or_refuse(code)
    resp = jsonify(tables().public_log(table.code, host))
    resp.headers["Content-Disposition"] = f'attachment; filename="table-{table.code}.json"'
    return resp


# TRANSLATORS: the installed app's names and description (static/manifest.webmanifest)
MANIFEST_WORDS = {"name": N_("Table companion"), "short_name": N_("Companion"),
                  "description": N_("A live companion for board games played around a real table.")}


@bp.get("/manifest.webmanifest")
def manifest():
    if i18n.current() == i18n.SOURCE:
        resp = send_from_directory(current_app.static_folder, "manifest.webmanifest",
                                   mimetype="application/manifest+json", max_age=3600)
    else:  # the installed app named in the phone's language
        with open(f"{current_app.static_folder}/manifest.webmanifest", encoding="utf-8") as fp:
            doc = json.load(fp)
        doc.update({key: _(words) for key, words in MANIFEST_WORDS.items()}, lang=i18n.current())
        resp = Response(json.dumps(doc, ensure_ascii=False, indent=2), mimetype="application/manifest+json",
                        headers={"Cache-Control": "public, max-age=3600"})
    resp.headers["Vary"] = "Accept-Language, Cookie"
    return resp


@bp.get("/offline")
def offline():
    return render_template("offline.html")


@bp.get("/healthz")
def healthz():
    store = tables().store
    if not store.ping():
        return {"ok": False, "error": "The store does not answer."}, 503
    listener = getattr(store, "listener", None)
    if listener is not None and not listener.alive:
        return {"ok": False, "error": "This process does not hear the other processes' changes."}, 503
    if hub().draining:
        return {"ok": False, "error": "This process is shutting down."}, 503
    return {"ok": True, "sockets": hub().count(), "store": "postgresql" if store.shared else "sqlite"}
