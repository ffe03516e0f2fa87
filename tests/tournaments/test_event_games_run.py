"""Whole events of other games run through the API: a Grand Archive Swiss event (best of three
with sideboarding), a Titans of Eden Two-Arena team event, and a Grand Archive sealed event whose
decks are validated against the players' pools."""

import pytest

from tests.decks.test_games import GA_DECK, GA_MAIN, SPELLBOOK
from tests.tournaments.conftest import api, pair_next_round
from tournaments.models import Match, Registration, Tournament

pytestmark = pytest.mark.django_db


def create(**fields) -> int:
    response = api("org").post(
        "/api/tournaments/", {"name": "Store night", **fields}, format="json"
    )
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def play_match(match: int, players: dict[str, str], winners: list[str], swap=None) -> None:
    """Play a match game by game through the API. `players` maps a seat to the account that acts
    for it; `winners` are the seats that win each game. `swap` (out, in) is the sideboarding of
    whoever locks first before game 2."""
    for number, winner in enumerate(winners, start=1):
        view = api(players["a"]).get(f"/api/matches/{match}/").json()
        assert view["phase"] == "choosing_lead", view
        chooser = view["chooser"]
        led = api(players[chooser]).post(
            f"/api/matches/{match}/lead/", {"lead": True}, format="json"
        )
        assert led.status_code == 200, led.json()
        view = api(players["a"]).get(f"/api/matches/{match}/").json()
        while view["phase"] == "locking":
            seat = view["locks_next"]
            out, in_ = swap if swap and number == 2 else ([], [])
            swap = None if out else swap
            locked = api(players[seat]).post(
                f"/api/matches/{match}/lock/", {"out": out, "in": in_}, format="json"
            )
            assert locked.status_code == 200, locked.json()
            view = api(players["a"]).get(f"/api/matches/{match}/").json()
        assert view["phase"] == "playing", view
        name = view[f"player_{winner}"]
        for seat in ("a", "b"):
            reported = api(players[seat]).post(
                f"/api/matches/{match}/games/", {"winner": name}, format="json"
            )
            assert reported.status_code == 200, reported.json()


def test_a_grand_archive_swiss_event_of_six_players_runs_best_of_three_with_sideboarding(
    bundled_cards,
):
    # given a Grand Archive event: best of three with sideboarding, from the format
    event = create(game="grand-archive", rounds=3)
    names = [f"p{i:02d}" for i in range(1, 7)]
    for name in names:
        registered = api(name).post(
            f"/api/tournaments/{event}/registrations/", {"decklist": GA_DECK}, format="json"
        )
        assert registered.status_code == 201, registered.json()
    assert api("org").post(f"/api/tournaments/{event}/start/").json()["rounds"] == 3
    # when three rounds are played game by game, each match going to three games with a
    # sideboard swap (card for card: Grand Archive has no Chi) before game 2
    users = {r.pk: r.player.username for r in Registration.objects.filter(tournament=event)}
    for _ in range(3):
        pairings = pair_next_round(event)
        assert len(pairings) == 3
        for pairing in pairings:
            match = Match.objects.get(pk=pairing["match"])
            view = api("org").get(f"/api/matches/{match.pk}/").json()
            assert (view["best_of"], view["sideboarding"]) == (3, True)
            players = {"a": users[match.player_a_id], "b": users[match.player_b_id]}
            play_match(match.pk, players, ["a", "b", "a"], swap=(["Field Ration"], ["Quiet Study"]))
            assert api("org").get(f"/api/matches/{match.pk}/").json()["result"] == {
                "player_a_wins": 2,
                "player_b_wins": 1,
                "draws": 0,
            }
    # then the event is over, with MTR-style standings for its six players
    assert Tournament.objects.get(pk=event).status == "finished"
    standings = api().get(f"/api/tournaments/{event}/standings/").json()
    assert sorted(s["player"] for s in standings) == names
    assert sum(s["wins"] for s in standings) == 9
    # and the lock and show swapped card for card: a Chi-free swap was shown
    shown = [
        e
        for m in Match.objects.filter(round__tournament=event)
        for e in m.state["log"]
        if e["event"] == "show"
    ]
    assert any(e["a"]["in"] == ["Quiet Study"] or e["b"]["in"] == ["Quiet Study"] for e in shown)


