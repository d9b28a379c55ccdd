// Villainous: once the host starts the game from the bottom of the seating form, the form is gone
// and the first move is at the top of the page: the host is taken there (the table waits on it).
// No inline scripts (the CSP forbids them).
(function () {
  "use strict";
  var seating = false;
  document.addEventListener("submit", function (e) {
    var type = e.target.querySelector && e.target.querySelector("input[name=type]");
    if (type && type.value === "setup") seating = true;
  }, true);
  function started() {
    if (!seating || document.querySelector("#r-setup form")) return;
    if (!document.querySelector("#r-now .prompt")) return;
    seating = false;
    setTimeout(function () { window.scrollTo(0, 0); }, 0);  // after the page kept its view for the push
  }
  document.addEventListener("htmx:afterSettle", started);
  document.addEventListener("htmx:oobAfterSwap", started);
})();
