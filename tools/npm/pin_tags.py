"""Pin the dependencies that the lock file records by dist-tag (e.g. "latest") to their version.

`npm ci` accepts a dependency asked for by tag only if the lock names where its tarball came
from, and the lock here names no registry (`omit-lockfile-registry-resolved`): so it refuses
such a lock. lighthouse's @paulirish/trace_engine asks for two packages at "latest". Run this
after `npm install --package-lock-only` and the lock pins each of them to the version it holds.
"""

import json
import re
import sys
from pathlib import Path

LOCK = Path(__file__).with_name("package-lock.json")
RANGE = re.compile(r"^[\s\d.xX*^~<>=|v-]+$")  # semver ranges; anything else is a tag or a URL


def resolve(packages: dict, parent: str, name: str) -> str | None:
    """Return the version Node would load for `name` required from the package at `parent`."""
    where = parent
    while True:
        found = packages.get(f"{where}/node_modules/{name}" if where else f"node_modules/{name}")
        if found:
            return found.get("version")
        if not where:
            return None
        where = where.rpartition("/node_modules/")[0] if "/node_modules/" in where else ""


def main() -> int:
    lock = json.loads(LOCK.read_text())
    packages = lock["packages"]
    changed = 0
    for path, package in packages.items():
        for name, spec in (package.get("dependencies") or {}).items():
            if RANGE.match(spec) or spec.startswith(("npm:", "file:", "git", "http")):
                continue
            version = resolve(packages, path, name)
            if version is None:
                print(f"{path}: {name}@{spec} is not in the lock", file=sys.stderr)
                return 1
            package["dependencies"][name] = version
            print(f"{path or '.'}: {name} {spec} -> {version}")
            changed += 1
    LOCK.write_text(json.dumps(lock, indent=2) + "\n")
    print(f"{changed} tag(s) pinned")
    return 0


if __name__ == "__main__":
    sys.exit(main())