def test_a_sideboard_swap_of_unequal_size_is_refused_with_its_code(bundled_cards):
    # given a Grand Archive match after game 1
    event = create(game="grand-archive", rounds=1)
    for name in ("p01", "p02"):
        api(name).post(
            f"/api/tournaments/{event}/registrations/", {"decklist": GA_DECK}, format="json"
        )
    api("org").post(f"/api/tournaments/{event}/start/")
    match = Match.objects.get(pk=pair_next_round(event)[0]["match"])
    players = {"a": match.player_a.name, "b": match.player_b.name}
    play_match(match.pk, players, ["a"])
    view = api("p01").get(f"/api/matches/{match.pk}/").json()
    api(players[view["chooser"]]).post(
        f"/api/matches/{match.pk}/lead/", {"lead": True}, format="json"
    )
    # when whoever locks first locks two cards out for one in
    view = api("p01").get(f"/api/matches/{match.pk}/").json()
    refused = api(players[view["locks_next"]]).post(
        f"/api/matches/{match.pk}/lock/",
        {"out": ["Field Ration", "Wind Step"], "in": ["Quiet Study"]},
        format="json",
    )
    # then
    assert refused.status_code == 409
    assert refused.json()["code"] == "swap_count_mismatch"
    assert "sideboard" in refused.json()["detail"]


def team(name: str, first: str, second: str) -> dict:
    return {
        "name": name,
        "seats": [
            {"arena": 1, "username": first, "spellbook": SPELLBOOK},
            {"arena": 2, "username": second, "spellbook": SPELLBOOK},
        ],
    }


def test_a_titans_of_eden_two_arena_event_of_four_teams_runs_with_results_per_team(bundled_cards):
    # given a Two-Arena event and four teams; "solo" is a one-person team in both arenas
    event = create(game="titans-of-eden", team_play="two_arena")
    for name in ("a1", "a2", "b1", "b2", "c1", "c2", "solo"):
        api(name)
    org = api("org")
    teams = [
        team("Storm", "a1", "a2"),
        team("Fire", "b1", "b2"),
        team("Ice", "c1", "c2"),
        team("Rock", "solo", "solo"),
    ]
    for body in teams:
        registered = org.post(f"/api/tournaments/{event}/teams/", body, format="json")
        assert registered.status_code == 201, registered.json()
    # a player sits on one team only
    twice = org.post(f"/api/tournaments/{event}/teams/", team("Dup", "a1", "b1"), format="json")
    assert (twice.status_code, twice.json()["code"]) == (409, "already_registered")
    listed = api("solo").get(f"/api/tournaments/{event}/teams/").json()
    rock = next(t for t in listed if t["player"] == "Rock")
    assert [s["player"] for s in rock["team"]] == ["solo", "solo"]
    assert all(s["spellbook"] is not None for s in rock["team"])  # their own two spellbooks
    storm = next(t for t in listed if t["player"] == "Storm")
    assert all(s["spellbook"] is None for s in storm["team"])  # another team's stay secret
    # when the event runs: Swiss pairs teams as entrants, one game a match (the format's)
    assert org.post(f"/api/tournaments/{event}/start/").json()["rounds"] == 2
    member = {"Storm": "a2", "Fire": "b1", "Ice": "c2", "Rock": "solo"}
    for _ in range(2):
        pairings = pair_next_round(event)
        assert len(pairings) == 2
        for pairing in pairings:
            players = {"a": member[pairing["player_a"]], "b": member[pairing["player_b"]]}
            view = api(players["a"]).get(f"/api/matches/{pairing['match']}/").json()
            assert view["your_seat"] == "a"
            assert (view["best_of"], view["sideboarding"]) == (1, False)
            play_match(pairing["match"], players, ["a"])
            # a teammate's second report of the same game is not the other team's
            assert Match.objects.get(pk=pairing["match"]).status == "confirmed"
    # then results and standings are per team
    assert Tournament.objects.get(pk=event).status == "finished"
    standings = api().get(f"/api/tournaments/{event}/standings/").json()
    assert sorted(s["player"] for s in standings) == ["Fire", "Ice", "Rock", "Storm"]
    assert standings[0]["wins"] == 2


