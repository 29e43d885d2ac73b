// @ts-check
// Leaving rated games (issue 26): the hall's words while the next rated game waits, with the
// minutes left, and the profile's count, shown only when there is one.
import assert from "node:assert/strict";
import { test } from "node:test";
import { client } from "./_paths.js";

const leaving = await import(client("leaving.js"));
const i18n = await import(client("i18n.js"));

test("a leave_wait refusal says the minutes left, rounded up, in Russian and English", () => {
  try {
    i18n.setLanguage("ru");
    assert.equal(leaving.leaveWaitText(240), "Вы часто уходили из рейтинговых партий: следующая рейтинговая — через 4 мин");
    assert.equal(leaving.leaveWaitText(181), "Вы часто уходили из рейтинговых партий: следующая рейтинговая — через 4 мин");
    assert.equal(leaving.leaveWaitText(5), "Вы часто уходили из рейтинговых партий: следующая рейтинговая — через 1 мин");
    i18n.setLanguage("en");
    assert.equal(leaving.leaveWaitText(1800), "You often left rated games: your next rated game can start in 30 min");
  } finally {
    i18n.setLanguage("ru");
  }
  for (const odd of [null, undefined, "x", -3, 0]) assert.equal(leaving.waitMinutes(odd), 1);
});

test("the profile shows the rated games left only when there are any", () => {
  try {
    i18n.setLanguage("ru");
    assert.equal(leaving.leftRatedLine(2), "Ушёл из рейтинговых партий: 2");
    for (const none of [0, undefined, null, "x", 1.5, -1]) assert.equal(leaving.leftRatedLine(none), "");
    i18n.setLanguage("en");
    assert.equal(leaving.leftRatedLine(1), "Rated games left: 1");
  } finally {
    i18n.setLanguage("ru");
  }
});
