"""The Stammtisch routes: create a group, its page, start an evening, statistics, exports."""

from flask import abort, render_template

import store
from scoresheet.views import check_csrf, finish
from stammtisch import bp
from store import groups

bp.before_request(check_csrf)
bp.after_request(finish)


@bp.get("/g/<group_id>")
def group(group_id: str):
    """Show the group: roster, evenings newest first, and what the edit right allows."""
    found = groups.load_group(store.get_db(), group_id)
    if found is None:
        abort(404)
    return render_template("stammtisch/group.html", group=found)
