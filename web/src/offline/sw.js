// The service worker (served as /sw.js, written by the build: vite.config.ts puts the list of
// the built files and a version made from them in front of this file). It keeps the whole
// built client — the page, its scripts and styles, the engine's worker and its WebAssembly
// module — in a cache of this version, so that the site opens and a practice game against
// the CPU is played with no network. Pages are asked of the network first (a new version is
// seen at once) and come from the cache when it does not answer; the built files, whose
// names change with their content, come from the cache. Nothing else is touched: the
// WebSocket, and any other request, go to the network as without a service worker.
/* global self, caches, fetch, URL, Response */
/* eslint-disable no-restricted-globals */
const PRECACHE = self.KAISHO_PRECACHE;
const CACHE = `kaisho-${self.KAISHO_VERSION}`;
const SHELL = "/index.html";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith("kaisho-") && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Every page of the site is the one index.html (the routes are the client's).
    event.respondWith(
      fetch(request).catch(() =>
        caches
          .match(SHELL, { cacheName: CACHE })
          .then((r) => r || new Response("offline", { status: 503 })),
      ),
    );
    return;
  }
  if (!PRECACHE.includes(url.pathname)) return;
  event.respondWith(
    caches.match(url.pathname, { cacheName: CACHE }).then((r) => r || fetch(request)),
  );
});
