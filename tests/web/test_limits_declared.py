"""Rate limits are declared on the views they limit (guards.limited), and counted as declared."""

import pytest

from bauerblock.web.guards import LIMITS_DECLARED, RATE_LIMITED_EXTENSION, limited

DECLARED = [
    # (endpoint, the budgets its view declares: charged by what it cost or not)
    ("scoresheet.record", {"RATELIMIT_WRITES": False}),
    ("sheets.Games", {"RATELIMIT_WRITES": False}),
    ("scoresheet.amend", {"RATELIMIT_WRITES": True}),
    ("scoresheet.delete", {"RATELIMIT_WRITES": True}),
    ("sheets.Game", {"RATELIMIT_WRITES": True}),
    ("tournament.draw_next", {"RATELIMIT_WRITES": True}),
    ("tournaments.Draws", {"RATELIMIT_WRITES": True}),
    ("stammtisch.create", {"RATELIMIT_SHEETS": False, "RATELIMIT_NEW_GROUPS": False}),
    ("groups.Groups", {"RATELIMIT_SHEETS": False, "RATELIMIT_NEW_GROUPS": False}),
    ("scoresheet.print_view", {"RATELIMIT_EXPORTS": False}),
    ("web.forget", {"RATELIMIT_WRITES": False}),
]


@pytest.mark.parametrize(("endpoint", "budgets"), DECLARED)
def test_a_view_declares_its_budgets_and_the_guards_count_them(app, endpoint, budgets):
    view = app.view_functions[endpoint]
    assert getattr(getattr(view, "view_class", view), LIMITS_DECLARED) == budgets
    counted = app.extensions[RATE_LIMITED_EXTENSION][endpoint]
    reads = budgets.keys() == {"RATELIMIT_EXPORTS"}
    assert set(counted) == ({"GET"} if reads else {"POST", "PUT", "PATCH", "DELETE"})


def test_an_unknown_budget_is_refused_where_it_is_declared():
    with pytest.raises(LookupError, match="RATELIMIT_READS"):
        limited("RATELIMIT_READS")
