"""GET /api/tournaments/{id}/stream/: the event's server-sent event stream (docs/api.md, "The
event stream"). Public, like the event's pairings and standings; served by the ASGI server
(docs/deployment.md), where the response streams without holding a thread. A plain Django view,
not DRF's: DRF would render the stream's body as an API response."""

from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django_eventstream.utils import make_id
from django_eventstream.views import events

from genesis.errors import NotFound, Refusal

from . import selectors, stream
from .models import Match, Tournament


def event_stream(request: HttpRequest, pk: int) -> HttpResponse:
    if not isinstance(request, ASGIRequest):
        # Under a WSGI server (gunicorn, Django's runserver and live test server) an endless
        # response would hold a worker thread for good; say no at once, and the pages poll.
        refusal = Refusal(
            "The event stream is served by the ASGI server only: the pages poll instead.",
            code="stream_unavailable",
        )
        return JsonResponse(refusal.as_dict(), status=503)
    try:
        tournament = selectors.tournament_get(tournament_id=pk)
    except Tournament.DoesNotExist:
        return JsonResponse(NotFound("No such event.").as_dict(), status=404)
    matches = request.GET.get("matches", "all")
    if matches not in ("all", "none") and not _is_match_of(tournament, matches):
        refusal = Refusal(
            'matches is "all", "none" or the id of one of this event\'s matches.',
            code="invalid",
        )
        return JsonResponse(refusal.as_dict(), status=400)
    names = stream.channels(pk, matches)
    # Each channel starts from the id the client gave, else from the history's present id.
    # Without one, django-eventstream drops what is published between its first read and its
    # first wait (it reads the history again, but only from an id the client gave).
    given = request.headers.get("Last-Event-ID") or request.GET.get("lastEventId") or ""
    try:
        last = dict(part.rsplit(":", 1) for part in given.split(",") if ":" in part)
    except ValueError:
        last = {}
    ids = {name: last.get(name) or str(stream.current_id(name)) for name in names}
    request.META["HTTP_LAST_EVENT_ID"] = make_id(ids)
    response = events(request, channels=names)
    if isinstance(response, StreamingHttpResponse) and response.is_async:
        response.streaming_content = stream.watching(response.streaming_content)
    return response


def _is_match_of(tournament: Tournament, match_id: str) -> bool:
    if not match_id.isdigit():
        return False
    try:
        selectors.match_in_event(tournament=tournament, match_id=int(match_id))
    except Match.DoesNotExist:
        return False
    return True
