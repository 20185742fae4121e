// Bauerblock, every page's forms: a refused form comes back with its words beside the field
// they concern, on a phone often screens below the top where a page opens: open it at the
// first of them instead (deferred, this runs once the page is parsed; an address with a
// #fragment keeps it). Every page's bundle but a sheet's holds it (web/assets.py's HTMX).
(function () {
  "use strict";

  var said = document.querySelector("main .field-error");
  if (said && !location.hash) said.scrollIntoView({ block: "center" });
})();
