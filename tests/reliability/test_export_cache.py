"""Downloads built once per version in files every worker shares, and charged by their cost.

A write makes a new version, so a cache in each worker's memory built a full sheet's PDF
again in every worker. The files of the instance folder's exports/ are one cache for every
worker (here: two apps on one instance folder and database, as two gunicorn workers are).
"""

import os

from bauerblock.exports.cache import Download, ExportFiles, cache
from bauerblock.web.responses import BUILD_COST, HIT_COST

NEW_SHEET = {"game": "bauerchen"}


def new_sheet_with_a_game(client) -> dict:
    sheet = client.post("/api/v1/sheets", json=NEW_SHEET).json
    auth = {"Authorization": f"Bearer {sheet['edit_token']}"}
    games = f"/api/v1/sheets/{sheet['id']}/games"
    assert client.post(games, json={"card_points": {"A": 80}}, headers=auth).status_code == 201
    return {**sheet, "auth": auth, "games": games}


def builds(app) -> int:
    with app.app_context():
        return cache().builds


def kept_files(app) -> list[str]:
    return sorted(
        name
        for name in os.listdir(os.path.join(app.instance_path, "exports"))
        if not name.startswith(".")
    )


def test_a_second_worker_serves_the_first_ones_file_without_building(app_with):
    first, second = app_with(), app_with()
    assert first.instance_path == second.instance_path
    sheet = new_sheet_with_a_game(first.test_client())
    built = first.test_client().get(f"/s/{sheet['id']}/export.pdf")
    assert built.status_code == 200 and built.data.startswith(b"%PDF")
    assert builds(first) == 1
    (kept,) = kept_files(first)
    path = os.path.join(first.instance_path, "exports", kept)
    os.utime(path, (1_000_000, 1_000_000))
    served = second.test_client().get(f"/api/v1/sheets/{sheet['id']}/export?format=pdf")
    assert served.data == built.data
    # Not built again: the second app built nothing, and only touched the first one's file.
    assert builds(second) == 0
    assert kept_files(second) == [kept]
    assert os.stat(path).st_mtime > 1_000_000
    assert os.path.getsize(path) > len(built.data)


def test_a_write_makes_the_next_download_anew_and_drops_the_old_one(app_with):
    app = app_with()
    client = app.test_client()
    sheet = new_sheet_with_a_game(client)
    api = f"/api/v1/sheets/{sheet['id']}/export?format=pdf"
    first = client.get(api)
    assert client.get(f"/s/{sheet['id']}/export.pdf").data == first.data
    assert builds(app) == 1
    client.post(sheet["games"], json={"card_points": {"B": 80}}, headers=sheet["auth"])
    assert client.get(api).data != first.data
    assert builds(app) == 2
    (kept,) = kept_files(app)
    version = client.get(f"/api/v1/sheets/{sheet['id']}").json["version"]
    assert kept == f"sheet.{sheet['id']}.pdf.v{version}"


def test_the_results_list_is_built_once_per_version(app_with):
    app = app_with()
    client = app.test_client()
    made = client.post("/api/v1/tournaments", json={"players": ["A", "B", "C", "D"]}).json
    url = f"/api/v1/tournaments/{made['id']}/export"
    assert client.get(url, query_string={"format": "pdf"}).data.startswith(b"%PDF")
    built = builds(app)
    assert client.get(f"/t/{made['id']}/results.pdf").data.startswith(b"%PDF")
    csv = client.get(url)
    assert csv.data.startswith("\ufeff".encode()) and b"A" in csv.data
    assert client.get(url).data == csv.data
    assert builds(app) == built + 1  # the API's CSV, once
    # The page's CSV is for people: its own file per language, built once each.
    page = f"/t/{made['id']}/results.csv"
    german = client.get(page)
    assert german.data != csv.data and client.get(page).data == german.data
    assert builds(app) == built + 2
    client.get(page, headers={"Accept-Language": "en"})
    assert builds(app) == built + 3


def test_the_print_page_is_built_once_per_version_and_language(app_with):
    app = app_with()
    client = app.test_client()
    sheet = new_sheet_with_a_game(client)
    german = client.get(f"/s/{sheet['id']}/print")
    assert german.status_code == 200 and "Zurück zum Block" in german.text
    again = client.get(f"/s/{sheet['id']}/print")
    assert again.text.count('class="print"') == 1
    assert builds(app) == 1
    english = client.get(f"/s/{sheet['id']}/print", headers={"Accept-Language": "en"})
    assert "Back to the pad" in english.text and 'lang="en"' in english.text
    assert builds(app) == 2
    # The page around the kept body is the reader's own: its CSRF token is not kept.
    other = app.test_client().get(f"/s/{sheet['id']}/print")
    assert other.status_code == 200
    assert builds(app) == 2
    assert not any("csrf" in name for name in kept_files(app))
    with open(os.path.join(app.instance_path, "exports", kept_files(app)[0]), "rb") as file:
        assert b"X-CSRF-Token" not in file.read()


def test_a_build_costs_more_of_the_exports_limit_than_a_kept_file(app_with):
    assert (HIT_COST, BUILD_COST) == (1, 5)
    client = app_with(RATELIMIT_EXPORTS="10 per minute").test_client()
    sheet = new_sheet_with_a_game(client)
    pdf = f"/s/{sheet['id']}/export.pdf"
    # One build (5) and five kept copies (1 each) spend the 10.
    assert [client.get(pdf).status_code for _ in range(6)] == [200] * 6
    assert client.get(pdf).status_code == 429
    assert client.get(f"/s/{sheet['id']}/print").status_code == 429


def test_the_print_page_is_limited_with_the_downloads(app_with):
    client = app_with(RATELIMIT_EXPORTS="6 per minute").test_client()
    sheet = new_sheet_with_a_game(client)
    page = f"/s/{sheet['id']}/print"
    assert [client.get(page).status_code for _ in range(3)] == [200, 200, 429]


def test_the_files_keep_to_their_budget_the_least_recently_served_going_first(tmp_path):
    files = ExportFiles(tmp_path / "exports", budget=100)
    for n in range(4):
        files.put(("sheet", str(n), "csv"), 1, Download(b"x" * 25, "f.csv"))
        os.utime(files.path(("sheet", str(n), "csv"), 1), (1000 + n, 1000 + n))
    assert files.builds == 4
    # Each file is 31 bytes with its name line: three fit. Serving 0 makes 1 the oldest.
    assert files.get(("sheet", "0", "csv"), 1) is None
    assert files.get(("sheet", "1", "csv"), 1) == Download(b"x" * 25, "f.csv")
    os.utime(files.path(("sheet", "2", "csv"), 1), (900, 900))
    files.put(("sheet", "4", "csv"), 1, Download(b"x" * 25, "f.csv"))
    kept = [files.get(("sheet", str(n), "csv"), 1) is not None for n in range(5)]
    assert kept == [False, True, False, True, True]
    # A newer version drops the older one of its key.
    files.put(("sheet", "1", "csv"), 2, Download(b"y", "f.csv"))
    assert files.get(("sheet", "1", "csv"), 1) is None
    assert files.get(("sheet", "1", "csv"), 2) == Download(b"y", "f.csv")
    assert not [name for name in os.listdir(tmp_path / "exports") if name.startswith(".tmp-")]
