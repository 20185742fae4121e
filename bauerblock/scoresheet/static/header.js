// Bauerblock score sheet: the header follows the queue while taps wait (pad.js calls it
// after drawing the pending rows).
(function () {
  "use strict";

  var Pad = window.Pad;
  var $ = Pad.$;
  var fill = Pad.fill;
  var words = Pad.words;
  var entryForm = Pad.entryForm;
  var dealerOf = Pad.dealerOf;
  var teamOfSeat = Pad.teamOfSeat;
  var fieldOf = Pad.fieldOf;

  // The header follows the queue: the next game's number, dealer and home (or forehand), as
  // the entry form does; Bauerschspiel's board and round after the waiting wins.
  function follow(b, list) {
    var standing = document.getElementById("standing");
    if (!standing) return;
    var players = JSON.parse(b.dataset.players || "[]");
    var dealer = dealerOf(b, list.next);
    var home = teamOfSeat(dealer + 1);
    var forehand = (dealer + 1) % players.length;
    var values = { game: list.next, dealer: players[dealer], home: home, forehand: players[forehand] };
    if (b.dataset.game === "bauerschspiel") Object.assign(values, strokes(standing, list));
    standing.querySelectorAll("[data-follows]").forEach(function (el) {
      if (el.dataset.follows in values) el.textContent = String(values[el.dataset.follows]);
    });
    if (b.dataset.game === "bauerchen") {
      standing.querySelectorAll(".teams .team").forEach(function (el) {
        el.classList.toggle("is-home", el.classList.contains("team-" + home.toLowerCase()));
      });
    }
    if (b.dataset.game === "bolachen") {
      var seats = standing.querySelectorAll(".players3 .player .roles");
      [["dealer-tag", dealer], ["forehand-tag", forehand]].forEach(function (pair) {
        var tag = $("[data-follows=" + pair[0] + "]", standing);
        if (tag && seats[pair[1]]) seats[pair[1]].appendChild(tag);
      });
    }
  }

  // Bauerschspiel after the waiting games: each win erases one of the winner's strokes and
  // adds one to the loser's; a team at none has a Nullchen and the next round starts. The
  // winner buttons say what the next win does ("noch 3 Striche", "Nullchen!").
  function strokes(standing, list) {
    var start = parseInt(standing.dataset.board, 10);
    var board = JSON.parse(standing.dataset.strokes || "{}");
    var round = parseInt(($("[data-follows=round]", standing) || {}).dataset.server || "0", 10);
    var rounds = 0;
    var known = list.every(function (entry) {
      return entry.item.kind === "record";
    });
    if (!known) return {};
    list.forEach(function (entry) {
      var winner = fieldOf(entry.item, "winner");
      if (!(winner in board)) return;
      board[winner] -= 1;
      board[winner === "A" ? "B" : "A"] += 1;
      if (board[winner] === 0) {
        board = { A: start, B: start };
        rounds += 1;
      }
    });
    var w = words();
    var form = entryForm();
    if (form && !form.closest(".amending")) {
      form.querySelectorAll("button[name=winner]").forEach(function (btn) {
        var left = board[btn.value] - 1;
        var effect = $(".effect", btn);
        if (!effect) return;
        effect.textContent = left === 0 ? w.nullchen : left === 1 ? w.strokeLeft : fill(w.strokesLeft, { n: left });
      });
    }
    return round ? { round: round + rounds } : {};
  }

  Pad.follow = follow;
})();
