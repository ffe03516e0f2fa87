"""Row locks, in one place. A service that reads a row and then decides what to write takes its
lock here first (select_for_update), inside its transaction, so two requests at once are
ordered by the database and never double or lose a write."""

from .models import Match, Pod, Registration, Round, Tournament


def lock_tournament(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def lock_round(round: Round) -> Round:
    return Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)


def lock_match(match: Match) -> Match:
    return (
        Match.objects.select_for_update(of=("self",))
        .select_related("round__tournament", "player_a__player", "player_b__player")
        .get(pk=match.pk)
    )


def lock_registration(registration: Registration) -> Registration:
    return (
        Registration.objects.select_for_update(of=("self",))
        .select_related("player")
        .get(pk=registration.pk)
    )


def lock_pod(pod: Pod) -> Pod:
    return (
        Pod.objects.select_for_update(of=("self",))
        .select_related(
            "round__tournament", "team_a__player", "team_b__player", "team_c__player", "winner"
        )
        .get(pk=pod.pk)
    )
