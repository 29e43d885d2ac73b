// The controller: routes between screens, opens rooms on the server, feeds socket frames and
// taps into the store, and renders from it. The server decides what is legal; this file only
// sends the actions its `legal` list offers.

import { language, setLanguage, t } from "./i18n.js";
import { canonical, leadIndex, legalMoves, parseAction, playAction } from "./describe.js";
import { ApiError, Connection, PROTOCOL, WatchConnection, createGame, joinGame } from "./net.js";
import { HallScreen, storedName } from "./hall.js";
import { chatFrom, renderHallTable, toggleChat } from "./hall_table.js";
import { gameKey, saved } from "./saved.js";
import { Store } from "./store.js";
import { initTelegram } from "./telegram.js";
import { renderPage } from "./views/pages.js";
import { renderTable, seatNamer, viewSeat } from "./views/table.js";
import { renderResult } from "./views/result.js";
import { confirmDialog } from "./views/confirm.js";
import { Tutorial } from "./views/tutorial.js";
import { askName } from "./views/ask_name.js";
import { LEVELS, PRESETS, TARGETS_OF, chosenRules, levelRadios, presetRadios, targetRadios, validTarget } from "./views/choices.js";
import { enableDrag } from "./views/drag.js";
import { playersIn, playersRadios } from "./views/players_choice.js";
import { tileSvg } from "./tiles.js";
import { renderReviewHooks } from "./review_hooks.js";

const MODES = ["computer", "hotseat", "online"];

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

const store = new Store({
  screen: "home",
  mode: null,
  game: null,
  view: null,
  room: null,
  conn: "idle",
  selected: null,
  covered: false,
  readySeat: null,
  announce: null,
  errorText: "",
  resultHidden: false,
  pending: false,
  lang: "ru",
  level: saved.get("level", "medium"),
  deals: [],
  inviteLink: null,
  resigned: null,
  sheetView: null,
  nextAsked: false,
  chatError: "",
});

let conn = null;
let telegram = null;
let tutorial = null;
let drawTimer = null;
let errorTimer = null;
let freshTimer = null;

// ---------------------------------------------------------------- text and screens

