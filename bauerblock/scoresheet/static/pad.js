// Bauerblock score sheet: what the pad shows of the outbox (outbox.js). Its taps as pending
// rows with their number and dealer, the banner, and the entry form set to the game after
// them; the small helpers the pad's other scripts share (words.js, header.js, sheet.js); and
// the registry of the games' scripts (game_<game>.js), asked for what only one game does.
(function () {
  "use strict";

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

  // Each game's script registers its hooks here under the game's name (game_<game>.js):
  // follow(standing, list, values, dealer, forehand) the header, rowWords(bits, item, dealer)
  // a pending row, nextGame(form, dealer) the entry form, describe(form, submitter) a tap,
  // busy(form) whether a form is being worked on, chosen(form) what its buttons then say.
  // The shared scripts call a hook where the board's game has it.
  var games = {};

  function game(b) {
    return games[b.dataset.game] || {};
  }

  // --- the entry form ---------------------------------------------------------------------

  // The entry form's buttons say what the choices made on it give: its game's chosen(form).
  function chosen() {
    var form = entryForm();
    var hook = form && game(board()).chosen;
    if (hook) hook(form);
  }

  // A form with an old game open, or that its game's busy(form) hook says is being worked on
  // (modifiers chosen, card points typed): another phone's game must not wipe it.
  function busy() {
    var form = entryForm();
    var hook = form && game(board()).busy;
    return Boolean(form && (form.closest(".amending") || (hook && hook(form))));
  }

  function fieldsOf(form, submitter) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrf_token" && name !== "key" && name !== "version") fields.push([name, value]);
    });
    if (submitter && submitter.name) fields.push([submitter.name, submitter.value]);
    return fields;
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
    // A choice the fields leave open is the form's own default (no spritz, anyone played).
    form.querySelectorAll("input[type=radio]").forEach(function (input) {
      if (input.defaultChecked && !$("input[name='" + input.name + "']:checked", form)) input.checked = true;
    });
  }

  // --- pending rows, the banner, the entry form for the next game --------------------------

  function button(text, action, id) {
    var el = document.createElement("button");
    el.type = "button";
    el.textContent = text;
    el.dataset.action = action;
    el.dataset.item = id;
    return el;
  }

  // A tap the server refused for good (its draw is closed, its table drawn anew): it waits
  // for nothing, and neither sending it again nor on top of the sheet can change that.
  function isFinal(item) {
    return item.status === "final";
  }

  // The outbox's taps for the board's sheet, each with the game number it is for.
  function queue(b) {
    var next = parseInt(b.dataset.played, 10) + 1;
    var list = Outbox.of(sheetOf(b)).map(function (item) {
      var number = item.kind === "record" ? next++ : item.number;
      if (item.kind === "delete") next--;
      return { item: item, number: number };
    });
    list.next = next;
    return list;
  }

  // What a waiting tap waits for, in a few words: its turn, its answer, the table's decision
  // on the first tap (refused, or in conflict), or that first tap (`head`, its number).
  function waitsFor(item, first, head) {
    var w = words();
    if (isFinal(item)) return w.refused;
    if (item.id === state.sending) return w.sending;
    if (first && item.status !== "queued") return w.decide;
    if (head.item.status !== "queued") return fill(w.behind, { n: head.number });
    return w.waits;
  }

  var SAME_MS = 10 * 60 * 1000; // a tap this recent may be the game another phone just entered

  // The game another phone recorded last, when a tap in conflict looks like it: the same
  // result as its row says the entry form would tap it (data-tapped), the tap made within
  // the last minutes. Null when it looks different.
  function lookalike(b, item) {
    var last = Array.prototype.slice.call(b.querySelectorAll("#games tr.game[data-tapped]"), -1)[0];
    var pairs = last && last.dataset.tapped ? last.dataset.tapped.split(" ") : [];
    var fields = (item.fields || []).map(function (pair) {
      return pair[0] + "=" + pair[1];
    });
    var same = pairs.length > 0 && pairs.every(function (pair) {
      return fields.indexOf(pair) >= 0;
    });
    return same && Date.now() - (item.made || 0) < SAME_MS ? last.dataset.number : null;
  }

  function pendingRow(b, item, number, first, lead) {
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
    var hook = game(b).rowWords;
    if (hook) hook(bits, item, dealer);
    var text = document.createElement("span");
    var refused = first && item.status !== "queued";
    var conflict = refused && item.status === "conflict" && item.kind === "record";
    if (conflict) {
      // The game it would be recorded as now: its dealer and home after the other phone's.
      bits[0] = fill(w.now, { n: number, what: bits[0] });
    }
    text.textContent = bits.join(" · ") + " — " + waitsFor(item, first, lead);
    what.appendChild(text);
    if (item.recorded) {
      // The server has it (its answer was lost): no discard, but its undo.
      text.textContent = bits.join(" · ") + " — " + fill(w.already, { n: item.recorded });
      what.appendChild(button(w.undo, "undo", item.id));
    } else if (!refused && item.id !== state.sending) {
      // A tap not yet on its way can be taken back, in one tap (with its own undo).
      var discard = button(w.drop, "drop", item.id);
      discard.className = "discard";
      what.appendChild(discard);
    }
    if (refused) {
      var why = document.createElement("p");
      why.className = "why";
      why.setAttribute("role", "alert");
      why.textContent = (item.message || "") + (isFinal(item) ? "" : " " + w.stopped);
      var choices = document.createElement("div");
      choices.className = "choices";
      var twin = conflict ? lookalike(b, item) : null;
      if (twin) {
        // It may be the game the other phone entered: dropping it comes first.
        why.appendChild(document.createElement("br"));
        why.appendChild(document.createTextNode(fill(w.same, { n: twin })));
        choices.appendChild(button(w.drop, "drop", item.id));
      }
      if (item.status === "conflict") {
        var onTop = item.kind === "record" ? fill(w.onTop, { n: number }) : w.anyway;
        choices.appendChild(button(onTop, "on-top", item.id));
      } else if (item.kind === "record" && !isFinal(item)) {
        choices.appendChild(button(w.fix, "fix", item.id));
      }
      if (!twin) choices.appendChild(button(w.drop, "drop", item.id));
      what.appendChild(why);
      what.appendChild(choices);
    }
    row.appendChild(nr);
    row.appendChild(what);
    return row;
  }

  // Draw the outbox's taps as pending rows, and set the entry form to the game after them.
  // While taps wait, the waiting state is the one line: no undo bar names a game before them.
  function refresh() {
    var b = board();
    if (!b || !sheetOf(b)) return;
    b.querySelectorAll("[data-queued]").forEach(function (row) {
      row.remove();
    });
    var list = queue(b);
    // After the games the server drew (every game's pad has its #games, none or more rows).
    var body = $("#games", b);
    list.forEach(function (entry, index) {
      body.appendChild(pendingRow(b, entry.item, entry.number, index === 0, list[0]));
    });
    var hint = $(".pad > .hint", b);
    if (hint) hint.hidden = list.length > 0;
    if (list.length) {
      b.querySelectorAll(".undo").forEach(function (el) {
        el.remove();
      });
    }
    // The form takes the game the header shows: a tap waiting on a decision is not counted
    // (header.js), so the buttons' home, away and points are those of that game.
    nextGame(b, Pad.counted(b, list).next);
    Pad.follow(b, list);
    banner(list);
    chosen();
  }

  // The banner, in one line: what the first waiting tap waits for (its answer, a decision)
  // or how many wait for the network; then the time of the copy shown, if it is one.
  function banner(list) {
    var el = document.getElementById("outbox");
    if (!el) return;
    var w = words();
    var parts = [];
    var waiting = list.filter(function (entry) {
      return !isFinal(entry.item);
    });
    var head = waiting[0];
    if (head && (head.item.id === state.sending || head.item.status !== "queued")) {
      // Refused or in conflict: why, in the server's words (they stand in its row too).
      var why = head.item.status !== "queued" && head.item.message ? " – " + head.item.message : "";
      parts.push(fill(w.game, { n: head.number }) + ": " + waitsFor(head.item, true, head) + why);
    } else if (head) {
      parts.push(waiting.length === 1 ? w.one : fill(w.many, { n: waiting.length }));
    }
    if (document.body.dataset.copy) {
      var time = new Date(parseInt(document.body.dataset.copy, 10));
      parts.push(fill(w.copy, { time: time.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) }));
    }
    el.textContent = parts.join(" · ");
    el.hidden = parts.length === 0;
  }

  // The entry form for game `number`: its number, and what its dealer makes of it (the game's).
  function nextGame(b, number) {
    var form = entryForm();
    if (!form || form.closest(".amending") || !form.elements.number) return;
    form.elements.number.value = String(number);
    var heading = document.getElementById("entry-h");
    if (heading) heading.textContent = heading.textContent.replace(/\d+/, String(number));
    var hook = game(b).nextGame;
    if (hook) hook(form, dealerOf(b, number));
  }

  // After a recorded tap the keyboard goes on where the next game starts: the entry form's
  // first button one can tab to (its first result), or the undo while no form takes a game.
  function focusNext() {
    var form = entryForm();
    var buttons = form ? form.querySelectorAll("button[type=submit]") : [];
    var next = Array.prototype.filter.call(buttons, function (button) {
      return button.tabIndex >= 0 && !button.disabled && button.getClientRects().length > 0;
    })[0];
    next = next || $("#board .undo button");
    if (next) next.focus({ preventScroll: true });
  }

  // What the pad's script tells the pending rows: the tap on its way (no longer discardable).
  var state = { sending: null };

  window.Pad = {
    state: state,
    dealerOf: dealerOf,
    teamOfSeat: teamOfSeat,
    queue: queue,
    fill: fill,
    $: $,
    board: board,
    entryForm: entryForm,
    words: words,
    sheetOf: sheetOf,
    busy: busy,
    fieldsOf: fieldsOf,
    setFields: setFields,
    refresh: refresh,
    chosen: chosen,
    focusNext: focusNext,
    games: games,
    game: game,
  };
})();
