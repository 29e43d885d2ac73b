// @ts-check
// The result sheet over the table: a coloured headline (won, lost, drawn), every hand with its
// pip sum, the arithmetic that made the points, and in a match the score table with this
// deal's row marked. A match won gets a short celebration (none with reduced motion).
// Seats are looped over, never assumed to be two.

import { t } from "../i18n.js";
import { resultSummary } from "../result_summary.js";
import { seatNamer, viewSeat } from "./table.js";
import { renderManyResult } from "./result_pairs.js";
import { handTiles, tableRow } from "./sheet_parts.js";
import { renderRating } from "../rating_sheet.js";
import { renderAgain } from "./again.js";

const $ = (root, sel) => root.querySelector(sel);

export function renderResult(sheet, state) {
  const view = state.view;
  const show = Boolean(view?.result) && !state.resultHidden && !state.covered;
  const appearing = show && sheet.hidden;
  sheet.hidden = !show;
  if (!show) return;
  if (appearing) {
    // keyboard players land in the sheet, on its main button; the sheet itself opens at its
    // top (the headline), not scrolled down to that button at the bottom of a long match sheet
    const focusMain = () => sheet.querySelector(".sheet-actions .btn:not([hidden])")?.focus({ preventScroll: true });
    focusMain();
    requestAnimationFrame(() => { if (!sheet.contains(document.activeElement)) focusMain(); });
  }
  const card = $(sheet, ".sheet");
  const mySeat = viewSeat(state);
  const nameOf = seatNamer(state);
  // hot-seat and spectators: told by names, not "you"
  const oneScreen = state.mode === "hotseat" || state.mode === "watch";
  const summary = resultSummary(view, { mySeat, nameOf, oneScreen });
  card.dataset.tone = summary.tone;
  $(sheet, "[data-result-reason]").textContent = summary.reason;
  $(sheet, "[data-result-title]").textContent = summary.headline;
  $(sheet, "[data-result-verdict]").textContent = summary.verdict;
  renderHands($(sheet, "[data-result-hands]"), view, summary, { mySeat, nameOf, oneScreen });
  renderCalc($(sheet, "[data-result-calc]"), summary);
  renderScores($(sheet, "[data-result-match]"), state, view, nameOf, mySeat);
  renderRating($(sheet, "[data-result-rating]"), state, nameOf); // a rated table's +12 / −8
  renderVerified($(sheet, "[data-result-verified]"), state.verified, view);
  celebrate($(sheet, "[data-celebrate]"), summary.matchOver && summary.tone === "win", appearing);

  const match = view.match;
  const matchRunning = Boolean(match && !match.over);
  const next = $(sheet, '[data-action="next-deal"]');
  const again = $(sheet, '[data-action="new-game"]');
  const cancel = $(sheet, '[data-action="rematch-cancel"]');
  next.hidden = !matchRunning;
  again.hidden = matchRunning;
  cancel.hidden = true;
  const note = $(sheet, "[data-result-note]");
  note.textContent = "";
  again.textContent = t("newGame");
  if (state.mode === "online" && state.room) {
    const asked = state.room.rematch ?? [];
    const me = state.game?.seat ?? 0;
    if (asked.includes(me)) {
      note.textContent = t("online.rematchWait");
      again.hidden = true;
      cancel.hidden = false;
    } else if (asked.length > 0) {
      note.textContent = t("online.rematchOffer");
      again.textContent = t("online.rematchAccept");
      again.hidden = false;
    }
  }
  if (state.mode === "watch") next.hidden = again.hidden = true; // spectators only read
  renderAgain(sheet, state, nameOf); // a hall game's «Ещё раз с ним»: views/again.js
  renderManyResult(sheet, state, { nameOf, mySeat }); // three or four: views/result_pairs.js
  if (appearing) card.scrollTop = 0;
}

/** The browser's own check of the deal (verify.js): «Раздача проверена ✓», or a warning that
 * says what did not agree. Nothing for a deal with no commitment (a room dealt before shuffle
 * 2) or no secret (a spectator's view: a spectator never sees the hands). */
