// @ts-check
// Telegram Mini App support. Outside Telegram nothing here does anything. Inside it, the page
// follows Telegram's theme colours and viewport, sends `initData` to the server (which checks
// its signature) and takes the player's name from the answer; a `startapp` parameter that
// carries a room invite joins that room. At the table (issue 24): its haptics for the moves,
// its BackButton off the first screen, a confirmation before closing during a deal, and the
// invite shared through Telegram's own share sheet.

import { telegramAuth } from "./net.js";
import { telegramSignIn } from "./profile.js";

/** Telegram's WebApp object (telegram-web-app.js), as far as this module reads it. @typedef {any} WebApp */
/** @type {{ Telegram?: { WebApp?: WebApp } }} */
const scope = /** @type {any} */ (globalThis);

/** Telegram's WebApp when this page runs inside Telegram (its script is loaded only then). */
export function telegramApp() {
  return scope.Telegram?.WebApp ?? null;
}

/** True when the page was opened by Telegram (launch parameters in the URL fragment). */
/** @param {{ hash: string, search: string }} [loc] */
export function launchedByTelegram(loc = globalThis.location) {
  return /tgWebApp(Data|Version|Platform)=/.test(loc.hash) || /tgWebApp/.test(loc.search);
}

/** Load telegram-web-app.js only when Telegram opened us: never in tests, never on the web. */
/** @returns {Promise<WebApp|null>} */
export function loadTelegramScript() {
  if (scope.Telegram?.WebApp || !launchedByTelegram()) return Promise.resolve(null);
  return new Promise((resolve) => {
    const script = document.createElement("script");
    script.src = "https://telegram.org/js/telegram-web-app.js";
    script.onload = () => resolve(scope.Telegram?.WebApp ?? null);
    script.onerror = () => resolve(null);
    document.head.append(script);
  });
}

/** @type {Record<string, string>} */
const THEME_VARS = {
  bg_color: "--tg-bg",
  secondary_bg_color: "--tg-bg-dark",
  text_color: "--tg-text",
  button_color: "--tg-button",
  button_text_color: "--tg-button-text",
};

/** @param {WebApp} app */
function applyTheme(app) {
  const params = app.themeParams ?? {};
  const root = document.documentElement;
  for (const [key, cssVar] of Object.entries(THEME_VARS)) {
    if (params[key]) root.style.setProperty(cssVar, params[key]);
  }
  if (app.colorScheme) root.dataset.tgScheme = app.colorScheme;
}

/** @param {WebApp} app */
function applyViewport(app) {
  const height = app.viewportStableHeight || app.viewportHeight;
  if (height) document.documentElement.style.setProperty("--app-height", `${height}px`);
}

/**
 * A room invite from `startapp`: "<game_id>.<invite>" or, since Telegram allows only
 * [A-Za-z0-9_-] there, "g<len of id in base 36><game_id><invite>".
 * @param {unknown} param
 * @returns {{ gameId: string, invite: string }|null}
 */
export function parseStartParam(param) {
  if (!param || typeof param !== "string") return null;
  const dot = param.indexOf(".");
  if (dot > 0) return { gameId: param.slice(0, dot), invite: param.slice(dot + 1) };
  const m = /^g([0-9a-z])(.+)$/.exec(param);
  if (!m) return null;
  const len = parseInt(m[1], 36);
  if (m[2].length <= len) return null;
  return { gameId: m[2].slice(0, len), invite: m[2].slice(len) };
}

/** @param {string} gameId @param {string} invite */
export function makeStartParam(gameId, invite) {
  return `g${gameId.length.toString(36)}${gameId}${invite}`;
}

/** @typedef {{ app: WebApp, name: string|null, user: any, join: { gameId: string, invite: string }|null,
 *   follow: (state: import("./types.js").State, home: () => void) => void }} Session */

/**
 * Set up the Mini App; resolves to {app, name, user, join, follow} or null outside Telegram
 * (`follow` keeps Telegram's chrome in step with the screen: telegramScreen).
 * @returns {Promise<Session|null>}
 */
