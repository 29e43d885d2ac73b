// @ts-check
// What a new view means for the senses and for «Автоход», as pure functions of the state before
// and after one frame: the sounds and buzzes it calls for (feedback.js plays them), and the one
// move a player has when they have only one (views/autoplay.js makes it after a pause).
// DOM-free, tested in node (tests/js/cues.test.js).

import { parseAction } from "./describe.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").Frame} Frame */
/** @typedef {"tile"|"draw"|"turn"|"won"|"lost"} Cue */

/** Whether the seat *me* is on the winning side of a finished deal's *view*. */
export function wonBy(/** @type {View} */ view, /** @type {number} */ me) {
  const winner = /** @type {number|null|undefined} */ (view.result?.winner);
  if (winner === null || winner === undefined) return false;
  if (winner === me) return true;
  // «Козёл»: the partner's win is the pair's (seats 0 + 2, 1 + 3)
  return Boolean(view.teams ?? view.rules?.teams) && (winner - me) % 2 === 0;
}

/**
 * The cues of one frame: a tile laid, a draw, «ваш ход», a deal won or lost. A spectator gets
 * the moves but no turn and no result of their own; a hot-seat screen is everyone's.
 * @param {State} before
 * @param {State} after
 * @param {Frame} frame
 * @returns {Cue[]}
 */
export function cues(before, after, frame) {
  const view = after.view;
  if (frame.type !== "event" || !view) return [];
  /** @type {Cue[]} */
  const out = [];
  const event = /** @type {any} */ (frame.event);
  if (event?.kind === "action") {
    const kind = parseAction(event.action).kind;
    if (kind === "play") out.push("tile");
    else if (kind === "draw") out.push("draw");
  }
  if (after.mode === "watch") return out;
  const me = after.mode === "hotseat" ? view.to_move : view.seat;
  if (view.result && !before.view?.result) {
    if (after.mode !== "hotseat" && me !== null && me !== undefined) out.push(wonBy(view, me) ? "won" : "lost");
    else out.push("won"); // on a shared screen somebody always won: a closing phrase
    return out;
  }
  const mineNow = !view.result && view.to_move === view.seat && Boolean(view.legal?.length);
  const mineBefore = Boolean(before.view && !before.view.result && before.view.to_move === before.view.seat);
  if (after.mode !== "hotseat" && mineNow && !mineBefore) out.push("turn");
  return out;
}

/**
 * The move «Автоход» makes for the seat to move: its one legal action (a forced draw, a
 * forced pass, a single legal play or lead), else null. Never on a finished deal or for
 * somebody else's turn.
 * @param {View|null|undefined} view
 * @param {number} seat the seat this screen plays
 * @returns {string|null}
 */
export function forcedAction(view, seat) {
  if (!view || view.result || view.to_move !== seat) return null;
  const legal = view.legal ?? [];
  return legal.length === 1 ? legal[0] : null;
}
