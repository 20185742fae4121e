// Bauerblock score sheet: what the pad does offline for Bolachen alone (pad.js's registry):
// the dealer's and forehand's tags and hint follow the waiting deals (the totals stay the
// server's); a deal in its rows' words.
(function () {
  "use strict";

  var Pad = window.Pad;
  var $ = Pad.$;

  Pad.games.bolachen = {
    // A declarer, a bid or tricks chosen: the form is being worked on.
    busy: function (form) {
      return $("input[name=declarer]:checked, input[name=bid]:checked, input[name=tricks]:checked", form);
    },
    // While deals wait the seats' totals stay the server's (the pad predicts no points: the
    // engine alone counts them); the dealer's and forehand's tags move to the next deal's.
    follow: function (standing, list, values, dealer, forehand) {
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
    // A deal in its row's words, each part the one its control carries (data-said, the
    // server's wording of a deal): "Bert: Brand Herz, 5 Stiche" or "…, gewonnen".
    describe: function (form, submitter) {
      var declarer = $("input[name=declarer]:checked", form);
      var bid = $("input[name=bid]:checked", form);
      var outcome = submitter && submitter.name === "won" ? submitter : $("input[name=tricks]:checked", form);
      var said = [bid && Pad.fill(bid.dataset.said, { who: declarer ? declarer.dataset.said : "" })];
      said.push(outcome && outcome.dataset.said);
      return said.filter(Boolean).join(", ");
    },
  };
})();
