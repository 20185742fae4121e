"""The tournament kinds, one folder a kind (Home Assistant's `components/<integration>/` is
the model): `bauerblock/kinds/<kind>/` holds everything of one kind, by layer - `engine/`
(its rules: pure, no Flask, no SQL), `store.py` (its stored tournament), `exports.py` (its
results list), `schemas.py` and `api.py` (what the API documents of it), `forms.py`,
`pages.py` and `words.py` (its pages' words and its refusals'), `templates/` and `static/` -
and registers it once: a `Kind` named `KIND` in its `__init__.py`, bundling its parts.

`install` puts every kind's parts in the registries the framework's layers ask (the store's
`STORED_KINDS`, `TABLE_GAMES` and `ROSTERS`, the exports' `EXPORT_KINDS`, the API's
`API_KINDS`, the pages' `PAGE_KINDS`, the pad's `TELLERS`, the refusals' words), and
`init_app` also serves its templates and static files; the framework's layers name no kind.
Only the factory (and the tests) import this package.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask

from bauerblock.api.kinds import API_KINDS
from bauerblock.api.tournament_schemas import ApiKind
from bauerblock.exports.kinds import EXPORT_KINDS, TournamentExport
from bauerblock.scoresheet.story import TELLERS, Teller
from bauerblock.store.tournaments.stored import (
    ROSTERS,
    STORED_KINDS,
    TABLE_GAMES,
    Roster,
    TournamentKind,
)
from bauerblock.tournament.kinds import PAGE_KINDS, PageKind
from bauerblock.web import pages, refusals


@dataclass(frozen=True)
class Kind:
    """One kind of tournament, its parts in each layer: what its folder registers."""

    name: str
    """Its name: the format's `kind` ("pairs")."""
    game: str
    """The game its tables play (a game of `engine.games.GAMES`, by its name)."""
    stored: type[TournamentKind]
    export: TournamentExport[Any]
    api: ApiKind[Any]
    pages: PageKind[Any, Any]
    folder: Path | None = None
    """Its folder, whose `templates/` and `static/` the pages serve (None: it has none)."""
    teller: Teller | None = None
    """What its tables' pads tell each pair once a match is over (None: nothing)."""
    roster: Roster | None = None
    """Its roster's steps after its start: entries, withdrawals (None: its entrants are
    fixed)."""
    words: Mapping[str, refusals.Words] = field(default_factory=dict)
    """Its refusals' words, by code (`web.refusals.register`)."""

    def entries(self) -> Iterator[tuple[dict[str, Any], Any]]:
        """Yield each registry the kind is in, with its part there."""
        yield STORED_KINDS, self.stored
        yield TABLE_GAMES, self.game
        yield EXPORT_KINDS, self.export
        yield API_KINDS, self.api
        yield PAGE_KINDS, self.pages
        if self.teller is not None:
            yield TELLERS, self.teller
        if self.roster is not None:
            yield ROSTERS, self.roster

    def install(self) -> None:
        """Put the kind's parts in every layer's registry and its refusals' words with every
        table's (again: no change)."""
        for registry, part in self.entries():
            registry[self.name] = part
        refusals.register(self.words)

    def serve(self, app: Flask) -> None:
        """Serve the kind's templates and static files on `app`."""
        if self.folder is None:
            return
        app.register_blueprint(
            Blueprint(f"kind_{self.name}", __name__, template_folder=self.folder / "templates")
        )
        if (self.folder / "static").is_dir():
            pages.bp.add_static_folder(self.folder / "static")


def kinds() -> tuple[Kind, ...]:
    """Return every kind, in the new-tournament form's order (the first: the default)."""
    # Imported when asked: each kind's folder imports this module for `Kind`.
    from bauerblock.kinds import pairs, preisbauer

    return (preisbauer.KIND, pairs.KIND)


def install() -> tuple[Kind, ...]:
    """Put every kind in the framework's registries; return them."""
    found = kinds()
    for kind in found:
        kind.install()
    return found


def init_app(app: Flask) -> None:
    """Register every kind on `app`: in each layer's registry, its templates and static files
    served (after the tournament's pages, whose templates its own extend)."""
    for kind in install():
        kind.serve(app)
