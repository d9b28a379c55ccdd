// The service worker: the app shell is precached; navigations go to the network first with an
// offline page as the fallback; table pages, the API and the socket are never cached.
// Served at /sw.js by companion/web/assets.py, which versions each quoted /static/ URL below
// ("?v=" and 8 hex digits of the file's SHA-256) and fills in the cache's version, so that a
// changed file gives a new service worker and a new cache.
var SHELL = "shell-__VERSION__";
var ASSETS = [
  "/offline", "/static/css/app.css", "/static/js/i18n.js", "/static/js/app.js", "/static/vendor/htmx-2.0.10.min.js",
  "/static/vendor/htmx-ext-ws-2.0.4.min.js", "/static/icons/icon-192.png", "/static/icons/icon-512.png",
  "/manifest.webmanifest"
];
self.addEventListener("install", function (e) {
  // versioned URLs may come from the HTTP cache (they never change); the others are asked again
  var requests = ASSETS.map(function (u) { return u.indexOf("?v=") < 0 ? new Request(u, { cache: "no-cache" }) : u; });
  e.waitUntil(caches.open(SHELL).then(function (c) { return c.addAll(requests); }).then(function () { return self.skipWaiting(); }));
});
// A page in another language than the one the shell was stored in (the phone's language picked
// anew) asks for the offline page and the manifest again, in its language.
self.addEventListener("message", function (e) {
  if (e.data !== "language") return;
  e.waitUntil(caches.open(SHELL).then(function (c) {
    return Promise.all(["/offline", "/manifest.webmanifest"].map(function (u) {
      return fetch(new Request(u, { cache: "no-cache" })).then(function (r) { if (r.ok) return c.put(u, r); });
    }));
  }).catch(function () {}));
});
self.addEventListener("activate", function (e) {
  e.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k !== SHELL; }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});
self.addEventListener("fetch", function (e) {
  var req = e.request;
  if (req.method !== "GET") return;
  var url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === "navigate") { // network first, never stored; the offline page when there is no network
    e.respondWith(fetch(req).catch(function () { return caches.match("/offline"); }));
    return;
  }
  if (url.pathname.indexOf("/api/") === 0 || url.pathname.indexOf("/tables/") === 0) return; // never cached
  if (url.pathname.indexOf("/static/") === 0 || url.pathname === "/manifest.webmanifest") {
    e.respondWith(caches.match(req).then(function (hit) { return hit || fetch(req); }));
  }
});
