// @ts-check
// The client's entry: boots the store, the router (hash ⇄ screen) and the screens, renders the
// open screen whenever the store changes, and holds the one delegated click and keydown
// listener, which hands an element's data-action to the open dialog's, the open screen's or
// the shell's `actions`. The server decides what is legal; screens only send what it offers.
//
// A new screen: a module in screens/ with open(params), close(), render(state) and `actions`
// (see screens/home.js, the smallest), a line in SCREENS below, a <section data-screen> in
// index.html and its hash in router.js. The table, with most of the modules, loads when
// first shown: a first visit fetches the light screens only (their buttons answer at once).

import { language, setLanguage, t } from "./i18n.js";
import * as prefs from "./prefs.js";
import { PROTOCOL } from "./net.js";
import { loadCatalogue } from "./presets.js";
import { format, parse } from "./router.js";
import { $, $$, shell, store } from "./shell.js";
import { initTelegram } from "./telegram.js";
import * as confirmDialog from "./dialogs/confirm.js";
import * as menuDialog from "./dialogs/menu.js";
import * as nameDialog from "./dialogs/name.js";
import * as settingsDialog from "./dialogs/settings.js";
import * as hall from "./screens/hall.js";
import * as home from "./screens/home.js";
import * as leaders from "./screens/leaders.js";
import * as lobby from "./screens/lobby.js";
import * as pages from "./screens/pages.js";
import * as profile from "./screens/profile.js";
import * as tutorial from "./screens/tutorial.js";

/** @typedef {import("./types.js").Route} Route */
/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Screen} ScreenName */
/**
 * A screen or a dialog: what main.js calls on it.
 * @typedef {object} View
 * @property {(params: any) => any} open
 * @property {() => void} close
 * @property {(state: State) => void} render
 * @property {Record<string, (el: HTMLElement, ev: Event) => void>} actions
 * @property {(ev: KeyboardEvent) => void} [keydown]
 * @property {(ev: MouseEvent) => void} [click] a click on no action (the table: cancel a choice)
 * @property {() => any} [connection]
 */

const MODES = ["computer", "hotseat", "online"];

/** @type {Record<ScreenName, () => Promise<View>>} */
const SCREENS = {
  home: async () => home,
  table: () => import("./screens/table.js"),
  lobby: async () => lobby,
  hall: async () => hall,
  tutorial: async () => tutorial,
  rules: async () => pages,
  tips: async () => pages,
  profile: async () => profile,
  leaders: async () => leaders,
  past: () => import("./screens/past.js"),
};

/** The dialogs, by name, and the <dialog> each one owns. */
const DIALOGS = {
  menu: { view: menuDialog, sel: "[data-menu]" },
  settings: { view: settingsDialog, sel: "[data-settings]" },
  confirm: { view: confirmDialog, sel: "[data-confirm]" },
  name: { view: nameDialog, sel: "[data-name-ask]" },
};

/** The screens and dialogs at hand (the table once first shown). @type {Map<string, View>} */
const loaded = new Map([["home", home], ["lobby", lobby], ["hall", hall], ["tutorial", tutorial], ["rules", pages], ["tips", pages], ["profile", profile], ["leaders", leaders],
  ...Object.entries(DIALOGS).map(([name, d]) => /** @type {[string, View]} */ ([`dialog:${name}`, d.view]))]);
/** @type {View|null} the screen opened last */
let current = null;
let navigation = 0;

/** @param {ScreenName} name */
async function screen(name) {
  let view = loaded.get(name);
  if (!view) {
    view = await SCREENS[name]();
    loaded.set(name, view);
  }
  return view;
}

// ---------------------------------------------------------------- going places

/** Show *route*: close the dialogs and the open screen, open the next with its params. With
 * `hash`, the address bar shows the route (without it, it already does or must stay as it is). */
async function go(/** @type {Route} */ route, { hash = true } = {}) {
  const ticket = ++navigation;
  const next = await screen(route.screen);
  if (ticket !== navigation) return; // a later navigation won
  closeDialogs();
  if (hash) setHash(format(route));
  current?.close();
  current = next;
  // a table shows itself once it knows what it opens (creating, a seat, a watched table)
  if (route.screen !== "table") store.show(route.screen);
  await next.open(route.params);
}

function setHash(/** @type {string} */ hash) {
  if (location.hash !== hash) history.replaceState(null, "", hash || location.pathname);
}

