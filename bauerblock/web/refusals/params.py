"""What a refusal's words are made from: its parameters, by name."""

from collections.abc import Mapping
from typing import Any

Params = Mapping[str, Any]
