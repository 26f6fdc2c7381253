{% autoescape off %}// The table's phone keeps its sheet when the room's Wi-Fi drops (docs, « Hors connexion »).
// Served by tournaments.views.offline: the static files below carry their hashed names, so a
// new deployment changes this text and the phone installs the new worker.
"use strict";

const STATIC_CACHE = "tarot-static-{{ version }}";
const PAGES_CACHE = "tarot-sheets";
const STATIC_FILES = {{ static_files_json }};
const STATIC_PREFIX = {{ static_prefix_json }};
const SHEET_PATH = /^\/tables\/\d+\/$/;
// A Wi-Fi that drops rarely says so: past this wait the kept page is shown, and the network's
// answer, if it comes, is kept for the next time.
const NETWORK_WAIT_MS = 4000;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(STATIC_CACHE)
      .then((cache) => cache.addAll(STATIC_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names
          .filter((name) => name.startsWith("tarot-static-") && name !== STATIC_CACHE)
          .map((name) => caches.delete(name)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (SHEET_PATH.test(url.pathname) && !request.headers.has("HX-Request")) {
    event.respondWith(sheetPage(request, url));
  } else if (url.pathname.startsWith(STATIC_PREFIX)) {
    event.respondWith(staticFile(request));
  }
});

// The sheet: the network first, so that what the server says wins; kept for later.
async function sheetPage(request, url) {
  const cache = await caches.open(PAGES_CACHE);
  const key = url.origin + url.pathname;
  const network = fetch(request).then(async (response) => {
    if (response.ok && response.type === "basic") await cache.put(key, response.clone());
    return response;
  });
  const kept = () => cache.match(key);
  try {
    const response = await Promise.race([network, wait(NETWORK_WAIT_MS)]);
    if (response) return response;
    return (await kept()) || (await network);
  } catch (error) {
    const page = await kept();
    if (page) return page;
    throw error;
  }
}

// Static files: kept ones at once (their names change with their content), else the network.
async function staticFile(request) {
  const cache = await caches.open(STATIC_CACHE);
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(request, response.clone());
  return response;
}

// « Me prévenir » (docs): a notification pushed by the server (notifications/push), shown as
// it comes; a tap opens the player's page, in the window already open on it if there is one.
const ICON = {{ icon_json }};

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch (error) {
    message = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(self.registration.showNotification(message.title || "Tarot", {
    body: message.body || "",
    icon: ICON,
    lang: "fr",
    tag: message.url || undefined,
    data: { url: message.url || "/" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data && event.notification.data.url || "/", self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = windows.find((client) => new URL(client.url).pathname === url.pathname);
    if (open) return open.focus();
    return self.clients.openWindow(url.href);
  })());
});

function wait(milliseconds) {
  return new Promise((resolve) => setTimeout(() => resolve(null), milliseconds));
}
{% endautoescape %}
