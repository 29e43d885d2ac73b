// @ts-check
// What every screen and dialog shares: the one store, and the shell's few services (go to a
// route, open a dialog, the Telegram session, whether the player uses the keyboard). main.js
// fills in `shell` at boot; screens import this module, never main.js (no import cycle).

import { Store } from "./store.js";

/** @typedef {import("./types.js").Route} Route */

export const store = new Store();

export const shell = {
  /** Show *route* (main.js): closes the open screen and dialogs, opens the next one.
   * @type {(route: Route, options?: { hash?: boolean }) => Promise<void>} */
  go: async () => {},
  /** Open the dialog *name* (menu, settings, confirm, name) with *params*; resolves to its answer.
   * @type {(name: string, params?: any) => Promise<any>} */
  dialog: async () => null,
  /** Draw the open screen again (after a change the store does not hold: a resize, a toggle). */
  render: () => {},
  /** The Telegram Mini App session, when launched from Telegram (telegram.js). @type {any} */
  telegram: null,
  /** Set by the last key or pointer press: focus follows moves only for keyboard players. */
  keyboardUser: false,
};

/** @param {string} sel @param {ParentNode} [root] */
export function $(sel, root = document) {
  return /** @type {HTMLElement} */ (root.querySelector(sel));
}

/** @param {string} sel @param {ParentNode} [root] */
export function $$(sel, root = document) {
  return /** @type {HTMLElement[]} */ ([...root.querySelectorAll(sel)]);
}
