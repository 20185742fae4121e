"""Names and titles cleaned on the way in: no control or format characters, one line."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bauerblock.engine.errors import RuleError
from bauerblock.engine.names import ZWJ, clean_name, clean_text
from tests.words import said


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("Anna\x00Berg", "AnnaBerg"),
        ("Anna\u202eBerg", "AnnaBerg"),  # RIGHT-TO-LEFT OVERRIDE: would flip the table line
        ("An\u200bna", "Anna"),  # ZERO WIDTH SPACE: two Annas that look alike
        ("\ufeffAnna", "Anna"),  # a byte-order mark pasted with the name
        ("Anna\u2066Berg\u2069", "AnnaBerg"),  # isolates, pasted or crafted
        ("Anna\tBerg\nKarl", "Anna Berg Karl"),
        ("Anna\u2028Berg\u2029", "Anna Berg"),  # line and paragraph separators
        ("  Anna   Berg  ", "Anna Berg"),
        ("Anna\x7f\x1b[31m", "Anna[31m"),
        (f"👩{ZWJ}👩{ZWJ}👧", f"👩{ZWJ}👩{ZWJ}👧"),  # a family: the joiner stays
        ("محمد", "محمد"),  # a right-to-left name itself is a name
        ("Jörg-Ünal", "Jörg-Ünal"),
    ],
)
def test_a_name_is_cleaned(typed, kept):
    assert clean_name(typed) == kept


@given(st.text())
def test_no_cleaned_text_holds_a_control_or_format_character(text):
    cleaned = clean_name(text)
    removed = {"Cc", "Cf", "Zl", "Zp"}
    assert all(c == ZWJ or unicodedata.category(c) not in removed for c in cleaned)
    assert cleaned == cleaned.strip() and "  " not in cleaned
    assert clean_name(cleaned) == cleaned


def test_the_limit_counts_the_cleaned_name():
    assert clean_text("\u200b" * 100 + "Anna", 40, "name") == "Anna"
    with pytest.raises(RuleError) as caught:
        clean_text("x" * 41, 40, "name")
    assert caught.value.code == "text_too_long"
    assert said(caught.value) == "A player's name may be at most 40 characters long."
    with pytest.raises(RuleError) as caught:
        clean_text(7, 40, "title")
    assert said(caught.value) == "The title must be text." and caught.value.code == "text_not_text"
