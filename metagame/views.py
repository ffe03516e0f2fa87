"""Pages of the metagame (docs/metagame.md): an event's figures and its simulated field, a
format's figures over dates, and a format's archetypes with the officials' forms (create,
rename, and merge and split, each asked on a confirmation page first)."""

from datetime import date

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from genesis.errors import Forbidden, NotFound, Refusal
from matchups.models import Matchup
from rules.core.formats import FORMATS
from tournaments import selectors as event_selectors
from tournaments.models import Tournament

from . import permissions, selectors, services


def _event(pk: int) -> Tournament:
    try:
        return event_selectors.tournament_get(tournament_id=pk)
    except Tournament.DoesNotExist:
        raise Http404("No event has that id.") from None


def _format(slug: str) -> str:
    if slug not in FORMATS:
        raise Http404("There is no such format.")
    return slug


def event_metagame(request, pk: int):
    tournament = _event(pk)
    figures = selectors.event_figures(tournament)
    simulation = selectors.latest_simulation(tournament) if figures is not None else None
    return render(
        request,
        "metagame/event.html",
        {
            "tournament": tournament,
            "format_name": event_selectors.format_name(tournament.format),
            "figures": selectors.figures_json(figures) if figures is not None else None,
            "simulation": (
                selectors.comparison(figures, simulation)
                if figures is not None and simulation is not None
                else None
            ),
            "can_simulate": figures is not None
            and permissions.can_simulate(tournament, request.user),
            "bots": Matchup.Bot.choices,
            "games": services.DEFAULT_SIMULATED_GAMES,
            "max_games": services.MAX_SIMULATED_GAMES,
        },
    )


@require_POST
def event_simulate(request, pk: int):
    tournament = _event(pk)
    back = reverse("metagame:event", args=[pk])
    games = request.POST.get("games", "")
    try:
        _, started = services.field_simulate(
            tournament=tournament,
            actor=request.user,
            games=int(games) if games.isdigit() and len(games) < 6 else 0,
            bot=request.POST.get("bot", Matchup.Bot.HEURISTIC),
        )
    except Refusal as exc:
        return _refused(request, exc, back)
    messages.success(
        request,
        f"The simulated field is running: {started} pairing{'s' if started != 1 else ''} "
        "started now; the others start as your running tests end."
        if started
        else "The simulated field is running.",
    )
    return redirect(f"{back}#simulated")


def _refused(request, exc: Refusal, back: str):
    if isinstance(exc, Forbidden) and not request.user.is_authenticated:
        return redirect_to_login(back)
    if isinstance(exc, (Forbidden, NotFound)):
        return render(
            request, "metagame/refused.html", {"refusal": exc, "back": back}, status=exc.status_code
        )
    messages.error(request, exc.detail)
    return redirect(back)


def _day(text: str) -> date | None:
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        return None


def format_metagame(request, slug: str):
    slug = _format(slug)
    start, end = _day(request.GET.get("from", "")), _day(request.GET.get("to", ""))
    events, figures = selectors.format_figures(slug, start, end)
    return render(
        request,
        "metagame/format.html",
        {
            "slug": slug,
            "format_name": event_selectors.format_name(slug),
            "start": start,
            "end": end,
            "events": events,
            "figures": selectors.figures_json(figures),
            "can_edit": permissions.can_edit_archetypes(slug, request.user),
        },
    )


def archetypes(request, slug: str):
    slug = _format(slug)
    back = reverse("metagame:archetypes", args=[slug])
    if request.method == "POST":
        try:
            services.archetype_create(
                format_slug=slug,
                actor=request.user,
                name=request.POST.get("name", ""),
                champion=request.POST.get("champion", ""),
                cards=_cards(request.POST.get("cards", "")),
            )
        except Refusal as exc:
            return _refused(request, exc, back)
        messages.success(request, "Archetype created.")
        return redirect(back)
    return render(request, "metagame/archetypes.html", _archetypes_context(request, slug))


def _archetypes_context(request, slug: str) -> dict:
    return {
        "slug": slug,
        "format_name": event_selectors.format_name(slug),
        "archetypes": selectors.archetype_list(slug),
        "can_edit": permissions.can_edit_archetypes(slug, request.user),
    }


