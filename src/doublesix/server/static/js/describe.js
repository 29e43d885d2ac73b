// @ts-check
// Reading a seat's view for display. DOM-free: the server decides what is legal; this module
// only sorts its `legal` list into what the buttons and tiles need, and words things.

import { t } from "./i18n.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").HistoryEntry} HistoryEntry */
/** @typedef {{ kind: string, tile?: string, end?: string|null }} Action */
/** @typedef {(seat: number) => string} NameOf */
/** @typedef {{ kind: string, tile?: string|null, points: number }} Bonus */

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

/**
 * The result sheet, from the seat's point of view (DOM-free, for any number of seats).
 * Returns {tone: "win"|"loss"|"draw"|"neutral", reason, headline, verdict, calc, bonuses,
 * pips, winner, matchOver, won}. `calc` is the arithmetic that made the points:
 * {terms: [{value, op, label}], total, hangs} — read as "38 − 16 = 22".
 * @param {any} view the seat's view (its `result` as the server sends it)
 * @param {{ mySeat: number, nameOf: NameOf, oneScreen?: boolean }} options
 */
export function resultSummary(view, { mySeat, nameOf, oneScreen = false }) {
  const r = view?.result;
  if (!r) return null;
  const match = view.match ?? null;
  /** @type {number[]} */
  const pipsOf = r.pips ?? [];
  const seats = pipsOf.map((_, i) => i);
  const fish = r.reason === "blocked";
  const reason = fish ? t("reason.fish") : t("reason.domino");
  const drawn = r.winner === null || r.winner === undefined;
  const matchOver = Boolean(match?.over && match.winner !== null && match.winner !== undefined);
  const won = !drawn && r.winner === mySeat;
  let tone = oneScreen ? "neutral" : drawn ? "draw" : won ? "win" : "loss";
  let headline;
  if (matchOver) {
    if (!oneScreen) tone = match.winner === mySeat ? "win" : "loss";
    headline = oneScreen ? t("result.matchWin", { name: nameOf(match.winner) })
      : match.winner === mySeat ? t("result.matchYou") : t("result.matchLost", { name: nameOf(match.winner) });
  } else if (drawn) {
    headline = fish ? t("result.fishDraw") : t("result.draw.title");
  } else if (oneScreen) {
    headline = t(fish ? "result.fishWinner" : "result.winner", { name: nameOf(r.winner) });
  } else if (won) {
    headline = fish ? t("result.fishYou") : t("result.youWinTitle");
  } else {
    headline = fish ? t("result.fishOther", { name: nameOf(r.winner) }) : t("result.youLoseTitle");
  }

  const bonuses = (/** @type {Bonus[]} */ (r.bonuses ?? [])).map((b) => ({ text: bonusName(b), value: b.points, lone: b.kind === "lone_double" }));
  const terms = [];
  let verdict;
  let caption;
  let hangs = 0;
  if (drawn) {
    // equal totals: nobody scores; in a match both totals hang over the next deal
    hangs = r.hanging ?? 0;
    caption = hangs ? t("calc.hang") : t("calc.tie");
    verdict = hangs ? t("result.hangs", { n: hangs }) : t("result.draw");
    for (const seat of seats) terms.push({ value: pipsOf[seat], op: terms.length ? "=" : "", label: nameOf(seat) });
    if (hangs) {
      const carried = hangs - pipsOf.reduce((a, b) => a + b, 0);
      const tied = seats.map((seat, k) => ({ value: pipsOf[seat], op: k ? "+" : "", label: nameOf(seat) }));
      if (carried > 0) tied.push({ value: carried, op: "+", label: t("bonus.hanging") });
      terms.splice(0, terms.length, ...tied);
    }
  } else if (match) {
    const loser = r.loser ?? seats.find((s) => s !== r.winner);
    caption = t("calc.penalty");
    const lone = bonuses.find((b) => b.lone);
    terms.push({ value: lone ? lone.value : pipsOf[loser], op: "", label: lone ? lone.text : nameOf(loser) });
    for (const b of bonuses) if (!b.lone) terms.push({ value: b.value, op: "+", label: b.text });
    const name = nameOf(loser);
    verdict = oneScreen ? t("result.oppLose101", { name, n: r.points })
      : loser === mySeat ? t("result.youLose101", { n: r.points }) : t("result.oppLose101", { name, n: r.points });
  } else {
    const others = seats.filter((s) => s !== r.winner);
    caption = !fish ? t("calc.domino") : view.rules?.blocked_points === "others_sum" ? t("calc.fishSum") : t("calc.fish");
    if (fish && view.rules?.blocked_points !== "others_sum" && others.length) {
      for (const s of others) terms.push({ value: pipsOf[s], op: terms.length ? "+" : "", label: nameOf(s) });
      terms.push({ value: pipsOf[r.winner] * others.length, op: "−", label: nameOf(r.winner) });
    } else {
      for (const s of others) terms.push({ value: pipsOf[s], op: terms.length ? "+" : "", label: nameOf(s) });
    }
    verdict = oneScreen || !won
      ? t("result.playerWins", { name: nameOf(r.winner), n: r.points })
      : t("result.youWin", { n: r.points });
  }
  const total = drawn ? (hangs || null) : r.points;
  return {
    tone, reason, headline, verdict, bonuses, pips: pipsOf, winner: drawn ? null : r.winner,
    won, matchOver, calc: { caption, terms, total, hangs },
  };
}

/** @type {Record<string, string>} */
const BONUS_KEYS = { lead: "bonus.lead", finish: "bonus.finish", lone_double: "bonus.lone", hanging: "bonus.hanging" };

/** A bonus of the core, {kind, tile, points} (protocol 2), in the page's words. @param {Bonus} bonus */
export function bonusName(bonus) {
  const key = BONUS_KEYS[bonus.kind];
  return key ? t(key, { tile: bonus.tile ?? "" }) : String(bonus.kind);
}

/** Who leads the 101 match: the lower penalty total. */
/** @param {{ scores: number[] }|null|undefined} match @returns {number|null} */
export function matchLeader(match) {
  if (!match) return null;
  const [a, b] = match.scores;
  if (a === b) return null;
  return a < b ? 0 : 1;
}
