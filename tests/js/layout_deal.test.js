// @ts-check
// The line through a whole deal (issue 24): tile by tile, as board.js draws it, on the felts of
// phones (360, 390, 414 px wide, two players and four; held sideways) and a desktop. A tile once
// down never moves when the next one arrives (unless the tiles shrink: a step), the size never
// grows back, it shrinks in at most two steps in nearly every deal, and the pips stay 4 px wide.
// tests/e2e/test_layout.py runs the same checks on the lines of real deals of every preset.
import assert from "node:assert/strict";
import { test } from "node:test";
import { client } from "./_paths.js";

const L = await import(client("layout.js"));
const { pipRadius } = await import(client("tiles.js"));

function seeded(/** @type {number} */ seed) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

/** A deal's line, tile by tile: each step's line and where its first tile is.
 * @param {() => number} rnd @param {number} most the tiles the deal can play */
function randomDeal(rnd, most) {
  /** @type {Array<[number, number]>} */
  const set = [];
  for (let a = 0; a <= 6; a++) for (let b = a; b <= 6; b++) set.push([a, b]);
  /** @type {Array<[number, number]>} */
  const line = [set.splice(Math.floor(rnd() * set.length), 1)[0]];
  let lead = 0;
  const steps = [{ line: [...line], lead }];
  // a deal ends before the set does: a player is out, or nobody can play
  const length = Math.min(most, 8 + Math.floor(rnd() * (most - 6)));
  while (line.length < length) {
    const lv = line[0][0];
    const rv = line[line.length - 1][1];
    const fit = set.filter(([a, b]) => a === lv || b === lv || a === rv || b === rv);
    if (!fit.length) break;
    const t = fit[Math.floor(rnd() * fit.length)];
    set.splice(set.indexOf(t), 1);
    const canR = t[0] === rv || t[1] === rv;
    const canL = t[0] === lv || t[1] === lv;
    if (canR && (!canL || rnd() < 0.5)) line.push(t[0] === rv ? t : [t[1], t[0]]);
    else {
      line.unshift(t[1] === lv ? t : [t[1], t[0]]);
      lead++;
    }
    steps.push({ line: [...line], lead });
  }
  return steps;
}

// felts measured in the page (board-wrap of a game against the computer): width × height
const BOARDS = [
  { name: "360 px, two players", width: 348, height: 388, phone: true },
  { name: "360 px, four players", width: 348, height: 357, phone: true },
  { name: "390 px", width: 378, height: 480, phone: true },
  { name: "414 px", width: 402, height: 530, phone: true },
  // held sideways: 740×360, and 740×300 inside Telegram (its bar above the page)
  { name: "740×360", width: 490, height: 290, phone: true },
  { name: "740×300", width: 490, height: 230, phone: true },
  { name: "1280 px", width: 980, height: 520, phone: false },
];

for (const board of BOARDS) {
  test(`whole deals on the felt of ${board.name}: nothing placed moves, the size never grows`, () => {
    const rnd = seeded(board.width * 7 + board.height);
    const deals = 700;
    let calm = 0;
    for (let k = 0; k < deals; k++) {
      const most = k % 4 === 0 ? 14 : 28; // a block game for two, or every tile in play
      const steps = randomDeal(rnd, most);
      /** @type {any} */ let deal = null;
      /** @type {any[]} */ let before = [];
      let lead = 0;
      for (const step of steps) {
        const f = L.fitLine(step.line, step.lead, board.width, board.height, { most, deal });
        const what = `deal ${k}, ${step.line.length} tiles, unit ${f.unit}: ${JSON.stringify(step.line)} lead ${step.lead}`;
        assert.ok(f.fits, `does not fit: ${what}`);
        assert.equal(L.overlaps(f.layout.items), null, `overlap: ${what}`);
        if (deal) {
          assert.ok(f.unit <= deal.unit, `grew from ${deal.unit}: ${what}`);
          if (f.deal.steps === deal.steps) {
            assert.equal(f.unit, deal.unit, what);
            assert.deepEqual([f.deal.ox, f.deal.oy], [deal.ox, deal.oy], `the first tile moved: ${what}`);
            // every tile already down lies where it lay (the line's indices shift by the
            // tiles added on the left)
            const shift = step.lead - lead;
            before.forEach((it, i) => {
              const now = f.layout.items[i + shift];
              assert.deepEqual([now.x, now.y, now.w, now.h], [it.x, it.y, it.w, it.h], `tile ${i} moved: ${what}`);
            });
          } else {
            assert.equal(f.deal.steps, deal.steps + 1, what);
          }
        }
        if (board.phone) {
          // a pip (0.19 of a unit, drawn larger on small tiles) is 4 px wide or more
          assert.ok((2 * pipRadius(f.unit) * f.unit) / 100 >= 4, `pips under 4 px: ${what}`);
        }
        deal = f.deal;
        before = f.layout.items;
        lead = step.lead;
      }
      if (deal.steps <= 2) calm++;
    }
    // two steps at most: a third only where a run of doubles at the turns took more room
    // than the plain tiles the size was chosen for
    assert.ok(calm >= 0.99 * deals, `${deals - calm} of ${deals} deals shrank three times or more`);
  });
}

