"""The Preisbauer (docs/rules.md section 4), the pub tournament of Bauerchen: partners drawn
anew each draw, points for the rounds won, one ranking. Its rules (`engine/`), its stored
tournament and its roster after the start (`store.py`, `roster.py`), its results list
(`exports.py`), its API's schemas and documents (`api.py`), its pages with their form and
templates (`pages.py`, `forms.py`, `templates/`), its refusals' words (`words.py`),
registered once as `KIND`: the default kind (a format that names none is a Preisbauer)."""

from pathlib import Path

from bauerblock.kinds import Kind
from bauerblock.kinds.preisbauer.api import API
from bauerblock.kinds.preisbauer.exports import EXPORT
from bauerblock.kinds.preisbauer.pages import PAGES
from bauerblock.kinds.preisbauer.roster import ROSTER
from bauerblock.kinds.preisbauer.store import StoredTournament
from bauerblock.kinds.preisbauer.words import WORDS

KIND = Kind(
    name=StoredTournament.kind,
    game="bauerchen",
    stored=StoredTournament,
    export=EXPORT,
    api=API,
    pages=PAGES,
    folder=Path(__file__).parent,
    roster=ROSTER,
    words=WORDS,
)
