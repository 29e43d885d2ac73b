// @ts-check
// The tutorial screen: the short lesson of views/tutorial.js, and «Подсказка» for its step
// (which end the tile fits), shown when hints are on.

import { t } from "../i18n.js";
import { splitTile } from "../describe.js";
import { hintsOn } from "../prefs.js";
import { moveText } from "../review_data.js";
import { $ } from "../shell.js";
import { STEPS, Tutorial } from "../views/tutorial.js";

/** @type {Tutorial|null} */
let lesson = null;

function tutorial() {
  lesson ??= new Tutorial($("[data-screen=tutorial]"));
  return lesson;
}

/** @type {Record<string, (el: HTMLElement, ev: Event) => void>} */
export const actions = {
  "tut-restart": () => { tutorial().reset(); render(); },
  "tut-tile": () => tutorial().tapTile(),
  "tut-end": (el) => { tutorial().place(/** @type {string} */ (el.dataset.tutEnd)); render(); },
  "tut-hint": () => {
    const lesson = tutorial();
    const step = STEPS[lesson.step];
    if (!step) return;
    const ends = lesson.ends();
    const [a, b] = splitTile(step.tile);
    const fits = ends ? ends.find((v) => v === a || v === b) : null;
    const text = $("[data-tut-hint-text]");
    text.textContent = fits === null || fits === undefined ? t("hint.text", { move: moveText(`play ${step.tile}`), reason: "" }).trim()
      : t("hint.tutorial", { tile: step.tile, v: fits });
    text.dataset.step = String(lesson.step);
  },
};

export function open() {
  tutorial().reset();
}

export function close() {}

export function render() {
  const lesson = tutorial();
  lesson.render();
  hintButton(lesson);
}

/** «Подсказка» beside the lesson's buttons, and the line it answers in. */
function hintButton(/** @type {Tutorial} */ lesson) {
  const screen = lesson.root;
  const row = $(".actions", screen);
  let button = $("[data-tut-hint]", screen);
  let text = $("[data-tut-hint-text]", screen);
  if (!button) {
    const made = document.createElement("button");
    made.type = "button";
    button = made;
    button.className = "btn quiet";
    button.dataset.tutHint = "";
    button.dataset.action = "tut-hint";
    row.prepend(button);
    text = document.createElement("p");
    text.className = "hint-text";
    text.dataset.tutHintText = "";
    text.setAttribute("role", "status");
    ($("[data-tut-feedback]", screen) ?? row).after(text);
  }
  button.textContent = t("hint.button");
  button.hidden = !hintsOn() || !STEPS[lesson.step];
  if (text.dataset.step !== String(lesson.step)) text.textContent = "";
}
