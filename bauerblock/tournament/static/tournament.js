// Bauerblock tournament pages: refresh the board and the organiser's tables while visible;
// a player's seat kept for offline. Everything works without it (the board then reloads
// itself, the organiser reloads by hand).
(function () {
  "use strict";

  var EVERY = 5000; // at most one poll per 5 s; a poll that finds nothing new is a 304

  function poll() {
    if (document.visibilityState !== "visible" || !window.htmx) return;
    document.querySelectorAll('[hx-trigger="poll"]').forEach(function (element) {
      window.htmx.trigger(element, "poll");
    });
  }

  setInterval(poll, EVERY);
  // Back on screen: catch up at once instead of waiting for the next beat.
  document.addEventListener("visibilitychange", poll);

  // A poll swaps the live part in anew: what the organiser unfolded or folded stays so.
  var folded = {};
  document.addEventListener("htmx:beforeSwap", function (event) {
    folded = {};
    event.detail.target.querySelectorAll("details[id]").forEach(function (details) {
      folded[details.id] = details.open;
    });
  });
  document.addEventListener("htmx:afterSettle", function () {
    // A player's phone: a new draw is news, felt as well as seen.
    if (document.getElementById("seat-news") && navigator.vibrate) navigator.vibrate(200);
    Object.keys(folded).forEach(function (id) {
      var details = document.getElementById(id);
      if (details) details.open = folded[id];
    });
  });

  // --- a player's seat works offline with its last copy, as the pad does -------------------
  // The service worker keeps the seat's page as the server last showed it (it holds no right
  // and no token); a copy shown offline says so in #outbox, from when (the worker's words).
  function seat() {
    return document.getElementById("seat");
  }

  function hand() {
    if (!navigator.serviceWorker || !seat() || document.body.dataset.copy) return;
    var page = document.documentElement.cloneNode(true);
    var outbox = page.querySelector("#outbox");
    if (outbox) {
      outbox.hidden = true;
      outbox.textContent = "";
    }
    page.querySelectorAll("#seat-news").forEach(function (el) {
      el.remove(); // a new draw is news once, not on every offline opening
    });
    var html = "<!DOCTYPE html>\n" + page.outerHTML;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ keep: location.pathname, html: html });
    });
  }

  // The server answered (a 304 too): what shows is no old copy any more.
  document.addEventListener("htmx:afterRequest", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (!document.body.dataset.copy || (status !== 200 && status !== 304)) return;
    delete document.body.dataset.copy;
    var outbox = document.getElementById("outbox");
    if (outbox) {
      outbox.hidden = true;
      outbox.textContent = "";
    }
    hand();
  });
  document.addEventListener("htmx:afterSettle", hand);

  window.addEventListener("load", function () {
    var outbox = document.getElementById("outbox");
    if (!navigator.serviceWorker || !seat() || !outbox || !outbox.dataset.sw) return;
    navigator.serviceWorker.register(outbox.dataset.sw).then(hand, function () {});
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-print]");
    if (button) window.print();
  });
})();