def test_a_teammate_cannot_confirm_their_own_teams_report(bundled_cards):
    event = create(game="titans-of-eden", team_play="two_arena")
    for name in ("a1", "a2", "b1", "b2"):
        api(name)
    api("org").post(f"/api/tournaments/{event}/teams/", team("Storm", "a1", "a2"), format="json")
    api("org").post(f"/api/tournaments/{event}/teams/", team("Fire", "b1", "b2"), format="json")
    api("org").post(f"/api/tournaments/{event}/start/")
    pairing = pair_next_round(event)[0]
    members = {"Storm": ("a1", "a2"), "Fire": ("b1", "b2")}
    first, second = members[pairing["player_a"]]
    view = api(first).get(f"/api/matches/{pairing['match']}/").json()
    chooser = members[view[f"player_{view['chooser']}"]][0]
    api(chooser).post(f"/api/matches/{pairing['match']}/lead/", {"lead": True}, format="json")
    body = {"winner": pairing["player_a"]}
    reported = api(first).post(f"/api/matches/{pairing['match']}/games/", body, format="json")
    assert reported.status_code == 200, reported.json()
    again = api(second).post(f"/api/matches/{pairing['match']}/games/", body, format="json")
    assert (again.status_code, again.json()["code"]) == (409, "already_reported")
    assert Match.objects.get(pk=pairing["match"]).status == "playing"


POOL = GA_DECK.replace("Material\n", "").replace("Sideboard\n", "")  # every card, in one list
SEALED_DECK = (
    "Main\n"
    + "".join(f"4 {name}\n" for name in GA_MAIN[:8])
    + "Material\n1 Emberwake Spirit\n1 Varo, Ashen Recruit\n1 Varo, Ashen Captain\n1 Cinder Crown\n"
)


def test_a_grand_archive_sealed_event_validates_decks_against_pools(bundled_cards):
    # given a sealed event and a player whose pool the organizer recorded
    event = create(game="grand-archive", format="grand-archive-sealed")
    api("p01")
    org = api("org")
    recorded = org.post(
        f"/api/tournaments/{event}/pools/", {"pool": POOL, "username": "p01"}, format="json"
    )
    assert recorded.status_code == 201, recorded.json()
    registration = recorded.json()["registration"]
    # the event cannot start before every deck is in
    org.post(f"/api/tournaments/{event}/pools/", {"pool": POOL, "guest": "Walk In"}, format="json")
    missing = org.post(f"/api/tournaments/{event}/start/")
    assert (missing.status_code, missing.json()["code"]) == (409, "deck_missing")
    # when the player submits a deck using a card outside the pool
    outside = SEALED_DECK.replace("4 Stoke the Forge", "4 Stoke the Forge\n1 Not A Pool Card")
    refused = api("p01").put(
        f"/api/tournaments/{event}/deck/", {"decklist": outside}, format="json"
    )
    # then it is refused with the pool's code
    assert refused.status_code == 400
    assert refused.json()["code"] == "deck_illegal"
    codes = {e["code"] for e in refused.json()["errors"]}
    assert "not_in_pool" in codes
    # more copies than the pool holds are refused the same way
    greedy = SEALED_DECK.replace("4 Ember Squire", "5 Ember Squire")
    too_many = api("p01").put(
        f"/api/tournaments/{event}/deck/", {"decklist": greedy}, format="json"
    )
    assert "not_in_pool" in {e["code"] for e in too_many.json()["errors"]}
    # and a deck from the pool is accepted and kept with the pool
    accepted = api("p01").put(
        f"/api/tournaments/{event}/deck/", {"decklist": SEALED_DECK}, format="json"
    )
    assert accepted.status_code == 200, accepted.json()
    kept = Registration.objects.get(pk=registration)
    assert kept.pool is not None
    assert kept.decklist["material"][0]["name"] == "Emberwake Spirit"
    # a judge submits the guest's deck, and the event starts
    guest = Registration.objects.get(tournament=event, guest_name="Walk In").pk
    by_judge = org.put(
        f"/api/tournaments/{event}/deck/",
        {"decklist": SEALED_DECK, "registration": guest},
        format="json",
    )
    assert by_judge.status_code == 200, by_judge.json()
    assert org.post(f"/api/tournaments/{event}/start/").status_code == 200


