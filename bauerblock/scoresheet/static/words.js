// Bauerblock score sheet: a tap in words, as the server's rows will write it (pad.js draws
// the pending rows with them); each game's script words its own taps (its describe hook).
(function () {
  "use strict";

  var Pad = window.Pad;
  var $ = Pad.$;
  var fill = Pad.fill;
  var words = Pad.words;
  var board = Pad.board;

  function labelText(input) {
    var label = input.labels && input.labels[0];
    if (!label) return "";
    var name = $(".name", label) || label;
    return name.textContent.replace(/\s+/g, " ").trim();
  }

  // The tap in a few words, in the words of the server's rows (they replace them): the first
  // part, and the modifiers after it (`bits`). A game without a describe hook words a tap as
  // its button's first line does.
  function describe(form, submitter, kind, number) {
    if (kind === "delete") return { text: fill(words().delete, { n: number }), bits: [] };
    var hook = Pad.game(board()).describe;
    if (hook) return hook(form, submitter);
    var line = submitter && (submitter.firstElementChild || submitter);
    return { text: line ? line.textContent.replace(/\s+/g, " ").trim() : "", bits: [] };
  }

  function fieldOf(item, name) {
    var pair = (item.fields || []).filter(function (field) {
      return field[0] === name;
    })[0];
    return pair ? pair[1] : null;
  }

  Pad.describe = describe;
  Pad.labelText = labelText;
  Pad.fieldOf = fieldOf;
})();
