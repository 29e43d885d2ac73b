// @ts-check
// Tables of three and four: places around "me", pairs, names, the pass marker.
import assert from "node:assert/strict";
import { test } from "node:test";
import { client } from "./_paths.js";

const m = await import(client("seats_model.js"));
const i18n = await import(client("i18n.js"));

test("the others sit clockwise: next on my left, then opposite, then on my right", () => {
  assert.deepEqual(m.placesAround(4, 1), [{ seat: 2, place: "left" }, { seat: 3, place: "top" }, { seat: 0, place: "right" }]);
  assert.deepEqual(m.placesAround(3, 2), [{ seat: 0, place: "left" }, { seat: 1, place: "right" }]);
  assert.deepEqual(m.placesAround(2, 0), [{ seat: 1, place: "top" }]);
  assert.equal(m.placeOf(4, 0, 0), "bottom");
  assert.equal(m.placeOf(4, 0, 2), "top");
});

test("how many play, and whether the N-seat screen is needed", () => {
  assert.equal(m.playersOf({ view: { rules: { players: 3 } } }), 3);
  assert.equal(m.playersOf({ room: { seats: [{}, {}, {}, {}] } }), 4);
  assert.equal(m.playersOf({}), 2);
  assert.ok(m.isMany({ view: { rules: { players: 2, teams: true } } }));
  assert.ok(!m.isMany({ view: { rules: { preset: "draw" } } }));
});

test("pairs of «Козёл»: partners opposite", () => {
  assert.deepEqual(m.pairsOf({ teams: true }), [[0, 2], [1, 3]]);
  assert.equal(m.pairsOf({}), null);
  assert.deepEqual([0, 1, 2, 3].map((seat) => m.pairOf({ teams: true }, seat)), [0, 1, 0, 1]);
  assert.equal(m.pairOf({}, 3), 3);
  assert.deepEqual(m.pairCounts({ counts: [7, 25] }), [7, 25]);
  assert.deepEqual(m.pairCounts({ pips: [1, 2, 3, 4] }), [4, 6]);
});

test("a seat knocks when its last action this deal was a pass", () => {
  const view = { history: [{ seat: 1, action: "pass" }, { seat: 2, action: "play 1-2 left" }, { seat: 2, action: "pass" }, { seat: 2, action: "draw" }] };
  assert.ok(m.knocked(view, 1));
  assert.ok(!m.knocked(view, 2));
  assert.ok(!m.knocked(view, 3));
});

test("names at a table of four", () => {
  i18n.setLanguage("ru");
  const computer = m.manyNamer({ mode: "computer", game: { seat: 0 }, view: { seat: 0, rules: { players: 4, teams: true } } });
  assert.equal(computer(0), i18n.t("you"));
  assert.equal(computer(2), i18n.t("seat.partner"));
  assert.equal(computer(1), i18n.t("seat.computer", { place: i18n.t("seat.left") }));
  assert.equal(computer(null), "");
  const hot = m.manyNamer({ mode: "hotseat", view: { seat: 2, rules: { players: 3 } } });
  assert.equal(hot(2), i18n.t("player.3"));
  const online = m.manyNamer({ mode: "online", game: { seat: 0 }, view: { seat: 0, rules: { players: 3 } },
    room: { seats: [{ taken: true }, { taken: true, name: "Аня" }, { taken: false }] } });
  assert.deepEqual([online(1), online(2)], ["Аня", i18n.t("seat.free")]);
});
