"""Page routes of the card index and timelines."""

from django.urls import path

from . import views

app_name = "decks"
urlpatterns = [
    path("", views.card_search, name="card-search"),
    path("cards/<int:pk>/", views.card_detail, name="card-detail"),
]
