"""Events: registrations, rounds, matches with lock and show, results, standings and automated
events played by the engine. Its pure side is `tournaments/core/` (docs/architecture.md)."""
