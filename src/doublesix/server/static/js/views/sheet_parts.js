// @ts-check
// Pieces the result sheets share (two players in result.js, three or four in result_pairs.js,
// the pairs' table in seats.js): a revealed hand as named pictures, and a row of a score table.

import { t } from "../i18n.js";
import { canonical, splitTile } from "../describe.js";
import { tileSvg } from "../tiles.js";

/** A revealed hand: each tile a picture with its name read out, «рука пуста» when empty. */
/** @param {string[]} hand */
export function handTiles(hand) {
  const tiles = document.createElement("div");
  tiles.className = "tiles";
  if (hand.length === 0) {
    const empty = document.createElement("span");
    empty.className = "empty";
    empty.textContent = t("result.empty");
    tiles.append(empty);
  }
  for (const tile of hand) {
    const [a, b] = splitTile(tile);
    const svg = tileSvg(a, b);
    svg.setAttribute("role", "img");
    svg.removeAttribute("aria-hidden");
    svg.setAttribute("aria-label", t("tile.name", { tile: canonical(tile) }));
    tiles.append(svg);
  }
  return tiles;
}

/** One row of a score table: every cell as text, `th` for the head row. */
/** @param {Array<string|number>} cells @param {"td"|"th"} [tag] */
export function tableRow(cells, tag = "td") {
  const row = document.createElement("tr");
  for (const c of cells) {
    const cell = document.createElement(tag);
    cell.textContent = String(c);
    row.append(cell);
  }
  return row;
}

/** How the deal ended, in the result sheet's own words («Рыба — победа за вами · Ваш выигрыш
 * — 19 очков»): the table's status says it once the sheet is closed. */
export function endedLine() {
  const sheet = document.querySelector("[data-result]");
  const said = ["[data-result-title]", "[data-result-verdict]"].map((sel) => sheet?.querySelector(sel)?.textContent?.trim());
  return said.filter(Boolean).join(" · ");
}
