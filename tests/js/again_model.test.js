// @ts-check
// «Ещё раз с ним» without the DOM: what the result sheet offers each of the two players, from
// room.hall.again, and the record of the new table (the same token).
import assert from "node:assert/strict";
import { test } from "node:test";
import { client } from "./_paths.js";

const a = await import(client("again_model.js"));
const names = ["Аня", "Боря"];
const nameOf = (/** @type {number} */ seat) => names[seat];
const two = [{ seat: 0, taken: true }, { seat: 1, taken: true }];
const room = (/** @type {any} */ again) => ({ hall: again === undefined ? {} : { again }, seats: two });

test("nothing before the end, away from the hall, or with the computer at the table", () => {
  assert.equal(a.againSheet(room(undefined), 0, false, nameOf).phase, "none");
  assert.equal(a.againSheet({ hall: null, seats: two }, 0, true, nameOf).phase, "none");
  assert.equal(a.againSheet({ hall: {}, seats: [two[0], { seat: 1, computer: true }] }, 0, true, nameOf).phase, "none");
  assert.equal(a.againSheet({ hall: {}, seats: [...two, { seat: 2 }] }, 0, true, nameOf).phase, "none");
  // one profile in both seats (two browsers of one person): nobody else to invite
  assert.equal(a.againSheet({ hall: { one_person: true }, seats: two }, 0, true, nameOf).phase, "none");
});

test("offer, wait, be invited, be declined, be ready: each seat sees its side", () => {
  assert.deepEqual(a.againSheet(room(undefined), 0, true, nameOf), { phase: "offer", note: "" });
  assert.deepEqual(a.againSheet(room({ by: 0 }), 0, true, nameOf), { phase: "waiting", note: "Приглашение отправлено — ждём, что ответит Боря" });
  assert.equal(a.againSheet(room({ by: 0 }), 1, true, nameOf).phase, "invited");
  assert.match(a.againSheet(room({ by: 0 }), 1, true, nameOf).note, /^Аня зовёт сыграть ещё раз/);
  assert.deepEqual(a.againSheet(room({ by: 0, declined: true }), 0, true, nameOf), { phase: "offer", note: "Боря не принимает приглашение" });
  assert.deepEqual(a.againSheet(room({ by: 0, declined: true }), 1, true, nameOf), { phase: "offer", note: "" });
  assert.equal(a.againSheet(room({ by: 1, game_id: "g2", seats: [1, 0] }), 0, true, nameOf).phase, "ready");
});

test("the new table's record keeps the token and takes the seat the server gave", () => {
  const mine = { game_id: "g1", token: "tok", seat: 0, seats: [0], mode: "online" };
  assert.deepEqual(a.newTable({ by: 1, game_id: "g2", seats: [1, 0] }, mine), { game_id: "g2", token: "tok", seat: 1, seats: [1], mode: "online" });
  assert.equal(a.newTable({ by: 1 }, mine), null);
  assert.equal(a.newTable({ by: 1, game_id: "g2", seats: [1, 0] }, null), null);
});
