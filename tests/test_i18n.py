"""Each phone in its own language, the table in its own (issue 26): the request's language
(Accept-Language, the picker's cookie), the table's language (creation, the host's change, the
store), the page's catalog for its scripts, refusals in the asker's language with the same code.
The browser half (a French and an English phone live at one table) is tests/test_i18n_browser.py."""

import json
import re

import pytest

from companion.core import i18n
from companion.web import create_app

from .helpers import Api, InProcess

FR = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}


def html_lang(text: str) -> str:
    return re.search(r'<html lang="(\w+)">', text).group(1)


def test_a_page_follows_accept_language(app):
    c = app.test_client()
    assert html_lang(c.get("/", headers=FR).text) == "fr"
    assert html_lang(c.get("/", headers={"Accept-Language": "de-DE,en;q=0.5"}).text) == "en"
    assert html_lang(c.get("/", headers={"Accept-Language": "de-DE"}).text) == "en"  # none we speak: English
    assert html_lang(c.get("/").text) == "en"


def test_the_picker_keeps_the_phone_language_over_accept_language(app):
    c = app.test_client()
    r = c.post("/lang", data={"lang": "en", "next": "/join/ABC"}, headers=FR)
    assert r.status_code == 303 and r.headers["Location"] == "/join/ABC"
    assert "lang=en" in r.headers["Set-Cookie"]
    assert html_lang(c.get("/", headers=FR).text) == "en"
    c.get("/lang?lang=fr&next=/")
    assert html_lang(c.get("/").text) == "fr"


@pytest.mark.parametrize("back", ["https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:x"])
def test_the_picker_goes_back_only_to_this_site(app, back):
    r = app.test_client().post("/lang", data={"lang": "fr", "next": back})
    assert r.status_code == 303 and r.headers["Location"] == "/"


def test_every_top_level_page_offers_the_picker(app):
    c = app.test_client()
    api = Api(InProcess(app))
    t = api.create("villainous", name="Ann")
    for path in ("/", f"/join/{t['code']}", "/offline"):
        text = c.get(path).text
        assert 'action="/lang"' in text and 'value="fr"' in text and "Français" in text, path
    c.set_cookie(f"seat_{t['code']}", t["token"])
    assert 'action="/lang"' in c.get(f"/tables/{t['code']}").text


def test_the_table_language_is_chosen_at_creation_and_defaults_to_the_creator(app):
    api = Api(InProcess(app))
    made = api.request("POST", "/api/tables", {"game": "villainous", "language": "fr"})
    assert made.status == 201 and made.json["language"] == "fr"
    got = api.request("GET", f"/api/tables/{made.json['code']}", token=made.json["token"]).json
    assert got["language"] == "fr"
    by_french = api.request("POST", "/api/tables", {"game": "villainous"}, headers=FR).json
    assert by_french["language"] == "fr"
    plain = api.request("POST", "/api/tables", {"game": "villainous"}).json
    assert plain["language"] == "en"
    bad = api.request("POST", "/api/tables", {"game": "villainous", "language": "xx"})
    assert bad.status == 400 and bad.json["code"] == "bad_request"


def test_the_home_form_creates_a_table_in_the_chosen_language(app):
    c = app.test_client()
    page = c.get("/", headers=FR).text
    assert re.search(r'name="language" value="fr" checked', page)
    r = c.post("/tables", data={"game": "villainous", "name": "Ann", "language": "fr"},
               headers={"Origin": "http://localhost"})
    assert r.status_code == 303
    code = r.headers["Location"].rsplit("/", 1)[1]
    assert app.extensions["tables"].get(code).language == "fr"


def test_only_the_host_changes_the_table_language(client, client_table):
    t = client_table
    r = client.act(t["code"], t["bob"], type="language", language="fr")
    assert r.status == 403 and r.json["code"] == "forbidden"
    r = client.act(t["code"], t["bob"], type="language", language="fr")
    assert r.status == 403
    assert client.request("GET", f"/api/tables/{t['code']}", token=t["host"]).json["language"] == "en"
    client.ok(t["code"], t["host"], type="language", language="fr")
    assert client.request("GET", f"/api/tables/{t['code']}", token=t["bob"]).json["language"] == "fr"
    r = client.act(t["code"], t["host"], type="language", language="de")
    assert r.status == 400


