// @ts-check
// Where each tile of the line lies on the table. DOM-free geometry in "units": a tile is 2×1,
// a double stands crosswise (1×2 in a row). Laid out as on a real table: one straight row
// through the middle, the first tile in it; each arm runs along that row to the edge of the
// board, then turns with one upright tile (the right arm down, the left arm up) and comes back
// along a new row three units away, like a snake. So the rows never touch (a gap of at least
// one unit), a double is always crosswise to the tiles it joins (never last in a row, never
// first after a turn: there it would stand lengthwise), and every open end has a free slot
// where the next tile would go — the end marker sits in it and covers nothing.
//
// The module knows nothing of seats, so a line of 3 or 4 players lays out the same way.

const ROW_STEP = 3; // from one row's centre to the next: a turn is one upright tile (2) + 1
const SLOT = { near: -1, far: -1 }; // the next tile of an arm, not yet played: a plain tile

/** @typedef {{ x: number, y: number, w: number, h: number }} Rect */
/** @typedef {Rect & { a: number, b: number }} TileRect a tile's place, *a* drawn at the left/top */
/** @typedef {TileRect & { index: number, row: number, corner: boolean }} Item */
/** @typedef {{ x: number, y: number, dir: number, turn: number, value: number, slot: Rect }} End */
/** @typedef {{ items: Item[], ends: { left: End|null, right: End|null }, box: Rect, rows: number[] }} Layout */
/** @typedef {{ index: number, near: number, far: number }} ArmTile an arm's tile (index -1: the free slot) */
/** @typedef {{ rect: TileRect, row: number, corner: boolean }} Placed */

/**
 * @param {Array<[number, number]>} line tiles as placed, left to right, each [left, right]
 * @param {number} lead index in `line` of the first tile played
 * @param {number} cols usable width in units
 * @returns {Layout}
 *   items[i] = {index, x, y, w, h, a, b, row, corner} with a the value drawn at the left/top
 *   (a corner is the upright tile of a turn; it counts to the row it leaves);
 *   ends.<side> = {x, y, dir, value, slot} with slot the free rectangle for the next tile
 */
export function layoutLine(line, lead, cols) {
  /** @type {Item[]} */
  const items = new Array(line.length);
  /** @type {Layout["ends"]} */
  const ends = { left: null, right: null };
  if (line.length === 0) return { items: [], ends, box: { x: 0, y: 0, w: 0, h: 0 }, rows: [] };
  lead = Math.max(0, Math.min(line.length - 1, lead));
  const [la, lb] = line[lead];
  const first = la === lb
    ? { x: -0.5, y: -1, w: 1, h: 2, a: la, b: lb }
    : { x: -1, y: -0.5, w: 2, h: 1, a: la, b: lb };
  items[lead] = { index: lead, row: 0, corner: false, ...first };

  // each arm outward from the first tile, entered by its near value, ending in a free slot
  /** @type {ArmTile[]} */
  const rightArm = [];
  for (let i = lead + 1; i < line.length; i++) rightArm.push({ index: i, near: line[i][0], far: line[i][1] });
  /** @type {ArmTile[]} */
  const leftArm = [];
  for (let i = lead - 1; i >= 0; i--) leftArm.push({ index: i, near: line[i][1], far: line[i][0] });
  rightArm.push({ index: -1, ...SLOT });
  leftArm.push({ index: -1, ...SLOT });

  // the middle row: a short arm gets all it needs, two long arms share it evenly
  const need = (/** @type {ArmTile[]} */ arm) => arm.reduce((sum, t) => sum + (t.near === t.far && t.index !== -1 ? 1 : 2), 0);
  const leftNeed = need(leftArm);
  const rightNeed = need(rightArm);
  const free = Math.max(0, cols - first.w);
  let leftSpace;
  if (leftNeed + rightNeed <= free) leftSpace = leftNeed + (free - leftNeed - rightNeed) / 2;
  else if (leftNeed <= free / 2) leftSpace = leftNeed;
  else if (rightNeed <= free / 2) leftSpace = free - rightNeed;
  else leftSpace = free / 2;
  const minX = first.x - leftSpace;
  const maxX = first.x + first.w + (free - leftSpace);
  const right = runArm(rightArm, items, first, +1, minX, maxX, lb);
  const left = runArm(leftArm, items, first, -1, minX, maxX, la);
  ends.right = right.end;
  ends.left = left.end;
  const box = bounds([...items.filter(Boolean), right.end.slot, left.end.slot]);
  const rows = [...new Set(items.filter(Boolean).map((it) => it.row))].sort((p, q) => p - q);
  return { items, ends, box, rows };
}

/**
 * Lay one arm outward from `start`, in direction `dir` (+1 right, turning down; -1 left,
 * turning up). The arm's last entry is the free slot. Returns {end}.
 * @param {ArmTile[]} arm
 * @param {Item[]} items filled in with the arm's tiles
 * @param {Rect} start the first tile
 * @param {number} dir
 * @param {number} minX
 * @param {number} maxX
 * @param {number} openValue
 * @returns {{ end: End }}
 */
