// Bauerblock score sheet: a tap in words, as the server's rows will write it (pad.js draws
// the pending rows with them); each game's script words its own taps (its describe hook).
(function () {
  "use strict";

  var Pad = window.Pad;
  var fill = Pad.fill;
  var words = Pad.words;
  var board = Pad.board;

  // The tap in a few words, those of the server's rows (they replace them): its game's
  // describe hook, which reads the words the server gave its form's controls. A game without
  // one words a tap as its button's first line does.
  function describe(form, submitter, kind, number) {
    if (kind === "delete") return fill(words().delete, { n: number });
    var hook = Pad.game(board()).describe;
    if (hook) return hook(form, submitter);
    var line = submitter && (submitter.firstElementChild || submitter);
    return line ? line.textContent.replace(/\s+/g, " ").trim() : "";
  }

  Pad.describe = describe;
})();
