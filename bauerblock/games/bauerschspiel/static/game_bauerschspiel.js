// Bauerblock score sheet: what the pad does offline for Bauerschspiel alone (pad.js's
// registry): the header's board, Nullchen and round stay the server's while games wait (the
// pad predicts no strokes: the engine alone counts them).
(function () {
  "use strict";

  var Pad = window.Pad;

  Pad.games.bauerschspiel = {
    // What a win does to the board ("noch 3 Striche", "Nullchen!") is the server's word for
    // the game after its last: while games wait it would speak of another game, so it is
    // unsaid (its room kept: nothing under the thumb moves).
    follow: function (standing, list) {
      var form = Pad.entryForm();
      if (!form || form.closest(".amending")) return;
      form.querySelectorAll("button[name=winner] .effect").forEach(function (effect) {
        effect.classList.toggle("unsaid", list.length > 0);
      });
    },
  };
})();
