// Bauerblock score sheet: taps into the outbox. Every write of the board is taken before
// its form posts; a double tap counts once; a waiting tap can be taken back (and brought back
// for a few seconds). Sending is sheet.js's (Pad.flush).
(function () {
  "use strict";

  var Pad = window.Pad;
  var $ = Pad.$;
  var board = Pad.board;
  var entryForm = Pad.entryForm;
  var words = Pad.words;
  var sheetOf = Pad.sheetOf;
  var fieldsOf = Pad.fieldsOf;
  var setFields = Pad.setFields;
  var describe = Pad.describe;
  var refresh = Pad.refresh;

  var nextEntry = null; // the next game's entry form, while an old game is open for amending
  var GUARD_MS = 700; // the same tap again this soon after it recorded counts for nothing
  var guard = null; // the tap that recorded last: its form's key, its button, until when, its place
  var takenTimer = null;
  var RESTORE_MS = 5000; // how long a discarded tap can be brought back
  var discarded = null;

  function flush() {
    Pad.flush();
  }

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

  // A form by its id (the server's answer swaps in a new element of the same form).
  function formKey(form) {
    return form.id || form.className;
  }

  // What a tap chose: its button's name and value (a different choice is a new game).
  function choiceOf(submitter) {
    return submitter ? submitter.name + "=" + submitter.value : "";
  }

  // Within its window, a form that just recorded takes no second touch at the same point.
  function fresh(form) {
    return Boolean(form && guard && guard.form === formKey(form) && Date.now() < guard.until);
  }

  // A second or third tap of the same button on a form that just recorded is the same tap:
  // it counts for nothing. A different button is a different choice: a new game.
  function guarded(form, submitter) {
    return fresh(form) && guard.choice === choiceOf(submitter);
  }

  // The tap is taken: for a moment the form takes no other tap, and its button looks pressed
  // while the page says so (the tests wait on it).
  function took(form, submitter) {
    guard = { form: formKey(form), choice: choiceOf(submitter), until: Date.now() + GUARD_MS, point: point };
    document.body.dataset.taken = "";
    clearTimeout(takenTimer);
    takenTimer = setTimeout(function () {
      delete document.body.dataset.taken;
    }, GUARD_MS);
    var last = $("button.taken");
    if (last) last.classList.remove("taken");
    if (submitter) submitter.classList.add("taken");
  }

  // Where the last tap on a form's control was: a second touch there, within the window, is
  // the same touch (it taps nor toggles anything, whatever is under it now); a deliberate tap
  // elsewhere does. A click of the keyboard (detail 0) has no point: its button says.
  var point = null;
  document.addEventListener(
    "click",
    function (event) {
      var target = event.target.closest && event.target.closest("button, label, input");
      var form = target && target.closest("#board form");
      if (!form) return;
      var touched = event.detail !== 0 || event.clientX || event.clientY;
      var near = touched && guard && guard.point && Math.abs(guard.point.x - event.clientX) + Math.abs(guard.point.y - event.clientY) < 48;
      if (fresh(form) && near) {
        event.preventDefault();
        event.stopPropagation();
      }
      point = touched ? { x: event.clientX, y: event.clientY } : null;
    },
    true
  );

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

  // What the server would refuse for the form's shape, refused here before the outbox, in its
  // words: a part marked data-needs (for the button named data-for, if it says) with nothing
  // chosen or typed in it (it may be the one field), or what the game's refuse(form,
  // submitter) hook says it would refuse. The words stand below the buttons.
  function refused(form, submitter) {
    var said = $(".local", form);
    if (said) said.remove();
    var gap = Array.prototype.filter.call(form.querySelectorAll("[data-needs]"), function (part) {
      var only = part.dataset.for;
      var given = [part].concat(Array.from(part.querySelectorAll("input"))).some(function (input) {
        return input.checked || (input.type === "number" && input.value !== "");
      });
      return (!only || (submitter && submitter.name === only)) && !given;
    })[0];
    var hook = Pad.game(board()).refuse;
    var reason = gap ? gap.dataset.needs : hook && form === entryForm() && hook(form, submitter);
    if (!reason) return false;
    var why = document.createElement("p");
    why.className = "field-error local";
    why.setAttribute("role", "alert");
    why.textContent = reason;
    ((submitter && submitter.closest("fieldset, details")) || form).appendChild(why);
    return true;
  }

  // The form for the next game: nothing chosen for the last one stays ticked.
  function clear(form) {
    form.reset();
    form.querySelectorAll("input[type=checkbox]").forEach(function (input) {
      input.checked = false;
    });
    form.querySelectorAll("details[open]").forEach(function (d) {
      d.open = false;
    });
  }

  function tap(form, submitter) {
    var b = board();
    var path = new URL(submitter && submitter.hasAttribute("formaction") ? submitter.formAction : form.action).pathname;
    var kind = kindOf(path);
    var match = path.match(/\/games\/(\d+)/);
    var number = match ? parseInt(match[1], 10) : null;
    if (guarded(form, submitter)) return;
    var last = Pad.queue(b).slice(-1)[0];
    if (kind === "delete" && last && last.item.kind === "record" && last.number === number && last.item.id !== Pad.state.sending) {
      // Undoing a game that still waits: it never leaves the phone.
      took(form, submitter);
      discard(last.item.id);
      return;
    }
    var fields = fieldsOf(form, submitter);
    var text = describe(form, submitter, kind, number);
    // A tap answered "no" at the question is no tap: the next one counts, however soon.
    if (!reopens(b, kind, fields) || (kind !== "delete" && refused(form, submitter))) return;
    took(form, submitter);
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
    } else if (kind === "record") {
      clear(form);
    }
    // The undo bar names a game before the ones waiting: the outbox is what undoes now.
    document.querySelectorAll("#board .undo, #board .messages .ok").forEach(function (el) {
      el.remove();
    });
    refresh();
    Pad.focusNext();
    flush();
  }

  // Every write goes through the outbox: take it before the form posts.
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

  document.addEventListener("click", function (event) {
    var el = event.target.closest && event.target.closest("button[data-action]");
    if (!el) return;
    var b = board();
    var item = Outbox.of(sheetOf(b)).filter(function (i) {
      return i.id === el.dataset.item;
    })[0];
    if (!item) return;
    if (el.dataset.action === "drop") return discard(item.id);
    if (el.dataset.action === "undo") undo(item);
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

  // Take a waiting tap back; for a few seconds it can be brought back to its place.
  function discard(id) {
    var b = board();
    var list = Pad.queue(b);
    var at = -1;
    list.forEach(function (entry, index) {
      if (entry.item.id === id) at = index;
    });
    if (at < 0 || id === Pad.state.sending) return;
    var entry = list[at];
    if (entry.item.sent) return ask(entry);
    var behind = list[at + 1];
    Outbox.drop(id);
    clearTimeout(discarded && discarded.timer);
    discarded = { item: entry.item, before: behind && behind.item.id };
    document.querySelectorAll("#board .discarded").forEach(function (el) {
      el.remove();
    });
    var messages = $("#board .messages");
    if (messages) {
      var w = words();
      var bar = document.createElement("p");
      bar.className = "banner ok discarded";
      var text = document.createElement("span");
      text.textContent = Pad.fill(w.discarded, { what: entry.item.text, n: entry.number });
      var back = document.createElement("button");
      back.type = "button";
      back.dataset.restore = id;
      back.textContent = w.restore;
      bar.appendChild(text);
      bar.appendChild(back);
      messages.appendChild(bar);
      discarded.timer = setTimeout(function () {
        bar.remove();
        discarded = null;
      }, RESTORE_MS);
    }
    refresh();
  }

  // A tap that was sent may be on the server (its answer lost): ask by its key before it is
  // taken back. Recorded, its row says so and offers the undo; with no answer, it stays.
  function ask(entry) {
    var item = entry.item;
    fetch("/s/" + item.sheet + "/writes/" + item.id, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (!response.ok) throw new Error("status " + response.status);
        return response.json();
      })
      .then(function (write) {
        Outbox.update(item.id, write.recorded ? { recorded: write.number } : { sent: false });
        if (write.recorded) refresh();
        else discard(item.id);
      })
      .catch(function () {
        Pad.needsNetwork();
      });
  }

  // Undo a game the server has though its answer was lost: a delete behind it in the outbox.
  function undo(item) {
    var number = item.recorded;
    Outbox.add({
      id: Outbox.key(),
      sheet: item.sheet,
      path: "/s/" + item.sheet + "/games/" + number + "/delete",
      kind: "delete",
      number: number,
      version: item.version + 1,
      fields: [],
      text: Pad.fill(words().delete, { n: number }),
      made: Date.now(),
    });
  }

  document.addEventListener("click", function (event) {
    var el = event.target.closest && event.target.closest("button[data-restore]");
    if (!el || !discarded || discarded.item.id !== el.dataset.restore) return;
    var b = board();
    Outbox.restore(discarded.item, discarded.before, parseInt(b.dataset.version, 10));
    clearTimeout(discarded.timer);
    discarded = null;
    el.closest(".discarded").remove();
    refresh();
    flush();
  });

  // An element's markup without inline styles: the browser may leave an empty one on a field
  // (autofill, a style property reset), and put back as markup the CSP refuses each.
  function unstyled(el) {
    var copy = el.cloneNode(true);
    copy.removeAttribute("style");
    copy.querySelectorAll("[style]").forEach(function (styled) {
      styled.removeAttribute("style");
    });
    return copy.outerHTML;
  }

  // Opening an old game replaces the next game's form: keep it, to go back to it offline.
  document.addEventListener("pad:swap", function () {
    var entry = document.getElementById("entry");
    if (entry && !entry.classList.contains("amending")) nextEntry = unstyled(entry);
  });
})();
