// Sentences in the page's language: the same names as the server's (companion/core/i18n.py).
// The page carries its catalog as JSON in <script type="application/json" id="i18n"> (msgid ->
// translation, or a list of plural forms, with "plural" the language's rule: "n>1" or "n!=1");
// without one, the English written in the script is shown.
(function () {
  "use strict";
  var data = null;
  function catalog() {
    if (data === null) {
      var el = document.getElementById("i18n");
      try { data = el ? JSON.parse(el.textContent) : {}; } catch (err) { data = {}; }
    }
    return data;
  }
  function format(text, kw) {
    if (!kw) return text;
    return text.replace(/\{(\w+)\}/g, function (m, k) { return k in kw ? String(kw[k]) : m; });
  }
  window._ = function (message, kw) {
    var got = catalog().messages && catalog().messages[message];
    return format(typeof got === "string" && got ? got : message, kw);
  };
  window.ngettext = function (singular, plural, n, kw) {
    kw = Object.assign({ n: n }, kw || {});
    var got = catalog().messages && catalog().messages[singular];
    var many = catalog().plural === "n>1" ? n > 1 : n !== 1;
    if (Array.isArray(got) && got.length > 1) return format(got[many ? 1 : 0], kw);
    return format(many ? plural : singular, kw);
  };
  window.pgettext = function (context, message, kw) {
    var got = catalog().messages && catalog().messages[context + "\u0004" + message];
    return format(typeof got === "string" && got ? got : message, kw);
  };
  window.i18nLang = function () { return document.documentElement.lang || "en"; };
})();
