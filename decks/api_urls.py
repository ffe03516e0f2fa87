"""API routes of the card index and timelines."""

from django.urls import path

from . import api

urlpatterns = [
    path("cards/", api.CardList.as_view(), name="card-list"),
    path("cards/<int:pk>/", api.CardDetail.as_view(), name="card-detail"),
]
