// @ts-check
// Quick reactions at an online table (issue 24): the picker (a «😊» button that opens a row of
// the fixed set, at the end of the move buttons' row) and the bubble a reaction shows by its sender's seat
// for a few seconds. The set is the server's (taps_i18n.js REACTIONS); what is shown is our own
// words for a key, never text a stranger typed. A spectator sees them but has no picker.

import { t } from "../i18n.js";
import { EMOJI, REACTIONS } from "../taps_i18n.js";
import { isMany, sideSeat } from "../seats_model.js";
import { seatNamer } from "./table.js";

/** @typedef {import("../types.js").State} State */

const SHOWN_MS = 3200;

/** The picker's box, made once under the move buttons. */
function picker(/** @type {HTMLElement} */ root) {
  let box = /** @type {HTMLElement|null} */ (root.querySelector("[data-reactions]"));
  if (box) return box;
  box = document.createElement("div");
  box.className = "reactions";
  box.dataset.reactions = "";
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "btn quiet react-toggle";
  toggle.dataset.action = "react-toggle";
  toggle.setAttribute("aria-expanded", "false");
  toggle.textContent = "😊";
  const list = document.createElement("div");
  list.className = "react-list";
  list.dataset.reactList = "";
  list.hidden = true;
  for (const key of REACTIONS) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `btn react-btn${EMOJI.has(key) ? " is-emoji" : ""}`;
    b.dataset.action = "react";
    b.dataset.reaction = key;
    list.append(b);
  }
  box.append(toggle, list);
  // in the row of the move buttons, at its end: a row of its own under them cost a phone's
  // felt 52 px (css/taps.css); the row of reactions opens above it, over the hand
  /** @type {HTMLElement} */ (root.querySelector("[data-actions]")).append(box);
  return box;
}

/** Draw the picker for *state*: only a seat at an online table has one. */
export function renderReactions(/** @type {HTMLElement} */ root, /** @type {State} */ state) {
  const show = state.mode === "online" && Boolean(state.view);
  const existing = root.querySelector("[data-reactions]");
  if (!show && !existing) return;
  const box = picker(root);
  box.hidden = !show;
  const toggle = /** @type {HTMLElement} */ (box.querySelector("[data-action=react-toggle]"));
  toggle.setAttribute("aria-label", t("react.open"));
  toggle.title = t("react.open");
  for (const b of box.querySelectorAll("[data-reaction]")) {
    const key = /** @type {HTMLElement} */ (b).dataset.reaction;
    b.textContent = t(`react.${key}`);
    if (EMOJI.has(/** @type {string} */ (key))) b.setAttribute("aria-label", t(`react.${key}.label`));
  }
}

/** Open or close the row of reactions. */
export function togglePicker(/** @type {boolean|null} */ open = null) {
  const list = /** @type {HTMLElement|null} */ (document.querySelector("[data-react-list]"));
  const toggle = document.querySelector("[data-action=react-toggle]");
  if (!list || !toggle) return;
  list.hidden = open === null ? !list.hidden : !open;
  toggle.setAttribute("aria-expanded", String(!list.hidden));
}

/** The table's actions for the picker; *send* sends a frame (null when the socket is down).
 * @param {(frame: Record<string, unknown>) => unknown} send */
export function reactionActions(send) {
  return {
    "react-toggle": () => { togglePicker(); },
    react: (/** @type {HTMLElement} */ el) => {
      if (send({ type: "react", reaction: el.dataset.reaction }) !== null) togglePicker(false);
    },
  };
}

/** Where *seat* sits on this screen: its chip, the opponent's band, or (mine) the hand. */
function anchorOf(/** @type {State} */ state, /** @type {number} */ seat) {
  if (state.mode !== "watch" && seat === sideSeat(state)) return document.querySelector(".hand-wrap");
  if (isMany(state)) return document.querySelector(`.seat-chip[data-seat="${seat}"]`);
  return document.querySelector("[data-opponent]");
}

/** Show a reaction by its sender's seat for a few seconds (a newer one of the seat replaces it). */
export function showReaction(/** @type {State} */ state, /** @type {{ seat: number, reaction: string }} */ event) {
  if (!REACTIONS.includes(event.reaction) || state.screen !== "table") return;
  const root = document.querySelector("[data-screen=table]");
  const anchor = anchorOf(state, event.seat);
  if (!root || !anchor) return;
  root.querySelector(`[data-reaction-bubble][data-seat="${event.seat}"]`)?.remove();
  const bubble = document.createElement("div");
  bubble.className = `reaction-bubble${EMOJI.has(event.reaction) ? " is-emoji" : ""}`;
  bubble.dataset.reactionBubble = event.reaction;
  bubble.dataset.seat = String(event.seat);
  bubble.setAttribute("role", "status");
  const text = t(`react.${event.reaction}`);
  const name = seatNamer(state)(event.seat);
  bubble.setAttribute("aria-label", t("react.said", { name, text: EMOJI.has(event.reaction) ? t(`react.${event.reaction}.label`) : text }));
  bubble.textContent = text;
  // fixed on the screen, beside the seat: chips are drawn afresh with every view
  const r = anchor.getBoundingClientRect();
  bubble.style.left = `${Math.round(r.left + r.width / 2)}px`;
  bubble.style.top = `${Math.round(r.top + Math.min(r.height, 64) / 2)}px`;
  root.append(bubble);
  setTimeout(() => bubble.remove(), SHOWN_MS);
}
