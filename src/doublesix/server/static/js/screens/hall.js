// @ts-check
// The hall screen (seed 003, зал «Двор»): your name, setting up a table, and the live list of
// tables from the server's lobby socket (net.js's LobbyConnection: the same reconnect and
// backoff as a table's). User text (names) only ever goes in via textContent.

import { t } from "../i18n.js";
import { applyLobby, cleanName, clockAt, clockLabel, rulesLabel, storedName } from "../hall.js";
import { computerSeatBoxes, chosenComputers, seatButtons, seatsLine } from "../hall_seats.js";
import { leaveWaitText } from "../leaving.js";
import { ApiError, LobbyConnection, createGame, sitDown } from "../net.js";
import * as prefs from "../prefs.js";
import { defaultLevel, presetKeys } from "../presets.js";
import { placeRows, sameOrFresh } from "../rows.js";
import { $, shell } from "../shell.js";
import { chosenRules, clockOptions, targetRadios } from "../views/choices.js";
import { playersIn, playersRadios } from "../views/players_choice.js";
import * as quick from "./hall_quick.js";

/** @typedef {import("../hall.js").TableLine} TableLine */
/** @typedef {import("../types.js").SeatRecord} SeatRecord */

const root = () => $("[data-screen=hall]");
/** @type {TableLine[]} */
let tables = [];
/** @type {LobbyConnection|null} */
let socket = null;
let built = "";
/** each table's row as shown, so that a row that would look the same is kept
 * @type {Map<string, HTMLElement>} */
let rows = new Map();

export function open() {
  // the name may have been given since (asked before an invite game): show the same one
  const nameInput = /** @type {HTMLInputElement} */ ($("[data-hall-name]", root()));
  if (!nameInput.value) nameInput.value = storedName() ?? shell.telegram?.name ?? "";
  connect();
  render();
}

export function close() {
  quick.detach();
  const live = socket;
  socket = null;
  live?.close();
}

function connect() {
  if (socket) return;
  const live = new LobbyConnection();
  socket = live;
  quick.attach(live, { name, enter });
  /** @param {Event} ev */
  const onList = (ev) => {
    if (socket !== live) return;
    tables = applyLobby(tables, /** @type {CustomEvent} */ (ev).detail);
    message("");
    renderTables();
  };
  live.addEventListener("lobby", onList);
  live.addEventListener("lobby_delta", onList);
  // 1012: the server restarts; another process (or this one, restarted) answers soon. Keep
  // «Переподключаемся…» while net.js retries as a table does (~15 s); only then, or after any
  // other loss, say the hall is out of reach (and go on trying)
  live.addEventListener("status", (ev) => {
    if (socket !== live) return;
    const status = /** @type {CustomEvent<string>} */ (ev).detail;
    connection(status === "restarting" ? t("online.restarting") : status === "reconnecting" ? t("hall.offline") : "");
  });
  live.open();
}

function message(/** @type {string} */ text) {
  $("[data-hall-msg]", root()).textContent = text;
}

/** The live list's connection: empty while it is live; the list is dimmed meanwhile. */
function connection(/** @type {string} */ text) {
  const line = $("[data-hall-conn]", root());
  if (line.textContent !== text) line.textContent = text;
  $("[data-hall-tables]", root()).setAttribute("aria-busy", text ? "true" : "false");
}

export function render() {
  const lang = document.documentElement.lang;
  if (built !== lang) {
    built = lang;
    buildForm();
  }
  renderTables();
}

