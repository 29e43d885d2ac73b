// @ts-check
// A past game's page (#game=KEY, issue 25): who played and how it ended, then each deal move
// by move — the line as on the table, the player's own hand at that moment (a spectator of a
// public hall game sees none), the line of play as a list to jump in — and the deal's «Разбор»
// for a player of the game. The server rebuilds the replay from the record for these eyes only.

import { t } from "../i18n.js";
import { parseAction, splitTile } from "../describe.js";
import { pastGame, pastReview } from "../profile.js";
import "../profile_i18n.js";
import { moveText } from "../review_data.js";
import { $ } from "../shell.js";
import { tileSvg } from "../tiles.js";
import { renderBoard } from "../views/board.js";
import { el, resultWord, seatLabel, when } from "../views/past_parts.js";

const root = () => $("[data-screen=past]");
/** @type {any} */
let data = null;
let deal = 0;
let step = 0;
let status = "";
let ticket = 0;

/** @param {import("../types.js").Route["params"]} params */
export async function open(params) {
  data = null;
  deal = 0;
  step = 0;
  status = t("profile.loading");
  render();
  const mine = ++ticket;
  try {
    const answer = await pastGame(params?.key ?? "");
    if (mine !== ticket) return;
    data = answer;
    status = "";
  } catch (err) {
    if (mine !== ticket) return;
    const e = /** @type {any} */ (err);
    status = e?.code === "not_found" ? t("past.missing") : e?.code === "not_your_seat" ? t("past.private") : t("profile.failed", { reason: e?.message ?? String(err) });
  }
  render();
}

export function close() {
  ticket += 1;
  import("../views/review.js").then((m) => m.closeReview(), () => {});
}

/** Where the lead tile is in the line after each step (plays on the left push it along). */
/** @param {any[]} steps */
function leads(steps) {
  let lead = 0;
  return steps.map((s) => {
    if (s.action && parseAction(s.action).end === "left") lead += 1;
    return lead;
  });
}

/** The index in the line of the tile *s* laid, if it laid one. @param {any} s */
function laid(s) {
  if (!s.action) return null;
  const a = parseAction(s.action);
  if (a.kind !== "play") return null;
  return a.end === "right" ? s.line.length - 1 : 0;
}

/** A move after a player's name: "5-6 слева", "взял(а) из базара", "пас". @param {string} action */
function words(action) {
  const kind = parseAction(action).kind;
  return kind === "draw" || kind === "pass" ? t(`past.move.${kind}`) : moveText(action);
}

function nameOf(/** @type {number} */ seat) {
  return seatLabel(data.game.seats[seat]);
}

export function render() {
  const box = root();
  if (!box || box.hidden) return;
  if (!data) {
    box.replaceChildren(el("p", { class: "profile-status", role: "status", "data-past-status": "" }, status),
      el("a", { class: "btn quiet", href: "#profile" }, t("past.toProfile")));
    return;
  }
  const game = data.game;
  const d = data.deals[deal];
  const s = d.steps[step];
  const result = resultWord(game);
  const head = el("header", { class: "past-head" },
    el("h2", {}, el("span", { class: `past-badge ${result.key}`, "data-past-result": result.key }, result.text),
      `${t(`preset.${game.preset}`)} · ${t(`kind.${game.kind}`)}`),
    el("p", { class: "past-when" }, when(game.finished_at)),
    el("ul", { class: "past-seats" }, ...game.seats.map((/** @type {any} */ seat) => el("li", {
      class: seat.won ? "won" : "", "data-seat": String(seat.seat) }, seatLabel(seat)))),
    el("p", { class: "past-outcome", "data-past-outcome": "" }, outcome(game)));
  const parts = [head];
  if (data.seat === null) parts.push(el("p", { class: "profile-note" }, t("past.spectator")));
  if (data.deals.length > 1) {
    parts.push(el("div", { class: "past-deals", role: "group", "aria-label": t("past.deals") },
      ...data.deals.map((/** @type {any} */ x, /** @type {number} */ i) => el("button", {
        type: "button", class: "btn quiet", "aria-pressed": String(i === deal), "data-action": "past-deal", "data-deal": String(i) },
        t("past.deal", { n: x.deal })))));
  }
  const board = el("div", { class: "past-board", "data-past-board": "" });
  const total = d.steps.length - 1;
  const said = s.action ? `${nameOf(s.seat)}: ${words(s.action)}` : t("past.start");
  const controls = el("div", { class: "past-controls" },
    // «‹ › » in the UI font: the media-control symbols (⏮ ⏭) are missing from many phones' fonts
    button("past-first", "«", t("past.first"), step === 0), button("past-prev", "‹", t("past.prev"), step === 0),
    el("span", { class: "past-step", role: "status", "aria-live": "polite", "data-past-step": String(step) },
      `${t("past.step", { n: step, total })} · ${said}`),
    button("past-next", "›", t("past.next"), step === total), button("past-last", "»", t("past.last"), step === total));
  parts.push(board, controls, hands(s), moves(d));
  if (game.my_seats?.length && d.result) {
    parts.push(el("p", { class: "past-review" }, el("button", { type: "button", class: "btn primary", "data-action": "past-review" }, t("past.review"))));
  }
  parts.push(el("p", {}, el("a", { class: "btn quiet", href: "#profile" }, t("past.toProfile"))));
  box.replaceChildren(...parts);
  renderBoard(board, { line: s.line, lead: leads(d.steps)[step], last: laid(s), emptyText: t("past.lineEmpty") });
}

