// Bauerblock score sheet: offline-first taps on top of htmx. Everything works without it.
// A tap that writes goes into the outbox (outbox.js) and shows at once as a pending row;
// the outbox is sent in order, one tap at a time, whenever the server answers.
(function () {
  "use strict";

  var MAX_WAIT = 30000;
  var fails = 0; // failed sends in a row: the backoff doubles with each
  var retry = null;
  var pollTimer = null;
  var pollFails = 0;
  var sending = false;
  var copyTimer = null;
  var nextEntry = null; // the next game's entry form, while an old game is open for amending

  function $(selector, root) {
    return (root || document).querySelector(selector);
  }

  function board() {
    return document.getElementById("board");
  }

  function entryForm() {
    return document.getElementById("entry-form");
  }

  function words() {
    var banner = document.getElementById("outbox");
    return banner ? banner.dataset : {};
  }

  function fill(text, values) {
    return String(text || "").replace(/\{(\w+)\}/g, function (all, name) {
      return name in values ? values[name] : all;
    });
  }

  function sheetOf(b) {
    return b && b.dataset.sheet;
  }

  function teamOfSeat(seat) {
    return seat % 2 === 0 ? "A" : "B";
  }

  // Who deals game `number` follows from the rotation alone; home is forehand's team.
  function dealerOf(b, number) {
    var seats = parseInt(b.dataset.seats, 10);
    return (parseInt(b.dataset.firstDealer, 10) + number - 1) % seats;
  }

  // Show the points the six result buttons give with the spritz chosen.
  function updatePoints() {
    var form = entryForm();
    if (!form) return;
    var checked = $("input[name=spritz]:checked", form);
    var spritz = checked ? parseInt(checked.value, 10) || 0 : 0;
    form.querySelectorAll("button[data-base]").forEach(function (button) {
      var out = $(".p", button);
      if (out) out.textContent = String(parseInt(button.dataset.base, 10) * Math.pow(2, spritz));
    });
  }

  // Bolachen: show on the won and lost buttons what the bid chosen gives the declarer.
  function updateStakes() {
    var form = entryForm();
    if (!form) return;
    var bid = $("input[name=bid]:checked", form);
    form.querySelectorAll("[data-show]").forEach(function (out) {
      out.textContent = bid ? bid.dataset[out.dataset.show] || "" : "";
    });
  }

  // A form with modifiers chosen, card points typed or an old game open is being worked on:
  // another phone's game must not wipe it.
  function busy() {
    var form = entryForm();
    if (!form) return false;
    if (form.closest(".amending")) return true;
    var spritz = $("input[name=spritz]:checked", form);
    if (spritz && spritz.value !== "0") return true;
    if ($("input[name^=melds_]:checked, input[name=declarer]:checked, input[name=bid]:checked, input[name=tricks]:checked", form)) {
      return true;
    }
    var cp = $("input[name=cp]", form);
    return Boolean(cp && cp.value);
  }

  // --- taps into the outbox -------------------------------------------------------------

  function fieldsOf(form, submitter) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrf_token" && name !== "key" && name !== "version") fields.push([name, value]);
    });
    if (submitter && submitter.name) fields.push([submitter.name, submitter.value]);
    return fields;
  }

  function labelText(input) {
    var label = input.labels && input.labels[0];
    if (!label) return "";
    var name = $(".name", label) || label;
    return name.textContent.replace(/\s+/g, " ").trim();
  }

  // The tap in a few words, from what the form shows (the server's words replace them).
  function describe(form, submitter, kind, number) {
    if (kind === "delete") return fill(words().delete, { n: number });
    var head = submitter ? submitter.textContent : "";
    if (submitter && $(".band", submitter)) {
      head = [$(".who", submitter), $(".band", submitter)]
        .filter(Boolean)
        .map(function (el) {
          return el.textContent;
        })
        .join(" ");
    }
    if (submitter && submitter.name === "cards") {
      var team = $("input[name=cp_team]:checked", form);
      head = (team ? team.value : "") + " " + $("input[name=cp]", form).value;
    }
    var bits = [];
    form.querySelectorAll("input:checked").forEach(function (input) {
      if (input.name === "cp_team" || (input.name === "spritz" && input.value === "0")) return;
      bits.push(input.name.indexOf("melds_") === 0 ? input.name.slice(6) + " " + input.value : labelText(input));
    });
    return [head.replace(/\s+/g, " ").trim()].concat(bits).filter(Boolean).join(", ");
  }

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

  function tap(form, submitter) {
    var b = board();
    var path = new URL(submitter && submitter.hasAttribute("formaction") ? submitter.formAction : form.action).pathname;
    var kind = kindOf(path);
    var match = path.match(/\/games\/(\d+)/);
    var number = match ? parseInt(match[1], 10) : null;
    var fields = fieldsOf(form, submitter);
    var text = describe(form, submitter, kind, number);
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

  // --- pending rows, the banner, the entry form for the next game --------------------------

  function gamesBody(b) {
    var body = $("#games", b) || $(".pad tbody", b);
    if (body) return body;
    var pad = $(".pad", b);
    if (!pad) return null;
    var table = document.createElement("table");
    body = document.createElement("tbody");
    body.id = "games";
    table.appendChild(body);
    pad.appendChild(table);
    return body;
  }

  function button(text, action, id) {
    var el = document.createElement("button");
    el.type = "button";
    el.textContent = text;
    el.dataset.action = action;
    el.dataset.item = id;
    return el;
  }

  function pendingRow(b, item, number, first) {
    var w = words();
    var row = document.createElement("tr");
    row.className = "queued" + (item.status !== "queued" ? " refused" : "");
    row.dataset.queued = item.status;
    row.dataset.number = String(number);
    row.dataset.kind = item.kind;
    var nr = document.createElement("td");
    nr.className = "nr";
    nr.textContent = String(number);
    var what = document.createElement("td");
    what.className = "what";
    var head = $(".pad thead tr", b);
    what.colSpan = Math.max(1, (head ? head.children.length : 5) - 1);
    var dealer = dealerOf(b, number);
    var bits = [item.text, fill(w.deals, { name: JSON.parse(b.dataset.players || "[]")[dealer] || "" })];
    if (b.dataset.game === "bauerchen") bits.push(fill(w.home, { team: teamOfSeat(dealer + 1) }));
    var text = document.createElement("span");
    text.textContent = bits.join(" · ") + " — " + w.waits;
    what.appendChild(text);
    if (first && item.status !== "queued") {
      var why = document.createElement("p");
      why.className = "why";
      why.setAttribute("role", "alert");
      why.textContent = (item.message || "") + " " + w.stopped;
      var choices = document.createElement("div");
      choices.className = "choices";
      if (item.status === "conflict") {
        var onTop = item.kind === "record" ? fill(w.onTop, { n: number }) : w.anyway;
        choices.appendChild(button(onTop, "on-top", item.id));
      } else if (item.kind === "record") {
        choices.appendChild(button(w.fix, "fix", item.id));
      }
      choices.appendChild(button(w.drop, "drop", item.id));
      what.appendChild(why);
      what.appendChild(choices);
    }
    row.appendChild(nr);
    row.appendChild(what);
    return row;
  }

  // Draw the outbox's taps as pending rows, and set the entry form to the game after them.
  function refresh() {
    var b = board();
    var banner = document.getElementById("outbox");
    if (!b || !sheetOf(b)) return;
    b.querySelectorAll("[data-queued]").forEach(function (row) {
      row.remove();
    });
    var items = Outbox.of(sheetOf(b));
    var next = parseInt(b.dataset.played, 10) + 1;
    var body = items.length ? gamesBody(b) : null;
    items.forEach(function (item, index) {
      var number = item.kind === "record" ? next++ : item.number;
      if (item.kind === "delete") next--;
      if (body) body.appendChild(pendingRow(b, item, number, index === 0));
    });
    var hint = $(".pad > .hint", b);
    if (hint) hint.hidden = items.length > 0;
    if (items.length) {
      document.querySelectorAll("#board .undo").forEach(function (el) {
        el.remove();
      });
    }
    nextGame(b, next);
    if (banner) {
      var w = words();
      var parts = [];
      if (document.body.dataset.copy) {
        var time = new Date(parseInt(document.body.dataset.copy, 10));
        parts.push(fill(w.copy, { time: time.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) }));
      }
      if (items.length) parts.push(items.length === 1 ? w.one : fill(w.many, { n: items.length }));
      banner.textContent = parts.join(" · ");
      banner.hidden = parts.length === 0;
    }
    updatePoints();
    updateStakes();
  }

  // The entry form for game `number`: its number, and who is home (Bauerchen) or forehand.
  function nextGame(b, number) {
    var form = entryForm();
    if (!form || form.closest(".amending") || !form.elements.number) return;
    form.elements.number.value = String(number);
    var heading = document.getElementById("entry-h");
    if (heading) heading.textContent = heading.textContent.replace(/\d+/, String(number));
    var dealer = dealerOf(b, number);
    if (b.dataset.game === "bauerchen") setHome(form, teamOfSeat(dealer + 1));
    if (b.dataset.game === "bolachen") {
      var hint = $(".declarer label .hint", form);
      var forehand = $("label[for=declarer" + ((dealer + 1) % 3) + "]", form);
      if (hint && forehand) forehand.appendChild(hint);
    }
  }

  function other(team) {
    return team === "A" ? "B" : "A";
  }

  // Bauerchen's result buttons list home's wins first: swap the teams when home changes.
  function setHome(form, home) {
    var first = $("button[name=result]", form);
    if (!first || first.value.split(":")[0] === home) return;
    form.querySelectorAll("button[name=result]").forEach(function (btn) {
      var parts = btn.value.split(":");
      var to = other(parts[0]);
      btn.value = to + ":" + parts[1];
      btn.classList.replace("team-" + parts[0].toLowerCase(), "team-" + to.toLowerCase());
      var who = $(".who", btn);
      if (who) who.textContent = who.textContent.replace("(" + parts[0] + ")", "(" + to + ")");
    });
    var labels = ["A", "B"].map(function (team) {
      return $("label[for=cpteam" + team + "]", form);
    });
    if (labels[0] && labels[1]) {
      var texts = labels.map(function (l) {
        return l.textContent;
      });
      labels[0].textContent = texts[1].replace("B", "A");
      labels[1].textContent = texts[0].replace("A", "B");
      var radio = $("#cpteam" + home, form);
      if (radio) radio.checked = true;
    }
  }

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

  // Keep what is being entered across a swap (a modifier chosen for the next game).
  function keepEntry(swap) {
    var form = entryForm();
    var kept = form && !form.closest(".amending") && busy() ? fieldsOf(form, null) : null;
    swap();
    if (kept && entryForm()) setFields(entryForm(), kept);
  }

  function setFields(form, fields) {
    form.querySelectorAll("input[type=checkbox], input[type=radio]").forEach(function (input) {
      input.checked = false;
    });
    var seen = {};
    fields.forEach(function (pair) {
      var name = pair[0];
      var value = pair[1];
      var inputs = Array.prototype.filter.call(form.querySelectorAll("input"), function (input) {
        return input.name === name && (input.type === "text" || input.type === "number" || input.value === value);
      });
      var input = inputs[seen[name + value] || 0];
      seen[name + value] = (seen[name + value] || 0) + 1;
      if (!input || input.disabled) return;
      if (input.type === "checkbox" || input.type === "radio") input.checked = true;
      else input.value = value;
    });
    var spritz = $("input[name=spritz]:checked", form) || $("input[name=spritz][value='0']", form);
    if (spritz) spritz.checked = true;
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
            if ([403, 404, 409, 412, 422].indexOf(status) < 0) throw new Error("status " + status);
            Outbox.update(item.id, { status: status === 412 ? "conflict" : "refused", message: refusal(html) });
            // Another phone wrote: show the sheet as it is now, with this tap beside it.
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

  function poll() {
    var b = board();
    var poller = b && $(".poller", b);
    clearTimeout(pollTimer);
    if (!poller || document.hidden) return;
    var every = 1000 * (parseInt(poller.dataset.every, 10) || 3);
    fetch(poller.dataset.url, {
      credentials: "same-origin",
      cache: "no-store",
      headers: { "HX-Request": "true", "If-None-Match": 'W/"' + b.dataset.etag + '"' },
    })
      .then(function (response) {
        if (response.status === 304) return null;
        if (!response.ok) throw new Error("status " + response.status);
        return response.text();
      })
      .then(function (html) {
        pollFails = 0;
        if (document.body.dataset.copy) {
          delete document.body.dataset.copy; // the server answers: no old copy shown any more
          refresh();
        }
        if (html !== null) {
          if (busy()) {
            // Keep what is being entered; the write will be refused as stale and show the news.
            var fresh = $("#board .fresh");
            if (fresh) fresh.hidden = false;
          } else {
            apply(html);
          }
        }
        flush();
        pollTimer = setTimeout(poll, every);
      })
      .catch(function () {
        pollFails += 1;
        pollTimer = setTimeout(poll, Math.min(MAX_WAIT, every * Math.pow(2, pollFails)));
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
