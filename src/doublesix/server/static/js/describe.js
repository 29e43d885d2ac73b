// @ts-check
// Reading a seat's view for display. DOM-free: the server decides what is legal; this module
// only sorts its `legal` list into what the buttons and tiles need, and words things.

import { t } from "./i18n.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").HistoryEntry} HistoryEntry */
/** @typedef {{ kind: string, tile?: string, end?: string|null }} Action */
/** @typedef {(seat: number) => string} NameOf */

/** "play 0-6 left" → {kind: "play", tile: "0-6", end: "left"}; "draw" → {kind: "draw"}. */
/** @param {unknown} text @returns {Action} */
export function parseAction(text) {
  const words = String(text).trim().split(/\s+/);
  if (words[0] === "play") {
    return { kind: "play", tile: canonical(words[1]), end: words[2] ?? null };
  }
  return { kind: words[0] };
}

/** "6-0" → "0-6": tiles are named low half first. */
/** @param {string|number[]} tile @returns {string} */
export function canonical(tile) {
  const [a, b] = splitTile(tile);
  return `${Math.min(a, b)}-${Math.max(a, b)}`;
}

/** @param {string|number[]} tile @returns {[number, number]} */
export function splitTile(tile) {
  if (Array.isArray(tile)) return [Number(tile[0]), Number(tile[1])];
  const [a, b] = String(tile).split("-").map(Number);
  return [a, b];
}

/** @param {string|number[]} tile */
export function pips(tile) {
  const [a, b] = splitTile(tile);
  return a + b;
}

/** @param {string|number[]} tile */
export function isDouble(tile) {
  const [a, b] = splitTile(tile);
  return a === b;
}

/** What the seat may do now: tiles with their ends (null = the first tile), draw, pass, redeal. */
/**
 * @param {{ legal?: string[] }|null|undefined} view
 * @returns {{ plays: Map<string, Array<string|null>>, draw: boolean, pass: boolean, redeal: boolean }}
 */
export function legalMoves(view) {
  /** @type {Map<string, Array<string|null>>} */
  const plays = new Map();
  let draw = false;
  let pass = false;
  let redeal = false;
  for (const text of view?.legal ?? []) {
    const action = parseAction(text);
    if (action.kind === "play") {
      if (!plays.has(/** @type {string} */ (action.tile))) plays.set(/** @type {string} */ (action.tile), []);
      /** @type {Array<string|null>} */ (plays.get(/** @type {string} */ (action.tile))).push(action.end ?? null);
    } else if (action.kind === "draw") draw = true;
    else if (action.kind === "pass") pass = true;
    else if (action.kind === "redeal") redeal = true;
  }
  return { plays, draw, pass, redeal };
}

/** The action text for playing *tile* at *end* (null for the first tile), as the server wrote it. */
/** @param {{ legal?: string[] }|null|undefined} view @param {string} tile @param {string|null} end @returns {string|null} */
export function playAction(view, tile, end) {
  const key = canonical(tile);
  for (const text of view?.legal ?? []) {
    const action = parseAction(text);
    if (action.kind === "play" && action.tile === key && action.end === end) return text;
  }
  return null;
}

/** Where in `view.line` the first tile lies: one place right for every play made on the left. */
/** @param {HistoryEntry[]|null|undefined} history */
export function leadIndex(history) {
  let left = 0;
  for (const event of history ?? []) {
    const action = parseAction(event.action);
    if (action.kind === "play" && action.end === "left") left += 1;
  }
  return left;
}

/** A tile read out: a blank half is "пусто" (blank), e.g. «пусто-6». */
/** @param {string} tile */
export function tileSpoken(tile) {
  const [a, b] = splitTile(canonical(tile));
  const word = (/** @type {number} */ v) => (v === 0 ? t("tile.blank") : String(v));
  return `${word(a)}-${word(b)}`;
}

/** One history line, e.g. «Белые: 0-6 слева». */
/** @param {HistoryEntry} event @param {NameOf} nameOf @param {number} [index] */
export function historyLine(event, nameOf, index = 1) {
  const name = nameOf(event.seat);
  const action = parseAction(event.action);
  if (action.kind === "play") {
    if (!action.end) return t("hist.playFirst", { name, tile: action.tile });
    const v = endValue(event, action.end);
    if (v !== null) return t("hist.playTo", { name, tile: action.tile, v });
    return t("hist.play", { name, tile: action.tile, side: t(`hist.side.${action.end}`) });
  }
  return t(`hist.${action.kind}`, { name, n: index });
}

/** The value of the end a play went to (the end's number before it, from the history's
 * `ends_before`), or null when the event does not say. A line that has turned puts its
 * «right» end anywhere on the screen: the number names the end wherever it is drawn.
 * @param {{ ends_before?: unknown, [key: string]: unknown }} event @param {string|null|undefined} end @returns {number|null} */
