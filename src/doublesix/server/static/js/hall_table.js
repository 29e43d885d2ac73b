// @ts-check
// The hall's parts of the table screen: both clocks (counting down between frames), the
// spectator's label, a timeout notice with "play again", and the chat («болтун»), which the
// player can switch off. Chat text is a stranger's: it only ever goes in via textContent.

import { t } from "./i18n.js";
import "./hall_i18n.js";
import { chatOff } from "./prefs.js";
import { renderChatSheet } from "./views/chat_sheet.js";

const $ = (root, sel) => root.querySelector(sel);

let ticking = null; // {left, running, waits, at}: the last clock the server sent, and when it came
let lastClock = null;
let tickTimer = null;

export function formatClock(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function paintClocks(root) {
  if (!ticking) return; // no clock at this table: the names (and counts) stay as they are
  // the running clock may wait for its player's sheet of the last deal (`waits` seconds)
  const elapsed = Math.max(0, (performance.now() - ticking.at) / 1000 - ticking.waits);
  for (const el of root.querySelectorAll("[data-clock]:not([hidden])")) {
    const seat = Number(el.dataset.clock);
    const left = ticking.left[seat] - (ticking.running === seat ? elapsed : 0);
    el.querySelector("[data-clock-time]").textContent = formatClock(left);
    el.classList.toggle("is-running", ticking.running === seat);
    el.classList.toggle("is-low", left < 20);
  }
}

/** Names for the clocks and the chat: "you" for my own seat, else the seat's name. */
function nameFor(state, seat) {
  const mine = state.mode === "online" ? state.game?.seat : null;
  if (seat === mine) return t("you");
  const info = state.room?.seats?.[seat];
  return info?.name || (info?.computer ? t("computer") : t("opponent"));
}

export function renderHallTable(root, state) {
  const hall = state.room?.hall ?? null;
  const watching = state.mode === "watch";
  const bar = $(root, "[data-hall-bar]");
  const clock = hall?.clock ?? null;
  bar.hidden = !clock && !watching;
  $(bar, "[data-watch-label]").hidden = !watching;
  $(bar, "[data-watch-label]").textContent = t("watch.label");
  // clocks: mine at the bottom (right), the opponent's first, like the table
  const mine = watching ? 1 : state.game?.seat ?? 0; // a spectator sees from seat 1's side
  // three or four seats: the others' clocks are on their chips (views/seats.js), mine here
  const many = (state.room?.seats?.length ?? 2) > 2 || Boolean(state.room?.rules?.teams);
  const order = many ? [null, mine] : [1 - mine, mine];
  const clocks = bar.querySelectorAll(".hall-bar > [data-clock]");
  clocks.forEach((el, i) => {
    const seat = order[i];
    el.hidden = (!clock && !watching) || seat === null || (many && watching);
    if (seat === null) return;
    el.dataset.clock = String(seat);
    // a spectator has no hand of its own on screen: both players' counts are shown here
    const count = watching ? ` · ${t("tilesCount", { n: state.view?.hand_sizes?.[seat] ?? 0 })}` : "";
    el.querySelector("[data-clock-name]").textContent = nameFor(state, seat) + count;
    if (!clock) el.querySelector("[data-clock-time]").textContent = "";
  });
  if (clock !== lastClock) {
    lastClock = clock;
    ticking = clock ? { left: clock.left, running: clock.running, waits: clock.waits ?? 0, at: performance.now() } : null;
    clearInterval(tickTimer);
    if (clock?.running !== null && clock?.running !== undefined) tickTimer = setInterval(() => paintClocks(root), 250);
  }
  paintClocks(root);

  // a game lost on time (the rules core does not know it: the server says so in room.hall)
  const notice = $(root, "[data-timeout]");
  const over = hall?.over ?? null;
  notice.hidden = !over;
  if (over) {
    const me = state.mode === "online" ? state.game?.seat : null;
    const parts = [over.loser === me ? t("timeout.lostYou") : t("timeout.lost", { name: nameFor(state, over.loser) })];
    if (over.winner_pair !== undefined && over.winner_pair !== null) parts.push(t("timeout.pairLoses", { name: `${nameFor(state, 1 - over.winner_pair)} + ${nameFor(state, 3 - over.winner_pair)}` }));
    else if (over.match_lost) parts.push(t("timeout.match"));
    else if (over.points !== undefined) {
      parts.push(over.winner === me ? t("timeout.pointsYou", { n: over.points })
        : t("timeout.points", { name: nameFor(state, over.winner), n: over.points }));
    }
    // the rules core still has the deal running: the table must not look like anyone's turn
    root.dataset.turn = "over";
    $(root, "[data-status]").textContent = "";
    $(root, "[data-opponent]").classList.remove("is-turn");
    $(notice, "[data-timeout-text]").textContent = parts.join(". ");
    const again = $(notice, '[data-action="new-game"]');
    again.hidden = watching;
    const asked = (state.room?.rematch ?? []).includes(state.game?.seat);
    again.textContent = asked ? t("online.rematchWait") : t("newGame");
    again.disabled = asked;
  }
  // the chat may sit in a phone's sheet, outside the table's screen: found in the document
  renderChat($(document, "[data-chat]"), state, Boolean(hall));
  renderChatSheet(root, state);
}

function renderChat(box, state, enabled) {
  box.hidden = !enabled;
  if (!enabled) return;
  const off = chatOff();
  box.dataset.off = off ? "yes" : "no";
  const toggle = $(box, "[data-chat-toggle]");
  toggle.textContent = off ? t("chat.toggleOn") : t("chat.toggleOff");
  toggle.setAttribute("aria-pressed", off ? "false" : "true");
  $(box, "[data-chat-title]").textContent = off ? t("chat.off") : t("chat.title");
  const log = $(box, "[data-chat-log]");
  const form = $(box, "[data-chat-form]");
  log.hidden = off;
  const watching = state.mode === "watch";
  form.hidden = off || watching;
  $(box, "[data-chat-note]").textContent = watching && !off ? t("chat.readonly") : state.chatError ?? "";
  $(box, "[data-chat-input]").placeholder = t("chat.placeholder");
  $(box, "[data-chat-send]").textContent = t("chat.send");
  if (off) return;
  const messages = state.chat ?? [];
  if (log.dataset.count === String(messages.length) && log.dataset.lang === state.lang) return;
  log.dataset.count = String(messages.length);
  log.dataset.lang = state.lang;
  log.replaceChildren(...messages.map((m) => {
    const li = document.createElement("li");
    const who = document.createElement("b");
    who.textContent = `${nameFor(state, m.seat)}: `;
    const text = document.createElement("span");
    text.textContent = m.text; // plain text, never HTML
    li.append(who, text);
    return li;
  }));
  log.scrollTop = log.scrollHeight;
}

// the chat's state is the table reducer's; the browser tests read it from here too
export { chatFrom } from "./table_state.js";
