// @ts-check
// «Ещё раз с ним» on the result sheet after a two-player hall game (again_model.js decides;
// the buttons' actions are screens/table.js's).

import { t } from "../i18n.js";
import { againSheet } from "../again_model.js";

/** @param {HTMLElement} sheet @param {any} state @param {(seat: number) => string} nameOf */
export function renderAgain(sheet, state, nameOf) {
  const view = state.view;
  const over = Boolean(view?.result) && (!view.match || view.match.over) || Boolean(state.room?.hall?.over);
  let mine = state.mode === "online" ? againSheet(state.room, state.game?.seat ?? 0, over, nameOf) : { phase: "none", note: "" };
  // one question at a time: a rematch asked at this table hides the offer of another, and an
  // offer of another table hides the rematch here
  if (mine.phase === "offer" && state.room?.rematch?.length) mine = { phase: "none", note: "" };
  if (["invited", "waiting", "ready"].includes(mine.phase)) {
    for (const action of ["new-game", "rematch-cancel"]) /** @type {HTMLElement} */ (sheet.querySelector(`[data-action="${action}"]`)).hidden = true;
  }
  /** @param {string} action */
  const button = (action) => /** @type {HTMLElement} */ (sheet.querySelector(`[data-action="${action}"]`));
  button("again-offer").hidden = mine.phase !== "offer";
  button("again-accept").hidden = mine.phase !== "invited";
  button("again-go").hidden = mine.phase !== "ready";
  const decline = button("again-decline");
  decline.hidden = mine.phase !== "invited" && mine.phase !== "waiting";
  decline.textContent = t(mine.phase === "waiting" ? "again.withdraw" : "again.decline");
  const note = /** @type {HTMLElement} */ (sheet.querySelector("[data-result-again]"));
  note.hidden = !mine.note;
  note.textContent = mine.note;
  sheet.dataset.again = mine.phase;
}

/** The sheet's buttons: a new table for the same two; accepted, both go to it (*go*). */
export function againActions(/** @type {(frame: Record<string, unknown>) => unknown} */ send, /** @type {() => void} */ go) {
  return {
    "again-offer": () => { send({ type: "again" }); },
    "again-accept": () => { send({ type: "again_accept" }); },
    "again-decline": () => { send({ type: "again_decline" }); },
    "again-go": () => { go(); },
  };
}
