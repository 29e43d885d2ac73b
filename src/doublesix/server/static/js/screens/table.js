// @ts-check
// The table screen: open(params) sits down (a local game, an online seat, a watched table),
// render(state) draws the table, its result sheet, the hot-seat cover and the hall's parts,
// and `actions` are its buttons. The socket side is table_room.js; the state, table_state.js.

import { t } from "../i18n.js";
import { leadIndex, legalMoves, playAction } from "../describe.js";
import { renderHallTable } from "../hall_table.js";
import * as prefs from "../prefs.js";
import { hintButton, openReviewSheet, askHint, resultSheet } from "../review_hooks.js";
import { $, $$, shell, store } from "../shell.js";
import { dropAuto, paintAuto, scheduleAuto } from "../views/autoplay.js";
import { enableDrag } from "../views/drag.js";
import { reactionActions, renderReactions } from "../views/reactions.js";
import { renderResult } from "../views/result.js";
import { renderTable, viewSeat } from "../views/table.js";
import { checkDeal } from "../deal_check.js";
import { shareInvite } from "../telegram.js";
import { connection, leave, onView, openOnline, openRoom, openWatch, resign, roomActions, send, sendFrame, startLocal } from "./table_room.js";

/** @typedef {import("../types.js").State} State */
/** @typedef {import("../types.js").Route} Route */

export { connection, openRoom, startLocal };

let drawTimer = 0;
/** Set when a keyboard player closes a sheet for a new game or deal: see afterView. */
let refocusTable = false;
let wired = false;

/** The hand's drag and the board's size are watched once, the first time the table opens. */
function wire() {
  if (wired) return;
  wired = true;
  // a tile can also be dragged onto an end
  enableDrag($("[data-hand]"), {
    ends: (tile) => (store.state.pending ? [] : legalMoves(store.state.view).plays.get(tile) ?? []),
    play: (tile, end) => {
      const action = playAction(store.state.view, tile, end);
      if (action) send(action);
    },
    board: () => $("[data-board]"),
  });
  // the line is laid out for the board's size: lay it out again whenever that changes
  new ResizeObserver(() => {
    if (store.state.screen === "table") shell.render();
  }).observe($("[data-board]"));
  onView(afterView);
}

/** @param {Route["params"]} params */
export function open(params) {
  wire();
  if (params.mode === "online") openOnline(/** @type {string} */ (params.room));
  else if (params.mode === "watch") openWatch(/** @type {string} */ (params.room));
  else startLocal(params.mode ?? "computer");
}

export function close() {
  clearTimeout(drawTimer);
  dropAuto();
  leave();
}

export function render(/** @type {State} */ state) {
  wire();
  const root = $("[data-screen=table]");
  renderTable(root, state, { chooseEnd });
  renderReactions(root, state);
  paintAuto(prefs.autoplayOn(state.mode));
  renderResult($("[data-result]"), state.sheetView ? { ...state, view: state.sheetView } : state);
  renderCover(state);
  renderHallTable(root, state);
  $("[data-replaced]").hidden = state.conn !== "replaced";
  resultSheet(state);
  hintButton(state);
}

function renderCover(/** @type {State} */ state) {
  const cover = $("[data-cover]");
  const show = state.mode === "hotseat" && state.covered;
  const wasHidden = cover.hidden;
  cover.hidden = !show;
  if (show) {
    const name = t(`player.${(state.view?.to_move ?? 0) + 1}`);
    $("[data-cover-next]").textContent = t("cover.next", { name });
    $("[data-cover-hint]").textContent = t("cover.hint");
    if (wasHidden) $('[data-action="ready"]', cover).focus();
  }
}

/** A control of the table to put focus on: a playable tile, else a move's button. */
function firstControl() {
  return $("[data-hand] [data-playable]") ?? $("[data-actions] .btn:not([hidden])");
}

