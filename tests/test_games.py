"""Every game is whole in every layer: a game the engine keeps has its statistics (`stats`),
its new-sheet form (`start`), its pad (`pad`), its exports (`exports`), its API's schemas
(`api`), each its folder's module of the layer (engine/plugins.py) registered under the
game's name, with the partials its pad and its form name where the pages find them, and
its offline pad's script (its folder's static/game_<game>.js) in the pad's bundle.

A fourth game half added (an engine module without its pad, a pad without its exports)
fails here rather than with a KeyError on the first sheet of it.
"""

import functools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bauerblock.api.game_schemas import APIS
from bauerblock.engine.games import GAMES
from bauerblock.engine.plugins import registered
from bauerblock.engine.stats import FOLDS
from bauerblock.exports.games import EXPORTS
from bauerblock.scoresheet.games import PADS
from bauerblock.web import pages
from bauerblock.web.assets import BUNDLES, HTMX, bundled
from bauerblock.web.forms import game_choices
from bauerblock.web.games import STARTS

PACKAGE = Path(__file__).resolve().parents[1] / "bauerblock"
SCRIPTS = PACKAGE / "scoresheet" / "static"
REGISTRIES = {"start": STARTS, "pad": PADS, "exports": EXPORTS, "api": APIS}
"""Each layer's registry of the games, by the name of a game's module of the layer."""


@pytest.mark.parametrize("layer", sorted(REGISTRIES))
def test_every_game_of_the_engine_has_its_module_in_each_layer(layer):
    registry = REGISTRIES[layer]
    assert set(registry) == set(GAMES)
    for game, entry in registry.items():
        # Registered under its own name, from the game's module of the layer.
        assert entry.game == game
        module = registered()[game].part(layer)
        assert entry in vars(module).values()


