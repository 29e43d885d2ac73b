// @ts-check
// The home screen: what to play or learn. Its buttons are the shell's actions (main.js), which
// the menu shares; this module only draws the row of tiles at the top, once.

import { $ } from "../shell.js";
import { tileSvg } from "../tiles.js";

/** @type {Record<string, (el: HTMLElement, ev: Event) => void>} */
export const actions = {};

export function open() {
  render();
}

export function close() {}

/** The tiles are drawn once, whichever way the screen was first shown. */
export function render() {
  const row = $("[data-home-tiles]");
  if (row.childElementCount) return;
  row.append(...[[6, 6], [6, 1], [1, 4], [4, 4], [4, 0]].map(([a, b]) => tileSvg(a, b, { vertical: a === b })));
}
