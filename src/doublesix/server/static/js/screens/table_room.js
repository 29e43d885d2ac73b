// @ts-check
// The table's socket side: opening a room on the server (a local game, an online seat, a
// watched hall table), feeding its frames to the store (store.receive: table_state.js), and
// sending moves. What follows a view on screen (the automatic draw, focus) is screens/table.js's.
// Computer moves come in at the chosen pace (pace.js); each frame's sounds and buzzes are
// feedback.js's, and a quick reaction goes straight to its bubble (views/reactions.js).

import { t } from "../i18n.js";
import { newTable } from "../again_model.js";
import { feedback } from "../feedback.js";
import { ApiError, Connection, WatchConnection, createGame } from "../net.js";
import { PACES, Pacer } from "../pace.js";
import * as prefs from "../prefs.js";
import { shell, store } from "../shell.js";
import { againActions } from "../views/again.js";
import { leaverActions } from "../views/leavers.js";
import { showReaction } from "../views/reactions.js";

/** @typedef {import("../types.js").Frame} Frame */
/** @typedef {import("../types.js").Mode} Mode */
/** @typedef {import("../types.js").SeatRecord} SeatRecord */

/** @type {Connection|null} */
let conn = null;
/** @type {(() => void)|null} what the screen runs after each new view (screens/table.js) */
let afterView = null;
let errorTimer = 0;
let chatTimer = 0;
let freshTimer = 0;
/** Lets the socket's frames in, computer moves at the chosen pace (pace.js). */
const pacer = new Pacer({ deliver: (frame) => receive(frame), gap: () => PACES[prefs.pace()] });

/** The open table's socket, or null. */
export function connection() {
  return conn;
}

/** @param {() => void} fn */
export function onView(fn) {
  afterView = fn;
}

/** Leave the table: the socket closes, the store forgets the game. */
export function leave() {
  pacer.clear();
  conn?.close();
  conn = null;
  store.leaveTable();
}

/** A computer or hot-seat game: the saved one, else a new one with the saved rules. */
export async function startLocal(/** @type {Mode} */ mode, { fresh = false } = {}) {
  prefs.setLastMode(mode);
  const record = fresh ? null : prefs.seatRecord(mode);
  if (record?.game_id && record?.token) {
    openRoom(mode, record);
    return;
  }
  leave();
  store.creating(mode, t("loading"));
  try {
    const created = await createGame({
      mode, rules: prefs.rulesFor(mode), level: mode === "computer" ? store.state.level : undefined,
      name: shell.telegram?.name ?? undefined,
    });
    prefs.saveSeat(mode, created);
    openRoom(mode, created);
  } catch (err) {
    // rules the server refuses stay refused: say so instead of retrying for ever
    if (err instanceof ApiError && err.code === "invalid_rules") {
      store.fail(t("error.rules"));
      return;
    }
    store.fail(t("error.server"));
    setTimeout(() => { if (store.state.mode === mode && !store.state.view) startLocal(mode); }, 2000);
  }
}

/** An online seat saved in this browser; the lobby says so when there is none. */
export function openOnline(/** @type {string} */ gameId) {
  const mine = prefs.seatRecord("online", gameId);
  if (!mine?.token) {
    shell.go({ screen: "lobby", params: { notFound: true } });
    return;
  }
  prefs.enterRoom(mine);
  openRoom("online", mine);
}

/** Sit at *record*'s table as *mode* and open its socket. */
export function openRoom(/** @type {Mode} */ mode, /** @type {SeatRecord} */ record) {
  leave();
  store.enterTable(mode, record, {
    deals: prefs.deals(record.game_id),
    inviteLink: record.invite_url ? new URL(record.invite_url, location.href).href : null,
  });
  const socket = new Connection(record.game_id, /** @type {string} */ (record.token));
  conn = socket;
  listen(socket, "welcome", paced);
  listen(socket, "event", paced);
  listen(socket, "presence", paced);
  // the move stays "on its way" until its event brings the new view; the ack only proves it
  // was stored, so clear the flag by itself only if that event somehow never comes
  listen(socket, "ack", () => {
    const version = store.state.view?.version;
    setTimeout(() => {
      if (store.state.pending && store.state.view?.version === version) store.settle();
    }, 3000);
  });
  listen(socket, "error", onError);
  socket.addEventListener("status", (ev) => onStatus(mode, record, /** @type {CustomEvent<string>} */ (ev).detail));
  socket.open();
}

/** A spectator at a public table: the seat-less view drawn as if from no seat (no hand). */
export function openWatch(/** @type {string} */ gameId) {
  leave();
  store.watchTable(gameId);
  const socket = new WatchConnection(gameId);
  conn = socket;
  listen(socket, "watching", paced);
  listen(socket, "event", paced);
  listen(socket, "presence", paced);
  listen(socket, "error", (frame) => showError(frame.message ?? frame.code ?? ""));
  socket.addEventListener("status", (ev) => {
    const status = /** @type {CustomEvent<string>} */ (ev).detail;
    store.connection(status);
    if (status === "not_found") shell.go({ screen: "hall", params: {} });
  });
  socket.open();
}

/** @param {Connection} socket @param {string} type @param {(frame: Frame) => void} fn */
function listen(socket, type, fn) {
  socket.addEventListener(type, (ev) => fn(/** @type {CustomEvent<Frame>} */ (ev).detail));
}

