// @ts-check
// The app's state in one place, changed only by named verbs (enter a table, receive a frame,
// select a tile, fail, …). An EventTarget: main.js listens for "change" and renders the open
// screen from `store.state`; the socket, the buttons and the timers are inputs that call verbs.
// DOM-free. Every key is declared in INITIAL: `update` refuses any other, so a typo is an error
// at once rather than a key nobody renders. A new key: declare it here and in types.d.ts.

import { tableReducer } from "./table_state.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Frame} Frame */
/** @typedef {import("./types.js").Mode} Mode */
/** @typedef {import("./types.js").Screen} Screen */
/** @typedef {import("./types.js").SeatRecord} SeatRecord */

/** @type {Readonly<State>} */
export const INITIAL = Object.freeze({
  screen: "home",
  mode: null,
  game: null,
  view: null,
  room: null,
  conn: "idle",
  selected: null,
  covered: false,
  readySeat: null,
  announce: null,
  errorText: "",
  loading: false,
  resultHidden: false,
  pending: false,
  lang: "ru",
  level: "", // the catalogue's default level until prefs say otherwise (main.js start)
  deals: [],
  inviteLink: null,
  resigned: null,
  sheetView: null,
  nextAsked: false,
  chat: [],
  chatError: "",
  freshIndex: null,
  freshHand: null,
  freshFrom: null,
  witness: null,
  verified: null,
});

/** What leaving a table clears (the language, the level and the screen stay).
 * @type {Partial<State>} */
const NO_TABLE = {
  mode: null, game: null, view: null, room: null, selected: null, conn: "idle", announce: null, covered: false,
  resigned: null, sheetView: null, nextAsked: false, witness: null, verified: null,
};

export class Store extends EventTarget {
  /** @param {Partial<State>} [initial] */
  constructor(initial = {}) {
    super();
    /** @type {State} */
    this.state = { ...INITIAL };
    this.update(initial);
  }

  /**
   * Commit *patch* and tell the listeners. The verbs below are the app's way in; this stays
   * public as the hook the browser tests set up a position with (globalThis.doublesix.store).
   * @param {Partial<State>} patch
   */
  update(patch) {
    for (const key of Object.keys(patch)) {
      if (!(key in INITIAL)) throw new TypeError(`store: undeclared key ${key}`);
    }
    const before = this.state;
    this.state = { ...before, ...patch };
    this.dispatchEvent(new CustomEvent("change", { detail: { before, patch } }));
  }

  // ---------------------------------------------------------------- screens and tables

  /** @param {Screen} screen */
  show(screen) { this.update({ screen, errorText: "" }); }

  leaveTable() { this.update(NO_TABLE); }

  /** A local game is being created for *mode*: the table shows *text* (loading) until a view. */
  creating(/** @type {Mode} */ mode, /** @type {string} */ text) {
    this.update({ screen: "table", mode, errorText: text, loading: true });
  }

  /**
   * Sit at *record*'s table as *mode*: a fresh table until the welcome brings the view.
   * @param {Mode} mode
   * @param {SeatRecord} record
   * @param {{ deals: State["deals"], inviteLink: string|null }} extra
   */
  enterTable(mode, record, { deals, inviteLink }) {
    this.update({
      ...NO_TABLE, screen: "table", mode, game: record, errorText: "", loading: false, announce: null, resultHidden: false,
      pending: false, readySeat: null, covered: mode === "hotseat", deals, inviteLink,
    });
  }

  /** Watch a public table (the hall): no seat, no hand, the chat read-only. */
  watchTable(/** @type {string} */ gameId) {
    this.update({
      ...NO_TABLE, screen: "table", mode: "watch", game: { game_id: gameId, seat: -1, seats: [] }, chat: [], errorText: "",
      loading: false, resultHidden: true, pending: false, deals: [], inviteLink: null, covered: false,
    });
  }

  /** A socket frame (welcome, watching, event, presence): the table reducer's next state. */
  receive(/** @type {Frame} */ frame) {
    const next = tableReducer(this.state, frame);
    if (next !== this.state) this.update(next);
  }

  /** The socket's status: connecting, open, reconnecting, restarting, replaced, … */
  connection(/** @type {string} */ status) { this.update({ conn: status }); }

  // ---------------------------------------------------------------- moves

  /** Tap a tile (null: none chosen). */
  select(/** @type {string|null} */ tile) { this.update({ selected: tile }); }

  /** A move went out: nothing more until its event (or a refusal) comes. */
  sent() { this.update({ pending: true, selected: null }); }

  /** The move on its way is settled (refused, or its event never came). */
  settle() { this.update({ pending: false }); }

  /** Say *text* on the status line ("" clears it); a failure also ends loading. */
  fail(/** @type {string} */ text) { this.update({ errorText: text, loading: false }); }

  /** The chat refused a line (flooding): said in the chat, not on the status line. */
  chatFailed(/** @type {string} */ text) { this.update({ chatError: text }); }

  /** A play or a draw has been shown once: later redraws keep still. */
  stillLine() { this.update({ freshIndex: null, freshHand: null }); }

  // ---------------------------------------------------------------- sheets and covers

  /** The hot-seat cover is lifted by the player of *seat*. */
  uncover(/** @type {number|null} */ seat) { this.update({ covered: false, readySeat: seat }); }

  /** Resigned (or restarted: *resigned* null) a local game: its sheet shows until the next deal. */
  resign(/** @type {State["resigned"]} */ resigned) {
    this.update({ resigned, resultHidden: false, sheetView: null, deals: [], selected: null });
  }

  /** The resigned game's sheet is closed: the new deal is already on the table. */

  /** The previous deal's sheet (kept while the other player started the next) is closed. */
  closeOldSheet() { this.update({ sheetView: null }); }

  askNextDeal() { this.update({ nextAsked: true }); }

  /** The browser checked a finished deal from its secret (verify.js): the sheet says so. */
  dealChecked(/** @type {State["verified"]} */ verified) { this.update({ verified }); }

  /** Close the result sheet (it can be opened again while the result stands). */
  hideResult() { this.update({ resultHidden: true, sheetView: null, resigned: null }); }

  /** Asked for a new local game: the old sheet goes at once. */
  dropResult() { this.update({ resultHidden: true }); }

  showResult() { this.update({ resultHidden: false }); }

  // ---------------------------------------------------------------- preferences on show

  setLanguage(/** @type {string} */ lang) { this.update({ lang }); }

  /** The computer's level: for the next game, and for this room's *room* when it changed. */
  setLevel(/** @type {string} */ level, roomToo = false) {
    const room = this.state.room;
    this.update(roomToo && room ? { level, room: { ...room, level } } : { level });
  }
}
