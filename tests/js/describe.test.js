// @ts-check
// Reading a seat's view: actions, tiles, legal moves, the lead's place in the line, words.
import assert from "node:assert/strict";
import { test } from "node:test";
import { client } from "./_paths.js";

const d = await import(client("describe.js"));
const i18n = await import(client("i18n.js"));

test("actions and tiles are read canonically (low half first)", () => {
  assert.deepEqual(d.parseAction("play 6-0 left"), { kind: "play", tile: "0-6", end: "left" });
  assert.deepEqual(d.parseAction("  play 4-4 "), { kind: "play", tile: "4-4", end: null });
  assert.deepEqual(d.parseAction("draw"), { kind: "draw" });
  assert.equal(d.canonical([5, 2]), "2-5");
  assert.deepEqual(d.splitTile("3-1"), [3, 1]);
  assert.equal(d.pips("6-6"), 12);
  assert.ok(d.isDouble("0-0") && !d.isDouble("0-1"));
});

test("legal moves sort the server's list into tiles with their ends and the buttons", () => {
  const moves = d.legalMoves({ legal: ["play 1-4 left", "play 4-1 right", "play 2-4 right", "draw"] });
  assert.deepEqual([...moves.plays.entries()], [["1-4", ["left", "right"]], ["2-4", ["right"]]]);
  assert.deepEqual([moves.draw, moves.pass, moves.redeal], [true, false, false]);
  assert.equal(d.legalMoves(null).plays.size, 0);
  const view = { legal: ["play 4-1 left", "play 1-4 right"] };
  assert.equal(d.playAction(view, "1-4", "left"), "play 4-1 left", "the server's own spelling goes back");
  assert.equal(d.playAction(view, "1-4", null), null);
});

test("the lead moves one place right for every play on the left", () => {
  const history = [{ seat: 0, action: "play 4-4" }, { seat: 1, action: "play 1-4 left" }, { seat: 0, action: "draw" },
    { seat: 0, action: "play 4-6 right" }, { seat: 1, action: "play 1-1 left" }];
  assert.equal(d.leadIndex(history), 2);
  assert.equal(d.leadIndex(undefined), 0);
});

test("history: a run of one seat's draws is one line with a count", () => {
  const grouped = d.groupedHistory([{ seat: 0, action: "play 4-4" }, { seat: 1, action: "draw" }, { seat: 1, action: "draw" },
    { seat: 0, action: "draw" }, { seat: 1, action: "pass" }]);
  assert.deepEqual(grouped.map((g) => [g.seat, g.kind, g.count, g.at]), [[0, "play", 1, 0], [1, "draw", 2, 1], [0, "draw", 1, 3], [1, "pass", 1, 4]]);
});

test("the status line says whose turn it is and what the player can do", () => {
  i18n.setLanguage("en");
  try {
    const nameOf = (/** @type {number} */ seat) => `P${seat + 1}`;
    const base = { to_move: 0, result: null, line: [[4, 4]], legal: ["play 1-4 left", "play 4-6 right"], rules: {} };
    assert.equal(d.statusLine(null, { mySeat: 0, nameOf }), i18n.t("loading"));
    assert.equal(d.statusLine({ ...base, result: {} }, { mySeat: 0, nameOf }), "");
    assert.equal(d.statusLine({ ...base, to_move: 1 }, { mySeat: 0, nameOf }), i18n.t("turn.player", { name: "P2" }));
    assert.equal(d.statusLine({ ...base, to_move: 1 }, { mySeat: 0, nameOf, computer: true }), i18n.t("turn.computer"));
    assert.equal(d.statusLine(base, { mySeat: 0, nameOf }), i18n.t("yourTurn.canPlay", { n: 2 }));
    assert.equal(d.statusLine({ ...base, legal: ["draw"] }, { mySeat: 0, nameOf }), i18n.t("yourTurn.draw"));
    assert.equal(d.statusLine(base, { mySeat: 0, nameOf, selected: "1-4" }), i18n.t("yourTurn.chooseEnd", { tile: "1-4" }));
    assert.equal(d.statusLine(base, { mySeat: 0, nameOf, who: "Ann" }), i18n.t("hot.canPlay", { n: 2, name: "Ann" }));
  } finally {
    i18n.setLanguage("ru");
  }
});

test("a tile read out names a blank half", () => {
  i18n.setLanguage("ru");
  assert.equal(d.tileSpoken("6-0"), `${i18n.t("tile.blank")}-6`);
});

test("the leader of a 101 match has the fewer penalty points", () => {
  assert.equal(d.matchLeader({ scores: [10, 30] }), 0);
  assert.equal(d.matchLeader({ scores: [30, 10] }), 1);
  assert.equal(d.matchLeader({ scores: [5, 5] }), null);
});
