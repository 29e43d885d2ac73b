// @ts-check
// The table reducer, frame by frame, without a browser: what a welcome, an event, a presence
// and a spectator's frames make of the state (the browser tests see the same on screen).
import assert from "node:assert/strict";
import { test } from "node:test";
import { client } from "./_paths.js";

const { INITIAL, Store } = await import(client("store.js"));
const { tableReducer, chatFrom, watcherView } = await import(client("table_state.js"));

/** A seat's view: seat 0 holds *hand*; the line, history and legal moves as given. */
function view(extra = {}) {
  return { seat: 0, version: 1, to_move: 0, hand: ["1-2", "3-4"], hand_sizes: [2, 5], line: [], ends: null,
    legal: ["play 1-2", "play 3-4"], lead_options: [], history: [], result: null, match: null,
    rules: { preset: "draw", draw_rule: "draw_until_playable" }, ...extra };
}

const room = { mode: "computer", seats: [{ seat: 0, taken: true, connected: true }, { seat: 1, computer: true }] };

/** The state of a computer table just entered (store.enterTable). */
function entered(mode = "computer") {
  const store = new Store();
  store.enterTable(mode, { game_id: "g1", token: "tk", seat: 0 }, { deals: [], inviteLink: null });
  return store.state;
}

test("a welcome sets the view, the room and the seats, and ends loading", () => {
  const before = { ...entered(), loading: true, errorText: "Загрузка…" };
  const after = tableReducer(before, { type: "welcome", view: view(), room, seats: [0], chat: [] });
  assert.equal(after.view.version, 1);
  assert.equal(after.room, room);
  assert.deepEqual(after.game, { game_id: "g1", token: "tk", seat: 0, seats: [0] });
  assert.equal(after.loading, false);
  assert.equal(after.errorText, "");
  assert.equal(after.pending, false);
  assert.notEqual(after, before, "a new state, the old one untouched");
  assert.equal(before.view, null);
});

test("the other seat's play slides in from the top and is announced", () => {
  const start = tableReducer(entered(), { type: "welcome", view: view(), room, seats: [0] });
  const played = view({ version: 2, to_move: 0, line: [[5, 5], [5, 6]], history: [{ seat: 1, action: "play 5-5" }, { seat: 1, action: "play 5-6 right" }] });
  const after = tableReducer(start, { type: "event", view: played, event: { kind: "action", seat: 1, action: "play 5-6 right" } });
  assert.equal(after.freshIndex, 1, "played on the right: the last tile of the line");
  assert.equal(after.freshFrom, "top");
  assert.deepEqual(after.announce, { event: { kind: "action", seat: 1, action: "play 5-6 right" }, draws: 1 });
  // my own play comes from below and is not announced
  const mine = tableReducer(start, { type: "event", view: played, event: { kind: "action", seat: 0, action: "play 5-6 left" } });
  assert.equal(mine.freshIndex, 0);
  assert.equal(mine.freshFrom, "me");
  assert.equal(mine.announce, null);
});

test("draws in a row are counted, and the drawn tiles are marked in the hand", () => {
  const start = tableReducer(entered(), { type: "welcome", view: view(), room, seats: [0] });
  const history = [{ seat: 0, action: "play 1-2" }, { seat: 1, action: "draw" }, { seat: 1, action: "draw" }, { seat: 1, action: "draw" }];
  const theirs = tableReducer(start, { type: "event", view: view({ version: 3, history }), event: { kind: "action", seat: 1, action: "draw" } });
  assert.equal(theirs.announce.draws, 3);
  const drew = tableReducer(start, { type: "event", view: view({ version: 3, hand: ["1-2", "3-4", "0-6"] }), event: { kind: "action", seat: 0, action: "draw" } });
  assert.deepEqual(drew.freshHand, ["0-6"]);
});

test("a chosen tile that is no longer playable is put back", () => {
  const start = { ...tableReducer(entered(), { type: "welcome", view: view(), room, seats: [0] }), selected: "3-4" };
  const after = tableReducer(start, { type: "event", view: view({ version: 2, legal: ["play 1-2"] }), event: { kind: "x" } });
  assert.equal(after.selected, null);
  const kept = tableReducer(start, { type: "event", view: view({ version: 2 }), event: { kind: "x" } });
  assert.equal(kept.selected, "3-4");
});

test("a finished 101 deal goes into the score table once; a new game clears it", () => {
  const start = tableReducer(entered(), { type: "welcome", view: view(), room, seats: [0] });
  const match = { deal: 1, scores: [0, 23], target: 101 };
  const over = view({ version: 5, result: { winner: 0 }, match });
  const once = tableReducer(start, { type: "event", view: over, event: { kind: "action", seat: 0, action: "play 3-4 left" } });
  assert.deepEqual(once.deals, [{ deal: 1, scores: [0, 23] }]);
  const twice = tableReducer(once, { type: "event", view: { ...over, version: 6 }, event: { kind: "x" } });
  assert.equal(twice.deals.length, 1);
  const fresh = tableReducer(twice, { type: "event", view: view({ version: 7 }), event: { kind: "new_game" } });
  assert.deepEqual(fresh.deals, []);
  assert.equal(fresh.resultHidden, false);
});

test("hot-seat: the cover comes down whenever the device passes to the other player", () => {
  const start = tableReducer(entered("hotseat"), { type: "welcome", view: view({ to_move: 0 }), room, seats: [0, 1] });
  assert.equal(start.covered, true, "nobody has taken the device yet");
  const ready = { ...start, covered: false, readySeat: 0 };
  assert.equal(tableReducer(ready, { type: "event", view: view({ version: 2, to_move: 0 }), event: { kind: "x" } }).covered, false);
  assert.equal(tableReducer(ready, { type: "event", view: view({ version: 2, to_move: 1 }), event: { kind: "x" } }).covered, true);
});

