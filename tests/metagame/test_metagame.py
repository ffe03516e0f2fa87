"""The metagame over stored events (docs/metagame.md): three events of one format, built in
milliseconds with bulk inserts, checked against a calculation written here (not metagame.core);
the API of every endpoint with its refusals; archetypes changed by the officials only; hidden
decklists never counted; and the simulated field's jobs on the matchup queue within its limits."""

import csv
import io
import math
from datetime import UTC, datetime

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser

from decks.core.bundled import sample_decklists
from matchups import services as lab_services
from matchups.models import Matchup
from metagame import selectors, services
from metagame.models import Archetype, FieldPairing, FieldSimulation
from rules.core.decklist import decklist_to_json
from tests.tournaments.conftest import api, as_user
from tournaments.models import Judge, Match, Registration, Round, Tournament

pytestmark = pytest.mark.django_db

FORMAT = "genesis-standard"
LISTS = {slug: decklist_to_json(d) for slug, d in sample_decklists().items()}
BASTION, RULEBENDERS, FUSE, MENAGERIE, LATTICE = (
    "hedra-voss-iron-bastion",
    "ilsa-marrowind-rulebenders",
    "nyx-ashcoil-fuse-and-cinder",
    "orrin-thistlebrand-wild-menagerie",
    "sera-vantyne-storm-lattice",
)
# A Sera Vantyne list with one Static Lattice: not Storm Lattice (which asks for 3), so Other.
THIN_LATTICE = "thin-lattice"
LISTS[THIN_LATTICE] = {
    **LISTS[LATTICE],
    "timeline": [
        {**entry, "count": 1} if entry["name"] == "Static Lattice" else entry
        for entry in LISTS[LATTICE]["timeline"]
    ],
}
# The archetype each list belongs to, written by hand from the rules created in `archetypes`.
BY_HAND = {
    BASTION: "Iron Bastion",
    LATTICE: "Storm Lattice",
    FUSE: "Fuse and Cinder",
    RULEBENDERS: "Other",
    MENAGERIE: "Other",
    THIN_LATTICE: "Other",
}

# Three events: each player's list, and each match (player index a, b, a's wins, b's wins, draws).
EVENTS = [
    (
        datetime(2026, 11, 1, 18, tzinfo=UTC),
        [BASTION, LATTICE, FUSE, BASTION, RULEBENDERS, LATTICE],
        [
            (0, 1, 2, 0, 0),
            (2, 3, 1, 2, 0),
            (4, 5, 0, 2, 0),
            (0, 3, 2, 1, 0),
            (1, 2, 1, 1, 1),
            (5, 4, 2, 1, 0),
        ],
    ),
    (
        datetime(2026, 11, 8, 18, tzinfo=UTC),
        [FUSE, FUSE, LATTICE, BASTION],
        [(0, 1, 2, 1, 0), (2, 3, 0, 2, 0), (0, 2, 2, 0, 0), (1, 3, 1, 2, 0)],
    ),
    (
        datetime(2026, 11, 15, 18, tzinfo=UTC),
        [MENAGERIE, LATTICE, BASTION, THIN_LATTICE, FUSE],
        [(0, 1, 1, 2, 0), (2, 3, 2, 0, 0), (4, 0, 2, 1, 0), (1, 2, 2, 1, 0), (3, 4, 1, 1, 0)],
    ),
]


def user(name: str):
    return get_user_model().objects.get_or_create(username=name)[0]


