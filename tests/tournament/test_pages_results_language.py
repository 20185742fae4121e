"""The results list's downloads from the pages speak the page's language (the PDF and the
CSV's words, for both kinds), each language kept apart in the cache; the API's PDF stays
German in any language."""

import io

import pytest
from pypdf import PdfReader

API = "/api/v1"
PLAYERS = ["Jürgen", "Grete", "Karl", "Lise", "Öttchen", "Fritz", "Änne", "Udo"]
PAIRS = [[f"Erste {n}", f"Zweite {n}"] for n in range(1, 9)]
KINDS = {
    "preisbauer": {"title": "Zur Linde", "players": PLAYERS},
    "pairs": {"title": "Bauer-WM", "pairs": PAIRS, "format": {"kind": "pairs", "group_size": 4}},
}
HEADS = {
    "preisbauer": {
        "de": (["Platz", "Nr", "Name", "Punkte", "Diff."], ["Platz", "Nr.", "Name"]),
        "en": (["Place", "No", "Name", "Points", "Diff."], ["Place", "No.", "Name"]),
    },
    "pairs": {
        "de": (["Endstand", "Erreicht", "Gruppe A", "Siege", "Runden"], ["Platz", "Nr.", "Paar"]),
        "en": (
            ["Final standings", "Reached", "Group A", "Wins", "Rounds"],
            ["Place", "No.", "Pair"],
        ),
    },
}
"""Each kind's words in each language: the PDF's, then the CSV's first heads."""


def drawn(client, kind: str) -> str:
    """Return a tournament of `kind` made through the API, its first draw drawn."""
    made = client.post(f"{API}/tournaments", json=KINDS[kind])
    assert made.status_code == 201, made.text
    body = made.json
    auth = {"Authorization": f"Bearer {body['edit_token']}"}
    assert client.post(f"{API}/tournaments/{body['id']}/draws", json={}, headers=auth).status_code
    return body["id"]


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_pages_results_pdf_and_csv_speak_the_pages_language(client, kind):
    tournament_id = drawn(client, kind)
    # English first: a German file kept under the same key would answer the German page.
    for language, separator in (("en", ","), ("de", ";")):
        pdf_words, csv_heads = HEADS[kind][language]
        other_words, _ = HEADS[kind]["de" if language == "en" else "en"]
        headers = {"Accept-Language": language}
        pdf = client.get(f"/t/{tournament_id}/results.pdf", headers=headers)
        assert pdf.status_code == 200 and pdf.content_type == "application/pdf"
        text = pdf_text(pdf.data)
        assert all(word in text for word in pdf_words), (language, text)
        assert not any(f"\n{word}" in text for word in other_words if word not in pdf_words)
        csv = client.get(f"/t/{tournament_id}/results.csv", headers=headers)
        head = csv.data.decode("utf-8-sig").splitlines()[0].split(separator)
        assert head[:3] == csv_heads, (language, head)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_apis_results_pdf_stays_german_in_any_language(client, kind):
    tournament_id = drawn(client, kind)
    client.get(f"/t/{tournament_id}/results.pdf", headers={"Accept-Language": "en"})
    answer = client.get(
        f"{API}/tournaments/{tournament_id}/export?format=pdf",
        headers={"Accept-Language": "en"},
    )
    assert answer.status_code == 200
    text = pdf_text(answer.data)
    assert all(word in text for word in HEADS[kind]["de"][0]), text