def closed(app):
    app.extensions["tables"].compute.close()
    if app.extensions["tables"].store.shared:
        app.extensions["tables"].store.close()


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
def test_the_table_language_survives_a_restart_and_reaches_another_process(request, tmp_path, store):
    db = request.getfixturevalue("postgres").database() if store == "postgresql" else str(tmp_path / "lang.db")
    app = create_app(db)
    api = Api(InProcess(app))
    a = api.request("POST", "/api/tables", {"game": "villainous", "language": "fr"}).json
    b = api.request("POST", "/api/tables", {"game": "villainous"}).json
    other = create_app(db) if store == "postgresql" else None  # a second process on the same database
    if other is not None:
        assert Api(InProcess(other)).request("GET", f"/api/tables/{b['code']}", token=b["token"]).json["language"] == "en"
    api.ok(b["code"], b["token"], type="language", language="fr")
    if other is not None:  # it hears the change (NOTIFY) a moment later
        from .helpers import wait_for

        wait_for(lambda: Api(InProcess(other)).request("GET", f"/api/tables/{b['code']}",
                                                       token=b["token"]).json["language"] == "fr")
        closed(other)
    closed(app)
    again = create_app(db)
    for t in (a, b):
        assert Api(InProcess(again)).request("GET", f"/api/tables/{t['code']}", token=t["token"]).json["language"] == "fr"
    closed(again)


def test_a_refusal_follows_accept_language_with_the_same_code(client, client_table):
    t = client_table
    en = client.request("POST", f"/api/tables/{t['code']}/actions", {"type": "language", "language": "fr"},
                        token=t["bob"])
    fr = client.request("POST", f"/api/tables/{t['code']}/actions", {"type": "language", "language": "fr"},
                        token=t["bob"], headers=FR)
    assert en.status == fr.status == 403 and en.json["code"] == fr.json["code"] == "forbidden"
    assert en.json["error"] == "Only the host can change the table's language."
    with i18n.use("fr"):
        assert fr.json["error"] == i18n._("Only the host can change the table's language.")
    assert fr.json["error"] != en.json["error"]


def catalog_of(text: str):
    m = re.search(r'<script type="application/json" id="i18n">(.*?)</script>', text, re.S)
    return json.loads(m.group(1)) if m else None


def test_a_french_page_carries_its_scripts_catalog_as_json_and_an_english_one_none(app):
    c = app.test_client()
    fr = catalog_of(c.get("/", headers=FR).text)
    assert fr["plural"] == "n>1" and isinstance(fr["messages"], dict)
    assert fr["messages"].get("Live") == "En direct"
    assert catalog_of(c.get("/").text) is None
    r = c.get("/", headers=FR)
    assert "script-src 'self'" in r.headers["Content-Security-Policy"]  # data, not a script: the policy stands


def test_a_catalog_cannot_close_its_element():
    from companion.web.locale import catalog

    text = catalog("fr", ())
    assert "<" not in text and ">" not in text and "&" not in text


def test_english_regions_are_the_same_bytes_as_before_translations(tmp_path):
    """The shared regions of an English host's page, rendered at the commit before issue 26
    (tests/english_regions_before_i18n.txt), are the same bytes now but for what issue 26 added:
    the phone's language and (the host's) the table's language, in the header's menu, and the
    hint beside the code that it opens the QR code."""
    import random
    from pathlib import Path

    app = create_app(str(tmp_path / "en.db"), rng=random.Random(7))
    c = InProcess(app)
    api = Api(c)
    t = api.create("clue", {}, name="Ann")
    code = t["code"]
    bob = api.join(code, "Bob", token=t["token"])["token"]
    api.join(code, "Cleo")
    api.ok(code, bob, type="roll", dice="2d6")
    c.client.set_cookie(f"seat_{code}", t["token"])
    page = c("GET", f"/tables/{code}", headers={"Accept-Language": "en-GB,en;q=0.8"}).text.replace(code, "CODE")
    page = re.sub(r'<form action="/lang" method="post" class="lang-pick">.*?</form>\n', "", page, flags=re.S)
    page = re.sub(r'    <form [^>]*class="stack table-language">.*?</form>\n', "", page, flags=re.S)
    page = page.replace(' <span class="joiner-hint">QR code to join</span>', "")
    got = []
    for rid in ("header", "news", "now", "undo", "dice", "memo", "seats"):
        m = re.search(rf'<div id="r-{rid}" class="region">(.*?)</div>(?=<div id="r-|<section id="r-game"|</div>\n</div>)',
                      page, re.S)
        got.append(f"### {rid}\n{m.group(1) if m else None}")
    before = (Path(__file__).parent / "english_regions_before_i18n.txt").read_text(encoding="utf-8")
    assert "\n".join(got) + "\n" == before
    assert catalog_of(page) is None and html_lang(page) == "en"
    app.extensions["tables"].compute.close()


