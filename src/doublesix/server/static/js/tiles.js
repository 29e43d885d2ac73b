// @ts-check
// Dominoes drawn as SVG from their values: one drawing for the hand, the line, the result
// sheet, the tutorial and the rules pages. A face is 100×100 per half; pips in the classic spots.

const NS = "http://www.w3.org/2000/svg";

/** @type {Record<number, number[][]>} */
const SPOTS = {
  0: [],
  1: [[50, 50]],
  2: [[26, 26], [74, 74]],
  3: [[26, 26], [50, 50], [74, 74]],
  4: [[26, 26], [74, 26], [26, 74], [74, 74]],
  5: [[26, 26], [74, 26], [50, 50], [26, 74], [74, 74]],
  6: [[26, 24], [74, 24], [26, 50], [74, 50], [26, 76], [74, 76]],
};

/** @param {string} name @param {Record<string, unknown>} [attrs] @returns {SVGElement} */
function el(name, attrs = {}) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** A pip's radius in a 100×100 half. */
const PIP = 9.5;
/** The radius at which a pip of a tile `unit` px across stays 4.2 px wide (a long line on a
 * phone's felt), down to tiles of 16 px. */
/** @param {number} unit */
export function pipRadius(unit) {
  return Math.min(13.2, Math.max(PIP, 210 / unit));
}

/** The drawing of tile a|b as a <g> in a 200×100 box (horizontal, a on the left). */
/** @param {number} a @param {number} b @param {number} [pip] the pips' radius */
function face(a, b, pip = PIP) {
  const g = el("g", { class: "tile" });
  g.append(el("rect", { class: "tile-body", x: 2, y: 2, width: 196, height: 96, rx: 14 }));
  g.append(el("line", { class: "tile-divider", x1: 100, y1: 14, x2: 100, y2: 86 }));
  for (const [half, value] of [[0, a], [1, b]]) {
    // larger pips: the six's three rows move apart so that they never touch
    const spread = value === 6 && pip > 11 ? Math.min(30, 2 * pip + 3.5) / 26 : 1;
    for (const [x, y] of SPOTS[value] ?? []) {
      g.append(el("circle", { class: "pip", cx: half * 100 + x, cy: 50 + (y - 50) * spread, r: pip }));
    }
  }
  return g;
}

function back() {
  const g = el("g", { class: "tile tile-back" });
  g.append(el("rect", { class: "back-body", x: 2, y: 2, width: 196, height: 96, rx: 14 }));
  g.append(el("rect", { class: "back-inlay", x: 16, y: 16, width: 168, height: 68, rx: 8 }));
  return g;
}

/**
 * A standalone <svg> of one tile. `vertical` stands it upright (a on top).
 * The caller sizes it with CSS; it keeps its 2:1 shape.
 * @param {number} a @param {number} b
 * @param {{ vertical?: boolean, hidden?: boolean, className?: string }} [options]
 * @returns {SVGElement}
 */
export function tileSvg(a, b, { vertical = false, hidden = false, className = "" } = {}) {
  const svg = el("svg", {
    viewBox: vertical ? "0 0 100 200" : "0 0 200 100",
    class: `tile-svg ${vertical ? "is-vertical" : "is-horizontal"} ${className}`.trim(),
    "aria-hidden": "true",
    focusable: "false",
  });
  const drawing = hidden ? back() : face(a, b);
  if (vertical) drawing.setAttribute("transform", "translate(100 0) rotate(90)");
  // rotated 90° clockwise, a ends up on top
  svg.append(drawing);
  return svg;
}

/** A tile placed in a board <svg> whose units are `unit` px: rect {x, y, w, h, a, b} in units. */
/** @param {{ x: number, y: number, w: number, h: number, a: number, b: number, index?: number }} rect @param {number} unit */
export function boardTile(rect, unit) {
  const g = el("g", { class: "line-tile", "data-line-index": rect.index });
  const vertical = rect.h > rect.w;
  const drawing = face(rect.a, rect.b, pipRadius(unit));
  const s = (unit * (vertical ? rect.w : rect.h)) / 100;
  const x = rect.x * unit;
  const y = rect.y * unit;
  drawing.setAttribute(
    "transform",
    vertical ? `translate(${x + rect.w * unit} ${y}) rotate(90) scale(${s})` : `translate(${x} ${y}) scale(${s})`,
  );
  g.append(drawing);
  return g;
}

/** @param {string} name @param {Record<string, unknown>} [attrs] */
export function svgElement(name, attrs) {
  return el(name, attrs);
}
