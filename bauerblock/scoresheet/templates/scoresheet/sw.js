// Bauerblock's service worker: the app shell and the last good copy of each sheet opened,
// so a sheet opens with no network. Writes are never touched: the page's outbox sends them.
"use strict";

var SHELL_CACHE = {{ cache | tojson }};
var SHELL = {{ shell | tojson }};
var STATIC = {{ url_for('web.static', filename='') | tojson }};
var PAGES = "bauerblock-pages";
var SHEET = /^\/s\/[^/]+(\/edit)?$/;
var CSP = {{ csp | tojson }};

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then(function (cache) {
        return cache.addAll(SHELL);
      })
      .then(function () {
        return self.skipWaiting();
      })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name.indexOf("bauerblock-shell-") === 0 && name !== SHELL_CACHE;
            })
            .map(function (name) {
              return caches.delete(name);
            })
        );
      })
      .then(function () {
        return self.clients.claim();
      })
  );
});

// Keep a copy of a sheet's page: marked with the time it was made, without the CSRF tokens
// (a replay fetches a fresh one; a cached token is never trusted) and without the share
// section (its edit link carries the sheet's token; offline nobody scans it anyway). The
// copy comes as the server sent it or as the page serialized it (quotes as &quot;).
function keep(path, html) {
  html = html
    .replace(/<section class="share"[\s\S]*?<\/section>/, "")
    .replace(/(name="csrf_token" value=")[^"]*/g, "$1")
    .replace(/(X-CSRF-Token(?:"|&quot;):\s*(?:"|&quot;))[\w-]*/g, "$1")
    .replace("<body", '<body data-copy="' + Date.now() + '"');
  var headers = { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": CSP };
  return caches.open(PAGES).then(function (cache) {
    return cache.put(path, new Response(html, { status: 200, headers: headers }));
  });
}

function keepable(response) {
  var type = response.headers.get("content-type") || "";
  return response.status === 200 && type.indexOf("text/html") === 0 && SHEET.test(new URL(response.url).pathname);
}

// A sheet: the network first; without one, the last good copy.
function sheetPage(event) {
  var path = new URL(event.request.url).pathname;
  return fetch(event.request)
    .then(function (response) {
      if (keepable(response)) {
        var kept = new URL(response.url).pathname;
        event.waitUntil(
          response
            .clone()
            .text()
            .then(function (html) {
              return keep(kept, html);
            })
        );
      }
      return response;
    })
    .catch(function (error) {
      return caches.match(path, { cacheName: PAGES }).then(function (copy) {
        if (copy) return copy;
        throw error;
      });
    });
}

// The shell: its files' addresses name their content, so a kept one is always right; with no
// network, another version of the same file does better than nothing.
function shellFile(request) {
  return caches.match(request).then(function (hit) {
    return (
      hit ||
      fetch(request)
        .then(function (response) {
          if (response.ok) {
            var copy = response.clone();
            caches.open(SHELL_CACHE).then(function (cache) {
              cache.put(request, copy);
            });
          }
          return response;
        })
        .catch(function (error) {
          return caches.match(request, { ignoreSearch: true }).then(function (other) {
            if (other) return other;
            throw error;
          });
        })
    );
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf(STATIC) === 0) {
    event.respondWith(shellFile(request));
  } else if (request.mode === "navigate" && SHEET.test(url.pathname)) {
    event.respondWith(sheetPage(event));
  }
});

// The page hands over its sheet as the server last showed it, after its games changed.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (typeof data.keep !== "string" || !SHEET.test(data.keep) || typeof data.html !== "string") return;
  event.waitUntil(keep(data.keep, data.html));
});
