"""Who plays: a player registers (a saved deck or a pasted list), or joins the waitlist of a
full event and may leave it, withdraws or drops, and asks for an e-mail at each new round; the organizer enters an automated event's decks,
reorders and trims the waitlist and changes the capacity; a judge registers a player or a walk-in
guest, drops one or takes one back. Refusals are shown on the event page, next to the form that
was sent.
"""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from decks import services as deck_services
from decks.core.bundled import sample_decklists
from genesis.errors import Forbidden, NotFound, Refusal

from .. import forms, selectors, services
from ..models import WaitlistEntry
from .common import act, ask_organizer, confirm_page, confirmed, event, event_url, refused
from .events import event_context


@require_POST
def register(request, pk: int):
    """Register with a saved deck (`deck`, its key) or a pasted decklist (`decklist`)."""
    tournament = event(pk)
    if not request.user.is_authenticated:
        return redirect_to_login(event_url(tournament))
    with_deck = "deck" in request.POST
    form = (forms.RegisterDeckForm if with_deck else forms.RegisterTextForm)(request.POST)
    try:
        if not form.is_valid():
            raise Refusal(
                "Choose one of your decks." if with_deck else "Paste a decklist to register.",
                code="invalid",
            )
        decklist = (
            None if with_deck else deck_services.read_decklist(text=form.cleaned_data["decklist"])
        )
        entered = services.registration_create(
            tournament=tournament,
            player=request.user,
            decklist=decklist,
            deck_key=form.cleaned_data["deck"] if with_deck else "",
        )
    except Refusal as exc:
        context = event_context(request, tournament, register_error=exc)
        if not with_deck:
            context["text_form"] = form
        return render(request, "tournaments/event_detail.html", context, status=exc.status_code)
    if isinstance(entered, WaitlistEntry):
        messages.success(
            request,
            f"{tournament.name} is full: you are on its waitlist, and registered with this list "
            "as soon as a place frees before the start.",
        )
    else:
        messages.success(request, f"You are registered for {tournament.name}.")
    return redirect(event_url(tournament))


@require_POST
def entrant_add(request, pk: int):
    """The organizer enters a deck in an automated event: a sample timeline (`sample`), one of
    their saved decks (`deck`, its key) or a pasted list (`decklist`)."""
    tournament = event(pk)
    if not request.user.is_authenticated:
        return redirect_to_login(event_url(tournament))
    form = forms.EntrantForm(request.POST)
    try:
        if not form.is_valid():
            raise Refusal("Choose a sample or one of your decks, or paste a list.", code="invalid")
        data = form.cleaned_data
        decklist = None
        if data["sample"]:
            decklist = sample_decklists().get(data["sample"])
            if decklist is None:
                raise NotFound("There is no such sample timeline.", code="unknown_sample")
        elif not data["deck"]:
            if not data["decklist"].strip():
                raise Refusal(
                    "Choose a sample or one of your decks, or paste a list.", code="invalid"
                )
            decklist = deck_services.read_decklist(text=data["decklist"])
        registration = services.entrant_add(
            tournament=tournament,
            actor=request.user,
            name=data["name"].strip() or data["sample"],
            decklist=decklist,
            deck_key=data["deck"],
        )
    except Refusal as exc:
        if not tournament.automated:  # the page has no entrants panel to show it in
            messages.error(request, exc.detail)
            return redirect(event_url(tournament))
        context = event_context(request, tournament, entrant_error=exc, entrant_form=form)
        return render(request, "tournaments/event_detail.html", context, status=exc.status_code)
    messages.success(request, f"Entered {registration.name}.")
    return redirect(event_url(tournament))


@require_POST
def withdraw(request, pk: int):
    tournament = event(pk)
    return act(
        request,
        tournament,
        lambda: services.registration_withdraw(tournament=tournament, player=request.user),
        "You have withdrawn your registration.",
    )


@require_POST
def round_emails(request, pk: int):
    """The player's own e-mail at each new round: `enabled` 1 turns it on, 0 off."""
    tournament = event(pk)
    enabled = request.POST.get("enabled") == "1"
    return act(
        request,
        tournament,
        lambda: services.registration_round_emails_set(
            tournament=tournament, actor=request.user, enabled=enabled
        ),
        "You will get an e-mail with your table at each new round."
        if enabled
        else "No more round e-mails.",
    )


def drop(request, pk: int):
    """GET (or a POST without the confirm field) asks for confirmation; the confirmed POST
    drops the player from the running event."""
    tournament = event(pk)
    if not request.user.is_authenticated:
        return redirect_to_login(request.path)
    if confirmed(request):
        return act(
            request,
            tournament,
            lambda: services.player_drop(tournament=tournament, actor=request.user),
            "You have dropped: you will not be paired again, and you stay in the standings.",
        )
    registration = selectors.registration_for(tournament=tournament, user=request.user)
    if registration is None:
        return refused(
            request,
            tournament,
            NotFound("You are not registered for this event.", code="not_registered"),
        )
    return render(
        request,
        "tournaments/drop_confirm.html",
        {"tournament": tournament, "registration": registration},
    )


