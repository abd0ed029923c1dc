"""How many may sit at a game of Die Bosse, declared apart from the rules so that the registry
knows it without importing them."""

MIN_SEATS, MAX_SEATS = 2, 6
"""Rulebook: "voor 2 tot 6 spelers"."""
