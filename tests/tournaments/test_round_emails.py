"""Round e-mails (docs/tournaments.md, Round e-mails): a registered player asks for an e-mail at
each new round (PUT /api/tournaments/{id}/round-emails/, or the event page's button); pairing a
round enqueues a task, and the worker sends each of them their table, once, through a real local
SMTP server (aiosmtpd). No request sends mail itself."""

import ast
import asyncio
import re
import smtplib
import socket
import threading
import time
from email import message_from_bytes
from email.message import Message
from html import unescape
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from django.contrib.auth import get_user_model
from django.core import mail
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.tournaments.conftest import api, as_user, pair_next_round
from tournaments.models import Registration, Round, RoundEmail, Tournament
from tournaments.services import round_emails
from tournaments.tasks import round_emails_task, round_pair_task

TASK = "tournaments.round_emails"
ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db


# --- a real SMTP server on this machine ---------------------------------------------------------


class Inbox:
    """aiosmtpd's handler: every message the server accepted, as (recipients, parsed message).
    `refuse_after` makes the server answer 451 (try again later) to each DATA after that many
    accepted, as a mail server does when it is overloaded; `bad` addresses get 550 at RCPT."""

    def __init__(self) -> None:
        self.received: list[tuple[list[str], Message]] = []
        self.refuse_after: int | None = None
        self.bad: set[str] = set()
        self.delay = 0.0  # seconds each DATA takes: a slow server, so two senders overlap
        self.lock = threading.Lock()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):  # noqa: N802 (aiosmtpd's name)
        if address in self.bad:
            return "550 5.1.1 No such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        await asyncio.sleep(self.delay)
        with self.lock:
            if self.refuse_after is not None and len(self.received) >= self.refuse_after:
                return "451 4.3.0 Try again later"
            self.received.append((list(envelope.rcpt_tos), message_from_bytes(envelope.content)))
        return "250 Message accepted for delivery"

    def by_recipient(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for recipients, message in self.received:
            for address in recipients:
                found.setdefault(address, []).append(str(message["Subject"]))
        return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def smtp_server():
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield controller
    controller.stop()


@pytest.fixture
def inbox(smtp_server, settings):
    """The local SMTP server, empty, and Django's mail sent to it by SMTP."""
    handler: Inbox = smtp_server.handler
    handler.received.clear()
    handler.refuse_after, handler.bad, handler.delay = None, set(), 0.0
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = smtp_server.hostname, smtp_server.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_TIMEOUT = 5
    settings.SITE_URL = "https://cards.example.org"
    return handler


# --- building an event ----------------------------------------------------------------------------


def address(name: str) -> str:
    return f"{name}@example.org"


def give_addresses(*names: str) -> None:
    for name in names:
        get_user_model().objects.filter(username=name).update(email=address(name))


def round_emails_put(event: int, username: str | None, enabled) -> object:
    return api(username).put(
        f"/api/tournaments/{event}/round-emails/", {"enabled": enabled}, format="json"
    )


def opt_in(event: int, *names: str) -> None:
    for name in names:
        response = round_emails_put(event, name, True)
        assert response.status_code == 200, response.json()


def pair(event: int, captured) -> dict:
    """Pair the next round as the worker does, with what it sends after commit recorded (the
    enqueued_tasks fixture); returns the pairings."""
    with captured(execute=True):
        return pair_next_round(event)


def round_of(event: int, number: int) -> Round:
    return Round.objects.get(tournament_id=event, number=number)


def expected_subjects(pairings: list[dict], number: int) -> dict[str, str]:
    """Each player's subject line, as the browser notification words it (static/js/live.js)."""
    subjects = {}
    for row in pairings:
        a, b, table = row["player_a"], row["player_b"], row["table"]
        if b is None:
            subjects[a] = f"Round {number}: table {table} (a bye)"
        else:
            subjects[a] = f"Round {number}: table {table} against {b}"
            subjects[b] = f"Round {number}: table {table} against {a}"
    return subjects


@pytest.fixture
def event(event_with_players):
    """Five players (so one has a bye): p01, p02, p03 and p05 have e-mail addresses; p01, p02
    and p05 asked for round e-mails; the event is running."""
    event, _ = event_with_players(5)
    give_addresses("p01", "p02", "p03", "p05")
    opt_in(event, "p01", "p02", "p05")
    assert api("org").post(f"/api/tournaments/{event}/start/").status_code == 200
    return event


# --- sending, against the real SMTP server --------------------------------------------------------


def test_each_player_who_asked_gets_their_table_once_through_smtp(
    event, inbox, enqueued_tasks, django_capture_on_commit_callbacks
):
    # given: p04 asked too, then removed their account's address
    give_addresses("p04")
    opt_in(event, "p04")
    get_user_model().objects.filter(username="p04").update(email="")
    # when: round 1 is paired (its task enqueued), and a worker runs the task
    pairings = pair(event, django_capture_on_commit_callbacks)
    round = round_of(event, 1)
    assert [(n, a) for n, a, _ in enqueued_tasks if n == TASK] == [(TASK, (round.pk,))]
    assert inbox.received == []  # nothing was sent while pairing
    done = round_emails_task(round.pk)
    # then: p01, p02 and p05, each their own table; p03 (did not ask) and p04 (no address) none
    subjects = expected_subjects(pairings, 1)
    assert inbox.by_recipient() == {
        address(name): [subjects[name]] for name in ("p01", "p02", "p05")
    }
    assert done == {"round": round.pk, "sent": 3, "refused": 0, "more": 0}
    assert all(len(recipients) == 1 for recipients, _ in inbox.received)
    assert set(RoundEmail.objects.values_list("status", flat=True)) == {"sent"}
    # when: the task runs again (a retry, the sweep, a duplicate message)
    assert round_emails_task(round.pk)["sent"] == 0
    # then: nothing more went out
    assert len(inbox.received) == 3
    assert RoundEmail.objects.count() == 3


def test_the_e_mail_says_table_opponent_and_the_event_page_and_nothing_hidden(
    event, inbox, django_capture_on_commit_callbacks
):
    pairings = pair(event, django_capture_on_commit_callbacks)
    round_emails_task(round_of(event, 1).pk)
    by_name = {recipients[0].split("@")[0]: message for recipients, message in inbox.received}
    row = next(p for p in pairings if "p01" in (p["player_a"], p["player_b"]))
    opponent = row["player_b"] if row["player_a"] == "p01" else row["player_a"]
    message = by_name["p01"]
    body = message.get_payload(decode=True).decode()
    if opponent is None:
        assert "You have a bye this round" in body
    else:
        assert f"You play at table {row['table']} against {opponent}." in body
    assert f"https://cards.example.org/events/{event}/" in body
    assert message["From"] == "Genesis events <events@localhost>"
    # no decklist, champion or lock: only what the event's public pairings say
    registration = Registration.objects.get(tournament_id=event, player__username="p01")
    decklist = registration.decklist
    hidden = {decklist["champion"], *(entry["name"] for entry in decklist["timeline"])}
    for text in hidden:
        assert text not in body
    assert "lock" not in body.lower()
    bye = next(p["player_a"] for p in pairings if p["player_b"] is None)
    if bye in by_name:
        assert "(a bye)" in by_name[bye]["Subject"]
        assert "You have a bye this round: a 2-0 match win." in by_name[bye].get_payload()


def test_a_mail_server_failing_halfway_is_retried_and_only_the_unsent_go_out(
    event, inbox, django_capture_on_commit_callbacks
):
    # given: the server takes one message, then answers "try again later"
    pair(event, django_capture_on_commit_callbacks)
    round = round_of(event, 1)
    inbox.refuse_after = 1
    # when
    with pytest.raises(smtplib.SMTPDataError):
        round_emails_task(round.pk)  # a worker would retry it, with backoff
    # then: one sent and recorded; the refused one is not claimed, so the retry sends it
    assert len(inbox.received) == 1
    assert list(RoundEmail.objects.values_list("status", flat=True)) == ["sent"]
    # when: the server is back and the retry runs
    inbox.refuse_after = None
    assert round_emails_task(round.pk)["sent"] == 2
    # then: three messages in all, each player once
    assert sorted(inbox.by_recipient()) == sorted(address(n) for n in ("p01", "p02", "p05"))
    assert all(len(s) == 1 for s in inbox.by_recipient().values())


def test_an_address_the_server_refuses_is_recorded_and_not_retried(
    event, inbox, django_capture_on_commit_callbacks
):
    inbox.bad = {address("p02")}
    pair(event, django_capture_on_commit_callbacks)
    round = round_of(event, 1)
    done = round_emails_task(round.pk)
    assert (done["sent"], done["refused"]) == (2, 1)
    assert round_emails_task(round.pk)["sent"] == 0
    assert RoundEmail.objects.get(registration__player__username="p02").status == "refused"
    assert address("p02") not in inbox.by_recipient()


@pytest.mark.django_db(transaction=True)
def test_two_runs_at_once_send_each_e_mail_once(event, inbox, django_capture_on_commit_callbacks):
    # given: round 1 paired, and a slow mail server
    pair(event, django_capture_on_commit_callbacks)
    round = round_of(event, 1)
    inbox.delay = 0.05
    start = threading.Barrier(2)
    results: list[dict] = []

    def worker():
        try:
            start.wait()
            results.append(round_emails.round_emails_send(round_id=round.pk))
        finally:
            connection.close()

    # when: two workers run the task at the same moment (a duplicate message, the sweep)
    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    # then: three e-mails in all, each player's once, whichever worker sent it
    assert len(results) == 2, results
    assert sum(r["sent"] for r in results) == 3
    assert len(inbox.received) == 3
    assert all(len(s) == 1 for s in inbox.by_recipient().values())
    assert RoundEmail.objects.filter(status="sent").count() == 3


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_sends_the_e_mails_of_the_round_it_pairs(celery_worker_process, event):
    """Through the broker and the session's real worker, whose mail goes to its log (the
    console backend of settings without EMAIL_HOST, as ./scripts/serve runs)."""
    # when: the organizer opens round 1, and the worker pairs it and sends its e-mails
    assert api("org").post(f"/api/tournaments/{event}/rounds/").status_code == 202
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and RoundEmail.objects.filter(status="sent").count() < 3:
        time.sleep(0.2)
    # then: the database says three were sent, and the worker's log holds each
    assert RoundEmail.objects.filter(status="sent").count() == 3
    pairings = api().get(f"/api/tournaments/{event}/rounds/1/pairings/").json()
    log = celery_worker_process.log_path.read_text()
    for name, subject in expected_subjects(pairings, 1).items():
        assert (f"Subject: {subject}" in log) == (name in ("p01", "p02", "p05")), name


def test_a_big_round_is_sent_in_batches(event, inbox, django_capture_on_commit_callbacks):
    pair(event, django_capture_on_commit_callbacks)
    round = round_of(event, 1)
    assert round_emails.round_emails_send(round_id=round.pk, batch=2)["more"] == 1
    assert round_emails.round_emails_send(round_id=round.pk, batch=2) == {
        "sent": 1,
        "refused": 0,
        "more": 0,
    }
    assert len(inbox.received) == 3


def test_only_rounds_paired_after_asking_are_mailed_and_the_sweep_resends_the_rest(
    event, inbox, enqueued_tasks, django_capture_on_commit_callbacks
):
    # given: round 1 paired and its e-mails never sent (the message was lost)
    pair(event, django_capture_on_commit_callbacks)
    round = round_of(event, 1)
    # and p03 asks only now, during round 1
    opt_in(event, "p03")
    enqueued_tasks.clear()
    # when: a worker starts (the sweep resends whatever is pending, whatever its age)
    assert round_emails.pending_resend(at_start=True) == {"round_emails": 1}
    assert enqueued_tasks == [(TASK, (round.pk,), {})]
    round_emails_task(round.pk)
    # then: round 1 went to those who had asked before it was paired; p03 waits for round 2
    assert sorted(inbox.by_recipient()) == sorted(address(n) for n in ("p01", "p02", "p05"))
    assert round_emails.pending_resend(at_start=True) == {"round_emails": 0}
    # and a regular sweep leaves a round just paired to its own task
    assert round_emails.rounds_with_emails_waiting() == []


def test_a_round_nobody_asked_about_enqueues_no_e_mail_task(
    event_with_players, enqueued_tasks, django_capture_on_commit_callbacks
):
    event, _ = event_with_players(2)
    give_addresses("p01")
    assert api("org").post(f"/api/tournaments/{event}/start/").status_code == 200
    pair(event, django_capture_on_commit_callbacks)
    assert [name for name, _, _ in enqueued_tasks] == ["tournaments.round_pair"]


# --- no request sends mail --------------------------------------------------------------------


def test_pairing_through_the_api_sends_no_mail_in_the_request_and_enqueues_the_task(
    event, inbox, enqueued_tasks, django_capture_on_commit_callbacks
):
    # when: the organizer opens round 1 through the API (the request), then the worker pairs it
    with django_capture_on_commit_callbacks(execute=True):
        response = api("org").post(f"/api/tournaments/{event}/rounds/")
    assert response.status_code == 202
    # then: the request sent no mail and only asked for the pairing
    assert mail.outbox == []
    assert inbox.received == []
    assert [name for name, _, _ in enqueued_tasks] == ["tournaments.round_pair"]
    round = round_of(event, 1)
    with django_capture_on_commit_callbacks(execute=True):
        round_pair_task(round.pk)
    # the pairing (a worker's task) enqueued the e-mails, and sent none itself
    assert [name for name, _, _ in enqueued_tasks] == ["tournaments.round_pair", TASK]
    assert inbox.received == []
    round_emails_task(round.pk)
    assert len(inbox.received) == 3


def test_only_the_round_e_mail_service_sends_mail_and_only_its_task_calls_it():
    """Structurally: django.core.mail is used by one module, and its sending function is called
    by the task alone, so no view or API request can send mail itself."""
    senders, callers = set(), set()
    for package in ("genesis", "decks", "tournaments", "matchups", "rules"):
        for path in (ROOT / package).rglob("*.py"):
            tree = ast.parse(path.read_text())
            relative = str(path.relative_to(ROOT))
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "django.core.mail"
                ):
                    senders.add(relative)
                if (
                    isinstance(node, ast.ImportFrom)
                    and node.module == "django.core"
                    and any(alias.name == "mail" for alias in node.names)
                ):
                    senders.add(relative)
                if isinstance(node, ast.Import) and any(
                    alias.name.startswith("django.core.mail") for alias in node.names
                ):
                    senders.add(relative)
                if isinstance(node, ast.Attribute) and node.attr == "round_emails_send":
                    callers.add(relative)
    assert senders == {"tournaments/services/round_emails.py"}
    assert callers == {"tournaments/tasks.py"}


