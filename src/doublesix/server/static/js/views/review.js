// @ts-check
// «Разбор»: the engine's review of a finished deal, over the result sheet. The evaluation
// graph (SVG, one point per ply, the player's own moves marked by label), the counts of each
// label, and the worst mistakes with the position as it was and the better move.

import { t } from "../i18n.js";
import { canonical, parseAction, splitTile } from "../describe.js";
import { hintUsed } from "../prefs.js";
import { tileSvg, svgElement } from "../tiles.js";
import { GRAPH, ReviewError, fetchReview, graphPoints, moveNumbers, moveText } from "../review_data.js";

const LABELS = ["best", "inaccuracy", "mistake", "blunder"];
let overlay = null;
let opener = null;
let ticker = null;

function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  return node;
}

function signed(v) {
  const r = Math.round(v);
  return r > 0 ? `+${r}` : String(r);
}

function build() {
  const root = el("div", { class: "review-backdrop", "data-review": "", role: "dialog", "aria-modal": "true", "aria-labelledby": "review-title" });
  root.hidden = true;
  root.innerHTML = `
    <div class="review-sheet">
      <header class="review-head">
        <h2 id="review-title" data-review-title></h2>
        <button type="button" class="btn" data-review-close></button>
      </header>
      <div class="review-seats" data-review-seats hidden role="group"></div>
      <p class="review-status" data-review-status role="status" aria-live="polite"></p>
      <figure class="review-graph" data-review-figure hidden>
        <div data-review-graph></div>
        <figcaption data-review-caption></figcaption>
      </figure>
      <p class="review-counts" data-review-counts></p>
      <p class="review-hints" data-review-hints hidden></p>
      <h3 data-review-worst-title hidden></h3>
      <ol class="review-list" data-review-list></ol>
      <p class="review-units" data-review-units></p>
    </div>`;
  root.querySelector("[data-review-close]").addEventListener("click", closeReview);
  root.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") { ev.stopPropagation(); closeReview(); }
  });
  document.body.append(root);
  return root;
}

export function closeReview() {
  clearInterval(ticker);
  if (!overlay || overlay.hidden) return;
  overlay.hidden = true;
  // the result sheet under the review was out of reach while it was open
  const sheet = /** @type {HTMLElement|null} */ (document.querySelector("[data-result]"));
  if (sheet) sheet.inert = false;
  opener?.focus();
}

/** Open the review of the deal in `state` (the result sheet's state) for `seat`. */
export async function openReview(state, button = null, seat = null) {
  overlay = overlay ?? build();
  opener = button ?? opener;
  const $ = (sel) => overlay.querySelector(sel);
  const game = state.game ?? {};
  const view = state.view ?? {};
  const mySeats = game.seats ?? (game.seat !== undefined ? [game.seat] : []);
  const chosen = seat ?? view.seat ?? mySeats[0] ?? 0;
  const deal = view.match?.deal ?? 1;
  $("[data-review-title]").textContent = t("review.title");
  $("[data-review-close]").textContent = t("review.close");
  renderSeats($("[data-review-seats]"), state, mySeats, chosen);
  $("[data-review-figure]").hidden = true;
  $("[data-review-list]").replaceChildren();
  $("[data-review-worst-title]").hidden = true;
  $("[data-review-counts]").textContent = "";
  $("[data-review-units]").textContent = "";
  $("[data-review-hints]").hidden = true;
  overlay.hidden = false;
  const sheet = /** @type {HTMLElement|null} */ (document.querySelector("[data-result]"));
  if (sheet) sheet.inert = true;  // Tab stays in the review
  overlay.dataset.state = "loading";
  $("[data-review-close]").focus();
  const status = $("[data-review-status]");
  const started = Date.now();
  const tick = () => { status.textContent = t("review.loading", { s: Math.round((Date.now() - started) / 1000) }); };
  tick();
  clearInterval(ticker);
  ticker = setInterval(tick, 1000);
  try {
    // a past game of the history asks its own endpoint (screens/past.js); a table, its room's
    const data = state.fetchReview ? await state.fetchReview(chosen, deal)
      : await fetchReview(game.game_id, { token: game.token, seat: chosen, deal });
    clearInterval(ticker);
    if (overlay.hidden) return;
    const used = data.hints_used || hintUsed(game.game_id, state.room?.game_no, deal);
    showReview(data.review, used);
  } catch (err) {
    clearInterval(ticker);
    overlay.dataset.state = "failed";
    const reason = err instanceof ReviewError && (err.code === "busy" || err.code === "rate_limited") ? t("review.busy") : (err.message ?? String(err));
    status.textContent = t("review.failed", { reason });
  }
}

function renderSeats(box, state, mySeats, chosen) {
  // hot-seat: one device holds every seat (a spectator reviews none: it never sees a hand)
  const seats = mySeats;
  const several = state.mode === "hotseat" && seats.length > 1;
  box.hidden = !several;
  if (!several) return;
  box.setAttribute("aria-label", t("review.seat"));
  box.replaceChildren(...seats.map((s) => {
    const name = state.room?.seats?.[s]?.name || t(`player.${s + 1}`);
    const b = el("button", { type: "button", class: "btn", "aria-pressed": String(s === chosen), "data-review-seat": String(s) }, name);
    b.addEventListener("click", () => openReview(state, null, s));
    return b;
  }));
}

