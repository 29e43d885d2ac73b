// @ts-check
// A phone's history of the deal: the desktop's side panel has no room on a 360 px screen, so
// a handle under the table pulls the same list up as a bottom sheet (a modal <dialog>: focus
// goes in and comes back, Escape and a tap outside close it, the table behind is inert). A swipe
// up on the handle opens it, a swipe down on the sheet's head closes it. The list is the side
// panel's own, copied while the sheet is open, so its words and «since your turn» marks are
// the desktop's.

import { t } from "../i18n.js";

const $ = (/** @type {ParentNode} */ root, /** @type {string} */ sel) => /** @type {HTMLElement} */ (root.querySelector(sel));

/** How far a finger must travel (px) for a swipe to open or close the sheet. */
const SWIPE = 28;

let wired = false;

/** @returns {HTMLDialogElement} */
function sheet() {
  return /** @type {HTMLDialogElement} */ (document.querySelector("[data-history-sheet]"));
}

/** Calls *fn* when a pointer pressed on *el* travels SWIPE px up (dir -1) or down (dir 1);
 * the chat's sheet (views/chat_sheet.js) is pulled the same way.
 * @param {HTMLElement} el @param {number} dir @param {() => void} fn */
export function onSwipe(el, dir, fn) {
  /** @type {{ id: number, y: number }|null} */
  let start = null;
  el.addEventListener("pointerdown", (ev) => {
    start = { id: ev.pointerId, y: ev.clientY };
    // a finger soon leaves a 34 px handle: the element keeps hearing it until it lifts
    el.setPointerCapture?.(ev.pointerId);
  });
  el.addEventListener("pointermove", (ev) => {
    if (!start || ev.pointerId !== start.id) return;
    if ((ev.clientY - start.y) * dir >= SWIPE) {
      start = null;
      fn();
    }
  });
  for (const end of ["pointerup", "pointercancel"]) el.addEventListener(end, () => { start = null; });
}

/** The handle, the sheet's close button, its swipe and the tap on its backdrop, wired once. */
export function wireHistorySheet(/** @type {HTMLElement} */ root) {
  if (wired) return;
  wired = true;
  const handle = $(root, "[data-history-handle]");
  const box = sheet();
  const open = () => {
    if (box.open) return;
    copyList(root);
    box.showModal();
    // the newest move is what one looks for: the list opens at its end
    const list = $(box, "[data-history-sheet-list]");
    list.lastElementChild?.scrollIntoView?.({ block: "nearest" });
    $(box, "[data-history-close]").focus();
  };
  handle.addEventListener("click", open);
  onSwipe(handle, -1, open);
  // the handle is also a place to start the swipe: no page scroll or pull-to-refresh under it
  handle.style.touchAction = "none";
  const grip = $(box, "[data-history-grip]");
  grip.style.touchAction = "none";
  onSwipe(grip, 1, () => box.close());
  $(box, "[data-history-close]").addEventListener("click", () => box.close());
  // a tap on the backdrop (the dialog element itself, outside its content) closes it
  box.addEventListener("click", (ev) => { if (ev.target === box) box.close(); });
  box.addEventListener("close", () => { if (!handle.hidden) handle.focus({ preventScroll: true }); });
}

/** The side panel's list (and 101's score table) into the sheet. */
function copyList(/** @type {HTMLElement} */ root) {
  const box = sheet();
  const list = $(root, "[data-history]");
  const target = $(box, "[data-history-sheet-list]");
  if (target.dataset.key !== `${list.dataset.key}|${list.dataset.sinceKey ?? ""}|${marks(list)}`) {
    target.dataset.key = `${list.dataset.key}|${list.dataset.sinceKey ?? ""}|${marks(list)}`;
    target.replaceChildren(...[...list.children].map((li) => li.cloneNode(true)));
    target.lastElementChild?.scrollIntoView?.({ block: "nearest" });
  }
  const score = $(root, "[data-score-table]");
  const scoreTarget = $(box, "[data-history-sheet-score]");
  scoreTarget.hidden = score.hidden;
  if (!score.hidden) scoreTarget.replaceChildren(...[...score.children].map((n) => n.cloneNode(true)));
}

/** Which entries are marked «since your turn» (a change of marks alone redraws the copy). */
function marks(/** @type {HTMLElement} */ list) {
  return [...list.children].map((li) => (li.classList.contains("is-since") ? "1" : "0")).join("");
}

/** The handle shows on a phone whenever there is a deal (its words: «Ходы · 12»); an open
 * sheet follows the moves that keep coming. */
export function renderHistorySheet(/** @type {HTMLElement} */ root, /** @type {any} */ state) {
  wireHistorySheet(root);
  const handle = $(root, "[data-history-handle]");
  const count = $(root, "[data-history]").querySelectorAll("li:not(.empty)").length;
  const show = Boolean(state.view);
  handle.hidden = !show;
  const text = count ? t("history.handle", { n: count }) : t("history");
  const label = $(handle, "[data-history-handle-text]");
  if (label.textContent !== text) label.textContent = text;
  const box = sheet();
  if (!show && box.open) box.close();
  if (box.open) copyList(root);
}
