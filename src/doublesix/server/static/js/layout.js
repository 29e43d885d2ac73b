// Where each tile of the line lies on the table. DOM-free geometry in "units": a tile is 2×1,
// a double stands crosswise (1×2 in a row). The first tile sits in the middle; the right arm
// runs right and bends downwards at the edge like a snake, the left arm runs left and bends
// upwards, so the line never scrolls off: it wraps inside `cols` units of width.

/**
 * @param {Array<[number, number]>} line tiles as placed, left to right, each [left, right]
 * @param {number} lead index in `line` of the first tile played
 * @param {number} cols usable width in units (at least 6)
 * @returns {{items: Array, ends: {left: object|null, right: object|null}, box: object}}
 *   items[i] = {index, x, y, w, h, a, b} with a the value drawn at the left/top, b at the right/bottom
 */
export function layoutLine(line, lead, cols) {
  const items = new Array(line.length);
  const ends = { left: null, right: null };
  if (line.length === 0) return { items: [], ends, box: { x: 0, y: 0, w: 0, h: 0 } };
  lead = Math.max(0, Math.min(line.length - 1, lead));
  const [la, lb] = line[lead];
  const leadIsDouble = la === lb;
  const first = leadIsDouble
    ? { x: -0.5, y: -1, w: 1, h: 2, a: la, b: lb }
    : { x: -1, y: -0.5, w: 2, h: 1, a: la, b: lb };
  items[lead] = { index: lead, ...first };

  // The right arm: tiles lead+1 … end, each entered by its left value.
  const rightArm = [];
  for (let i = lead + 1; i < line.length; i++) rightArm.push({ index: i, near: line[i][0], far: line[i][1] });
  // The left arm: tiles lead-1 … 0, each entered by its right value.
  const leftArm = [];
  for (let i = lead - 1; i >= 0; i--) leftArm.push({ index: i, near: line[i][1], far: line[i][0] });

  // share the width between the arms by how long they are, so a one-sided line uses the room
  const need = (arm) => arm.reduce((sum, t) => sum + (t.near === t.far ? 1 : 2), 0);
  const leftNeed = need(leftArm);
  const rightNeed = need(rightArm);
  const free = Math.max(4, cols - first.w);
  let leftSpace = leftNeed + rightNeed > 0 ? (free * leftNeed) / (leftNeed + rightNeed) : free / 2;
  if (leftNeed + rightNeed <= free) leftSpace = leftNeed + (free - leftNeed - rightNeed) / 2;
  leftSpace = Math.max(Math.min(3, leftNeed), Math.min(free - Math.min(3, rightNeed), leftSpace));
  const minX = first.x - leftSpace;
  const maxX = first.x + first.w + (free - leftSpace);
  ends.right = runArm(rightArm, items, first, +1, +1, minX, maxX);
  ends.left = runArm(leftArm, items, first, -1, -1, minX, maxX);
  if (!ends.right) ends.right = endAt(first, +1, lb);
  if (!ends.left) ends.left = endAt(first, -1, la);

  const box = bounds(items.filter(Boolean));
  return { items, ends, box };
}

/** Lay one arm outward from `start`; dx is the first direction, dy where corners turn. */
function runArm(arm, items, start, dx, dy, minX, maxX) {
  if (arm.length === 0) return null;
  let dir = dx; // current horizontal direction
  let cy = 0; // centre line of the current row
  let cursor = dx > 0 ? start.x + start.w : start.x; // edge where the next tile joins
  let last = start;
  let lastEnd = null;
  for (const tile of arm) {
    const double = tile.near === tile.far;
    const w = double ? 1 : 2;
    const reserve = double ? 0 : 1; // keep one unit for a corner tile
    const fits = dir > 0 ? cursor + w <= maxX - reserve : cursor - w >= minX + reserve;
    let rect;
    if (fits || double) {
      // along the row
      if (double) {
        rect = { x: dir > 0 ? cursor : cursor - 1, y: cy - 1, w: 1, h: 2, a: tile.near, b: tile.far };
      } else {
        rect = dir > 0
          ? { x: cursor, y: cy - 0.5, w: 2, h: 1, a: tile.near, b: tile.far }
          : { x: cursor - 2, y: cy - 0.5, w: 2, h: 1, a: tile.far, b: tile.near };
      }
      cursor = dir > 0 ? cursor + w : cursor - w;
      lastEnd = endAt(rect, dir, tile.far);
    } else {
      // a corner: the tile stands upright beside the row's last half, then the row turns back
      const x = dir > 0 ? cursor - 1 : cursor;
      if (dy > 0) {
        const top = last.y + last.h;
        rect = { x, y: top, w: 1, h: 2, a: tile.near, b: tile.far };
        cy = top + 1.5;
      } else {
        const bottom = last.y;
        rect = { x, y: bottom - 2, w: 1, h: 2, a: tile.far, b: tile.near };
        cy = bottom - 1.5;
      }
      dir = -dir;
      cursor = dir > 0 ? x + 1 : x;
      lastEnd = endAt({ x, y: cy - 0.5, w: 1, h: 1 }, dir, tile.far);
    }
    items[tile.index] = { index: tile.index, ...rect };
    last = rect;
  }
  return lastEnd;
}

/** The open end just past `rect` in direction dir: where a marker for it goes. */
function endAt(rect, dir, value) {
  const cy = rect.y + rect.h / 2;
  const x = dir > 0 ? rect.x + rect.w : rect.x;
  return { x, y: cy, dir, value };
}

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
export function overlaps(items) {
  const list = items.filter(Boolean);
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const a = list[i];
      const b = list[j];
      if (a.x < b.x + b.w - 1e-6 && b.x < a.x + a.w - 1e-6 && a.y < b.y + b.h - 1e-6 && b.y < a.y + a.h - 1e-6) {
        return [a.index, b.index];
      }
    }
  }
  return null;
}
