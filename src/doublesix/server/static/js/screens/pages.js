// @ts-check
// The Rules and Tips screens: one article each, drawn from content.js (views/pages.js).

import { $ } from "../shell.js";
import { renderPage } from "../views/pages.js";

/** @typedef {import("../types.js").State} State */

/** @type {Record<string, (el: HTMLElement, ev: Event) => void>} */
export const actions = {};

export function open() {}

export function close() {}

export function render(/** @type {State} */ state) {
  if (state.screen === "rules" || state.screen === "tips") renderPage($(`[data-page=${state.screen}]`), state.screen);
}
