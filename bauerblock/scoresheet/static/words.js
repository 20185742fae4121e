// Bauerblock score sheet: a tap in words, as the server's rows will write it (pad.js draws
// the pending rows with them): "Heim (A) Schneider +4, B 20er", "B 72 Augen"; a game's
// script words its own where it has a describe hook (game_bolachen.js).
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

  // The tap in a few words, from what the form shows, in the words of the server's rows (they
  // replace them): the first part, and the modifiers after it.
  function describe(form, submitter, kind, number) {
    var w = words();
    if (kind === "delete") return { text: fill(w.delete, { n: number }), bits: [] };
    var hook = Pad.game(board()).describe;
    if (hook) return hook(form, submitter);
    var head = submitter ? submitter.textContent : "";
    if (submitter && $(".band", submitter)) {
      head = [$(".who", submitter), $(".band", submitter)]
        .filter(Boolean)
        .map(function (el) {
          return el.textContent;
        })
        .join(" ");
    }
    if (submitter && submitter.name === "cards") {
      var team = $("input[name=cp_team]:checked", form);
      head = fill(w.cardPoints, { team: team ? team.value : "", n: $("input[name=cp]", form).value });
    }
    var bits = [];
    form.querySelectorAll("input:checked").forEach(function (input) {
      if (input.name === "cp_team" || (input.name === "spritz" && input.value === "0")) return;
      if (input.name === "soloist") {
        // Who played the Kart'ab: named only when one was chosen and the tap is a Kart'ab.
        if (input.value && submitter && submitter.name === "solo") {
          bits.push(labelText(input).replace(/ \([AB]\)$/, ""));
        }
        return;
      }
      bits.push(input.name.indexOf("melds_") === 0 ? input.name.slice(6) + " " + input.value + "er" : labelText(input));
    });
    head = head.replace(/\s+/g, " ").trim();
    return { text: [head].concat(bits).filter(Boolean).join(", "), bits: bits };
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
