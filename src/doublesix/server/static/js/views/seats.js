// @ts-check
// The other players at a table of three or four: compact chips around the line (left,
// opposite, right of "me"), each with name, tile count, a turn marker, «стучит» after a pass,
// presence, the partner tag in «Козёл» and the hall clock. Also the pair score, the invite
// panel's free seats, and the status line's "who moves" for N seats. table.js calls
// `renderSeats` after drawing the two-player parts, which it hides.

import { t } from "../i18n.js";
import "../seats_i18n.js";
import { formatClock } from "../hall_table.js";
import { tileSvg } from "../tiles.js";
import { tableRow } from "./sheet_parts.js";
import {
  isMany, knocked, oneSeat, pairName, pairOf, placesAround, playersOf, rulesOf, sideSeat,
} from "../seats_model.js";

const $ = (root, sel) => root.querySelector(sel);

function box(root) {
  let el = $(root, "[data-seats]");
  if (!el) {
    el = document.createElement("div");
    el.className = "seats";
    el.dataset.seats = "";
    $(root, "[data-opponent]").after(el);
  }
  return el;
}

function chip(state, seat, place, nameOf) {
  const view = state.view;
  const rules = rulesOf(state);
  const info = state.room?.seats?.[seat];
  const me = sideSeat(state);
  const count = view?.hand_sizes?.[seat] ?? 0;
  // while an online table waits for a seat, nobody is "to move" yet
  const halted = state.mode === "online" && Boolean(state.room?.waiting_for?.length);
  const turn = Boolean(view && !view.result && !state.room?.hall?.over && !halted && view.to_move === seat);
  const computer = state.mode === "computer" || Boolean(info?.computer);
  const el = document.createElement("div");
  el.className = "seat-chip";
  el.dataset.seat = String(seat);
  el.dataset.place = place;
  el.classList.toggle("is-turn", turn);
  if (turn) el.dataset.turn = "yes";
  const partner = rules.teams && state.mode !== "watch" && state.mode !== "hotseat" && seat === (me + 2) % 4;
  el.classList.toggle("is-partner", Boolean(partner));
  if (rules.teams) el.dataset.pair = String(pairOf(rules, seat));

  const top = document.createElement("div");
  top.className = "seat-top";
  const name = document.createElement("span");
  name.className = "seat-name";
  // a chip is a third of a phone's width: a computer is "Компьютер" there (its place is
  // where the chip sits); the full name stays for the history, the status and screen readers
  name.textContent = computer && !partner && state.mode !== "watch" ? t("computer") : nameOf(seat);
  name.title = nameOf(seat);
  top.append(name);
  if (partner && nameOf(seat) !== t("seat.partner")) {
    const tag = document.createElement("span");
    tag.className = "seat-tag";
    tag.textContent = t("seat.partnerTag");
    top.append(tag);
  } else if (rules.teams && (state.mode === "watch" || state.mode === "hotseat")) {
    const tag = document.createElement("span"); // nobody's "partner" here: name the pair
    tag.className = "seat-tag pair-tag";
    const pair = pairOf(rules, seat);
    const long = document.createElement("span");
    long.className = "long";
    long.textContent = t("pair.n", { n: pair + 1 });
    const short = document.createElement("span"); // a phone: the name keeps the room
    short.className = "short";
    short.textContent = ["①", "②"][pair];
    tag.title = long.textContent;
    tag.append(long, short);
    top.append(tag);
  }
  if (state.mode === "online" && info && !computer) {
    const dot = document.createElement("span");
    dot.className = "seat-dot";
    dot.dataset.presence = !info.taken ? "free" : info.connected ? "online" : "away";
    dot.title = !info.taken ? t("seat.free") : info.connected ? "" : t("seat.away");
    top.append(dot);
  }

  const bottom = document.createElement("div");
  bottom.className = "seat-line";
  const n = document.createElement("span");
  n.className = "seat-count";
  n.dataset.count = String(count);
  // a free seat holds no one's tiles: its name says «Свободно», the count says nothing
  n.textContent = info && !info.taken && !computer ? "" : t("seat.tiles", { n: count });
  bottom.append(n);
  const mark = document.createElement("span");
  mark.className = "seat-mark";
  if (turn) {
    mark.dataset.mark = "turn";
    mark.textContent = computer ? t("seat.thinking") : t("seat.turn");
  } else if (view && !view.result && knocked(view, seat)) {
    mark.dataset.mark = "knock";
    mark.textContent = t("seat.knocks");
    el.classList.add("is-knock");
  }
  bottom.append(mark);
  const clock = state.room?.hall?.clock;
  if (clock) {
    const c = document.createElement("span");
    c.className = "clock seat-clock";
    c.dataset.clock = String(seat);
    const time = document.createElement("span");
    time.className = "clock-time";
    time.dataset.clockTime = "";
    time.textContent = formatClock(clock.left?.[seat] ?? 0);
    c.append(time);
    bottom.append(c);
  }

  const backs = document.createElement("div");
  backs.className = "seat-backs";
  backs.setAttribute("aria-hidden", "true");
  backs.append(...Array.from({ length: Math.min(count, 7) }, () => tileSvg(0, 0, { vertical: place !== "left" && place !== "right", hidden: true })));
  el.append(top, bottom, backs);
  el.setAttribute("role", "group");
  el.setAttribute("aria-label", t("seat.label", { name: nameOf(seat), n: count }) + (partner ? `, ${t("seat.partnerTag")}` : "") + (turn ? `, ${t("seat.turn")}` : "") + (mark.dataset.mark === "knock" ? `, ${t("seat.knocks")}` : ""));
  return el;
}