@require_POST
def player_add(request, pk: int):
    """The organizer or a judge registers a player: an account by username, or a walk-in guest
    by name, with a pasted decklist."""
    tournament = event(pk)
    if not request.user.is_authenticated:
        return redirect_to_login(event_url(tournament))
    form = forms.PlayerAddForm(request.POST)
    try:
        if not form.is_valid():
            raise Refusal("Name the player and paste their decklist.", code="invalid_player")
        data = form.cleaned_data
        registration = services.registration_add(
            tournament=tournament,
            actor=request.user,
            decklist=deck_services.read_decklist(text=data["decklist"]),
            username=data["username"],
            guest=data["guest"],
        )
    except Forbidden as exc:
        return refused(request, tournament, exc)
    except Refusal as exc:
        context = event_context(request, tournament, player_add_error=exc, player_add_form=form)
        return render(request, "tournaments/event_detail.html", context, status=exc.status_code)
    messages.success(
        request,
        f"Registered {registration.name}"
        + (
            " as a guest: enter their results on the results page."
            if registration.is_guest
            else "."
        ),
    )
    return redirect(event_url(tournament) + "#players-title")


def player_drop(request, pk: int, registration_id: int):
    """A judge drops a player: GET (or a POST without the confirm field) asks first."""
    tournament = event(pk)
    if not confirmed(request):
        asked = ask_organizer(request, tournament, judges=True)
        if asked is not None:
            return asked
        registration = (
            selectors.registration_list(tournament=tournament).filter(pk=registration_id).first()
        )
        if registration is None:
            return refused(
                request,
                tournament,
                NotFound("No player of this event has that id.", code="unknown_registration"),
            )
        return confirm_page(
            request,
            tournament,
            title=f"Drop {registration.name}?",
            does=f"{registration.name} is not paired in any later round. Their results so far "
            "stay in the standings, and an unfinished match of theirs is left for a judge to "
            "decide.",
            undoable=True,
            undo="a judge can reinstate the player from the list of players until the next "
            "round is paired.",
            button=f"Yes, drop {registration.name}",
            cancel="No, keep them in the event",
            back=event_url(tournament) + "#players-title",
        )
    return act(
        request,
        tournament,
        lambda: services.player_drop(
            tournament=tournament, actor=request.user, registration_id=registration_id
        ),
        lambda r: f"{r.name} has dropped: not paired again, and still in the standings.",
        quiet=(NotFound,),
    )


@require_POST
def player_reinstate(request, pk: int, registration_id: int):
    tournament = event(pk)
    return act(
        request,
        tournament,
        lambda: services.player_reinstate(
            tournament=tournament, actor=request.user, registration_id=registration_id
        ),
        lambda r: f"{r.name} is back in the event and is paired from the next round.",
        quiet=(NotFound,),
    )


@require_POST
def waitlist_remove(request, pk: int, entry_id: int):
    """The organizer takes a player off the waitlist, or the player leaves it."""
    tournament = event(pk)
    leaving = selectors.waitlist_mine(tournament, request.user)
    own = leaving is not None and leaving["entry"] == entry_id
    return act(
        request,
        tournament,
        lambda: services.waitlist_entry_remove(
            tournament=tournament, actor=request.user, entry_id=entry_id
        ),
        "You have left the waitlist." if own else "Taken off the waitlist.",
        to=event_url(tournament) + ("" if own else "#waitlist-title"),
    )


@require_POST
def waitlist_move(request, pk: int, entry_id: int):
    """The organizer moves a waiting player to a place in the line (1: next)."""
    tournament = event(pk)
    position = request.POST.get("position", "").strip()
    return act(
        request,
        tournament,
        lambda: services.waitlist_entry_move(
            tournament=tournament,
            actor=request.user,
            entry_id=entry_id,
            position=int(position) if position.isdigit() else position,
        ),
        f"Moved to place {position} of the waitlist.",
        to=event_url(tournament) + "#waitlist-title",
    )


@require_POST
def capacity_set(request, pk: int):
    """The organizer changes the capacity (empty: no limit); new places fill from the waitlist."""
    tournament = event(pk)
    capacity = request.POST.get("capacity", "").strip()

    def change():
        if capacity and not capacity.isdigit():
            raise Refusal("The capacity is a number of players, or empty.", code="invalid_capacity")
        _, decided = services.event_capacity_set(
            tournament=tournament, actor=request.user, capacity=int(capacity) if capacity else None
        )
        return decided

    def done(decided) -> str:
        promoted = [e.player.username for e in decided if e.status == WaitlistEntry.Status.PROMOTED]
        return "Capacity saved." + (
            f" Registered from the waitlist: {', '.join(promoted)}." if promoted else ""
        )

    return act(request, tournament, change, done, to=event_url(tournament) + "#waitlist-title")
