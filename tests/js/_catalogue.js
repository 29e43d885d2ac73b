// @ts-check
// What GET /api/presets answers (docs/protocol.md), for node tests of modules that read the
// preset catalogue: in the browser main.js loads it before any screen opens.

export const CATALOGUE = {
  presets: [
    { key: "draw", players: [2, 3, 4], default_players: 2, targets: [], only_targets: false, teams: false },
    { key: "block", players: [2, 3, 4], default_players: 2, targets: [], only_targets: false, teams: false },
    { key: "101", players: [2], default_players: 2, targets: [101, 301, 501], only_targets: false, teams: false },
    { key: "kozel", players: [4], default_players: 4, targets: [101, 201, 301], only_targets: true, teams: true },
  ],
  levels: ["easy", "medium", "hard"],
  default_level: "medium",
  rated: ["draw", "block", "101", "kozel"],
};
