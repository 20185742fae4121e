"""A tournament's results list (`exportTournament` and its one-format paths): CSV, JSON or
PDF, built once per version.

The routes join the tournaments' blueprint (`api.tournaments.blp`): their tag and their
conventions are the tournaments'.
"""

from flask.views import MethodView

from bauerblock.api.export_formats import Exported, offer_each_format
from bauerblock.api.schemas import ExportQuerySchema
from bauerblock.api.sheets import EXPORT_CONTENT, export_kind, exported
from bauerblock.api.tournament_unions import (
    AnyResultsListSchema,
)
from bauerblock.api.tournaments import (
    E404,
    TOURNAMENT_ID,
    blp,
)
from bauerblock.exports.cache import tournament_download
from bauerblock.store.errors import TournamentNotFound
from bauerblock.web.guards import limited

# As a sheet's export, but the JSON is the results list.
RESULTS_CONTENT = {**EXPORT_CONTENT, "application/json": {"schema": AnyResultsListSchema}}


@limited("RATELIMIT_EXPORTS")
@blp.route("/tournaments/<tournament_id>/export", parameters=[TOURNAMENT_ID])
class Export(MethodView):
    @blp.arguments(ExportQuerySchema, location="query")
    @blp.response(200, description="The results list as CSV, JSON or PDF, as a download")
    @blp.doc(operationId="exportTournament", responses={200: {"content": RESULTS_CONTENT}})
    @blp.refuses(404, e404=E404)
    def get(self, query, tournament_id):
        """Download the results list: place, name, points per draw, total, score difference.

        A Paarturnier's: the final ranking, the group tables and the bracket.

        Public. The CSV starts with a byte order mark so that spreadsheet programs read the
        umlauts. An export is built once per version of the tournament and served again from a
        cache; exports are rate limited of their own.
        """
        kind = export_kind(query)
        built = tournament_download(tournament_id, kind)
        if built is None:
            raise TournamentNotFound(tournament_id)
        return exported(built.body, kind, built.filename, built=built.built)


offer_each_format(
    blp,
    Exported(
        path="/tournaments/<tournament_id>/export",
        parameters=(TOURNAMENT_ID,),
        operation="exportTournament",
        what="the results list",
        json=AnyResultsListSchema,
        build=tournament_download,
        missing=TournamentNotFound,
        e404=E404,
    ),
)