def build(
    when, lists, matches, *, decklists=Tournament.Decklists.ALL, name="Store night", top_cut=()
) -> tuple[Tournament, list[Registration]]:
    """An event with players and confirmed matches, in a few inserts. `top_cut`: matches (by
    their index in `matches`) played in a top-cut round."""
    tournament = Tournament.objects.create(
        name=name,
        organizer=user("org"),
        format=FORMAT,
        date=when,
        decklists=decklists,
        status=Tournament.Status.FINISHED,
        top_cut=4 if top_cut else 0,
    )
    registrations = Registration.objects.bulk_create(
        Registration(
            tournament=tournament,
            guest_name=f"{name} player {i}",
            decklist=LISTS[slug],
            champion=LISTS[slug]["champion"],
        )
        for i, slug in enumerate(lists)
    )
    # Each match in the first round where neither player has played yet (one table each).
    seats: list[set[int]] = []
    kinds: list[str] = []
    placed = []
    for index, (a, b, *_) in enumerate(matches):
        kind = Round.Kind.TOP_CUT if index in top_cut else Round.Kind.SWISS
        number = (
            next(
                (n for n, used in enumerate(seats) if not used & {a, b} and kinds[n] == kind), None
            )
            if seats
            else None
        )
        if number is None:
            seats.append(set())
            kinds.append(kind)
            number = len(seats) - 1
        seats[number] |= {a, b}
        placed.append(number)
    rounds = Round.objects.bulk_create(
        Round(tournament=tournament, number=n + 1, kind=kinds[n], status=Round.Status.FINISHED)
        for n in range(len(seats))
    )
    Match.objects.bulk_create(
        Match(
            round=rounds[placed[index]],
            table=index + 1,
            player_a=registrations[a],
            player_b=registrations[b],
            status=Match.Status.CONFIRMED,
            a_wins=aw,
            b_wins=bw,
            draws=d,
        )
        for index, (a, b, aw, bw, d) in enumerate(matches)
    )
    return tournament, registrations


@pytest.fixture
def archetypes():
    org = user("org")
    Tournament.objects.create(name="Anchor", organizer=org, format=FORMAT)  # org runs the format
    return {
        "Iron Bastion": services.archetype_create(
            format_slug=FORMAT, actor=org, name="Iron Bastion", champion="Castellan Hedra Voss"
        ),
        "Storm Lattice": services.archetype_create(
            format_slug=FORMAT,
            actor=org,
            name="Storm Lattice",
            champion="Sera Vantyne",
            cards=[{"card": "Static Lattice", "min": 3}],
        ),
        "Fuse and Cinder": services.archetype_create(
            format_slug=FORMAT, actor=org, name="Fuse and Cinder", champion="Nyx Ashcoil"
        ),
    }


@pytest.fixture
def three_events(archetypes):
    return [
        build(when, lists, matches, name=f"Night {i}")
        for i, (when, lists, matches) in enumerate(EVENTS)
    ]


# --- the calculation, written here ---------------------------------------------------------------


def wilson(wins: int, n: int) -> tuple[float, float]:
    z = 1.959963984540054
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n))


def expected(events) -> dict:
    """Shares, records (mirrors apart), intervals and the matrix, by plain counting."""
    players: dict[str, int] = {}
    record: dict[str, list[int]] = {}
    mirrors: dict[str, int] = {}
    matrix: dict[tuple[str, str], list[int]] = {}
    for _, lists, matches in events:
        names = [BY_HAND[slug] for slug in lists]
        for name in names:
            players[name] = players.get(name, 0) + 1
            record.setdefault(name, [0, 0, 0])
            mirrors.setdefault(name, 0)
        for a, b, aw, bw, _ in matches:
            x, y = names[a], names[b]
            if x == y:
                mirrors[x] += 1
                continue
            column = 0 if aw > bw else 1 if bw > aw else 2
            for row, against, col in ((x, y, column), (y, x, {0: 1, 1: 0, 2: 2}[column])):
                record[row][col] += 1
                matrix.setdefault((row, against), [0, 0, 0])[col] += 1
    total = sum(players.values())
    return {
        "players": total,
        "share": {n: c / total for n, c in players.items()},
        "record": record,
        "mirrors": mirrors,
        "matrix": matrix,
    }


