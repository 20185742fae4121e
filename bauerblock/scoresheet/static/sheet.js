// Bauerblock score sheet: offline-first taps on top of htmx. Everything works without it.
// A tap that writes goes into the outbox (outbox.js) and shows at once as a pending row;
// the outbox is sent in order, one tap at a time, whenever the server answers.
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
  var describe = Pad.describe;
  var refresh = Pad.refresh;
  var updatePoints = Pad.updatePoints;
  var updateStakes = Pad.updateStakes;

  var MAX_WAIT = 30000;
  var fails = 0; // failed sends in a row: the backoff doubles with each
  var retry = null;
  var pollTimer = null;
  var pollFails = 0;
  var polling = false; // one poll at a time
  var shown = 0; // answers shown so far: a poll sent before one of them is not shown
  var sending = false;
  var copyTimer = null;
  var nextEntry = null; // the next game's entry form, while an old game is open for amending

  // --- taps into the outbox -------------------------------------------------------------

  // Without storage (a locked-down browser) the forms post as they would without script.
  function storage() {
    try {
      localStorage.setItem("bauerblock.probe", "1");
      localStorage.removeItem("bauerblock.probe");
      return true;
    } catch (e) {
      return false;
    }
  }

  function kindOf(path) {
    if (/\/delete$/.test(path)) return "delete";
    return /\/games\/\d+$/.test(path) ? "amend" : "record";
  }

  // An undo or an amendment at a finished tournament table reopens it: ask first (the
  // server asks too, without script); yes goes with the tap as reopen=1.
  function reopens(b, kind, fields) {
    if (kind === "record" || !b || b.dataset.reopens !== "true") return true;
    var asked = fields.some(function (pair) {
      return pair[0] === "reopen";
    });
    if (asked) return true;
    if (!window.confirm(words().reopen)) return false;
    fields.push(["reopen", "1"]);
    return true;
  }

  function tap(form, submitter) {
    var b = board();
    var path = new URL(submitter && submitter.hasAttribute("formaction") ? submitter.formAction : form.action).pathname;
    var kind = kindOf(path);
    var match = path.match(/\/games\/(\d+)/);
    var number = match ? parseInt(match[1], 10) : null;
    var fields = fieldsOf(form, submitter);
    var text = describe(form, submitter, kind, number);
    if (!reopens(b, kind, fields)) return;
    var fixing = form.dataset.fixing;
    var changes = { id: Outbox.key(), fields: fields, text: text, status: "queued", message: "" };
    // The refused tap, typed again, keeps its place (and version) in the queue; if another
    // tab dropped it meanwhile, the new tap is queued at the end like any other.
    if (!(fixing && kind === "record" && Outbox.update(fixing, changes))) {
      Outbox.add({
        // Always a new key: a page from the cache may still carry one already sent.
        id: Outbox.key(),
        sheet: sheetOf(b),
        path: path,
        kind: kind,
        number: number,
        version: parseInt(form.elements.version.value, 10),
        fields: fields,
        text: text,
        made: Date.now(),
      });
    }
    delete form.dataset.fixing;
    var entry = document.getElementById("entry");
    if (kind !== "record" && entry && entry.classList.contains("amending") && nextEntry) {
      // The old game is done with: back to the next game's form, as the server would answer.
      entry.outerHTML = nextEntry;
      htmx.process(document.getElementById("entry"));
    } else if (kind === "record") {
      form.reset();
      form.querySelectorAll("details[open]").forEach(function (d) {
        d.open = false;
      });
    }
    // The undo bar names a game before the ones waiting: the outbox is what undoes now.
    document.querySelectorAll("#board .undo, #board .messages .ok").forEach(function (el) {
      el.remove();
    });
    refresh();
    flush();
  }

  // Every write goes through the outbox: take it before htmx sends it.
  document.addEventListener(
    "submit",
    function (event) {
      var form = event.target;
      var b = board();
      if (!b || !b.contains(form) || (form.method || "").toLowerCase() !== "post" || !storage()) return;
      event.preventDefault();
      event.stopPropagation();
      tap(form, event.submitter);
    },
    true
  );

  // A button with its own hx-post (delete in the amend form) submits its form natively.
  document.addEventListener(
    "click",
    function (event) {
      var button = event.target.closest && event.target.closest("#board form button[hx-post]");
      if (button) event.stopPropagation();
    },
    true
  );

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

  // What a refusal leaves of a tap: "final" when no retry can change it (the server says
  // so: a closed draw, a table drawn anew), "conflict" when another phone wrote first.
  function refusalKind(response) {
    if (response.headers.get("X-Refusal") === "final") return "final";
    return response.status === 412 ? "conflict" : "refused";
  }

  // The words of a refusal, as the server put them beside the field or in the banner.
  function refusal(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var el = $(".field-error", doc) || $("[role=alert]", doc) || $("main p", doc) || $("h1", doc);
    return el ? el.textContent.replace(/\s+/g, " ").trim() : "";
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
    keepEntry(function () {
      htmx.swap(b, html, { swapStyle: style || "outerHTML", swapDelay: 0, settleDelay: 0 });
    });
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
      if (!item || item.status !== "queued") return Promise.resolve();
      return (token ? Promise.resolve(token) : freshToken())
        .then(function (fresh) {
          token = fresh;
          return send(item, token);
        })
        .then(function (response) {
          if (response.status === 403 && !renewed) {
            // The token may have changed with the session: ask for it once more.
            token = null;
            renewed = true;
            return step();
          }
          return response.text().then(function (html) {
            var status = response.status;
            if (response.ok) {
              Outbox.done(item.id);
              apply(html, response.headers.get("HX-Reswap"));
              fails = 0;
              return step();
            }
            if ([403, 404, 409, 410, 412, 422].indexOf(status) < 0) throw new Error("status " + status);
            Outbox.update(item.id, { status: refusalKind(response), message: refusal(html) });
            // Another phone wrote, or the draw closed: show the sheet as it is now, this tap beside it.
            if (status === 412 || status === 409) apply(html);
            else refresh();
          });
        });
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

  document.addEventListener("click", function (event) {
    var el = event.target.closest && event.target.closest("button[data-action]");
    if (!el) return;
    var b = board();
    var item = Outbox.of(sheetOf(b)).filter(function (i) {
      return i.id === el.dataset.item;
    })[0];
    if (!item) return;
    if (el.dataset.action === "drop") Outbox.drop(item.id);
    if (el.dataset.action === "on-top") Outbox.rebase(item.id, parseInt(b.dataset.version, 10));
    if (el.dataset.action === "fix" && entryForm()) {
      var form = entryForm();
      setFields(form, item.fields);
      form.dataset.fixing = item.id;
      form.scrollIntoView({ block: "start" });
    }
    refresh();
    flush();
  });

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
      var html = "<!DOCTYPE html>\n" + page.outerHTML;
      navigator.serviceWorker.ready.then(function (registration) {
        if (registration.active) registration.active.postMessage({ keep: location.pathname, html: html });
      });
    }
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

  document.addEventListener("change", function (event) {
    if (event.target && event.target.name === "spritz") updatePoints();
    if (event.target && event.target.name === "bid") updateStakes();
  });

  // Opening an old game replaces the next game's form: keep it, to go back to it offline.
  document.addEventListener("htmx:beforeSwap", function () {
    var entry = document.getElementById("entry");
    if (entry && !entry.classList.contains("amending")) nextEntry = entry.outerHTML;
  });

  // After the settle: until then the swapped elements still carry their old attributes.
  document.addEventListener("htmx:afterSettle", function () {
    syncBoard();
    refresh();
  });

  // The worker is installed after the page has loaded: its downloads wait for the page's.
  window.addEventListener("load", function () {
    if (!navigator.serviceWorker || !words().sw) return;
    idle(function () {
      navigator.serviceWorker.register(words().sw).then(keepCopy);
    });
  });

  document.addEventListener("DOMContentLoaded", function () {
    refresh();
    flush();
    var poller = $("#board .poller");
    if (poller) pollTimer = setTimeout(poll, 1000 * (parseInt(poller.dataset.every, 10) || 3));
  });
})();
