/* Rules Refresher service worker: after one visit, every page, asset and quiz file of the visitor's language is
   cached, so the whole language opens offline. BUILD is replaced by each build (quiz/offline.py); a new build means a
   new worker, a new cache, and the old cache deleted. */
"use strict";

var BUILD = "__BUILD__";
var PREFIX = "rr-";
var CACHE_PREFIX = PREFIX + BUILD + "-";

function manifestUrl() { return new URL("offline.json", self.registration.scope).href; }

function cacheLanguage(lang) {
  return fetch(manifestUrl(), { cache: "no-store" }).then(function (response) {
    if (!response.ok) { throw new Error("offline.json: " + response.status); }
    return response.json();
  }).then(function (manifest) {
    var urls = manifest.languages[lang];
    if (!urls || manifest.build !== BUILD) { return false; }
    var wanted = urls.map(function (path) { return new URL(path, self.registration.scope).href; });
    return caches.open(CACHE_PREFIX + lang).then(function (cache) {
      return cache.keys().then(function (requests) {
        var have = requests.map(function (request) { return request.url; });
        var missing = wanted.filter(function (url) { return have.indexOf(url) < 0; });
        /* Every page view asks; only what this build's cache lacks is fetched. "reload": straight from the server,
           never from the HTTP cache, which may still hold the previous build. */
        return cache.addAll(missing.map(function (url) { return new Request(url, { cache: "reload" }); }));
      });
    }).then(function () { return true; });
  });
}

/* The languages a visitor has cached before, read from the names of older caches. */
function languagesCachedBefore() {
  return caches.keys().then(function (keys) {
    var langs = {};
    keys.forEach(function (key) {
      if (key.indexOf(PREFIX) === 0) { langs[key.slice(key.lastIndexOf("-") + 1)] = true; }
    });
    return Object.keys(langs);
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(languagesCachedBefore().then(function (langs) {
    return Promise.all(langs.map(function (lang) { return cacheLanguage(lang).catch(function () { return false; }); }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) {
      return key.indexOf(PREFIX) === 0 && key.indexOf(CACHE_PREFIX) !== 0;
    }).map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "cache-language" || typeof data.lang !== "string") { return; }
  var reply = event.ports && event.ports[0];
  var done = cacheLanguage(data.lang).then(function (ok) {
    if (reply) { reply.postMessage({ cached: ok, build: BUILD }); }
  }, function (error) {
    if (reply) { reply.postMessage({ cached: false, error: String(error) }); }
  });
  if (event.waitUntil) { event.waitUntil(done); }
});

/* The fallback page for a page not saved: in the language of the page asked for (its first path segment, when that
   language has one), else the default language's at the root. Every language's cache holds every fallback page. */
function fallbackFor(url) {
  var scope = self.registration.scope;
  var first = url.indexOf(scope) === 0 ? url.slice(scope.length).split("/")[0] : "";
  var root = caches.match(new URL("offline.html", scope).href);
  if (!first) { return root; }
  return caches.match(new URL(first + "/offline.html", scope).href).then(function (page) { return page || root; });
}

/* Cache first (the cache belongs to this very build), network as a fallback; a page neither cached nor reachable
   gets the fallback page, if this device has saved any language yet. */
self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) { return; }
  event.respondWith(caches.match(request, { ignoreSearch: true }).then(function (hit) {
    return hit || fetch(request).catch(function (error) {
      if (request.mode !== "navigate") { throw error; }
      return fallbackFor(request.url).then(function (page) { if (page) { return page; } throw error; });
    });
  }));
});
