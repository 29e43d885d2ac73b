// @ts-check
// Everything this browser remembers, by name: the seat records of its games, the chosen mode,
// level, rules, language, name, the hall's form, the chat and hint switches, a 101 match's
// score table. The only module that reads or writes saved.js (localStorage or, when that is
// unavailable, memory), so a key is spelled in one place. DOM-free.

import { saved } from "./saved.js";
import { defaultLevel, isMatch, levels, matchPresets, playersChosen, presetKeys, targetsOf, validTarget } from "./presets.js";
import { playersIn } from "./views/players_choice.js";

/** @typedef {import("./types.js").Rules} Rules */
/** @typedef {import("./types.js").SeatRecord} SeatRecord */
/** @typedef {import("./types.js").DealScore} DealScore */

/** Whether the preferences outlive the page (false: private mode, blocked storage). */
export function lasting() {
  return saved.available;
}

// ---------------------------------------------------------------- seats and the current game

/** Where the seat record of *mode*'s game is kept (online: one per room). */
export function gameKey(/** @type {string} */ mode, /** @type {string|null} */ gameId = null) {
  return mode === "online" ? `online.${gameId}` : `game.${mode}`;
}

/** The seat record of a computer or hot-seat game, or of an online room; null when none. */
export function seatRecord(/** @type {string} */ mode, /** @type {string|null} */ gameId = null) {
  return /** @type {SeatRecord|null} */ (saved.get(gameKey(mode, gameId), null));
}

export function saveSeat(/** @type {string} */ mode, /** @type {SeatRecord} */ record) {
  saved.set(gameKey(mode, record.game_id), record);
}

export function forgetSeat(/** @type {string} */ mode, /** @type {string|null} */ gameId = null) {
  saved.remove(gameKey(mode, gameId));
  if (mode === "online" && gameId && currentRoom() === gameId) saved.remove("online.current");
}

/** The online room this browser plays in now (the lobby's «По сети» goes back to it). */
export function currentRoom() {
  return /** @type {string|null} */ (saved.get("online.current", null));
}

/** Remember an online seat as the current room (and online as the last mode). */
export function enterRoom(/** @type {SeatRecord} */ record) {
  saveSeat("online", record);
  saved.set("online.current", record.game_id);
  saved.set("mode", "online");
}

/** The last mode played: "computer", "hotseat", "online" or null. */
export function lastMode() {
  return /** @type {string|null} */ (saved.get("mode", null));
}

export function setLastMode(/** @type {string} */ mode) {
  saved.set("mode", mode);
}

/** A 101 match's finished deals, kept per game so a reload shows the score table again. */
export function deals(/** @type {string|undefined} */ gameId) {
  return /** @type {DealScore[]} */ (saved.get(`deals.${gameId}`, []));
}

/** Keep *list* (an empty one is forgotten). */
export function saveDeals(/** @type {string|undefined} */ gameId, /** @type {DealScore[]} */ list) {
  if (list.length) saved.set(`deals.${gameId}`, list);
  else saved.remove(`deals.${gameId}`);
}

// ---------------------------------------------------------------- language, level and rules

export function lang() {
  return /** @type {string|null} */ (saved.get("lang", null));
}

export function setLang(/** @type {string} */ value) {
  saved.set("lang", value);
}

export function level() {
  const chosen = /** @type {string} */ (saved.get("level", null));
  return levels().includes(chosen) ? chosen : defaultLevel();
}

export function setLevel(/** @type {string} */ value) {
  saved.set("level", value);
}

/** The saved game type of *mode* (the first offered, draw, when none or unknown). */
export function presetFor(/** @type {string} */ mode) {
  const preset = /** @type {string} */ (saved.get(`preset.${mode}`, null));
  return presetKeys().includes(preset) ? preset : presetKeys()[0];
}

/** Where the chosen target of a match preset is kept for *mode* (101's key predates the others'). */
function targetKey(/** @type {string} */ mode, /** @type {string} */ preset) {
  return preset === "101" ? `target.${mode}` : `target.${preset}.${mode}`;
}

export function targetFor(/** @type {string} */ mode, /** @type {string} */ preset) {
  return validTarget(preset, /** @type {number} */ (saved.get(targetKey(mode, preset), targetsOf(preset)[0])));
}

/** The saved target of every match preset, for the target radios (*rules*' own first). */
export function targetsFor(/** @type {string} */ mode, /** @type {Rules|null} */ rules = null) {
  /** @type {Record<string, number>} */
  const out = {};
  for (const preset of matchPresets()) {
    out[preset] = rules?.preset === preset && rules.target ? rules.target : targetFor(mode, preset);
  }
  return out;
}

/** The rules a new game of *mode* is created with: the saved game type (and the target of a
 * match: 101, «Козёл»; the number of players of draw and block). */
export function rulesFor(/** @type {string} */ mode) {
  const preset = presetFor(mode);
  if (isMatch(preset)) return /** @type {Rules} */ ({ preset, target: targetFor(mode, preset) });
  const players = saved.get(`players.${mode}`, 2); // 3 or 4 for draw and block
  return /** @type {Rules} */ (playersChosen(preset) && (players === 3 || players === 4) ? { preset, players } : { preset });
}

