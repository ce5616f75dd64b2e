"""``python -m hellas`` runs the ``hellas`` command."""

from hellas.cli.main import main

main()
