// The line on the table: laid out by layout.js to fit the board, drawn with tiles.js, with
// the two open ends marked (as buttons while the player chooses an end).

import { t } from "../i18n.js";
import { layoutLine } from "../layout.js";
import { boardTile, svgElement } from "../tiles.js";

const MAX_UNIT = 40;
const MIN_UNIT = 10;
const MARGIN = 30; // px kept free around the line for the end markers

/** The largest tile size at which the whole line fits the board, and its layout. */
export function fitLine(line, lead, width, height) {
  let best = null;
  for (let unit = MAX_UNIT; unit >= MIN_UNIT; unit -= 1) {
    const cols = Math.max(6, Math.floor((width - 2 * MARGIN) / unit));
    const layout = layoutLine(line, lead, cols);
    best = { unit, layout };
    if (layout.box.w * unit <= width - 2 * MARGIN && layout.box.h * unit <= height - 2 * MARGIN + 20) break;
  }
  return best;
}

/**
 * Draw the line into `board`.
 * opts: {line, lead, choosing: ["left","right"] or [], onEnd(end), fresh: index|null, fromTop}
 */
export function renderBoard(board, opts) {
  const { line, lead, choosing = [], onEnd, fresh = null, fromTop = false, emptyText = "" } = opts;
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
  const { unit, layout } = fitLine(line, lead, width, height);
  const offX = (width - layout.box.w * unit) / 2 - layout.box.x * unit;
  const offY = (height - layout.box.h * unit) / 2 - layout.box.y * unit;
  const svg = svgElement("svg", {
    class: "line-svg",
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    "aria-label": `${t("line")}: ${line.map(([a, b]) => `${a}-${b}`).join(", ")}`,
    "data-line": line.map(([a, b]) => `${a}-${b}`).join(" "),
    "data-unit": unit,
  });
  const g = svgElement("g", { transform: `translate(${offX} ${offY})` });
  for (const item of layout.items) {
    const tile = boardTile(item, unit);
    if (item.index === fresh) tile.classList.add("is-new", ...(fromTop ? ["from-top"] : []));
    g.append(tile);
  }
  svg.append(g);
  board.append(svg);

  for (const side of ["left", "right"]) {
    const end = layout.ends[side];
    if (!end) continue;
    const active = choosing.includes(side);
    const marker = document.createElement(active ? "button" : "span");
    marker.className = `end-marker${active ? " is-choosing" : ""}`;
    marker.dataset.end = side;
    marker.textContent = String(end.value);
    let x = offX + end.x * unit + end.dir * 24;
    let y = offY + end.y * unit;
    x = Math.max(22, Math.min(width - 22, x));
    y = Math.max(22, Math.min(height - 22, y));
    marker.style.left = `${x}px`;
    marker.style.top = `${y}px`;
    if (active) {
      marker.type = "button";
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
  return { unit, layout };
}
