// @ts-check
// The leaderboards (issue 25): what a board's line shows, where the viewer's own line goes,
// what a viewer off the board is told, and the profile's rating graph's points.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CATALOGUE } from "./_catalogue.js";
import { client } from "./_paths.js";

const l = await import(client("leaders.js"));
const g = await import(client("rating_graph.js"));
const i18n = await import(client("i18n.js"));
const presets = await import(client("presets.js"));

/** @param {Partial<import("../../src/doublesix/server/static/js/leaders.js").Standing>} over */
const standing = (over) => ({ place: 1, profile: "p1", name: "Аня", rating: 1612, label: "1612", provisional: false, games: 31, ...over });
/** @param {any} over */
const board = (over) => ({ rating: "block", period: "all", min_games: 20, week_games: null, top: [standing({})], me: null, mine: null, ...over });

test("the rated game types come from the server's catalogue", () => {
  presets.setCatalogue(CATALOGUE);
  assert.deepEqual(presets.ratedKeys(), ["draw", "block", "101", "kozel"]);
  presets.setCatalogue({ ...CATALOGUE, rated: undefined });
  assert.deepEqual(presets.ratedKeys(), [], "an older server rates nothing the client could show");
});

test("a line shows the rating of all time and the points won this week, with a real minus", () => {
  assert.equal(l.shownValue(standing({ label: "1534?" }), "all"), "1534?");
  assert.equal(l.shownValue(standing({ gain: 34 }), "week"), "+34");
  assert.equal(l.shownValue(standing({ gain: -8 }), "week"), "−8");
});

test("the viewer's own line: marked in the top, or below it", () => {
  const top = [standing({}), standing({ place: 2, profile: "p2" })];
  assert.ok(l.mineInTop(board({ top, me: top[1] })));
  assert.ok(!l.mineInTop(board({ top, me: standing({ place: 57, profile: "p9" }) })));
  assert.ok(!l.mineInTop(board({ top })));
});

test("a viewer off the board is told their rating and how many games it still takes", () => {
  i18n.setLanguage("ru");
  assert.equal(l.offBoardText(board({ me: standing({ place: 57 }) })), "", "on the board: nothing to say");
  assert.match(l.offBoardText(board({})), /нет рейтинга/);
  const young = board({ mine: { label: "1534?", games: 8, provisional: true } });
  assert.equal(l.offBoardText(young), "Ваш рейтинг 1534? — до таблицы ещё 12 рейтинговых партий.");
  assert.equal(l.offBoardText(board({ mine: { label: "1534?", games: 19, provisional: true } })),
    "Ваш рейтинг 1534? — до таблицы ещё 1 рейтинговая партия.");
  const week = board({ period: "week", week_games: 3, mine: { label: "1534", games: 40, provisional: false, week_games: 1 } });
  assert.equal(l.offBoardText(week), "Ваш рейтинг 1534 — до таблицы недели ещё 2 рейтинговые партии на этой неделе.");
  i18n.setLanguage("en");
  assert.equal(l.offBoardText(young), "Your rating is 1534? — 12 more rated games to go on the board.");
  assert.match(l.boardNote(board({})), /at least 20 rated games/);
  assert.match(l.boardNote(week), /since Monday.*at least 3 rated games this week/);
  i18n.setLanguage("ru");
});

test("the rating graph: one point a game, left to right, the highest at the top, inside the box", () => {
  const points = g.graphPoints([1500, 1512, 1490, 1530]);
  assert.equal(points.length, 4);
  const xs = points.map((/** @type {number[]} */ p) => p[0]);
  const ys = points.map((/** @type {number[]} */ p) => p[1]);
  assert.deepEqual(xs, [...xs].sort((a, b) => a - b));
  assert.ok(xs[0] > 0 && xs[3] < g.GRAPH_W && Math.min(...ys) > 0 && Math.max(...ys) < g.GRAPH_H);
  assert.equal(ys[3], Math.min(...ys), "1530, the highest, is drawn at the top");
  assert.equal(ys[2], Math.max(...ys), "1490, the lowest, at the bottom");
  assert.deepEqual(g.graphPoints([1500, 1500]).map((/** @type {number[]} */ p) => p[1]), [g.GRAPH_H / 2, g.GRAPH_H / 2], "a flat history is level");
  assert.throws(() => g.graphPoints([1500]), /two ratings/);
});
