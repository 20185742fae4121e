"""Who reads or writes a tournament: its bearer token, checked; its ETag by version and by
rights (a series' too)."""

from flask import request
from flask_babel import force_locale
from flask_smorest import abort

from bauerblock import store
from bauerblock.api.conditional import end_if_unchanged
from bauerblock.api.idempotent import request_key
from bauerblock.exports.cache import API_LANGUAGE
from bauerblock.exports.common import ORGANISER_NAMES, PUBLIC_NAMES
from bauerblock.services.keys import Key
from bauerblock.store import tournaments
from bauerblock.store.common import entity_tag
from bauerblock.store.errors import TournamentNotFound


def load(tournament_id: str, token: str | None = None) -> "tournaments.Stored":
    """Return the stored tournament with the names its reader sees (with the tournament's
    `token`, checked: the organiser's; else the public's, a hidden or forgotten player's
    number said in the API's language), or answer 404."""
    names = PUBLIC_NAMES if token is None else ORGANISER_NAMES
    # One answer a version: a name's stand-in in the API's language, as its exports say it.
    with force_locale(API_LANGUAGE):
        stored = tournaments.load_tournament(store.get_db(), tournament_id, names)
    if stored is None:
        raise TournamentNotFound()
    return stored


def polled(tournament_id: str, *, organiser: bool = False, by_rights: bool = False) -> None:
    """Answer 304 from the tournament's version alone while If-None-Match names its ETag
    (`etag`, `unchanged`): a poll that finds nothing new reads no more; 404 for none."""
    version = tournaments.tournament_version(store.get_db(), tournament_id)
    if version is None:
        raise TournamentNotFound()
    unchanged(etag(tournament_id, version, organiser=organiser), by_rights=by_rights)


def bearer() -> str | None:
    """Return the bearer token the request carries, or None."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def authorise(tournament_id: str) -> tuple[str, Key | None]:
    """Check a write's right: return the bearer token, checked to be the tournament's edit
    token, and the write's Idempotency-Key (read first: a malformed one is refused before
    any word of rights)."""
    key = request_key()
    token = bearer()
    # An unknown tournament is 404 before any word about tokens.
    known = tournaments.check_token(store.get_db(), tournament_id, token)
    if token is None:
        abort(
            401,
            message=(
                "Writing needs the tournament's edit token: Authorization: Bearer <edit_token>."
            ),
            headers={"WWW-Authenticate": 'Bearer realm="bauerblock"'},
        )
    if not known:
        abort(403, message="This is not the edit token of this tournament.")
    assert token is not None  # abort raised above (flask_smorest is untyped: mypy cannot tell)
    return token, key


BY_RIGHTS = {"Vary": "Authorization"}
"""An answer that differs by the token it was read with says so to every cache."""
ORGANISER = "-organiser"
"""What the ETag of an answer read with the tournament's token adds: that answer shows the
tables' tokens, so an organiser's copy and anyone's never revalidate one another."""


def etag(entity_id: str, version: int, *, organiser: bool = False) -> str:
    """Return the ETag (quoted) of a tournament (or a series) at `version`: of the answer
    read with its token (`organiser`), or of anyone's."""
    rights = ORGANISER if organiser else ""
    return f'"{entity_tag(entity_id, version)}{rights}"'


def unchanged(tag: str, *, by_rights: bool = False) -> None:
    """Answer 304 if If-None-Match names `tag` (quoted, as `etag` gives it): the view ends
    here; an answer that differs `by_rights` says so (Vary: Authorization)."""
    end_if_unchanged(tag.strip('"'), BY_RIGHTS if by_rights else None)
