// @ts-check
// The line sized to a board in pixels: one tile size for the whole deal and one place for the
// first tile (the middle of the felt), so a tile once down keeps its place. The size is chosen
// when the deal's line is first drawn, as large as fits the longest line this deal can still
// make with its tiles shared evenly between the two arms; when an arm outgrows the room after
// all, the tiles shrink (every tile moves once) to a size at which every tile still to come
// fits even on that one arm, the doubles among them at its turns (snake.js's reach), and
// never grow back within the deal. Two such steps at most: the first stays at a readable size
// if it can, the second takes whatever the worst case needs while pips stay 4 px wide. The
// geometry itself is snake.js's. DOM-free.

import { layoutLine, gapBetween, overlaps, reach } from "./snake.js";

export { layoutLine, gapBetween, overlaps };

/** @typedef {import("./types.js").Layout} Layout @typedef {import("./types.js").Rect} Rect */
/** @typedef {import("./types.js").LineFit} LineFit @typedef {(cols: number) => Rect[]} Design */

export const FIT = {
  maxUnit: 56, // a desktop felt: tiles up to 112×56 px
  // a pip is 0.19 of a unit across: from 22 px on it is over 4 px, readable on a phone
  minUnit: 22,
  smallUnit: 18, // below minUnit the pips are drawn larger (tiles.js), still 4 px down to here
  sharpUnit: 16, // the smallest size at which tiles.js still draws pips 4 px wide
  floorUnit: 12, // only when the longest line this deal can still make fits no larger
  minCols: 9, // a row holds the first tile, a tile on each side and a turn
  pad: 6, // px between the felt's edge and the nearest tile (an end marker may reach into it)
};

/**
 * The tile size (px per unit) and the layout of `line` on a board of width×height px.
 * `most`: the longest line the deal can make (tiles on the table, in hands and in a boneyard
 * that can be drawn from); `deal`: what an earlier call of the same deal on this board
 * answered, so the size and the first tile's place stay. Returns the layout in units with
 * `ox`, `oy`: the board pixel of the first tile's centre (the layout's origin).
 * @param {Array<[number, number]>} line @param {number} lead @param {number} width @param {number} height
 * @param {{ most?: number, deal?: LineFit|null }} [options]
 * @returns {{ unit: number, layout: Layout, fits: boolean, deal: LineFit }} */
export function fitLine(line, lead, width, height, { most = line.length, deal = null } = {}) {
  const rest = Math.max(0, most - line.length);
  if (deal && deal.width === width && deal.unit > 0) {
    const kept = at(line, lead, width, height, deal.unit, deal);
    // the same size and place while the line fits (a taller or shorter board included)
    if (kept.fits) return { ...kept, deal };
    return choose(line, lead, width, height, rest, deal.steps + 1, deal.unit - 1);
  }
  return choose(line, lead, width, height, rest, 0, FIT.maxUnit);
}

/** A new size (step 0 at a deal's start, then each shrink) no larger than `hi`, and the
 * first tile's place: the middle of the felt's width, and at the height that leaves the
 * arms (the right one turning down, the left one up) the room the chosen design needs.
 * @param {Array<[number, number]>} line @param {number} lead @param {number} width @param {number} height
 * @param {number} rest @param {number} steps @param {number} hi @returns {{ unit: number, layout: Layout, fits: boolean, deal: LineFit }} */
function choose(line, lead, width, height, rest, steps, hi) {
  const half = Math.ceil(rest / 2);
  /** @type {Design} */ const even = (cols) => reach(line, lead, cols, half, 0); // the rest shared between the arms, plain
  // the rest all on one arm, whichever it is, with the doubles still to come at its turns
  const doubles = 7 - line.filter(([a, b]) => a === b).length;
  /** @type {Design} */ const worst = (cols) => reach(line, lead, cols, rest, Math.min(rest, doubles));
  const now = laid({ line, lead });
  /** @param {Design} d @param {number} lo */
  const largest = (d, lo) => {
    for (let u = Math.min(hi, FIT.maxUnit); u >= lo; u -= 1) {
      const oy = placeFor(d, width, height, u);
      if (oy !== null) return { unit: u, oy };
    }
    return null;
  };
  const { minUnit: readable, smallUnit: small, sharpUnit: sharp, floorUnit: floor } = FIT;
  /** @type {Array<[Design, number]>} */
  const order = steps === 0 ? [[even, readable], [even, small], [now, small], [now, floor]]
    // a shrink: to a size the rest fits at on either arm, readable if it can be, else as
    // small as pips stay 4 px wide, before any size that only fits the line as it is now
    : steps === 1 ? [[worst, readable], [worst, small], [even, readable], [even, small], [now, small], [worst, floor], [now, floor]]
      : [[worst, small], [worst, sharp], [even, small], [now, small], [now, sharp], [worst, floor], [now, floor]];
  let found = null;
  for (const [d, lo] of order) if (!found) found = largest(d, lo);
  const unit = found?.unit ?? Math.max(floor, Math.min(hi, FIT.maxUnit));
  const origin = { ox: width / 2, oy: found?.oy ?? height / 2 };
  const fit = at(line, lead, width, height, unit, origin);
  return { ...fit, deal: { unit, ox: origin.ox, oy: origin.oy, width, steps } };
}