function applyLanguage(lang) {
  setLanguage(lang);
  document.documentElement.lang = language();
  for (const node of $$("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of $$("[data-i18n-label]")) {
    node.setAttribute("aria-label", t(node.dataset.i18nLabel));
    node.title = t(node.dataset.i18nLabel);
  }
  for (const input of $$("[data-lang]")) input.checked = input.value === language();
  const toggle = $('[data-action="toggle-lang"]');
  toggle.textContent = language() === "ru" ? "English" : "Русский";
  toggle.lang = language() === "ru" ? "en" : "ru";
  store.update({ lang: language() });
}

function titleFor(state) {
  const base = t("appTitle");
  const tableMode = state.mode === "online" && state.room?.hall ? "hall" : state.mode;
  const sub = { table: tableMode && t(tableMode === "hotseat" ? "title.hotseat" : `mode.${tableMode}`), tutorial: t("mode.tutorial"), rules: t("mode.rules"),
    tips: t("mode.tips"), lobby: t("mode.online"), hall: t("mode.hall") }[state.screen];
  return sub ? `${base} · ${sub}` : base;
}

function render() {
  const state = store.state;
  for (const section of $$("[data-screen]")) section.hidden = section.dataset.screen !== state.screen;
  const title = titleFor(state);
  $("[data-title]").textContent = title;
  document.title = title;
  // hidden but still taking its place, so the title stays centred
  $('[data-action="settings"]').style.visibility = state.screen === "table" && !["online", "watch"].includes(state.mode) ? "" : "hidden";
  const banner = $("[data-banner]");
  const bannerText = !saved.available ? t("storage.none") : "";
  banner.textContent = bannerText;
  banner.hidden = !bannerText;
  if (state.screen === "table") {
    renderTable($("[data-screen=table]"), state, { tapTile, chooseEnd });
    renderResult($("[data-result]"), state.sheetView ? { ...state, view: state.sheetView } : state);
    renderCover(state);
    renderHallTable($("[data-screen=table]"), state);
  } else {
    $("[data-result]").hidden = true;
    $("[data-cover]").hidden = true;
  }
  $("[data-replaced]").hidden = !(state.screen === "table" && state.conn === "replaced");
  $("[data-menu-game]").hidden = !(state.screen === "table" && ["computer", "hotseat"].includes(state.mode) && state.view);
  // while a sheet or a cover is up, the table behind it is out of reach (Tab stays on top)
  $("[data-app]").inert = ["[data-result]", "[data-cover]", "[data-replaced]"].some((sel) => !$(sel).hidden);
  if (state.screen === "rules" || state.screen === "tips") renderPage($(`[data-page=${state.screen}]`), state.screen);
  if (state.screen === "tutorial") tutorial?.render();
  if (state.screen === "lobby") renderLobby();
  if (state.screen === "hall") hallScreen.render();
  renderReviewHooks(state, { tutorial });
}

function renderCover(state) {
  const cover = $("[data-cover]");
  const show = state.mode === "hotseat" && state.covered && !state.resigned;
  const wasHidden = cover.hidden;
  cover.hidden = !show;
  if (show) {
    const name = t(`player.${(state.view?.to_move ?? 0) + 1}`);
    $("[data-cover-next]").textContent = t("cover.next", { name });
    $("[data-cover-hint]").textContent = t("cover.hint");
    if (wasHidden) $('[data-action="ready"]', cover).focus();
  }
}

store.addEventListener("change", render);

function show(screen, hash = null) {
  closeDialogs();
  if (hash !== null && location.hash !== hash) history.replaceState(null, "", hash || location.pathname);
  if (screen !== "table") leaveGame();
  if (screen === "hall") hallScreen.open();
  else hallScreen.close();
  store.update({ screen, errorText: "" });
}

// ---------------------------------------------------------------- rooms

function leaveGame() {
  conn?.close();
  conn = null;
  clearTimeout(drawTimer);
  store.update({ mode: null, game: null, view: null, room: null, selected: null, conn: "idle", announce: null, covered: false,
    resigned: null, sheetView: null, nextAsked: false });
}

function presetFor(mode) {
  const preset = saved.get(`preset.${mode}`, "draw");
  return PRESETS.includes(preset) ? preset : "draw";
}

/** Where the chosen target of a match preset is kept for *mode* (101's key predates kozel's). */
function targetKey(mode, preset) {
  return preset === "kozel" ? `target.kozel.${mode}` : `target.${mode}`;
}

function targetFor(mode, preset = "101") {
  return validTarget(preset, saved.get(targetKey(mode, preset), 101));
}

/** The saved target of every match preset, for the target radios. */
function targetsFor(mode, rules = null) {
  const out = {};
  for (const preset of Object.keys(TARGETS_OF)) {
    out[preset] = rules?.preset === preset && rules.target ? rules.target : targetFor(mode, preset);
  }
  return out;
}

/** The rules a new game of *mode* is created with: the saved game type (and the target of a
 * match: 101, «Козёл»). */
function rulesFor(mode) {
  const preset = presetFor(mode);
  if (TARGETS_OF[preset]) return { preset, target: targetFor(mode, preset) };
  const players = saved.get(`players.${mode}`, 2); // 3 or 4 for draw and block
  return ["draw", "block"].includes(preset) && [3, 4].includes(players) ? { preset, players } : { preset };
}

function saveRules(mode, rules) {
  saved.set(`preset.${mode}`, rules.preset);
  if (rules.target) saved.set(targetKey(mode, rules.preset), rules.target);
  if (["draw", "block"].includes(rules.preset)) saved.set(`players.${mode}`, playersIn(rules));
}

async function startLocal(mode, { fresh = false } = {}) {
  closeDialogs();
  saved.set("mode", mode);
  history.replaceState(null, "", `#${mode}`);
  const record = fresh ? null : saved.get(gameKey(mode));
  if (record?.game_id && record?.token) {
    openRoom(mode, record);
    return;
  }
  leaveGame();
  store.update({ screen: "table", mode, errorText: t("loading") });
  try {
    const created = await createGame({
      mode, rules: rulesFor(mode), level: mode === "computer" ? store.state.level : undefined,
      name: telegram?.name ?? undefined,
    });
    saved.set(gameKey(mode), created);
    openRoom(mode, created);
  } catch (err) {
    // rules the server refuses stay refused: say so instead of retrying for ever
    if (err instanceof ApiError && err.code === "invalid_rules") {
      store.update({ errorText: t("error.rules") });
      return;
    }
    store.update({ errorText: t("error.server") });
    setTimeout(() => { if (store.state.mode === mode && !store.state.view) startLocal(mode); }, 2000);
  }
}

function openRoom(mode, record) {
  leaveGame();
  const deals = saved.get(`deals.${record.game_id}`, []);
  store.update({
    screen: "table", mode, game: record, view: null, room: null, selected: null, errorText: "",
    announce: null, resultHidden: false, pending: false, readySeat: null, covered: mode === "hotseat",
    deals, inviteLink: record.invite_url ? new URL(record.invite_url, location.href).href : null,
  });
  conn = new Connection(record.game_id, record.token);
  conn.addEventListener("welcome", (ev) => onWelcome(ev.detail));
  conn.addEventListener("event", (ev) => onEvent(ev.detail));
  // the move stays "on its way" until its event brings the new view; the ack only proves it
  // was stored, so clear the flag by itself only if that event somehow never comes
  conn.addEventListener("ack", () => {
    const version = store.state.view?.version;
    setTimeout(() => {
      if (store.state.pending && store.state.view?.version === version) store.update({ pending: false });
    }, 3000);
  });
  conn.addEventListener("error", (ev) => onError(ev.detail));
  conn.addEventListener("presence", (ev) => onPresence(ev.detail));
  conn.addEventListener("status", (ev) => onStatus(mode, record, ev.detail));
  conn.open();
}

function onStatus(mode, record, status) {
  store.update({ conn: status });
  if (status === "bad_token" || status === "not_found") {
    saved.remove(gameKey(mode, record.game_id));
    if (mode === "online") {
      if (saved.get("online.current") === record.game_id) saved.remove("online.current");
      leaveGame();
      store.update({ screen: "lobby" });
      lobbyMessage(t("online.notFound"));
    } else {
      startLocal(mode, { fresh: true });
    }
  }
}

function onWelcome(frame) {
  store.update({ chat: chatFrom(frame, []) });
  const game = { ...store.state.game, seats: frame.seats, seat: frame.seats?.[0] ?? frame.seat };
  const missed = frame.missed ?? [];
  const lastAction = [...missed].reverse().find((m) => m.event?.kind === "action");
  setView(frame.view, frame.room, { game, event: lastAction?.event ?? null, welcome: true });
}

function onEvent(frame) {
  const event = frame.event ?? {};
  if (event.kind === "chat") store.update({ chat: chatFrom(frame, store.state.chat) });
  if (event.kind === "new_game") {
    saved.remove(`deals.${store.state.game?.game_id}`);
    store.update({ deals: [], resultHidden: false, readySeat: null });
  }
  setView(frame.view, frame.room, { event });
}

function onPresence(frame) {
  const room = store.state.room;
  if (!room) return;
  const seats = room.seats.map((s) => {
    const p = frame.seats.find((x) => x.seat === s.seat);
    return p && !s.computer ? { ...s, connected: p.connected } : s;
  });
  // who play waits for, as the server counts it: human seats not taken or not connected
  // a timed hall table plays on while a seat is away (its clock runs): only free seats stop it
  const timed = Boolean(room.hall?.clock);
  const waiting = room.mode === "online"
    ? seats.filter((s) => !s.computer && (!s.taken || (!timed && !s.connected))).map((s) => s.seat)
    : room.waiting_for ?? [];
  store.update({ room: { ...room, seats, waiting_for: waiting } });
  if (waiting.length === 0 && room.waiting_for?.length) afterView();
}

function onError(frame) {
  const quiet = ["stale_state", "busy", "already_hello"];
  store.update({ pending: false });
  if (quiet.includes(frame.code)) return;
  if (frame.code === "chat_flood") {
    // said in the chat, not over the game's status line
    store.update({ chatError: t("chat.flood") });
    setTimeout(() => store.update({ chatError: "" }), 4000);
    return;
  }
  const text = frame.code === "opponent_away" ? t("online.oppAway") : t("error.move", { reason: frame.message ?? frame.code });
  showError(text);
}

function showError(text) {
  clearTimeout(errorTimer);
  store.update({ errorText: text });
  errorTimer = setTimeout(() => store.update({ errorText: "" }), 4000);
}

/** A new view arrived: work out what moved (for the animation and the announcement). */
function setView(view, room, { game = store.state.game, event = null, welcome = false } = {}) {
  const before = store.state.view;
  const patch = { view, room: room ?? store.state.room, game, pending: false };
  if (store.state.errorText === t("loading")) patch.errorText = "";
  // the line: which tile is new, and did it come from the top (another player) or from below
  patch.freshIndex = null;
  patch.freshHand = null;
  const mine = new Set(game?.seats ?? [game?.seat ?? 0]);
  if (event?.kind === "action") {
    const action = parseAction(event.action);
    if (action.kind === "play" && !welcome) {
      patch.freshIndex = action.end === "left" || !action.end ? 0 : (view.line?.length ?? 1) - 1;
      patch.freshFrom = store.state.mode === "hotseat" || mine.has(event.seat) ? "me" : "top";
    }
    const fromOther = store.state.mode === "hotseat" || !mine.has(event.seat);
    if (fromOther) {
      const nameOf = seatNamer({ ...store.state, ...patch });
      let draws = 1;
      if (action.kind === "draw") {
        const history = view.history ?? [];
        draws = 0;
        for (let i = history.length - 1; i >= 0 && history[i].seat === event.seat && history[i].action === "draw"; i--) draws++;
      }
      patch.announce = { event, draws: Math.max(1, draws) };
    }
  }
  if (event && ["new_game", "next_deal"].includes(event.kind)) patch.announce = null;
  if (!(view?.history ?? []).length) patch.announce = null;
  // online: the other player started the next deal; this one's sheet stays until closed
  if (event?.kind === "next_deal" && before?.result && !view?.result && !store.state.resultHidden
      && !store.state.nextAsked && store.state.mode === "online") {
    patch.sheetView = before;
  }
  if (event?.kind === "next_deal" || event?.kind === "new_game") patch.nextAsked = false;
  if (view?.result) patch.sheetView = null;
  if (before?.hand && view?.hand && view.seat === before.seat) {
    const old = new Set(before.hand.map(canonical));
    const fresh = view.hand.map(canonical).filter((x) => !old.has(x));
    if (fresh.length && fresh.length <= 2) patch.freshHand = fresh;
  }
  if (store.state.selected && !legalMoves(view).plays.has(store.state.selected)) patch.selected = null;
  if (!view?.result) patch.resultHidden = false;
  // hot-seat: cover the hand whenever the device passes to the other player
  if (store.state.mode === "hotseat") {
    const toMove = view?.to_move;
    patch.covered = !view?.result && toMove !== null && toMove !== undefined && toMove !== store.state.readySeat;
  }
  // a finished 101 deal goes into the score table
  if (view?.result && view.match) {
    const deals = store.state.deals ?? [];
    if (!deals.some((d) => d.deal === view.match.deal)) {
      const next = [...deals, { deal: view.match.deal, scores: view.match.scores }];
      patch.deals = next;
      saved.set(`deals.${game.game_id}`, next);
    }
  }
  store.update(patch);
  // a slide or a draw is shown once: later redraws (choosing an end, a resize) keep still
  clearTimeout(freshTimer);
  if (patch.freshIndex !== null || patch.freshHand) {
    const motion = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--motion")) || 0;
    freshTimer = setTimeout(() => store.update({ freshIndex: null, freshHand: null }), motion + 600);
  }
  afterView();
}

/** Things that follow a new view: the automatic draw of 101, focus for keyboard players. */
function afterView() {
  const state = store.state;
  const view = state.view;
  clearTimeout(drawTimer);
  if (!view || view.result || state.covered) return;
  if (refocusTable && keyboardUser) {
    // the sheet's button that had focus is gone: the new deal's table takes it, even while
    // another player is to move (the status line then, a tile once it is our turn)
    refocusTable = false;
    requestAnimationFrame(() => ($("[data-hand] [data-playable]") ?? $("[data-actions] .btn:not([hidden])") ?? $("[data-status]"))?.focus());
  }
  if (state.mode === "online" && state.room?.waiting_for?.length) return;
  const mySeat = viewSeat(state);
  if (view.to_move !== mySeat) return;
  const legal = view.legal ?? [];
  if (view.rules?.draw_rule === "one_then_pass" && legal.length === 1 && legal[0] === "draw") {
    drawTimer = setTimeout(() => send("draw"), 450);
    return;
  }
  // keyboard players keep going: when focus was lost with the old tiles, put it on a move
  // (not for touch and mouse players: a focus ring on a phone only puzzles)
  if (!keyboardUser) return;
  requestAnimationFrame(() => {
    const active = document.activeElement;
    // a real control keeps focus; the status line (a place to wait) or a hidden one does not
    const kept = active && active !== document.body && active.isConnected
      && !active.matches("[data-status]") && active.checkVisibility?.() !== false;
    if (kept) return;
    ($("[data-hand] [data-playable]") ?? $("[data-actions] .btn:not([hidden])"))?.focus();
  });
}


let keyboardUser = false;
/** Set when a keyboard player closes a sheet for a new game or deal: see afterView. */
let refocusTable = false;
document.addEventListener("keydown", (ev) => {
  if (["Tab", "Enter", " ", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(ev.key)) keyboardUser = true;
}, true);
document.addEventListener("pointerdown", () => { keyboardUser = false; }, true);

// ---------------------------------------------------------------- moves

function send(action) {
  const state = store.state;
  if (!conn || state.pending || state.room?.hall?.over) return; // a loss on time ends play
  const seat = state.mode === "hotseat" ? state.view?.to_move ?? null : null;
  if (conn.move(action, seat) !== null) store.update({ pending: true, selected: null });
}

function tapTile(tile) {
  const state = store.state;
  const view = state.view;
  if (!view || state.pending) return;
  if (state.selected === tile) {
    store.update({ selected: null });
    return;
  }
  const ends = legalMoves(view).plays.get(tile) ?? [];
  if (ends.length === 1) {
    send(playAction(view, tile, ends[0]));
    return;
  }
  if (ends.length === 2 && view.ends && view.ends[0] === view.ends[1]) {
    // both ends show the same value: either end makes the same game, so no question asked;
    // the shorter arm takes it, which keeps the line balanced on the table
    const lead = leadIndex(view.history);
    const leftArm = lead;
    const rightArm = (view.line?.length ?? 0) - 1 - lead;
    send(playAction(view, tile, leftArm < rightArm ? "left" : "right"));
    return;
  }
  store.update({ selected: tile });
  $('[data-choose] [data-action="end-left"]')?.focus();
}

function chooseEnd(end) {
  const state = store.state;
  if (!state.selected) return;
  const action = playAction(state.view, state.selected, end);
  if (action) send(action);
}

// ---------------------------------------------------------------- online lobby

function renderLobby() {
  const box = $("[data-lobby-presets]");
  if (box.dataset.lang === store.state.lang) return;
  box.dataset.lang = store.state.lang;
  presetRadios(box, "lobby-preset", presetFor("online"));
  targetRadios(box, "lobby-target", targetsFor("online"));
  playersRadios(box, "lobby-players", playersIn(rulesFor("online")));
}

function lobbyMessage(text) {
  $("[data-lobby-msg]").textContent = text;
}

/** The name the opponent sees: the hall's stored one, else Telegram's; asked for once when
 * neither is there. Undefined when skipped: the opponent then sees the default word. */
async function onlineName() {
  const known = storedName() ?? telegram?.name ?? null;
  if (known || saved.get("name.skipped", false)) return known ?? undefined;
  const answer = await askName($("[data-name-ask]"));
  if (answer.name) saved.set("name", answer.name);
  else if (answer.skipped) saved.set("name.skipped", true); // asked once: not again
  return answer.name ?? undefined;
}

async function createRoom() {
  const rules = chosenRules($("[data-lobby-presets]"));
  saveRules("online", rules);
  const name = await onlineName();
  lobbyMessage(t("loading"));
  try {
    const created = await createGame({ mode: "online", rules, name });
    saved.set(gameKey("online", created.game_id), created);
    saved.set("online.current", created.game_id);
    saved.set("mode", "online");
    lobbyMessage("");
    history.replaceState(null, "", `#room=${created.game_id}`);
    openRoom("online", created);
  } catch (err) {
    lobbyMessage(t(err instanceof ApiError && err.code === "invalid_rules" ? "error.rules" : "error.server"));
  }
}

async function joinByInvite(gameId, invite) {
  const mine = saved.get(gameKey("online", gameId));
  saved.set("mode", "online");
  if (mine?.token) {
    saved.set("online.current", gameId);
    history.replaceState(null, "", `#room=${gameId}`);
    openRoom("online", mine);
    return;
  }
  store.update({ screen: "lobby" });
  const name = await onlineName();
  lobbyMessage(t("online.joining"));
  try {
    const joined = await joinGame(gameId, invite, name).catch(async (err) => {
      // a seat at a hall table needs a name (strangers see it): ask, even if skipped before
      if (!(err instanceof ApiError && err.code === "bad_name")) throw err;
      const asked = (await askName($("[data-name-ask]"))).name;
      if (!asked) throw err;
      saved.set("name", asked);
      return joinGame(gameId, invite, asked);
    });
    saved.set(gameKey("online", gameId), joined);
    saved.set("online.current", gameId);
    lobbyMessage("");
    history.replaceState(null, "", `#room=${gameId}`);
    openRoom("online", joined);
  } catch (err) {
    const code = err instanceof ApiError ? err.code : "";
    lobbyMessage(code === "room_full" ? t("online.full") : code === "network" ? t("error.server")
      : code === "bad_name" ? t("hall.nameBad") : t("online.notFound"));
  }
}

function openOnline(gameId) {
  const mine = saved.get(gameKey("online", gameId));
  if (!mine?.token) {
    show("lobby", "#online");
    lobbyMessage(t("online.notFound"));
    return;
  }
  saved.set("online.current", gameId);
  saved.set("mode", "online");
  openRoom("online", mine);
}

// ---------------------------------------------------------------- dialogs

function closeDialogs() {
  for (const d of $$("dialog")) if (d.open) d.close();
}

function openSettings() {
  const dialog = $("[data-settings]");
  const mode = store.state.mode;
  const rules = store.state.room?.rules ?? rulesFor(mode);
  presetRadios($("[data-settings-presets]"), "settings-preset", rules.preset);
  targetRadios($("[data-settings-presets]"), "settings-target", targetsFor(mode, rules));
  playersRadios($("[data-settings-presets]"), "settings-players", playersIn(rules));
  const levels = $("[data-settings-levels]");
  levelRadios(levels, "settings-level", store.state.room?.level ?? store.state.level);
  levels.hidden = mode !== "computer";
  $("[data-settings-level-note]").hidden = mode !== "computer";
  dialog.showModal();
}

function saveSettings() {
  const mode = store.state.mode;
  const rules = chosenRules($("[data-settings-presets]"), null);
  const level = $("[data-settings-levels] input:checked")?.value;
  $("[data-settings]").close();
  if (mode === "computer" && level && LEVELS.includes(level)) {
    saved.set("level", level);
    store.update({ level });
    if (conn && level !== store.state.room?.level) {
      conn.send({ type: "set_level", level });
      store.update({ room: { ...store.state.room, level } });
    }
  }
  const current = store.state.room?.rules ?? rulesFor(mode);
  const changed = rules.preset !== current.preset || (rules.target && rules.target !== current.target)
    || playersIn(rules) !== playersIn(current);
  if (PRESETS.includes(rules.preset) && changed) {
    saveRules(mode, rules);
    startLocal(mode, { fresh: true });
  }
}

// ---------------------------------------------------------------- input wiring

function onAction(name, button) {
  const state = store.state;
  switch (name) {
    case "menu": $("[data-menu]").showModal(); break;
    case "settings": openSettings(); break;
    case "close-dialog": button.closest("dialog")?.close(); break;
    case "settings-cancel": $("[data-settings]").close(); break;
    case "settings-save": saveSettings(); break;
    case "start-computer": startLocal("computer"); break;
    case "start-hotseat": startLocal("hotseat"); break;
    case "start-online": {
      const current = saved.get("online.current");
      if (current && saved.get(gameKey("online", current))?.token && state.screen !== "table") {
        history.replaceState(null, "", `#room=${current}`);
        openOnline(current);
      } else {
        saved.set("mode", "online");
        show("lobby", "#online");
      }
      break;
    }
    case "create-room": createRoom(); break;
    case "open-hall": show("hall", "#hall"); break;
    case "chat-toggle": toggleChat(); render(); break;
    case "open-tutorial":
      tutorial.reset();
      show("tutorial", "#tutorial");
      break;
    case "tut-restart": tutorial.reset(); tutorial.render(); break;
    case "open-rules": show("rules", "#rules"); break;
    case "open-tips": show("tips", "#tips"); break;
    case "draw": send("draw"); break;
    case "pass": send("pass"); break;
    case "redeal": send("redeal"); break;
    case "end-left": chooseEnd("left"); break;
    case "end-right": chooseEnd("right"); break;
    case "new-game":
      if (state.resigned) {
        store.update({ resigned: null });
        focusTable();
        break;
      }
      refocusTable = true;
      if (conn) conn.send({ type: "rematch" });
      if (state.mode !== "online") store.update({ resultHidden: true });
      focusTable();
      break;
    case "rematch-cancel": conn?.send({ type: "rematch_cancel" }); break;
    case "next-deal":
      if (state.sheetView) {
        store.update({ sheetView: null });
        focusTable();
        break;
      }
      refocusTable = true;
      store.update({ nextAsked: true });
      if (conn) conn.send({ type: "next_deal", state_no: conn.stateNo });
      focusTable();
      break;
    case "hide-result": store.update({ resultHidden: true, sheetView: null, resigned: null }); break;
    case "resign": resignOrRestart("resign"); break;
    case "restart": resignOrRestart("restart"); break;
    case "cover-menu": $("[data-menu]").showModal(); break;
    case "show-result": store.update({ resultHidden: false }); break;
    case "ready":
      // before the first view nobody is to move yet: lifting now would cover again at once
      if (!state.view) break;
      store.update({ covered: false, readySeat: state.view.to_move ?? null });
      afterView();
      requestAnimationFrame(() => ($("[data-hand] [data-playable]") ?? $("[data-actions] .btn:not([hidden])"))?.focus());
      break;
    case "copy-invite": copyInvite(button); break;
    case "share-invite":
      navigator.share?.({ title: t("appTitle"), url: state.inviteLink }).catch(() => {});
      break;
    case "reset-room": conn?.send({ type: "reset" }); break;
    case "seat-computer": conn?.send({ type: "seat_computer", seat: Number(button.dataset.seat) }); break;
    case "toggle-lang": {
      const lang = language() === "ru" ? "en" : "ru";
      saved.set("lang", lang);
      applyLanguage(lang);
      break;
    }
    case "reconnect-here": conn?.open(); break;
    default: break;
  }
}

/** «Сдаться» / «Заново» (computer and hot-seat): asked once more, then a fresh deal at once,
 * so a reload never brings the abandoned one back. */
async function resignOrRestart(kind) {
  $("[data-menu]").close();
  const ok = await confirmDialog($("[data-confirm]"), t(kind === "resign" ? "confirm.resign" : "confirm.restart"));
  if (!ok || !conn) return;
  const state = store.state;
  const seat = state.mode === "hotseat" ? state.view?.to_move ?? 0 : viewSeat(state);
  const resigned = kind === "resign" ? { seat, name: seatNamer(state)(seat) } : null;
  saved.remove(`deals.${state.game?.game_id}`);
  store.update({ resigned, resultHidden: false, sheetView: null, deals: [], selected: null });
  conn.send({ type: "rematch" });
}

/** After a sheet closes by keyboard, focus goes back to the table, not to the page's top. */
function focusTable() {
  if (!keyboardUser) return;
  requestAnimationFrame(() => {
    const target = $("[data-hand] [data-playable]") ?? $("[data-actions] .btn:not([hidden])") ?? $("[data-status]");
    target?.focus();
  });
}

async function copyInvite(button) {
  const link = store.state.inviteLink ?? "";
  const input = $("[data-invite-link]");
  try {
    await navigator.clipboard.writeText(link);
  } catch {
    input.select();
    try { document.execCommand("copy"); } catch { /* the link stays selected for the player */ }
  }
  button.textContent = t("online.copied");
  setTimeout(() => { button.textContent = t("online.copy"); }, 1500);
}

document.addEventListener("click", (ev) => {
  const button = ev.target.closest("[data-action]");
  if (button) {
    onAction(button.dataset.action, button);
    return;
  }
  // a tap elsewhere on the table cancels a chosen tile
  if (store.state.selected && ev.target.closest("[data-screen=table]") && !ev.target.closest(".end-marker")) {
    store.update({ selected: null });
  }
});

document.addEventListener("change", (ev) => {
  if (ev.target.matches("[data-lang]")) {
    saved.set("lang", ev.target.value);
    applyLanguage(ev.target.value);
    for (const box of $$("[data-lobby-presets]")) delete box.dataset.lang;
    render();
  }
});

document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape" && store.state.selected) {
    const tile = store.state.selected;
    store.update({ selected: null });
    const back = () => $(`[data-hand] [data-tile="${tile}"]`)?.focus();
    back();
    requestAnimationFrame(back);
    ev.preventDefault();
    return;
  }
  const tile = ev.target.closest?.(".hand-tile");
  if (!tile) return;
  const tiles = $$(".hand-tile", tile.parentElement);
  const i = tiles.indexOf(tile);
  let next = null;
  if (ev.key === "ArrowRight" || ev.key === "ArrowDown") next = tiles[i + 1];
  else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") next = tiles[i - 1];
  else if (ev.key === "Home") next = tiles[0];
  else if (ev.key === "End") next = tiles.at(-1);
  if (next) {
    next.focus();
    next.scrollIntoView({ block: "nearest", inline: "nearest" });
    ev.preventDefault();
  }
});

