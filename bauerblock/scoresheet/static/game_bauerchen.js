// Bauerblock score sheet: what the pad does offline for Bauerchen alone (pad.js's registry):
// the header follows the waiting games (points, Knoddel, Steine, round, home), and home
// follows the dealer in the pending rows and the entry form's buttons.
(function () {
  "use strict";

  var Pad = window.Pad;
  var $ = Pad.$;

  function other(team) {
    return team === "A" ? "B" : "A";
  }

  // The result button whose points a win by `band` has in a game `dealer` deals: the form
  // keeps a row a team (A's, then B's); a win at home or away says so on its button and
  // gives its points (data-base, before spritz). Its words name the form's team: the caller
  // names the winner.
  function resultButton(form, winner, band, dealer) {
    var buttons = form ? form.querySelectorAll("button[name=result]") : [];
    var homeWins = winner === Pad.teamOfSeat(dealer + 1);
    return Array.prototype.filter.call(buttons, function (btn) {
      return btn.value.slice(2) === band && btn.classList.contains("away") !== homeWins;
    })[0];
  }

  function doubled(item) {
    return Math.pow(2, Pad.fieldOf(item, "spritz") || 0);
  }

  // A result as it will be recorded in a game `dealer` deals: home or away follows from who
  // is home then, and so do the points ("Auswärts (B) frei +2"); null if not a result.
  function resultWords(item, dealer) {
    var value = Pad.fieldOf(item, "result");
    var match = value && resultButton(Pad.entryForm(), value[0], value.slice(2), dealer);
    if (!match) return null;
    var who = $(".who", match).textContent.replace(/\([AB]\)/, "(" + value[0] + ")");
    var head = who + " " + $(".band", match).textContent + " +" + match.dataset.base * doubled(item);
    return [head.replace(/\s+/g, " ").trim()].concat(item.bits || []).join(", ");
  }

  // The round won: the loser's Knoddel (with the last of a Stein, the Stein the winner's), the
  // points past the target carried where the rules say (at most target - 1), the next round.
  function closeRound(s, winner) {
    var loser = other(winner);
    var carried = s.carry ? Math.max(0, Math.min(s.score[winner] - s.target, s.target - 1)) : 0;
    s.score = { A: 0, B: 0 };
    s.score[winner] = carried;
    s.round += 1;
    if (++s.knoddels[loser] >= s.stein) {
      s.knoddels = { A: 0, B: 0 };
      s.steins[winner] += 1;
    }
    return true;
  }

  // One waiting game added to the standing `s` as the engine scores it (RULES.md): a Kart'ab's
  // winner takes 12 and the round; else the melds first (A's, then B's, as the form sends
  // them), then what the result button for the game gives (for card points, the band read
  // off the loser's); the first team at the target wins the round. False when it cannot be
  // told (no form to read the points from). A tap the server will refuse counts as it reads,
  // as in the other games: its row says it was refused.
  function play(s, item, dealer) {
    var result = Pad.fieldOf(item, "result");
    var solo = Pad.fieldOf(item, "solo");
    var home = Pad.teamOfSeat(dealer + 1);
    var melded = null;
    if (solo) {
      result = solo.slice(2) === "won" ? solo[0] : other(solo[0]);
      s.score[result] += 12;
      return closeRound(s, result);
    }
    item.fields.forEach(function (pair) {
      var team = pair[0].slice(6);
      if (pair[0] !== "melds_" + team) return;
      // The 40er-Regel: two short of the target, a 40 counts 1.
      s.score[team] += pair[1] === "40" && !(s.forty && s.score[team] === s.target - 2) ? 2 : 1;
      if (s.score[team] === s.target) melded = team;
    });
    if (!result) {
      // Home needs more than half; the loser's card points say the band.
      var points = Pad.fieldOf(item, "cp_team") === home ? +Pad.fieldOf(item, "cp") : s.total - Pad.fieldOf(item, "cp");
      var homeWins = points > s.total / 2;
      var lost = homeWins ? s.total - points : points;
      result = (homeWins ? home : other(home)) + ":" + (lost ? (lost < s.free ? "schneider" : "frei") : "schwarz");
    }
    var button = resultButton(Pad.entryForm(), result[0], result.slice(2), dealer);
    if (!button) return false;
    s.score[result[0]] += button.dataset.base * doubled(item);
    melded = melded || (s.score[result[0]] >= s.target && result[0]);
    return !melded || closeRound(s, melded);
  }

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
    if (!/^\d+$/.test(value)) return cp.dataset.whole;
    var points = parseInt(value, 10);
    var impossible = cp.dataset.impossible ? cp.dataset.impossible.split(",") : [];
    if (points > parseInt(cp.dataset.total, 10) || impossible.indexOf(String(points)) >= 0) {
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
    // The header after the waiting games (the server's while one cannot be told): each
    // team's points, Knoddel and Steine, the round, the Gehampelter, who is home next. A
    // table that takes no more games has no standing to follow.
    follow: function (standing, list, values) {
      var server = standing.dataset.figures;
      if (!server) return;
      var s = JSON.parse(server);
      if (!list.every(function (entry) {
        return entry.item.kind === "record" && play(s, entry.item, Pad.dealerOf(Pad.board(), entry.number));
      })) {
        s = JSON.parse(server);
      }
      values.round = s.round;
      ["A", "B"].forEach(function (team) {
        var el = $(".team-" + team.toLowerCase(), standing);
        var marks = $(".knoddel", el);
        el.classList.toggle("is-home", team === values.home);
        $(".score", el).textContent = s.score[team];
        $(".steine strong", el).textContent = s.steins[team];
        marks.setAttribute("aria-label", marks.getAttribute("aria-label").replace(/\d+/, s.knoddels[team]));
        Array.prototype.forEach.call(marks.children, function (mark, n) {
          mark.className = n < s.knoddels[team] ? "mark" : "mark empty";
          mark.textContent = n < s.knoddels[team] ? "\u25cf" : "\u25cb";
        });
      });
      // Both a Knoddel short of losing the Stein: the next round decides it.
      $(".decider", standing).hidden = s.knoddels.A !== s.stein - 1 || s.knoddels.B !== s.stein - 1;
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
        out.textContent = out.closest("button").dataset.base * Math.pow(2, spritz ? spritz.value : 0);
      });
    },
  };
})();
