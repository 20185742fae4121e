// Bauerblock score sheet: what the pad does offline for Bolachen alone (pad.js's registry):
// the totals, the dealer's and forehand's tags and hint follow the waiting deals; a deal in
// its rows' words.
(function () {
  "use strict";

  var Pad = window.Pad;
  var $ = Pad.$;

  var MINUS = "\u2212";

  // A total as the header writes it: points, or cents as euros ("1,20 €"), a true minus sign.
  function amount(value, money) {
    var text = String(Math.abs(value));
    if (money) text = Math.floor(Math.abs(value) / 100) + "," + ("0" + (Math.abs(value) % 100)).slice(-2) + " €";
    return (value < 0 ? MINUS : "") + text;
  }

  // One waiting deal added to the seats' totals: the declarer wins what the bid button shows
  // it gives (points, or cents), each defender pays half; by tricks, Brand needs 6, Bettel
  // none, Mord all 10. False when the deal cannot be told (the bid is not on the form).
  function add(totals, item) {
    var form = Pad.entryForm();
    var bid = Pad.fieldOf(item, "bid") || "";
    var input = form && $("input[name=bid][value='" + bid + "']", form);
    if (!input) return false;
    var win = parseInt(input.dataset.won.replace(/\D/g, ""), 10);
    var won = Pad.fieldOf(item, "won");
    if (won === null) {
      var tricks = parseInt(Pad.fieldOf(item, "tricks"), 10);
      var contract = bid.split(":")[0];
      won = contract === "brand" ? tricks >= 6 : tricks === (contract === "mord" ? 10 : 0);
    } else won = won === "1";
    var declarer = parseInt(Pad.fieldOf(item, "declarer"), 10);
    totals.forEach(function (total, seat) {
      totals[seat] += (won ? 1 : -1) * (seat === declarer ? win : -win / 2);
    });
    return true;
  }

  Pad.games.bolachen = {
    // A declarer, a bid or tricks chosen: the form is being worked on.
    busy: function (form) {
      return $("input[name=declarer]:checked, input[name=bid]:checked, input[name=tricks]:checked", form);
    },
    // The seats' totals after the waiting deals (the server's while one cannot be told), and
    // the dealer's and forehand's tags on their seats.
    follow: function (standing, list, values, dealer, forehand) {
      var server = standing.dataset.totals;
      var totals = JSON.parse(server || "[]");
      if (!list.every(function (entry) {
        return entry.item.kind === "record" && add(totals, entry.item);
      })) {
        totals = JSON.parse(server || "[]");
      }
      var players = standing.querySelectorAll(".players3 .player");
      totals.forEach(function (total, seat) {
        var el = $(".total", players[seat]);
        el.textContent = amount(total, el.classList.contains("money"));
        players[seat].classList.toggle("minus", total < 0);
        players[seat].classList.toggle("plus", total > 0);
      });
      var seats = standing.querySelectorAll(".players3 .player .roles");
      [["dealer-tag", dealer], ["forehand-tag", forehand]].forEach(function (pair) {
        var tag = $("[data-follows=" + pair[0] + "]", standing);
        if (tag && seats[pair[1]]) seats[pair[1]].appendChild(tag);
      });
    },
    // The won and lost buttons show what the bid chosen gives the declarer.
    chosen: function (form) {
      var bid = $("input[name=bid]:checked", form);
      form.querySelectorAll("[data-show]").forEach(function (out) {
        out.textContent = bid ? bid.dataset[out.dataset.show] || "" : "";
      });
    },
    // The entry form's hint marks forehand among the declarers.
    nextGame: function (form, dealer) {
      var hint = $(".declarer label .hint", form);
      var forehand = $("label[for=declarer" + ((dealer + 1) % 3) + "]", form);
      if (hint && forehand) forehand.appendChild(hint);
    },
    // A deal as its rows write it: "Bert: Brand Herz, 5 Stiche" or "…, gewonnen".
    describe: function (form, submitter) {
      var w = Pad.words();
      var declarer = $("input[name=declarer]:checked", form);
      var bid = $("input[name=bid]:checked", form);
      var who = [declarer && Pad.labelText(declarer), bid && Pad.labelText(bid)].filter(Boolean);
      var parts = [who.join(": ")];
      if (submitter && submitter.name === "won") parts.push(submitter.value === "1" ? w.won : w.lost);
      else {
        var tricks = $("input[name=tricks]:checked", form);
        if (tricks) parts.push(Pad.fill(w.tricks, { n: tricks.value }));
      }
      return { text: parts.filter(Boolean).join(", "), bits: [] };
    },
  };
})();
