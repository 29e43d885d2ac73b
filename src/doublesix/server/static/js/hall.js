// @ts-check
// The hall (seed 003, зал «Двор») without the DOM: the name rule, the table list after a lobby
// frame, the words for a table's clock and rules. The screen is screens/hall.js.

import { t } from "./i18n.js";
import "./hall_i18n.js";
import { rawName } from "./prefs.js";
import { isMatch, targetsOf } from "./presets.js";

/** @typedef {{ game_id: string, since?: number, seats: any[], status: string, [key: string]: any }} TableLine a table of the lobby list */

/** The name to send, or null when the server would refuse it (the rule of hall/names.py:
 * any script, accents and emoji; no controls, direction marks, zero-width or < >). */
export function cleanName(/** @type {unknown} */ raw) {
  const name = String(raw ?? "").normalize("NFC").split(/\s+/).filter(Boolean).join(" ");
  const length = [...name].length;
  if (length < 1 || length > 24 || /[<>\p{Cc}\p{Co}\p{Cn}\p{Cs}]/u.test(name)) return null;
  // U+200D only inside an emoji sequence (👩‍💻); any other format character is refused
  if (/\p{Cf}/u.test(name.replace(/(\p{So}\uFE0F?)\u200D(?=\p{So})/gu, "$1"))) return null;
  return /[\p{L}\p{N}\p{S}]/u.test(name) ? name : null;
}

/** The table list after a lobby frame: the whole list, or a `lobby_delta` of changes. */
/**
 * @param {TableLine[]} tables
 * @param {{ type: string, tables?: TableLine[], removed?: string[], added?: TableLine[], changed?: TableLine[] }} frame
 * @returns {TableLine[]}
 */
export function applyLobby(tables, frame) {
  if (frame.type === "lobby") return frame.tables ?? [];
  const byId = new Map(tables.map((table) => [table.game_id, table]));
  for (const id of frame.removed ?? []) byId.delete(id);
  for (const line of [...(frame.added ?? []), ...(frame.changed ?? [])]) byId.set(line.game_id, line);
  return [...byId.values()].sort((a, b) => (a.since ?? 0) - (b.since ?? 0));
}

/** The one display name this browser keeps (set here or when first asked), or null. */
export function storedName() {
  return cleanName(rawName());
}

/** The clocks a table may have (minutes each, seconds added per move); index 0: none. Both the
 * hall's form and the invite room's lobby offer these. @type {Array<[number, number]|null>} */
export const CLOCKS = [null, [3, 2], [5, 3], [10, 5]];

/** The clock of *index* as the server takes it (null: no clock). */
export function clockAt(/** @type {number} */ index) {
  const c = CLOCKS[index] ?? null;
  return c ? { minutes: c[0], increment: c[1] } : null;
}

export function clockLabel(/** @type {{ minutes: number, increment: number }|null|undefined} */ clock) {
  return clock ? t("hall.clock.min", { m: clock.minutes, s: clock.increment }) : t("hall.clock.none");
}

export function rulesLabel(/** @type {import("./types.js").Rules|null|undefined} */ rules) {
  const name = t(`preset.${rules?.preset ?? "draw"}`);
  // a match to its preset's own target reads as the preset alone: «До 101», «Козёл»
  const own = targetsOf(rules?.preset)[0];
  return rules && isMatch(rules.preset) && rules.target && rules.target !== own ? `${name} (${t("hall.target", { n: rules.target })})` : name;
}
