"""Settings, split by environment: base, local (./scripts/serve), test and production."""
