"""import_cards: whole-file checks, nothing half-written, idempotent re-imports, in-place updates,
and a file that writes only its own set's cards."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from decks import services
from decks.models import Ability, Affiliation, Card, CardSet
from rules.core.decklist import parse_decklist
from tests.conftest import ROOT, card, card_set, champion

pytestmark = pytest.mark.django_db


def import_file(path):
    call_command("import_cards", str(path), stdout=_Sink(), stderr=_Sink())


class _Sink:
    def __init__(self):
        self.text = ""

    def write(self, message):
        self.text += message

    def flush(self):
        pass


def test_import_creates_cards_abilities_and_affiliations(write_card_set):
    path = write_card_set(
        card_set(
            [
                champion(
                    "Vela",
                    affiliations=["Axon"],
                    world="Jaelara",
                    awareness=["x^x"],
                    abilities=[
                        {"speed": "swift", "name": "Basic Attack [1]", "cost": {"exert": True}}
                    ],
                ),
                card(
                    "Bolt",
                    type="technique",
                    chi=4,
                    abilities=[
                        {"speed": "swift", "name": "Area Range Attack [4]", "cost": {"energy": 4}}
                    ],
                ),
            ]
        )
    )
    import_file(path)
    vela = Card.objects.get(name="Vela")
    assert vela.world.kind == Affiliation.Kind.WORLD
    assert vela.affiliation_index == "|axon||jaelara|"
    assert vela.awareness == [[-1, 0], [1, 0]]
    bolt = Card.objects.get(name="Bolt")
    (ability,) = bolt.abilities.all()
    assert ability.cost_energy == 4
    assert ability.keywords[0]["attributes"] == ["area", "range"]
    assert bolt.keyword_index == "|area_attack||attack||range_attack|"
    assert bolt.cost_index == "|energy|"
    assert bolt.speed_index == "|swift|"


def test_reimporting_the_same_file_changes_nothing(write_card_set):
    path = write_card_set(card_set([card("Spark"), card("Ember", chi=3)]))
    import_file(path)
    before = list(Card.objects.values_list("pk", "content_hash").order_by("pk"))
    out = _Sink()
    call_command("import_cards", str(path), stdout=out)
    assert "0 created, 0 updated, 2 unchanged" in out.text
    assert list(Card.objects.values_list("pk", "content_hash").order_by("pk")) == before


def test_a_changed_card_is_updated_in_place(write_card_set):
    import_file(
        write_card_set(
            card_set([card("Spark", abilities=[{"speed": "action", "name": "Fire Attack [2]"}])])
        )
    )
    original = Card.objects.get(name="Spark")
    import_file(
        write_card_set(
            card_set(
                [
                    card(
                        "Spark",
                        chi=5,
                        affiliations=["Bellum"],
                        abilities=[{"speed": "swift", "name": "Fire Attack [3]"}],
                    )
                ]
            ),
            "v2.json",
        )
    )
    updated = Card.objects.get(name="Spark")
    assert updated.pk == original.pk
    assert updated.chi == 5
    assert [a.name for a in updated.affiliations.all()] == ["Bellum"]
    assert list(updated.abilities.values_list("name", flat=True)) == ["Fire Attack [3]"]
    assert Ability.objects.count() == 1


def test_a_file_with_any_error_imports_nothing(write_card_set):
    path = write_card_set(card_set([card("Fine"), card("Broken", chi="lots")]))
    err = _Sink()
    with pytest.raises(CommandError):
        call_command("import_cards", str(path), stdout=_Sink(), stderr=err)
    assert "card #2 (Broken), field 'chi'" in err.text
    assert not Card.objects.exists()
    assert not CardSet.objects.exists()


def test_a_name_owned_by_another_set_is_refused_and_nothing_is_written(write_card_set):
    import_file(write_card_set(card_set([card("Spark")], code="ONE"), "one.json"))
    err = _Sink()
    with pytest.raises(CommandError):
        call_command(
            "import_cards",
            str(
                write_card_set(card_set([card("New Card"), card("SPARK")], code="TWO"), "two.json")
            ),
            stdout=_Sink(),
            stderr=err,
        )
    assert "belongs to set ONE (Test Set)" in err.text
    assert not CardSet.objects.filter(code="TWO").exists()
    assert not Card.objects.filter(name="New Card").exists()


def test_unreadable_and_missing_files_are_reported(write_card_set, tmp_path):
    err = _Sink()
    with pytest.raises(CommandError, match="2 of 2"):
        call_command(
            "import_cards",
            str(tmp_path / "missing.json"),
            str(write_card_set("{oops", "bad.json")),
            stdout=_Sink(),
            stderr=err,
        )
    assert "cannot read the file" in err.text
    assert "not valid JSON" in err.text


def test_bundled_sets_import_cleanly_and_idempotently():
    from pathlib import Path

    files = sorted(str(p) for p in Path("decks/cardsets").glob("*.json"))
    assert files, "the bundled card sets are missing"
    call_command("import_cards", *files, stdout=_Sink())
    count = Card.objects.count()
    out = _Sink()
    call_command("import_cards", *files, stdout=out)
    assert Card.objects.count() == count
    assert " 0 created, 0 updated" in out.text
    # The bundled sets are written in the current format (docs/card-format.md).
    assert {json.loads(Path(f).read_text())["format_version"] for f in files} == {2}


def test_cards_the_engine_cannot_play_are_reported_at_import(write_card_set):
    path = write_card_set(
        card_set(
            [
                card("Null Relay", abilities=[{"speed": "swift", "name": "Brand [Fire]"}]),
                card("Plain Bolt", abilities=[{"speed": "swift", "name": "Range Attack [1]"}]),
            ]
        )
    )
    out, err = _Sink(), _Sink()
    call_command("import_cards", str(path), stdout=out, stderr=err)
    assert "Null Relay: Brand [Fire]: Brand names an ailment" in err.text
    assert "bots will not play decks with it" in err.text
    assert "Plain Bolt" not in err.text
    assert Card.objects.filter(name="Null Relay").exists()  # a real card still imports


@pytest.mark.parametrize(
    ("mangle", "said"),
    [
        (lambda text: text.replace('"Spark"', '"Sp\\u0000ark"', 1), "a NUL character"),
        (lambda text: text.replace('"Spark"', '"Sp\\ud800ark"', 1), "a lone surrogate"),
        (lambda text: "[" * 100_000 + "]" * 100_000, "nested far too deeply"),
        (lambda text: text.replace('"Spark"', '"Sp\x00ark"', 1), "not valid JSON"),
    ],
    ids=["nul-escape", "lone-surrogate", "deep-json", "raw-nul"],
)
def test_a_file_no_database_could_store_is_refused_with_where_and_nothing_written(
    write_card_set, mangle, said
):
    # given a card file with something unstorable in it
    text = mangle(json.dumps(card_set([card("Spark")], code="BAD")))
    path = write_card_set(text, "bad.json")
    err = _Sink()
    # when it is imported, then the command fails cleanly (exit status 1) naming file and place
    with pytest.raises(CommandError, match="1 of 1"):
        call_command("import_cards", str(path), stdout=_Sink(), stderr=err)
    assert f"{path}:" in err.text
    assert said in err.text
    assert not Card.objects.exists()
    assert not CardSet.objects.exists()


def test_a_reimport_recomputes_the_legality_of_decks_naming_a_changed_card(write_card_set):
    # given: the demo set and a legal deck built on it
    demo = json.loads((ROOT / "decks/cardsets/demo.json").read_text())
    import_file(write_card_set(demo))
    owner = get_user_model().objects.create_user("owner", password="a-long-test-password")
    sample = (ROOT / "decks/samples/sera-vantyne-storm-lattice.txt").read_text()
    deck = services.deck_create(owner=owner, name="Lattice", decklist=parse_decklist(sample))
    bystander = services.deck_create(
        owner=owner, name="Other", decklist=parse_decklist("Champion: Sera Vantyne\n1 Arc Relay\n")
    )
    assert (deck.legal, bystander.legal) == (True, False)
    updated_at = deck.updated_at
    # when: a re-import gives Static Lattice an affiliation Sera Vantyne lacks
    for entry in demo["cards"]:
        if entry["name"] == "Static Lattice":
            entry["affiliations"] = ["Thymos"]
    import_file(write_card_set(demo))
    # then: the stored flag follows, without the deck counting as edited by its owner
    deck.refresh_from_db()
    assert deck.legal is False
    assert deck.updated_at == updated_at
    # when: the card is set right again, the deck is legal again
    for entry in demo["cards"]:
        if entry["name"] == "Static Lattice":
            entry["affiliations"] = ["Axon"]
    import_file(write_card_set(demo))
    deck.refresh_from_db()
    bystander.refresh_from_db()
    assert (deck.legal, bystander.legal) == (True, False)


# --- card sets keep to their own cards --------------------------------------------------------


def _refused(path) -> str:
    err = _Sink()
    with pytest.raises(CommandError):
        call_command("import_cards", str(path), stdout=_Sink(), stderr=err)
    return err.text


def _index_rows():
    """Every row an import writes, to check that a refused one wrote nothing."""
    return (
        list(
            CardSet.objects.values_list("pk", "game", "code", "name", "description").order_by("pk")
        ),
        list(Card.objects.values_list("pk", "card_set_id", "name", "content_hash").order_by("pk")),
        list(Ability.objects.values_list("pk", "card_id", "name").order_by("pk")),
        list(Affiliation.objects.values_list("pk", "name").order_by("pk")),
    )


def test_a_card_of_another_set_is_refused_naming_both_sets_and_the_card(write_card_set):
    import_file(write_card_set(card_set([card("Spark")], code="ONE", name="First"), "one.json"))
    before = _index_rows()
    err = _refused(
        write_card_set(
            card_set(
                [card("New Card", affiliations=["Newcomers"]), card("SPARK", chi=9)],
                code="TWO",
                name="Second",
            ),
            "two.json",
        )
    )
    assert "card #2 (SPARK)" in err
    assert "set ONE (First)" in err
    assert "set TWO (Second)" in err
    assert _index_rows() == before  # no set TWO, no New Card, no Newcomers, Spark unchanged


def test_a_file_that_reuses_another_sets_code_is_refused_naming_both_sets(write_card_set):
    import_file(write_card_set(card_set([card("Spark")], code="ONE", name="First"), "one.json"))
    before = _index_rows()
    err = _refused(
        write_card_set(
            card_set(
                [card("Spark", chi=9), card("New Card", affiliations=["Newcomers"])],
                code="ONE",
                name="Impostor",
            ),
            "impostor.json",
        )
    )
    assert "set ONE (First)" in err
    assert "Impostor" in err
    assert _index_rows() == before  # the set keeps its name, Spark its stats, no New Card


@pytest.mark.parametrize("bundled", ["demo.json", "grand-archive-demo.json"])
def test_a_bundled_sets_code_cannot_be_taken_over_in_any_game(write_card_set, bundled):
    content = json.loads((ROOT / "decks/cardsets" / bundled).read_text())
    import_file(write_card_set(content, "bundled.json"))
    before = _index_rows()
    impostor = {**content, "set": {**content["set"], "name": "Impostor"}}
    err = _refused(write_card_set(impostor, "impostor.json"))
    assert f"set {content['set']['code']} ({content['set']['name']})" in err
    assert "Impostor" in err
    assert _index_rows() == before


def test_reimporting_a_set_with_its_own_cards_and_a_new_description_works(write_card_set):
    import_file(write_card_set(card_set([card("Spark")], code="ONE", name="First"), "one.json"))
    import_file(
        write_card_set(
            card_set(
                [card("Spark", chi=5), card("Ember")],
                code="ONE",
                name="First",
                description="Now with Ember",
            ),
            "one-v2.json",
        )
    )
    (one,) = CardSet.objects.all()
    assert (one.code, one.name, one.description) == ("ONE", "First", "Now with Ember")
    assert sorted(one.cards.values_list("name", "chi")) == [("Ember", 2), ("Spark", 5)]
