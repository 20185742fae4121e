"""The committed message catalogues: complete, and the compiled .mo in step with the .po."""

from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "bauerblock" / "web" / "translations"
PAGE_PACKAGES = ("web", "exports", "scoresheet", "tournament", "stammtisch", "series", "games")
"""The web layer, the exports and the page blueprints, which share the web layer's catalogues."""
# A game's templates are in its folder (games/<game>/templates/).
METHODS = [("**.py", "python"), ("templates/**.html", "jinja2"), ("*/templates/**.html", "jinja2")]
KEYWORDS = {"_": None, "gettext": None, "lazy_gettext": None, "ngettext": (1, 2)}


def key(words):
    """Return a message's id or words, a plural's forms as a tuple (so they key a dict)."""
    return words if isinstance(words, str) else tuple(words)


def messages(catalog):
    return {key(message.id): key(message.string) for message in catalog if message.id}


def test_mo_matches_po():
    for po_path in TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"):
        with po_path.open("rb") as po, po_path.with_suffix(".mo").open("rb") as mo:
            assert messages(read_mo(mo)) == messages(read_po(po)), (
                f"{po_path.with_suffix('.mo')} is stale: run pybabel compile "
                "(see web/translations/README.md)"
            )


def test_every_page_string_has_an_english_translation():
    found = {
        key(message[2])
        for package in PAGE_PACKAGES
        for message in extract_from_dir(
            ROOT / "bauerblock" / package, METHODS, keywords=KEYWORDS, comment_tags=()
        )
    }
    assert len(found) > 100
    with (TRANSLATIONS / "en" / "LC_MESSAGES" / "messages.po").open("rb") as po:
        english = messages(read_po(po))
    missing = sorted(msgid for msgid in found if not english.get(msgid))
    assert not missing, f"untranslated (see web/translations/README.md): {missing}"
