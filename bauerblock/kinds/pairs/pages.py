"""The Paarturnier's pages (`PAGES`): its view, labels, the bracket as a drawing, its next
steps.

The view (`shown`) is built from the stored state and its engine's results once a request:
each pair's label ("Bernd / Uwe"), each match's stage in words ("Gruppe B, Runde 2",
"Halbfinale"), and the bracket as columns of matches in bracket order, byes included, laid
out from the engine's bracket once, so the board can draw it with a CSS grid and carry the
winners forward.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from flask_babel import gettext as _
from flask_babel import lazy_gettext, ngettext

from bauerblock.kinds.pairs import engine
from bauerblock.kinds.pairs.forms import PAIR_BOUNDS, read_pairs_entrants
from bauerblock.kinds.pairs.stages import knockout_match, stage_names
from bauerblock.kinds.pairs.store import StoredPairs
from bauerblock.kinds.pairs.words import tells
from bauerblock.tournament.kinds import (
    Context,
    DrawShown,
    NewForm,
    PageKind,
    Seen,
    Shown,
    TableShown,
    partials,
    refused,
    summary,
    table_fields,
)


@dataclass(frozen=True, kw_only=True)
class MatchTable(TableShown):
    """A Paarturnier's table: a match of two pairs (the first in seats 0 and 2), its group
    or whether it is for third place, the rounds each pair won, the winner (None: open)."""

    pairs: tuple[int, int]
    group: str | None
    third_place: bool
    rounds_won: tuple[int, int]
    winner: int | None


@dataclass(frozen=True, kw_only=True)
class PairsDrawShown(DrawShown):
    """A Paarturnier's draw: a group round or a knock-out round."""

    stage: engine.Stage
    tables: tuple[MatchTable, ...]


@dataclass(frozen=True)
class GroupShown(engine.Group):
    """A group: its pairs and its standings (a place by lot says so)."""

    standings: tuple[engine.GroupStanding, ...]


@dataclass(frozen=True)
class BracketMatch:
    """A match of the bracket: its pairs (None: not known yet; a bye has the pair alone),
    its winner, its table once drawn."""

    pairs: tuple[int | None, ...]
    winner: int | None
    bye: bool
    table: MatchTable | None


@dataclass(frozen=True)
class BracketRound:
    """A column of the bracket: a knock-out round (`matches`), or the champion's at the end
    (`matches` None)."""

    stage: str
    name: str
    matches: tuple[BracketMatch, ...] | None = None
    champion: int | None = None


@dataclass(frozen=True, kw_only=True)
class PairsShown(Shown):
    """A Paarturnier as its pages show it: format, pairs, groups, the knock-out, ranking."""

    format: engine.PairsFormat
    pairs: tuple[engine.Pair, ...]
    groups: tuple[GroupShown, ...]
    draws: tuple[PairsDrawShown, ...]
    bracket: tuple[BracketRound, ...]
    """The knock-out's rounds as columns, the champion's last (none while the groups play)."""
    standings: tuple[engine.FinalPlace, ...]


def shown(stored: StoredPairs, seen: Seen) -> PairsShown:
    """Return the Paarturnier as its pages show it, from its engine's results."""
    tournament, results = stored.tournament, stored.results
    drawn = []
    for made in tournament.draws:
        tables = []
        for match in made.matches:
            winner = engine.winner_of(tournament, results, made, match)
            tables.append(
                MatchTable(
                    **table_fields(stored, made.number, match.table, winner is not None, seen),
                    pairs=match.pairs,
                    group=match.group,
                    third_place=match.third_place,
                    rounds_won=engine.result_of(results, made, match).rounds,
                    winner=winner,
                )
            )
        drawn.append(
            PairsDrawShown(
                number=made.number,
                stage=made.stage,
                finished=engine.draw_finished(tournament, results, made.number),
                closed=stored.closed(made.number),
                ended=made.ended,
                corrected=stored.corrected(made.number),
                byes=made.byes,
                tables=tuple(tables),
            )
        )
    draws = tuple(drawn)
    lines = engine.group_standings(tournament, results)
    return PairsShown(
        id=stored.id,
        title=stored.title,
        finished=stored.finished,
        draws=draws,
        corrections=stored.corrections,
        format=tournament.format,
        pairs=tournament.pairs,
        groups=tuple(
            GroupShown(group.name, group.pairs, lines[group.name])
            for group in engine.groups_of(tournament)
        ),
        bracket=_bracket(engine.knockout(tournament, results), draws),
        standings=engine.standings(tournament, results),
    )


