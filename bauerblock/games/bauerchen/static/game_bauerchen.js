// Bauerblock score sheet: what the pad does offline for Bauerchen alone (pad.js's registry):
// home follows the dealer in the header, the pending rows and the entry form's buttons; the
// points, Knoddel, Steine and round stay the server's while games wait.
(function () {
  "use strict";

  var Pad = window.Pad;
  var $ = Pad.$;

  // The entry form for a game `dealer` deals: each team's buttons stay in their row; when
  // home changes, a team's button and the other's of the same band trade what home or away
  // gives (the word, the arrow, the points), and so do the card points' teams.
  function setHome(form, dealer) {
    var home = Pad.teamOfSeat(dealer + 1);
    var first = $("button[name=result]", form);
    if (!first || first.classList.contains("away") === (first.value[0] !== home)) return;
    form.querySelectorAll("button[name=result][value^='A:']").forEach(function (a) {
      var b = $("button[name=result][value='B:" + a.value.slice(2) + "']", form);
      if (!b) return;
      var whoA = $(".who", a);
      var whoB = $(".who", b);
      var text = whoA.textContent;
      whoA.textContent = whoB.textContent.replace("(B)", "(A)");
      whoB.textContent = text.replace("(A)", "(B)");
      var base = a.dataset.base;
      a.dataset.base = b.dataset.base;
      b.dataset.base = base;
      a.classList.toggle("away");
      b.classList.toggle("away");
    });
    var a = $("label[for=cpteamA]", form);
    var b = $("label[for=cpteamB]", form);
    if (!b) return;
    var text = a.textContent;
    a.textContent = b.textContent.replace("B", "A");
    b.textContent = text.replace("A", "B");
    $("#cpteam" + home, form).checked = true;
  }

  // A tap in the server row's words, each part the one its control carries (data-said,
  // the server's wording of an entry): "A Schneider, B 20er, ×2", "B 72 Augen", "Kart'ab A
  // gewonnen, Hans". A Kart'ab scores alone: its player, no melds nor spritz.
  function describe(form, submitter) {
    var team = $("input[name=cp_team]:checked", form);
    var cp = $("input[name=cp]", form);
    var head = Pad.fill((submitter && submitter.dataset.said) || "", { team: team ? team.value : "", n: cp ? cp.value : "" });
    var parts = submitter && submitter.name === "solo" ? ["soloist"] : ["melds_", "spritz"];
    var said = [head];
    parts.forEach(function (name) {
      form.querySelectorAll("input[name^=" + name + "]:checked").forEach(function (input) {
        said.push(input.dataset.said);
      });
    });
    return said.filter(Boolean).join(", ");
  }

  // What the server would refuse of a tap, from what the form has, in its words (the
  // template's, placeholders filled): card points no tricks give or past the total, more melds
  // than a game has, a Kart'ab by the other team's player. Null: nothing to refuse.
  function refuse(form, submitter) {
    var name = submitter ? submitter.name : "";
    if (name === "solo") {
      var seat = $("input[name=soloist]:checked", form);
      var team = submitter.value[0];
      if (seat && seat.value && Pad.teamOfSeat(parseInt(seat.value, 10)) !== team) {
        var choice = $("[data-other-team]", form);
        return Pad.fill(choice.dataset.otherTeam, { t: Pad.teamOfSeat(parseInt(seat.value, 10)) });
      }
      return null; // a Kart'ab scores alone: melds left ticked are not sent with it
    }
    var melds = { 20: 0, 40: 0 };
    form.querySelectorAll("input[name^=melds_]:checked").forEach(function (input) {
      melds[input.value] += 1;
    });
    if (melds[40] > 1 || melds[20] > 3) return $("[data-too-many]", form).dataset.tooMany;
    if (name !== "cards") return null;
    var cp = $("input[name=cp]", form);
    var value = cp.value.trim();
    if (value === "") return null; // its data-needs says so
    if (!/^-?\d+$/.test(value)) return cp.dataset.whole;
    var points = parseInt(value, 10);
    var impossible = cp.dataset.impossible ? cp.dataset.impossible.split(",") : [];
    if (points < 0 || points > parseInt(cp.dataset.total, 10) || impossible.indexOf(String(points)) >= 0) {
      var by = $("input[name=cp_team]:checked", form);
      return Pad.fill(cp.dataset.refused, { team: by ? by.value : "A", points: points });
    }
    return null;
  }

  Pad.games.bauerchen = {
    refuse: refuse,
    // Spritz or melds chosen, or card points typed: the form is being worked on.
    busy: function (form) {
      var spritz = $("input[name=spritz]:checked", form);
      var cp = $("input[name=cp]", form);
      return (spritz && spritz.value !== "0") || $("input[name^=melds_]:checked", form) || (cp && cp.value);
    },
    // While games wait the header keeps the server's figures (the pad predicts no points:
    // the engine alone counts them); only home follows the next dealer, as the form does.
    follow: function (standing, list, values) {
      ["A", "B"].forEach(function (team) {
        $(".team-" + team.toLowerCase(), standing).classList.toggle("is-home", team === values.home);
      });
    },
    // A pending game's row says who is home in it.
    rowWords: function (bits, item, dealer) {
      bits.push(Pad.fill(Pad.words().home, { team: Pad.teamOfSeat(dealer + 1) }));
    },
    nextGame: setHome,
    describe: describe,
    // The result buttons show the points they give with the spritz chosen.
    chosen: function (form) {
      var spritz = $("input[name=spritz]:checked", form);
      form.querySelectorAll("button[data-base] .p").forEach(function (out) {
        out.textContent = out.closest("button").dataset.base * Math.pow(2, spritz ? spritz.value : 0);
      });
    },
  };
})();
