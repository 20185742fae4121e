"""The project's own docs: every reference in the code points into the repository.

The code cites `docs/<name>.md`, optionally with a section number and a heading
(`docs/rules.md section 1, "Melds"`); each cited file, section and heading must exist. The
`# type: ignore`s that remain in the app each say why.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SOURCES = ("bauerblock", "tests", "bench", "bin", "tools")
SUFFIXES = {".py", ".html", ".js", ".css", ".md", ".sh", ".txt", ""}
CITATION = re.compile(
    r"docs/(?P<name>[\w-]+)\.md"
    r"(?: sections? (?P<sections>\d+(?: and \d+)*))?"
    r'(?:,? "(?P<heading>[^"]+)")?'
)
# The specs this project started from live outside it; the code must not send a reader there.
OUTSIDE = re.compile(r"\b(?:RULES|API|DESIGN)\.md\b")


def _files():
    """Yield the project's text files the citations may sit in (this file left out)."""
    yield ROOT / "README.md"
    yield ROOT / "Dockerfile"
    yield ROOT / "openapi" / "openapi.json"  # its descriptions cite the rules too
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*")):
            if (
                path.is_file()
                and path.suffix in SUFFIXES
                and not {"node_modules", "__pycache__", "static", "artifacts"} & set(path.parts)
                and path != Path(__file__).resolve()
            ):
                yield path


def _citations() -> list[tuple[str, re.Match]]:
    found = []
    for path in _files():
        text = path.read_text(errors="replace")
        found += [(f"{path.relative_to(ROOT)}", m) for m in CITATION.finditer(text)]
    return found


def _headings(name: str) -> list[str]:
    return [line for line in (DOCS / f"{name}.md").read_text().splitlines() if line.startswith("#")]


def _section(name: str, number: str) -> list[str]:
    """Return the headings of section `number` of a doc: its `## N.` and those under it."""
    lines, inside = [], False
    for heading in _headings(name):
        if heading.startswith("## "):
            inside = heading.startswith(f"## {number}.")
        if inside:
            lines.append(heading)
    return lines


def test_the_code_cites_the_docs():
    """The check below has something to check: the code does cite the docs, by section."""
    cited = {m.group("name") for _, m in _citations()}
    assert {"rules", "api", "architecture"} <= cited
    assert any(m.group("sections") for _, m in _citations())


@pytest.mark.parametrize("name", ["rules", "api", "architecture"])
def test_the_three_docs_exist_and_say_something(name):
    text = (DOCS / f"{name}.md").read_text()
    assert text.startswith("# ") and len(text.split()) > 300


def test_every_cited_doc_section_and_heading_exists():
    missing = []
    for where, citation in _citations():
        name, sections, heading = citation.group("name", "sections", "heading")
        if not (DOCS / f"{name}.md").is_file():
            missing.append(f"{where}: docs/{name}.md")
            continue
        numbers = sections.split(" and ") if sections else []
        for number in numbers:
            if not _section(name, number):
                missing.append(f"{where}: docs/{name}.md section {number}")
        if heading:
            candidates = _section(name, numbers[0]) if numbers else _headings(name)
            if not any(h.lstrip("# ").startswith(heading) for h in candidates):
                missing.append(f"{where}: docs/{name}.md {sections or ''} {heading!r}")
    assert missing == []


def test_the_code_points_to_no_spec_outside_the_repository():
    outside = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in _files()
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert outside == []


def test_every_type_ignore_says_why():
    """A `# type: ignore[code]` names its code and has a comment on its line or the one above."""
    silent = []
    for path in sorted((ROOT / "bauerblock").rglob("*.py")):
        lines = path.read_text().splitlines()
        for number, line in enumerate(lines, 1):
            if "# type: ignore" not in line:
                continue
            rest = line.split("# type: ignore", 1)[1]
            coded = rest.startswith("[")
            reason = "#" in rest or (number > 1 and lines[number - 2].strip().startswith("#"))
            if not (coded and reason):
                silent.append(f"{path.relative_to(ROOT)}:{number}")
    assert silent == []


def test_the_rules_name_every_option_and_preset_the_engine_has():
    """docs/rules.md keeps up with the engine: each game's options and presets, the format's."""
    from dataclasses import fields

    from bauerblock.engine.games import GAMES
    from bauerblock.kinds.preisbauer.engine.format import Format

    text = (DOCS / "rules.md").read_text()
    names = {f.name for f in fields(Format)}
    for game in GAMES.values():
        names |= set(game.PRESETS)
        for preset in game.PRESETS.values():
            names |= {f.name for f in fields(preset) if f.name != "preset"}
    assert sorted(name for name in names if f"`{name}`" not in text) == []


def test_the_readme_is_read_in_minutes_and_the_reference_is_in_docs():
    """README.md: what it is, the two commands, the faces, the layout and links, at most 200
    lines; the reference (configuration, API usage, operating, capacity) lives in docs/."""
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 200
    for name in ("configuration", "api-usage", "operating", "capacity", "pages", "development"):
        assert f"(docs/{name}.md)" in readme, name
        assert len((DOCS / f"{name}.md").read_text().split()) > 100, name


def test_every_link_of_the_docs_points_to_a_file_that_exists():
    links = []
    for path in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", path.read_text()):
            if not re.match(r"[a-z]+:", target) and not (path.parent / target).exists():
                links.append(f"{path.relative_to(ROOT)}: {target}")
    assert links == []


def test_the_glossary_names_the_houses_words_and_the_games():
    text = (DOCS / "architecture.md").read_text()
    glossary = text[text.index("## Glossary") :]
    for word in ("head", "standing", "face", "stored kind", "Told", "Asked", "Phone"):
        assert f"**{word}**" in glossary, word
    for word in ("Spiel", "Runde", "Knoddel", "Stein", "Auslosung", "Partie"):
        assert re.search(rf"\*\*{word}\b", glossary), word
