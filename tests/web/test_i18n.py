"""The committed message catalogues: complete, and the compiled .mo in step with the .po."""

import ast
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "bauerblock" / "web" / "translations"
PAGE_PACKAGES = (
    "web",
    "exports",
    "scoresheet",
    "tournament",
    "stammtisch",
    "series",
    "games",
    "kinds",
)
"""The web layer, the exports, the page blueprints and the games' and kinds' folders, which
share the web layer's catalogues (as bauerblock/web/babel.cfg names them)."""
# A game's or kind's templates are in its folder (games/<game>/templates/).
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


def extracted():
    """Return the msgids pybabel's extract finds, as web/translations/README.md runs it."""
    return {
        key(message[2])
        for package in PAGE_PACKAGES
        for message in extract_from_dir(
            ROOT / "bauerblock" / package, METHODS, keywords=KEYWORDS, comment_tags=()
        )
    }


def english():
    with (TRANSLATIONS / "en" / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return messages(read_po(po))


def test_every_page_string_has_an_english_translation():
    found, words = extracted(), english()
    assert len(found) > 100
    missing = sorted(msgid for msgid in found if not words.get(msgid))
    assert not missing, f"untranslated (see web/translations/README.md): {missing}"


def test_the_catalogue_holds_only_what_extract_finds():
    # An entry extract does not find is dropped by the README's `pybabel update`: either it
    # is no longer used, or it is used where extract cannot see it (and would go untranslated).
    found = extracted()
    unfound = sorted(msgid for msgid in english() if msgid not in found)
    assert not unfound, f"in the catalogue, but not found by extract: {unfound}"


TRANSLATING = {"_", "gettext", "lazy_gettext", "ngettext"}


def calls_in_f_strings(source: str) -> list[str]:
    """Return the translation calls inside an f-string's braces, which pybabel's extract
    (on Python 3.11) never sees."""
    return [
        ast.unparse(call)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.JoinedStr)
        for call in ast.walk(node)
        if isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and call.func.id in TRANSLATING
    ]


def test_no_words_are_translated_inside_an_f_string():
    hidden = {
        str(path.relative_to(ROOT)): calls
        for path in (ROOT / "bauerblock").rglob("*.py")
        if (calls := calls_in_f_strings(path.read_text(encoding="utf-8")))
    }
    assert hidden == {}


def test_the_check_sees_a_call_inside_an_f_string():
    assert calls_in_f_strings("x = f\"{_('Ende')} da\"") == ["_('Ende')"]
    assert calls_in_f_strings("x = _('Ende') + f' {n}'") == []
