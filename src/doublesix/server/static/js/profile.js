// @ts-check
// This browser's profile (docs/protocol.md, "Profiles and history"): its key, kept in
// localStorage and sent as `Authorization: Bearer <key>`, and the HTTP calls of profiles and
// history. DOM-free. A guest profile is made the first time it is needed (a game is created,
// joined or sat at, or the profile page is opened), so that every game is in its history; a
// key the server no longer knows (the profile was deleted) is forgotten and a new one made.

import { t } from "./i18n.js";
import { saved } from "./saved.js";

const KEY = "profile.key";

export class ProfileError extends Error {
  /** @param {number} status @param {string} code @param {string} [message] */
  constructor(status, code, message) {
    super(message || code);
    this.status = status;
    this.code = code;
  }
}

/** The key of this browser's profile, or null before one is made. @returns {string|null} */
export function profileKey() {
  const key = saved.get(KEY, null);
  return typeof key === "string" && key ? key : null;
}

/** @param {string} key */
export function keepKey(key) {
  saved.set(KEY, key);
}

export function forgetKey() {
  saved.remove(KEY);
}

/** The header that says which profile a request is, when this browser has one. */
/** @returns {Record<string, string>} */
export function authHeader() {
  const key = profileKey();
  return key ? { Authorization: `Bearer ${key}` } : {};
}

/**
 * One call: JSON in and out, this browser's key in the header; an answer that is not ok
 * becomes a ProfileError with the server's code (a dead key is forgotten on the way).
 * @param {string} method @param {string} path @param {unknown} [body] @returns {Promise<any>}
 */
export async function call(method, path, body) {
  /** @type {Record<string, string>} */
  const headers = { ...authHeader() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ProfileError(0, "network", String(err));
  }
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const code = data?.error?.code ?? "http";
    if (code === "bad_profile_key") forgetKey();
    throw new ProfileError(response.status, code, data?.error?.message ?? response.statusText);
  }
  return data;
}

/** @type {Promise<string|null>|null} */
let making = null;

/**
 * This browser's profile key, made now as a guest named *name* if there is none yet. Never
 * throws: without a profile (no server answer, a name refused) the game is played all the
 * same, just not kept in a history. @param {string|null|undefined} name
 * @returns {Promise<string|null>}
 */
export async function ensureProfile(name) {
  const key = profileKey();
  if (key) return key;
  /** @param {string} as */
  const make = (as) => call("POST", "api/profiles", { name: as }).then((answer) => {
    keepKey(answer.key);
    return /** @type {string} */ (answer.key);
  });
  // a name the server refuses (a typo of the hall's form) still gets a profile, as a guest
  making ??= make(name || t("profile.guest")).catch(() => make(t("profile.guest")))
    .catch(() => /** @type {string|null} */ (null))
    .finally(() => { making = null; });
  return making;
}

/** The profile of a verified Telegram user; this browser's guest (if any) is attached to it
 * or folded into it by the server. @param {string} initData */
export async function telegramSignIn(initData) {
  const answer = await call("POST", "api/profiles/telegram", { init_data: initData });
  keepKey(answer.key);
  return answer;
}

/** Your page (made as a guest first, if needed). @param {string|null} [name] */
export async function myPage(name = null) {
  await ensureProfile(name);
  return call("GET", "api/profiles/me");
}

/** @param {string} id */
export function pageOf(id) {
  return call("GET", `api/profiles/${encodeURIComponent(id)}`);
}

/** A profile's ratings by game type, each with its history (the page's graph). @param {string} id */
export function ratingsOf(id) {
  return call("GET", `api/profiles/${encodeURIComponent(id)}/ratings`);
}

/** @param {string} name */
export function rename(name) {
  return call("POST", "api/profiles/me", { name });
}

export async function deleteProfile() {
  await call("DELETE", "api/profiles/me");
  forgetKey();
}

/** A finished game and its replay. @param {string} key @param {number|null} [seat] */
export function pastGame(key, seat = null) {
  const query = seat === null || seat === undefined ? "" : `?seat=${seat}`;
  return call("GET", `api/history/${encodeURIComponent(key)}${query}`);
}

/** «Разбор» of a deal of a finished game. @param {string} key @param {number} deal @param {number|null} seat */
export function pastReview(key, deal, seat) {
  /** @type {Record<string, number>} */
  const body = { deal };
  if (seat !== null && seat !== undefined) body.seat = seat;
  return call("POST", `api/history/${encodeURIComponent(key)}/review`, body);
}
