// @ts-check
// The leaver offer (docs/protocol.md "Leavers"): once a person at an online table has been
// away past the server's grace, everyone else gets one tap to let the computer play that
// seat or, with two players, to claim the game (the deal; in 101 the match). Nothing is
// offered to the leaver's own seat, to spectators, or once the game is over.

import { t } from "../i18n.js";

/** @typedef {import("../types.js").State} State */

/** @param {HTMLElement} box @param {State} state */
export function renderLeaverOffer(box, state) {
  const { room, view } = state;
  const mine = new Set(state.game?.seats ?? [state.game?.seat ?? 0]);
  const on = Boolean(view) && !(view?.result && (!view.match || view.match.over));
  const gone = state.mode === "online" && room && on
    ? (room.seats ?? []).find((s) => s.left && !s.stand_in && !mine.has(s.seat)) : undefined;
  box.hidden = !gone;
  if (!gone) return;
  /** @type {HTMLElement} */ (box.querySelector("[data-leaver-text]")).textContent = t("leaver.left", { name: room?.seats?.[gone.seat]?.name || t("opponent") });
  const standIn = /** @type {HTMLElement} */ (box.querySelector('[data-action="stand-in"]'));
  standIn.dataset.seat = String(gone.seat);
  standIn.textContent = t("leaver.standIn");
  const claim = /** @type {HTMLElement} */ (box.querySelector('[data-action="claim"]'));
  claim.hidden = (room?.seats?.length ?? 0) !== 2;
  claim.textContent = t(view?.match ? "leaver.claimMatch" : "leaver.claim");
}

/** The offer's two taps, sent with *send* (the table's socket). */
export function leaverActions(/** @type {(frame: Record<string, unknown>) => unknown} */ send) {
  return {
    "stand-in": (/** @type {HTMLElement} */ el) => { send({ type: "stand_in", seat: Number(el.dataset.seat) }); },
    claim: () => { send({ type: "claim" }); },
  };
}
