// @ts-check
// The result sheet in words (DOM-free): who won or gave up, the headline, the verdict and
// the arithmetic that made the points, from the seat's point of view; and a bonus's name.

import { t } from "./i18n.js";

/** @typedef {(seat: number) => string} NameOf */
/** @typedef {{ kind: string, tile?: string|null, points: number }} Bonus */

/**
 * The result sheet, from the seat's point of view (DOM-free, for any number of seats).
 * Returns {tone: "win"|"loss"|"draw"|"neutral", reason, headline, verdict, calc, bonuses,
 * pips, winner, matchOver, won}. `calc` is the arithmetic that made the points:
 * {terms: [{value, op, label}], total, hangs} — read as "38 − 16 = 22".
 * @param {any} view the seat's view (its `result` as the server sends it)
 * @param {{ mySeat: number, nameOf: NameOf, oneScreen?: boolean }} options
 */
export function resultSummary(view, { mySeat, nameOf, oneScreen = false }) {
  const r = view?.result;
  if (!r) return null;
  const match = view.match ?? null;
  /** @type {number[]} */
  const pipsOf = r.pips ?? [];
  const seats = pipsOf.map((_, i) => i);
  const fish = r.reason === "blocked";
  // who gave up: this deal (its result), or the match (between deals the result is the last
  // deal's, and only the match says so)
  const quitter = match?.over && typeof match.resigned === "number" ? match.resigned
    : typeof r.resigned === "number" ? r.resigned : null;
  const reason = quitter !== null ? t("reason.resigned") : fish ? t("reason.fish") : t("reason.domino");
  const drawn = r.winner === null || r.winner === undefined;
  const matchOver = Boolean(match?.over && match.winner !== null && match.winner !== undefined);
  const won = !drawn && r.winner === mySeat;
  let tone = oneScreen ? "neutral" : drawn ? "draw" : won ? "win" : "loss";
  let headline;
  if (quitter !== null) {
    if (matchOver && !oneScreen) tone = match.winner === mySeat ? "win" : "loss";
    headline = quitter === mySeat && !oneScreen ? t("result.resigned") : t("resign.by", { name: nameOf(quitter) });
  } else if (matchOver) {
    if (!oneScreen) tone = match.winner === mySeat ? "win" : "loss";
    headline = oneScreen ? t("result.matchWin", { name: nameOf(match.winner) })
      : match.winner === mySeat ? t("result.matchYou") : t("result.matchLost", { name: nameOf(match.winner) });
  } else if (drawn) {
    headline = fish ? t("result.fishDraw") : t("result.draw.title");
  } else if (oneScreen) {
    headline = t(fish ? "result.fishWinner" : "result.winner", { name: nameOf(r.winner) });
  } else if (won) {
    headline = fish ? t("result.fishYou") : t("result.youWinTitle");
  } else {
    headline = fish ? t("result.fishOther", { name: nameOf(r.winner) }) : t("result.youLoseTitle");
  }

  const bonuses = (/** @type {Bonus[]} */ (r.bonuses ?? [])).map((b) => ({ text: bonusName(b), value: b.points, lone: b.kind === "lone_double" }));
  const terms = [];
  let verdict;
  let caption;
  let hangs = 0;
  if (drawn) {
    // equal totals: nobody scores; in a match both totals hang over the next deal
    hangs = r.hanging ?? 0;
    caption = hangs ? t("calc.hang") : t("calc.tie");
    verdict = hangs ? t("result.hangs", { n: hangs }) : t("result.draw");
    for (const seat of seats) terms.push({ value: pipsOf[seat], op: terms.length ? "=" : "", label: nameOf(seat) });
    if (hangs) {
      const carried = hangs - pipsOf.reduce((a, b) => a + b, 0);
      const tied = seats.map((seat, k) => ({ value: pipsOf[seat], op: k ? "+" : "", label: nameOf(seat) }));
      if (carried > 0) tied.push({ value: carried, op: "+", label: t("bonus.hanging") });
      terms.splice(0, terms.length, ...tied);
    }
  } else if (match) {
    const loser = r.loser ?? seats.find((s) => s !== r.winner);
    caption = t("calc.penalty");
    const lone = bonuses.find((b) => b.lone);
    terms.push({ value: lone ? lone.value : pipsOf[loser], op: "", label: lone ? lone.text : nameOf(loser) });
    for (const b of bonuses) if (!b.lone) terms.push({ value: b.value, op: "+", label: b.text });
    const name = nameOf(loser);
    verdict = oneScreen ? t("result.oppLose101", { name, n: r.points })
      : loser === mySeat ? t("result.youLose101", { n: r.points }) : t("result.oppLose101", { name, n: r.points });
  } else if (r.reason === "resigned" && typeof r.resigned === "number") {
    // the winner scores the resigner's hand only (docs/rules.md §10)
    caption = t("calc.resigned");
    terms.push({ value: pipsOf[r.resigned], op: "", label: nameOf(r.resigned) });
    verdict = oneScreen || !won
      ? t("result.playerWins", { name: nameOf(r.winner), n: r.points })
      : t("result.youWin", { n: r.points });
  } else {
    const others = seats.filter((s) => s !== r.winner);
    caption = !fish ? t(others.length > 1 ? "calc.dominoMany" : "calc.domino") : view.rules?.blocked_points === "others_sum" ? t("calc.fishSum") : t("calc.fish");
    if (fish && view.rules?.blocked_points !== "others_sum" && others.length) {
      for (const s of others) terms.push({ value: pipsOf[s], op: terms.length ? "+" : "", label: nameOf(s) });
      terms.push({ value: pipsOf[r.winner] * others.length, op: "−", label: nameOf(r.winner) });
    } else {
      for (const s of others) terms.push({ value: pipsOf[s], op: terms.length ? "+" : "", label: nameOf(s) });
    }
    verdict = oneScreen || !won
      ? t("result.playerWins", { name: nameOf(r.winner), n: r.points })
      : t("result.youWin", { n: r.points });
  }
  if (quitter !== null && matchOver) {
    // the match was given up: say how it ended under who gave it up
    verdict = oneScreen ? t("result.matchWin", { name: nameOf(match.winner) })
      : match.winner === mySeat ? t("result.matchYou") : t("result.matchLost", { name: nameOf(match.winner) });
  }
  const total = drawn ? (hangs || null) : r.points;
  return {
    tone, reason, headline, verdict, bonuses, pips: pipsOf, winner: drawn ? null : r.winner,
    won, matchOver, calc: { caption, terms, total, hangs },
  };
}

/** @type {Record<string, string>} */
const BONUS_KEYS = { lead: "bonus.lead", finish: "bonus.finish", lone_double: "bonus.lone", hanging: "bonus.hanging" };

/** A bonus of the core, {kind, tile, points} (protocol 2), in the page's words. @param {Bonus} bonus */
export function bonusName(bonus) {
  const key = BONUS_KEYS[bonus.kind];
  return key ? t(key, { tile: bonus.tile ?? "" }) : String(bonus.kind);
}
