// @ts-check
// Telegram Mini App support. Outside Telegram nothing here does anything. Inside it, the page
// follows Telegram's theme colours and viewport, sends `initData` to the server (which checks
// its signature) and takes the player's name from the answer; a `startapp` parameter that
// carries a room invite joins that room.

import { telegramAuth } from "./net.js";
import { telegramSignIn } from "./profile.js";

/** Telegram's WebApp object (telegram-web-app.js), as far as this module reads it. @typedef {any} WebApp */
/** @type {{ Telegram?: { WebApp?: WebApp } }} */
const scope = /** @type {any} */ (globalThis);

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

/**
 * Set up the Mini App; resolves to {app, name, user, join} or null outside Telegram.
 * @returns {Promise<{ app: WebApp, name: string|null, user: any, join: { gameId: string, invite: string }|null }|null>}
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
  /** @type {{ app: WebApp, name: string|null, user: any, join: { gameId: string, invite: string }|null }} */
  const result = { app, name: null, user: null, join: parseStartParam(app.initDataUnsafe?.start_param) };
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
