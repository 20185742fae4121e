// Bauerblock: htmx's settings, run right after htmx (before it reads the page), in every
// page's scripts rather than in each page (a first visit carries them once, in the cache).
// No eval and no script in an answer (the CSP forbids both), no indicator styles (inline
// styles are forbidden too), no history cache; which answers swap: the refusals (409, 412,
// 422) show the form with its words, the other errors are htmx:responseError. The settle
// copies no style attribute (htmx's default does, which the CSP refuses on every swap).
Object.assign(htmx.config, {
  attributesToSettle: ["class", "width", "height"],
  includeIndicatorStyles: false,
  allowEval: false,
  allowScriptTags: false,
  historyCacheSize: 0,
  refreshOnHistoryMiss: true,
  responseHandling: [
    { code: "204", swap: false },
    { code: "304", swap: false },
    { code: "[23]..", swap: true },
    { code: "409", swap: true },
    { code: "412", swap: true },
    { code: "422", swap: true },
    { code: "[45]..", swap: false, error: true },
  ],
});
