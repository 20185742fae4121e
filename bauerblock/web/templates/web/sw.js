// Bauerblock's service worker: the app shell and the last good copy of each page a person
// comes back to (the start page, a sheet, its read-only view, a tournament's board), so the
// app opens with no network. Writes are never touched: the page's outbox sends them.
"use strict";

var SHELL_CACHE = {{ cache | tojson }};
var SHELL = {{ shell | tojson }};
var STATIC = {{ url_for('web.static', filename='') | tojson }};
var PAGES = "bauerblock-pages";
var SHEET = /^\/s\/[^/]+(\/edit)?$/;
var KEPT = [/^\/$/, SHEET, /^\/t\/(?!new$)[^/]+$/];
var CSP = {{ csp | tojson }};
var NEEDS_NETWORK = {{ needs_network | tojson }};

// The copy a page is kept under: its path, and an edit link's without its token (the link
// opens the copy of the sheet's edit view; the token is never stored). Null: never kept.
function copyKey(url) {
  var path = url.pathname.replace(/^(\/s\/[^/]+\/edit)\/[^/]+$/, "$1");
  return KEPT.some(function (pattern) {
    return pattern.test(path);
  })
    ? path
    : null;
}

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
    .replace(/<details class="share"[\s\S]*?<\/details>/, "")
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
  return response.status === 200 && type.indexOf("text/html") === 0 && copyKey(new URL(response.url)) !== null;
}

// A copy shown offline says so at once, in the page's own words and language, before any
// script runs: "offline, Stand von 21:14".
function marked(copy) {
  return copy.text().then(function (html) {
    var made = /<body data-copy="(\d+)"/.exec(html);
    var lang = /<html lang="([\w-]+)"/.exec(html);
    if (made) {
      var time = new Date(parseInt(made[1], 10)).toLocaleTimeString(lang ? lang[1] : [], {
        hour: "2-digit",
        minute: "2-digit",
      });
      html = html.replace(/(<div id="outbox"[^>]*?)\shidden(?:="")?([^>]*>)<\/div>/, function (all, head, tail) {
        var words = /data-copy="([^"]*)"/.exec(head + tail);
        return head + tail + (words ? words[1].replace("{time}", time) : "") + "</div>";
      });
    }
    return new Response(html, { status: 200, headers: copy.headers });
  });
}

// The language of the pages kept (the last one kept), German if none.
function language() {
  return caches.open(PAGES).then(function (cache) {
    return cache.keys().then(function (keys) {
      if (!keys.length) return "de";
      return cache.match(keys[keys.length - 1]).then(function (copy) {
        return copy.text().then(function (html) {
          var lang = /<html lang="([\w-]+)"/.exec(html);
          return lang && NEEDS_NETWORK[lang[1]] ? lang[1] : "de";
        });
      });
    });
  });
}

// Offline with no copy: a page that says the network is needed, not the browser's error.
function needsNetwork() {
  return language().then(function (lang) {
    return needsNetworkIn(NEEDS_NETWORK[lang], lang);
  });
}

function needsNetworkIn(words, lang) {
  var html =
    '<!DOCTYPE html><html lang="' + lang + '"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    "<title>" + words.title + '</title><link rel="stylesheet" href="' + SHELL[0] + '">' +
    '<main><h1 class="needs-network">' + words.title + "</h1><p>" + words.text +
    '</p><p><a class="button" href="/">Bauerblock</a></p></main>';
  return new Response(html, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": CSP },
  });
}

// A page: the network first; without one, the last good copy, or the words that it needs one.
function page(event) {
  var key = copyKey(new URL(event.request.url));
  return fetch(event.request)
    .then(function (response) {
      if (keepable(response)) {
        var kept = copyKey(new URL(response.url));
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
    .catch(function () {
      var kept = key ? caches.match(key, { cacheName: PAGES }) : Promise.resolve(null);
      return kept.then(function (copy) {
        return copy ? marked(copy) : needsNetwork();
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
  } else if (request.mode === "navigate") {
    event.respondWith(page(event));
  }
});

// The page hands over its sheet as the server last showed it, after its games changed. A
// page that loaded while the worker was activating came after its claim: it is taken here.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (typeof data.keep !== "string" || typeof data.html !== "string") return;
  var key = copyKey(new URL(data.keep, self.location.origin));
  if (key && SHEET.test(key)) event.waitUntil(Promise.all([keep(key, data.html), self.clients.claim()]));
});