# --- asking for them: the API ---------------------------------------------------------------------


def since_by_player(event: int) -> dict[str, object]:
    return dict(
        Registration.objects.filter(tournament_id=event).values_list(
            "player__username", "round_emails_since"
        )
    )


def test_a_player_turns_round_emails_on_and_off_for_themself(event):
    response = round_emails_put(event, "p03", True)
    assert response.status_code == 200
    body = response.json()
    registration = Registration.objects.get(tournament_id=event, player__username="p03")
    assert body["registration"] == registration.pk
    assert body["enabled"] is True
    assert body["since"] is not None
    # asking again keeps the first time asked
    assert round_emails_put(event, "p03", True).json()["since"] == body["since"]
    off = round_emails_put(event, "p03", False).json()
    assert (off["enabled"], off["since"]) == (False, None)


@pytest.mark.parametrize(
    ("username", "enabled", "status", "code"),
    [
        ("p04", True, 409, "no_email_address"),  # no address on the account
        ("org", True, 404, "not_registered"),  # the organizer cannot opt anyone in
        ("stranger", True, 404, "not_registered"),
        ("stranger", False, 404, "not_registered"),
        (None, True, 401, "not_authenticated"),
        ("p03", "maybe", 400, "invalid"),
    ],
)
def test_refusals_change_nothing(event, username, enabled, status, code):
    before = since_by_player(event)
    response = round_emails_put(event, username, enabled)
    assert response.status_code == status, response.json()
    assert response.json()["code"] == code
    assert since_by_player(event) == before