def test_demo_pools_come_from_the_sets_print_sheet_and_are_the_same_every_time(bundled_cards):
    # given a sealed event with two registered players
    event = create(game="grand-archive", format="grand-archive-sealed")
    org = api("org")
    for guest in ("Ann", "Bob"):
        org.post(f"/api/tournaments/{event}/pools/", {"pool": "Main\n1 Kiln Hound", "guest": guest})
    Registration.objects.filter(tournament=event).update(pool=None)
    # when the organizer deals demo pools
    dealt = org.post(
        f"/api/tournaments/{event}/pools/generate/", {"set": "GA-DEMO", "size": 40}, format="json"
    )
    # then each has 40 cards of the set, and dealing again gives the same pools
    assert dealt.status_code == 200, dealt.json()
    first = {r["player"]: r["pool"] for r in dealt.json()}
    assert all(sum(e["count"] for e in p["main"]) == 40 for p in first.values())
    Registration.objects.filter(tournament=event).update(pool=None)
    again = org.post(
        f"/api/tournaments/{event}/pools/generate/", {"set": "GA-DEMO", "size": 40}, format="json"
    )
    assert {r["player"]: r["pool"] for r in again.json()} == first
    unknown = org.post(f"/api/tournaments/{event}/pools/generate/", {"set": "NOPE"}, format="json")
    assert (unknown.status_code, unknown.json()["code"]) == (404, "unknown_set")


def test_a_team_event_and_a_sealed_pool_survive_export_and_import(bundled_cards, tmp_path):
    import json

    from tests.tournaments.test_exchange import _export, _forget, _import, _without_ids

    # given a finished Two-Arena event with a copy limit, and a sealed event with a pool
    event = create(game="titans-of-eden", team_play="two_arena", copy_limit=4)
    for name in ("a1", "a2", "solo"):
        api(name)
    api("org").post(f"/api/tournaments/{event}/teams/", team("Storm", "a1", "a2"), format="json")
    api("org").post(f"/api/tournaments/{event}/teams/", team("Rock", "solo", "solo"), format="json")
    api("org").post(f"/api/tournaments/{event}/start/")
    member = {"Storm": "a1", "Rock": "solo"}
    while Tournament.objects.get(pk=event).status != "finished":
        for pairing in pair_next_round(event):
            players = {"a": member[pairing["player_a"]], "b": member[pairing["player_b"]]}
            play_match(pairing["match"], players, ["a"])
    sealed = create(game="grand-archive", format="grand-archive-sealed")
    api("org").post(f"/api/tournaments/{sealed}/pools/", {"pool": POOL, "guest": "Ann"})
    files = [_export(event), _export(sealed)]
    exported = [json.loads(text) for text in files]
    assert exported[0]["event"]["team_play"] == "two_arena"
    assert exported[0]["event"]["copy_limit"] == 4
    assert exported[1]["registrations"][0]["pool"]["main"]
    # when both are imported into another database
    Tournament.objects.filter(pk=sealed).delete()
    _forget(event)
    for number, text in enumerate(files):
        (tmp_path / str(number)).mkdir()
        _import(tmp_path / str(number), text)
    # then they come back the same: teams with their seats and spellbooks, the pool, the results
    for text in files:
        document = json.loads(text)
        imported = Tournament.objects.get(
            name=document["event"]["name"], seed=document["event"]["seed"]
        )
        again = json.loads(_export(imported.pk))
        for doc in (again, document):
            doc["placings"] = doc["placings"] or []  # none before the event starts
        assert _without_ids(again) == _without_ids(document)


def test_an_import_naming_a_card_the_games_index_lacks_is_refused(bundled_cards, tmp_path):
    import json

    from django.core.management.base import CommandError

    from tests.tournaments.test_exchange import _export, _import

    # given: a sealed Grand Archive event's file whose pool names a card nobody has
    sealed = create(game="grand-archive", format="grand-archive-sealed")
    api("org").post(f"/api/tournaments/{sealed}/pools/", {"pool": POOL, "guest": "Ann"})
    document = json.loads(_export(sealed))
    Tournament.objects.filter(pk=sealed).delete()
    document["registrations"][0]["pool"]["main"].append({"count": 1, "name": "Phantom Slime"})
    # when it is imported
    with pytest.raises(CommandError, match="Phantom Slime") as refused:
        _import(tmp_path, json.dumps(document))
    # then: refused with the card's place in the file, nothing written
    assert "unknown_cards" in str(refused.value)
    assert "$.registrations[0].pool.main" in str(refused.value)
    assert not Tournament.objects.filter(name=document["event"]["name"]).exists()
