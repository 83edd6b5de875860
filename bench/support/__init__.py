"""Processes the benchmarks start (not benchmarks: ``make bench`` runs only bench/*.py)."""
