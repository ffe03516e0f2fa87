"""Fixtures for the card index tests."""

import json

import pytest

from decks.services import card_set_import
from rules.core.cardfile import read_card_file
from tests.conftest import card, card_set, champion


@pytest.fixture
def cards(db):
    """Five cards covering every search filter (used by the API and the page tests)."""
    content = card_set(
        [
            champion(
                "Vela",
                affiliations=["Axon"],
                world="Jaelara",
                awareness=[".x.", "x^x"],
                abilities=[
                    {
                        "speed": "swift",
                        "name": "Basic Attack [1]",
                        "cost": {"exert": True},
                        "text": "Deal 1 damage to a target in your awareness.",
                    }
                ],
            ),
            card(
                "Cinder Pup",
                type="summon",
                chi=2,
                hp=1,
                affiliations=["Thymos"],
                abilities=[
                    {"speed": "action", "name": "Beckon", "cost": {"aura": 2}},
                    {"speed": "swift", "name": "Fire Attack [1]", "cost": {"exert": True}},
                ],
            ),
            card(
                "Skyguard",
                type="summon",
                chi=4,
                hp=4,
                affiliations=["Axon"],
                abilities=[{"speed": "continuous", "name": "Flight"}],
            ),
            card(
                "Bolt Volley",
                type="technique",
                chi=4,
                affiliations=["Axon", "Bellum"],
                abilities=[
                    {
                        "speed": "swift",
                        "name": "Area Range Attack [4]",
                        "cost": {"energy": 4},
                        "text": "Deal 4 damage to everything in the awareness.",
                    }
                ],
            ),
            card(
                "Mending Light",
                type="spell",
                chi=1,
                affiliations=["Jaelara"],
                abilities=[{"speed": "action", "name": "Cure [2]", "cost": {"aura": 1}}],
            ),
        ]
    )
    card_set_import(card_file=read_card_file(json.dumps(content)))
