"""`python manage.py add_judge USERNAME`: let an account write rulings (the judges group)."""

from django.core.management.base import BaseCommand, CommandError

from rules.services import JUDGES_GROUP, judge_add


class Command(BaseCommand):
    help = (
        f"Put an account in the '{JUDGES_GROUP}' group, whose members write rulings in the "
        "judges' rules lookup without being staff. The account must exist (sign up first)."
    )

    def add_arguments(self, parser):
        parser.add_argument("username")

    def handle(self, *args, username: str, **options):
        try:
            name, added = judge_add(username=username)
        except LookupError as exc:
            raise CommandError(f"{exc} Sign up first, then run this again.") from None
        if added:
            self.stdout.write(f"{name} is now a judge: they can write rulings.")
        else:
            self.stdout.write(f"{name} was already a judge; nothing changed.")
