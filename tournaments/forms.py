"""Forms of the tournament pages. They only parse and bound the input; the services decide
everything else (roles, the event's state, the rules of the match) and refuse with a reason."""

from django import forms

from rules.core.formats import DEFAULT_FORMAT, FORMATS
from tournaments.core import infractions
from tournaments.models import Penalty, Tournament
from tournaments.services import MAX_EXTENSION_MINUTES, MAX_ROUNDS
from tournaments.services.corrections import MAX_CORRECTION_REASON
from tournaments.services.events import MAX_CAPACITY
from tournaments.services.penalties import MAX_NOTE, MAX_REASON
from tournaments.services.registrations import MAX_GUEST_NAME

# Lock-and-show fields are named "out:<card name>" and "in:<card name>", holding copies.
LOCK_OUT = "out:"
LOCK_IN = "in:"
MAX_COPIES_IN_A_SWAP = 99


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=120, label="Event name")
    format = forms.ChoiceField(
        choices=[(fmt.slug, fmt.name) for fmt in FORMATS.values()],
        initial=DEFAULT_FORMAT.slug,
        label="Format",
    )
    rounds = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ROUNDS,
        label="Swiss rounds",
        help_text="Leave empty for the usual number for the player count (MTR Appendix E).",
    )
    top_cut = forms.TypedChoiceField(
        choices=[(0, "No top cut"), (4, "Top 4"), (8, "Top 8")],
        coerce=int,
        initial=0,
        label="Top cut",
    )
    round_minutes = forms.IntegerField(
        min_value=10, max_value=240, initial=50, label="Minutes per round"
    )
    late_registration_until = forms.IntegerField(
        min_value=0,
        max_value=MAX_ROUNDS,
        initial=0,
        label="Late registration until round",
        help_text="0: registration closes when the event starts.",
    )
    automated = forms.BooleanField(
        required=False,
        label="Automated: bots play the decks I enter",
        help_text="The game engine plays every match in the background, and each game can be "
        "replayed. Players do not register; you enter the decks.",
    )
    bot = forms.ChoiceField(
        choices=Tournament.Bot.choices,
        initial=Tournament.Bot.HEURISTIC,
        required=False,
        label="Bot (automated events)",
    )

    date = forms.DateTimeField(
        required=False,
        label="Date and start time",
        help_text="UTC.",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    venue = forms.CharField(max_length=200, required=False, label="Venue")
    capacity = forms.IntegerField(
        required=False,
        min_value=2,
        max_value=MAX_CAPACITY,
        label="Capacity",
        help_text="The most players who can register. Leave empty for no limit.",
    )
    description = forms.CharField(
        max_length=4000,
        required=False,
        label="Description",
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="What players should know: prizes, entry fee, what to bring.",
    )

    # A second Swiss phase (day 2): the form's way to a two-phase plan (tournaments.core.phases);
    # the API takes any number of phases.
    day2_rounds = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ROUNDS,
        label="Day 2 Swiss rounds",
        help_text="Leave empty for a one-day event. Day 1 then needs its number of rounds.",
    )
    day2_advance = forms.ChoiceField(
        choices=[
            ("min_points", "Players with at least this many points"),
            ("top", "The top players of the standings, this many"),
        ],
        initial="min_points",
        required=False,
        label="Who plays day 2",
    )
    day2_advance_value = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=10_000,
        label="Points or players",
        help_text="For example 18 points after 9 rounds. Points and tiebreakers carry over.",
    )

    def clean_bot(self) -> str:
        return self.cleaned_data["bot"] or Tournament.Bot.HEURISTIC

    def clean(self) -> dict:
        data = super().clean() or {}
        data["phases"] = None
        day2 = data.get("day2_rounds")
        if day2 is None:
            return data
        if data.get("rounds") is None:
            self.add_error("rounds", "A two-day event needs day 1's number of Swiss rounds.")
        if data.get("day2_advance_value") is None:
            self.add_error("day2_advance_value", "Say who plays day 2: the points or the count.")
        if self.errors:
            return data
        kind = data.get("day2_advance") or "min_points"
        plan: list[dict] = [
            {"kind": "swiss", "rounds": data["rounds"]},
            {"kind": "swiss", "rounds": day2, "advance": {kind: data["day2_advance_value"]}},
        ]
        if data.get("top_cut"):
            plan.append({"kind": "top_cut", "size": data["top_cut"]})
        data["phases"] = plan
        return data


class EntrantForm(forms.Form):
    """A deck the organizer enters in an automated event: a sample timeline, one of their
    saved decks, or a pasted list (the first given wins)."""

    name = forms.CharField(
        max_length=40,
        required=False,
        label="Entrant name",
        help_text="Shown as bot-<name>. Left empty: the sample's or deck's name, else the "
        "champion's.",
    )
    sample = forms.CharField(max_length=80, required=False)
    deck = forms.CharField(max_length=16, required=False)
    decklist = forms.CharField(
        max_length=400_000,
        required=False,
        strip=False,
        label="Decklist",
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
    )


