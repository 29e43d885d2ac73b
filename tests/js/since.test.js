// @ts-check
// «Since your turn» on a shared screen: which of the others' moves are news to the player who
// takes the device, grouped by player, and where their tiles lie in the line.
import assert from "node:assert/strict";
import { test } from "node:test";
import { client } from "./_paths.js";

const s = await import(client("since.js"));

const history = [
  { seat: 0, action: "play 4-4" },
  { seat: 1, action: "draw" }, { seat: 1, action: "draw" }, { seat: 1, action: "play 1-4 left" },
  { seat: 2, action: "pass" },
  { seat: 0, action: "play 4-6 right" },
  { seat: 1, action: "play 1-1 left" },
  { seat: 2, action: "draw" },
];

test("the range runs from the seat's previous turn and leaves out its own draws now", () => {
  assert.deepEqual(s.sinceRange(history, 0), [6, 8]);
  assert.deepEqual(s.sinceRange(history, 2), [5, 7], "seat 2 is drawing now: its own draw is not news");
  assert.deepEqual(s.sinceRange(history.slice(0, 4), 3), [0, 4], "no turn yet: everything is news");
});

test("groups: one per run of a player's actions, draws in a row counted once", () => {
  const groups = s.sinceGroups(history.slice(0, 5), 0);
  assert.deepEqual(groups.map((g) => [g.seat, g.acts.map((/** @type {any} */ a) => `${a.kind}:${a.n}`)]), [[1, ["draw:2", "play:1"]], [2, ["pass:1"]]]);
});

test("phrases name each player (the partner as such) with its acts", () => {
  const phrases = s.sincePhrases(s.sinceGroups(history.slice(0, 5), 0), (/** @type {number} */ seat) => `P${seat}`, { partner: 2 });
  assert.equal(phrases.length, 2);
  assert.equal(phrases[0].name, "P1");
  assert.equal(phrases[0].acts.length, 2);
  assert.notEqual(phrases[1].name, "P2", "the partner is named as the partner");
  assert.match(phrases[1].name, /P2/);
});

test("line indices: a tile played on the left is pushed right by every later left play", () => {
  // final line: 1-1, 1-4, 4-4, 4-6
  assert.deepEqual(s.lineIndicesFrom(history, 0), [2, 1, 3, 0]);
  assert.deepEqual(s.lineIndicesFrom(history, 5, 7), [3, 0]);
  assert.deepEqual(s.lineIndicesFrom([], 0), []);
});
