// @ts-check
// The small hooks of «Разбор» and «Подсказка» into the table and its result sheet, drawn by
// screens/table.js after the table. Their buttons are the table screen's "review-open" and
// "hint" actions. The tutorial's hint is screens/tutorial.js's, the switch dialogs/settings.js's.

import { t } from "./i18n.js";
import { hintUsed, hintsOn, markHintUsed } from "./prefs.js";
import { splitTile } from "./describe.js";
import { ReviewError, fetchHint, hintReason, moveText } from "./review_data.js";
import { store } from "./shell.js";
import { openReview } from "./views/review.js";

/** @typedef {import("./types.js").State} State */

const HINT_MODES = ["computer", "hotseat"];
/** the hint on show: for which game and view version, what it says, which tile it lights
 * @type {{ gameId: string, version: number, tile: string|null, text: string, failed?: boolean }|null} */
let shown = null;
let asking = false;

function deal(/** @type {State} */ state) {
  return state.view?.match?.deal ?? 1;
}

/** «Разбор» of the finished deal, from the sheet's button. */
export function openReviewSheet(/** @type {State} */ state, /** @type {HTMLElement} */ button) {
  openReview(state, button);
}

// ------------------------------------------------------------------ the result sheet

function canReview(/** @type {State} */ state) {
  if (!state.view?.result || !state.game?.game_id) return false;
  // a review shows a seat's hand, which a spectator never sees (docs/protocol.md, «Разбор»)
  if (state.mode === "watch") return false;
  return Boolean(state.game.token);
}

/** The sheet's «Разбор» button, and the note that hints were used in this deal. */
export function resultSheet(/** @type {State} */ state) {
  const sheet = document.querySelector("[data-result]");
  if (!sheet) return;
  // the sheet's own buttons row; the «Разбор» button and the hints note sit by it
  const actions = sheet.querySelector(".sheet-actions");
  if (!actions) return;
  let button = /** @type {HTMLButtonElement|null} */ (actions.querySelector("[data-review-open]"));
  if (!button) {
    button = document.createElement("button");
    button.type = "button";
    button.className = "btn";
    button.dataset.reviewOpen = "";
    button.dataset.action = "review-open";
    actions.append(button);
  }
  button.textContent = t("review.open");
  button.hidden = !canReview(state);
  let note = /** @type {HTMLElement|null} */ (sheet.querySelector("[data-result-hints]"));
  if (!note) {
    note = document.createElement("p");
    note.className = "result-note";
    note.dataset.resultHints = "";
    actions.before(note);
  }
  const used = Boolean(state.game?.game_id) && hintUsed(/** @type {string} */ (state.game?.game_id), state.room?.game_no, deal(state));
  note.textContent = used ? t("review.hints") : "";
  note.hidden = !used;
}

// ------------------------------------------------------------------ hints at the table

function hintAllowed(/** @type {State} */ state) {
  const view = state.view;
  return hintsOn() && HINT_MODES.includes(state.mode) && Boolean(state.game?.token) && Boolean(view)
    && !view.result && !state.covered && view.to_move === view.seat && (view.legal?.length ?? 0) > 0;
}

/** «Подсказка» beside the moves, and the line its answer is shown in. */
export function hintButton(/** @type {State} */ state) {
  const table = document.querySelector("[data-screen=table]");
  const actions = table?.querySelector("[data-actions]");
  if (!actions) return;
  let button = /** @type {HTMLButtonElement|null} */ (actions.querySelector("[data-hint-button]"));
  if (!button) {
    button = document.createElement("button");
    button.type = "button";
    button.className = "btn quiet hint-btn";
    button.dataset.hintButton = "";
    button.dataset.action = "hint";
    actions.append(button);
  }
  let text = /** @type {HTMLElement|null} */ (table.querySelector("[data-hint-text]"));
  if (!text) {
    const status = table.querySelector("[data-status]") ?? actions;
    text = document.createElement("p");
    text.className = "hint-text";
    text.dataset.hintText = "";
    text.setAttribute("role", "status");
    status.after(text);
  }
  const allowed = hintAllowed(state);
  button.hidden = !allowed;
  button.disabled = asking;
  button.textContent = asking ? t("hint.loading") : t("hint.button");
  const current = shown && allowed && shown.gameId === state.game.game_id && shown.version === state.view.version;
  if (!current) shown = shown && shown.failed && allowed ? shown : null;
  text.hidden = !shown;
  text.textContent = shown ? shown.text : "";
  for (const tile of Array.from(table.querySelectorAll("[data-hand] .hinted"))) tile.classList.remove("hinted");
  if (shown?.tile) table.querySelector(`[data-hand] [data-tile="${shown.tile}"]`)?.classList.add("hinted");
}

/** Ask the server for a hint in the position on the table. */
export async function askHint() {
  const state = store.state;
  if (!state || asking || !hintAllowed(state)) return;
  asking = true;
  hintButton(state);
  const { game, view } = state;
  try {
    const hint = await fetchHint(game.game_id, game.token);
    const latest = store.state;
    if (latest.view?.version === view.version) {
      const action = hint.action.split(" ");
      shown = { gameId: game.game_id, version: view.version, tile: action[0] === "play" ? canonicalTile(action[1]) : null,
        text: t("hint.text", { move: moveText(hint.action, { advice: true }), reason: hintReason(hint) }) };
      markHintUsed(game.game_id, latest.room?.game_no, deal(latest));
    }
  } catch (err) {
    const reason = err instanceof ReviewError ? err.message : String(err);
    shown = { gameId: game.game_id, version: view.version, tile: null, failed: true, text: t("hint.failed", { reason }) };
  } finally {
    asking = false;
    hintButton(store.state);
  }
}

function canonicalTile(/** @type {string} */ tile) {
  const [a, b] = splitTile(tile);
  return `${Math.min(a, b)}-${Math.max(a, b)}`;
}
