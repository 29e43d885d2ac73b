// @ts-check
// «Играть сейчас» in the hall (issue 25): choose a game and a clock, wait on the hall's lobby
// socket while the server looks for someone of your rating (the window widens as you wait),
// «Отмена»; when a pair is found, a moment to read who, then the table. The words and frames
// are quick_model.js's; the socket is the hall screen's (screens/hall.js).

import { t } from "../i18n.js";
import { CLOCKS, clockLabel, rulesLabel } from "../hall.js";
import { leaveWaitText } from "../leaving.js";
import { browserId, hallForm } from "../prefs.js";
import { ensureProfile, forgetKey } from "../profile.js";
import { endedText, quickPresets, seekFrame, waitedText, windowLine } from "../quick_model.js";
import { $ } from "../shell.js";

/** @typedef {import("../net.js").LobbyConnection} LobbyConnection */
/** @typedef {import("../quick_model.js").PoolFrame} PoolFrame */
/** @typedef {import("../types.js").SeatRecord} SeatRecord */
/** @typedef {{ name: () => string|null, enter: (record: SeatRecord) => void }} Hooks */

/** how long «Соперник найден» shows before the table opens (ms) */
const FOUND_PAUSE = 1200;
const root = () => $("[data-quick]");
/** "idle" | "asking" (sent, no answer yet) | "seeking" | "found" */
let phase = "idle";
/** @type {LobbyConnection|null} */
let live = null;
/** @type {Hooks|null} */
let hooks = null;
/** @type {Record<string, unknown>|null} the seek frame sent, sent again after a reconnect */
let sent = null;
/** @type {string|null} what is sought: «Без добора · 5 мин + 3 с» */
let sought = null;
let waitedAt = 0; // when the server's `waited` was that frame's (performance.now(), ms)
let waitedBase = 0;
/** @type {ReturnType<typeof setInterval>|undefined} */
let ticker;
/** @type {ReturnType<typeof setTimeout>|undefined} */
let pause;

/** The game and clock choices, in the page's language. */
export function build() {
  const form = hallForm();
  const presets = /** @type {HTMLSelectElement} */ ($("[data-quick-preset]", root()));
  const offered = quickPresets();
  const chosen = presets.value || (offered.includes(form.preset) ? form.preset : offered[0]);
  presets.replaceChildren(...offered.map((preset) => option(preset, t(`preset.${preset}`), preset === chosen)));
  const clocks = /** @type {HTMLSelectElement} */ ($("[data-quick-clock]", root()));
  const clock = clocks.value || String(form.clock || 1);
  clocks.replaceChildren(...CLOCKS.flatMap((c, i) => c ? [option(String(i), clockLabel({ minutes: c[0], increment: c[1] }), String(i) === clock)] : []));
  show();
}

function option(/** @type {string} */ value, /** @type {string} */ text, /** @type {boolean} */ selected) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  o.selected = selected;
  return o;
}

/** Listen to the hall's lobby socket (a new one after the hall is opened again). */
export function attach(/** @type {LobbyConnection} */ conn, /** @type {Hooks} */ given) {
  live = conn;
  hooks = given;
  phase = "idle"; // a new visit: the last one's «Соперник найден» is over
  show();
  /** @param {string} type @param {(frame: any) => void} handle */
  const on = (type, handle) => conn.addEventListener(type, (ev) => { if (live === conn) handle(/** @type {CustomEvent} */ (ev).detail); });
  on("seeking", seeking);
  on("seek_ended", (frame) => { stop(endedText(frame)); });
  on("matched", matched);
  on("error", refused);
  // the server drops a seek whose socket closed: a reconnected socket asks again
  on("status", (status) => { if (status === "open" && phase === "seeking" && sent) conn.send(sent); });
}

/** The hall is left: a seek ends with its socket, and so does the wait here (the block is
 * left as it was, out of sight, until the hall opens again). */
export function detach() {
  live = null;
  clearTimeout(pause);
  clearInterval(ticker);
  if (phase !== "found") phase = "idle";
  sent = null;
}

