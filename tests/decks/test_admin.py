"""The card admin: a card's search columns are derived data with one writer
(decks.services.card_search_columns), shown read-only and written again on every save."""

from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model

from decks.models import Card
from decks.services import SEARCH_COLUMNS

pytestmark = pytest.mark.django_db


class _Form(HTMLParser):
    """The fields the admin's change form would post, as a browser would fill them."""

    def __init__(self):
        super().__init__()
        self.fields: list[tuple[str, str]] = []
        self.editable: set[str] = set()
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name:
            if a.get("type") != "hidden":
                self.editable.add(name)
            if a.get("type") in ("submit", "button", "file"):
                return
            if a.get("type") == "checkbox" and "checked" not in a:
                return
            self.fields.append((name, a.get("value") or ""))
        elif tag == "textarea" and name:
            self.editable.add(name)
            self._textarea = name
            self.fields.append((name, ""))
        elif tag == "select" and name:
            self.editable.add(name)
            self._select = name
        elif tag == "option" and self._select and "selected" in a:
            self.fields.append((self._select, a.get("value") or ""))

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data):
        if self._textarea:
            name, text = self.fields[-1]
            self.fields[-1] = (name, text + data)


def admin_form(client, url) -> _Form:
    response = client.get(url)
    assert response.status_code == 200
    form = _Form()
    form.feed(response.content.decode())
    return form


@pytest.fixture
def staff(client):
    client.force_login(
        get_user_model().objects.create_superuser("staff", "staff@example.com", "a-long-password")
    )
    return client


def test_the_admin_shows_search_columns_read_only(staff, cards):
    # given
    bolt = Card.objects.get(name="Bolt Volley")
    # when
    form = admin_form(staff, f"/admin/decks/card/{bolt.pk}/change/")
    # then: the card's own fields are offered, none of the derived ones
    assert {"name", "text", "abilities-0-name"} <= form.editable
    assert form.editable.isdisjoint({*SEARCH_COLUMNS, "content_hash"})


def test_editing_a_card_in_the_admin_recomputes_its_search_columns(staff, cards):
    # given
    bolt = Card.objects.get(name="Bolt Volley")
    url = f"/admin/decks/card/{bolt.pk}/change/"
    fields = admin_form(staff, url).fields
    data = dict(fields)
    lists = {"affiliations": [v for k, v in fields if k == "affiliations"]}
    # when: renamed, a new text, its ability now a continuous Flight paid with aura
    data |= {
        "name": "Bolt Barrage",
        "text": "Crackling Storms",
        "abilities-0-name": "Flight",
        "abilities-0-speed": "continuous",
        "abilities-0-cost_energy": "0",
        "abilities-0-cost_aura": "2",
        "abilities-0-text": "It flies.",
        # a hand-written value for a derived column is ignored
        "search_text": "tampered",
        "_save": "Save",
    }
    response = staff.post(url, data | lists)
    # then
    assert response.status_code == 302, response.content.decode()[:2000]
    bolt.refresh_from_db()
    assert bolt.name_key == "bolt barrage"
    assert "crackling storms" in bolt.search_text
    assert "it flies." in bolt.search_text
    assert "tampered" not in bolt.search_text
    assert bolt.speed_index == "|continuous|"
    assert bolt.cost_index == "|aura|"
    assert bolt.affiliation_index == "|axon||bellum|"
    assert bolt.keyword_index == "|flight|"
    (ability,) = bolt.abilities.all()
    assert [term["keyword"] for term in ability.keywords] == ["flight"]


def test_editing_another_games_card_recomputes_its_search_text(staff, bundled_cards):
    # given: a Grand Archive card, whose classes live only in its index column
    spirit = Card.objects.get(name="Emberwake Spirit")
    url = f"/admin/decks/card/{spirit.pk}/change/"
    fields = admin_form(staff, url).fields
    # when
    response = staff.post(url, dict(fields) | {"text": "Wakes in cinders.", "_save": "Save"})
    # then
    assert response.status_code == 302, response.content.decode()[:2000]
    spirit.refresh_from_db()
    assert "wakes in cinders." in spirit.search_text
    assert "spirit" in spirit.search_text.split()
    assert spirit.class_index == "|spirit|"
