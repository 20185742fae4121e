"""The generated clients compile: a program using every operation type-checks against the
client openapi-python-client makes (`mypy --strict`) and against the types openapi-typescript
makes (`tsc --strict`), both from the committed document.

openapi-generator's typescript-fetch client round-trips against a live server in
test_fetch_client.py."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.api.generated import NPM_BIN, OPENAPI_FILE, PACKAGE, python_client

PROGRAMS = Path(__file__).parent / "clients"

pytestmark = pytest.mark.slow


def checked(command: list[str], folder: Path) -> None:
    run = subprocess.run(command, capture_output=True, text=True, cwd=folder)
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_program_of_every_operation_type_checks_with_the_python_client(tmp_path):
    python_client(tmp_path)
    shutil.copy(PROGRAMS / "every_operation.py", tmp_path)
    mypy = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "every_operation.py"]
    # The client's own modules too: mypy --strict follows the program's imports into them.
    checked([*mypy, "--config-file", "/dev/null"], tmp_path)
    assert (tmp_path / PACKAGE / "models").is_dir()


def test_a_program_of_every_operation_type_checks_with_openapi_typescripts_types(tmp_path):
    types = tmp_path / "bauerblock.ts"
    checked([str(NPM_BIN / "openapi-typescript"), str(OPENAPI_FILE), "-o", str(types)], tmp_path)
    shutil.copy(PROGRAMS / "every_operation.ts", tmp_path)
    options = ["--strict", "--noEmit", "--target", "es2022", "--module", "es2022"]
    options += ["--moduleResolution", "bundler", "--lib", "es2022,dom"]
    checked([str(NPM_BIN / "tsc"), *options, "every_operation.ts"], tmp_path)
    # Each union is a type of its own, chosen by its discriminator.
    assert 'SheetEntry: components["schemas"]["BauerchenEntry"] |' in types.read_text()
