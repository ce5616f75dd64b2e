"""The web table: a FastAPI server with WebSocket play, persistence and per-seat views.

``store`` keeps tables, seats and every accepted choice in a database (SQLite by default,
PostgreSQL by URL); ``hub`` holds the live tables in memory, checks and applies choices, runs
bots server-side and sends every connection its own view; ``app`` wires the HTTP and WebSocket
routes and serves the static pages in ``hellas/web``.
"""
