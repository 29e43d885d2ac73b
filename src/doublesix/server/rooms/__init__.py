"""The rooms: one game's seats, match and clocks, the service that runs commands on them, the
cache and hub in front of storage, and the computer seats. Below the hall, the fanout and http."""
