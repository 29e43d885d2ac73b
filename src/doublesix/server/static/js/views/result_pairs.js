// @ts-check
// The result sheet of a table of three or four: every hand with its pips, and in «Козёл»
// the pairs' counts, what the losing pair adds (hanging points included), the match table
// by pair, and «Козлы!» / «Сухой козёл!» when the match ends. table.js's renderResult hands
// over to `renderManyResult` for these tables and keeps the two-player sheet as it is.

import { t } from "../i18n.js";
import "../seats_i18n.js";
import { bonusName } from "../result_summary.js";
import { handTiles } from "./sheet_parts.js";
import {
  isMany, oneSeat, pairCounts, pairName, pairOf, placesAround, playersOf, rulesOf,
} from "../seats_model.js";
import { renderPairTable } from "./seats.js";

const $ = (root, sel) => root.querySelector(sel);

function handBox(seat, hand, pips, nameOf, short = false) {
  const el = document.createElement("div");
  el.className = "result-hand";
  el.dataset.seat = String(seat);
  const h = document.createElement("h3");
  // under a pair's heading ("Мы — на руках 23") each hand needs only its pips
  h.textContent = short ? t("pair.hand", { name: nameOf(seat), n: pips }) : `${nameOf(seat)} — ${t("result.pips", { n: pips })}`;
  if (hand === null) { // a spectator is never shown a hand, not even after the deal
    el.append(h);
    return el;
  }
  el.append(h, handTiles(hand));
  return el;
}

/** Seats in the order the sheet lists them: mine first, then clockwise. */
function seatOrder(state, players, mySeat) {
  if (state.mode === "watch" || state.mode === "hotseat") return Array.from({ length: players }, (_, i) => i);
  return [mySeat, ...placesAround(players, mySeat).map((p) => p.seat)];
}