function closeDialogs() {
  for (const d of $$("dialog")) if (/** @type {HTMLDialogElement} */ (d).open) /** @type {HTMLDialogElement} */ (d).close();
}

/** The route of the address bar, when it names one (a table already open stays open). */
function route() {
  const next = parse(location.hash);
  if (!next) return false;
  const state = store.state;
  const local = next.screen === "table" && (next.params.mode === "computer" || next.params.mode === "hotseat");
  if (local && state.screen === "table" && state.mode === next.params.mode) return true;
  go(next, { hash: false });
  return true;
}

// ---------------------------------------------------------------- text and rendering

function applyLanguage(/** @type {string} */ lang) {
  setLanguage(lang);
  document.documentElement.lang = language();
  for (const node of $$("[data-i18n]")) node.textContent = t(/** @type {string} */ (node.dataset.i18n));
  for (const node of $$("[data-i18n-label]")) {
    node.setAttribute("aria-label", t(/** @type {string} */ (node.dataset.i18nLabel)));
    node.title = t(/** @type {string} */ (node.dataset.i18nLabel));
  }
  for (const input of /** @type {HTMLInputElement[]} */ ($$("[data-lang]"))) input.checked = input.value === language();
  const toggle = $('[data-action="toggle-lang"]');
  toggle.textContent = language() === "ru" ? "English" : "Русский";
  toggle.lang = language() === "ru" ? "en" : "ru";
  store.setLanguage(language());
}

function titleFor(/** @type {State} */ state) {
  const base = t("appTitle");
  const tableMode = state.mode === "online" && state.room?.hall ? "hall" : state.mode;
  /** @type {Partial<Record<ScreenName, string|null>>} */
  const subs = {
    table: tableMode && t(tableMode === "hotseat" ? "title.hotseat" : `mode.${tableMode}`), tutorial: t("mode.tutorial"),
    rules: t("mode.rules"), tips: t("mode.tips"), lobby: t("mode.online"), hall: t("mode.hall"),
    profile: t("mode.profile"), past: t("mode.past"), leaders: t("mode.leaders"),
  };
  const sub = subs[state.screen];
  return sub ? `${base} · ${sub}` : base;
}

function render() {
  const state = store.state;
  for (const section of $$("[data-screen]")) section.hidden = section.dataset.screen !== state.screen;
  const title = titleFor(state);
  $("[data-title]").textContent = title;
  document.title = title;
  // hidden but still taking its place, so the title stays centred (online: switches only)
  $('[data-action="settings"]').style.visibility = state.screen === "table" ? "" : "hidden";
  const banner = $("[data-banner]");
  const bannerText = prefs.lasting() ? "" : t("storage.none");
  banner.textContent = bannerText;
  banner.hidden = !bannerText;
  if (state.screen !== "table") for (const sel of ["[data-result]", "[data-cover]", "[data-replaced]"]) $(sel).hidden = true;
  const view = loaded.get(state.screen);
  // a screen shown by a test's store.update before it was ever opened: load it, then draw
  if (view) view.render(state);
  else screen(state.screen).then(render, () => {});
  for (const [key, d] of loaded) if (key.startsWith("dialog:")) d.render(state);
  // while a sheet or a cover is up, the table behind it is out of reach (Tab stays on top)
  /** @type {HTMLElement & { inert: boolean }} */ ($("[data-app]")).inert = ["[data-result]", "[data-cover]", "[data-replaced]"].some((sel) => !$(sel).hidden);
  shell.telegram?.follow(state, () => go({ screen: "home", params: {} }));
}

// ---------------------------------------------------------------- the shell's own actions

/** Actions the topbar, the home screen and the menu share; screens and dialogs go first. */
/** @type {Record<string, (el: HTMLElement, ev: Event) => void>} */
const ACTIONS = {
  menu: () => { shell.dialog("menu"); },
  "cover-menu": () => { shell.dialog("menu"); },
  settings: () => { shell.dialog("settings"); },
  "close-dialog": (el) => { /** @type {HTMLDialogElement|null} */ (el.closest("dialog"))?.close(); },
  "start-computer": () => { go({ screen: "table", params: { mode: "computer" } }); },
  "start-hotseat": () => { go({ screen: "table", params: { mode: "hotseat" } }); },
  "start-online": () => {
    const room = prefs.currentRoom();
    if (room && prefs.seatRecord("online", room)?.token && store.state.screen !== "table") {
      go({ screen: "table", params: { mode: "online", room } });
    } else {
      prefs.setLastMode("online");
      go({ screen: "lobby", params: {} });
    }
  },
  // open-hall, open-profile, …: a screen with nothing to choose before it opens
  ...Object.fromEntries(/** @type {ScreenName[]} */ (["hall", "tutorial", "rules", "tips", "profile", "leaders"])
    .map((screen) => [`open-${screen}`, () => { go({ screen, params: {} }); }])),
  "toggle-lang": () => {
    const lang = language() === "ru" ? "en" : "ru";
    prefs.setLang(lang);
    applyLanguage(lang);
  },
};

