// @ts-check
// The address bar and the screens, both ways, without the DOM: `parse(hash)` says which screen
// a link opens and with what (a room, an invite, a table to watch), `format(route)` gives the
// hash a screen is shown under. main.js owns `location`; this module only reads and writes text.
//
// A new screen: a case in both functions below, a module in screens/ (see main.js's SCREENS).

/** @typedef {import("./types.js").Route} Route */

/** The screens a hash can name, besides the table's and the invite's.
 * @type {Record<string, import("./types.js").Screen>} */
const PLAIN = { online: "lobby", hall: "hall", tutorial: "tutorial", rules: "rules", tips: "tips", home: "home", profile: "profile" };

/**
 * The route a location hash (with or without its "#", percent-encoded or not) stands for, or
 * null when it names none: an empty hash, an unknown word, or Telegram's launch parameters
 * (tgWebApp…), which telegram.js reads instead.
 * @param {string} hash
 * @returns {Route|null}
 */
export function parse(hash) {
  let text = String(hash ?? "").replace(/^#/, "");
  try {
    text = decodeURIComponent(text);
  } catch {
    return null; // a broken escape names nothing
  }
  if (/tgWebApp/.test(text)) return null;
  let m = /^join=([^.]+)\.(.+)$/.exec(text);
  if (m) return { screen: "lobby", params: { join: m[1], invite: m[2] } };
  m = /^room=(.+)$/.exec(text);
  if (m) return { screen: "table", params: { mode: "online", room: m[1] } };
  m = /^watch=(.+)$/.exec(text);
  if (m) return { screen: "table", params: { mode: "watch", room: m[1] } };
  m = /^profile=(.+)$/.exec(text);
  if (m) return { screen: "profile", params: { id: m[1] } };
  m = /^leaders(?:=([^.]+)(?:\.(all|week))?)?$/.exec(text);
  if (m) return { screen: "leaders", params: m[1] ? { rating: m[1], period: m[2] ?? "all" } : {} };
  m = /^game=(.+)$/.exec(text);
  if (m) return { screen: "past", params: { key: m[1] } };
  if (text === "computer" || text === "hotseat") return { screen: "table", params: { mode: text } };
  const screen = PLAIN[text];
  return screen ? { screen, params: {} } : null;
}

/**
 * The hash *route* is shown under ("" for home: the bare address). An invite's route is shown
 * as the lobby's (the invite is spent once joined; the table's room= hash follows).
 * @param {Route} route
 * @returns {string}
 */
export function format(route) {
  const { screen, params = {} } = route;
  if (screen === "table") {
    if (params.mode === "online") return `#room=${params.room}`;
    if (params.mode === "watch") return `#watch=${params.room}`;
    return `#${params.mode}`;
  }
  if (screen === "lobby") return "#online";
  if (screen === "profile") return params.id ? `#profile=${params.id}` : "#profile";
  if (screen === "past") return `#game=${params.key}`;
  if (screen === "leaders") {
    if (!params.rating) return "#leaders";
    return `#leaders=${params.rating}${params.period === "week" ? ".week" : ""}`;
  }
  if (screen === "home") return "";
  return `#${screen}`;
}

/**
 * Whether *a* and *b* are the same place (so that a hashchange to where we are is no reload).
 * @param {Route|null} a
 * @param {Route|null} b
 */
export function sameRoute(a, b) {
  if (!a || !b) return false;
  return a.screen === b.screen && format(a) === format(b) && a.params.join === b.params.join;
}