function renderVerified(line, verified, view) {
  const mine = verified && view?.commitment && verified.commitment === view.commitment && typeof view.secret === "string";
  line.hidden = !mine;
  if (!mine) return;
  line.dataset.verified = verified.ok ? "ok" : verified.reason === "pending" ? "pending" : "failed";
  if (verified.ok) line.textContent = t("verify.ok");
  else if (verified.reason === "pending") line.textContent = t("verify.pending");
  else line.textContent = t("verify.failed", { what: t(`verify.reason.${verified.reason}`, { detail: verified.detail ?? "" }) });
  line.setAttribute("role", verified.ok || verified.reason === "pending" ? "status" : "alert");
}

function renderHands(box, view, summary, { mySeat, nameOf, oneScreen }) {
  const hands = view.revealed_hands ?? [];
  const seats = hands.map((_, i) => i);
  const order = oneScreen ? seats : [mySeat, ...seats.filter((i) => i !== mySeat)];
  box.replaceChildren(...order.map((seat) => {
    const row = document.createElement("div");
    row.className = "result-hand";
    row.dataset.seat = String(seat);
    if (summary.winner === seat) row.classList.add("is-winner");
    const head = document.createElement("h3");
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = nameOf(seat);
    const sum = document.createElement("span");
    sum.className = "pips";
    sum.dataset.pips = String(summary.pips[seat] ?? 0);
    sum.textContent = t("result.pips", { n: summary.pips[seat] ?? 0 });
    head.append(who, sum);
    row.append(head, handTiles(hands[seat] ?? []));
    return row;
  }));
}

/** "38 − 16 = 22", each number with who or what it stands for underneath. */
function renderCalc(box, summary) {
  const { caption, terms, total } = summary.calc;
  box.replaceChildren();
  if (!terms.length) return;
  if (caption) {
    const head = document.createElement("span");
    head.className = "calc-caption";
    head.textContent = caption;
    box.append(head);
  }
  const term = (value, label, cls = "") => {
    const span = document.createElement("span");
    span.className = `term ${cls}`.trim();
    const v = document.createElement("b");
    v.textContent = String(value);
    const l = document.createElement("small");
    l.textContent = label;
    span.append(v, l);
    return span;
  };
  const op = (text) => {
    const span = document.createElement("span");
    span.className = "op";
    span.textContent = text;
    return span;
  };
  for (const item of terms) {
    if (item.op) box.append(op(item.op));
    box.append(term(item.value, item.label));
  }
  if (total !== null && total !== undefined && !(terms.length === 1 && terms[0].value === total)) {
    box.append(op("="), term(total, t("result.total"), "total"));
  }
}

/** The match: one row per deal, this one marked; penalty points, so lower is better. */
function renderScores(box, state, view, nameOf, mySeat) {
  const match = view.match;
  box.replaceChildren();
  if (!match) return;
  const seats = match.scores.map((_, i) => i);
  const order = state.mode === "hotseat" || state.mode === "watch" ? seats : [mySeat, ...seats.filter((s) => s !== mySeat)];
  const table = document.createElement("table");
  table.className = "scores";
  const caption = document.createElement("caption");
  caption.textContent = t("result.lowerBetter", { n: match.target });
  table.append(caption);
  const row = tableRow;
  table.append(row(["", ...order.map(nameOf)], "th"));
  for (const d of state.deals ?? []) {
    const tr = row([t("deal.n", { n: d.deal }), ...order.map((s) => d.scores[s])]);
    if (d.deal === match.deal) {
      tr.className = "is-this";
      tr.setAttribute("aria-current", "true");
      tr.cells[0].textContent = t("deal.this", { n: d.deal });
    }
    table.append(tr);
  }
  if (match.hanging) table.append(row([t("hanging", { n: match.hanging }), ...order.map(() => "")]));
  box.append(table);
}

/** Falling tiles for a moment when a match is won; CSS drops them with reduced motion. */
function celebrate(box, won, appearing) {
  if (!won) {
    if (box.childElementCount) box.replaceChildren();
    return;
  }
  if (!appearing) return; // once, as the sheet comes up; later redraws leave it running
  const pieces = Array.from({ length: 18 }, (_, i) => {
    const p = document.createElement("span");
    p.className = "confetti";
    p.style.left = `${(i * 53) % 100}%`;
    p.style.animationDelay = `${(i % 6) * 90}ms`;
    p.style.setProperty("--spin", `${((i * 97) % 360) - 180}deg`);
    return p;
  });
  box.replaceChildren(...pieces);
  setTimeout(() => box.replaceChildren(), 2200);
}
