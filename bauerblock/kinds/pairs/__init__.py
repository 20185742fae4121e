"""The Paarturnier (docs/rules.md section 5): fixed pairs, groups where each plays each,
then a knock-out to the final. Its rules (`engine/`), its stored tournament (`store.py`),
its results list (`exports.py`), its API's schemas and documents (`schemas.py`, `api.py`),
its pages with their form, words, templates and styles (`pages.py`, `forms.py`, `words.py`,
`templates/`, `static/`), registered once as `KIND`."""

from pathlib import Path

from bauerblock.kinds import Kind
from bauerblock.kinds.pairs.api import API
from bauerblock.kinds.pairs.exports import EXPORT
from bauerblock.kinds.pairs.pages import PAGES
from bauerblock.kinds.pairs.store import StoredPairs
from bauerblock.kinds.pairs.words import WORDS, match_stories

KIND = Kind(
    name=StoredPairs.kind,
    game="bauerchen",
    stored=StoredPairs,
    export=EXPORT,
    api=API,
    pages=PAGES,
    folder=Path(__file__).parent,
    teller=match_stories,
    words=WORDS,
)
