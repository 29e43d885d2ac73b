// @ts-check
// Where this browser remembers things (prefs.js names them all). DOM-free. When localStorage is unavailable (private mode, blocked cookies) everything still
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
    /** @type {Map<string, string>} */
    this.memory = new Map();
  }

  get available() {
    return this.storage !== null;
  }

  /** The value saved under *key* (JSON), or *fallback*. @param {string} key @param {unknown} [fallback] @returns {any} */
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

  /** @param {string} key @param {unknown} value */
  set(key, value) {
    const raw = JSON.stringify(value);
    this.memory.set(key, raw);
    try {
      this.storage?.setItem(PREFIX + key, raw);
    } catch {
      // quota or a storage that went away: the memory copy still serves this page
    }
  }

  /** @param {string} key */
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
