// @ts-check
// «Играть сейчас» without the DOM: the game types offered, the seek frame, and the words for
// the pool's answers in both languages.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CATALOGUE } from "./_catalogue.js";
import { client } from "./_paths.js";

const q = await import(client("quick_model.js"));
const i18n = await import(client("i18n.js"));
(await import(client("presets.js"))).setCatalogue(CATALOGUE);

test("the pool offers the game types two people play alone: not «Козёл»", () => {
  assert.deepEqual(q.quickPresets(), ["draw", "block", "101"]);
});

test("the seek frame carries the key, the game, the clock, the browser; the name if any", () => {
  const clock = { minutes: 5, increment: 3 };
  assert.deepEqual(q.seekFrame("k", "draw", clock, "Аня", "b".repeat(22)),
    { type: "seek", key: "k", preset: "draw", clock, browser: "b".repeat(22), name: "Аня" });
  assert.equal("name" in q.seekFrame("k", "draw", clock, null, "b".repeat(22)), false);
});

test("the window line: the rating range accepted now, or anyone; never below zero", () => {
  try {
    i18n.setLanguage("ru");
    assert.equal(q.windowLine({ type: "seeking", rating: 1500, window: 50 }), "Ваш рейтинг 1500 · соперник 1450–\u20601550");
    assert.equal(q.windowLine({ type: "seeking", rating: 1500, window: null }), "Ваш рейтинг 1500 · любой соперник");
    assert.match(q.windowLine({ type: "seeking", rating: 30, window: 50 }), / 0–\u206080$/);
    i18n.setLanguage("en");
    assert.equal(q.windowLine({ type: "seeking", rating: 1612, window: 200 }), "Your rating 1612 · opponent 1412–\u20601812");
    assert.equal(q.endedText({ type: "seek_ended", reason: "replaced" }), "Looking in another tab");
  } finally {
    i18n.setLanguage("ru");
  }
});

test("the wait's clock and the end of a seek", () => {
  assert.equal(q.waitedText(0), "0:00");
  assert.equal(q.waitedText(7.9), "0:07");
  assert.equal(q.waitedText(92), "1:32");
  assert.equal(q.endedText({ type: "seek_ended", reason: "failed" }), "Не получилось начать партию — попробуйте ещё раз");
  assert.equal(q.endedText({ type: "seek_ended", reason: "cancelled" }), "Поиск отменён");
  assert.equal(q.endedText({ type: "seek_ended", reason: "unknown" }), "");
});
