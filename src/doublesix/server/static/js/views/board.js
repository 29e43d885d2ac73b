// @ts-check
// The line on the table: laid out by layout.js to fit the board, drawn with tiles.js. Each open
// end is marked in the free slot where the next tile would go (a button while the player
// chooses an end), so a marker never covers a tile. The last tile played stays outlined until
// the next one; a tile someone else played slides in from their side of the table.
//
// The size and the first tile's place are chosen once per deal and kept on the board element
// (layout.js), so a tile once down stays where it is while the deal's line grows.

import { t } from "../i18n.js";
import { FIT, fitLine, markerAt, screenSides } from "../layout.js";
import { boardTile, svgElement } from "../tiles.js";

export { fitLine };

/** @typedef {import("../types.js").LineFit} LineFit */
/** @type {WeakMap<HTMLElement, { deal: LineFit, line: Array<[number, number]>, lead: number }>} */
const kept = new WeakMap();

/** Whether `line` (first tile at `lead`) is `before` with tiles added at its ends: the same deal.
 * @param {Array<[number, number]>} line @param {number} lead
 * @param {{ line: Array<[number, number]>, lead: number }|undefined} before */
function grows(line, lead, before) {
  if (!before || line.length < before.line.length) return false;
  const shift = lead - before.lead;
  if (shift < 0 || shift + before.line.length > line.length) return false;
  return before.line.every(([a, b], i) => line[i + shift][0] === a && line[i + shift][1] === b);
}

/** The longest line a deal can make from here: the tiles on the table, in every hand and,
 * where the rules let players draw, in the boneyard. */
/** @param {any} view a player's or a spectator's view (docs/protocol.md) */
export function longestLine(view) {
  const hands = (view?.hand_sizes ?? []).reduce((/** @type {number} */ sum, /** @type {number} */ n) => sum + n, 0);
  const drawing = view?.rules?.draw_rule && view.rules.draw_rule !== "none";
  return (view?.line?.length ?? 0) + hands + (drawing ? view?.boneyard ?? 0 : 0);
}

/**
 * Draw the line into `board`.
 * opts: {line, lead, choosing: ["left","right"] or [], onEnd(end), last: index|null,
 *        fresh: index|null (animate it), from: {x, y}|null (board px it slides from), emptyText,
 *        since: [index] (laid since this player's turn: a softer ring than the last tile's),
 *        most: the longest line this deal can make (sizes the tiles for the whole deal)}
 */
export function renderBoard(board, opts) {
  const { line, lead, choosing = [], onEnd, last = null, fresh = null, from = null, emptyText = "", since = [], most } = opts;
  board.replaceChildren();
  const width = board.clientWidth || 320;
  const height = board.clientHeight || 200;
  if (!line || line.length === 0) {
    const hint = document.createElement("p");
    hint.className = "empty-hint";
    hint.textContent = emptyText;
    board.append(hint);
    return null;
  }
  // one size and place for the deal: kept while the line grows on a board of the same width
  const before = kept.get(board);
  const deal = grows(line, lead, before) ? before?.deal : null;
  const fit = fitLine(line, lead, width, height, { most: Math.max(most ?? 0, line.length), deal });
  const { unit, layout } = fit;
  kept.set(board, { deal: fit.deal, line: line.map(([a, b]) => [a, b]), lead });
  const offX = fit.deal.ox;
  const offY = fit.deal.oy;
  // which side of the screen each end is drawn on, once the line has turned (for the words)
  const sides = screenSides(layout);
  Object.assign(board.dataset, { leftEnd: sides.left ?? "", rightEnd: sides.right ?? "" });
  const svg = svgElement("svg", {
    class: "line-svg",
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    "aria-label": `${t("line")}: ${line.map(([a, b]) => `${a}-${b}`).join(", ")}`,
    "data-line": line.map(([a, b]) => `${a}-${b}`).join(" "),
    "data-unit": unit,
    "data-rows": layout.rows.length,
    "data-steps": fit.deal.steps,
  });
  const g = svgElement("g", { transform: `translate(${offX} ${offY})` });
  for (const item of layout.items) {
    const tile = boardTile(item, unit);
    tile.dataset.row = String(item.row);
    if (item.corner) tile.dataset.corner = "";
    // the last tile's ring, or a softer one for the others laid since this player's turn
    const ring = item.index === last ? "last-ring" : since.includes(item.index) ? "since-ring" : null;
    if (ring) {
      tile.classList.add(ring === "last-ring" ? "is-last" : "is-since");
      const pad = Math.max(2, unit * 0.12);
      tile.prepend(svgElement("rect", {
        class: ring, x: item.x * unit - pad, y: item.y * unit - pad,
        width: item.w * unit + 2 * pad, height: item.h * unit + 2 * pad, rx: unit * 0.25,
      }));
    }
    if (item.index === fresh) {
      tile.classList.add("is-new");
      if (from) {
        // from the mover's side to the tile's place, in the board's pixels
        const cx = offX + (item.x + item.w / 2) * unit;
        const cy = offY + (item.y + item.h / 2) * unit;
        tile.classList.add("slides");
        tile.style.setProperty("--from-x", `${Math.round(from.x - cx)}px`);
        tile.style.setProperty("--from-y", `${Math.round(from.y - cy)}px`);
      }
    }
    g.append(tile);
  }
  svg.append(g);
  board.append(svg);

  // markers in the free slots: as large as a finger where there is room, never over a tile
  for (const side of /** @type {const} */ (["left", "right"])) {
    const end = layout.ends[side];
    if (!end) continue;
    const spot = markerAt(layout, side, unit);
    const size = spot.size;
    const active = choosing.includes(side);
    const marker = document.createElement(active ? "button" : "span");
    marker.className = `end-marker${active ? " is-choosing" : ""}`;
    marker.dataset.end = side;
    marker.textContent = String(end.value);
    marker.style.width = marker.style.height = `${size}px`;
    marker.style.margin = `${-size / 2}px 0 0 ${-size / 2}px`;
    marker.style.fontSize = `${Math.max(11, Math.min(17, size * 0.45))}px`;
    marker.style.left = `${offX + spot.x * unit}px`;
    marker.style.top = `${offY + spot.y * unit}px`;
    if (active) {
      /** @type {HTMLButtonElement} */ (marker).type = "button";
      marker.setAttribute("aria-label", t("end.play", { side: t(`side.${side}`), v: end.value }));
      marker.addEventListener("click", (ev) => {
        ev.stopPropagation();
        onEnd?.(side);
      });
    } else {
      marker.setAttribute("aria-hidden", "true");
    }
    board.append(marker);
  }
  return { unit, layout, pad: FIT.pad, sides };
}
