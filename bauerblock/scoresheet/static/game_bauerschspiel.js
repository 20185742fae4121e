// Bauerblock score sheet: what the pad does offline for Bauerschspiel alone (pad.js's
// registry): the header's board, Nullchen and round after the waiting wins.
(function () {
  "use strict";

  var Pad = window.Pad;
  var $ = Pad.$;

  // Each team's strokes in fives as the server draws them, their count, and its Nullchen
  // (a count, as the strokes').
  function draw(standing, board, nulls) {
    ["A", "B"].forEach(function (team) {
      var el = $(".team-" + team.toLowerCase(), standing);
      var glyphs = $(".strokes", el);
      glyphs.innerHTML = ("+".repeat(board[team]).match(/.{1,5}/g) || []).map(function (five) {
        return '<span class="five">' + five + "</span>";
      }).join("");
      glyphs.setAttribute("aria-label", glyphs.getAttribute("aria-label").replace(/\d+$/, board[team]));
      $(".steine strong", el).textContent = board[team];
      $(".nullchen strong", el).textContent = nulls[team];
    });
  }

  // The header after the waiting games: each win erases one of the winner's strokes and adds
  // one to the loser's; a team at none has a Nullchen and the next round starts (the round
  // goes into `values`). The winner buttons say what the next win does ("noch 3 Striche",
  // "Nullchen!").
  function strokes(standing, list, values) {
    var start = parseInt(standing.dataset.startStrokes, 10);
    var board = JSON.parse(standing.dataset.strokes || "{}");
    var nulls = JSON.parse(standing.dataset.nullchen || "{}");
    var round = parseInt(($("[data-follows=round]", standing) || {}).dataset.server || "0", 10);
    var rounds = 0;
    var known = list.every(function (entry) {
      return entry.item.kind === "record";
    });
    if (!known) return;
    list.forEach(function (entry) {
      var winner = Pad.fieldOf(entry.item, "winner");
      if (!(winner in board)) return;
      board[winner] -= 1;
      board[winner === "A" ? "B" : "A"] += 1;
      if (board[winner] === 0) {
        board = { A: start, B: start };
        nulls[winner] += 1;
        rounds += 1;
      }
    });
    draw(standing, board, nulls);
    var w = Pad.words();
    var form = Pad.entryForm();
    if (form && !form.closest(".amending")) {
      form.querySelectorAll("button[name=winner]").forEach(function (btn) {
        var left = board[btn.value] - 1;
        var effect = $(".effect", btn);
        if (!effect) return;
        effect.textContent = left === 0 ? w.nullchen : left === 1 ? w.strokeLeft : Pad.fill(w.strokesLeft, { n: left });
      });
    }
    if (round) values.round = round + rounds;
  }

  Pad.games.bauerschspiel = { follow: strokes };
})();
