// @ts-check
// Where each tile of the line lies on the table: DOM-free geometry in "units" (a tile is 2×1,
// a double stands crosswise, 1×2 in a row). Laid out as on a real table: the first tile in the
// middle, at (0, 0); one row through it as wide as the board; each arm runs along that row to
// the edge, turns there with one upright tile under (the right arm) or over (the left arm) the
// far half of the row's last tile, and comes back along a new row, like a snake.
//
// Every tile's place depends only on the tiles laid before it in its own arm and on the
// board's width, never on what comes after: so a tile, once down, keeps its place when the next
// one arrives (there is no look-ahead and nothing is taken back). The rules that keep a double
// crosswise without taking anything back:
// - a double goes into a row only with room after it for the next tile (which is never a
//   double: a double is followed by a tile of its value, and there is one double of each);
//   without that room it becomes the turn's upright tile, crosswise to both rows it joins;
// - a double that arrives right after a turn's upright tile lies flat under it, crosswise to
//   it, and the tile after it hangs from it upright as the turn's second upright tile, under
//   which the new row starts (the turn is then three units longer).
// Rows of one arm are three units apart or more, so tiles that are not neighbours never touch.
//
// The module knows nothing of seats or pixels: layout.js sizes it to a board.

/** @typedef {import("./types.js").Rect} Rect @typedef {import("./types.js").TileRect} TileRect */
/** @typedef {import("./types.js").LineItem} Item @typedef {import("./types.js").LineEnd} End */
/** @typedef {import("./types.js").Layout} Layout */

/** The next, not yet played tile of an arm (for its free slot): a plain tile. */
const SLOT = -1;

/**
 * @param {Array<[number, number]>} line tiles as placed, left to right, each [left, right]
 * @param {number} lead index in `line` of the first tile played
 * @param {number} cols the board's width in units: rows run from -cols/2 to cols/2
 * @returns {Layout}
 *   items[i] = {index, x, y, w, h, a, b, row, corner} with a the value drawn at the left/top
 *   (a corner is an upright tile of a turn; it counts to the row it leaves);
 *   ends.<side> = {x, y, dir, turn, value, slot} with slot the free rectangle for the next tile
 */
export function layoutLine(line, lead, cols) {
  const { items, right, left } = lay(line, lead, cols);
  /** @type {Layout["ends"]} */ const ends = { left: null, right: null };
  if (!right || !left) return { items: [], ends, box: { x: 0, y: 0, w: 0, h: 0 }, rows: [] };
  ends.right = right.end();
  ends.left = left.end();
  const box = bounds([...items, ends.right.slot, ends.left.slot]);
  const rows = [...new Set(items.map((it) => it.row))].sort((p, q) => p - q);
  return { items, ends, box, rows };
}

/**
 * The room the line may come to need, for sizing the tiles of a whole deal: each arm goes on
 * with `more` tiles, laid the way that takes the most rows: plain tiles along a row, and a
 * double right after a turn's upright tile (which makes the turn three units longer) while any
 * of the `doubles` not yet on the table remain, one to a turn, since each arm may get them all
 * (with `doubles` 0: plain tiles only, as for the rest shared evenly between the arms).
 * @param {Array<[number, number]>} line @param {number} lead @param {number} cols
 * @param {number} more @param {number} doubles @returns {Rect[]} the tiles' and the end slots' rectangles
 */
export function reach(line, lead, cols, more, doubles) {
  const { items, right, left } = lay(line, lead, cols);
  const rects = /** @type {Rect[]} */ (items.filter(Boolean));
  for (const arm of [right, left]) {
    if (!arm) continue;
    let spareDoubles = doubles;
    let turned = false; // this turn has had its double
    for (let k = 0; k < more; k++) {
      const double = spareDoubles > 0 && !turned && arm.mode === "up" && !arm.lastDouble;
      const value = double ? -10 - k : SLOT - 1;
      if (double) spareDoubles -= 1;
      if (arm.mode === "row") turned = false;
      else if (double) turned = true;
      rects.push(arm.add(-1, double ? value : SLOT - 2, value));
      arm.lastDouble = double;
    }
    rects.push(arm.end().slot);
  }
  return rects;
}

/** Both arms laid out from the first tile, with the tile at each index of `line`.
 * @param {Array<[number, number]>} line @param {number} lead @param {number} cols */
function lay(line, lead, cols) {
  const items = /** @type {Item[]} */ (new Array(line.length));
  if (line.length === 0) return { items, right: null, left: null };
  lead = Math.max(0, Math.min(line.length - 1, lead));
  const [la, lb] = line[lead];
  const first = la === lb
    ? { x: -0.5, y: -1, w: 1, h: 2, a: la, b: lb }
    : { x: -1, y: -0.5, w: 2, h: 1, a: la, b: lb };
  items[lead] = { index: lead, row: 0, corner: false, ...first };
  const half = cols / 2;
  const right = new Arm(+1, first, half, lb);
  for (let i = lead + 1; i < line.length; i++) items[i] = right.add(i, line[i][0], line[i][1]);
  const left = new Arm(-1, first, half, la);
  for (let i = lead - 1; i >= 0; i--) items[i] = left.add(i, line[i][1], line[i][0]);
  return { items, right, left };
}

/** One arm, laid tile by tile outward from the first tile: to the right and turning down
 * (dir +1), or to the left and turning up (dir -1). */
