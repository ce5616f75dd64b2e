"""The ``hellas`` command line (Typer + Rich): play, list games, replay records."""
