"""Reads of the metagame (docs/metagame.md): a format's archetypes and rules, the decklists an
event has published and their archetypes, the figures of an event or of a format over dates,
and an event's simulated field beside what really happened.

Nothing here reads a decklist its event has not published: the figures are the same for every
viewer, computed over published decklists only (every decklist, or the top cut's), and
`archetypes_of` (and `archetypes_in`, for several events) adds only what the viewer may see
already."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from django.db.models import Q
from django.db.models.functions import Coalesce
from django.utils import timezone

from matchups.core import lab
from matchups.models import Matchup
from rules.core.decklist import Decklist, DecklistError, decklist_from_json
from tournaments import permissions as event_permissions
from tournaments import selectors as event_selectors
from tournaments.models import Match, Registration, Tournament

from .core import archetypes as core
from .core import figures as maths
from .models import Archetype, ArchetypeRule, FieldSimulation


@dataclass(frozen=True)
class Definitions:
    """A format's archetypes: names by id, and the rules in the order they are tried."""

    names: dict[int, str]
    rules: list[core.Rule]

    def name_of(self, decklist: Decklist) -> str:
        found = core.classify(decklist, self.rules)
        return core.OTHER if found is None else self.names[found]


def rule_value(rule: ArchetypeRule) -> core.Rule:
    return core.Rule(
        rule.archetype_id,
        rule.champion,
        tuple(core.Signature(str(c["card"]), int(c["min"])) for c in rule.cards),
    )


def definitions(format_slug: str) -> Definitions:
    names = dict(Archetype.objects.filter(format=format_slug).values_list("pk", "name"))
    rules = [rule_value(r) for r in ArchetypeRule.objects.filter(format=format_slug)]
    return Definitions(names, rules)


def archetype_list(format_slug: str) -> list[dict[str, Any]]:
    """A format's archetypes with their rules, for the API and the archetypes page."""
    rules: dict[int, list[dict[str, Any]]] = {}
    for rule in ArchetypeRule.objects.filter(format=format_slug):
        rules.setdefault(rule.archetype_id, []).append(
            {"position": rule.position, "champion": rule.champion, "cards": rule.cards}
        )
    return [
        {"id": a.pk, "name": a.name, "rules": rules.get(a.pk, [])}
        for a in Archetype.objects.filter(format=format_slug).order_by("name")
    ]


def _decklist(registration: Registration) -> Decklist | None:
    if registration.is_team or not registration.decklist:
        return None
    try:
        return decklist_from_json(registration.decklist)
    except DecklistError:
        return None


def published_ids(tournament: Tournament) -> set[int] | None:
    """The registrations whose decklists the event has published: None for every one."""
    if tournament.decklists == Tournament.Decklists.ALL:
        return None
    if tournament.decklists == Tournament.Decklists.TOP_CUT:
        return event_selectors.top_cut_ids(tournament=tournament)
    return set()


def _classified(
    registrations: Iterable[Registration], found: Definitions
) -> dict[int, tuple[str, Registration]]:
    out: dict[int, tuple[str, Registration]] = {}
    for registration in registrations:
        decklist = _decklist(registration)
        if decklist is not None:
            out[registration.pk] = (found.name_of(decklist), registration)
    return out


def published_archetypes(
    tournaments: Sequence[Tournament], found: Definitions
) -> dict[int, tuple[str, Registration]]:
    """registration -> (archetype, registration), over the published decklists of these events."""
    query = Q(pk__in=[])
    for tournament in tournaments:
        ids = published_ids(tournament)
        if ids is None:
            query |= Q(tournament=tournament)
        elif ids:
            query |= Q(tournament=tournament, pk__in=ids)
    registrations = Registration.objects.filter(query).select_related("player", "tournament")
    return _classified(registrations, found)


def results(tournaments: Sequence[Tournament]) -> list[maths.Result]:
    """Every confirmed match (not a bye) of these events."""
    rows = Match.objects.filter(
        round__tournament__in=tournaments,
        status=Match.Status.CONFIRMED,
        player_b__isnull=False,
        a_wins__isnull=False,
        b_wins__isnull=False,
    ).values_list("player_a_id", "player_b_id", "a_wins", "b_wins")
    found = []
    for a, b, a_wins, b_wins in rows:
        aw, bw = a_wins or 0, b_wins or 0  # filtered above: never None here
        found.append(maths.Result(a, b or 0, "a" if aw > bw else "b" if bw > aw else "draw"))
    return found


