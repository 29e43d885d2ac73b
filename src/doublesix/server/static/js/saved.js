// What this browser remembers: seat tokens per mode, the chosen mode, level, rules, language.
// DOM-free. When localStorage is unavailable (private mode, blocked cookies) everything still
// works for the session from memory, and `available` says so, so the UI can tell the player.

const PREFIX = "doublesix.v1.";

function probe() {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return null;
    const key = `${PREFIX}probe`;
    storage.setItem(key, "1");
    storage.removeItem(key);
    return storage;
  } catch {
    return null;
  }
}

class Saved {
  constructor() {
    this.storage = probe();
    this.memory = new Map();
  }

  get available() {
    return this.storage !== null;
  }

  get(key, fallback = null) {
    let raw = null;
    try {
      raw = this.storage ? this.storage.getItem(PREFIX + key) : this.memory.get(key) ?? null;
    } catch {
      raw = this.memory.get(key) ?? null;
    }
    if (raw === null || raw === undefined) return fallback;
    try {
      return JSON.parse(raw);
    } catch {
      return fallback;
    }
  }

  set(key, value) {
    const raw = JSON.stringify(value);
    this.memory.set(key, raw);
    try {
      this.storage?.setItem(PREFIX + key, raw);
    } catch {
      // quota or a storage that went away: the memory copy still serves this page
    }
  }

  remove(key) {
    this.memory.delete(key);
    try {
      this.storage?.removeItem(PREFIX + key);
    } catch {
      // nothing to do
    }
  }
}

export const saved = new Saved();

/** A seat in a room: {game_id, token, seats, seat, mode, invite_url?}. */
export function gameKey(mode, gameId = null) {
  return mode === "online" ? `online.${gameId}` : `game.${mode}`;
}

const BROWSER_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * This browser's random id, made once and kept: sent when it creates a table, sits down or
 * joins, so one person holds one seat at a public table (docs/protocol.md, "One seat per
 * person"). 128 random bits, URL-safe base64; names nobody, and nothing else is derived from it.
 * @returns {string}
 */
export function browserId() {
  let id = saved.get("browser");
  if (typeof id !== "string" || !BROWSER_ID.test(id)) {
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
    id = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    saved.set("browser", id);
  }
  return id;
}