async function play() {
  if (!live || !hooks || phase !== "idle") return;
  const player = hooks.name();
  if (!player) return;
  phase = "asking";
  sought = null;
  $("[data-quick-msg]", root()).textContent = "";
  status(t("loading"), "");
  show();
  const key = await ensureProfile(player);
  if (!key || !live || phase !== "asking") return stop(key ? "" : t("error.server"));
  const preset = /** @type {HTMLSelectElement} */ ($("[data-quick-preset]", root())).value;
  const c = CLOCKS[Number(/** @type {HTMLSelectElement} */ ($("[data-quick-clock]", root())).value)] ?? CLOCKS[1];
  sent = seekFrame(key, preset, { minutes: /** @type {number[]} */ (c)[0], increment: /** @type {number[]} */ (c)[1] }, player, browserId());
  if (live.send(sent) === null) stop(t("hall.offline"));
}

function cancel() {
  if (phase !== "seeking" && phase !== "asking") return;
  live?.send({ type: "seek_cancel" });
  stop(t("quick.cancelled"));
}

function seeking(/** @type {PoolFrame} */ frame) {
  if (phase !== "asking" && phase !== "seeking") return;
  phase = "seeking";
  waitedBase = frame.waited ?? 0;
  waitedAt = performance.now();
  sought = soughtLine(frame);
  status(t("quick.seeking"), windowLine(frame));
  show();
  clearInterval(ticker);
  ticker = setInterval(tick, 1000);
  tick();
}

function soughtLine(/** @type {PoolFrame & { preset?: string, clock?: { minutes: number, increment: number } }} */ frame) {
  return `${rulesLabel({ preset: frame.preset ?? "draw" })} · ${clockLabel(frame.clock)}`;
}

function tick() {
  $("[data-quick-time]", root()).textContent = waitedText(waitedBase + (performance.now() - waitedAt) / 1000);
}

function matched(/** @type {PoolFrame & SeatRecord} */ frame) {
  clearInterval(ticker);
  phase = "found";
  sent = null;
  const opponent = frame.opponent ?? { name: "…", rating: 1500 };
  status(t("quick.found", { name: opponent.name, rating: opponent.rating }), "");
  $("[data-quick-time]", root()).textContent = "";
  show();
  /** @type {SeatRecord} */
  const record = { game_id: frame.game_id, token: frame.token, seat: frame.seat, seats: frame.seats, mode: "online" };
  pause = setTimeout(() => { hooks?.enter(record); }, FOUND_PAUSE);
}

function refused(/** @type {{ code?: string, retry_after?: number }} */ frame) {
  if (phase !== "asking" && phase !== "seeking") return;
  if (frame.code === "nothing_to_cancel") return;
  if (frame.code === "bad_profile_key") forgetKey(); // deleted elsewhere: the next try makes one
  stop(frame.code === "leave_wait" ? leaveWaitText(frame.retry_after) : frame.code === "bad_name" ? t("hall.nameBad") : t("error.server"));
}

function stop(/** @type {string} */ said) {
  clearInterval(ticker);
  phase = "idle";
  sent = null;
  status("", "");
  $("[data-quick-msg]", root()).textContent = said;
  show();
}

function status(/** @type {string} */ head, /** @type {string} */ line) {
  $("[data-quick-status]", root()).textContent = head;
  $("[data-quick-what]", root()).textContent = head ? sought ?? "" : "";
  $("[data-quick-window]", root()).textContent = line;
  if (!head) $("[data-quick-time]", root()).textContent = "";
}

/** The block as the phase has it: the choices and the button, or the wait and «Отмена». */
function show() {
  const box = root();
  box.dataset.phase = phase;
  const waiting = phase !== "idle";
  /** @type {HTMLElement} */ ($("[data-quick-choice]", box)).hidden = waiting;
  /** @type {HTMLElement} */ ($("[data-hall=quick-play]", box)).hidden = waiting;
  /** @type {HTMLElement} */ ($(".quick-wait", box)).hidden = !waiting;
  /** @type {HTMLElement} */ ($("[data-hall=quick-cancel]", box)).hidden = phase !== "seeking" && phase !== "asking";
}

/** @type {Record<string, (el: HTMLElement, ev: Event) => void>} */
export const actions = {
  "quick-play": () => { play(); },
  "quick-cancel": () => { cancel(); },
};
