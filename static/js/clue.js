// Clue: the suggestion form's chips (who may disprove, as the game gives it; the card shown to
// you), the marking mode of the grid, the explanation of a tapped cell and the lair names kept
// on the phone. No inline scripts (the CSP forbids them).
(function () {
  "use strict";
  function checked(form, name) {
    var el = form.querySelector("input[name='" + name + "']:checked");
    return el ? el.value : null;
  }
  // who may disprove comes from the game, per suggester (data-disprovers on each "Suggested by" chip)
  function disprovers(form) {
    var el = form.querySelector("input[name=by]:checked");
    if (!el || !el.dataset.disprovers) return null;
    try { return JSON.parse(el.dataset.disprovers); } catch (e) { return null; }
  }
  function update(form) {
    var by = checked(form, "by"), d = checked(form, "disproved_by"), may = disprovers(form);
    form.querySelectorAll("input[name=disproved_by]").forEach(function (r) {
      var off = r.value !== "" && may !== null && may.indexOf(r.value) < 0;
      r.disabled = off;
      r.closest("label").classList.toggle("off", off);
      if (off && r.checked) { r.checked = false; d = null; }
    });
    var row = form.querySelector("[data-shown-row]");
    if (!row) return;
    var cards = [checked(form, "cards.0"), checked(form, "cards.1"), checked(form, "cards.2")];
    var show = by && by === form.dataset.me && d;
    row.hidden = !show;
    var who = row.querySelector("[data-shown-who]");
    if (who && d) who.textContent = d;
    row.querySelectorAll("[data-shown-card]").forEach(function (b) {
      b.hidden = !show || cards.indexOf(b.dataset.shownCard) < 0;
    });
  }
  function all() { document.querySelectorAll("form[data-suggest]").forEach(update); }
  // the host who plays too: one tap puts their name in the first free row and as the host's player
  function hostPlays(box) {
    var form = box.closest("form"), name = box.dataset.hostPlays, hp = form.querySelector("#c-host-player");
    var rows = Array.prototype.slice.call(form.querySelectorAll("input[name$='.name']"));
    var same = function (r) { return r.value.trim().toLowerCase() === name.toLowerCase(); };
    if (box.checked) {
      if (!rows.some(same)) {
        var free = rows.filter(function (r) { return !r.value.trim(); })[0];
        if (free) { free.value = name; box.dataset.filled = free.id; }
      }
      if (hp) hp.value = name;
    } else {
      var mine = box.dataset.filled && document.getElementById(box.dataset.filled);
      if (mine && same(mine)) mine.value = "";
      delete box.dataset.filled;
      if (hp && hp.value.trim().toLowerCase() === name.toLowerCase()) hp.value = "";
    }
  }
  document.addEventListener("change", function (e) {
    if (e.target.matches && e.target.matches("[data-host-plays]")) hostPlays(e.target);
    var form = e.target.closest && e.target.closest("form[data-suggest]");
    if (form) update(form);
    if (e.target.matches("[data-mark-mode]")) marking = e.target.checked;
  });
  // What a tap on a form did, once its answer is in (into #flash, which stays on the page even
  // when the push has already replaced the form): a suggestion clears its form (a refusal, answered
  // 4xx, keeps what was tapped) and says what went in, where the thumb is; a saved correction closes
  // its form; seating the players starts the page again from its top; an accusation says what was
  // recorded, and the end of the game is brought into view.
  function chipText(form, name) {
    var el = form.querySelector("input[name='" + name + "']:checked");
    return el ? el.closest("label").textContent.trim() : "";
  }
  var wanted = null;  // what to bring into view once the push that carries it arrives
  function bring() {
    if (!wanted) return;
    if (Date.now() > wanted.until) { wanted = null; return; }
    var el = wanted.selector ? document.querySelector(wanted.selector) : document.body;
    if (!el) return;
    if (wanted.selector) el.scrollIntoView({ block: "start" }); else window.scrollTo(0, 0);
  }
  function want(selector) { wanted = { selector: selector, until: Date.now() + 2000 }; bring(); }
  document.addEventListener("htmx:afterSwap", function (e) {
    var rc = e.detail.requestConfig, xhr = e.detail.xhr;
    if (!e.detail.target || e.detail.target.id !== "flash" || !rc || !rc.elt || !xhr || xhr.status >= 300) return;
    var elt = rc.elt, flash = window.companionFlash || function () {};
    var form = elt.closest && elt.closest("form[data-suggest]");
    if (form) {
      var d = checked(form, "disproved_by"), shown = form.dataset.shownSent;
      var kw = { id: form.dataset.next, name: checked(form, "by"), other: d, card: shown,
        cards: [chipText(form, "cards.0"), chipText(form, "cards.1"), chipText(form, "cards.2")].join(", ") };
      var said = !d ? _("Added #{id}: {name}: {cards} · nobody could disprove.", kw) :
        shown ? _("Added #{id}: {name}: {cards} · disproved by {other} (you saw {card}).", kw) :
        _("Added #{id}: {name}: {cards} · disproved by {other}.", kw);
      delete form.dataset.shownSent;
      // cleared here when the answer comes before the push: the focused control is held still
      var held = form.isConnected && form.contains(document.activeElement) ? document.activeElement : null;
      var at = held ? held.getBoundingClientRect().top : 0;
      form.reset(); update(form);
      if (held) window.scrollBy(0, held.getBoundingClientRect().top - at);
      flash(said, "ok");
      if (document.body.classList.contains("role-display")) want(null);  // the shared screen shows its log again
    }
    var edit = elt.closest && elt.closest("details.edit");
    if (edit && edit.dataset.key) {
      edit.open = false;
      var now = document.querySelector("details[data-key='" + edit.dataset.key + "']");
      if (now) now.open = false;
    }
    var kind = elt.querySelector && elt.querySelector("input[name=type]");
    if (kind && (kind.value === "setup" || kind.value === "import")) want(null);
    if (kind && kind.value === "accusation") {
      var right = elt.querySelector("input[type=checkbox][name='json:correct']");
      if (right && right.checked) want(".winner");
      else {
        var by = elt.querySelector("[name=by]").value;
        flash(_("Recorded: {name}'s accusation was wrong. {name} makes no more moves but still shows cards.", { name: by }), "ok");
      }
    }
  });
  document.addEventListener("htmx:oobAfterSwap", function () { setTimeout(bring, 0); });
  // the display, read from across the table, shows the end of the game from its top
  var solved = !!document.querySelector(".winner");
  document.addEventListener("htmx:oobAfterSwap", function () {
    var now = !!document.querySelector(".winner");
    if (now && !solved && document.body.classList.contains("role-display")) setTimeout(function () { window.scrollTo(0, 0); }, 0);
    solved = now;
  });
  // the card shown to you adds the suggestion: the focus moves off that card (hidden once the form
  // clears) to the form's own button, so the page is held by a control that stays in sight
  document.addEventListener("htmx:beforeRequest", function (e) {
    var form = e.detail.elt && e.detail.elt.closest && e.detail.elt.closest("form[data-suggest]");
    if (!form) return;
    var rc = e.detail.requestConfig || {}, fd = rc.formData || rc.parameters;
    var cid = fd ? (typeof fd.get === "function" ? fd.get("shown") : fd.shown) : null;
    var card = cid ? form.querySelector("[data-shown-card='" + cid + "']") : null;
    if (card) form.dataset.shownSent = card.textContent.trim(); else delete form.dataset.shownSent;
    var add = form.querySelector("button[type=submit]:not([data-shown-card])");
    if (card && add && document.activeElement === card) add.focus({ preventScroll: true });
  });
  // marking mode survives the notes being pushed again
  var marking = false;
  function keepMode() {
    document.querySelectorAll("[data-mark-mode]").forEach(function (box) { box.checked = marking; });
  }
  // an accusation is asked about once, in words, before it is recorded: a wrong one ends that
  // player's moves and only the host can take it back
  document.addEventListener("htmx:confirm", function (e) {
    var form = e.detail.elt;
    if (!form || !form.matches || !form.matches("form[data-accuse]")) return;
    e.preventDefault();
    var by = form.querySelector("[name=by]").value, right = form.querySelector("input[type=checkbox]").checked;
    var cards = Array.prototype.map.call(form.querySelectorAll("select[name='cards[]']"), function (s) {
      return s.options[s.selectedIndex].text;
    });
    var ask = right ? _("Record {name}'s accusation ({cards}) as right? The game ends.", { name: by, cards: cards.join(", ") }) :
      _("Record {name}'s accusation ({cards}) as wrong? {name} makes no more moves; only the host can take it back.",
        { name: by, cards: cards.join(", ") });
    if (window.confirm(ask)) e.detail.issueRequest(true);
  });
  // a tap on a cell explains it; only in marking mode does it post the mark
  var explained = null;  // the id of the cell explained: explained again when the notes are pushed anew
  function explain(btn) {
    var bar = document.querySelector("[data-why-bar]"), row = btn.closest("tr"), scroller = btn.closest(".scroll");
    if (!bar || !row) return;
    // the reason opens in a row of its own right under the cell's row: it covers no cell, and the
    // tapped cell stays under the finger (a reason opened above it before is closed)
    var at = btn.getBoundingClientRect().top, old = bar.closest("tr.why-row");
    var tr = document.createElement("tr"), td = document.createElement("td");
    tr.className = "why-row"; td.colSpan = row.cells.length;
    tr.appendChild(td); row.after(tr); td.appendChild(bar);
    if (old) old.remove();
    bar.textContent = btn.dataset.why;
    if (scroller) bar.style.maxWidth = scroller.clientWidth - 4 + "px";  // in sight when the grid scrolls sideways
    window.scrollBy(0, btn.getBoundingClientRect().top - at);
    explained = btn.id;
  }
  document.addEventListener("htmx:confirm", function (e) {
    var btn = e.detail.elt;
    if (!btn || !btn.dataset || btn.dataset.why === undefined) return;
    if (marking && document.querySelector("[data-mark-mode]")) return;  // no marking while looking back
    e.preventDefault();
    explain(btn);
  });
  document.addEventListener("htmx:oobAfterSwap", function (e) {
    var cell = explained && e.detail.target && e.detail.target.id === "r-notes" && document.getElementById(explained);
    if (cell && cell.dataset.why !== undefined) explain(cell);
  });
  // the exported text, copied in one tap
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-copy-export]");
    if (!b) return;
    var area = document.querySelector("[data-export]");
    if (!area) return;
    area.select();
    var done = function () { b.textContent = _("Copied"); };
    if (navigator.clipboard) navigator.clipboard.writeText(area.value).then(done, function () { document.execCommand("copy"); done(); });
    else { document.execCommand("copy"); done(); }
  });
  // lair names the table typed once, kept on this phone as named sets (the set-up form's
  // "Lair names": a saved set fills the inputs marked data-lair)
  var EDITIONS = "clue-editions";
  function editions() { try { return JSON.parse(localStorage.getItem(EDITIONS) || "{}"); } catch (e) { return {}; } }
  function fillEditions() {
    document.querySelectorAll("[data-editions]").forEach(function (sel) {
      var kept = editions();
      while (sel.options.length > 1) sel.remove(1);
      Object.keys(kept).sort().forEach(function (name) {
        var o = document.createElement("option"); o.value = name; o.textContent = name; sel.appendChild(o);
      });
    });
  }
  document.addEventListener("change", function (e) {
    if (!e.target.matches || !e.target.matches("[data-editions]") || !e.target.value) return;
    var names = editions()[e.target.value] || [];
    e.target.closest("form").querySelectorAll("[data-lair]").forEach(function (input, i) { if (names[i]) input.value = names[i]; });
  });
  document.addEventListener("click", function (e) {
    var btn = e.target.closest && e.target.closest("[data-save-edition]");
    if (!btn) return;
    var form = btn.closest("form"), field = form.querySelector("#c-save-name"), name = field.value.trim();
    if (!name) { field.focus(); return; }
    var kept = editions();
    kept[name] = Array.prototype.map.call(form.querySelectorAll("[data-lair]"), function (i) { return i.value.trim(); });
    try { localStorage.setItem(EDITIONS, JSON.stringify(kept)); } catch (err) { /* storage off */ }
    fillEditions();
    form.querySelector("[data-editions]").value = name;
  });
  document.addEventListener("DOMContentLoaded", fillEditions);
  document.addEventListener("htmx:oobAfterSwap", fillEditions);
  document.addEventListener("DOMContentLoaded", function () { all(); keepMode(); });
  document.addEventListener("htmx:oobAfterSwap", function () { all(); keepMode(); });
  document.addEventListener("htmx:load", function () { all(); keepMode(); });
})();
