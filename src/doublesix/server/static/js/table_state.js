// @ts-check
// The table's state as a pure function of the last state and one socket frame:
// `tableReducer(state, frame) -> state`. No DOM, no storage, no timers: the table screen
// (screens/table.js) persists what changed (the 101 score table) and runs what follows a view
// (the automatic draw, focus). Tested in node (tests/js/table_state.test.js).
//
// A new frame type: a case in `tableReducer`, returning the next state (or `state` itself
// when nothing changes), and a test beside the others.

import { canonical, legalMoves, parseAction } from "./describe.js";
import { witnessed } from "./verify.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Frame} Frame */
/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").Room} Room */
/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").ChatLine} ChatLine */

/**
 * The next state after *frame*: welcome, watching, event, presence. Other frames (ack, error,
 * lobby lines) leave the state as it is; the screen handles them.
 * @param {State} state
 * @param {Frame} frame
 * @returns {State}
 */
export function tableReducer(state, frame) {
  switch (frame.type) {
    case "welcome": {
      const game = /** @type {State["game"]} */ ({ ...state.game, seats: frame.seats, seat: frame.seats?.[0] ?? frame.seat });
      const missed = frame.missed ?? [];
      const lastAction = [...missed].reverse().find((m) => m.event?.kind === "action");
      const next = { ...state, chat: chatFrom(frame, []) };
      return withView(next, /** @type {View} */ (frame.view), frame.room, { game, event: lastAction?.event ?? null, welcome: true });
    }
    case "watching":
      return withView({ ...state, chat: chatFrom(frame, []) }, watcherView(/** @type {View} */ (frame.view)), frame.room, { welcome: true });
    case "event": {
      const event = frame.event ?? { kind: "" };
      let next = { ...state, chat: chatFrom(frame, state.chat) };
      if (event.kind === "new_game") next = { ...next, deals: [], resultHidden: false, readySeat: null };
      const view = state.mode === "watch" ? watcherView(/** @type {View} */ (frame.view)) : /** @type {View} */ (frame.view);
      return withView(next, view, frame.room, { event });
    }
    case "presence":
      return withPresence(state, frame);
    default:
      return state;
  }
}

/** A spectator's view: seat-less (protocol 2: seat null, no hand, no legal moves); the table
 * draws it with an empty hand from seat 1's side (seats_model.js sideSeat) and never offers a
 * move. */
/** @returns {View} */
export function watcherView(/** @type {View} */ view) {
  return { hand: [], legal: [], lead_options: [], ...view };
}

/**
 * Chat messages carried by a frame: the log of a welcome/watching, or one chat event.
 * @param {Frame} frame
 * @param {ChatLine[]} current
 * @returns {ChatLine[]}
 */
export function chatFrom(frame, current) {
  if (Array.isArray(frame.chat)) return frame.chat;
  if (frame.event?.kind === "chat") {
    const { seat, name, text, at } = /** @type {any} */ (frame.event);
    return [...(current ?? []), { seat, name, text, at }].slice(-50);
  }
  return current;
}

/**
 * Who is connected now; and whom play waits for, as the server counts it: human seats not
 * taken or not connected (a timed hall table plays on while a seat is away: its clock runs,
 * so only free seats stop it).
 * @param {State} state
 * @param {Frame} frame
 * @returns {State}
 */
export function withPresence(state, frame) {
  const room = state.room;
  if (!room) return state;
  const seats = room.seats.map((s) => {
    const p = (frame.seats ?? []).find((x) => x.seat === s.seat);
    return p && !s.computer ? { ...s, connected: p.connected } : s;
  });
  const timed = Boolean(room.hall?.clock);
  const waiting = room.mode === "online"
    ? seats.filter((s) => !s.computer && (!s.taken || (!timed && !s.connected))).map((s) => s.seat)
    : room.waiting_for ?? [];
  return { ...state, room: { ...room, seats, waiting_for: waiting } };
}

/** The announcement of *event* (another seat's action): the end's number it was played on
 * and a run of draws counted, both from the view's history (an event frame carries neither).
 * @param {View} view @param {GameEvent} event @returns {State["announce"]} */
