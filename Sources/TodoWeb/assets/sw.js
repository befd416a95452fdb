"use strict";
// Todo's service worker: the app opens with the network gone, showing the last list loaded
// (read-only: the page says it is offline and its forms are off).
// - Pages: from the network first; a list page that loads is kept; offline, the kept copy.
// - Assets: their names change with their content, so a kept copy is always right.
// - A page never loaded: the server's /offline page, kept with the list.
// - Signing out forgets every page kept: they are the person's (SERVERS-7).
var CACHE = "todo-v1";
// The page that says "offline, and never loaded here", in the person's language (OfflinePage.swift).
var OFFLINE = "/offline";

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name !== CACHE; }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// A page asks to keep itself and its assets (the first visit happens before this worker runs).
self.addEventListener("message", function (event) {
  var urls = (event.data && event.data.keep) || [];
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      return fetch(url, { credentials: "same-origin" }).then(function (response) {
        if (response.ok) return cache.put(url, response);
      }).catch(function () {});
    }));
  }).then(function () {
    return self.clients.matchAll().then(function (clients) {
      clients.forEach(function (client) { client.postMessage({ kept: urls.length }); });
    });
  }));
});

// What a person's pages are not: the assets, the /offline page and the manifest.
function isShared(url) {
  return url.pathname.indexOf("/assets/") === 0 || url.pathname === OFFLINE || url.pathname === "/manifest.webmanifest";
}

// Drops every kept page, keeping what is no one's.
function forgetPages() {
  return caches.open(CACHE).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.filter(function (kept) { return !isShared(new URL(kept.url)); })
        .map(function (kept) { return cache.delete(kept); }));
    });
  });
}

function isList(url) {
  return url.pathname === "/" || url.pathname === "/today" || url.pathname.indexOf("/projects/") === 0 ||
    url.pathname.indexOf("/due/") === 0;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // A sign-out, sent by a form or a script, goes to the server as it is; the kept pages go now,
  // whatever it answers, so nobody opens them offline afterwards.
  if (request.method === "POST" && url.pathname === "/signout") {
    event.waitUntil(forgetPages());
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.indexOf("/assets/") === 0) {
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(request).then(function (kept) {
        return kept || fetch(request).then(function (response) {
          if (response.ok) cache.put(request, response.clone());
          return response;
        });
      });
    }));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok && isList(url)) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(url.pathname + url.search, copy); });
      }
      return response;
    }).catch(function () {
      return caches.open(CACHE).then(function (cache) {
        return cache.match(url.pathname + url.search).then(function (kept) {
          return kept || cache.match("/");
        }).then(function (kept) {
          if (kept) return kept;
          // A page never loaded here: the server's offline page, kept in the language it was
          // loaded in (LANG-4); this worker has no words of its own. Without it, the browser's.
          return cache.match(OFFLINE).then(function (page) {
            return page ? new Response(page.body, { status: 503, headers: page.headers }) : Response.error();
          });
        });
      });
    }));
  }
});
