// @ts-check
// The profile page (issue 25): name, member since, ratings, games played and won by game type,
// recent opponents, and the list of past games, each opening on its own page (#game=KEY).
// `#profile` is this browser's own (made as a guest on first visit), `#profile=ID` anyone's: a
// stranger sees its public hall games only. User text goes in via textContent only.

import { language, t } from "../i18n.js";
import * as prefs from "../prefs.js";
import { deleteProfile, myPage, pageOf, ratingsOf, rename } from "../profile.js";
import { leftRatedLine } from "../leaving.js";
import "../profile_i18n.js";
import { $, shell } from "../shell.js";
import { el, gameLine } from "../views/past_parts.js";
import { ratingsSection } from "../views/profile_ratings.js";

/** @typedef {import("../types.js").State} State */

const root = () => $("[data-screen=profile]");
/** @type {any} the page as the server sent it, or null while loading */
let page = null;
/** @type {Record<string, any>|null} the page's ratings by game type (GET …/ratings), null until they come */
let ratings = null;
let ratingsFailed = "";
let wanted = /** @type {string|null} */ (null);
let status = "";
let ticket = 0;

/** @param {import("../types.js").Route["params"]} params */
export async function open(params) {
  wanted = params?.id ?? null;
  page = null;
  status = t("profile.loading");
  render();
  const mine = ++ticket;
  try {
    const answer = wanted ? await pageOf(wanted) : await myPage(prefs.rawName() ?? shell.telegram?.name ?? null);
    if (mine !== ticket) return;
    page = answer;
    ratings = null;
    ratingsFailed = "";
    status = "";
    loadRatings(answer.profile.id, mine);
  } catch (err) {
    if (mine !== ticket) return;
    const e = /** @type {any} */ (err);
    status = e?.code === "not_found" ? t("profile.missing") : t("profile.failed", { reason: e?.message ?? String(err) });
  }
  render();
}

/** The ratings of the page's profile, asked once the page is there. @param {string} id @param {number} mine */
async function loadRatings(id, mine) {
  let answer = null;
  let failed = "";
  try {
    answer = (await ratingsOf(id)).ratings ?? {};
  } catch (err) {
    failed = /** @type {any} */ (err)?.message ?? String(err);
  }
  if (mine !== ticket || !page) return;
  ratings = answer;
  ratingsFailed = failed;
  render();
}

export function close() {
  ticket += 1;
}

/** @param {number} seconds */
function day(seconds) {
  return new Date(seconds * 1000).toLocaleDateString(language() === "ru" ? "ru-RU" : "en-GB", { day: "numeric", month: "long", year: "numeric" });
}

export function render() {
  const box = root();
  if (!box || box.hidden) return;
  if (!page) {
    box.replaceChildren(el("p", { class: "profile-status", role: "status", "data-profile-status": "" }, status),
      el("button", { type: "button", class: "btn quiet", "data-action": "go-home" }, t("profile.back")));
    return;
  }
  const { profile, own } = page;
  const head = el("header", { class: "profile-head" });
  head.append(el("h2", { class: "profile-name", "data-profile-name": "" }, profile.name),
    el("p", { class: "profile-since" }, t("profile.since", { date: day(profile.member_since) })));
  // the rated games left (issue 26), under «member since» for everyone: only when there are any
  const left = leftRatedLine(page.left_rated);
  if (left) head.append(el("p", { class: "profile-since profile-left", "data-profile-left": "" }, left));
  if (own) {
    head.append(el("p", { class: "profile-kind" }, t(profile.telegram ? "profile.kind.telegram" : "profile.kind.guest")));
    const form = el("form", { class: "profile-rename", "data-submit": "profile-rename", hidden: "" });
    const input = el("input", { name: "name", maxlength: "24", "aria-label": t("profile.rename"), "data-profile-input": "" });
    /** @type {HTMLInputElement} */ (input).value = profile.name;
    form.append(input, el("button", { type: "submit", class: "btn primary" }, t("profile.save")),
      el("button", { type: "button", class: "btn quiet", "data-action": "profile-rename-cancel" }, t("profile.cancel")));
    head.append(form, el("p", { class: "profile-msg", role: "status", "data-profile-msg": "" }, status),
      el("div", { class: "profile-buttons" },
        el("button", { type: "button", class: "btn quiet", "data-action": "profile-rename-open" }, t("profile.rename")),
        el("button", { type: "button", class: "btn danger", "data-action": "profile-delete" }, t("profile.delete"))));
  }
  box.replaceChildren(head, ratingsSection(ratings, ratingsFailed), stats(page.stats), opponents(page.opponents), games(page.games, own));
}