def test_a_pages_refusal_follows_the_phones_language(app):
    from .helpers import seated_table

    api = Api(InProcess(app))
    t = seated_table(api)
    c = app.test_client()
    c.set_cookie(f"seat_{t['code']}", t["bob"])
    c.set_cookie("lang", "fr")
    r = c.post(f"/tables/{t['code']}/act", data={"type": "language", "language": "fr"},
               headers={"HX-Request": "true", "Origin": "http://localhost"})
    assert r.status_code == 403 and "Seul l&#39;hôte peut changer la langue de la table." in r.text
    r = c.get("/join/ZZZZZZZ")
    assert r.status_code == 404 and "Aucune table n&#39;a ce code." in r.text and html_lang(r.text) == "fr"


def test_validation_refusals_are_whole_french_sentences(client, client_table):
    t = client_table
    r = client.request("POST", f"/api/tables/{t['code']}/actions", {"type": "roll", "dice": "x"}, token=t["bob"],
                       headers=FR)
    assert r.status == 400 and r.json["error"] == "«\u00a0x\u00a0» n'est pas une formule de dés\u00a0; écris par exemple d6, 2d6 ou 3d10."
    r = client.request("POST", f"/api/tables/{t['code']}/actions", {"type": "memo", "text": "a" * 2001},
                       token=t["bob"], headers=FR)
    assert r.status == 400 and r.json["error"] == "Une note fait au plus 2000 caractères."
    r = client.request("POST", f"/api/tables/{t['code']}/actions", {"type": "memo", "text": 3}, token=t["bob"],
                       headers=FR)
    assert r.status == 400 and r.json["error"] == "Une note doit être du texte."
    r = client.request("GET", "/api/tables/ZZZZZZZ", headers=FR)
    assert r.status == 404 and r.json == {"error": "Aucune table n'a ce code.", "code": "not_found"}


def test_the_hosts_count_of_waiting_phones_agrees_in_number_in_french(client, client_table):
    t = client_table
    client.join(t["code"], "Eve")
    fr = client.request("GET", f"/api/tables/{t['code']}", token=t["host"], headers=FR).json["view"]
    assert fr["news"][0]["text"] == "1 téléphone attend pour rejoindre la table\u00a0: Eve."
    client.join(t["code"], "Fay")
    fr = client.request("GET", f"/api/tables/{t['code']}", token=t["host"], headers=FR).json["view"]
    assert fr["news"][0]["text"] == "2 téléphones attendent pour rejoindre la table\u00a0: Eve et Fay."
    en = client.request("GET", f"/api/tables/{t['code']}", token=t["host"]).json["view"]
    assert en["news"][0]["text"] == "2 phones wait to join: Eve and Fay."  # the same table, an English phone


def test_the_host_lets_in_every_phone_of_the_largest_table_from_the_pinned_count_and_sees_which_is_the_display(
        client, client_table):
    t = client_table
    for name in ("Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou", "May", "Ned", "Oz", "Pat"):
        client.join(t["code"], name)
    client.join(t["code"], "Tablet", role="display")
    news = client.request("GET", f"/api/tables/{t['code']}", token=t["host"]).json["view"]["news"][0]
    assert news["text"] == ("13 phones wait to join: Eve, Fay, Gus, Hal, Ivy, Jon, Kim, Lou, May, Ned, Oz, Pat "
                            "and Tablet (display).")
    labels = [a["label"] for a in news["actions"]]
    assert len(labels) == 13 and labels[0] == "Let Eve in" and labels[-1] == "Let Tablet (display) in"
    assert "detail" not in news  # no tap left to look for at the bottom of the page


def test_each_socket_is_pushed_in_the_language_of_its_page_and_the_display_in_the_tables(server, api):
    import simple_websocket

    from .helpers import Sniffer

    t = api.request("POST", "/api/tables", {"game": "clue", "name": "Ann", "language": "fr"}).json  # a French table
    bob = api.join(t["code"], "Bob", token=t["token"])["token"]
    board = api.join(t["code"], "Board", role="display", token=t["token"])["token"]

    def sock(token, lang):
        url = server.url.replace("http", "ws") + f"/tables/{t['code']}/ws" + (f"?l={lang}" if lang else "")
        return Sniffer(simple_websocket.Client.connect(url, headers={"Authorization": f"Bearer {token}"}))

    host_fr, bob_en, board_en = sock(t["token"], "fr"), sock(bob, None), sock(board, "en")
    for s in (host_fr, bob_en, board_en):
        s.wait("r-header")  # each socket's first page
    api.ok(t["code"], bob, type="roll", dice="d6")
    host_fr.wait("Annuler\u00a0: le lancer de d6 de Bob")
    bob_en.wait("Undo: Bob&#39;s roll of d6")
    board_en.wait('data-lang="fr"')  # the display reads the table's language, whatever its page asked
    assert "Undo:" not in host_fr.text and "Annuler" not in bob_en.text
    for s in (host_fr, bob_en, board_en):
        s.ws.close()
