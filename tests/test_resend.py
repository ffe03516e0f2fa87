"""The one sweep of pending work (genesis.resend): it runs what every app registered, adds up
what they sent, and an app whose resend fails (a broker still down) keeps none of the others
from running; the sweep then fails, so the next one tries again."""

import pytest

from genesis import resend


@pytest.fixture
def registry(monkeypatch):
    registered: dict = {}
    monkeypatch.setattr(resend, "_resenders", registered)
    return registered


def test_the_installed_apps_are_in_the_sweep():
    assert {"tournaments", "matchups"} <= set(resend._resenders)


def test_the_sweep_runs_every_app_and_adds_up_what_they_sent(registry):
    calls = []
    resend.register("a", lambda *, at_start=False: calls.append(("a", at_start)) or {"x": 1})
    resend.register(
        "b", lambda *, at_start=False: calls.append(("b", at_start)) or {"x": 2, "y": 3}
    )
    assert resend.pending_resend() == {"x": 3, "y": 3}
    assert resend.pending_resend(at_start=True) == {"x": 3, "y": 3}
    assert calls == [("a", False), ("b", False), ("a", True), ("b", True)]


def test_one_app_failing_keeps_none_of_the_others_from_running(registry):
    ran = []

    def broken(*, at_start=False):
        raise ConnectionError("the broker is down")

    resend.register("broken", broken)
    resend.register("fine", lambda *, at_start=False: ran.append("fine") or {"x": 1})
    with pytest.raises(ConnectionError):
        resend.pending_resend()
    assert ran == ["fine"]
