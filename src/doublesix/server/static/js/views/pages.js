// @ts-check
// The Rules and Tips pages, drawn from content.js with the same tile pictures as the table.

import { language, unbrokenTiles } from "../i18n.js";
import { PAGES } from "../content.js";
import { splitTile } from "../describe.js";
import { tileSvg } from "../tiles.js";

/** @param {HTMLElement} article @param {"rules"|"tips"} name */
export function renderPage(article, name) {
  /** @type {any[]} */
  const blocks = /** @type {any} */ (PAGES[name])?.[language()] ?? PAGES[name]?.ru ?? [];
  const nodes = blocks.map((block) => {
    if (block.h2 || block.h3) {
      const h = document.createElement(block.h2 ? "h2" : "h3");
      h.textContent = unbrokenTiles(block.h2 ?? block.h3);
      return h;
    }
    if (block.p) {
      const p = document.createElement("p");
      p.textContent = unbrokenTiles(block.p);
      return p;
    }
    if (block.ul) {
      const ul = document.createElement("ul");
      for (const item of block.ul) {
        const li = document.createElement("li");
        li.textContent = unbrokenTiles(item);
        ul.append(li);
      }
      return ul;
    }
    const row = document.createElement("div");
    row.className = "tiles-inline";
    row.setAttribute("role", "img");
    row.setAttribute("aria-label", block.tiles.join(", "));
    // drawn as on the table: doubles crosswise, and a chain turned so its halves meet
    let open = null;
    for (const tile of block.tiles) {
      let [a, b] = splitTile(tile);
      if (open !== null && b === open && a !== open) [a, b] = [b, a];
      open = b;
      row.append(tileSvg(a, b, { vertical: a === b }));
    }
    return row;
  });
  article.replaceChildren(...nodes);
}
