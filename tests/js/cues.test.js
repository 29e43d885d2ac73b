// @ts-check
// What a frame means for sound, touch and «Автоход» (cues.js), the sounds' data (sound.js),
// and Telegram's share link and haptics (telegram.js), all without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { client } from "./_paths.js";

const { cues, forcedAction, wonBy } = await import(client("cues.js"));
const { SOUNDS, longest } = await import(client("sound.js"));
const { haptic, shareUrl, telegramChrome } = await import(client("telegram.js"));

/** @param {Record<string, unknown>} view @param {string} [mode] */
const state = (view, mode = "computer") => /** @type {any} */ ({ mode, view: { seat: 0, version: 1, hand: [], ...view } });
const act = (/** @type {string} */ action, seat = 1) => ({ type: "event", event: { kind: "action", seat, action, by: "computer" } });

test("a tile laid clicks, a draw rustles, for any seat and for spectators", () => {
  const before = state({ to_move: 1 });
  assert.deepEqual(cues(before, state({ to_move: 2 }), act("play 1-4 left")), ["tile"]);
  assert.deepEqual(cues(before, state({ to_move: 1 }), act("draw")), ["draw"]);
  assert.deepEqual(cues(before, state({ to_move: 2 }), act("pass")), []);
  assert.deepEqual(cues(state({ to_move: 1 }, "watch"), state({ to_move: 0, seat: null }, "watch"), act("play 2-2")), ["tile"]);
});

test("«Ваш ход» chimes once, when the turn comes to this seat, not on its own draws", () => {
  const theirs = state({ to_move: 1 });
  const mine = state({ to_move: 0, legal: ["draw"] });
  assert.deepEqual(cues(theirs, mine, act("pass")), ["turn"]);
  assert.deepEqual(cues(mine, state({ to_move: 0, legal: ["play 1-1 left"] }), act("draw", 0)), ["draw"]);
  assert.deepEqual(cues(theirs, mine, { type: "welcome" }), [], "a snapshot is not news");
  assert.deepEqual(cues(theirs, state({ to_move: 0, legal: ["draw"] }, "hotseat"), act("pass")), [], "hot-seat: the cover says it");
});

test("a finished deal is won or lost from this seat's side; «Козёл» counts the partner's win", () => {
  const playing = state({ to_move: 1 });
  assert.deepEqual(cues(playing, state({ to_move: null, result: { winner: 0 } }), act("play 0-0 left")), ["tile", "won"]);
  assert.deepEqual(cues(playing, state({ to_move: null, result: { winner: 1 } }), act("play 0-0 left")), ["tile", "lost"]);
  assert.equal(wonBy({ seat: 1, result: { winner: 3 }, teams: [[0, 2], [1, 3]] }, 1), true);
  assert.equal(wonBy({ seat: 1, result: { winner: 2 }, teams: [[0, 2], [1, 3]] }, 1), false);
  assert.equal(wonBy({ seat: 0, result: { winner: null } }, 0), false, "a tied fish is nobody's win");
  const over = state({ to_move: null, result: { winner: 0 } });
  assert.deepEqual(cues(over, over, { type: "event", event: { kind: "chat" } }), [], "said once, not on every later frame");
});

test("«Автоход» has a move only when the seat to move has exactly one", () => {
  assert.equal(forcedAction({ to_move: 0, legal: ["draw"] }, 0), "draw");
  assert.equal(forcedAction({ to_move: 0, legal: ["pass"] }, 0), "pass");
  assert.equal(forcedAction({ to_move: 0, legal: ["play 3-4 right"] }, 0), "play 3-4 right");
  assert.equal(forcedAction({ to_move: 0, legal: ["play 6-6"] }, 0), "play 6-6", "the one lead allowed");
  assert.equal(forcedAction({ to_move: 0, legal: ["play 3-4 left", "play 3-4 right"] }, 0), null, "two ends: a choice");
  assert.equal(forcedAction({ to_move: 1, legal: ["draw"] }, 0), null, "someone else's turn");
  assert.equal(forcedAction({ to_move: 0, legal: ["draw"], result: { winner: 1 } }, 0), null);
  assert.equal(forcedAction(null, 0), null);
});

test("every sound is short and soft, and each cue has one", () => {
  assert.deepEqual(Object.keys(SOUNDS).sort(), ["draw", "lost", "tile", "turn", "won"]);
  assert.ok(longest() <= 0.6, `the longest sound is ${longest()} s`);
  for (const notes of Object.values(SOUNDS)) {
    for (const n of /** @type {any[]} */ (notes)) assert.ok(n.gain > 0 && n.gain <= 0.2 && n.dur > 0, JSON.stringify(n));
  }
  assert.equal(SOUNDS.turn.length, 2, "a two-note chime");
  assert.ok(SOUNDS.won.every((/** @type {any} */ n, /** @type {number} */ i, /** @type {any[]} */ all) => i === 0 || n.freq > all[i - 1].freq), "won rises");
});

test("Telegram: the invite goes through t.me/share/url; haptics and chrome call its API", () => {
  const url = new URL(shareUrl("https://d.example/#join/R1?i=x y", "Сыграем в домино?"));
  assert.equal(url.origin + url.pathname, "https://t.me/share/url");
  assert.equal(url.searchParams.get("url"), "https://d.example/#join/R1?i=x y");
  assert.equal(url.searchParams.get("text"), "Сыграем в домино?");
  /** @type {string[]} */
  const calls = [];
  const app = {
    HapticFeedback: { impactOccurred: (/** @type {string} */ s) => calls.push(`impact:${s}`), notificationOccurred: (/** @type {string} */ s) => calls.push(`note:${s}`) },
    BackButton: { show: () => calls.push("back:show"), hide: () => calls.push("back:hide"), onClick: () => calls.push("back:on"), offClick: () => calls.push("back:off") },
    enableClosingConfirmation: () => calls.push("confirm:on"),
    disableClosingConfirmation: () => calls.push("confirm:off"),
  };
  for (const cue of ["tile", "turn", "won", "lost"]) haptic(app, cue);
  assert.deepEqual(calls.splice(0), ["impact:light", "note:warning", "note:success", "note:error"]);
  telegramChrome(app, { home: false, inDeal: true, back: () => {} });
  assert.deepEqual(calls.splice(0), ["back:on", "back:show", "confirm:on"]);
  telegramChrome(app, { home: true, inDeal: false, back: () => {} });
  assert.deepEqual(calls.splice(0), ["back:off", "back:on", "back:hide", "confirm:off"]);
  haptic({}, "tile"); // an old client without HapticFeedback: nothing, no error
});
