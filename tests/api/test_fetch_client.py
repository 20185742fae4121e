"""openapi-generator's typescript-fetch client round-trips against a live server: one entry
of each game (recordGame), one draw of each kind (drawNext) and a season of both kinds
(createSeries to forgetSeriesPlayer, played out and exported), generated from the committed
document, type-checked (`tsc --strict`) and run with Node's fetch. The generator's jar comes
from the PyPI package openapi-generator-cli (the test extra), Java from Debian (bin/test)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.api.generated import NPM_BIN, OPENAPI_FILE

PROGRAM = Path(__file__).parent / "clients" / "round_trip.ts"
GENERATOR = Path(sys.executable).with_name("openapi-generator-cli")


def run(command: list[str], folder: Path, **env: str) -> str:
    done = subprocess.run(
        command, capture_output=True, text=True, cwd=folder, env={**os.environ, **env}
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


@pytest.mark.server
def test_the_typescript_fetch_client_records_each_game_and_draws_each_kind(live_server, tmp_path):
    generate = [str(GENERATOR), "generate", "-g", "typescript-fetch", "-i", str(OPENAPI_FILE)]
    output = run([*generate, "-o", "client"], tmp_path)
    # No model of no name from a composition (BauerchenScoreNotAnyOf...), none renamed.
    models = {path.stem for path in (tmp_path / "client" / "models").glob("*.ts")}
    assert {"SheetEntry", "AnyDraw", "Problem", "Refusal"} <= models, output
    assert not {m for m in models if "AnyOf" in m or "Not" in m or m == "ModelError"}
    shutil.copy(PROGRAM, tmp_path)
    options = ["--strict", "--outDir", "js", "--target", "es2020", "--module", "commonjs"]
    options += ["--lib", "es2020,dom", "--skipLibCheck"]
    run([str(NPM_BIN / "tsc"), *options, PROGRAM.name], tmp_path)
    said = run(["node", "js/round_trip.js"], tmp_path, BAUERBLOCK_URL=str(live_server))
    assert "round trip: 3 games, 2 draws, a season of 2 tournaments" in said
