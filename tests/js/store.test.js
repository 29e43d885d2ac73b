// @ts-check
// The store: every key declared, changes by verbs, one "change" event per change.
import assert from "node:assert/strict";
import { test } from "node:test";
import { client } from "./_paths.js";

const { INITIAL, Store } = await import(client("store.js"));

test("an undeclared key is refused at once", () => {
  const store = new Store();
  assert.throws(() => store.update({ sreen: "table" }), /undeclared key sreen/);
  assert.equal(store.state.screen, "home");
});

test("verbs say what changed, and each is one change event", () => {
  const store = new Store();
  /** @type {any[]} */
  const seen = [];
  store.addEventListener("change", (ev) => seen.push(/** @type {CustomEvent} */ (ev).detail.patch));
  store.creating("computer", "Загрузка…");
  assert.deepEqual([store.state.screen, store.state.mode, store.state.loading], ["table", "computer", true]);
  store.select("1-2");
  store.sent();
  assert.deepEqual([store.state.selected, store.state.pending], [null, true]);
  store.settle();
  store.fail("нет");
  assert.deepEqual([store.state.errorText, store.state.loading, store.state.pending], ["нет", false, false]);
  store.leaveTable();
  assert.deepEqual([store.state.mode, store.state.view, store.state.conn], [null, null, "idle"]);
  assert.equal(seen.length, 6);
});

test("entering a table starts from a clean one; the language and level stay", () => {
  const store = new Store({ lang: "en", level: "hard" });
  store.update({ selected: "0-0", resigned: { seat: 0, name: "x" }, sheetView: /** @type {any} */ ({}) });
  store.enterTable("hotseat", { game_id: "g", token: "t", seat: 0 }, { deals: [{ deal: 1, scores: [1, 2] }], inviteLink: null });
  const s = store.state;
  assert.deepEqual([s.selected, s.resigned, s.sheetView, s.covered, s.lang, s.level], [null, null, null, true, "en", "hard"]);
  assert.deepEqual(s.deals, [{ deal: 1, scores: [1, 2] }]);
});

test("the computer's level changes in the room only when asked", () => {
  const store = new Store();
  store.update({ room: { seats: [], level: "easy" } });
  store.setLevel("hard");
  assert.equal(store.state.room?.level, "easy");
  store.setLevel("hard", true);
  assert.equal(store.state.room?.level, "hard");
});

test("INITIAL is frozen: a store cannot change another's first state", () => {
  assert.ok(Object.isFrozen(INITIAL));
  const a = new Store();
  a.update({ deals: [{ deal: 1, scores: [0, 0] }] });
  assert.deepEqual(new Store().state.deals, []);
});
