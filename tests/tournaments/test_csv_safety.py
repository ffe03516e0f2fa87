"""CSV formula injection (OWASP, CSV Injection): a player's name that a spreadsheet would run as a
formula is written as text in every CSV the service writes (pairings, by table and by name,
standings and placings), through the API and the pages' download links, while numbers stay
numbers."""

import csv
import io
import re

import pytest

from genesis.csv_cells import safe_cell
from tests.tournaments.conftest import api, as_user, pair_next_round

pytestmark = pytest.mark.django_db

FORMULAS = ('=HYPERLINK("http://x","click")', "@SUM(1+1)")


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ('=HYPERLINK("http://x","click")', '\'=HYPERLINK("http://x","click")'),
        ("@SUM(1+1)", "'@SUM(1+1)"),
        ("+1+2", "'+1+2"),
        ("-2+3", "'-2+3"),
        ("\tTab", "'\tTab"),
        ("\rReturn", "'\rReturn"),
        ("Ada = Lovelace", "Ada = Lovelace"),  # only the first character matters
        ("", ""),
        ("BYE", "BYE"),
        # numbers are written as numbers: a negative one is not a formula, and a quote would
        # turn it into text in every spreadsheet
        (-3, -3),
        ("-3", "-3"),  # the text of a number, as tiebreakers reach the writer ("0.6078")
        ("+2", "+2"),
        ("-0.25", "-0.25"),
        ("-3 points", "'-3 points"),
        ("-3\n", "'-3\n"),
        (0.5, 0.5),
        (7, 7),
        (None, None),
        (True, True),
    ],
)
def test_a_cell_that_starts_a_formula_is_written_as_text(value, written):
    assert safe_cell(value) == written


def _rows(response) -> list[list[str]]:
    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.content.decode())))


def _no_formula(rows: list[list[str]]) -> None:
    for row in rows:
        for cell in row:
            assert not re.match(r"[=+\-@\t\r]", cell), (cell, row)


def _confirm_all(event: int, pairings: list[dict]) -> None:
    """The organizer enters every result (guests have no account to report with)."""
    for pairing in pairings:
        if pairing["player_b"] is not None:
            entered = api("org").post(
                f"/api/matches/{pairing['match']}/result/",
                {"player_a_wins": 2, "player_b_wins": 0, "draws": 0},
                format="json",
            )
            assert entered.status_code == 200, entered.json()


@pytest.fixture
def event_with_formula_guests(event_with_players, sample_text):
    """Two players and two guests named as formulas, round 1 paired and confirmed, so the
    standings have points and tiebreakers."""
    event, _ = event_with_players(2)
    for guest in FORMULAS:
        registered = api("org").post(
            f"/api/tournaments/{event}/registrations/",
            {"guest": guest, "decklist": sample_text},
            format="json",
        )
        assert registered.status_code == 201, registered.json()
    assert api("org").post(f"/api/tournaments/{event}/start/").status_code == 200
    _confirm_all(event, pair_next_round(event))
    return event


@pytest.mark.parametrize(
    "path",
    [
        "rounds/1/pairings/?as=csv",
        "rounds/1/pairings/?order=name&as=csv",
        "standings/?as=csv",
    ],
)
def test_a_guest_named_as_a_formula_is_text_in_the_csv(event_with_formula_guests, path):
    event = event_with_formula_guests
    rows = _rows(api().get(f"/api/tournaments/{event}/{path}"))
    _no_formula(rows)
    cells = {cell for row in rows for cell in row}
    for guest in FORMULAS:
        assert f"'{guest}" in cells, (guest, rows)  # readable: the name behind one quote


def test_the_standings_csv_keeps_its_numbers(event_with_formula_guests):
    event = event_with_formula_guests
    header, *rows = _rows(api().get(f"/api/tournaments/{event}/standings/?as=csv"))
    assert len(rows) == 4
    for row in rows:
        by_column = dict(zip(header, row, strict=True))
        for column in ("rank", "points", "wins", "losses", "draws"):
            int(by_column[column])
        for column in ("omw", "gw", "ogw"):
            float(by_column[column])


@pytest.mark.parametrize(
    ("page", "link"),
    [
        ("rounds/1/pairings/", r"/api/tournaments/\d+/rounds/1/pairings/\?as=csv"),
        ("standings/", r"/api/tournaments/\d+/standings/\?as=csv"),
    ],
)
def test_the_pages_download_links_give_the_safe_csv(event_with_formula_guests, page, link):
    event = event_with_formula_guests
    browser = as_user("p01")
    html = browser.get(f"/events/{event}/{page}")
    assert html.status_code == 200
    (href,) = set(re.findall(link, html.content.decode()))
    rows = _rows(browser.get(href))
    _no_formula(rows)
    assert {f"'{guest}" for guest in FORMULAS} <= {cell for row in rows for cell in row}


def test_the_placings_csv_is_safe(event_with_formula_guests):
    event = event_with_formula_guests
    org = api("org")
    while org.get(f"/api/tournaments/{event}/placings/").status_code == 409:
        _confirm_all(event, pair_next_round(event))
    rows = _rows(api().get(f"/api/tournaments/{event}/placings/?as=csv"))
    _no_formula(rows)
    assert {f"'{guest}" for guest in FORMULAS} <= {cell for row in rows for cell in row}