export function endValue(event, end) {
  const before = event.ends_before;
  if (!Array.isArray(before) || before.length !== 2 || !end) return null;
  const v = before[end === "left" ? 0 : 1];
  return typeof v === "number" ? v : null;
}

/** The sentence announced (aria-live) for another player's move. */
/** @param {{ seat?: number, action?: string, ends_before?: unknown }} event @param {NameOf} nameOf @param {number} [draws] */
export function announceLine(event, nameOf, draws = 1) {
  const name = nameOf(event.seat);
  const action = parseAction(event.action);
  if (action.kind === "play") {
    if (!action.end) return t("announce.first", { name, tile: action.tile });
    const v = endValue(event, action.end);
    if (v !== null) return t("announce.playTo", { name, tile: action.tile, v });
    return t("announce.play", { name, tile: action.tile, side: t(`hist.side.${action.end}`) });
  }
  if (action.kind === "draw") {
    return draws > 1 ? t("announce.draws", { name, n: draws }) : t("announce.draw", { name });
  }
  return t("announce.pass", { name });
}

/** History grouped for display: consecutive draws of one seat become one line with a count. */
/**
 * @param {HistoryEntry[]|null|undefined} history
 * @returns {Array<HistoryEntry & { kind: string, count: number, at: number }>}
 */
export function groupedHistory(history) {
  /** @type {Array<HistoryEntry & { kind: string, count: number, at: number }>} */
  const out = [];
  (history ?? []).forEach((event, at) => {
    const last = out[out.length - 1];
    const kind = parseAction(event.action).kind;
    if (kind === "draw" && last && last.seat === event.seat && last.kind === "draw") {
      last.count += 1;
    } else {
      out.push({ ...event, kind, count: 1, at }); // at: where in the history the entry starts
    }
  });
  return out;
}

/** The status line for the player at this screen. `names[seat]`, `mySeat`. */
/**
 * @param {View|null|undefined} view
 * @param {{ mySeat: number, nameOf: NameOf, computer?: boolean, online?: boolean, selected?: string|null, who?: string|null }} options
 * @returns {string}
 */
export function statusLine(view, { mySeat, nameOf, computer = false, online = false, selected = null, who = null }) {
  if (!view) return t("loading");
  if (view.result) return "";
  const moves = legalMoves(view);
  if (view.to_move !== mySeat) {
    if (computer) return t("turn.computer");
    if (online) return t("turn.opponent");
    return t("turn.player", { name: nameOf(view.to_move) });
  }
  // hot-seat (*who*: the name of the player holding the device) says whose turn by name
  const say = (/** @type {string} */ key, /** @type {string} */ hotKey, /** @type {Record<string, unknown>} */ params = {}) => (who ? t(`hot.${hotKey}`, { ...params, name: who }) : t(key, params));
  if (selected) return say("yourTurn.chooseEnd", "chooseEnd", { tile: selected });
  const firstMove = (view.line ?? []).length === 0;
  if (firstMove && moves.plays.size === 1) {
    const [tile] = moves.plays.keys();
    return isDouble(tile) && view.rules?.first_lead !== "lowest_double_from_1_1"
      ? say("yourTurn.lead", "lead", { tile })
      : say("yourTurn.leadTile", "lead", { tile });
  }
  if (moves.redeal) return say("yourTurn.redeal", "redeal");
  if (firstMove) return say("yourTurn.leadAny", "leadAny");
  if (moves.plays.size > 0) return say("yourTurn.canPlay", "canPlay", { n: moves.plays.size });
  if (moves.draw) return say("yourTurn.draw", "draw");
  if (moves.pass) {
    return say(view.rules?.draw_rule === "none" ? "yourTurn.passBlock" : "yourTurn.pass", "pass");
  }
  return say("yourTurn", "turn");
}

/** Who leads the 101 match: the lower penalty total. */
/** @param {{ scores: number[] }|null|undefined} match @returns {number|null} */
export function matchLeader(match) {
  if (!match) return null;
  const [a, b] = match.scores;
  if (a === b) return null;
  return a < b ? 0 : 1;
}

/** Index in the line of the tile played last (so the board can mark it), or null.
 * @param {View|null|undefined} view @returns {number|null} */
export function lastPlayed(view) {
  const history = view?.history ?? [];
  let lastEnd;
  let count = 0;
  for (const event of history) {
    const words = String(event.action).split(/\s+/);
    if (words[0] !== "play") continue;
    count += 1;
    lastEnd = words[2] ?? null;
  }
  if (!count || !view?.line?.length) return null;
  return lastEnd === "left" ? 0 : view.line.length - 1;
}