/** A frame from the socket: a reaction is shown at once (it changes nothing at the table);
 * the rest waits its turn behind the computer's paced moves. */
function paced(/** @type {Frame} */ frame) {
  if (frame.type === "event" && frame.event?.kind === "reaction") {
    if (!prefs.reactionsMuted() || frame.event.seat === store.state.game?.seat) showReaction(store.state, /** @type {any} */ (frame.event));
    return;
  }
  pacer.push(frame);
}

/** Let in whatever waits (⚙ changed the pace to a quicker one, say). */
export function catchUp() {
  pacer.flush();
}

/** A frame for the table's state; then what a new view sets going. */
function receive(/** @type {Frame} */ frame) {
  const before = store.state;
  store.receive(frame);
  const state = store.state;
  feedback(before, state, frame, shell.telegram);
  if (state.deals !== before.deals && state.game?.game_id) prefs.saveDeals(state.game.game_id, state.deals);
  if (frame.type === "presence") {
    if (!state.room?.waiting_for?.length && before.room?.waiting_for?.length) afterView?.();
    return;
  }
  // a slide or a draw is shown once: later redraws (choosing an end, a resize) keep still
  clearTimeout(freshTimer);
  if (state.freshIndex !== null || state.freshHand) {
    const motion = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--motion")) || 0;
    freshTimer = setTimeout(() => store.stillLine(), motion + 600);
  }
  afterView?.();
  // «Ещё раз с ним» accepted: both players go to the new table at once
  if (frame.type === "event" && frame.event?.kind === "again_accepted") goAgain();
}

/** To the new table «Ещё раз с ним» made, with the token of this one (again_model.js). */
export function goAgain() {
  const state = store.state;
  const offer = /** @type {import("../again_model.js").AgainOffer|undefined} */ (state.room?.hall?.again);
  const record = newTable(offer, prefs.seatRecord("online", state.game?.game_id ?? null));
  if (!record) return;
  prefs.enterRoom(record);
  shell.go({ screen: "table", params: { mode: "online", room: record.game_id } });
}

function onStatus(/** @type {Mode} */ mode, /** @type {SeatRecord} */ record, /** @type {string} */ status) {
  store.connection(status);
  if (status === "bad_token" || status === "not_found") {
    prefs.forgetSeat(mode, record.game_id);
    if (mode === "online") {
      leave();
      shell.go({ screen: "lobby", params: { notFound: true } }, { hash: false });
    } else {
      startLocal(mode, { fresh: true });
    }
  }
}

function onError(/** @type {Frame} */ frame) {
  const quiet = ["stale_state", "busy", "already_hello"];
  store.settle();
  if (resigning && frame.id === resigning.id && frame.code === "stale_state" && resigning.tries < 3) {
    // a move came first (the computer's, another seat's): the resignation still stands
    resigning = { ...resigning, tries: resigning.tries + 1, id: sendResign(resigning) };
    return;
  }
  if (quiet.includes(frame.code ?? "")) return;
  if (frame.code === "chat_flood" && !store.state.room?.hall) {
    showError(t("chat.flood")); // a reaction too many at a room without a chat to say it in
    return;
  }
  if (frame.code === "chat_flood") {
    // said in the chat, not over the game's status line
    store.chatFailed(t("chat.flood"));
    clearTimeout(chatTimer);
    chatTimer = setTimeout(() => store.chatFailed(""), 4000);
    return;
  }
  const text = frame.code === "opponent_away" ? t("online.oppAway") : t("error.move", { reason: frame.message ?? frame.code });
  showError(text);
}

/** Say *text* on the status line for a few seconds. */
export function showError(/** @type {string} */ text) {
  clearTimeout(errorTimer);
  store.fail(text);
  errorTimer = setTimeout(() => store.fail(""), 4000);
}

/** Send *action* (a move the view's legal list offers), unless one is already on its way. */
export function send(/** @type {string} */ action) {
  const state = store.state;
  if (!conn || state.pending || state.room?.hall?.over) return; // a loss on time ends play
  const seat = state.mode === "hotseat" ? state.view?.to_move ?? null : null;
  if (conn.move(action, seat) !== null) store.sent();
}

/** @type {{ id: number|null, match: boolean, seat: number|null, tries: number }|null} */
let resigning = null;

/** @param {{ match: boolean, seat: number|null }} what */
function sendResign({ match, seat }) {
  if (!conn) return null;
  /** @type {Record<string, unknown>} */
  const frame = { type: "resign", state_no: conn.stateNo, match };
  if (seat !== null) frame.seat = seat;
  return conn.send(frame);
}

/** Give up the deal, or (*match*) the whole 101 / «Козёл» match: the server scores it and
 * every seat's result sheet shows it. A move that overtakes it makes it stale: it is sent
 * again on the new state (the player asked to resign, not to resign on that state only). */
export function resign(/** @type {boolean} */ match, /** @type {number|null} */ seat = null) {
  resigning = { match, seat, tries: 0, id: sendResign({ match, seat }) };
}

/** Send a frame that is not a move (rematch, reset, chat, …); null when the socket is down. */
export function sendFrame(/** @type {Record<string, unknown>} */ frame) {
  return conn ? conn.send(frame) : null;
}

/** The table's buttons that only send a frame: a leaver's seat (views/leavers.js) and
 * «Ещё раз с ним» (views/again.js). */
export const roomActions = { ...leaverActions(sendFrame), ...againActions(sendFrame, goAgain) };
