// @ts-check
// The line's layout on random legal lines (as tests/e2e/test_layout.py, without the page):
// every tile laid out once, inside the board, no overlap, neighbours joined, gaps elsewhere,
// every double crosswise, each open end with a free slot.
import assert from "node:assert/strict";
import { test } from "node:test";
import { client } from "./_paths.js";

const L = await import(client("layout.js"));

/** A seeded random legal line from the double-six set, played at random ends. */
function randomLine(/** @type {() => number} */ rnd) {
  /** @type {number[][]} */
  const set = [];
  for (let a = 0; a <= 6; a++) for (let b = a; b <= 6; b++) set.push([a, b]);
  let first = set.splice(Math.floor(rnd() * set.length), 1)[0];
  if (rnd() < 0.5) first = [first[1], first[0]];
  const line = [first];
  let lead = 0;
  const n = 1 + Math.floor(rnd() * 28);
  while (line.length < n) {
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
  }
  return { line, lead };
}

function seeded(/** @type {number} */ seed) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

for (const [width, height] of [[360, 300], [414, 380], [1280, 520]]) {
  test(`random lines on a ${width}×${height} board`, () => {
    const rnd = seeded(width);
    for (let k = 0; k < 300; k++) {
      const { line, lead } = randomLine(rnd);
      const { unit, layout } = L.fitLine(line, lead, width, height);
      const what = `line ${JSON.stringify(line)} lead ${lead} unit ${unit}`;
      const items = layout.items;
      assert.equal(items.filter(Boolean).length, line.length, `a tile is missing: ${what}`);
      assert.ok(unit >= L.FIT.floorUnit, what);
      assert.ok(layout.box.w * unit <= width - 2 * L.FIT.pad + 1e-6 && layout.box.h * unit <= height - 2 * L.FIT.pad + 1e-6, `outside the felt: ${what}`);
      assert.equal(L.overlaps(items), null, `overlap: ${what}`);
      for (let i = 0; i < items.length; i++) {
        for (let j = i + 1; j < items.length; j++) {
          const gap = L.gapBetween(items[i], items[j]);
          if (j === i + 1) assert.ok(Math.abs(gap) < 1e-6, `neighbours ${i}, ${j} not joined: ${what}`);
          else assert.ok(gap > 0.5, `${i} and ${j} touch: ${what}`);
        }
        const [a, b] = line[i];
        const it = items[i];
        // a double stands crosswise to the tiles it joins: across its row's direction
        if (a === b && !it.corner && i > 0 && i < items.length - 1) {
          const prev = items[i - 1];
          assert.ok((it.h > it.w) === (prev.w > prev.h) || prev.corner, `double ${i} lengthwise: ${what}`);
        }
      }
      for (const side of ["left", "right"]) {
        const end = layout.ends[side];
        assert.ok(end?.slot, `no slot at the ${side} end: ${what}`);
        for (const it of items) assert.ok(L.gapBetween(end.slot, it) > -1e-6, `the ${side} slot covers tile ${it.index}: ${what}`);
        const marker = L.markerAt(layout, side, unit);
        assert.ok(marker && marker.size >= 12, what);
      }
    }
  });
}

test("an empty line lays out nothing", () => {
  const layout = L.layoutLine([], 0, 20);
  assert.deepEqual(layout.items, []);
  assert.deepEqual(layout.box, { x: 0, y: 0, w: 0, h: 0 });
});

test("a short line on a wide board stays straight at the largest tiles", () => {
  const { unit, layout } = L.fitLine([[1, 4], [4, 4], [4, 6]], 1, 1280, 520);
  assert.equal(unit, L.FIT.maxUnit);
  assert.ok(layout.items.every((/** @type {any} */ it) => it.row === 0 && !it.corner));
});