export function renderManyResult(sheet, state, { nameOf, mySeat }) {
  if (!isMany(state)) {
    delete sheet.dataset.many;
    $(sheet, "[data-result-pairs]")?.setAttribute("hidden", "");
    $(sheet, "[data-result-bonuses]")?.setAttribute("hidden", "");
    return;
  }
  const view = state.view;
  const r = view.result;
  const rules = rulesOf(state);
  const players = playersOf(state);
  const match = view.match;
  const revealed = view.revealed_hands ?? null;
  const hands = revealed ?? [];
  const handOf = (seat) => (revealed ? hands[seat] ?? [] : null);
  const pips = r.pips ?? [];
  sheet.dataset.many = "yes";
  const title = $(sheet, "[data-result-title]");
  const verdict = $(sheet, "[data-result-verdict]");
  const handsBox = $(sheet, "[data-result-hands]");
  const lines = $(sheet, "[data-result-bonuses]");
  lines.hidden = false;
  const matchLine = $(sheet, "[data-result-match]");
  const li = (text, kind = "") => {
    const item = document.createElement("li");
    item.textContent = text;
    if (kind) item.dataset.line = kind;
    return item;
  };
  const items = [];
  const outSeat = r.out ?? (r.reason === "domino" ? pips.findIndex((p, i) => p === 0 && (revealed ? (hands[i] ?? []).length === 0 : view.hand_sizes?.[i] === 0)) : -1);
  if (r.reason === "domino" && outSeat >= 0) items.push(li(t("pair.out", { name: nameOf(outSeat) }), "out"));
  // a resignation, of this deal or (between deals) of the match: who gave up, first
  const quitter = match?.over && typeof match.resigned === "number" ? match.resigned
    : typeof r.resigned === "number" ? r.resigned : null;
  if (quitter !== null) {
    const me = quitter === mySeat && state.mode !== "watch" && state.mode !== "hotseat";
    items.push(li(me ? t("result.resigned") : t("resign.by", { name: nameOf(quitter) }), "resigned"));
  }
  // the title: result.js's headline (who won, by seat) stands for players on their own;
  // a pairs game names the winning pair instead (below)

  if (rules.teams) {
    const mine = oneSeat(state) ? pairOf(rules, mySeat) : 0;
    const counts = pairCounts(r);
    // the two-player sheet's colour and sum speak of seats; here a pair wins or loses
    const card = $(sheet, ".sheet");
    if (card) {
      const tied = r.winner === null || r.winner === undefined;
      card.dataset.tone = tied || !oneSeat(state) ? "neutral" : (r.winner === mine ? "win" : "loss");
    }
    const calc = $(sheet, "[data-result-calc]");
    if (calc) calc.textContent = "";
    const groups = [mine, 1 - mine].map((pair) => {
      const group = document.createElement("section");
      group.className = "result-pair";
      group.dataset.pair = String(pair);
      if (r.winner === pair) group.dataset.won = "yes";
      const h = document.createElement("h3");
      h.className = "pair-head";
      h.textContent = t("pair.count", { name: pairName(state, pair, nameOf), n: counts[pair] ?? 0 });
      group.append(h);
      const seats = pair === pairOf(rules, mySeat) && state.mode !== "watch" && state.mode !== "hotseat"
        ? [mySeat, (mySeat + 2) % 4] : [pair, pair + 2];
      for (const seat of seats) group.append(handBox(seat, handOf(seat), pips[seat] ?? 0, nameOf, true));
      return group;
    });
    handsBox.replaceChildren(...groups);
    if (r.winner === null || r.winner === undefined) {
      title.textContent = t("result.fishDraw");
      verdict.textContent = t("pair.tie", { n: r.hanging ?? 0 });
    } else {
      const loser = 1 - r.winner;
      title.textContent = oneSeat(state)
        ? (r.winner === mine ? t("pair.wonUs") : t("pair.wonThem"))
        : t("result.winner", { name: pairName(state, r.winner, nameOf, { short: true }) });
      verdict.textContent = t("pair.adds", { name: pairName(state, loser, nameOf), n: r.points });
    }
    for (const bonus of r.bonuses ?? []) items.push(li(`${bonusName(bonus)}: +${bonus.points}`));
    lines.replaceChildren(...items);
    // the match table by pair, inside the sheet
    let table = $(sheet, "[data-result-pairs]");
    if (!table) {
      table = document.createElement("div");
      table.className = "score-table result-pairs";
      table.dataset.resultPairs = "";
      matchLine.before(table);
    }
    table.hidden = false;
    renderPairTable(table, state, mine, nameOf);
    if (match?.over) {
      const goats = 1 - match.winner;
      // «Козлы!» is said to the goats: the winners read «Матч ваш!», a shared screen names them
      if (!oneSeat(state)) {
        title.textContent = t(match.dry ? "kozel.dryOf" : "kozel.goatsOf", { name: pairName(state, goats, nameOf, { short: true }) });
        title.dataset.goats = match.dry ? "dry" : "yes";
      } else if (goats === mine) {
        title.textContent = match.dry ? t("kozel.dry") : t("kozel.goats");
        title.dataset.goats = match.dry ? "dry" : "yes";
      } else {
        title.textContent = t("result.matchYou");
        delete title.dataset.goats;
      }
      matchLine.textContent = goats === mine && state.mode !== "watch" && state.mode !== "hotseat"
        ? t("kozel.goatsUs", { n: match.target })
        : t("kozel.goatsThem", { name: pairName(state, goats, nameOf), n: match.target });
    } else {
      delete title.dataset.goats;
      matchLine.textContent = "";
    }
    rematchNote(sheet, state, nameOf);
    return;
  }

  // three or four players on their own: every hand, the winner's points
  $(sheet, "[data-result-pairs]")?.setAttribute("hidden", "");
  delete title.dataset.goats;
  handsBox.replaceChildren(...seatOrder(state, players, mySeat).map((seat) => handBox(seat, handOf(seat), pips[seat] ?? 0, nameOf)));
  const oneScreen = state.mode === "watch" || state.mode === "hotseat";
  if (r.winner === null || r.winner === undefined) verdict.textContent = t("result.draw");
  else if (oneScreen || r.winner !== mySeat) verdict.textContent = t("result.playerWins", { name: nameOf(r.winner), n: r.points });
  else verdict.textContent = t("result.youWin", { n: r.points });
  lines.replaceChildren(...items);
  // a match of three or four keeps result.js's score table by seat in matchLine
  rematchNote(sheet, state, nameOf);
}

/** The sheet's note for an online rematch with several people: who agreed so far. */
function rematchNote(sheet, state, nameOf) {
  if (state.mode !== "online") return;
  const asked = state.room?.rematch ?? [];
  const people = (state.room?.seats ?? []).filter((s) => !s.computer).length;
  const me = state.game?.seat ?? 0;
  const note = $(sheet, "[data-result-note]");
  if (asked.includes(me)) note.textContent = t("many.rematchWait", { n: asked.length, m: people });
  else if (asked.length) note.textContent = t("many.rematchOffer", { names: asked.map(nameOf).join(", ") });
}
