"""Zielwurf's new-sheet form (web.games.STARTS): its presets in words, no house rules."""

from bauerblock.web.games import PresetWords, StartGame

START = StartGame(
    game="zielwurf",
    name="Zielwurf",
    blurb="4 Spieler in zwei Teams: wer zuerst am Ziel ist.",
    presets={
        "kurz": PresetWords("Kurz", "Bis 3 Punkte."),
        "lang": PresetWords("Lang", "Bis 5 Punkte."),
    },
    read_rules=lambda form, preset, errors: {},
    house_rules="web/_house_zielwurf.html",
)
