"""Profiles (issue 25): who a request is, a seat's profile, the profile page, finished games
and their replays. The rows are storage/profiles.py's; the HTTP routes http/profiles.py's."""
