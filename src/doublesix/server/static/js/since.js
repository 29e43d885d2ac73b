// @ts-check
// «Since your turn», DOM-free: at a table of three or four (hot-seat, the computer, online, the
// hall) a player sees what the others did since their own last action in this deal (plays,
// draws from the boneyard, passes), grouped by player in turn order, and which tiles of the
// line are new. Everything comes from the view's history of the deal, so three computer moves
// 0.3 s apart are all there, and a reload shows them again.

import { t } from "./i18n.js";
import "./since_i18n.js";
import { endValue, parseAction } from "./describe.js";

/** @typedef {import("./types.js").HistoryEntry} HistoryEntry */
/** @typedef {{ kind: string, tile?: string, end?: string|null, n: number, to?: number|null }} Act */
/** @typedef {{ seat: number, acts: Act[] }} Group */

/** The others' moves since *seat*'s previous turn, as [start, end) in *history*: *end* leaves
 * out what the seat did in this turn already (draws), so the summary stays while it draws;
 * *start* is 0 when it had no turn yet in this deal (everything so far is news to it).
 * @param {HistoryEntry[]|null|undefined} history @param {number} seat @returns {[number, number]} */
export function sinceRange(history, seat) {
  const events = history ?? [];
  let end = events.length;
  while (end > 0 && events[end - 1].seat === seat) end -= 1;
  for (let i = end - 1; i >= 0; i--) if (events[i].seat === seat) return [i + 1, end];
  return [0, end];
}

/** What is news to *seat* now, as [start, end) in *history*. On its turn: the others' moves
 * since its previous one (sinceRange: its draws in this turn left out). While the others move:
 * everything after its own last action, so the summary grows move by move up to its turn
 * (and is empty just after its own move: the ring on its own tile and the words agree).
 * @param {HistoryEntry[]|null|undefined} history @param {number} seat @param {boolean} turn
 * @returns {[number, number]} */
export function newsRange(history, seat, turn) {
  const events = history ?? [];
  if (turn) return sinceRange(events, seat);
  for (let i = events.length - 1; i >= 0; i--) if (events[i].seat === seat) return [i + 1, events.length];
  return [0, events.length];
}

/** A spectator's news: the round up to the player to move, including what that player has
 * drawn in this turn (a spectator has no turn of its own to leave out).
 * @param {HistoryEntry[]|null|undefined} history @param {number} toMove @returns {[number, number]} */
export function roundRange(history, toMove) {
  const events = history ?? [];
  return [sinceRange(events, toMove)[0], events.length];
}

/** The others' actions in *range* (by default since *seat*'s previous turn):
 * [{seat, acts: [{kind, tile, end, to, n}]}] (*to*: the value of the end played on), one entry
 * per run of a player's actions, consecutive draws counted as one act of n draws.
 * @param {HistoryEntry[]|null|undefined} history @param {number} seat @param {[number, number]} [range]
 * @returns {Group[]} */
export function sinceGroups(history, seat, range) {
  const events = history ?? [];
  /** @type {Group[]} */
  const groups = [];
  for (const event of events.slice(...(range ?? sinceRange(events, seat)))) {
    /** @type {Group|undefined} */
    let group = groups.at(-1);
    if (!group || group.seat !== event.seat) {
      group = { seat: event.seat, acts: [] };
      groups.push(group);
    }
    const action = parseAction(event.action);
    const last = group.acts.at(-1);
    if (action.kind === "draw" && last?.kind === "draw") last.n += 1;
    else group.acts.push({ ...action, n: 1, to: action.kind === "play" ? endValue(event, action.end) : null });
  }
  return groups;
}

/** @param {Act} act */
function actText(act) {
  if (act.kind === "play") {
    if (!act.end) return t("since.first", { tile: act.tile });
    // the end by its number: «слева/справа» read as sides of the screen, which a line that has
    // turned (or a «Компьютер справа» who plays on the left end) makes wrong
    if (act.to !== null && act.to !== undefined) return t("since.playTo", { tile: act.tile, v: act.to });
    return t("since.play", { tile: act.tile, side: t(`since.${act.end}`) });
  }
  if (act.kind === "draw") return act.n > 1 ? t("since.draws", { n: act.n }) : t("since.draw");
  if (act.kind === "pass") return t("since.pass");
  return t("since.redeal");
}

/** Each group in words: [{seat, text, name, acts}], e.g. «Игрок 4: взял 2 из базара, 1-3
 * слева» (*name* and *acts*: its parts, for a line that wraps between acts, not inside one);
 * the partner (in «Козёл») is named as such: a partner's play is what one reads first.
 * @param {Group[]} groups @param {(seat: number) => string} nameOf @param {{ partner?: number|null }} [options] */
export function sincePhrases(groups, nameOf, { partner = null } = {}) {
  return groups.map((group) => {
    const name = group.seat === partner ? t("since.partner", { name: nameOf(group.seat) }) : nameOf(group.seat);
    const acts = group.acts.map(actText);
    return { seat: group.seat, name, acts, text: t("since.seat", { name, acts: acts.join(", ") }) };
  });
}

/** Where in the final line each tile played at a history index in [from, to) lies: a tile
 * played on the left is pushed one place right by every later left play.
 * @param {HistoryEntry[]|null|undefined} history @param {number} from @param {number} [to] @returns {number[]} */
export function lineIndicesFrom(history, from, to = Infinity) {
  const events = history ?? [];
  const plays = events.map((e, i) => ({ i, action: parseAction(e.action) })).filter((p) => p.action.kind === "play");
  const lefts = plays.filter((p) => p.action.end === "left").length;
  const out = [];
  let left = 0;
  let right = 0;
  for (const { i, action } of plays) {
    let index;
    if (action.end === "left") index = lefts - ++left;
    else if (action.end === "right") index = lefts + ++right;
    else index = lefts;
    if (i >= from && i < to) out.push(index);
  }
  return out;
}
