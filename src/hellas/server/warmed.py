"""Imported by the bot workers' fork server (``pool.BotPool._launch``): every worker starts warm.

A fork server imports its preload modules once and forks every worker from itself, so what it
loaded here - every game's modules, bots and a decision of each (``workers.warm``) - every
worker has from its first instant, without paying for it again.  Each new worker still answers
a warm-up job of its own before it takes a table's (checked, and quick once this ran).
"""

from __future__ import annotations

from hellas.server.workers import warm

warm()
