// The page's few behaviours. No inline scripts anywhere (the CSP forbids them).
(function () {
  "use strict";
  var _ = window._ || function (m, kw) { return m.replace(/\{(\w+)\}/g, function (x, k) { return kw && k in kw ? String(kw[k]) : x; }); };
  var conn = function () { return document.getElementById("conn"); };
  function setConn(state, text) {
    var el = conn();
    if (!el) return;
    el.dataset.state = state;
    el.textContent = text;
  }

  // Reconnect quickly and steadily: 0.5 s, 1 s, 2 s, then every 4 s at most.
  if (window.htmx) {
    htmx.config.wsReconnectDelay = function (retry) { return Math.min(500 * Math.pow(2, retry - 1), 4000); };
  }
  var socket = null, raw = null, wrapper = null;
  document.addEventListener("htmx:wsOpen", function (e) {
    socket = wrapper = e.detail.socketWrapper;
    raw = e.detail.event && e.detail.event.target;
    setConn("live", _("Live"));
    if (resync) {  // a socket opened in place of a silent one: ask for everything (and count it as a check)
      resync = false; lastCheck = Date.now();
      try { socket.send("sync"); } catch (err) { /* it reconnects on its own */ }
    }
  });
  document.addEventListener("htmx:wsAfterMessage", function () { heard = true; setConn("live", _("Live")); });
  document.addEventListener("htmx:wsClose", function () { socket = null; raw = null; setConn("reconnecting", _("Reconnecting… your taps are safe on the server.")); });
  document.addEventListener("htmx:wsConnecting", function () { if (!socket) setConn("reconnecting", _("Reconnecting…")); });
  window.addEventListener("offline", function () { setConn("reconnecting", _("Offline: waiting for the network…")); });

  // A phone that slept may hold a socket that is dead without knowing it (iOS freezes it without a
  // close): the bar would say Live over a stale table. Whenever the page comes back (shown again,
  // back from the page cache, focused, online), ask for the whole view ("sync"); the server answers
  // at once. No answer within the deadline: drop that socket, open a new one and ask again, which
  // catches up without a reload (typed text stays: see keepTyped below).
  var heard = false, checking = null, lastCheck = 0, resync = false, misses = 0;
  var DEADLINE = 4000, SPACING = 1500;  // the server answers one sync a second at most
  // each silence in a row doubles the next deadline (a busy server is slow, not gone: its page
  // must not open socket after socket); an answer in time sets it back
  function proveAlive() {
    if (document.visibilityState === "hidden" || checking || !socket || !raw) return;
    if (Date.now() - lastCheck < SPACING) return;
    lastCheck = Date.now(); heard = false;
    try { socket.send("sync"); } catch (err) { return; }
    var mine = raw;
    checking = setTimeout(function () {
      checking = null;
      if (heard || raw !== mine) { if (heard) misses = 0; return; }
      misses = Math.min(misses + 1, 4);
      // silent: forget that socket (no message of it is applied any more once it is closing) and open anew
      mine.onclose = null; mine.onerror = null;
      try { mine.close(); } catch (err) { /* already gone */ }
      socket = null; raw = null; resync = true;
      setConn("reconnecting", _("Reconnecting…"));
      wrapper.reconnect();
    }, (window.companionLiveDeadline || DEADLINE) * Math.pow(2, misses));
  }
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") proveAlive(); });
  window.addEventListener("pageshow", proveAlive);
  window.addEventListener("focus", proveAlive);
  window.addEventListener("online", proveAlive);
  document.addEventListener("htmx:sendError", function () {
    window.companionFlash(_("The server could not be reached; nothing was changed. Try again when the bar at the top says Live."));
  });

  // A tap is never lost to a push: while a finger (or the mouse) is down on a control, what the
  // socket brings is held, then applied in order once the tap has landed (its click runs first),
  // or after HOLD_MAX at the most (a press that became a scroll or a long press). Without this, a
  // push replacing the pressed button between finger down and finger up swallows the tap.
  var HOLD_MAX = 1500, pressing = false, later = [], letGo = null, replaying = false;
  function release() {
    pressing = false; clearTimeout(letGo); letGo = null;
    var list = later; later = [];
    list.forEach(function (m) {
      replaying = true;  // each on the socket it came by, as it came (the extension's own listener)
      try { m.socket.dispatchEvent(new MessageEvent("message", { data: m.data })); } finally { replaying = false; }
    });
  }
  document.addEventListener("pointerdown", function (e) {
    if (!(e.target.closest && e.target.closest("button, input, select, summary, a, label"))) return;
    pressing = true; clearTimeout(letGo);
    letGo = setTimeout(release, window.companionHoldMax || HOLD_MAX);  // (a test may hold longer)
  }, true);
  document.addEventListener("click", function () { if (pressing) setTimeout(release, 0); }, true);
  ["pointerup", "pointercancel"].forEach(function (kind) {
    // the click follows the finger up: wait for it, briefly (a finger lifted off the button sends none)
    document.addEventListener(kind, function () { if (pressing) { clearTimeout(letGo); letGo = setTimeout(release, 250); } }, true);
  });
  document.addEventListener("htmx:wsBeforeMessage", function (e) {
    if (!pressing || replaying || !raw) return;
    later.push({ data: e.detail.message, socket: raw });
    e.preventDefault();
  });

  // A push never moves the page or takes what the person holds: when a region is replaced,
  // the sections they had opened stay open, the control they had tapped keeps the focus, and
  // the page is scrolled so that what they were looking at stays where it was on the screen.
  var held = null;
  function describe(el) {
    var form = el.closest("form"), hidden = "";
    if (form) form.querySelectorAll("input[type=hidden]").forEach(function (i) { hidden += i.name + "=" + i.value + "&"; });
    return { tag: el.tagName, id: el.id, name: el.name || "", value: el.value || "", text: (el.textContent || "").trim(), hidden: hidden };
  }
  function shown(el) { return !!el && el.isConnected && el.getClientRects().length > 0; }
  function same(a, b) { return a.text === b.text && a.name === b.name && a.value === b.value && a.hidden === b.hidden; }
  function alike(root, d) {  // the shown controls of `root` that look like `d`, in page order
    var out = [];
    root.querySelectorAll(d.tag).forEach(function (el) { if (shown(el) && same(describe(el), d)) out.push(el); });
    return out;
  }
  function findLike(root, d) {
    if (!root) return null;
    if (d.id) return document.getElementById(d.id);
    var all = alike(root, d);  // the same one of its look-alikes (the third "Show" stays the third)
    return all.length ? all[Math.min(d.nth || 0, all.length - 1)] : null;
  }
  function regionOf(el) { var r = el && el.closest ? el.closest(".region") : null; return r && r.id ? r : null; }
  function inView() {  // the first region on screen: where the eye is when nothing holds the focus
    var regions = document.querySelectorAll("#live .region");
    for (var i = 0; i < regions.length; i++) {
      if (regions[i].id === "r-news") continue;  // pinned: it is always on screen, never what is read
      var rect = regions[i].getBoundingClientRect();
      if (rect.bottom > 0 && rect.height > 0) return { region: regions[i].id, top: rect.top };
    }
    return null;
  }
  // Safari does not focus a button that is tapped: the control last tapped stands in for the focus.
  var tapped = null, tappedAt = 0;
  document.addEventListener("pointerdown", function (e) {
    var el = e.target.closest && e.target.closest("button, input, select, summary, a");
    if (el) { tapped = el; tappedAt = Date.now(); }
  }, true);
  function anchorNow() {
    var active = document.activeElement, view = inView();
    if (!regionOf(active) && tapped && shown(tapped) && Date.now() - tappedAt < 5000) {
      var r = tapped.getBoundingClientRect();
      if (r.bottom > 0 && r.top < window.innerHeight) active = tapped;  // only while it is still on screen
    }
    // a tap inside a full-screen dialog (a card held up for one person to read): the page behind
    // it was not in view, so nothing on it is held but its scroll
    if (active && active.closest && active.closest("[aria-modal=true]")) return { scrollY: window.scrollY, still: true };
    var region = regionOf(active);
    if (region && region.id !== "r-news") {
      var d = describe(active);
      d.nth = Math.max(0, alike(region, d).indexOf(active));
      return { region: region.id, control: d, top: active.getBoundingClientRect().top,
               regionTop: region.getBoundingClientRect().top, focus: active === document.activeElement, view: view,
               scrollY: window.scrollY };
    }
    return view && { region: view.region, top: view.top, view: view, scrollY: window.scrollY };
  }
  document.addEventListener("htmx:oobBeforeSwap", function (e) {
    var target = e.detail.target, fragment = e.detail.fragment;
    if (!held) {
      held = { anchor: anchorNow(), typed: [] };
      Promise.resolve().then(restore);
    }
    held.typed = held.typed.concat(keepTyped(target));
    // reopen in the new HTML the sections that are open now
    // (matched by their data-key, else by their summary's text)
    var key = function (d) { var s = d.querySelector("summary"); return d.dataset.key || (s ? s.textContent.trim() : ""); };
    var open = {};
    target.querySelectorAll("details[open]").forEach(function (d) { open[key(d)] = true; });
    if (fragment && fragment.querySelectorAll) {
      fragment.querySelectorAll("details").forEach(function (d) { if (open[key(d)]) d.open = true; });
    }
  });
  // What the person typed or ticked and has not sent yet (a note, a name, the cards of a hand)
  // outlives a push of its region.
  var UNTYPED = { hidden: 1, submit: 1, button: 1, file: 1, reset: 1, image: 1 };
  function fields(root) {
    var out = [];
    root.querySelectorAll("textarea, input").forEach(function (el) { if (!UNTYPED[el.type]) out.push(el); });
    return out;
  }
  function ticks(el) { return el.type === "checkbox" || el.type === "radio"; }
  function changed(el) { return ticks(el) ? el.checked !== el.defaultChecked : el.value !== el.defaultValue; }
  function twin(el) {  // how the same field is found again: its id, else its name (and value, for a tick) and rank
    return function (o) { return o.name === el.name && (!ticks(el) || o.value === el.value); };
  }
  function keepTyped(root) {
    var all = fields(document), out = [];
    fields(root).forEach(function (el) {
      if (!changed(el)) return;
      var nth = all.filter(twin(el)).indexOf(el);
      out.push({ id: el.id, like: { name: el.name, value: el.value, type: el.type }, nth: nth,
                 value: el.value, checked: el.checked, tick: ticks(el) });
    });
    return out;
  }
  function putTyped(list) {
    list.forEach(function (t) {
      var el = t.id ? document.getElementById(t.id) : fields(document).filter(twin(t.like))[t.nth];
      if (!el || changed(el)) return;  // gone, or changed since by the person: theirs wins
      if (t.tick) el.checked = t.checked; else el.value = t.value;
    });
  }
  // once a form is sent, what it held is the server's to show: it is not carried over any more
  document.addEventListener("htmx:beforeRequest", function (e) {
    var form = e.detail.elt && e.detail.elt.closest ? e.detail.elt.closest("form") : null;
    if (form) fields(form).forEach(function (el) { if (ticks(el)) el.defaultChecked = el.checked; else el.defaultValue = el.value; });
  });
  function restore() {
    var h = held; held = null;
    if (h) putTyped(h.typed);
    if (!h || !h.anchor) return;
    var a = h.anchor, region = document.getElementById(a.region), el = region, top = a.regionTop === undefined ? a.top : a.regionTop;
    if (a.still) { keepHeight(a.scrollY); if (Math.abs(window.scrollY - a.scrollY) >= 1) window.scrollTo(0, a.scrollY); return; }
    if (a.control) {
      var like = findLike(region, a.control);
      if (like) { el = like; top = a.top; if (a.focus && document.activeElement !== like) like.focus({ preventScroll: true }); }
    }
    if (!shown(el) || !el.getBoundingClientRect().height) {  // what they held is gone or empty now: keep the view
      el = a.view && a.view.region !== a.region ? document.getElementById(a.view.region) : null;
      top = a.view && a.view.top;
      if (!shown(el) || !el.getBoundingClientRect().height) {  // the block they read went whole: what was above stays
        keepHeight(a.scrollY);
        if (Math.abs(window.scrollY - a.scrollY) >= 1) window.scrollTo(0, a.scrollY);
        return;
      }
    }
    var shift = el.getBoundingClientRect().top - top;
    keepHeight(window.scrollY + shift);
    if (Math.abs(shift) >= 1) window.scrollBy(0, shift);
  }
  // When a push makes the page shorter than the place the person is looking at, a spacer at the
  // bottom keeps the page from snapping up; it melts away as they scroll back up.
  var spacer = null;
  function keepHeight(wantedY) {
    if (!spacer) {
      spacer = document.createElement("div");
      spacer.setAttribute("aria-hidden", "true");
      var main = document.getElementById("main");
      if (!main) return;
      main.appendChild(spacer);
    }
    var content = document.documentElement.scrollHeight - spacer.offsetHeight;
    var need = Math.max(0, Math.ceil(wantedY + window.innerHeight - content));
    spacer.style.height = need + "px";
  }
  window.addEventListener("scroll", function () {
    if (!spacer || !spacer.offsetHeight) return;
    var content = document.documentElement.scrollHeight - spacer.offsetHeight;
    var need = Math.max(0, Math.ceil(window.scrollY + window.innerHeight - content));
    if (need < spacer.offsetHeight) spacer.style.height = need + "px";
  }, { passive: true });

  // Answers fade by themselves (errors stay a little longer); a tap dismisses them at once.
  var fadeTimer = null;
  function fadeLater() {
    var f = document.getElementById("flash");
    if (!f) return;
    var msg = f.querySelector("[data-fade]");
    clearTimeout(fadeTimer);
    if (!msg) return;
    fadeTimer = setTimeout(function () {
      msg.classList.add("fading");
      setTimeout(function () { if (msg.parentNode) msg.remove(); }, 700);
    }, msg.classList.contains("error") ? 8000 : 4000);
  }
  document.addEventListener("htmx:afterSwap", function (e) { if (e.detail.target && e.detail.target.id === "flash") fadeLater(); });
  // The whole page came again (its shape changed: a waiting seat approved, a region came or went):
  // the body takes on the seat's role and game from it.
  // It came in another language (a display whose table the host switched): the page is made again
  // in it, its own words and script sentences included.
  document.addEventListener("htmx:oobAfterSwap", function (e) {
    var t = e.detail.target && e.detail.target.id === "regions" ? document.getElementById("regions") : null;
    if (t && (t.dataset.lang || "en") !== (document.documentElement.lang || "en")) { location.reload(); return; }
    if (t && t.dataset.body) document.body.className = t.dataset.body;
  });
  document.addEventListener("click", function (e) {
    if (e.target.closest("[data-close-flash]") || e.target.closest("#flash [data-fade]")) {
      var f = document.getElementById("flash"); if (f) f.innerHTML = "";
    }
  });
  window.companionFlash = function (text, kind) {
    var f = document.getElementById("flash");
    if (!f) return;
    f.innerHTML = "";
    var p = document.createElement("p");
    p.className = "flash " + (kind || "error"); p.setAttribute("role", kind === "ok" ? "status" : "alert"); p.setAttribute("data-fade", "");
    p.textContent = text; f.appendChild(p); fadeLater();
  };

  // The offline page stands in for the page that could not load (its address is still in the
  // bar): it tries again by itself and, once the server answers, reloads that same page.
  function retryWhenBack() {
    if (!document.querySelector("[data-offline]")) return;
    var tries = 0;
    var attempt = function () {
      tries++;
      fetch("/healthz", { cache: "no-store" }).then(function (r) {
        if (!r.ok) throw new Error("down");
        if (location.pathname === "/offline") location.href = "/"; else location.reload();
      }).catch(function () {
        var s = document.getElementById("offline-status");
        if (s) s.textContent = _("Still no answer (try {n}). Trying again by itself…", { n: tries });
        setTimeout(attempt, Math.min(2000 * tries, 10000));
      });
    };
    setTimeout(attempt, 2000);
    document.addEventListener("click", function (e) { if (e.target.closest("[data-retry]")) location.reload(); });
  }
  document.addEventListener("DOMContentLoaded", retryWhenBack);

  // Plain HTTP on the LAN: say once, plainly, what is off.
  if (!window.isSecureContext) {
    try {
      if (!localStorage.getItem("secure-note-seen")) {
        var note = document.getElementById("secure-note");
        if (note) note.hidden = false;
        localStorage.setItem("secure-note-seen", "1");
      }
    } catch (err) { /* storage may be off */ }
  } else if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
    // the offline page the worker keeps is in the language this phone reads now
    try {
      var lang = document.documentElement.lang || "en", worker = navigator.serviceWorker.controller;
      if (!worker) localStorage.setItem("sw-lang", lang);  // installing now: it stores this language's
      else if (localStorage.getItem("sw-lang") !== lang) { worker.postMessage("language"); localStorage.setItem("sw-lang", lang); }
    } catch (err) { /* storage may be off */ }
  }

  // Installing: where the browser offers it (beforeinstallprompt), a button; on iOS, which has no
  // such prompt (every browser there is WebKit), one line saying how; nothing once installed.
  var installed = window.matchMedia && window.matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;
  var iOS = /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  var offered = null;
  function showInstall(which) {
    var box = document.getElementById("install"), el = document.getElementById(which);
    if (!box || !el || installed) return;
    box.hidden = false; el.hidden = false;
  }
  window.addEventListener("beforeinstallprompt", function (e) {
    e.preventDefault();
    offered = e;
    showInstall("install-button");
  });
  document.addEventListener("click", function (e) {
    if (!e.target.closest("#install-button") || !offered) return;
    offered.prompt();
    offered = null;
    document.getElementById("install").hidden = true;
  });
  window.addEventListener("appinstalled", function () { var box = document.getElementById("install"); if (box) box.hidden = true; });
  document.addEventListener("DOMContentLoaded", function () {
    if (iOS && !("onbeforeinstallprompt" in window)) showInstall("install-ios");
  });

  // Speech on phones: a browser may drop an utterance the page no longer references before it is
  // spoken, and its "end" with it (Safari, Chrome). Every utterance handed to the voice is kept here
  // until it ends, fails or is cancelled (the 50 newest at most, should an "end" never come).
  var spokenNow = [];
  if (window.SpeechSynthesis && SpeechSynthesis.prototype.speak) {
    var speakReally = SpeechSynthesis.prototype.speak, cancelReally = SpeechSynthesis.prototype.cancel;
    SpeechSynthesis.prototype.speak = function (u) {
      if (u && u.addEventListener) {
        var done = function () { var i = spokenNow.indexOf(u); if (i >= 0) spokenNow.splice(i, 1); };
        u.addEventListener("end", done); u.addEventListener("error", done);
        spokenNow.push(u);
        if (spokenNow.length > 50) spokenNow.shift();
      }
      return speakReally.apply(this, arguments);
    };
    SpeechSynthesis.prototype.cancel = function () { spokenNow = []; return cancelReally.apply(this, arguments); };
  }

  // Press and hold to see a secret card; it hides again as soon as the finger lifts.
  function holdable(root) {
    (root || document).querySelectorAll("[data-hold]").forEach(function (el) {
      if (el.dataset.bound) return;
      el.dataset.bound = "1";
      // a screen reader hears the card while it is held, through a live region beside it
      var said = document.createElement("span");
      said.className = "sr"; said.setAttribute("aria-live", "assertive");
      el.after(said);
      var inner = el.querySelector(".inner");
      var show = function (e) {
        e.preventDefault(); el.classList.add("shown"); el.setAttribute("aria-pressed", "true");
        if (inner) said.textContent = inner.textContent;
      };
      var hide = function () { el.classList.remove("shown"); el.setAttribute("aria-pressed", "false"); said.textContent = ""; };
      el.addEventListener("pointerdown", show);
      ["pointerup", "pointerleave", "pointercancel", "blur"].forEach(function (t) { el.addEventListener(t, hide); });
      el.addEventListener("keydown", function (e) { if (e.key === " " || e.key === "Enter") show(e); });
      el.addEventListener("keyup", hide);
    });
  }
  document.addEventListener("DOMContentLoaded", function () { holdable(); });
  document.addEventListener("htmx:load", function (e) { holdable(e.detail.elt); });
  document.addEventListener("htmx:oobAfterSwap", function () { holdable(document); });

  // Blank the screen while the phone lies on the table.
  document.addEventListener("click", function (e) {
    var btn = e.target.closest("[data-blank]");
    if (!btn) return;
    var cover = document.createElement("button");
    cover.id = "blank"; cover.type = "button"; cover.textContent = _("Tap to show");
    cover.addEventListener("click", function () { cover.remove(); });
    document.body.appendChild(cover);
    cover.focus();
  });
  // Pinned news stays until this phone hides it (kept by table and item id) or the game replaces it.
  function hiddenNews() {
    var live = document.getElementById("live");
    try { return live ? JSON.parse(localStorage.getItem("news-hidden:" + live.dataset.code) || "[]") : []; } catch (err) { return []; }
  }
  function applyHidden() {
    var gone = hiddenNews();
    document.querySelectorAll("#r-news [data-prompt]").forEach(function (li) { li.hidden = gone.indexOf(li.dataset.prompt) >= 0; });
  }
  document.addEventListener("click", function (e) {
    var btn = e.target.closest("[data-dismiss]"), live = document.getElementById("live");
    if (!btn || !live) return;
    var gone = hiddenNews();
    gone.push(btn.dataset.dismiss);
    try { localStorage.setItem("news-hidden:" + live.dataset.code, JSON.stringify(gone.slice(-60))); } catch (err) { /* storage off: hidden until the next push */ }
    var li = btn.closest("[data-prompt]");
    if (li) li.hidden = true;
  });
  document.addEventListener("DOMContentLoaded", applyHidden);
  document.addEventListener("htmx:oobAfterSwap", applyHidden);
  window.companion = { holdable: holdable, utterancesHeld: function () { return spokenNow.length; } };
})();

