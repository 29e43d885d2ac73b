"""Helpers the tests and the bench campaigns share: real server processes, free ports."""
