// @ts-check
// «Since your turn» on the table (js/since.js words it), at every table of three or four:
// the line above the status lists what the others did since this player last acted; the tiles
// they laid are ringed softly on the line and, on a desktop (or the phone's history sheet),
// their entries in the history are marked. On a shared screen (hot-seat) the words appear once
// the cover is lifted; at a seat of one's own (the computer, online, the hall) they grow move by
// move until this player's turn; a spectator reads the round up to the player to move.
// Two-player tables keep the last move alone.

import { t } from "../i18n.js";
import { lineIndicesFrom, newsRange, roundRange, sinceGroups, sincePhrases } from "../since.js";
import { isMany, placeOf, playersOf, sideSeat } from "../seats_model.js";

/** Whether this table shows «since your turn»: any table of three or four (or pairs). */
export function sinceMode(state) {
  return isMany(state);
}

/** What to show now, or null. Hot-seat: only once the cover is lifted for the player to move
 * (so the words appear, and are read out, when that player looks, and never tell the next one). */
export function sinceNow(state) {
  const view = state.view;
  if (!sinceMode(state) || !view || view.result) return null;
  const history = view.history ?? [];
  /** @type {[number, number]} */
  let range;
  let seat;
  if (state.mode === "hotseat") {
    if (state.covered || view.to_move !== view.seat) return null;
    seat = view.seat;
    range = newsRange(history, seat, true);
  } else if (state.mode === "watch") {
    if (view.to_move === null || view.to_move === undefined) return null;
    seat = view.to_move;
    range = roundRange(history, seat);
  } else {
    seat = view.seat ?? state.game?.seat ?? 0;
    range = newsRange(history, seat, view.to_move === seat);
  }
  const [start, end] = range;
  return { start, end, groups: sinceGroups(history, seat, range), tiles: lineIndicesFrom(history, start, end) };
}

/** Names short enough for three players' moves in two lines of a 360 px phone: a computer at
 * one's own seat is named by its place alone («Слева: 0-5 к 0», its chip sits there); people
 * and hot-seat players keep their names.
 * @param {any} state @param {(seat: number) => string} nameOf @returns {(seat: number) => string} */
export function shortNamer(state, nameOf) {
  if (state.mode === "hotseat" || state.mode === "watch") return nameOf;
  const players = playersOf(state);
  const me = sideSeat(state);
  return (seat) => {
    const computer = state.mode === "computer" || Boolean(state.room?.seats?.[seat]?.computer);
    const name = nameOf(seat);
    if (!computer || seat === me || name === t("seat.partner")) return name;
    return t(`since.place.${placeOf(players, me, seat)}`);
  };
}

/** The summary into the last-move line (an aria-live region): a lead-in for screen readers
 * (shown on a desktop), then one part per player; two smaller lines when one is too few. */
export function renderSinceLine(announce, state, since, nameOf) {
  const rules = state.view?.rules ?? {};
  const seat = state.view?.seat;
  // a spectator's view has no seat (null): nobody is its partner
  let partner = rules.teams && typeof seat === "number" ? (seat + 2) % 4 : null;
  // a computer partner is «Партнёр» already: no «Партнёр (партнёр)»
  if (partner !== null && nameOf(partner) === t("seat.partner")) partner = null;
  const phrases = since ? sincePhrases(since.groups, shortNamer(state, nameOf), { partner }) : [];
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
  lead.textContent = `${t(state.mode === "watch" ? "since.round" : "since.lead")} `;
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
    // only what changed goes in: a live region reads out what was added, so three computer
    // moves 0.3 s apart are read one by one, not the whole line again at each of them
    const old = [...announce.childNodes];
    let same = 0;
    while (same < old.length && same < parts.length && old[same].nodeName === parts[same].nodeName
      && old[same].textContent === parts[same].textContent) same += 1;
    for (const node of old.slice(same)) node.remove();
    announce.append(...parts.slice(same));
    if (announce.scrollWidth > announce.clientWidth + 1) announce.classList.add("is-long");
  };
  // the table is inert under the cover until this render ends: a live region filled while
  // inert may go unread, so the words go in on the next frame, once the table is live again
  if (announce.closest("[inert]")) requestAnimationFrame(fill);
  else fill();
}

/** The same moves marked in the history (entries carry the index they start at); *label*
 * heads the first of them. */
export function markSinceHistory(list, since, label = t("since.lead")) {
  let first = true;
  for (const li of list.children) {
    const at = Number(li.dataset.at ?? -1);
    const on = Boolean(since) && at >= since.start && at < since.end;
    li.classList.toggle("is-since", on);
    li.classList.toggle("since-first", on && first);
    if (on && first) {
      li.dataset.label = label;
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
