"""The hall (seed 003, «Двор»): public tables, clocks, chat and spectators on top of rooms."""
