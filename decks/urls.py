"""Page routes of the card index and timelines."""

from django.urls import path

from . import views

app_name = "decks"
urlpatterns = [
    path("", views.card_search, name="card-search"),
    path("cards/<int:pk>/", views.card_detail, name="card-detail"),
    path("cards/<int:pk>/add-to-deck/", views.card_add_to_deck, name="card-add-to-deck"),
    path("decks/", views.deck_list, name="deck-list"),
    path("decks/new/", views.deck_new, name="deck-new"),
    path("decks/builder/search/", views.builder_search, name="builder-search"),
    # Before decks/<key>/: "compare" is not a deck key (keys are 12 characters long).
    path("decks/compare/", views.deck_compare, name="deck-compare"),
    path("decks/<str:key>/", views.deck_detail, name="deck-detail"),
    path("decks/<str:key>/edit/", views.deck_edit, name="deck-edit"),
    path("decks/<str:key>/odds/", views.deck_group_odds, name="deck-group-odds"),
    path("decks/<str:key>/delete/", views.deck_delete, name="deck-delete"),
    path("decks/<str:key>/clone/", views.deck_clone, name="deck-clone"),
    path("decks/<str:key>/diff/<int:old>/<int:new>/", views.deck_diff, name="deck-diff"),
]