export async function initTelegram() {
  const app = scope.Telegram?.WebApp ?? (await loadTelegramScript());
  if (!app || typeof app !== "object") return null;
  try {
    app.ready?.();
    app.expand?.();
  } catch {
    // an old client: the page still works
  }
  applyTheme(app);
  applyViewport(app);
  app.onEvent?.("themeChanged", () => applyTheme(app));
  app.onEvent?.("viewportChanged", () => applyViewport(app));
  /** @type {Session} */
  const result = { app, name: null, user: null, join: parseStartParam(app.initDataUnsafe?.start_param),
    follow: (state, home) => telegramScreen(app, state, home) };
  if (app.initData) {
    try {
      const answer = await telegramAuth(app.initData);
      result.user = answer.user ?? null;
      result.name = answer.display_name ?? answer.user?.first_name ?? null;
      // the profile is the Telegram user's: this browser's guest profile is attached to it
      // or folded into it (docs/protocol.md, "Profiles and history")
      await telegramSignIn(app.initData).catch(() => /** @type {null} */ (null));
    } catch {
      // not verified (no bot token on this server, or stale data): play without the name
    }
  }
  return result;
}

/** Telegram's haptic for a table cue (cues.js): a light tap for a tile, a notification for
 * «Ваш ход» and for a deal won or lost. Old clients without HapticFeedback: nothing.
 * @param {WebApp} app @param {string} cue */
export function haptic(app, cue) {
  const feel = app.HapticFeedback;
  if (!feel) return;
  try {
    if (cue === "tile" || cue === "draw") feel.impactOccurred?.("light");
    else if (cue === "turn") feel.notificationOccurred?.("warning");
    else if (cue === "won") feel.notificationOccurred?.("success");
    else if (cue === "lost") feel.notificationOccurred?.("error");
  } catch {
    // a client that lacks the method: the game goes on without it
  }
}

/** @type {(() => void)|null} */
let backHandler = null;

/**
 * Telegram's own chrome for the open screen: BackButton everywhere but the first screen (it
 * runs *back*), and closing confirmation while a deal is being played, so a swipe down does not
 * drop a game in progress by mistake.
 * @param {WebApp} app
 * @param {{ home: boolean, inDeal: boolean, back: () => void }} where
 */
export function telegramChrome(app, { home, inDeal, back }) {
  try {
    const button = app.BackButton;
    if (button) {
      if (backHandler) button.offClick?.(backHandler);
      backHandler = back;
      button.onClick?.(backHandler);
      if (home) button.hide?.();
      else button.show?.();
    }
    if (inDeal) app.enableClosingConfirmation?.();
    else app.disableClosingConfirmation?.();
  } catch {
    // an old client: the page still works
  }
}

/** Telegram's chrome for the screen *state* shows (nothing outside Telegram): a deal being
 * played asks before closing; *home* is where BackButton leads. @param {WebApp|null|undefined} app
 * @param {import("./types.js").State} state @param {() => void} home */
export function telegramScreen(app, state, home) {
  if (!app) return;
  const inDeal = state.screen === "table" && state.mode !== "watch" && Boolean(state.view && !state.view.result);
  telegramChrome(app, { home: state.screen === "home", inDeal, back: home });
}

/** The t.me share link of an invite: Telegram's share sheet with the link and a line of text. */
export function shareUrl(/** @type {string} */ link, /** @type {string} */ text) {
  return `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`;
}

/** Share an invite through Telegram's share flow; false when this client cannot. */
export function shareInTelegram(/** @type {WebApp} */ app, /** @type {string} */ link, /** @type {string} */ text) {
  if (!app?.openTelegramLink) return false;
  try {
    app.openTelegramLink(shareUrl(link, text));
    return true;
  } catch {
    return false;
  }
}

/** Share an invite: through Telegram's share flow inside Telegram, else the system's share
 * sheet where there is one. @param {WebApp|null|undefined} app @param {string} link
 * @param {string} title @param {string} text */
export function shareInvite(app, link, title, text) {
  if (app && shareInTelegram(app, link, text)) return;
  globalThis.navigator?.share?.({ title, text, url: link }).catch(() => {});
}