class Arm {
  /** @param {number} dir @param {Rect} start @param {number} half @param {number} open */
  constructor(dir, start, half, open) {
    this.dir = dir;
    this.half = half;
    this.open = open; // the value showing at this end
    /** @type {"row"|"up"|"flat"} in a row; after an upright tile; after a flat double under one */
    this.mode = "row";
    this.heading = dir; // the direction the current row runs in
    this.cursor = dir > 0 ? start.x + start.w : start.x; // where the next tile in the row starts
    this.cy = 0; // the current row's centre
    this.row = 0;
    this.col = 0; // the left edge of the turn's upright column
    this.edge = 0; // the open edge of the turn (its lowest y turning down, highest turning up)
    this.lastDouble = start.w < start.h;
  }

  /** The room left in the current row, in units. */
  room() {
    return this.heading > 0 ? this.half - this.cursor : this.cursor + this.half;
  }

  /** Where the arm's next tile goes, entered by `near`, without laying it.
   * @param {number} near @param {number} far @returns {{ rect: TileRect, corner: boolean, row: number, next: Partial<Arm> }} */
  place(near, far) {
    const double = near === far && near !== SLOT;
    const h = this.heading;
    const v = this.dir; // the right arm turns down (+y), the left one up
    if (this.mode === "row") {
      const need = double ? 3 : 2; // a double keeps room for the tile after it
      if (this.room() >= need - 1e-9) {
        const w = double ? 1 : 2;
        const x = h > 0 ? this.cursor : this.cursor - w;
        const rect = double
          ? { x, y: this.cy - 1, w: 1, h: 2, a: near, b: far }
          : { x, y: this.cy - 0.5, w: 2, h: 1, a: h > 0 ? near : far, b: h > 0 ? far : near };
        return { rect, corner: false, row: this.row, next: { cursor: this.cursor + h * w, lastDouble: double } };
      }
      // the turn: upright under (over) the far half of the row's last tile
      const col = h > 0 ? this.cursor - 1 : this.cursor;
      return this.upright(col, v > 0 ? this.cy + 0.5 : this.cy - 0.5, near, far);
    }
    if (this.mode === "up" && double) {
      // flat and centred under the upright tile; flush with its outer side where centred it
      // would reach past the row's edge
      const centred = this.col - 0.5;
      const x = h > 0 ? (centred + 2 <= this.half + 1e-9 ? centred : this.col - 1)
        : (centred >= -this.half - 1e-9 ? centred : this.col);
      const y = v > 0 ? this.edge : this.edge - 1;
      return { rect: { x, y, w: 2, h: 1, a: near, b: far }, corner: false, row: this.row, next: { mode: "flat", edge: this.edge + v } };
    }
    if (this.mode === "flat") return this.upright(this.col, this.edge, near, far);
    // the new row, its near half under (over) the upright tile, running back the other way
    const heading = -h;
    const cy = this.edge + v * 0.5;
    const x = heading > 0 ? this.col : this.col - 1;
    const rect = { x, y: cy - 0.5, w: 2, h: 1, a: heading > 0 ? near : far, b: heading > 0 ? far : near };
    return {
      rect, corner: false, row: this.row + v,
      next: { mode: "row", heading, cy, row: this.row + v, cursor: heading > 0 ? x + 2 : x, lastDouble: false },
    };
  }

  /** An upright tile of a turn in column `col`, from `top` (turning down) or up to it.
   * @param {number} col @param {number} from @param {number} near @param {number} far */
  upright(col, from, near, far) {
    const v = this.dir;
    const y = v > 0 ? from : from - 2;
    const rect = { x: col, y, w: 1, h: 2, a: v > 0 ? near : far, b: v > 0 ? far : near };
    return { rect, corner: true, row: this.row, next: { mode: /** @type {const} */ ("up"), col, edge: from + 2 * v, lastDouble: false } };
  }

  /** Lay the arm's next tile (line index `index`), entered by `near`.
   * @param {number} index @param {number} near @param {number} far @returns {Item} */
  add(index, near, far) {
    const spot = this.place(near, far);
    Object.assign(this, spot.next);
    this.open = far;
    return { index, row: spot.row, corner: spot.corner, ...spot.rect };
  }

  /** The open end: the free slot where a plain next tile would go, and its marker's point.
   * @returns {End} */
  end() {
    const spot = this.place(SLOT, SLOT - 1);
    const slot = { x: spot.rect.x, y: spot.rect.y, w: spot.rect.w, h: spot.rect.h };
    // a slot in a row faces along the row; an upright slot faces up or down
    const heading = spot.next.heading ?? this.heading;
    return {
      x: slot.x + slot.w / 2, y: slot.y + slot.h / 2, dir: spot.corner ? 0 : heading,
      turn: spot.corner ? this.dir : 0, value: this.open, slot,
    };
  }
}

/** @param {Rect[]} rects @returns {Rect} */
export function bounds(rects) {
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

/** The distance between two rectangles: negative when they overlap, 0 when they touch. */
/** @param {Rect} a @param {Rect} b */
export function gapBetween(a, b) {
  const dx = Math.max(b.x - (a.x + a.w), a.x - (b.x + b.w));
  const dy = Math.max(b.y - (a.y + a.h), a.y - (b.y + b.h));
  return Math.max(dx, dy);
}

/** The first two laid-out tiles that overlap, or null (used by tests and a debug check). */
/** @param {Array<Item|undefined>} items @returns {[number, number]|null} */
export function overlaps(items) {
  const list = /** @type {Item[]} */ (items.filter(Boolean));
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      if (gapBetween(list[i], list[j]) < -1e-6) return [list[i].index, list[j].index];
    }
  }
  return null;
}
