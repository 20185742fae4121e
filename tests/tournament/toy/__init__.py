"""A toy third tournament kind, "toy" (an Entenrennen: the ducks race at one table a draw),
one folder as a real kind of bauerblock/kinds/ is: its stored kind (`store`), its API
module (`api`), its exports (`exports`), its pages (`pages`) and their `templates/`,
registered once as `KIND`. tests/tournament/test_kinds.py puts it in the registries for a
test."""

from pathlib import Path

from bauerblock.kinds import Kind
from tests.tournament.toy.api import API
from tests.tournament.toy.exports import EXPORT
from tests.tournament.toy.pages import TOY_PAGES
from tests.tournament.toy.store import TOY, StoredToy

KIND = Kind(
    name=TOY,
    game="bauerchen",
    stored=StoredToy,
    export=EXPORT,
    api=API,
    pages=TOY_PAGES,
    folder=Path(__file__).parent,
)
