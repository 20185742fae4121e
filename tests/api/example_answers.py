"""The 2xx examples of the OpenAPI document, taken from real answers: one short evening of
each kind played through the API, and the first answer of each operation, status and media
type kept as its example (`bauerblock/api/examples/answers.json`, which the document reads).

Write them again after an answer changes its shape, then regenerate the document:

    .venv/bin/python -m tests.api.example_answers
    .venv/bin/flask --app bauerblock openapi write openapi/openapi.json

`tests/api/test_examples.py` checks that every 2xx answer of the document has an example,
that each validates against its schema, and that an evening played now answers the shapes
kept.
"""

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from bauerblock import create_app
from bauerblock.api.examples import EXAMPLES_FILE

HOST = "https://bauerblock.example"
"""Where the examples' links point: the answers are made as if served there."""
PDF_START = 64
"""How much of a PDF an example keeps: its header line (a PDF is binary)."""


class Recorder:
    """A Flask client that keeps the first answer of each operation, status and media type."""

    def __init__(self, client) -> None:
        self.client = client
        self.kept: dict[str, dict[str, dict[str, Any]]] = {}

    def call(self, operation: str, method: str, url: str, **kwargs: Any) -> Any:
        """Send the request, keep its answer as `operation`'s example; return the answer."""
        response = self.client.open(url, method=method, base_url=HOST, **kwargs)
        status = str(response.status_code)
        assert status.startswith("2"), (operation, status, response.data[:300])
        media = response.mimetype
        if not response.data:  # a 204 says nothing
            return response
        if response.is_json:
            example: Any = response.get_json()
        elif media == "application/pdf":
            example = response.data[:PDF_START].decode("latin-1").split("\n", 1)[0]
        else:
            example = response.get_data(as_text=True)
        self.kept.setdefault(operation, {}).setdefault(status, {}).setdefault(media, example)
        return response