def archetypes_of(tournament: Tournament, viewer: Any) -> dict[int, str]:
    """registration id -> archetype name, for the decklists of the event `viewer` may see:
    published ones, every one for a judge or organizer who does not play, and their own."""
    return archetypes_in([tournament], viewer)


def archetypes_in(tournaments: Sequence[Tournament], viewer: Any) -> dict[int, str]:
    """`archetypes_of` over several events at once (a player's page): their registrations in
    one query, and each format's archetypes read once, however many events it had."""
    query = Q(pk__in=[])
    own = Q(player=viewer) if viewer.is_authenticated else Q(pk__in=[])
    for tournament in tournaments:
        if event_permissions.can_see_decklists(tournament, viewer):
            query |= Q(tournament=tournament)
        else:
            ids = published_ids(tournament) or set()
            query |= Q(tournament=tournament) & (Q(pk__in=ids) | own)
    format_of = {t.pk: t.format for t in tournaments}
    found: dict[str, Definitions] = {}
    named: dict[int, str] = {}
    for registration in Registration.objects.filter(query):
        decklist = _decklist(registration)
        if decklist is None:
            continue
        slug = format_of[registration.tournament_id]
        if slug not in found:
            found[slug] = definitions(slug)
        named[registration.pk] = found[slug].name_of(decklist)
    return named


# --- figures -----------------------------------------------------------------------------------


def figures_json(figures: maths.Figures) -> dict[str, Any]:
    """Figures as the API and the pages give them: each archetype's line, and the matrix."""

    def record(r: maths.Record) -> dict[str, Any]:
        return {
            "wins": r.wins,
            "losses": r.losses,
            "draws": r.draws,
            "matches": r.played,
            "win_rate": r.win_rate,
            "ci95": list(r.interval) if r.interval else None,
        }

    names = figures.names
    return {
        "players": figures.players,
        "archetypes": [
            {
                "name": a.name,
                "players": a.players,
                "share": a.share,
                "record": record(a.record),
                "mirror_matches": a.mirrors,
            }
            for a in figures.archetypes
        ],
        "matrix": [
            {
                "archetype": row,
                "against": [
                    {"archetype": column, "mirror": True, "matches": mirrors}
                    if row == column
                    else {
                        "archetype": column,
                        **record(figures.matrix.get((row, column), maths.Record())),
                    }
                    for column in names
                ],
            }
            for row, mirrors in ((a.name, a.mirrors) for a in figures.archetypes)
        ],
    }


CSV_HEADER = [
    "archetype",
    "players",
    "share",
    "wins",
    "losses",
    "draws",
    "matches",
    "win_rate",
    "ci95_low",
    "ci95_high",
    "mirror_matches",
]


def figures_csv_rows(figures: maths.Figures) -> list[list[Any]]:
    """One row per archetype (the CSV's), fractions as text with four decimals."""

    def text(x: float | None) -> str:
        return "" if x is None else f"{x:.4f}"

    rows = []
    for a in figures.archetypes:
        interval = a.record.interval
        rows.append(
            [
                a.name,
                a.players,
                text(a.share),
                a.record.wins,
                a.record.losses,
                a.record.draws,
                a.record.played,
                text(a.record.win_rate),
                text(interval and interval[0]),
                text(interval and interval[1]),
                a.mirrors,
            ]
        )
    return rows


def event_figures(tournament: Tournament) -> maths.Figures | None:
    """The event's figures over its published decklists; None before it publishes any."""
    if tournament.decklists == Tournament.Decklists.HIDDEN:
        return None
    classified = published_archetypes([tournament], definitions(tournament.format))
    archetype_of = {pk: name for pk, (name, _) in classified.items()}
    return maths.figures(archetype_of, results([tournament]))


