// Bauerblock score sheet: what the pad does offline for Bauerchen alone (pad.js's registry):
// home follows the dealer, in the header, the pending rows and the entry form's buttons.
(function () {
  "use strict";

  var Pad = window.Pad;
  var $ = Pad.$;

  // A result as it will be recorded in a game `dealer` deals: home or away follows from who
  // is home then, and so do the points ("Auswärts (B) frei +2"); null if not a result.
  function resultWords(item, dealer) {
    var form = Pad.entryForm();
    var value = Pad.fieldOf(item, "result");
    if (!form || !value) return null;
    var buttons = form.querySelectorAll("button[name=result]");
    var formHome = buttons.length ? buttons[0].value.split(":")[0] : "";
    var parts = value.split(":");
    var winner = parts[0];
    var homeWins = winner === Pad.teamOfSeat(dealer + 1);
    var match = Array.prototype.filter.call(buttons, function (btn) {
      var other = btn.value.split(":");
      return (other[0] === formHome) === homeWins && other[1] === parts[1];
    })[0];
    var who = match && $(".who", match);
    var band = match && $(".band", match);
    if (!who || !band) return null;
    var points = parseInt(match.dataset.base, 10) * Math.pow(2, parseInt(Pad.fieldOf(item, "spritz"), 10) || 0);
    var head = who.textContent.replace(/\([AB]\)/, "(" + winner + ")") + " " + band.textContent + " +" + points;
    return [head.replace(/\s+/g, " ").trim()].concat(item.bits || []).join(", ");
  }

  // The entry form for a game `dealer` deals: the result buttons list home's wins first,
  // swap the teams when home changes.
  function setHome(form, dealer) {
    var home = Pad.teamOfSeat(dealer + 1);
    var first = $("button[name=result]", form);
    if (!first || first.value.split(":")[0] === home) return;
    form.querySelectorAll("button[name=result]").forEach(function (btn) {
      var parts = btn.value.split(":");
      var to = parts[0] === "A" ? "B" : "A";
      btn.value = to + ":" + parts[1];
      btn.classList.replace("team-" + parts[0].toLowerCase(), "team-" + to.toLowerCase());
      var who = $(".who", btn);
      if (who) who.textContent = who.textContent.replace("(" + parts[0] + ")", "(" + to + ")");
    });
    var labels = ["A", "B"].map(function (team) {
      return $("label[for=cpteam" + team + "]", form);
    });
    if (labels[0] && labels[1]) {
      var texts = labels.map(function (l) {
        return l.textContent;
      });
      labels[0].textContent = texts[1].replace("B", "A");
      labels[1].textContent = texts[0].replace("A", "B");
      var radio = $("#cpteam" + home, form);
      if (radio) radio.checked = true;
    }
  }

  // A tap as the server's rows write it: "Heim (A) Schneider +4, B 20er", "B 72 Augen",
  // "Kart'ab A gewonnen, Hans"; the modifiers chosen (`bits`) after it.
  function describe(form, submitter) {
    var name = submitter ? submitter.name : "";
    var head = submitter ? submitter.textContent : "";
    if (name === "result") head = $(".who", submitter).textContent + " " + $(".band", submitter).textContent;
    if (name === "cards") {
      var team = $("input[name=cp_team]:checked", form);
      head = Pad.fill(Pad.words().cardPoints, { team: team ? team.value : "", n: $("input[name=cp]", form).value });
    }
    var bits = [];
    form.querySelectorAll("input:checked").forEach(function (input) {
      var melds = input.name.indexOf("melds_") === 0;
      // Who played the Kart'ab is named only when one was chosen and the tap is a Kart'ab; the
      // card points' team is in the head, no spritz ("0") is no modifier.
      if (input.name === "soloist" ? input.value && name === "solo" : input.name !== "cp_team" && input.value !== "0") {
        bits.push(melds ? input.name.slice(6) + " " + input.value + "er" : Pad.labelText(input).replace(/ \([AB]\)$/, ""));
      }
    });
    return { text: [head.replace(/\s+/g, " ").trim()].concat(bits).filter(Boolean).join(", "), bits: bits };
  }

  Pad.games.bauerchen = {
    // Spritz or melds chosen, or card points typed: the form is being worked on.
    busy: function (form) {
      var spritz = $("input[name=spritz]:checked", form);
      var cp = $("input[name=cp]", form);
      return (spritz && spritz.value !== "0") || $("input[name^=melds_]:checked", form) || (cp && cp.value);
    },
    // The header marks the team that is home in the next game.
    follow: function (standing, list, values) {
      standing.querySelectorAll(".teams .team").forEach(function (el) {
        el.classList.toggle("is-home", el.classList.contains("team-" + values.home.toLowerCase()));
      });
    },
    // A pending result in the words of its row, and who is home in it.
    rowWords: function (bits, item, dealer) {
      bits[0] = (item.kind !== "delete" && resultWords(item, dealer)) || bits[0];
      bits.push(Pad.fill(Pad.words().home, { team: Pad.teamOfSeat(dealer + 1) }));
    },
    nextGame: setHome,
    describe: describe,
    // The result buttons show the points they give with the spritz chosen.
    chosen: function (form) {
      var spritz = $("input[name=spritz]:checked", form);
      form.querySelectorAll("button[data-base] .p").forEach(function (out) {
        out.textContent = String(out.closest("button").dataset.base * Math.pow(2, spritz ? spritz.value : 0));
      });
    },
  };
})();
