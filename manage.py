#!/usr/bin/env python
"""Django's command-line entry point for the Genesis service."""

import os
import sys


def main() -> None:
    # Production unless told otherwise, as genesis.wsgi and the Celery app: a command run on a
    # server without the variable must not use the development settings. ./scripts/serve and
    # ./scripts/test name theirs; for the serve database by hand, set
    # DJANGO_SETTINGS_MODULE=genesis.settings.local.
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "genesis.settings.production")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
