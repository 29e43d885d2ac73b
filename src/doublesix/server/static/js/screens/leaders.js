// @ts-check
// The leaderboards (issue 25): one board per rated game type, of all time or of this week
// (#leaders=block, #leaders=block.week). The viewer's own line is marked on the board, shown
// under it when they stand outside the top, and when they are not on it at all the page says
// their rating and how many rated games it still takes. Names are links to the profiles; user
// text goes in via textContent only.

import { t } from "../i18n.js";
import { PERIODS, boardNote, fetchBoard, mineInTop, offBoardText, shownValue } from "../leaders.js";
import "../leaders_i18n.js";
import { isTeams, playerCounts, ratedKeys } from "../presets.js";
import "../profile_i18n.js";
import { format } from "../router.js";
import { $ } from "../shell.js";
import { el } from "../views/past_parts.js";

/** @typedef {import("../leaders.js").Board} Board */
/** @typedef {import("../leaders.js").Standing} Standing */

const root = () => $("[data-screen=leaders]");
/** the board shown: the one last chosen while the page is loaded (none yet: the first type) */
let rating = "";
let period = "all";
/** @type {Board|null} */
let board = null;
let status = "";
let ticket = 0;
/** the choice that had the keyboard's focus (a selector), given it back once the page is
 * drawn again: following a link draws it twice (loading, loaded) */
let focused = "";

/** @param {import("../types.js").Route["params"]} params */
export async function open(params) {
  rating = params?.rating ?? (rating || ratedKeys()[0] || "");
  period = params?.period && PERIODS.includes(params.period) ? params.period : "all";
  board = null;
  status = t("profile.loading");
  render();
  const mine = ++ticket;
  try {
    const answer = await fetchBoard(rating, period);
    if (mine !== ticket) return;
    board = answer;
    status = "";
  } catch (err) {
    if (mine !== ticket) return;
    const e = /** @type {any} */ (err);
    status = e?.code === "not_found" ? t("leaders.missing") : t("profile.failed", { reason: e?.message ?? String(err) });
  }
  render();
}

export function close() {
  ticket += 1;
}

/**
 * A link to a board: a choice of game type (*what* "type") or of period ("period"); the
 * address bar names the board shown.
 * @param {"type"|"period"} what @param {string} key @param {string} when @param {string} text @param {boolean} current
 */
function choice(what, key, when, text, current) {
  const href = format({ screen: "leaders", params: { rating: key, period: when } });
  const a = el("a", { href, class: "btn quiet leaders-choice", [`data-leaders-${what}`]: what === "type" ? key : when }, text);
  if (current) a.setAttribute("aria-current", "page");
  return a;
}

export function render() {
  const box = root();
  if (!box || box.hidden) return;
  const active = document.activeElement;
  if (active instanceof HTMLElement && box.contains(active)) {
    const what = active.dataset.leadersType !== undefined ? "type" : active.dataset.leadersPeriod !== undefined ? "period" : "";
    if (what) focused = `[data-leaders-${what}="${CSS.escape(active.dataset[what === "type" ? "leadersType" : "leadersPeriod"] ?? "")}"]`;
  }
  const parts = [
    el("h2", {}, t("leaders.title")),
    el("nav", { class: "leaders-choices leaders-types", "aria-label": t("leaders.types") },
      ...ratedKeys().map((key) => choice("type", key, period, t(`preset.${key}`), key === rating))),
    el("nav", { class: "leaders-choices leaders-periods", "aria-label": t("leaders.periods") },
      ...PERIODS.map((when) => choice("period", rating, when, t(`leaders.${when}`), when === period))),
  ];
  if (board) parts.push(...boardParts(board));
  else parts.push(el("p", { class: "profile-status", role: "status", "data-leaders-status": "" }, status));
  parts.push(el("p", { class: "leaders-links" },
    el("a", { href: "#profile", class: "btn quiet" }, t("leaders.toProfile")),
    el("a", { href: "#hall", class: "btn quiet" }, t("hall.title"))));
  box.replaceChildren(...parts);
  if (focused) {
    /** @type {HTMLElement|null} */ (box.querySelector(focused))?.focus();
    if (board || status !== t("profile.loading")) focused = "";
  }
}

/** The board itself, the viewer's own place or how far they are from it, and the notes. */
/** @param {Board} b */
function boardParts(b) {
  const parts = [el("p", { class: "profile-note leaders-note" }, boardNote(b))];
  const me = b.me?.profile ?? null;
  if (!b.top.length) parts.push(el("p", { class: "profile-empty", "data-leaders-empty": "" }, t("leaders.empty")));
  else parts.push(el("ol", { class: "leaders-list", "data-leaders-top": "", "aria-label": t(`preset.${b.rating}`) },
    ...b.top.map((s) => row(s, b.period, s.profile === me))));
  // the viewer's own place below the top, or how far they are from the board: held at the
  // screen's foot while the fifty scroll by, where a player looks for it first
  const below = Boolean(b.me && !mineInTop(b));
  const own = el("div", { class: below ? "leaders-own with-row" : "leaders-own" });
  if (b.me && below) {
    own.append(el("h3", { class: "leaders-mine-title" }, t("leaders.mine")),
      el("ol", { class: "leaders-list", "data-leaders-me": "" }, row(b.me, b.period, true)));
  }
  const off = offBoardText(b);
  if (off) own.append(el("p", { class: "leaders-off", "data-leaders-off": "" }, off));
  if (own.childElementCount) parts.push(own);
  const labels = [...b.top, ...(b.me ? [b.me] : []), ...(b.mine && off ? [b.mine] : [])].map((s) => s.label);
  if (labels.some((label) => label.endsWith("?"))) parts.push(el("p", { class: "profile-note" }, t("leaders.provisional")));
  // a 3 or 4 player deal counts in its preset's one rating (server/ratings/model.py)
  if (!isTeams(b.rating) && playerCounts(b.rating).some((n) => n > 2)) parts.push(el("p", { class: "profile-note" }, t("leaders.multi")));
  return parts;
}

/**
 * One line: the place, the name (a link to the profile) with its games, the number.
 * @param {Standing} s @param {string} when @param {boolean} mine
 */
function row(s, when, mine) {
  const sub = when === "week"
    ? `${s.label} · ${t("profile.rating.games", { n: s.week_games ?? 0 })}`
    : t("profile.rating.games", { n: s.games });
  const who = el("a", { class: "leaders-who", href: `#profile=${encodeURIComponent(s.profile)}` },
    el("span", { class: "leaders-name" }, s.name || t("past.nobody")),
    el("span", { class: "leaders-games" }, sub));
  if (mine) who.querySelector(".leaders-name")?.append(el("span", { class: "leaders-you" }, t("leaders.you")));
  const li = el("li", { class: `leaders-row${mine ? " mine" : ""}`, "data-standing": s.profile, "data-place": String(s.place) },
    el("span", { class: "leaders-place" }, String(s.place)), who,
    el("strong", { class: "leaders-value", "data-leaders-value": "" }, shownValue(s, when)));
  if (mine) li.setAttribute("aria-current", "true");
  return li;
}

/** @type {Record<string, (el: HTMLElement, ev: Event) => void>} */
export const actions = {};
