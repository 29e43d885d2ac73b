// @ts-check
// Asking once for the display name the opponent sees (the hall's one stored name), before an
// online game outside Telegram. The same check as the hall's form; the player may skip it.
// open() resolves to {name} (clean, or null) and whether the player chose "skip".

import { t } from "../i18n.js";
import { cleanName } from "../hall.js";
import { $ } from "../shell.js";

const box = () => /** @type {HTMLDialogElement} */ ($("[data-name-ask]"));
const input = () => /** @type {HTMLInputElement} */ ($("[data-name-input]", box()));

/** @returns {Promise<{ name: string|null, skipped: boolean }>} */
export function open() {
  const dialog = box();
  const field = input();
  field.placeholder = t("hall.namePlaceholder");
  field.removeAttribute("aria-invalid");
  $("[data-name-msg]", dialog).textContent = "";
  dialog.returnValue = ""; // else a close by Escape would read the last answer
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      const saved = dialog.returnValue === "save";
      resolve({ name: saved ? cleanName(field.value) : null, skipped: dialog.returnValue === "skip" });
    }, { once: true });
    dialog.showModal();
    field.focus();
  });
}

export function close() {
  if (box().open) box().close();
}

export function render() {}

/** @type {Record<string, (el: HTMLElement, ev: Event) => void>} */
export const actions = {
  "name-skip": () => box().close("skip"),
  "name-submit": (_form, ev) => {
    const field = input();
    const name = cleanName(field.value);
    if (name) {
      field.value = name;
      return; // the form closes the dialog with returnValue "save"
    }
    ev.preventDefault(); // stay open and say what is wrong, as the hall does
    field.setAttribute("aria-invalid", "true");
    $("[data-name-msg]", box()).textContent = t("hall.nameBad");
    field.focus();
  },
};
