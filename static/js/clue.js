// Clue: the suggestion form's chips (who may disprove, the card shown to you), the marking mode
// of the grid and the explanation of a tapped cell. No inline scripts (the CSP forbids them).
(function () {
  "use strict";
  function checked(form, name) {
    var el = form.querySelector("input[name='" + name + "']:checked");
    return el ? el.value : null;
  }
  function update(form) {
    var by = checked(form, "by"), d = checked(form, "disproved_by");
    form.querySelectorAll("input[name=disproved_by]").forEach(function (r) {
      var self = r.value !== "" && r.value === by;
      r.disabled = self;
      r.closest("label").classList.toggle("off", self);
      if (self && r.checked) { r.checked = false; d = null; }
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
  document.addEventListener("change", function (e) {
    var form = e.target.closest && e.target.closest("form[data-suggest]");
    if (form) update(form);
    if (e.target.matches("[data-mark-mode]")) marking = e.target.checked;
  });
  // the form clears once its suggestion is in
  document.addEventListener("htmx:afterRequest", function (e) {
    var form = e.detail.elt && e.detail.elt.closest && e.detail.elt.closest("form[data-suggest]");
    if (form && e.detail.successful) { form.reset(); update(form); }
  });
  // marking mode survives the notes being pushed again
  var marking = false;
  function keepMode() {
    document.querySelectorAll("[data-mark-mode]").forEach(function (box) { box.checked = marking; });
  }
  // a tap on a cell explains it; only in marking mode does it post the mark
  document.addEventListener("htmx:confirm", function (e) {
    var btn = e.detail.elt;
    if (!btn || !btn.dataset || btn.dataset.why === undefined) return;
    if (marking && document.querySelector("[data-mark-mode]")) return;  // no marking while looking back
    e.preventDefault();
    var bar = document.querySelector("[data-why-bar]");
    if (bar) bar.textContent = btn.dataset.why;
  });
  // the exported text, copied in one tap
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-copy-export]");
    if (!b) return;
    var area = document.querySelector("[data-export]");
    if (!area) return;
    area.select();
    var done = function () { b.textContent = "Copied"; };
    if (navigator.clipboard) navigator.clipboard.writeText(area.value).then(done, function () { document.execCommand("copy"); done(); });
    else { document.execCommand("copy"); done(); }
  });
  document.addEventListener("DOMContentLoaded", function () { all(); keepMode(); });
  document.addEventListener("htmx:oobAfterSwap", function () { all(); keepMode(); });
  document.addEventListener("htmx:load", function () { all(); keepMode(); });
})();