def check(body: dict, events) -> None:
    want = expected(events)
    assert body["players"] == want["players"]
    lines = {line["name"]: line for line in body["archetypes"]}
    assert set(lines) == set(want["share"])
    for name, line in lines.items():
        wins, losses, draws = want["record"][name]
        assert line["share"] == pytest.approx(want["share"][name])
        assert line["mirror_matches"] == want["mirrors"][name]
        got = line["record"]
        assert (got["wins"], got["losses"], got["draws"]) == (wins, losses, draws)
        n = wins + losses + draws
        assert got["win_rate"] == pytest.approx(wins / n)
        assert got["ci95"] == pytest.approx(list(wilson(wins, n)), abs=1e-9)
    for row in body["matrix"]:
        for cell in row["against"]:
            if cell["archetype"] == row["archetype"]:
                assert cell["matches"] == want["mirrors"][row["archetype"]]
                continue
            w, lost, d = want["matrix"].get((row["archetype"], cell["archetype"]), [0, 0, 0])
            assert (cell["wins"], cell["losses"], cell["draws"]) == (w, lost, d)
            if w + lost + d:
                assert cell["ci95"] == pytest.approx(list(wilson(w, w + lost + d)), abs=1e-9)


def test_three_events_give_the_shares_win_rates_and_matrix_counted_by_hand(three_events):
    # when
    body = api().get(f"/api/formats/{FORMAT}/metagame/").json()
    # then
    assert [e["name"] for e in body["events"]] == ["Night 0", "Night 1", "Night 2"]
    check(body["figures"], EVENTS)
    # and each event on its own
    for (tournament, _), event in zip(three_events, EVENTS, strict=True):
        one = api().get(f"/api/tournaments/{tournament.pk}/metagame/").json()
        assert one["published"] is True
        check(one["figures"], [event])


def test_the_date_range_picks_the_events_and_hidden_decklists_never_count(three_events):
    # given: an event of the format in range whose decklists are hidden
    build(
        datetime(2026, 11, 9, tzinfo=UTC),
        [BASTION, FUSE],
        [(0, 1, 2, 0, 0)],
        decklists=Tournament.Decklists.HIDDEN,
        name="Secret",
    )
    # when
    body = api().get(f"/api/formats/{FORMAT}/metagame/?from=2026-11-02&to=2026-11-15").json()
    # then
    assert [e["name"] for e in body["events"]] == ["Night 1", "Night 2"]
    check(body["figures"], EVENTS[1:])


def test_only_the_top_cuts_decklists_count_when_only_they_are_published(archetypes):
    # given: four players; the top cut's match is players 0 and 1, the Swiss one 2 and 3
    tournament, _ = build(
        datetime(2026, 11, 20, tzinfo=UTC),
        [BASTION, FUSE, LATTICE, LATTICE],
        [(0, 1, 2, 1, 0), (2, 3, 2, 0, 0)],
        decklists=Tournament.Decklists.TOP_CUT,
        top_cut=(0,),
    )
    # when
    figures = api().get(f"/api/tournaments/{tournament.pk}/metagame/").json()["figures"]
    # then: Storm Lattice (Swiss only, hidden) is nowhere
    assert {line["name"] for line in figures["archetypes"]} == {"Iron Bastion", "Fuse and Cinder"}
    assert figures["players"] == 2


def test_before_publication_an_event_has_no_figures_on_the_api_or_the_page(archetypes):
    tournament, _ = build(
        datetime(2026, 11, 20, tzinfo=UTC),
        [BASTION, FUSE],
        [(0, 1, 2, 0, 0)],
        decklists=Tournament.Decklists.HIDDEN,
    )
    body = api("org").get(f"/api/tournaments/{tournament.pk}/metagame/").json()
    assert (body["published"], body["figures"], body["simulation"]) == (False, None, None)
    refused = api("org").get(f"/api/tournaments/{tournament.pk}/metagame/?as=csv")
    assert (refused.status_code, refused.json()["code"]) == (409, "not_published")
    page = as_user("org").get(f"/events/{tournament.pk}/metagame/")
    assert page.status_code == 200
    assert b"not published yet" in page.content
    assert b"Iron Bastion" not in page.content
    # and the event page links to it only once published
    assert b"/metagame/" not in as_user(None).get(f"/events/{tournament.pk}/").content
    tournament.decklists = Tournament.Decklists.ALL
    tournament.save()
    assert (
        f"/events/{tournament.pk}/metagame/".encode()
        in as_user(None).get(f"/events/{tournament.pk}/").content
    )
    page = as_user(None).get(f"/events/{tournament.pk}/metagame/")
    assert b"Iron Bastion" in page.content
    assert b"mg-w-50" in page.content


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/tournaments/999999/metagame/", 404, "not_found"),
        ("/api/formats/no-such-format/metagame/", 404, "unknown_format"),
        (f"/api/formats/{FORMAT}/metagame/?from=yesterday", 400, "invalid_date"),
        (f"/api/formats/{FORMAT}/metagame/?from=2026-11-10&to=2026-11-01", 400, "invalid_dates"),
    ],
)
def test_bad_requests_for_figures(path, status, code):
    response = api().get(path)
    assert (response.status_code, response.json()["code"]) == (status, code)