/** @param {Record<string, {played: number, won: number}>} table */
function stats(table) {
  const section = el("section", { class: "profile-section", "data-profile-stats": "" }, el("h3", {}, t("profile.stats")));
  const entries = Object.entries(table ?? {});
  if (!entries.length) {
    section.append(el("p", { class: "profile-empty" }, t("profile.stats.none")));
    return section;
  }
  const dl = el("dl", { class: "profile-stats" });
  for (const [preset, line] of entries) {
    dl.append(el("dt", {}, t(`preset.${preset}`)), el("dd", { "data-stat": preset }, t("profile.stats.line", line)));
  }
  section.append(dl);
  return section;
}

/** @param {any[]} list */
function opponents(list) {
  const section = el("section", { class: "profile-section", "data-profile-opponents": "" }, el("h3", {}, t("profile.opponents")));
  if (!list?.length) {
    section.append(el("p", { class: "profile-empty" }, t("profile.opponents.none")));
    return section;
  }
  const ul = el("ul", { class: "profile-opponents" });
  for (const o of list) ul.append(el("li", {}, el("a", { href: `#profile=${encodeURIComponent(o.profile)}` }, o.name ?? t("past.deleted"))));
  section.append(ul);
  return section;
}

/** @param {any[]} list @param {boolean} own */
function games(list, own) {
  const section = el("section", { class: "profile-section", "data-profile-games": "" }, el("h3", {}, t("profile.games")));
  if (!own) section.append(el("p", { class: "profile-note" }, t("profile.games.public")));
  if (!list?.length) {
    section.append(el("p", { class: "profile-empty" }, t("profile.games.none")));
    return section;
  }
  const ul = el("ul", { class: "past-list" });
  for (const g of list) ul.append(el("li", {}, gameLine(g)));
  section.append(ul);
  return section;
}

/** @type {Record<string, (el: HTMLElement, ev: Event) => void>} */
export const actions = {
  "go-home": () => { shell.go({ screen: "home", params: {} }); },
  "profile-rename-open": () => {
    const form = $("[data-submit=profile-rename]", root());
    form.hidden = false;
    /** @type {HTMLInputElement} */ ($("[data-profile-input]", form)).focus();
  },
  "profile-rename-cancel": () => { $("[data-submit=profile-rename]", root()).hidden = true; },
  "profile-rename": async (form, ev) => {
    ev.preventDefault();
    const name = /** @type {HTMLInputElement} */ ($("[data-profile-input]", form)).value;
    try {
      const answer = await rename(name);
      page = { ...page, profile: answer.profile };
      status = "";
      prefs.setName(answer.profile.name); // the name the tables and the hall offer next
      render();
    } catch (err) {
      $("[data-profile-msg]", root()).textContent = /** @type {any} */ (err)?.message ?? String(err);
    }
  },
  "profile-delete": async () => {
    const yes = await shell.dialog("confirm", { question: `${t("profile.delete.title")} ${t("profile.delete.text")}` });
    if (!yes) return;
    try {
      await deleteProfile();
      page = null;
      status = t("profile.deleted");
      render();
    } catch (err) {
      $("[data-profile-msg]", root()).textContent = /** @type {any} */ (err)?.message ?? String(err);
    }
  },
};
