"""Export an event to a file and import it into another database (docs/event-export.md).

The file's shape and checks are pure (tournaments.core.exchange); this module reads the rows
into plain values for it, and writes them back on import: all or nothing, in one transaction,
after the whole file is checked and every card of every decklist is found in this database's
card index. Accounts are matched by username; a missing one is created inactive, with no
password. The same file imported twice is refused (409 already_imported): its fingerprint (the
organizer, name, creation time and seed of the event) names an event that is already here.
Imports run one at a time (a PostgreSQL advisory lock), so two at once cannot both write it.
"""

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection, models, transaction
from django.db.models.functions import Lower

from decks.selectors import card_index, game_card_index
from genesis.errors import Conflict, Forbidden, Refusal
from rules.core.games import GENESIS

from .. import permissions, selectors
from ..core import exchange
from ..models import (
    CheckIn,
    DeckCheck,
    EngineGame,
    Judge,
    JudgeCall,
    Match,
    NoShowDrop,
    Penalty,
    PhaseAdvance,
    Registration,
    Report,
    ResultOverride,
    Round,
    TeamSeat,
    Tournament,
    WaitlistEntry,
)
from .automated import automated_capacity_check

User = get_user_model()
IMPORT_LOCK = 0x6576656E74  # the advisory lock of event imports ("event" in ASCII)


# --- export --------------------------------------------------------------------------------------


def event_export(*, tournament: Tournament, actor: Any) -> dict[str, Any]:
    """The export file of an event, for its organizer or a staff member: it holds every
    decklist and every locked selection, so it is never shown to anyone else (403
    not_organizer).

    Nor to one of them who plays in the event (or waits on its waitlist to), until it is over
    (409 plays_in_event): their API and pages hide the other decklists and an opponent's lock
    until published (permissions.can_see_decklists, selectors.match_view), and so does the
    export. A file with
    those parts cut out is not offered instead: it could not be imported (a match's state holds
    both decklists), yet would pass for a backup. The operator's `manage.py export_event` still
    writes the whole file (docs/event-export.md)."""
    export_check(tournament=tournament, actor=actor)
    return event_document(tournament=tournament)


def export_check(*, tournament: Tournament, actor: Any) -> None:
    """Refuse `actor` the export file as event_export does, without writing it: the event page
    asks this to show the export button or the reason there is none."""
    if not (permissions.is_organizer(tournament, actor) or getattr(actor, "is_staff", False)):
        raise Forbidden("Only the event's organizer can export it.", code="not_organizer")
    if tournament.status != Tournament.Status.FINISHED and permissions.plays_or_waits(
        tournament, actor
    ):
        raise Conflict(
            "You play in this event, and its export holds every decklist and every locked "
            "selection: you can download it once the event is over. Until then the server's "
            "operator can write it (manage.py export_event).",
            code="plays_in_event",
        )