test("online: the previous deal's sheet stays while the other player started the next", () => {
  const store = new Store();
  store.enterTable("online", { game_id: "g", token: "t", seat: 0 }, { deals: [], inviteLink: null });
  const over = view({ version: 4, result: { winner: 1 } });
  const done = tableReducer(store.state, { type: "welcome", view: over, room: { ...room, mode: "online" }, seats: [0] });
  const next = tableReducer(done, { type: "event", view: view({ version: 5 }), event: { kind: "next_deal" } });
  assert.equal(next.sheetView, over);
  const asked = tableReducer({ ...done, nextAsked: true }, { type: "event", view: view({ version: 5 }), event: { kind: "next_deal" } });
  assert.equal(asked.sheetView, null);
  assert.equal(asked.nextAsked, false);
});

test("presence: online play waits for free and away human seats; a timed table only for free ones", () => {
  const online = { mode: "online", seats: [{ seat: 0, taken: true, connected: true }, { seat: 1, taken: true, connected: true }] };
  const state = { ...INITIAL, room: online };
  const away = tableReducer(state, { type: "presence", seats: [{ seat: 0, connected: true }, { seat: 1, connected: false }] });
  assert.deepEqual(away.room.waiting_for, [1]);
  assert.equal(away.room.seats[1].connected, false);
  const timed = { ...state, room: { ...online, hall: { clock: { minutes: 3 } } } };
  assert.deepEqual(tableReducer(timed, { type: "presence", seats: [{ seat: 1, connected: false }] }).room.waiting_for, []);
  assert.equal(tableReducer(INITIAL, { type: "presence", seats: [] }), INITIAL, "no room: nothing to update");
});

test("a spectator's seat-less view gets an empty hand, and the chat log follows", () => {
  const store = new Store();
  store.watchTable("t1");
  const seatless = { ...view(), seat: null, hand: undefined, legal: undefined, lead_options: undefined };
  for (const key of ["hand", "legal", "lead_options"]) delete seatless[key];
  const watching = tableReducer(store.state, { type: "watching", view: seatless, room, chat: [{ seat: 0, text: "привет" }] });
  assert.deepEqual([watching.view.seat, watching.view.hand, watching.view.legal], [null, [], []]);
  assert.equal(watching.chat.length, 1);
  const said = tableReducer(watching, { type: "event", view: { ...seatless, version: 2 }, event: { kind: "chat", seat: 1, name: "Б", text: "<b>hi</b>", at: 1 } });
  assert.deepEqual(said.chat.at(-1), { seat: 1, name: "Б", text: "<b>hi</b>", at: 1 });
  assert.deepEqual(said.view.hand, [], "events are a spectator's view too");
  assert.deepEqual(watcherView(view({ hand: ["1-2"] })).hand, ["1-2"], "what the server sends stands");
});

test("chatFrom keeps the last 50 lines and leaves other frames' chat as it is", () => {
  const long = Array.from({ length: 50 }, (_, i) => ({ seat: 0, text: String(i) }));
  const next = chatFrom({ event: { kind: "chat", seat: 1, text: "new" } }, long);
  assert.equal(next.length, 50);
  assert.equal(next[0].text, "1");
  assert.equal(chatFrom({ type: "event", event: { kind: "action" } }, long), long);
});

test("frames the reducer does not own leave the state as it is", () => {
  assert.equal(tableReducer(INITIAL, { type: "ack" }), INITIAL);
  assert.equal(tableReducer(INITIAL, { type: "error", code: "busy" }), INITIAL);
});

test("an announcement names the end by its number, and a reload still says the last move", () => {
  const start = tableReducer(entered(), { type: "welcome", view: view(), room, seats: [0] });
  const history = [{ seat: 0, action: "play 5-5", ends_before: null }, { seat: 1, action: "play 5-6 right", ends_before: [5, 5] }];
  const played = view({ version: 2, line: [[5, 5], [5, 6]], history });
  const after = tableReducer(start, { type: "event", view: played, event: { kind: "action", seat: 1, action: "play 5-6 right" } });
  assert.deepEqual(after.announce.event.ends_before, [5, 5], "the end's number comes from the history");
  // a reload: no missed events, yet the last line is the other seat's move, not empty
  const reloaded = tableReducer(entered(), { type: "welcome", view: played, room, seats: [0], missed: [] });
  assert.equal(reloaded.announce?.event.action, "play 5-6 right");
  assert.equal(reloaded.announce?.event.seat, 1);
  // my own last move: nothing of the other's is said under the ring on my tile
  const mineLast = view({ version: 3, history: [...history, { seat: 0, action: "play 6-6 right", ends_before: [5, 6] }] });
  assert.equal(tableReducer(entered(), { type: "welcome", view: mineLast, room, seats: [0] }).announce, null);
  const afterMine = tableReducer(after, { type: "event", view: mineLast, event: { kind: "action", seat: 0, action: "play 6-6 right" } });
  assert.equal(afterMine.announce, null, "the text and the ring agree after my own move");
  // my draw keeps the other's move said: the ring is still on their tile
  const drew = tableReducer(after, { type: "event", view: view({ version: 3, history: [...history, { seat: 0, action: "draw" }] }), event: { kind: "action", seat: 0, action: "draw" } });
  assert.equal(drew.announce?.event.action, "play 5-6 right");
});
