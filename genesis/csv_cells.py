"""CSV that a spreadsheet opens safely: the one writer of every CSV the service serves.

A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a formula (and a leading tab
or carriage return can hide one), so a player named `=HYPERLINK("http://x","click")` would put a
live link in the organizer's standings. As OWASP's CSV Injection page recommends, such a cell is
written behind a single quote: `'=HYPERLINK(...)`, which spreadsheets show as the text it is.

Only text is neutralised, and numbers stay numbers: a negative number like -3 is not a formula,
and a quote in front of it would turn it into text that no longer sorts or sums. Points and ranks
reach the writer as ints, which pass unchanged; the tiebreakers come as their text ("0.6078"),
so text that is exactly a number (an optional sign, digits, an optional decimal part: `-3`,
`+2`, `0.6078`) also passes unchanged, while `-2+3` or `-3 points` is quoted.
"""

import csv
import re
from collections.abc import Iterable
from typing import Any, Protocol

# OWASP, CSV Injection: the characters a spreadsheet reads as the start of a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# A number a spreadsheet reads as a number, never as a formula.
PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")


class _Writable(Protocol):
    def write(self, text: str, /) -> Any: ...


def safe_cell(value: Any) -> Any:
    """`value` as a CSV cell: text that starts like a formula gets a leading `'`; anything else
    (numbers, text that is exactly a number, None, booleans, other text) is returned
    unchanged."""
    if (
        isinstance(value, str)
        and value.startswith(FORMULA_STARTS)
        and not PLAIN_NUMBER.fullmatch(value)
    ):
        return "'" + value
    return value


def write_csv(out: _Writable, header: Iterable[str], rows: Iterable[Iterable[Any]]) -> None:
    """Write `header` and `rows` to `out` as CSV, every cell through `safe_cell`."""
    writer = csv.writer(out)
    writer.writerow([safe_cell(cell) for cell in header])
    writer.writerows([safe_cell(cell) for cell in row] for row in rows)
