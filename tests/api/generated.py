"""Generate clients from the committed document, as a third-party developer would."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
OPENAPI_FILE = ROOT / "openapi" / "openapi.json"
PACKAGE = "bauerblock_client"
NPM_BIN = ROOT / "tools" / "npm" / "node_modules" / ".bin"


def python_client(folder: Path) -> str:
    """Generate the openapi-python-client package `PACKAGE` into `folder`; return its output.

    Offline: no post hooks (they would call ruff); nothing is fetched. A PDF is read as the
    generator reads any binary body (`content_type_overrides`)."""
    config = folder / "config.yml"
    # A PDF is bytes to a client, as the generator's own documentation maps such types.
    config.write_text(
        f"project_name_override: {PACKAGE}\npackage_name_override: {PACKAGE}\npost_hooks: []\n"
        "content_type_overrides:\n  application/pdf: application/octet-stream\n"
    )
    generator = Path(sys.executable).with_name("openapi-python-client")
    command = [str(generator), "generate", "--path", str(OPENAPI_FILE), "--meta", "none"]
    command += ["--config", str(config), "--output-path", str(folder / PACKAGE)]
    run = subprocess.run(command, capture_output=True, text=True, cwd=folder)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    # The generator warns of any part of the document it could not turn into code.
    assert "Warning" not in output, output
    return output