function runArm(arm, items, start, dir, minX, maxX, openValue) {
  const turn = dir; // the right arm turns downwards, the left one upwards
  /** @type {Array<Placed|undefined>} */
  const placed = []; // {tile, rect, row} in order
  const isDouble = (/** @type {number} */ k) => k < arm.length && arm[k].near === arm[k].far && arm[k].index !== -1;
  let row = 0;
  let rowStart = 0; // index in `arm` of this row's first tile
  let heading = dir; // the row's direction
  let cy = 0;
  let cursor = dir > 0 ? start.x + start.w : start.x;
  /** @type {{ rect: Rect, double: boolean }} */
  let prev = { rect: start, double: start.w < start.h };
  let k = 0;
  let guard = 0;
  while (k < arm.length && guard++ < 4 * arm.length + 8) {
    const tile = arm[k];
    const double = isDouble(k);
    const w = double ? 1 : 2;
    const fits = heading > 0 ? cursor + w <= maxX + 1e-9 : cursor - w >= minX - 1e-9;
    if (fits) {
      const x = heading > 0 ? cursor : cursor - w;
      const rect = double
        ? { x, y: cy - 1, w: 1, h: 2, a: tile.near, b: tile.far }
        : { x, y: cy - 0.5, w: 2, h: 1, a: heading > 0 ? tile.near : tile.far, b: heading > 0 ? tile.far : tile.near };
      placed[k] = { rect, row, corner: false };
      cursor = heading > 0 ? cursor + w : cursor - w;
      prev = { rect, double };
      k += 1;
      continue;
    }
    // a turn: find the corner c (latest first) whose row-end tile and next-row tile are plain
    let c = k;
    const lastOf = (/** @type {number} */ j) => (j === 0 ? { double: start.w < start.h } : { double: isDouble(j - 1) });
    const ok = (/** @type {number} */ j) => !lastOf(j).double && !isDouble(j + 1) && (j > rowStart || (row === 0 && j === 0));
    while (c > rowStart && !ok(c)) c -= 1;
    if (!ok(c)) c = k; // no clean turn in this row (a run of doubles): turn here anyway
    // take back what was placed from c on, and turn at c
    for (let j = c; j < k; j++) placed[j] = undefined;
    /** @type {{ rect: Rect }} */
    const last = c === 0 ? { rect: start } : placed[c - 1] ?? { rect: prev.rect };
    const lr = last.rect;
    /** @type {number} */
    const farX = heading > 0 ? lr.x + lr.w - 1 : lr.x; // the row-end tile's far half
    const corner = arm[c];
    /** @type {TileRect} */
    const rect = turn > 0
      ? { x: farX, y: cy + 0.5, w: 1, h: 2, a: corner.near, b: corner.far }
      : { x: farX, y: cy - 2.5, w: 1, h: 2, a: corner.far, b: corner.near };
    placed[c] = { rect, row, corner: true };
    row += turn;
    cy += turn * ROW_STEP;
    heading = -heading;
    // the next row starts with its near half under (or over) the corner
    cursor = heading > 0 ? farX : farX + 1;
    rowStart = c + 1;
    prev = { rect, double: false };
    k = c + 1;
    if (k < arm.length) {
      // the next row starts with its near half under (or over) the corner, so it reads on
      // from the corner (a double here only when the row had no clean turn: lying flat)
      const next = arm[k];
      const x = heading > 0 ? farX : farX - 1;
      /** @type {TileRect} */
      const nrect = { x, y: cy - 0.5, w: 2, h: 1, a: heading > 0 ? next.near : next.far, b: heading > 0 ? next.far : next.near };
      cursor = heading > 0 ? farX + 2 : farX - 1;
      placed[k] = { rect: nrect, row, corner: false };
      prev = { rect: nrect, double: false };
      k += 1;
    }
  }
  /** @type {End|null} */
  let end = null;
  for (let j = 0; j < arm.length; j++) {
    const p = placed[j];
    if (!p) continue;
    if (arm[j].index === -1) {
      end = endOf(p.rect, p.corner, heading, turn, openValue, j > 0 ? arm[j - 1].far : openValue);
    } else {
      items[arm[j].index] = { index: arm[j].index, row: p.row, corner: p.corner, ...p.rect };
    }
  }
  return { end: /** @type {End} */ (end) };
}

/**
 * The open end: where its marker goes (the middle of the free slot) and the slot itself.
 * @param {Rect} slot @param {boolean} corner @param {number} heading @param {number} turn
 * @param {number} leadValue @param {number} value
 * @returns {End}
 */
function endOf(slot, corner, heading, turn, leadValue, value) {
  const rect = { x: slot.x, y: slot.y, w: slot.w, h: slot.h };
  // a slot in a row faces along the row; a corner slot faces up or down
  const dir = corner ? 0 : heading;
  return { x: rect.x + rect.w / 2, y: rect.y + rect.h / 2, dir, turn: corner ? turn : 0, value, slot: rect };
}

