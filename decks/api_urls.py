"""API routes of the card index and timelines."""

from django.urls import path

from . import api

urlpatterns = [
    path("cards/", api.CardList.as_view(), name="card-list"),
    path("cards/<int:pk>/", api.CardDetail.as_view(), name="card-detail"),
    path("decks/", api.DeckListCreate.as_view(), name="deck-list"),
    path("decks/validate/", api.DeckValidate.as_view(), name="deck-validate"),
    path("decks/<str:key>/", api.DeckDetail.as_view(), name="deck-detail"),
    path("decks/<str:key>/versions/", api.DeckVersions.as_view(), name="deck-versions"),
    path("decks/<str:key>/diff/", api.DeckDiff.as_view(), name="deck-diff"),
    path("decks/<str:key>/clone/", api.DeckClone.as_view(), name="deck-clone"),
    path("decks/<str:key>/export/", api.DeckExport.as_view(), name="deck-export"),
]
