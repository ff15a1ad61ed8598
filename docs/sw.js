/* Rules Refresher service worker: after one visit, every page, asset, quiz file and Anki deck of the visitor's language
   is saved, so the whole language opens offline. BUILD is replaced by each build (quiz/site/output/offline.py); a new build
   means a new worker, a new cache, and the old cache deleted.

   Pages and data (everything outside assets/) come from the network first, so a new release shows on the first online
   load; when the network fails (offline) or has not answered within NETWORK_TIMEOUT (a slow line at the table), the
   saved copy answers. Assets come from the cache first: Material's carry a hash in their names and ours a ?v= digest
   of their content (offline.py), so a page of a new build never gets an old build's script or style. */
"use strict";

var BUILD = "__BUILD__";
var PREFIX = "rr-";
var CACHE_PREFIX = PREFIX + BUILD + "-";
/* A page is at most 16 KB gzip (a test keeps it so): a line that cannot bring it in 3 s is one where the saved copy
   serves the player better. Offline, a fetch fails at once and the saved copy answers without waiting. */
var NETWORK_TIMEOUT = 3000;
var FALLBACK = "offline.html";
/* Data a page fetched that no language saves ahead (a game's tables at other rules: quiz/site/output/offline.py AT_TABLES),
   kept once fetched, so the rules a table chose while online still work offline. */
var FETCHED = CACHE_PREFIX + "fetched";

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
      if (key.indexOf(PREFIX) === 0 && key.slice(-8) !== "-fetched") { langs[key.slice(key.lastIndexOf("-") + 1)] = true; }
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

/* The page for an address neither the network nor the cache answers. In a language this device has saved (its cache
   holds every page of it, and that language's 404.html), the address names no page: that language's "not found" page,
   with a 404, at the address asked for. Otherwise the fallback page for a page not saved: in the language of the page
   asked for (its first path segment, when that language has one), else the default language's at the root. Every
   language's cache holds every fallback page. */
function notFound(page) {
  return page.blob().then(function (body) {
    return new Response(body, { status: 404, statusText: "Not Found", headers: page.headers });
  });
}

function fallbackFor(url) {
  var scope = self.registration.scope;
  var first = url.indexOf(scope) === 0 ? url.slice(scope.length).split("/")[0] : "";
  var language = first ? caches.match(new URL(first + "/" + FALLBACK, scope).href) : Promise.resolve(null);
  return language.then(function (ownFallback) {
    var folder = ownFallback ? first + "/" : "";
    return caches.match(new URL(folder + "404.html", scope).href).then(function (missing) {
      return missing ? notFound(missing) : ownFallback || caches.match(new URL(FALLBACK, scope).href);
    });
  });
}

/* The saved copy of a page under every address that names it: with a query (a search result's ?h=, a search link's
   ?q=), as index.html, and as its folder without the closing slash (sent on to the address with it, so that the page's
   relative links hold). */
function savedPage(url) {
  var address = new URL(url);
  var query = address.search;
  address.search = "";
  address.hash = "";
  address.pathname = address.pathname.replace(/\/index\.html$/, "/");
  return caches.match(address.href).then(function (page) {
    if (page || /(\/|\.[^/]*)$/.test(address.pathname)) { return page; }
    var folder = address.href + "/";
    return caches.match(folder).then(function (saved) { return saved && Response.redirect(folder + query, 301); });
  });
}

function cacheFirst(request) {
  return caches.match(request).then(function (hit) { return hit || fetch(request); });
}

/* The network's answer if it comes within NETWORK_TIMEOUT (revalidated, never a stale copy from the HTTP cache), else
   the saved copy; the network's answer when nothing is saved; a page neither saved nor reachable gets the fallback
   page, if this device has saved any language yet. */
function networkFirst(request) {
  var navigation = request.mode === "navigate";
  var saved = navigation ? savedPage(request.url) : caches.match(request);
  return new Promise(function (resolve, reject) {
    var answered = false;
    function answer(response) {
      if (!answered) { answered = true; resolve(response); }
    }
    var timer = setTimeout(function () {
      saved.then(function (copy) { if (copy) { answer(copy); } });
    }, NETWORK_TIMEOUT);
    fetch(new Request(request, { cache: "no-cache" })).then(function (response) {
      clearTimeout(timer);
      if (!navigation && response.ok && /\/at-tables\//.test(request.url)) {
        var copy = response.clone();
        caches.open(FETCHED).then(function (cache) { return cache.put(request, copy); });
      }
      if (response.status < 500) { return answer(response); }
      return saved.then(function (copy) { answer(copy || response); });
    }, function (error) {
      clearTimeout(timer);
      return saved.then(function (copy) {
        return copy || (navigation ? fallbackFor(request.url) : null);
      }).then(function (page) {
        if (page) { answer(page); } else if (!answered) { answered = true; reject(error); }
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) { return; }
  var asset = request.url.indexOf(new URL("assets/", self.registration.scope).href) === 0;
  event.respondWith(asset ? cacheFirst(request) : networkFirst(request));
});
