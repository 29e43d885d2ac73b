// A yes/no question in a modal <dialog> (Escape or «Нет» answers no). Resolves true or false.

import { t } from "../i18n.js";

export function confirmDialog(dialog, question) {
  dialog.querySelector("[data-confirm-text]").textContent = question;
  const yes = dialog.querySelector("[data-confirm-yes]");
  const no = dialog.querySelector("[data-confirm-no]");
  yes.textContent = t("confirm.yes");
  no.textContent = t("confirm.no");
  return new Promise((resolve) => {
    const done = (answer) => {
      yes.onclick = no.onclick = dialog.onclose = null;
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    yes.onclick = () => done(true);
    no.onclick = () => done(false);
    dialog.onclose = () => done(false);
    dialog.showModal();
    no.focus();
  });
}
