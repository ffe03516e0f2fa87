"""Builders for events: users with legal sample timelines, and an event moved to a given round."""

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from decks.services import read_decklist
from tests.support.browser import PASSWORD
from tests.support.browser import SAMPLE as SAMPLE_TEXT
from tournaments import services
from tournaments.models import Round, Tournament

SAMPLE = Path("decks/samples/sera-vantyne-storm-lattice.txt")


@pytest.fixture
def sample_text():
    return SAMPLE.read_text()


@pytest.fixture
def users():
    """The organizer `org` and four players, who can sign in with the form (PASSWORD)."""
    make = get_user_model().objects.create_user
    return {name: make(name, password=PASSWORD) for name in ("org", "p01", "p02", "p03", "p04")}


def started_event(users, players=("p01", "p02", "p03", "p04")) -> Tournament:
    """`org`'s event, started, with `players` registered with the sample timeline."""
    tournament = services.tournament_create(organizer=users["org"], name="Thursday Clash")
    for name in players:
        services.registration_create(
            tournament=tournament, player=users[name], decklist=read_decklist(text=SAMPLE_TEXT)
        )
    return services.tournament_start(tournament=tournament, actor=users["org"])


def paired_event(users) -> tuple[Tournament, Round]:
    """A started event with its first round paired."""
    tournament = started_event(users)
    round = services.round_start(tournament=tournament, actor=users["org"])
    return tournament, services.round_pair(round_id=round.pk)


def as_user(username: str | None) -> Client:
    """A page client logged in as `username` (created if needed); None for an anonymous one."""
    client = Client()
    if username:
        user, _ = get_user_model().objects.get_or_create(username=username)
        client.force_login(user)
    return client


def api(username: str | None = None) -> APIClient:
    client = APIClient()
    if username:
        user, _ = get_user_model().objects.get_or_create(username=username)
        client.force_authenticate(user)
    return client


def build_event(players: int = 4, **fields) -> tuple[int, list[str]]:
    """An event by `org` with `players` registered with the sample timeline, through the API;
    returns (event id, usernames). Needs the bundled cards."""
    response = api("org").post(
        "/api/tournaments/", {"name": "Friday Genesis", **fields}, format="json"
    )
    assert response.status_code == 201, response.json()
    event = response.json()["id"]
    names = [f"p{i:02d}" for i in range(1, players + 1)]
    sample = SAMPLE.read_text()
    for name in names:
        registered = api(name).post(
            f"/api/tournaments/{event}/registrations/", {"decklist": sample}, format="json"
        )
        assert registered.status_code == 201, registered.json()
    return event, names


@pytest.fixture
def event_with_players(bundled_cards):
    """build_event, for a test that builds its own event."""
    return build_event


def pair_next_round(event: int) -> dict:
    """Start and pair the next round (the worker's job, run here in-process)."""
    from tournaments.models import Round
    from tournaments.services import round_pair

    response = api("org").post(f"/api/tournaments/{event}/rounds/")
    assert response.status_code == 202, response.json()
    number = response.json()["number"]
    round_pair(round_id=Round.objects.get(tournament_id=event, number=number).pk)
    return api().get(f"/api/tournaments/{event}/rounds/{number}/pairings/").json()


def confirm_all(event: int, pairings: list[dict], score=(2, 0, 0)) -> None:
    for pairing in pairings:
        if pairing["player_b"] is None:
            continue
        body = {"player_a_wins": score[0], "player_b_wins": score[1], "draws": score[2]}
        for player in (pairing["player_a"], pairing["player_b"]):
            response = api(player).post(
                f"/api/matches/{pairing['match']}/result/", body, format="json"
            )
            assert response.status_code == 200, response.json()


def run_tasks(enqueued: list, start: int = 0) -> int:
    """Run the enqueued tasks (the enqueued_tasks fixture's list) in this process, as a worker
    would, including those they enqueue; returns how many ran."""
    from tournaments.tasks import adjudicate_game_task, round_emails_task, round_pair_task

    tasks = {task.name: task for task in (round_pair_task, adjudicate_game_task, round_emails_task)}
    index = start
    while index < len(enqueued):
        name, args, kwargs = enqueued[index]
        tasks[name](*args, **kwargs)
        index += 1
    return index - start


def event_snapshot(event: int) -> dict:
    """Every row a request to this event could change: a refused request must leave it equal."""
    from tournaments.models import (
        Judge,
        Match,
        Penalty,
        Registration,
        Report,
        ResultOverride,
        Tournament,
    )

    tournament = Tournament.objects.get(pk=event)
    in_event = {"match__round__tournament": tournament}
    return {
        "events": Tournament.objects.count(),
        "event": (
            tournament.status,
            tournament.decklists,
            tournament.capacity,
            tournament.swiss_rounds,
            tournament.started_at,
            tournament.organizer_id,
        ),
        "registrations": list(
            Registration.objects.filter(tournament=tournament)
            .order_by("pk")
            .values_list(
                "pk",
                "player_id",
                "guest_name",
                "dropped_after_round",
                "joined_round",
                "fixed_table",
            )
        ),
        "rounds": list(tournament.rounds.order_by("number").values_list("pk", "number", "status")),
        "matches": list(
            Match.objects.filter(round__tournament=tournament)
            .order_by("pk")
            .values_list(
                "pk",
                "table",
                "player_a",
                "player_b",
                "state",
                "status",
                "a_wins",
                "b_wins",
                "draws",
                "extra_minutes",
                "fixed_seat",
            )
        ),
        "reports": list(
            Report.objects.filter(**in_event).values_list("pk", "game", "winner", "a_wins")
        ),
        "overrides": ResultOverride.objects.filter(**in_event).count(),
        "penalties": Penalty.objects.filter(**in_event).count(),
        "judges": Judge.objects.filter(tournament=tournament).count(),
    }
