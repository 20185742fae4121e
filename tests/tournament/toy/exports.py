"""The toy kind's results list: a line of ducks, for people and for the API."""

from bauerblock.exports.kinds import TournamentExport
from tests.tournament.toy.store import TOY, StoredToy

EXPORT = TournamentExport[StoredToy](
    kind=TOY,
    name="Spielzeug",
    csv=lambda stored: "toy\nEnte\n",
    people_csv=lambda stored: "Spielzeug\nEnte\n",
    json=lambda stored: {"kind": TOY},
    pdf=lambda stored: b"%PDF-toy",
)
