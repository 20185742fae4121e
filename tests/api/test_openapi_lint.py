"""The committed OpenAPI document passes two independent linters without an error.

Redocly's recommended rules and Spectral's `spectral:oas`, both pinned in
tools/npm/package-lock.json (bin/test installs them with npm ci). Warnings may stay
(a license the project does not have, a contact); errors may not, and every operation says
what it does beyond its summary.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "openapi" / "openapi.json"
BIN = ROOT / "tools" / "npm" / "node_modules" / ".bin"
INSTALL = "bin/test installs it: npm ci --prefix tools/npm"
# No telemetry, no update check: the tests run without the network.
QUIET = {"REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true", "CI": "true"}


def run(tool: str, *args: str) -> subprocess.CompletedProcess:
    binary = BIN / tool
    assert os.access(binary, os.X_OK), f"{tool} is not installed: {INSTALL}"
    return subprocess.run(
        [str(binary), *args],
        cwd=ROOT,
        env={**os.environ, **QUIET},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_redocly_recommended_finds_no_error():
    result = run("redocly", "lint", "--extends=recommended", "--format=json", str(DOCUMENT))
    report = json.loads(result.stdout)
    errors = [p for p in report["problems"] if p["severity"] == "error"]
    assert not errors, json.dumps(errors, indent=2)[:4000]
    assert report["totals"]["errors"] == 0 and result.returncode == 0, result.stderr


def test_spectral_oas_finds_no_error():
    ruleset = ROOT / "openapi" / "spectral.yaml"
    result = run(
        "spectral", "lint", "--ruleset", str(ruleset), "--format", "json", "--quiet", str(DOCUMENT)
    )
    # Spectral writes nothing at all for a document without a problem.
    problems = json.loads(result.stdout or "[]")
    errors = [p for p in problems if p["severity"] == 0]
    assert not errors, json.dumps(errors, indent=2)[:4000]
    assert result.returncode == 0, result.stderr
    # Spectral's operation-description is a warning; here it is a rule.
    assert not [p for p in problems if p["code"] == "operation-description"]


@pytest.mark.parametrize("tool", ["redocly", "spectral"])
def test_the_linters_come_from_the_lock_file(tool):
    lock = json.loads((ROOT / "tools" / "npm" / "package-lock.json").read_text())
    package = {"redocly": "@redocly/cli", "spectral": "@stoplight/spectral-cli"}[tool]
    pinned = lock["packages"][f"node_modules/{package}"]["version"]
    assert pinned == lock["packages"][""]["dependencies"][package]