function buildForm() {
  const form = prefs.hallForm();
  /** @type {HTMLInputElement} */ ($("[data-hall-name]", root())).placeholder = t("hall.namePlaceholder");
  const presets = $("[data-hall-presets]", root());
  const legend = document.createElement("legend");
  legend.textContent = t("hall.game");
  presets.replaceChildren(legend, ...presetKeys().map((preset) => {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "hall-preset";
    input.value = preset;
    input.checked = preset === form.preset;
    input.dataset.preset = "";
    label.append(input, document.createTextNode(` ${t(`preset.${preset}`)}`));
    return label;
  }));
  targetRadios(presets, "hall-target", form.targets);
  playersRadios(presets, "hall-players", form.players);
  computerSeatBoxes(presets, form.computers);
  clockOptions(/** @type {HTMLSelectElement} */ ($("[data-hall-clock]", root())), form.clock);
  quick.build();
}

/** The list of tables. A lobby frame usually changes one table, and often nothing a row
 * shows (a seat's socket connecting): a row is replaced only when it would look different,
 * and only rows out of place move (rows.js), so the others (a row measured, a button under a
 * finger, the keyboard's focus) stay the very elements they were. */
function renderTables() {
  const list = $("[data-hall-tables]", root());
  const focused = list.contains(document.activeElement) ? /** @type {HTMLElement} */ (document.activeElement) : null;
  /** @type {Map<string, HTMLElement>} */
  const next = new Map();
  for (const table of tables) next.set(table.game_id, sameOrFresh(rows.get(table.game_id), row(table)));
  rows = next;
  const wanted = [...rows.values()];
  if (!wanted.length) {
    const empty = /** @type {HTMLElement|null} */ (list.querySelector(".hall-empty")) ?? document.createElement("li");
    empty.className = "hall-empty";
    empty.textContent = t("hall.empty");
    wanted.push(empty);
  }
  placeRows(list, wanted);
  // a rebuilt row: the same button in its new row takes the focus back
  if (focused && !focused.isConnected && focused.dataset.hall) {
    const seat = focused.dataset.seat === undefined ? "" : `[data-seat="${focused.dataset.seat}"]`;
    const again = /** @type {HTMLElement|null} */ (list.querySelector(`[data-hall="${focused.dataset.hall}"][data-game="${focused.dataset.game}"]${seat}`));
    if (again) again.focus();
  }
}

function row(/** @type {TableLine} */ table) {
  const li = document.createElement("li");
  li.className = "hall-table";
  li.dataset.game = table.game_id;
  li.dataset.status = table.status;
  const what = document.createElement("div");
  what.className = "hall-what";
  const title = document.createElement("strong");
  title.textContent = rulesLabel(table.rules);
  const clock = document.createElement("span");
  clock.className = "hall-clock";
  clock.textContent = clockLabel(table.clock);
  what.append(title, clock);
  if (table.rated) {
    const rated = document.createElement("span");
    rated.className = "hall-rated";
    rated.textContent = t("hall.rated.badge");
    what.append(rated);
  }
  const who = document.createElement("div");
  who.className = "hall-who";
  const names = table.seats.map((/** @type {{ name?: string }} */ s) => s.name ?? "…");
  if (table.status === "open") {
    const since = table.since ? new Date(table.since * 1000) : null;
    const time = since ? since.toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" }) : "";
    who.textContent = t("hall.waiting", { name: table.creator ?? "…", time });
  } else {
    who.textContent = `${t("hall.playing", { a: names[0], b: names[1] })} · ${t(`hall.status.${table.status}`)}`;
  }
  if (table.seats.length > 2 || table.pairs) who.textContent = seatsLine(table);
  if (table.watchers) who.textContent += ` · ${t("hall.watchers", { n: table.watchers })}`;
  const buttons = document.createElement("div");
  buttons.className = "hall-buttons";
  const mine = prefs.seatRecord("online", table.game_id);
  if (table.status === "open" && !mine && table.seats.length > 2) buttons.append(...seatButtons(table, (/** @type {number} */ seat) => {
    const b = button("hall-sit", t("hall.sitAt", { n: seat + 1 }), table.game_id, "primary");
    b.dataset.seat = String(seat);
    return b;
  }));
  else if (table.status === "open" && !mine) buttons.append(button("hall-sit", t("hall.sit"), table.game_id, "primary"));
  if (!mine) buttons.append(button("hall-watch", t("hall.watch"), table.game_id));
  else buttons.append(button("hall-back", t("hall.back"), table.game_id, "primary"));
  li.append(what, who, buttons);
  return li;
}