def test_csv_of_an_event_and_a_format_with_safe_cells(three_events):
    # given: an archetype whose name a spreadsheet would run
    Archetype.objects.filter(name="Iron Bastion").update(name="=HYPERLINK(1)")
    tournament = three_events[0][0]
    for path in (
        f"/api/tournaments/{tournament.pk}/metagame/?as=csv",
        f"/api/formats/{FORMAT}/metagame/?as=csv",
    ):
        # when
        response = api().get(path)
        # then
        assert response["Content-Type"].startswith("text/csv")
        rows = list(csv.reader(io.StringIO(response.content.decode())))
        assert rows[0][:3] == ["archetype", "players", "share"]
        assert "'=HYPERLINK(1)" in [row[0] for row in rows[1:]]


def test_the_format_page_reads_on_a_phone_and_has_no_inline_style(three_events):
    page = as_user(None).get(f"/formats/{FORMAT}/metagame/?from=2026-11-01")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Storm Lattice" in html
    assert "mg-matrix" in html
    assert "mg-whisker" in html
    assert "style=" not in html.split("<main", 1)[-1]
    assert "<script>" not in html


# --- archetypes_of, for the player page ------------------------------------------------------


def test_archetypes_of_gives_only_the_decklists_the_viewer_may_see(archetypes):
    tournament, regs = build(
        datetime(2026, 11, 20, tzinfo=UTC),
        [BASTION, FUSE],
        [(0, 1, 2, 0, 0)],
        decklists=Tournament.Decklists.HIDDEN,
    )
    player = user("pia")
    Registration.objects.filter(pk=regs[0].pk).update(player=player, guest_name="")
    Judge.objects.create(tournament=tournament, user=user("jude"))
    assert selectors.archetypes_of(tournament, AnonymousUser()) == {}
    assert selectors.archetypes_of(tournament, user("eve")) == {}
    assert selectors.archetypes_of(tournament, player) == {regs[0].pk: "Iron Bastion"}
    everyone = {regs[0].pk: "Iron Bastion", regs[1].pk: "Fuse and Cinder"}
    assert selectors.archetypes_of(tournament, user("jude")) == everyone
    tournament.decklists = Tournament.Decklists.ALL
    tournament.save()
    assert selectors.archetypes_of(tournament, user("eve")) == everyone


def test_archetypes_in_reads_a_formats_archetypes_once_for_all_its_events(
    three_events, django_assert_max_num_queries
):
    # given: a player's page over three events of one format, one of them hiding its lists
    events = [tournament for tournament, _ in three_events]
    events[2].decklists = Tournament.Decklists.HIDDEN
    events[2].save()
    viewer = user("eve")
    # when
    with django_assert_max_num_queries(4):
        named = selectors.archetypes_in(events, viewer)
    # then: the same names as event by event, in four queries (the registrations, the format's
    # archetypes and its rules, and whether eve judges the hidden event), not four per event
    one_by_one = {}
    for tournament in events:
        one_by_one.update(selectors.archetypes_of(tournament, viewer))
    assert named == one_by_one
    assert set(named.values()) >= {"Iron Bastion", "Storm Lattice"}
    assert not {r.pk for r in three_events[2][1]} & set(named)


# --- archetypes changed by the officials -------------------------------------------------------


ARCHETYPES = f"/api/formats/{FORMAT}/archetypes/"


