"""Template tags of the events pages."""
