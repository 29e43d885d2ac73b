// @ts-check
// The result sheet's rating line (issue 25): each player's new rating and its change.
import assert from "node:assert/strict";
import { test } from "node:test";
import { client } from "./_paths.js";

const r = await import(client("rating_sheet.js"));
const i18n = await import(client("i18n.js"));

const names = ["Аня", "Борис"];
/** @param {number} seat */
const nameOf = (seat) => names[seat];

test("a rated game: both players, their new ratings and the change with its sign", () => {
  i18n.setLanguage("ru");
  const answer = { rated: true, outcome: "rated", changes: [
    { seat: 0, delta: 12, after: { label: "1512?" } },
    { seat: 1, delta: -8, after: { label: "1492" } }] };
  assert.equal(r.ratingLine(answer, nameOf), "Рейтинг: Аня\u00a01512?\u00a0(+12) · Борис\u00a01492\u00a0(−8)");
  i18n.setLanguage("en");
  assert.equal(r.ratingLine(answer, nameOf), "Rating: Аня\u00a01512?\u00a0(+12) · Борис\u00a01492\u00a0(−8)");
});

test("not rated, not yet rated, not a rated table", () => {
  i18n.setLanguage("ru");
  assert.equal(r.ratingLine({ rated: true, outcome: "self_game", changes: [] }, nameOf),
               "Не в рейтинг: оба места за одним профилем");
  assert.equal(r.ratingLine({ rated: true, outcome: null, changes: [] }, nameOf), "Рейтинг пересчитывается…");
  assert.equal(r.ratingLine({ rated: false, outcome: null, changes: [] }, nameOf), "");
  assert.equal(r.ratingLine(null, nameOf), "");
});

test("signs: a real minus, and ±0 for no change", () => {
  assert.equal(r.signed(5), "+5");
  assert.equal(r.signed(-3), "−3");
  assert.equal(r.signed(0), "±0");
});
