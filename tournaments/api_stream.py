"""GET /api/tournaments/{id}/stream/: the event's server-sent event stream (docs/api.md, "The
event stream"). Public, like the event's pairings and standings; served by the ASGI server
(docs/deployment.md), where the response streams without holding a thread. A plain Django view,
not DRF's: DRF would render the stream's body as an API response."""

from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django_eventstream.views import events

from genesis.errors import NotFound, Refusal

from . import selectors, stream
from .models import Tournament


def event_stream(request: HttpRequest, pk: int) -> HttpResponse:
    if not isinstance(request, ASGIRequest):
        # Under a WSGI server (gunicorn, Django's runserver and live test server) an endless
        # response would hold a worker thread for good; say no at once, and the pages poll.
        refusal = Refusal(
            "The event stream is served by the ASGI server only (docs/deployment.md).",
            code="stream_unavailable",
        )
        return JsonResponse(refusal.as_dict(), status=503)
    try:
        selectors.tournament_get(tournament_id=pk)
    except Tournament.DoesNotExist:
        return JsonResponse(NotFound("No such event.").as_dict(), status=404)
    name = stream.channel(pk)
    if not request.headers.get("Last-Event-ID") and not request.GET.get("lastEventId"):
        # A new client starts from the history's present id. Without one, django-eventstream
        # drops what is published between its first read and its first wait (it reads the
        # history again, but only from an id the client gave).
        request.META["HTTP_LAST_EVENT_ID"] = f"{name}:{stream.current_id(name)}"
    response = events(request, channels=[name])
    if isinstance(response, StreamingHttpResponse) and response.is_async:
        response.streaming_content = stream.watching(response.streaming_content)
    return response