class RegisterDeckForm(forms.Form):
    deck = forms.CharField(max_length=16, label="Your saved deck")


class RegisterTextForm(forms.Form):
    decklist = forms.CharField(
        max_length=400_000,
        strip=False,
        label="Decklist",
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text="The text format: a Champion: line, then Timeline and Forethoughts sections.",
    )


class JudgeForm(forms.Form):
    username = forms.CharField(max_length=150, label="Judge's username")


class PlayerAddForm(forms.Form):
    """The organizer or a judge registers a player: an account by username, or a walk-in
    guest by name (the service refuses both or neither), with a pasted decklist."""

    username = forms.CharField(max_length=150, required=False, label="Username")
    guest = forms.CharField(
        max_length=MAX_GUEST_NAME,
        required=False,
        label="or a guest's name",
        help_text="A walk-in without an account: a judge enters their results.",
    )
    decklist = forms.CharField(
        max_length=400_000,
        strip=False,
        label="Their decklist",
        widget=forms.Textarea(attrs={"rows": 5, "spellcheck": "false"}),
    )


class SwapForm(forms.Form):
    """Two players of the latest round to swap, by registration id."""

    first = forms.IntegerField(label="Swap")
    second = forms.IntegerField(label="with")


class ResultEntryForm(forms.Form):
    """A judge enters a table's result: the table number and the game wins of the players in
    the order the pairings and the slip list them."""

    # The round the page showed, so that a result typed while the next round is paired still
    # goes to the table the slip is from; without it, the latest round.
    round = forms.IntegerField(min_value=1, required=False, widget=forms.HiddenInput)
    table = forms.IntegerField(
        min_value=1,
        label="Table",
        error_messages={"required": "Type the table number.", "invalid": "A table is a number."},
    )
    a_wins = forms.IntegerField(
        min_value=0,
        max_value=9,
        label="First player's wins",
        error_messages={"required": "How many games did the first player win?"},
    )
    b_wins = forms.IntegerField(
        min_value=0,
        max_value=9,
        label="Second player's wins",
        error_messages={"required": "How many games did the second player win?"},
    )
    draws = forms.IntegerField(
        min_value=0, max_value=9, required=False, initial=0, label="Drawn games"
    )

    def clean_draws(self) -> int:
        return self.cleaned_data["draws"] or 0


class LeadForm(forms.Form):
    lead = forms.TypedChoiceField(
        choices=[("1", "Lead"), ("0", "Go second")], coerce=lambda value: value == "1"
    )


class GameReportForm(forms.Form):
    """Who won the game in progress, from the reporter's side of the table."""

    winner = forms.ChoiceField(
        choices=[("me", "I won"), ("opponent", "My opponent won"), ("draw", "Drawn game")]
    )


class JudgeGameForm(forms.Form):
    """A judge records the game in progress: a player's username, or "draw"."""

    winner = forms.CharField(max_length=150)


class ResultForm(forms.Form):
    player_a_wins = forms.IntegerField(min_value=0, max_value=9)
    player_b_wins = forms.IntegerField(min_value=0, max_value=9)
    draws = forms.IntegerField(min_value=0, max_value=9, initial=0)


class CorrectionForm(forms.Form):
    """A judge's correction of a confirmed Swiss result (services.match_result_correct, which
    requires the reason: 400 no_reason)."""

    a_wins = forms.IntegerField(min_value=0, max_value=9, label="Games won by the first player")
    b_wins = forms.IntegerField(min_value=0, max_value=9, label="Games won by the second player")
    draws = forms.IntegerField(min_value=0, max_value=9, initial=0, label="Drawn games")
    reason = forms.CharField(max_length=MAX_CORRECTION_REASON, required=False, label="Reason")


class ExtendForm(forms.Form):
    match = forms.IntegerField(label="Match")
    minutes = forms.IntegerField(
        min_value=1, max_value=MAX_EXTENSION_MINUTES, initial=5, label="Extra minutes"
    )


class PenaltyForm(forms.Form):
    """The penalty panel: a player of the match (by registration id), an IPG infraction, the
    penalty (empty: the infraction's default), why it differs from the default, and a note."""

    player = forms.IntegerField(min_value=1, max_value=2**31 - 1, label="Player")
    infraction = forms.ChoiceField(
        choices=[(i.code, i.name) for i in infractions.INFRACTIONS], label="Infraction"
    )
    penalty = forms.ChoiceField(
        choices=[("", "The IPG's penalty"), *Penalty.Kind.choices], required=False, label="Penalty"
    )
    reason = forms.CharField(max_length=MAX_REASON, required=False, label="Reason")
    note = forms.CharField(max_length=MAX_NOTE, required=False, label="Note")

    def kind(self) -> str:
        """The penalty chosen, or the infraction's default when none is."""
        data = self.cleaned_data
        return data["penalty"] or infractions.BY_CODE[data["infraction"]].default


