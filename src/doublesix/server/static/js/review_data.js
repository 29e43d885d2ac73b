// @ts-check
// «Разбор» and «Подсказка» without the DOM: the two HTTP calls, words for moves, and the
// geometry of the evaluation graph (docs/protocol.md, "«Разбор» (review) and «Подсказка»").

import { t } from "./i18n.js";
import { canonical, parseAction } from "./describe.js";
import "./review_i18n.js";
import { post } from "./net.js";

// the review calls are plain API calls: the protocol client's POST and its error
export { ApiError as ReviewError } from "./net.js";

/** The review of `deal` for `seat` (either may be null: the server's defaults). */
/** @param {string} gameId @param {{ token?: string|null, seat?: number|null, deal?: number|null }} [options] */
export function fetchReview(gameId, { token = null, seat = null, deal = null } = {}) {
  /** @type {Record<string, unknown>} */
  const body = {};
  if (token) body.token = token;
  if (seat !== null && seat !== undefined) body.seat = seat;
  if (deal !== null && deal !== undefined) body.deal = deal;
  return post(`api/games/${encodeURIComponent(gameId)}/review`, body);
}

/** @param {string} gameId @param {string} token */
export function fetchHint(gameId, token) {
  return post(`api/games/${encodeURIComponent(gameId)}/hint`, { token });
}

/** "play 5-6 left" → "5-6 слева"; "draw" → "взять из базара" (a move named, as the review
 * does), or with *advice* "возьмите из базара" (a move advised: «Подсказка: возьмите …»).
 * @param {string} text @param {{ advice?: boolean }} [options] */
export function moveText(text, { advice = false } = {}) {
  const action = parseAction(text);
  if (action.kind === "play") {
    if (!action.end) return t("move.lead", { tile: canonical(/** @type {string} */ (action.tile)) });
    return t("move.play", { tile: canonical(/** @type {string} */ (action.tile)), end: t(`move.${action.end}`) });
  }
  if (advice && (action.kind === "draw" || action.kind === "pass")) return t(`move.${action.kind}.advice`);
  return t(`move.${action.kind}`);
}

/** @param {{ reason: string, value?: number|null }} hint */
export function hintReason(hint) {
  return t(`hint.${hint.reason}`, { v: hint.value ?? "" });
}

export const GRAPH = { w: 600, h: 220, pad: 24 };

/**
 * Points of the graph: x across the plies, y for the value (clamped to ±range, range at
 * least 60). Plies without a value (before the lead) are left out.
 * @param {any[]} curve the review's plies: {ply, seat, action, value, …}
 * @param {{ w: number, h: number, pad: number }} [dims]
 */
export function graphPoints(curve, dims = GRAPH) {
  const values = /** @type {number[]} */ (curve.map((p) => p.value).filter((v) => v !== null && v !== undefined));
  const top = Math.max(60, ...values.map((v) => Math.abs(v)));
  const range = Math.ceil(top / 20) * 20;
  const { w, h, pad } = dims;
  const n = Math.max(1, curve.length);
  const x = (/** @type {number} */ i) => pad + ((w - 2 * pad) * (i + 1)) / n;
  const y = (/** @type {number} */ v) => h / 2 - ((h / 2 - pad) * Math.max(-range, Math.min(range, v))) / range;
  const points = curve.map((p, i) => ({ ...p, x: x(i), y: p.value === null || p.value === undefined ? null : y(p.value) }));
  return { points, range, zero: h / 2, x0: pad, y };
}

/** Ply → the move's number in the table's history panel (which joins a seat's draws in a row). */
/** @param {Array<{ action: string, seat: number, ply: number }>} curve @returns {Map<number, number>} */
export function moveNumbers(curve) {
  const numbers = new Map();
  let n = 0;
  /** @type {{ draw: boolean, seat: number }|null} */
  let last = null;
  for (const p of curve) {
    const draw = parseAction(p.action).kind === "draw";
    if (!(draw && last && last.draw && last.seat === p.seat)) n += 1;
    numbers.set(p.ply, n);
    last = { draw, seat: p.seat };
  }
  return numbers;
}
