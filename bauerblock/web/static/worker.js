// Bauerblock's service worker: the app shell and the last good copy of each page a person
// comes back to (the start page, a sheet, its read-only view, a tournament's board, a player's
// seat in it, a group),
// so the app opens with no network. Writes are never touched: the page's outbox sends them.
// Served as /sw.js after its settings (offline.py): SHELL_CACHE, STATIC, CSP, the words of
// its own pages (NEEDS_NETWORK), the marks around what shows a token (KEPT_OUT) and the links
// that carry one (TOKEN_LINKS: [address, to its item], the token after the address). The
// shell is what the kept pages load (each its game's scripts and styles): kept with them, so
// a phone keeps no game's code it never opened.
"use strict";

var PAGES = "bauerblock-pages";
var SHEET = /^\/s\/[^/]+(\/edit)?$/;
// A player's seat, and its picker's address (which goes on to the seat picked, so a seat's
// copy is the picker's too): no right, no token.
var SEAT = /^\/t\/[^/]+\/(me|players\/\d+)$/;
var PICKED = /^(\/t\/[^/]+)\/players\/\d+$/;
var KEPT = [/^\/$/, SHEET, /^\/t\/(?!new$)[^/]+$/, SEAT, /^\/g\/(?!new$)[^/]+$/];
var NETWORK_MS = 3000; // how long a page waits for the network before the kept copy shows

