"""The document's 2xx examples: real answers of a short evening of each kind, kept in
`answers.json` (written by `python -m tests.api.example_answers`) by operation id, status
and media type, and set on each answer the document declares."""

import json
from pathlib import Path
from typing import Any

from apispec import APISpec

EXAMPLES_FILE = Path(__file__).with_name("answers.json")


def attach(spec: APISpec) -> None:
    """Give every 2xx answer of `spec` whose example was kept that example."""
    kept: dict[str, Any] = json.loads(EXAMPLES_FILE.read_text(encoding="utf-8"))
    for operations in spec._paths.values():  # apispec keeps the document's paths there
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            examples = kept.get(str(operation.get("operationId")), {})
            for status, answer in operation.get("responses", {}).items():
                for media, content in answer.get("content", {}).items():
                    example = examples.get(str(status), {}).get(media)
                    if example is not None:
                        content["example"] = example
