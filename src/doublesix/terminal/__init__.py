"""`doublesix play`: the terminal game (game), its wording (format) and the pairs game's words."""