function escaped(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
// A token link's address as a pattern: its names as they are, each `*` one segment.
function address(link, segment) {
  return link
    .split("/")
    .map(function (part) {
      return part === "*" ? segment : escaped(part);
    })
    .join("\\/");
}
// The links that carry a token, and the address each leads to once the token is taken.
// (A link of its item's own page, link[1], goes to the item's page: a group's edit link.)
var TOKEN_PATHS = TOKEN_LINKS.map(function (link) {
  var head = address(link[0], "[^/]+");
  if (link[1]) {
    var cut = head.lastIndexOf("\\/");
    return new RegExp("^(" + head.slice(0, cut) + ")" + head.slice(cut) + "\\/[^/]+$");
  }
  return new RegExp("^(" + head + ")\\/[^/]+$");
});
// The same links anywhere in a page (a href, a text, a data- attribute), each up to its token's
// end: a page kept drops every one it shows outside the marks.
var TOKENS_IN_PAGE = new RegExp(
  "(" + TOKEN_LINKS.map(function (link) {
    return address(link[0], "[^/\"'<>\\s?#]+");
  }).join("|") + ")(?:\\/|;|%2[Ff]|%3[Bb])[^\"'<>\\s?#]+",
  "gi"
);
var TOKEN_QUERY = /([?&;]|&amp;)token=[^"'<>\s&#]*/gi;
var KEPT_OUT_RE = new RegExp(escaped(KEPT_OUT[0]) + "[\\s\\S]*?" + escaped(KEPT_OUT[1]), "g");
// Every answer the worker makes sends no address on: a token link's copy gives nothing away.
var HEADERS = { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": CSP, "Referrer-Policy": "no-referrer" };

// The address of a token link without its token (null: no token link).
function untokened(url) {
  if (url.searchParams.has("token")) return url.pathname;
  for (var i = 0; i < TOKEN_PATHS.length; i++) {
    var match = TOKEN_PATHS[i].exec(url.pathname);
    if (match) return match[1];
  }
  return null;
}

// The copy a page is kept under: its path, a token link's without its token (the token is
// never stored). Null: never kept.
function copyKey(url) {
  var path = untokened(url) || url.pathname;
  return KEPT.some(function (pattern) {
    return pattern.test(path);
  })
    ? path
    : null;
}

function older(name) {
  return name.indexOf("bauerblock-shell-") === 0 && name !== SHELL_CACHE;
}

// The files an older shell kept, by their address without the version: the pages kept before
// an update open offline after it, with the files' new versions.
function keptBefore() {
  return caches
    .keys()
    .then(function (names) {
      return Promise.all(
        names.filter(older).map(function (name) {
          return caches.open(name).then(function (cache) {
            return cache.keys();
          });
        })
      );
    })
    .then(function (lists) {
      return [].concat.apply([], lists).map(function (request) {
        return new URL(request.url).pathname;
      });
    })
    .then(function (paths) {
      return paths.filter(function (path, i) {
        return paths.indexOf(path) === i;
      });
    });
}

self.addEventListener("install", function (event) {
  event.waitUntil(
    Promise.all([caches.open(SHELL_CACHE), keptBefore()])
      .then(function (got) {
        // Each on its own: a file gone since (a 404) keeps no update from installing.
        return Promise.all(
          got[1].map(function (path) {
            return got[0].add(path).catch(function () {});
          })
        );
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
        return Promise.all(names.filter(older).map(function (name) {
          return caches.delete(name);
        }));
      })
      .then(rescrub)
      .then(function () {
        return self.clients.claim();
      })
  );
});

// A page as it may be kept: no token of any kind. What the marks enclose goes (the share
// section's edit, organiser or group link and its QR code; offline nobody scans it anyway),
// then every token link left elsewhere loses its token; a page with a mark left open is not
// kept at all (null). Without its CSRF tokens too: a replay fetches a fresh one, a cached
// token is never trusted. The copy comes as the server sent it or as the page serialized it
// (quotes as &quot;).
function tokenless(html) {
  html = html.replace(KEPT_OUT_RE, "");
  if (html.indexOf(KEPT_OUT[0]) !== -1 || html.indexOf(KEPT_OUT[1]) !== -1) return null;
  return html
    .replace(TOKENS_IN_PAGE, "$1")
    .replace(TOKEN_QUERY, "$1")
    .replace(/(name="csrf_token" value=")[^"]*/g, "$1")
    .replace(/(X-CSRF-Token(?:"|&quot;):\s*(?:"|&quot;))[\w-]*/g, "$1");
}

// Keep a copy of a page (tokenless), marked with the time it was made.
function keep(path, html) {
  html = tokenless(html);
  if (html === null) {
    return caches.open(PAGES).then(function (cache) {
      return cache.delete(path);
    });
  }
  html = html.replace("<body", '<body data-copy="' + Date.now() + '"');
  // Its files first: a page kept is a page that opens.
  return keepFiles(html)
    .catch(function () {})
    .then(function () {
      return caches.open(PAGES);
    })
    .then(function (cache) {
      var picked = PICKED.exec(path);
      return Promise.all([
        cache.put(path, new Response(html, { status: 200, headers: HEADERS })),
        picked ? cache.put(picked[1] + "/me", new Response(html, { status: 200, headers: HEADERS })) : null,
      ]);
    });
}

// Call `each(cache, request, html)` on every page kept; resolve to what each gave.
function eachKept(each) {
  return caches.open(PAGES).then(function (cache) {
    return cache.keys().then(function (keys) {
      return Promise.all(
        keys.map(function (request) {
          return cache.match(request).then(function (copy) {
            return copy.text().then(function (html) {
              return each(cache, request, html);
            });
          });
        })
      );
    });
  });
}

// The copies an older worker kept go through tokenless again: what it let through goes.
function rescrub() {
  return eachKept(function (cache, request, html) {
    var clean = tokenless(html);
    if (clean === null) return cache.delete(request);
    if (clean !== html) return cache.put(request, new Response(clean, { status: 200, headers: HEADERS }));
  });
}

// The scripts and styles a kept page loads go into the shell (from the browser's cache: the
// page fetched them), each once.
function keepFiles(html) {
  var files = [];
  html.replace(/(?:src|href)="([^"]+)"/g, function (all, file) {
    if (file.indexOf(STATIC) === 0) files.push(file);
  });
  return caches.open(SHELL_CACHE).then(function (cache) {
    return Promise.all(
      files.map(function (file) {
        return cache.match(file).then(function (hit) {
          return hit || cache.add(file);
        });
      })
    );
  });
}

function keepable(response) {
  var type = response.headers.get("content-type") || "";
  return response.status === 200 && type.indexOf("text/html") === 0 && copyKey(new URL(response.url)) !== null;
}