/** A table's button: its data-hall names the action below (main.js dispatches it). */
function button(/** @type {string} */ action, /** @type {string} */ text, /** @type {string} */ gameId, kind = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `btn ${kind}`.trim();
  b.dataset.hall = action;
  b.dataset.game = gameId;
  b.textContent = text;
  return b;
}

/** The name from the form, checked as the server checks it (and kept), or null. */
function name() {
  const input = /** @type {HTMLInputElement} */ ($("[data-hall-name]", root()));
  const clean = cleanName(input.value);
  input.setAttribute("aria-invalid", clean ? "false" : "true");
  if (!clean) {
    message(t("hall.nameBad"));
    input.focus();
    return null;
  }
  input.value = clean;
  prefs.setName(clean);
  return clean;
}

/** Sit at a table this browser has a seat at (a new one, or one it had already). */
function enter(/** @type {SeatRecord} */ record) {
  prefs.enterRoom(record);
  shell.go({ screen: "table", params: { mode: "online", room: record.game_id } });
}

/** What a refusal from the server means for the hall's player. */
function refused(/** @type {unknown} */ err) {
  const code = err instanceof ApiError ? err.code : "";
  message(code === "room_full" || code === "seat_taken" ? t("hall.taken") : code === "not_found" ? t("hall.closed")
    : code === "already_seated" ? t("hall.oneSeat")
    : code === "leave_wait" ? leaveWaitText(/** @type {ApiError} */ (err).retryAfter) // issue 26: left rated games often
    : code === "bad_name" ? t("hall.nameBad") : code === "invalid_rules" ? t("error.rules") : t("error.server"));
}

async function create() {
  const player = name();
  if (!player) return;
  const presets = $("[data-hall-presets]", root());
  const rules = chosenRules(presets, "101");
  const clockIndex = Number(/** @type {HTMLSelectElement} */ ($("[data-hall-clock]", root())).value) || 0;
  const clock = clockAt(clockIndex);
  const computers = chosenComputers(presets, playersIn(rules));
  prefs.saveHallForm(rules, clockIndex, computers);
  const isPublic = /** @type {HTMLInputElement} */ ($("[data-hall-public]", root())).checked;
  const rated = /** @type {HTMLInputElement} */ ($("[data-hall-rated]", root())).checked;
  // the server refuses both as well; saying so here keeps the form as it was
  if (rated && !clock) return message(t("hall.rated.needsClock"));
  if (rated && computers.length) return message(t("hall.rated.people"));
  message(t("loading"));
  try {
    enter(await createGame({
      mode: "online", rules, name: player, computers, level: computers.length ? defaultLevel() : undefined,
      hall: { public: isPublic, rated, clock },
    }));
  } catch (err) {
    refused(err);
  }
}

async function sit(/** @type {HTMLElement} */ el) {
  const player = name();
  if (!player) return;
  message(t("loading"));
  try {
    const seat = el.dataset.seat === undefined ? null : Number(el.dataset.seat);
    enter(await sitDown(/** @type {string} */ (el.dataset.game), player, seat));
  } catch (err) {
    refused(err);
  }
}

/** @type {Record<string, (el: HTMLElement, ev: Event) => void>} */
export const actions = {
  "hall-watch": (el) => { shell.go({ screen: "table", params: { mode: "watch", room: el.dataset.game } }); },
  "hall-back": (el) => {
    const mine = prefs.seatRecord("online", el.dataset.game ?? null);
    if (mine) enter(mine);
  },
  "hall-create": () => { create(); },
  "hall-sit": (el) => { sit(el); },
  ...quick.actions,
};
