// @ts-check
// The protocol client (docs/protocol.md): HTTP calls and one WebSocket per seat. DOM-free.
// A `Connection` is an EventTarget: "welcome", "event", "ack", "error", "presence", "status".
// It reconnects by itself with the last event number it saw, except after close codes that
// mean "stop" (4001 bad token, 4002 replaced by another tab, 4004 room gone) and after a
// `bad_token` error: the server keeps the socket open then, but this seat's token is dead.

import { browserId } from "./prefs.js";
import { authHeader, ensureProfile, forgetKey } from "./profile.js";

/** @typedef {import("./types.js").Frame} Frame */

/** The version of docs/protocol.md this client reads (2: bonuses as data, seat-less views). */
export const PROTOCOL = 2;

export class ApiError extends Error {
  /**
   * @param {number} status HTTP (0: no answer) @param {string} code the server's error code @param {string} [message]
   * @param {number|null} [retryAfter] a refusal for a while (`leave_wait`): the seconds until it is lifted
   */
  constructor(status, code, message, retryAfter = null) {
    super(message || code);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

/**
 * POST a JSON body; an answer that is not ok becomes an ApiError with the server's code.
 * @param {string} path @param {unknown} body @returns {Promise<any>}
 */
export async function post(path, body) {
  let response;
  const profile = authHeader(); // the seat taken is bound to this browser's profile
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...profile },
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, "network", String(err));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    if (data?.error?.code === "bad_profile_key" && profile.Authorization) {
      forgetKey(); // the profile was deleted (here or on another device): play on without it
      return post(path, body);
    }
    const retryAfter = typeof data?.error?.retry_after === "number" ? data.error.retry_after : null;
    throw new ApiError(response.status, data?.error?.code ?? "http", data?.error?.message ?? response.statusText, retryAfter);
  }
  return data;
}

/**
 * @param {{ mode: string, rules: import("./types.js").Rules, level?: string, name?: string,
 *   hall?: { public: boolean, rated?: boolean, clock: { minutes: number, increment: number }|null }, computers?: number[] }} options
 * @returns {Promise<import("./types.js").SeatRecord>}
 */
export async function createGame({ mode, rules, level, name, hall, computers }) {
  await ensureProfile(name); // every game goes into this browser's history
  /** @type {Record<string, unknown>} */
  const body = { mode, rules };
  if (hall) {
    body.hall = hall;
    body.browser = browserId(); // the creator's seat counts as theirs (one seat per person)
  }
  if (computers?.length) body.computers = computers; // seats the computer fills (online)
  if ((mode === "computer" || computers?.length) && level) body.level = level;
  if (name !== undefined) body.name = name; // "": the player gave none (not the profile's)
  return post("api/games", body);
}

/** @param {string} gameId @param {string} invite @param {string} [name] @returns {Promise<import("./types.js").SeatRecord>} */
export async function joinGame(gameId, invite, name) {
  await ensureProfile(name);
  /** @type {Record<string, unknown>} */
  const body = { invite, browser: browserId() };
  if (name !== undefined) body.name = name; // "": the player gave none (not the profile's)
  return post(`api/games/${encodeURIComponent(gameId)}/join`, body);
}

/** @param {string} gameId @param {string} name @param {number|null} [seat] @returns {Promise<import("./types.js").SeatRecord>} */
export async function sitDown(gameId, name, seat = null) {
  await ensureProfile(name);
  /** @type {Record<string, unknown>} */
  const body = seat === null ? { name } : { name, seat }; // no seat: the first free one
  body.browser = browserId();
  return post(`api/hall/tables/${encodeURIComponent(gameId)}/sit`, body);
}

/** @param {string} initData */
export function telegramAuth(initData) {
  return post("api/telegram/auth", { init_data: initData });
}

/** @type {Record<number, string>} */
export const STOP_CODES = { 4001: "bad_token", 4002: "replaced", 4004: "not_found" };
export const RESTART_CODE = 1012;
/** Retries after a restart (close 1012) before it counts as a lost connection: ~15 s. */
export const RESTART_RETRIES = 12;

/** Milliseconds before reconnect attempt number *retry* (0, 1, …). After a restart every
 * player of the process comes back at once: spread them a little, and retry soon while the
 * restarted process (alone behind the proxy) starts; otherwise back off up to 5 s. */
/** @param {boolean} restarting @param {number} retry @returns {number} */
export function reconnectDelay(restarting, retry) {
  if (restarting) return retry < 4 ? 50 + Math.random() * 250 : Math.min(2000, 300 * 2 ** (retry - 3));
  return Math.min(5000, 300 * 2 ** Math.min(retry, 5));
}

export function socketUrl() {
  const here = new URL(".", globalThis.location.href);
  here.protocol = here.protocol === "https:" ? "wss:" : "ws:";
  return new URL("ws", here).href;
}

