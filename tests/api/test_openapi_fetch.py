"""openapi-fetch with openapi-typescript's types plays every kind of evening against a live
server: clients/evenings.ts, type-checked with `tsc --strict` against the types generated
from the committed document, with no `as` and no non-null assertion, then run with Node
(the pair pinned in tools/npm, beside the Python client and typescript-fetch)."""

import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.api.generated import NPM_BIN, OPENAPI_FILE

PROGRAM = Path(__file__).parent / "clients" / "evenings.ts"
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)
STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`')
CAST = re.compile(r"\bas\s+(?!const\b)[A-Za-z{[(]|(?:[=(,:]|\breturn)\s*<[\w.\[\]\"]+>\s*[\w(]")
NON_NULL = re.compile(r"[\w)\]]!(?=[.\[),;:\s]|$)")


def run(command: list[str], folder: Path, **env: str) -> str:
    done = subprocess.run(
        command, capture_output=True, text=True, cwd=folder, env={**os.environ, **env}
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def code_of(source: str) -> str:
    """Return the program without its comments and with every string emptied."""
    return STRING.sub('""', COMMENT.sub("", source))


def test_the_program_uses_the_types_as_they_come():
    code = code_of(PROGRAM.read_text())
    assert "createClient<paths" in code
    assert not CAST.findall(code), CAST.findall(code)
    assert not NON_NULL.findall(code), NON_NULL.findall(code)
    # The checks find what they look for.
    assert CAST.search("const x = y as Schemas;") and CAST.search("f(x as unknown)")
    assert CAST.search("return <Sheet>answer;") and not CAST.search("function ok<T>(a: T)")
    assert NON_NULL.search("sheet.links!.edit") and NON_NULL.search("f(a!)")
    assert not NON_NULL.search("if (!ok) x !== y")


@pytest.mark.server
def test_openapi_fetch_plays_every_kind_of_evening(live_server, tmp_path):
    types = tmp_path / "bauerblock.ts"
    run([str(NPM_BIN / "openapi-typescript"), str(OPENAPI_FILE), "-o", str(types)], tmp_path)
    # openapi-fetch is an ES module: the program is one too, and finds it as an app would.
    (tmp_path / "package.json").write_text('{"type": "module"}\n')
    (tmp_path / "node_modules").symlink_to(NPM_BIN.parent)
    (tmp_path / PROGRAM.name).write_text(PROGRAM.read_text())
    options = ["--strict", "--outDir", "js", "--target", "es2022", "--module", "es2022"]
    options += ["--moduleResolution", "bundler", "--lib", "es2022,dom", "--skipLibCheck"]
    run([str(NPM_BIN / "tsc"), *options, PROGRAM.name], tmp_path)
    said = run(["node", "js/evenings.js"], tmp_path, BAUERBLOCK_URL=str(live_server))
    assert "every kind of evening: 7" in said, said
    assert re.search(r"^season 2 tournaments 1\. \S", said, re.MULTILINE), said
    assert re.search(r"^preisbauer 1\. \S", said, re.MULTILINE), said
    assert re.search(r"^pairs \d+ draws 1\. Erste 1 / Zweite 1$", said, re.MULTILINE), said
