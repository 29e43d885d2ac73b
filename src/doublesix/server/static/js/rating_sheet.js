// @ts-check
// The rating changes on a rated hall table's result sheet (issue 25): each player's new rating
// and its change, «+12» / «−8», asked of the server once the game is over
// (GET /api/games/{id}/ratings/{n}; docs/protocol.md, "Ratings"). DOM-free but for the box.
import { t } from "./i18n.js";
import "./rating_i18n.js";

/** A rating change as the sheet writes it: +12, −8 (a real minus sign), ±0. */
export function signed(/** @type {number} */ n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0";
}

/**
 * The sheet's rating line for the server's answer ("" for a table that is not rated).
 * @param {{ rated: boolean, outcome: string|null, changes: { seat: number, delta: number, after: { label: string } }[] }|null} answer
 * @param {(seat: number) => string} nameOf
 */
export function ratingLine(answer, nameOf) {
  if (!answer?.rated) return "";
  if (answer.outcome === null) return t("rating.pending");
  if (answer.outcome !== "rated") return t(`rating.not.${answer.outcome}`);
  // no-break spaces inside each player's entry: a phone wraps between players, not inside one
  return `${t("rating.title")}: ${answer.changes.map((c) => `${nameOf(c.seat)}\u00a0${c.after.label}\u00a0(${signed(c.delta)})`).join(" · ")}`;
}

/** @type {Map<string, any>} answers by "game id/game number": asked once per finished game */
const answers = new Map();

/**
 * Fill *box* with the rating line of the state's finished game, asking the server the first
 * time (and again, a few times, while it says the game is not rated yet).
 * @param {HTMLElement} box @param {any} state @param {(seat: number) => string} nameOf
 */
export function renderRating(box, state, nameOf) {
  const view = state.view;
  const over = Boolean(view?.result) && (!view.match || view.match.over);
  const gameId = state.game?.game_id;
  const gameNo = state.room?.game_no;
  if (!over || !state.room?.hall?.rated || !gameId || !gameNo) {
    box.textContent = "";
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const key = `${gameId}/${gameNo}`;
  if (answers.has(key)) {
    box.textContent = ratingLine(answers.get(key), nameOf);
    return;
  }
  answers.set(key, { rated: true, outcome: null, changes: [] });
  box.textContent = t("rating.pending");
  ask(key, box, nameOf, 0);
}

async function ask(/** @type {string} */ key, /** @type {HTMLElement} */ box, /** @type {(seat: number) => string} */ nameOf, /** @type {number} */ tries) {
  let answer = null;
  try {
    const response = await fetch(`/api/games/${key.split("/").map(encodeURIComponent).join("/ratings/")}`);
    answer = response.ok ? await response.json() : null;
  } catch {
    answer = null;
  }
  if ((!answer || answer.outcome === null) && tries < 4) {
    setTimeout(() => ask(key, box, nameOf, tries + 1), 1500);
    return;
  }
  if (answer) answers.set(key, answer);
  if (box.isConnected) box.textContent = ratingLine(answer ?? answers.get(key), nameOf);
}
