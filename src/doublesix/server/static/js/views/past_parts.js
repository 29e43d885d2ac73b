// @ts-check
// Pieces the profile page and a past game's page share: a small element builder, a seat's
// label (a computer seat always says it is the computer; a deleted profile is «удалённый
// игрок»), the result of a game for its player, and one line of the history list.

import { language, t } from "../i18n.js";

/**
 * An element with attributes and children (strings become text: never HTML).
 * @param {string} tag @param {Record<string, string>} [attrs] @param {...(Node|string|null)} children
 * @returns {HTMLElement}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

/** @param {any} seat a past game's seat: {name, profile, computer, level, deleted} */
export function seatLabel(seat) {
  if (seat.computer) return seat.level ? t("past.computerLevel", { level: t(`level.${seat.level}`) }) : t("past.computer");
  if (seat.deleted) return t("past.deleted");
  return seat.name || t("past.nobody");
}

/** "Победа" / "Поражение" / "Ничья" for the page's player, "Сыграно" for hot-seat. */
/** @param {any} game */
export function resultWord(game) {
  if (game.kind === "hotseat" || !game.my_seats?.length) return { key: "played", text: t("result.played") };
  if (game.won === null || game.won === undefined) return { key: "drawn", text: t("result.drawn") };
  return game.won ? { key: "won", text: t("result.won") } : { key: "lost", text: t("result.lost") };
}

/** @param {number} seconds */
export function when(seconds) {
  return new Date(seconds * 1000).toLocaleString(language() === "ru" ? "ru-RU" : "en-GB",
    { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
}

/** The opponents of the game's player (everyone else in hot-seat or for a stranger). */
/** @param {any} game */
export function opponentsOf(game) {
  const mine = new Set(game.my_seats ?? []);
  const others = game.seats.filter((/** @type {any} */ s) => !mine.has(s.seat));
  return { names: others.map(seatLabel).join(", "), n: others.length };
}

/** One line of the history list: a link to the game's page. @param {any} game */
export function gameLine(game) {
  const result = resultWord(game);
  // data-outcome, never data-result: that is the result sheet's hook, and main.js took a line of
  // this list for an open sheet (the whole app went inert on coming back to the profile)
  const link = el("a", { class: "past-line", href: `#game=${encodeURIComponent(game.key)}`, "data-past": game.key, "data-outcome": result.key });
  link.append(
    el("span", { class: `past-result ${result.key}` }, result.text),
    el("span", { class: "past-who" }, t(opponentsOf(game).n === 1 ? "past.vsOne" : "past.vsMany", opponentsOf(game))),
    el("span", { class: "past-what" }, `${t(`preset.${game.preset}`)} · ${t(`kind.${game.kind}`)}`),
    el("time", { class: "past-when", datetime: new Date(game.finished_at * 1000).toISOString() }, when(game.finished_at)),
  );
  return link;
}