/** "Итог: выиграл(а) Аня (рыба)". @param {any} game */
function outcome(game) {
  let text = t("past.draw");
  if (game.winner !== null && game.winner !== undefined) {
    const winners = game.seats.filter((/** @type {any} */ s) => s.won).map(seatLabel);
    text = game.teams ? t("past.pairWinner", { names: winners.join(" + ") }) : t("past.winner", { name: winners[0] ?? "" });
  }
  if (["domino", "blocked", "timeout"].includes(game.reason)) text = t("past.reasonAfter", { text, reason: t(`past.reason.${game.reason}`) });
  return t("past.result", { text });
}

/** @param {string} action @param {string} icon @param {string} label @param {boolean} off */
function button(action, icon, label, off) {
  const b = el("button", { type: "button", class: "btn quiet past-step-btn", "data-action": action, "aria-label": label, title: label }, icon);
  if (off) b.setAttribute("disabled", "");
  return b;
}

/** The viewer's hand at this step (a seat's replay), and everyone's tile count. @param {any} s */
function hands(s) {
  const box = el("div", { class: "past-hands" });
  if (s.hand) {
    const row = el("div", { class: "past-hand", "data-past-hand": "", role: "img", "aria-label": `${t("past.hand")}: ${s.hand.join(", ")}` });
    for (const tile of s.hand) {
      const [a, b] = splitTile(tile);
      row.append(tileSvg(a, b, { vertical: true }));
    }
    box.append(el("h3", {}, t("past.hand")), row);
  }
  const counts = s.hand_sizes.map((/** @type {number} */ n, /** @type {number} */ seat) => `${nameOf(seat)}: ${t("past.tiles", { n })}`);
  box.append(el("p", { class: "past-counts" }, [...counts, t("past.boneyard", { n: s.boneyard })].join(" · ")));
  return box;
}

/** The line of play, each move a button to that position. @param {any} d */
function moves(d) {
  const list = el("ol", { class: "past-moves", "aria-label": t("past.moves") });
  d.steps.forEach((/** @type {any} */ s, /** @type {number} */ i) => {
    if (!s.action) return;
    const b = el("button", { type: "button", class: "past-move", "data-action": "past-goto", "data-step": String(i),
      "aria-current": i === step ? "step" : "false" }, `${nameOf(s.seat)}: ${words(s.action)}`);
    list.append(el("li", {}, b));
  });
  return el("section", { class: "profile-section" }, el("h3", {}, t("past.moves")), list);
}

function go(/** @type {number} */ to) {
  const total = data.deals[deal].steps.length - 1;
  step = Math.max(0, Math.min(total, to));
  render();
}

/** @param {KeyboardEvent} ev */
export function keydown(ev) {
  if (!data || ev.target instanceof HTMLInputElement) return;
  if (ev.key === "ArrowLeft") go(step - 1);
  else if (ev.key === "ArrowRight") go(step + 1);
  else if (ev.key === "Home") go(0);
  else if (ev.key === "End") go(Infinity);
  else return;
  ev.preventDefault();
}

/** @type {Record<string, (el: HTMLElement, ev: Event) => void>} */
export const actions = {
  "past-first": () => go(0),
  "past-prev": () => go(step - 1),
  "past-next": () => go(step + 1),
  "past-last": () => go(Infinity),
  "past-goto": (b) => go(Number(b.dataset.step)),
  "past-deal": (b) => { deal = Number(b.dataset.deal); step = 0; render(); },
  "past-review": async (b) => {
    const { openReview } = await import("../views/review.js");
    const game = data.game;
    const number = data.deals[deal].deal;
    // the review sheet reads a table's state: this game's, with its own way to ask
    const state = {
      mode: game.kind, game: { game_id: game.key, seats: game.my_seats }, room: { seats: game.seats.map((/** @type {any} */ s) => ({ name: seatLabel(s) })) },
      view: { seat: data.seat, match: { deal: number } },
      fetchReview: (/** @type {number} */ seat) => pastReview(game.key, number, seat),
    };
    openReview(state, b);
  },
};