/** @param {Rect[]} rects @returns {Rect} */
function bounds(rects) {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const r of rects) {
    x0 = Math.min(x0, r.x);
    y0 = Math.min(y0, r.y);
    x1 = Math.max(x1, r.x + r.w);
    y1 = Math.max(y1, r.y + r.h);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** True when two laid-out tiles overlap (used by tests and a debug check). */
/** @param {Array<Item|undefined>} items @returns {[number, number]|null} */
export function overlaps(items) {
  const list = items.filter(Boolean);
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      if (gapBetween(/** @type {Item} */ (list[i]), /** @type {Item} */ (list[j])) < -1e-6) return [/** @type {Item} */ (list[i]).index, /** @type {Item} */ (list[j]).index];
    }
  }
  return null;
}

/** The distance between two rectangles: negative when they overlap, 0 when they touch. */
/** @param {Rect} a @param {Rect} b */
export function gapBetween(a, b) {
  const dx = Math.max(b.x - (a.x + a.w), a.x - (b.x + b.w));
  const dy = Math.max(b.y - (a.y + a.h), a.y - (b.y + b.h));
  if (dx < 0 && dy < 0) return Math.max(dx, dy);
  return Math.max(dx, dy);
}

// ------------------------------------------------------------------ fitting a board in pixels

export const FIT = {
  maxUnit: 56, // a desktop felt: tiles up to 112×56 px
  minUnit: 18, // below this the pips of a 360 px phone start to blur
  floorUnit: 12, // only when even the smallest readable tiles do not fit the height
  minRowCols: 16, // once the line bends, rows hold at least this many units (6+ tiles)
  firstRow: 6, // flat tiles in the middle row before it may turn
  straightShare: 0.75, // keep the line straight unless its tiles would be under 3/4 of a bent line's
  pad: 6, // px between the felt's edge and the nearest tile (an end marker may reach into it)
};

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
 * @param {Layout} layout
 * @param {"left"|"right"} side
 * @param {number} unit
 * @returns {{ x: number, y: number, size: number }|null}
 */
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
  /** @type {{ x: number, y: number }|null} */
  let best = null;
  let room = -1;
  for (const c of candidates) {
    const r = clearance(c.x, c.y);
    if (r >= wanted) { best = c; room = r; break; }
    if (r > room + 1e-6) { best = c; room = r; }
  }
  const size = Math.max(12, Math.min(markerSize(unit), Math.floor(2 * room * unit - 4)));
  return { x: best.x, y: best.y, size };
}

/**
 * The tile size (px per unit) and layout for a board of width×height px: the straight line
 * as large as fits; when it no longer fits straight, tiles scale down first, and bend only
 * when they would get smaller than FIT.minUnit, with rows as wide as the board and a first
 * row of at least FIT.firstRow tiles. `cap` keeps tiles from growing back as a line grows.
 * @param {Array<[number, number]>} line
 * @param {number} lead
 * @param {number} width
 * @param {number} height
 * @param {{ cap?: number }} [options]
 * @returns {{ unit: number, layout: Layout, fits: boolean, straight: boolean, firstRowOk: boolean }}
 */
export function fitLine(line, lead, width, height, { cap = FIT.maxUnit } = {}) {
  const maxUnit = Math.max(FIT.floorUnit, Math.min(FIT.maxUnit, cap));
  const w = Math.max(1, width - 2 * FIT.pad);
  const h = Math.max(1, height - 2 * FIT.pad);
  const at = (/** @type {number} */ unit) => {
    const layout = layoutLine(line, lead, w / unit);
    const fits = layout.box.w * unit <= w + 1e-6 && layout.box.h * unit <= h + 1e-6;
    const straight = !layout.items.some((it) => it.corner) && layout.ends.left.dir !== 0 && layout.ends.right.dir !== 0;
    // the first row reads like a table: at least FIT.firstRow flat tiles before any turn
    const flat = layout.items.filter((it) => it.row === 0 && !it.corner).length;
    const firstRowOk = flat >= Math.min(FIT.firstRow, line.length);
    return { unit, layout, fits, straight, firstRowOk };
  };
  /** @typedef {ReturnType<typeof at>} Fit */
  /** @type {Fit|null} */
  let straight = null;
  for (let unit = maxUnit; unit >= FIT.minUnit && !straight; unit -= 1) {
    const tried = at(unit);
    if (tried.fits && tried.straight) straight = tried;
  }
  // bent: rows no narrower than minRowCols, the largest tiles whose snake fits the height
  const top = maxUnit;
  /** @type {Fit|null} */
  let bent = null;
  /** @type {Fit|null} */
  let fallback = null;
  /** @type {Fit|null} */
  let smallest = null;
  for (let unit = top; unit >= FIT.floorUnit; unit -= 1) {
    const tried = at(unit);
    if (tried.fits && (tried.firstRowOk || unit <= FIT.minUnit)) { bent = tried; break; }
    if (tried.fits && !fallback) fallback = tried;
    smallest = tried;
  }
  bent = bent ?? fallback ?? smallest;
  // a straight line is worth somewhat smaller tiles, not tiles at half the size
  if (straight && (!bent?.fits || straight.unit >= FIT.straightShare * bent.unit)) return straight;
  return bent;
}
