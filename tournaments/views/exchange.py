"""Staff import an event's export file from a page (the organizer's export button is on the
event page and downloads the API's file): the same checks and refusals as manage.py
import_event, each refusal shown with its code and its list of problems."""

from django.contrib.auth.views import redirect_to_login
from django.shortcuts import render

from genesis.errors import Forbidden, Refusal

from ..services import exchange
from .common import refused

# An export file is a few megabytes at most (a 300-player event with its logs); a larger upload
# is refused before it is read.
MAX_IMPORT_BYTES = 32 * 1024 * 1024


def event_import(request):
    """GET shows the upload form; POST imports the file (`file`) all or nothing."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.path)
    if not request.user.is_staff:
        return refused(
            request, None, Forbidden("Only staff can import an event.", code="not_staff")
        )
    context = {}
    status = 200
    if request.method == "POST":
        upload = request.FILES.get("file")
        try:
            if upload is None:
                raise Refusal("Choose an export file to import.", code="no_file")
            if upload.size > MAX_IMPORT_BYTES:
                raise Refusal(
                    f"The file is larger than {MAX_IMPORT_BYTES // (1024 * 1024)} MB.",
                    code="file_too_large",
                )
            imported = exchange.event_import_file(data=upload.read())
        except Refusal as exc:
            context["error"], status = exc, exc.status_code
        else:
            context["imported"] = imported
    return render(request, "tournaments/import.html", context, status=status)
