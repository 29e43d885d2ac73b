// @ts-check
// The game types and the computer's levels, as the server's preset registry lists them
// (GET /api/presets, docs/protocol.md): every choice of game type, player count, match target
// and level is built from this catalogue, so a preset added to the rules core is offered here
// with nothing to change but its translated name. DOM-free (tested in node).

/** @typedef {{ key: string, players: number[], default_players: number, targets: number[],
 *   only_targets: boolean, teams: boolean }} PresetInfo */
/** @typedef {{ presets: PresetInfo[], levels: string[], default_level: string, rated?: string[] }} Catalogue */

/** @type {Catalogue} */
let catalogue = { presets: [], levels: [], default_level: "", rated: [] };

/** Take *data* (the endpoint's answer) as the catalogue, after checking its shape. */
/** @param {unknown} data */
export function setCatalogue(data) {
  const d = /** @type {Catalogue} */ (data);
  if (!d || !Array.isArray(d.presets) || !Array.isArray(d.levels) || typeof d.default_level !== "string"
      || d.presets.some((p) => typeof p?.key !== "string" || !Array.isArray(p.players) || !p.players.length
        || !Array.isArray(p.targets))) {
    throw new TypeError("not a preset catalogue");
  }
  catalogue = d;
}

/** Fetch the catalogue once, trying again after 0.5, 1 and 2 s (a server still starting). */
/** @param {(url: string) => Promise<{ ok: boolean, json(): Promise<unknown> }>} [get] */
export async function loadCatalogue(get = (url) => fetch(url)) {
  for (const wait of [500, 1000, 2000, 0]) {
    try {
      const answer = await get("/api/presets");
      if (answer.ok) return setCatalogue(await answer.json());
    } catch { /* not reachable yet: try again */ }
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  throw new Error("the game types could not be loaded");
}

/** Every game type's key, in the order to offer them. */
export function presetKeys() {
  return catalogue.presets.map((p) => p.key);
}

/** The game types rated at rated hall tables, each with its leaderboard, in the order to
 * offer them. */
export function ratedKeys() {
  return catalogue.rated ?? [];
}

/** The computer's levels, weakest first. */
export function levels() {
  return catalogue.levels;
}

/** The level offered when none was chosen. */
export function defaultLevel() {
  return catalogue.default_level;
}

/** @param {string|undefined|null} key @returns {PresetInfo|undefined} */
export function presetInfo(key) {
  return catalogue.presets.find((p) => p.key === key);
}

/** The match targets *key* offers, its default first; empty for single deals. */
/** @param {string|undefined|null} key @returns {number[]} */
export function targetsOf(key) {
  return presetInfo(key)?.targets ?? [];
}

/** Whether *key* is a match to a target (101, «Козёл»), not a single deal. */
/** @param {string|undefined|null} key */
export function isMatch(key) {
  return targetsOf(key).length > 0;
}

/** The presets that are matches (each keeps its own chosen target). */
export function matchPresets() {
  return presetKeys().filter(isMatch);
}

/** *target* when *key* offers it, else the preset's own (its first). */
/** @param {string} key @param {unknown} target @returns {number} */
export function validTarget(key, target) {
  const targets = targetsOf(key);
  return targets.includes(Number(target)) ? Number(target) : targets[0];
}

/** The player counts *key* can be played with. */
/** @param {string|undefined|null} key @returns {number[]} */
export function playerCounts(key) {
  return presetInfo(key)?.players ?? [2];
}

/** Whether the player chooses how many play *key* (draw, block), rather than the preset. */
/** @param {string|undefined|null} key */
export function playersChosen(key) {
  return playerCounts(key).length > 1;
}

/** How many play *key* when nobody chose. */
/** @param {string|undefined|null} key */
export function defaultPlayers(key) {
  return presetInfo(key)?.default_players ?? 2;
}

/** Whether *key* is played in two pairs («Козёл»). */
/** @param {string|undefined|null} key */
export function isTeams(key) {
  return presetInfo(key)?.teams ?? false;
}