export function saveRules(/** @type {string} */ mode, /** @type {Rules} */ rules) {
  saved.set(`preset.${mode}`, rules.preset);
  if (rules.target) saved.set(targetKey(mode, rules.preset), rules.target);
  if (playersChosen(rules.preset)) saved.set(`players.${mode}`, playersIn(rules));
}

// ---------------------------------------------------------------- names

/** The display name as last saved (not yet checked: hall.js's storedName cleans it). */
export function rawName() {
  return saved.get("name", null);
}

export function setName(/** @type {string} */ name) {
  saved.set("name", name);
}

/** Whether the player skipped the name question once (it is not asked again). */
export function nameSkipped() {
  return saved.get("name.skipped", false) === true;
}

export function skipName() {
  saved.set("name.skipped", true);
}

// ---------------------------------------------------------------- the hall's form

/** Where the hall keeps the chosen target of a match preset (101's key predates the others'). */
function hallTargetKey(/** @type {string} */ preset) {
  return preset === "101" ? "hall.target" : `hall.target.${preset}`;
}

/** The hall's last table set-up: game type, targets, players, computer seats, clock index. */
export function hallForm() {
  return {
    preset: /** @type {string} */ (saved.get("hall.preset", "101")),
    targets: Object.fromEntries(matchPresets().map((p) => [p, /** @type {number} */ (saved.get(hallTargetKey(p), targetsOf(p)[0]))])),
    players: /** @type {number} */ (saved.get("hall.players", 2)),
    computers: /** @type {number[]} */ (saved.get("hall.computers", [])),
    clock: /** @type {number} */ (saved.get("hall.clock", 1)),
  };
}

/** The clock (an index of hall.js CLOCKS) last chosen for an invite room: none at first. */
export function lobbyClock() {
  return /** @type {number} */ (saved.get("online.clock", 0));
}

export function setLobbyClock(/** @type {number} */ index) {
  saved.set("online.clock", index);
}

export function saveHallForm(/** @type {Rules} */ rules, /** @type {number} */ clock, /** @type {number[]} */ computers) {
  saved.set("hall.preset", rules.preset);
  if (rules.target) saved.set(hallTargetKey(rules.preset), rules.target);
  saved.set("hall.clock", clock);
  saved.set("hall.players", playersIn(rules));
  saved.set("hall.computers", computers);
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

// ---------------------------------------------------------------- switches

export function chatOff() {
  return saved.get("chat.off", false) === true;
}

export function toggleChat() {
  saved.set("chat.off", !chatOff());
}

export function hintsOn() {
  return saved.get("hints.on", true) !== false;
}

export function setHints(/** @type {boolean} */ on) {
  saved.set("hints.on", on);
}

/** Where «Подсказка» marks a deal in which a hint was asked for (the sheet says so). */
function hintKey(/** @type {string} */ gameId, /** @type {number|null|undefined} */ gameNo, /** @type {number|null|undefined} */ deal) {
  return `hints.${gameId}.${gameNo ?? 1}.${deal ?? 1}`;
}

export function hintUsed(/** @type {string} */ gameId, /** @type {number|null|undefined} */ gameNo, /** @type {number|null|undefined} */ deal) {
  return saved.get(hintKey(gameId, gameNo, deal), false) === true;
}

export function markHintUsed(/** @type {string} */ gameId, /** @type {number|null|undefined} */ gameNo, /** @type {number|null|undefined} */ deal) {
  saved.set(hintKey(gameId, gameNo, deal), true);
}

// ---------------------------------------------------------------- fewer taps, sound and touch (issue 24)

/** Where «Автоход» is kept: against the computer (and hot-seat) it is on unless switched off;
 * online it is the player's choice, off until chosen (people there may want each move theirs). */
function autoKey(/** @type {string|null} */ mode) {
  return mode === "online" ? "auto.online" : "auto.local";
}

export function autoplayOn(/** @type {string|null} */ mode) {
  if (mode === "watch") return false;
  return saved.get(autoKey(mode), mode !== "online") === true;
}

export function setAutoplay(/** @type {string|null} */ mode, /** @type {boolean} */ on) {
  saved.set(autoKey(mode), on);
}

/** The computer's pace (pace.js PACES): "normal" unless chosen. */
export function pace() {
  const chosen = saved.get("pace", "normal");
  return /** @type {"fast"|"normal"|"slow"} */ (["fast", "normal", "slow"].includes(chosen) ? chosen : "normal");
}

export function setPace(/** @type {string} */ value) {
  saved.set("pace", value);
}

/** Sounds: on unless switched off, except for a spectator, who turns them on (DESIGN.md). */
export function soundOn(/** @type {string|null} */ mode) {
  return saved.get(mode === "watch" ? "sound.watch" : "sound.on", mode !== "watch") === true;
}

export function setSound(/** @type {string|null} */ mode, /** @type {boolean} */ on) {
  saved.set(mode === "watch" ? "sound.watch" : "sound.on", on);
}

/** A buzz for «Ваш ход» on phones that can (navigator.vibrate): on unless switched off. */
export function vibrationOn() {
  return saved.get("vibrate.on", true) !== false;
}

export function setVibration(/** @type {boolean} */ on) {
  saved.set("vibrate.on", on);
}

/** Quick reactions from the others: shown unless muted (one's own are always sent). */
export function reactionsMuted() {
  return saved.get("reactions.muted", false) === true;
}

export function setReactionsMuted(/** @type {boolean} */ muted) {
  saved.set("reactions.muted", muted);
}
