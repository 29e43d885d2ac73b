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
/** @type {{ version: number, action: string }|null} */
let pending = null;
/** the view a tap or key cancelled: its move stays the player's */
let cancelled = /** @type {number|null} */ (null);
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

/** Whether the table keeps the note's line: where «Автоход» is on, from its first render (so
 * the first automatic move moves nothing); elsewhere (online, where it is off unless chosen)
 * a line left by an earlier game against the computer took a phone's last room. */
let room = false;

/** Light the pending move up again (a render may have drawn the hand afresh); `keep` (from the
 * table's render): whether «Автоход» is on at this table. @param {unknown} [keep] */
export function paintAuto(keep) {
  if (typeof keep === "boolean") room = keep; // requestAnimationFrame passes a time instead
  for (const el of document.querySelectorAll(".auto-pending")) el.classList.remove("auto-pending");
  const box = room ? note() : document.querySelector("[data-auto-note]");
  if (box) /** @type {HTMLElement} */ (box).hidden = !room;
  if (!pending) {
    if (box) box.textContent = "";
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
  cancelled = pending.version;
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
  if (!view || !action || cancelled === view.version || state.pending) {
    dropAuto();
    return false;
  }
  if (pending?.version === view.version) return true;
  clearTimeout(timer);
  const version = view.version;
  pending = { version, action };
  timer = setTimeout(() => {
    if (pending?.version !== version) return;
    pending = null;
    paintAuto();
    send(action);
  }, AUTO_MS);
  requestAnimationFrame(paintAuto);
  return true;
}

/** A tap or a key anywhere cancels the pending move (seen before any handler runs). */
function wire() {
  if (wired) return;
  wired = true;
  document.addEventListener("pointerdown", cancelAuto, true);
  document.addEventListener("keydown", (ev) => { if (!["Shift", "Control", "Alt", "Meta"].includes(ev.key)) cancelAuto(); }, true);
}
