// Bauerblock score sheet: offline-first taps. Everything works without script.
// A tap that writes goes into the outbox (taps.js, outbox.js) and shows at once as a pending
// row; the outbox is sent in order, one tap at a time, whenever the server answers.
(function () {
  "use strict";

  var Pad = window.Pad;
  var $ = Pad.$;
  var board = Pad.board;
  var entryForm = Pad.entryForm;
  var words = Pad.words;
  var sheetOf = Pad.sheetOf;
  var busy = Pad.busy;
  var fieldsOf = Pad.fieldsOf;
  var setFields = Pad.setFields;
  var refresh = Pad.refresh;

  var MAX_WAIT = 30000;
  var fails = 0; // failed sends in a row: the backoff doubles with each
  var retry = null;
  var pollTimer = null;
  var pollFails = 0;
  var polling = false; // one poll at a time
  var shown = 0; // answers shown so far: a poll sent before one of them is not shown
  var sending = false;
  var copyTimer = null;
  var NOTE_MS = 5000; // how long a note that the network is needed stays
  var VIEW_MS = 10000; // when an edit view's read-only view is kept, after the page loaded

  // --- sending -----------------------------------------------------------------------------

  function freshToken() {
    return fetch(words().csrf, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (!response.ok) throw new Error("csrf " + response.status);
        return response.json();
      })
      .then(function (body) {
        return body.csrf_token;
      });
  }

  function send(item, token) {
    var body = new URLSearchParams(item.fields);
    body.set("key", item.id);
    body.set("version", String(item.version));
    return fetch(item.path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "HX-Request": "true", "X-CSRF-Token": token },
      body: body,
    });
  }

  // The words of a refusal, as the server put them beside the field or in the banner.
  function refusal(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var el = $(".field-error", doc) || $("[role=alert]", doc) || $("main p", doc) || $("h1", doc);
    return el ? el.textContent.replace(/\s+/g, " ").trim() : "";
  }

  // What a refusal leaves of a tap: "final" when no retry can change it (the server says
  // so: a closed draw, a table drawn anew), "conflict" when another phone wrote first (send
  // it on top or drop it), "refused" (fix or drop it), or null (no answer; try again later).
  function refusalOf(response) {
    if ([403, 404, 409, 410, 412, 422].indexOf(response.status) < 0) return null;
    if (response.headers.get("X-Refusal") === "final") return "final";
    return response.status === 412 ? "conflict" : "refused";
  }

  // Keep what is being entered across a swap (a modifier chosen for the next game).
  function keepEntry(swap) {
    var form = entryForm();
    var kept = form && !form.closest(".amending") && busy() ? fieldsOf(form, null) : null;
    swap();
    if (kept && entryForm()) setFields(entryForm(), kept);
  }

  // A tap's answer swaps parts of the board, not the board: the new version rides on the
  // poller it brings, and the board's data attributes follow it.
  function syncBoard() {
    var b = board();
    var poller = document.getElementById("poller");
    if (!b || !poller) return;
    ["version", "etag", "played", "finished"].forEach(function (name) {
      if (poller.dataset[name] !== undefined) b.dataset[name] = poller.dataset[name];
    });
  }

  // Show the server's answer: out-of-band parts (HX-Reswap: none), or a whole board.
  function apply(html, style) {
    var b = board();
    if (!b) return;
    var focused = b.contains(document.activeElement);
    keepEntry(function () {
      Pad.swap(b, html, style || "outerHTML");
    });
    // The element that had the focus went with the swap: the focus goes on where it was.
    if (focused && !(board() && board().contains(document.activeElement))) Pad.focusNext();
    shown += 1;
    syncBoard();
    delete document.body.dataset.copy; // the server answered: this is no old copy any more
    refresh();
    keepCopy();
  }

  // Send the outbox of this sheet, in order, one tap at a time; stop at a refusal.
  function sendAll(sheet) {
    var token = null;
    var renewed = false;
    function step() {
      var item = Outbox.of(sheet)[0];
      Pad.state.sending = null;
      if (!item || item.status !== "queued") return Promise.resolve();
      return (token ? Promise.resolve(token) : freshToken())
        .then(function (fresh) {
          token = fresh;
          if (!Outbox.of(sheet).some(function (other) {
            return other.id === item.id;
          })) {
            return step(); // discarded while the token came
          }
          Pad.state.sending = item.id;
          // Sent: from now on its answer may be lost, so a discard asks the server first.
          Outbox.update(item.id, { sent: true });
          refresh();
          return send(item, token).then(answered, function (error) {
            Pad.state.sending = null;
            throw error;
          });
        });
      function answered(response) {
        if (response.status === 403 && !renewed) {
          // The token may have changed with the session: ask for it once more.
          token = null;
          renewed = true;
          return step();
        }
        return response.text().then(function (html) {
          Pad.state.sending = null;
          if (response.ok) {
            Outbox.done(item.id);
            apply(html, response.headers.get("HX-Reswap"));
            fails = 0;
            return step();
          }
          var verdict = refusalOf(response);
          if (!verdict) throw new Error("status " + response.status);
          Outbox.update(item.id, { status: verdict, message: refusal(html) });
          // Another phone wrote, or the draw closed: show the sheet as it is now, this tap beside it.
          if (response.status === 412 || response.status === 409) {
            apply(html);
            // Why stands in the tap's row and the status line: the page's own banner (for a
            // page without script) would push the form down under the thumb.
            var said = $("#board > .messages > [role=alert]");
            if (said) said.remove();
          } else refresh();
        });
      }
    }
    return step();
  }

  function flush() {
    var b = board();
    var sheet = sheetOf(b);
    if (sending || !sheet || !Outbox.of(sheet).length) return;
    sending = true;
    clearTimeout(retry);
    retry = null;
    Outbox.exclusive(function () {
      return sendAll(sheet);
    })
      .catch(function () {
        // No answer: try again later, 1 s doubling to 30 s (and on online, on visible, on a poll).
        retry = setTimeout(flush, Math.min(MAX_WAIT, 1000 * Math.pow(2, fails)));
        fails += 1;
      })
      .finally(function () {
        sending = false;
        refresh();
        // Another tab may hold the lock: look again in a moment.
        var head = Outbox.of(sheet)[0];
        if (head && head.status === "queued" && !retry) retry = setTimeout(flush, 1000);
      });
  }

  // --- polling, only while visible, backing off while the server is out of reach --------------

  // The draw closed (the next one is made, it was ended, the tournament is over): that is
  // shown at once, whatever is being entered; nobody else wrote.
  function closes(html) {
    return html.indexOf('data-locked="true"') >= 0;
  }

  // The table was drawn anew while the pad was open: show the page that says so.
  function gone(response) {
    if (response.status !== 410) return false;
    location.reload();
    return true;
  }

  function poll() {
    var b = board();
    var poller = b && $(".poller", b);
    clearTimeout(pollTimer);
    if (polling || !poller || document.hidden) return;
    polling = true;
    var every = 1000 * (parseInt(poller.dataset.every, 10) || 3);
    var next = every;
    var seen = shown;
    fetch(poller.dataset.url, {
      credentials: "same-origin",
      cache: "no-store",
      headers: { "HX-Request": "true", "If-None-Match": 'W/"' + b.dataset.etag + '"' },
    })
      .then(function (response) {
        if (response.status === 304) return null;
        if (gone(response)) return null;
        if (!response.ok) throw new Error("status " + response.status);
        return response.text();
      })
      .then(function (html) {
        pollFails = 0;
        if (document.body.dataset.copy) {
          delete document.body.dataset.copy; // the server answers: no old copy shown any more
          refresh();
        }
        if (html === null || sending || shown !== seen) {
          // Nothing new, or a tap's answer came in meanwhile: this read may be the older one.
        } else if (busy() && !closes(html)) {
          // Keep what is being entered; the write will be refused as stale and show the news.
          var fresh = $("#board .fresh");
          if (fresh) fresh.hidden = false;
        } else {
          apply(html);
        }
        flush();
      })
      .catch(function () {
        pollFails += 1;
        next = Math.min(MAX_WAIT, every * Math.pow(2, pollFails));
      })
      .finally(function () {
        polling = false;
        if (!document.hidden) pollTimer = setTimeout(poll, next);
      });
  }

  // --- the service worker keeps the app shell and the last good copy of this sheet -----------

  // Hand the service worker this sheet as the server last showed it (no pending rows): no
  // second request, so the copy is right even when the network drops right after an answer.
  function keepCopy() {
    if (!navigator.serviceWorker || !board() || document.body.dataset.copy) return;
    clearTimeout(copyTimer);
    copyTimer = setTimeout(function () {
      idle(copy);
    }, 300);
    function copy() {
      var page = document.documentElement.cloneNode(true);
      page.querySelectorAll("[data-queued], #outbox").forEach(function (el) {
        if (el.id === "outbox") el.hidden = true;
        else el.remove();
      });
      delete page.querySelector("body").dataset.taken; // a tap's pressed look is no part of it
      hand(location.pathname, "<!DOCTYPE html>\n" + page.outerHTML);
    }
  }

  function hand(path, html) {
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ keep: path, html: html });
    });
  }

  // A kept edit view keeps its read-only view too: fetched once, long after the first load.
  function keepView() {
    var view = location.pathname.replace(/\/edit$/, "");
    if (view === location.pathname || !board()) return;
    caches
      .match(view)
      .then(function (kept) {
        return kept ? null : fetch(view, { credentials: "same-origin" });
      })
      .then(function (response) {
        return response && response.ok ? response.text() : null;
      })
      .then(function (html) {
        if (html) hand(view, html);
      })
      .catch(function () {});
  }

  // Work that can wait goes where it keeps no tap waiting.
  function idle(fn) {
    if (window.requestIdleCallback) window.requestIdleCallback(fn, { timeout: 2000 });
    else setTimeout(fn, 0);
  }

  function wake() {
    fails = 0;
    clearTimeout(retry);
    retry = null;
    flush();
    poll();
  }

  window.addEventListener("online", wake);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) wake();
  });
  // Another tab of this phone changed the outbox.
  window.addEventListener("storage", function (event) {
    if (event.key === "bauerblock.outbox") refresh();
  });

  document.addEventListener("change", Pad.chosen);

  // What needs the server (an old game opened to amend, a sent tap's fate) says so when there
  // is none.
  function needsNetwork() {
    var messages = $("#board .messages");
    if (!messages || $(".needs-network", messages)) return;
    var note = document.createElement("p");
    note.className = "banner warn needs-network";
    note.setAttribute("role", "alert");
    note.textContent = words().needs;
    messages.appendChild(note);
    setTimeout(function () {
      note.remove();
    }, NOTE_MS);
  }
  document.addEventListener("pad:unreachable", needsNetwork);

  // The share section's QR codes load when it opens (a first visit fetches none).
  document.addEventListener(
    "toggle",
    function (event) {
      var share = event.target;
      if (!share.classList || !share.classList.contains("share") || !share.open) return;
      share.querySelectorAll("img[data-src]").forEach(function (img) {
        img.src = img.dataset.src;
        img.removeAttribute("data-src");
      });
    },
    true
  );

  // A part the board's swapper put in place (swap.js): the board follows it.
  document.addEventListener("pad:swapped", function () {
    syncBoard();
    refresh();
  });

  // The worker is installed after the page has loaded: its downloads wait for the page's.
  window.addEventListener("load", function () {
    if (!navigator.serviceWorker || !words().sw) return;
    idle(function () {
      navigator.serviceWorker.register(words().sw).then(function () {
        keepCopy();
        setTimeout(keepView, VIEW_MS);
      });
    });
  });

  document.addEventListener("DOMContentLoaded", function () {
    // A token link is never left in the address bar nor in the history (a kept copy's too).
    var link = /^(\/s\/[^/]+\/edit|\/t\/[^/]+\/organiser)\/[^/]+$|^(\/g\/[^/]+)\/edit\/[^/]+$/.exec(location.pathname);
    if (link || /[?&]token=/.test(location.search)) history.replaceState(null, "", link ? link[1] || link[2] : location.pathname);
    refresh();
    flush();
    var poller = $("#board .poller");
    if (poller) pollTimer = setTimeout(poll, 1000 * (parseInt(poller.dataset.every, 10) || 3));
  });
  Pad.flush = flush;
  Pad.needsNetwork = needsNetwork;
})();