def test_the_engine_loads_every_games_rules_and_statistics_and_nothing_of_the_web():
    # A layer's registry imports a game's part of that layer alone (engine/plugins.py).
    code = (
        "import sys\n"
        "from bauerblock.engine.games import GAMES\n"
        "from bauerblock.engine.stats import FOLDS\n"
        "assert [GAMES[game].NAME for game in GAMES] == list(GAMES) == list(FOLDS)\n"
        "assert all(callable(FOLDS[game].fold) for game in FOLDS)\n"
        "web = {'flask', 'werkzeug', 'marshmallow', 'sqlite_utils', 'flask_babel'}\n"
        "print(sorted(name for name in sys.modules if name.split('.')[0] in web))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(PACKAGE.parent)}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=PACKAGE.parent, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_every_game_of_the_engine_has_its_statistics():
    assert set(FOLDS) == set(GAMES)


def test_the_start_page_offers_every_game():
    assert set(game_choices()) == set(GAMES)
    assert list(game_choices()) == list(STARTS)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_partial_a_game_names_exists(game, app):
    pad, start = PADS[game], STARTS[game]
    named = [pad.header, pad.entry, pad.table, pad.rows_partial, pad.summary, start.house_rules]
    for name in named:
        # Where the pages look for it: the app's loader (each game's templates/ among them).
        source, path, _ = app.jinja_env.loader.get_source(app.jinja_env, name)
        assert source and path and path.endswith(name), name


def served(name: str) -> Path:
    """Return the static file the pages serve as `name` from the folders they serve."""
    found = [Path(f) / name for f in pages.bp.static_folders if (Path(f) / name).is_file()]
    assert len(found) == 1, (name, found)
    return found[0]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_new_sheet_form_words_every_preset_of_the_game(game):
    assert set(STARTS[game].presets) == set(GAMES[game].PRESETS)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_its_script_and_styles_in_its_sheets_bundles(game, app):
    parts = BUNDLES[f"app-{game}.js"]
    # Its own script alone: a sheet's first visit carries no other game's code.
    assert [name for name in parts if name.startswith("game_")] == [f"game_{game}.js"]
    # It registers its hooks under its own name, with the Pad helpers loaded before it.
    assert f"Pad.games.{game} = {{" in served(f"game_{game}.js").read_text()
    assert parts.index("pad.js") < parts.index(f"game_{game}.js")
    assert parts.index("words.js") < parts.index(f"game_{game}.js")
    # The pad's shared scripts, as a game with no script of its own has them: no htmx (the
    # board's swapper serves its attributes), which the pages of no sheet load.
    assert [n for n in parts if not n.startswith("game_")] == list(BUNDLES["board.js"])
    assert list(BUNDLES["app.js"]) == [*HTMX, *BUNDLES["board.js"]]
    assert BUNDLES[f"sheet-{game}.css"] == ("base.css", f"game_{game}.css")
    assert served(f"game_{game}.css").is_file()
    # The pages of no sheet: no game's hooks, every game's styles.
    assert f"game_{game}.css" in BUNDLES["sheet.css"]
    assert not [name for name in BUNDLES["app.js"] if name.startswith("game_")]
    # A page asks for its game's bundles; a game without any (a page of no sheet) the shared.
    assert bundled("app.js", game) == f"app-{game}.js"
    assert bundled("sheet.css", game) == f"sheet-{game}.css"
    assert bundled("app.js", None) == "app.js"
    assert bundled("app.js", "no-such-game") == "board.js"
    assert bundled("sheet.css", "no-such-game") == "sheet.css"


SHARED_SCRIPTS = [n for n in BUNDLES["app.js"] if n not in HTMX]
"""The pad's scripts of every game (pad.js, swap.js, sheet.js, taps.js, outbox.js, header.js,
words.js): they ask the game's hooks (pad.js's registry) for all a game does its own way."""

TOY_TEMPLATES = Path(__file__).resolve().parent / "games" / "toy" / "templates"
OWN = re.compile(r'\bname="([a-z_]+)|\bdata-([a-z-]+)=')
"""A field of a form (its name: `melds_{{ team }}` is named by `melds_`) or a data attribute
(a game's words on the outbox's banner among them) in a template."""

PROTOCOL = {"for", "tapped"}
"""What a game's template marks for the shared scripts: data-for, the button a part's
data-needs is for (taps.js refuses the tap before the outbox); data-tapped, the fields a
row's game was tapped with (pad.js's look-alike of a tap in conflict)."""


@functools.cache
def own_names() -> set[str]:
    """Return the fields and data attributes a game's templates have (the toy fourth game's
    too) that neither a shared template has nor every game's."""
    games = [*GAMES, "zielwurf"]
    templates = [PACKAGE / "web" / "templates", PACKAGE / "scoresheet" / "templates"]
    templates += [game.folder / "templates" for game in registered().values()]
    folders = [t / layer for t in [*templates, TOY_TEMPLATES] for layer in ("web", "scoresheet")]
    own: dict[str, set[str]] = {game: set() for game in games}
    shared: set[str] = set()
    for path in (p for folder in folders for p in folder.glob("*.html")):
        names = {"".join(m) for m in OWN.findall(path.read_text())}
        game = next((g for g in games if path.stem.endswith(f"_{g}")), None)
        (own[game] if game else shared).update(names)
    return set().union(*own.values()) - set.intersection(*own.values()) - shared - PROTOCOL


def naming(name: str) -> re.Pattern[str]:
    """Return how a script names a field or data attribute: in a selector (`name=spritz`,
    `name^=melds_`, `[data-base]`), as a string (`"soloist"`), or as a property
    (`dataset.base`, `words().cardPoints`, `form.elements.bid`)."""
    camel = re.sub(r"-(\w)", lambda m: m.group(1).upper(), name)
    end = "" if name.endswith("_") else r"(?![\w-])"
    return re.compile(
        rf"""name\^?=['"]?{name}{end}|['"]{name}{end}|\.{camel}{end}|data-{name}{end}"""
    )


GAME_NAMED = re.compile(
    r"dataset\.game\s*[!=]=|[\"'](?:" + "|".join([*GAMES, "zielwurf"]) + r")[\"']"
)
"""The board's game compared, or a game named."""


def names_a_game(script: str) -> set[str]:
    """Return what of a game's own `script` names: its fields and data attributes, its name."""
    found = {name for name in own_names() if naming(name).search(script)}
    return found | {"the game" for _ in GAME_NAMED.finditer(script)}


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ('$("input[name=spritz]:checked", form)', {"spritz"}),
        ('$("input[name^=melds_]:checked", form)', {"melds_"}),
        ("input.name === 'soloist'", {"soloist"}),
        ("parseInt(button.dataset.base, 10)", {"base"}),
        ('form.querySelectorAll("[data-show]")', {"show"}),
        ("Pad.fill(w.home, { team: t })", {"home"}),
        ("form.elements.declarer.value", {"declarer"}),
        ("Pad.fill(bid.dataset.said, { who: name })", {"said"}),
        ('b.dataset.game === "x"', {"the game"}),
        ("games['bolachen']", {"the game"}),
        # The shared scripts' own names are none of a game's.
        ('input.name !== "csrf_token" && $("#board .undo")', set()),
        ('scrollIntoView({ block: "start" }); Array.from(list)', set()),
        ("part.dataset.for; el.dataset.follows; row.dataset.number", set()),
    ],
)
def test_the_check_for_a_games_names_catches_each_form(line, named):
    assert names_a_game(line) == named


def test_every_games_own_fields_and_words_are_checked():
    own = own_names()
    assert {"spritz", "melds_", "cp", "result", "bid", "declarer", "tricks", "winner"} <= own
    assert {"home", "won", "lost", "base", "said"} <= own


@pytest.mark.parametrize("script", SHARED_SCRIPTS)
def test_the_shared_scripts_of_the_pad_name_no_games_fields_or_words(script):
    # Neither the board's game compared nor a game's name, fields or words: those are what
    # the game's script (game_<game>.js) gives its hooks.
    assert names_a_game((SCRIPTS / script).read_text()) == set()


def test_the_shared_scripts_are_the_pads_all():
    assert set(SHARED_SCRIPTS) == {
        "outbox.js",
        "pad.js",
        "swap.js",
        "words.js",
        "header.js",
        "sheet.js",
        "taps.js",
    }
