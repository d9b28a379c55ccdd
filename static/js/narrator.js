// The narrator's voice, the screen wake lock, the debate timer and small form helpers.
// The lines are read in the table's language (the speech box's data-lang, e.g. "fr-FR"): each
// utterance is given that lang, and a voice of that language when the phone has one.
(function () {
  "use strict";
  // a sentence in the phone's language (static/js/i18n.js), or as written when the page has no catalog
  function _(message, kw) {
    if (window._) return window._(message, kw);
    return message.replace(/\{(\w+)\}/g, function (m, k) { return kw && k in kw ? String(kw[k]) : m; });
  }
  var store = {
    get: function (k, d) { try { var v = localStorage.getItem(k); return v === null ? d : v; } catch (e) { return d; } },
    set: function (k, v) { try { localStorage.setItem(k, v); } catch (e) { /* storage off */ } }
  };

  // ---- speech: one sentence per utterance, cancel before each new step ----
  var synth = window.speechSynthesis;  // looked up again at each group: a page may get its voice late
  var lastKey = null;
  function voiceSelect() { return document.getElementById("speak-voice"); }
  function fillVoices() {
    var sel = voiceSelect();
    if (!sel || !synth || sel.options.length) return;
    var chosen = store.get("speak-voice", "");
    synth.getVoices().forEach(function (v) {
      var o = document.createElement("option");
      o.value = v.name; o.textContent = v.name + " (" + v.lang + ")";
      if (v.name === chosen) o.selected = true;
      sel.appendChild(o);
    });
  }
  function settings() {
    var auto = document.getElementById("speak-auto"), rate = document.getElementById("speak-rate");
    var pause = document.getElementById("speak-silence"), red = document.getElementById("night-red");
    if (auto) auto.checked = store.get("speak-auto", "1") === "1";
    if (rate) rate.value = store.get("speak-rate", "0.9");
    if (pause) pause.value = String(silence());
    if (red) red.checked = store.get("night-red", "0") === "1";
    document.body.classList.toggle("night-red", store.get("night-red", "0") === "1");
    fillVoices();
  }
  // A group of lines is read part by part; a part marked data-pause waits until the voice is
  // quiet, then the table's silence (the same for every step, real or decoy), and stays hidden
  // on screen until then. Nothing is read before the narrator's first tap.
  var run = 0;
  function silence() { var n = parseFloat(store.get("speak-silence", "3")); return isNaN(n) ? 3 : Math.max(0, Math.min(15, n)); }
  function parts() { var box = document.getElementById("speech"); return box ? Array.prototype.slice.call(box.querySelectorAll("[data-part]")) : []; }
  var waitingFrom = -1; // the index of the first part still held back by a silence, -1 when none
  var groupDone = false; // the group on screen has been read to its end (and the voice is quiet)
  function holdBack() {
    var holding = waitingFrom >= 0;
    // the part after the silence, and whatever follows it (the dawn, then a fallen Crown's lines), wait unseen
    parts().forEach(function (p, i) { p.classList.toggle("later", holding && i >= waitingFrom); });
    // the step's buttons wait for its wake line too, so a tap cannot run ahead of the voice (the
    // pinned beat's as the card's); an answer's buttons wait for the answer's pause besides
    pinnedAnswers().forEach(function (row) {
      if (!row.dataset.armed) row.querySelectorAll(TAPS).forEach(function (b) { b.disabled = true; });
    });
    document.querySelectorAll("#narrator button, #r-news [data-prompt^='beat-'] " + TAPS).forEach(function (b) {
      if (holding && !b.disabled) { b.disabled = true; b.dataset.held = "1"; }
      else if (!holding && b.dataset.held) { b.disabled = false; delete b.dataset.held; }
    });
    var note = document.getElementById("silence-note");
    if (note) note.classList.toggle("on", holding); // shown or not, it keeps its place: nothing moves
    // what is shown to one character (Diablo's card, the victim for Hades or the Queen) opens only
    // once the group's last line (that character's wake) has been spoken, and cannot be closed before
    document.querySelectorAll(".reveal").forEach(function (r) {
      r.classList.toggle("waiting", !groupDone);
      r.querySelectorAll("button").forEach(function (b) { b.disabled = !groupDone; });
    });
    if (groupDone) { focusReveal(); answers(); }
  }
  // A voice that never says it has finished (iOS can lose an utterance's end) is not waited for
  // past its budget: a second, and the time its words take at this rate (tests may set it lower).
  var speechEnds = 0;
  function budget(text, rate) {
    var b = window.companionSpeechBudget || { base: 1000, perChar: 80 };
    return b.base + b.perChar * text.length / (rate || 1);
  }
  function quiet(voice, then) {
    if (!voice) { then(); return; }
    (function poll() {
      if (!(synth.speaking || synth.pending)) { then(); return; }
      if (Date.now() > speechEnds) { synth.cancel(); then(); return; } // its end was lost: go on
      setTimeout(poll, 100);
    })();
  }
  // Sentences, each short enough for every engine (Chrome cuts an utterance at about 15 s):
  // split after . ! ? (no look-behind, which older Safari cannot parse), then long ones at , or ;
  function sentences(text) {
    var out = [];
    text.replace(/([.!?])\s+/g, "$1\n").split("\n").forEach(function (s) {
      s = s.trim();
      while (s.length > 180) {
        var cut = Math.max(s.lastIndexOf(", ", 180), s.lastIndexOf("; ", 180));
        if (cut < 40) break;
        out.push(s.slice(0, cut + 1)); s = s.slice(cut + 2).trim();
      }
      if (s) out.push(s);
    });
    return out;
  }
  // The language the lines are read in: the table's (given with the lines), else the page's.
  function speechLang() {
    var box = document.getElementById("speech");
    return (box && box.dataset.lang) || document.documentElement.lang || "en";
  }
  function tag(v) { return (v.lang || "").toLowerCase().replace("_", "-"); }
  // The narrator's chosen voice if it speaks the table's language; else one of exactly that
  // language ("fr-FR"), else one of its family ("fr-CA"); none: the phone's default with the lang set.
  function pickVoice(lang) {
    var wanted = store.get("speak-voice", ""), want = lang.toLowerCase().replace("_", "-"), base = want.split("-")[0];
    var voices = synth.getVoices();  // new objects each time: matched by name or address, not identity
    function speaks(v) { return tag(v) === want || tag(v).split("-")[0] === base; }
    return voices.filter(function (v) { return wanted && (v.name === wanted || v.voiceURI === wanted) && speaks(v); })[0]
      || voices.filter(function (v) { return tag(v) === want; })[0]
      || voices.filter(speaks)[0];
  }
  function utter(part, voice) {
    if (!voice) return;
    var lang = speechLang();
    var rate = parseFloat(store.get("speak-rate", "0.9")), chosen = pickVoice(lang);
    speechEnds = Math.max(speechEnds, Date.now());
    part.querySelectorAll("[data-line]").forEach(function (p) {
      sentences(p.textContent).forEach(function (sentence) {
        var u = new SpeechSynthesisUtterance(sentence);
        u.rate = rate;
        u.lang = lang;
        if (chosen) u.voice = chosen;
        speechEnds += budget(sentence, rate);
        synth.speak(u);
      });
    });
  }
  // How many parts of a group the voice has been given, kept on the phone: a reload or a dropped
  // socket resumes the group where it was (the silence, then the next line), never again from its start.
  function said(key) {
    var s = store.get("said", ""), k = s.lastIndexOf("|");
    return k >= 0 && s.slice(0, k) === key ? (parseInt(s.slice(k + 1), 10) || 0) : 0;
  }
  function speak(force) {
    synth = window.speechSynthesis || synth;
    var box = document.getElementById("speech");
    if (!box) return;
    var key = box.dataset.key;
    if (!unlocked) { // nothing is spoken before the narrator's first tap (iOS and Chrome's rule); that tap reads the step
      var from = said(key), all = parts();
      waitingFrom = -1;
      for (var k = from; k < all.length && waitingFrom < 0; k++) { if (all[k].hasAttribute("data-pause")) waitingFrom = k; }
      groupDone = from >= all.length;
      holdBack(); return;
    }
    if (!force && key === lastKey) { holdBack(); return; }
    lastKey = key;
    var voice = !!synth && (force || store.get("speak-auto", "1") === "1");
    if (synth) synth.cancel();
    var mine = ++run, i = force ? 0 : said(key);
    waitingFrom = -1; groupDone = false;
    function mark(n) { store.set("said", key + "|" + n); }
    function next() {
      if (mine !== run) return;
      var all = parts();
      if (i >= all.length) {
        waitingFrom = -1; holdBack();
        quiet(voice, function () { if (mine === run) { groupDone = true; holdBack(); } });
        return;
      }
      var index = i++;
      if (all[index].hasAttribute("data-pause")) {
        waitingFrom = index; holdBack();
        quiet(voice, function () {
          if (mine !== run) return; // a newer group took over while the voice finished
          setTimeout(function () {
            if (mine !== run) return;
            waitingFrom = -1; holdBack();
            var part = parts()[index];
            if (part) utter(part, voice);
            mark(index + 1);
            next();
          }, 1000 * silence());
        });
      } else {
        utter(all[index], voice);
        mark(index + 1);
        next();
      }
    }
    next();
  }
  if (synth && "onvoiceschanged" in synth) synth.addEventListener("voiceschanged", fillVoices);

  // iOS speaks only after a gesture: the first tap unlocks speech and the wake lock.
  var unlocked = false;
  document.addEventListener("pointerdown", function () {
    wake(); // every tap tries again if the wake lock was refused; speech stays unlocked
    if (unlocked) return;
    unlocked = true;
    setTimeout(function () { speak(false); }, 0); // the step on screen, unless the tap itself moves it on
  }, { capture: true });

  // ---- screen wake lock on the narrator's page ----
  var lock = null;
  function wake() {
    if (!document.getElementById("narrator") || !("wakeLock" in navigator) || lock) return;
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l; l.addEventListener("release", function () { lock = null; });
    }).catch(function () { /* not allowed now: the next tap tries again */ });
  }
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") wake(); });
  window.addEventListener("pageshow", wake); // a page restored from the back-forward cache may not say it is visible

  // ---- controls ----
  document.addEventListener("change", function (e) {
    var t = e.target;
    if (t.id === "speak-auto") store.set("speak-auto", t.checked ? "1" : "0");
    if (t.id === "speak-rate") store.set("speak-rate", t.value);
    if (t.id === "speak-voice") store.set("speak-voice", t.value);
    if (t.id === "speak-silence") store.set("speak-silence", t.value);
    if (t.id === "night-red") { store.set("night-red", t.checked ? "1" : "0"); settings(); }
  });
  document.addEventListener("click", function (e) {
    var t = e.target.closest("button");
    if (!t) return;
    if (t.id === "speak-again") { speak(true); }
    if (t.dataset.check) {   // fill a set of checkboxes (the suggested characters)
      var values = JSON.parse(t.dataset.check), form = t.closest("form");
      form.querySelectorAll("input[type=checkbox]").forEach(function (box) { box.checked = values.indexOf(box.value) >= 0; });
      var inputs = form.querySelectorAll("input[name='players[]']");
      var n = values.length, filled = 0;
      inputs.forEach(function (i) { if (i.value.trim()) filled++; });
      if (filled !== n && window.companionFlash) {
        window.companionFlash(_("This set is for {n} players; you have {filled} names.", { n: n, filled: filled }), "error");
      }
    }
  });

  // ---- the answer's pause: Hades' and the Queen's buttons wake the same time after the question,
  // real or decoy (a spent power), so the narrator's taps come as late on every night ----
  var TAPS = "button:not([data-dismiss])";
  function pinnedAnswers() { return Array.prototype.slice.call(document.querySelectorAll("#r-news [data-prompt^='beat-answer'] .prompt-acts")); }
  function answers() {
    if (!groupDone) return;
    var card = document.querySelector("[data-answer-hold]"), hold = card ? parseFloat(card.dataset.answerHold) : 3;
    var rows = Array.prototype.slice.call(document.querySelectorAll("[data-answer-hold]")).concat(pinnedAnswers())
      .filter(function (row) { return !row.dataset.armed; });
    if (!rows.length) return;
    rows.forEach(function (row) { row.dataset.armed = "1"; });
    setTimeout(function () {  // one pause for the card's and the pinned taps; a spent power's (a decoy's save) never wakes
      rows.forEach(function (row) {
        row.querySelectorAll(TAPS + ":not([data-spent]):not(.spent)").forEach(function (b) { b.disabled = false; });
      });
    }, 1000 * hold);
  }

  // ---- the debate timer, with a sound and a vibration at the end ----
  var rang = {}, audio = null;
  function beep() {
    // before this page's first tap the browser allows neither sound nor vibration (and says so in the console)
    if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
    try {
      var ctx = audio = audio || new (window.AudioContext || window.webkitAudioContext)();  // one for the page's life
      if (ctx.state === "suspended") ctx.resume();
      var o = ctx.createOscillator(), g = ctx.createGain();
      o.frequency.value = 660; o.connect(g); g.connect(ctx.destination);
      g.gain.setValueAtTime(0.3, ctx.currentTime); g.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 1.2);
      o.start(); o.stop(ctx.currentTime + 1.2);
    } catch (e) { /* no audio */ }
    if (navigator.vibrate) navigator.vibrate([300, 150, 300]);
  }
  function tick() {
    document.querySelectorAll("[data-timer]").forEach(function (el) {
      var left;
      if (el.dataset.endsAt) left = Math.max(0, Math.round(parseFloat(el.dataset.endsAt) - Date.now() / 1000));
      else if (el.dataset.remaining) left = Math.round(parseFloat(el.dataset.remaining));
      else return;
      var m = Math.floor(left / 60), s = left % 60;
      var clock = m + ":" + (s < 10 ? "0" : "") + s;
      if (left === 0 && el.dataset.endsAt) {  // the debate is over: it says so until the narrator moves on
        el.textContent = _("Time!");
        if (!rang[el.dataset.endsAt]) { rang[el.dataset.endsAt] = true; beep(); }
        return;
      }
      el.textContent = el.dataset.endsAt ? clock : _("{time} (paused)", { time: clock });
    });
  }
  setInterval(tick, 500);

  // What is shown full screen to one character takes the focus (its Close button is the next tap).
  var shown = null;
  function focusReveal() {
    var r = document.querySelector(".reveal button");
    if (r && r !== shown) { shown = r; r.focus({ preventScroll: true }); }
  }
  function refresh() { settings(); speak(false); tick(); }
  document.addEventListener("DOMContentLoaded", function () { refresh(); });
  document.addEventListener("htmx:oobAfterSwap", function () { refresh(); });
  window.narrator = { speak: speak };
})();