def pair_names(t: PairsShown) -> dict[int, str]:
    """Return each pair's label by number: "Bernd / Uwe"."""
    return {pair.number: " / ".join(pair.names) for pair in t.pairs}


def draw_label(draw: PairsDrawShown, t: PairsShown) -> str:
    """Return what a draw plays: "Gruppenrunde 2 von 3", or the knock-out round's name."""
    if draw.stage is engine.Stage.GROUP:
        # A group round's draw drew the groups, so there are some to count.
        return _("Gruppenrunde %(n)s von %(of)s", n=draw.number, of=engine.group_rounds(t.groups))
    return stage_names()[draw.stage]


def match_label(table: MatchTable, draw: PairsDrawShown) -> str:
    """Return a match's stage: "Gruppe B, Runde 2", "Halbfinale", "Spiel um Platz 3"."""
    if table.third_place:
        return _("Spiel um Platz 3")
    if draw.stage is engine.Stage.GROUP:
        return _("Gruppe %(g)s, Runde %(n)s", g=table.group, n=draw.number)
    return stage_names()[draw.stage]


def won_rounds(n: int) -> str:
    """Return how many won rounds make a match, in words: "eine gewonnene Runde", "2 …"."""
    return _("eine gewonnene Runde") if n == 1 else _("%(n)s gewonnene Runden", n=n)


@dataclass(frozen=True)
class MovedLine:
    """A pair a correction seated anew in the knock-out, in words, and the draw and table
    it moved to."""

    draw: int
    table: int
    words: str


def moved_lines(t: PairsShown) -> list[MovedLine]:
    """Return what each correction moved in the knock-out, a line a pair seated anew:
    "Halbfinale 1 korrigiert: Finale jetzt mit Paar 3 statt Paar 7", with the draw and table
    it moved (so a table's card can say it too), oldest first."""
    lines: list[MovedLine] = []
    for correction in t.corrections:
        if not correction.moved:
            continue
        made = t.draws[correction.draw - 1]
        table = next(x for x in made.tables if x.number == correction.table)
        if made.stage is engine.Stage.GROUP:
            corrected = match_label(table, made)
        else:
            corrected = knockout_match(made.stage, table.number, third_place=table.third_place)
        for move in correction.moved:
            target = knockout_match(move["stage"], move["table"], third_place=move["third_place"])
            for old, new in zip(move["before"], move["after"], strict=True):
                if old != new:
                    words = _(
                        "%(corrected)s korrigiert: %(target)s jetzt mit Paar %(new)s statt"
                        " Paar %(old)s",
                        corrected=corrected,
                        target=target,
                        new=new,
                        old=old,
                    )
                    lines.append(MovedLine(move["draw"], move["table"], words))
    return lines


def seat_names(stored: StoredPairs, table: MatchTable, names: Mapping[int, str]) -> list[str]:
    """Return the four players of a match in seat order (partners opposite)."""
    return list(stored.new_table(engine.Match(table.number, table.pairs)).players)


