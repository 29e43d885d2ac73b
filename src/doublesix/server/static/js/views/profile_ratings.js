// @ts-check
// The profile page's ratings section (issue 25), from GET /api/profiles/{id}/ratings: per game
// type its rating («?» while provisional), its games and a small graph of its history; the
// type's name opens its leaderboard.

import { t } from "../i18n.js";
import "../profile_i18n.js";
import { ratedKeys } from "../presets.js";
import { ratingGraph } from "../rating_graph.js";
import { el } from "./past_parts.js";

/**
 * @typedef {{ rating: number, label: string, provisional: boolean, games: number, history?: number[] }} TypeRating
 */

/**
 * The section for *ratings* by game type (null while they load, or when they could not be
 * had: *failed* says why).
 * @param {Record<string, TypeRating>|null} ratings @param {string} [failed]
 */
export function ratingsSection(ratings, failed = "") {
  const section = el("section", { class: "profile-section", "data-profile-ratings": "" }, el("h3", {}, t("profile.ratings")));
  if (ratings === null) {
    section.append(el("p", { class: "profile-empty", "data-profile-ratings-loading": "" },
      failed ? t("profile.failed", { reason: failed }) : t("profile.loading")));
    return section;
  }
  // the server's types in the boards' order; one it rates that this client does not know, last
  const keys = Object.keys(ratings).sort((a, b) => order(a) - order(b));
  if (!keys.length) section.append(el("p", { class: "profile-empty" }, t("profile.ratings.none")));
  else section.append(el("ul", { class: "profile-ratings" }, ...keys.map((key) => line(key, ratings[key]))));
  // the boards, from a profile with ratings or none yet (each rating's name opens its own)
  section.append(el("p", { class: "profile-boards" }, el("a", { href: "#leaders", "data-profile-boards": "" }, t("menu.leaders"))));
  return section;
}

/** @param {string} key */
function order(key) {
  const keys = ratedKeys();
  const at = keys.indexOf(key);
  return at < 0 ? keys.length : at;
}

/** @param {string} key @param {TypeRating} r */
function line(key, r) {
  const what = el("div", { class: "profile-rating-what" },
    el("a", { href: `#leaders=${encodeURIComponent(key)}`, "data-profile-board": key }, t(`preset.${key}`)),
    el("span", { class: "profile-rating-games" }, t("profile.rating.games", { n: r.games ?? 0 })));
  const value = el("strong", { class: "profile-rating-value", "data-rating-label": "" }, r.label ?? String(Math.round(r.rating)));
  if (r.provisional) what.append(el("span", { class: "profile-rating-games" }, t("profile.rating.unsure")));
  const li = el("li", { class: "profile-rating", "data-rating": key, "data-provisional": r.provisional ? "yes" : "no" }, what, value);
  const history = Array.isArray(r.history) ? r.history.map(Number) : [];
  li.append(history.length > 1 ? ratingGraph(history) : el("span", { class: "profile-spark-none" }));
  return li;
}