def _start(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def format_events(format_slug: str, start: date | None, end: date | None) -> list[Tournament]:
    """The events of a format, held from `start` to `end` (both included; an event without a
    date counts from when it started, or was created), that have published decklists."""
    events = (
        Tournament.objects.filter(format=format_slug)
        .exclude(decklists=Tournament.Decklists.HIDDEN)
        .annotate(held=Coalesce("date", "started_at", "created_at"))
    )
    if start is not None:
        events = events.filter(held__gte=_start(start))
    if end is not None:
        events = events.filter(held__lt=_start(end) + timedelta(days=1))
    return list(events.order_by("held", "pk"))


def format_figures(
    format_slug: str, start: date | None, end: date | None
) -> tuple[list[Tournament], maths.Figures]:
    events = format_events(format_slug, start, end)
    classified = published_archetypes(events, definitions(format_slug))
    archetype_of = {pk: name for pk, (name, _) in classified.items()}
    return events, maths.figures(archetype_of, results(events))


# --- the simulated field -------------------------------------------------------------------------


def latest_simulation(tournament: Tournament) -> FieldSimulation | None:
    return (
        FieldSimulation.objects.filter(tournament=tournament)
        .prefetch_related("decks", "pairings__row", "pairings__column")
        .first()
    )


def predicted(simulation: FieldSimulation) -> dict[str, Any]:
    """Where each pairing's lab job stands, and the predicted records (in games) by pairing."""
    pairings = list(simulation.pairings.all())
    jobs = {
        job.pk: job
        for job in Matchup.objects.filter(
            pk__in=[p.matchup_id for p in pairings if p.matchup_id]
        ).prefetch_related("chunks")
    }
    matrix: dict[tuple[str, str], maths.Record] = {}
    rows = []
    for pairing in pairings:
        job = jobs.get(pairing.matchup_id) if pairing.matchup_id else None
        total = (
            lab.combine(lab.Tally.from_json(c.tally) for c in job.chunks.all())
            if job is not None
            else lab.Tally()
        )
        record = maths.Record(total.wins, total.losses, total.draws)
        row, column = pairing.row.archetype, pairing.column.archetype
        if record.played:
            matrix[(row, column)] = record
            matrix[(column, row)] = record.flipped()
        rows.append(
            {
                "archetype": row,
                "against": column,
                "status": job.status if job is not None else "waiting",
                "status_label": job.get_status_display()
                if job is not None
                else "Waiting: starts when a running test ends",
                "games": simulation.games,
                "played": total.games,
                "matchup": job.pk if job is not None else None,
            }
        )
    return {"pairings": rows, "matrix": matrix}


def comparison(observed: maths.Figures, simulation: FieldSimulation) -> dict[str, Any]:
    """The simulated field beside the observed matrix: for each pair of archetypes both name,
    the observed and predicted win rates with their intervals, and whether the intervals miss
    each other (the difference is marked)."""
    guess = predicted(simulation)
    names = [d.archetype for d in simulation.decks.all()]
    names.sort(
        key=lambda n: observed.names.index(n) if n in observed.names else len(observed.names)
    )
    cells = []
    for row in names:
        line = []
        for column in names:
            if row == column:
                line.append({"archetype": column, "mirror": True})
                continue
            seen = observed.matrix.get((row, column))
            guessed = guess["matrix"].get((row, column))
            differs = bool(
                seen is not None
                and guessed is not None
                and seen.interval is not None
                and guessed.interval is not None
                and not maths.overlap(seen.interval, guessed.interval)
            )
            line.append(
                {
                    "archetype": column,
                    "observed": _cell(seen),
                    "predicted": _cell(guessed),
                    "differs": differs,
                }
            )
        cells.append({"archetype": row, "against": line})
    return {
        "id": simulation.pk,
        "games": simulation.games,
        "bot": simulation.bot,
        "created_at": simulation.created_at,
        "decks": [
            {"archetype": d.archetype, "registration": d.registration}
            for d in simulation.decks.all()
        ],
        "pairings": guess["pairings"],
        "done": all(p["status"] == Matchup.Status.DONE for p in guess["pairings"]),
        "matrix": cells,
    }


def _cell(record: maths.Record | None) -> dict[str, Any] | None:
    if record is None or not record.played:
        return None
    return {
        "wins": record.wins,
        "losses": record.losses,
        "draws": record.draws,
        "played": record.played,
        "win_rate": record.win_rate,
        "ci95": list(record.interval) if record.interval else None,
    }