def _bracket(
    rounds: Sequence[engine.KnockoutRound], draws: Sequence[PairsDrawShown]
) -> tuple[BracketRound, ...]:
    """Return the engine's knock-out rounds as columns, each match (byes included) with its
    drawn table; the last column is the champion's. Empty before the groups are over."""
    if not rounds:
        return ()
    tables: dict[tuple[engine.Stage, int], MatchTable] = {
        (made.stage, table.number): table
        for made in draws
        if made.stage is not engine.Stage.GROUP
        for table in made.tables
    }
    columns = [
        BracketRound(
            round_.stage.value,
            stage_names()[round_.stage],
            tuple(
                BracketMatch(
                    match.pairs[:1] if match.bye else match.pairs,
                    match.winner,
                    match.bye,
                    tables.get((round_.stage, match.table)) if match.table else None,
                )
                for match in round_.matches
                if not match.third_place
            ),
        )
        for round_ in rounds
    ]
    final = rounds[-1].matches[0]
    return (*columns, BracketRound("champion", _("Sieger"), champion=final.winner))


def third_place(t: PairsShown) -> MatchTable | None:
    """Return the match for third place once drawn (None before, or when none is played)."""
    finals = (d for d in t.draws if d.stage is engine.Stage.FINAL)
    return next((table for final in finals for table in final.tables if table.third_place), None)


def phase(t: PairsShown) -> str:
    """Return where the tournament is: "setup", "groups", "knockout" or "finished"."""
    if t.finished:
        return "finished"
    if t.bracket:
        return "knockout"
    return "groups" if t.draws else "setup"


def _next_label(t: PairsShown) -> str:
    """Return what the next draw would play: the next group round or knock-out round."""
    if not t.bracket:
        return _("Gruppenrunde %(n)s", n=len(t.draws) + 1)
    played = sum(1 for d in t.draws if d.stage is not engine.Stage.GROUP)
    return t.bracket[played].name


def _extras(t: PairsShown) -> Context:
    """Return what every Paarturnier page may say: its stages' and matches' words, what the
    corrections moved, and where it stands: the bracket with the match for third place
    (the board, the organiser's page and the results list draw it) and its phase."""
    return {
        "draw_label": draw_label,
        "match_label": match_label,
        "won_rounds": won_rounds,
        "stage_names": stage_names(),
        "moved": moved_lines(t),
        "bracket": t.bracket,
        "third": third_place(t),
        "phase": phase(t),
    }


def _next_steps(
    stored: StoredPairs,
    t: PairsShown,
    draw: PairsDrawShown | None,
    games: Mapping[int, int],
) -> Context:
    """Return the organiser's next steps: the next group or knock-out round."""
    can_draw = refused(engine.check_next_draw, stored.tournament, stored.results) is None
    return {
        "can_draw": can_draw,
        "next_label": _next_label(t) if can_draw else "",
        "draw_hint": "",
        "summary": summary(
            t,
            draw,
            _("%(n)s Paare angemeldet", n=len(t.pairs)),
            lambda made: draw_label(made, t),
            lambda done, n: ngettext(
                "%(done)s von %(n)s Partie fertig",
                "%(done)s von %(n)s Partien fertig",
                n,
                done=done,
                n=n,
            ),
        ),
    }


PAGES = PageKind[StoredPairs, PairsShown](
    kind=StoredPairs.kind,
    shown=shown,
    names=pair_names,
    extras=_extras,
    # The board's sections are every page's (`_extras`): the groups, then the bracket.
    on_board=lambda stored, t, draw: {},
    next_steps=_next_steps,
    in_results=lambda stored, t: {"rows": t.standings},
    new=NewForm(
        label=lazy_gettext("Paarturnier: feste Paare, Gruppen und K.-o."),
        hint=lazy_gettext(
            "Die Paare spielen zusammen: erst jeder gegen jeden in der Gruppe, dann die "
            "Besten im K.-o. bis zum Finale."
        ),
        read=read_pairs_entrants,
        name=lazy_gettext("Paarturnier"),
        bounds=PAIR_BOUNDS,
        lead=lazy_gettext(
            "ein Paarturnier spielt mit festen Paaren erst in Gruppen, dann im K.-o. bis zum Finale"
        ),
        choice=lazy_gettext("Paarturnier (feste Paare, Gruppen, K.-o.)"),
        example="Bauer-WM Zur Linde",
    ),
    seat_names=seat_names,
    tells=tells,
    stylesheets=("pairs.css",),
    **partials(StoredPairs.kind),
)