/** The dialog module that owns the open <dialog> *el* is in, if any. */
function dialogOf(/** @type {Element} */ el) {
  const box = el.closest("dialog");
  if (!box) return null;
  for (const [name, d] of Object.entries(DIALOGS)) {
    if (box.matches(d.sel)) return loaded.get(`dialog:${name}`) ?? null;
  }
  return null;
}

document.addEventListener("click", (ev) => {
  const target = /** @type {Element} */ (ev.target);
  const el = /** @type {HTMLElement|null} */ (target.closest?.("[data-action],[data-hall]"));
  if (!el) {
    loaded.get(store.state.screen)?.click?.(ev);
    return;
  }
  const name = /** @type {string} */ (el.dataset.action ?? el.dataset.hall);
  const owner = dialogOf(el);
  const act = owner?.actions[name] ?? loaded.get(store.state.screen)?.actions[name] ?? ACTIONS[name];
  act?.(el, ev);
});

document.addEventListener("keydown", (ev) => { loaded.get(store.state.screen)?.keydown?.(ev); });

// how the player moves about, seen before any handler runs: focus follows moves only for keys
document.addEventListener("keydown", (ev) => {
  if (["Tab", "Enter", " ", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(ev.key)) shell.keyboardUser = true;
}, true);
document.addEventListener("pointerdown", () => { shell.keyboardUser = false; }, true);

document.addEventListener("change", (ev) => {
  const input = /** @type {HTMLInputElement} */ (ev.target);
  if (input.matches("[data-lang]")) {
    prefs.setLang(input.value);
    applyLanguage(input.value);
  }
});

/** A form's submit goes to the action its data-submit names (the chat line, the name question). */
document.addEventListener("submit", (ev) => {
  const form = /** @type {HTMLFormElement} */ (ev.target);
  const name = form.dataset.submit;
  if (!name) return;
  const act = dialogOf(form)?.actions[name] ?? loaded.get(store.state.screen)?.actions[name];
  act?.(form, ev);
});

let resizeTimer = 0;
window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(render, 120);
});
// a hash followed while the page starts is start()'s to read (its screen needs the catalogue)
let started = false;
window.addEventListener("hashchange", () => { if (started) route(); });

// ---------------------------------------------------------------- start

shell.go = go;
shell.render = render;
shell.dialog = async (name, params) => DIALOGS[/** @type {keyof typeof DIALOGS} */ (name)].view.open(params);
store.addEventListener("change", render);

async function start() {
  // the game types and levels every choice is built from, fetched while Telegram starts
  const catalogue = loadCatalogue().catch(() => { /* no server: the first request says so */ });
  applyLanguage(prefs.lang() ?? "ru");
  const telegram = await initTelegram().catch(() => /** @type {null} */ (null));
  await catalogue;
  store.setLevel(prefs.level());
  shell.telegram = telegram;
  if (telegram && !prefs.lang() && telegram.user?.language_code?.startsWith("en")) applyLanguage("en");
  started = true;
  if (telegram?.join) {
    go({ screen: "lobby", params: { join: telegram.join.gameId, invite: telegram.join.invite } }, { hash: false });
  } else if (!route()) {
    const mode = prefs.lastMode();
    const room = prefs.currentRoom();
    if (mode === "computer" || mode === "hotseat") {
      if (prefs.seatRecord(mode)) go({ screen: "table", params: { mode } });
      else go({ screen: "home", params: {} }, { hash: false });
    } else if (mode === "online" && room && prefs.seatRecord("online", room)) {
      go({ screen: "table", params: { mode: "online", room } });
    } else {
      go({ screen: "home", params: {} }, { hash: false });
    }
  }
  render();
}

// a hook for tests and debugging: the store, read-only use
/** @type {any} */ (globalThis).doublesix = { store, version: PROTOCOL, MODES, connection: () => loaded.get("table")?.connection?.() ?? null };

start();