/** Draw the N-seat parts of the table; does nothing (and clears them) for two players. */
export function renderSeats(root, state, { nameOf, mySeat }) {
  const many = isMany(state);
  root.dataset.players = String(playersOf(state));
  const seats = box(root);
  $(root, "[data-opponent]").hidden = many;
  seats.hidden = !many;
  if (!many) {
    seats.replaceChildren();
    return;
  }
  const view = state.view;
  const players = playersOf(state);
  const rules = rulesOf(state);
  const places = placesAround(players, mySeat);
  const watching = state.mode === "watch";
  const list = watching ? [{ seat: mySeat, place: "bottom" }, ...places] : places;
  const key = JSON.stringify([list, view?.hand_sizes, view?.to_move, view?.history?.length, view?.result ? 1 : 0,
    state.room?.seats, state.room?.hall?.clock?.running, state.room?.hall?.over ? 1 : 0, state.lang, state.mode]);
  if (seats.dataset.key !== key) {
    seats.dataset.key = key;
    seats.dataset.count = String(list.length);
    seats.replaceChildren(...list.map(({ seat, place }) => chip(state, seat, place, nameOf)));
  }

  // the score of a pairs match: us against them
  const match = view?.match;
  if (match && rules.teams) {
    // a shared screen keeps pair 1 first (in hot-seat "me" changes every turn)
    const mine = oneSeat(state) ? pairOf(rules, mySeat) : 0;
    const short = { short: true };
    const parts = [t(oneSeat(state) ? "pair.score" : "pair.scoreNamed", {
      us: pairName(state, mine, nameOf, short), a: match.scores[mine], b: match.scores[1 - mine], them: pairName(state, 1 - mine, nameOf, short),
    }), t("target", { n: match.target })];
    if (match.hanging) parts.push(t("hanging", { n: match.hanging }));
    $(root, "[data-score]").textContent = parts.join(" · ");
    renderPairTable($(root, "[data-score-table]"), state, mine, nameOf);
  }

  // whose turn, by name (the two-player words say "the opponent")
  const status = $(root, "[data-status]");
  const waiting = state.mode === "online" && (state.room?.waiting_for?.length || (state.conn && state.conn !== "open"));
  if (view && !view.result && view.to_move !== mySeat && !state.errorText && !waiting) {
    const text = t("turn.player", { name: nameOf(view.to_move) });
    if (status.textContent !== text) status.textContent = text;
  } else if (view && !view.result && state.mode === "online" && !state.errorText
             && (state.room?.seats ?? []).some((s) => !s.taken)) {
    status.textContent = t("many.waitPlayers");
  }

  // online: free seats, and the creator may give them to the computer
  const invite = $(root, "[data-invite]");
  const free = (state.room?.seats ?? []).filter((s) => !s.taken).map((s) => s.seat);
  let give = $(invite, "[data-give-seats]");
  if (!give) {
    give = document.createElement("div");
    give.className = "give-seats";
    give.dataset.giveSeats = "";
    invite.append(give);
  }
  if (state.mode === "online" && free.length) {
    // only the creator holds the link: a guest is not asked to send one
    // a guest: «Ждём игроков» is the status line's (above), «Свободно» the free seat's chip
    $(invite, "[data-invite-text]").textContent = state.inviteLink ? t("many.waiting", { n: free.length }) : t("seats.startsFull");
    const creator = (state.game?.seat ?? 0) === 0;
    give.replaceChildren(...(creator ? free : []).map((seat) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "btn quiet";
      b.dataset.action = "seat-computer";
      b.dataset.seat = String(seat);
      b.textContent = t("many.giveSeat", { n: seat + 1 });
      return b;
    }));
  } else {
    give.replaceChildren();
  }
}

/** The side panel's match table by pair: one row per finished deal, then the totals. */
export function renderPairTable(table, state, mine, nameOf) {
  const match = state.view?.match;
  table.hidden = !match;
  if (!match) return;
  const el = document.createElement("table");
  el.className = "pair-table";
  const caption = document.createElement("caption");
  caption.textContent = `${t("pair.table")} · ${t("target", { n: match.target })}${match.hanging ? ` · ${t("hanging", { n: match.hanging })}` : ""}`;
  el.append(caption);
  const tr = tableRow;
  const short = { short: true };
  el.append(tr(["", pairName(state, mine, nameOf, short), pairName(state, 1 - mine, nameOf, short)], "th"));
  for (const d of state.deals ?? []) el.append(tr([t("deal.n", { n: d.deal }), d.scores[mine], d.scores[1 - mine]]));
  el.append(tr([t("pair.total"), match.scores[mine], match.scores[1 - mine]], "th"));
  table.replaceChildren(el);
}
