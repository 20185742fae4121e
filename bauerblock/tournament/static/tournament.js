// Bauerblock tournament pages: refresh the board and the organiser's tables while visible.
// Everything works without it (the board then reloads itself, the organiser reloads by hand).
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

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-print]");
    if (button) window.print();
  });
})();
