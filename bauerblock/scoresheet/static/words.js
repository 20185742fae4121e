// Bauerblock score sheet: a tap in words, as the server's rows will write it (pad.js draws
// the pending rows with them): "Heim (A) Schneider +4, B 20er", "B 72 Augen",
// "Hans: Brand Herz, gewonnen".
(function () {
  "use strict";

  var Pad = window.Pad;
  var $ = Pad.$;
  var fill = Pad.fill;
  var words = Pad.words;
  var board = Pad.board;
  var entryForm = Pad.entryForm;
  var dealerOf = Pad.dealerOf;
  var teamOfSeat = Pad.teamOfSeat;

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
    if (board().dataset.game === "bolachen") return bolachenWords(form, submitter);
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

  // Bolachen's deal as its rows write it: "Bert: Brand Herz, 5 Stiche" or "…, gewonnen".
  function bolachenWords(form, submitter) {
    var w = words();
    var declarer = $("input[name=declarer]:checked", form);
    var bid = $("input[name=bid]:checked", form);
    var who = [declarer && labelText(declarer), bid && labelText(bid)].filter(Boolean);
    var parts = [who.join(": ")];
    if (submitter && submitter.name === "won") parts.push(submitter.value === "1" ? w.won : w.lost);
    else {
      var tricks = $("input[name=tricks]:checked", form);
      if (tricks) parts.push(fill(w.tricks, { n: tricks.value }));
    }
    var text = parts.filter(Boolean).join(", ");
    return { text: text, bits: [] };
  }

  // A Bauerchen result as it will be recorded as game `number`: home or away follows from
  // who is home then, and so do the points ("Auswärts (B) frei +2"); null if not a result.
  function resultWords(item, number) {
    var form = entryForm();
    var value = fieldOf(item, "result");
    if (!form || !value) return null;
    var buttons = form.querySelectorAll("button[name=result]");
    var formHome = buttons.length ? buttons[0].value.split(":")[0] : "";
    var winner = value.split(":")[0];
    var band = value.split(":")[1];
    var homeWins = winner === teamOfSeat(dealerOf(board(), number) + 1);
    var match = Array.prototype.filter.call(buttons, function (btn) {
      var parts = btn.value.split(":");
      return (parts[0] === formHome) === homeWins && parts[1] === band;
    })[0];
    if (!match || !$(".who", match) || !$(".band", match)) return null;
    var who = $(".who", match).textContent.replace(/\([AB]\)/, "(" + winner + ")");
    var points = parseInt(match.dataset.base, 10) * Math.pow(2, parseInt(fieldOf(item, "spritz"), 10) || 0);
    var head = who + " " + $(".band", match).textContent + " +" + points;
    return [head.replace(/\s+/g, " ").trim()].concat(item.bits || []).join(", ");
  }

  function fieldOf(item, name) {
    var pair = (item.fields || []).filter(function (field) {
      return field[0] === name;
    })[0];
    return pair ? pair[1] : null;
  }

  Pad.describe = describe;
  Pad.resultWords = resultWords;
  Pad.fieldOf = fieldOf;
})();
