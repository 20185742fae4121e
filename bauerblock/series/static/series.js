// Bauerblock series pages: while the organiser types a tournament's list, show beside it
// the name each series number stands for (as bridge table devices do), or that a name
// is new to the series. Without it the list is checked when it is sent.
(function () {
  "use strict";

  var SEPARATOR = /\s*(?:\/|&|\+|;|\t| und )\s*/;

  function line(text, names, form) {
    var item = document.createElement("li");
    var entries = text.split(SEPARATOR);
    entries.forEach(function (entry, index) {
      var part = document.createElement("span");
      var trimmed = entry.trim();
      if (/^\d+$/.test(trimmed)) {
        var name = names[trimmed];
        part.textContent = trimmed + " → " + (name || form.dataset.unknown);
        if (!name) part.className = "unknown";
      } else {
        part.textContent = trimmed + " (" + form.dataset.new + ")";
        part.className = "fresh-name";
      }
      if (index) item.appendChild(document.createTextNode(" / "));
      item.appendChild(part);
    });
    return item;
  }

  function check(form) {
    var list = document.getElementById("entry-check");
    if (!list) return;
    var names = JSON.parse(form.dataset.names || "{}");
    var kind = form.querySelector("input[name=kind]:checked");
    // The chosen kind's list of entrants (its radio names the field: _kind_fields.html).
    var field = kind && form.querySelector("#" + kind.dataset.entrants);
    list.textContent = "";
    if (!field) return;
    field.value.split("\n").forEach(function (text) {
      if (text.trim()) list.appendChild(line(text.trim(), names, form));
    });
  }

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form[data-names]");
    if (form) check(form);
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-names]");
    if (form) check(form);
  });
  document.addEventListener("DOMContentLoaded", function () {
    var form = document.querySelector("form[data-names]");
    if (form) check(form);
  });
})();