def test_no_event_and_a_finished_event(event):
    assert round_emails_put(10**9, "p01", True).json()["code"] == "not_found"
    Tournament.objects.filter(pk=event).update(status=Tournament.Status.FINISHED)
    assert round_emails_put(event, "p03", True).json()["code"] == "finished"
    # turning them off is always allowed
    assert round_emails_put(event, "p01", False).json()["enabled"] is False


# --- asking for them: the event page ------------------------------------------------------------


def event_page(event: int, client: Client) -> str:
    response = client.get(reverse("tournaments:event-detail", args=[event]))
    assert response.status_code == 200
    return unescape(response.content.decode())


def test_the_event_page_toggles_a_players_round_emails(event):
    url = reverse("tournaments:round-emails", args=[event])
    client = as_user("p03")
    page = event_page(event, client)
    assert f'action="{url}"' in page
    assert "E-mail me my table each round" in page
    assert 'name="csrfmiddlewaretoken"' in page
    response = client.post(url, {"enabled": "1"})
    assert response.status_code == 302
    assert since_by_player(event)["p03"] is not None
    page = event_page(event, client)
    assert "Stop round e-mails" in page
    assert address("p03") in page
    client.post(url, {"enabled": "0"})
    assert since_by_player(event)["p03"] is None


def test_the_page_refuses_others_and_a_missing_address_and_needs_csrf(event):
    url = reverse("tournaments:round-emails", args=[event])
    before = since_by_player(event)
    # the organizer is not a player: a page of its own, nothing changed
    assert as_user("org").post(url, {"enabled": "1"}).status_code == 404
    # no address: the page says why, and offers no button
    client = as_user("p04")
    assert "your account page" in event_page(event, client)
    response = client.post(url, {"enabled": "1"}, follow=True)
    assert "Your account has no e-mail address" in unescape(response.content.decode())
    # without the CSRF token: refused
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(get_user_model().objects.get(username="p03"))
    assert strict.post(url, {"enabled": "1"}).status_code == 403
    # anonymous: to the log-in
    assert Client().post(url, {"enabled": "1"}).status_code == 302
    assert since_by_player(event) == before


