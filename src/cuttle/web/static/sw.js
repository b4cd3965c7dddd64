// The site's service worker (served as /sw.js so that it may look after every page).
// Static files (styles, scripts, icons) are answered from a cache at once and fetched again
// behind the scenes for the next visit; pages, the API and the game sockets always go to the
// network, so a table never shows an old position.
const CACHE = "cuttle-static-v1";
const PRECACHE = [
  "/static/site.css", "/static/league.css", "/static/theme.css", "/static/lobby.css",
  "/static/i18n.js", "/static/theme.js", "/static/notify.js", "/static/lobby.js",
  "/static/favicon.svg", "/static/icon-192.png", "/static/icon-512.png",
];

self.addEventListener("install", (e) => {
  // One missing file must not stop the worker: cache what answers.
  e.waitUntil(caches.open(CACHE)
    .then((c) => Promise.all(PRECACHE.map((u) => c.add(u).catch(() => null))))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== "GET" || url.origin !== self.location.origin || !url.pathname.startsWith("/static/")) return;
  e.respondWith(caches.open(CACHE).then(async (cache) => {
    const hit = await cache.match(e.request);
    const fresh = fetch(e.request).then((r) => {
      if (r.ok) cache.put(e.request, r.clone());
      return r;
    });
    if (hit) {
      e.waitUntil(fresh.catch(() => null));
      return hit;
    }
    return fresh;
  }));
});
