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

const i18n = await import(client("i18n.js"));

test("at a seat of one's own the news grows while the others move, and is empty after one's own move", () => {
  // seat 0 played at 5; seats 1 and 2 since
  assert.deepEqual(s.newsRange(history.slice(0, 6), 0, false), [6, 6], "just after my own move: nothing new");
  assert.deepEqual(s.newsRange(history.slice(0, 7), 0, false), [6, 7], "one more move: it is news");
  assert.deepEqual(s.newsRange(history, 0, true), s.sinceRange(history, 0), "on my turn: the hot-seat range");
  assert.deepEqual(s.newsRange(history.slice(0, 4), 3, false), [0, 4], "no move of mine yet: all of it");
});

test("a spectator reads the round up to the player to move, that player's draws included", () => {
  assert.deepEqual(s.roundRange(history, 2), [5, 8], "seat 2 is drawing: the draw is shown to a spectator");
  assert.deepEqual(s.roundRange(history.slice(0, 7), 2), [5, 7]);
  assert.deepEqual(s.roundRange([], 0), [0, 0]);
});

test("a play is worded by the end's number when the history has it, else by the end's side", () => {
  const withEnds = [
    { seat: 0, action: "play 4-4", ends_before: null },
    { seat: 1, action: "play 1-4 left", ends_before: [4, 4] },
    { seat: 2, action: "draw" }, { seat: 2, action: "draw" }, { seat: 2, action: "play 4-6 right", ends_before: [1, 4] },
  ];
  try {
    for (const lang of ["ru", "en"]) {
      i18n.setLanguage(lang);
      const phrases = s.sincePhrases(s.sinceGroups(withEnds, 0), (/** @type {number} */ seat) => `P${seat}`);
      assert.equal(phrases[0].acts[0], i18n.t("since.playTo", { tile: "1-4", v: 4 }), lang);
      assert.equal(phrases[1].acts[0], i18n.t("since.draws", { n: 2 }), lang);
      assert.equal(phrases[1].acts[1], i18n.t("since.playTo", { tile: "4-6", v: 4 }), lang);
      assert.match(phrases[1].acts[1], /4\u20116.*4/); // the tile's name unbroken (issue 24)
      const old = s.sincePhrases(s.sinceGroups(history.slice(0, 5), 0), (/** @type {number} */ seat) => `P${seat}`);
      assert.equal(old[0].acts[1], i18n.t("since.play", { tile: "1-4", side: i18n.t("since.left") }), `${lang}: no ends_before`);
    }
    i18n.setLanguage("ru");
    assert.equal(s.sincePhrases(s.sinceGroups(withEnds, 0), () => "Маша")[1].text, "Маша: добор\u00a0×2, 4\u20116 к\u00a04", "no verb to agree with the name");
  } finally {
    i18n.setLanguage("ru");
  }
});