def test_officials_of_the_format_create_rename_merge_and_split(three_events, archetypes):
    org = api("org")
    bastion, fuse = archetypes["Iron Bastion"].pk, archetypes["Fuse and Cinder"].pk
    # rename
    renamed = org.patch(f"{ARCHETYPES}{bastion}/", {"name": "Bastion"}, format="json")
    assert renamed.status_code == 200
    assert renamed.json()["name"] == "Bastion"
    # merge Fuse and Cinder into Bastion: its decklists are Bastion's
    before = api().get(f"/api/formats/{FORMAT}/metagame/").json()["figures"]
    merged = org.post(f"{ARCHETYPES}{fuse}/merge/", {"into": bastion}, format="json")
    assert merged.status_code == 200, merged.json()
    after = api().get(f"/api/formats/{FORMAT}/metagame/").json()["figures"]
    share = {line["name"]: line["players"] for line in after["archetypes"]}
    old = {line["name"]: line["players"] for line in before["archetypes"]}
    assert share["Bastion"] == old["Bastion"] + old["Fuse and Cinder"]
    assert "Fuse and Cinder" not in share
    # split the Nyx lists (4 Hexfire) off again
    split = org.post(
        f"{ARCHETYPES}{bastion}/split/",
        {"name": "Fuse and Cinder", "cards": [{"card": "Hexfire", "min": 4}]},
        format="json",
    )
    assert split.status_code == 201, split.json()
    again = api().get(f"/api/formats/{FORMAT}/metagame/").json()["figures"]
    assert {line["name"]: line["players"] for line in again["archetypes"]} == old
    # the list shows every rule
    listed = {a["name"]: a for a in api().get(ARCHETYPES).json()}
    assert [r["champion"] for r in listed["Bastion"]["rules"]] == [
        "Castellan Hedra Voss",
        "Nyx Ashcoil",
    ]


def test_a_judge_of_an_event_in_the_format_may_change_archetypes(archetypes):
    event = Tournament.objects.create(name="Judged", organizer=user("org"), format=FORMAT)
    Judge.objects.create(tournament=event, user=user("jude"))
    created = api("jude").post(
        ARCHETYPES, {"name": "Menagerie", "champion": "Orrin Thistlebrand"}, format="json"
    )
    assert created.status_code == 201, created.json()


@pytest.mark.parametrize(
    ("who", "method", "suffix", "body", "status", "code"),
    [
        (None, "post", "", {"name": "X", "champion": "Nyx Ashcoil"}, 401, "not_authenticated"),
        ("eve", "post", "", {"name": "X", "champion": "Nyx Ashcoil"}, 403, "not_format_official"),
        ("eve", "patch", "{bastion}/", {"name": "Y"}, 403, "not_format_official"),
        ("eve", "post", "{bastion}/merge/", {"into": "{fuse}"}, 403, "not_format_official"),
        (
            "eve",
            "post",
            "{bastion}/split/",
            {"name": "Y", "cards": [{"card": "Hexfire"}]},
            403,
            "not_format_official",
        ),
        (
            "org",
            "post",
            "",
            {"name": "iron bastion", "champion": "Nyx Ashcoil"},
            409,
            "archetype_exists",
        ),
        ("org", "post", "", {"name": "Other", "champion": "Nyx Ashcoil"}, 400, "reserved_name"),
        ("org", "post", "", {"name": "Anything"}, 400, "empty_rule"),
        ("org", "patch", "{bastion}/", {"name": "Fuse and Cinder"}, 409, "archetype_exists"),
        ("org", "patch", "999999/", {"name": "Z"}, 404, "unknown_archetype"),
        ("org", "post", "{bastion}/merge/", {"into": "{bastion}"}, 400, "same_archetype"),
        ("org", "post", "{bastion}/merge/", {"into": 999999}, 404, "unknown_archetype"),
        ("org", "post", "{bastion}/split/", {"name": "Y", "cards": []}, 400, "invalid_cards"),
    ],
)
def test_archetype_changes_are_refused_with_a_code_and_change_nothing(
    archetypes, who, method, suffix, body, status, code
):
    ids = {"bastion": archetypes["Iron Bastion"].pk, "fuse": archetypes["Fuse and Cinder"].pk}
    body = {k: (v.format(**ids) if isinstance(v, str) and "{" in v else v) for k, v in body.items()}
    if "into" in body:
        body["into"] = int(body["into"])
    before = selectors.archetype_list(FORMAT)
    # when
    response = getattr(api(who), method)(ARCHETYPES + suffix.format(**ids), body, format="json")
    # then
    assert (response.status_code, response.json().get("code")) == (status, code), response.json()
    assert selectors.archetype_list(FORMAT) == before


