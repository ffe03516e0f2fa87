"""API routes of the judges' rules lookup, under /api/rules/."""

from django.urls import path

from . import api

urlpatterns = [
    path("search/", api.RulesSearch.as_view(), name="rules-search"),
    path("rulings/", api.RulingListCreate.as_view(), name="rules-rulings"),
]
