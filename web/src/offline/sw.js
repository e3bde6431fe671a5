// The service worker (served as /sw.js, written by the build: vite.config.ts puts in front of
// this file the built files in two lists and a version made from all of them). It keeps the
// built client in a cache of this version, so that the site opens, and a practice game against
// the CPU is played, with no network:
// - the shell (KAISHO_PRECACHE: the page, its script and style sheet, the icon and manifests)
//   is cached when the worker installs, on the first visit: what the front page loads anyway;
// - every other built file (KAISHO_LATER: the engine's worker and WebAssembly module, the
//   demo's samples, the install icons) is cached when the page first fetches it — the engine
//   when a practice game, an analysis or a game's referee first needs it — or when the page
//   asks for the engine once it has been idle a while (the message "keep-engine", main.ts):
//   never on the front page's first load. A new version takes over from the previous cache
//   the files that did not change (their names are their content's hash).
// Pages are asked of the network first (a new version is seen at once) and come from the cache
// when it does not answer; the built files come from the cache. Nothing else is touched: the
// WebSocket, and any other request, go to the network as without a service worker.
/* global self, caches, fetch, URL, Response */
/* eslint-disable no-restricted-globals */
const PRECACHE = self.KAISHO_PRECACHE;
const LATER = self.KAISHO_LATER;
const ENGINE = self.KAISHO_ENGINE;
const CACHE = `kaisho-${self.KAISHO_VERSION}`;
const SHELL = "/index.html";

/** Files of LATER that an older cache holds already (same name, same content): kept. */
function keepFromOlder(cache) {
  return Promise.all(
    LATER.map((url) => caches.match(url).then((old) => (old ? cache.put(url, old) : undefined))),
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE).then(() => keepFromOlder(cache)))
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

/** A built file: from the cache, else fetched and kept (a file of LATER, on first use). */
function builtFile(request, path) {
  return caches.open(CACHE).then((cache) =>
    cache.match(path).then(
      (hit) =>
        hit ||
        fetch(request).then((response) => {
          if (response.ok)
            cache
              .put(path, response.clone())
              .then(() => (ENGINE.includes(path) ? toldEngineKept(cache) : undefined))
              .catch(() => {});
          return response;
        }),
    ),
  );
}

/**
 * Once the engine's files are all in the cache (the last one just put there by a practice
 * game, an analysis or a referee), tells every page: one offering practice with no network
 * knows it can (the message "engine-kept", as the answer to "keep-engine").
 */
function toldEngineKept(cache) {
  return Promise.all(ENGINE.map((url) => cache.match(url))).then((hits) => {
    if (!hits.every(Boolean)) return undefined;
    return self.clients
      .matchAll()
      .then((pages) => pages.forEach((p) => p.postMessage({ type: "engine-kept", kept: true })));
  });
}

// The page asks for the engine to be kept (it has been idle a while: main.ts); the answer says
// whether it is now on the device.
self.addEventListener("message", (event) => {
  if (event.data !== "keep-engine") return;
  const reply = (kept) => event.source?.postMessage({ type: "engine-kept", kept });
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all(
          ENGINE.map((url) => cache.match(url).then((hit) => (hit ? undefined : cache.add(url)))),
        ),
      )
      .then(
        () => reply(true),
        () => reply(false),
      ),
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
  if (!PRECACHE.includes(url.pathname) && !LATER.includes(url.pathname)) return;
  event.respondWith(builtFile(request, url.pathname));
});
