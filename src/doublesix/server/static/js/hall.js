// The hall screen (seed 003, зал «Двор»): your name, setting up a table, and the live list of
// tables from the server's lobby socket. User text (names) only ever goes in via textContent.

import { t } from "./i18n.js";
import "./hall_i18n.js";
import { ApiError, RESTART_CODE, RESTART_RETRIES, createGame, reconnectDelay, sitDown, socketUrl } from "./net.js";
import { placeRows, sameOrFresh } from "./rows.js";
import { gameKey, saved } from "./saved.js";
import { TARGETS_OF, chosenRules, targetRadios } from "./views/choices.js";
import { computerSeatBoxes, chosenComputers, seatButtons, seatsLine } from "./hall_seats.js";
import { playersIn, playersRadios } from "./views/players_choice.js";

const PRESETS = ["draw", "block", "101", "kozel"];
const CLOCKS = [null, [3, 2], [5, 3], [10, 5]];

const $ = (sel, root = document) => root.querySelector(sel);

/** The name to send, or null when the server would refuse it (the rule of hall/names.py:
 * any script, accents and emoji; no controls, direction marks, zero-width or < >). */
export function cleanName(raw) {
  const name = String(raw ?? "").normalize("NFC").split(/\s+/).filter(Boolean).join(" ");
  const length = [...name].length;
  if (length < 1 || length > 24 || /[<>\p{Cc}\p{Co}\p{Cn}\p{Cs}]/u.test(name)) return null;
  // U+200D only inside an emoji sequence (👩‍💻); any other format character is refused
  if (/\p{Cf}/u.test(name.replace(/(\p{So}\uFE0F?)\u200D(?=\p{So})/gu, "$1"))) return null;
  return /[\p{L}\p{N}\p{S}]/u.test(name) ? name : null;
}

/** The table list after a lobby frame: the whole list, or a `lobby_delta` of changes. */
export function applyLobby(tables, frame) {
  if (frame.type === "lobby") return frame.tables ?? [];
  const byId = new Map(tables.map((table) => [table.game_id, table]));
  for (const id of frame.removed ?? []) byId.delete(id);
  for (const line of [...(frame.added ?? []), ...(frame.changed ?? [])]) byId.set(line.game_id, line);
  return [...byId.values()].sort((a, b) => (a.since ?? 0) - (b.since ?? 0));
}

/** The one display name this browser keeps (set here or when first asked), or null. */
export function storedName() {
  return cleanName(saved.get("name", null));
}

export function clockLabel(clock) {
  return clock ? t("hall.clock.min", { m: clock.minutes, s: clock.increment }) : t("hall.clock.none");
}

/** Where the hall keeps the chosen target of a match preset (101's key predates kozel's). */
function hallTargetKey(preset) {
  return preset === "kozel" ? "hall.target.kozel" : "hall.target";
}

export function rulesLabel(rules) {
  const name = t(`preset.${rules?.preset ?? "draw"}`);
  return TARGETS_OF[rules?.preset] && rules.target && rules.target !== 101 ? `${name} (${t("hall.target", { n: rules.target })})` : name;
}

export class HallScreen {
  /** ctx: enter(record) opens a seat's game, watch(gameId) a spectator's, defaultName(). */
  constructor(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    this.tables = [];
    this.socket = null;
    this.active = false;
    this.timer = null;
    this.retry = 0;
    this.restarting = false; // closed by a server restart: until the next lobby frame
    this.built = "";
    /** each table's row as shown, so that a row that would look the same is kept */
    this.rows = new Map();
    root.addEventListener("click", (ev) => this.onClick(ev));
  }

  open() {
    this.active = true;
    // the name may have been given since (asked before an invite game): show the same one
    const nameInput = $("[data-hall-name]", this.root);
    if (!nameInput.value) nameInput.value = storedName() ?? this.ctx.defaultName() ?? "";
    this.connect();
    this.render();
  }

