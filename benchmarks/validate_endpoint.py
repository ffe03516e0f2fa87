"""POST /api/decks/validate/ with a 50-card sample timeline: median and p95 response time.

Target (issue 3): under 50 ms median, on SQLite and on PostgreSQL. The bundled card sets are
loaded into a scratch database first; the first request (which builds the in-memory card index)
is reported separately.

    .venv/bin/python benchmarks/validate_endpoint.py       # SQLite (temporary file)
    ./scripts/bench validate_endpoint                      # SQLite and PostgreSQL
"""

import argparse
import time

from _setup import ROOT, machine, manage, scratch_database, summary_ms, timed_ms, use_database
from _setup import vendor as db_vendor


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=300)
    args = parser.parse_args()
    with scratch_database("genesis_bench_validate") as url:
        cardsets = sorted(str(p) for p in (ROOT / "decks" / "cardsets").glob("*.json"))
        manage(url, "import_cards", *cardsets)
        use_database(url)
        from django.test import Client

        client = Client(HTTP_HOST="localhost")
        decklist = (ROOT / "decks" / "samples" / "sera-vantyne-storm-lattice.txt").read_text()

        def post():
            response = client.post(
                "/api/decks/validate/", {"decklist": decklist}, content_type="application/json"
            )
            assert response.status_code == 200, response.content
            assert response.json()["legal"], response.content

        start = time.perf_counter()
        post()
        first = (time.perf_counter() - start) * 1000
        times = timed_ms(post, args.repeat)
        print(f"validate endpoint on {db_vendor(url)}; {machine()}")
        print(f"  first request (builds the card index cache): {first:.1f} ms")
        print(f"  POST /api/decks/validate/ (50-card timeline + forethoughts): {summary_ms(times)}")


if __name__ == "__main__":
    main()