def test_players_moved_by_a_swap_are_sent_their_new_table(
    event, inbox, enqueued_tasks, django_capture_on_commit_callbacks
):
    # given: round 1's e-mails sent
    pair(event, django_capture_on_commit_callbacks)
    round = round_of(event, 1)
    round_emails_task(round.pk)
    first = inbox.by_recipient()
    # when: a judge swaps the first players of the two tables
    matches = list(round.matches.exclude(player_b=None).order_by("table"))
    body = {"registration_a": matches[0].player_a_id, "registration_b": matches[1].player_a_id}
    enqueued_tasks.clear()
    with django_capture_on_commit_callbacks(execute=True):
        response = api("org").post(f"/api/tournaments/{event}/rounds/1/swap/", body, format="json")
    assert response.status_code == 200, response.json()
    assert enqueued_tasks == [(TASK, (round.pk,), {})]
    inbox.received.clear()
    round_emails_task(round.pk)
    # then: those of the four who asked get their new table; the bye's player nothing more
    pairings = api().get(f"/api/tournaments/{event}/rounds/1/pairings/").json()
    subjects = expected_subjects(pairings, 1)
    moved = {
        name
        for m in matches
        for name in (m.player_a.name, m.player_b.name)
        if name in ("p01", "p02", "p05")
    }
    assert moved
    assert inbox.by_recipient() == {address(name): [subjects[name]] for name in moved}
    assert all(first[address(name)] != [subjects[name]] for name in moved)