def read_lock(data) -> tuple[list[str], list[str], dict[str, int]]:
    """The cards going out and coming in, as name lists with repeats, from "out:<name>" and
    "in:<name>" copy counts; also the counts as posted, to fill the form again on a refusal.
    A count that is not a whole number between 0 and 99 counts as 0."""
    out: list[str] = []
    in_: list[str] = []
    values: dict[str, int] = {}
    for field, raw in data.items():
        if not field.startswith((LOCK_OUT, LOCK_IN)):
            continue
        try:
            copies = int(raw or 0)
        except ValueError:
            copies = 0
        copies = copies if 0 <= copies <= MAX_COPIES_IN_A_SWAP else 0
        values[field] = copies
        prefix = LOCK_OUT if field.startswith(LOCK_OUT) else LOCK_IN
        (out if prefix == LOCK_OUT else in_).extend([field[len(prefix) :]] * copies)
    return out, in_, values


class CheckInWindowForm(forms.Form):
    """The organizer's check-in window: empty times mean "now" and "when round 1 is paired"."""

    opens_at = forms.DateTimeField(
        required=False,
        label="Opens",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text="Empty: now.",
    )
    closes_at = forms.DateTimeField(
        required=False,
        label="Closes",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text="Empty: when round 1 is paired.",
    )
    drop_unchecked = forms.BooleanField(
        required=False, label="Drop players who have not checked in when round 1 is paired"
    )


class DeckChecksStartForm(forms.Form):
    """Start deck checks from the judge page: table numbers ("3, 7 12"), or how many tables to
    draw at random."""

    round = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    tables = forms.CharField(required=False, max_length=400, label="Tables")
    random = forms.IntegerField(required=False, min_value=1, max_value=1000, label="Random tables")

    def clean_tables(self) -> list[int] | None:
        text = self.cleaned_data["tables"].replace(",", " ").split()
        if not text:
            return None
        if not all(word.isdigit() and int(word) >= 1 for word in text):
            raise forms.ValidationError("Tables are numbers, e.g. 3, 7, 12.")
        return [int(word) for word in text]

    def clean(self):
        data = super().clean()
        if (data.get("tables") is None) == (data.get("random") is None):
            raise forms.ValidationError("Give the tables to check, or how many to draw at random.")
        return data


class DeckCheckEndForm(forms.Form):
    """End a deck check from the judge page; a discrepancy names the player at fault."""

    outcome = forms.ChoiceField(choices=[("ok", "OK"), ("discrepancy", "Discrepancy")])
    player = forms.IntegerField(required=False)
    note = forms.CharField(required=False, max_length=500)


class JudgeCallForm(forms.Form):
    """A player's "Call a judge": what it is about, if they want to say."""

    note = forms.CharField(max_length=500, required=False, label="What is it about? (optional)")


class JudgeCallResolveForm(forms.Form):
    """A judge's ruling on a call: the text, the cited sections of the rules lookup (each
    "document-slug/anchor", ticked from a search inside the call) and any extra minutes."""

    ruling = forms.CharField(max_length=2000, label="Ruling")
    sections = forms.MultipleChoiceField(required=False)
    extension_minutes = forms.IntegerField(
        required=False, min_value=0, max_value=MAX_EXTENSION_MINUTES, label="Extra minutes"
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Any address may be ticked: the service checks each one against the lookup and names
        # the unknown ones.
        cited = self.data.getlist("sections") if hasattr(self.data, "getlist") else []
        sections = self.fields["sections"]
        assert isinstance(sections, forms.MultipleChoiceField)
        sections.choices = [(a, a) for a in cited]


class SeriesForm(forms.Form):
    """A series' name, description and points (tournaments.services.series checks the table)."""

    name = forms.CharField(max_length=120, label="Series name")
    description = forms.CharField(
        max_length=2000, required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    points = forms.CharField(
        label="Points by placing",
        widget=forms.Textarea(attrs={"rows": 6}),
        initial="1: 10\n2: 7\n3-4: 5\n5-8: 3",
        help_text='One line per placing or range of placings: "1: 10" gives the winner 10 '
        'points, "3-4: 5" gives 3rd and 4th 5 points each. Placings not listed earn none.',
    )
    attendance_points = forms.IntegerField(
        min_value=0,
        max_value=10_000,
        initial=0,
        label="Attendance points",
        help_text="Points every player earns for each finished event they played, on top.",
    )