// Personal links and closed seats.
(function () {
  "use strict";
  var _ = window._ || function (m) { return m; };
  function N_(m) { return m; }  // marked for the catalog, translated where it is shown
  // the server's reasons for closing a seat's socket (companion/live.py, companion/web/ws.py), in this page's words
  N_("This seat no longer works here; ask the host.");
  N_("This seat is open on too many screens; this one was the oldest.");
  N_("Not a seat at this table.");
  N_("This seat no longer works on this phone; ask the host.");
  // A personal link (/tables/CODE/claim#t=...): its token never travels in an address; post it once.
  document.addEventListener("DOMContentLoaded", function () {
    var field = document.getElementById("claim-token"), m = location.hash.match(/^#t=([\w-]+)$/);
    if (!field || !m) return;
    field.value = m[1];
    history.replaceState(null, "", location.pathname);
    field.form.submit();
  });
  // A seat the host removed (or gave a new link, or open on too many screens) is closed with 1008:
  // the page does not reconnect; say why (the server's reason) instead of "Reconnecting".
  document.addEventListener("htmx:wsClose", function (e) {
    var el = document.getElementById("conn");
    if (!el || !e.detail || !e.detail.event || e.detail.event.code !== 1008) return;
    el.dataset.state = "closed";
    el.textContent = _(e.detail.event.reason || N_("This seat no longer works on this phone; ask the host."));
  });
})();