def test_every_round_emails_refusal_code_is_documented():
    text = Path("docs/api.md").read_text()
    section = text[text.index("### Round e-mails") : text.index("### The event stream")]
    sources = ("tournaments/services/round_emails.py", "tournaments/api_round_emails.py")
    codes = {code for s in sources for code in re.findall(r'code="([a-z_]+)"', Path(s).read_text())}
    assert {"no_email_address", "not_registered", "finished", "team_event"} <= codes
    for code in codes | {"invalid", "not_authenticated", "not_found"}:
        assert f"`{code}`" in section, code


def test_a_player_adds_an_address_on_the_account_page_then_asks_for_round_emails(event):
    client = as_user("p04")
    url = reverse("account-email")
    response = client.post(url, {"email": "not an address"}, follow=True)
    assert "That is not an e-mail address." in unescape(response.content.decode())
    assert get_user_model().objects.get(username="p04").email == ""
    client.post(url, {"email": " p04@Example.ORG "})
    assert get_user_model().objects.get(username="p04").email == "p04@example.org"
    assert 'value="p04@example.org"' in client.get(reverse("account")).content.decode()
    response = client.post(reverse("tournaments:round-emails", args=[event]), {"enabled": "1"})
    assert response.status_code == 302
    assert since_by_player(event)["p04"] is not None