def test_the_archetypes_page_asks_before_a_merge_and_refuses_strangers(archetypes):
    bastion, fuse = archetypes["Iron Bastion"].pk, archetypes["Fuse and Cinder"].pk
    org = as_user("org")
    page = org.get(f"/formats/{FORMAT}/archetypes/")
    assert page.status_code == 200
    assert b"Merge into" in page.content
    asked = org.post(f"/formats/{FORMAT}/archetypes/{fuse}/merge/", {"into": bastion})
    assert asked.status_code == 200
    assert b"Merge Fuse and Cinder into Iron Bastion?" in asked.content
    assert Archetype.objects.filter(pk=fuse).exists()
    done = org.post(
        f"/formats/{FORMAT}/archetypes/{fuse}/merge/", {"into": bastion, "confirm": "yes"}
    )
    assert done.status_code == 302
    assert not Archetype.objects.filter(pk=fuse).exists()
    refused = as_user("eve").post(
        f"/formats/{FORMAT}/archetypes/{bastion}/rename/", {"name": "Mine"}
    )
    assert refused.status_code == 403
    assert Archetype.objects.get(pk=bastion).name == "Iron Bastion"
    assert b"Merge into" not in as_user("eve").get(f"/formats/{FORMAT}/archetypes/").content
    created = org.post(
        f"/formats/{FORMAT}/archetypes/", {"name": "Menagerie", "cards": "4 Bramble Boar"}
    )
    assert created.status_code == 302
    assert selectors.archetype_list(FORMAT)[1]["rules"][0]["cards"] == [
        {"card": "Bramble Boar", "min": 4}
    ]


# --- the simulated field ------------------------------------------------------------------------


@pytest.fixture
def published_field(bundled_cards, archetypes):
    tournament, _ = build(
        datetime(2026, 11, 22, tzinfo=UTC),
        [BASTION, BASTION, FUSE, LATTICE, RULEBENDERS],
        [(0, 2, 2, 0, 0), (3, 4, 0, 2, 0), (1, 3, 2, 1, 0)],
    )
    return tournament


def test_the_simulated_field_is_a_lab_job_per_pairing_within_the_labs_limits(
    published_field, enqueued_tasks, django_capture_on_commit_callbacks
):
    tournament = published_field
    org = api("org")
    # when: three archetypes (Other aside) make three pairings; the lab lets two run at once
    with django_capture_on_commit_callbacks(execute=True):
        response = org.post(
            f"/api/tournaments/{tournament.pk}/metagame/simulate/", {"games": 20}, format="json"
        )
    # then
    assert response.status_code == 202, response.json()
    assert response.json()["started"] == lab_services.MAX_RUNNING_PER_USER == 2
    simulation = FieldSimulation.objects.get(tournament=tournament)
    assert {d.archetype for d in simulation.decks.all()} == {
        "Iron Bastion",
        "Fuse and Cinder",
        "Storm Lattice",
    }
    pairings = FieldPairing.objects.filter(simulation=simulation)
    assert pairings.count() == 3
    assert pairings.filter(matchup__isnull=True).count() == 1
    jobs = Matchup.objects.filter(owner__username="org")
    assert jobs.count() == 2
    assert all(job.games == 20 for job in jobs)
    # every chunk of both jobs went to the lab's task (settings route it to the matchups queue)
    chunks = [args for name, args, _ in enqueued_tasks if name == lab_services.CHUNK_TASK]
    assert sorted(chunks) == sorted((job.pk, i) for job in jobs for i in range(4))
    # the page shows it waiting
    page = as_user(None).get(f"/events/{tournament.pk}/metagame/")
    assert b"The field, simulated" in page.content
    assert b"Waiting: starts when a running test ends" in page.content
    # when: asked again while two run, nothing more can start: told so, nothing doubled
    again = org.post(
        f"/api/tournaments/{tournament.pk}/metagame/simulate/", {"games": 20}, format="json"
    )
    assert (again.status_code, again.json()["started"]) == (202, 0)
    assert FieldSimulation.objects.count() == 1
    # when: one job ends, the sweep of pending work starts the waiting pairing
    Matchup.objects.filter(pk=jobs[0].pk).update(status=Matchup.Status.DONE)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.field_resume() == {"field_pairings": 1}
    assert not pairings.filter(matchup__isnull=True).exists()