def bearer(token: str, **headers: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", **headers}


def play(rec: Recorder) -> None:
    """Play an evening, a Preisbauer and a Stammtisch, calling every operation once."""
    rec.call("listRulesets", "GET", "/api/v1/rulesets")
    rec.call(
        "scoreBauerchen",
        "POST",
        "/api/v1/bauerchen/score",
        json={"home": "A", "card_points": {"A": 72}, "melds": [{"team": "B", "kind": "20"}]},
    )
    rec.call(
        "scoreBolachen",
        "POST",
        "/api/v1/bolachen/score",
        json={"declarer": 0, "contract": "brand", "trump": "herz", "tricks": 7},
    )
    _evening(rec)
    _preisbauer(rec)
    _stammtisch(rec)
    _series(rec)
    rec.call("getProblemType", "GET", "/api/v1/problems/stale_version")


def _evening(rec: Recorder) -> None:
    made = rec.call(
        "createSheet",
        "POST",
        "/api/v1/sheets",
        json={"game": "bauerchen", "players": ["Hans", "Grete", "Karl", "Lise"], "title": "Linde"},
    ).get_json()
    sheet, token = f"/api/v1/sheets/{made['id']}", made["edit_token"]
    entries = [
        {"game": "bauerchen", "card_points": {"A": 72}, "spritz": 1},
        {"game": "bauerchen", "result": {"winner": "B", "band": "schneider"}},
        {"game": "bauerchen", "card_points": {"A": 40}, "melds": [{"team": "A", "kind": "40"}]},
    ]
    for n, entry in enumerate(entries, 1):
        key = f"linde-tap-{n:04}"
        headers = bearer(token, **{"Idempotency-Key": key})
        rec.call("recordGame", "POST", f"{sheet}/games", json=entry, headers=headers)
    rec.call("getGame", "GET", f"{sheet}/games/1")
    tag = rec.call("getSheet", "GET", sheet, query_string={"limit": 2}).headers["ETag"]
    amended = rec.call(
        "amendGame",
        "PUT",
        f"{sheet}/games/2",
        json={"game": "bauerchen", "result": {"winner": "B", "band": "frei"}},
        headers=bearer(token, **{"If-Match": tag}),
    )
    rec.call(
        "deleteGame",
        "DELETE",
        f"{sheet}/games/3",
        headers=bearer(token, **{"If-Match": amended.headers["ETag"]}),
    )
    rec.call("getSheetStats", "GET", f"{sheet}/stats")
    _exports(rec, sheet, "Sheet")


def _exports(rec: Recorder, at: str, what: str) -> None:
    """Call the combined export by each `Accept` and the export of each format."""
    for media in ("text/csv", "application/json", "application/pdf"):
        rec.call(f"export{what}", "GET", f"{at}/export", headers={"Accept": media})
    for kind in ("Csv", "Json", "Pdf"):
        rec.call(f"export{what}{kind}", "GET", f"{at}/export/{kind.lower()}")


def _preisbauer(rec: Recorder) -> None:
    names = ["Hans", "Grete", "Karl", "Lise", "Otto", "Erna", "Paul"]
    made = rec.call(
        "createTournament",
        "POST",
        "/api/v1/tournaments",
        json={
            "kind": "preisbauer",
            "title": "Preisbauer Zur Linde",
            "players": names,
            "format": {"rounds_per_draw": 1, "draws": 3},
        },
    ).get_json()
    at, token = f"/api/v1/tournaments/{made['id']}", made["edit_token"]
    rec.call(
        "addTournamentPlayer", "POST", f"{at}/players", json={"name": "Rita"}, headers=bearer(token)
    )
    rec.call("getTournamentPlayer", "GET", f"{at}/players/8")
    rec.call("withdrawTournamentPlayer", "DELETE", f"{at}/players/7", headers=bearer(token))
    rec.call(
        "reinstateTournamentPlayer", "POST", f"{at}/players/7/reinstate", headers=bearer(token)
    )
    drawn = rec.call(
        "drawNext",
        "POST",
        f"{at}/draws",
        json={"seed": "linde-1"},
        headers=bearer(token, **{"Idempotency-Key": "linde-draw-1"}),
    ).get_json()
    first = drawn["tables"][0]
    rec.call(
        "recordGame",
        "POST",
        f"/api/v1/sheets/{first['sheet']['id']}/games",
        json={"game": "bauerchen", "solo": {"team": "A", "won": True}},
        headers=bearer(first["sheet"]["edit_token"]),
    )
    rec.call("getDraw", "GET", f"{at}/draws/1")
    rec.call(
        "getTournamentTable", "GET", f"{at}/tables/1", headers=bearer(first["sheet"]["edit_token"])
    )
    rec.call("reprintTableCard", "POST", f"{at}/tables/2/card", headers=bearer(token))
    rec.call("getTournamentSeat", "GET", f"{at}/players/{first['seats'][0]}/seat")
    rec.call("endDraw", "POST", f"{at}/draws/1/end", headers=bearer(token))
    rec.call("drawNext", "POST", f"{at}/draws", json={"seed": "linde-2"}, headers=bearer(token))
    rec.call("redoDraw", "DELETE", f"{at}/draws/2", headers=bearer(token))
    rec.call("getTournament", "GET", at)
    _exports(rec, at, "Tournament")


def _stammtisch(rec: Recorder) -> None:
    made = rec.call(
        "createGroup",
        "POST",
        "/api/v1/groups",
        json={"name": "Stammtisch Zur Linde", "players": ["Hans", "Grete", "Karl", "Lise"]},
    ).get_json()
    at, token = f"/api/v1/groups/{made['id']}", made["edit_token"]
    rec.call(
        "addGroupPlayer", "POST", f"{at}/players", json={"name": "Otto"}, headers=bearer(token)
    )
    evening = rec.call(
        "createGroupSheet",
        "POST",
        f"{at}/sheets",
        json={"game": "bauerchen", "players": [1, 2, 3, 5], "title": "Dienstag"},
        headers=bearer(token),
    ).get_json()
    rec.call(
        "recordGame",
        "POST",
        f"/api/v1/sheets/{evening['id']}/games",
        json={"game": "bauerchen", "card_points": {"A": 31}},
        headers=bearer(evening["edit_token"]),
    )
    rec.call("getGroup", "GET", at)
    rec.call("getGroupStats", "GET", f"{at}/stats")


def _series(rec: Recorder) -> None:
    made = rec.call(
        "createSeries",
        "POST",
        "/api/v1/series",
        json={"name": "Westpfälzer Bauerchen-Cup", "season": "2027", "counted": 5, "minimum": 2},
    ).get_json()
    at, token = f"/api/v1/series/{made['id']}", made["edit_token"]
    for name in ("Hans", "Grete", "Karl"):
        rec.call(
            "addSeriesPlayer", "POST", f"{at}/players", json={"name": name}, headers=bearer(token)
        )
    tournament = rec.call(
        "createSeriesTournament",
        "POST",
        f"{at}/tournaments",
        json={"title": "Preisbauer Erfenbach", "players": [1, 2, 3, "Lise"]},
        headers=bearer(token),
    ).get_json()
    rec.call(
        "addSeriesTournamentPlayer",
        "POST",
        f"{at}/tournaments/{tournament['id']}/players",
        json={"player": "Otto"},
        headers=bearer(token),
    )
    rec.call(
        "updateSeriesPlayer",
        "PATCH",
        f"{at}/players/2",
        json={"hidden": True},
        headers=bearer(token),
    )
    rec.call("forgetSeriesPlayer", "DELETE", f"{at}/players/3", headers=bearer(token))
    rec.call("getSeriesPlayer", "GET", f"{at}/players/1")
    rec.call("getSeries", "GET", at)
    _exports(rec, at, "Series")
    _exports(rec, f"{at}/players/1", "SeriesPlayer")


def capture() -> dict[str, dict[str, dict[str, Any]]]:
    """Play every kind of evening on a fresh database; return the answers kept."""
    with tempfile.TemporaryDirectory() as folder:
        instance = os.environ.get("BAUERBLOCK_INSTANCE_PATH")
        os.environ["BAUERBLOCK_INSTANCE_PATH"] = str(Path(folder) / "instance")
        try:
            app = create_app(
                {
                    "TESTING": True,
                    "DATABASE": str(Path(folder) / "examples.sqlite3"),
                    "SECRET_KEY": "examples",
                    "RATELIMIT_EXPORTS": "10000 per minute",
                }
            )
            recorder = Recorder(app.test_client())
            play(recorder)
        finally:
            if instance is None:
                del os.environ["BAUERBLOCK_INSTANCE_PATH"]
            else:
                os.environ["BAUERBLOCK_INSTANCE_PATH"] = instance
        return recorder.kept


def main() -> None:
    """Write the examples the document reads."""
    kept = capture()
    EXAMPLES_FILE.write_text(
        json.dumps(kept, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8"
    )
    print(
        f"{EXAMPLES_FILE}: {sum(len(s) for o in kept.values() for s in o.values())} examples",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
