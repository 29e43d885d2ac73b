// Reading a seat's view for display. DOM-free: the server decides what is legal; this module
// only sorts its `legal` list into what the buttons and tiles need, and words things.

import { t } from "./i18n.js";

/** "play 0-6 left" → {kind: "play", tile: "0-6", end: "left"}; "draw" → {kind: "draw"}. */
export function parseAction(text) {
  const words = String(text).trim().split(/\s+/);
  if (words[0] === "play") {
    return { kind: "play", tile: canonical(words[1]), end: words[2] ?? null };
  }
  return { kind: words[0] };
}

/** "6-0" → "0-6": tiles are named low half first. */
export function canonical(tile) {
  const [a, b] = splitTile(tile);
  return `${Math.min(a, b)}-${Math.max(a, b)}`;
}

export function splitTile(tile) {
  if (Array.isArray(tile)) return [Number(tile[0]), Number(tile[1])];
  const [a, b] = String(tile).split("-").map(Number);
  return [a, b];
}

export function pips(tile) {
  const [a, b] = splitTile(tile);
  return a + b;
}

export function isDouble(tile) {
  const [a, b] = splitTile(tile);
  return a === b;
}

/** What the seat may do now: tiles with their ends (null = the first tile), draw, pass, redeal. */
export function legalMoves(view) {
  const plays = new Map();
  let draw = false;
  let pass = false;
  let redeal = false;
  for (const text of view?.legal ?? []) {
    const action = parseAction(text);
    if (action.kind === "play") {
      if (!plays.has(action.tile)) plays.set(action.tile, []);
      plays.get(action.tile).push(action.end);
    } else if (action.kind === "draw") draw = true;
    else if (action.kind === "pass") pass = true;
    else if (action.kind === "redeal") redeal = true;
  }
  return { plays, draw, pass, redeal };
}

/** The action text for playing *tile* at *end* (null for the first tile), as the server wrote it. */
export function playAction(view, tile, end) {
  const key = canonical(tile);
  for (const text of view?.legal ?? []) {
    const action = parseAction(text);
    if (action.kind === "play" && action.tile === key && action.end === end) return text;
  }
  return null;
}

/** Where in `view.line` the first tile lies: one place right for every play made on the left. */
export function leadIndex(history) {
  let left = 0;
  for (const event of history ?? []) {
    const action = parseAction(event.action);
    if (action.kind === "play" && action.end === "left") left += 1;
  }
  return left;
}

/** A tile read out: a blank half is "пусто" (blank), e.g. «пусто-6». */
export function tileSpoken(tile) {
  const [a, b] = splitTile(canonical(tile));
  const word = (v) => (v === 0 ? t("tile.blank") : String(v));
  return `${word(a)}-${word(b)}`;
}

/** One history line, e.g. «Белые: 0-6 слева». */
export function historyLine(event, nameOf, index = 1) {
  const name = nameOf(event.seat);
  const action = parseAction(event.action);
  if (action.kind === "play") {
    if (!action.end) return t("hist.playFirst", { name, tile: action.tile });
    return t("hist.play", { name, tile: action.tile, side: t(`hist.side.${action.end}`) });
  }
  return t(`hist.${action.kind}`, { name, n: index });
}

/** The sentence announced (aria-live) for another player's move. */
export function announceLine(event, nameOf, draws = 1) {
  const name = nameOf(event.seat);
  const action = parseAction(event.action);
  if (action.kind === "play") {
    if (!action.end) return t("announce.first", { name, tile: action.tile });
    return t("announce.play", { name, tile: action.tile, side: t(`hist.side.${action.end}`) });
  }
  if (action.kind === "draw") {
    return draws > 1 ? t("announce.draws", { name, n: draws }) : t("announce.draw", { name });
  }
  return t("announce.pass", { name });
}

/** History grouped for display: consecutive draws of one seat become one line with a count. */
export function groupedHistory(history) {
  const out = [];
  for (const event of history ?? []) {
    const last = out[out.length - 1];
    const kind = parseAction(event.action).kind;
    if (kind === "draw" && last && last.seat === event.seat && last.kind === "draw") {
      last.count += 1;
    } else {
      out.push({ ...event, kind, count: 1 });
    }
  }
  return out;
}

/** The status line for the player at this screen. `names[seat]`, `mySeat`. */
export function statusLine(view, { mySeat, nameOf, computer = false, online = false, selected = null }) {
  if (!view) return t("loading");
  if (view.result) return "";
  const moves = legalMoves(view);
  if (view.to_move !== mySeat) {
    if (computer) return t("turn.computer");
    if (online) return t("turn.opponent");
    return t("turn.player", { name: nameOf(view.to_move) });
  }
  if (selected) return t("yourTurn.chooseEnd", { tile: selected });
  const firstMove = (view.line ?? []).length === 0;
  if (firstMove && moves.plays.size === 1) {
    const [tile] = moves.plays.keys();
    return isDouble(tile) && view.rules?.first_lead !== "lowest_double_from_1_1"
      ? t("yourTurn.lead", { tile })
      : t("yourTurn.leadTile", { tile });
  }
  if (moves.redeal) return t("yourTurn.redeal");
  if (firstMove) return t("yourTurn.leadAny");
  if (moves.plays.size > 0) return t("yourTurn.canPlay", { n: moves.plays.size });
  if (moves.draw) return t("yourTurn.draw");
  if (moves.pass) {
    return view.rules?.draw_rule === "none" ? t("yourTurn.passBlock") : t("yourTurn.pass");
  }
  return t("yourTurn");
}

/** The result sheet's headline and lines, from the seat's point of view. */
export function resultSummary(view, { mySeat, nameOf, oneScreen = false }) {
  const r = view?.result;
  if (!r) return null;
  const inMatch = Boolean(view.match);
  const headline = r.reason === "blocked" ? t("result.fish") : t("result.domino");
  let verdict;
  if (r.winner === null || r.winner === undefined) {
    verdict = r.hanging ? `${t("result.draw")}. ${t("result.hangs", { n: r.hanging })}` : t("result.draw");
  } else if (inMatch) {
    const loser = r.loser ?? 1 - r.winner;
    verdict = oneScreen
      ? t("result.playerWins", { name: nameOf(r.winner), n: r.points })
      : loser === mySeat
        ? t("result.youLose101", { n: r.points })
        : t("result.oppLose101", { n: r.points });
  } else if (oneScreen) {
    verdict = t("result.playerWins", { name: nameOf(r.winner), n: r.points });
  } else {
    verdict = r.winner === mySeat ? t("result.youWin", { n: r.points }) : t("result.youLose", { n: r.points });
  }
  const bonuses = (r.bonuses ?? []).map(([name, value]) => ({ text: bonusName(name), value }));
  return { headline, verdict, bonuses, pips: r.pips ?? [], won: r.winner === mySeat };
}

function bonusName(name) {
  const text = String(name);
  const tile = (text.match(/(\d-\d)/) ?? [])[1];
  if (text.startsWith("led with") && tile) return t("bonus.lead", { tile });
  if (text.startsWith("finished with") && tile) return t("bonus.finish", { tile });
  if (text.startsWith("lone double") && tile) return t("bonus.lone", { tile });
  if (text === "hanging") return t("bonus.hanging");
  return text;
}

/** Who leads the 101 match: the lower penalty total. */
export function matchLeader(match) {
  if (!match) return null;
  const [a, b] = match.scores;
  if (a === b) return null;
  return a < b ? 0 : 1;
}