def test_predicted_beside_observed_marks_intervals_that_miss(
    published_field, enqueued_tasks, django_capture_on_commit_callbacks
):
    tournament = published_field
    with django_capture_on_commit_callbacks(execute=True):
        services.field_simulate(tournament=tournament, actor=user("org"), games=20)
    # given: the Iron Bastion v Fuse and Cinder job says Fuse wins every game (observed: Bastion 1-0)
    pairing = FieldPairing.objects.select_related("row", "column").get(
        row__archetype="Iron Bastion", column__archetype="Fuse and Cinder"
    )
    job = pairing.matchup
    for index in range(4):
        job.chunks.create(
            index=index, tally={"games": 5, "wins": 0, "losses": 5, "draws": 0, "rounds": 50}
        )
    job.status = Matchup.Status.DONE
    job.save()
    # when
    body = api().get(f"/api/tournaments/{tournament.pk}/metagame/").json()["simulation"]
    # then
    row = next(r for r in body["matrix"] if r["archetype"] == "Iron Bastion")
    cell = next(c for c in row["against"] if c["archetype"] == "Fuse and Cinder")
    assert cell["predicted"]["win_rate"] == 0
    assert cell["predicted"]["played"] == 20
    assert cell["observed"]["wins"] == 1
    assert cell["differs"] is True  # [0.21, 1] against [0, 0.16]
    back = next(
        c
        for c in next(r for r in body["matrix"] if r["archetype"] == "Fuse and Cinder")["against"]
        if c["archetype"] == "Iron Bastion"
    )
    assert back["predicted"]["win_rate"] == 1
    assert b"differs" in as_user(None).get(f"/events/{tournament.pk}/metagame/").content