export function announced(view, event) {
  const history = view?.history ?? [];
  const last = history.at(-1);
  const same = last && last.seat === event.seat && last.action === event.action && last.ends_before !== undefined;
  const full = same ? { ...event, ends_before: last.ends_before } : event;
  let draws = 0;
  if (parseAction(event.action).kind === "draw") {
    for (let i = history.length - 1; i >= 0 && history[i].seat === event.seat && history[i].action === "draw"; i--) draws++;
  }
  return { event: full, draws: Math.max(1, draws) };
}

/**
 * A new view arrived: work out what moved (for the animation and the announcement), what the
 * result sheet and the hot-seat cover show, and the 101 score table.
 * @param {State} state
 * @param {View} view
 * @param {Room|undefined} room
 * @param {{ game?: State["game"], event?: GameEvent|null, welcome?: boolean }} [options]
 * @returns {State}
 */
export function withView(state, view, room, { game = state.game, event = null, welcome = false } = {}) {
  const before = state.view;
  /** @type {State} */
  const next = { ...state, view, room: room ?? state.room, game, pending: false, freshIndex: null, freshHand: null };
  // what this client saw of the deal, for checking it once its secret comes (verify.js)
  next.witness = witnessed(state.witness, view);
  if (state.loading) {
    next.loading = false;
    next.errorText = "";
  }
  // the line: which tile is new, and did it come from the top (another player) or from below
  const mine = new Set(game?.seats ?? [game?.seat ?? 0]);
  if (event?.kind === "action") {
    const action = parseAction(event.action);
    if (action.kind === "play" && !welcome) {
      next.freshIndex = action.end === "left" || !action.end ? 0 : (view.line?.length ?? 1) - 1;
      next.freshFrom = state.mode === "hotseat" || mine.has(event.seat) ? "me" : "top";
    }
    const fromOther = state.mode === "hotseat" || !mine.has(event.seat);
    if (fromOther) next.announce = announced(view, event);
    // my own move: the ring moves to my tile, so the words of the other's move before it go
    // (they said «… ставит 3-4» while the ring was on the tile I had just laid)
    else if (action.kind === "play") next.announce = null;
  } else if (welcome && !event) {
    // a reload: the missed events are gone, but the view's history still says who moved last
    const last = view?.history?.at(-1);
    if (last && (state.mode === "hotseat" || !mine.has(last.seat))) next.announce = announced(view, { kind: "action", ...last });
  }
  if (event && ["new_game", "next_deal"].includes(event.kind)) next.announce = null;
  if (!(view?.history ?? []).length) next.announce = null;
  // online: the other player started the next deal; this one's sheet stays until closed
  if (event?.kind === "next_deal" && before?.result && !view?.result && !state.resultHidden
      && !state.nextAsked && state.mode === "online") {
    next.sheetView = before;
  }
  if (event?.kind === "next_deal" || event?.kind === "new_game") next.nextAsked = false;
  if (view?.result) next.sheetView = null;
  if (before?.hand && view?.hand && view.seat === before.seat) {
    const old = new Set(before.hand.map(canonical));
    const fresh = view.hand.map(canonical).filter((x) => !old.has(x));
    if (fresh.length && fresh.length <= 2) next.freshHand = fresh;
  }
  if (state.selected && !legalMoves(view).plays.has(state.selected)) next.selected = null;
  if (!view?.result) next.resultHidden = false;
  // hot-seat: cover the hand whenever the device passes to the other player
  if (state.mode === "hotseat") {
    const toMove = view?.to_move;
    next.covered = !view?.result && toMove !== null && toMove !== undefined && toMove !== state.readySeat;
  }
  // a finished 101 deal goes into the score table
  if (view?.result && view.match) {
    const deals = next.deals ?? [];
    const match = view.match;
    if (!deals.some((d) => d.deal === match.deal)) next.deals = [...deals, { deal: match.deal, scores: match.scores }];
  }
  return next;
}
