// @ts-check
// The menu (☰): where to go (the shell's actions, as on the home screen), the language, and
// at a computer or hot-seat table «Заново» and «Сдаться» (the table screen's actions).

import { $, store } from "../shell.js";

/** @typedef {import("../types.js").State} State */

const box = () => /** @type {HTMLDialogElement} */ ($("[data-menu]"));

export function open() {
  render(store.state);
  box().showModal();
}

export function close() {
  if (box().open) box().close();
}

export function render(/** @type {State} */ state) {
  $("[data-menu-game]").hidden = !(state.screen === "table" && ["computer", "hotseat"].includes(state.mode ?? "") && state.view);
}

/** @type {Record<string, (el: HTMLElement, ev: Event) => void>} */
export const actions = {};
