"""Bauerchen entries the sheet tests play: one that wins a round, one that ends none."""


def round_to(team):
    """One entry that wins a round for `team`: schwarz with spritz ×16 reaches the target."""
    return {"result": {"winner": team, "band": "schwarz"}, "spritz": 4}


def small(team):
    """A game that ends no round."""
    return {"result": {"winner": team, "band": "frei"}}
