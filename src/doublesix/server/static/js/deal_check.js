// @ts-check
// The table's side of verify.js: when a finished deal's secret arrives, check the deal in the
// browser, once, and put the verdict in the store for the result sheet (views/result.js).

import { store } from "./shell.js";
import { verifyDeal } from "./verify.js";

/** @typedef {import("./types.js").State} State */

/** A finished deal whose secret came: check it here, in the browser, once (verify.js); the
 * result sheet shows the verdict. A failure is a verdict too, never silence. */
export function checkDeal(/** @type {State} */ state) {
  const view = state.view;
  const witness = state.witness;
  if (!view?.result || typeof view.secret !== "string" || !witness) return;
  if (state.verified?.commitment === witness.commitment) return;
  const commitment = witness.commitment;
  store.dealChecked({ commitment, ok: false, reason: "pending" });
  verifyDeal(witness, view)
    .then((verdict) => ({ commitment, ...verdict }))
    .catch((error) => ({ commitment, ok: false, reason: "error", detail: String(error?.message ?? error) }))
    .then((verified) => store.dealChecked(verified));
}
