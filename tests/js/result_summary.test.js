// @ts-check
// The result sheet's words for a resignation (docs/rules.md §10): who gave up, from each
// seat's side, and the arithmetic of the points it cost.
import assert from "node:assert/strict";
import { test } from "node:test";
import { client } from "./_paths.js";

const r = await import(client("result_summary.js"));
const i18n = await import(client("i18n.js"));

const names = ["Аня", "Борис"];
/** @param {number} seat */
const nameOf = (seat) => names[seat];

/** Борис (seat 1) gave a single deal up holding 9 pips; Аня holds 14 and scores his 9. */
const single = {
  result: { winner: 0, reason: "resigned", points: 9, pips: [14, 9], fisherman: null, loser: null,
            bonuses: [], hanging: 0, out: null, counts: [], resigned: 1 },
  match: null,
};

test("a resigned deal: «Вы сдались» to the resigner, who gave up to the others", () => {
  i18n.setLanguage("ru");
  const mine = r.resultSummary(single, { mySeat: 1, nameOf });
  assert.equal(mine.headline, "Вы сдались");
  assert.equal(mine.tone, "loss");
  assert.equal(mine.reason, i18n.t("reason.resigned"));
  const theirs = r.resultSummary(single, { mySeat: 0, nameOf });
  assert.equal(theirs.headline, "Борис: партия сдана"); // a finished result: no present tense, no gender
  assert.equal(theirs.tone, "win");
  // the winner scores the resigner's hand only: not her own 14
  assert.deepEqual(theirs.calc.terms, [{ value: 9, op: "", label: "Борис" }]);
  assert.equal(theirs.calc.total, 9);
  assert.equal(theirs.verdict, i18n.t("result.youWin", { n: 9 }));
  i18n.setLanguage("en");
  assert.equal(r.resultSummary(single, { mySeat: 0, nameOf }).headline, "Борис resigned");
  assert.equal(r.resultSummary(single, { mySeat: 0, nameOf, oneScreen: true }).headline, "Борис resigned");
});

test("a match given up between deals: the last deal's sheet says who gave up the match", () => {
  i18n.setLanguage("ru");
  const view = {
    result: { winner: 1, reason: "domino", points: 20, pips: [20, 0], fisherman: null, loser: 0,
              bonuses: [], hanging: 0, out: 1, counts: [20, 0] },
    match: { scores: [20, 0], hanging: 0, deal: 1, leader: 1, over: true, winner: 1, target: 101,
             teams: null, dry: false, resigned: 0 },
  };
  const mine = r.resultSummary(view, { mySeat: 0, nameOf });
  assert.equal(mine.headline, "Вы сдались");
  assert.equal(mine.verdict, i18n.t("result.matchLost", { name: "Борис" }));
  assert.equal(mine.tone, "loss");
  const theirs = r.resultSummary(view, { mySeat: 1, nameOf });
  assert.equal(theirs.headline, "Аня: партия сдана");
  assert.equal(theirs.verdict, i18n.t("result.matchYou"));
  assert.equal(theirs.tone, "win");
});

test("other results are worded as before", () => {
  i18n.setLanguage("ru");
  const view = { ...single, result: { ...single.result, reason: "domino", resigned: undefined, out: 0 } };
  assert.equal(r.resultSummary(view, { mySeat: 0, nameOf }).reason, i18n.t("reason.domino"));
});
