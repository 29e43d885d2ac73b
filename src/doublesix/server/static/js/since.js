// «Since your turn», DOM-free: on a shared screen of three or four, the player who takes the
// device sees what the others did since their own last action in this deal (plays, draws from
// the boneyard, passes), grouped by player in turn order, and which tiles of the line are new.

import { t } from "./i18n.js";
import "./since_i18n.js";
import { parseAction } from "./describe.js";

/** Index in *history* of the first event after *seat*'s last action (0: it has not acted yet
 * in this deal, so everything so far is news to it). */
export function sinceStart(history, seat) {
  const events = history ?? [];
  for (let i = events.length - 1; i >= 0; i--) if (events[i].seat === seat) return i + 1;
  return 0;
}

/** The others' actions since *seat*'s last one: [{seat, acts: [{kind, tile, end, n}]}], one
 * entry per run of a player's actions, consecutive draws counted as one act of n draws. */
export function sinceGroups(history, seat) {
  const events = history ?? [];
  const groups = [];
  for (const event of events.slice(sinceStart(events, seat))) {
    let group = groups.at(-1);
    if (!group || group.seat !== event.seat) {
      group = { seat: event.seat, acts: [] };
      groups.push(group);
    }
    const action = parseAction(event.action);
    const last = group.acts.at(-1);
    if (action.kind === "draw" && last?.kind === "draw") last.n += 1;
    else group.acts.push({ ...action, n: 1 });
  }
  return groups;
}

function actText(act) {
  if (act.kind === "play") {
    return act.end ? t("since.play", { tile: act.tile, side: t(`since.${act.end}`) }) : t("since.first", { tile: act.tile });
  }
  if (act.kind === "draw") return act.n > 1 ? t("since.draws", { n: act.n }) : t("since.draw");
  if (act.kind === "pass") return t("since.pass");
  return t("since.redeal");
}

/** Each group in words: [{seat, text, name, acts}], e.g. «Игрок 4: взял 2 из базара, 1-3
 * слева» (*name* and *acts*: its parts, for a line that wraps between acts, not inside one);
 * the partner (in «Козёл») is named as such: a partner's play is what one reads first. */
export function sincePhrases(groups, nameOf, { partner = null } = {}) {
  return groups.map((group) => {
    const name = group.seat === partner ? t("since.partner", { name: nameOf(group.seat) }) : nameOf(group.seat);
    const acts = group.acts.map(actText);
    return { seat: group.seat, name, acts, text: t("since.seat", { name, acts: acts.join(", ") }) };
  });
}

/** Where in the final line each tile played from history index *from* on lies: a tile played
 * on the left is pushed one place right by every later left play. */
export function lineIndicesFrom(history, from) {
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
    if (i >= from) out.push(index);
  }
  return out;
}
