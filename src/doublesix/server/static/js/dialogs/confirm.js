// @ts-check
// A yes/no question in a modal <dialog> (Escape or «Нет» answers no): open({question})
// resolves true or false.

import { t } from "../i18n.js";
import { $ } from "../shell.js";

/** @type {((answer: boolean) => void)|null} */
let answer = null;

const box = () => /** @type {HTMLDialogElement} */ ($("[data-confirm]"));

/** @param {{ question: string }} params @returns {Promise<boolean>} */
export function open({ question }) {
  const dialog = box();
  $("[data-confirm-text]", dialog).textContent = question;
  $("[data-confirm-yes]", dialog).textContent = t("confirm.yes");
  const no = $("[data-confirm-no]", dialog);
  no.textContent = t("confirm.no");
  answer?.(false); // a question left open is answered no
  return new Promise((resolve) => {
    answer = (value) => {
      answer = null;
      dialog.onclose = null;
      if (dialog.open) dialog.close();
      resolve(value);
    };
    dialog.onclose = () => answer?.(false);
    dialog.showModal();
    no.focus();
  });
}

export function close() {
  answer?.(false);
}

export function render() {}

/** @type {Record<string, (el: HTMLElement, ev: Event) => void>} */
export const actions = {
  "confirm-yes": () => answer?.(true),
  "confirm-no": () => answer?.(false),
};
