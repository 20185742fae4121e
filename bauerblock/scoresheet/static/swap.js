// Bauerblock score sheet: the board's own swapper. A sheet's page loads no htmx (it was half
// of a phone's first visit, docs/performance.md); the few htmx attributes the board uses mean
// here what they mean to htmx: a link's hx-get puts its answer into its hx-target as hx-swap
// says (outerHTML, innerHTML), an hx-post with hx-trigger "input delay:Nms" sends its form's
// fields as one types, and an answer's hx-swap-oob parts go to their own places. Only inside
// #board: the other pages keep htmx (app.js). Before a swap "pad:swap" is dispatched, after it
// "pad:swapped"; "pad:unreachable" when the server could not be asked.
(function () {
  "use strict";

  var Pad = window.Pad;
  var SHOWN = [409, 412, 422]; // refusals come with the form and its words (htmx_config.js)
  var turns = new WeakMap(); // an element's latest request: an older answer is not shown
  var timers = new WeakMap();

  function parsed(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    return template.content;
  }

  function put(target, style, content) {
    if (style === "outerHTML") target.replaceWith(content);
    else if (style === "beforeend") target.append(content);
    else target.replaceChildren(content);
  }

  // Children of an element, as one fragment (what a part other than outerHTML puts in place).
  function inner(el) {
    var fragment = document.createDocumentFragment();
    fragment.append.apply(fragment, Array.prototype.slice.call(el.childNodes));
    return fragment;
  }

  // The answer's parts marked hx-swap-oob, each to its place: "true" replaces the element of
  // its id, "<style>:<selector>" puts its children there (table rows come in a template).
  function outOfBand(fragment) {
    var parts = Array.prototype.slice.call(fragment.querySelectorAll("[hx-swap-oob]"));
    fragment.querySelectorAll("template").forEach(function (template) {
      parts = parts.concat(Array.prototype.slice.call(template.content.querySelectorAll("[hx-swap-oob]")));
    });
    parts.forEach(function (part) {
      var how = part.getAttribute("hx-swap-oob");
      var at = how.indexOf(":");
      var target = at < 0 ? document.getElementById(part.id) : document.querySelector(how.slice(at + 1));
      part.removeAttribute("hx-swap-oob");
      part.remove();
      if (!target) return;
      if (at < 0) put(target, "outerHTML", part);
      else put(target, how.slice(0, at), inner(part));
    });
    // A template only carries rows to their table: emptied, it goes.
    fragment.querySelectorAll("template").forEach(function (template) {
      template.remove();
    });
  }

  // Put `html` in place of or into `target` as `style` says ("none": its out-of-band parts
  // only). The focus stays on an element of the same id, as with htmx.
  function swap(target, html, style) {
    var focused = document.activeElement;
    var fragment = parsed(html);
    outOfBand(fragment);
    if (style !== "none") put(target, style, fragment);
    if (focused && focused.id && !focused.isConnected) {
      var again = document.getElementById(focused.id);
      if (again) again.focus({ preventScroll: true });
    }
  }

  function token() {
    return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRF-Token"] || "";
  }

  function said(name) {
    document.dispatchEvent(new CustomEvent(name));
  }

  // Ask the server for `el`'s part and show its answer; an answer the page cannot show takes
  // a link to its own address (the server's page says why), as without script.
  function ask(el, method, address, body) {
    var turn = (turns.get(el) || 0) + 1;
    turns.set(el, turn);
    var headers = { "HX-Request": "true" };
    if (method === "POST") headers["X-CSRF-Token"] = token();
    fetch(address, { method: method, credentials: "same-origin", headers: headers, body: body })
      .then(function (response) {
        return response.text().then(function (html) {
          return { response: response, html: html };
        });
      })
      .then(
        function (answer) {
          if (turns.get(el) === turn && el.isConnected) show(el, answer.response, answer.html);
        },
        function () {
          said("pad:unreachable");
        }
      );
  }

  function show(el, response, html) {
    if (response.status === 204) return; // nothing to show, as htmx_config.js says
    if (!response.ok && SHOWN.indexOf(response.status) < 0) {
      if (el.href) location.assign(el.href);
      return;
    }
    var target = document.querySelector(el.getAttribute("hx-target")) || el;
    said("pad:swap");
    swap(target, html, response.headers.get("HX-Reswap") || el.getAttribute("hx-swap") || "innerHTML");
    said("pad:swapped");
  }

  // A link with hx-get (a plain click: another tab or window goes by its href).
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("#board [hx-get]");
    if (!link || event.defaultPrevented || event.button || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    ask(link, "GET", link.getAttribute("hx-get"), null);
  });

  // A part that sends its form's fields as one types into it: hx-trigger "input delay:Nms".
  document.addEventListener("input", function (event) {
    var el = event.target.closest && event.target.closest("#board [hx-post][hx-trigger]");
    var trigger = el && /^input(?: delay:(\d+)ms)?$/.exec(el.getAttribute("hx-trigger"));
    if (!trigger) return;
    clearTimeout(timers.get(el));
    timers.set(
      el,
      setTimeout(function () {
        var form = el.closest("form");
        ask(el, "POST", el.getAttribute("hx-post"), new URLSearchParams(new FormData(form)));
      }, parseInt(trigger[1] || "0", 10))
    );
  });

  Pad.swap = swap;
})();