export class Connection extends EventTarget {
  /** @param {string} gameId @param {string|null} token @param {{ lastEvent?: number|null }} [options] */
  constructor(gameId, token, { lastEvent = null } = {}) {
    super();
    this.gameId = gameId;
    this.token = token;
    this.lastEvent = lastEvent;
    /** @type {number|null} */
    this.stateNo = null;
    /** @type {WebSocket|null} */
    this.socket = null;
    this.status = "idle";
    this.stopped = false;
    this.retry = 0;
    this.restarting = false; // closed by a server restart: until the next welcome
    this.nextId = 1;
    /** @type {ReturnType<typeof setTimeout>|undefined} */
    this.timer = undefined;
  }

  open() {
    this.stopped = false;
    this.connect();
    return this;
  }

  connect() {
    clearTimeout(this.timer);
    this.setStatus(this.restarting ? "restarting" : this.retry === 0 ? "connecting" : "reconnecting");
    let socket;
    try {
      socket = new WebSocket(socketUrl());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => socket.send(JSON.stringify(this.helloFrame())));
    socket.addEventListener("message", (msg) => this.receive(msg.data));
    socket.addEventListener("close", (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      const stop = STOP_CODES[ev.code];
      if (stop) {
        this.stopped = true;
        this.setStatus(stop);
        return;
      }
      if (ev.code === RESTART_CODE && !this.stopped) {
        this.restarting = true;
        this.retry = 0;
      }
      if (!this.stopped) this.scheduleReconnect();
    });
  }

  /** The first frame: a seat's hello (a spectator's connection sends "watch" instead).
   * @returns {Record<string, unknown>} */
  helloFrame() {
    /** @type {Record<string, unknown>} */
    const hello = { type: "hello", game_id: this.gameId, token: this.token };
    if (this.lastEvent !== null) hello.last_event = this.lastEvent;
    return hello;
  }

  /** Whether *frame* is the server's answer to the first frame: the connection is live. */
  opens(/** @type {Frame} */ frame) {
    return frame.type === "welcome" || frame.type === "watching";
  }

  scheduleReconnect() {
    if (this.stopped) return;
    // a restart that takes more than ~15 s is a lost connection after all
    if (this.restarting && this.retry >= RESTART_RETRIES) this.restarting = false;
    this.setStatus(this.restarting ? "restarting" : "reconnecting");
    const delay = reconnectDelay(this.restarting, this.retry);
    this.retry += 1;
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** @param {string} raw */
  receive(raw) {
    let frame;
    try {
      frame = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof frame.event_no === "number") this.lastEvent = frame.event_no;
    if (typeof frame.state_no === "number" && frame.type !== "error") this.stateNo = frame.state_no;
    if (frame.type === "error" && frame.code === "stale_state" && typeof frame.state_no === "number") {
      this.stateNo = frame.state_no;
    }
    if (frame.type === "error" && frame.code === "bad_token") {
      // only our own hello can be refused so: stop as close 4001 did, and let the app forget
      // the saved seat (the "status" event); no retry would ever be let in
      this.stopped = true;
      const socket = this.socket;
      this.socket = null;
      socket?.close(1000, "bye");
      this.setStatus("bad_token");
      return;
    }
    if (this.opens(frame)) {
      this.retry = 0;
      this.restarting = false;
      this.setStatus("open");
    }
    this.dispatchEvent(new CustomEvent(frame.type, { detail: frame }));
  }

  /** @param {string} status */
  setStatus(status) {
    this.status = status;
    this.dispatchEvent(new CustomEvent("status", { detail: status }));
  }

  /** @param {Record<string, unknown>} frame @returns {number|null} the frame's id, null when the socket is down */
  send(frame) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return null;
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ ...frame, id }));
    return id;
  }

  /** @param {string} action @param {number|null} [seat] */
  move(action, seat = null) {
    /** @type {Record<string, unknown>} */
    const frame = { type: "move", state_no: this.stateNo, action };
    if (seat !== null) frame.seat = seat;
    return this.send(frame);
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close(1000, "bye");
    this.setStatus("closed");
  }
}

/** A spectator's socket (the hall): "watch" instead of hello; it only reads. */
export class WatchConnection extends Connection {
  /** @param {string} gameId */
  constructor(gameId) {
    super(gameId, null);
  }

  helloFrame() {
    return { type: "watch", game_id: this.gameId };
  }
}

/** The hall's live list of tables: "lobby" instead of hello; "lobby" and "lobby_delta" frames
 * come (its "status" is "open" once the first list is in). */
export class LobbyConnection extends Connection {
  constructor() {
    super("", null);
  }

  helloFrame() {
    return { type: "lobby" };
  }

  opens(/** @type {Frame} */ frame) {
    return frame.type === "lobby" || frame.type === "lobby_delta";
  }
}