def _when(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def event_document(*, tournament: Tournament) -> dict[str, Any]:
    """The export file of an event (no permission check: for the management command)."""
    if tournament.team_play == Tournament.TeamPlay.THREE_ARENA:
        # The export format (event-export.schema.json) holds two-sided matches only; a
        # Three-Arena round's pods would be lost, so such an event is refused, not cut short.
        raise Conflict(
            "Three-Arena events cannot be exported: the export format has no pods of three "
            "teams yet.",
            code="three_arena_export",
        )
    t = Tournament.objects.select_related("organizer").get(pk=tournament.pk)
    event = {
        "id": t.pk,
        "name": t.name,
        "date": _when(t.date),
        "venue": t.venue,
        "description": t.description,
        "capacity": t.capacity,
        "format": t.format,
        "organizer": t.organizer.username,
        "status": t.status,
        "rounds_requested": t.rounds_requested,
        "swiss_rounds": t.swiss_rounds,
        "top_cut": t.top_cut,
        "round_minutes": t.round_minutes,
        "late_registration_until": t.late_registration_until,
        "decklists": t.decklists,
        "automated": t.automated,
        "bot": t.bot,
        "seed": t.seed,
        "created_at": _when(t.created_at),
        "started_at": _when(t.started_at),
        **_game_fields(t),
        **_check_in_window(t),
    }
    judges = Judge.objects.filter(tournament=t).values_list("user__username", flat=True)
    registrations = [
        {
            "id": r.pk,
            "player": r.player.username if r.player is not None else None,
            "guest_name": r.guest_name,
            "decklist": r.decklist,
            "champion": r.champion,
            "frozen": r.frozen,
            "joined_round": r.joined_round,
            "dropped_after_round": r.dropped_after_round,
            "created_at": _when(r.created_at),
            **_pool_and_team(r),
            **_check_in_of(r),
            # Optional in the file (absent: no fixed seat), so older files still import.
            **({"fixed_table": r.fixed_table} if r.fixed_table is not None else {}),
        }
        for r in Registration.objects.filter(tournament=t)
        .select_related("player", "check_in__actor", "no_show_drop")
        .prefetch_related("seats__player")
    ]
    return exchange.build_document(
        event=event,
        judges=judges,
        registrations=registrations,
        rounds=_rounds(t),
        standings=selectors.standings_rows(t),
        placings=selectors.placings_rows(t),
        waitlist=_waitlist(t),
        phases=_phases(t),
    )


def _phases(t: Tournament) -> dict[str, Any] | None:
    """A multi-day event's plan and confirmed cuts (format_version 2); None for one phase."""
    if not t.phases:
        return None
    return {
        "plan": t.phases,
        "advances": [
            {
                "phase": a.phase,
                "after_round": a.after_round,
                "advancing": a.advancing,
                "not_advancing": a.not_advancing,
                "confirmed_by": a.confirmed_by.username,
                "confirmed_at": _when(a.confirmed_at),
            }
            for a in t.phase_advances.select_related("confirmed_by").order_by("phase")
        ],
    }


def _waitlist(t: Tournament) -> list[dict[str, Any]]:
    """The event's waitlist in the line's order, every entry: those waiting, and those promoted
    or skipped with the reason (the players are told what happened, so it is kept). The saved
    deck an entry came from is left out, as a registration's is."""
    return [
        {
            "player": e.player.username,
            "decklist": e.decklist,
            "champion": e.champion,
            "position": e.position,
            "status": e.status,
            "reason": e.reason,
            "errors": e.errors,
            "registration": e.registration_id,
            "created_at": _when(e.created_at),
            "decided_at": _when(e.decided_at),
        }
        for e in WaitlistEntry.objects.filter(tournament=t)
        .select_related("player")
        .order_by("position", "id")
    ]


def _rounds(tournament: Tournament) -> list[dict[str, Any]]:
    in_event = {"match__round__tournament": tournament}
    reports: dict[int, list[dict[str, Any]]] = {}
    for report in Report.objects.filter(**in_event).select_related("reporter").order_by("pk"):
        reports.setdefault(report.match_id, []).append(
            {
                "reporter": report.reporter.username,
                "game": report.game,
                "winner": report.winner,
                "a_wins": report.a_wins,
                "b_wins": report.b_wins,
                "draws": report.draws,
                "created_at": _when(report.created_at),
            }
        )
    overrides: dict[int, list[dict[str, Any]]] = {}
    for override in (
        ResultOverride.objects.filter(**in_event).select_related("actor").order_by("pk")
    ):
        overrides.setdefault(override.match_id, []).append(
            {
                "actor": override.actor.username,
                "before": override.before,
                "after": override.after,
                "note": override.note,
                "created_at": _when(override.created_at),
            }
        )
    penalties: dict[int, list[dict[str, Any]]] = {}
    for penalty in Penalty.objects.filter(**in_event).select_related("actor").order_by("pk"):
        penalties.setdefault(penalty.match_id, []).append(
            {
                "registration": penalty.registration_id,
                "kind": penalty.kind,
                "infraction": penalty.infraction,
                "code": penalty.code,
                "reason": penalty.reason,
                "note": penalty.note,
                "actor": penalty.actor.username,
                "created_at": _when(penalty.created_at),
            }
        )
    deck_checks: dict[int, list[dict[str, Any]]] = {}
    for check in (
        DeckCheck.objects.filter(**in_event)
        .select_related("started_by", "ended_by")
        .order_by("started_at", "pk")
    ):
        deck_checks.setdefault(check.match_id, []).append(
            {
                "started_by": check.started_by.username,
                "started_at": _when(check.started_at),
                "ended_by": check.ended_by.username if check.ended_by is not None else None,
                "ended_at": _when(check.ended_at),
                "outcome": check.outcome or None,
                "player": check.player_id,
                "note": check.note,
                "minutes_added": check.minutes_added,
            }
        )
    calls = _judge_calls(tournament)
    games: dict[int, list[dict[str, Any]]] = {}
    for game in EngineGame.objects.filter(**in_event).order_by("number"):
        games.setdefault(game.match_id, []).append(
            {
                "number": game.number,
                "seed": game.seed,
                "winner": game.winner,
                "reason": game.reason,
                "rounds": game.rounds,
                "actions": game.actions,
                "log": game.log,
                "created_at": _when(game.created_at),
            }
        )
    matches: dict[int, list[dict[str, Any]]] = {}
    for m in Match.objects.filter(round__tournament=tournament).order_by("table"):
        matches.setdefault(m.round_id, []).append(
            {
                "id": m.pk,
                "table": m.table,
                "player_a": m.player_a_id,
                "player_b": m.player_b_id,
                "explanation": m.explanation,
                "is_rematch": m.is_rematch,
                "state": m.state,
                "status": m.status,
                "a_wins": m.a_wins,
                "b_wins": m.b_wins,
                "draws": m.draws,
                "extra_minutes": m.extra_minutes,
                **({"fixed_seat": m.fixed_seat} if m.fixed_seat else {}),
                "confirmed_at": _when(m.confirmed_at),
                "reports": reports.get(m.pk, []),
                "overrides": overrides.get(m.pk, []),
                "penalties": penalties.get(m.pk, []),
                "engine_games": games.get(m.pk, []),
                # Optional: absent when the match had none, so such an event's file is what it
                # always was.
                **({"deck_checks": deck_checks[m.pk]} if m.pk in deck_checks else {}),
                # optional: only a match with judge calls has the field
                **({"judge_calls": calls[m.pk]} if m.pk in calls else {}),
            }
        )
    return [
        {
            "number": r.number,
            "kind": r.kind,
            "status": r.status,
            "seed": r.seed,
            "minutes": r.minutes,
            "started_at": _when(r.started_at),
            "ends_at": _when(r.ends_at),
            "rematches": r.rematches,
            "pair_downs": r.pair_downs,
            "created_at": _when(r.created_at),
            "matches": matches.get(r.pk, []),
        }
        for r in Round.objects.filter(tournament=tournament).order_by("number")
    ]


def _judge_calls(tournament: Tournament) -> dict[int, list[dict[str, Any]]]:
    """Each match's judge calls, oldest first: an optional field of a match (files written
    before judge calls import with none)."""
    calls: dict[int, list[dict[str, Any]]] = {}
    for call in (
        JudgeCall.objects.filter(match__round__tournament=tournament)
        .select_related("caller", "claimed_by", "resolved_by")
        .order_by("created_at", "pk")
    ):
        calls.setdefault(call.match_id, []).append(
            {
                "caller": call.caller.username,
                "seat": call.seat,
                "note": call.note,
                "status": call.status,
                "claimed_by": call.claimed_by.username if call.claimed_by else None,
                "claimed_at": _when(call.claimed_at),
                "resolved_by": call.resolved_by.username if call.resolved_by else None,
                "resolved_at": _when(call.resolved_at),
                "ruling": call.ruling,
                "sections": call.sections,
                "extension_minutes": call.extension_minutes,
                "created_at": _when(call.created_at),
            }
        )
    return calls


# --- import --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Imported:
    tournament: Tournament
    accounts_created: list[str]


def _parse(value: str | None) -> datetime | None:
    return None if value is None else datetime.fromisoformat(value)


def _game_fields(t: Tournament) -> dict[str, Any]:
    """The event's game and match settings, written only for an event that is not a Genesis
    event with Genesis's settings: the fields are optional (format_version 1 files without them
    are Genesis events), so a Genesis event's file is exactly what it always was."""
    fields = {
        "game": t.game,
        "best_of": t.best_of,
        "sideboarding": t.sideboarding,
        "first_player": t.first_player,
        "copy_limit": t.copy_limit,
        "team_play": t.team_play,
    }
    return {} if fields == _GENESIS_FIELDS else fields


_GENESIS_FIELDS = {
    "game": "genesis",
    "best_of": 3,
    "sideboarding": True,
    "first_player": "random-then-loser",
    "copy_limit": None,
    "team_play": "",
}


def _pool_and_team(r: Registration) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    if r.pool is not None:
        fields["pool"] = r.pool
    if r.is_team:
        fields["is_team"] = True
        fields["seats"] = [
            {
                "arena": seat.arena,
                "player": seat.player.username if seat.player is not None else None,
                "guest_name": seat.guest_name,
                "spellbook": seat.spellbook,
            }
            for seat in r.seats.all()
        ]
    return fields


def _imported_window(window: Mapping[str, Any] | None) -> dict[str, Any]:
    if window is None:
        return {}
    return {
        "check_in_code": window["code"],
        "check_in_opens_at": _parse(window["opens_at"]),
        "check_in_closes_at": _parse(window["closes_at"]),
        "drop_unchecked": window["drop_unchecked"],
    }


def _check_in_window(t: Tournament) -> dict[str, Any]:
    """The event's check-in (optional in the file: absent when it was never set)."""
    if not t.check_in_code:
        return {}
    return {
        "check_in": {
            "code": t.check_in_code,
            "opens_at": _when(t.check_in_opens_at),
            "closes_at": _when(t.check_in_closes_at),
            "drop_unchecked": t.drop_unchecked,
        }
    }


def _check_in_of(r: Registration) -> dict[str, Any]:
    """A registration's check-in and its no-show drop, each optional in the file."""
    fields: dict[str, Any] = {}
    made = getattr(r, "check_in", None)
    if made is not None:
        fields["check_in"] = {
            "actor": made.actor.username,
            "by_code": made.by_code,
            "created_at": _when(made.created_at),
        }
    no_show = getattr(r, "no_show_drop", None)
    if no_show is not None:
        fields["no_show_dropped_at"] = _when(no_show.created_at)
    return fields


def _usernames(document: Mapping[str, Any]) -> set[str]:
    names = {document["event"]["organizer"], *document["judges"]}
    names |= {r["player"] for r in document["registrations"] if r["player"] is not None}
    names |= {r["check_in"]["actor"] for r in document["registrations"] if "check_in" in r}
    names |= {entry["player"] for entry in document.get("waitlist", ())}
    names |= {a["confirmed_by"] for a in document.get("phases", {}).get("advances", ())}
    names |= {
        seat["player"]
        for r in document["registrations"]
        for seat in r.get("seats", ())
        if seat["player"] is not None
    }
    for round in document["rounds"]:
        for match in round["matches"]:
            names |= {r["reporter"] for r in match["reports"]}
            names |= {o["actor"] for o in match["overrides"]}
            names |= {p["actor"] for p in match["penalties"]}
            for check in match.get("deck_checks", ()):
                names |= {check["started_by"]} | ({check["ended_by"]} - {None})
            for call in match.get("judge_calls", ()):
                names |= {call["caller"], call["claimed_by"], call["resolved_by"]} - {None}
    return names


def _accounts(names: set[str]) -> tuple[dict[str, Any], list[str]]:
    """Accounts by the file's usernames; the missing ones created inactive, with no usable
    password. Usernames are unique ignoring case (docs/deployment.md, Accounts), so "P01" here
    is the file's "p01"."""
    lowered = {name.lower() for name in names}
    here: dict[str, Any] = {
        u.username.lower(): u
        for u in User.objects.annotate(lowered=Lower("username")).filter(lowered__in=lowered)
    }
    found: dict[str, Any] = {}
    created: list[str] = []
    for name in sorted(names):
        if name.lower() not in here:
            new = User(username=name, is_active=False)
            new.set_unusable_password()
            new.save()
            here[name.lower()] = new
            created.append(name)
        found[name] = here[name.lower()]
    return found, created


def _refuse_unknown_cards(document: Mapping[str, Any]) -> None:
    game = document["event"].get("game", GENESIS.slug)
    index = card_index() if game == GENESIS.slug else game_card_index(game=game)
    missing = exchange.missing_cards(document, lambda key: key in index)
    if missing:
        raise Refusal(
            f"{len(missing)} card(s) of the file's decklists are not in this database's card "
            "index; import the card sets first. " + "; ".join(str(m) for m in missing),
            code="unknown_cards",
            problems=[str(m) for m in missing],
        )


def _refuse_if_imported(event: Mapping[str, Any], organizer: Any) -> None:
    same = Tournament.objects.filter(
        organizer=organizer,
        name=event["name"],
        seed=event["seed"],
        created_at=datetime.fromisoformat(event["created_at"]),
    ).first()
    if same is not None:
        raise Conflict(
            f"This event is already in this database (event {same.pk}); nothing was imported.",
            code="already_imported",
            event=same.pk,
        )


_Row = TypeVar("_Row", bound=models.Model)


def _created(model: type[_Row], created_at: str | None, **fields: Any) -> _Row:
    """A new row with the creation time the file gives (an auto_now_add field cannot be set
    when creating, so it is set straight after)."""
    row = model._default_manager.create(**fields)
    model._default_manager.filter(pk=row.pk).update(created_at=_parse(created_at))
    return row


def event_import_file(*, data: bytes) -> Imported:
    """event_import of a file's bytes, as staff upload it on the import page: a file that is
    not UTF-8 JSON is refused (400 not_json), as manage.py import_event refuses it."""
    try:
        document = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise Refusal(
            f"The file is not a JSON file ({exc}); nothing was written.", code="not_json"
        ) from None
    return event_import(document=document)


def _refuse_past_automated_limits(event: Mapping[str, Any], entrants: int) -> None:
    """An automated event that is not over is held to this service's limits, as if it were
    created here: its remaining games would run on this service's workers (400
    invalid_capacity, 409 entrant_limit). A finished one is a record, imported as it is."""
    if not event["automated"] or event["status"] == Tournament.Status.FINISHED:
        return
    automated_capacity_check(event["capacity"])
    most = settings.AUTOMATED_MAX_ENTRANTS
    if entrants > most:
        raise Conflict(
            f"An automated event takes at most {most} decks here, and this one has {entrants}; "
            "nothing was written.",
            code="entrant_limit",
            limit=most,
        )


@transaction.atomic
def event_import(*, document: object) -> Imported:
    """Recreate the event of an export file. Checks first (400 invalid_export with every
    problem's JSON path; 400 unknown_cards naming each card and player; 409 already_imported),
    then writes everything or nothing."""
    try:
        data = exchange.check_document(document)
    except exchange.ExportFileError as error:
        raise Refusal(
            "The file is not a valid event export: " + "; ".join(map(str, error.problems)),
            code="invalid_export",
            problems=[str(p) for p in error.problems],
        ) from None
    _refuse_unknown_cards(data)
    _refuse_past_automated_limits(data["event"], len(data["registrations"]))
    # Imports are rare and write many rows: one at a time, so two imports of the same file at
    # once cannot both find the event missing, nor both create the same accounts. The lock is
    # PostgreSQL's, held until this transaction ends. (SQLite, for ./scripts/serve, lets one
    # transaction write at a time anyway.)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [IMPORT_LOCK])
    accounts, created = _accounts(_usernames(data))
    event = data["event"]
    organizer = accounts[event["organizer"]]
    _refuse_if_imported(event, organizer)

    tournament = _created(
        Tournament,
        event["created_at"],
        name=event["name"],
        date=_parse(event["date"]),
        venue=event["venue"],
        description=event["description"],
        capacity=event["capacity"],
        format=event["format"],
        organizer=organizer,
        status=event["status"],
        rounds_requested=event["rounds_requested"],
        swiss_rounds=event["swiss_rounds"],
        top_cut=event["top_cut"],
        phases=data["phases"]["plan"] if "phases" in data else None,
        round_minutes=event["round_minutes"],
        late_registration_until=event["late_registration_until"],
        decklists=event["decklists"],
        automated=event["automated"],
        bot=event["bot"],
        seed=event["seed"],
        started_at=_parse(event["started_at"]),
        **{key: event.get(key, value) for key, value in _GENESIS_FIELDS.items()},
        **_imported_window(event.get("check_in")),
    )
    Judge.objects.bulk_create(
        Judge(tournament=tournament, user=accounts[name]) for name in data["judges"]
    )
    # In the file's order (by the original id), so the new ids keep the original order.
    registrations: dict[int, Registration] = {}
    for r in data["registrations"]:
        registration = _created(
            Registration,
            r["created_at"],
            tournament=tournament,
            player=accounts[r["player"]] if r["player"] is not None else None,
            guest_name=r["guest_name"],
            decklist=r["decklist"],
            champion=r["champion"],
            frozen=r["frozen"],
            joined_round=r["joined_round"],
            dropped_after_round=r["dropped_after_round"],
            fixed_table=r.get("fixed_table"),
            pool=r.get("pool"),
            is_team=r.get("is_team", False),
        )
        TeamSeat.objects.bulk_create(
            TeamSeat(
                team=registration,
                arena=seat["arena"],
                player=accounts[seat["player"]] if seat["player"] is not None else None,
                guest_name=seat["guest_name"],
                spellbook=seat["spellbook"],
            )
            for seat in r.get("seats", ())
        )
        if "check_in" in r:
            made = r["check_in"]
            _created(
                CheckIn,
                made["created_at"],
                registration=registration,
                actor=accounts[made["actor"]],
                by_code=made["by_code"],
            )
        if "no_show_dropped_at" in r:
            _created(NoShowDrop, r["no_show_dropped_at"], registration=registration)
        registrations[r["id"]] = registration
    # In the file's order, so the new ids keep the line's order among equal positions.
    for entry in data.get("waitlist", ()):
        ref = entry["registration"]
        _created(
            WaitlistEntry,
            entry["created_at"],
            tournament=tournament,
            player=accounts[entry["player"]],
            decklist=entry["decklist"],
            champion=entry["champion"],
            position=entry["position"],
            status=entry["status"],
            reason=entry["reason"],
            errors=entry["errors"],
            registration=registrations[ref] if ref is not None else None,
            decided_at=_parse(entry["decided_at"]),
        )
    for advance in data.get("phases", {}).get("advances", ()):
        confirmed = PhaseAdvance.objects.create(
            tournament=tournament,
            phase=advance["phase"],
            after_round=advance["after_round"],
            advancing=[registrations[ref].pk for ref in advance["advancing"]],
            not_advancing=[registrations[ref].pk for ref in advance["not_advancing"]],
            confirmed_by=accounts[advance["confirmed_by"]],
        )
        # confirmed_at is auto_now_add: set to the file's time straight after, as _created does.
        PhaseAdvance.objects.filter(pk=confirmed.pk).update(
            confirmed_at=_parse(advance["confirmed_at"])
        )
    for rd in data["rounds"]:
        _import_round(tournament, rd, registrations, accounts)
    _check_results(tournament, data, registrations)
    return Imported(tournament=tournament, accounts_created=created)


def _import_round(
    tournament: Tournament,
    rd: Mapping[str, Any],
    registrations: Mapping[int, Registration],
    accounts: Mapping[str, Any],
) -> None:
    round = _created(
        Round,
        rd["created_at"],
        tournament=tournament,
        number=rd["number"],
        kind=rd["kind"],
        status=rd["status"],
        seed=rd["seed"],
        minutes=rd["minutes"],
        started_at=_parse(rd["started_at"]),
        ends_at=_parse(rd["ends_at"]),
        rematches=rd["rematches"],
        pair_downs=rd["pair_downs"],
    )
    for m in rd["matches"]:
        match = Match.objects.create(
            round=round,
            table=m["table"],
            player_a=registrations[m["player_a"]],
            player_b=registrations[m["player_b"]] if m["player_b"] is not None else None,
            explanation=m["explanation"],
            is_rematch=m["is_rematch"],
            state=m["state"],
            status=m["status"],
            a_wins=m["a_wins"],
            b_wins=m["b_wins"],
            draws=m["draws"],
            extra_minutes=m["extra_minutes"],
            fixed_seat=m.get("fixed_seat", ""),
            confirmed_at=_parse(m["confirmed_at"]),
        )
        for report in m["reports"]:
            _created(
                Report,
                report["created_at"],
                match=match,
                reporter=accounts[report["reporter"]],
                game=report["game"],
                winner=report["winner"],
                a_wins=report["a_wins"],
                b_wins=report["b_wins"],
                draws=report["draws"],
            )
        for override in m["overrides"]:
            _created(
                ResultOverride,
                override["created_at"],
                match=match,
                actor=accounts[override["actor"]],
                before=override["before"],
                after=override["after"],
                note=override["note"],
            )
        for penalty in m["penalties"]:
            _created(
                Penalty,
                penalty["created_at"],
                match=match,
                registration=registrations[penalty["registration"]],
                kind=penalty["kind"],
                infraction=penalty["infraction"],
                # optional: files written before the penalty panel have neither
                code=penalty.get("code", ""),
                reason=penalty.get("reason", ""),
                note=penalty["note"],
                actor=accounts[penalty["actor"]],
            )
        for check in m.get("deck_checks", ()):
            DeckCheck.objects.create(
                match=match,
                started_by=accounts[check["started_by"]],
                started_at=datetime.fromisoformat(check["started_at"]),
                ended_by=accounts[check["ended_by"]] if check["ended_by"] is not None else None,
                ended_at=_parse(check["ended_at"]),
                outcome=check["outcome"] or "",
                player=registrations[check["player"]] if check["player"] is not None else None,
                note=check["note"],
                minutes_added=check["minutes_added"],
            )
        for call in m.get("judge_calls", ()):
            _created(
                JudgeCall,
                call["created_at"],
                match=match,
                caller=accounts[call["caller"]],
                seat=call["seat"],
                note=call["note"],
                status=call["status"],
                claimed_by=accounts[call["claimed_by"]] if call["claimed_by"] else None,
                claimed_at=_parse(call["claimed_at"]),
                resolved_by=accounts[call["resolved_by"]] if call["resolved_by"] else None,
                resolved_at=_parse(call["resolved_at"]),
                ruling=call["ruling"],
                sections=call["sections"],
                extension_minutes=call["extension_minutes"],
            )
        for game in m["engine_games"]:
            _created(
                EngineGame,
                game["created_at"],
                match=match,
                number=game["number"],
                seed=game["seed"],
                winner=game["winner"],
                reason=game["reason"],
                rounds=game["rounds"],
                actions=game["actions"],
                log=game["log"],
            )


def _check_results(
    tournament: Tournament, data: Mapping[str, Any], registrations: Mapping[int, Registration]
) -> None:
    """The standings and placings worked out here must be the file's: a file whose results were
    edited by hand, or an engine that counts differently, is refused rather than imported with
    other standings (400 inconsistent_export; the transaction writes nothing)."""
    old_id = {registration.pk: ref for ref, registration in registrations.items()}

    def unnamed(rows: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
        # Names are left out: an account here may spell its username in another case.
        if rows is None:
            return None
        return [{k: v for k, v in row.items() if k != "player"} for row in rows]

    def as_exported(rows: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
        if rows is None:
            return None
        return [{**row, "registration": old_id[row["registration"]]} for row in rows]

    for part, rows in (
        ("standings", selectors.standings_rows(tournament)),
        ("placings", selectors.placings_rows(tournament)),
    ):
        if unnamed(as_exported(rows)) != unnamed(data[part]):
            raise Refusal(
                f"The file's {part} differ from those its results give here; nothing was imported.",
                code="inconsistent_export",
                problems=[f"$.{part}: not what the file's results give"],
            )
