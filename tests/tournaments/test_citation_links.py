"""Citations in events link to the judges' lookup once the cited rulebook is loaded, and are plain
text before: a refused registration's deck problems, a refused lock (page and API), and how an
automated game ended on its replay page."""

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from rules.core.citations import parse_citation
from rules.core.engine import ENDING_RULES
from rules.models import Section
from rules.selectors import section_url
from tests.support.rulebooks import CORE_FILE, import_seed, import_service_policies
from tests.tournaments.conftest import api, as_user
from tests.tournaments.test_adjudication import automated_event, paired_round
from tests.tournaments.test_pages import duel, play_game_one  # noqa: F401 (a fixture)
from tournaments.models import EngineGame, Match
from tournaments.tasks import adjudicate_game_task

CITE = re.compile(r'<cite class="rule">(?:<a href="([^"]*)">)?(.*?)(?:</a>)?</cite>')
ILLEGAL = "Champion: Sera Vantyne\nTimeline\n1 Static Lattice"


def citations(html: str) -> list[tuple[str, str]]:
    """(href, citation) for each `<cite class="rule">` of a page; href "" when plain text."""
    return CITE.findall(unescape(html))


def expected_url(rule: str) -> str:
    """The address of the section the citation names, looked up by its heading directly."""
    cited = parse_citation(rule)
    assert cited is not None, rule
    sections = Section.objects.filter(document__name__endswith=cited.document)
    # "F- Affiliations and E- World Symbol" cites the first of the two
    section = sections.filter(heading=cited.section).first() or sections.get(
        heading=cited.section.split(" and ")[0]
    )
    return section_url(section)


def assert_all_linked(html: str) -> list[tuple[str, str]]:
    found = citations(html)
    assert found
    for href, rule in found:
        assert href == expected_url(rule), rule
    return found


def assert_all_plain(html: str) -> list[tuple[str, str]]:
    found = citations(html)
    assert found
    assert all(href == "" for href, _ in found), found
    return found


@pytest.mark.django_db
def test_a_refused_registration_links_the_rules_its_deck_breaks(event_with_players):
    event, _ = event_with_players(2)
    register = reverse("tournaments:register", args=[event])
    # given no rulebook: plain text
    refused = as_user("bea").post(register, {"decklist": ILLEGAL})
    assert refused.status_code == 400
    plain = assert_all_plain(refused.content.decode())
    # when the rulebook is loaded: each violation links its section
    import_seed(CORE_FILE)
    refused = as_user("bea").post(register, {"decklist": ILLEGAL})
    assert [rule for _, rule in assert_all_linked(refused.content.decode())] == [
        rule for _, rule in plain
    ]


@pytest.mark.django_db
def test_the_registration_api_gives_each_violation_its_rule_url(event_with_players):
    event, _ = event_with_players(2)

    def errors() -> list[dict]:
        refused = api("bea").post(
            f"/api/tournaments/{event}/registrations/", {"decklist": ILLEGAL}, format="json"
        )
        assert refused.status_code == 400
        assert refused.json()["code"] == "deck_illegal"
        return refused.json()["errors"]

    assert all(e["rule_url"] is None for e in errors())
    import_seed(CORE_FILE)
    assert all(e["rule_url"] == expected_url(e["rule"]) for e in errors())


def refuse_a_lock(event: int, match: Match):
    """Player a, who won game 1, locks a swap of one card out and none in: refused (409)."""
    a = match.player_a.player.username
    play_game_one(event, match, winner=a)
    deck_card = match.player_a.decklist["timeline"][0]["name"]
    return a, {f"out:{deck_card}": "1"}


@pytest.mark.django_db
def test_a_refused_lock_links_its_rule_once_the_rulebook_is_loaded(duel):  # noqa: F811
    event, match = duel
    player, swap = refuse_a_lock(event, match)
    lock = reverse("tournaments:match-lock", args=[event, match.pk])
    # given no rulebook
    refused = as_user(player).post(lock, swap)
    assert refused.status_code == 409
    assert_all_plain(refused.content.decode())
    # when it is loaded
    import_seed(CORE_FILE)
    refused = as_user(player).post(lock, swap)
    assert refused.status_code == 409
    [(_href, rule)] = assert_all_linked(refused.content.decode())
    assert rule.startswith("Core Rulebook 5.2 › ")


@pytest.mark.django_db
def test_a_refused_lock_over_the_api_carries_its_rule_url(duel):  # noqa: F811
    event, match = duel
    player, _ = refuse_a_lock(event, match)
    card = match.player_a.decklist["timeline"][0]["name"]
    swap = {"out": [card], "in": []}
    refused = api(player).post(f"/api/matches/{match.pk}/lock/", swap, format="json")
    assert refused.status_code == 409
    assert refused.json()["rule"]
    assert refused.json()["rule_url"] is None
    import_seed(CORE_FILE)
    refused = api(player).post(f"/api/matches/{match.pk}/lock/", swap, format="json")
    assert refused.json()["rule_url"] == expected_url(refused.json()["rule"])


@pytest.mark.django_db(transaction=True)
def test_a_replay_cites_the_rule_behind_how_the_game_ended(bundled_cards, enqueued_tasks):
    # given a game the engine played
    event = automated_event(2, bot="random")
    match = Match.objects.get(round=paired_round(event, enqueued_tasks))
    adjudicate_game_task(match.pk, 1)
    game = EngineGame.objects.get(match=match, number=1)
    assert game.rule == ENDING_RULES[game.reason]
    replay = reverse("tournaments:game-replay", args=[event, match.pk, 1])
    # no document loaded: the ending's rule is plain text
    [(_, rule)] = assert_all_plain(Client().get(replay).content.decode())
    assert rule == game.rule
    # when both the rulebook and the service's policies are loaded, it links, whichever it is
    import_seed(CORE_FILE)
    import_service_policies("Drawn games", "Round cap", "Time")
    assert_all_linked(Client().get(replay).content.decode())


def test_every_way_a_game_ends_cites_a_rule():
    assert set(ENDING_RULES) == {"hp", "timeline", "both_lost", "round_cap", "action_cap"}
    assert EngineGame(reason="time_limit").rule == "Product decision › Time"
    assert EngineGame(reason="hp").rule == "Core Rulebook 5.2 › Conditions for Winning the Game"
    assert EngineGame(reason="").rule == ""