test("a deal's first tile starts in the middle of the felt, and the first row runs to its edges", () => {
  const line = /** @type {Array<[number, number]>} */ ([[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 0]]);
  const start = L.fitLine(line.slice(0, 1), 0, 348, 388, { most: 28 });
  assert.deepEqual([start.deal.ox, start.deal.oy], [174, 194]);
  let f = start;
  for (let n = 2; n <= line.length; n++) f = L.fitLine(line.slice(0, n), 0, 348, 388, { most: 28, deal: f.deal });
  assert.deepEqual(f.deal, start.deal);
  // all on the right arm: straight to the edge, then the turn downwards
  const items = f.layout.items;
  const corner = items.find((/** @type {any} */ it) => it.corner);
  assert.ok(corner, "the line turns");
  assert.ok(items.filter((/** @type {any} */ it) => it.row === 0).every((/** @type {any} */ it) => it.x >= -1));
  const edge = (348 - 2 * L.FIT.pad) / 2 / f.unit;
  assert.ok(corner.x + corner.w > edge - 3, "it turns only where the row is full");
  assert.ok(corner.y > 0, "the right arm turns down");
});

test("a size chosen for one board is not kept on a board of another width", () => {
  const line = /** @type {Array<[number, number]>} */ ([[6, 6], [6, 1]]);
  const phone = L.fitLine(line, 0, 348, 388, { most: 28 });
  const wide = L.fitLine(line, 0, 980, 520, { most: 28, deal: phone.deal });
  assert.equal(wide.deal.steps, 0);
  assert.ok(wide.unit > phone.unit);
  // a taller or shorter board of the same width keeps the size and the place while it fits
  const taller = L.fitLine(line, 0, 348, 432, { most: 28, deal: phone.deal });
  assert.deepEqual(taller.deal, phone.deal);
});

test("screen sides: the line's left end can be drawn on the right once the line turns", () => {
  // the left arm turns up and comes back to the right; the right arm is one tile
  const line = /** @type {Array<[number, number]>} */ ([[2, 1], [1, 3], [3, 4], [4, 5], [5, 0], [0, 2], [2, 6], [6, 6], [6, 4]]);
  const { layout } = L.fitLine(line, 7, 348, 388, { most: 9 });
  const ends = layout.ends;
  const sides = L.screenSides(layout);
  if (ends.left.x > ends.right.x + 2) assert.deepEqual(sides, { left: "right", right: "left" });
  else if (ends.left.x < ends.right.x - 2) assert.deepEqual(sides, { left: "left", right: "right" });
  else assert.deepEqual(sides, { left: null, right: null });
  const straight = L.fitLine(/** @type {Array<[number, number]>} */ ([[1, 6], [6, 6], [6, 2]]), 1, 348, 388);
  assert.deepEqual(L.screenSides(straight.layout), { left: "left", right: "right" });
});
