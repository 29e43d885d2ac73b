// @ts-check
// The menu (☰): where to go (the shell's actions, as on the home screen), the language, and
// at a table «Сдаться» while the game is on (every mode but watching) and «Заново» at a
// computer or hot-seat table (the table screen's actions); at any table, the deal's
// commitment (docs/protocol.md "Verifiable deals"): short, copied whole.

import { t } from "../i18n.js";
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
  const view = state.view;
  const local = ["computer", "hotseat"].includes(state.mode ?? "");
  const seated = local || (state.mode === "online" && state.room?.seats?.every((s) => s.taken));
  // the game is on until its deal (a single deal) or its match is decided, or a clock ran out
  const on = Boolean(view) && !(view?.result && (!view.match || view.match.over)) && !state.room?.hall?.over;
  $("[data-menu-game]").hidden = !(state.screen === "table" && view && seated && (local || on));
  $('[data-menu-game] [data-action="restart"]').hidden = !local;
  $('[data-menu-game] [data-action="resign"]').hidden = !on;
  const commitment = state.screen === "table" && typeof state.view?.commitment === "string" ? state.view.commitment : "";
  $("[data-menu-deal]").hidden = !commitment;
  const code = $("[data-menu-commitment]");
  if (code.dataset.full !== commitment) {
    code.dataset.full = commitment;
    code.textContent = commitment ? `${commitment.slice(0, 8)}…${commitment.slice(-8)}` : "";
    code.title = commitment;
    $('[data-action="copy-commitment"]').textContent = t("copy");
  }
}

/** @type {Record<string, (el: HTMLElement, ev: Event) => void>} */
export const actions = {
  "copy-commitment": (el) => {
    const full = $("[data-menu-commitment]").dataset.full ?? "";
    if (!full) return;
    const said = () => { el.textContent = t("copied"); };
    // without the clipboard (an insecure origin, a refusal) the whole value is shown, selected
    const show = () => {
      const code = $("[data-menu-commitment]");
      code.textContent = full;
      getSelection()?.selectAllChildren(code);
    };
    if (navigator.clipboard?.writeText) navigator.clipboard.writeText(full).then(said, show);
    else show();
  },
};