function showReview(review, hintsUsed) {
  const $ = (sel) => overlay.querySelector(sel);
  overlay.dataset.state = "ready";
  $("[data-review-status]").textContent = "";
  $("[data-review-figure]").hidden = false;
  $("[data-review-graph]").replaceChildren(graph(review));
  $("[data-review-caption]").textContent = t("review.graph");
  const counts = Object.fromEntries(LABELS.map((l) => [l, 0]));
  for (const d of review.decisions) if (d.label in counts) counts[d.label] += 1;
  $("[data-review-counts]").textContent = t("review.counts", counts);
  $("[data-review-hints]").hidden = !hintsUsed;
  $("[data-review-hints]").textContent = t("review.hints");
  const worst = review.worst.map((ply) => review.decisions.find((d) => d.ply === ply)).filter(Boolean);
  const title = $("[data-review-worst-title]");
  title.hidden = false;
  title.textContent = t("review.worst");
  const list = $("[data-review-list]");
  if (worst.length === 0) {
    list.replaceChildren(el("li", { class: "review-none" }, t("review.noMistakes")));
  } else {
    const numbers = moveNumbers(review.curve);
    list.replaceChildren(...worst.map((d) => mistakeItem(d, numbers.get(d.ply) ?? d.ply)));
  }
  const th = review.thresholds;
  $("[data-review-units]").textContent = t("review.units", { i: th.inaccuracy, m: th.mistake, b: th.blunder });
}

function graph(review) {
  // a phone gets a narrower drawing, so that its labels stay readable when scaled down
  const dims = { ...GRAPH, w: window.innerWidth < 520 ? 340 : GRAPH.w };
  const { w, h, pad } = dims;
  const { points, range, zero, x0, y } = graphPoints(review.curve, dims);
  const svg = svgElement("svg", { viewBox: `0 0 ${w} ${h}`, class: "review-svg", role: "img", "data-review-svg": "",
    "aria-label": t("review.graphLabel", { n: review.curve.length, result: signed(review.result) }) });
  svg.append(svgElement("rect", { class: "graph-bg", x: 0, y: 0, width: w, height: h, rx: 10 }));
  for (const v of [range, range / 2, -range / 2, -range]) {
    svg.append(svgElement("line", { class: "graph-grid", x1: x0, x2: w - pad, y1: y(v), y2: y(v) }));
    const label = svgElement("text", { class: "graph-tick", x: 4, y: y(v) + 4 });
    label.textContent = signed(v);
    svg.append(label);
  }
  svg.append(svgElement("line", { class: "graph-zero", x1: x0, x2: w - pad, y1: zero, y2: zero }));
  const known = points.filter((p) => p.y !== null);
  if (known.length) {
    const line = known.map((p, i) => `${i ? "L" : "M"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
    const area = `${line} L${known[known.length - 1].x.toFixed(1)},${zero} L${known[0].x.toFixed(1)},${zero} Z`;
    svg.append(svgElement("path", { class: "graph-area", d: area }));
    svg.append(svgElement("path", { class: "graph-line", d: line, "data-review-line": "" }));
  }
  const byPly = new Map(review.decisions.map((d) => [d.ply, d]));
  const numbers = moveNumbers(review.curve);
  for (const p of points) {
    if (p.y === null || p.seat !== review.seat) continue;
    const d = byPly.get(p.ply);
    const label = d?.label ?? "forced";
    const dot = svgElement("circle", { class: `graph-move ${label}`, cx: p.x, cy: p.y, r: label === "forced" ? 4 : 7,
      "data-ply": p.ply, "data-label": label, tabindex: "-1" });
    const tip = svgElement("title", {});
    tip.textContent = t("review.plyTitle", { ply: numbers.get(p.ply), move: moveText(p.action), label: t(`label.${label}`) });
    dot.append(tip);
    svg.append(dot);
  }
  return svg;
}

function mistakeItem(d, number) {
  const li = el("li", { class: `review-item ${d.label}`, "data-review-item": String(d.ply), "data-label": d.label });
  li.append(el("p", { class: "review-item-head" }, t("review.item", { ply: number, label: t(`label.${d.label}`), loss: Math.round(d.loss) })));
  li.append(el("p", { class: "review-played" }, t("review.played", { move: moveText(d.chosen) })));
  li.append(el("p", { class: "review-better", "data-review-better": "" }, t("review.better", { move: moveText(d.best) })));
  const table = el("div", { class: "review-position" });
  const lineBox = el("div", { class: "review-tiles line" });
  for (const [a, b] of d.line) lineBox.append(small(a, b));
  if (d.line.length === 0) lineBox.append(el("span", {}, "—"));
  const playedTile = parseAction(d.chosen).tile;
  const betterTile = parseAction(d.best).tile;
  const handBox = el("div", { class: "review-tiles mine" });
  for (const tile of d.hand) {
    const [a, b] = splitTile(tile);
    const svg = small(a, b);
    const name = canonical(tile);
    if (name === playedTile) svg.classList.add("played");
    if (name === betterTile) svg.classList.add("better");
    handBox.append(svg);
  }
  const lineTitle = d.ends ? t("review.lineEnds", { a: d.ends[0], b: d.ends[1] }) : t("review.line");
  table.append(el("h4", {}, lineTitle), lineBox, el("h4", {}, t("review.hand")), handBox);
  li.append(table);
  return li;
}

function small(a, b) {
  const svg = tileSvg(a, b);
  svg.setAttribute("role", "img");
  svg.removeAttribute("aria-hidden");
  svg.setAttribute("aria-label", t("tile.name", { tile: `${Math.min(a, b)}-${Math.max(a, b)}` }));
  return svg;
}