/** Things that follow a new view: the automatic draw of 101, focus for keyboard players. */
function afterView() {
  const state = store.state;
  const view = state.view;
  clearTimeout(drawTimer);
  checkDeal(state);
  if (!view || view.result || state.covered || view.to_move !== viewSeat(state)) dropAuto();
  if (!view || view.result || state.covered) return;
  if (refocusTable && shell.keyboardUser) {
    // the sheet's button that had focus is gone: the new deal's table takes it, even while
    // another player is to move (the status line then, a tile once it is our turn)
    refocusTable = false;
    requestAnimationFrame(() => (firstControl() ?? $("[data-status]"))?.focus());
  }
  if (state.mode === "online" && state.room?.waiting_for?.length) return;
  if (view.to_move !== viewSeat(state)) return;
  const legal = view.legal ?? [];
  if (view.rules?.draw_rule === "one_then_pass" && legal.length === 1 && legal[0] === "draw") {
    drawTimer = setTimeout(() => send("draw"), 450);
    return;
  }
  if (prefs.autoplayOn(state.mode) && scheduleAuto(state, viewSeat(state), send)) return;
  // keyboard players keep going: when focus was lost with the old tiles, put it on a move
  // (not for touch and mouse players: a focus ring on a phone only puzzles)
  if (!shell.keyboardUser) return;
  requestAnimationFrame(() => {
    const active = /** @type {HTMLElement|null} */ (document.activeElement);
    // a real control keeps focus; the status line (a place to wait) or a hidden one does not
    const kept = active && active !== document.body && active.isConnected
      && !active.matches("[data-status]") && active.checkVisibility?.() !== false;
    if (kept) return;
    firstControl()?.focus();
  });
}

/** After a sheet closes by keyboard, focus goes back to the table, not to the page's top. */
function focusTable() {
  if (!shell.keyboardUser) return;
  requestAnimationFrame(() => (firstControl() ?? $("[data-status]"))?.focus());
}

// ---------------------------------------------------------------- moves

function tapTile(/** @type {string} */ tile) {
  const state = store.state;
  const view = state.view;
  if (!view || state.pending) return;
  if (state.selected === tile) {
    store.select(null);
    return;
  }
  const ends = legalMoves(view).plays.get(tile) ?? [];
  if (ends.length === 1) {
    send(/** @type {string} */ (playAction(view, tile, ends[0])));
    return;
  }
  if (ends.length === 2 && view.ends && view.ends[0] === view.ends[1]) {
    // both ends show the same value: either end makes the same game, so no question asked;
    // the shorter arm takes it, which keeps the line balanced on the table
    const lead = leadIndex(view.history);
    const rightArm = (view.line?.length ?? 0) - 1 - lead;
    send(/** @type {string} */ (playAction(view, tile, lead < rightArm ? "left" : "right")));
    return;
  }
  store.select(tile);
  $('[data-choose] [data-action="end-left"]')?.focus();
}

function chooseEnd(/** @type {string} */ end) {
  const state = store.state;
  if (!state.selected) return;
  const action = playAction(state.view, state.selected, end);
  if (action) send(action);
}

/** «Сдаться» (every mode) and «Заново» (computer and hot-seat): asked once more. «Сдаться»
 * gives the game up on the server (in 101 and «Козёл» the match), whose result sheet then
 * shows to everyone at the table; «Заново» starts a fresh deal at once, so a reload never
 * brings the abandoned one back. */
async function resignOrRestart(/** @type {"resign"|"restart"} */ kind) {
  /** @type {HTMLDialogElement} */ ($("[data-menu]")).close();
  const ok = await shell.dialog("confirm", { question: t(kind === "resign" ? "confirm.resign" : "confirm.restart") });
  if (!ok || !connection()) return;
  const state = store.state;
  if (kind === "resign") {
    const seat = state.mode === "hotseat" ? state.view?.to_move ?? 0 : null;
    resign(Boolean(state.view?.match), seat);
    return;
  }
  store.resign(null);
  prefs.saveDeals(state.game?.game_id, []);
  sendFrame({ type: "rematch" });
}

async function copyInvite(/** @type {HTMLElement} */ button) {
  const link = store.state.inviteLink ?? "";
  const input = /** @type {HTMLInputElement} */ ($("[data-invite-link]"));
  try {
    await navigator.clipboard.writeText(link);
  } catch {
    input.select();
    try { document.execCommand("copy"); } catch { /* the link stays selected for the player */ }
  }
  button.textContent = t("online.copied");
  setTimeout(() => { button.textContent = t("online.copy"); }, 1500);
}

/** A sheet left open while another dealt the next closes: a held hall clock runs (protocol.md). */
const closeOldSheet = () => store.state.sheetView && store.state.room?.hall?.clock && sendFrame({ type: "sheet_closed" });