/** A line's rectangles (its tiles and end slots) on a board `cols` units wide.
 * @param {{ line: Array<[number, number]>, lead: number }} d @returns {Design} */
function laid({ line, lead }) {
  return (cols) => {
    const layout = layoutLine(line, lead, cols);
    return [...layout.items, layout.ends.left?.slot, layout.ends.right?.slot].filter((r) => r !== undefined && r !== null);
  };
}

/** The height (board px) for the first tile at which what `design` lays at `unit` fits the
 * board, or null: the free height shared evenly above and below.
 * @param {Design} design @param {number} width @param {number} height @param {number} unit */
function placeFor(design, width, height, unit) {
  const cols = (width - 2 * FIT.pad) / unit;
  if (cols < FIT.minCols) return null;
  const rects = design(cols);
  const top = Math.min(...rects.map((r) => r.y));
  const bottom = Math.max(...rects.map((r) => r.y + r.h));
  const wide = rects.every((r) => r.x >= -cols / 2 - 1e-6 && r.x + r.w <= cols / 2 + 1e-6);
  const free = height - 2 * FIT.pad - (bottom - top) * unit;
  if (!wide || free < -1e-6) return null;
  return FIT.pad - top * unit + Math.floor(free / 2);
}

/** The layout at `unit` with the first tile at board pixel (ox, oy): does it fit the board?
 * @param {Array<[number, number]>} line @param {number} lead @param {number} width @param {number} height
 * @param {number} unit @param {{ ox: number, oy: number }} origin */
function at(line, lead, width, height, unit, { ox, oy }) {
  const cols = Math.min(ox - FIT.pad, width - FIT.pad - ox) * 2 / unit;
  const layout = layoutLine(line, lead, cols);
  const room = { x: (FIT.pad - ox) / unit, y: (FIT.pad - oy) / unit, w: (width - 2 * FIT.pad) / unit, h: (height - 2 * FIT.pad) / unit };
  const inside = (/** @type {Rect|null|undefined} */ r) => !r || (r.x >= room.x - 1e-6 && r.y >= room.y - 1e-6
    && r.x + r.w <= room.x + room.w + 1e-6 && r.y + r.h <= room.y + room.h + 1e-6);
  const fits = cols >= FIT.minCols && layout.items.every(inside) && inside(layout.ends.left?.slot) && inside(layout.ends.right?.slot);
  return { unit, layout, fits };
}

/** The diameter (px) of an end marker: a finger's 44 px where the slot allows, always within
 * its slot's length and never further past the slot's sides than the board's padding. */
/** @param {number} unit */
export function markerSize(unit) {
  return Math.round(Math.max(16, Math.min(44, 2 * unit - 6, unit + 2 * FIT.pad)));
}

/**
 * Where the marker of an open end goes and how large it is: {x, y} in units, size in px.
 * Inside the free slot, at the point farthest from every tile (the middle of a slot in a
 * row; further out when the slot lies beside a turn), and never larger than that distance.
 * @param {Layout} layout @param {"left"|"right"} side @param {number} unit
 * @returns {{ x: number, y: number, size: number }|null} */
export function markerAt(layout, side, unit) {
  const slot = layout.ends[side]?.slot;
  if (!slot) return null;
  const tiles = layout.items.filter(Boolean);
  const clearance = (/** @type {number} */ x, /** @type {number} */ y) => Math.min(Infinity, ...tiles.map((t) => {
    const dx = Math.max(t.x - x, 0, x - (t.x + t.w));
    const dy = Math.max(t.y - y, 0, y - (t.y + t.h));
    return Math.hypot(dx, dy);
  }));
  const along = slot.w >= slot.h;
  const candidates = [0.5, 0.25, 0.75, 0, 1].map((f) => (along
    ? { x: slot.x + f * slot.w, y: slot.y + slot.h / 2 }
    : { x: slot.x + slot.w / 2, y: slot.y + f * slot.h }));
  // the middle of the slot when a full-size marker fits there, else the roomiest point
  const wanted = (markerSize(unit) + 4) / 2 / unit;
  let best = candidates[0];
  let room = -1;
  for (const c of candidates) {
    const r = clearance(c.x, c.y);
    if (r >= wanted) { best = c; room = r; break; }
    if (r > room + 1e-6) { best = c; room = r; }
  }
  const size = Math.max(12, Math.min(markerSize(unit), Math.floor(2 * room * unit - 4)));
  return { x: best.x, y: best.y, size };
}

/** Which side of the screen each open end is drawn on, as the player sees them once the
 * line has turned: the line's left end may then lie to the right of its right end. Null for
 * both when the two ends are not clearly side by side (one above the other): name them by
 * their values then. @param {Layout} layout
 * @returns {{ left: "left"|"right"|null, right: "left"|"right"|null }} */
export function screenSides(layout) {
  const { left, right } = layout.ends;
  if (!left || !right) return { left: "left", right: "right" };
  const apart = right.x - left.x;
  if (apart >= 2) return { left: "left", right: "right" };
  if (apart <= -2) return { left: "right", right: "left" };
  return { left: null, right: null };
}
