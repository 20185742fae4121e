"""The docs' curl examples run as written (issue 35): docs/api.md's "Examples that run" are
run in order by bash against gunicorn, as doctest runs a docstring's, and the examples of
README.md and docs/api-usage.md send what the API asks (a JSON body says so)."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
API_DOC = ROOT / "docs" / "api.md"
DOCS_WITH_CURL = [ROOT / "README.md", ROOT / "docs" / "api-usage.md", API_DOC]
BLOCK = re.compile(r"```sh\n(.*?)```", re.S)
EXPECTED = re.compile(r"#\s+(\S+)\s*$")
"""A command's answer the example states in a one-word comment (`# 412`)."""

pytestmark = pytest.mark.server


def section(text: str, heading: str) -> str:
    start = text.index(f"## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def session() -> str:
    """Return the shell blocks of "Examples that run", in order, as one script."""
    return "\n".join(BLOCK.findall(section(API_DOC.read_text(), "Examples that run")))


def test_the_examples_run_in_order_against_gunicorn(live_server, tmp_path):
    script = session()
    assert script.count("curl") >= 20
    base = "BASE=http://127.0.0.1:8000"
    assert base in script
    script = script.replace(base, f"BASE={live_server.rstrip('/')}")
    assert shutil.which("bash") and shutil.which("curl")
    ran = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "no_proxy": "*"},
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    printed = ran.stdout.split()
    stated = [m.group(1) for line in script.splitlines() if (m := EXPECTED.search(line))]
    assert stated == ["2", "412", "428", "1", "8", "1", "True", "5"]
    # Each stated answer is printed, in the order the examples state them.
    found = iter(printed)
    assert all(value in found for value in stated), (stated, printed)
    assert (tmp_path / "evening.pdf").read_bytes().startswith(b"%PDF-")
    rangliste = (tmp_path / "rangliste.csv").read_text(encoding="utf-8-sig").splitlines()
    assert rangliste[0] == "place,number,name,points,tournaments,wins,seconds,total"
    assert [line.split(",")[2] for line in rangliste[1:]] == [
        "Hans",
        "Grete",
        "Karl",
        "Lise",
        "Otto",
    ]


def commands(text: str) -> list[str]:
    """Return every curl command of the shell blocks, its continued lines joined."""
    joined = [block.replace("\\\n", " ") for block in BLOCK.findall(text)]
    return [line for block in joined for line in block.splitlines() if "curl " in line]


@pytest.mark.parametrize("doc", DOCS_WITH_CURL, ids=lambda path: path.name)
def test_every_example_with_a_body_says_it_is_json(doc):
    for command in commands(doc.read_text()):
        if re.search(r"\s-d '[{\[]", command):
            assert "Content-Type: application/json" in command, command
        if re.search(r"-X (PUT|DELETE) \S*/games/", command) and "428" not in command:
            assert "If-Match" in command, command


@pytest.mark.parametrize("doc", DOCS_WITH_CURL, ids=lambda path: path.name)
def test_every_example_names_the_game_or_kind_the_schema_requires(doc):
    for command in commands(doc.read_text()):
        body = re.search(r"-d '(\{.*?\})'", command)
        if body is None:
            continue
        if re.search(r"/sheets/\S+/games", command) or "/api/v1/sheets " in command:
            assert '"game"' in body.group(1), command
