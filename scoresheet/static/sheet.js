// Bauerblock score sheet: small enhancements on top of htmx. Everything works without it.
(function () {
  "use strict";

  var failed = null; // the request that did not reach the server, to send again

  function entryForm() {
    return document.getElementById("entry-form");
  }

  // Show the points the six result buttons give with the spritz chosen.
  function updatePoints() {
    var form = entryForm();
    if (!form) return;
    var checked = form.querySelector("input[name=spritz]:checked");
    var spritz = checked ? parseInt(checked.value, 10) || 0 : 0;
    form.querySelectorAll("button[data-base]").forEach(function (button) {
      var out = button.querySelector(".p");
      if (out) out.textContent = String(parseInt(button.dataset.base, 10) * Math.pow(2, spritz));
    });
  }

  // A form with modifiers chosen, card points typed or an old game open is being worked on:
  // another phone's game must not wipe it.
  function busy() {
    var form = entryForm();
    if (!form) return false;
    if (form.closest(".amending")) return true;
    var spritz = form.querySelector("input[name=spritz]:checked");
    if (spritz && spritz.value !== "0") return true;
    if (form.querySelector("input[name^=melds_]:checked")) return true;
    if (form.querySelector("input[name=declarer]:checked, input[name=bid]:checked, input[name=tricks]:checked")) {
      return true;
    }
    var cp = form.querySelector("input[name=cp]");
    return Boolean(cp && cp.value);
  }

  function isPoll(detail) {
    // beforeSwap fires on the target: the element that asked is in the request's config.
    var elt = detail && ((detail.requestConfig && detail.requestConfig.elt) || detail.elt);
    return Boolean(elt && elt.classList && elt.classList.contains("poller"));
  }

  function showOffline(show) {
    var banner = document.getElementById("offline");
    if (banner) banner.hidden = !show;
  }

  // Bolachen: show on the won and lost buttons what the bid chosen gives the declarer.
  function updateStakes() {
    var form = entryForm();
    if (!form) return;
    var bid = form.querySelector("input[name=bid]:checked");
    form.querySelectorAll("[data-show]").forEach(function (out) {
      out.textContent = bid ? bid.dataset[out.dataset.show] || "" : "";
    });
  }

  document.addEventListener("change", function (event) {
    if (event.target && event.target.name === "spritz") updatePoints();
    if (event.target && event.target.name === "bid") updateStakes();
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (isPoll(event.detail) && event.detail.xhr.status === 200 && busy()) {
      // Keep what is being entered; the write will be refused as stale and show the news.
      event.detail.shouldSwap = false;
      var fresh = document.querySelector("#board .fresh");
      if (fresh) fresh.hidden = false;
    }
  });

  // A tap's answer swaps parts of the board, not the board: the new version rides on the
  // poller it brings, and the board's data attributes follow it.
  function syncBoard() {
    var board = document.getElementById("board");
    var poller = document.getElementById("poller");
    if (!board || !poller) return;
    ["version", "etag", "played", "finished"].forEach(function (name) {
      if (poller.dataset[name] !== undefined) board.dataset[name] = poller.dataset[name];
    });
  }

  document.addEventListener("htmx:afterSwap", function () {
    syncBoard();
    updatePoints();
    updateStakes();
  });
  document.addEventListener("htmx:oobAfterSwap", syncBoard);

  function failedRequest(event) {
    if (isPoll(event.detail)) return; // polls simply try again in a moment
    var config = event.detail.requestConfig;
    if (!config) return;
    failed = {
      verb: config.verb,
      path: config.path,
      headers: config.headers,
      body: new URLSearchParams(config.formData),
      target: config.target,
    };
    showOffline(true);
  }
  document.addEventListener("htmx:sendError", failedRequest);
  document.addEventListener("htmx:timeout", failedRequest);
  document.addEventListener("htmx:responseError", failedRequest);

  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful && !isPoll(event.detail)) showOffline(false);
  });

  // Send the failed tap again: the same body, so the same idempotency key, so one game.
  document.addEventListener("click", function (event) {
    if (!event.target || event.target.id !== "retry" || !failed) return;
    var request = failed;
    var button = event.target;
    button.disabled = true;
    var init = { method: request.verb.toUpperCase(), headers: request.headers, credentials: "same-origin" };
    if (init.method !== "GET") init.body = request.body;
    fetch(request.path, init)
      .then(function (response) {
        if (response.status >= 500 || response.status === 403 || response.status === 404) {
          throw new Error("status " + response.status);
        }
        // A tap's answer swaps its parts out of band (HX-Reswap: none); a refusal is a board.
        var style = response.headers.get("HX-Reswap") || "outerHTML";
        return response.text().then(function (html) {
          return { html: html, style: style };
        });
      })
      .then(function (answer) {
        failed = null;
        showOffline(false);
        var target = document.getElementById("board");
        if (target) htmx.swap(target, answer.html, { swapStyle: answer.style });
        syncBoard();
      })
      .catch(function () {
        showOffline(true);
      })
      .finally(function () {
        button.disabled = false;
      });
  });

  document.addEventListener("DOMContentLoaded", function () {
    updatePoints();
    updateStakes();
  });
})();
