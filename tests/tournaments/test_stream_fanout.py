"""The event stream across web processes: two uvicorn processes on one Redis of the test's own,
as docs/deployment.md runs them behind a load balancer. An event published through one reaches
a client streaming from the other."""

import re
import threading
import time
import urllib.request

import pytest

from tests.test_faults import (  # noqa: F401  (database_url is a fixture)
    asgi_site,
    call,
    database_url,
    free_port,
    redis_env,
    redis_server,
    token_of,
    wait_until,
)
from tests.tournaments.conftest import api, build_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


class Phone(threading.Thread):
    """A client holding an event's stream; keeps each event block it receives, with the time."""

    def __init__(self, url: str):
        super().__init__(daemon=True)
        self.url = url
        self.blocks: list[tuple[float, str]] = []

    def run(self) -> None:
        with urllib.request.urlopen(self.url, timeout=30) as answer:
            block: list[str] = []
            for raw in answer:
                line = raw.decode().rstrip("\n")
                if line:
                    block.append(line)
                    continue
                if block and block[0].startswith("event: "):
                    self.blocks.append((time.monotonic(), "\n".join(block)))
                block = []

    def kinds(self) -> list[str]:
        return [block.split("\n")[0].removeprefix("event: ") for _, block in self.blocks]


def test_an_event_published_through_one_web_process_reaches_a_stream_on_the_other(
    tmp_path,
    database_url,  # noqa: F811
):
    # given a started event, and two web processes sharing one Redis
    event, _ = build_event(4)
    assert api("org").post(f"/api/tournaments/{event}/start/").status_code == 200
    with redis_server(tmp_path) as redis:
        env = {**redis_env(redis, tmp_path / "var"), "STREAM_REDIS_URL": redis.url(2)}
        with (
            asgi_site(database_url, env, tmp_path / "a.log") as first,
            asgi_site(database_url, env, tmp_path / "b.log") as second,
        ):
            # and a phone streaming the event from the second
            phone = Phone(f"{second}/api/tournaments/{event}/stream/")
            phone.start()
            wait_until(lambda: "stream-open" in phone.kinds(), 10, "the stream opens")
            # (with Redis, a process has no watch of the history table: what reaches the phone
            # came through Redis, and without the fan-out no process would subscribe here)
            wait_until(
                lambda: redis.client().pubsub_numsub("events_channel")[0][1] >= 1,
                10,
                "the second process listens on Redis",
            )
            # when the organizer starts round 1 through the first
            started = time.monotonic()
            status, _ = call(first, "POST", f"/api/tournaments/{event}/rounds/", token_of("org"))
            assert status == 202
            # then the phone hears of it from the second, at once
            wait_until(lambda: "round" in phone.kinds(), 5, "the round event reaches the phone")
            received, block = next(b for b in phone.blocks if b[1].startswith("event: round"))
            assert re.search(rf"^id: .*\btournament-{event}:1\b", block, re.M)
            assert '"status": "pairing"' in block
            print(f"pushed across processes in {received - started:.3f} s")

            # when the organizer takes the round back through the first process while Redis is
            # away (the event reaches the history, not pub/sub), and starts it again once Redis
            # is back
            redis.stop()
            status, _ = call(
                first, "DELETE", f"/api/tournaments/{event}/rounds/1/", token_of("org")
            )
            assert status == 204
            redis.start()
            wait_until(
                lambda: redis.client().pubsub_numsub("events_channel")[0][1] >= 1,
                15,
                "the second process subscribes again",
            )
            status, _ = call(first, "POST", f"/api/tournaments/{event}/rounds/", token_of("org"))
            assert status == 202
            # then the phone on the second gets both, in order: the one Redis never carried
            # from the history, the next through Redis
            wait_until(
                lambda: phone.kinds().count("round") == 3,
                15,
                "both events after Redis came back reach the phone",
            )
            rounds = [block for _, block in phone.blocks if block.startswith("event: round")]
            assert '"taken_back"' in rounds[1]
            assert re.search(rf"^id: .*\btournament-{event}:2\b", rounds[1], re.M)
            assert re.search(rf"^id: .*\btournament-{event}:3\b", rounds[2], re.M)
            firsts = [b for _, b in phone.blocks if re.search(rf"\btournament-{event}:1\b", b)]
            assert len(firsts) == 1  # nothing sent twice
