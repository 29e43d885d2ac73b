"""Our bots beside other people's: OpenSpiel and the PyPI ``dominoes`` package (bench only)."""