  close() {
    this.active = false;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, "bye");
  }

  connect() {
    if (this.socket || !this.active) return;
    const socket = new WebSocket(socketUrl());
    this.socket = socket;
    socket.addEventListener("open", () => socket.send(JSON.stringify({ type: "lobby" })));
    socket.addEventListener("message", (msg) => {
      let frame;
      try { frame = JSON.parse(msg.data); } catch { return; }
      if (frame.type !== "lobby" && frame.type !== "lobby_delta") return;
      this.retry = 0;
      this.restarting = false;
      this.tables = applyLobby(this.tables, frame);
      this.connection("");
      this.message("");
      this.renderTables();
    });
    socket.addEventListener("close", (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (!this.active) return;
      // 1012: the server restarts; another process (or this one, restarted) answers soon.
      // Keep «Переподключаемся…» and retry as a table does (net.js) for ~15 s; only then, or
      // after any other loss, say the hall is out of reach (and go on trying)
      if (ev.code === RESTART_CODE) {
        this.restarting = true;
        this.retry = 0;
      }
      if (this.restarting && this.retry >= RESTART_RETRIES) this.restarting = false;
      this.connection(t(this.restarting ? "online.restarting" : "hall.offline"));
      this.timer = setTimeout(() => this.connect(), reconnectDelay(this.restarting, this.retry));
      this.retry += 1;
    });
  }

  message(text) {
    $("[data-hall-msg]", this.root).textContent = text;
  }

  /** The live list's connection: empty while it is live; the list is dimmed meanwhile. */
  connection(text) {
    const line = $("[data-hall-conn]", this.root);
    if (line.textContent !== text) line.textContent = text;
    $("[data-hall-tables]", this.root).setAttribute("aria-busy", text ? "true" : "false");
  }

  render() {
    const lang = document.documentElement.lang;
    if (this.built !== lang) {
      this.built = lang;
      this.buildForm();
    }
    this.renderTables();
  }

  buildForm() {
    const nameInput = $("[data-hall-name]", this.root);
    nameInput.placeholder = t("hall.namePlaceholder");
    const presets = $("[data-hall-presets]", this.root);
    const current = saved.get("hall.preset", "101");
    const legend = document.createElement("legend");
    legend.textContent = t("hall.game");
    presets.replaceChildren(legend, ...PRESETS.map((preset) => {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "radio";
      input.name = "hall-preset";
      input.value = preset;
      input.checked = preset === current;
      input.dataset.preset = "";
      label.append(input, document.createTextNode(` ${t(`preset.${preset}`)}`));
      return label;
    }));
    targetRadios(presets, "hall-target", Object.fromEntries(Object.keys(TARGETS_OF).map((p) => [p, saved.get(hallTargetKey(p), 101)])));
    playersRadios(presets, "hall-players", saved.get("hall.players", 2));
    computerSeatBoxes(presets, saved.get("hall.computers", []));
    const clock = $("[data-hall-clock]", this.root);
    const chosen = saved.get("hall.clock", 1);
    clock.replaceChildren(...CLOCKS.map((c, i) => {
      const option = document.createElement("option");
      option.value = String(i);
      option.textContent = c ? clockLabel({ minutes: c[0], increment: c[1] }) : t("hall.clock.none");
      option.selected = i === chosen;
      return option;
    }));
  }

  /** The list of tables. A lobby frame usually changes one table, and often nothing a row
   * shows (a seat's socket connected): a row is replaced only when it would look different,
   * and only rows out of place move, so the others (a button under a finger, the keyboard's
   * focus) stay the very elements they were. */
  renderTables() {
    const list = $("[data-hall-tables]", this.root);
    const focused = list.contains(document.activeElement) ? document.activeElement : null;
    const rows = new Map();
    for (const table of this.tables) {
      const fresh = this.row(table);
      const old = this.rows.get(table.game_id);
      rows.set(table.game_id, sameOrFresh(old, fresh));
    }
    this.rows = rows;
    const wanted = [...rows.values()];
    if (!wanted.length) {
      const empty = list.querySelector(".hall-empty") ?? document.createElement("li");
      empty.className = "hall-empty";
      empty.textContent = t("hall.empty");
      wanted.push(empty);
    }
    placeRows(list, wanted);
    // a rebuilt row: the same button in its new row takes the focus back
    if (focused && !focused.isConnected && focused.dataset.hall) {
      const seat = focused.dataset.seat === undefined ? "" : `[data-seat="${focused.dataset.seat}"]`;
      const again = list.querySelector(`[data-hall="${focused.dataset.hall}"][data-game="${focused.dataset.game}"]${seat}`);
      if (again) again.focus();
    }
  }

  row(table) {
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
    const who = document.createElement("div");
    who.className = "hall-who";
    const names = table.seats.map((s) => s.name ?? "…");
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
    const mine = saved.get(gameKey("online", table.game_id));
    if (table.status === "open" && !mine && table.seats.length > 2) buttons.append(...seatButtons(table, (seat) => {
      const b = this.button("hall-sit", t("hall.sitAt", { n: seat + 1 }), table.game_id, "primary");
      b.dataset.seat = String(seat);
      return b;
    }));
    else if (table.status === "open" && !mine) buttons.append(this.button("hall-sit", t("hall.sit"), table.game_id, "primary"));
    if (!mine) buttons.append(this.button("hall-watch", t("hall.watch"), table.game_id));
    else buttons.append(this.button("hall-back", t("hall.back"), table.game_id, "primary"));
    li.append(what, who, buttons);
    return li;
  }

  button(action, text, gameId, kind = "") {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `btn ${kind}`.trim();
    b.dataset.hall = action;
    b.dataset.game = gameId;
    b.textContent = text;
    return b;
  }

  name() {
    const input = $("[data-hall-name]", this.root);
    const name = cleanName(input.value);
    input.setAttribute("aria-invalid", name ? "false" : "true");
    if (!name) {
      this.message(t("hall.nameBad"));
      input.focus();
      return null;
    }
    input.value = name;
    saved.set("name", name);
    return name;
  }

  async onClick(ev) {
    const button = ev.target.closest("[data-hall]");
    if (!button) return;
    const action = button.dataset.hall;
    const gameId = button.dataset.game;
    if (action === "hall-watch") { this.ctx.watch(gameId); return; }
    if (action === "hall-back") { this.ctx.enter(saved.get(gameKey("online", gameId))); return; }
    const name = this.name();
    if (!name) return;
    try {
      if (action === "hall-create") {
        const rules = chosenRules($("[data-hall-presets]", this.root), "101");
        const clockIndex = Number($("[data-hall-clock]", this.root).value) || 0;
        const clock = CLOCKS[clockIndex];
        saved.set("hall.preset", rules.preset);
        if (rules.target) saved.set(hallTargetKey(rules.preset), rules.target);
        saved.set("hall.clock", clockIndex);
        saved.set("hall.players", playersIn(rules));
        const computers = chosenComputers($("[data-hall-presets]", this.root), playersIn(rules));
        saved.set("hall.computers", computers);
        const isPublic = $("[data-hall-public]", this.root).checked;
        this.message(t("loading"));
        const created = await createGame({
          mode: "online", rules, name, computers, level: computers.length ? "medium" : undefined,
          hall: { public: isPublic, clock: clock ? { minutes: clock[0], increment: clock[1] } : null },
        });
        this.ctx.enter(created);
      } else if (action === "hall-sit") {
        this.message(t("loading"));
        const seat = button.dataset.seat === undefined ? null : Number(button.dataset.seat);
        this.ctx.enter(await sitDown(gameId, name, seat));
      }
    } catch (err) {
      const code = err instanceof ApiError ? err.code : "";
      this.message(code === "room_full" || code === "seat_taken" ? t("hall.taken") : code === "not_found" ? t("hall.closed")
        : code === "bad_name" ? t("hall.nameBad") : code === "invalid_rules" ? t("error.rules") : t("error.server"));
    }
  }
}
