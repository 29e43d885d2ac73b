"""Ratings (issue 25): the openskill model per game type (model.py), below http, beside hall."""
