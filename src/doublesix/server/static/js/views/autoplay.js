// @ts-check
// «Автоход» on screen (issue 24): when the player has one legal move (cues.js forcedAction),
// that tile or button lights up with a bar that runs out, a line says what will happen, and
// after AUTO_MS the move is sent, unless a tap or a key came first (then this turn is the
// player's own: it is not offered again until the next view).

import { t } from "../i18n.js";
import { forcedAction } from "../cues.js";
import { parseAction } from "../describe.js";

/** @typedef {import("../types.js").State} State */

/** The visible pause before the move is made (long enough to see it, short enough to save time). */
export const AUTO_MS = 1100;

let timer = 0;
/** @type {{ key: string, action: string }|null} */
let pending = null;
/** the view a tap or key cancelled (viewKey): its move stays the player's */
let cancelled = /** @type {string|null} */ (null);

/** A view's place in all play: a version counts within one game only, so a cancel in an
 * earlier game (or another room) must not keep the same version of the next one from
 * playing itself. @param {State} state */
function viewKey(state) {
  return `${state.game?.game_id ?? ""}/${state.room?.game_no ?? ""}/${state.view?.version ?? ""}`;
}
let wired = false;

/** The element the move belongs to: its hand tile or its button. */
function targetOf(/** @type {string} */ action) {
  const move = parseAction(action);
  if (move.kind === "play") return document.querySelector(`[data-hand] [data-tile="${move.tile}"]`);
  return document.querySelector(`[data-actions] [data-action="${move.kind}"]`);
}

function note() {
  let el = /** @type {HTMLElement|null} */ (document.querySelector("[data-auto-note]"));
  if (!el) {
    el = document.createElement("p");
    el.className = "auto-note";
    el.dataset.autoNote = "";
    el.setAttribute("aria-live", "polite");
    document.querySelector("[data-screen=table] [data-actions]")?.before(el);
  }
  return el;
}

/** Whether the table keeps the note's line, empty or not (the last render's word). */
let reserved = false;

/**
 * Light the pending move up again (a render may have drawn the hand afresh). *reserve*
 * (from each render: «Автоход» is on for this table) keeps the note's line in place while no
 * move is pending, so the felt above does not shrink the first time a forced move comes; a
 * table without «Автоход» has no such line.
 * @param {boolean} [reserve]
 */
export function paintAuto(reserve) {
  if (reserve !== undefined) reserved = reserve;
  for (const el of document.querySelectorAll(".auto-pending")) el.classList.remove("auto-pending");
  const box = reserved ? note() : document.querySelector("[data-auto-note]");
  if (!pending) {
    if (box) box.textContent = "";
    if (box && !reserved) box.remove();
    return;
  }
  const el = /** @type {HTMLElement|null} */ (targetOf(pending.action));
  if (el) {
    el.classList.add("auto-pending");
    el.style.setProperty("--auto-ms", `${AUTO_MS}ms`);
  }
  const move = parseAction(pending.action);
  const words = move.kind === "play" ? t("auto.play", { tile: move.tile }) : t(`auto.${move.kind}`);
  note().textContent = t("auto.pending", { move: words });
}

/** Stop the pending move: the player tapped or pressed a key. */
export function cancelAuto() {
  if (!pending) return;
  cancelled = pending.key;
  clearTimeout(timer);
  pending = null;
  paintAuto();
}

/** Forget any pending move quietly (a new view, the table closed). */
export function dropAuto() {
  clearTimeout(timer);
  pending = null;
  paintAuto();
}

/**
 * Offer «Автоход» for *state*'s view: true when a move is now pending (it will be sent by
 * *send* after the pause), false when the player has a choice or cancelled this one.
 * @param {State} state @param {number} seat @param {(action: string) => void} send
 */
export function scheduleAuto(state, seat, send) {
  wire();
  const view = state.view;
  const action = forcedAction(view, seat);
  const key = viewKey(state);
  if (!view || !action || cancelled === key || state.pending) {
    dropAuto();
    return false;
  }
  if (pending?.key === key) return true;
  clearTimeout(timer);
  pending = { key, action };
  timer = setTimeout(() => {
    if (pending?.key !== key) return;
    pending = null;
    paintAuto();
    send(action);
  }, AUTO_MS);
  requestAnimationFrame(() => paintAuto()); // not the frame's time as *reserve*
  return true;
}

/** A tap or a key anywhere cancels the pending move (seen before any handler runs). */
function wire() {
  if (wired) return;
  wired = true;
  document.addEventListener("pointerdown", cancelAuto, true);
  document.addEventListener("keydown", (ev) => { if (!["Shift", "Control", "Alt", "Meta"].includes(ev.key)) cancelAuto(); }, true);
}
