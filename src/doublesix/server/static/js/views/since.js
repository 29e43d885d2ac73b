// @ts-check
// «Since your turn» on the table (js/since.js words it): on a shared screen of three or four,
// the line above the status lists what the others did since the player holding the device last
// acted; the tiles they laid are ringed softly on the line and, on a desktop, their entries
// in the history are marked. Two-player hot-seat and every other mode keep the last move.

import { t } from "../i18n.js";
import { lineIndicesFrom, sinceGroups, sincePhrases, sinceRange } from "../since.js";
import { isMany } from "../seats_model.js";

/** Whether this table shows «since your turn»: hot-seat with three or four players. */
export function sinceMode(state) {
  return state.mode === "hotseat" && isMany(state);
}

/** What to show now, or null: only once the cover is lifted for the player to move (so the
 * words appear, and are read out, when that player looks, and never tell the next one). */
export function sinceNow(state) {
  const view = state.view;
  if (!sinceMode(state) || !view || view.result || state.covered || view.to_move !== view.seat) return null;
  const history = view.history ?? [];
  const [start, end] = sinceRange(history, view.seat);
  return { start, end, groups: sinceGroups(history, view.seat), tiles: lineIndicesFrom(history, start, end) };
}

/** The summary into the last-move line (an aria-live region): a lead-in for screen readers
 * (shown on a desktop), then one part per player; two smaller lines when one is too few. */
export function renderSinceLine(announce, state, since, nameOf) {
  const rules = state.view?.rules ?? {};
  const seat = state.view?.seat;
  const partner = rules.teams && seat !== undefined ? (seat + 2) % 4 : null;
  const phrases = since ? sincePhrases(since.groups, nameOf, { partner }) : [];
  const text = phrases.map((p) => p.text).join(" · ");
  const key = `${state.lang}|${text}`;
  if (announce.dataset.sinceKey === key) return;
  announce.dataset.sinceKey = key;
  announce.dataset.since = text;
  announce.classList.remove("is-long");
  if (!text) {
    announce.replaceChildren();
    return;
  }
  const lead = document.createElement("span");
  lead.className = "since-lead";
  lead.textContent = `${t("since.lead")} `;
  /** @type {Node[]} */
  const parts = [lead];
  phrases.forEach((phrase, k) => {
    if (k) parts.push(document.createTextNode(" · "));
    const span = document.createElement("span");
    span.dataset.sinceSeat = String(phrase.seat);
    if (phrase.seat === partner) span.className = "is-partner";
    // «{name}: {acts}»: a wrapping line breaks between acts, never inside one, nor between
    // the name and the first act («Игрок / 1: 1-5 справа» read badly)
    const [before, after = ""] = t("since.seat", { name: phrase.name, acts: "\u0000" }).split("\u0000");
    phrase.acts.forEach((act, i) => {
      const piece = document.createElement("span");
      piece.className = "since-act";
      piece.textContent = i ? act : `${before}${act}`;
      span.append(...(i ? [", ", piece] : [piece]));
    });
    span.append(after);
    parts.push(span);
  });
  const fill = () => {
    if (announce.dataset.sinceKey !== key) return; // a newer render took the line meanwhile
    announce.replaceChildren(...parts);
    if (announce.scrollWidth > announce.clientWidth + 1) announce.classList.add("is-long");
  };
  // the table is inert under the cover until this render ends: a live region filled while
  // inert may go unread, so the words go in on the next frame, once the table is live again
  if (announce.closest("[inert]")) requestAnimationFrame(fill);
  else fill();
}

/** The same moves marked in the desktop history (entries carry the index they start at). */
export function markSinceHistory(list, since) {
  let first = true;
  for (const li of list.children) {
    const at = Number(li.dataset.at ?? -1);
    const on = Boolean(since) && at >= since.start && at < since.end;
    li.classList.toggle("is-since", on);
    li.classList.toggle("since-first", on && first);
    if (on && first) {
      li.dataset.label = t("since.lead");
      first = false;
    }
    li.title = on ? t("since.title") : "";
  }
}

/** Back to the plain last-move line (a table that is not, or no longer, «since» mode). */
export function clearSinceLine(announce) {
  if (announce.dataset.sinceKey === undefined) return;
  delete announce.dataset.sinceKey;
  delete announce.dataset.since;
  announce.classList.remove("is-long");
  announce.replaceChildren();
}
