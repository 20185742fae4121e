// Bauerblock score sheet: the header follows the queue while taps wait (pad.js calls it
// after drawing the pending rows, and sets the entry form to the same next game); what only
// one game's header shows, its script does.
(function () {
  "use strict";

  var Pad = window.Pad;

  // The taps the header counts: those before the first the server refused or holds in a
  // conflict (it and the taps behind it wait, shown apart as pending rows, never counted).
  function counted(b, list) {
    var taken = [];
    var next = parseInt(b.dataset.played, 10) + 1;
    list.every(function (entry) {
      if (entry.item.status !== "queued" && !entry.item.recorded) return false;
      taken.push(entry);
      next = entry.item.kind === "record" ? entry.number + 1 : entry.item.kind === "delete" ? next - 1 : next;
      return true;
    });
    taken.next = next;
    return taken;
  }

  // The header follows the queue: the next game's number, dealer and forehand, as the entry
  // form does; the game's follow hook adds its own (home, strokes, the seats' tags).
  function follow(b, waiting) {
    var standing = document.getElementById("standing");
    if (!standing) return;
    var list = counted(b, waiting);
    var players = JSON.parse(b.dataset.players || "[]");
    var dealer = Pad.dealerOf(b, list.next);
    var forehand = (dealer + 1) % players.length;
    var values = { game: list.next, dealer: players[dealer], home: Pad.teamOfSeat(dealer + 1), forehand: players[forehand] };
    var hook = Pad.game(b).follow;
    if (hook) hook(standing, list, values, dealer, forehand);
    standing.querySelectorAll("[data-follows]").forEach(function (el) {
      if (el.dataset.follows in values) el.textContent = String(values[el.dataset.follows]);
    });
  }

  Pad.counted = counted;
  Pad.follow = follow;
})();