// Every page kept, by its address: its title and its language.
function keptPages() {
  return eachKept(function (cache, request, html) {
    var title = /<title>([^<]*)<\/title>/.exec(html);
    var lang = /<html lang="([\w-]+)"/.exec(html);
    return { path: new URL(request.url).pathname, title: title ? title[1] : "", lang: lang ? lang[1] : "de" };
  });
}

// The start page's list of what this phone keeps (a sheet once: its edit view if kept).
function keptList(pages, words) {
  var items = pages
    .filter(function (page) {
      return page.path !== "/" && !(SHEET.test(page.path) && pages.some(function (other) {
        return other.path === page.path + "/edit";
      }));
    })
    .map(function (page) {
      return '<li><a href="' + page.path + '">' + page.title + "</a></li>";
    });
  return items.length ? '<section class="kept"><h2>' + words.kept + "</h2><ul>" + items.join("") + "</ul></section>" : "";
}

// A copy shown offline says so at once, in the page's own words and language, before any
// script runs: "offline, Stand von 21:14". The start page lists what else is kept.
function marked(copy, path) {
  return Promise.all([copy.text(), path === "/" ? keptPages() : []]).then(function (got) {
    var html = got[0];
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
    if (path === "/") html = html.replace("</main>", keptList(got[1], wordsOf(lang && lang[1])) + "</main>");
    return new Response(html, { status: 200, headers: HEADERS });
  });
}

function wordsOf(lang) {
  return NEEDS_NETWORK[lang] || NEEDS_NETWORK.de;
}

// Offline with no copy: a page that says the network is needed (in the language of the pages
// kept, German if none), not the browser's error; the start page lists what is kept.
function needsNetwork(path) {
  return Promise.all([keptPages(), caches.open(SHELL_CACHE).then(function (cache) {
    return cache.keys();
  })]).then(function (got) {
    var pages = got[0];
    // Styled as the pages kept are (the first kept styles).
    var style = got[1].filter(function (request) {
      return /\.css(\?|$)/.test(request.url);
    })[0];
    var lang = pages.length ? pages[pages.length - 1].lang : "de";
    var words = wordsOf(lang);
    var list = path === "/" ? keptList(pages, words) : "";
    var html =
      '<!DOCTYPE html><html lang="' + lang + '"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      "<title>" + words.title + "</title>" + (style ? '<link rel="stylesheet" href="' + style.url + '">' : "") +
      '<main><h1 class="needs-network">' + words.title + "</h1><p>" + words.text + "</p>" + list +
      '<p><a class="button" href="/">Bauerblock</a></p></main>';
    return new Response(html, { status: list ? 200 : 503, headers: HEADERS });
  });
}

// Without the network: a token link goes to its own address (off the address bar and the
// history), a page to its last good copy, or to the words that it needs the network.
function withoutNetwork(url) {
  var bare = untokened(url);
  if (bare) return Response.redirect(bare, 303);
  var key = copyKey(url);
  var kept = key ? caches.match(key, { cacheName: PAGES }) : Promise.resolve(null);
  return kept.then(function (copy) {
    return copy ? marked(copy, key) : needsNetwork(url.pathname);
  });
}

// A page: the network first, for NETWORK_MS; then (or at once without a network) what is
// kept, while the network keeps its chance to bring a fresh copy.
function page(event) {
  var url = new URL(event.request.url);
  var network = fetch(event.request).then(function (response) {
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
  });
  event.waitUntil(network.catch(function () {}));
  return new Promise(function (resolve) {
    var timer = setTimeout(function () {
      resolve(withoutNetwork(url));
    }, NETWORK_MS);
    network.then(
      function (response) {
        clearTimeout(timer);
        resolve(response);
      },
      function () {
        clearTimeout(timer);
        resolve(withoutNetwork(url));
      }
    );
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

// The page hands over its sheet as the server last showed it, after its games changed (or a
// kept edit view its read-only view; or a player's seat after a poll brought a new draw). A
// page that loaded while the worker was activating came after its claim: it is taken here.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (typeof data.keep !== "string" || typeof data.html !== "string") return;
  var key = copyKey(new URL(data.keep, self.location.origin));
  if (key && (SHEET.test(key) || SEAT.test(key))) event.waitUntil(Promise.all([keep(key, data.html), self.clients.claim()]));
});