@pytest.mark.parametrize(
    ("decklists", "who", "status", "code"),
    [
        (Tournament.Decklists.ALL, None, 401, "not_authenticated"),
        (Tournament.Decklists.HIDDEN, "org", 409, "not_published"),
        (Tournament.Decklists.HIDDEN, "eve", 403, "not_organizer"),
        (Tournament.Decklists.TOP_CUT, "eve", 403, "not_organizer"),
    ],
)
def test_the_simulated_field_is_refused_before_publication_and_to_others(
    archetypes, decklists, who, status, code
):
    tournament, _ = build(
        datetime(2026, 11, 22, tzinfo=UTC), [BASTION, FUSE], [], decklists=decklists
    )
    response = api(who).post(
        f"/api/tournaments/{tournament.pk}/metagame/simulate/", {}, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert not FieldSimulation.objects.exists()


def test_a_field_of_one_archetype_is_too_small(archetypes, bundled_cards):
    tournament, _ = build(datetime(2026, 11, 22, tzinfo=UTC), [BASTION, RULEBENDERS], [])
    response = api("eve").post(
        f"/api/tournaments/{tournament.pk}/metagame/simulate/", {}, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (422, "field_too_small")


def test_the_page_runs_the_simulated_field_and_refuses_with_a_page(
    published_field, enqueued_tasks, django_capture_on_commit_callbacks
):
    tournament = published_field
    path = f"/events/{tournament.pk}/metagame/simulate/"
    # anonymous: to the log-in
    assert as_user(None).post(path, {"games": "10"})["Location"].startswith("/accounts/login/")
    # the organizer: started, back on the metagame page with a message
    with django_capture_on_commit_callbacks(execute=True):
        response = as_user("org").post(path, {"games": "10", "bot": "random"}, follow=True)
    assert response.status_code == 200
    assert b"The simulated field is running: 2 pairings started now" in response.content
    assert FieldSimulation.objects.get().bot == "random"
    # a bad number of games: told on the page, nothing more started
    refused = as_user("org").post(path, {"games": "9999"}, follow=True)
    assert b"games (per pairing) must be between 1 and 500" in refused.content
    assert FieldSimulation.objects.count() == 1


def test_the_page_is_refused_to_strangers_before_every_decklist_is_published(archetypes):
    tournament, _ = build(
        datetime(2026, 11, 22, tzinfo=UTC),
        [BASTION, FUSE],
        [],
        decklists=Tournament.Decklists.TOP_CUT,
        top_cut=(),
    )
    response = as_user("eve").post(f"/events/{tournament.pk}/metagame/simulate/", {})
    assert response.status_code == 403
    assert b"can run the simulated field until every decklist is" in response.content
    assert (
        b"Simulate the field"
        not in as_user("eve").get(f"/events/{tournament.pk}/metagame/").content
    )


def test_a_field_someone_else_ran_stays_theirs(
    published_field, enqueued_tasks, django_capture_on_commit_callbacks
):
    tournament = published_field
    with django_capture_on_commit_callbacks(execute=True):
        services.field_simulate(tournament=tournament, actor=user("org"), games=20)
    # when: anyone asks for the same field once every decklist is published
    response = api("eve").post(
        f"/api/tournaments/{tournament.pk}/metagame/simulate/", {"games": 20}, format="json"
    )
    # then: the same simulation, and no test of eve's
    assert response.status_code == 202
    assert response.json()["started"] == 0
    assert response.json()["simulation"]["id"] == FieldSimulation.objects.get().pk
    assert not Matchup.objects.filter(owner__username="eve").exists()


def test_a_field_that_cannot_start_any_test_is_the_labs_429(
    published_field, enqueued_tasks, django_capture_on_commit_callbacks, monkeypatch
):
    monkeypatch.setattr(lab_services, "MAX_RUNNING_PER_USER", 0)
    response = api("org").post(
        f"/api/tournaments/{published_field.pk}/metagame/simulate/", {"games": 20}, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (429, "matchup_running_limit")
    assert not FieldSimulation.objects.exists()
    assert not Matchup.objects.exists()


# --- the player page's archetypes ---------------------------------------------------------------


def test_a_players_page_names_their_archetypes_and_record_against_each_where_published(
    archetypes,
):
    # given ann playing Iron Bastion at a published event and at a hidden one
    ann = user("ann")
    _, regs = build(
        datetime(2026, 11, 1, tzinfo=UTC),
        [BASTION, FUSE, LATTICE],
        [(0, 1, 2, 0, 0), (2, 0, 2, 1, 0)],
        name="Open night",
    )
    _, hidden_regs = build(
        datetime(2026, 11, 8, tzinfo=UTC),
        [BASTION, FUSE],
        [(0, 1, 0, 2, 0)],
        decklists=Tournament.Decklists.HIDDEN,
        name="Closed night",
    )
    Registration.objects.filter(pk__in=[regs[0].pk, hidden_regs[0].pk]).update(
        player=ann, guest_name=""
    )
    # when anyone reads her page: her archetype where published, her record against each
    # archetype whose decklist is published (won against Fuse, lost to Lattice)
    body = api("eve").get("/api/players/ann/").json()
    by_event = {row["name"]: row["archetype"] for row in body["events"]}
    assert by_event == {"Open night": "Iron Bastion", "Closed night": None}
    assert body["against_archetypes"] == [
        {"archetype": "Fuse and Cinder", "wins": 1, "losses": 0, "draws": 0},
        {"archetype": "Storm Lattice", "wins": 0, "losses": 1, "draws": 0},
    ]
    page = as_user("eve").get("/players/ann/").content.decode()
    assert "Record against each archetype" in page
    assert "Iron Bastion" in page
    # and ann sees her own hidden deck's archetype, never her hidden opponent's
    mine = api("ann").get("/api/players/ann/").json()
    assert {row["name"]: row["archetype"] for row in mine["events"]}["Closed night"] == (
        "Iron Bastion"
    )
    assert [a["archetype"] for a in mine["against_archetypes"]] == [
        "Fuse and Cinder",
        "Storm Lattice",
    ]
    assert mine["against_archetypes"][0]["losses"] == 0
