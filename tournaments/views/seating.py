"""The organizer keeps a table for a player in every round (a fixed seat) from the list of
players on the event page, or frees it (an empty table)."""

from django.views.decorators.http import require_POST

from genesis.errors import NotFound, Refusal

from .. import services
from .common import act, event, event_url


@require_POST
def player_fixed_table(request, pk: int, registration_id: int):
    tournament = event(pk)
    table = request.POST.get("table", "").strip()

    def fix():
        if table and not table.isdigit():
            raise Refusal(
                "A fixed table is a table number, or empty for none.", code="invalid_table"
            )
        return services.registration_fixed_table_set(
            tournament=tournament,
            actor=request.user,
            registration_id=registration_id,
            table=int(table) if table else None,
        )

    return act(
        request,
        tournament,
        fix,
        lambda r: (
            f"{r.name} keeps table {r.fixed_table} from the next round paired."
            if r.fixed_table
            else f"{r.name} has no fixed table now."
        ),
        to=event_url(tournament) + "#players-title",
        quiet=(NotFound,),
    )
