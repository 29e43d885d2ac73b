// Asking once for the display name the opponent sees (the hall's one stored name), before an
// online game outside Telegram. The same check as the hall's form; the player may skip it.

import { t } from "../i18n.js";
import { cleanName } from "../hall.js";

/** Show the dialog; resolves to {name} (clean, or null) and whether the player chose "skip". */
export function askName(dialog) {
  const form = dialog.querySelector("[data-name-form]");
  const input = dialog.querySelector("[data-name-input]");
  const msg = dialog.querySelector("[data-name-msg]");
  const skip = dialog.querySelector("[data-name-skip]");
  input.placeholder = t("hall.namePlaceholder");
  input.removeAttribute("aria-invalid");
  msg.textContent = "";
  dialog.returnValue = ""; // else a close by Escape would read the last answer
  return new Promise((resolve) => {
    const onSubmit = (ev) => {
      const name = cleanName(input.value);
      if (name) {
        input.value = name;
        return; // the form closes the dialog with returnValue "save"
      }
      ev.preventDefault(); // stay open and say what is wrong, as the hall does
      input.setAttribute("aria-invalid", "true");
      msg.textContent = t("hall.nameBad");
      input.focus();
    };
    const onSkip = () => dialog.close("skip");
    form.addEventListener("submit", onSubmit);
    skip.addEventListener("click", onSkip);
    dialog.addEventListener("close", () => {
      form.removeEventListener("submit", onSubmit);
      skip.removeEventListener("click", onSkip);
      const saved = dialog.returnValue === "save";
      resolve({ name: saved ? cleanName(input.value) : null, skipped: dialog.returnValue === "skip" });
    }, { once: true });
    dialog.showModal();
    input.focus();
  });
}