/** @type {Record<string, (el: HTMLElement, ev: Event) => void>} */
export const actions = {
  draw: () => send("draw"),
  pass: () => send("pass"),
  redeal: () => send("redeal"),
  "end-left": () => chooseEnd("left"),
  "end-right": () => chooseEnd("right"),
  // a tile that is not playable does nothing (and keeps a chosen one chosen)
  "tap-tile": (el) => { if (el.dataset.playable) tapTile(/** @type {string} */ (el.dataset.tile)); },
  "new-game": () => {
    const state = store.state;
    refocusTable = true;
    sendFrame({ type: "rematch" });
    if (state.mode !== "online") store.dropResult();
    focusTable();
  },
  "rematch-cancel": () => { sendFrame({ type: "rematch_cancel" }); },
  "next-deal": () => {
    if (store.state.sheetView) {
      closeOldSheet();
      store.closeOldSheet();
      focusTable();
      return;
    }
    refocusTable = true;
    store.askNextDeal();
    const socket = connection();
    if (socket) socket.send({ type: "next_deal", state_no: socket.stateNo });
    focusTable();
  },
  "hide-result": () => { closeOldSheet(); store.hideResult(); },
  "show-result": () => store.showResult(),
  resign: () => { resignOrRestart("resign"); },
  restart: () => { resignOrRestart("restart"); },
  ready: () => {
    const view = store.state.view;
    // before the first view nobody is to move yet: lifting now would cover again at once
    if (!view) return;
    store.uncover(view.to_move ?? null);
    afterView();
    requestAnimationFrame(() => firstControl()?.focus());
  },
  "copy-invite": (el) => { copyInvite(el); },
  "share-invite": () => { shareInvite(shell.telegram?.app, store.state.inviteLink ?? "", t("appTitle"), t("taps.shareText")); },
  "reset-room": () => { sendFrame({ type: "reset" }); },
  "seat-computer": (el) => { sendFrame({ type: "seat_computer", seat: Number(el.dataset.seat) }); },
  ...roomActions, // a leaver's seat, «Ещё раз с ним»: frames of the room's socket
  "reconnect-here": () => { connection()?.open(); },
  "chat-toggle": () => { prefs.toggleChat(); shell.render(); },
  "chat-send": (_form, ev) => {
    ev.preventDefault();
    const input = /** @type {HTMLInputElement} */ ($("[data-chat-input]"));
    const text = input.value.trim();
    if (!text || !connection() || store.state.mode !== "online") return;
    if (sendFrame({ type: "chat", text }) !== null) input.value = "";
  },
  "review-open": (el) => { openReviewSheet(store.state, el); },
  hint: () => { askHint(); },
  ...reactionActions(sendFrame),
};

/** A click on no action: a tap elsewhere on the table cancels a chosen tile. */
export function click(/** @type {MouseEvent} */ ev) {
  const target = /** @type {Element} */ (ev.target);
  if (store.state.selected && target.closest?.("[data-screen=table]") && !target.closest(".end-marker")) store.select(null);
}

/** Escape puts a chosen tile back; the arrow keys, Home and End move along the hand. */
export function keydown(/** @type {KeyboardEvent} */ ev) {
  if (ev.key === "Escape" && store.state.selected) {
    const tile = store.state.selected;
    store.select(null);
    const back = () => /** @type {HTMLElement|null} */ (document.querySelector(`[data-hand] [data-tile="${tile}"]`))?.focus();
    back();
    requestAnimationFrame(back);
    ev.preventDefault();
    return;
  }
  const tile = /** @type {HTMLElement|null} */ (/** @type {Element} */ (ev.target).closest?.(".hand-tile"));
  if (!tile) return;
  const tiles = $$(".hand-tile", /** @type {HTMLElement} */ (tile.parentElement));
  const i = tiles.indexOf(tile);
  let next = null;
  if (ev.key === "ArrowRight" || ev.key === "ArrowDown") next = tiles[i + 1];
  else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") next = tiles[i - 1];
  else if (ev.key === "Home") next = tiles[0];
  else if (ev.key === "End") next = tiles.at(-1);
  if (next) {
    next.focus();
    next.scrollIntoView({ block: "nearest", inline: "nearest" });
    ev.preventDefault();
  }
}
