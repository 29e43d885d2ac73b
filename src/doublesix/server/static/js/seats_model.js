// @ts-check
// Tables of three and four, DOM-free: who sits where around "me", the pairs of «Козёл»,
// names for seats, and the pass marker. Turns go clockwise 0, 1, 2, 3 (RULES.md §5): with
// me at the bottom, the next player sits on my left, then opposite, then on my right.

import { t } from "./i18n.js";
import { parseAction } from "./describe.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Rules} Rules */
/** @typedef {import("./types.js").View} View */

/** @param {Partial<State>} state @returns {Partial<Rules>} */
export function rulesOf(state) {
  return state.view?.rules ?? state.room?.rules ?? {};
}

/** @param {Partial<State>} state @returns {number} */
export function playersOf(state) {
  return rulesOf(state).players ?? state.room?.seats?.length ?? 2;
}

/** Whether the table needs the N-seat screen: more than two players, or pairs. */
/** @param {Partial<State>} state */
export function isMany(state) {
  return playersOf(state) > 2 || Boolean(rulesOf(state).teams);
}

/** The pairs (partners opposite), or null when everyone plays alone. */
/** @param {Partial<Rules>|null|undefined} rules @returns {number[][]|null} */
export function pairsOf(rules) {
  if (!rules?.teams) return null;
  return /** @type {number[][]|undefined} */ (rules.match_teams) ?? [[0, 2], [1, 3]];
}

/** @param {Partial<Rules>|null|undefined} rules @param {number} seat */
export function pairOf(rules, seat) {
  return rules?.teams ? seat % 2 : seat;
}

/** The others' places around *me*: [{seat, place}] in screen order left → top → right. */
/** @param {number} players @param {number} me @returns {{ seat: number, place: string }[]} */
export function placesAround(players, me) {
  const at = (/** @type {number} */ k) => (me + k) % players;
  if (players === 3) return [{ seat: at(1), place: "left" }, { seat: at(2), place: "right" }];
  if (players === 4) {
    return [{ seat: at(1), place: "left" }, { seat: at(2), place: "top" }, { seat: at(3), place: "right" }];
  }
  return [{ seat: at(1), place: "top" }];
}

/** @param {number} players @param {number} me @param {number} seat */
export function placeOf(players, me, seat) {
  return placesAround(players, me).find((p) => p.seat === seat)?.place ?? "bottom";
}

/** «Стучит»: the seat's last action in this deal was a pass (shown until it acts again). */
/** @param {View|null|undefined} view @param {number} seat */
export function knocked(view, seat) {
  const history = view?.history ?? [];
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i].seat === seat) return parseAction(history[i].action).kind === "pass";
  }
  return false;
}

/** The seat drawn at the bottom of the table: the view's own seat. A spectator's view belongs
 * to no seat (its `seat` is null): it is drawn from seat 1's side, so the scores line up, and
 * holds no seat of its own.
 * @param {Partial<State>} state @returns {number} */
export function sideSeat(state) {
  if (state.mode === "watch") return 1;
  return state.view?.seat ?? state.game?.seat ?? 0;
}

/** Names for an N-seat table: "you", players 1–4 in hot-seat, computers by their place,
 * the partner in «Козёл», else the name the person gave.
 * @param {Partial<State>} state @returns {(seat: number|null|undefined) => string} */
export function manyNamer(state) {
  const players = playersOf(state);
  const rules = rulesOf(state);
  const mine = state.mode === "hotseat" ? null : state.game?.seat ?? 0;
  const me = state.mode === "hotseat" ? state.view?.seat ?? 0 : sideSeat(state);
  return (seat) => {
    if (seat === null || seat === undefined) return "";
    if (state.mode === "hotseat") return t(`player.${seat + 1}`);
    if (state.mode !== "watch" && seat === mine) return t("you");
    const info = state.room?.seats?.[seat];
    if (info?.stand_in) return t("leaver.computerFor", { name: info.name || `${seat + 1}` });
    const computer = state.mode === "computer" || info?.computer;
    if (computer) {
      if (rules.teams && state.mode !== "watch" && seat === (me + 2) % 4) return t("seat.partner");
      if (state.mode === "watch") return `${t("computer")} ${seat + 1}`;
      return t("seat.computer", { place: t(`seat.${placeOf(players, me, seat)}`) });
    }
    if (info && !info.taken) return t("seat.free");
    return info?.name || t(`player.${seat + 1}`);
  };
}

/** Whether this screen belongs to one seat (so "we" and "they" mean something). */
/** @param {Partial<State>} state */
export function oneSeat(state) {
  return state.mode !== "watch" && state.mode !== "hotseat";
}

/** A pair's name: "Мы"/"Они" at a seat; on a shared screen (hot-seat, spectators) its two
 * players' names, or with *short* «Пара 1» / «Пара 2» (the score line on a phone).
 * @param {Partial<State>} state @param {number} pair @param {(seat: number) => string} nameOf @param {{ short?: boolean }} [options] */
export function pairName(state, pair, nameOf, { short = false } = {}) {
  if (oneSeat(state)) return pair === (state.game?.seat ?? 0) % 2 ? t("pair.us") : t("pair.them");
  if (short) return t("pair.n", { n: pair + 1 });
  return t("pair.of", { a: nameOf(pair), b: nameOf(pair + 2) });
}

/** Each pair's count in hand at the end of a deal: the core's `counts` when it sends them
 * (a lone 0-0 counts 25 there), else the pips of both hands.
 * @param {any} result the view's result @returns {number[]} */
export function pairCounts(result) {
  if (Array.isArray(result?.counts) && result.counts.length === 2) return result.counts;
  const pips = result?.pips ?? [];
  return [0, 1].map((p) => (pips[p] ?? 0) + (pips[p + 2] ?? 0));
}
