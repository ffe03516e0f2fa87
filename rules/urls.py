"""Page routes of the judges' rules lookup, under /rules/."""

from django.urls import path

from . import views

app_name = "rules"
urlpatterns = [
    path("", views.rules_search, name="search"),
    path("keywords/", views.keyword_list, name="keyword-list"),
    path("keywords/<slug:slug>/", views.keyword_detail, name="keyword-detail"),
    path("keywords/<slug:game>/<slug:slug>/", views.game_term_detail, name="game-term-detail"),
    path("rulings/new/", views.ruling_new, name="ruling-new"),
    path("<slug:document>/", views.document_detail, name="document"),
    path("<slug:document>/<slug:anchor>/", views.section_detail, name="section"),
]