$("[data-settings]").addEventListener("cancel", () => { /* Escape: nothing changes */ });

let resizeTimer = null;
window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(render, 120);
});

window.addEventListener("hashchange", () => route());

// a tile can also be dragged onto an end
enableDrag($("[data-hand]"), {
  ends: (tile) => (store.state.pending ? [] : legalMoves(store.state.view).plays.get(tile) ?? []),
  play: (tile, end) => {
    const action = playAction(store.state.view, tile, end);
    if (action) send(action);
  },
  board: () => $("[data-board]"),
});

// the line is laid out for the board's size: lay it out again whenever that changes
new ResizeObserver(() => {
  if (store.state.screen === "table") render();
}).observe($("[data-board]"));

// ---------------------------------------------------------------- start

function route() {
  const hash = decodeURIComponent(location.hash.replace(/^#/, ""));
  if (/tgWebApp/.test(hash)) return false;
  let m = /^join=([^.]+)\.(.+)$/.exec(hash);
  if (m) { joinByInvite(m[1], m[2]); return true; }
  m = /^room=(.+)$/.exec(hash);
  if (m) { openOnline(m[1]); return true; }
  if (hash === "computer" || hash === "hotseat") {
    if (store.state.mode !== hash || store.state.screen !== "table") startLocal(hash);
    return true;
  }
  if (hash === "online") { show("lobby"); return true; }
  if (hash === "hall") { show("hall"); return true; }
  m = /^watch=(.+)$/.exec(hash);
  if (m) { openWatch(m[1]); return true; }
  if (hash === "tutorial") { tutorial.reset(); show("tutorial"); return true; }
  if (hash === "rules" || hash === "tips") { show(hash); return true; }
  if (hash === "home") { show("home"); return true; }
  return false;
}

async function start() {
  tutorial = new Tutorial($("[data-screen=tutorial]"));
  $("[data-home-tiles]").append(...[[6, 6], [6, 1], [1, 4], [4, 4], [4, 0]].map(([a, b]) => tileSvg(a, b, { vertical: a === b })));
  applyLanguage(saved.get("lang", null) ?? "ru");
  telegram = await initTelegram().catch(() => null);
  if (telegram && !saved.get("lang", null) && telegram.user?.language_code?.startsWith("en")) applyLanguage("en");
  if (telegram?.join) {
    joinByInvite(telegram.join.gameId, telegram.join.invite);
  } else if (!route()) {
    const mode = saved.get("mode", null);
    const current = saved.get("online.current", null);
    if (mode === "computer" || mode === "hotseat") {
      if (saved.get(gameKey(mode))) startLocal(mode);
      else show("home");
    } else if (mode === "online" && current && saved.get(gameKey("online", current))) {
      history.replaceState(null, "", `#room=${current}`);
      openOnline(current);
    } else {
      show("home");
    }
  }
  render();
}

// ---------------------------------------------------------------- the hall (seed 003)

const hallScreen = new HallScreen($("[data-screen=hall]"), {
  defaultName: () => telegram?.name ?? null,
  enter: (record) => {
    hallScreen.close();
    saved.set(gameKey("online", record.game_id), record);
    saved.set("online.current", record.game_id);
    saved.set("mode", "online");
    history.replaceState(null, "", `#room=${record.game_id}`);
    openRoom("online", record);
  },
  watch: (gameId) => openWatch(gameId),
});

/** A spectator at a public table: the seat-less view drawn as if from no seat (no hand). */
function openWatch(gameId) {
  hallScreen.close();
  leaveGame();
  history.replaceState(null, "", `#watch=${gameId}`);
  store.update({
    screen: "table", mode: "watch", game: { game_id: gameId, seat: -1, seats: [] }, chat: [],
    errorText: "", resultHidden: true, pending: false, deals: [], inviteLink: null, covered: false,
  });
  // the view is seat-less (protocol 2: seat null, no hand, no legal moves): the table draws it
  // with an empty hand from seat 1's side (seats_model.js sideSeat) and never offers a move
  const asView = (view) => ({ hand: [], legal: [], lead_options: [], ...view });
  conn = new WatchConnection(gameId);
  conn.addEventListener("watching", (ev) => {
    store.update({ chat: chatFrom(ev.detail, []) });
    setView(asView(ev.detail.view), ev.detail.room, { welcome: true });
  });
  conn.addEventListener("event", (ev) => {
    store.update({ chat: chatFrom(ev.detail, store.state.chat) });
    setView(asView(ev.detail.view), ev.detail.room, { event: ev.detail.event });
  });
  conn.addEventListener("presence", (ev) => onPresence(ev.detail));
  conn.addEventListener("error", (ev) => showError(ev.detail.message ?? ev.detail.code));
  conn.addEventListener("status", (ev) => {
    store.update({ conn: ev.detail });
    if (ev.detail === "not_found") show("hall", "#hall");
  });
  conn.open();
}

$("[data-chat-form]").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const input = $("[data-chat-input]");
  const text = input.value.trim();
  if (!text || !conn || store.state.mode !== "online") return;
  if (conn.send({ type: "chat", text }) !== null) input.value = "";
});

// a hook for tests and debugging: the store, read-only use
globalThis.doublesix = { store, version: PROTOCOL, MODES, connection: () => conn };

start();