def _cards(text: str) -> list[dict]:
    """Signature cards as the form takes them: one a line, "2 Card Name" or "Card Name"."""
    cards = []
    for line in text.splitlines()[: services.MAX_SIGNATURE_CARDS + 1]:
        line = line.strip()
        if not line:
            continue
        count, _, rest = line.partition(" ")
        if count.rstrip("x").isdigit() and rest.strip():
            cards.append({"card": rest.strip(), "min": int(count.rstrip("x")[:3])})
        else:
            cards.append({"card": line, "min": 1})
    return cards


def _archetype(slug: str, pk: int):
    try:
        return services.archetype_get(format_slug=slug, pk=pk)
    except NotFound:
        raise Http404("This format has no archetype with that id.") from None


@require_POST
def archetype_rename(request, slug: str, pk: int):
    slug = _format(slug)
    back = reverse("metagame:archetypes", args=[slug])
    try:
        services.archetype_rename(
            archetype=_archetype(slug, pk), actor=request.user, name=request.POST.get("name", "")
        )
    except Refusal as exc:
        return _refused(request, exc, back)
    messages.success(request, "Archetype renamed.")
    return redirect(back)


def _confirm(request, slug: str, *, title: str, does: str, undo: str, button: str, carry: dict):
    return render(
        request,
        "metagame/confirm.html",
        {
            "title": title,
            "does": does,
            "undo": undo,
            "button": button,
            "carry": sorted(carry.items()),
            "back": reverse("metagame:archetypes", args=[slug]),
        },
    )


@require_POST
def archetype_merge(request, slug: str, pk: int):
    slug = _format(slug)
    back = reverse("metagame:archetypes", args=[slug])
    archetype = _archetype(slug, pk)
    into_id = request.POST.get("into", "")
    into = _archetype(slug, int(into_id)) if into_id.isdigit() else None
    if into is None:
        messages.error(request, "Choose the archetype to merge into.")
        return redirect(back)
    if not permissions.can_edit_archetypes(slug, request.user):
        return _refused(request, _not_allowed(request, slug), back)
    if request.POST.get("confirm") != "yes":
        return _confirm(
            request,
            slug,
            title=f"Merge {archetype.name} into {into.name}?",
            does=f"Every decklist of {archetype.name}, in every event of the format, becomes "
            f"{into.name}'s, and the name {archetype.name} is gone.",
            undo=f"Split {into.name} again by the cards that set {archetype.name} apart.",
            button="Merge",
            carry={"into": str(into.pk)},
        )
    try:
        services.archetype_merge(archetype=archetype, into=into, actor=request.user)
    except Refusal as exc:
        return _refused(request, exc, back)
    messages.success(request, f"{archetype.name} merged into {into.name}.")
    return redirect(back)


def _not_allowed(request, slug: str) -> Refusal:
    try:
        permissions.require_archetype_editor(slug, request.user)
    except Refusal as exc:
        return exc
    raise AssertionError("asked only when the user may not")


@require_POST
def archetype_split(request, slug: str, pk: int):
    slug = _format(slug)
    back = reverse("metagame:archetypes", args=[slug])
    archetype = _archetype(slug, pk)
    if not permissions.can_edit_archetypes(slug, request.user):
        return _refused(request, _not_allowed(request, slug), back)
    name, text = request.POST.get("name", ""), request.POST.get("cards", "")
    if request.POST.get("confirm") != "yes":
        return _confirm(
            request,
            slug,
            title=f"Split {name or 'a new archetype'} off {archetype.name}?",
            does=f"The decklists of {archetype.name} that also hold these cards become a new "
            f"archetype called {name}: {'; '.join(text.splitlines())}.",
            undo=f"Merge {name} back into {archetype.name}.",
            button="Split",
            carry={"name": name, "cards": text},
        )
    try:
        new = services.archetype_split(
            archetype=archetype, actor=request.user, name=name, cards=_cards(text)
        )
    except Refusal as exc:
        return _refused(request, exc, back)
    messages.success(request, f"{new.name} split off {archetype.name}.")
    return redirect(back)
