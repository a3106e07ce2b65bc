/* The service worker of an installable site (site.yml `offline:`). The build writes it at the site's root
   as sw.js, after a first line that gives OFFLINE: { version, shell: [[path, hash]], immutable: [pattern],
   save: { list, files, version } or null, notFound }. Paths are from the root, where the worker is.

   - At install it fetches the shell, the files whose hash differs from the one it kept: after a rebuild
     only the changed files are fetched again.
   - Files whose names carry a hash (`immutable`: a path, or a folder's prefix ending in "*") are read from
     the cache first: their bytes never change. Every other file is asked of the network first, kept as it
     comes, and read from the cache when the network fails: pages and shards are kept as they are visited.
   - "save" fetches every file of the site's list (offline-files.json) whose hash it does not have, six at
     a time, telling the page the count as it goes.
   One cache holds it all, with the hashes it has under a key of its own (`hashesKey`). */
"use strict";
const scope = self.registration.scope;
const cacheName = "worldfacts " + scope;
const hashesKey = new URL("__worldfacts-offline-hashes", scope).href;
const savedKey = "";

// The cache's key of a URL: without its query and fragment, and a folder's as its index.html.
const keyOf = url => {
  const key = new URL(url);
  key.search = "";
  key.hash = "";
  if (key.pathname.endsWith("/")) key.pathname += "index.html";
  return key.href;
};
const pathOf = url => keyOf(url).slice(scope.length);
const isImmutable = path => OFFLINE.immutable.some(pattern =>
  pattern.endsWith("*") ? path.startsWith(pattern.slice(0, -1)) : path === pattern);

const readHashes = async cache => {
  const kept = await cache.match(hashesKey);
  return kept ? kept.json() : {};
};
const writeHashes = (cache, hashes) =>
  cache.put(hashesKey, new Response(JSON.stringify(hashes), { headers: { "Content-Type": "application/json" } }));

// Fetches each [path, hash] of `list` the cache lacks at that hash; tells `progress` each file done.
const refresh = async (list, progress) => {
  const cache = await caches.open(cacheName);
  const hashes = await readHashes(cache);
  const queue = list.slice();
  let done = 0;
  const next = async () => {
    while (queue.length) {
      const [path, hash] = queue.shift();
      const url = new URL(path, scope).href;
      if (hashes[path] !== hash || !(await cache.match(url))) {
        const response = await fetch(url, { cache: "no-cache" });
        if (!response.ok) throw new Error(path + ": " + response.status);
        await cache.put(url, response);
        hashes[path] = hash;
      }
      done += 1;
      if (progress) progress(done, list.length);
    }
  };
  try {
    await Promise.all(Array.from({ length: 6 }, next));
  } finally {
    await writeHashes(cache, hashes);
  }
  return hashes;
};

self.addEventListener("install", event => {
  event.waitUntil(refresh(OFFLINE.shell).then(() => self.skipWaiting()));
});

self.addEventListener("activate", event => {
  // Caches of this scope under another name are a worker's of another version of this script: gone.
  event.waitUntil(caches.keys()
    .then(names => Promise.all(names.filter(name => name.startsWith("worldfacts ") && name.endsWith(" " + scope)
      && name !== cacheName).map(name => caches.delete(name))))
    .then(() => self.clients.claim()));
});

const fromCache = async (request, cache) => {
  const hit = await cache.match(keyOf(request.url));
  if (hit || request.mode !== "navigate") return hit;
  return cache.match(new URL(OFFLINE.notFound, scope).href);
};

const respond = async (request, path) => {
  const cache = await caches.open(cacheName);
  if (isImmutable(path)) {
    const hit = await cache.match(keyOf(request.url));
    if (hit) return hit;
  }
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const hit = await fromCache(request, cache);
    if (hit) return hit;
    throw error;
  }
  if (response.ok && response.type === "basic" && !response.redirected) {
    await cache.put(keyOf(request.url), response.clone());
  }
  return response;
};

self.addEventListener("fetch", event => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope)) return;
  const path = pathOf(request.url);
  if (path === "sw.js" || path === OFFLINE.save?.list) return;
  event.respondWith(respond(request, path));
});

self.addEventListener("message", event => {
  const port = event.ports[0];
  if (!port) return;
  const type = event.data && event.data.type;
  if (type === "info") {
    event.waitUntil(caches.open(cacheName).then(readHashes).then(hashes => port.postMessage({
      version: OFFLINE.version,
      save: OFFLINE.save && { files: OFFLINE.save.files, saved: hashes[savedKey] === OFFLINE.save.version },
    })));
  } else if (type === "save" && OFFLINE.save) {
    event.waitUntil(fetch(new URL(OFFLINE.save.list, scope).href, { cache: "no-cache" })
      .then(response => {
        if (!response.ok) throw new Error(OFFLINE.save.list + ": " + response.status);
        return response.json();
      })
      .then(list => refresh(list, (done, total) => port.postMessage({ progress: true, done, total })))
      .then(async hashes => {
        hashes[savedKey] = OFFLINE.save.version;
        await writeHashes(await caches.open(cacheName), hashes);
        port.postMessage({ done: true });
      })
      .catch(error => port.postMessage({ error: String(error) })));
  }
});
