"""A deal's words count in the singular: one trick is "1 Stich" ("1 trick")."""

from flask_babel import force_locale

from bauerblock.games.bolachen.exports import said


def test_a_bolachen_deal_of_one_trick_reads_1_stich(app):
    deal = {"contract": "brand", "trump": "herz", "declarer": 0, "tricks": 1}
    with app.test_request_context():
        assert said(deal, ["Hans", "Grete", "Karl"], False) == "Hans: Brand Herz, 1 Stich, verloren"
        with force_locale("en"):
            assert "1 trick," in said(deal, ["Hans", "Grete", "Karl"], False)
