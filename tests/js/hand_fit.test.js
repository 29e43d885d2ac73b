// @ts-check
// The sideways hand's tile size (views/hand_fit.js): the largest at which every tile is whole
// in the box, in as many rows as fit; below the least size, whole rows and a scroll.
import assert from "node:assert/strict";
import { test } from "node:test";
import { client } from "./_paths.js";

const { handTileWidth, HAND_FIT } = await import(client("views/hand_fit.js"));

test("the largest size at which the rows fit the box, and never past the upright size", () => {
  // 740×360: a 214×133 box
  const seven = handTileWidth(7, 214, 133, 3, 8);
  assert.ok(seven.fits && seven.rows === 2, JSON.stringify(seven));
  assert.ok(2 * (2 * seven.w + 4) + 8 <= 133 && 2 * (2 * (seven.w + 1) + 4) + 8 > 133, "none larger fits in two rows");
  assert.ok(Math.floor(217 / (seven.w + 3)) * 2 >= 7, "and two rows hold seven");
  assert.equal(handTileWidth(2, 214, 133, 3, 8).w, HAND_FIT.max, "a short hand at the upright size");
  for (let n = 1; n <= 14; n += 1) assert.ok(handTileWidth(n, 214, 133, 3, 8).fits, `${n} tiles fit 740×360`);
});

test("too long for the box: the least size, as many whole rows as fit, the rest scrolled to", () => {
  const long = handTileWidth(9, 214, 77, 3, 8); // 740×300: room for one row
  assert.deepEqual(long, { w: HAND_FIT.least, rows: 1, fits: false });
  assert.equal(handTileWidth(30, 214, 133, 3, 8).rows, 2);
});
